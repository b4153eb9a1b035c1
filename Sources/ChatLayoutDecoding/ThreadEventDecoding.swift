import ChatLayoutKit

/// Decoding of the document field `events`: Stream websocket payloads, in the order they arrived.
extension ModelDecoder {
    /// The events of `json` (an array, or absent for none). A malformed event of a known type is
    /// an error at its JSON path; an event of another type is kept as `.unknown` with a warning.
    mutating func events(_ json: some JSONValueReading) throws(DocumentError) -> [ThreadEvent] {
        var result: [ThreadEvent] = []
        for element in try json.optionalArray() { result.append(try event(element)) }
        return result
    }

    /// One event, chosen by its `type`.
    mutating func event(_ json: some JSONValueReading) throws(DocumentError) -> ThreadEvent {
        _ = try json.members() // an object
        let type = try json["type"].string()
        // Fields, `created_at` too, are read only for the known types: an unknown event's are not ours to judge.
        let time = json["created_at"]
        switch type {
        case "notification.thread_message_new":
            let reply = try message(json["message"])
            let thread = json["thread"].isAbsent ? nil : try self.thread(json["thread"])
            guard let parentID = reply.parentID ?? thread?.parentMessageID else {
                throw json["message"]["parent_id"].error("missing (required)")
            }
            return .threadMessageNew(reply: reply, parentMessageID: parentID, thread: thread, createdAt: try time.optionalTimestamp())
        case "thread.updated":
            return .threadUpdated(try threadPartial(json["thread"]), createdAt: try time.optionalTimestamp())
        case "message.read":
            let reader = json["user"].isAbsent ? User(id: try json["user_id"].string()) : try user(json["user"])
            var parentID = try json["thread"]["parent_message_id"].optionalString()
            if parentID == nil { parentID = try json["thread_id"].optionalString() }
            if parentID == nil { parentID = try json["parent_id"].optionalString() }
            return .messageRead(user: reader, parentMessageID: parentID, lastReadMessageID: try json["last_read_message_id"].optionalString(),
                                createdAt: try time.optionalTimestamp())
        case "message.deleted":
            return .messageDeleted(message: try message(json["message"]), hardDelete: try json["hard_delete"].optionalBool() ?? false,
                                   createdAt: try time.optionalTimestamp())
        default:
            warnings.append(json["type"].warning("unknown event type '\(JSONReader.shown(type))', ignored"))
            return .unknown(type: type)
        }
    }

    /// The `thread` of a `thread.updated` event: its id and the fields present.
    private func threadPartial(_ json: some JSONValueReading) throws(DocumentError) -> ThreadPartial {
        _ = try json.members() // an object
        return ThreadPartial(
            parentMessageID: try json["parent_message_id"].string(),
            title: try json["title"].optionalString(),
            replyCount: try json["reply_count"].optionalInt(),
            participantCount: try json["participant_count"].optionalInt(),
            lastMessageAt: try json["last_message_at"].optionalTimestamp(),
            createdAt: try json["created_at"].optionalTimestamp(),
            updatedAt: try json["updated_at"].optionalTimestamp()
        )
    }
}
