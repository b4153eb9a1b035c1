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
    /// How far the reactions' bubble comes down over the message bubble's top (vertical units);
    /// negative, the gap between them (a `reactions_top_padding` taller than the reactions).
    public var reactionOverlap: Int
    /// How far beyond the message bubble's outer edge the reactions' bubble is centred.
    public var reactionCornerOffset: Int
    /// The space between two pills of segmented reactions (`reactions_style: segmented`).
    public var reactionPillSpacing: Int = 1
    /// The quoted author's avatar, across and down (0: none; the quote's line names the author).
    public var quoteAvatarSize: Int = 0
    /// The space between the quoted author's avatar and the quote's box.
    public var quoteAvatarSpacing: Int = 0
    /// The space between the quote's box and its text, at either side.
    public var quotePadding: Int = 0
    /// The space between the quote's box and its text, above and below (vertical units).
    public var quoteVerticalPadding: Int = 0
    /// The most lines the quoted text wraps to; the last is cut with an ellipsis.
    public var quoteMaxLines: Int = 2
    /// The quoted attachment's thumbnail before the quoted text, across and down (0: none; the
    /// quote's line names the attachment).
    public var quotePreviewSize: Int = 0
    /// The space between the thumbnail and the quoted text.
    public var quotePreviewSpacing: Int = 0
    /// The space after a quoted voice recording's card, inside the quote's box: Stream UIKit's
    /// stack spacing before its emptied text view (8 points). The card is drawn only where
    /// there is a thumbnail size (points); in cells the quote's line names the recording.
    public var quoteRecordingTrailingSpace: Int = 0
    /// The thread info's participant avatar, across and down, and the arrow's room before it
    /// (0: none; the line names the participants).
    public var threadAvatarSize: Int = 0
    /// The space between the thread info's avatar and its words.
    public var threadAvatarSpacing: Int = 0

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
    /// The quote: its line (the presentation's, which names the author) wrapped to two rows,
    /// without an avatar or a border of its own (the bubble's border is the rows' frame).
    public static let cells = ReactionsAndQuoteMetrics(reactionIconWidth: 2, reactionIconSpacing: 1, reactionPadding: 0,
                                                       reactionHeight: 1, reactionOverlap: 0, reactionCornerOffset: 1)

    /// Stream's points: 16-point icons 8 apart in a bubble with 8-point margins, 32 points tall
    /// and a 6-point tail under it; its centre 8 points beyond the bubble's outer edge and 5
    /// above the bubble's top, so that it comes 14 points down over the bubble.
    /// The quote (`QuotedChatMessageView`): a 24-point avatar at the bottom, 8 points beside a
    /// box whose text stands 8 points in from its edges and wraps to at most 6 lines, in the
    /// subheadline style (``TextStyle/subheadline``); a quoted image, video, giphy, link or file
    /// has a 34-point thumbnail at the box's top leading corner, 8 points before the text.
    /// The thread info (`ChatMessageContentView`'s `threadInfoContainer`): a 16-point arrow,
    /// the last participant's 16-point avatar, then 8 points on, the words.
    public static let points: ReactionsAndQuoteMetrics = {
        var metrics = ReactionsAndQuoteMetrics(reactionIconWidth: 16, reactionIconSpacing: 8, reactionPadding: 8,
                                               reactionHeight: 38, reactionOverlap: 14, reactionCornerOffset: 8)
        metrics.reactionPillSpacing = 4 // SwiftUI's `tokens.spacingXxs` between segmented pills
        metrics.quoteAvatarSize = 24
        metrics.quoteAvatarSpacing = 8
        metrics.quotePadding = 8
        metrics.quoteVerticalPadding = 8
        metrics.quoteMaxLines = 6
        metrics.quotePreviewSize = 34
        metrics.quotePreviewSpacing = 8
        metrics.quoteRecordingTrailingSpace = 8
        metrics.threadAvatarSize = 16
        metrics.threadAvatarSpacing = 8
        return metrics
    }()
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
    func hangingReactions(_ data: DataPartSpec, in column: OutsideColumn) -> [(block: Block, x: Int)] {
        let lengths = metrics.reactionsAndQuote
        guard case .reactions(let reactions) = data.content else {
            let block = line(.reactions, data: data, maxWidth: column.available)
            return [(block, column.isFlipped ? column.right - block.width : column.left)]
        }
        let pills = reactionPills(reactions, words: data.words, in: column)
        let spacing = lengths.reactionPillSpacing
        let total = pillsWidth(pills)
        let centre = column.isFlipped ? column.bubbleX - lengths.reactionCornerOffset
            : column.bubbleX + column.bubbleWidth + lengths.reactionCornerOffset
        var x = max(column.left, min(column.right - total, centre - total / 2))
        var placed: [(block: Block, x: Int)] = []
        placed.reserveCapacity(pills.count)
        for pill in pills {
            placed.append((pill, x))
            x += pill.width + spacing
        }
        return placed
    }

    /// The reactions' pills as `reactions_style` draws them: one pill of icons (its total after
    /// them where clustered), or a pill for each reaction with its count (segmented), as Stream
    /// SwiftUI 5's `ReactionsView`.
    func reactionPills(_ reactions: [ReactionCount], words: String, in column: OutsideColumn) -> [Block] {
        switch anatomy.reactionsStyle {
        case .icons:
            return [reactionsPill(reactions, count: nil, words: words, in: column)]
        case .clustered:
            let total = reactions.reduce(0) { $0 + $1.count }
            return [reactionsPill(reactions, count: total > 1 ? total : nil, words: words, in: column)]
        case .segmented:
            guard !reactions.isEmpty else { return [reactionsPill(reactions, count: nil, words: words, in: column)] }
            return reactions.map { reaction in
                reactionsPill([reaction], count: reaction.count > 1 ? reaction.count : nil,
                              words: PlainPresentation.reactions([reaction], strings: strings), in: column)
            }
        }
    }

    /// The width of `pills` side by side, ``ReactionsAndQuoteMetrics/reactionPillSpacing`` apart.
    func pillsWidth(_ pills: [Block]) -> Int {
        pills.reduce(0) { $0 + $1.width } + metrics.reactionsAndQuote.reactionPillSpacing * max(0, pills.count - 1)
    }

    /// One pill of the reactions' icons, then `count` when given ("❤️ 😂 3"): measured once,
    /// cut only to the column; the icons take Stream's lengths, or the glyphs' own width where
    /// the font draws them wider (an emoji at the body's size).
    private func reactionsPill(_ reactions: [ReactionCount], count: Int?, words: String, in column: OutsideColumn) -> Block {
        let lengths = metrics.reactionsAndQuote
        let icons = max(1, reactions.count)
        var drawn = Self.reactionGlyphs(reactions, strings: strings)
        var countWidth = 0
        if let count {
            let number = strings.count(count)
            drawn += " " + number
            countWidth = lengths.reactionIconSpacing + measurer.width(of: number)
        }
        var block = line(.reactions, nil, words: words, content: .reactions(reactions), drawn: drawn,
                         maxWidth: max(1, column.available - 2 * lengths.reactionPadding))
        let inner = max(icons * lengths.reactionIconWidth + (icons - 1) * lengths.reactionIconSpacing + countWidth, block.width)
        block.width = min(column.available, inner + 2 * lengths.reactionPadding)
        block.height = lengths.reactionHeight
        block.alignment = .center
        return block
    }

    /// "❤️ 👍": each reaction's glyph (``ChatStrings/reactionGlyphs``, else its type's name),
    /// without its count.
    static func reactionGlyphs(_ reactions: [ReactionCount], strings: ChatStrings) -> String {
        var text = ""
        for reaction in reactions {
            if !text.isEmpty { text += " " }
            text += strings.reactionGlyph(for: reaction.type) ?? reaction.type
        }
        return text
    }
}

/// A quoted message as a nested box in the bubble: the quoted author's avatar beside a box of
/// the quoted text (Stream's `QuotedChatMessageView`).
struct NestedQuote {
    /// The quoted author's avatar (none where the metrics give it no size).
    var avatar: AvatarSpec?
    /// It stands at the box's trailing side.
    var avatarAtTrailingSide: Bool
    /// The quoted text's lines, as measured, and which way they read.
    var lines: [TextLine]
    var direction: TextDirection
    /// The quote's words ("Leia: Where are you?").
    var words: String
    /// The quoted attachment's thumbnail before the text (none where the metrics give it no size).
    var preview: AttachmentContent? = nil
    /// The text's lines' height.
    var textHeight = 0
    /// A quoted voice recording's card in place of the thumbnail and the text, its name and
    /// its box's content (the recording's data).
    var recording: CardSpec? = nil
    var recordingText: String? = nil
    var recordingContent: BoxContent? = nil
}

extension RowLayout {
    /// The quoted message's part: its line in the presentation (the text alone in words; a
    /// terminal's names the author after a bar) wrapped to the quote's width and at most
    /// ``ReactionsAndQuoteMetrics/quoteMaxLines`` lines, the last cut with an ellipsis; beside
    /// it the author's avatar. The part is as wide as its parts need (the bubble stretches it to
    /// its content's width) and as tall as the text and its padding, or the avatar.
    func quoteBlock(_ quote: QuoteSpec, width inner: Int) -> Block {
        let lengths = metrics.reactionsAndQuote
        let avatarRoom = lengths.quoteAvatarSize > 0 && quote.avatar != nil ? lengths.quoteAvatarSize + lengths.quoteAvatarSpacing : 0
        // Too narrow for the avatar beside a character of text: the avatar gives way.
        let hasAvatar = avatarRoom > 0 && inner - avatarRoom - 2 * lengths.quotePadding >= narrowestBubbleContent
        if let recording = quote.recording, let block = quotedRecordingBlock(quote, card: recording, width: inner, avatarRoom: hasAvatar ? avatarRoom : 0) {
            return block
        }
        // The attachment's thumbnail before the text, where there is room for it and a character.
        let previewRoom = lengths.quotePreviewSize > 0 && quote.preview != nil ? lengths.quotePreviewSize + lengths.quotePreviewSpacing : 0
        let hasPreview = previewRoom > 0
            && inner - (hasAvatar ? avatarRoom : 0) - previewRoom - 2 * lengths.quotePadding >= narrowestBubbleContent
        let textWidth = max(1, inner - (hasAvatar ? avatarRoom : 0) - (hasPreview ? previewRoom : 0) - 2 * lengths.quotePadding)
        let (bar, words) = quoteWords(quote, hasAvatar: hasAvatar)
        let barWidth = bar.isEmpty ? 0 : measurer.width(of: bar)
        let wordsWidth = max(1, textWidth - barWidth)
        // Broken into lines as a left-to-right screen breaks it, so that both directions have
        // the same lines (a mirror of each other); in Stream's subheadline style.
        let wrapped = measurer.wrap(words, width: wordsWidth, style: .subheadline)
        var lines = wrapped.lines, direction = wrapped.direction
        let limit = max(1, lengths.quoteMaxLines)
        if lines.count > limit {
            // The last line kept takes the rest, cut with an ellipsis.
            let rest = lines[(limit - 1)...].map(\.text).joined()
            let cut = measurer.wrap(measurer.truncate(rest, width: wordsWidth), width: wordsWidth, style: .subheadline).lines.first
            lines = Array(lines.prefix(limit - 1)) + (cut.map { [$0] } ?? [])
        }
        // The drawn line is one isolate ("┃ ⁨Leia: …⁩"): cut into lines, each closes what it
        // opened and drops what it did not open, so no line leaks its direction. A quote's line
        // has no letter of its own outside its isolate: in a right-to-left screen a
        // right-to-left mark makes each line read so, its bar at the right. The breaks and
        // widths stay the left-to-right ones, so that both directions mirror each other.
        let mark = self.direction == .rightToLeft && !hasAvatar ? "\u{200F}" : ""
        if lines.count > 1 || !mark.isEmpty || !bar.isEmpty {
            let count = lines.count
            lines = lines.map { line in
                let neutral = count > 1 ? NeutralText.balancedPiece(line.text[...]).string : line.text
                let shown = mark + bar + neutral
                var drawnLine = measurer.wrap(shown, width: Int(Int32.max), style: .subheadline).lines.first
                // A line the neutralising made wider than its room is cut back to it.
                if let wide = drawnLine, wide.width > textWidth, wide.width > line.width + barWidth {
                    drawnLine = measurer.wrap(measurer.truncate(shown, width: max(textWidth, line.width + barWidth)), width: Int(Int32.max),
                                              style: .subheadline).lines.first
                }
                return TextLine(text: drawnLine?.text ?? neutral, display: drawnLine?.display ?? neutral,
                                width: drawnLine?.width ?? line.width + barWidth)
            }
            if !mark.isEmpty { direction = .rightToLeft }
        }
        let textBlockWidth = lines.map(\.width).max() ?? 0
        let (height, textHeight) = quoteHeight(lineCount: lines.count, hasAvatar: hasAvatar, hasPreview: hasPreview)
        let width = textBlockWidth + 2 * lengths.quotePadding + (hasAvatar ? avatarRoom : 0) + (hasPreview ? previewRoom : 0)
        return Block(role: .quotedMessage, text: quote.line, content: quote.content, lines: [], width: width, height: height,
                     alignment: .leading, direction: direction,
                     nestedQuote: NestedQuote(avatar: hasAvatar ? quote.avatar : nil, avatarAtTrailingSide: quote.avatarAtTrailingSide,
                                              lines: lines, direction: direction, words: quote.line,
                                              preview: hasPreview ? quote.preview : nil, textHeight: textHeight))
    }

    /// The quote's words as drawn: the presentation's mark before its isolate (a terminal's
    /// bar, "┃ "), which starts every line of it, and the words it wraps. Beside the avatar the
    /// text says only the quoted words; without it the line names the author.
    func quoteWords(_ quote: QuoteSpec, hasAvatar: Bool) -> (bar: String, words: String) {
        var quoted = quote.line
        if hasAvatar, case .quotedMessage(let data) = quote.content { quoted = data.text }
        let drawn = presentation.line(.quotedMessage, text: quoted, content: quote.content, strings: strings)
        // Searched by scalar: the isolate is a control, a character of its own, so its first
        // scalar is its first character (a search by character cut the whole quote into
        // grapheme clusters).
        if !hasAvatar, let isolate = drawn.unicodeScalars.firstIndex(of: "\u{2068}"), isolate != drawn.startIndex {
            return (String(drawn[..<isolate]), String(drawn[isolate...]))
        }
        return ("", drawn)
    }

    /// The height of a quote of `lineCount` lines (at most the metrics' maximum), and of its
    /// text alone.
    func quoteHeight(lineCount: Int, hasAvatar: Bool, hasPreview: Bool) -> (height: Int, textHeight: Int) {
        let lengths = metrics.reactionsAndQuote
        let textHeight = lineCount * max(1, measurer.lineHeight(of: .subheadline, in: metrics))
        return (max(hasAvatar ? lengths.quoteAvatarSize : 0, max(textHeight, hasPreview ? lengths.quotePreviewSize : 0) + 2 * lengths.quoteVerticalPadding),
                textHeight)
    }

    /// A quote showing a voice recording's card (Stream UIKit's `QuotedChatMessageView` with
    /// its `voiceRecordingAttachmentQuotedPreview`): the card as wide as its words and icon
    /// need, inside the box's padding and followed by
    /// ``ReactionsAndQuoteMetrics/quoteRecordingTrailingSpace``; no text. Nil where the metrics
    /// draw no thumbnails (cells: the line names the recording) or the card does not fit.
    private func quotedRecordingBlock(_ quote: QuoteSpec, card: CardSpec, width inner: Int, avatarRoom: Int) -> Block? {
        let lengths = metrics.reactionsAndQuote
        guard lengths.quotePreviewSize > 0 else { return nil }
        let room = inner - avatarRoom - 2 * lengths.quotePadding - lengths.quoteRecordingTrailingSpace
        let cardWidth = min(room, quotedVoiceRecordingWidth(card))
        guard cardWidth >= 2 * (metrics.cards.border + metrics.cards.padding) + narrowestBubbleContent else { return nil }
        let cardHeight = cardParts(card, width: cardWidth).height
        let height = max(avatarRoom > 0 ? lengths.quoteAvatarSize : 0, cardHeight + 2 * lengths.quoteVerticalPadding)
        let width = avatarRoom + 2 * lengths.quotePadding + cardWidth + lengths.quoteRecordingTrailingSpace
        let screenDirection: TextDirection = direction == .rightToLeft ? .rightToLeft : .leftToRight
        return Block(role: .quotedMessage, text: quote.line, content: quote.content, lines: [], width: width, height: height,
                     alignment: .leading, direction: screenDirection,
                     nestedQuote: NestedQuote(avatar: avatarRoom > 0 ? quote.avatar : nil, avatarAtTrailingSide: quote.avatarAtTrailingSide,
                                              lines: [], direction: screenDirection, words: quote.line, recording: card,
                                              recordingText: card.part(.fileName)?.text,
                                              recordingContent: quote.recordingAttachment.map { .attachment($0) }))
    }

    /// Writes a quote's box at (x, y) of the row, `width` wide and as tall as its block: the
    /// avatar at its bottom, at the leading side (the trailing one for a quote of the current
    /// user's); the attachment's thumbnail at the top leading corner of the rest, inset by the
    /// padding; the text's box beside it across the rest, its lines inset by the padding.
    func emitQuote<Sink: BoxSink>(_ quote: NestedQuote, block: Block, id: String?, x: Int, y: Int, width: Int, into sink: inout Sink) {
        let lengths = metrics.reactionsAndQuote
        let token = sink.open(.quotedMessage, id: id, frame: Frame(x: x, y: top + y, width: width, height: block.height),
                              content: block.content)
        var textX = x
        var textWidth = width
        if let avatar = quote.avatar {
            var avatarBlock = avatarBlock(avatar, role: .avatar)
            avatarBlock.width = lengths.quoteAvatarSize
            avatarBlock.height = lengths.quoteAvatarSize
            let room = lengths.quoteAvatarSize + lengths.quoteAvatarSpacing
            textWidth = max(1, width - room)
            let avatarX = quote.avatarAtTrailingSide ? x + width - lengths.quoteAvatarSize : x
            if !quote.avatarAtTrailingSide { textX = x + room }
            emit(avatarBlock, id: id, x: avatarX, y: y + block.height - lengths.quoteAvatarSize, into: &sink)
        }
        if let recording = quote.recording {
            // The recording's card across the rest but the space after it, at the padding's top;
            // the quote draws no text (Stream empties its text view).
            let cardWidth = max(1, textWidth - 2 * lengths.quotePadding - lengths.quoteRecordingTrailingSpace)
            var card = Block(role: .attachment, text: quote.recordingText, content: quote.recordingContent, lines: [], width: cardWidth,
                             height: 0, alignment: .leading, keepsWidth: true)
            card.card = recording
            emit(card, id: id, x: textX + lengths.quotePadding, y: y + lengths.quoteVerticalPadding, width: cardWidth, into: &sink)
            sink.close(token, height: nil)
            return
        }
        if let preview = quote.preview {
            // Stream's thumbnail: first in the quote's box, at its top, the text after it.
            let size = lengths.quotePreviewSize
            let thumbnail = Block(role: .attachment, text: nil, content: .attachment(preview), lines: [], width: size, height: size,
                                  alignment: .leading, keepsWidth: true)
            emit(thumbnail, id: id, x: textX + lengths.quotePadding, y: y + lengths.quoteVerticalPadding, into: &sink)
            let room = size + lengths.quotePreviewSpacing
            textX += room
            textWidth = max(1, textWidth - room)
        }
        // The quoted text: a text box across the rest, its lines inset by the padding (and
        // the avatar's row: the box is at least as tall).
        let natural: TextAlignment = (quote.direction == .rightToLeft) == (direction == .rightToLeft) ? .leading : .trailing
        // Its content is the quote's: a front end knows these words are the quoted ones.
        let text = Block(role: .text, text: quote.words, content: block.content, lines: quote.lines, width: 0,
                         height: quote.preview == nil ? block.height - 2 * lengths.quoteVerticalPadding : quote.textHeight,
                         alignment: natural, direction: quote.direction)
        // Within the quote's box, as every part keeps to its parent (a lone wide character in a
        // one-unit width overflows its box, not the box its parent).
        emit(text, id: id, x: textX + lengths.quotePadding, y: y + lengths.quoteVerticalPadding,
             width: max(1, min(textWidth - 2 * lengths.quotePadding, x + width - textX - lengths.quotePadding)), into: &sink)
        sink.close(token, height: nil)
    }
}

extension RowLayout {
    /// The thread info as Stream arranges it under a thread's parent: the arrow's room (the
    /// front end draws the arrow), the last participant's avatar (the author of the latest
    /// reply, a ``BoxRole/replyAvatar``), then the words without the participants' names, which
    /// the avatar stands for — from the column's leading edge; for
    /// the current user's message the same reversed from its trailing edge. The avatar is
    /// centred on the words' line. Returns the part's height.
    func writeThreadInfo<Sink: BoxSink>(_ info: TextPartSpec, avatar: AvatarSpec, id: String, in column: OutsideColumn, y: Int,
                                        into sink: inout Sink) -> Int {
        let lengths = metrics.reactionsAndQuote
        let size = lengths.threadAvatarSize
        let room = 2 * size + lengths.threadAvatarSpacing
        guard column.available - room >= narrowestBubbleContent else {
            let block = line(.threadInfo, info.text, content: info.content, maxWidth: column.available)
            emit(block, id: id, x: column.isFlipped ? column.right - block.width : column.left, y: y, into: &sink)
            return block.height
        }
        // The avatar stands for the participants: the words are the count alone ("20 replies"),
        // as Stream writes them; the content keeps the names.
        var words = info.text, wordsContent = info.content
        if case .threadInfo(var content) = info.content {
            words = content.label
            content.participants = []
            wordsContent = .threadInfo(content)
        }
        let drawn = presentation.line(.threadInfo, text: words, content: wordsContent, strings: strings)
        let block = line(.threadInfo, words, content: info.content, drawn: drawn, maxWidth: column.available - room)
        var avatarBlock = avatarBlock(avatar, role: .replyAvatar)
        avatarBlock.width = size
        avatarBlock.height = size
        let height = max(block.height, size)
        let avatarY = y + (height - size) / 2
        if column.isFlipped {
            emit(avatarBlock, id: id, x: column.right - 2 * size, y: avatarY, into: &sink)
            emit(block, id: id, x: column.right - room - block.width, y: y + (height - block.height) / 2, into: &sink)
        } else {
            emit(avatarBlock, id: id, x: column.left + size, y: avatarY, into: &sink)
            emit(block, id: id, x: column.left + room, y: y + (height - block.height) / 2, into: &sink)
        }
        return height
    }
}

extension RowLayout {
    /// The text of a jumbomoji: wrapped in ``TextStyle/largeEmoji``, its lines as tall as the
    /// measurer says that style's are (a terminal's row; about three body lines in points).
    func jumbomojiBlock(_ text: String, width: Int) -> Block {
        let wrapped = measurer.wrap(text, width: max(1, width), style: .largeEmoji)
        let natural: TextAlignment = (wrapped.direction == .rightToLeft) == (direction == .rightToLeft) ? .leading : .trailing
        let lineHeight = max(1, measurer.lineHeight(of: .largeEmoji, in: metrics))
        return Block(role: .text, text: text, content: nil, lines: wrapped.lines, width: wrapped.width,
                     height: wrapped.lines.count * lineHeight, alignment: natural, direction: wrapped.direction)
    }
}
