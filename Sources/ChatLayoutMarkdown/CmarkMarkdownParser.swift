import ChatLayoutKit
import ChatLayoutMarkdownShim

/// Message text parsed as CommonMark with GitHub's strikethrough and autolinks, by cmark-gfm
/// (the system's `libcmark-gfm`, loaded when first used), into the core's `RichText`.
///
/// The rules are Stream's (its `MarkdownParser` over Foundation's CommonMark parser):
/// - A text whose parse is nothing but paragraphs of unstyled words is not markdown: it is
///   drawn as written, its line feeds kept (nil), as Stream draws a text without markdown.
/// - Inside markdown a soft line break is a space; a hard one (two trailing spaces, a
///   backslash, or `<br>`/`<br/>`) a line feed inside the run.
/// - A bare URL (`https://…`, `www.…`) or e-mail address is a link (GitHub's autolinks). A text
///   whose only markup is such links is drawn as written, its line feeds kept, with its link
///   runs: Stream draws it so, its link detector finding the links in a text Foundation's
///   parser calls no markdown.
/// - `@` and a mentioned user's name (or id, without a name) is a mention run wherever it
///   stands outside code and links, as Stream UIKit highlights it; a message with mentions and
///   no markdown is one paragraph of its text as written, with its mention runs.
/// - Block quotes and lists deeper than ``maximumDepth`` are drawn at that depth.
///
/// Every run's text is neutralised again: entities and escapes can spell control characters.
/// The tree is walked with cmark's iterator, never by recursion, so nesting thousands deep
/// costs time linear in the text and no stack.
public struct CmarkMarkdownParser: MarkdownParsing {
    /// The deepest quote or list nesting drawn: deeper blocks stand at this depth.
    public static let maximumDepth = 8

    /// The longest text parsed, in UTF-8 bytes (1 MiB); a longer one is drawn as written, with
    /// its mentions. cmark-gfm holds a node of a few hundred bytes for each `>` or `- ` that
    /// opens a level, so a text of a MiB of them takes a few hundred MB while it is parsed;
    /// Stream's server takes texts of at most a few thousand characters.
    public static let maximumParsedLength = 1 << 20

    /// The parser, or nil when cmark-gfm's libraries cannot be loaded (``unavailableReason``).
    public static let system: CmarkMarkdownParser? = clk_markdown_load() != 0 ? CmarkMarkdownParser() : nil

    /// Why ``system`` is nil ("cmark-gfm is not installed; on Debian or Ubuntu, install …"),
    /// or nil when it is not.
    public static var unavailableReason: String? {
        clk_markdown_load() != 0 ? nil : String(cString: clk_markdown_failure())
    }

    private init() {}

    /// The text's blocks and runs, or nil when it has no markdown and no mention (drawn as
    /// written).
    public func parse(_ text: NeutralText, mentionedUsers: [(id: String, name: String)]) -> RichText? {
        let string = text.string
        let mentions = Self.mentions(mentionedUsers, in: string)
        guard string.utf8.count <= Self.maximumParsedLength, Self.mayContainMarkup(string) else {
            return mentions.isEmpty ? nil : Self.asWritten(string, mentions: mentions)
        }
        var builder = RichTextBuilder()
        // The string's own UTF-8, not a copy of it (a bridged string is made native first).
        var source = string
        let parsed = source.withUTF8 { bytes in bytes.withMemoryRebound(to: CChar.self) { Self.walk($0, into: &builder) } }
        guard parsed else { return mentions.isEmpty ? nil : Self.asWritten(string, mentions: mentions) }
        if let links = builder.bareLinksOfPlainText(in: string) {
            return links.isEmpty && mentions.isEmpty ? nil : Self.asWritten(string, links: links, mentions: mentions)
        }
        var blocks = builder.blocks
        if !mentions.isEmpty {
            for index in blocks.indices { blocks[index].runs = Self.splitting(blocks[index].runs, at: mentions) }
        }
        return RichText(blocks: blocks)
    }

    /// Whether `text` may hold markdown: false only when no character or line start that
    /// CommonMark or GitHub's extensions read as markup is in it (the parse of such a text is
    /// its own words, unstyled). Conservative: true is no promise of markup.
    public static func mayContainMarkup(_ text: String) -> Bool {
        var lineStart = true, spaces = 0
        var previous: UInt8 = 0
        for byte in text.utf8 {
            switch byte {
            // Emphasis, code, headings, quotes, links, HTML and entities, escapes, strikethrough;
            // '@' and ':' for autolinked e-mail addresses and URLs.
            case UInt8(ascii: "*"), UInt8(ascii: "_"), UInt8(ascii: "`"), UInt8(ascii: "#"), UInt8(ascii: ">"),
                 UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: "<"), UInt8(ascii: "&"), UInt8(ascii: "\\"),
                 UInt8(ascii: "~"), UInt8(ascii: "@"), UInt8(ascii: ":"):
                return true
            // "www." autolinks.
            case UInt8(ascii: ".") where previous == UInt8(ascii: "w") || previous == UInt8(ascii: "W"):
                return true
            // At a line's start (after up to three spaces): list markers, thematic breaks and
            // setext underlines, ordered list numbers; four spaces or a tab: indented code.
            case UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "="), UInt8(ascii: "0") ... UInt8(ascii: "9"), UInt8(ascii: "\t"):
                if lineStart { return true }
            default:
                break
            }
            if byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") {
                lineStart = true
                spaces = 0
            } else if byte == UInt8(ascii: " ") && lineStart {
                spaces += 1
                if spaces >= 4 { return true }
            } else {
                lineStart = false
            }
            previous = byte
        }
        return false
    }

    // MARK: The walk

    /// Walks cmark's tree of `bytes` into `builder`; false when nothing could be parsed.
    private static func walk(_ bytes: UnsafeBufferPointer<CChar>, into builder: inout RichTextBuilder) -> Bool {
        guard let base = bytes.baseAddress, let document = clk_markdown_parse(base, bytes.count) else { return false }
        defer { clk_markdown_free(document) }
        guard let walk = clk_markdown_walk(document) else { return false }
        defer { clk_markdown_walk_free(walk) }
        var node: UnsafeMutableRawPointer?
        while true {
            let event = clk_markdown_next(walk, &node)
            guard event != 0, let node else { break }
            let kind = Int(clk_markdown_kind(node))
            if event == 1 { builder.enter(kind, node) } else { builder.exit(kind) }
        }
        builder.finishBlock()
        return true
    }

    // MARK: Mentions

    /// The mentions "@name" of the mentioned users that `text` has, with their ids, longest
    /// first (where one mention begins another, the longer one is taken).
    static func mentions(_ users: [(id: String, name: String)], in text: String) -> [(mention: [UInt8], id: String)] {
        guard !users.isEmpty, text.utf8.contains(UInt8(ascii: "@")) else { return [] }
        let bytes = Array(text.utf8)
        return users.map { (mention: Array(("@" + ($0.name.isEmpty ? $0.id : $0.name)).utf8), id: $0.id) }
            .filter { user in bytes.indices.contains { starts(bytes, at: $0, with: user.mention) } }
            .sorted { $0.mention.count > $1.mention.count }
    }

    private static func starts(_ bytes: [UInt8], at index: Int, with prefix: [UInt8]) -> Bool {
        guard bytes[index] == UInt8(ascii: "@"), bytes.count - index >= prefix.count else { return false }
        return bytes[index ..< index + prefix.count].elementsEqual(prefix)
    }

    /// A text without markdown, as written (line feeds kept), with its bare links' runs (where
    /// ``RichTextBuilder/bareLinksOfPlainText(in:)`` found them, in order) and its mention runs.
    private static func asWritten(_ text: String, links: [(range: Range<String.Index>, destination: String)] = [],
                                  mentions: [(mention: [UInt8], id: String)]) -> RichText {
        var runs: [RichTextRun] = []
        var start = text.startIndex
        for link in links {
            if link.range.lowerBound > start { runs.append(RichTextRun(text: NeutralText(String(text[start ..< link.range.lowerBound])))) }
            runs.append(RichTextRun(text: NeutralText(String(text[link.range])), traits: .link, destination: NeutralText(link.destination)))
            start = link.range.upperBound
        }
        if start < text.endIndex || runs.isEmpty { runs.append(RichTextRun(text: NeutralText(String(text[start...])))) }
        return RichText(blocks: [RichTextBlock(kind: .paragraph, runs: splitting(runs, at: mentions))])
    }

    /// `runs` with every mention outside code and links made a run of its own: one pass over
    /// each run's bytes.
    static func splitting(_ runs: [RichTextRun], at mentions: [(mention: [UInt8], id: String)]) -> [RichTextRun] {
        var result: [RichTextRun] = []
        for run in runs {
            guard run.traits.isDisjoint(with: [.code, .link]) else { result.append(run); continue }
            let bytes = Array(run.text.string.utf8)
            func piece(_ range: Range<Int>) -> String { String(decoding: bytes[range], as: UTF8.self) }
            var start = 0, index = 0
            while index < bytes.count {
                guard let found = mentions.first(where: { starts(bytes, at: index, with: $0.mention) }) else {
                    index += 1
                    continue
                }
                if index > start { result.append(RichTextRun(text: NeutralText(piece(start ..< index)), traits: run.traits, destination: run.destination)) }
                let end = index + found.mention.count
                result.append(RichTextRun(text: NeutralText(piece(index ..< end)), traits: run.traits.union(.mention),
                                          destination: NeutralText(found.id)))
                start = end
                index = end
            }
            if start < bytes.count || bytes.isEmpty {
                result.append(start == 0 ? run : RichTextRun(text: NeutralText(piece(start ..< bytes.count)), traits: run.traits,
                                                             destination: run.destination))
            }
        }
        return result
    }
}

/// Builds the flat blocks from cmark's events.
struct RichTextBuilder {
    private(set) var blocks: [RichTextBlock] = []
    /// The block being filled, and its runs as raw words (neutralised once, when it ends).
    private var current: RichTextBlock?
    private var pieces: [(text: String, traits: RichTextTraits, destination: String?)] = []
    private var styles: [(traits: RichTextTraits, destination: String?)] = []
    private var quoteDepth = 0
    /// The open block quotes, innermost last, each numbered; the innermost of the last block.
    private var quotes: [Int] = []
    private var quoteCount = 0
    private var lastBlockQuote: Int?
    /// The open lists: ordered or not, and the next item's number.
    private var lists: [(ordered: Bool, next: Int)] = []
    /// The marker for the next block: the first block of a list item carries it.
    private var pendingMarker: RichTextListMarker?

    /// The bare links of a parse of `text` that is otherwise paragraphs of unstyled words (read
    /// after the last block ends), and where each stands in `text`: GitHub's autolinks, a URL or
    /// address written as itself and not between `<` and `>` (CommonMark's own autolink, which
    /// is markdown). Nil when the parse has other markup; empty when it has none. Each link is
    /// looked for after the one before: one pass over the text.
    func bareLinksOfPlainText(in text: String) -> [(range: Range<String.Index>, destination: String)]? {
        var links: [(range: Range<String.Index>, destination: String)] = []
        var rest = Substring(text)
        for block in blocks {
            guard block.kind == .paragraph, block.quoteDepth == 0, block.listDepth == 0 else { return nil }
            for run in block.runs where !run.traits.isEmpty {
                guard run.traits == .link, let destination = run.destination?.string else { return nil }
                let words = run.text.string
                guard [words, "http://" + words, "mailto:" + words].contains(destination),
                      let range = rest.firstRange(of: words) else { return nil }
                let angled = range.lowerBound > text.startIndex && text[text.index(before: range.lowerBound)] == "<"
                    && range.upperBound < text.endIndex && text[range.upperBound] == ">"
                guard !angled else { return nil }
                links.append((range, destination))
                rest = rest[range.upperBound...]
            }
        }
        return links
    }

    private var traits: RichTextTraits { styles.last?.traits ?? [] }
    private var destination: String? { styles.last?.destination }

    mutating func enter(_ kind: Int, _ node: UnsafeMutableRawPointer) {
        switch kind {
        case CLK_MD_BLOCK_QUOTE:
            quoteDepth += 1
            quoteCount += 1
            quotes.append(quoteCount)
        case CLK_MD_LIST: lists.append((ordered: clk_markdown_list_type(node) == 2, next: Int(clk_markdown_list_start(node))))
        case CLK_MD_ITEM:
            guard !lists.isEmpty else { break }
            pendingMarker = lists[lists.count - 1].ordered ? .number(lists[lists.count - 1].next) : .bullet
            lists[lists.count - 1].next += 1
        case CLK_MD_PARAGRAPH: begin(pendingMarker.map { .listItem(marker: $0) } ?? .paragraph)
        case CLK_MD_HEADING: begin(.heading(level: max(1, min(6, Int(clk_markdown_heading_level(node))))))
        case CLK_MD_CODE_BLOCK:
            let info = String(cString: clk_markdown_fence_info(node)).split(separator: " ").first.map(String.init)
            begin(.codeBlock(language: info.map { NeutralText($0) }))
            var code = String(cString: clk_markdown_literal(node))
            if code.hasSuffix("\n") { code.removeLast() }
            append(code, traits: [.code], destination: nil)
            finishBlock()
        case CLK_MD_HTML_BLOCK:
            begin(.paragraph)
            var html = String(cString: clk_markdown_literal(node))
            while html.hasSuffix("\n") { html.removeLast() }
            append(html, traits: [], destination: nil)
            finishBlock()
        case CLK_MD_THEMATIC_BREAK:
            begin(.thematicBreak)
            finishBlock()
        case CLK_MD_TEXT: append(String(cString: clk_markdown_literal(node)), traits: traits, destination: destination)
        case CLK_MD_SOFTBREAK: append(" ", traits: traits, destination: destination)
        case CLK_MD_LINEBREAK: append("\n", traits: traits, destination: destination)
        case CLK_MD_CODE: append(String(cString: clk_markdown_literal(node)), traits: traits.union(.code), destination: destination)
        case CLK_MD_HTML_INLINE:
            let html = String(cString: clk_markdown_literal(node))
            // Stream turns an HTML line break into a line feed and leaves other tags as written.
            let isBreak = ["<br>", "<br/>", "<br />"].contains(html.lowercased())
            append(isBreak ? "\n" : html, traits: traits, destination: destination)
        case CLK_MD_EMPH: styles.append((traits.union(.emphasis), destination))
        case CLK_MD_STRONG: styles.append((traits.union(.strong), destination))
        case CLK_MD_STRIKETHROUGH: styles.append((traits.union(.strikethrough), destination))
        case CLK_MD_LINK, CLK_MD_IMAGE: styles.append((traits.union(.link), String(cString: clk_markdown_url(node))))
        default: break
        }
    }

    mutating func exit(_ kind: Int) {
        switch kind {
        case CLK_MD_BLOCK_QUOTE:
            quoteDepth -= 1
            quotes.removeLast()
        case CLK_MD_LIST: lists.removeLast()
        case CLK_MD_ITEM: pendingMarker = nil
        case CLK_MD_PARAGRAPH, CLK_MD_HEADING: finishBlock()
        case CLK_MD_EMPH, CLK_MD_STRONG, CLK_MD_STRIKETHROUGH, CLK_MD_LINK, CLK_MD_IMAGE: if !styles.isEmpty { styles.removeLast() }
        default: break
        }
    }

    private mutating func begin(_ kind: RichTextBlock.Kind) {
        finishBlock()
        if case .listItem = kind { pendingMarker = nil }
        if case .heading = kind { pendingMarker = nil }
        let depth = CmarkMarkdownParser.maximumDepth
        current = RichTextBlock(kind: kind, runs: [], quoteDepth: min(quoteDepth, depth), listDepth: min(lists.count, depth))
        current!.continuesQuote = quotes.last != nil && quotes.last == lastBlockQuote
        lastBlockQuote = quotes.last
    }

    mutating func finishBlock() {
        guard var block = current else { return }
        block.runs = pieces.map { RichTextRun(text: NeutralText($0.text), traits: $0.traits, destination: $0.destination.map { NeutralText($0) }) }
        blocks.append(block)
        current = nil
        pieces.removeAll(keepingCapacity: true)
    }

    /// Appends words in a style, joined to the last run when it has the same style.
    private mutating func append(_ text: String, traits: RichTextTraits, destination: String?) {
        guard !text.isEmpty else { return }
        if current == nil { begin(.paragraph) }
        if let last = pieces.last, last.traits == traits, last.destination == destination {
            pieces[pieces.count - 1].text += text
        } else {
            pieces.append((text, traits, destination))
        }
    }
}
