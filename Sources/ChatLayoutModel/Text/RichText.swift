/// A message's text parsed as markdown: a flat list of blocks, each a list of styled runs.
///
/// Nesting (a paragraph inside a list item inside a block quote) is carried as depths on each
/// block rather than as a tree, so that placement stacks blocks one after another and indents
/// each by its depths. The runs' texts are ``NeutralText``: a parser resolves entities and
/// escapes (`&#27;` is an escape character), so whatever produces a `RichText` neutralises
/// every run it makes, as the model does with the text it was given.
public struct RichText: Hashable, Sendable, Codable {
    /// The blocks, top to bottom.
    public var blocks: [RichTextBlock]

    /// Creates rich text from its blocks.
    public init(blocks: [RichTextBlock]) {
        self.blocks = blocks
    }

    /// The words without the markers: each block's runs joined, blocks separated by a line feed.
    public var plainText: String {
        var text = ""
        for (index, block) in blocks.enumerated() {
            if index > 0 { text += "\n" }
            for run in block.runs { text += run.text.string }
        }
        return text
    }
}

/// One block of rich text: a paragraph, a heading, a code block, a list item's first paragraph
/// or a thematic break, with the block quotes and lists that enclose it.
public struct RichTextBlock: Hashable, Sendable, Codable {
    /// What kind of block it is.
    public enum Kind: Hashable, Sendable, Codable {
        /// A paragraph of text (also a list item's second and later paragraphs).
        case paragraph
        /// A heading, level 1 (largest) to 6.
        case heading(level: Int)
        /// A fenced or indented code block, drawn in the monospace style as written, lines kept.
        case codeBlock(language: NeutralText?)
        /// The first paragraph of a list item, after its marker.
        case listItem(marker: RichTextListMarker)
        /// A thematic break (`---`): a rule across the text, no runs.
        case thematicBreak
    }

    /// What kind of block it is.
    public var kind: Kind
    /// The styled runs, in logical order. A hard line break is a line feed inside a run.
    public var runs: [RichTextRun]
    /// How many block quotes enclose the block (0 outside any).
    public var quoteDepth: Int
    /// How many lists enclose the block (0 outside any; 1 for an item of a top-level list).
    public var listDepth: Int
    /// Whether the block stands in the same block quote as the block before it (a quote's
    /// second paragraph), not in a quote of its own: Stream sets two quotes apart, not a
    /// quote's paragraphs.
    public var continuesQuote = false

    /// Creates a block.
    public init(kind: Kind, runs: [RichTextRun], quoteDepth: Int = 0, listDepth: Int = 0) {
        self.kind = kind
        self.runs = runs
        self.quoteDepth = quoteDepth
        self.listDepth = listDepth
    }
}

/// The marker before a list item: a bullet or the item's number.
public enum RichTextListMarker: Hashable, Sendable, Codable {
    /// An item of an unordered list.
    case bullet
    /// An item of an ordered list, with its number (the list's start plus the item's index).
    case number(Int)
}

/// A run of text in one style.
public struct RichTextRun: Hashable, Sendable, Codable {
    /// The words, neutralised.
    public var text: NeutralText
    /// The run's styles.
    public var traits: RichTextTraits
    /// A link's destination or a mentioned user's ID; nil for other runs.
    public var destination: NeutralText?

    /// Creates a run.
    public init(text: NeutralText, traits: RichTextTraits = [], destination: NeutralText? = nil) {
        self.text = text
        self.traits = traits
        self.destination = destination
    }
}

/// The styles of a run; several may apply at once (bold italic, a link in bold).
public struct RichTextTraits: OptionSet, Hashable, Sendable, Codable {
    /// The raw bits.
    public let rawValue: UInt8

    /// Creates traits from their raw bits.
    public init(rawValue: UInt8) {
        self.rawValue = rawValue
    }

    /// Strong emphasis (`**bold**`).
    public static let strong = RichTextTraits(rawValue: 1 << 0)
    /// Emphasis (`_italic_`).
    public static let emphasis = RichTextTraits(rawValue: 1 << 1)
    /// Strikethrough (`~~struck~~`, GitHub's extension).
    public static let strikethrough = RichTextTraits(rawValue: 1 << 2)
    /// Inline code (a span between backticks), drawn in the monospace style.
    public static let code = RichTextTraits(rawValue: 1 << 3)
    /// A link, written or a bare URL (GitHub's autolink extension); ``RichTextRun/destination`` is its URL.
    public static let link = RichTextTraits(rawValue: 1 << 4)
    /// A mention of a user in the message's `mentioned_users`; the destination is the user's ID.
    public static let mention = RichTextTraits(rawValue: 1 << 5)
}

/// Parses a message's text as markdown into ``RichText``.
///
/// `ChatLayoutMarkdown` parses with cmark-gfm (CommonMark with GitHub's extensions); an Apple
/// front end can adapt Foundation's `AttributedString(markdown:)` instead. The decisions call it
/// for each message's text when `markdown_enabled` is on.
public protocol MarkdownParsing: Sendable {
    /// The text's blocks and runs, or nil when the text has no markup and no mention, so that it
    /// is drawn as written. `mentionedUsers` are the IDs and display names of the message's
    /// mentioned users: an `@` followed by one of them becomes a mention run.
    func parse(_ text: NeutralText, mentionedUsers: [(id: String, name: String)]) -> RichText?
}
