import ChatLayoutDecoding
import ChatLayoutKit
import Testing

/// A key given twice keeps its last value (as `JSON.parse` does); where the value read holds
/// messages, members, reads or threads — the document's keys, a channel state's, a thread's,
/// a message's replies, quote and participants — the earlier values are named in a warning,
/// never dropped without a word. Both decoders (streaming, on one thread or two, and the tree)
/// warn alike.
struct RepeatedKeyTests {
    private static func message(_ id: String, second: Int = 0) -> String {
        #"{"id": "\#(id)", "text": "hi", "user": {"id": "x"}, "created_at": "2024-03-05T09:00:0\#(second)Z"}"#
    }

    /// The document decoded by every decoder; they must agree.
    private func decodeEveryWay(_ json: String, channel: String? = nil) throws -> ConversationDocument {
        let bytes = Array(json.utf8)
        let streamed = try ConversationDecoder.decode(bytes, channel: channel, pipelined: false)
        let pipelined = try ConversationDecoder.decode(bytes, channel: channel, pipelined: true)
        let tree = try ConversationDecoder.decodeThroughTree(bytes, channel: channel)
        #expect(pipelined == streamed)
        #expect(tree == streamed)
        return streamed
    }

    @Test func messagesTwice_keepsTheLast_andWarnsOfTheFirst() throws {
        let json = """
            {"messages": [\(Self.message("a")), \(Self.message("b", second: 1))], "context": {"locale": "en_US"},
             "messages": [\(Self.message("c", second: 2))]}
            """
        let document = try decodeEveryWay(json)
        #expect(document.conversation.messages.map(\.id) == ["c"])
        #expect(document.warnings == [DocumentWarning(path: "messages", message: """
            the key is repeated (members 1 and 3 of its object): only the last value is read; \
            the one before (an array of 2 elements) is ignored
            """)])
    }

    @Test func aKeyThreeTimes_namesEveryPlace_andEachValueIgnored() throws {
        let json = """
            {"members": [{"user_id": "a"}], "read": [], "members": null, "members": [{"user_id": "b"}, {"user_id": "c"}]}
            """
        let document = try decodeEveryWay(json)
        #expect(document.conversation.members.map(\.user.id) == ["b", "c"])
        #expect(document.warnings.map(\.description) == [
            "members: the key is repeated (members 1, 3 and 4 of its object): only the last value is read; the 2 before (an array of 1 element, null) are ignored",
        ])
    }

    @Test func aChannelStatesKeys_inAChannelsQuery_areNamedByTheirPath() throws {
        let json = """
            {"channels": [{"channel": {"cid": "messaging:a"}, "read": [{"user_id": "x"}], "read": [{"user_id": "y"}],
                           "messages": [\(Self.message("m"))]}]}
            """
        let document = try decodeEveryWay(json)
        #expect(document.conversation.reads.map(\.user.id) == ["y"])
        #expect(document.warnings.map(\.path) == ["channels[0].read"])
        #expect(try decodeEveryWay(json, channel: "messaging:a").warnings.map(\.path) == ["channels[0].read"])
    }

    @Test func aThreadsAndAMessagesLists_repeated_areWarnedOf() throws {
        let json = """
            {"threads": [{"parent_message_id": "p", "parent_message": \(Self.message("p")),
                          "latest_replies": [\(Self.message("r1", second: 1))], "latest_replies": []}],
             "messages": [{"id": "q", "text": "hi", "user": {"id": "x"}, "created_at": "2024-03-05T09:00:00Z",
                           "quoted_message": {"id": "p", "text": "one"}, "quoted_message": {"id": "p", "text": "two"}}]}
            """
        let document = try decodeEveryWay(json)
        #expect(document.conversation.threads.first?.latestReplies.isEmpty == true)
        #expect(document.warnings.map(\.path) == ["messages[0].quoted_message", "threads[0].latest_replies"])
        #expect(document.warnings.last?.message.hasSuffix("the one before (an array of 1 element) is ignored") == true)
    }

    @Test func aRepeatedKeyThatIsNotRead_orNoRepeat_warnsOfNothing() throws {
        let unread = try decodeEveryWay(#"{"x": 1, "messages": [\#(Self.message("a"))], "x": 2}"#)
        #expect(unread.warnings.isEmpty)
        // Canonically equivalent keys are different keys: no repeat.
        let lookalikes = try decodeEveryWay(#"{"messages": [\#(Self.message("a"))], "m\u00e9": [], "me\u0301": []}"#)
        #expect(lookalikes.warnings.isEmpty)
    }

    @Test func aRepeatedTopLevelList_longEnoughToBeStreamed_isCountedWhole() throws {
        let first = (0 ..< 5000).map { Self.message("a\($0)") }.joined(separator: ", ")
        let json = #"{"messages": [\#(first)], "messages": [\#(Self.message("b"))]}"#
        let document = try decodeEveryWay(json)
        #expect(document.conversation.messages.map(\.id) == ["b"])
        #expect(document.warnings.map(\.message) == [
            "the key is repeated (members 1 and 2 of its object): only the last value is read; the one before (an array of 5000 elements) is ignored",
        ])
    }
}
