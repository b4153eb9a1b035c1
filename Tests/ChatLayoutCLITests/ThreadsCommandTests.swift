import Foundation
import Testing

/// `chat-layout threads`: the thread list drawn as text, tree and the box-tree JSON; Stream's
/// thread-list response read as it is; events applied, unknown ones warned about; the viewport;
/// bad input (exit 1) and bad usage (exit 2).
struct ThreadsCommandTests {
    /// Three threads in three channels, seen by Mia on Tuesday 5 March at 11:00 in Berlin: the
    /// hikers' thread has two unread replies for her (Luke's nine do not count); the design
    /// thread has a title; the direct channel has no name.
    private static let document = """
        {"context": {"current_user_id": "mia", "now": "2024-03-05T10:00:00Z", "time_zone": "Europe/Berlin", "locale": "en_US"},
         "threads": [
           {"parent_message_id": "design-7", "channel": {"cid": "team:design", "name": "Design Team"},
            "parent_message": {"id": "design-7", "text": "Here's the Q2 draft", "user": {"id": "priya", "name": "Priya Raman"},
                               "created_at": "2024-03-04T09:12:00Z"},
            "title": "Q2 roadmap review", "reply_count": 4,
            "latest_replies": [{"id": "design-r4", "type": "reply", "parent_id": "design-7", "text": "Left a few notes",
                                "user": {"id": "tom", "name": "Tom Baker"}, "created_at": "2024-03-04T15:20:00Z"}],
            "read": [{"user": {"id": "mia"}, "unread_messages": 0}],
            "last_message_at": "2024-03-04T15:20:00Z"},
           {"parent_message_id": "hike-1", "channel": {"cid": "messaging:hikers", "name": "Weekend Hikers"},
            "parent_message": {"id": "hike-1", "text": "Who's in for Saturday?", "user": {"id": "luke", "name": "Luke Skywalker"},
                               "created_at": "2024-03-04T16:58:00Z"},
            "reply_count": 6,
            "latest_replies": [{"id": "hike-r6", "type": "reply", "parent_id": "hike-1", "text": "Me!",
                                "user": {"id": "han", "name": "Han Solo"}, "created_at": "2024-03-05T08:41:00Z"}],
            "read": [{"user": {"id": "mia"}, "unread_messages": 2}, {"user": {"id": "luke"}, "unread_messages": 9}],
            "last_message_at": "2024-03-05T08:41:00Z"},
           {"parent_message_id": "dm-41", "channel": {"cid": "messaging:!members-8fX2", "member_count": 2},
            "parent_message": {"id": "dm-41", "text": "", "attachments": [{"type": "image"}], "user": {"id": "han", "name": "Han Solo"},
                               "created_at": "2024-03-02T06:05:00Z"},
            "thread_participants": [{"user_id": "mia", "user": {"id": "mia", "name": "Mia Wallace"}},
                                    {"user_id": "han", "user": {"id": "han", "name": "Han Solo"}}],
            "latest_replies": [{"id": "dm-r1", "type": "reply", "parent_id": "dm-41", "text": "", "attachments": [{"type": "file"}],
                                "user": {"id": "mia", "name": "Mia Wallace"}, "created_at": "2024-03-02T06:12:00Z"}],
            "last_message_at": "2024-03-02T06:12:00Z"}
         ]}
        """

    private func threads(_ arguments: [String], stdin: String = Self.document) throws -> CLIRunner.Result {
        try CLIRunner.run(["threads", "-"] + arguments, stdin: stdin)
    }

    /// The drawing's rows (the output ends with one newline).
    private func rows(_ output: String) -> [String] {
        var rows = output.components(separatedBy: "\n")
        if rows.last == "" { rows.removeLast() }
        return rows
    }

    /// `document` with `events` (JSON array text) added.
    private func withEvents(_ events: String, _ document: String = Self.document) -> String {
        String(document.dropLast()) + #", "events": "# + events + "}"
    }

    // MARK: - Text

    @Test func text_drawsTheHeaderAndEachItem_unreadFirst() throws {
        let result = try threads(["--width", "50"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.isEmpty)
        let drawn = rows(result.stdout)
        try #require(drawn.count > 12)
        #expect(drawn[1].contains("Threads"))
        for words in ["🧵 Weekend Hikers", "(2)", "replied to: Who's in for Saturday?", "Han Solo", "Me!", "9:41\u{202F}AM",
                      "🧵 Design Team", "replied to: Q2 roadmap review", "Left a few notes", "Yesterday",
                      "🧵 Han Solo", "replied to: image", "File", "Saturday"] {
            #expect(result.stdout.contains(words), "\(words) is drawn")
        }
        #expect(!result.stdout.contains("(9)"), "another user's unread count is not shown")
        let order = ["Weekend Hikers", "Design Team", "🧵 Han Solo"].map { result.stdout.range(of: $0)!.lowerBound }
        #expect(order == order.sorted(), "unread first, then the latest reply first")
        for row in drawn { #expect(row.last != " ", "trailing spaces in \(row.debugDescription)") }
    }

    @Test func text_fitsTheWidth_narrowAndWide() throws {
        for width in [24, 40, 120] {
            let drawn = rows(try threads(["--width", String(width)]).stdout)
            let measured = try CLIRunner.run(["text", "width"], stdin: drawn.joined(separator: "\n") + "\n").stdout
                .split(separator: "\n").compactMap { Int($0) }
            #expect(measured.count == drawn.count)
            #expect(measured.first == width, "the header spans the width")
            for (row, cells) in zip(drawn, measured) { #expect(cells <= width, "\(cells) cells at width \(width): \(row.debugDescription)") }
            #expect(drawn.contains { $0.contains("(2)") }, "the unread badge at width \(width)")
        }
    }

    // MARK: - Tree

    @Test func tree_listsEachItemWithItsParentIDAndItsParts() throws {
        let result = try threads(["--width", "50", "--format", "tree"])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = rows(result.stdout)
        #expect(lines.first?.hasPrefix("root 0,0 50×") == true)
        let items = lines.filter { $0.trimmingCharacters(in: .whitespaces).hasPrefix("threadListItem ") }
        #expect(items.map { $0.split(separator: " ")[1] } == ["hike-1", "design-7", "dm-41"])
        let itemIndent = items[0].prefix { $0 == " " }.count
        let firstItem = try #require(lines.firstIndex(of: items[0]))
        let parts = lines[(firstItem + 1)...].prefix { $0.prefix { $0 == " " }.count > itemIndent }
        #expect(Set(parts.map { $0.split(separator: " ")[0] })
            == ["threadIcon", "threadTitle", "unreadBadge", "threadDescription", "replyAvatar", "replyAuthor", "replyPreview", "replyTimestamp"])
        #expect(parts.allSatisfy { $0.prefix { $0 == " " }.count == itemIndent + 2 })
        #expect(result.stdout.contains(#"threadTitle hike-1 "#) && result.stdout.contains(#""Weekend Hikers""#))
    }

    // MARK: - JSON (the box-tree contract)

    private struct Screen: Decodable {
        var width: Int
        var height: Int
        var root: Node
    }

    private struct Node: Decodable {
        struct Frame: Decodable, Equatable {
            var x: Int, y: Int, width: Int, height: Int
            func contains(_ other: Frame) -> Bool {
                other.x >= x && other.y >= y && other.x + other.width <= x + width && other.y + other.height <= y + height
            }
            func intersects(_ other: Frame) -> Bool {
                x < other.x + other.width && other.x < x + width && y < other.y + other.height && other.y < y + height
            }
        }

        var role: String
        var id: String?
        var frame: Frame
        var text: String?
        var lines: [String]?
        var children: [Node]?

        func all() -> [Node] { [self] + (children ?? []).flatMap { $0.all() } }
    }

    private func screen(_ arguments: [String], stdin: String = Self.document) throws -> Screen {
        let result = try threads(arguments + ["--format", "json"], stdin: stdin)
        try #require(result.status == 0, "\(result.stderr)")
        return try JSONDecoder().decode(Screen.self, from: result.stdoutBytes)
    }

    @Test func json_itemsAreThreadListItemBoxes_identifiedByTheParentMessage_withAChildPerPart() throws {
        let result = try threads(["--width", "50", "--format", "json"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix(#"{"width":50,"height":"#), "keys in the contract's order")
        let screen = try JSONDecoder().decode(Screen.self, from: result.stdoutBytes)
        #expect(screen.root.role == "root")
        #expect(screen.root.frame == Node.Frame(x: 0, y: 0, width: 50, height: screen.height))

        let items = screen.root.all().filter { $0.role == "threadListItem" }
        #expect(items.map(\.id) == ["hike-1", "design-7", "dm-41"])
        let hike = items[0]
        func part(_ role: String, of item: Node) -> Node? { item.children?.first { $0.role == role } }
        #expect(hike.children?.map(\.role).sorted()
            == ["replyAuthor", "replyAvatar", "replyPreview", "replyTimestamp", "threadDescription", "threadIcon", "threadTitle", "unreadBadge"])
        #expect(part("threadTitle", of: hike)?.text == "Weekend Hikers")
        #expect(part("threadDescription", of: hike)?.text == "replied to: Who's in for Saturday?")
        #expect(part("unreadBadge", of: hike)?.lines == ["(2)"])
        #expect(part("replyAuthor", of: hike)?.text == "Han Solo")
        #expect(part("replyAvatar", of: hike)?.text == "HS")
        #expect(part("replyPreview", of: hike)?.text == "Me!")
        #expect(part("replyTimestamp", of: hike)?.text == "9:41\u{202F}AM")
        // The thread's parts carry the parent's id, the reply's parts the reply's.
        for role in ["threadIcon", "threadTitle", "threadDescription", "unreadBadge"] { #expect(part(role, of: hike)?.id == "hike-1") }
        for role in ["replyAvatar", "replyAuthor", "replyPreview", "replyTimestamp"] { #expect(part(role, of: hike)?.id == "hike-r6") }

        #expect(part("unreadBadge", of: items[1]) == nil, "no badge at 0 unread")
        #expect(part("threadTitle", of: items[2])?.text == "Han Solo", "a nameless direct channel: the other member")
        #expect(part("replyPreview", of: items[2])?.text == "File")

        for node in screen.root.all() {
            for child in node.children ?? [] {
                #expect(node.frame.contains(child.frame), "\(child.role) outside \(node.role)")
            }
            let children = node.children ?? []
            for (index, first) in children.enumerated() {
                for second in children.dropFirst(index + 1) {
                    #expect(!first.frame.intersects(second.frame), "\(first.role) \(first.id ?? "") overlaps \(second.role) \(second.id ?? "")")
                }
            }
        }
    }

    // MARK: - Stream's thread-list response, as it is

    /// A `POST /threads` response: extra fields everywhere, no `context`.
    private static let streamResponse = """
        {"threads": [
          {"channel_cid": "messaging:book-club", "channel": {"id": "book-club", "type": "messaging", "cid": "messaging:book-club",
             "name": "Book Club", "member_count": 5, "created_at": "2023-10-01T10:00:00Z", "frozen": false, "disabled": false,
             "config": {"replies": true, "reactions": true}},
           "parent_message_id": "books-3", "created_by_user_id": "ana",
           "created_by": {"id": "ana", "name": "Ana Lima", "role": "user", "online": false},
           "reply_count": 3, "participant_count": 3, "active_participant_count": 3,
           "thread_participants": [
             {"channel_cid": "messaging:book-club", "user_id": "ana", "user": {"id": "ana", "name": "Ana Lima"},
              "thread_id": "books-3", "created_at": "2024-03-01T19:41:00Z", "last_read_at": "2024-03-02T09:05:00Z"},
             {"channel_cid": "messaging:book-club", "user_id": "mia", "user": {"id": "mia", "name": "Mia Wallace"},
              "thread_id": "books-3", "created_at": "2024-03-01T19:50:00Z", "last_read_at": "2024-03-01T20:00:00Z"}],
           "last_message_at": "2024-03-02T09:05:00Z", "created_at": "2024-03-01T19:41:00Z", "updated_at": "2024-03-02T09:05:00Z",
           "deleted_at": null, "title": "", "custom": {},
           "parent_message": {"id": "books-3", "text": "March pick: The Left Hand of Darkness", "html": "<p>March pick</p>",
             "type": "regular", "user": {"id": "ana", "name": "Ana Lima"}, "attachments": [], "latest_reactions": [],
             "own_reactions": [], "reaction_counts": {}, "reaction_scores": {}, "reply_count": 3, "cid": "messaging:book-club",
             "created_at": "2024-03-01T19:40:00Z", "updated_at": "2024-03-01T19:40:00Z", "shadowed": false, "mentioned_users": [],
             "silent": false, "pinned": false, "pinned_at": null, "pin_expires": null, "pinned_by": null},
           "latest_replies": [
             {"id": "books-r3", "text": "Halfway through, loving it", "type": "reply", "parent_id": "books-3",
              "user": {"id": "sam", "name": "Sam Carter"}, "attachments": [], "cid": "messaging:book-club",
              "created_at": "2024-03-02T09:05:00Z", "updated_at": "2024-03-02T09:05:00Z", "show_in_channel": false}],
           "read": [
             {"user": {"id": "mia", "name": "Mia Wallace"}, "last_read": "2024-03-01T20:00:00Z", "unread_messages": 1,
              "last_read_message_id": "books-r1"}]}
        ],
        "next": "eyJwYWdlIjoyfQ", "duration": "12.34ms"}
        """

    @Test func streamResponse_isReadAsItIs_withTheContextFromFlags() throws {
        let flags = ["--width", "60", "--now", "2024-03-05T10:00:00Z", "--time-zone", "Europe/Berlin", "--locale", "en_US"]
        let result = try threads(flags + ["--current-user", "mia"], stdin: Self.streamResponse)
        #expect(result.status == 0, "\(result.stderr)")
        for words in ["🧵 Book Club", "(1)", "replied to: March pick: The Left Hand", "Sam Carter", "Halfway through", "Saturday"] {
            #expect(result.stdout.contains(words), "\(words) is drawn")
        }
        // The badge is the current user's: without one, nobody's unread shows.
        let anonymous = try threads(flags, stdin: Self.streamResponse)
        #expect(anonymous.status == 0, "\(anonymous.stderr)")
        #expect(!anonymous.stdout.contains("(1)"))
    }

    // MARK: - Events

    @Test func events_areAppliedBeforeLayout() throws {
        let events = """
            [{"type": "notification.thread_message_new", "created_at": "2024-03-05T09:30:00Z",
              "message": {"id": "design-r5", "type": "reply", "parent_id": "design-7", "text": "Looks good to me",
                          "user": {"id": "priya", "name": "Priya Raman"}, "created_at": "2024-03-05T09:30:00Z"}},
             {"type": "message.read", "user": {"id": "mia"}, "thread": {"parent_message_id": "hike-1"}},
             {"type": "thread.updated", "thread": {"parent_message_id": "dm-41", "title": "Tickets"}},
             {"type": "notification.thread_message_new",
              "message": {"id": "x1", "type": "reply", "parent_id": "garden-5", "text": "Anyone?",
                          "user": {"id": "ines"}, "created_at": "2024-03-05T09:40:00Z"}}]
            """
        let screen = try screen(["--width", "50"], stdin: withEvents(events))
        let nodes = screen.root.all()
        #expect(nodes.filter { $0.role == "threadListItem" }.map(\.id) == ["design-7", "hike-1", "dm-41"])
        #expect(nodes.first { $0.role == "newThreadsBanner" }?.text == "1 new thread")
        #expect(nodes.filter { $0.role == "unreadBadge" }.map(\.id) == ["design-7"], "the new reply's unread; the read thread's cleared")
        #expect(nodes.contains { $0.role == "replyPreview" && $0.text == "Looks good to me" })
        #expect(nodes.contains { $0.role == "threadDescription" && $0.id == "dm-41" && $0.text == "replied to: Tickets" })
    }

    @Test func unknownEventTypes_areWarnedAboutOnStandardError_andIgnored() throws {
        let events = #"[{"type": "typing.start", "user": {"id": "han"}}, {"type": "reaction.new", "reaction": {"type": "like"}}]"#
        let result = try threads(["--width", "50"], stdin: withEvents(events))
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("warning"), "\(result.stderr)")
        #expect(result.stderr.contains("unknown event type 'typing.start', ignored"), "\(result.stderr)")
        #expect(result.stderr.contains("unknown event type 'reaction.new', ignored"), "\(result.stderr)")
        #expect(result.stderr.contains("events[1].type"), "the warning names the event: \(result.stderr)")
        #expect(result.stdout == (try threads(["--width", "50"])).stdout, "the drawing is as without them")
    }

    @Test func anUnknownEventType_cannotDriveTheTerminal() throws {
        let result = try threads(["--width", "50"], stdin: withEvents(#"[{"type": "evil\u001b[2J\u0007"}]"#))
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("unknown event type"))
        #expect(!result.stderr.contains("\u{1B}") && !result.stderr.contains("\u{07}"), "\(result.stderr.debugDescription)")
    }

    // MARK: - States and the viewport

    @Test func states_comeFromTheDocument() throws {
        func drawn(_ state: String, threads list: String = "[]") throws -> String {
            let document = #"{"context": {"now": "2024-03-05T10:00:00Z", "time_zone": "UTC", "locale": "en_US"}, "#
                + #""thread_list": {"state": "\#(state)"}, "threads": \#(list)}"#
            let result = try threads(["--width", "40"], stdin: document)
            #expect(result.status == 0, "\(state): \(result.stderr)")
            return result.stdout
        }
        #expect(try drawn("loading").contains("Loading…"))
        #expect(try drawn("loaded").contains("No threads here yet..."))
        let error = try drawn("error")
        #expect(error.contains("Error loading threads") && error.contains("[ Retry ]"))
        let bad = #"{"context": {"now": "2024-03-05T10:00:00Z", "time_zone": "UTC", "locale": "en_US"}, "thread_list": {"state": "sleeping"}}"#
        #expect(try threads([], stdin: bad).status == 1)
    }

    @Test func viewport_opensAtTheTop_andScrolls() throws {
        let top = rows(try threads(["--width", "40", "--height", "8"]).stdout)
        #expect(top.count == 8)
        #expect(top[4].contains("Weekend Hikers"), "the first item under the header")
        let scrolled = rows(try threads(["--width", "40", "--height", "8", "--scroll-offset", "4"]).stdout)
        #expect(scrolled.count == 8)
        #expect(!scrolled.joined().contains("Weekend Hikers"))
        #expect(scrolled.joined().contains("Design Team"))
    }

    @Test func standardInput_isReadWithoutAFileArgument() throws {
        let result = try CLIRunner.run(["threads", "--width", "40"], stdin: Self.document)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("Weekend Hikers"))
    }

    // MARK: - Errors

    @Test func badInput_exits1_withAMessage_andNothingOnStandardOutput() throws {
        let cases: [(String, String)] = [
            ("{\n  \"threads\": [\n    {\"parent_message_id\": \"a\",,}\n  ]\n}", "line 3, column 31"),
            (#"{"threads": [{"reply_count": 3}]}"#, "threads[0].parent_message_id"),
            (#"{"threads": [{"parent_message_id": "p1", "last_message_at": "yesterday"}]}"#, "threads[0].last_message_at"),
            (#"{"threads": 5}"#, "threads"),
            (#"{"events": [{"type": "thread.updated", "thread": {"title": "x"}}]}"#, "events[0].thread.parent_message_id"),
            (#"{"events": [{"type": "notification.thread_message_new", "message": {"id": "r", "user": {"id": "u"}, "created_at": "2024-03-05T10:00:00Z"}}]}"#,
             "events[0].message.parent_id"),
            ("[1, 2]", "JSON object"),
        ]
        for (input, named) in cases {
            let result = try threads(["--now", "2024-03-05T10:00:00Z", "--time-zone", "UTC", "--locale", "en_US"], stdin: input)
            #expect(result.status == 1, "\(input): \(result.stderr)")
            #expect(result.stderr.contains(named), "\(input): \(result.stderr)")
            #expect(result.stdout.isEmpty)
        }
        let missing = try CLIRunner.run(["threads", "/nonexistent/threads.json"])
        #expect(missing.status == 1)
        #expect(missing.stderr.contains("no such file"))
    }

    @Test func badFlags_exit2() throws {
        for flags in [["--width", "0"], ["--format", "yaml"], ["--scroll-offset", "3"], ["--height", "0"],
                      ["--now", "tomorrow"], ["--time-zone", "Mars/Olympus"], ["--parent", "hike-1"], ["--no-such-flag"]] {
            let result = try threads(flags)
            #expect(result.status == 2, "\(flags): \(result.stderr)")
            #expect(result.stdout.isEmpty, "\(flags)")
            #expect(!result.stderr.isEmpty, "\(flags)")
        }
    }
}
