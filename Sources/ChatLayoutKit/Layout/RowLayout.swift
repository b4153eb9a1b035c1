/// Lays out one row of the message list at the top of a frame `width` wide: constraints go
/// down (the width each part may take), sizes come up (measured text), and the row places its
/// parts. Every text is measured through `measurer`, so measured sizes are drawn sizes; every
/// line is placed here once, so no front end measures again. Lengths are the measurer's units
/// across and `metrics`' vertical units down (a line is `metrics.lineHeight`).
struct RowLayout {
    var width: Int
    var metrics: Metrics
    var measurer: any TextMeasuring
    var strings: ChatStrings
    /// The words and glyphs around typed content: the front end's.
    var presentation: any BoxPresentation
    /// Which way the screen reads. Rows are laid out left to right with the text's natural
    /// alignment taken against this direction, then mirrored when it is right to left
    /// (``mirrored(_:)``): leading and trailing mean the same sides of the screen in both.
    var direction: LayoutDirection
    /// Where the row's top sits: rows are laid out in place (the full list) or at 0 (rows
    /// kept to be moved later), so that no row is built and then copied to move it.
    var top = 0
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
        self.strings = strings
        self.presentation = presentation
        shortestLabel = measurer.width(of: "abc…")
        narrowestBubbleContent = max(1, measurer.width(of: "中"))
    }

    /// A part measured for a box: its words and data, its lines and size.
    struct Block {
        var role: BoxRole
        var text: String?
        var content: BoxContent?
        var lines: [TextLine]
        var width: Int
        /// The lines' height, or a media's.
        var height: Int
        var alignment: TextAlignment
        var direction: TextDirection = .leftToRight
        /// A media's frame is its own width, not the bubble's content width.
        var keepsWidth = false
    }

    var padding: Int { min(metrics.horizontalPadding, max(0, (width - 1) / 2)) }
    var innerWidth: Int { max(1, width - 2 * padding) }
    var lineHeight: Int { metrics.lineHeight }

    func wrapped(_ role: BoxRole, _ text: String, width: Int, alignment: TextAlignment? = nil, content: BoxContent? = nil) -> Block {
        let wrapped = measurer.wrap(text, width: max(1, width))
        // A text starts at the side it reads from: leading when it reads the screen's way.
        let natural: TextAlignment = (wrapped.direction == .rightToLeft) == (direction == .rightToLeft) ? .leading : .trailing
        return Block(role: role, text: text, content: content, lines: wrapped.lines, width: wrapped.width,
                     height: wrapped.lines.count * lineHeight, alignment: alignment ?? natural, direction: wrapped.direction)
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

    /// One line of `drawn` cut to `maxWidth` and reordered for display, standing for `text`.
    func line(_ role: BoxRole, _ text: String?, content: BoxContent? = nil, drawn: String, maxWidth: Int) -> Block {
        let limit = max(1, maxWidth)
        // Most labels fit: one wrap says so and gives the drawn line; only others are cut.
        let whole = measurer.wrap(drawn, width: limit)
        var shown = whole.lines.first
        if whole.lines.count != 1 || (shown?.width ?? 0) > limit {
            shown = measurer.wrap(measurer.truncate(drawn, width: limit), width: limit).lines.first
        }
        let placed = shown ?? TextLine(text: "", display: "", width: 0)
        return Block(role: role, text: text ?? words(role, content: content), content: content, lines: [placed], width: placed.width,
                     height: lineHeight,
                     alignment: .leading, direction: whole.direction)
    }

    /// The block's box at (x, y) of the row, `width` wide (else the block's), its lines placed
    /// by its alignment.
    func box(_ block: Block, id: String?, x: Int, y: Int, width: Int? = nil) -> Box {
        let frameWidth = width ?? block.width
        return Box(role: block.role, id: id, frame: Frame(x: x, y: top + y, width: frameWidth, height: block.height),
                   text: block.text, content: block.content, placedLines: Self.place(block.lines, in: frameWidth, alignment: block.alignment),
                   alignment: block.alignment, textDirection: block.direction)
    }

    /// Writes the block's box at (x, y) of the row into `sink`, as ``box(_:id:x:y:width:)`` makes it.
    func emit<Sink: BoxSink>(_ block: Block, id: String?, x: Int, y: Int, width: Int? = nil, into sink: inout Sink) {
        let token = sink.open(block.role, id: id, frame: Frame(x: x, y: top + y, width: width ?? block.width, height: block.height),
                              text: block.text, content: block.content, lines: block.lines, alignment: block.alignment,
                              direction: block.direction, tail: .none)
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

    /// Writes the row of a list item into `sink` as a left-to-right screen has it.
    private func writeLeftToRight<Sink: BoxSink>(_ item: MessageListItem, into sink: inout Sink) {
        switch item {
        case .dateSeparator(_, let text): writeCenteredLine(.dateSeparator, text: text, into: &sink)
        case .unreadSeparator(let text): writeCenteredLine(.unreadSeparator, text: text, into: &sink)
        case .message(let decision): writeMessageRow(decision, into: &sink)
        case .typingIndicator(let text): emit(line(.typingIndicator, text, maxWidth: innerWidth), id: nil, x: padding, y: 0, into: &sink)
        case .emptyState(let text): writeCenteredLine(.emptyState, text: text, into: &sink)
        case .loadingState(let text): writeCenteredLine(.loadingState, text: text, into: &sink)
        }
    }

    /// A one-line row centred in the list: date and unread separators, states.
    func centeredLine(_ role: BoxRole, text: String, content: BoxContent? = nil) -> Box {
        var builder = BoxBuilder()
        writeCenteredLine(role, text: text, content: content, into: &builder)
        return mirrored(builder.result!)
    }

    func writeCenteredLine<Sink: BoxSink>(_ role: BoxRole, text: String, content: BoxContent? = nil, into sink: inout Sink) {
        var block = line(role, text, content: content, maxWidth: innerWidth)
        block.alignment = .center
        let x = padding + max(0, (innerWidth - block.width) / 2)
        emit(block, id: nil, x: x, y: 0, into: &sink)
    }

    /// Writes a message row into `sink`: the row's box, then its parts in drawing order, placed
    /// by the message's layout options.
    func writeMessageRow<Sink: BoxSink>(_ decision: MessageDecision, into sink: inout Sink) {
        let options = decision.options
        let id = decision.message.id
        if options.contains(.centered) {
            var block = wrapped(.text, decision.text, width: innerWidth, alignment: .center)
            block.width = innerWidth
            let row = sink.open(.messageRow, id: id, frame: Frame(x: 0, y: top, width: width, height: block.height))
            emit(block, id: id, x: padding, y: 0, into: &sink)
            sink.close(row, height: nil)
            return
        }
        let flipped = options.contains(.flipped)
        let avatarColumn = !flipped && !options.isDisjoint(with: [.avatar, .avatarSizePadding])
            ? min(metrics.avatarWidth + metrics.avatarSpacing, max(0, innerWidth - 1)) : 0
        let left = padding + avatarColumn
        let right = width - padding
        let available = max(1, right - left)
        // The glyph as wide as the presentation's line measures (two cells at most on a
        // terminal; points elsewhere).
        var errorGlyph: Block?
        if options.contains(.errorIndicator) {
            let drawn = presentation.line(.errorIndicator, text: nil, content: .error, strings: strings)
            errorGlyph = line(.errorIndicator, nil, content: .error, drawn: drawn, maxWidth: max(1, measurer.width(of: drawn)))
        }
        // Too narrow for the glyph beside a one-unit bubble: the glyph gives way.
        if let glyph = errorGlyph, available < glyph.width + metrics.gap + 1 { errorGlyph = nil }
        let errorReserve = errorGlyph.map { $0.width + metrics.gap } ?? 0
        var maxOuter = available < metrics.fullWidthBelow
            ? available : max(metrics.fullWidthBelow, available * metrics.maximumBubbleWidthPercent / 100)
        maxOuter = max(1, min(maxOuter, available - errorReserve))
        // Too narrow for the border and padding around a wide character: no bubble.
        let hasBubble = options.contains(.bubble) && maxOuter >= metrics.bubbleChrome + narrowestBubbleContent
        let chrome = hasBubble ? metrics.bubbleChrome : 0
        let inner = max(1, maxOuter - chrome)

        // The bubble's content, top to bottom.
        var content = contentBlocks(decision, width: inner)
        if content.isEmpty {
            content.append(Block(role: .text, text: "", lines: [TextLine(text: "", display: "", width: 0)], width: 0,
                                 height: lineHeight, alignment: .leading))
        }
        // At most `inner`: only a lone wide character in a one-cell width is wider (see
        // `TextMeasuring.wrap`), and its box must still keep to the row.
        let contentWidth = max(1, min(inner, content.map(\.width).max() ?? 1))
        let outerWidth = contentWidth + chrome
        let bubbleX = flipped ? right - outerWidth : left

        // The row's height is known once its parts are placed: it is closed with it.
        let row = sink.open(.messageRow, id: id, frame: Frame(x: 0, y: top, width: width, height: 0))
        var y = 0
        if options.contains(.reactions) {
            var reactions = line(.reactions, nil, content: .reactions(decision.reactions), maxWidth: available)
            reactions.alignment = flipped ? .leading : .trailing
            let x = flipped ? min(bubbleX, right - reactions.width) : max(left, bubbleX + outerWidth - reactions.width)
            emit(reactions, id: id, x: x, y: y, into: &sink)
            y += reactions.height
        }
        let inset = hasBubble ? metrics.bubbleBorder + metrics.bubblePadding : 0
        let verticalInset = hasBubble ? metrics.bubbleBorder + metrics.bubbleVerticalPadding : 0
        let bubbleHeight = content.reduce(0) { $0 + $1.height } + 2 * verticalInset
        var bubble: Int?
        if hasBubble {
            let tail: BubbleTail = options.contains(.continuousBubble) ? .none : (flipped ? .bottomTrailing : .bottomLeading)
            bubble = sink.open(.bubble, id: id, frame: Frame(x: bubbleX, y: top + y, width: outerWidth, height: bubbleHeight),
                               content: .bubble(fromCurrentUser: decision.isFromCurrentUser), tail: tail)
        }
        var partY = y + verticalInset
        for block in content {
            emit(block, id: id, x: bubbleX + inset, y: partY, width: block.keepsWidth ? block.width : contentWidth, into: &sink)
            partY += block.height
        }
        if let bubble { sink.close(bubble, height: nil) }
        // The error glyph beside the last line of content, the avatar's bottom at the content's.
        let contentBottom = partY + (hasBubble ? metrics.bubbleVerticalPadding : 0)
        if let errorGlyph {
            let x = flipped ? bubbleX - errorReserve : bubbleX + outerWidth + metrics.gap
            emit(errorGlyph, id: id, x: x, y: partY - errorGlyph.height, into: &sink)
        }
        if options.contains(.avatar) && avatarColumn >= metrics.avatarWidth {
            let user = decision.message.user
            emit(avatarBlock(initials: user.initials, userID: user.id, role: .avatar), id: id, x: padding,
                 y: max(0, contentBottom - metrics.avatarHeight), into: &sink)
        }
        y += bubbleHeight
        if options.contains(.threadInfo), let info = decision.threadInfoText {
            let participants = Array(decision.threadParticipantNames.prefix(3))
            let content = ThreadInfoContent(replyCount: decision.message.isThreadRoot ? decision.message.threadReplyCount : nil,
                                            label: info, participants: participants)
            let block = line(.threadInfo, PlainPresentation.threadInfo(content, separator: strings.listSeparator), content: .threadInfo(content), maxWidth: available)
            emit(block, id: id, x: flipped ? right - block.width : left, y: y, into: &sink)
            y += block.height
        }
        let footer = footerBlocks(decision, flipped: flipped, maxWidth: available)
        if !footer.isEmpty {
            let total = footer.map(\.width).reduce(0, +) + metrics.inlineSpacing * (footer.count - 1)
            var x = flipped ? right - total : left
            for block in footer {
                emit(block, id: id, x: x, y: y, into: &sink)
                x += block.width + metrics.inlineSpacing
            }
            y += lineHeight
        }
        sink.close(row, height: y)
    }

    /// An avatar of `user` at (x, y): `metrics.avatarWidth` by `avatarHeight`, its initials centred.
    func avatarBox(_ user: User, role: BoxRole, id: String?, x: Int, y: Int) -> Box {
        avatarBox(initials: user.initials, userID: user.id, role: role, id: id, x: x, y: y)
    }

    /// An avatar standing for `userID` with `initials` (cut to fit) at (x, y).
    func avatarBox(initials: String, userID: String, role: BoxRole, id: String?, x: Int, y: Int) -> Box {
        box(avatarBlock(initials: initials, userID: userID, role: role), id: id, x: x, y: y)
    }

    /// An avatar's part: `metrics.avatarWidth` by `avatarHeight` (wider only for initials that
    /// cannot be cut), its initials centred.
    func avatarBlock(initials: String, userID: String, role: BoxRole) -> Block {
        var block = line(role, fittedInitials(initials), content: .avatar(userID: userID), maxWidth: metrics.avatarWidth)
        block.alignment = .center
        block.height = max(lineHeight, metrics.avatarHeight)
        block.width = max(block.width, metrics.avatarWidth)
        return block
    }

    /// A message's content, top to bottom, each part measured in `inner` units: the quoted
    /// message, the attachments, the text and the translation, as its options say.
    func contentBlocks(_ decision: MessageDecision, width inner: Int) -> [Block] {
        let options = decision.options
        var content: [Block] = []
        if options.contains(.quotedMessage), let quoted = decision.message.quotedMessage {
            // Name and text neutralised apart: an override left open in the name must not turn
            // the text around.
            let name = quoted.isDeleted || !quoted.text.isEmpty ? nil : quotedContentName(quoted)
            let label = quoted.isDeleted ? strings.messageDeleted : UntrustedText.neutralize(name?.words ?? quoted.text)
            let author = UntrustedText.neutralize(quoted.user.displayName)
            let data = QuotedContent(id: quoted.id, author: author, text: label, isDeleted: quoted.isDeleted,
                                     attachment: quoted.attachments.first.map(AttachmentContent.init),
                                     namesAttachmentType: name?.isType ?? false)
            content.append(line(.quotedMessage, "\(author): \(label)", content: .quotedMessage(data), maxWidth: inner))
        }
        if !decision.message.isDeleted {
            content += richContentBlocks(decision.message, width: inner)
            for attachment in decision.message.attachments {
                content.append(attachmentBlock(AttachmentContent(attachment), width: inner))
            }
        }
        if options.contains(.text) { content.append(wrapped(.text, decision.text, width: inner)) }
        if options.contains(.translation), let translation = decision.translation {
            content.append(markedBlock(.translation, translation, content: .translation, width: inner))
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
    func attachmentBlock(_ attachment: AttachmentContent, width inner: Int) -> Block {
        guard attachment.kind.isMedia, let size = attachment.originalSize else {
            return line(.attachment, attachment.title ?? attachment.fileName ?? strings.attachmentNames[attachment.type] ?? attachment.type, content: .attachment(attachment), maxWidth: inner)
        }
        let media = metrics.mediaSize(attachment.kind, original: size, room: inner)
        var block = line(.attachment, attachment.title ?? attachment.fileName ?? strings.attachmentNames[attachment.type] ?? attachment.type, content: .attachment(attachment),
                         maxWidth: media.width)
        block.width = media.width
        block.height = media.height
        block.keepsWidth = true
        return block
    }

    /// A poll (its question, then one line per option) and a shared location, each line cut
    /// to `inner` units; texts neutralised.
    func richContentBlocks(_ message: Message, width inner: Int) -> [Block] {
        var blocks: [Block] = []
        if var poll = message.poll {
            poll.question = UntrustedText.neutralize(poll.question)
            for index in poll.options.indices { poll.options[index].text = UntrustedText.neutralize(poll.options[index].text) }
            let attachment = AttachmentContent(kind: .poll, type: "poll", title: poll.question, poll: poll)
            blocks.append(line(.attachment, poll.question, content: .attachment(attachment), maxWidth: inner))
            for option in poll.options {
                blocks.append(line(.attachment, option.text, content: .pollOption(option), maxWidth: inner))
            }
        }
        if let location = message.sharedLocation {
            let words = location.isLive ? strings.liveLocation : strings.location
            let attachment = AttachmentContent(kind: .location, type: "location", title: words, location: location)
            blocks.append(line(.attachment, words, content: .attachment(attachment), maxWidth: inner))
        }
        return blocks
    }

    /// What stands for a quoted message without text: "Poll", "Location", or the kind of its
    /// first attachment in words (``ChatStrings/attachmentNames``: "image"; "message" without
    /// one), which `isType` says.
    func quotedContentName(_ quoted: QuotedMessage) -> (words: String, isType: Bool) {
        if quoted.hasPoll { return (strings.poll, false) }
        if let location = quoted.sharedLocation { return (location.isLive ? strings.liveLocation : strings.location, false) }
        let type = quoted.attachments.first?.type ?? "message"
        return (strings.attachmentNames[type] ?? type, true)
    }

    /// Initials that fit the avatar: the last ones give way ("佐藤 由紀" → "佐"), as an
    /// ellipsis in their place identifies nobody.
    func fittedInitials(_ initials: String) -> String {
        var fitted = initials
        while fitted.count > 1 && measurer.width(of: UntrustedText.neutralize(fitted)) > metrics.avatarWidth {
            fitted.removeLast()
        }
        return UntrustedText.neutralize(fitted)
    }

    /// The parts under the bubble, in order: others' messages show author, time and the edited
    /// label from the leading edge; yours show "Only visible to you", time, edited label and
    /// delivery status ending at the trailing edge. Too wide: the time and the delivery status
    /// stay whole; the labels take what is left, then the author name (which gives way first);
    /// a part left too little room to say anything is dropped rather than drawn as a lone "…".
    private func footerBlocks(_ decision: MessageDecision, flipped: Bool, maxWidth: Int) -> [Block] {
        let options = decision.options
        // Each part with its line in the presentation; a status it draws nothing for (no glyph)
        // takes no room.
        var parts: [(role: BoxRole, text: String?, content: BoxContent?, drawn: String)] = []
        func add(_ role: BoxRole, _ text: String?, _ content: BoxContent? = nil) {
            let drawn = presentation.line(role, text: text, content: content, strings: strings)
            if !drawn.isEmpty || role != .deliveryStatus { parts.append((role, text, content, drawn)) }
        }
        if options.contains(.onlyVisibleToYouIndicator) { add(.onlyVisibleToYou, strings.onlyVisibleToYou) }
        if options.contains(.authorName) { add(.authorName, UntrustedText.neutralize(decision.message.user.displayName)) }
        if options.contains(.timestamp) { add(.timestamp, decision.timeText) }
        if decision.showsEditedLabel { add(.editedLabel, strings.edited, .edited) }
        if let status = decision.deliveryStatus { add(.deliveryStatus, nil, .deliveryStatus(status)) }
        let widths = parts.map { measurer.width(of: $0.drawn) }
        let isEssential = parts.map { $0.role == .timestamp || $0.role == .deliveryStatus }
        // Room is given out by priority: time and status, then the labels, then the name.
        let labels = parts.indices.filter { !isEssential[$0] && parts[$0].role != .authorName }
        let names = parts.indices.filter { parts[$0].role == .authorName }
        var allowed = parts.indices.map { isEssential[$0] ? widths[$0] : 0 }
        var count = isEssential.filter { $0 }.count
        var used = allowed.reduce(0, +) + metrics.inlineSpacing * max(0, count - 1)
        let shortest = shortestLabel
        for index in labels + names {
            let room = maxWidth - used - (count > 0 ? metrics.inlineSpacing : 0)
            let width = widths[index] <= room ? widths[index] : (room >= shortest ? room : 0)
            guard width > 0 else { continue }
            allowed[index] = width
            used += width + (count > 0 ? metrics.inlineSpacing : 0)
            count += 1
        }
        var budget = maxWidth - metrics.inlineSpacing * max(0, count - 1)
        var blocks: [Block] = []
        for (index, part) in parts.enumerated() {
            let fit = min(allowed[index], budget)
            guard fit > 0 else { continue }
            let block = line(part.role, part.text, content: part.content, drawn: part.drawn, maxWidth: fit)
            guard block.width > 0 else { continue }
            blocks.append(block)
            budget -= block.width
        }
        return blocks
    }
}
