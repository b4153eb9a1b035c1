@_spi(ChatLayoutStages) import ChatLayoutModel
@_spi(ChatLayoutStages) import ChatLayoutDecisions
import ChatLayoutComposition

/// Turns thread-view decisions into boxes: the two-line header, the parent info and the reply
/// count (`info_header`), then the replies laid out as a message list.
public struct ThreadViewLayout: Sendable, ListLayoutBased {
    /// The lengths, measurer, words ("↓") and presentation: the replies are a message list.
    public var listLayout: MessageListLayout

    /// A layout with the environment's metrics, measurer, words and presentation.
    public init(_ environment: LayoutEnvironment) {
        listLayout = MessageListLayout(environment)
    }

    /// A layout with these metrics, measurer, words, presentation and direction.
    public init(metrics: Metrics, measurer: any TextMeasuring, strings: ChatStrings = ChatStrings(),
                presentation: any BoxPresentation = PlainPresentation(), direction: LayoutDirection = .leftToRight) {
        listLayout = MessageListLayout(metrics: metrics, measurer: measurer, strings: strings, presentation: presentation,
                                       direction: direction)
    }

    /// Lays out `decisions` at `width` (at least 1): the parent info and the reply count
    /// (`info_header`), then the replies, stacked as a message list's rows; `first_message`
    /// (Stream) stacks the reply counter right under the parent.
    public func layout(_ decisions: ThreadViewDecisions, width requestedWidth: Int, dateIndicator: DateIndicatorPlacement) -> LaidOutThread {
        let width = MessageListLayout.width(requestedWidth)
        let rowLayout = listLayout.rowLayout(width: width)
        var rows = StackedRows(stack: RowStack(metrics: metrics))
        rows.table.reserveCapacity(rows: decisions.items.count + 2)
        func counter() -> Box { rowLayout.mirrored(rowLayout.replyCountSeparator(decisions.replyCountText, count: decisions.replyCount)) }
        if let info = decisions.parentInfo {
            let parent = rowLayout.mirrored(rowLayout.parentInfoRow(info))
            let top = rows.append(parent)
            // While the parent is on top, the overlay shows its day.
            rows.messageRows.append(LaidOutList.MessageRow(top: top, bottom: top + parent.frame.height, dateLabel: info.decision.dateLabel))
            rows.append(decisions.replyCount > 0 ? counter() : rowLayout.mirrored(rowLayout.parentInfoRuleWithoutReplies()))
        }
        var items = decisions.items[...]
        if decisions.parentInfo == nil && decisions.showsRepliesCounter,
           let parent = items.firstIndex(where: { item in
               if case .message(let decision) = item { return Identifier.same(decision.message.id, decisions.parentID) }
               return false
           }) {
            listLayout.stack(items[...parent], into: &rows, width: width)
            // The rows under the counter stand as they would under the parent.
            rows.append(counter(), kind: RowStack.Kind(keepsSpacingBelow: true))
            items = items[(parent + 1)...]
        }
        listLayout.stack(items, into: &rows, width: width)
        var height = rows.stack.height
        // The parent info's rows leave the space of a first reply under them when there is none.
        if decisions.parentInfo != nil && decisions.items.isEmpty { height += rows.stack.spacing(above: .other) }
        var laidOut = LaidOutList(width: width, header: header(decisions.header, width: width), table: rows.table, contentHeight: height,
                                  messageRows: rows.messageRows, showsOnlyStates: rows.stack.onlyStates,
                                  unreadCount: decisions.unreadCount, dateIndicator: dateIndicator, layout: listLayout)
        laidOut.topBanner = decisions.frozenBanner.flatMap { frozenBanner($0, width: width) }
        laidOut.source = { width in self.layout(decisions, width: width, dateIndicator: dateIndicator).list }
        return LaidOutThread(list: laidOut, opening: decisions.opening, shortThreadSitsAtTheTop: decisions.parentInfo != nil)
    }

    /// Sendbird's state banner over a frozen channel's thread (`SBUChannelStateBanner` as its
    /// thread's list places it: ``Metrics/stateBannerInset`` in from the list's edges,
    /// ``Metrics/stateBannerTop`` down, ``Metrics/stateBannerHeight`` tall), its words on one
    /// line centred in it; at `y` 0 of the list. Nil when the row has no room for it.
    private func frozenBanner(_ text: String, width: Int) -> Box? {
        let inset = min(metrics.stateBannerInset, max(0, (width - 1) / 2))
        let room = width - 2 * inset
        guard room > 0 else { return nil }
        let height = max(metrics.lineHeight, metrics.stateBannerHeight)
        let drawn = listLayout.presentation.line(.frozenBanner, text: text, content: nil, strings: listLayout.strings)
        let (line, direction) = MessageListLayout.fittedLine(drawn, width: room, measurer: measurer)
        let placed = PlacedLine(display: line.display, text: line.text, x: (room - line.width) / 2, width: line.width)
        let box = Box(role: .frozenBanner, frame: Frame(x: inset, y: metrics.stateBannerTop, width: room, height: height),
                      composedText: text, placedLines: [placed], alignment: .center, textDirection: direction)
        return listLayout.direction == .rightToLeft ? box.mirrored(inWidth: width) : box
    }

    /// The header: a bordered box with "Thread" and the channel's name under it, both centred
    /// (a navigation bar's title and subtitle).
    private func header(_ header: ChannelHeader, width: Int) -> Box {
        let lineHeight = metrics.lineHeight
        let bordered = metrics.headerHeight >= 3 * lineHeight
        let verticalInset = bordered ? max(0, (metrics.headerHeight - lineHeight) / 2) : 0
        let left = bordered ? metrics.headerPadding : 0
        let inner = max(0, width - 2 * left)
        let texts = [(BoxRole.headerTitle, header.title), (BoxRole.headerSubtitle, header.subtitle)].filter { !$0.1.isEmpty }
        var children: [Box] = []
        for (row, (role, text)) in texts.enumerated() where inner > 0 {
            let (line, direction) = MessageListLayout.fittedLine(text, width: inner, measurer: measurer)
            children.append(Box(role: role, frame: Frame(x: left + (inner - line.width) / 2, y: row * lineHeight + verticalInset,
                                                         width: line.width, height: lineHeight),
                                composedText: text, placedLines: [PlacedLine(display: line.display, text: line.text, x: 0, width: line.width)],
                                alignment: .center, textDirection: direction))
        }
        let height = max(1, texts.count) * lineHeight + 2 * verticalInset
        let box = Box(role: .channelHeader, frame: Frame(x: 0, y: 0, width: width, height: height), children: children)
        return listLayout.direction == .rightToLeft ? box.mirrored(inWidth: width) : box
    }
}

/// A laid-out thread view: the list (header, parent, replies) and where it opens.
public struct LaidOutThread: Sendable {
    /// The whole thread as a list: its header is the thread's, its first rows the parent's.
    public let list: LaidOutList
    /// Where the view opens without an explicit scroll offset.
    public let opening: ThreadOpening
    /// A thread shorter than the viewport sits under the header (`info_header`: Sendbird's
    /// parent info heads the screen), else at the bottom like a channel (`first_message`: Stream).
    let shortThreadSitsAtTheTop: Bool

    /// The scroll offset the view opens at: 0 at the top, the list's end at the bottom (any
    /// larger offset stops there), or the opening reply's first row just under the date
    /// overlay's row (at the viewport's top without an overlay).
    @available(*, deprecated, message: "the opening reply stands in the middle of the viewport, as both SDKs scroll to it: use openingOffset(height:)")
    public var openingOffset: Int {
        guard case .reply = opening, let row = openingRow else { return offset(of: opening) }
        return max(0, list.table.frame(ofRow: row).y - (list.dateIndicator.showsOverlay ? list.metrics.lineHeight : 0))
    }

    /// The scroll offset the view opens at in a viewport `height` tall (header included): 0 at
    /// the top, the list's end at the bottom (any larger offset stops there), or the opening
    /// reply in the middle of the list under the header, as Stream's thread (`initialReplyId`,
    /// `jumpToMessage`) and Sendbird's (`startingPoint`) both scroll to it — a table view's
    /// `.middle`. A reply taller than that space opens with its top at the top.
    ///
    /// Under the parent info (`info_header`, Sendbird's thread view, whose parent info is its
    /// table's header) an opening at the top puts the first reply at the top of the list, the
    /// parent info scrolled above it, as its `scrollTableView(to: 0)` does; a thread shorter
    /// than the viewport stops scrolling before that.
    public func openingOffset(height: Int) -> Int {
        if opening == .top && shortThreadSitsAtTheTop, let first = firstReplyRow { return list.table.frame(ofRow: first).y }
        guard case .reply = opening, let row = openingRow else { return offset(of: opening) }
        let frame = list.table.frame(ofRow: row)
        let space = max(0, height - list.header.frame.height)
        return max(0, frame.height >= space ? frame.y : frame.y + frame.height / 2 - space / 2)
    }

    /// The first row under the parent info (its date separator, or the first reply), nil
    /// without replies.
    private var firstReplyRow: Int? {
        let table = list.table
        return (0 ..< table.rowCount).first { ![BoxRole.parentMessage, .replyCountSeparator].contains(table.role(ofRow: $0)) }
    }

    /// The opening reply's message row (nil: not laid out, or no reply opens the view).
    private var openingRow: Int? {
        guard case .reply(let id) = opening else { return nil }
        let table = list.table
        return (0 ..< table.rowCount).first { table.role(ofRow: $0) == .messageRow && Identifier.same(table.id(ofRow: $0), id) }
    }

    /// The offset of an opening at the top or the bottom (a reply not laid out opens at the
    /// bottom).
    private func offset(of opening: ThreadOpening) -> Int {
        opening == .top ? 0 : Int.max
    }

    /// The whole thread as a screen (no height), or a viewport `height` tall (header included)
    /// scrolled `scrollOffset` down, in the layout's vertical units, by default where the
    /// starting point opens it; at rest unless `isScrolling` (``Viewport/isScrolling``).
    public func screen(height: Int? = nil, scrollOffset: Int? = nil, isScrolling: Bool = false) -> LaidOutScreen {
        guard let height else { return list.screen() }
        var list = list
        // Only a thread that fits: a longer one keeps the scroll-to-latest button.
        if shortThreadSitsAtTheTop && list.contentHeight < height - list.header.frame.height { list.isBottomAnchored = false }
        return list.screen(Viewport(scrollOffset: scrollOffset ?? openingOffset(height: height), height: height, isScrolling: isScrolling))
    }
}
