import Foundation
import Testing

/// The words of a screen follow `--locale`, and `--strings` replaces what it names: the
/// bundled sample in German, Japanese and the pseudo-locale, a user's table over German, and
/// a table with a mistake refused with its JSON path.
struct LocaleWordsTests {
    private static let sample = CLIRunner.repository.appendingPathComponent("Samples/conversation.json").path
    private static let threads = CLIRunner.repository.appendingPathComponent("Samples/threads.json").path

    private func preview(_ arguments: [String]) throws -> CLIRunner.Result {
        try CLIRunner.run(["preview", Self.sample, "--width", "40"] + arguments)
    }

    @Test func theLocale_choosesTheWords() throws {
        let english = try preview(["--locale", "en_US"]).stdout
        #expect(english.contains("4 members") && english.contains("Unread messages"))
        let german = try preview(["--locale", "de_DE"]).stdout
        #expect(german.contains("4 Mitglieder") && german.contains("Ungelesene Nachrichten"))
        #expect(!german.contains("members") && !german.contains("Unread"))
        let japanese = try preview(["--locale", "ja_JP"]).stdout
        #expect(japanese.contains("メンバー4人"))
        let pseudo = try preview(["--locale", "en_XA"]).stdout
        #expect(pseudo.contains("[4 ɱéɱƀéŕš one]"))
        let threadList = try CLIRunner.run(["threads", Self.threads, "--width", "40", "--locale", "fr_FR"]).stdout
        #expect(threadList.contains("Fils de discussion"))
    }

    @Test func aStringsFile_replacesWhatItNames() throws {
        let table = FileManager.default.temporaryDirectory.appendingPathComponent("clk-strings-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: table) }
        try Data(#"{"language": "de", "strings": {"members": {"one": "{count} Person", "other": "{count} Leute"}}}"#.utf8).write(to: table)
        let drawn = try preview(["--locale", "de_DE", "--strings", table.path])
        #expect(drawn.status == 0, "\(drawn.stderr)")
        #expect(drawn.stdout.contains("4 Leute") && drawn.stdout.contains("Ungelesene Nachrichten"))

        try Data(#"{"strings": {"members": {"one": "{count} Person", "oter": "{count} Leute"}}}"#.utf8).write(to: table)
        let refused = try preview(["--locale", "de_DE", "--strings", table.path])
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("strings.members.oter: unknown plural category"), "\(refused.stderr)")
        let missing = try preview(["--strings", "/nonexistent/table.json"])
        #expect(missing.status == 1 && missing.stderr.contains("/nonexistent/table.json: cannot be read (--strings)"))
    }
}

/// Right-to-left locales mirror the screen (issue 15, item 4); `--layout-direction` and the
/// config's `layout_direction` choose it whatever the locale.
struct LayoutDirectionTests {
    private static let sample = CLIRunner.repository.appendingPathComponent("Samples/conversation.json").path

    @Test func aHebrewScreen_isMirrored_withItsTailsOnTheOtherSide() throws {
        let drawn = try CLIRunner.run(["preview", Self.sample, "--width", "40", "--locale", "he_IL"]).stdout.split(separator: "\n")
        let english = try CLIRunner.run(["preview", Self.sample, "--width", "40", "--locale", "en_US"]).stdout.split(separator: "\n")
        // The header's title at the right, its count at the left.
        #expect(drawn[1].hasSuffix("General │") && english[1].hasPrefix("│ General"))
        // Others' bubbles sit at the right with their avatars, the tail square at the bottom
        // right; the current user's at the left, square at the bottom left.
        #expect(drawn.contains { $0.hasSuffix("╰──────────────────────────┘") })
        #expect(drawn.contains { $0.hasPrefix(" └") } || drawn.contains { $0.hasPrefix(" ╰") })
        // The avatar level with the footnote line, at its start.
        #expect(drawn.contains { $0.hasSuffix(" LS") } && english.contains { $0.hasPrefix(" LS Luke") })
        // A quote's bar at the leading edge: the right.
        #expect(drawn.contains { $0.contains("┃ │") } && english.contains { $0.contains("│ ┃ ") })
        let json = try CLIRunner.run(["preview", Self.sample, "--width", "40", "--locale", "he_IL", "--format", "json"]).stdout
        #expect(json.contains(#""direction":"rtl""#))
    }

    @Test func theFlagAndTheConfig_chooseTheDirection() throws {
        let forced = try CLIRunner.run(["preview", Self.sample, "--width", "40", "--locale", "en_US", "--layout-direction", "rtl"]).stdout
        #expect(forced.split(separator: "\n")[1].hasSuffix("General │"))
        let left = try CLIRunner.run(["preview", Self.sample, "--width", "40", "--locale", "he_IL", "--layout-direction", "ltr"]).stdout
        #expect(left.split(separator: "\n")[1].hasPrefix("│ General"))
        let explained = try CLIRunner.run(["explain", Self.sample, "--width", "40", "--locale", "ar_EG"]).stdout
        #expect(explained.contains("laid out right to left, mirrored: the locale ar_EG reads right to left"))
        let document = #"{"context": {"now": "2024-03-05T12:00:00Z", "time_zone": "UTC", "locale": "en_US"}, "config": {"layout_direction": "rtl"}, "channel": {"cid": "messaging:x", "name": "Room"}, "messages": []}"#
        let fromConfig = try CLIRunner.run(["explain", "-", "--format", "json"], stdin: document)
        #expect(fromConfig.stdout.contains(#""direction":"rtl""#), "\(fromConfig.stderr)")
        let wrong = try CLIRunner.run(["explain", "-"], stdin: document.replacingOccurrences(of: #""rtl""#, with: #""up""#))
        #expect(wrong.status == 1 && wrong.stderr.contains("config.layout_direction: unknown value 'up' (expected one of: auto, ltr, rtl)"),
                "\(wrong.stderr)")
        let bad = try CLIRunner.run(["preview", Self.sample, "--layout-direction", "up"])
        #expect(bad.status == 2)
    }
}
