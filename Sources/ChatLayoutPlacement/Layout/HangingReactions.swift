@_spi(ChatLayoutStages) import ChatLayoutModel
@_spi(ChatLayoutStages) import ChatLayoutDecisions
import ChatLayoutComposition

/// The lengths of two parts nested on a message bubble: the reactions' small bubble hanging off
/// its top outer corner (Stream's `ChatReactionsBubbleView`), and the quoted message's box
/// inside it (Stream's `QuotedChatMessageView`).
public struct ReactionsAndQuoteMetrics: Hashable, Sendable {
    /// One reaction's icon, across.
    public var reactionIconWidth: Int
    /// The space between two icons.
    public var reactionIconSpacing: Int
    /// The space between the reactions' bubble's edges and its icons, at either side.
    public var reactionPadding: Int
    /// The reactions' bubble's height, its tail included (vertical units).
    public var reactionHeight: Int
    /// How far the reactions' bubble comes down over the message bubble's top (vertical units).
    public var reactionOverlap: Int
    /// How far beyond the message bubble's outer edge the reactions' bubble is centred.
    public var reactionCornerOffset: Int

    /// Lengths of the reactions' bubble.
    public init(reactionIconWidth: Int, reactionIconSpacing: Int, reactionPadding: Int, reactionHeight: Int,
                reactionOverlap: Int, reactionCornerOffset: Int) {
        self.reactionIconWidth = max(1, reactionIconWidth)
        self.reactionIconSpacing = max(0, reactionIconSpacing)
        self.reactionPadding = max(0, reactionPadding)
        self.reactionHeight = max(1, reactionHeight)
        self.reactionOverlap = max(0, min(reactionOverlap, self.reactionHeight))
        self.reactionCornerOffset = reactionCornerOffset
    }

    /// On a terminal: the reaction glyphs (two cells each, a cell apart) on their own row just
    /// above the bubble, centred a cell beyond its outer corner. A row cannot be cut in half:
    /// drawn over the border's row they would hide the bubble's corner, so they stand on the
    /// row above it.
    public static let cells = ReactionsAndQuoteMetrics(reactionIconWidth: 2, reactionIconSpacing: 1, reactionPadding: 0,
                                                       reactionHeight: 1, reactionOverlap: 0, reactionCornerOffset: 1)

    /// Stream's points: 16-point icons 8 apart in a bubble with 8-point margins, 32 points tall
    /// and a 6-point tail under it; its centre 8 points beyond the bubble's outer edge and 5
    /// above the bubble's top, so that it comes 14 points down over the bubble.
    public static let points = ReactionsAndQuoteMetrics(reactionIconWidth: 16, reactionIconSpacing: 8, reactionPadding: 8,
                                                        reactionHeight: 38, reactionOverlap: 14, reactionCornerOffset: 8)
}

extension Metrics {
    /// These metrics with `reactionsAndQuote`.
    func with(reactionsAndQuote: ReactionsAndQuoteMetrics) -> Metrics {
        var metrics = self
        metrics.reactionsAndQuote = reactionsAndQuote
        return metrics
    }
}

extension RowLayout {
    /// The reactions hanging off the bubble's top outer corner (its trailing corner for others'
    /// messages, its leading corner for the current user's), as Stream draws them: their
    /// icons alone (the content keeps each type and count), in a small bubble centred
    /// ``ReactionsAndQuoteMetrics/reactionCornerOffset`` beyond the bubble's edge and kept in
    /// the row's column. `x` is the block's; it is written after the bubble, over it, and the
    /// bubble starts ``ReactionsAndQuoteMetrics/reactionHeight`` minus the overlap below its top.
    func hangingReactions(_ data: DataPartSpec, in column: OutsideColumn) -> (block: Block, x: Int) {
        let lengths = metrics.reactionsAndQuote
        guard case .reactions(let reactions) = data.content else {
            let block = line(.reactions, data: data, maxWidth: column.available)
            return (block, column.isFlipped ? column.right - block.width : column.left)
        }
        let count = max(1, reactions.count)
        let icons = count * lengths.reactionIconWidth + (count - 1) * lengths.reactionIconSpacing
        let frameWidth = min(column.available, icons + 2 * lengths.reactionPadding)
        let glyphs = Self.reactionGlyphs(reactions, strings: strings)
        var block = line(.reactions, nil, words: data.words, content: data.content, drawn: glyphs,
                         maxWidth: max(1, frameWidth - 2 * lengths.reactionPadding))
        block.width = frameWidth
        block.height = lengths.reactionHeight
        block.alignment = .center
        let centre = column.isFlipped ? column.bubbleX - lengths.reactionCornerOffset
            : column.bubbleX + column.bubbleWidth + lengths.reactionCornerOffset
        let x = max(column.left, min(column.right - frameWidth, centre - frameWidth / 2))
        return (block, x)
    }

    /// "❤️ 👍": each reaction's glyph (``ChatStrings/reactionGlyphs``, else its type's name),
    /// without its count.
    static func reactionGlyphs(_ reactions: [ReactionCount], strings: ChatStrings) -> String {
        var text = ""
        for reaction in reactions {
            if !text.isEmpty { text += " " }
            text += strings.reactionGlyphs[reaction.type] ?? reaction.type
        }
        return text
    }
}
