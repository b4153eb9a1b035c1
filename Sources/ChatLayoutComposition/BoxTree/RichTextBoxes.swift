@_spi(ChatLayoutStages) import ChatLayoutModel

/// One styled piece of a placed line of rich text: where it is in the line and how it is
/// drawn. Offsets count characters (grapheme clusters) of the line's reading order
/// (``PlacedLine/text``), which is its display for left-to-right text; the markers
/// (asterisks, backticks) are in no line.
public struct PlacedSpan: Hashable, Sendable, Codable {
    /// The first character of the piece.
    public var start: Int
    /// How many characters it has.
    public var length: Int
    /// Its styles (bold, italic, code, a link…).
    public var traits: RichTextTraits
    /// A link's destination or a mentioned user's ID, neutralised; nil for other pieces.
    public var destination: String?

    /// A piece of a line.
    public init(start: Int, length: Int, traits: RichTextTraits, destination: String? = nil) {
        self.start = start
        self.length = length
        self.traits = traits
        self.destination = destination
    }

    /// The names of `traits` as JSON writes them, in the bits' order.
    public static func traitNames(_ traits: RichTextTraits) -> [String] {
        traitTable.filter { traits.contains($0.trait) }.map(\.name)
    }

    /// The trait a JSON name stands for.
    public static func trait(named name: String) -> RichTextTraits? {
        traitTable.first { $0.name == name }?.trait
    }

    private static let traitTable: [(name: String, trait: RichTextTraits)] = [
        ("strong", .strong), ("emphasis", .emphasis), ("strikethrough", .strikethrough),
        ("code", .code), ("link", .link), ("mention", .mention),
    ]
}

/// What a ``BoxRole/textBlock`` box stands for: which kind of block and how deep it is. The
/// spans of its lines are the lines' own (``PlacedLine/spans``).
public struct RichTextBlockContent: Hashable, Sendable {
    /// The block's kind (a paragraph, a heading of a level, a code block, a list item).
    public var kind: RichTextBlock.Kind
    /// How many block quotes enclose it.
    public var quoteDepth: Int
    /// How many lists enclose it.
    public var listDepth: Int
    /// The spans of each of the block's lines, top to bottom: kept with the content so that a
    /// list's flat records, which store lines as bytes, give them back to its lines.
    package var lineSpans: [[PlacedSpan]]

    /// A block's content.
    public init(kind: RichTextBlock.Kind, quoteDepth: Int, listDepth: Int) {
        self.kind = kind
        self.quoteDepth = quoteDepth
        self.listDepth = listDepth
        self.lineSpans = []
    }

    package init(kind: RichTextBlock.Kind, quoteDepth: Int, listDepth: Int, lineSpans: [[PlacedSpan]]) {
        self.init(kind: kind, quoteDepth: quoteDepth, listDepth: listDepth)
        self.lineSpans = lineSpans
    }

    /// Equal by what JSON carries: the kind and depths (the lines carry the spans).
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.kind == rhs.kind && lhs.quoteDepth == rhs.quoteDepth && lhs.listDepth == rhs.listDepth
    }

    /// Hashes what equality compares.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(kind)
        hasher.combine(quoteDepth)
        hasher.combine(listDepth)
    }

    /// `{kind: "paragraph"|"heading"|"code_block"|"list_item"|"thematic_break", level?,
    /// language?, marker? ("bullet" or the item's number), quote_depth, list_depth}`.
    public func json() -> JSONValue {
        var members: [(String, JSONValue)]
        switch kind {
        case .paragraph: members = [("kind", .string("paragraph"))]
        case .heading(let level): members = [("kind", .string("heading")), ("level", .int(level))]
        case .codeBlock(let language):
            members = [("kind", .string("code_block"))] + (language.map { [("language", JSONValue.string($0.string))] } ?? [])
        case .listItem(let marker): members = [("kind", .string("list_item")), ("marker", marker.json)]
        case .thematicBreak: members = [("kind", .string("thematic_break"))]
        }
        members += [("quote_depth", .int(quoteDepth)), ("list_depth", .int(listDepth))]
        return .object(members)
    }
}

extension PlacedLine {
    /// The line's spans as JSON: `[{start, length, traits: ["strong", …], destination?}]`.
    public func spansJSON() -> JSONValue? {
        guard let spans else { return nil }
        return .array(spans.map { span in
            .object([("start", .int(span.start)), ("length", .int(span.length)),
                     ("traits", .array(PlacedSpan.traitNames(span.traits).map(JSONValue.string)))]
                    + (span.destination.map { [("destination", JSONValue.string($0))] } ?? []))
        })
    }
}

extension Box {
    /// Gives the lines of a ``BoxRole/textBlock`` box the spans its content keeps, from line
    /// `first` of the block on (a viewport may show a block from a later line).
    package static func attachingSpans(_ lines: inout [PlacedLine], content: BoxContent?, from first: Int = 0) {
        guard case .richTextBlock(let block)? = content, !block.lineSpans.isEmpty else { return }
        for index in lines.indices where first + index < block.lineSpans.count {
            lines[index].spans = block.lineSpans[first + index]
        }
    }
}

extension RichTextListMarker {
    /// "bullet", or the item's number.
    public var json: JSONValue {
        switch self {
        case .bullet: .string("bullet")
        case .number(let number): .int(number)
        }
    }
}
