import Foundation
import Testing

/// Issue 18's smaller findings: line separators printed raw, years before 1 without their
/// era, negative reaction counts drawn, cyclic replies hidden without a word.
struct HostileInputRoundTwoTests {
    private static func document(now: String = "2024-03-05T12:00:00Z", channelName: String = "X",
                                 messages: [String], config: String = "{}") -> String {
        """
        {"context": {"current_user_id": "me", "now": "\(now)", "time_zone": "UTC", "locale": "en_US"},
         "config": \(config),
         "channel": {"cid": "messaging:x", "name": "\(channelName)", "member_count": 3},
         "messages": [\(messages.joined(separator: ",\n"))]}
        """
    }

    private static func message(_ id: String, name: String = "Leia", text: String = "hi", at time: String = "2024-03-05T09:00:00Z",
                                extra: String = "") -> String {
        #"{"id": "\#(id)", "text": "\#(text)", "user": {"id": "leia", "name": "\#(name)"}, "created_at": "\#(time)"\#(extra)}"#
    }

    // MARK: U+2028 and U+2029

    /// JavaScript, editors and browsers end a line at U+2028 and U+2029: a printed report
    /// shows them as "␊", the SVG as character references.
    @Test(arguments: [["explain", "--format", "text"], ["preview", "--format", "tree"], ["preview", "--format", "svg"],
                      ["preview"], ["thread", "--parent", "m\u{2028}1"]])
    func lineSeparators_neverReachTheOutputRaw(_ command: [String]) throws {
        let json = Self.document(channelName: #"X\u2028Y"#, messages: [
            Self.message(#"m\u20281"#, name: #"Le\u2029ia"#, text: #"one\u2028two\u2029three"#, extra: #", "reply_count": 1"#),
            Self.message("r1", at: "2024-03-05T09:01:00Z", extra: #", "parent_id": "m\u20281""#),
        ])
        let result = try CLIRunner.run(Array(command.prefix(1)) + ["-"] + command.dropFirst() + ["--width", "40"], stdin: json)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(!result.stdout.unicodeScalars.contains { $0 == "\u{2028}" || $0 == "\u{2029}" })
        #expect(!result.stderr.unicodeScalars.contains { $0 == "\u{2028}" || $0 == "\u{2029}" })
        // Quoted (issue 26.8): a line separator is a blank, so the id is more than one word.
        if command.contains("explain") { #expect(result.stdout.contains("\"m␊1\" ")) }
        if command.contains("svg") { #expect(result.stdout.contains("&#x2028;")) }
    }

    // MARK: Years before 1

    /// RFC 3339 year 0000 is 1 BC; ICU writes its year as "1", so the era is added.
    @Test func yearZero_isWrittenWithItsEra() throws {
        let json = Self.document(now: "0001-06-01T12:00:00Z", messages: [Self.message("m1", at: "0000-03-05T09:00:00Z")],
                                 config: #"{"date_indicator_placement": "message_list"}"#)
        let result = try CLIRunner.run(["preview", "-", "--width", "40"], stdin: json)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("Mar 5, 1 BC"), "\(result.stdout)")
        // A year after 0 keeps ICU's own label.
        let later = Self.document(now: "0002-06-01T12:00:00Z", messages: [Self.message("m1", at: "0001-03-05T09:00:00Z")],
                                  config: #"{"date_indicator_placement": "message_list"}"#)
        let laterResult = try CLIRunner.run(["preview", "-", "--width", "40"], stdin: later)
        #expect(laterResult.stdout.contains("Mar 5, 1 ──"), "\(laterResult.stdout)")
    }

    // MARK: Negative reaction counts

    @Test func negativeAndZeroReactionScores_areNotDrawn_andAreWarnedAbout() throws {
        let reactions = #", "reaction_scores": {"like": -3, "haha": 0, "love": 2}, "latest_reactions": [{"type": "like"}, {"type": "haha"}, {"type": "love"}]"#
        let json = Self.document(messages: [Self.message("m1", extra: reactions)])
        let result = try CLIRunner.run(["preview", "-", "--width", "40"], stdin: json)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(!result.stdout.contains("-3"))
        #expect(!result.stdout.contains(" 0"))
        // Reactions are drawn as icons alone (issue 29.10): love's, not like's nor haha's.
        #expect(result.stdout.contains("❤️") && !result.stdout.contains("👍") && !result.stdout.contains("😂"))
        #expect(result.stderr.contains("messages[0].reaction_scores: 2 scores of 0 or below are not drawn, the first 'like' (-3)"), "\(result.stderr)")
        // Only non-positive scores: no reactions at all.
        let none = Self.document(messages: [Self.message("m1", extra: #", "reaction_scores": {"like": -1}, "latest_reactions": [{"type": "like"}]"#)])
        let explained = try CLIRunner.run(["explain", "-", "--format", "json"], stdin: none)
        #expect(!explained.stdout.contains("\"reactions\""))
        #expect(explained.stderr.contains("messages[0].reaction_scores: the score of 'like' (-1) is not drawn"), "\(explained.stderr)")
        // A score above 0 for a type without an image draws no (empty) reactions row either.
        let unsupported = Self.document(messages: [Self.message("m1", extra: #", "reaction_scores": {"like": 0, "fire": 3}, "latest_reactions": [{"type": "like"}]"#)])
        let tree = try CLIRunner.run(["preview", "-", "--format", "tree"], stdin: unsupported)
        #expect(!tree.stdout.contains("reactions"), "\(tree.stdout)")
    }

    /// Thousands of scores of 0 are one warning, its path found once: a path is found by
    /// walking the object, so a warning per score was quadratic (20k keys took about a second,
    /// 160k half a minute).
    @Test func manyZeroScores_areOneWarning() throws {
        let keys = (0 ..< 20_000).map { #""t\#($0)": 0"# }.joined(separator: ",")
        let json = Self.document(messages: [Self.message("m1", extra: #", "reaction_scores": {\#(keys)}"#)])
        let result = try CLIRunner.run(["explain", "-", "--format", "json"], stdin: json)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr.prefix(500))")
        #expect(result.stderr.contains("20000 scores of 0 or below are not drawn, the first 't0' (0)"))
    }

    // MARK: Cyclic replies

    @Test(arguments: [2, 3, 7])
    func cyclicReplies_areBadInput_namingTheCycle(_ length: Int) throws {
        var messages = [Self.message("root")]
        for index in 0 ..< length {
            messages.append(Self.message("c\(index)", at: "2024-03-05T09:0\(index % 10):30Z", extra: #", "parent_id": "c\#((index + 1) % length)""#))
        }
        let result = try CLIRunner.run(["preview", "-"], stdin: Self.document(messages: messages))
        #expect(result.status == 1)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains("messages[1].parent_id: replies form a cycle ('c0' → 'c1'"), "\(result.stderr)")
        #expect(result.stderr.contains(length > 5 ? "→ …)" : "→ 'c0')"))
    }

    /// A chain that ends at a root is no cycle; its reply to a reply is warned about, since
    /// threads do not nest (the root's thread view does not show it).
    @Test func aReplyChainThatEndsAtARoot_isNoCycle_andItsNestedReplyIsWarnedAbout() throws {
        let messages = [Self.message("root", extra: #", "reply_count": 2"#),
                        Self.message("r1", extra: #", "parent_id": "root""#),
                        Self.message("r2", extra: #", "parent_id": "r1""#),
                        Self.message("r3", extra: #", "parent_id": "missing""#)]
        let result = try CLIRunner.run(["explain", "-"], stdin: Self.document(messages: messages))
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("r2 hidden: thread reply not sent to the channel"))
        #expect(result.stderr.contains("messages[2].parent_id: a reply to the thread reply 'r1': threads do not nest"), "\(result.stderr)")
        #expect(!result.stderr.contains("messages[1].parent_id"))
        #expect(!result.stderr.contains("messages[3].parent_id"))
    }
}
