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
        let bubbleHeight = spec.quote == nil && spec.poll == nil && spec.location == nil && spec.gallery == nil && spec.attachments.isEmpty
            && spec.linkPreview == nil && spec.richText == nil && spec.translation == nil
            ? textBubbleHeight(spec, inner: room.inner, hasBubble: room.hasBubble)
            : bubbleHeight(of: bubbleContent(spec, in: room).content, in: room)
        // Heights outside the bubble do not depend on where it stands.
        let column = OutsideColumn(left: room.left, right: room.right, bubbleX: room.left, bubbleWidth: 1, isFlipped: room.flipped)
        var y = 0
        for part in anatomy.aboveBubble {
            if part == .reactions, let data = spec.reactions {
                y += (hangingReactions(data, in: column).map(\.block.height).max() ?? 0) - metrics.reactionsAndQuote.reactionOverlap
                continue
            }
            y += outsideHeight(part, of: spec, in: column)
        }
        y += bubbleHeight
        if room.besideUnder { y += footnoteHeight(spec.footnote, order: room.besideOrder, in: column) }
        for part in anatomy.belowBubble { y += outsideHeight(part, of: spec, in: column) }
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
                let inset = spec.textIsJumbomoji ? 0 : min(hasBubble ? metrics.bubbleTextInset : 0, (inner - 1) / 2)
                let textWidth = inner - 2 * inset
                if spec.textIsJumbomoji {
                    let block = jumbomojiBlock(text, width: textWidth)
                    contentHeight += block.height
                    textLast = block.lines.last.map { ($0.width, inset) }
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
        return contentHeight + (hasBubble ? 2 * metrics.bubbleBorder + 2 * metrics.bubbleVerticalPadding : 0)
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
            return footnoteHeight(spec.footnote, order: column.isFlipped ? anatomy.currentUserFootnote : anatomy.footnote, in: column)
        case .quote:
            guard let quote = spec.quote else { return 0 }
            let share = column.available * metrics.maximumBubbleWidthPercent / 100
            return quoteBlock(quote, width: max(1, metrics.bubbleMaxWidth.map { min(column.available, $0) } ?? share)).height
        case .annotations:
            return spec.annotations.count * lineHeight
        case .groupHeader:
            return spec.groupHeader == nil ? 0 : max(lineHeight, metrics.groupHeaderHeight ?? 0)
        case .authorName:
            return spec.footnote.author == nil ? 0 : lineHeight
        }
    }

    /// The height `writeFootnote` gives the footnote: a line when any of its parts is drawn
    /// (its parts and their room are `writeFootnote`'s own: ``footnoteLines(_:order:into:)``,
    /// ``giveFootnoteRoom(_:count:maxWidth:)``).
    private func footnoteHeight(_ footnote: FootnoteSpec, order: [MessageAnatomy.FootnotePart], in column: OutsideColumn) -> Int {
        guard !order.isEmpty else { return 0 }
        return withUnsafeTemporaryAllocation(of: FootnoteLine.self, capacity: order.count) { parts in
            let base = parts.baseAddress!
            let count = footnoteLines(footnote, order: order, into: base)
            defer { base.deinitialize(count: count) }
            let budget = giveFootnoteRoom(base, count: count, maxWidth: column.available)
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
