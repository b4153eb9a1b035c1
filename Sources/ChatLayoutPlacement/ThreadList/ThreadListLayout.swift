@_spi(ChatLayoutStages) import ChatLayoutModel
@_spi(ChatLayoutStages) import ChatLayoutDecisions
import ChatLayoutComposition

/// Lays out the thread list: a "Threads" header, the banner of new threads, the error banner
/// or a spinner by phase, then one item per thread — icon, title and unread badge; "replied
/// to: …"; the latest reply's avatar, author, preview and time.
public struct ThreadListLayout: Sendable, ListLayoutBased {
    /// The lengths, measurer, words ("Threads", "Retry") and presentation, as a message list's.
    public var listLayout: MessageListLayout

    /// A layout with the environment's metrics, measurer, words and presentation.
    public init(_ environment: LayoutEnvironment) {
        listLayout = MessageListLayout(environment)
    }

    /// A layout with these metrics (without them, the measurer's: ``TextMeasuring/metrics(for:)``),
    /// measurer, words, presentation and direction.
    public init(metrics: Metrics? = nil, measurer: any TextMeasuring, strings: ChatStrings = ChatStrings(),
                presentation: any BoxPresentation = PlainPresentation(), direction: LayoutDirection = .leftToRight) {
        listLayout = MessageListLayout(metrics: metrics ?? measurer.metrics(for: MessageListConfig()), measurer: measurer, strings: strings, presentation: presentation,
                                       direction: direction)
    }

    /// The laid-out list at `width`; its screens open at the top.
    public func layout(_ decisions: ThreadListDecisions, width requestedWidth: Int) -> LaidOutList {
        let width = MessageListLayout.width(requestedWidth)
        let rows = listLayout.rowLayout(width: width)
        var stacked = StackedRows(stack: RowStack(metrics: metrics))
        func append(_ row: Box) { stacked.append(row, kind: RowStack.Kind(role: row.role)) }
        if let banner = decisions.newThreadsBanner {
            append(rows.centeredLine(.newThreadsBanner, text: banner))
        }
        switch decisions.phase {
        case .loading: append(rows.centeredLine(.loadingState, text: strings.loading))
        case .empty: append(rows.centeredLine(.emptyState, text: strings.noThreads))
        case .error: append(rows.mirrored(errorRow(rows)))
        case .reloading: append(rows.centeredLine(.reloadingIndicator, text: strings.loading))
        case .loaded, .loadingMore: break
        }
        for item in decisions.items { append(rows.mirrored(itemRow(item, rows))) }
        if decisions.phase == .loadingMore {
            append(rows.centeredLine(.loadingMoreIndicator, text: strings.loading))
        }
        let header = listLayout.header(ChannelHeader(title: decisions.title, subtitle: "", memberCount: 0), width: width)
        var list = LaidOutList(width: width, header: header, rows: stacked, unreadCount: 0, dateIndicator: .none, layout: listLayout)
        list.isBottomAnchored = false
        return list
    }

    /// "Error loading threads" at the leading edge, "[ Retry ]" at the trailing edge.
    private func errorRow(_ rows: RowLayout) -> Box {
        let retry = rows.line(.retryButton, strings.retry, maxWidth: rows.innerWidth)
        let room = rows.innerWidth - retry.width - metrics.gap
        var children = [rows.box(retry, id: nil, x: rows.padding + rows.innerWidth - retry.width, y: 0)]
        if room > 0 {
            children.insert(rows.box(rows.line(.errorBanner, strings.errorLoadingThreads, maxWidth: room), id: nil, x: rows.padding, y: 0), at: 0)
        }
        return Box(role: .errorBanner, frame: Frame(x: 0, y: 0, width: rows.width, height: metrics.lineHeight), composedText: strings.errorLoadingThreads,
                   children: children)
    }

    /// Three lines: 🧵 title … (badge) / replied to: … / avatar author  preview … time; four when
    /// the preview needs a line of its own.
    private func itemRow(_ item: ThreadListItem, _ rows: RowLayout) -> Box {
        let id = item.parentMessageID
        let left = rows.padding
        let right = rows.width - rows.padding
        let line = metrics.lineHeight, gap = metrics.gap, wideGap = 2 * metrics.gap
        var children: [Box] = []
        let icon = rows.line(.threadIcon, strings.threadIcon, maxWidth: 2 * measurer.width(of: "m"))
        let indent = min(icon.width + gap, max(0, right - left - 1))
        if indent > icon.width { children.append(rows.box(icon, id: id, x: left, y: 0)) }
        let textLeft = left + (indent > icon.width ? indent : 0)
        let room = max(1, right - textLeft)

        var titleRoom = room
        if item.unreadCount > 0 {
            let badgeText = measurer.truncate(MessageComposer.badgeText(item.unreadCount, strings: strings), width: 6 * measurer.width(of: "0"))
            var badge = rows.line(.unreadBadge, badgeText, content: .count(item.unreadCount), maxWidth: room)
            // At least as wide as it is tall: a one-digit count's badge is a circle, not a sliver.
            if badge.width < line * metrics.verticalScale {
                badge.width = line * metrics.verticalScale
                badge.alignment = .center
            }
            if badge.width + wideGap <= room {
                children.append(rows.box(badge, id: id, x: right - badge.width, y: 0))
                titleRoom = room - badge.width - gap
            }
        }
        children.append(rows.box(rows.line(.threadTitle, item.title, maxWidth: titleRoom), id: id, x: textLeft, y: 0))
        children.append(rows.box(rows.line(.threadDescription, item.description, maxWidth: room), id: id, x: textLeft, y: line))
        var height = 2 * line
        if let reply = item.reply {
            var x = textLeft
            var remaining = room
            let time = rows.line(.replyTimestamp, reply.timestamp, maxWidth: remaining)
            // Two cells before the time: "Rosa Diaz Friday" would read as one name.
            if time.width + wideGap < remaining {
                children.append(rows.box(time, id: reply.messageID, x: right - time.width, y: 2 * line))
                remaining -= time.width + wideGap
            }
            if remaining >= metrics.avatarWidth + 2 * wideGap {
                var avatar = rows.avatarBox(initials: reply.authorInitials, userID: reply.authorID, role: .replyAvatar, id: reply.messageID,
                                            x: x, y: 2 * line)
                // One line tall: the reply's line holds it.
                avatar.frame.height = line
                children.append(avatar)
                x += metrics.avatarWidth + gap
                remaining -= metrics.avatarWidth + gap
            }
            // The name takes at most 40% of what is left, the preview the rest — unless that
            // leaves the preview too few cells to say anything: then the name has the line and
            // the preview the whole line under it (Stream's item stacks them too).
            let share = max(1, min(remaining, max(6 * gap, remaining * 2 / 5)))
            let sharesLine = remaining - share - wideGap >= min(measurer.width(of: reply.preview), minimumPreviewWidth)
            let author = rows.line(.replyAuthor, reply.authorName, maxWidth: sharesLine ? share : max(1, remaining))
            children.append(rows.box(author, id: reply.messageID, x: x, y: 2 * line))
            if sharesLine {
                x += author.width + wideGap
                remaining -= author.width + wideGap
                if remaining > 0 {
                    children.append(rows.box(rows.line(.replyPreview, reply.preview, maxWidth: remaining), id: reply.messageID, x: x, y: 2 * line))
                }
                height = 3 * line
            } else {
                children.append(rows.box(rows.line(.replyPreview, reply.preview, maxWidth: room), id: reply.messageID, x: textLeft, y: 3 * line))
                height = 4 * line
            }
        }
        return Box(role: .threadListItem, id: id, frame: Frame(x: 0, y: 0, width: rows.width, height: height), children: children)
    }

    /// The fewest units a preview sharing the author's line gets (ten digits' width); fewer
    /// say nothing.
    private var minimumPreviewWidth: Int { 10 * measurer.width(of: "0") }
}
