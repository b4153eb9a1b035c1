import Foundation
import Testing

/// Real payload shapes of Stream's v5 REST API (Tests/Fixtures/stream-v5: a channels query with
/// membership and truncated_at, a channel state with one message of every content kind, a
/// single message, a single thread, unread counts, a thread list) through every command at
/// widths 20, 40 and 80: each shows as many messages as Stream would, and no message of a
/// payload goes unaccounted for — shown, or listed by `explain` with the reason Stream hides it.
struct StreamPayloadFixtureTests {
    private static let folder = CLIRunner.repository.appendingPathComponent("Tests/Fixtures/stream-v5")
    private static let fixed = ["--now", "2024-06-09T20:00:00Z", "--time-zone", "UTC", "--locale", "en_US"]

    /// What a command makes of a payload.
    enum Outcome: Sendable, CustomStringConvertible {
        /// Laid out: this many message rows (`messageRow`, plus `parentMessage` in a thread view).
        case messages(Int)
        /// Laid out: this many thread-list items.
        case threadItems(Int)
        /// Bad input (exit 1), stderr saying this.
        case badInput(String)

        var description: String {
            switch self {
            case .messages(let count): "\(count) messages"
            case .threadItems(let count): "\(count) thread items"
            case .badInput(let text): "bad input: \(text)"
            }
        }
    }

    struct Case: Sendable, CustomTestStringConvertible {
        var file: String
        var command: [String]
        var outcome: Outcome
        var testDescription: String { "\(file) \(command.joined(separator: " ")) → \(outcome)" }
    }

    private static let notAMessageList = Outcome.badInput("expected messages, channels, channel or message; found keys:")
    private static let notAThreadList = Outcome.badInput("expected threads or thread; found keys:")
    private static let unreadCounts = Outcome.badInput("unread-counts response")

    static let cases: [Case] = [
        // General: 10 messages; Stream hides a1 and a2 (before truncated_at), a4 (Han's,
        // shadowed), a6 (a deleted ephemeral giphy) and a8 (a thread reply): 5 shown, Mia's own
        // shadowed a5 and the deleted_for_me a7 among them.
        Case(file: "channels-query.json", command: ["preview"], outcome: .messages(5)),
        Case(file: "channels-query.json", command: ["thread", "--parent", "a3"], outcome: .messages(2)),
        Case(file: "channels-query.json", command: ["preview", "--channel", "messaging:!members-J2Hx7uSlmV"], outcome: .messages(2)),
        Case(file: "channels-query.json", command: ["threads"], outcome: notAThreadList),
        // Twelve messages, one of each content kind: all shown, none an empty bubble.
        Case(file: "channel-state.json", command: ["preview"], outcome: .messages(12)),
        Case(file: "channel-state.json", command: ["thread", "--parent", "k1"], outcome: .messages(1)),
        Case(file: "channel-state.json", command: ["threads"], outcome: notAThreadList),
        // A single message: a list of one; its thread from its latest_replies.
        Case(file: "message.json", command: ["preview"], outcome: .messages(1)),
        Case(file: "message.json", command: ["thread", "--parent", "m1"], outcome: .messages(3)),
        Case(file: "message.json", command: ["threads"], outcome: notAThreadList),
        // A single thread: a thread list of one, and its view.
        Case(file: "thread.json", command: ["threads"], outcome: .threadItems(1)),
        Case(file: "thread.json", command: ["thread", "--parent", "t1"], outcome: .messages(4)),
        Case(file: "thread.json", command: ["preview"], outcome: notAMessageList),
        // Unread counts hold nothing to lay out.
        Case(file: "unread-counts.json", command: ["preview"], outcome: unreadCounts),
        Case(file: "unread-counts.json", command: ["threads"], outcome: unreadCounts),
        Case(file: "unread-counts.json", command: ["thread", "--parent", "t1"], outcome: unreadCounts),
        // A thread list: three threads, each thread's view from its payload.
        Case(file: "thread-list.json", command: ["threads"], outcome: .threadItems(3)),
        Case(file: "thread-list.json", command: ["thread", "--parent", "g1"], outcome: .messages(3)),
        Case(file: "thread-list.json", command: ["thread", "--parent", "d1"], outcome: .messages(2)),
        Case(file: "thread-list.json", command: ["preview"], outcome: notAMessageList),
    ]

    @Test(arguments: cases)
    func everyCommand_showsWhatStreamShows_atEveryWidth(_ fixture: Case) throws {
        let path = Self.folder.appendingPathComponent(fixture.file).path
        for width in [20, 40, 80] {
            let arguments = [fixture.command[0], path] + fixture.command.dropFirst()
                + ["--width", "\(width)", "--format", "json"] + Self.fixed
            let result = try CLIRunner.run(arguments)
            switch fixture.outcome {
            case .badInput(let text):
                #expect(result.status == 1, "width \(width): \(result.stderr)")
                #expect(result.stderr.contains(text), "width \(width): \(result.stderr)")
                #expect(result.stdout.isEmpty)
            case .messages(let count):
                #expect(result.status == 0, "width \(width): \(result.stderr)")
                let roles = try Self.roles(result.stdoutBytes)
                #expect(roles["messageRow", default: 0] + roles["parentMessage", default: 0] == count, "width \(width): \(roles)")
            case .threadItems(let count):
                #expect(result.status == 0, "width \(width): \(result.stderr)")
                #expect(try Self.roles(result.stdoutBytes)["threadListItem", default: 0] == count, "width \(width)")
            }
        }
    }

    /// `explain` accounts for every message of the payload: shown, or hidden with its reason.
    @Test func explain_accountsForEveryMessage_withStreamsReasons() throws {
        let path = Self.folder.appendingPathComponent("channels-query.json").path
        let result = try CLIRunner.run(["explain", path, "--format", "json"] + Self.fixed)
        #expect(result.status == 0, "\(result.stderr)")
        let explanation = try JSONDecoder().decode(Explanation.self, from: result.stdoutBytes)
        let shown = explanation.items.filter { $0.kind == "message" }.compactMap(\.id)
        #expect(shown == ["a3", "a5", "a7", "a9", "a10"])
        #expect(explanation.hidden.map { "\($0.id) \($0.reason)" }
            == ["a1 truncated", "a2 truncated", "a4 shadowed", "a6 deleted_ephemeral", "a8 thread_reply"])
        // The current user comes from the membership: Mia's messages are hers.
        #expect(explanation.items.first { $0.id == "a5" }?.options?.contains("flipped") == true)
        #expect(explanation.items.first { $0.id == "a9" }?.options?.contains("bubble") == false, "a lone ❤ is a jumbomoji")
        // Her last read message is a5: the deleted a7 is skipped, the separator is above a9.
        let kinds = explanation.items.map { $0.id ?? $0.kind }
        #expect(kinds.firstIndex(of: "unreadSeparator").map { kinds[$0 + 1] } == "a9")
        let text = try CLIRunner.run(["explain", path] + Self.fixed)
        #expect(text.stdout.contains("you are mia (the channel's membership)"))
        #expect(text.stdout.contains("a4 hidden: shadowed by moderation"))
        let preview = try CLIRunner.run(["preview", path] + Self.fixed)
        #expect(preview.stderr.contains("4 messages hidden as Stream hides them (1 shadowed, 1 deleted ephemeral, 2 truncated)"))
        // Reactions hang off the bubble's corner as icons alone (issue 29.10): no count.
        #expect(preview.stdout.contains("👎") && !preview.stdout.contains("👎 1"), "Stream's sad reaction is a thumbs down")
    }

    @Test func everyContentKind_isDrawn() throws {
        let path = Self.folder.appendingPathComponent("channel-state.json").path
        let drawn = try CLIRunner.run(["preview", path, "--width", "120"] + Self.fixed).stdout
        // Luke created the poll (`created_by_id`) and it takes one vote (`enforce_unique_vote`).
        for part in ["│ Where do we meet?", "Select one ", "○  Café Luna", "[ View Results ]", "[ End Vote ]", "[location: 52.52000, 13.40500]",
                     "[live location: -33.85680, 151.21530]", "▶  recording.aac", "00:07 ▁▃▅", "GIF cats",
                     "summit.jpg", "[pdf] route.pdf", "183 KB", "▶ descent.mp4", "[mp3] birdsong.mp3", "402 KB",
                     "│ Summit trail conditions", "Dry and clear all week.", "┃ Luke Skywalker: Poll", "Remind me to book the hut"] {
            #expect(drawn.contains(part), "\(part)")
        }
        #expect(!drawn.contains("Select one or more"))
        #expect(!drawn.contains("I'll do it tonight") && !drawn.contains("See you all at"), "drafts are the composer's")
        // Media with a size are drawn at it; the box tree says what each attachment is.
        let json = try CLIRunner.run(["preview", path, "--width", "120", "--format", "json"] + Self.fixed).stdout
        for content in [#""attachment":{"kind":"image","type":"image","title":"summit.jpg","file_name":"summit.jpg","url_host":"cdn.example","original_width":4032,"original_height":3024}"#,
                        #""attachment":{"kind":"giphy","type":"giphy","title":"cats","url_host":"giphy.example","original_width":480,"original_height":270"#,
                        #""attachment":{"kind":"file","type":"file","title":"route.pdf","file_name":"route.pdf","file_size":183402"#] {
            #expect(json.contains(content), "\(content)")
        }
        // Luke (the membership) read up to k10: the separator is above k11.
        let explained = try JSONDecoder().decode(Explanation.self, from: CLIRunner.run(["explain", path, "--format", "json"] + Self.fixed).stdoutBytes)
        let kinds = explained.items.map { $0.id ?? $0.kind }
        #expect(kinds.firstIndex(of: "unreadSeparator").map { kinds[$0 + 1] } == "k11")
    }

    @Test func rawPayload_getsStreamsDateLabels_andNamesADirectChannel() throws {
        let path = Self.folder.appendingPathComponent("channels-query.json").path
        let dated = try CLIRunner.run(["explain", path, "--date-indicator", "message-list", "--format", "json"] + Self.fixed)
        let explanation = try JSONDecoder().decode(Explanation.self, from: dated.stdoutBytes)
        // Ten messages, fewer than a page: the whole history, so the oldest has its separator.
        #expect(explanation.items.first?.kind == "dateSeparator")
        #expect(explanation.items.first?.text == "Jun 09", "Stream's MMMdd label")
        let partial = try CLIRunner.run(["explain", path, "--date-indicator", "message-list", "--no-history-loaded", "--format", "json"] + Self.fixed)
        #expect(try JSONDecoder().decode(Explanation.self, from: partial.stdoutBytes).items.first?.kind == "message")
        let direct = try CLIRunner.run(["preview", path, "--channel", "messaging:!members-J2Hx7uSlmV", "--width", "40"] + Self.fixed)
        #expect(direct.stdout.split(separator: "\n")[1].contains("Leia Organa"), "\(direct.stdout)")
    }

    @Test func threadList_previewsAsStreamDoes() throws {
        let path = Self.folder.appendingPathComponent("thread-list.json").path
        let drawn = try CLIRunner.run(["threads", path, "--width", "60"] + Self.fixed).stdout
        #expect(drawn.contains("🧵 Leia Organa"), "a nameless direct channel named after the other member")
        #expect(drawn.contains("replied to: This message was deleted."))
        #expect(drawn.contains("Image"), "a deleted reply with an image and no text")
        #expect(drawn.contains("Wednesday"), "within seven days: the weekday")
    }

    @Test func trailingCommas_stayAnError_locatedByLineAndColumn() throws {
        let path = Self.folder.appendingPathComponent("message.json").path
        let text = try String(contentsOfFile: path, encoding: .utf8)
            .replacingOccurrences(of: "\"pin_expires\": null\n", with: "\"pin_expires\": null,\n")
        let result = try CLIRunner.run(["preview", "-"] + Self.fixed, stdin: text)
        #expect(result.status == 1)
        #expect(result.stderr.contains("line 19, column 138") && result.stderr.contains("trailing comma in an object"), "\(result.stderr)")
    }

    private struct Explanation: Decodable {
        struct Item: Decodable {
            var kind: String
            var id: String?
            var text: String?
            var options: [String]?
        }

        struct Hidden: Decodable {
            var id: String
            var reason: String
        }

        var items: [Item]
        var hidden: [Hidden]
    }

    /// How many boxes of each role the box tree of `preview --format json` has.
    private static func roles(_ json: Data) throws -> [String: Int] {
        let object = try JSONSerialization.jsonObject(with: json)
        var counts: [String: Int] = [:]
        func walk(_ box: Any) {
            guard let box = box as? [String: Any] else { return }
            if let role = box["role"] as? String { counts[role, default: 0] += 1 }
            for child in box["children"] as? [Any] ?? [] { walk(child) }
        }
        walk((object as? [String: Any])?["root"] as Any)
        return counts
    }
}
