import Foundation
import Testing

/// Issue 12, section 5: hostile values in flags and fields. An error quotes a value whole up
/// to 200 characters, and a longer one cut to its first 40 with its size, so that 10 000
/// characters in a locale or an id cannot flood the terminal.
struct HostileValuesTests {
    private static let huge = String(repeating: "h", count: 10_000)
    private static let cut = String(repeating: "h", count: 40) + "… (10000 characters)"

    private static let valid = Hostile.document([
        Hostile.message("m0", text: #""first""#),
        Hostile.message("m1", text: #""second""#, at: "2024-03-05T09:01:00Z"),
    ])

    /// The checks every such error must pass: the exit code, the value cut with its size, a
    /// message that stays short, and no control character.
    private func expectCut(_ result: CLIRunner.Result, status: Int32, naming words: String,
                           sourceLocation: SourceLocation = #_sourceLocation) {
        // Checked apart from #expect, which would print a whole flooded message.
        let stderr = result.stderr, start = String(result.stderr.prefix(300))
        let (namesIt, isCut, length, control) = (stderr.contains(words), stderr.contains(Self.cut), stderr.count, Hostile.firstControl(in: stderr))
        #expect(result.status == status, "\(start)", sourceLocation: sourceLocation)
        #expect(namesIt, "\(words) in \(start)", sourceLocation: sourceLocation)
        #expect(isCut, "\(start)", sourceLocation: sourceLocation)
        #expect(length < 600, "\(length) characters on stderr: \(start)…", sourceLocation: sourceLocation)
        #expect(control == nil, "\(start)", sourceLocation: sourceLocation)
    }

    @Test(arguments: [
        (["--locale"], "--locale: unknown locale"),
        (["--time-zone"], "--time-zone: unknown time zone"),
        (["--now"], "--now must be an RFC 3339 timestamp"),
        (["--width"], "--width"),
        (["--date-indicator"], "--date-indicator"),
    ])
    func hugeFlagValue_isQuotedCut(flag: [String], says: String) throws {
        let result = try CLIRunner.run(["preview", "-"] + flag + [Self.huge], stdin: Self.valid)
        expectCut(result, status: 2, naming: says)
    }

    @Test func hugeFlagValue_afterAnEqualsSign_isQuotedCut() throws {
        let result = try CLIRunner.run(["preview", "-", "--width=" + Self.huge], stdin: Self.valid)
        expectCut(result, status: 2, naming: "--width")
    }

    @Test func hugeParent_isQuotedCut() throws {
        let result = try CLIRunner.run(["thread", "-", "--parent", Self.huge], stdin: Self.valid)
        expectCut(result, status: 1, naming: "no message")
    }

    @Test func hugeChannel_isQuotedCut() throws {
        let result = try CLIRunner.run(["preview", "-", "--channel", Self.huge], stdin: Self.valid)
        expectCut(result, status: 1, naming: "channel.cid: the document is channel 'messaging:x', not")
        let query = #"{"channels": [{"channel": {"cid": "messaging:a"}}]}"#
        expectCut(try CLIRunner.run(["preview", "-", "--channel", Self.huge], stdin: query), status: 1, naming: "no channel")
    }

    @Test func manyChannels_areListedInPart() throws {
        // Issue 18: "no channel" listed every channel of the response, each whole.
        let channels = (0 ..< 1000).map { #"{"channel": {"cid": "messaging:c\#($0)"}}"# } + [#"{"channel": {"cid": "\#(Self.huge)"}}"#]
        let result = try CLIRunner.run(["preview", "-", "--channel", "messaging:none"], stdin: #"{"channels": [\#(channels.joined(separator: ","))]}"#)
        #expect(result.status == 1)
        #expect(result.stderr.contains("no channel 'messaging:none' (the response has: messaging:c0, messaging:c1, "), "\(result.stderr.prefix(300))")
        #expect(result.stderr.contains(", messaging:c11 and 989 more)"), "\(result.stderr.prefix(300))")
        #expect(result.stderr.count < 600, "\(result.stderr.count) characters")
        // A long cid among the first is cut.
        let first = #"{"channels": [\#(channels.last!), \#(channels[0])]}"#
        expectCut(try CLIRunner.run(["preview", "-", "--channel", "messaging:none"], stdin: first), status: 1, naming: "no channel")
    }

    @Test func hugeCurrentUser_isNeverEchoed() throws {
        // Date separators: without them and without --height, the overlay's hint would be on stderr.
        let result = try CLIRunner.run(["preview", "-", "--current-user", Self.huge, "--date-indicator", "message-list"],
                                       stdin: Self.valid)
        #expect(result.status == 0)
        #expect(result.stderr.isEmpty)
    }

    @Test func hugeFileName_isQuotedCut() throws {
        let result = try CLIRunner.run(["preview", Self.huge])
        expectCut(result, status: 1, naming: "no such file")
    }

    @Test(arguments: [
        ("context.locale", #""locale": "en_US""#, #""locale": "\#(huge)""#, "context.locale: unknown locale"),
        ("context.time_zone", #""time_zone": "UTC""#, #""time_zone": "\#(huge)""#, "context.time_zone: unknown time zone"),
        ("duplicate ids", #""id": "m0""#, #""id": "\#(huge)""#, "duplicate message id"),
        ("unknown value", #""config": {}"#, #""config": {"grouping_rule": "\#(huge)"}"#, "config.grouping_rule: unknown value"),
        ("unknown local state", #""text": "first""#, #""text": "first", "local_state": "\#(huge)""#, "unknown local state"),
    ])
    func hugeFieldValue_isQuotedCut(name: String, field: String, hostile: String, says: String) throws {
        var document = Self.valid.replacingOccurrences(of: field, with: hostile)
        if name == "duplicate ids" { document = document.replacingOccurrences(of: #""id": "m1""#, with: #""id": "\#(Self.huge)""#) }
        let result = try CLIRunner.run(["preview", "-"], stdin: document)
        expectCut(result, status: 1, naming: says)
    }

    @Test func hugeThreadIds_areQuotedCut() throws {
        let reply = #"{"id": "\#(Self.huge)", "text": "A", "user": {"id": "y"}, "created_at": "2024-03-05T09:00:00Z"}"#
        let duplicateReplies = #"{"threads": [{"parent_message_id": "p", "parent_message": {"id": "p", "user": {"id": "y"}, "created_at": "2024-03-05T09:00:00Z"}, "latest_replies": [\#(reply), \#(reply)]}]}"#
        expectCut(try CLIRunner.run(["threads", "-"], stdin: duplicateReplies), status: 1, naming: "duplicate reply id")
        let thread = #"{"parent_message_id": "\#(Self.huge)", "parent_message": {"id": "\#(Self.huge)", "user": {"id": "y"}, "created_at": "2024-03-05T09:00:00Z"}}"#
        let duplicateThreads = #"{"threads": [\#(thread), \#(thread)]}"#
        expectCut(try CLIRunner.run(["threads", "-"], stdin: duplicateThreads), status: 1, naming: "duplicate thread for parent message")
    }

    @Test func hugeKey_inAPath_isQuotedCut() throws {
        let document = Self.valid.replacingOccurrences(of: #""text": "first""#, with: #""text": "first", "reaction_scores": {"\#(Self.huge)": "many"}"#)
        let result = try CLIRunner.run(["preview", "-"], stdin: document)
        expectCut(result, status: 1, naming: "messages[0].reaction_scores[")
    }

    // MARK: 2. A thread whose parent is itself

    @Test func messageThatIsItsOwnParent_isBadInput() throws {
        let document = Self.valid.replacingOccurrences(of: #""text": "second""#, with: #""text": "second", "parent_id": "m1""#)
        for command in [["preview"], ["explain"], ["thread", "--parent", "m1"], ["threads"]] {
            let result = try CLIRunner.run(command + ["-"], stdin: document)
            #expect(result.status == 1, "\(command): \(result.stderr)")
            #expect(result.stdout.isEmpty)
            #expect(result.stderr.contains("messages[1].parent_id: a message cannot be its own parent ('m1')"), "\(result.stderr)")
        }
    }

    @Test func threadWhoseRepliesHoldItsParent_isBadInput() throws {
        // The second reply is the parent message itself (with a parent_id, it would be its own
        // parent, an error at messages' level).
        let replies = [#""id": "r", "parent_id": "p""#, #""id": "p""#].map {
            #"{\#($0), "text": "A", "user": {"id": "y"}, "created_at": "2024-03-05T09:00:00Z"}"#
        }
        let document = #"{"threads": [{"parent_message_id": "p", "latest_replies": [\#(replies.joined(separator: ", "))]}]}"#
        for command in [["threads"], ["thread", "--parent", "p"], ["preview"]] {
            let result = try CLIRunner.run(command + ["-"], stdin: document)
            #expect(result.status == 1, "\(command): \(result.stderr)")
            #expect(result.stderr.contains("threads[0].latest_replies[1].id"), "\(result.stderr)")
            #expect(result.stderr.contains("the thread's own parent message 'p'"), "\(result.stderr)")
        }
    }
}
