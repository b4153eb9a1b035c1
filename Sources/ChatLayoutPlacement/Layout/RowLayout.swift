@_spi(ChatLayoutStages) import ChatLayoutModel
@_spi(ChatLayoutStages) import ChatLayoutDecisions
import ChatLayoutComposition

/// Lays out one row of the message list at the top of a frame `width` wide: composition
/// (``MessageComposer``) says what the row is made of, with every word chosen; the row layout
/// measures, wraps, cuts and places those parts where the anatomy (``MessageAnatomy``) puts
/// them. Constraints go down (the width each part may take), sizes come up (measured text).
/// Every text is measured through `measurer`, so measured sizes are drawn sizes; every line is
/// placed here once, so no front end measures again. Lengths are the measurer's units
/// across and `metrics`' vertical units down (a line is `metrics.lineHeight`).
struct RowLayout {
    var width: Int
    var metrics: Metrics
    var measurer: any TextMeasuring {
        didSet { shortLines = measurer as? any ShortLineMeasuring ?? NoShortLines() }
    }
    /// The measurer, when it says a short label's line at once (``fittedLine(_:maxWidth:)``);
    /// else one that says none. Not optional: a method of an optional existential is called on
    /// a copy of it (the measurer's references retained and released for each label).
    private(set) var shortLines: any ShortLineMeasuring
    /// What the rows are made of and where each part goes.
    var composer: MessageComposer {
        didSet { parts = AnatomyParts(composer.anatomy) }
    }
    /// Where the anatomy puts the parts that ``holdsTextAlone(_:)`` and
    /// ``isCutAfterBubble(options:oldOptions:deliveryStatus:showsEditedLabel:)`` ask about for
    /// every row: found when the anatomy is set.
    private(set) var parts: AnatomyParts
    /// The words around the parts (the composer's).
    var strings: ChatStrings {
        // Read in place, not copied out: every part's line reads it.
        _read { yield composer.strings }
        _modify { yield &composer.strings }
    }
    /// Which part of a message row goes where (the composer's).
    var anatomy: MessageAnatomy {
        _read { yield composer.anatomy }
        _modify { yield &composer.anatomy }
    }
    /// The words and glyphs around typed content: the front end's.
    var presentation: any BoxPresentation
    /// Which way the screen reads. Rows are laid out left to right with the text's natural
    /// alignment taken against this direction, then mirrored when it is right to left
    /// (``mirrored(_:)``): leading and trailing mean the same sides of the screen in both.
    var direction: LayoutDirection
    /// Where the row's top sits: rows are laid out in place (the full list) or at 0 (rows
    /// kept to be moved later), so that no row is built and then copied to move it.
    var top = 0
    /// What a list that keeps its rows prepared (``PreparedRows``) records of the row being
    /// written: its text's line segments, its footnotes whole (nil: it keeps none).
    var recorder: PreparedRowRecorder?
    /// The narrowest a footer label is cut to: three characters and the ellipsis.
    let shortestLabel: Int
    /// The narrowest content a bubble is drawn around: one wide character, as measured (two
    /// cells on a terminal, an em or so in points).
    let narrowestBubbleContent: Int

    init(width: Int, metrics: Metrics, measurer: any TextMeasuring, strings: ChatStrings, presentation: any BoxPresentation,
         direction: LayoutDirection = .leftToRight) {
        self.direction = direction
        self.width = width
        self.metrics = metrics
        self.measurer = measurer
        shortLines = measurer as? any ShortLineMeasuring ?? NoShortLines()
        composer = MessageComposer(strings: strings)
        parts = AnatomyParts(composer.anatomy)
        self.presentation = presentation
        shortestLabel = measurer.width(of: "abc…")
        narrowestBubbleContent = max(1, measurer.width(of: "中"))
    }

    /// A part measured for a box: its words and data, its lines and size.
    struct Block {
        var role: BoxRole
        var text: String?
        var content: BoxContent?
        /// The lines (made from ``lineSpans`` when the block holds them as spans of its text:
        /// read so only by the few who want strings).
        var lines: [TextLine] {
            get {
                guard let lineSpans, let text else { return storedLines }
                return LineSpans.textLines(lineSpans, of: text)
            }
            set {
                storedLines = newValue
                lineSpans = nil
            }
        }
        private var storedLines: [TextLine]
        var width: Int
        /// The lines' height, or a media's.
        var height: Int
        var alignment: TextAlignment
        var direction: TextDirection = .leftToRight
        /// A media's frame is its own width, not the bubble's content width.
        var keepsWidth = false
        /// Spans the bubble inside its border, not inset by its padding, and reaches its top or
        /// bottom edge where it is the first or last part (a gallery, a media's default frame):
        /// its width and height are set once the bubble's width is known.
        var bleeds = false
        /// The gallery the block stands for: its tiles are placed as its children.
        var gallery: GallerySpec?
        /// The quoted message's nested box the block stands for: its avatar and text are
        /// placed as its children.
        var nestedQuote: NestedQuote? {
            get { nestedQuoteStorage?.value }
            set { nestedQuoteStorage = newValue.map(Indirect.init) }
        }
        /// `nestedQuote` in a box of its own: a block is copied whole, and a quote's fields
        /// would make every block four times as large.
        private var nestedQuoteStorage: Indirect<NestedQuote>?
        /// The card the block stands for (``cardBlock(_:card:width:follows:)``): its parts are
        /// placed as its children, below `cardTopSpacing` (the space above a card after a card).
        var card: CardSpec?
        var cardTopSpacing = 0
        /// Stands on the last line of the block before it, this far from that line's start
        /// (its width and a space: Sendbird's "(edited)" after the text), and takes no height
        /// of its own; nil: below the block before it.
        var inlineAfter: Int?
        /// How much further in than the bubble's padding the part stands on each side
        /// (``Metrics/bubbleTextInset`` for the text and the word after it,
        /// ``Metrics/bubbleQuoteInset`` for the quote; negative: further out).
        var extraInset = 0
        /// Keeps its width and height where it spans the bubble (Sendbird's fixed media frame).
        var keepsSize = false
        /// The boxes of a rich text's blocks (``richTextBlock(_:plain:width:)``), placed as its
        /// children.
        var richText: [RichTextPart]?
        /// A bubble's text's lines as spans of `text`'s bytes
        /// (``ShortLineMeasuring/measuredLines(_:width:)``), stored from them by a row table: no
        /// string made for a line (`lines` makes them).
        var lineSpans: [LineSpans.Line]?
        /// The height it adds to the bubble: none on the line of the block before it.
        var stackedHeight: Int { inlineAfter == nil ? height : 0 }
        /// Its last line's width; nil when it has no line.
        var lastLineWidth: Int? {
            guard let lineSpans else { return storedLines.last?.width }
            return lineSpans.last.map { Int($0.width) }
        }
    }

    var padding: Int { min(metrics.horizontalPadding, max(0, (width - 1) / 2)) }
    var innerWidth: Int { max(1, width - 2 * padding) }
    var lineHeight: Int { metrics.lineHeight }

    /// A wrapped text as measured, before it is a ``Block``: its lines (as spans of its bytes,
    /// or as lines), its size, which side it starts at and which way it reads.
    struct WrappedPart {
        var lines: [TextLine]
        var lineSpans: [LineSpans.Line]?
        var width: Int
        var height: Int
        var alignment: TextAlignment
        var direction: TextDirection
    }

    /// `recording`: the bubble's text, whose line segments the row's ``recorder`` (if any)
    /// records from the same lookup.
    func wrapped(_ role: BoxRole, _ text: String, width: Int, alignment: TextAlignment? = nil, content: BoxContent? = nil,
                 recording: Bool = false) -> Block {
        let part = wrappedPart(text, width: width, alignment: alignment, recording: recording)
        var block = Block(role: role, text: text, content: content, lines: part.lines, width: part.width, height: part.height,
                          alignment: part.alignment, direction: part.direction)
        if let lineSpans = part.lineSpans { block.lineSpans = lineSpans }
        return block
    }

    /// ``wrapped(_:_:width:alignment:content:recording:)``'s text and size, without the block.
    @inline(__always)
    func wrappedPart(_ text: String, width: Int, alignment: TextAlignment? = nil, recording: Bool = false) -> WrappedPart {
        // A bubble's text, where no recorder reads its lines: as spans of its bytes, when the
        // measurer gives them (every line drawn as written, left to right), else its lines from
        // the same lookup.
        let measured = recording && recorder == nil ? shortLines.measuredLines(text, width: max(1, width)) : nil
        if case .spans(let spans) = measured {
            let natural: TextAlignment = direction == .rightToLeft ? .trailing : .leading
            return WrappedPart(lines: [], lineSpans: spans.lines, width: spans.width, height: spans.lines.count * lineHeight,
                               alignment: alignment ?? natural, direction: .leftToRight)
        }
        let wrapped = if case .lines(let lines) = measured { lines }
            else if recording { recorder?.wrap(text, width: max(1, width)) ?? measurer.wrap(text, width: max(1, width)) }
            else { measurer.wrap(text, width: max(1, width)) }
        // A text starts at the side it reads from: leading when it reads the screen's way.
        let natural: TextAlignment = (wrapped.direction == .rightToLeft) == (direction == .rightToLeft) ? .leading : .trailing
        return WrappedPart(lines: wrapped.lines, lineSpans: nil, width: wrapped.width, height: wrapped.lines.count * lineHeight,
                           alignment: alignment ?? natural, direction: wrapped.direction)
    }

    /// The part's line in the presentation (`text` its words, `content` its data), cut to
    /// `maxWidth` and reordered for display.
    func line(_ role: BoxRole, _ text: String?, content: BoxContent? = nil, maxWidth: Int) -> Block {
        var drawn = presentation.line(role, text: text, content: content, strings: strings)
        // A quote's line has no letter of its own outside its isolate ("┃ ⁨Leia: …⁩"): in a
        // right-to-left screen a right-to-left mark makes it read so, its bar at the right.
        if direction == .rightToLeft && role == .quotedMessage { drawn = "\u{200F}" + drawn }
        return line(role, text, content: content, drawn: drawn, maxWidth: maxWidth)
    }

    /// The words of a part that has only data (reactions, a delivery status, the error
    /// glyph): the plain presentation's, so that every box drawing text says what it is.
    func words(_ role: BoxRole, content: BoxContent?) -> String {
        PlainPresentation().line(role, text: nil, content: content, strings: strings)
    }

    /// The line of a part drawn from its data alone (``DataPartSpec``: reactions, the error
    /// glyph), cut to `maxWidth`; its box says the composed words.
    func line(_ role: BoxRole, data: DataPartSpec, maxWidth: Int) -> Block {
        let drawn = presentation.line(role, text: nil, content: data.content, strings: strings)
        return line(role, nil, words: data.words, content: data.content, drawn: drawn, maxWidth: maxWidth)
    }

    /// One line of `drawn` cut to `maxWidth` and reordered for display, standing for `text`.
    func line(_ role: BoxRole, _ text: String?, content: BoxContent? = nil, drawn: String, maxWidth: Int) -> Block {
        line(role, text, words: nil, content: content, drawn: drawn, maxWidth: maxWidth)
    }

    /// The same; a part without text says `words` (else the plain presentation's).
    func line(_ role: BoxRole, _ text: String?, words: String?, content: BoxContent?, drawn: String, maxWidth: Int) -> Block {
        let (placed, direction) = fittedLine(drawn, maxWidth: maxWidth)
        return Block(role: role, text: text ?? words ?? self.words(role, content: content), content: content, lines: [placed], width: placed.width,
                     height: lineHeight,
                     alignment: .leading, direction: direction)
    }

    /// `drawn` as one line cut to `maxWidth` and reordered for display, and which way it reads
    /// (``line(_:_:words:content:drawn:maxWidth:)``'s line).
    func fittedLine(_ drawn: String, maxWidth: Int) -> (line: TextLine, direction: TextDirection) {
        let limit = max(1, maxWidth)
        // A short label that fits is its own line, said at once.
        if let line = shortLines.shortLine(drawn, width: limit) { return (line, .leftToRight) }
        // Most labels fit: one wrap says so and gives the drawn line; only others are cut.
        let whole = measurer.wrap(drawn, width: limit)
        var shown = whole.lines.first
        if whole.lines.count != 1 || (shown?.width ?? 0) > limit {
            shown = measurer.wrap(measurer.truncate(drawn, width: limit), width: limit).lines.first
        }
        return (shown ?? TextLine(text: "", display: "", width: 0), whole.direction)
    }

    /// The block's box at (x, y) of the row, `width` wide (else the block's), its lines placed
    /// by its alignment.
    func box(_ block: Block, id: String?, x: Int, y: Int, width: Int? = nil) -> Box {
        let frameWidth = width ?? block.width
        if block.gallery != nil || block.nestedQuote != nil || block.card != nil {
            var builder = BoxBuilder()
            emit(block, id: id, x: x, y: y, width: frameWidth, into: &builder)
            return builder.result!
        }
        return Box(role: block.role, id: id, frame: Frame(x: x, y: top + y, width: frameWidth, height: block.height),
                   composedText: block.text, content: block.content, placedLines: Self.place(block.lines, in: frameWidth, alignment: block.alignment),
                   alignment: block.alignment, textDirection: block.direction)
    }

    /// Writes the block's box at (x, y) of the row into `sink`, as ``box(_:id:x:y:width:)`` makes it.
    func emit<Sink: BoxSink>(_ block: Block, id: String?, x: Int, y: Int, width: Int? = nil, into sink: inout Sink) {
        if let gallery = block.gallery {
            emitGallery(gallery, block: block, id: id, x: x, y: y, width: width ?? block.width, into: &sink)
            return
        }
        if let quote = block.nestedQuote {
            emitQuote(quote, block: block, id: id, x: x, y: y, width: width ?? block.width, into: &sink)
            return
        }
        if let card = block.card {
            emitCard(card, block: block, id: id, x: x, y: y, width: width ?? block.width, into: &sink)
            return
        }
        if let parts = block.richText {
            emitRichText(parts, block: block, id: id, x: x, y: y, width: width ?? block.width, into: &sink)
            return
        }
        let frame = Frame(x: x, y: top + y, width: width ?? block.width, height: block.height)
        let token = if let lineSpans = block.lineSpans, let text = block.text {
            sink.open(block.role, id: id, frame: frame, text: text, content: block.content, lineSpans: lineSpans,
                      alignment: block.alignment, direction: block.direction, tail: .none)
        } else {
            sink.open(block.role, id: id, frame: frame, text: block.text, content: block.content, lines: block.lines,
                      alignment: block.alignment, direction: block.direction, tail: .none)
        }
        sink.close(token, height: nil)
    }

    /// Writes a gallery's box at (x, y) of the row, `width` wide and as tall as its block, and
    /// its tiles in it (``GalleryLayout``): each tile names its media on its first line, the
    /// last of more says how many more ("+2"), centred.
    func emitGallery<Sink: BoxSink>(_ gallery: GallerySpec, block: Block, id: String?, x: Int, y: Int, width: Int, into sink: inout Sink) {
        let token = sink.open(.gallery, id: id, frame: Frame(x: x, y: top + y, width: width, height: block.height), content: block.content)
        let frames = GalleryLayout(metrics: metrics).tileFrames(count: gallery.tiles.count, width: width, height: block.height)
        for (tile, frame) in zip(gallery.tiles, frames) {
            var tileBlock = line(.attachment, nil, content: .galleryTile(tile), maxWidth: frame.width)
            // A tile too small for its name draws none (a gallery on a screen a few units wide).
            if frame.width < tileBlock.width || frame.height < lineHeight { tileBlock.lines = [] }
            tileBlock.width = frame.width
            tileBlock.height = frame.height
            if tile.hiddenCount > 0 { tileBlock.alignment = .center }
            emit(tileBlock, id: id, x: x + frame.x, y: y + frame.y, into: &sink)
        }
        sink.close(token, height: nil)
    }

    /// Lines placed in a frame `width` wide: at its leading edge, centred or at its trailing edge.
    static func place(_ lines: [TextLine], in width: Int, alignment: TextAlignment) -> [PlacedLine] {
        lines.map { line in
            PlacedLine(display: line.display, text: line.text, x: placedX(line.width, in: width, alignment: alignment), width: line.width)
        }
    }

    // MARK: Rows

    /// The row of a list item, at the top of the frame (y = `top`), as a box.
    func row(_ item: MessageListItem) -> Box {
        row(item, movedDown: 0)
    }

    /// The same, moved down by `dy` as it is built.
    func row(_ item: MessageListItem, movedDown dy: Int) -> Box {
        var builder = BoxBuilder(dy: dy)
        write(item, into: &builder)
        return builder.result!
    }

    /// `box` (a row, or a box of the screen `width` wide) as the screen's direction places
    /// it: as it is left to right; mirrored right to left.
    func mirrored(_ box: Box) -> Box {
        direction == .rightToLeft ? box.mirrored(inWidth: width) : box
    }

    /// Writes the row of a list item into `sink`, mirrored in a right-to-left layout.
    func write<Sink: BoxSink>(_ item: MessageListItem, into sink: inout Sink) {
        writeLeftToRight(item, into: &sink)
        if direction == .rightToLeft { sink.mirrorRow(inWidth: width) }
    }

    /// Writes a message's row into `sink` as ``write(_:into:)`` writes `.message(decision)`,
    /// without the item: boxing the decision into one, then taking it out again, copied it
    /// twice.
    func writeMessage<Sink: BoxSink>(_ decision: MessageDecision, into sink: inout Sink) {
        writeMessageRow(decision, into: &sink)
        if direction == .rightToLeft { sink.mirrorRow(inWidth: width) }
    }

    /// The same for a composed row.
    func writeMessage<Sink: BoxSink>(_ spec: MessageRowSpec, into sink: inout Sink) {
        writeMessageRow(spec, into: &sink)
        if direction == .rightToLeft { sink.mirrorRow(inWidth: width) }
    }

    /// Writes the row of a list item into `sink` as a left-to-right screen has it.
    private func writeLeftToRight<Sink: BoxSink>(_ item: MessageListItem, into sink: inout Sink) {
        switch item {
        case .dateSeparator(_, let text): writeCenteredLine(.dateSeparator, text: text, height: metrics.dateSeparatorHeight, into: &sink)
        case .unreadSeparator(let text): writeCenteredLine(.unreadSeparator, text: text, height: metrics.unreadSeparatorHeight, into: &sink)
        case .message(let decision): writeMessageRow(decision, into: &sink)
        case .typingIndicator(let text): writeTypingIndicator(text, into: &sink)
        case .emptyState(let text): writeCenteredLine(.emptyState, text: text, into: &sink)
        case .loadingState(let text): writeCenteredLine(.loadingState, text: text, into: &sink)
        case .loadingOlderIndicator(let text): writeCenteredLine(.loadingOlderIndicator, text: text, into: &sink)
        case .loadingNewerIndicator(let text): writeCenteredLine(.loadingNewerIndicator, text: text, into: &sink)
        }
    }

    /// A one-line row centred in the list: date and unread separators, states.
    /// Stream's typing indicator (`TypingIndicatorView`): the dots (``BoxRole/typingDots``, a
    /// line tall and as wide where the front end draws them), then the words, from the leading
    /// edge. The row's own lines are its words, placed after the dots; the dots give way on a
    /// row too narrow for them and a word.
    func writeTypingIndicator<Sink: BoxSink>(_ text: String, into sink: inout Sink) {
        let drawn = presentation.line(.typingDots, text: nil, content: nil, strings: strings)
        let dotsWidth = drawn.isEmpty ? lineHeight * metrics.verticalScale : measurer.width(of: drawn)
        let reserve = dotsWidth + metrics.gap
        let showsDots = innerWidth >= reserve + 2 * dotsWidth
        var words = line(.typingIndicator, text, maxWidth: showsDots ? innerWidth - reserve : innerWidth)
        guard showsDots else {
            emit(words, id: nil, x: padding, y: 0, into: &sink)
            return
        }
        // The words at the trailing end of a row as wide as the dots and them: after the dots.
        words.alignment = .trailing
        let row = sink.open(.typingIndicator, id: nil, frame: Frame(x: padding, y: top, width: reserve + words.width, height: words.height),
                            text: words.text, content: nil, lines: words.lines, alignment: .trailing, direction: words.direction, tail: .none)
        // A line of the presentation's dots (which are its text), or none for the front end's.
        let lines = drawn.isEmpty ? [] : [TextLine(text: drawn, display: drawn, width: dotsWidth)]
        emit(Block(role: .typingDots, text: drawn.isEmpty ? nil : drawn, content: nil, lines: lines, width: dotsWidth, height: lineHeight,
                   alignment: .leading),
             id: nil, x: padding, y: 0, into: &sink)
        sink.close(row, height: nil)
    }

    func centeredLine(_ role: BoxRole, text: String, content: BoxContent? = nil) -> Box {
        var builder = BoxBuilder()
        writeCenteredLine(role, text: text, content: content, into: &builder)
        return mirrored(builder.result!)
    }

    /// A row `height` tall (at least its line: Stream SwiftUI's reserved separator sizes) has
    /// its words on its first line.
    func writeCenteredLine<Sink: BoxSink>(_ role: BoxRole, text: String, content: BoxContent? = nil, height: Int? = nil,
                                          into sink: inout Sink) {
        var block = line(role, text, content: content, maxWidth: innerWidth)
        block.alignment = .center
        if let height { block.height = max(block.height, height) }
        let x = padding + max(0, (innerWidth - block.width) / 2)
        emit(block, id: nil, x: x, y: 0, into: &sink)
    }

    /// Writes a message row into `sink`: the row's box, then its parts in drawing order — the
    /// parts above the bubble, the bubble and its content, the error glyph on its corner, the
    /// parts below it, the avatar level with the last of them — each where the anatomy puts it.
    func writeMessageRow<Sink: BoxSink>(_ decision: MessageDecision, into sink: inout Sink) {
        // Made by the composition stage in its module: made here, in another module, the
        // spec's initialiser is a call that is never inlined.
        let spec = composer.compose(decision)
        writeMessageRow(spec, into: &sink)
    }

    /// The same for a composed row.
    func writeMessageRow<Sink: BoxSink>(_ spec: MessageRowSpec, into sink: inout Sink) {
        _ = writeMessageRow(spec, keeping: nil, into: &sink)
    }

    /// The same, its bubble's content copied from `kept` (a row written before, whose bubble
    /// holds the same words: the incremental list's ``RowBubbleMemo``) where it stands in the
    /// same room, rather than laid out and written again. Returns the bubble as written (nil:
    /// none).
    func writeMessageRow<Sink: BoxSink>(_ spec: MessageRowSpec, keeping kept: KeptBubble?, into sink: inout Sink) -> WrittenBubble? {
        let id = spec.id
        if let text = spec.centeredText {
            var block = wrapped(.text, text, width: innerWidth, alignment: .center)
            block.width = innerWidth
            let row = sink.open(.messageRow, id: id, frame: Frame(x: 0, y: top, width: width, height: block.height))
            emit(block, id: id, x: padding, y: 0, into: &sink)
            sink.close(row, height: nil)
            return nil
        }
        let room = bubbleRoom(spec)
        let flipped = room.flipped, avatarColumn = room.avatarColumn, left = room.left, right = room.right
        let errorGlyph = room.showsErrorGlyph ? errorGlyphBlock(spec) : nil
        let errorOverlap = room.errorOverlap, errorReserve = room.errorReserve
        let besideOrder = self.besideOrder(flipped: flipped), besideReserve = room.besideReserve, besideUnder = room.besideUnder
        let bubbleSpec = room.bubbleSpec, border = room.border, hasBubble = room.hasBubble
        // The bubble written before, when it is this one: its width and height, its content
        // copied (a left-to-right row of the incremental list, not recorded as prepared).
        var keptBubble: Int?
        if let kept, bubbleSpec != nil, recorder == nil, direction == .leftToRight, kept.bubble.isRoom(room, rowWidth: width) {
            keptBubble = sink.bubble(ofRow: kept.oldRow, width: kept.bubble.width, height: kept.bubble.height)
        }
        var content: [Block] = []
        // A bubble of its text alone (most): its one block, without the array of blocks.
        var textAlone: WrappedPart?
        let outerWidth: Int
        if keptBubble != nil {
            outerWidth = kept!.bubble.width
        } else if holdsTextAlone(spec) {
            let part = textAlonePart(spec.text!, in: room)
            outerWidth = bubbleOuterWidth(widest: part.width + 2 * textInset(room), in: room)
            textAlone = part
        } else {
            (content, outerWidth) = bubbleContent(spec, in: room)
        }
        let contentWidth = outerWidth - room.chrome
        let bubbleX = flipped ? right - errorReserve - outerWidth : left + errorReserve
        let column = OutsideColumn(left: left, right: right, bubbleX: bubbleX, bubbleWidth: outerWidth, isFlipped: flipped)

        // The row's height is known once its parts are placed: it is closed with it.
        let row = sink.open(.messageRow, id: id, frame: Frame(x: 0, y: top, width: width, height: 0))
        var y = 0
        // The reactions hang off the bubble's top outer corner: placed now, written after the
        // bubble (over it), which starts where they stop overlapping it.
        var hanging: (pills: [(block: Block, x: Int)], y: Int)?
        for part in anatomy.aboveBubble {
            if case .reactions = part, let data = spec.reactions {
                let pills = hangingReactions(data, in: column)
                hanging = (pills, y)
                var tallest = 0
                for pill in pills { tallest = max(tallest, pill.block.height) }
                y += tallest - metrics.reactionsAndQuote.reactionOverlap
                continue
            }
            y += writeOutside(part, of: spec, in: column, y: y, into: &sink)
        }
        let inset = hasBubble ? metrics.bubbleBorder + metrics.bubblePadding : 0
        let bubbleHeight = keptBubble != nil ? kept!.bubble.height
            : textAlone.map { bubbleFrameHeight(hasBubble: hasBubble) + $0.height }
            ?? bubbleHeight(of: content, in: room)
        var bubble: Int?
        if let bubbleSpec {
            let tail: BubbleTail = bubbleSpec.hasTail ? (flipped ? .bottomTrailing : .bottomLeading) : .none
            bubble = sink.open(.bubble, id: id, frame: Frame(x: bubbleX, y: top + y, width: outerWidth, height: bubbleHeight),
                               content: bubbleSpec.isFromCurrentUser ? Self.yourBubble : Self.othersBubble, tail: tail)
        }
        if let keptBubble { sink.copyBubbleContent(of: keptBubble, toX: bubbleX, y: top + y) }
        if let textAlone = textAlone.take() {
            // As `emit` writes the text's block below: under the bubble's padding, its inset further in.
            let extraInset = textInset(room)
            let frame = Frame(x: bubbleX + inset + extraInset, y: top + y + border + (hasBubble ? metrics.bubbleVerticalPadding : 0),
                              width: max(1, contentWidth - 2 * extraInset), height: textAlone.height)
            let token = if let lineSpans = textAlone.lineSpans {
                sink.open(.text, id: id, frame: frame, text: spec.text!, content: nil, lineSpans: lineSpans,
                          alignment: textAlone.alignment, direction: textAlone.direction, tail: .none)
            } else {
                sink.open(.text, id: id, frame: frame, text: spec.text, content: nil, lines: textAlone.lines,
                          alignment: textAlone.alignment, direction: textAlone.direction, tail: .none)
            }
            sink.close(token, height: nil)
        }
        // A part across the bubble reaches its edge: no padding above the first, below the last.
        let topPadding = hasBubble && !content.isEmpty && !content[0].bleeds ? metrics.bubbleVerticalPadding : 0
        var partY = y + border + topPadding
        // Each block moved out of the array (last first, so reversed first), then written: a
        // block passed on from the array, beside the table written to, was copied whole first
        // (the profile's outlined copy, about 200 instructions a row).
        content.reverse()
        while let block = content.popLast() {
            if block.bleeds {
                emit(block, id: id, x: bubbleX + border, y: partY, into: &sink)
            } else if let after = block.inlineAfter {
                // On the text's last line, after it: from its start for a leading text, before
                // its start (its right end) for one set at the trailing side.
                let width = block.width, extraInset = block.extraInset
                let x = block.alignment == .trailing ? bubbleX + inset + contentWidth - extraInset - after - width
                    : bubbleX + inset + extraInset + after
                emit(block, id: id, x: x, y: partY - lineHeight, width: width, into: &sink)
                continue
            } else {
                let extraInset = block.extraInset
                emit(block, id: id, x: bubbleX + inset + extraInset, y: partY,
                     width: block.keepsWidth ? block.width : max(1, contentWidth - 2 * extraInset), into: &sink)
            }
            partY += block.height
        }
        if let bubble { sink.close(bubble, height: nil) }
        if let hanging {
            for pill in hanging.pills { emit(pill.block, id: id, x: pill.x, y: hanging.y, into: &sink) }
        }
        // The error glyph on the bubble's bottom outer corner (trailing for yours, leading for
        // others', towards the avatar), its bottom at the bubble's.
        if let errorGlyph {
            let x = flipped ? bubbleX + outerWidth - errorOverlap : bubbleX - errorReserve
            emit(errorGlyph, id: id, x: x, y: y + bubbleHeight - errorGlyph.height, into: &sink)
        }
        if besideReserve > 0 {
            // Level with the bubble's bottom, after its trailing edge (before its leading edge
            // for the current user's), as Sendbird's bottom-aligned `messageHStackView`.
            let beside = flipped
                ? OutsideColumn(left: column.left, right: bubbleX - metrics.gap, bubbleX: bubbleX, bubbleWidth: outerWidth, isFlipped: true)
                : OutsideColumn(left: bubbleX + outerWidth + metrics.gap, right: column.right, bubbleX: bubbleX, bubbleWidth: outerWidth,
                                isFlipped: false)
            _ = writeFootnote(spec.footnote, order: besideOrder, id: id, in: beside, y: y + max(0, bubbleHeight - lineHeight), beside: true,
                              into: &sink)
        }
        y += bubbleHeight
        let bubbleBottom = y
        if besideUnder { y += writeFootnote(spec.footnote, order: besideOrder, id: id, in: column, y: y, beside: true, into: &sink) }
        for part in anatomy.belowBubble { y += writeOutside(part, of: spec, in: column, y: y, into: &sink) }
        // The avatar's bottom at the bottom of the bubble's column (Stream's bottom-aligned
        // `mainContainer`): level with the footnote line when there is one, straddling the
        // bubble's bottom edge; at the bubble's bottom when nothing is below it. Sendbird's
        // anatomy keeps it level with the bubble's bottom whatever is under it.
        if let avatar = spec.avatar, avatarColumn >= metrics.avatarWidth {
            let bottom = anatomy.avatarAtBubbleBottom ? bubbleBottom : y
            emitAvatar(avatar, role: .avatar, id: id, x: flipped ? width - padding - metrics.avatarWidth : padding,
                       y: max(0, bottom - metrics.avatarHeight), into: &sink)
        }
        sink.close(row, height: y)
        return bubbleSpec == nil ? nil
            : WrittenBubble(rowWidth: width, hasBubble: room.hasBubble, inner: room.inner, maxOuter: room.maxOuter, chrome: room.chrome,
                            border: room.border, width: outerWidth, height: bubbleHeight)
    }


    /// Writes again, in place, the text of row `row` of `rows`, a message row written for
    /// `spec` (its text aside: ``StreamedRow``), as `text`: when the bubble holds its text
    /// alone (in `room`, the spec's bubble room), held by reference (``RowTable/SpannedText``,
    /// a long text of a row written again), and `text`'s lines fill a box as tall and a
    /// bubble as wide as the old text's did, every other box of the row stands as it was —
    /// only the text and its lines are replaced. False, nothing changed, otherwise: the row is
    /// to be written again whole.
    func rewriteText(of spec: MessageRowSpec, text: String, room: BubbleRoom, inRow row: Int, of rows: inout RowTable) -> Bool {
        guard recorder == nil, spec.centeredText == nil, holdsTextAlone(spec), room.bubbleSpec != nil,
              text.utf8.count >= RowTable.spannedLength else { return false }
        let part = textAlonePart(text, in: room)
        guard let lineSpans = part.lineSpans else { return false }
        let outerWidth = bubbleOuterWidth(widest: part.width + 2 * textInset(room), in: room)
        return rows.rewriteBubbleText(ofRow: row, bubbleWidth: outerWidth, bubbleHeight: bubbleFrameHeight(hasBubble: true) + part.height,
                                      text: text, lineSpans: lineSpans, height: part.height, alignment: part.alignment,
                                      direction: part.direction)
    }

    /// The options a group's end shows, and nothing else: the bubble's tail, the avatar and
    /// its padding, the name, the time, the delivery status.
    static let groupEndOptions: MessageLayoutOptions = [.continuousBubble, .avatarSizePadding, .avatar, .timestamp, .authorName,
                                                         .deliveryStatusIndicator]

    /// Whether a message row whose options were `oldOptions` and are now `options` (its
    /// decisions regrouped: the same message and content, only the options a group's end
    /// shows changed, ``groupEndOptions``), its delivery status `deliveryStatus` and its
    /// edited label shown where `showsEditedLabel`, is its old row cut after the bubble, the
    /// tail gone: the bubble continues into the next message and nothing now stands below it,
    /// beside it or over it (no avatar, footnote, thread info, error glyph, hanging
    /// reactions), while the bubble's room and what stands above it are as they were. Then
    /// the row is written as that change of its old row
    /// (`RowTable.appendRow(cutAfterBubbleOf:at:)`), not composed and written again: the
    /// row above a message appended to its group.
    func isCutAfterBubble(options: MessageLayoutOptions, oldOptions: MessageLayoutOptions, deliveryStatus: DeliveryStatus?,
                          showsEditedLabel: Bool) -> Bool {
        // What would stand below, beside or over the bubble, or change its room.
        let outside: MessageLayoutOptions = [.avatar, .timestamp, .authorName, .deliveryStatusIndicator, .threadInfo,
                                             .onlyVisibleToYouIndicator, .errorIndicator, .translation, .centered]
        let avatarColumn: MessageLayoutOptions = [.avatar, .avatarSizePadding]
        guard recorder == nil, direction == .leftToRight, options.isSuperset(of: [.bubble, .continuousBubble]),
              options.isDisjoint(with: outside), oldOptions.symmetricDifference(options).isSubset(of: Self.groupEndOptions),
              oldOptions.isDisjoint(with: avatarColumn) == options.isDisjoint(with: avatarColumn),
              deliveryStatus == nil, !showsEditedLabel || parts.editedInBubble,
              !options.contains(.reactions) || parts.reactionsInBubble,
              // The name over the bubble (Sendbird's) goes with the option.
              !oldOptions.contains(.authorName) || !parts.nameAboveBubble,
              options.contains(.flipped) ? parts.nothingBesideCurrentUser : parts.nothingBeside
        else { return false }
        // Every part under the bubble is one of those the options above leave empty.
        return parts.belowIsThreadInfoFootnoteOrReactions
    }

    /// A bubble's content, made once (each `BoxContent` made is an allocation).
    private static let yourBubble = BoxContent.bubble(fromCurrentUser: true)
    private static let othersBubble = BoxContent.bubble(fromCurrentUser: false)

    /// Where a message row's bubble may stand at this width, and how wide it may be: the avatar
    /// column, the error glyph and its reserve, the widest bubble, the parts beside it, whether
    /// it is drawn — worked out once for writing the row (``writeMessageRow(_:into:)``) and for
    /// its height alone (``messageRowHeight(_:)``).
    struct BubbleRoom {
        var flipped = false
        var avatarColumn = 0
        var left = 0
        var right = 0
        var available = 1
        /// The error glyph stays (``errorGlyphBlock(_:)``): it has not given way.
        var showsErrorGlyph = false
        var errorOverlap = 0
        var errorReserve = 0
        var maxOuter = 1
        var besideReserve = 0
        var besideUnder = false
        /// The bubble is drawn: the message has one, and the row is wide enough for it.
        var hasBubble = false
        /// The message's bubble when it is drawn (``hasBubble``).
        var bubbleSpec: BubbleSpec?
        var chrome = 0
        var inner = 1
        var border = 0
    }

    /// The footnote's parts beside the bubble (Sendbird's time) of a row on that side: none in
    /// most anatomies. Not kept in ``BubbleRoom``, which then holds no reference: a room is
    /// copied as plain memory, nothing retained.
    func besideOrder(flipped: Bool) -> [MessageAnatomy.FootnotePart] {
        flipped ? anatomy.currentUserBesideBubble : anatomy.besideBubble
    }

    /// The room of `spec`'s bubble at this width.
    func bubbleRoom(_ spec: MessageRowSpec) -> BubbleRoom {
        let flipped = spec.isFlipped
        let besideOrder = self.besideOrder(flipped: flipped)
        // The glyph as wide as the presentation's line measures (two cells at most on a
        // terminal; points elsewhere).
        // The glyph's block made only for a row that has one: an empty `Block?` returned is copied too.
        var room = bubbleRoom(flipped: flipped, keepsAvatarColumn: spec.keepsAvatarColumn,
                              errorGlyphWidth: spec.errorGlyph == nil ? nil : errorGlyphBlock(spec)?.width,
                              besideWidth: besideOrder.isEmpty ? nil : besideWidth(spec.footnote, order: besideOrder),
                              hasBubbleSpec: spec.bubble != nil)
        room.bubbleSpec = room.hasBubble ? spec.bubble : nil
        return room
    }

    /// The room of a bubble at this width, from what it depends on that the width does not
    /// change: which side the row is on, whether it keeps the avatar column, the error glyph's
    /// width (nil: none), the width of the parts beside the bubble (nil: none), whether the
    /// message has a bubble. (``bubbleRoom(_:)`` with a composed row; a prepared row's height
    /// with what it kept, ``PreparedRow``.)
    func bubbleRoom(flipped: Bool, keepsAvatarColumn: Bool, errorGlyphWidth: Int?, besideWidth: Int?, hasBubbleSpec: Bool) -> BubbleRoom {
        let avatarColumn = keepsAvatarColumn ? min(metrics.avatarWidth + metrics.avatarSpacing, max(0, innerWidth - 1)) : 0
        // The avatar column beside the bubble: leading for others', trailing for the current user's.
        let left = padding + (flipped ? 0 : avatarColumn)
        let right = width - padding - (flipped ? avatarColumn : 0)
        let available = max(1, right - left)
        var errorGlyph = errorGlyphWidth
        // Too narrow for the glyph beside a one-unit bubble: the glyph gives way.
        if let glyph = errorGlyph, available < glyph + 1 { errorGlyph = nil }
        // The glyph overlaps the bubble's bottom outer corner by half its width, rounded up (Stream's
        // `ChatMessageErrorIndicator`; a one-cell glyph covers the corner cell): the bubble is
        // pulled in by the other half.
        var errorOverlap = errorGlyph.map { ($0 + 1) / 2 } ?? 0
        var errorReserve = (errorGlyph ?? 0) - errorOverlap
        // The widest bubble: a share of the space beside the avatar column, or (Stream's, in
        // points) a share of the row less its padding and the avatar column.
        var widestBubble = metrics.bubbleWidthCountsTheRow
            ? width * metrics.maximumBubbleWidthPercent / 100 - 2 * padding - avatarColumn
            : available * metrics.maximumBubbleWidthPercent / 100
        // Stream SwiftUI's spacer: the row (in points; the space beside the avatar column in
        // cells) less the room kept free on the other side.
        if let spacer = metrics.bubbleSpacerWidth {
            widestBubble = (metrics.bubbleWidthCountsTheRow ? width - 2 * padding - avatarColumn : available) - spacer
        }
        var maxOuter = available < metrics.fullWidthBelow ? available : max(metrics.fullWidthBelow, widestBubble)
        // Sendbird's cell: a fixed maximum whatever the row's width.
        if let cap = metrics.bubbleMaxWidth { maxOuter = min(available, cap) }
        maxOuter = max(1, min(maxOuter, available - errorReserve))
        // The parts beside the bubble (Sendbird's time): room kept at its side for them whole;
        // a row without that room beside the narrowest bubble has them on a line under it.
        var besideReserve = 0
        var besideUnder = false
        if let besideWidth {
            let reserve = besideWidth + metrics.gap
            if available - errorReserve - reserve >= metrics.bubbleChrome + narrowestBubbleContent {
                besideReserve = reserve
                maxOuter = max(1, min(maxOuter, available - errorReserve - reserve))
            } else {
                besideUnder = true
            }
        }
        // Too narrow for the border and padding around a wide character: no bubble.
        let hasBubble = hasBubbleSpec && maxOuter >= metrics.bubbleChrome + narrowestBubbleContent
        // No bubble to overlap (jumbomoji, a row too narrow): the glyph stands beside the
        // content, or gives way when there is no room for it there.
        if let glyph = errorGlyph, !hasBubble {
            errorOverlap = 0
            if available < glyph + metrics.gap + 1 {
                errorGlyph = nil
                errorReserve = 0
            } else {
                errorReserve = glyph + metrics.gap
                maxOuter = max(1, min(maxOuter, available - errorReserve))
            }
        }
        let chrome = hasBubble ? metrics.bubbleChrome : 0
        let inner = max(1, maxOuter - chrome)

        return BubbleRoom(flipped: flipped, avatarColumn: avatarColumn, left: left, right: right, available: available,
                          showsErrorGlyph: errorGlyph != nil, errorOverlap: errorOverlap, errorReserve: errorReserve, maxOuter: maxOuter,
                          besideReserve: besideReserve, besideUnder: besideUnder, hasBubble: hasBubble,
                          chrome: chrome, inner: inner, border: hasBubble ? metrics.bubbleBorder : 0)
    }

    /// The error glyph's part, as wide as the presentation's line measures (two cells at most
    /// on a terminal; points elsewhere); nil for a message without one.
    func errorGlyphBlock(_ spec: MessageRowSpec) -> Block? {
        guard let glyph = spec.errorGlyph else { return nil }
        let drawn = presentation.line(.errorIndicator, text: nil, content: glyph.content, strings: strings)
        return line(.errorIndicator, nil, words: glyph.words, content: glyph.content, drawn: drawn, maxWidth: max(1, measurer.width(of: drawn)))
    }

    /// Whether `spec`'s bubble holds its text alone (``RowBubbleMemo/holdsTextAlone(_:reactionsInBubble:)``,
    /// not a jumbomoji) in this anatomy: then its text is ``textAlonePart(_:in:)``.
    func holdsTextAlone(_ spec: MessageRowSpec) -> Bool {
        parts.textInBubble && !spec.textIsJumbomoji && RowBubbleMemo.holdsTextAlone(spec, reactionsInBubble: parts.reactionsInBubble)
    }

    /// Where an anatomy puts the parts a row's writing asks about (``parts``).
    struct AnatomyParts {
        var textInBubble: Bool
        var reactionsInBubble: Bool
        var editedInBubble: Bool
        /// The author's name stands over the bubble (Sendbird's).
        var nameAboveBubble: Bool
        /// No part stands beside the bubble of others' rows.
        var nothingBeside: Bool
        /// No part stands beside the bubble of the current user's rows.
        var nothingBesideCurrentUser: Bool
        /// Every part under the bubble is the thread info, the footnote or the reactions.
        var belowIsThreadInfoFootnoteOrReactions: Bool

        init(_ anatomy: MessageAnatomy) {
            textInBubble = anatomy.inBubble.contains(.text)
            reactionsInBubble = anatomy.inBubble.contains(.reactions)
            editedInBubble = anatomy.inBubble.contains(.edited)
            nameAboveBubble = anatomy.aboveBubble.contains(.authorName)
            nothingBeside = anatomy.besideBubble.isEmpty
            nothingBesideCurrentUser = anatomy.currentUserBesideBubble.isEmpty
            belowIsThreadInfoFootnoteOrReactions = anatomy.belowBubble.allSatisfy { $0 == .threadInfo || $0 == .footnote || $0 == .reactions }
        }
    }

    /// The text of a bubble that holds it alone (``holdsTextAlone(_:)``) in `room`, wrapped
    /// as ``bubbleContent(_:in:)`` wraps its block: ``textInset(_:)`` further in on each side.
    /// The bubble's content is as wide as it and its insets, at most `room.inner`.
    func textAlonePart(_ text: String, in room: BubbleRoom) -> WrappedPart {
        wrappedPart(text, width: room.inner - 2 * textInset(room), recording: true)
    }

    /// How much further in than the bubble's padding a bubble's text stands on each side (not
    /// a jumbomoji's), in a bubble `inner` wide inside its padding.
    func textInset(inner: Int, hasBubble: Bool) -> Int {
        min(hasBubble ? metrics.bubbleTextInset : 0, (inner - 1) / 2)
    }

    /// The same in `room`.
    func textInset(_ room: BubbleRoom) -> Int { textInset(inner: room.inner, hasBubble: room.hasBubble) }

    /// What a bubble adds to the height of parts that reach neither its top nor its bottom
    /// edge: its border and its padding, above and below.
    func bubbleFrameHeight(hasBubble: Bool) -> Int {
        hasBubble ? 2 * metrics.bubbleBorder + 2 * metrics.bubbleVerticalPadding : 0
    }

    /// The outer width of a bubble in `room` whose widest part, its insets counted, is `widest`.
    func bubbleOuterWidth(widest: Int, in room: BubbleRoom) -> Int {
        max(1, min(room.inner, widest)) + room.chrome
    }

    /// The blocks of `spec`'s bubble in `room`, as they are drawn (a part spanning the bubble
    /// sized to it), and the bubble's outer width.
    func bubbleContent(_ spec: MessageRowSpec, in room: BubbleRoom) -> (content: [Block], outerWidth: Int) {
        let hasBubble = room.hasBubble, inner = room.inner, maxOuter = room.maxOuter, border = room.border

        // The bubble's content, top to bottom; a gallery spans the bubble inside its border.
        var content = contentBlocks(spec, order: anatomy.inBubble, width: inner, bleedWidth: max(1, maxOuter - 2 * border),
                                    textInset: hasBubble ? metrics.bubbleTextInset : 0, quoteInset: hasBubble ? metrics.bubbleQuoteInset : 0)
        if content.isEmpty {
            content.append(Block(role: .text, text: "", lines: [TextLine(text: "", display: "", width: 0)], width: 0,
                                 height: lineHeight, alignment: .leading))
        }
        // At most `inner`: only a lone wide character in a one-cell width is wider (see
        // `TextMeasuring.wrap`), and its box must still keep to the row.
        // A part across the bubble counts without the padding it is not inset by.
        let bleedPadding = hasBubble ? 2 * metrics.bubblePadding : 0
        var widest = 0
        for index in content.indices {
            widest = max(widest, (content[index].inlineAfter ?? 0) + content[index].width + 2 * content[index].extraInset
                - (content[index].bleeds ? bleedPadding : 0))
        }
        let outerWidth = bubbleOuterWidth(widest: widest, in: room)
        for index in content.indices where content[index].bleeds && !content[index].keepsSize {
            // Across the bubble inside its border: a gallery at its aspect, a default frame square.
            let width = max(1, outerWidth - 2 * border)
            content[index].width = width
            content[index].height = content[index].gallery != nil ? metrics.galleryHeight(width: width)
                : content[index].card.map { content[index].cardTopSpacing + cardParts($0, width: width).height } ?? metrics.defaultMediaHeight(width: width)
        }
        return (content, outerWidth)
    }

    /// The height of a bubble of `content` in `room`: its border, its parts stacked, and its
    /// padding above the first and below the last unless they reach its edge.
    func bubbleHeight(of content: [Block], in room: BubbleRoom) -> Int {
        let padding = room.hasBubble ? metrics.bubbleVerticalPadding : 0
        var height = 2 * room.border + (content[0].bleeds ? 0 : padding) + (content[content.count - 1].bleeds ? 0 : padding)
        for index in content.indices { height += content[index].stackedHeight }
        return height
    }

    /// The width of the footnote's parts `order` names on one line (the presentation's words,
    /// whole, a spacing apart), nil when the message has none of them to draw.
    func besideWidth(_ footnote: FootnoteSpec, order: [MessageAnatomy.FootnotePart]) -> Int? {
        var total = 0
        var count = 0
        func add(_ role: BoxRole, _ text: String?, _ content: BoxContent? = nil) {
            let drawn = presentation.line(role, text: text, content: content, strings: strings)
            guard !drawn.isEmpty else { return }
            total += measurer.width(of: drawn)
            count += 1
        }
        forEachFootnotePart(footnote, order: order) { role, text, _, content in add(role, text, content) }
        return count == 0 ? nil : total + metrics.inlineSpacing * (count - 1)
    }

    /// Each of the footnote's parts that `order` names and the message has, in that order:
    /// its role, its words, what a reader hears for it (a delivery status's words) and its
    /// typed content.
    func forEachFootnotePart(_ footnote: FootnoteSpec, order: [MessageAnatomy.FootnotePart],
                             _ body: (BoxRole, String?, String?, BoxContent?) -> Void) {
        for part in order {
            switch part {
            case .onlyVisibleToYou: if let words = footnote.onlyVisibleToYou { body(.onlyVisibleToYou, words, nil, nil) }
            case .author: if let name = footnote.author { body(.authorName, name, nil, nil) }
            case .time: if let time = footnote.time { body(.timestamp, time, nil, nil) }
            case .edited: if let words = footnote.edited { body(.editedLabel, words, nil, .edited) }
            case .deliveryStatus: if let status = footnote.deliveryStatus { body(.deliveryStatus, nil, status.words, status.content) }
            case .translation: if let label = footnote.translation { body(.translationLabel, label.text, nil, label.content) }
            }
        }
    }

    /// The column a message row's parts outside its bubble take: from `left` to `right`, the
    /// bubble at `bubbleX`, `bubbleWidth` wide.
    struct OutsideColumn {
        var left: Int
        var right: Int
        var bubbleX: Int
        var bubbleWidth: Int
        /// The current user's message: parts end at the trailing edge.
        var isFlipped: Bool
        var available: Int { max(1, right - left) }
    }

    /// Writes a part outside the bubble at `y` of the row and returns its height (0 when the
    /// message has no such part).
    private func writeOutside<Sink: BoxSink>(_ part: MessageAnatomy.OutsidePart, of spec: MessageRowSpec, in column: OutsideColumn,
                                             y: Int, into sink: inout Sink) -> Int {
        let flipped = column.isFlipped
        switch part {
        case .reactions:
            guard let data = spec.reactions else { return 0 }
            if anatomy.reactionsStyle != .icons, case .reactions(let counts) = data.content {
                // Stream SwiftUI's bottom reactions take the same pills as its top ones.
                let pills = reactionPills(counts, words: data.words, in: column)
                let total = pillsWidth(pills)
                var x = flipped ? min(column.bubbleX, column.right - total) : max(column.left, column.bubbleX + column.bubbleWidth - total)
                for pill in pills {
                    emit(pill, id: spec.id, x: x, y: y, into: &sink)
                    x += pill.width + metrics.reactionsAndQuote.reactionPillSpacing
                }
                return pills.map(\.height).max() ?? 0
            }
            var reactions = line(.reactions, data: data, maxWidth: column.available)
            reactions.alignment = flipped ? .leading : .trailing
            let x = flipped ? min(column.bubbleX, column.right - reactions.width)
                : max(column.left, column.bubbleX + column.bubbleWidth - reactions.width)
            emit(reactions, id: spec.id, x: x, y: y, into: &sink)
            return reactions.height
        case .threadInfo:
            guard let info = spec.threadInfo else { return 0 }
            if let avatar = spec.threadInfoAvatar, metrics.reactionsAndQuote.threadAvatarSize > 0 {
                return writeThreadInfo(info, avatar: avatar, id: spec.id, in: column, y: y, into: &sink)
            }
            let block = line(.threadInfo, info.text, content: info.content, maxWidth: column.available)
            emit(block, id: spec.id, x: flipped ? column.right - block.width : column.left, y: y, into: &sink)
            return block.height
        case .footnote:
            return writeFootnote(spec.footnote, order: column.isFlipped ? anatomy.currentUserFootnote : anatomy.footnote,
                                 id: spec.id, in: column, y: y, into: &sink)
        case .quote:
            guard let quote = spec.quoteBox else { return 0 }
            // As wide as a bubble may be, from the bubble's edge on the row's side.
            let share = column.available * metrics.maximumBubbleWidthPercent / 100
            let block = quoteBlock(quote.value, width: max(1, metrics.bubbleMaxWidth.map { min(column.available, $0) } ?? share))
            let x = flipped ? max(column.left, column.bubbleX + column.bubbleWidth - block.width) : column.bubbleX
            emit(block, id: spec.id, x: x, y: y, into: &sink)
            return block.height
        case .annotations:
            // A line each, from the bubble's edge on the row's side (Stream SwiftUI's `MessageTopView`).
            var height = 0
            for annotation in spec.annotations {
                let block = line(.annotation, annotation.text, content: annotation.content, maxWidth: column.available)
                let x = flipped ? max(column.left, column.bubbleX + column.bubbleWidth - block.width)
                    : min(column.bubbleX, max(column.left, column.right - block.width))
                emit(block, id: spec.id, x: x, y: y + height, into: &sink)
                height += block.height
            }
            return height
        case .groupHeader:
            guard let name = spec.groupHeader else { return 0 }
            // The header's height (`last_in_group_header_size`), at least a line; the name on its
            // last line, just over the bubble.
            let block = line(.groupHeader, name, maxWidth: column.available)
            let height = max(block.height, metrics.groupHeaderHeight ?? 0)
            let x = min(column.bubbleX, max(column.left, column.right - block.width))
            emit(block, id: spec.id, x: x, y: y + height - block.height, into: &sink)
            return height
        case .authorName:
            guard let name = spec.footnote.author else { return 0 }
            // Over the bubble, from its leading edge (its trailing edge for the current user's).
            let block = line(.authorName, name, maxWidth: column.available)
            let x = flipped ? max(column.left, column.bubbleX + column.bubbleWidth - block.width)
                : min(column.bubbleX, max(column.left, column.right - block.width))
            emit(block, id: spec.id, x: x, y: y, into: &sink)
            return block.height
        }
    }

    /// An avatar of `user` at (x, y): `metrics.avatarWidth` by `avatarHeight`, its initials centred.
    func avatarBox(_ user: User, role: BoxRole, id: String?, x: Int, y: Int) -> Box {
        box(avatarBlock(composer.avatar(user), role: role), id: id, x: x, y: y)
    }

    /// An avatar standing for `userID` with `initials` (cut to fit) at (x, y).
    func avatarBox(initials: String, userID: String, role: BoxRole, id: String?, x: Int, y: Int) -> Box {
        box(avatarBlock(AvatarSpec(userID: userID, initials: NeutralText(initials)), role: role), id: id, x: x, y: y)
    }

    /// Writes an avatar's part at (x, y) of the row, as `emit(avatarBlock(avatar, role:), …)`
    /// writes it: straight from its line where its initials are a short label that fits
    /// (most), without a block.
    func emitAvatar<Sink: BoxSink>(_ avatar: AvatarSpec, role: BoxRole, id: String?, x: Int, y: Int, into sink: inout Sink) {
        let initials = avatar.initials
        let drawn = presentation.line(role, text: initials, content: avatar.content, strings: strings)
        guard let lineWidth = shortLines.shortWidth(drawn, width: metrics.avatarWidth),
              // Initials that fit are not cut (a drawn line that is the initials fits, as measured).
              avatar.characterCount <= 1 || Identifier.same(drawn, initials) || measurer.width(of: initials) <= metrics.avatarWidth else {
            emit(avatarBlock(avatar, role: role), id: id, x: x, y: y, into: &sink)
            return
        }
        let frame = Frame(x: x, y: top + y, width: max(lineWidth, metrics.avatarWidth), height: max(lineHeight, metrics.avatarHeight))
        let token = sink.open(role, id: id, frame: frame, text: initials, content: avatar.content, drawn: drawn, width: lineWidth,
                              alignment: .center)
        sink.close(token, height: nil)
    }

    /// An avatar's part: `metrics.avatarWidth` by `avatarHeight` (wider only for initials that
    /// cannot be cut), its initials centred. Initials too wide lose their last characters
    /// (``AvatarSpec/initials(droppingLast:)``) until they fit or one is left.
    func avatarBlock(_ avatar: AvatarSpec, role: BoxRole) -> Block {
        var initials = avatar.initials
        var dropped = 0
        while avatar.characterCount - dropped > 1 && measurer.width(of: initials) > metrics.avatarWidth {
            dropped += 1
            initials = avatar.initials(droppingLast: dropped)
        }
        var block = line(role, initials, content: avatar.content, maxWidth: metrics.avatarWidth)
        block.alignment = .center
        block.height = max(lineHeight, metrics.avatarHeight)
        block.width = max(block.width, metrics.avatarWidth)
        return block
    }

    /// A message's content, top to bottom in `order`, each part measured in `inner` units: the
    /// quoted message, the poll, the location, the attachments, the text and the translation,
    /// those the row has.
    /// A part across the bubble (a gallery, a default media frame) takes at most `bleedWidth`
    /// (the bubble's width inside its border; `inner` without one) and ``Metrics/mediaWidth``,
    /// but a gallery all of `bleedWidth` where ``Metrics/galleryFillsTheBubble``.
    func contentBlocks(_ spec: MessageRowSpec, order: [MessageAnatomy.ContentPart], width inner: Int, bleedWidth: Int? = nil,
                       textInset: Int = 0, quoteInset: Int = 0) -> [Block] {
        let mediaWidth = max(1, min(metrics.mediaWidth, bleedWidth ?? inner))
        var content: [Block] = []
        content.reserveCapacity(order.count) // most rows have a part or two: one allocation
        for part in order {
            switch part {
            case .quote:
                if let quote = spec.quoteBox {
                    // Out into the bubble's padding by `-quoteInset` on each side (Stream's quote
                    // box), never past its border.
                    let outset = min(max(0, -quoteInset), max(0, metrics.bubblePadding))
                    content.append(quoteBlock(quote.value, width: inner + 2 * outset))
                    if outset != 0 { content[content.count - 1].extraInset = -outset }
                }
            case .poll:
                // The question, then one line per option, each cut to `inner`.
                guard let poll = spec.poll else { continue }
                if let card = poll.card, case .attachment(let question)? = poll.question.content, fitsCard(width: inner) {
                    content.append(cardBlock(AttachmentSpec(label: poll.question.text, attachment: question, card: card), card: card, width: inner))
                    continue
                }
                content.append(line(.attachment, poll.question.text, content: poll.question.content, maxWidth: inner))
                for option in poll.options {
                    content.append(line(.attachment, option.text, content: .pollOption(option), maxWidth: inner))
                }
            case .location:
                if let location = spec.location { content.append(line(.attachment, location.text, content: location.content, maxWidth: inner)) }
            case .attachments:
                if let gallery = spec.gallery {
                    content.append(galleryBlock(gallery, width: metrics.galleryFillsTheBubble ? max(1, bleedWidth ?? inner) : mediaWidth))
                }
                for attachment in spec.attachments {
                    let follows = content.last?.card != nil
                    content.append(attachmentBlock(attachment, width: inner, defaultFrameWidth: mediaWidth, follows: follows))
                }
                // Sendbird's image cell: one picture or video in its fixed frame, across the bubble.
                if anatomy.sendbirdFileCells {
                    for index in content.indices where isSingleMedia(content[index]) {
                        let frame = sendbirdParentMediaFrame(room: max(1, bleedWidth ?? inner))
                        content[index].width = frame.width
                        content[index].height = frame.height
                        content[index].keepsWidth = true
                        content[index].bleeds = true
                        content[index].keepsSize = true
                    }
                }
            case .text:
                if let text = spec.text {
                    // The text stands `textInset` further in on each side (not a jumbomoji, drawn without a bubble).
                    let inset = spec.textIsJumbomoji ? 0 : min(textInset, (inner - 1) / 2)
                    let width = inner - 2 * inset
                    if let rich = spec.richText, !spec.textIsJumbomoji {
                        content.append(richTextBlock(rich, plain: text, width: width))
                    } else {
                        content.append(spec.textIsJumbomoji ? jumbomojiBlock(text, width: width)
                            : wrapped(.text, text, width: width, recording: true))
                    }
                    // Set in place: a block is a large value, not copied for one field.
                    if inset != 0 { content[content.count - 1].extraInset = inset }
                }
            case .translation:
                if let translation = spec.translation { content.append(markedBlock(.translation, translation, content: .translation, width: inner)) }
            case .linkPreview:
                if let link = spec.linkPreviewBox, let card = link.value.card {
                    content.append(fitsCard(width: inner) ? cardBlock(link.value, card: card, width: inner)
                        : line(.attachment, link.value.label, content: .attachment(link.value.attachment), maxWidth: inner))
                }
            case .edited:
                guard let words = spec.editedInText, let text = content.last, text.role == .text else { continue }
                var label = line(.editedLabel, words, content: .edited, drawn: words, maxWidth: inner - 2 * text.extraInset)
                label.extraInset = text.extraInset
                // Rich text draws its lines in its blocks: the word goes on a line of its own under them.
                guard let lastWidth = text.lastLineWidth else {
                    if text.richText != nil { content.append(label) }
                    continue
                }
                // After the text's last line, where the line has room for a space and the word
                // (as the wrapped text with the word appended); else on a line of its own.
                let after = lastWidth + measurer.width(of: " ")
                label.alignment = text.alignment
                if !spec.textIsJumbomoji && after + label.width <= inner - 2 * text.extraInset { label.inlineAfter = after }
                content.append(label)
            case .reactions:
                // Reactions the presentation draws nothing for (types without a glyph) take no line.
                if let reactions = spec.reactions {
                    let block = line(.reactions, data: reactions, maxWidth: inner)
                    if block.width > 0 { content.append(block) }
                }
            }
        }
        return content
    }

    /// A wrapped part with the presentation's markers before its lines ("» " and an indent
    /// for a translation), when `width` leaves the text room beside them.
    func markedBlock(_ role: BoxRole, _ text: String, content: BoxContent?, width: Int) -> Block {
        guard let markers = presentation.lineMarkers(role) else { return wrapped(role, text, width: width, content: content) }
        let markerWidth = max(measurer.width(of: markers.first), measurer.width(of: markers.following))
        guard markerWidth > 0, width >= 3 * markerWidth else { return wrapped(role, text, width: width, content: content) }
        var block = wrapped(role, text, width: width - markerWidth, content: content)
        // The marker stands where a line starts: at its right end for right-to-left text.
        let rightToLeft = block.direction == .rightToLeft
        block.lines = block.lines.enumerated().map { index, line in
            let marker = index == 0 ? markers.first : markers.following
            let display = rightToLeft ? line.display + String(marker.reversed()) : marker + line.display
            return TextLine(text: marker + line.text, display: display, width: measurer.width(of: display))
        }
        block.width = block.lines.map(\.width).max() ?? 0
        return block
    }

    /// An attachment's part: a media with its size at its aspect ratio (its label on its first
    /// line), or one line of its label.
    func attachmentBlock(_ spec: AttachmentSpec, width inner: Int, defaultFrameWidth: Int, follows: Bool = false) -> Block {
        if let card = spec.card {
            // A card across the content (a giphy's with its buttons: across the bubble).
            let cardWidth = [.giphyActions, .fileMessage, .voiceMessage].contains(card.kind) ? defaultFrameWidth : inner
            if fitsCard(width: cardWidth) { return cardBlock(spec, card: card, width: cardWidth, follows: follows) }
        }
        let attachment = spec.attachment
        if attachment.kind.isMedia && attachment.usesDefaultFrame {
            // Without its size: the default frame, square, across the bubble.
            var block = line(.attachment, spec.label, content: .attachment(attachment), maxWidth: defaultFrameWidth)
            block.width = defaultFrameWidth
            block.height = metrics.defaultMediaHeight(width: defaultFrameWidth)
            block.keepsWidth = true
            block.bleeds = true
            return block
        }
        guard attachment.kind.isMedia, let size = attachment.originalSize else {
            return line(.attachment, spec.label, content: .attachment(attachment), maxWidth: inner)
        }
        let media = metrics.mediaSize(attachment.kind, original: size, room: inner)
        var block = line(.attachment, spec.label, content: .attachment(attachment), maxWidth: media.width)
        block.width = media.width
        block.height = media.height
        block.keepsWidth = true
        return block
    }

    /// A message's gallery, `width` wide at the gallery's aspect (``Metrics/galleryHeight(width:)``).
    func galleryBlock(_ gallery: GallerySpec, width: Int) -> Block {
        Block(role: .gallery, text: nil, content: .gallery(mediaCount: gallery.mediaCount), lines: [], width: width,
              height: metrics.galleryHeight(width: width), alignment: .leading, keepsWidth: true, bleeds: true, gallery: gallery)
    }

    /// One part of the footnote as it is fitted: its line in the presentation and its width,
    /// the width it is given, then its block.
    struct FootnoteLine {
        var role: BoxRole
        var text: String?
        var words: String?
        var content: BoxContent?
        var drawn: String
        /// The drawn line's width.
        var width: Int
        /// The drawn line whole, when the measurer said it at once (a short label): its line
        /// wherever it is given its whole width.
        var whole: TextLine?
        /// The width it is given (0: none).
        var allowed = 0
        /// Its line, once cut to what it was given (nil: not drawn), and which way it reads:
        /// the line alone, not a ``Block`` (a large value, copied at every step).
        var shown: TextLine?
        var direction = TextDirection.leftToRight
        /// The time and the delivery status stay whole (stored: read in place, the part is
        /// not copied to compute it).
        let isEssential: Bool

        init(role: BoxRole, text: String?, words: String?, content: BoxContent?, drawn: String, width: Int) {
            self.role = role
            self.text = text
            self.words = words
            self.content = content
            self.drawn = drawn
            self.width = width
            isEssential = role == .timestamp || role == .deliveryStatus
        }
    }

    /// The footnote's parts `order` names that the message has, into `base` (room for
    /// `order.count`), each with its line in the presentation and that line's width; a status
    /// the presentation draws nothing for (no glyph) takes no room. Returns how many.
    func footnoteLines(_ footnote: FootnoteSpec, order: [MessageAnatomy.FootnotePart], into base: UnsafeMutablePointer<FootnoteLine>) -> Int {
        var count = 0
        forEachFootnotePart(footnote, order: order) { role, text, words, content in
            let drawn = presentation.line(role, text: text, content: content, strings: strings)
            guard !drawn.isEmpty || role != .deliveryStatus else { return }
            let whole = shortLines.shortLine(drawn, width: .max)
            (base + count).initialize(to: FootnoteLine(role: role, text: text, words: words, content: content, drawn: drawn,
                                                       width: whole?.width ?? measurer.width(of: drawn)))
            base[count].whole = whole
            count += 1
        }
        return count
    }

    /// Gives the footnote's `count` parts at `base` room on a line `maxWidth` wide, by
    /// priority: the time and the status whole, then the labels, then the author name, then
    /// "Translated to …"; a part left too little room to say anything gets none. Returns the
    /// width left to the parts given room (the line less the spacing between them).
    func giveFootnoteRoom(_ base: UnsafeMutablePointer<FootnoteLine>, count: Int, maxWidth: Int) -> Int {
        let spacing = metrics.inlineSpacing
        var given = 0
        var used = 0
        for index in 0 ..< count where base[index].isEssential {
            base[index].allowed = base[index].width
            used += base[index].width
            given += 1
        }
        used += spacing * max(0, given - 1)
        func give(_ index: Int) {
            let room = maxWidth - used - (given > 0 ? spacing : 0)
            let width = base[index].width <= room ? base[index].width : (room >= shortestLabel ? room : 0)
            guard width > 0 else { return }
            base[index].allowed = width
            used += width + (given > 0 ? spacing : 0)
            given += 1
        }
        for index in 0 ..< count where !base[index].isEssential && base[index].role != .authorName && base[index].role != .translationLabel {
            give(index)
        }
        for index in 0 ..< count where base[index].role == .authorName { give(index) }
        for index in 0 ..< count where base[index].role == .translationLabel { give(index) }
        return maxWidth - spacing * max(0, given - 1)
    }

    /// Writes the footnote's parts at `y` of the row, in `order` (the anatomy's: others'
    /// messages' from the column's leading edge; yours, in their own order, ending at its
    /// trailing edge), and returns its
    /// height (0 when no part is drawn). Too wide: the time and the delivery status stay whole;
    /// the labels take what is left, then the author name, then "Translated to …" (which gives
    /// way first, then the name); a part left
    /// too little room to say anything is dropped rather than drawn as a lone "…". The parts
    /// are fitted in storage on the stack: no array is made for them.
    private func writeFootnote<Sink: BoxSink>(_ footnote: FootnoteSpec, order: [MessageAnatomy.FootnotePart], id: String,
                                              in column: OutsideColumn, y: Int, beside: Bool = false, into sink: inout Sink) -> Int {
        // No part to draw (a message inside its group, its time and name on the last one's):
        // nothing fitted, as the parts' way finds with none.
        guard !order.isEmpty, !footnote.isEmpty else {
            recorder?.recordFootnote(beside: beside, width: 0, height: 0)
            return 0
        }
        if let height = writeFootnoteWhole(footnote, order: order, id: id, in: column, y: y, beside: beside, into: &sink) { return height }
        return withUnsafeTemporaryAllocation(of: FootnoteLine.self, capacity: order.count) { parts in
            let base = parts.baseAddress!
            let count = footnoteLines(footnote, order: order, into: base)
            defer { base.deinitialize(count: count) }
            let height = writeFootnoteParts(base, count: count, id: id, in: column, y: y, into: &sink)
            // A list that keeps its rows prepared: on a line at least as wide as the parts
            // whole, this height is the footnote's on any line that wide or wider.
            if let recorder {
                var whole = metrics.inlineSpacing * max(0, count - 1)
                for index in 0 ..< count { whole += base[index].width }
                recorder.recordFootnote(beside: beside, width: whole, height: column.available >= whole ? height : nil)
            }
            return height
        }
    }

    /// The usual footnote (``writeFootnote(_:order:id:in:y:beside:into:)``): every part a short
    /// label the measurer says at once, none empty, and all of them whole on the line. Then
    /// each is given its whole width and drawn as its line, one after another: written here
    /// from the lines alone, without fitting them. Nil, with nothing written, for any other.
    private func writeFootnoteWhole<Sink: BoxSink>(_ footnote: FootnoteSpec, order: [MessageAnatomy.FootnotePart], id: String,
                                                   in column: OutsideColumn, y: Int, beside: Bool, into sink: inout Sink) -> Int? {
        // Each part's width first (the drawn lines are not kept: made again to be written,
        // they cost less than lines kept and destroyed).
        withUnsafeTemporaryAllocation(of: Int.self, capacity: order.count) { widths -> Int? in
            let base = widths.baseAddress!
            var count = 0
            var whole = 0
            var fits = true
            forEachFootnotePart(footnote, order: order) { role, text, _, content in
                guard fits else { return }
                let drawn = presentation.line(role, text: text, content: content, strings: strings)
                guard let width = shortLines.shortWidth(drawn, width: .max), width > 0 else {
                    fits = false
                    return
                }
                whole += width
                base[count] = width
                count += 1
            }
            guard fits, count > 0 else { return nil }
            whole += metrics.inlineSpacing * (count - 1)
            guard whole <= column.available else { return nil }
            var x = column.isFlipped ? column.right - whole : column.left
            var index = 0
            forEachFootnotePart(footnote, order: order) { role, text, words, content in
                let drawn = presentation.line(role, text: text, content: content, strings: strings)
                let token = sink.open(role, id: id, frame: Frame(x: x, y: top + y, width: base[index], height: lineHeight),
                                      text: text ?? words ?? self.words(role, content: content), content: content, drawn: drawn,
                                      width: base[index], alignment: .leading)
                sink.close(token, height: nil)
                x += base[index] + metrics.inlineSpacing
                index += 1
            }
            recorder?.recordFootnote(beside: beside, width: whole, height: lineHeight)
            return lineHeight
        }
    }

    /// Writes the footnote's `count` parts at `base` (``writeFootnote(_:order:id:in:y:beside:into:)``).
    private func writeFootnoteParts<Sink: BoxSink>(_ base: UnsafeMutablePointer<FootnoteLine>, count: Int, id: String,
                                                   in column: OutsideColumn, y: Int, into sink: inout Sink) -> Int {
        let maxWidth = column.available
        let spacing = metrics.inlineSpacing
        var budget = giveFootnoteRoom(base, count: count, maxWidth: maxWidth)
        // Each part cut to what it was given and what is left.
        var drawnCount = 0
        var total = 0
        for index in 0 ..< count {
            let fit = min(base[index].allowed, budget)
            guard fit > 0 else { continue }
            // Given its whole width, a short label is the line it was measured as.
            let (shown, direction) = fit >= base[index].width ? base[index].whole.take().map { ($0, .leftToRight) }
                ?? fittedLine(base[index].drawn, maxWidth: fit) : fittedLine(base[index].drawn, maxWidth: fit)
            guard shown.width > 0 else { continue }
            budget -= shown.width
            total += shown.width
            drawnCount += 1
            base[index].shown = shown
            base[index].direction = direction
        }
        guard drawnCount > 0 else { return 0 }
        total += spacing * (drawnCount - 1)
        var x = column.isFlipped ? column.right - total : column.left
        for index in 0 ..< count {
            // Moved out, not copied; written as ``emit(_:id:x:y:width:into:)`` writes a
            // line's block (``line(_:_:words:content:drawn:maxWidth:)``).
            guard let shown = base[index].shown.take() else { continue }
            let role = base[index].role, content = base[index].content
            let text = base[index].text ?? base[index].words ?? words(role, content: content)
            let token = sink.open(role, id: id, frame: Frame(x: x, y: top + y, width: shown.width, height: lineHeight),
                                  text: text, content: content, line: shown, alignment: .leading,
                                  direction: base[index].direction, tail: .none)
            sink.close(token, height: nil)
            x += shown.width + spacing
        }
        return lineHeight
    }
}

/// A message row's bubble as it was written: the row's width, what of the bubble's room its
/// content depends on, and its size. Plain values, handed between the row layout and the
/// incremental list (``RowBubbleMemo``).
struct WrittenBubble: Equatable, Sendable {
    var rowWidth: Int
    var hasBubble: Bool
    var inner: Int
    var maxOuter: Int
    var chrome: Int
    var border: Int
    var width: Int
    var height: Int

    /// The room of a bubble (its size aside) as `room` on a row `rowWidth` wide.
    func isRoom(_ room: RowLayout.BubbleRoom, rowWidth: Int) -> Bool {
        rowWidth == self.rowWidth && room.hasBubble == hasBubble && room.inner == inner && room.maxOuter == maxOuter
            && room.chrome == chrome && room.border == border
    }
}

/// A bubble to copy from a row written before (``RowLayout/writeMessageRow(_:keeping:into:)``):
/// that row, and the bubble as it was written there.
struct KeptBubble: Sendable {
    var oldRow: Int
    var bubble: WrittenBubble
}

/// What an incremental list remembers of the last bubble of text alone it wrote: the message,
/// its text, and the bubble as written (``WrittenBubble``). The row written again next, when
/// only its group position changed (the row above a message appended to its group), copies
/// its bubble's content from its old row.
struct RowBubbleMemo: Sendable {
    private let id: String
    private let text: String
    private let textIsJumbomoji: Bool
    let bubble: WrittenBubble

    /// Whether `spec`'s bubble holds its text alone: no quote, poll, location, media, link
    /// preview, rich text, word after the text or translation, and no reactions where
    /// `reactionsInBubble` (the anatomy puts them there).
    static func holdsTextAlone(_ spec: MessageRowSpec, reactionsInBubble: Bool) -> Bool {
        spec.text != nil && !spec.hasQuote && spec.bubbleHoldsOnlyTextAndQuote && spec.editedInText == nil
            && (!reactionsInBubble || spec.reactions == nil)
    }

    /// Whether the bubble remembered is `spec`'s (a bubble of its text alone): the same
    /// message, the same text.
    func holds(_ spec: MessageRowSpec, reactionsInBubble: Bool) -> Bool {
        Identifier.same(id, spec.id) && Self.holdsTextAlone(spec, reactionsInBubble: reactionsInBubble) && Identifier.same(text, spec.text!)
            && spec.textIsJumbomoji == textIsJumbomoji
    }

    /// `spec`'s bubble as written; nil for a bubble that holds more than its text.
    init?(_ spec: borrowing MessageRowSpec, written bubble: WrittenBubble, reactionsInBubble: Bool) {
        guard Self.holdsTextAlone(spec, reactionsInBubble: reactionsInBubble) else { return nil }
        id = spec.id
        text = spec.text!
        textIsJumbomoji = spec.textIsJumbomoji
        self.bubble = bubble
    }
}

extension RowLayout.Block {
    /// A part's block. Made whole by the memberwise initialiser: assigned field by field, the
    /// block was built on the stack, copied out (every reference retained) and destroyed
    /// (every reference released) at each block made.
    init(role: BoxRole, text: String?, content: BoxContent? = nil, lines: [TextLine], width: Int, height: Int,
         alignment: TextAlignment, direction: TextDirection = .leftToRight, keepsWidth: Bool = false, bleeds: Bool = false,
         gallery: GallerySpec? = nil, nestedQuote: NestedQuote? = nil, card: CardSpec? = nil) {
        self.init(role: role, text: text, content: content, storedLines: lines, width: width, height: height, alignment: alignment,
                  direction: direction, keepsWidth: keepsWidth, bleeds: bleeds, gallery: gallery,
                  nestedQuoteStorage: nestedQuote.map(Indirect.init), card: card)
    }
}
