import Foundation
import Testing

/// `chat-layout explain`: its JSON contract, the flags, and the errors scripts rely on.
struct ExplainTests {
    private static let sample = CLIRunner.repository.appendingPathComponent("Samples/conversation.json").path

    private struct Item: Decodable, Equatable {
        var kind: String
        var id: String?
        var day: String?
        var text: String?
        var position: String?
        var options: [String]?
    }

    private struct Explanation: Decodable { var items: [Item] }

    private func explain(_ arguments: [String], stdin: String = "") throws -> (items: [Item], result: CLIRunner.Result) {
        let result = try CLIRunner.run(["explain"] + arguments + ["--format", "json"], stdin: stdin)
        let items = result.status == 0 ? try JSONDecoder().decode(Explanation.self, from: result.stdoutBytes).items : []
        return (items, result)
    }

    /// A small document: `messages` as (id, user, seconds after 09:00:00Z) triples.
    private func document(_ messages: [(String, String, Int)], extra: String = "") -> String {
        let list = messages.map { id, user, seconds in
            let time = String(format: "2024-03-05T09:%02d:%02dZ", seconds / 60, seconds % 60)
            return #"{"id": "\#(id)", "text": "hi", "user": {"id": "\#(user)"}, "created_at": "\#(time)"}"#
        }.joined(separator: ",\n")
        return """
            {"context": {"current_user_id": "me", "now": "2024-03-05T12:00:00Z", "time_zone": "UTC", "locale": "en_US"},
             "channel": {"cid": "messaging:x", "name": "X", "member_count": 3}\(extra),
             "messages": [\(list)]}
            """
    }

    @Test func json_followsTheContract_onTheBundledSample() throws {
        let (items, result) = try explain([Self.sample])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(items.first == Item(kind: "dateSeparator", day: "2024-03-04", text: "Yesterday"))
        #expect(items.contains(Item(kind: "unreadSeparator", text: "Unread messages")))
        #expect(items.last == Item(kind: "typingIndicator", text: "Leia Organa is typing…"))
        let messages = items.filter { $0.kind == "message" }
        #expect(messages.count == 13, "13 channel messages; the thread reply r1 is not shown")
        for message in messages {
            #expect(message.options == message.options?.sorted())
            #expect(["single", "top", "middle", "bottom"].contains(message.position ?? ""))
        }
        #expect(messages.first { $0.id == "m6" }?.options == ["centered", "text"])
        // Keys come in the contract's order.
        #expect(result.stdout.hasPrefix(#"{"items":[{"kind":"dateSeparator","day":"2024-03-04","text":"Yesterday"}"#))
    }

    @Test func text_printsTheHeaderAndOneLinePerItem_withReasons() throws {
        let result = try CLIRunner.run(["explain", Self.sample])
        #expect(result.status == 0)
        let lines = result.stdout.split(separator: "\n")
        let (items, _) = try explain([Self.sample])
        #expect(lines.count == items.count + 1 + 1 + 1, "the header, the items, the hidden thread reply, the profile")
        #expect(lines[0] == "General · 4 members")
        #expect(lines.dropLast().last == "r1 hidden: thread reply not sent to the channel")
        #expect(lines.last?.hasPrefix("profile stream-uikit (default); set by the document: ") == true)
        #expect(result.stdout.contains("last in group: next message is by another author"))
        #expect(result.stdout.contains("authorName: 4 members"))
    }

    @Test func standardInput_isReadForADash() throws {
        let (items, result) = try explain(["-"], stdin: document([("a", "x", 0)]))
        #expect(result.status == 0)
        #expect(items.map(\.id) == ["a"])
    }

    @Test func flags_overrideTheDocument() throws {
        let doc = document([("a", "x", 0), ("b", "x", 61), ("c", "me", 70)], extra: #", "config": {"page_size": 50}"#)
        let (plain, _) = try explain(["-"], stdin: doc)
        #expect(plain.compactMap(\.position) == ["single", "single", "single"])
        let (longer, _) = try explain(["-", "--max-group-interval", "61"], stdin: doc)
        #expect(longer.compactMap(\.position) == ["top", "bottom", "single"])
        let (ungrouped, _) = try explain(["-", "--max-group-interval", "61", "--no-grouping"], stdin: doc)
        #expect(ungrouped.compactMap(\.position) == ["single", "single", "single"])
        let (asX, _) = try explain(["-", "--current-user", "x"], stdin: doc)
        #expect(asX.first { $0.id == "a" }?.options?.contains("flipped") == true)
        #expect(asX.first { $0.id == "c" }?.options?.contains("flipped") == false)
        let (separated, _) = try explain(["-", "--date-indicator", "message-list"], stdin: doc)
        #expect(separated.first == Item(kind: "dateSeparator", day: "2024-03-05", text: "Today"))
        let (tokyo, _) = try explain(["-", "--date-indicator", "message-list", "--time-zone", "Asia/Tokyo", "--now", "2024-03-07T12:00:00Z", "--locale", "de_DE"], stdin: doc)
        #expect(tokyo.first == Item(kind: "dateSeparator", day: "2024-03-05", text: "Dienstag"))
        // `both`: the separators of message-list (the overlay floats over a viewport only).
        let (both, bothResult) = try explain(["-", "--date-indicator", "both"], stdin: doc)
        #expect(bothResult.status == 0 && both == separated)
    }

    @Test func channelsQueryResponse_takesTheChosenChannel() throws {
        let response = """
            {"context": {"now": "2024-03-05T12:00:00Z", "time_zone": "UTC", "locale": "en_US"},
             "channels": [
               {"channel": {"cid": "messaging:a"}, "messages": [{"id": "a1", "text": "A", "user": {"id": "u"}, "created_at": "2024-03-05T09:00:00Z"}]},
               {"channel": {"cid": "messaging:b"}, "messages": [{"id": "b1", "text": "B", "user": {"id": "u"}, "created_at": "2024-03-05T09:00:00Z"}]}
             ]}
            """
        #expect(try explain(["-"], stdin: response).items.compactMap(\.id) == ["a1"])
        #expect(try explain(["-", "--channel", "messaging:b"], stdin: response).items.compactMap(\.id) == ["b1"])
        let missing = try CLIRunner.run(["explain", "-", "--channel", "messaging:zzz"], stdin: response)
        #expect(missing.status == 1)
        #expect(missing.stderr.contains("no channel 'messaging:zzz'"))
        #expect(missing.stderr.contains("messaging:a, messaging:b"))
    }

    @Test func malformedJSON_isBadInput_withLineAndColumn() throws {
        let result = try CLIRunner.run(["explain", "-"], stdin: "{\n  \"messages\": [\n    {\"id\": \"a\",,}\n  ]\n}")
        #expect(result.status == 1)
        #expect(result.stderr.contains("line 3, column 16"), "\(result.stderr)")
        #expect(result.stdout.isEmpty)
    }

    @Test func wrongType_isBadInput_withTheJSONPath() throws {
        let doc = document([("a", "x", 0)]).replacingOccurrences(of: #""created_at": "2024-03-05T09:00:00Z""#, with: #""created_at": 42"#)
        let result = try CLIRunner.run(["explain", "-"], stdin: doc)
        #expect(result.status == 1)
        #expect(result.stderr.contains("messages[0].created_at"), "\(result.stderr)")
    }

    @Test func missingRequiredField_namesItsPath() throws {
        let result = try CLIRunner.run(["explain", "-"], stdin: #"{"messages": [{"id": "a", "user": {"id": "u"}, "created_at": "2024-03-05T09:00:00Z"}, {"id": "b", "user": {"id": "u"}}]}"#)
        #expect(result.status == 1)
        #expect(result.stderr.contains("messages[1].created_at"))
        #expect(result.stderr.contains("missing"))
    }

    @Test func duplicateMessageIDs_areBadInput_namingTheID() throws {
        let result = try CLIRunner.run(["explain", "-"], stdin: document([("a", "x", 0), ("a", "y", 5)]))
        #expect(result.status == 1)
        #expect(result.stderr.contains("duplicate message id 'a'"), "\(result.stderr)")
    }

    @Test func unknownMessageType_isLaidOutAsRegular_withAWarning() throws {
        let doc = document([("a", "x", 0)]).replacingOccurrences(of: #""text": "hi""#, with: #""text": "hi", "type": "poll""#)
        let (items, result) = try explain(["-"], stdin: doc)
        #expect(result.status == 0)
        #expect(result.stderr.contains("warning"))
        #expect(result.stderr.contains("messages[0].type"))
        #expect(items.first?.options?.contains("bubble") == true)
    }

    @Test func unknownTimeZoneInTheDocument_isBadInput() throws {
        let doc = document([("a", "x", 0)]).replacingOccurrences(of: #""time_zone": "UTC""#, with: #""time_zone": "Mars/Olympus""#)
        let result = try CLIRunner.run(["explain", "-"], stdin: doc)
        #expect(result.status == 1)
        #expect(result.stderr.contains("Mars/Olympus"))
    }

    @Test func badFlags_areUsageErrors() throws {
        let doc = document([("a", "x", 0)])
        for flags in [["--date-indicator", "sideways"], ["--now", "yesterday"], ["--width", "0"],
                      ["--time-zone", "Mars/Olympus"], ["--locale", "xx_QQ"], ["--max-group-interval", "-1"],
                      ["--format", "yaml"]] {
            let result = try CLIRunner.run(["explain", "-"] + flags, stdin: doc)
            #expect(result.status == 2, "\(flags): \(result.stderr)")
        }
    }

    @Test func missingFile_isBadInput() throws {
        let result = try CLIRunner.run(["explain", "/nonexistent/conversation.json"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("no such file"))
    }

    @Test func hostileText_neverReachesTheTerminal() throws {
        let doc = document([("a", "x", 0)]).replacingOccurrences(of: #""text": "hi""#, with: #""text": "\u001b]0;owned\u0007\u001b[2Jboom\u009b31m""#)
        let result = try CLIRunner.run(["explain", "-"], stdin: doc)
        #expect(result.status == 0)
        #expect(!result.stdoutBytes.contains(0x1B))
        #expect(!result.stdoutBytes.contains(0x07))
        #expect(result.stdout.contains("boom"))
    }

    @Test func lookalikeAuthors_areFlagged_inTextAndJSON() throws {
        // The current user is "jos\u{E9}"; "jose\u{301}" reads the same but is another user.
        let doc = #"""
            {"context": {"current_user_id": "jos\u00e9", "now": "2024-03-05T12:00:00Z", "time_zone": "UTC", "locale": "en_US"},
             "channel": {"cid": "messaging:x", "name": "X", "member_count": 3},
             "messages": [
               {"id": "a", "text": "hi", "user": {"id": "jos\u00e9", "name": "Jos\u00e9"}, "created_at": "2024-03-05T09:00:00Z"},
               {"id": "b", "text": "me too", "user": {"id": "jose\u0301", "name": "Jos\u00e9"}, "created_at": "2024-03-05T09:00:10Z"}]}
            """#
        let text = try CLIRunner.run(["explain", "-"], stdin: doc)
        #expect(text.status == 0, "\(text.stderr)")
        #expect(text.stdout.contains(#"⚠ author id jose\u{301} only reads like jos\u{E9}: another user"#), "\(text.stdout)")
        let json = try CLIRunner.run(["explain", "-", "--format", "json"], stdin: doc)
        let object = try #require(try JSONSerialization.jsonObject(with: json.stdoutBytes) as? [String: Any])
        let items = try #require(object["items"] as? [[String: Any]])
        let b = try #require(items.first { $0["id"] as? String == "b" })
        #expect((b["options"] as? [String])?.contains("flipped") == false, "not the current user")
        #expect((b["notes"] as? [String])?.first?.contains("only reads like") == true)
    }

    /// The list's own rows are explained too: an unread separator that is missing, a typing
    /// indicator the channel turns off, a quote of a message the document lacks (DocC "Where
    /// the rules are silent").
    @Test func listNotes_sayWhatTheChannelLeavesOut_inTextAndJSON() throws {
        let json = """
            {"context": {"current_user_id": "me", "now": "2024-03-05T12:00:00Z", "time_zone": "UTC", "locale": "en_US"},
             "channel": {"cid": "messaging:x", "name": "X", "member_count": 3, "config": {"typing_events": false}},
             "read": [{"user": {"id": "me"}, "last_read_message_id": "m1", "unread_messages": 0}],
             "typing_user_ids": ["leia"],
             "messages": [{"id": "m1", "text": "hi", "user": {"id": "leia"}, "created_at": "2024-03-05T09:00:00Z"},
                          {"id": "m2", "text": "yo", "user": {"id": "leia"}, "created_at": "2024-03-05T09:00:10Z",
                           "quoted_message_id": "gone"}]}
            """
        let text = try CLIRunner.run(["explain", "-", "--format", "text"], stdin: json)
        #expect(text.status == 0, "\(text.stderr)")
        let lines = text.stdout.split(separator: "\n").map(String.init)
        #expect(lines.dropLast().suffix(2) == ["no unread separator: unread_messages is 0 (0 or less: nothing unread)",
                                               "no typing indicator: typing_events is off (1 typing)"], "then the profile")
        #expect(lines.contains { $0.hasPrefix("m2 ") && $0.contains("−quotedMessage: quoted_message_id 'gone' names no message of the conversation") })
        let result = try CLIRunner.run(["explain", "-", "--format", "json"], stdin: json)
        let object = try JSONSerialization.jsonObject(with: result.stdoutBytes) as? [String: Any]
        #expect(object?["notes"] as? [String] == ["no unread separator: unread_messages is 0 (0 or less: nothing unread)",
                                                   "no typing indicator: typing_events is off (1 typing)"])
    }

    // MARK: --thread

    /// The bundled sample's thread of m5 (3 replies, r1 loaded), explained.
    @Test func thread_text_explainsTheRows_andHowTheThreadIsShown() throws {
        let result = try CLIRunner.run(["explain", Self.sample, "--thread", "m5", "--width", "200"])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first == "Thread · General")
        #expect(lines.dropFirst().first?.hasPrefix("above the replies: m5 ") == true, "the parent's line under the header")
        #expect(lines.contains { $0.hasPrefix("r1 single ") })
        #expect(lines.contains("parent m5 above the replies (parent_presentation info_header)"))
        #expect(lines.contains("parent info: \"3 replies\" between rules"))
        #expect(lines.contains("opens at the bottom (starting_point none)"))
        #expect(lines.last?.hasPrefix("profile stream-uikit") == true)
    }

    @Test func thread_firstMessage_andATimestamp_sayWhereTheViewOpens() throws {
        let result = try CLIRunner.run(["explain", Self.sample, "--thread", "m5", "--parent-presentation", "first_message",
                                        "--starting-point", "2024-03-05T00:00:00Z", "--width", "200"])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(!lines.contains { $0.hasPrefix("above the replies:") })
        #expect(lines.contains { $0.hasPrefix("m5 ") }, "the parent is a row of the list")
        #expect(lines.contains("replies counter under the parent: \"3 replies\""))
        #expect(lines.contains("opens with reply r1 in the middle: the first reply at or after 2024-03-05T00:00:00Z (starting_point)"))
    }

    private struct ThreadExplanation: Decodable {
        struct Thread: Decodable, Equatable {
            struct Opening: Decodable, Equatable { var kind: String; var id: String? }
            var parent_id: String
            var parent_presentation: String
            var reply_count: Int
            var replies_counter: Bool
            var opening: Opening
        }
        var items: [Item]
        var parent: Item?
        var thread: Thread
        var profile: String
    }

    @Test func thread_json_addsTheParentAndTheThread() throws {
        let result = try CLIRunner.run(["explain", Self.sample, "--thread", "m5", "--format", "json", "--profile", "stream-swiftui",
                                        "--starting-point", "0"])
        #expect(result.status == 0, "\(result.stderr)")
        let explanation = try JSONDecoder().decode(ThreadExplanation.self, from: result.stdoutBytes)
        // SwiftUI's divider waits for every reply: one of three is loaded.
        #expect(explanation.thread == .init(parent_id: "m5", parent_presentation: "first_message", reply_count: 3, replies_counter: false,
                                            opening: .init(kind: "top")))
        #expect(explanation.parent == nil, "the parent is the list's first message")
        #expect(explanation.items.filter { $0.kind == "message" }.map(\.id) == ["m5", "r1"])
        #expect(explanation.profile == "stream-swiftui")
        let header = try JSONDecoder().decode(ThreadExplanation.self, from: CLIRunner.run(
            ["explain", Self.sample, "--thread", "m5", "--format", "json"]).stdoutBytes)
        #expect(header.parent?.id == "m5" && header.thread.parent_presentation == "info_header")
        #expect(header.thread.opening == .init(kind: "bottom"))
    }

    @Test func thread_flagsWithoutThread_andAnUnknownParent_areErrors() throws {
        let flags = try CLIRunner.run(["explain", Self.sample, "--starting-point", "0"])
        #expect(flags.status == 2 && flags.stderr.contains("give --thread too"))
        let history = try CLIRunner.run(["explain", Self.sample, "--thread", "m5", "--history-loaded"])
        #expect(history.status == 2 && history.stderr.contains("a thread knows from its reply count"))
        let unknown = try CLIRunner.run(["explain", Self.sample, "--thread", "nope"])
        #expect(unknown.status == 1 && unknown.stderr.contains("no message 'nope' in the document"))
    }
}
