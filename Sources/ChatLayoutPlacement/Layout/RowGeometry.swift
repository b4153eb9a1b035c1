@_spi(ChatLayoutStages) import ChatLayoutModel
@_spi(ChatLayoutStages) import ChatLayoutDecisions
import ChatLayoutComposition

// A message row's height at a width, worked out from its composition alone: what a list laid
// out again at another width needs of a row before its records (``RelaidRows``). The bubble's
// room and (for a bubble with other parts than text) its blocks are `writeMessageRow`'s own
// (``RowLayout/bubbleRoom(_:)``, ``RowLayout/bubbleContent(_:in:)``); the rest follows it step
// for step, and a property test checks it against the laid-out rows of every generated
// document at many widths.

extension RowLayout {
    /// The height `writeMessageRow(spec, into:)` gives the row at this width, worked out from
    /// the composition and measured widths alone: nothing is written, and a row whose bubble
    /// holds only text (and the words after it, and reactions) has no part's block made — a
    /// row with a quote, a poll, a location, media, a card, rich text or a translation has its
    /// bubble's blocks made (``contentBlocks(_:order:width:bleedWidth:textInset:quoteInset:)``).
    func messageRowHeight(_ spec: MessageRowSpec) -> Int {
        if let text = spec.centeredText { return measurer.wrap(text, width: max(1, innerWidth)).lines.count * lineHeight }
        let room = bubbleRoom(spec)
        let bubbleHeight = !spec.hasQuote && spec.bubbleHoldsOnlyTextAndQuote
            ? textBubbleHeight(spec, inner: room.inner, hasBubble: room.hasBubble)
            : bubbleHeight(of: bubbleContent(spec, in: room).content, in: room)
        // Heights outside the bubble do not depend on where it stands.
        let column = OutsideColumn(left: room.left, right: room.right, bubbleX: room.left, bubbleWidth: 1, isFlipped: room.flipped)
        var y = bubbleHeight + outsideHeightButFootnote(spec, in: column)
        if room.besideUnder { y += footnoteHeight(spec.footnote, order: besideOrder(flipped: room.flipped), maxWidth: column.available) }
        if footnotesOutside > 0 {
            let order = room.flipped ? anatomy.currentUserFootnote : anatomy.footnote
            y += footnotesOutside * footnoteHeight(spec.footnote, order: order, maxWidth: column.available)
        }
        return y
    }

    /// How many times the anatomy has the footnote above or under the bubble.
    private var footnotesOutside: Int {
        anatomy.aboveBubble.count { $0 == .footnote } + anatomy.belowBubble.count { $0 == .footnote }
    }

    /// The height of the parts above and under the bubble, the footnote left out.
    private func outsideHeightButFootnote(_ spec: MessageRowSpec, in column: OutsideColumn) -> Int {
        var y = 0
        for part in anatomy.aboveBubble where part != .footnote {
            if part == .reactions, let data = spec.reactions {
                y += (hangingReactions(data, in: column).map(\.block.height).max() ?? 0) - metrics.reactionsAndQuote.reactionOverlap
                continue
            }
            y += outsideHeight(part, of: spec, in: column)
        }
        for part in anatomy.belowBubble where part != .footnote { y += outsideHeight(part, of: spec, in: column) }
        return y
    }

    /// The bubble's height when it holds only text, the words after it and reactions: each a
    /// line or lines tall, none spanning the bubble.
    private func textBubbleHeight(_ spec: MessageRowSpec, inner: Int, hasBubble: Bool) -> Int {
        var contentHeight = 0
        var partCount = 0
        var textLast: (width: Int, inset: Int)?
        for part in anatomy.inBubble {
            switch part {
            case .text:
                guard let text = spec.text else { continue }
                let inset = spec.textIsJumbomoji ? 0 : textInset(inner: inner, hasBubble: hasBubble)
                let textWidth = inner - 2 * inset
                if spec.textIsJumbomoji {
                    let block = jumbomojiBlock(text, width: textWidth)
                    contentHeight += block.height
                    textLast = block.lastLineWidth.map { ($0, inset) }
                } else {
                    // Wrapped, not counted: the lines are remembered, and a chunk written later
                    // at this width finds them.
                    let wrapped = measurer.wrap(text, width: max(1, textWidth))
                    contentHeight += wrapped.lines.count * lineHeight
                    textLast = wrapped.lines.last.map { ($0.width, inset) }
                }
                partCount += 1
            case .edited:
                guard let words = spec.editedInText, let last = textLast else { continue }
                let label = line(.editedLabel, words, content: .edited, drawn: words, maxWidth: inner - 2 * last.inset)
                let after = last.width + measurer.width(of: " ")
                if spec.textIsJumbomoji || after + label.width > inner - 2 * last.inset { contentHeight += label.height }
                partCount += 1
            case .reactions:
                guard let reactions = spec.reactions else { continue }
                let block = line(.reactions, data: reactions, maxWidth: inner)
                if block.width > 0 {
                    contentHeight += block.height
                    partCount += 1
                }
            case .quote, .poll, .location, .attachments, .translation, .linkPreview:
                continue // not in a bubble of text alone: such a bubble is summed from its blocks
            }
        }
        if partCount == 0 { contentHeight = lineHeight }
        return contentHeight + bubbleFrameHeight(hasBubble: hasBubble)
    }

    /// The height `writeOutside` gives a part outside the bubble.
    private func outsideHeight(_ part: MessageAnatomy.OutsidePart, of spec: MessageRowSpec, in column: OutsideColumn) -> Int {
        switch part {
        case .reactions:
            guard let data = spec.reactions else { return 0 }
            if anatomy.reactionsStyle != .icons, case .reactions(let counts) = data.content {
                return reactionPills(counts, words: data.words, in: column).map(\.height).max() ?? 0
            }
            return lineHeight
        case .threadInfo:
            guard let info = spec.threadInfo else { return 0 }
            if let avatar = spec.threadInfoAvatar, metrics.reactionsAndQuote.threadAvatarSize > 0 {
                var unwritten = RowFrameSink()
                return writeThreadInfo(info, avatar: avatar, id: spec.id, in: column, y: 0, into: &unwritten)
            }
            return lineHeight
        case .footnote:
            return footnoteHeight(spec.footnote, order: column.isFlipped ? anatomy.currentUserFootnote : anatomy.footnote,
                                  maxWidth: column.available)
        case .quote:
            guard let quote = spec.quoteBox else { return 0 }
            let share = column.available * metrics.maximumBubbleWidthPercent / 100
            return quoteBlock(quote.value, width: max(1, metrics.bubbleMaxWidth.map { min(column.available, $0) } ?? share)).height
        case .annotations:
            return spec.annotations.count * lineHeight
        case .groupHeader:
            return spec.groupHeader == nil ? 0 : max(lineHeight, metrics.groupHeaderHeight ?? 0)
        case .authorName:
            return spec.footnote.author == nil ? 0 : lineHeight
        }
    }

    /// The height `writeFootnote` gives the footnote on a line `maxWidth` wide: a line when
    /// any of its parts is drawn (its parts and their room are `writeFootnote`'s own:
    /// ``footnoteLines(_:order:into:)``, ``giveFootnoteRoom(_:count:maxWidth:)``).
    private func footnoteHeight(_ footnote: FootnoteSpec, order: [MessageAnatomy.FootnotePart], maxWidth: Int) -> Int {
        guard !order.isEmpty else { return 0 }
        return withUnsafeTemporaryAllocation(of: FootnoteLine.self, capacity: order.count) { parts in
            let base = parts.baseAddress!
            let count = footnoteLines(footnote, order: order, into: base)
            defer { base.deinitialize(count: count) }
            return footnoteHeight(base, count: count, maxWidth: maxWidth)
        }
    }

    /// The height of the footnote of the `count` parts at `base` on a line `maxWidth` wide.
    private func footnoteHeight(_ base: UnsafeMutablePointer<FootnoteLine>, count: Int, maxWidth: Int) -> Int {
        let budget = giveFootnoteRoom(base, count: count, maxWidth: maxWidth)
        // The budget shrinks only once a part is drawn: the first drawn decides.
        for index in 0 ..< count {
            let fit = min(base[index].allowed, budget)
            guard fit > 0 else { continue }
            // Whole, and printable ASCII not ending in a space: its one line is all of it,
            // as wide as measured — no need to fit it to know it shows.
            if fit >= base[index].width && base[index].width > 0 && Self.isVisibleASCII(base[index].drawn) { return lineHeight }
            if fittedLine(base[index].drawn, maxWidth: fit).line.width > 0 { return lineHeight }
        }
        return 0
    }

    /// The footnote's parts `order` names, on a line as wide as they are whole (their widths
    /// and the spacing between them), and its height on that line: on any line at least as
    /// wide, every part is given its whole width, so the height is the same.
    private func wholeFootnote(_ footnote: FootnoteSpec, order: [MessageAnatomy.FootnotePart]) -> (width: Int, height: Int) {
        guard !order.isEmpty else { return (0, 0) }
        return withUnsafeTemporaryAllocation(of: FootnoteLine.self, capacity: order.count) { parts in
            let base = parts.baseAddress!
            let count = footnoteLines(footnote, order: order, into: base)
            defer { base.deinitialize(count: count) }
            var width = metrics.inlineSpacing * max(0, count - 1)
            for index in 0 ..< count { width += base[index].width }
            return (width, footnoteHeight(base, count: count, maxWidth: max(1, width)))
        }
    }

    /// Whether `text` is printable ASCII (no control character, no break but spaces) that does
    /// not end in a space: wrapped at its own width, one line whose width is its measured width.
    private static func isVisibleASCII(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { bytes in
            guard let last = bytes.last, last != 0x20 else { return false }
            return bytes.allSatisfy { $0 >= 0x20 && $0 < 0x7F }
        }
    }
}

/// What a row's height at any width needs that the width does not change, kept by a list's
/// first layout (``PreparedRows``), so that the list laid out again at another width works its
/// rows out by arithmetic: no row decided or composed again, no text looked up by hashing it.
///
/// A message row whose bubble holds only text (and the words after it, and reactions), or a
/// centred one, is *arithmetic*: it keeps which side it is on, whether it keeps the avatar
/// column, the error glyph's width, its text's line segments (``LineSegments``), the widths
/// of the label after its text and of its reactions in the bubble, its footnote's width whole
/// and height, and the height of its other parts outside the bubble (which no width changes).
/// Any other row keeps only its place: its stacking kind, its message, its day.
struct PreparedRow: Sendable, Equatable {
    // Widths and heights in 16 bits (a row with one wider or taller is not arithmetic): the
    // row is 52 bytes.
    struct Flags: OptionSet, Sendable {
        let rawValue: UInt16
        // The row's stacking kind (``RowStack/Kind``).
        static let isMessage = Flags(rawValue: 1 << 0)
        static let endsGroup = Flags(rawValue: 1 << 1)
        static let isState = Flags(rawValue: 1 << 2)
        static let keepsSpacingBelow = Flags(rawValue: 1 << 3)
        /// The height is worked out from what the row keeps.
        static let arithmetic = Flags(rawValue: 1 << 4)
        /// A centred row (a system message): its text's lines alone.
        static let centered = Flags(rawValue: 1 << 5)
        static let flipped = Flags(rawValue: 1 << 6)
        static let keepsAvatarColumn = Flags(rawValue: 1 << 7)
        /// The message has a bubble (drawn where the row is wide enough).
        static let hasBubble = Flags(rawValue: 1 << 8)
        static let hasText = Flags(rawValue: 1 << 9)
        /// The anatomy has the footnote above or under the bubble.
        static let hasFootnote = Flags(rawValue: 1 << 10)
        /// A quote in the bubble, its words' segments kept.
        static let hasQuote = Flags(rawValue: 1 << 11)
    }

    var flags: Flags = []
    /// The message's index among the list's shown messages; for a row above a message, that
    /// message's; for a row under the last, their count.
    var message: Int32 = 0
    /// The text's segments in ``PreparedRows/segments``.
    var segmentStart: Int32 = 0
    var segmentCount: Int32 = 0
    /// A quote's words' segments in ``PreparedRows/segments``, and the width of the mark
    /// before them on every line.
    var quoteStart: Int32 = 0
    var quoteCount: Int32 = 0
    var quoteBarWidth: Int16 = 0
    /// -1: none.
    var errorGlyphWidth: Int16 = -1
    /// The width of the parts beside the bubble; -1: none.
    var besideWidth: Int16 = -1
    /// The "edited" label after the text in the bubble, on one line whole; -1: none.
    var editedWidth: Int16 = -1
    /// The reactions' line in the bubble, whole; -1: none.
    var reactionsWidth: Int16 = -1
    /// The footnote (under or above the bubble) whole, and its height on a line that wide or
    /// wider (as many times as the anatomy has it).
    var footnoteWidth: Int16 = 0
    var footnoteHeight: Int16 = 0
    /// The same for the parts beside the bubble when they go under it.
    var besideFootnoteWidth: Int16 = 0
    var besideFootnoteHeight: Int16 = 0
    /// The parts above and under the bubble but the footnote.
    var outsideHeight: Int16 = 0
    /// The message's day in ``PreparedRows/dateLabels``; -1: not a message.
    var dateLabel: Int32 = -1
    /// The row's item in ``PreparedRows/items`` (a row that is not a message, or a message's
    /// that is not arithmetic when the list does not keep its decisions); -1: none kept.
    var item: Int32 = -1

    /// The row's stacking kind.
    var kind: RowStack.Kind {
        RowStack.Kind(isMessage: flags.contains(.isMessage), endsGroup: flags.contains(.endsGroup), isState: flags.contains(.isState),
                      keepsSpacingBelow: flags.contains(.keepsSpacingBelow))
    }

    /// A row of `kind`, its height not worked out by arithmetic.
    init(kind: RowStack.Kind, message: Int) {
        if kind.isMessage { flags.insert(.isMessage) }
        if kind.endsGroup { flags.insert(.endsGroup) }
        if kind.isState { flags.insert(.isState) }
        if kind.keepsSpacingBelow { flags.insert(.keepsSpacingBelow) }
        self.message = Int32(clamping: message)
    }
}

extension RowLayout {
    /// Makes `row` (a message's, `spec` composed, just written with `recorder`) arithmetic
    /// when its bubble holds only text and what the measurer says of its text summarises it,
    /// its text's segments in the recorder's; leaves it as it is otherwise.
    func prepare(_ row: inout PreparedRow, _ spec: MessageRowSpec, height: Int, recorder: PreparedRowRecorder) {
        func appendText(_ text: String) -> Bool {
            // Recorded as the row was written, or looked up now.
            let start = recorder.segments.count
            let range: Range<Int>
            if let recorded = recorder.text {
                range = recorded
            } else {
                guard recorder.segmenter.appendLineSegments(of: text, to: &recorder.segments) else { return false }
                range = start ..< recorder.segments.count
            }
            row.segmentStart = Int32(clamping: range.lowerBound)
            row.segmentCount = Int32(clamping: range.count)
            row.flags.insert(.hasText)
            return true
        }
        if let text = spec.centeredText {
            if appendText(text) { row.flags.insert([.arithmetic, .centered]) }
            return
        }
        guard spec.bubbleHoldsOnlyTextAndQuote && !spec.textIsJumbomoji
            && !(spec.threadInfo != nil && spec.threadInfoAvatar != nil && metrics.reactionsAndQuote.threadAvatarSize > 0)
        else { return }
        let flipped = spec.isFlipped
        // One line whole, whatever the width it is given as long as it is as wide: its width.
        func wholeLineWidth(_ drawn: String) -> Int16? {
            guard measurer.wrap(drawn, width: LineSegments.maximumWidth).lines.count == 1 else { return nil }
            return Int16(exactly: fittedLine(drawn, maxWidth: LineSegments.maximumWidth).line.width)
        }
        if let words = spec.editedInText, anatomy.inBubble.contains(.edited) {
            guard let width = wholeLineWidth(words) else { return }
            row.editedWidth = width
        }
        if let reactions = spec.reactions, anatomy.inBubble.contains(.reactions) {
            guard let width = wholeLineWidth(presentation.line(.reactions, text: nil, content: reactions.content, strings: strings))
            else { return }
            row.reactionsWidth = width
        }
        if let text = spec.text, !appendText(text) { return }
        if let quote = spec.quoteBox?.value {
            // In the bubble, with no avatar, thumbnail or recording at any width: its words'
            // lines, at most the metrics' maximum.
            let lengths = metrics.reactionsAndQuote
            guard anatomy.inBubble.contains(.quote), quote.recording == nil, lengths.quoteAvatarSize <= 0 || quote.avatar == nil,
                  lengths.quotePreviewSize <= 0 || quote.preview == nil else { return }
            let (bar, words) = quoteWords(quote, hasAvatar: false)
            let start = recorder.segments.count
            guard recorder.segmenter.appendLineSegments(of: words, to: &recorder.segments) else { return }
            row.quoteStart = Int32(clamping: start)
            row.quoteCount = Int32(clamping: recorder.segments.count - start)
            guard let barWidth = Int16(exactly: bar.isEmpty ? 0 : measurer.width(of: bar)) else { return }
            row.quoteBarWidth = barWidth
            row.flags.insert(.hasQuote)
        }
        if flipped { row.flags.insert(.flipped) }
        if spec.keepsAvatarColumn { row.flags.insert(.keepsAvatarColumn) }
        if spec.bubble != nil { row.flags.insert(.hasBubble) }
        if spec.errorGlyph != nil {
            guard let width = Int16(exactly: errorGlyphBlock(spec)?.width ?? -1) else { return }
            row.errorGlyphWidth = width
        }
        let besideOrder = self.besideOrder(flipped: flipped)
        if !besideOrder.isEmpty, let width = besideWidth(spec.footnote, order: besideOrder) {
            let whole = recorder.wholeFootnote(beside: true) ?? wholeFootnote(spec.footnote, order: besideOrder)
            guard let width = Int16(exactly: width), let wholeWidth = Int16(exactly: whole.width), let height = Int16(exactly: whole.height)
            else { return }
            (row.besideWidth, row.besideFootnoteWidth, row.besideFootnoteHeight) = (width, wholeWidth, height)
        }
        let footnotes = footnotesOutside
        if footnotes > 0 {
            let whole = recorder.wholeFootnote(beside: false) ?? wholeFootnote(spec.footnote, order: flipped ? anatomy.currentUserFootnote : anatomy.footnote)
            // As many times as the anatomy has it.
            guard let width = Int16(exactly: whole.width), let height = Int16(exactly: footnotes * whole.height) else { return }
            (row.footnoteWidth, row.footnoteHeight) = (width, height)
            row.flags.insert(.hasFootnote)
        }
        // The same at any width: what the row's height at this width leaves of the bubble and
        // the footnotes, or (where the arithmetic says nothing at this width) worked out in any
        // column.
        row.flags.insert(.arithmetic)
        let bubbleAndFootnotes = recorder.segments.withUnsafeBufferPointer { messageRowHeight(row, segments: $0) }
        let outside: Int
        if let bubbleAndFootnotes {
            outside = height - bubbleAndFootnotes
        } else {
            let column = OutsideColumn(left: 0, right: width, bubbleX: 0, bubbleWidth: 1, isFlipped: flipped)
            outside = outsideHeightButFootnote(spec, in: column)
        }
        guard let outsideHeight = Int16(exactly: outside) else {
            row.flags.remove(.arithmetic)
            return
        }
        row.outsideHeight = outsideHeight
    }

    /// The height `writeMessageRow` gives the prepared `row` at this width, by arithmetic over
    /// what it kept (`segments`: ``PreparedRows/segments``); nil when it is not arithmetic, or
    /// where that says nothing at this width — a text run wider than its line, a footnote or a
    /// label that must be cut: then the row is laid out from its composition.
    func messageRowHeight(_ row: PreparedRow, segments: UnsafeBufferPointer<UInt32>) -> Int? {
        let flags = row.flags
        guard flags.contains(.arithmetic) else { return nil }
        let text = UnsafeBufferPointer(rebasing: segments[Int(row.segmentStart) ..< Int(row.segmentStart + row.segmentCount)])
        if flags.contains(.centered) { return LineSegments.lineMetrics(text, width: innerWidth).map { $0.count * lineHeight } }
        let room = bubbleRoom(flipped: flags.contains(.flipped), keepsAvatarColumn: flags.contains(.keepsAvatarColumn),
                              errorGlyphWidth: row.errorGlyphWidth >= 0 ? Int(row.errorGlyphWidth) : nil,
                              besideWidth: row.besideWidth >= 0 ? Int(row.besideWidth) : nil, hasBubbleSpec: flags.contains(.hasBubble))
        let inner = room.inner, hasBubble = room.hasBubble
        // The bubble, as `textBubbleHeight` stacks it.
        var contentHeight = 0
        var partCount = 0
        var textLast: (width: Int, inset: Int)?
        for part in anatomy.inBubble {
            switch part {
            case .text:
                guard flags.contains(.hasText) else { continue }
                let inset = textInset(inner: inner, hasBubble: hasBubble)
                guard let lines = LineSegments.lineMetrics(text, width: inner - 2 * inset) else { return nil }
                contentHeight += lines.count * lineHeight
                textLast = (lines.lastWidth, inset)
                partCount += 1
            case .edited:
                guard row.editedWidth >= 0, let last = textLast else { continue }
                let room = inner - 2 * last.inset
                guard room >= Int(row.editedWidth) else { return nil }
                if last.width + spaceWidth + Int(row.editedWidth) > room { contentHeight += lineHeight }
                partCount += 1
            case .reactions:
                guard row.reactionsWidth >= 0 else { continue }
                guard inner >= Int(row.reactionsWidth) else { return nil }
                if row.reactionsWidth > 0 {
                    contentHeight += lineHeight
                    partCount += 1
                }
            case .quote:
                guard flags.contains(.hasQuote) else { continue }
                // Out into the bubble's padding as `contentBlocks` sets it (`quoteBlock`).
                let lengths = metrics.reactionsAndQuote
                let outset = min(max(0, -(hasBubble ? metrics.bubbleQuoteInset : 0)), max(0, metrics.bubblePadding))
                let textWidth = max(1, inner + 2 * outset - 2 * lengths.quotePadding)
                let quote = UnsafeBufferPointer(rebasing: segments[Int(row.quoteStart) ..< Int(row.quoteStart + row.quoteCount)])
                guard let lines = LineSegments.lineMetrics(quote, width: max(1, textWidth - Int(row.quoteBarWidth))) else { return nil }
                contentHeight += quoteHeight(lineCount: min(lines.count, max(1, lengths.quoteMaxLines)), hasAvatar: false, hasPreview: false).height
                textLast = nil
                partCount += 1
            case .poll, .location, .attachments, .translation, .linkPreview:
                continue
            }
        }
        if partCount == 0 { contentHeight = lineHeight }
        var y = Int(row.outsideHeight) + contentHeight + bubbleFrameHeight(hasBubble: hasBubble)
        let available = max(1, room.right - room.left)
        if room.besideUnder {
            guard available >= Int(row.besideFootnoteWidth) else { return nil }
            y += Int(row.besideFootnoteHeight)
        }
        if flags.contains(.hasFootnote) {
            guard available >= Int(row.footnoteWidth) else { return nil }
            y += Int(row.footnoteHeight)
        }
        return y
    }

    /// The width of a space, as the label after a text is set apart from it.
    private var spaceWidth: Int { measurer.width(of: " ") }
}
