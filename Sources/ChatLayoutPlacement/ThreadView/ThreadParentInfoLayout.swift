@_spi(ChatLayoutStages) import ChatLayoutModel
@_spi(ChatLayoutStages) import ChatLayoutDecisions
import ChatLayoutComposition

/// The rows of the `info_header` presentation (Sendbird's parent message info): the parent
/// without a bubble, its author beside the avatar and the date under the name, the content and
/// the reactions under them; then the reply count between two rules (a parent with no replies:
/// one rule, no count).
extension RowLayout {
    /// The parent message: avatar, author and date at the top, then its content and reactions,
    /// all in the column beside the avatar (where the replies' bubbles start), without a bubble.
    /// Its parts are composed as a message's (``MessageComposer/parentInfo(_:)``), in the order
    /// of ``MessageAnatomy/parentInfo``.
    func parentInfoRow(_ info: ThreadParentInfo) -> Box {
        if anatomy.parentInfoStyle == .sendbird { return sendbirdParentInfoRow(info) }
        let spec = composer.parentInfo(info)
        let anatomy = MessageAnatomy.parentInfo
        let id = spec.id
        let sender = senderParts(spec, info)
        var children = sender.children
        let (left, available) = (sender.left, sender.available)
        var y = sender.height
        // The content spans the column: right-to-left text sits at its trailing edge.
        for block in contentBlocks(spec, order: anatomy.inBubble, width: available) {
            children.append(box(block, id: id, x: left, y: y, width: block.keepsWidth ? block.width : available))
            y += block.height
        }
        // Under the content, from the column's leading edge (the parent has no thread info
        // and no footnote of its own).
        appendReactions(spec, order: anatomy.belowBubble, x: left, width: available, to: &children, y: &y)
        return Box(role: .parentMessage, id: id, frame: Frame(x: 0, y: 0, width: width, height: y), children: children)
    }

    /// The parent message as Sendbird's `SBUParentMessageInfoView` lays it out: the avatar with
    /// the author and the date beside it, then the content under them across the row (from
    /// the row's padding, under the avatar, as its `contentVStackView`), then the reactions.
    /// A single picture or video stands in Sendbird's fixed frame (``sendbirdParentMediaFrame(room:)``);
    /// a file, a voice message and a link preview are their cards.
    func sendbirdParentInfoRow(_ info: ThreadParentInfo) -> Box {
        let spec = composer.parentInfo(info)
        let order = MessageAnatomy.sendbirdParentInfo
        let id = spec.id
        let sender = senderParts(spec, info)
        var children = sender.children
        // The content starts under the sender's lines and the avatar, whichever ends lower.
        var y = max(sender.height, sender.avatarFits ? metrics.avatarHeight : 0)
        for var block in contentBlocks(spec, order: order.inBubble, width: innerWidth) {
            if isSingleMedia(block) {
                let frame = sendbirdParentMediaFrame(room: innerWidth)
                block.width = frame.width
                block.height = frame.height
                block.keepsWidth = true
            } else if block.bleeds {
                block.keepsWidth = true
            }
            children.append(box(block, id: id, x: padding, y: y, width: block.keepsWidth ? block.width : innerWidth))
            y += block.height
        }
        appendReactions(spec, order: order.belowBubble, x: padding, width: innerWidth, to: &children, y: &y)
        return Box(role: .parentMessage, id: id, frame: Frame(x: 0, y: 0, width: width, height: y), children: children)
    }

    /// The parent's reactions at `y`, from `x` within `width`, where `order` (the parts under
    /// its content) has them; `y` moves under them.
    private func appendReactions(_ spec: MessageRowSpec, order: [MessageAnatomy.OutsidePart], x: Int, width: Int,
                                 to children: inout [Box], y: inout Int) {
        for part in order {
            guard part == .reactions, let data = spec.reactions else { continue }
            let reactions = line(.reactions, data: data, maxWidth: width)
            children.append(box(reactions, id: spec.id, x: x, y: y))
            y += reactions.height
        }
    }

    /// The parent's sender: its avatar at the row's padding, its author's name and, under it,
    /// its date (wrapped rather than losing its time on a narrow screen) in the column beside
    /// the avatar — that column's `left` edge and `available` width, the lines' `height`, and
    /// whether the avatar fits the row.
    private func senderParts(_ spec: MessageRowSpec, _ info: ThreadParentInfo)
        -> (children: [Box], left: Int, available: Int, height: Int, avatarFits: Bool) {
        let id = spec.id
        let avatarColumn = min(metrics.avatarWidth + metrics.avatarSpacing, max(0, innerWidth - 1))
        let left = padding + avatarColumn
        var available = max(1, width - padding - left)
        var children: [Box] = []
        let avatarFits = avatarColumn >= metrics.avatarWidth
        if let avatar = spec.avatar, avatarFits {
            children.append(box(avatarBlock(avatar, role: .avatar), id: id, x: padding, y: 0))
        }
        // Sendbird's more button ends the sender's line (`userHStackView`: profile, sender,
        // more button, 8 points apart): the name and the date give it its room.
        if anatomy.parentInfoStyle == .sendbird {
            var more = line(.moreButton, nil, maxWidth: max(1, available))
            more.width = max(more.width, metrics.moreButtonWidth)
            more.height = max(lineHeight, metrics.moreButtonHeight)
            more.alignment = .center
            let reserve = more.width + metrics.avatarSpacing
            if available - reserve >= 4 * narrowestBubbleContent {
                available -= reserve
                children.append(box(more, id: id, x: width - padding - more.width, y: 0))
            }
        }
        children.append(box(line(.authorName, info.authorName, maxWidth: available), id: id, x: left, y: 0))
        let date = wrapped(.timestamp, info.dateText, width: available, alignment: .leading)
        children.append(box(date, id: id, x: left, y: lineHeight))
        return (children, left, available, lineHeight + date.height, avatarFits)
    }

    /// A block standing for one picture or video: a media attachment, or a gallery of one.
    func isSingleMedia(_ block: Block) -> Bool {
        if let gallery = block.gallery { return gallery.mediaCount == 1 }
        guard block.card == nil, case .attachment(let attachment)? = block.content else { return false }
        return attachment.kind == .image || attachment.kind == .video
    }

    /// Sendbird's frame for a parent's picture or video: 240 × 160 points (96 % of the media
    /// width, at 3:2), within `room` and no taller than an image may be.
    func sendbirdParentMediaFrame(room: Int) -> (width: Int, height: Int) {
        let width = max(1, min(room, metrics.mediaWidth * 24 / 25))
        let scale = metrics.verticalScale
        let height = (4 * width + 3 * scale) / (6 * scale) // 2/3 of the width in vertical units, rounded
        return (width, max(lineHeight, min(height, max(lineHeight, metrics.imageMaxHeight))))
    }

    /// Under a parent with no replies, the parent info's rule alone, as Sendbird draws it (its
    /// reply count empty, its bottom rule hidden): no words, the count 0 as the typed content —
    /// on a terminal one run of the presentation's rule character within the row's padding.
    func parentInfoRuleWithoutReplies() -> Box {
        var placed: [PlacedLine] = []
        if let character = presentation.ruleCharacter {
            let characterWidth = measurer.width(of: character)
            let room = width - 2 * padding
            if characterWidth > 0 && room >= characterWidth {
                let rule = String(repeating: character, count: room / characterWidth)
                placed = [PlacedLine(display: rule, text: rule, x: padding, width: room / characterWidth * characterWidth)]
            }
        }
        return Box(role: .replyCountSeparator, frame: Frame(x: 0, y: 0, width: width, height: lineHeight),
                   content: .replyCount(0), placedLines: placed)
    }

    /// The reply counter as Stream's thread view draws it: one band across the row, "3 replies"
    /// centred in it — on a terminal between runs of the presentation's rule character; a front
    /// end that draws rules itself (``BoxPresentation/ruleCharacter`` nil) draws the band.
    func replyCountSeparator(_ text: String, count: Int) -> Box {
        let counter = MessageComposer.replyCounter(text, count: count)
        let label = line(.replyCountSeparator, counter.text, content: counter.content, maxWidth: innerWidth)
        // Sendbird's reply label has no alignment of its own: it reads from the leading edge,
        // 16 points in, the rule after it on a terminal.
        if anatomy.parentInfoStyle == .sendbird {
            var placed = Self.place(label.lines, in: width, alignment: .leading)
                .map { PlacedLine(display: $0.display, text: $0.text, x: $0.x + padding, width: $0.width) }
            if let character = presentation.ruleCharacter, let first = placed.first {
                let characterWidth = measurer.width(of: character)
                let room = width - padding - (first.x + first.width) - 1
                if characterWidth > 0 && room >= characterWidth {
                    let rule = String(repeating: character, count: room / characterWidth)
                    placed = [PlacedLine(display: first.display + " " + rule, text: first.text + " " + rule, x: first.x,
                                         width: first.width + 1 + room / characterWidth * characterWidth)]
                }
            }
            return Box(role: .replyCountSeparator, frame: Frame(x: 0, y: 0, width: width, height: lineHeight),
                       composedText: counter.text, content: counter.content, placedLines: placed, alignment: .leading,
                       textDirection: label.direction)
        }
        var placed = Self.place(label.lines, in: width, alignment: .center)
        if let character = presentation.ruleCharacter, let centred = placed.first {
            // The band drawn with the presentation's rule: as many as fit on either side of the
            // count, a space apart from it, within the row's padding (two cells each where
            // ambiguous characters are wide).
            let characterWidth = measurer.width(of: character)
            let leftRoom = centred.x - padding - 1, rightRoom = width - padding - (centred.x + centred.width) - 1
            if characterWidth > 0 && leftRoom >= characterWidth && rightRoom >= characterWidth {
                let left = String(repeating: character, count: leftRoom / characterWidth)
                let right = String(repeating: character, count: rightRoom / characterWidth)
                let leftWidth = leftRoom / characterWidth * characterWidth
                placed = [PlacedLine(display: left + " " + centred.display + " " + right, text: left + " " + centred.text + " " + right,
                                     x: centred.x - 1 - leftWidth,
                                     width: leftWidth + 1 + centred.width + 1 + rightRoom / characterWidth * characterWidth)]
            }
        }
        return Box(role: .replyCountSeparator, frame: Frame(x: 0, y: 0, width: width, height: lineHeight),
                   composedText: counter.text, content: counter.content, placedLines: placed, alignment: .center,
                   textDirection: label.direction)
    }
}
