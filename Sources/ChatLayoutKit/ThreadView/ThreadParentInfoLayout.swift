/// The rows of the `info_header` presentation (Sendbird's parent message info): the parent
/// without a bubble, its author beside the avatar and the date under the name, the content and
/// the reactions under them; then the reply count between two rules.
extension RowLayout {
    /// The parent message: avatar, author and date at the top, then its content and reactions,
    /// all in the column beside the avatar (where the replies' bubbles start), without a bubble.
    func parentInfoRow(_ info: ThreadParentInfo) -> Box {
        let id = info.decision.message.id
        let avatarColumn = min(metrics.avatarWidth + metrics.avatarSpacing, max(0, innerWidth - 1))
        let left = padding + avatarColumn
        let available = max(1, width - padding - left)
        var children: [Box] = []
        if avatarColumn >= metrics.avatarWidth {
            let initials = line(.avatar, avatarInitials(info.decision.message.user), maxWidth: metrics.avatarWidth)
            children.append(box(initials, id: id, x: padding, y: 0))
        }
        children.append(box(line(.authorName, info.authorName, maxWidth: available), id: id, x: left, y: 0))
        // The date wraps rather than lose its time on a narrow screen.
        let date = wrapped(.timestamp, info.dateText, width: available, alignment: .leading)
        children.append(box(date, id: id, x: left, y: 1))
        var y = 1 + date.lines.count
        // The content spans the column: right-to-left text sits at its trailing edge.
        for block in contentBlocks(info.decision, width: available) {
            children.append(box(block, id: id, x: left, y: y, width: available))
            y += block.lines.count
        }
        if info.decision.options.contains(.reactions) {
            children.append(box(line(.reactions, reactionText(info.decision.reactions), maxWidth: available), id: id, x: left, y: y))
            y += 1
        }
        return Box(role: .parentMessage, id: id, frame: Frame(x: 0, y: 0, width: width, height: y), children: children)
    }

    /// "3 replies" between two rules across the list.
    func replyCountSeparator(_ text: String) -> Box {
        // A rule of as many "─" as fit: two cells each where ambiguous characters are wide.
        let rule = String(repeating: "─", count: innerWidth / max(1, measurer.width(of: "─")))
        let label = line(.replyCountSeparator, text, maxWidth: innerWidth)
        return Box(role: .replyCountSeparator, frame: Frame(x: padding, y: 0, width: innerWidth, height: 3),
                   text: text, lines: [rule] + label.lines + [rule])
    }
}
