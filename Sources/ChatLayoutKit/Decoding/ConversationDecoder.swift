/// Decodes a conversation document (SPEC §2) — or, as they are, a Stream channel-state
/// response, a channels-query response (`{"channels": [...]}`) or a thread-list response.
public enum ConversationDecoder {
    /// Decodes `bytes`. From a channels-query response it takes the channel `cid`, or the
    /// first one. Malformed JSON is reported by line and column, wrong values by JSON path.
    public static func decode(_ bytes: [UInt8], channel cid: String? = nil) throws(DocumentError) -> ConversationDocument {
        let root = JSONReader(try JSONParser.parse(bytes))
        guard case .object = root.value else {
            // A wrong type names its path: here "", the top level.
            throw root.error("the document must be a JSON object, got \(root.value.map(describe) ?? "nothing")")
        }
        var decoder = ModelDecoder()
        let state = try channelState(root, cid: cid)
        var conversation = Conversation()
        if !state["channel"].isAbsent { conversation.channel = try decoder.channel(state["channel"]) }
        conversation.members = try decoder.members(state["members"])
        conversation.reads = try decoder.reads(state["read"])
        var firstIndex: [String: String] = [:]
        for element in try state["messages"].optionalArray() {
            let message = try decoder.message(element)
            if let first = firstIndex[message.id] {
                throw DocumentError(path: element["id"].path, line: nil, column: nil, message: "duplicate message id '\(JSONReader.shown(message.id))' (first at \(first))")
            }
            firstIndex[message.id] = element.path
            conversation.messages.append(message)
        }
        let typing = state["typing_user_ids"].isAbsent ? root["typing_user_ids"] : state["typing_user_ids"]
        conversation.typingUserIDs = try typing.optionalArray().map { (id) throws(DocumentError) in try id.string() }
        conversation.messageListState = try enumeration(root["message_list"]["state"]) ?? .loaded
        conversation.threadListState = try enumeration(root["thread_list"]["state"]) ?? .loaded
        // One thread a parent: a second would shadow the first's replies in the thread view.
        var firstThread: [String: String] = [:]
        for element in try root["threads"].optionalArray() {
            let thread = try decoder.thread(element)
            if let first = firstThread[thread.parentMessageID] {
                throw DocumentError(path: element.path, line: nil, column: nil,
                                    message: "duplicate thread for parent message '\(JSONReader.shown(thread.parentMessageID))' (first at \(first))")
            }
            firstThread[thread.parentMessageID] = element.path
            conversation.threads.append(thread)
        }
        conversation.threadsNext = try root["next"].optionalString()
        conversation.events = try decoder.events(root["events"])
        return ConversationDocument(conversation: conversation, context: try context(root["context"]),
                                    config: try config(root["config"]), warnings: decoder.warnings)
    }

    /// The channel state to read: the document itself, or one of its `channels`.
    private static func channelState(_ root: JSONReader, cid: String?) throws(DocumentError) -> JSONReader {
        guard !root["channels"].isAbsent else {
            if let cid, let own = try root["channel"]["cid"].optionalString(), own != cid {
                throw DocumentError(path: "channel.cid", line: nil, column: nil, message: "the document is channel '\(JSONReader.shown(own))', not '\(JSONReader.shown(cid))'")
            }
            return root
        }
        let channels = try root["channels"].array()
        guard let cid else {
            guard let first = channels.first else {
                throw DocumentError(path: "channels", line: nil, column: nil, message: "the channels query response has no channels")
            }
            return first
        }
        var found: [String] = []
        for state in channels {
            let own = try state["channel"]["cid"].optionalString()
            if own == cid { return state }
            if let own { found.append(own) }
        }
        throw DocumentError(path: "channels", line: nil, column: nil,
                            message: "no channel '\(JSONReader.shown(cid))' (the response has: \(found.isEmpty ? "none" : found.map(JSONReader.shown).joined(separator: ", ")))")
    }

    private static func context(_ json: JSONReader) throws(DocumentError) -> DocumentContext {
        DocumentContext(
            currentUserID: try json["current_user_id"].optionalString(),
            now: try json["now"].optionalTimestamp(),
            timeZone: try json["time_zone"].optionalString(),
            locale: try json["locale"].optionalString(),
            translationLanguage: try json["translation_language"].optionalString()
        )
    }

    private static func config(_ json: JSONReader) throws(DocumentError) -> MessageListConfig {
        var config = MessageListConfig()
        config.groupMessages = try json["group_messages"].optionalBool() ?? config.groupMessages
        config.maxTimeIntervalBetweenMessagesInGroup = try json["max_time_interval_between_messages_in_group"].optionalDouble()
            ?? config.maxTimeIntervalBetweenMessagesInGroup
        config.groupingRule = try enumeration(json["grouping_rule"]) ?? config.groupingRule
        config.dateIndicatorPlacement = try enumeration(json["date_indicator_placement"]) ?? config.dateIndicatorPlacement
        config.dateSeparatorStyle = try enumeration(json["date_separator_style"]) ?? config.dateSeparatorStyle
        config.typingIndicatorPlacement = try enumeration(json["typing_indicator_placement"]) ?? config.typingIndicatorPlacement
        config.messageListType = try enumeration(json["message_list_type"]) ?? config.messageListType
        config.messageListAlignment = try enumeration(json["message_list_alignment"]) ?? config.messageListAlignment
        let display = json["message_display_options"]
        config.displayOptions = MessageDisplayOptions(
            showAvatars: try display["show_avatars"].optionalBool() ?? true,
            showAvatarsInGroups: try display["show_avatars_in_groups"].optionalBool(),
            showMessageDate: try display["show_message_date"].optionalBool() ?? true,
            showAuthorName: try display["show_author_name"].optionalBool() ?? true
        )
        config.horizontalPadding = try json["message_paddings"]["horizontal"].optionalDouble() ?? config.horizontalPadding
        config.editedLabelEnabled = try json["edited_label_enabled"].optionalBool() ?? config.editedLabelEnabled
        config.autoTranslationEnabled = try json["auto_translation_enabled"].optionalBool() ?? config.autoTranslationEnabled
        config.unreadSeparatorEnabled = try json["unread_separator_enabled"].optionalBool() ?? config.unreadSeparatorEnabled
        config.pageSize = try json["page_size"].optionalInt() ?? config.pageSize
        config.threadView.parentPresentation = try enumeration(json["parent_presentation"]) ?? config.threadView.parentPresentation
        config.threadView.startingPoint = try startingPoint(json["starting_point"]) ?? config.threadView.startingPoint
        if config.maxTimeIntervalBetweenMessagesInGroup < 0 || !config.maxTimeIntervalBetweenMessagesInGroup.isFinite {
            throw DocumentError(path: json["max_time_interval_between_messages_in_group"].path, line: nil, column: nil,
                                message: "must be a finite number of seconds, 0 or more")
        }
        if config.pageSize < 1 {
            throw DocumentError(path: json["page_size"].path, line: nil, column: nil, message: "must be 1 or more")
        }
        return config
    }

    /// `starting_point`: "none" or "max" (the bottom), 0 (the top), or an RFC 3339 timestamp.
    private static func startingPoint(_ json: JSONReader) throws(DocumentError) -> ThreadStartingPoint? {
        switch json.value {
        case nil, .null?: return nil
        case .int(0)?: return .top
        case .string(let text)?:
            if text == "none" || text == "max" { return .bottom }
            if let timestamp = Timestamp(rfc3339: text) { return .timestamp(timestamp) }
        default: break
        }
        throw json.error("expected \"none\", \"max\", 0 or an RFC 3339 timestamp")
    }

    /// A string option with a fixed set of values; an unknown value names the allowed ones.
    static func enumeration<Value: RawRepresentable & CaseIterable>(_ json: JSONReader) throws(DocumentError) -> Value?
    where Value.RawValue == String {
        guard let name = try json.optionalString() else { return nil }
        guard let value = Value(rawValue: name) else {
            let allowed = Value.allCases.map(\.rawValue).joined(separator: ", ")
            throw DocumentError(path: json.path, line: nil, column: nil, message: "unknown value '\(JSONReader.shown(name))' (expected one of: \(allowed))")
        }
        return value
    }

    private static func describe(_ value: JSONValue) -> String {
        switch value {
        case .null: return "null"
        case .bool: return "a boolean"
        case .int, .double: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }
}
