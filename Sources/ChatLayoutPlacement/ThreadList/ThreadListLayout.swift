@_spi(ChatLayoutStages) import ChatLayoutModel
@_spi(ChatLayoutStages) import ChatLayoutDecisions
import ChatLayoutComposition

/// Lays out the thread list: a "Threads" header, the bar of new threads, a spinner by phase,
/// then one item per thread — icon and title; "replied to: …" and the
/// unread badge; the latest reply's two-line avatar beside its author over its preview and time.
/// The error bar is pinned to the bottom of the screen.
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
            append(rows.mirrored(bannerRow(.newThreadsBanner, banner, rows)))
        }
        var bottomBar: Box?
        switch decisions.phase {
        case .loading: append(rows.centeredLine(.loadingState, text: strings.loading))
        case .empty: append(rows.centeredLine(.emptyState, text: strings.noThreads))
        case .error: bottomBar = rows.mirrored(errorRow(rows))
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
        list.bottomBar = bottomBar
        list.source = { width in self.layout(decisions, width: width) }
        return list
    }

    /// Stream's banner (`BannerView`): a bar across the whole width, ``Metrics/bannerHeight``
    /// tall, its words at the leading edge (in by the header's padding) and centred on its
    /// height, `trailing` (a button) at the trailing edge. The refresh icon Stream draws at the
    /// trailing end of the bar of new threads is the front end's, as a video's play glyph is.
    private func bannerRow(_ role: BoxRole, _ text: String, _ rows: RowLayout, trailing: RowLayout.Block? = nil) -> Box {
        let inset = min(metrics.headerPadding, max(0, (rows.width - 1) / 2))
        let room = rows.width - 2 * inset
        let height = metrics.bannerHeight
        let lineTop = (height - metrics.lineHeight) / 2
        var children: [Box] = []
        var labelRoom = room
        if let trailing, trailing.width < room {
            children.append(rows.box(trailing, id: nil, x: rows.width - inset - trailing.width, y: (height - trailing.height) / 2))
            labelRoom = room - trailing.width - metrics.gap
        }
        if labelRoom > 0 {
            children.insert(rows.box(rows.line(role, text, maxWidth: labelRoom), id: nil, x: inset, y: lineTop), at: 0)
        }
        return Box(role: role, frame: Frame(x: 0, y: 0, width: rows.width, height: height), composedText: text, children: children)
    }

    /// Stream's error bar, pinned to the bottom of the screen: "Error loading threads" at the
    /// leading edge, the retry button ("[ Retry ]" on a terminal) at the trailing edge.
    private func errorRow(_ rows: RowLayout) -> Box {
        bannerRow(.errorBanner, strings.errorLoadingThreads, rows, trailing: rows.line(.retryButton, strings.retry, maxWidth: rows.innerWidth))
    }

    /// Stream's item (`ChatThreadListItemView`): the thread icon and title; "replied to: …" under
    /// them from the leading edge, the unread badge at its trailing end; then the latest reply —
    /// its author's avatar two lines tall and as wide (a square on a screen of points), beside
    /// the author's name over the preview, the time at the preview's trailing end. Two lines
    /// without a reply.
    private func itemRow(_ item: ThreadListItem, _ rows: RowLayout) -> Box {
        let id = item.parentMessageID
        let left = rows.padding
        let right = rows.width - rows.padding
        let room = max(1, right - left)
        let line = metrics.lineHeight, gap = metrics.gap, wideGap = 2 * metrics.gap
        var children: [Box] = []
        let icon = rows.line(.threadIcon, strings.threadIcon, maxWidth: 2 * measurer.width(of: "m"))
        let indent = min(icon.width + gap, max(0, room - 1))
        if indent > icon.width { children.append(rows.box(icon, id: id, x: left, y: 0)) }
        let titleLeft = left + (indent > icon.width ? indent : 0)
        children.append(rows.box(rows.line(.threadTitle, item.title, maxWidth: max(1, right - titleLeft)), id: id, x: titleLeft, y: 0))

        var descriptionRoom = room
        if item.unreadCount > 0 {
            let badgeText = measurer.truncate(MessageComposer.badgeText(item.unreadCount, strings: strings), width: 6 * measurer.width(of: "0"))
            var badge = rows.line(.unreadBadge, badgeText, content: .count(item.unreadCount), maxWidth: room)
            // At least as wide as it is tall: a one-digit count's badge is a circle, not a sliver.
            if badge.width < line * metrics.verticalScale {
                badge.width = line * metrics.verticalScale
                badge.alignment = .center
            }
            if badge.width + wideGap <= room {
                children.append(rows.box(badge, id: id, x: right - badge.width, y: line))
                descriptionRoom = room - badge.width - gap
            }
        }
        children.append(rows.box(rows.line(.threadDescription, item.description, maxWidth: descriptionRoom), id: id, x: left, y: line))
        guard let reply = item.reply else {
            return Box(role: .threadListItem, id: id, frame: Frame(x: 0, y: 0, width: rows.width, height: 2 * line), children: children)
        }

        // The avatar: two lines tall and as wide, when it leaves the name and preview a line's worth.
        let avatarWidth = max(metrics.avatarWidth, 2 * line * metrics.verticalScale)
        var textLeft = left
        if room >= avatarWidth + gap + minimumPreviewWidth {
            var avatar = rows.avatarBlock(AvatarSpec(userID: reply.authorID, initials: NeutralText(reply.authorInitials)), role: .replyAvatar)
            avatar.height = 2 * line
            children.append(rows.box(avatar, id: reply.messageID, x: left, y: 2 * line, width: avatarWidth))
            textLeft = left + avatarWidth + gap
        }
        let textRoom = max(1, right - textLeft)
        children.append(rows.box(rows.line(.replyAuthor, reply.authorName, maxWidth: textRoom), id: reply.messageID, x: textLeft, y: 2 * line))
        var previewRoom = textRoom
        let time = rows.line(.replyTimestamp, reply.timestamp, maxWidth: textRoom)
        // Two cells before the time: "Migrations are done Friday" would read as one sentence.
        if time.width + wideGap < textRoom {
            children.append(rows.box(time, id: reply.messageID, x: right - time.width, y: 3 * line))
            previewRoom -= time.width + wideGap
        }
        children.append(rows.box(rows.line(.replyPreview, reply.preview, maxWidth: previewRoom), id: reply.messageID, x: textLeft, y: 3 * line))
        return Box(role: .threadListItem, id: id, frame: Frame(x: 0, y: 0, width: rows.width, height: 4 * line), children: children)
    }

    /// The fewest units left beside the avatar for the name and the preview (ten digits'
    /// width); fewer say nothing, and the avatar gives its place up.
    private var minimumPreviewWidth: Int { 10 * measurer.width(of: "0") }
}
