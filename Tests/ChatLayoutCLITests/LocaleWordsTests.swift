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
