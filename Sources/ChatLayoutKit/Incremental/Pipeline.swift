/// How a list decides and lays out, one entry at a time: the resolver and layout of the whole
/// pipeline (grouping, layout options, dates, unread and typing) at one width. Shared by the copies of a list, which stay small.
final class Pipeline: Sendable {
    let resolver: MessageListResolver
    let layout: MessageListLayout
    let grouping: GroupingResolver
    let rowLayout: RowLayout

    init(resolver: MessageListResolver, layout: MessageListLayout, repliesEnabled: Bool, width: Int) {
        self.resolver = resolver
        self.layout = layout
        grouping = GroupingResolver(config: resolver.config, repliesEnabled: repliesEnabled)
        rowLayout = layout.rowLayout(width: max(1, width))
    }

    /// The same at another width.
    func at(width: Int) -> Pipeline {
        Pipeline(resolver: resolver, layout: layout, repliesEnabled: grouping.repliesEnabled, width: width)
    }

    /// The rows under the messages (`MessageListResolver.bottomItems`). Not inlined, like
    /// `resolve`: called on the pipeline, the resolver is read in place rather than copied.
    @inline(never)
    func bottomItems(state: ListLoadingState, hasMessages: Bool, typing: String?) -> [MessageListItem] {
        resolver.bottomItems(state: state, hasMessages: hasMessages, typing: typing)
    }

    /// The row of an item at this width.
    func row(_ item: MessageListItem) -> Box {
        rowLayout.row(item)
    }

    /// A new entry for a shown message, not yet resolved: its local time (through
    /// `localTimes`).
    func unresolvedEntry(_ message: Message, sequence: Int, localTimes: inout LocalTimes) -> ListEntry {
        ListEntry(message: message, sequence: sequence, time: localTimes.time(of: message),
                  currentUserID: resolver.context.currentUserID)
    }

    /// The entry decided (`MessageListResolver.decide(_:time:label:above:below:…)`) and laid
    /// out again from its message and its neighbours, its rows placed for its top at `top`:
    /// `above` from the entry above, resolved (its group boundary decides this one's position
    /// and the space above it), `below` from the entry under it, at least unresolved (it
    /// decides this one's group boundary). `label` is its day's date label; `unreadAbove`
    /// when the unread separator (`unreadRow`, at y = 0) stands above it.
    @inline(never)
    func resolve(_ entry: ListEntry, top: Int, above: MessageAbove?, below: MessageBelow?, label: String, unreadAbove: Bool,
                 unreadRow: Box, channel: Conversation, delivery: DeliveryState, directory: UserDirectory) -> ListEntry {
        let day = entry.day
        let time = MessageTime(day: day, minute: entry.minute, shortTime: entry.decision.timeText)
        let (decision, separatorAbove) = resolver.decide(
            entry.message, time: time, label: label,
            above: above, below: below,
            grouping: grouping, in: channel, delivery: delivery, user: { directory.user($0) }, explain: false
        )
        var resolved = entry
        if !decision.isExactly(entry.decision) { resolved.decision = decision } // else the shared decision stays
        let rowsAbove = MessageListItem.rowsAbove(date: separatorAbove ? (day, label) : nil,
                                                  unread: unreadAbove ? unreadRow.text ?? "" : nil)
        // The rows above it, in the batch list's order, then its row: stacked as the batch
        // list stacks them, under the entry above it. A date separator of the same label and
        // the shared unread row are kept, not laid out again.
        var stack = RowStack(metrics: layout.metrics, top: top, below: above.map { .message(endsGroup: $0.endsGroup) })
        let reusable = entry.hasDateSeparator && entry.decision.dateLabel == label
        var separators: [Box] = []
        for item in rowsAbove {
            let y = stack.top(ofNext: RowStack.Kind(item))
            let box: Box
            switch item {
            case .unreadSeparator: box = unreadRow.offsetBy(dy: y)
            default: box = reusable ? Self.moved(entry.separators[0], to: y) : rowLayout.row(item, movedDown: y)
            }
            separators.append(box)
            stack.place(RowStack.Kind(item), height: box.frame.height)
        }
        resolved.separators = separators
        resolved.hasDateSeparator = separatorAbove
        let kind = RowStack.Kind.message(endsGroup: decision.isLastInGroup)
        let y = stack.top(ofNext: kind)
        if entry.needsRow || !Self.drawAlike(entry.decision, decision) {
            resolved.row = rowLayout.row(.message(decision), movedDown: y)
            resolved.needsRow = false
        } else {
            resolved.row = Self.moved(entry.row, to: y)
        }
        stack.place(kind, height: resolved.row.frame.height)
        resolved.origin = top
        resolved.extent = stack.bottom - top
        return resolved
    }

    /// A row kept, its top at `y`.
    static func moved(_ row: Box, to y: Int) -> Box {
        row.frame.y == y ? row : row.offsetBy(dy: y - row.frame.y)
    }

    /// A message row is drawn from its decisions' content and options; group position and
    /// boundary show only through the options. Decisions that differ in nothing else draw the
    /// same row, which is kept.
    static func drawAlike(_ old: MessageDecision, _ new: MessageDecision) -> Bool {
        var old = old
        old.position = new.position
        old.groupBoundary = new.groupBoundary
        old.reasons = new.reasons
        return old.isExactly(new)
    }
}
