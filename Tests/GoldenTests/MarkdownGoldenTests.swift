import ChatLayoutGoldens
import ChatLayoutKit
import ChatLayoutMarkdown
import ChatLayoutTextRenderer
import Foundation
import Testing

/// Rich text (issue 31) in cells: `markdown-release-notes.json`'s texts as markdown, every kind
/// of block and run, drawn without their markers, parsed by cmark-gfm as `ScreenRequest` sets
/// it up (Scripts/test.sh installs it); what it makes of the texts is checked first.
struct MarkdownGoldenTests {
    /// What CommonMark with GitHub's extensions makes of the document's texts.
    enum ReleaseNotesMarkdown {
        static func run(_ text: String, _ traits: RichTextTraits = [], to destination: String? = nil) -> RichTextRun {
            RichTextRun(text: NeutralText(text), traits: traits, destination: destination.map { NeutralText($0) })
        }

        static let known: [String: RichText] = [
            "**Release 2.4** is out: _faster_ sync and `--dry-run`": RichText(blocks: [
                RichTextBlock(kind: .paragraph, runs: [run("Release 2.4", .strong), run(" is out: "), run("faster", .emphasis),
                                                       run(" sync and "), run("--dry-run", .code)]),
            ]),
            "# Checklist\n- update the ~~old~~ docs\n  1. read [the guide](https://example.com/guide)\n  2. run `make test`\n- tag it": RichText(blocks: [
                RichTextBlock(kind: .heading(level: 1), runs: [run("Checklist")]),
                RichTextBlock(kind: .listItem(marker: .bullet), runs: [run("update the "), run("old", .strikethrough), run(" docs")], listDepth: 1),
                RichTextBlock(kind: .listItem(marker: .number(1)), runs: [run("read "), run("the guide", .link, to: "https://example.com/guide")],
                              listDepth: 2),
                RichTextBlock(kind: .listItem(marker: .number(2)), runs: [run("run "), run("make test", .code)], listDepth: 2),
                RichTextBlock(kind: .listItem(marker: .bullet), runs: [run("tag it")], listDepth: 1),
            ]),
            "> ship it when green\n\n```\nmake release\nmake publish\n```\n\n---\n\nthanks!": RichText(blocks: [
                RichTextBlock(kind: .paragraph, runs: [run("ship it when green")], quoteDepth: 1),
                RichTextBlock(kind: .codeBlock(language: nil), runs: [run("make release\nmake publish", .code)]),
                RichTextBlock(kind: .thematicBreak, runs: []),
                RichTextBlock(kind: .paragraph, runs: [run("thanks!")]),
            ]),
        ]
    }

    private func snapshot(width: Int) throws -> LayoutSnapshot {
        let url = try #require(Bundle.module.url(forResource: "markdown-release-notes.json", withExtension: nil, subdirectory: "Documents"))
        let request = ScreenRequest(document: ScreenRequest.Document(name: "markdown-release-notes.json", bytes: Array(try Data(contentsOf: url))),
                                    screen: .messageList, units: .cells(ambiguousIsWide: false), width: width)
        let input = try request.input()
        let environment = try request.environment(input, presentation: TerminalPresentation())
        return LayoutSnapshot(name: "markdown-release-notes-w\(width)", conversation: input.document.conversation, environment: environment,
                              document: "markdown-release-notes.json", width: width)
    }

    @Test func theParser_makesTheBlocksAndRunsOfCommonMark() throws {
        let parser = try #require(CmarkMarkdownParser.system, "cmark-gfm: \(CmarkMarkdownParser.unavailableReason ?? "")")
        for (text, expected) in ReleaseNotesMarkdown.known {
            #expect(parser.parse(NeutralText(text), mentionedUsers: []) == expected, "\(text)")
        }
    }

    @Test func everyKindOfBlockAndRun_matchesItsGolden() throws {
        let snapshot = try snapshot(width: 40)
        Golden.assertMatches(try snapshot.drawing(.text), named: snapshot.name)
        Golden.assertMatches(try snapshot.drawing(.tree), named: snapshot.name + ".tree")
    }
}
