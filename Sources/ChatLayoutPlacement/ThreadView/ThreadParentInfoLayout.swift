@_spi(ChatLayoutStages) import ChatLayoutModel
@_spi(ChatLayoutStages) import ChatLayoutDecisions
import ChatLayoutComposition

/// The rows of the `info_header` presentation (Sendbird's parent message info): the parent
/// without a bubble, its author beside the avatar and the date under the name, the content and
/// the reactions under them; then the reply count between two rules.
extension RowLayout {
    /// The parent message: avatar, author and date at the top, then its content and reactions,
    /// all in the column beside the avatar (where the replies' bubbles start), without a bubble.
    /// Its parts are composed as a message's (``MessageComposer/parentInfo(_:)``), in the order
    /// of ``MessageAnatomy/parentInfo``.
    func parentInfoRow(_ info: ThreadParentInfo) -> Box {
        let spec = composer.parentInfo(info)
        let anatomy = MessageAnatomy.parentInfo
        let id = spec.id
        let avatarColumn = min(metrics.avatarWidth + metrics.avatarSpacing, max(0, innerWidth - 1))
        let left = padding + avatarColumn
        let available = max(1, width - padding - left)
        var children: [Box] = []
        if let avatar = spec.avatar, avatarColumn >= metrics.avatarWidth {
            children.append(box(avatarBlock(avatar, role: .avatar), id: id, x: padding, y: 0))
        }
        children.append(box(line(.authorName, info.authorName, maxWidth: available), id: id, x: left, y: 0))
        // The date wraps rather than lose its time on a narrow screen.
        let date = wrapped(.timestamp, info.dateText, width: available, alignment: .leading)
        children.append(box(date, id: id, x: left, y: lineHeight))
        var y = lineHeight + date.height
        // The content spans the column: right-to-left text sits at its trailing edge.
        for block in contentBlocks(spec, order: anatomy.inBubble, width: available) {
            children.append(box(block, id: id, x: left, y: y, width: block.keepsWidth ? block.width : available))
            y += block.height
        }
        // Under the content, from the column's leading edge (the parent has no thread info
        // and no footnote of its own).
        for part in anatomy.belowBubble {
            guard part == .reactions, let data = spec.reactions else { continue }
            let reactions = line(.reactions, data: data, maxWidth: available)
            children.append(box(reactions, id: id, x: left, y: y))
            y += reactions.height
        }
        return Box(role: .parentMessage, id: id, frame: Frame(x: 0, y: 0, width: width, height: y), children: children)
    }

    /// "3 replies" between two rules across the list: lines of the presentation's rule
    /// character, or empty lines where the front end draws the rules.
    func replyCountSeparator(_ text: String, count: Int) -> Box {
        let counter = MessageComposer.replyCounter(text, count: count)
        var ruleLine = TextLine(text: "", display: "", width: 0)
        if let character = presentation.ruleCharacter {
            // As many as fit: two cells each where ambiguous characters are wide.
            let characterWidth = measurer.width(of: character)
            let rule = characterWidth > 0 ? String(repeating: character, count: innerWidth / characterWidth) : ""
            ruleLine = TextLine(text: rule, display: rule, width: characterWidth > 0 ? innerWidth / characterWidth * characterWidth : 0)
        }
        let label = line(.replyCountSeparator, counter.text, content: counter.content, maxWidth: innerWidth)
        let lines = [PlacedLine(display: ruleLine.display, text: ruleLine.text, x: 0, width: ruleLine.width)]
            + Self.place(label.lines, in: innerWidth, alignment: .leading)
            + [PlacedLine(display: ruleLine.display, text: ruleLine.text, x: 0, width: ruleLine.width)]
        return Box(role: .replyCountSeparator, frame: Frame(x: padding, y: 0, width: innerWidth, height: 3 * lineHeight),
                   composedText: counter.text, content: counter.content, placedLines: lines, textDirection: label.direction)
    }
}
