import Foundation
import Testing

/// `chat-layout thread`: the thread of one message drawn as text, tree and JSON, the
/// presentation and starting-point flags overriding the document, and the errors.
struct ThreadCommandTests {
    /// Leia's question p1 with three replies (two in `messages`, one only in the thread's
    /// `latest_replies`, one in both), a channel message and a reply to it; the document asks
    /// for `first_message` and opens at the top, for the flags to override.
    private static let document = """
        {"context": {"current_user_id": "me", "now": "2024-03-05T12:00:00Z", "time_zone": "UTC", "locale": "en_US"},
         "config": {"parent_presentation": "first_message", "starting_point": 0},
         "channel": {"cid": "messaging:lunch", "name": "Lunch Crew", "member_count": 3},
         "messages": [
           {"id": "p1", "text": "Pizza or sushi?", "user": {"id": "leia", "name": "Leia"},
            "created_at": "2024-03-05T09:00:00Z", "reply_count": 3},
           {"id": "r1", "type": "reply", "parent_id": "p1", "text": "Pizza!", "user": {"id": "han", "name": "Han"},
            "created_at": "2024-03-05T09:01:00Z"},
           {"id": "m2", "text": "Who has the keys?", "user": {"id": "han", "name": "Han"}, "created_at": "2024-03-05T09:02:00Z"},
           {"id": "x1", "type": "reply", "parent_id": "m2", "text": "Me", "user": {"id": "me", "name": "Me"},
            "created_at": "2024-03-05T09:03:00Z"},
           {"id": "r2", "type": "reply", "parent_id": "p1", "text": "Sushi, obviously", "user": {"id": "me", "name": "Me"},
            "created_at": "2024-03-05T09:10:00Z"}
         ],
         "threads": [{"parent_message_id": "p1", "reply_count": 3, "latest_replies": [
           {"id": "r2", "type": "reply", "parent_id": "p1", "text": "Sushi, obviously", "user": {"id": "me", "name": "Me"},
            "created_at": "2024-03-05T09:10:00Z"},
           {"id": "r3", "type": "reply", "parent_id": "p1", "text": "Both?", "user": {"id": "chewie", "name": "Chewie"},
            "created_at": "2024-03-05T09:20:00Z"}]}]}
        """

    private func thread(_ arguments: [String], stdin: String = Self.document) throws -> CLIRunner.Result {
        try CLIRunner.run(["thread", "-"] + arguments, stdin: stdin)
    }

    /// The ids of the boxes with `role`, top to bottom, from `--format tree`.
    private func ids(_ role: String, _ arguments: [String]) throws -> [String] {
        let result = try thread(arguments + ["--format", "tree"])
        try #require(result.status == 0, "\(result.stderr)")
        return result.stdout.split(separator: "\n").compactMap { line in
            let words = line.split(separator: " ")
            return words.first == Substring(role) ? words.dropFirst().first.map(String.init) : nil
        }
    }

    @Test func text_drawsTheHeaderTheParentTheReplyCountAndTheReplies() throws {
        let result = try thread(["--parent", "p1", "--width", "40", "--parent-presentation", "info_header"])
        #expect(result.status == 0, "\(result.stderr)")
        let rows = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        try #require(rows.count > 12)
        #expect(rows[1].contains("Thread") && rows[2].contains("Lunch Crew"))
        #expect(rows[3].hasPrefix("└"))
        for words in ["Leia", "Mar 05 09:00", "Pizza or sushi?", "3 replies", "Pizza!", "Sushi, obviously", "Both?"] {
            #expect(result.stdout.contains(words), "\(words) is drawn")
        }
        #expect(!result.stdout.contains("Who has the keys?"), "a channel message is not in the thread")
        #expect(!result.stdout.contains("💬"), "no thread info in a thread")
        let order = ["Pizza or sushi?", "3 replies", "Pizza!", "Sushi, obviously", "Both?"].map { result.stdout.range(of: $0)!.lowerBound }
        #expect(order == order.sorted(), "the parent, the count, then the replies oldest first")
    }

    @Test func presentation_comesFromTheDocument_andTheFlagOverridesIt() throws {
        #expect(try ids("messageRow", ["--parent", "p1"]) == ["p1", "r1", "r2", "r3"], "the document's first_message")
        #expect(try ids("parentMessage", ["--parent", "p1"]).isEmpty)
        #expect(try ids("messageRow", ["--parent", "p1", "--parent-presentation", "info_header"]) == ["r1", "r2", "r3"])
        #expect(try ids("parentMessage", ["--parent", "p1", "--parent-presentation", "info_header"]) == ["p1"])
    }

    @Test func startingPoint_comesFromTheDocument_andTheFlagOverridesIt() throws {
        let viewport = ["--parent", "p1", "--parent-presentation", "info_header", "--width", "40", "--height", "12"]
        // The document's 0: under the parent info (Sendbird's table header) the first reply
        // opens at the top, the parent info scrolled above it; as the first message, the parent.
        #expect(try ids("parentMessage", viewport).isEmpty)
        #expect(try ids("messageRow", viewport).first == "r1")
        #expect(try ids("messageRow", ["--parent", "p1", "--width", "40", "--height", "12"]).first == "p1")
        #expect(try ids("parentMessage", viewport + ["--starting-point", "none"]).isEmpty)
        #expect(try ids("messageRow", viewport + ["--starting-point", "max"]).last == "r3")
        let atR2 = try thread(viewport + ["--starting-point", "2024-03-05T09:05:00Z", "--date-indicator", "none", "--format", "tree"])
        #expect(atR2.status == 0, "\(atR2.stderr)")
        // r2 in the middle of the 8 rows under the 4-row header: its centre on row 4 + 8 / 2.
        let r2 = try #require(atR2.stdout.split(separator: "\n").first { $0.contains("messageRow r2 ") })
        let numbers = r2.split(whereSeparator: { !$0.isNumber }).compactMap { Int($0) }
        try #require(numbers.count >= 5, "\(r2)")
        let (y, rowHeight) = (numbers[numbers.count - 3], numbers[numbers.count - 1])
        #expect(y == 4 + 8 / 2 - rowHeight / 2, "r2 in the middle: \(atR2.stdout)")
        #expect(try ids("parentMessage", viewport + ["--starting-point", "none", "--scroll-offset", "0"]).count == 1,
                "an explicit offset wins")
    }

    @Test func json_followsTheBoxTreeContract() throws {
        let result = try thread(["--parent", "p1", "--width", "36", "--parent-presentation", "info_header", "--format", "json"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix(#"{"width":36,"height":"#))
        let json = try #require(try JSONSerialization.jsonObject(with: result.stdoutBytes) as? [String: Any])
        let root = try #require(json["root"] as? [String: Any])
        #expect(root["role"] as? String == "root")
        var roles: [String] = []
        func walk(_ box: [String: Any]) {
            roles.append(box["role"] as? String ?? "?")
            for child in box["children"] as? [[String: Any]] ?? [] { walk(child) }
        }
        walk(root)
        #expect(roles.contains("parentMessage") && roles.contains("replyCountSeparator"))
        #expect(roles.filter { $0 == "messageRow" }.count == 3)
    }

    @Test func unknownParent_exitsOne_namingIt() throws {
        let result = try thread(["--parent", "p9"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("no message 'p9' in the document"), "\(result.stderr)")
        #expect(result.stdout.isEmpty)
    }

    @Test func badUsage_exitsTwo() throws {
        for flags in [[], ["--parent", "p1", "--starting-point", "yesterday"], ["--parent", "p1", "--parent-presentation", "sidebar"],
                      ["--parent", "p1", "--scroll-offset", "3"], ["--parent", "p1", "--height", "0"]] {
            let result = try thread(flags)
            #expect(result.status == 2, "\(flags): \(result.stderr)")
            #expect(result.stdout.isEmpty)
        }
    }

    @Test func isTheSameBytesEveryRun() throws {
        for format in ["text", "tree", "json"] {
            let first = try thread(["--parent", "p1", "--width", "33", "--format", format])
            let second = try thread(["--parent", "p1", "--width", "33", "--format", format])
            #expect(first.status == 0)
            #expect(first.stdoutBytes == second.stdoutBytes, "\(format) differs between two runs")
        }
    }
}
