import Foundation
import Testing

/// Issue 12, section 4: the command line's rough edges — errors that can be copied from,
/// help that stands on its own, intervals for people, flags only where they act, and
/// screens no taller or shorter than asked.
struct CommandLineEdgesTests {
    /// Messages by x at these times on 2024-03-05 ("09:00:17.918317"), in a channel or none.
    private static func document(_ times: [String], channel: Bool = true) -> String {
        let messages = times.enumerated().map { index, time in
            #"{"id": "m\#(index)", "text": "hi", "user": {"id": "x", "name": "Xavier"}, "created_at": "2024-03-05T\#(time)Z"}"#
        }
        return """
            {"context": {"current_user_id": "me", "now": "2024-03-05T12:00:00Z", "time_zone": "UTC", "locale": "en_US"},
            \(channel ? #" "channel": {"cid": "messaging:x", "name": "X", "member_count": 3},"# : "")
             "messages": [\(messages.joined(separator: ", "))]}
            """
    }

    /// A channels-query response with channels of these cids.
    private static func channels(_ cids: [String]) -> String {
        let states = cids.map { #"{"channel": {"cid": \#(Hostile.json($0))}, "messages": []}"# }
        return #"{"context": {"now": "2024-03-05T12:00:00Z", "time_zone": "UTC", "locale": "en_US"}, "channels": [\#(states.joined(separator: ", "))]}"#
    }

    // MARK: 1. --channel errors list the channel ids whole

    @Test func unknownChannel_listsTheChannelIdsWhole_toCopy() throws {
        let long = "messaging:!members-" + String(repeating: "0123456789abcdef", count: 4) // 83 characters
        let result = try CLIRunner.run(["explain", "-", "--channel", "messaging:zzz"], stdin: Self.channels([long, "team:general"]))
        #expect(result.status == 1)
        #expect(result.stderr.contains("no channel 'messaging:zzz' (the response has: \(long), team:general)"), "\(result.stderr)")
        #expect(!result.stderr.contains("…"))
    }

    @Test func unknownChannel_listsHostileIdsPlain_andAbsurdOnesCut() throws {
        let absurd = String(repeating: "c", count: 10_000)
        let result = try CLIRunner.run(["explain", "-", "--channel", "messaging:zzz"],
                                       stdin: Self.channels(["evil\u{1B}]0;pwned\u{07}\u{202E}:x", absurd]))
        #expect(result.status == 1)
        #expect(Hostile.firstControl(in: result.stderr) == nil, "\(result.stderr.prefix(300).debugDescription)")
        #expect(result.stderr.contains(#"evil\u{1B}]0;pwned\u{7}\u{202E}:x"#), "escaped: \(result.stderr.prefix(300))")
        let (isCut, length) = (result.stderr.contains(String(repeating: "c", count: 40) + "… (10000 characters)"), result.stderr.count)
        #expect(isCut, "\(result.stderr.prefix(300))")
        #expect(length < 500, "\(result.stderr.prefix(300))…")
    }

    // MARK: 2. Help refers to nothing outside the repository

    @Test(arguments: [[], ["preview"], ["explain"], ["threads"], ["thread"], ["text"],
                      ["text", "width"], ["text", "wrap"], ["text", "graphemes"], ["text", "breaks"]])
    func help_namesNoOutsideSpecification(_ command: [String]) throws {
        let result = try CLIRunner.run(command + ["--help"])
        #expect(result.status == 0)
        #expect(!result.stdout.isEmpty)
        // The section sign from its scalar: the repository's own text never cites a section.
        for reference in ["SPEC", String(Unicode.Scalar(UInt8(0xA7))), "specification"] {
            #expect(!result.stdout.localizedCaseInsensitiveContains(reference), "\(command) --help mentions \(reference)")
        }
    }

    /// `preview --help` names the JSON schema version that `preview --format json` writes
    /// (`LaidOutScreen.jsonSchemaVersion`), and its keys.
    @Test func previewHelp_namesTheSchemaVersionTheJSONHas() throws {
        let result = try CLIRunner.run(["preview", "-", "--width", "30", "--format", "json"], stdin: Self.document(["09:00:00"]))
        #expect(result.status == 0, "\(result.stderr)")
        let screen = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let version = try #require(screen["schema_version"] as? Int)
        let help = try CLIRunner.run(["preview", "--help"]).stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(help.contains("schema version \(version):"), "\(help)")
        for key in screen.keys {
            #expect(help.contains("\"\(key)\""), "preview --help does not name \(key)")
        }
    }

    // MARK: 3. explain rounds intervals for people; its JSON keeps them exact

    @Test func explainText_roundsIntervals() throws {
        let result = try CLIRunner.run(["explain", "-"], stdin: Self.document(["09:00:00", "09:00:17.918317", "09:02:00", "09:03:00.04"]))
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("grouped: next message by the same author 17.9 s later"), "\(result.stdout)")
        #expect(result.stdout.contains("last in group: next message 102 s later (> 60 s)"), "\(result.stdout)")
        // Rounded alike, a gap just over the limit would read as equal to it.
        #expect(result.stdout.contains("last in group: next message 60.04 s later (> 60 s)"), "\(result.stdout)")
        #expect(!result.stdout.contains("0000"), "no float noise: \(result.stdout)")
    }

    @Test func explainJSON_carriesTheExactIntervals_underNewKeys() throws {
        let result = try CLIRunner.run(["explain", "-", "--format", "json"], stdin: Self.document(["09:00:00", "09:00:17.918317", "09:02:00"]))
        #expect(result.status == 0, "\(result.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: result.stdoutBytes) as? [String: Any])
        let messages = try #require(json["items"] as? [[String: Any]])
        try #require(messages.count == 3)
        #expect(messages[0]["gap_seconds"] as? Double == 17.918317)
        #expect(messages[0]["limit_seconds"] == nil, "grouped: no limit went over")
        #expect(messages[1]["gap_seconds"] as? Double == 102.081683)
        #expect(messages[1]["limit_seconds"] as? Double == 60)
        #expect(messages[2]["gap_seconds"] == nil, "the newest has no next message")
        // The contract's keys come first, as they were.
        #expect(result.stdout.contains(#"{"kind":"message","id":"m0","position":"top","options":["#))
    }

    // MARK: 4. threads takes no message-list flags

    @Test(arguments: [["--no-grouping"], ["--date-indicator", "none"], ["--max-group-interval", "5"]])
    func threads_refusesMessageListFlags(_ flag: [String]) throws {
        let result = try CLIRunner.run(["threads", "-"] + flag, stdin: #"{"threads": []}"#)
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains(flag[0]), "\(result.stderr)")
    }

    @Test func help_listsMessageListFlags_onlyWhereTheyAct() throws {
        for command in ["preview", "explain", "thread", "threads"] {
            let help = try CLIRunner.run([command, "--help"]).stdout
            for flag in ["--no-grouping", "--date-indicator", "--max-group-interval"] {
                #expect(help.contains(flag) == (command != "threads"), "\(command) --help and \(flag)")
            }
        }
    }

    @Test func thread_honoursTheMessageListFlags() throws {
        let document = """
            {"context": {"current_user_id": "me", "now": "2024-03-05T12:00:00Z", "time_zone": "UTC", "locale": "en_US"},
             "channel": {"cid": "messaging:x", "name": "X", "member_count": 3},
             "messages": [{"id": "p", "text": "Q?", "user": {"id": "x"}, "created_at": "2024-03-04T09:00:00Z", "reply_count": 2},
               {"id": "r1", "parent_id": "p", "text": "a", "user": {"id": "y"}, "created_at": "2024-03-05T09:00:00Z"},
               {"id": "r2", "parent_id": "p", "text": "b", "user": {"id": "y"}, "created_at": "2024-03-05T09:00:30Z"}]}
            """
        let plain = try CLIRunner.run(["thread", "-", "--parent", "p", "--format", "tree"], stdin: document)
        try #require(plain.status == 0, "\(plain.stderr)")
        for flags in [["--no-grouping"], ["--max-group-interval", "10"], ["--date-indicator", "message-list"]] {
            let changed = try CLIRunner.run(["thread", "-", "--parent", "p", "--format", "tree"] + flags, stdin: document)
            #expect(changed.status == 0, "\(changed.stderr)")
            #expect(changed.stdout != plain.stdout, "\(flags) changes the thread")
        }
    }

    // MARK: 5. A negative number is a value to refuse by name

    @Test(arguments: [
        (["--max-group-interval", "-5"], "--max-group-interval must be 0 or more seconds"),
        (["--width", "-5"], "--width must be 1 or more"),
        (["--height", "-3"], "--height must be 1 or more"),
        (["--height", "10", "--scroll-offset", "-1"], "--scroll-offset must be 0 or more"),
    ])
    func negativeNumber_isRefusedWithItsRule(flags: [String], says: String) throws {
        let result = try CLIRunner.run(["preview", "-"] + flags, stdin: Self.document(["09:00:00"]))
        #expect(result.status == 2)
        #expect(result.stderr.contains(says), "\(result.stderr)")
        #expect(!result.stderr.contains("Missing value"))
    }

    @Test func textWrap_negativeWidth_isRefusedWithItsRule() throws {
        let result = try CLIRunner.run(["text", "wrap", "--width", "-2"], stdin: "x\n")
        #expect(result.status == 2)
        #expect(result.stderr.contains("--width must be 1 or more"), "\(result.stderr)")
    }

    // MARK: 6. No channel, no header

    @Test func noChannel_drawsNoHeader() throws {
        let doc = Self.document(["09:00:00", "09:05:00"], channel: false)
        let text = try CLIRunner.run(["preview", "-", "--width", "30"], stdin: doc)
        #expect(text.status == 0, "\(text.stderr)")
        let rows = Hostile.rows(text.stdout)
        #expect(!text.stdout.contains("┌") && !text.stdout.contains("┐"), "no header box:\n\(text.stdout)")
        #expect(rows.first?.trimmingCharacters(in: .whitespaces).isEmpty == true, "the list's top spacing comes first")
        let tree = try CLIRunner.run(["preview", "-", "--width", "30", "--format", "tree"], stdin: doc)
        #expect(!tree.stdout.contains("channelHeader"), "\(tree.stdout)")
        let svg = try CLIRunner.run(["preview", "-", "--width", "30", "--format", "svg"], stdin: doc)
        #expect(!svg.stdout.contains("channelHeader"))
        let json = try CLIRunner.run(["preview", "-", "--width", "30", "--format", "json"], stdin: doc)
        #expect(!json.stdout.contains("channelHeader"))
    }

    @Test func noChannel_explainPrintsNoHeaderLine() throws {
        let result = try CLIRunner.run(["explain", "-"], stdin: Self.document(["09:00:00"], channel: false))
        #expect(result.status == 0)
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.count == 2, "the message and the profile: \(result.stdout)")
        #expect(lines.first?.hasPrefix("m0 single") == true, "\(result.stdout)")
        #expect(!result.stdout.contains(" · \n"))
    }

    @Test func noChannel_viewportIsAsTallAsAsked() throws {
        let result = try CLIRunner.run(["preview", "-", "--width", "30", "--height", "3"], stdin: Self.document(["09:00:00"], channel: false))
        #expect(result.status == 0, "\(result.stderr)")
        #expect(Hostile.rows(result.stdout).count == 3)
        #expect(!result.stdout.contains("┌"))
    }

    // MARK: 7. --height below the header and one row is a usage error

    @Test(arguments: [
        (["preview"], "4"), (["threads"], "4"), (["thread", "--parent", "m0"], "5"),
    ])
    func heightBelowHeaderAndOneRow_isAUsageError(command: [String], minimum: String) throws {
        // With an empty thread list too, so that `threads` has what it reads.
        let messages = Self.document(["09:00:00", "09:01:00"])
        let doc = #"{"threads": [], "# + messages.drop { $0 != "{" }.dropFirst()
        let tooShort = try CLIRunner.run(command + ["-", "--height", String(Int(minimum)! - 1)], stdin: doc)
        #expect(tooShort.status == 2, "\(command): \(tooShort.stderr)")
        #expect(tooShort.stdout.isEmpty)
        #expect(tooShort.stderr.contains("--height must be at least \(minimum) for this document"), "\(tooShort.stderr)")
        let enough = try CLIRunner.run(command + ["-", "--height", minimum], stdin: doc)
        #expect(enough.status == 0, "\(command): \(enough.stderr)")
        #expect(Hostile.rows(enough.stdout).count == Int(minimum)!)
    }
}
