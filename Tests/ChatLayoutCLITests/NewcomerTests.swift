import Foundation
import Testing

/// Issue 27, a newcomer's first hour: enum values in either spelling, suggestions for a
/// mistyped command, the notes that explain a surprising drawing, and a phone's width in points.
struct NewcomerTests {
    /// Two messages a day apart, seen by "me"; the dates float over the list (the default).
    private static let overlayDocument = Hostile.document([
        Hostile.message("m0", text: #""first""#, at: "2024-03-04T09:00:00Z"),
        Hostile.message("m1", text: #""second""#, at: "2024-03-05T09:00:00Z"),
    ])

    /// The thread document of `ThreadCommandTests`, small: a parent and two replies.
    private static let threadDocument = """
        {"context": {"current_user_id": "me", "now": "2024-03-05T12:00:00Z", "time_zone": "UTC", "locale": "en_US"},
         "channel": {"cid": "messaging:lunch", "name": "Lunch Crew", "member_count": 3},
         "messages": [
           {"id": "p1", "text": "Pizza or sushi?", "user": {"id": "leia", "name": "Leia"}, "created_at": "2024-03-05T09:00:00Z",
            "reply_count": 2},
           {"id": "r1", "type": "reply", "parent_id": "p1", "text": "Pizza!", "user": {"id": "han", "name": "Han"},
            "created_at": "2024-03-05T09:01:00Z"},
           {"id": "r2", "type": "reply", "parent_id": "p1", "text": "Sushi", "user": {"id": "me", "name": "Me"},
            "created_at": "2024-03-05T09:10:00Z"}]}
        """

    /// A thread list seen by nobody in particular unless `currentUser` is given: one thread
    /// with unread replies for "mia".
    private static func threadsDocument(currentUser: String?) -> String {
        let user = currentUser.map { #""current_user_id": "\#($0)", "# } ?? ""
        return """
            {"context": {\(user)"now": "2024-03-05T10:00:00Z", "time_zone": "UTC", "locale": "en_US"},
             "threads": [{"parent_message_id": "p1", "channel": {"cid": "messaging:hikers", "name": "Hikers"},
                          "parent_message": {"id": "p1", "text": "Saturday?", "user": {"id": "luke", "name": "Luke"},
                                             "created_at": "2024-03-04T16:58:00Z"},
                          "reply_count": 2,
                          "latest_replies": [{"id": "r2", "type": "reply", "parent_id": "p1", "text": "Me!",
                                              "user": {"id": "han", "name": "Han"}, "created_at": "2024-03-05T08:41:00Z"}],
                          "read": [{"user": {"id": "mia"}, "unread_messages": 2}],
                          "last_message_at": "2024-03-05T08:41:00Z"}]}
            """
    }

    // MARK: - One spelling for enum values

    @Test(arguments: [
        (["preview", "-", "--date-indicator", "message-list"], ["preview", "-", "--date-indicator", "message_list"]),
        (["explain", "-", "--date-indicator", "message-list"], ["explain", "-", "--date-indicator", "message_list"]),
        (["thread", "-", "--parent", "p1", "--parent-presentation", "first_message"],
         ["thread", "-", "--parent", "p1", "--parent-presentation", "first-message"]),
        (["thread", "-", "--parent", "p1", "--parent-presentation", "info_header"],
         ["thread", "-", "--parent", "p1", "--parent-presentation", "info-header"]),
    ])
    func enumValues_takeHyphensAndUnderscoresAlike(canonical: [String], other: [String]) throws {
        let document = canonical[0] == "thread" ? Self.threadDocument : Self.overlayDocument
        let expected = try CLIRunner.run(canonical + ["--width", "40"], stdin: document)
        #expect(expected.status == 0, "\(expected.stderr)")
        let result = try CLIRunner.run(other + ["--width", "40"], stdin: document)
        #expect(result.status == 0, "\(other): \(result.stderr)")
        #expect(result.stdout == expected.stdout)
    }

    @Test func anUnknownEnumValue_isStillRefused_listingTheValues() throws {
        let result = try CLIRunner.run(["preview", "-", "--date-indicator", "message list"], stdin: Self.overlayDocument)
        #expect(result.status == 2)
        #expect(result.stderr.contains("'overlay'") && result.stderr.contains("'message-list'"), "\(result.stderr)")
    }

    @Test func aGoldenManifest_takesTheCommandLinesSpelling() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("newcomer-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data(Self.overlayDocument.utf8).write(to: folder.appendingPathComponent("two-days.json"))
        try Data(#"{"width": 40, "date_indicator": "message-list"}"#.utf8).write(to: folder.appendingPathComponent("goldens.json"))
        var environment = ProcessInfo.processInfo.environment
        environment["CI"] = nil
        let record = try CLIRunner.run(["golden", "record", folder.path], environment: environment)
        #expect(record.status == 0, "\(record.stdout)\(record.stderr)")
        let drawing = try String(contentsOf: folder.appendingPathComponent("two-days.txt"), encoding: .utf8)
        #expect(drawing.contains("· dates message_list"), "\(drawing)")
    }

    // MARK: - Mistyped commands

    @Test(arguments: [
        (["previw", "-"], "Did you mean 'preview'?"),
        (["Explain", "-"], "Did you mean 'explain'?"),
        (["thraeds", "-"], "Did you mean 'threads'?"),
        (["golden", "chek", "/tmp"], "Did you mean 'check'?"),
        (["text", "wdith"], "Did you mean 'width'?"),
    ])
    func aMistypedCommand_isAnsweredWithTheOneMeant(arguments: [String], suggestion: String) throws {
        let result = try CLIRunner.run(arguments, stdin: Self.overlayDocument)
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty)
        let lines = result.stderr.components(separatedBy: "\n")
        #expect(lines.count > 1 && lines[1].hasPrefix(suggestion), "\(result.stderr)")
    }

    @Test func aWordFarFromEveryCommand_listsTheCommands() throws {
        let result = try CLIRunner.run(["conversation.json"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("Not a command; the commands of 'chat-layout': preview, explain, threads, thread, text, golden"),
                "\(result.stderr)")
    }

    @Test func aCommandSpelledRight_getsNoSuggestion() throws {
        let result = try CLIRunner.run(["preview", "-", "--widht", "40"], stdin: Self.overlayDocument)
        #expect(result.status == 2)
        // ArgumentParser's own suggestion for the option, and none of a command.
        #expect(result.stderr.contains("Did you mean '--width'?"), "\(result.stderr)")
        #expect(!result.stderr.contains("the commands of"), "\(result.stderr)")
    }

    // MARK: - Notes on stderr

    @Test func threads_withoutACurrentUser_saysSo() throws {
        let nobody = try CLIRunner.run(["threads", "-", "--width", "50"], stdin: Self.threadsDocument(currentUser: nil))
        #expect(nobody.status == 0, "\(nobody.stderr)")
        #expect(nobody.stderr.contains("chat-layout: note: no current user (--current-user, or the document's context.current_user_id)"),
                "\(nobody.stderr)")
        let mia = try CLIRunner.run(["threads", "-", "--width", "50"], stdin: Self.threadsDocument(currentUser: "mia"))
        #expect(mia.status == 0 && mia.stderr.isEmpty, "\(mia.stderr)")
        // The flag names her too.
        let flag = try CLIRunner.run(["threads", "-", "--width", "50", "--current-user", "mia"],
                                     stdin: Self.threadsDocument(currentUser: nil))
        #expect(flag.status == 0 && flag.stderr.isEmpty, "\(flag.stderr)")
        #expect(flag.stdout == mia.stdout && flag.stdout != nobody.stdout, "her badge shows")
    }

    @Test func anOverlayWithoutHeight_hintsWhyNoDateShows() throws {
        let whole = try CLIRunner.run(["preview", "-", "--width", "40"], stdin: Self.overlayDocument)
        #expect(whole.status == 0, "\(whole.stderr)")
        #expect(!whole.stdout.contains("Today") && !whole.stdout.contains("Yesterday"))
        #expect(whole.stderr.contains("chat-layout: hint: no dates are drawn") && whole.stderr.contains("--height"), "\(whole.stderr)")
        let thread = try CLIRunner.run(["thread", "-", "--parent", "p1", "--width", "40"], stdin: Self.threadDocument)
        #expect(thread.status == 0 && thread.stderr.contains("chat-layout: hint: no dates are drawn"), "\(thread.stderr)")
        // A viewport at rest draws no date, as Stream hides it until the list scrolls: the hint names --scrolling.
        let rest = try CLIRunner.run(["preview", "-", "--width", "40", "--height", "8"], stdin: Self.overlayDocument)
        #expect(rest.status == 0 && !rest.stdout.contains("Today"), "\(rest.stdout)")
        #expect(rest.stderr.contains("chat-layout: hint: no dates are drawn") && rest.stderr.contains("--scrolling"), "\(rest.stderr)")
        // A scrolling viewport draws the date; separators draw every date: no hint.
        for flags in [["--height", "8", "--scrolling"], ["--date-indicator", "message-list"], ["--date-indicator", "none"]] {
            let result = try CLIRunner.run(["preview", "-", "--width", "40"] + flags, stdin: Self.overlayDocument)
            #expect(result.status == 0 && result.stderr.isEmpty, "\(flags): \(result.stderr)")
            if flags[0] != "--date-indicator" || flags[1] != "none" { #expect(result.stdout.contains("Today"), "\(flags)") }
        }
    }

    // MARK: - A phone's width in points

    /// The screen's `width` from `--format json`.
    private func jsonWidth(_ arguments: [String]) throws -> Int? {
        let result = try CLIRunner.run(arguments + ["--format", "json"], stdin: Self.overlayDocument)
        try #require(result.status == 0, "\(result.stderr)")
        let object = try JSONSerialization.jsonObject(with: result.stdoutBytes) as? [String: Any]
        return object?["width"] as? Int
    }

    @Test func pointsWithoutWidth_areAPhonesWidth() throws {
        #expect(try jsonWidth(["preview", "-", "--units", "points"]) == 375)
        #expect(try jsonWidth(["preview", "-", "--units", "points", "--width", "390"]) == 390)
        #expect(try jsonWidth(["preview", "-"]) == 80, "cells stay a terminal's 80")
        let threads = try CLIRunner.run(["threads", "-", "--units", "points", "--format", "json", "--current-user", "mia"],
                                        stdin: Self.threadsDocument(currentUser: nil))
        #expect(threads.stdout.hasPrefix(#"{"width":375,"#), "\(threads.stdout.prefix(80)) \(threads.stderr)")
        let help = try CLIRunner.run(["preview", "--help"])
        #expect(help.stdout.contains("375"), "the help says which width")
    }
}
