import Foundation
import Testing

/// `chat-layout` with markdown (issue 31): message text drawn without its markers, the parsed
/// structure in `explain --markdown`, and a clear note when cmark-gfm is not installed.
@Suite struct MarkdownCLITests {
    static let document = #"""
        {"context": {"current_user_id": "luke", "now": "2024-05-01T12:00:00Z", "locale": "en_US", "time_zone": "UTC"},
         "channel": {"name": "Dev", "member_count": 3},
         "messages": [
          {"id": "m1", "text": "**Release 2.4** is out with `--dry-run`, thanks @Leia Organa", "user": {"id": "han", "name": "Han Solo"},
           "created_at": "2024-05-01T10:00:00Z", "mentioned_users": [{"id": "leia", "name": "Leia Organa"}]},
          {"id": "m2", "text": "# Checklist\n- update the docs\n  1. read the guide\n\n> ship it\n\n```\nmake release\n```",
           "user": {"id": "luke", "name": "Luke"}, "created_at": "2024-05-01T10:01:00Z"},
          {"id": "m3", "text": "Plain words\n\nin two paragraphs", "user": {"id": "han", "name": "Han Solo"}, "created_at": "2024-05-01T10:02:00Z"}]}
        """#

    private func run(_ arguments: [String], environment: [String: String]? = nil, document: String = Self.document) throws -> CLIRunner.Result {
        var merged = ProcessInfo.processInfo.environment
        for (key, value) in environment ?? [:] { merged[key] = value }
        return try CLIRunner.run(arguments + ["-"], stdin: Data(document.utf8), environment: merged)
    }

    @Test func preview_drawsTheWords_withoutTheMarkers() throws {
        let result = try run(["preview", "--width", "44"])
        #expect(result.status == 0)
        let text = result.stdout
        #expect(text.contains("Release 2.4 is out with") && text.contains("dry-run, thanks @Leia Organa"))
        for marker in ["**", "`", "# Checklist", "```", "> ship"] { #expect(!text.contains(marker), "\(marker)") }
        #expect(text.contains("•  update the docs") && text.contains("1. read the guide"))
        #expect(text.contains("│ ship it") && text.contains("│ make release"), "a quote's and a code block's gutter")
        #expect(!result.stderr.contains("markdown"), "\(result.stderr)")
        // A text without markdown keeps its blank line, as written.
        #expect(text.contains("Plain words") && text.contains("in two paragraphs"))
    }

    @Test func explain_markdown_showsTheParsedStructure_inTextAndJSON() throws {
        let text = try run(["explain", "--markdown"]).stdout
        #expect(text.contains(#"markdown of m1:"#))
        #expect(text.contains(#""Release 2.4" bold · " is out with " · "--dry-run" code · ", thanks " · "@Leia Organa" mention → leia"#))
        #expect(text.contains(#"heading 1 "Checklist""#))
        #expect(text.contains(#"  1. "read the guide""#), "indented by its list depth")
        #expect(text.contains(#"> paragraph "ship it""#))
        #expect(!text.contains("markdown of m3"), "no markdown: as written")

        let json = try run(["explain", "--markdown", "--format", "json"]).stdoutBytes
        let object = try #require(try JSONSerialization.jsonObject(with: json) as? [String: Any])
        let markdown = try #require(object["markdown"] as? [[String: Any]])
        // Required, not expected: the rows are read by index next (and without cmark-gfm there
        // are none — a failure then, not a crash of the whole test run).
        try #require(markdown.compactMap { $0["id"] as? String } == ["m1", "m2"])
        let blocks = try #require(markdown[1]["blocks"] as? [[String: Any]])
        try #require(blocks.compactMap { $0["kind"] as? String } == ["heading", "list_item", "list_item", "paragraph", "code_block"])
        #expect(blocks[0]["level"] as? Int == 1 && blocks[2]["marker"] as? Int == 1 && blocks[3]["quote_depth"] as? Int == 1)
        let firstBlocks = try #require(markdown[0]["blocks"] as? [[String: Any]])
        let runs = try #require(firstBlocks.first?["runs"] as? [[String: Any]])
        #expect(runs.last?["destination"] as? String == "leia" && runs.last?["styles"] as? [String] == ["mention"])
        // Without the flag, the JSON has no such key: scripts see what they saw.
        let plain = try #require(try JSONSerialization.jsonObject(with: try run(["explain", "--format", "json"]).stdoutBytes) as? [String: Any])
        #expect(plain["markdown"] == nil)
    }

    @Test func markdownOff_drawsAsWritten_andExplainSaysSo() throws {
        let off = Self.document.replacingOccurrences(of: #""messages":"#, with: #""config": {"markdown_enabled": false}, "messages":"#)
        let result = try run(["preview", "--width", "44"], document: off)
        #expect(result.stdout.contains("**Release 2.4**"))
        #expect(try run(["explain", "--markdown"], document: off).stdout.contains("markdown: off (markdown_enabled)"))
    }

    @Test func withoutCmark_itSaysSoOnce_andDrawsAsWritten() throws {
        let result = try run(["preview", "--width", "44"], environment: ["CHAT_LAYOUT_CMARK_GFM_LIBRARIES": "/nonexistent/core.so:/nonexistent/ext.so"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("**Release 2.4**"), "as written")
        let notes = result.stderr.components(separatedBy: "\n").filter { $0.contains("markdown is drawn as written") }
        #expect(notes.count == 1)
        #expect(notes.first?.contains("CHAT_LAYOUT_CMARK_GFM_LIBRARIES") == true)
        // A document without markdown has nothing to say.
        let plain = #"{"messages": [{"id": "a", "text": "At 9:41, see you", "user": {"id": "u"}, "created_at": "2024-05-01T10:00:00Z"}]}"#
        let quiet = try run(["preview", "--width", "44"], environment: ["CHAT_LAYOUT_CMARK_GFM_LIBRARIES": "/no:/no"], document: plain)
        #expect(!quiet.stderr.contains("markdown"))
    }
}
