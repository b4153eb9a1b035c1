import ChatLayoutKit
import ChatLayoutMarkdown
import ChatLayoutTestSupport
import Foundation
import Synchronization
import Testing

/// The markdown parser on cmark-gfm (Scripts/test.sh installs libcmark-gfm): each construct
/// Stream's parser reads, as blocks and runs; Stream's rules for texts without markdown, line
/// breaks and mentions; neutral runs; hostile nesting.
@Suite struct CmarkMarkdownParserTests {
    private func parser() throws -> CmarkMarkdownParser {
        try #require(CmarkMarkdownParser.system, "cmark-gfm: \(CmarkMarkdownParser.unavailableReason ?? "")")
    }

    private func parse(_ text: String, mentions: [(id: String, name: String)] = []) throws -> RichText? {
        try parser().parse(NeutralText(text), mentionedUsers: mentions)
    }

    /// Each block as "kind q<quote depth> l<list depth>: run|run" (``RichText/described``).
    private func describe(_ rich: RichText?) -> [String] { RichText.described(rich) }

    // MARK: Inline styles

    @Test func emphasisStrongStrikethroughAndCode() throws {
        #expect(describe(try parse("**bold** and _italic_ and ~~gone~~ and `code`")) ==
                ["p q0 l0: bold[B]| and |italic[I]| and |gone[S]| and |code[C]"])
        #expect(describe(try parse("***both*** and ~single~")) == ["p q0 l0: both[BI]| and |single[S]"])
        #expect(describe(try parse("**a _nested_ b**")) == ["p q0 l0: a [B]|nested[BI]| b[B]"])
    }

    @Test func links_writtenAndBare() throws {
        #expect(describe(try parse("See [Stream](https://getstream.io/) now")) ==
                ["p q0 l0: See |Stream[L→https://getstream.io/]| now"])
        #expect(describe(try parse("Go to https://example.com/a?b=1 or www.example.org.")) ==
                ["p q0 l0: Go to |https://example.com/a?b=1[L→https://example.com/a?b=1]| or |www.example.org[L→http://www.example.org]|."])
        #expect(describe(try parse("**[bold link](https://x.io)**")) == ["p q0 l0: bold link[BL→https://x.io]"])
    }

    @Test func bareLinksAlone_areNoMarkdown_theTextAsWrittenWithItsLinks() throws {
        // Stream: Foundation's parser sees no markdown, the text is drawn as written and its
        // link detector finds the links; the line feeds stay.
        #expect(describe(try parse("Look:\nhttps://x.io/a_b\nthanks")) ==
                ["p q0 l0: Look:\n|https://x.io/a_b[L→https://x.io/a_b]|\nthanks"])
        #expect(describe(try parse("www.a.io\n\nor mail me@x.io")) ==
                ["p q0 l0: www.a.io[L→http://www.a.io]|\n\nor mail |me@x.io[L→mailto:me@x.io]"])
        // CommonMark's own autolink, or any other markup, makes the text markdown: soft breaks are spaces.
        #expect(describe(try parse("<https://x.io>\nnext")) == ["p q0 l0: https://x.io[L→https://x.io]| next"])
        #expect(describe(try parse("**a** https://x.io\nb")) == ["p q0 l0: a[B]| |https://x.io[L→https://x.io]| b"])
        let many = (0 ..< 2000).map { "https://e.io/\($0)" }.joined(separator: "\n")
        #expect(try parse(many)?.blocks.first?.runs.filter { $0.traits == .link }.count == 2000)
        #expect(try parse(many)?.plainText == many, "as written")
    }

    // MARK: Blocks

    @Test func headings_oneToSix() throws {
        let text = (1 ... 6).map { String(repeating: "#", count: $0) + " Level \($0)" }.joined(separator: "\n")
        #expect(describe(try parse(text)) == (1 ... 6).map { "h\($0) q0 l0: Level \($0)" })
        #expect(describe(try parse("## A _second_ level")) == ["h2 q0 l0: A |second[I]| level"])
    }

    @Test func codeBlocks_keepTheirLines_andLanguage() throws {
        #expect(describe(try parse("Swift:\n```swift\nlet a = 1\n    a += 1\n```")) ==
                ["p q0 l0: Swift:", "code(swift) q0 l0: let a = 1\n    a += 1[C]"])
        #expect(describe(try parse("```\nNo newlines above and below\n```")) == ["code() q0 l0: No newlines above and below[C]"])
        #expect(describe(try parse("    indented code")) == ["code() q0 l0: indented code[C]"])
    }

    @Test func lists_orderedFromTheirStart_unorderedAndNested() throws {
        #expect(describe(try parse("Fruits:\n- **Oranges** (bold)\n- Apples")) ==
                ["p q0 l0: Fruits:", "• q0 l1: Oranges[B]| (bold)", "• q0 l1: Apples"])
        #expect(describe(try parse("3. three\n4. four")) == ["3. q0 l1: three", "4. q0 l1: four"])
        #expect(describe(try parse("1. First\n    - nested\n        1. deeper\n        2. deeper (2)")) ==
                ["1. q0 l1: First", "• q0 l2: nested", "1. q0 l3: deeper", "2. q0 l3: deeper (2)"])
        // A list item's second paragraph is a paragraph at the item's depth, without a marker.
        #expect(describe(try parse("- one\n\n  more of one\n- two")) == ["• q0 l1: one", "p q0 l1: more of one", "• q0 l1: two"])
    }

    @Test func blockQuotes_nested_andThematicBreaks() throws {
        #expect(describe(try parse("Not a quote\n> A quote\n>> Deeper")) ==
                ["p q0 l0: Not a quote", "p q1 l0: A quote", "p q2 l0: Deeper"])
        #expect(describe(try parse("---\nhi!")) == ["--- q0 l0: ", "p q0 l0: hi!"])
        #expect(describe(try parse("> - in a quote")) == ["• q1 l1: in a quote"])
    }

    @Test func aQuotesSecondParagraph_continuesIt_aSecondQuoteDoesNot() throws {
        let one = try #require(try parse("> first\n>\n> second"))
        #expect(one.blocks.map(\.continuesQuote) == [false, true])
        let two = try #require(try parse("> first\n\n> second"))
        #expect(two.blocks.map(\.continuesQuote) == [false, false])
        let nested = try #require(try parse("> outer\n>> inner\n>\n> outer again"))
        #expect(nested.blocks.map(\.quoteDepth) == [1, 2, 1])
        #expect(nested.blocks.map(\.continuesQuote) == [false, false, false], "each stands in another quote than the one before")
    }

    // MARK: Stream's rules

    @Test func aTextWithoutMarkdown_isDrawnAsWritten() throws {
        #expect(try parse("Hello there") == nil)
        #expect(try parse("Two paragraphs\n\nof plain words") == nil, "only unstyled paragraphs: not markdown")
        #expect(try parse("Escaped \\*stars\\* and &amp; entities") == nil, "what Stream draws as written")
        #expect(try parse("Time: 9:41, see you @ home") == nil)
    }

    @Test func lineBreaks_softAreSpaces_hardAreLineFeeds() throws {
        // Stream: "Quote should render on a single line"; two spaces, a backslash or <br/> break.
        #expect(describe(try parse("> Quote\n> should\n> render")) == ["p q1 l0: Quote should render"])
        #expect(describe(try parse("This is **bold** text  \nnext\\\nthird<br/>fourth")) ==
                ["p q0 l0: This is |bold[B]| text\nnext\nthird\nfourth"])
        #expect(describe(try parse("`inline code which\nshould render on a single line`")) ==
                ["p q0 l0: inline code which should render on a single line[C]"])
    }

    @Test func mentions_areRunsWithTheUsersID_outsideCodeAndLinks() throws {
        let users = [(id: "leia", name: "Leia Organa"), (id: "han", name: "Han")]
        #expect(describe(try parse("Hi @Leia Organa and @Han!", mentions: users)) ==
                ["p q0 l0: Hi |@Leia Organa[@→leia]| and |@Han[@→han]|!"], "no markdown: as written, with its mentions")
        #expect(describe(try parse("**@Han** said `@Han`", mentions: users)) == ["p q0 l0: @Han[B@→han]| said |@Han[C]"])
        #expect(describe(try parse("@Hannah is not @Han", mentions: [(id: "han", name: "Han")])) ==
                ["p q0 l0: @Han[@→han]|nah is not |@Han[@→han]"], "Stream highlights the name wherever it stands")
        #expect(describe(try parse("Hi @u7", mentions: [(id: "u7", name: "")])) == ["p q0 l0: Hi |@u7[@→u7]"], "the id, without a name")
        #expect(try parse("Hi there", mentions: users) == nil)
    }

    @Test func runs_areNeutral_whateverEntitiesSpell() throws {
        let rich = try #require(try parse("**red** &#27;[31m alarm &#8238;evil &#x7; bell"))
        for run in rich.blocks.flatMap(\.runs) {
            #expect(!run.text.string.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 },
                    "\(run.text.string.debugDescription)")
            #expect(run.text == NeutralText(run.text.string), "already neutral")
        }
        let link = try #require(try parse("[x](https://a.io/&#27;)"))
        #expect(link.blocks[0].runs[0].destination.map { !$0.string.unicodeScalars.contains { $0.value == 0x1B } } == true)
    }

    @Test func parsesOnManyThreadsAtOnce_asOnOne() throws {
        // cmark-gfm's table of the characters extensions react to is one for the process: the
        // shim makes parses take turns, else a '~' goes unseen now and then.
        let parser = try parser()
        let text = "**bold** ~~gone~~ ~one~ `code` https://a.io"
        let expected = parser.parse(NeutralText(text), mentionedUsers: [])
        let differing = Mutex(0)
        DispatchQueue.concurrentPerform(iterations: 400) { _ in
            if parser.parse(NeutralText(text), mentionedUsers: []) != expected { differing.withLock { $0 += 1 } }
        }
        #expect(differing.withLock { $0 } == 0)
        #expect(expected?.blocks.first?.runs.filter { $0.traits.contains(.strikethrough) }.count == 2)
    }

    // MARK: The fast path

    @Test func fastPath_isConservative_overTheCorpus() throws {
        let parser = try parser()
        var skipped = 0
        for line in try Self.corpus() + ["9:41", "a - b", "1 2 3", "x+y", "e=mc2", "no markup here"] {
            guard !CmarkMarkdownParser.mayContainMarkup(line) else { continue }
            skipped += 1
            // What the fast path skips parses as one plain paragraph of the same words: nil.
            #expect(parser.parse(NeutralText(line), mentionedUsers: []) == nil, "\(line.debugDescription)")
        }
        #expect(skipped > 0)
        #expect(CmarkMarkdownParser.mayContainMarkup("- item"))
        #expect(CmarkMarkdownParser.mayContainMarkup("  2. item"))
        #expect(CmarkMarkdownParser.mayContainMarkup("see www.example.org"))
        #expect(!CmarkMarkdownParser.mayContainMarkup("a - b, 3 cats"))
    }

    /// The shared multilingual corpus, as the ICU tests' fixtures hold it (one JSON string a line).
    static func corpus() throws -> [String] {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("ChatLayoutICUTests/Fixtures/corpus.jsonl")
        return try String(contentsOf: url, encoding: .utf8).split(separator: "\n").map {
            try JSONDecoder().decode(String.self, from: Data($0.utf8))
        }
    }

    // MARK: Hostile input

    @Test func deepNesting_parsesWithoutRecursion_atTheMaximumDepth() throws {
        let quotes = String(repeating: ">", count: 10_000) + " deep"
        let rich = try #require(try parse(quotes))
        #expect(rich.blocks.count == 1)
        #expect(rich.blocks[0].quoteDepth == CmarkMarkdownParser.maximumDepth)
        #expect(rich.plainText == "deep")
        var lists = ""
        for depth in 0 ..< 500 { lists += String(repeating: "  ", count: depth) + "- item\n" }
        let nested = try #require(try parse(lists))
        #expect(nested.blocks.allSatisfy { $0.listDepth <= CmarkMarkdownParser.maximumDepth })
        #expect(nested.blocks.map(\.listDepth).max() == CmarkMarkdownParser.maximumDepth)
        let oneLine = try #require(try parse(String(repeating: "- ", count: 10_000) + "item"))
        #expect(oneLine.blocks.map(\.listDepth) == [CmarkMarkdownParser.maximumDepth] && oneLine.plainText == "item")
        let stars = try parse(String(repeating: "*", count: 10_000) + "x" + String(repeating: "*", count: 10_000))
        #expect(stars.map { $0.plainText.count > 0 } ?? true)
        let brackets = try parse(String(repeating: "[", count: 10_000) + "x")
        #expect(brackets?.plainText.hasSuffix("x") ?? true)
        // Past the longest text parsed: as written, its mentions still runs.
        let long = "**x** @Han " + String(repeating: ">", count: CmarkMarkdownParser.maximumParsedLength)
        let written = try #require(try parse(long, mentions: [(id: "han", name: "Han")]))
        #expect(written.blocks.count == 1 && written.plainText == long)
        #expect(written.blocks[0].runs.map(\.traits) == [[], .mention, []])
        #expect(try parse(String(repeating: "> ", count: CmarkMarkdownParser.maximumParsedLength / 2) + "x") == nil)
        let links = (0 ..< 3000).map { "[l\($0)](https://e.io/\($0))" }.joined(separator: " ")
        #expect(try parse(links)?.blocks[0].runs.filter { $0.traits.contains(.link) }.count == 3000)
    }
}
