/// Lays out one row of the message list at the top of a frame `width` wide: constraints go
/// down (the width each part may take), sizes come up (measured text), and the row places its
/// parts. Every text is measured through `measurer`, so measured sizes are drawn sizes.
struct RowLayout {
    var width: Int
    var metrics: Metrics
    var measurer: any TextMeasuring
    var strings: ChatStrings
    /// Where the row's top sits: rows are laid out in place (the full list) or at 0 (rows
    /// kept to be moved later), so that no row is built and then copied to move it.
    var top = 0

    /// A text measured for a box: its display lines and width.
    struct Block {
        var role: BoxRole
        var text: String
        var lines: [String]
        var width: Int
        var alignment: TextAlignment
    }

    var padding: Int { min(metrics.horizontalPadding, max(0, (width - 1) / 2)) }
    var innerWidth: Int { max(1, width - 2 * padding) }

    func wrapped(_ role: BoxRole, _ text: String, width: Int, alignment: TextAlignment? = nil) -> Block {
        let wrapped = measurer.wrap(text, width: max(1, width))
        let natural: TextAlignment = wrapped.direction == .rightToLeft ? .trailing : .leading
        return Block(role: role, text: text, lines: wrapped.lines.map(\.display), width: wrapped.width,
                     alignment: alignment ?? natural)
    }

    /// One line of `display` (else `text`) cut to `maxWidth` and reordered for display.
    func line(_ role: BoxRole, _ text: String, maxWidth: Int, display: String? = nil) -> Block {
        let limit = max(1, maxWidth)
        // Most labels fit: one wrap says so and gives the drawn line; only others are cut.
        let whole = measurer.wrap(display ?? text, width: limit)
        if whole.lines.count == 1, let only = whole.lines.first, only.width <= limit {
            // The same string for `text` and the line when they are equal: stored once.
            return Block(role: role, text: text, lines: [only.display == text ? text : only.display], width: only.width, alignment: .leading)
        }
        let fitted = measurer.truncate(display ?? text, width: limit)
        let shown = measurer.wrap(fitted, width: limit).lines.first
        return Block(role: role, text: text, lines: [shown?.display ?? ""], width: shown?.width ?? 0, alignment: .leading)
    }

    func box(_ block: Block, id: String?, x: Int, y: Int, width: Int? = nil) -> Box {
        Box(role: block.role, id: id, frame: Frame(x: x, y: top + y, width: width ?? block.width, height: block.lines.count),
            text: block.text, lines: block.lines, alignment: block.alignment)
    }

    // MARK: Rows

    /// A one-line row centred in the list: date and unread separators, states.
    func centeredLine(_ role: BoxRole, text: String, decorated: String) -> Box {
        var block = line(role, text, maxWidth: innerWidth, display: decorated)
        block.alignment = .center
        let x = padding + max(0, (innerWidth - block.width) / 2)
        return box(block, id: nil, x: x, y: 0)
    }

    /// The typing indicator at the leading edge.
    func typingRow(_ text: String) -> Box {
        box(line(.typingIndicator, text, maxWidth: innerWidth), id: nil, x: padding, y: 0)
    }

    /// A message row: the message's parts placed by its layout options.
    func messageRow(_ decision: MessageDecision) -> Box {
        let options = decision.options
        let id = decision.message.id
        if options.contains(.centered) {
            var block = wrapped(.text, decision.text, width: innerWidth, alignment: .center)
            block.width = innerWidth
            let text = box(block, id: id, x: padding, y: 0)
            return Box(role: .messageRow, id: id, frame: Frame(x: 0, y: top, width: width, height: text.frame.height), children: [text])
        }
        let flipped = options.contains(.flipped)
        let avatarColumn = !flipped && !options.isDisjoint(with: [.avatar, .avatarSizePadding])
            ? min(metrics.avatarWidth + metrics.avatarSpacing, max(0, innerWidth - 1)) : 0
        let left = padding + avatarColumn
        let right = width - padding
        let available = max(1, right - left)
        // The glyph as wide as the measurer says (two cells at most on a terminal; points elsewhere).
        var errorGlyph = options.contains(.errorIndicator)
            ? line(.errorIndicator, strings.errorGlyph, maxWidth: max(1, measurer.width(of: strings.errorGlyph))) : nil
        // Too narrow for the glyph beside a one-cell bubble: the glyph gives way.
        if let glyph = errorGlyph, available < glyph.width + 2 { errorGlyph = nil }
        let errorReserve = errorGlyph.map { $0.width + 1 } ?? 0
        var maxOuter = available < metrics.fullWidthBelow
            ? available : max(metrics.fullWidthBelow, available * metrics.maximumBubbleWidthPercent / 100)
        maxOuter = max(1, min(maxOuter, available - errorReserve))
        // Too narrow for the border and padding around a two-cell character: no bubble.
        let hasBubble = options.contains(.bubble) && maxOuter >= metrics.bubbleChrome + 2
        let chrome = hasBubble ? metrics.bubbleChrome : 0
        let inner = max(1, maxOuter - chrome)

        // The bubble's content, top to bottom.
        var content = contentBlocks(decision, width: inner)
        if content.isEmpty { content.append(Block(role: .text, text: "", lines: [""], width: 0, alignment: .leading)) }
        // At most `inner`: only a lone wide character in a one-cell width is wider (see
        // `TextMeasuring.wrap`), and its box must still keep to the row.
        let contentWidth = max(1, min(inner, content.map(\.width).max() ?? 1))
        let outerWidth = contentWidth + chrome
        let bubbleX = flipped ? right - outerWidth : left

        var children: [Box] = []
        var y = 0
        if options.contains(.reactions) {
            var reactions = line(.reactions, reactionText(decision.reactions), maxWidth: available)
            reactions.alignment = flipped ? .leading : .trailing
            let x = flipped ? min(bubbleX, right - reactions.width) : max(left, bubbleX + outerWidth - reactions.width)
            children.append(box(reactions, id: id, x: x, y: y))
            y += 1
        }
        let inset = hasBubble ? metrics.bubbleBorder + metrics.bubblePadding : 0
        var parts: [Box] = []
        var partY = y + (hasBubble ? metrics.bubbleBorder : 0)
        for block in content {
            parts.append(box(block, id: id, x: bubbleX + inset, y: partY, width: contentWidth))
            partY += block.lines.count
        }
        let bubbleHeight = partY - y + (hasBubble ? metrics.bubbleBorder : 0)
        let lastContentRow = partY - 1
        if hasBubble {
            let tail: BubbleTail = options.contains(.continuousBubble) ? .none : (flipped ? .bottomTrailing : .bottomLeading)
            children.append(Box(role: .bubble, id: id, frame: Frame(x: bubbleX, y: top + y, width: outerWidth, height: bubbleHeight),
                                tail: tail, children: parts))
        } else {
            children += parts
        }
        if let errorGlyph {
            let x = flipped ? bubbleX - errorReserve : bubbleX + outerWidth + 1
            children.append(box(errorGlyph, id: id, x: x, y: lastContentRow))
        }
        if options.contains(.avatar) && avatarColumn >= metrics.avatarWidth {
            let initials = line(.avatar, avatarInitials(decision.message.user), maxWidth: metrics.avatarWidth)
            children.append(box(initials, id: id, x: padding, y: lastContentRow))
        }
        y += bubbleHeight
        if options.contains(.threadInfo), let info = decision.threadInfoText {
            let participants = decision.threadParticipantNames.prefix(3).joined(separator: ", ")
            let text = participants.isEmpty ? info : "\(info) · \(participants)"
            let block = line(.threadInfo, text, maxWidth: available, display: "\(strings.threadGlyph) \(text)")
            children.append(box(block, id: id, x: flipped ? right - block.width : left, y: y))
            y += 1
        }
        let footer = footerBlocks(decision, flipped: flipped, maxWidth: available)
        if !footer.isEmpty {
            let total = footer.map(\.width).reduce(0, +) + metrics.inlineSpacing * (footer.count - 1)
            var x = flipped ? right - total : left
            for block in footer {
                children.append(box(block, id: id, x: x, y: y))
                x += block.width + metrics.inlineSpacing
            }
            y += 1
        }
        return Box(role: .messageRow, id: id, frame: Frame(x: 0, y: top, width: width, height: y), children: children)
    }

    /// A message's content, top to bottom, each part measured in `inner` cells: the quoted
    /// message, the attachments, the text and the translation, as its options say.
    func contentBlocks(_ decision: MessageDecision, width inner: Int) -> [Block] {
        let options = decision.options
        var content: [Block] = []
        if options.contains(.quotedMessage), let quoted = decision.message.quotedMessage {
            // Name and text neutralised apart: an override left open in the name must not turn
            // the text around. The pair drawn isolated (FSI…PDI): a right-to-left name must not
            // carry the bar to the other end of the line.
            let label = quoted.isDeleted ? strings.messageDeleted
                : UntrustedText.neutralize(quoted.text.isEmpty ? quotedContentName(quoted) : quoted.text)
            let text = "\(UntrustedText.neutralize(quoted.user.displayName)): \(label)"
            content.append(line(.quotedMessage, text, maxWidth: inner, display: "┃ \u{2068}\(text)\u{2069}"))
        }
        if !decision.message.isDeleted {
            content += richContentBlocks(decision.message, width: inner)
            for attachment in decision.message.attachments {
                // The title neutralised on its own: an override left open in it must not reach "]".
                let type = UntrustedText.neutralize(attachment.type)
                let label = attachment.title.map { "[\(type): \(UntrustedText.neutralize($0))]" } ?? "[\(type)]"
                content.append(line(.attachment, label, maxWidth: inner))
            }
        }
        if options.contains(.text) { content.append(wrapped(.text, decision.text, width: inner)) }
        if options.contains(.translation), let translation = decision.translation {
            // "» " marks the translation; its continuation lines are indented under it.
            let marker = inner >= 6
            var block = wrapped(.translation, translation, width: marker ? inner - 2 : inner)
            if marker {
                block.lines = block.lines.enumerated().map { ($0.offset == 0 ? "» " : "  ") + $0.element }
                block.width = block.lines.map { measurer.width(of: $0) }.max() ?? 0
            }
            content.append(block)
        }
        return content
    }

    /// A poll ("[poll: Where do we meet?]", then "○ Café · 2" an option, "closed" when voting
    /// ended) and a shared location ("[location: 52.52000, 13.40500]", "[live location: …]"),
    /// each line cut to `inner` cells.
    func richContentBlocks(_ message: Message, width inner: Int) -> [Block] {
        var blocks: [Block] = []
        if let poll = message.poll {
            let state = poll.isClosed ? " (closed)" : ""
            blocks.append(line(.attachment, "[\(strings.poll.lowercased()): \(UntrustedText.neutralize(poll.question))]\(state)", maxWidth: inner))
            for option in poll.options {
                let votes = option.voteCount > 0 ? " · \(option.voteCount)" : ""
                blocks.append(line(.attachment, "○ \u{2068}\(UntrustedText.neutralize(option.text))\u{2069}\(votes)", maxWidth: inner))
            }
        }
        if let location = message.sharedLocation {
            let kind = (location.isLive ? strings.liveLocation : strings.location).lowercased()
            blocks.append(line(.attachment, "[\(kind): \(Self.coordinate(location.latitude)), \(Self.coordinate(location.longitude))]",
                               maxWidth: inner))
        }
        return blocks
    }

    /// What stands for a quoted message without text: "Poll", "Location", "[image]".
    func quotedContentName(_ quoted: QuotedMessage) -> String {
        if quoted.hasPoll { return strings.poll }
        if let location = quoted.sharedLocation { return location.isLive ? strings.liveLocation : strings.location }
        return "[\(quoted.attachments.first?.type ?? "message")]"
    }

    /// A coordinate with five decimals (about a metre), without the standard library's
    /// float formatting noise: 52.52 → "52.52000".
    static func coordinate(_ degrees: Double) -> String {
        guard degrees.isFinite else { return "?" }
        let scaled = Int64((abs(degrees) * 100_000).rounded())
        let fraction = String(scaled % 100_000)
        return (degrees < 0 && scaled != 0 ? "-" : "") + "\(scaled / 100_000)." + String(repeating: "0", count: 5 - fraction.count) + fraction
    }

    /// The initials that fit the avatar. Two wide initials ("佐藤 由紀" → "佐由") take four
    /// cells, and an ellipsis in their place identifies nobody: the last initial gives way.
    func avatarInitials(_ user: User) -> String {
        fittedInitials(user.initials)
    }

    /// Initials that fit the avatar: the last ones give way ("佐藤 由紀" → "佐").
    func fittedInitials(_ initials: String) -> String {
        var fitted = initials
        while fitted.count > 1 && measurer.width(of: UntrustedText.neutralize(fitted)) > metrics.avatarWidth {
            fitted.removeLast()
        }
        return UntrustedText.neutralize(fitted)
    }

    /// "❤️ 1 😂 2": the reactions the decisions show, each as its glyph (``ChatStrings/reactionGlyphs``,
    /// else its type's name) and count.
    func reactionText(_ reactions: [ReactionCount]) -> String {
        reactions.map { "\(strings.reactionGlyphs[$0.type] ?? UntrustedText.neutralize($0.type)) \($0.count)" }
            .joined(separator: " ")
    }

    /// The parts under the bubble, in order: others' messages show author, time and the edited
    /// label from the leading edge; yours show "Only visible to you", time, edited label and
    /// delivery status ending at the trailing edge. Too wide: the time and the delivery status
    /// stay whole; the labels take what is left, then the author name (which gives way first);
    /// a part left too little room to say anything is dropped rather than drawn as a lone "…".
    private func footerBlocks(_ decision: MessageDecision, flipped: Bool, maxWidth: Int) -> [Block] {
        let options = decision.options
        var parts: [(BoxRole, String)] = []
        if options.contains(.onlyVisibleToYouIndicator) { parts.append((.onlyVisibleToYou, strings.onlyVisibleToYou)) }
        if options.contains(.authorName) { parts.append((.authorName, UntrustedText.neutralize(decision.message.user.displayName))) }
        if options.contains(.timestamp) { parts.append((.timestamp, decision.timeText)) }
        if decision.showsEditedLabel { parts.append((.editedLabel, strings.edited)) }
        if let status = decision.deliveryStatus, let glyph = strings.deliveryGlyphs[status] { parts.append((.deliveryStatus, glyph)) }
        let widths = parts.map { measurer.width(of: $0.1) }
        let isEssential = parts.map { $0.0 == .timestamp || $0.0 == .deliveryStatus }
        // Room is given out by priority: time and status, then the labels, then the name.
        let labels = parts.indices.filter { !isEssential[$0] && parts[$0].0 != .authorName }
        let names = parts.indices.filter { parts[$0].0 == .authorName }
        var allowed = parts.indices.map { isEssential[$0] ? widths[$0] : 0 }
        var count = isEssential.filter { $0 }.count
        var used = allowed.reduce(0, +) + metrics.inlineSpacing * max(0, count - 1)
        let shortest = 4 // three characters and the ellipsis
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
        for (index, (role, text)) in parts.enumerated() {
            let fit = min(allowed[index], budget)
            guard fit > 0 else { continue }
            let block = line(role, text, maxWidth: fit)
            guard block.width > 0 else { continue }
            blocks.append(block)
            budget -= block.width
        }
        return blocks
    }
}
