import Foundation
import Testing

/// `explain --markdown` (issue 31): each message's text as cmark-gfm parses it (Scripts/test.sh
/// installs libcmark-gfm) — in text, indented lines under the messages whose text is markdown;
/// in JSON, a `markdown` key on every message. Without the flag the output is as it was.
struct ExplainMarkdownTests {
    private static let document = """
        {"context": {"current_user_id": "me", "now": "2024-03-05T12:00:00Z", "time_zone": "UTC", "locale": "en_US"},
         "channel": {"cid": "messaging:x", "name": "X", "member_count": 3},
         "messages": [
          {"id": "a", "text": "plain words", "user": {"id": "leia"}, "created_at": "2024-03-05T09:00:50Z"},
          {"id": "b", "text": "**Docking** at _bay 3_\\n\\n> - [map](https://x.io) &#27;[31m", "user": {"id": "leia"},
           "created_at": "2024-03-05T09:01:00Z"},
          {"id": "c", "text": "Hi @Han Solo", "user": {"id": "leia"}, "created_at": "2024-03-05T09:02:00Z",
           "mentioned_users": [{"id": "han", "name": "Han Solo"}]}]}
        """

    private static func explain(_ flags: [String]) throws -> String {
        let result = try CLIRunner.run(["explain", "-"] + flags, stdin: document)
        try #require(result.status == 0, "\(result.stderr)")
        #expect(!result.stderr.contains("cmark-gfm"), "the library is installed: no warning")
        return result.stdout
    }

    @Test func text_addsIndentedBlocksUnderMarkdownMessages_only() throws {
        let plain = try Self.explain([])
        let parsed = try Self.explain(["--markdown"])
        let lines = parsed.split(separator: "\n", omittingEmptySubsequences: false)
        // Taking the added lines away gives the output without the flag, byte for byte.
        #expect(lines.filter { !$0.hasPrefix("    ") }.joined(separator: "\n") == plain)
        let added = lines.filter { $0.hasPrefix("    ") }.map(String.init)
        #expect(added == [
            "    paragraph \"Docking\" bold · \" at \" · \"bay 3\" italic",
            "    > • \"map\" link → https://x.io · \" \"",
            "    paragraph \"Hi \" · \"@Han Solo\" mention → han",
        ], "\(added)")
        #expect(!parsed.contains("\u{1B}") && !parsed.contains("[31m"), "an entity's escape sequence is neutralised away")
        // Under their own messages: b's two blocks follow b's line, c's follows c's.
        let b = try #require(lines.firstIndex { $0.hasPrefix("b ") })
        #expect(lines[b + 1].hasPrefix("    paragraph \"Docking\""))
        let c = try #require(lines.firstIndex { $0.hasPrefix("c ") })
        #expect(lines[c + 1].contains("mention"))
    }

    private struct Explanation: Decodable {
        struct Item: Decodable {
            var id: String?
            var markdown: [Block]?
        }
        struct Block: Decodable, Equatable {
            var kind: String
            var marker: String?
            var quote_depth: Int
            var list_depth: Int
            var runs: [Run]
        }
        struct Run: Decodable, Equatable {
            var text: String
            var styles: [String]
            var destination: String?
        }
        var items: [Item]
    }

    @Test func json_everyMessageHasItsBlocks_orNull() throws {
        let without = try Self.explain(["--format", "json"])
        #expect(!without.contains("\"markdown\""), "no key without the flag")
        let output = try Self.explain(["--format", "json", "--markdown"])
        // Every message has the key: null for plain words.
        let object = try #require(try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any])
        let items = try #require(object["items"] as? [[String: Any]]).filter { $0["kind"] as? String == "message" }
        #expect(items.map { $0["id"] as? String } == ["a", "b", "c"])
        #expect(items.allSatisfy { $0.keys.contains("markdown") })
        #expect(items[0]["markdown"] is NSNull, "plain words: null")
        let messages = try JSONDecoder().decode(Explanation.self, from: Data(output.utf8)).items.filter { $0.id != nil }
        let blocks = try #require(messages[1].markdown)
        #expect(blocks.map(\.kind) == ["paragraph", "list_item"])
        #expect(blocks[1].marker == "bullet" && blocks[1].quote_depth == 1 && blocks[1].list_depth == 1)
        #expect(blocks[0].runs == [Explanation.Run(text: "Docking", styles: ["bold"]), Explanation.Run(text: " at ", styles: []),
                                   Explanation.Run(text: "bay 3", styles: ["italic"])])
        #expect(blocks[1].runs.first == Explanation.Run(text: "map", styles: ["link"], destination: "https://x.io"))
        #expect(messages[2].markdown?.first?.runs.last == Explanation.Run(text: "@Han Solo", styles: ["mention"], destination: "han"))
    }

    @Test func sendbirdsProfile_hasMarkdownOff_soNothingIsParsed() throws {
        let parsed = try Self.explain(["--markdown", "--profile", "sendbird"])
        #expect(!parsed.split(separator: "\n").contains { $0.hasPrefix("    ") }, "\(parsed)")
    }
}
