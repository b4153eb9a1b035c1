@testable import ChatLayoutKit
@testable import ChatLayoutModel

/// A stand-in for the real parser (cmark-gfm, `ChatLayoutMarkdown`): fixed rich text for the
/// texts it knows, nil (no markup) for the others.
struct FakeMarkdown: MarkdownParsing {
    var known: [String: RichText]

    func parse(_ text: NeutralText, mentionedUsers: [(id: String, name: String)]) -> RichText? {
        known[text.string]
    }

    /// A run.
    static func run(_ text: String, _ traits: RichTextTraits = [], to destination: String? = nil) -> RichTextRun {
        RichTextRun(text: NeutralText(text), traits: traits, destination: destination.map { NeutralText($0) })
    }

    /// "**bold** and _italic_ and `code`" (Stream's ChatMessageContentView_Tests' markdown text).
    static let mixed = "**bold** and _italic_ and `code`"
    static let mixedRich = RichText(blocks: [RichTextBlock(kind: .paragraph, runs: [
        run("bold", .strong), run(" and "), run("italic", .emphasis), run(" and "), run("code", .code),
    ])])

    /// Every kind of block: a heading, a paragraph with a link and struck words, a bulleted
    /// list with a nested numbered item, a quote, a code block and a thematic break.
    static let everyKind = """
        # Release notes
        Read **the docs** at [the site](https://example.com) ~~today~~
        - first item
          1. nested *one*
        > quoted words
        ```
        let x = 1
        print(x)
        ```
        ---
        """
    static let everyKindRich = RichText(blocks: [
        RichTextBlock(kind: .heading(level: 1), runs: [run("Release notes")]),
        RichTextBlock(kind: .paragraph, runs: [run("Read "), run("the docs", .strong), run(" at "), run("the site", .link, to: "https://example.com"),
                                               run(" "), run("today", .strikethrough)]),
        RichTextBlock(kind: .listItem(marker: .bullet), runs: [run("first item")], listDepth: 1),
        RichTextBlock(kind: .listItem(marker: .number(1)), runs: [run("nested "), run("one", .emphasis)], listDepth: 2),
        RichTextBlock(kind: .paragraph, runs: [run("quoted words")], quoteDepth: 1),
        RichTextBlock(kind: .codeBlock(language: nil), runs: [run("let x = 1\nprint(x)")]),
        RichTextBlock(kind: .thematicBreak, runs: []),
    ])

    static let standard = FakeMarkdown(known: [mixed: mixedRich, everyKind: everyKindRich, "**Olá** mundo": RichText(blocks: [
        RichTextBlock(kind: .paragraph, runs: [run("Olá", .strong), run(" mundo")]),
    ])])
}
