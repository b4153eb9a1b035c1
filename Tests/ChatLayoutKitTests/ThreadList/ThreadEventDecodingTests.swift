import ChatLayoutDecoding
import ChatLayoutKit
import Testing

/// Decoding the document field `events`: Stream's websocket payloads as they arrive.
struct ThreadEventDecodingTests {
    // MARK: - notification.thread_message_new

    @Test func threadMessageNew_streamPayload_isTheReplyInItsThread() throws {
        let events = try decode([ThreadEventPayloads.threadMessageNew]).conversation.events
        guard case .threadMessageNew(let reply, let parentID, let thread, let createdAt)? = events.first else {
            Issue.record("expected a thread_message_new, got \(events)")
            return
        }
        #expect(parentID == "p1")
        #expect(reply.id == "r4" && reply.text == "See you there" && reply.type == .reply)
        #expect(reply.user == User(id: "leia", name: "Leia Organa"))
        #expect(reply.createdAt == Timestamp(rfc3339: "2024-03-05T09:50:00.123456Z"))
        #expect(thread == nil)
        #expect(createdAt == Timestamp(rfc3339: "2024-03-05T09:50:00.2Z"))
    }

    @Test func threadMessageNew_withoutParentID_takesTheThreadsParent() throws {
        let events = try decode([#"""
            {"type": "notification.thread_message_new", "cid": "messaging:general",
             "message": {"id": "r5", "text": "hm", "user": {"id": "han"}, "created_at": "2024-03-05T09:51:00Z"},
             "thread": {"channel_cid": "messaging:general", "parent_message_id": "p1", "reply_count": 5, "title": "Coffee plans"}}
            """#]).conversation.events
        guard case .threadMessageNew(_, let parentID, let thread, _)? = events.first else {
            Issue.record("expected a thread_message_new, got \(events)")
            return
        }
        #expect(parentID == "p1")
        #expect(thread?.replyCount == 5 && thread?.title == "Coffee plans")
    }

    @Test func threadMessageNew_namingNoThread_isAnErrorAtTheParentID() {
        let problem = error([#"{"type": "notification.thread_message_new", "message": {"id": "r5", "user": {"id": "han"}, "created_at": "2024-03-05T09:51:00Z"}}"#])
        #expect(problem?.path == "events[0].message.parent_id")
        #expect(problem?.description == "events[0].message.parent_id: missing (required)")
    }

    @Test func threadMessageNew_withABadReply_namesThePathInsideIt() {
        let problem = error([#"{"type": "notification.thread_message_new", "message": {"id": "r5", "parent_id": "p1", "user": {"id": "han"}, "created_at": 42}}"#])
        #expect(problem?.description == "events[0].message.created_at: expected an RFC 3339 timestamp, got the number 42")
    }

    @Test func threadMessageNew_withoutAMessage_isAnError() {
        let problem = error([#"{"type": "notification.thread_message_new", "thread": {"parent_message_id": "p1"}}"#])
        #expect(problem?.path == "events[0].message.id")
    }

    // MARK: - thread.updated

    @Test func threadUpdated_streamPayload_carriesTitleCountsAndDates() throws {
        let events = try decode([ThreadEventPayloads.threadUpdated]).conversation.events
        let expected = ThreadPartial(parentMessageID: "p1", title: "Coffee plans (Friday)", replyCount: 5, participantCount: 3,
                                     lastMessageAt: Timestamp(rfc3339: "2024-03-05T09:50:00.123456Z"),
                                     createdAt: Timestamp(rfc3339: "2024-03-04T10:00:00Z"),
                                     updatedAt: Timestamp(rfc3339: "2024-03-05T09:52:00Z"))
        #expect(events == [.threadUpdated(expected, createdAt: Timestamp(rfc3339: "2024-03-05T09:52:00.5Z"))])
    }

    @Test func threadUpdated_fieldsItDoesNotCarry_areNil() throws {
        let events = try decode([#"{"type": "thread.updated", "thread": {"parent_message_id": "p1", "title": "Renamed", "last_message_at": null}}"#]).conversation.events
        #expect(events == [.threadUpdated(ThreadPartial(parentMessageID: "p1", title: "Renamed"), createdAt: nil)])
    }

    @Test func threadUpdated_withoutAThread_isAnError() {
        #expect(error([#"{"type": "thread.updated"}"#])?.description == "events[0].thread: missing (required)")
    }

    @Test func threadUpdated_withoutAParentID_isAnError() {
        #expect(error([#"{"type": "thread.updated", "thread": {"title": "x"}}"#])?.path == "events[0].thread.parent_message_id")
    }

    @Test func threadUpdated_wrongType_namesTheField() {
        let problem = error([#"{"type": "reaction.new"}"#, #"{"type": "thread.updated", "thread": {"parent_message_id": "p1", "reply_count": "5"}}"#])
        #expect(problem?.description == #"events[1].thread.reply_count: expected an integer, got the string "5""#)
    }

    // MARK: - message.read

    @Test func messageRead_streamPayload_namesTheThreadAndTheReader() throws {
        let events = try decode([ThreadEventPayloads.threadRead]).conversation.events
        #expect(events == [.messageRead(user: User(id: "luke", name: "Luke Skywalker"), parentMessageID: "p1", lastReadMessageID: "r4",
                                        createdAt: Timestamp(rfc3339: "2024-03-05T09:53:00Z"))])
    }

    @Test func messageRead_threadID_orParentID_nameTheThread() throws {
        let events = try decode([
            #"{"type": "message.read", "user": {"id": "luke"}, "thread_id": "p2"}"#,
            #"{"type": "message.read", "user": {"id": "luke"}, "parent_id": "p3"}"#,
        ]).conversation.events
        #expect(events == [
            .messageRead(user: User(id: "luke"), parentMessageID: "p2", lastReadMessageID: nil, createdAt: nil),
            .messageRead(user: User(id: "luke"), parentMessageID: "p3", lastReadMessageID: nil, createdAt: nil),
        ])
    }

    @Test func messageRead_ofTheChannel_namesNoThread() throws {
        let events = try decode([#"{"type": "message.read", "cid": "messaging:general", "user": {"id": "luke"}, "created_at": "2024-03-05T09:53:00Z"}"#]).conversation.events
        #expect(events == [.messageRead(user: User(id: "luke"), parentMessageID: nil, lastReadMessageID: nil, createdAt: Timestamp(rfc3339: "2024-03-05T09:53:00Z"))])
    }

    @Test func messageRead_withOnlyAUserID_readsIt() throws {
        let events = try decode([#"{"type": "message.read", "user_id": "leia", "thread_id": "p1"}"#]).conversation.events
        #expect(events == [.messageRead(user: User(id: "leia"), parentMessageID: "p1", lastReadMessageID: nil, createdAt: nil)])
    }

    @Test func messageRead_withoutAReader_isAnError() {
        #expect(error([#"{"type": "message.read", "thread_id": "p1"}"#])?.path == "events[0].user_id")
    }

    // MARK: - message.deleted

    @Test func messageDeleted_streamPayload_isASoftDelete() throws {
        let events = try decode([ThreadEventPayloads.replyDeleted]).conversation.events
        guard case .messageDeleted(let message, let hardDelete, let createdAt)? = events.first else {
            Issue.record("expected a message.deleted, got \(events)")
            return
        }
        #expect(message.id == "r2" && message.parentID == "p1" && message.isDeleted)
        #expect(message.deletedAt == Timestamp(rfc3339: "2024-03-05T09:54:00Z"))
        #expect(!hardDelete)
        #expect(createdAt == Timestamp(rfc3339: "2024-03-05T09:54:00.1Z"))
    }

    @Test func messageDeleted_hardDelete_isRead() throws {
        let events = try decode([#"""
            {"type": "message.deleted", "hard_delete": true,
             "message": {"id": "p1", "type": "deleted", "user": {"id": "luke"}, "created_at": "2024-03-04T10:00:00Z"}}
            """#]).conversation.events
        guard case .messageDeleted(let message, let hardDelete, _)? = events.first else {
            Issue.record("expected a message.deleted, got \(events)")
            return
        }
        #expect(message.id == "p1" && message.parentID == nil)
        #expect(hardDelete)
    }

    @Test func messageDeleted_hardDeleteOfTheWrongType_isAnError() {
        let problem = error([#"{"type": "message.deleted", "hard_delete": "yes", "message": {"id": "r1", "user": {"id": "u"}, "created_at": "2024-03-05T09:00:00Z"}}"#])
        #expect(problem?.path == "events[0].hard_delete")
    }

    // MARK: - Unknown and malformed events

    @Test func unknownEventType_isKept_withAWarning() throws {
        let document = try decode([ThreadEventPayloads.threadUpdated, ThreadEventPayloads.threadRead, ThreadEventPayloads.replyDeleted,
                                   #"{"type": "typing.start", "cid": "messaging:general", "user": {"id": "leia"}, "parent_id": "p1"}"#])
        #expect(document.conversation.events.last == .unknown(type: "typing.start"))
        #expect(document.warnings.map(\.description) == ["events[3].type: unknown event type 'typing.start', ignored"])
    }

    @Test func unknownEventType_isNeutralisedInTheWarning() throws {
        let document = try decode([#"{"type": "evil\u001b]0;pwned\u0007"}"#])
        #expect(document.conversation.events == [.unknown(type: "evil\u{1B}]0;pwned\u{07}")])
        let warning = try #require(document.warnings.first?.description)
        #expect(!warning.unicodeScalars.contains { $0.value < 0x20 })
        #expect(warning == #"events[0].type: unknown event type 'evil\u{1B}]0;pwned\u{7}', ignored"#)
    }

    @Test func unknownEventType_isNotValidated() throws {
        let document = try decode([#"{"type": "reaction.new", "created_at": 42, "message": "not a message"}"#])
        #expect(document.conversation.events == [.unknown(type: "reaction.new")])
    }

    @Test func knownEventType_withABadTime_isAnError() {
        let problem = error([#"{"type": "message.read", "user": {"id": "luke"}, "created_at": 42}"#])
        #expect(problem?.path == "events[0].created_at")
    }

    @Test func eventWithoutAType_isAnError() {
        let problem = error([ThreadEventPayloads.threadRead, #"{"cid": "messaging:general"}"#])
        #expect(problem?.description == "events[1].type: missing (required)")
    }

    @Test func eventThatIsNotAnObject_isAnError() {
        #expect(error(["3"])?.description == "events[0]: expected an object, got the number 3")
    }

    @Test func eventsThatAreNotAnArray_areAnError() throws {
        let problem = try #require(decodeError(#"{"events": {"type": "thread.updated"}}"#))
        #expect(problem.path == "events")
    }

    @Test func noEvents_decodeAsNone() throws {
        #expect(try ConversationDecoder.decode(Array("{}".utf8)).conversation.events.isEmpty)
        #expect(try ConversationDecoder.decode(Array(#"{"events": null}"#.utf8)).conversation.events.isEmpty)
    }

    // MARK: - A thread-list response with its events

    @Test func threadListDocument_eventsApplyToItsThreads() throws {
        let json = #"""
            {"context": {"current_user_id": "luke"},
             "threads": [
               {"parent_message_id": "p1", "reply_count": 4, "last_message_at": "2024-03-05T09:00:00Z",
                "parent_message": {"id": "p1", "text": "Plans?", "user": {"id": "han"}, "created_at": "2024-03-05T08:00:00Z"},
                "read": [{"user": {"id": "luke"}, "unread_messages": 0}]},
               {"parent_message_id": "p2", "reply_count": 1, "last_message_at": "2024-03-05T09:30:00Z",
                "parent_message": {"id": "p2", "text": "Lunch?", "user": {"id": "han"}, "created_at": "2024-03-05T08:30:00Z"}}],
             "events": [
               {"type": "notification.thread_message_new",
                "message": {"id": "r9", "type": "reply", "parent_id": "p1", "user": {"id": "leia"}, "created_at": "2024-03-05T09:40:00Z"}},
               {"type": "notification.thread_message_new",
                "message": {"id": "x1", "type": "reply", "parent_id": "p7", "user": {"id": "leia"}, "created_at": "2024-03-05T09:41:00Z"}},
               {"type": "health.check"}]}
            """#
        let document = try ConversationDecoder.decode(Array(json.utf8))
        let me = document.context.currentUserID
        let initial = ThreadListState(threads: ThreadListState.sorted(document.conversation.threads, currentUserID: me))
        #expect(initial.threads.map(\.parentMessageID) == ["p2", "p1"])
        let state = ThreadListState.apply(document.conversation.events, to: initial, currentUserID: me)
        #expect(state.threads.map(\.parentMessageID) == ["p1", "p2"])
        #expect(state.threads[0].replyCount == 5)
        #expect(state.threads[0].read.first?.unreadMessages == 1)
        #expect(state.newThreadParentIDs == ["p7"])
        #expect(document.warnings.map(\.path) == ["events[2].type"])
    }

    // MARK: - Helpers

    /// A document whose `events` are `payloads`.
    private func decode(_ payloads: [String]) throws(DocumentError) -> ConversationDocument {
        try ConversationDecoder.decode(Array(#"{"events": [\#(payloads.joined(separator: ",\n"))]}"#.utf8))
    }

    private func error(_ payloads: [String]) -> DocumentError? {
        decodeError(#"{"events": [\#(payloads.joined(separator: ",\n"))]}"#)
    }

    private func decodeError(_ json: String) -> DocumentError? {
        do {
            _ = try ConversationDecoder.decode(Array(json.utf8))
            return nil
        } catch {
            return error
        }
    }
}

/// Websocket events in the shape Stream sends them, with the fields the thread list ignores left in.
enum ThreadEventPayloads {
    static let threadMessageNew = #"""
    {"type": "notification.thread_message_new", "cid": "messaging:general", "channel_id": "general",
     "channel_type": "messaging", "message_id": "r4",
     "message": {"id": "r4", "text": "See you there", "html": "<p>See you there</p>\n", "type": "reply",
                 "user": {"id": "leia", "role": "user", "name": "Leia Organa", "online": true, "banned": false},
                 "attachments": [], "latest_reactions": [], "own_reactions": [], "reaction_counts": {},
                 "reaction_scores": {}, "reply_count": 0, "deleted_reply_count": 0, "cid": "messaging:general",
                 "created_at": "2024-03-05T09:50:00.123456Z", "updated_at": "2024-03-05T09:50:00.123456Z",
                 "shadowed": false, "mentioned_users": [], "silent": false, "pinned": false, "pinned_at": null,
                 "pinned_by": null, "pin_expires": null, "parent_id": "p1", "show_in_channel": false,
                 "thread_participants": [{"id": "luke", "name": "Luke Skywalker"}, {"id": "leia", "name": "Leia Organa"}]},
     "channel": {"id": "general", "type": "messaging", "cid": "messaging:general", "name": "General", "member_count": 4},
     "watcher_count": 2, "unread_thread_messages": 3, "unread_threads": 1,
     "created_at": "2024-03-05T09:50:00.2Z", "received_at": "2024-03-05T09:50:00.25Z"}
    """#

    static let threadUpdated = #"""
    {"type": "thread.updated", "cid": "messaging:general", "channel_id": "general", "channel_type": "messaging",
     "thread": {"channel_cid": "messaging:general",
                "channel": {"id": "general", "type": "messaging", "cid": "messaging:general", "name": "General"},
                "parent_message_id": "p1", "created_by_user_id": "luke", "reply_count": 5, "participant_count": 3,
                "active_participant_count": 3, "last_message_at": "2024-03-05T09:50:00.123456Z",
                "created_at": "2024-03-04T10:00:00Z", "updated_at": "2024-03-05T09:52:00Z", "deleted_at": null,
                "title": "Coffee plans (Friday)", "custom": {}},
     "created_at": "2024-03-05T09:52:00.5Z"}
    """#

    static let threadRead = #"""
    {"type": "message.read", "cid": "messaging:general", "channel_id": "general", "channel_type": "messaging",
     "user": {"id": "luke", "role": "admin", "name": "Luke Skywalker", "total_unread_count": 0,
              "unread_channels": 0, "unread_threads": 0},
     "thread": {"channel_cid": "messaging:general", "parent_message_id": "p1", "reply_count": 5,
                "participant_count": 3, "last_message_at": "2024-03-05T09:50:00.123456Z",
                "created_at": "2024-03-04T10:00:00Z", "updated_at": "2024-03-05T09:52:00Z", "title": "Coffee plans (Friday)"},
     "last_read_message_id": "r4", "team": null, "created_at": "2024-03-05T09:53:00Z"}
    """#

    static let replyDeleted = #"""
    {"type": "message.deleted", "cid": "messaging:general", "channel_id": "general", "channel_type": "messaging",
     "message_id": "r2",
     "message": {"id": "r2", "text": "oops", "type": "deleted", "parent_id": "p1", "show_in_channel": false,
                 "user": {"id": "han", "name": "Han Solo"}, "attachments": [], "latest_reactions": [],
                 "created_at": "2024-03-05T09:20:00Z", "updated_at": "2024-03-05T09:54:00Z",
                 "deleted_at": "2024-03-05T09:54:00Z"},
     "hard_delete": false, "user": {"id": "han"}, "created_at": "2024-03-05T09:54:00.1Z"}
    """#
}
