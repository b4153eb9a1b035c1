@_spi(ChatLayoutStages) import ChatLayoutModel
@_spi(ChatLayoutStages) import ChatLayoutDecisions
import ChatLayoutComposition

/// How a list decides and lays out, one entry at a time: the resolver and layout of the whole
/// pipeline (grouping, layout options, dates, unread and typing) at one width. Shared by the copies of a list, which stay small.
final class Pipeline: Sendable {
    let resolver: MessageListResolver
    let layout: MessageListLayout
    let grouping: GroupingResolver
    let rowLayout: RowLayout
    /// The resolver's options and the current user's id, held here: read through the
    /// resolver, each read copies the options out of its environment.
    let config: MessageListConfig
    let currentUserID: String?
    /// The anatomy puts reactions in the bubble (``RowBubbleMemo``).
    var reactionsInBubble: Bool { rowLayout.parts.reactionsInBubble }

    init(resolver: MessageListResolver, layout: MessageListLayout, repliesEnabled: Bool, width: Int) {
        self.resolver = resolver
        self.layout = layout
        config = resolver.config
        currentUserID = resolver.context.currentUserID
        grouping = GroupingResolver(config: resolver.config, repliesEnabled: repliesEnabled)
        rowLayout = layout.rowLayout(width: max(1, width))
    }

    /// Whether a list of `channel` shows `message` when it shows messages
    /// (`MessageVisibility.hiddenReason`): asked here, the options are read in place, not
    /// copied out of the pipeline for the call.
    func shows(_ message: Message, in channel: Channel) -> Bool {
        MessageVisibility.hiddenReason(message, channel: channel, config: config, currentUserID: currentUserID) == nil
    }

    /// The same at another width.
    func at(width: Int) -> Pipeline {
        Pipeline(resolver: resolver, layout: layout, repliesEnabled: grouping.repliesEnabled, width: width)
    }

    /// The rows under the messages (`MessageListResolver.bottomItems`). Not inlined, like
    /// `resolve`: called on the pipeline, the resolver is read in place rather than copied.
    @inline(never)
    func bottomItems(state: ListLoadingState, hasMessages: Bool, typing: String?, loadingNewer: Bool) -> [MessageListItem] {
        resolver.bottomItems(state: state, hasMessages: hasMessages, typing: typing, loadingNewer: loadingNewer)
    }

    /// The row of an item at this width.
    func row(_ item: MessageListItem) -> Box {
        rowLayout.row(item)
    }

    /// A new entry for a shown message, not yet resolved: its local time (through
    /// `localTimes`).
    func unresolvedEntry(_ message: Message, sequence: Int, localTimes: inout LocalTimes) -> ListEntry {
        ListEntry(message: message, sequence: sequence, time: localTimes.time(of: message),
                  currentUserID: currentUserID)
    }

    /// The entry decided (`MessageListResolver.decide(_:time:label:above:below:…)`) and laid
    /// out again from its message and its neighbours (its author's avatar and name from
    /// `authors`, the list's memo): `above` from the entry above, resolved
    /// (its group boundary decides this one's position and the space above it), `below` from
    /// the entry under it, at least unresolved (it decides this one's group boundary). `label`
    /// is its day's date label; `unreadAbove` when the unread separator (`unreadRow`, at
    /// y = 0) stands above it; `loadingOlder`, the older page's loading row's words when it
    /// stands above it (the first entry, while older messages load).
    ///
    /// Its rows are in `rows` (its chunk's table) from row `stored` on, read with the entry's
    /// top at `storedTop`. When each row it now has is one it had, where it was, it keeps them
    /// and nothing is written; else its new rows are written at the end of `rows`, from the
    /// entry's top (y = 0), as the batch layout writes rows — a row that draws the same (the
    /// date separator of the same label, a message row whose decisions draw alike) copied as
    /// records, not laid out again.
    ///
    /// `message`: the entry's message has this new content (an edit of its text alone,
    /// `IncrementalMessageList.editTextAtBottom`): it is decided for it, and its message row
    /// written again, the entry's decisions before read as its old ones.
    ///
    /// `belowOnly`: nothing but the entry under it changed since the entry was decided (an
    /// append under it): its decisions are then made from the ones it has when they can be
    /// (``MessageListResolver/regrouped(_:time:label:above:below:grouping:in:delivery:)``),
    /// not decided again.
    ///
    /// `regroupsInPlace`: the caller keeps no copy of the entry (nor of its decisions' box)
    /// to compare with afterwards. Then, when the entry alone holds its decisions, has no row
    /// above its message row and gets none, and its decisions are regrouped into other ones,
    /// they are set in their box (``DecisionBox/regroup(_:)``), no new box made.
    ///
    /// The entry is resolved in place: no copy of it is made. Returns the decisions the entry
    /// had, nil when they were regrouped in place (its message row alone then changed: its
    /// decisions, and its row with them or not).
    @inline(never) @discardableResult
    func resolve(_ entry: inout ListEntry, stored: Int, storedTop: Int, above: MessageAbove?, below: MessageBelow?, message: Message? = nil,
                 label: String,
                 unreadAbove: Bool, unreadRow: Box, loadingOlder: String?, channel: Conversation, delivery: DeliveryState, directory: UserDirectory,
                 belowOnly: Bool = false, regroupsInPlace: Bool = false, authors: inout AuthorMemo, bubbles: inout RowBubbleMemo?,
                 into rows: inout RowTable) -> DecisionBox? {
        let day = entry.day
        // Asked before the reference below is taken (which makes it two).
        let alone = regroupsInPlace && isKnownUniquelyReferenced(&entry.decisionBox)
        // The entry's decisions read in place, behind their shared reference held here (read
        // through the entry, which is being changed, each would be copied first).
        let previous = entry.decisionBox
        var regroupedInPlace = false
        let time = MessageTime(day: day, minute: entry.minute, shortTime: previous.value.timeText)
        var separatorAbove = false
        let same: Bool, alike: Bool
        // Regrouped so that its row is its old row cut after the bubble (`write`).
        var cutsRow = false
        // Regrouped from the decisions read where they are (a class's value passed on is
        // copied at each call): the fields that change found and compared, then set in the
        // box, or in one copy of the decisions. Decided again when that is not known to be
        // what deciding gives.
        if message == nil && belowOnly && !entry.needsRow, let found = previous.readInPlace({ decision in
            regroupedRow(decision, boundary: resolver.boundary(of: decision.message, time: time, below: below, grouping: grouping,
                                                               historyLoaded: channel.historyLoaded),
                         time: time, label: label, above: above, channel: channel, delivery: delivery, oldBoundary: previous.groupBoundary)
        }) {
            let regrouped = found.regrouped
            separatorAbove = regrouped.dateSeparatorAbove
            same = found.same
            alike = found.alike
            cutsRow = found.cutsRow
            if !same {
                if alone && !separatorAbove && !unreadAbove && loadingOlder == nil && !entry.hasOlderPageRow && !entry.hasDateSeparator
                    && !entry.hasUnreadSeparator && entry.rowCount > 0 {
                    previous.regroup(regrouped)
                    regroupedInPlace = true
                } else {
                    var decision = previous.value
                    regrouped.apply(to: &decision)
                    entry.decisionBox = DecisionBox(consume decision)
                }
            }
        } else {
            var decision = resolver.decide(
                message ?? entry.message, time: time, label: label,
                above: above, below: below,
                grouping: grouping, in: channel, delivery: delivery, user: { directory.user($0) }, explain: false,
                dateSeparatorAbove: &separatorAbove
            )
            same = previous.holds(decision)
            // Compared before the decision is boxed: `drawAlike` changes it and puts it back.
            alike = same || previous.readInPlace { Self.drawAlike($0, &decision) }
            // The new decisions moved into their reference, not copied; else the shared one stays.
            if !same { entry.decisionBox = DecisionBox(consume decision) }
        }
        let box = entry.decisionBox
        var rowsAbove = MessageListItem.rowsAbove(date: separatorAbove ? (day, label) : nil,
                                                  unread: unreadAbove ? unreadRow.text ?? "" : nil)
        if let loadingOlder { rowsAbove.insert(.loadingOlderIndicator(text: loadingOlder), at: 0) } // the first entry's alone
        let hasRows = entry.rowCount > 0
        // Rows that draw as they did: the date separator of the same label, the message row
        // whose decisions draw alike (the unread row is one row, shared).
        let olderRow = loadingOlder != nil
        let keptDate: Int? = hasRows && entry.hasDateSeparator && Identifier.same(previous.value.dateLabel, label)
            ? stored + (entry.hasOlderPageRow ? 1 : 0) : nil
        let keptRow: Int? = hasRows && !entry.needsRow && message == nil && alike ? stored + entry.rowCount - 1 : nil
        let kind = RowStack.Kind.message(endsGroup: box.value.isLastInGroup)
        let stackedBelow = above.map { RowStack.Kind.message(endsGroup: $0.endsGroup) }
        // When each row is one it had, where it was, the entry keeps its rows.
        let keepsRows = keptRow != nil && entry.hasOlderPageRow == olderRow && entry.hasDateSeparator == separatorAbove
            && entry.hasUnreadSeparator == unreadAbove && (!separatorAbove || keptDate != nil)
        entry.hasOlderPageRow = olderRow
        entry.hasDateSeparator = separatorAbove
        entry.hasUnreadSeparator = unreadAbove
        entry.needsRow = false
        if keepsRows, let keptRow {
            var stack = RowStack(metrics: layout.metrics, below: stackedBelow)
            var inPlace = true
            for (index, item) in rowsAbove.enumerated() {
                let frame = rows.frame(ofRow: stored + index)
                inPlace = inPlace && stack.top(ofNext: RowStack.Kind(item)) == frame.y - storedTop
                stack.place(RowStack.Kind(item), height: frame.height)
            }
            let frame = rows.frame(ofRow: keptRow)
            if inPlace && stack.top(ofNext: kind) == frame.y - storedTop {
                stack.place(kind, height: frame.height)
                entry.extent = stack.bottom
                return regroupedInPlace ? nil : previous
            }
        }
        let oldRow = hasRows ? stored + entry.rowCount - 1 : nil
        write(&entry, decisions: box, rowsAbove: rowsAbove, keptDate: keptDate, keptRow: keptRow, kind: kind, stackedBelow: stackedBelow,
              unreadRow: unreadRow, oldRow: oldRow, cutsOldRow: cutsRow, authors: &authors, bubbles: &bubbles, into: &rows)
        return regroupedInPlace ? nil : previous
    }

    /// What regrouping `decision` with `boundary` changes (``MessageListResolver/regrouped(_:boundary:time:label:above:in:delivery:)``),
    /// and what becomes of its row: nothing changes (`same`, its group boundary taken as
    /// `oldBoundary`), the row draws as it did (`alike`), or it is its old row cut after the
    /// bubble (`cutsRow`, ``RowLayout/isCutAfterBubble(options:oldOptions:deliveryStatus:showsEditedLabel:)``).
    /// Nil when the decisions are decided again.
    private func regroupedRow(_ decision: MessageDecision, boundary: GroupBoundary, time: MessageTime, label: String, above: MessageAbove?,
                              channel: Conversation, delivery: DeliveryState, oldBoundary: GroupBoundary) -> RegroupedRow? {
        resolver.regrouped(decision, boundary: boundary, time: time, label: label, above: above, in: channel, delivery: delivery).map { regrouped in
            let same = regrouped.isIn(decision, boundary: oldBoundary)
            let alike = same || regrouped.drawsAlike(decision)
            let cutsRow = !alike && rowLayout.isCutAfterBubble(options: regrouped.options, oldOptions: decision.options,
                                                               deliveryStatus: regrouped.deliveryStatus,
                                                               showsEditedLabel: decision.showsEditedLabel)
            return RegroupedRow(regrouped: regrouped, same: same, alike: alike, cutsRow: cutsRow)
        }
    }

    /// Regrouped decisions and what becomes of their row (``regroupedRow(_:boundary:time:label:above:channel:delivery:oldBoundary:)``).
    struct RegroupedRow {
        var regrouped: Regrouped
        var same: Bool
        var alike: Bool
        var cutsRow: Bool
    }

    /// How the list's last entry, a message an appended one joins in its group (its group
    /// boundary, `boundary`, no longer ends it), is regrouped in place: its decisions set in
    /// their box (``DecisionBox/regroup(_:)``) and its one row kept where it was, or cut after
    /// its bubble in place (``RowTable/cutAfterBubble(_:movedBy:)``), the records after it being the
    /// table's last — what `resolve(…belowOnly: true, regroupsInPlace: true…)` gives it, without
    /// its rows written again, placed, or walked by the list's layers. Found by reading the
    /// entry (`rows` its chunk's table, its one row `row`, its top `top`), then applied
    /// (``regroup(_:_:rows:)``); nil, nothing to apply, where that is not what `resolve`
    /// would do: rows above its message row (it would have none then, or have them
    /// still: `unreadAbove`, `loadingOlder`), decisions decided again, a row written again.
    @inline(never)
    func inPlaceRegrouping(of entry: ListEntry, boundary: GroupBoundary, above: MessageAbove?, label: String, unreadAbove: Bool,
                           loadingOlder: Bool, channel: Conversation, delivery: DeliveryState, rows: RowTable, row: Int,
                           top: Int) -> InPlaceRegrouping? {
        guard entry.rowCount == 1, !entry.needsRow, !entry.hasOlderPageRow, !entry.hasDateSeparator, !entry.hasUnreadSeparator,
              !unreadAbove, !loadingOlder else { return nil }
        let previous = entry.decisionBox
        let time = MessageTime(day: entry.day, minute: entry.minute, shortTime: previous.value.timeText)
        guard let found = previous.readInPlace({ decision in
            regroupedRow(decision, boundary: boundary, time: time, label: label, above: above, channel: channel, delivery: delivery,
                         oldBoundary: previous.groupBoundary)
        }), !found.same, !found.regrouped.dateSeparatorAbove, found.alike || found.cutsRow else { return nil }
        // Stacked as `write` stacks it: its row where it was (the row kept as it draws, as
        // `resolve` keeps it), or moved there, cut.
        let kind = RowStack.Kind.message(endsGroup: boundary.isLast)
        var stack = RowStack(metrics: layout.metrics, below: above.map { RowStack.Kind.message(endsGroup: $0.endsGroup) })
        let y = stack.top(ofNext: kind), frame = rows.frame(ofRow: row)
        var cut: RowTable.BubbleCut?
        if found.alike {
            guard y == frame.y - top else { return nil }
        } else {
            guard let found = rows.bubbleCutInPlace(ofRow: row) else { return nil }
            cut = found
        }
        let height = cut?.height ?? frame.height
        stack.place(kind, height: height)
        return InPlaceRegrouping(regrouped: found.regrouped, cut: cut, movedBy: y - (frame.y - top), messageRowOffset: y,
                                 messageRowHeight: height, extent: stack.bottom)
    }

    /// What ``inPlaceRegrouping(of:boundary:above:label:unreadAbove:loadingOlder:channel:delivery:rows:row:top:)`` found.
    struct InPlaceRegrouping {
        var regrouped: Regrouped
        /// Where its row is cut after its bubble, then read `movedBy` further down; nil: it stays.
        var cut: RowTable.BubbleCut?
        var movedBy: Int
        var messageRowOffset: Int
        var messageRowHeight: Int
        var extent: Int
    }

    /// Applies `regrouping` to `entry` and its row in `rows` (its chunk's table, as it was
    /// read), when the entry alone holds its decisions; false, nothing changed, when it does
    /// not (then `resolve` makes it other decisions).
    static func regroup(_ entry: inout ListEntry, _ regrouping: InPlaceRegrouping, rows: inout RowTable) -> Bool {
        guard isKnownUniquelyReferenced(&entry.decisionBox) else { return false }
        entry.decisionBox.regroup(regrouping.regrouped)
        if let cut = regrouping.cut { rows.cutAfterBubble(cut, movedBy: regrouping.movedBy) }
        entry.messageRowOffset = regrouping.messageRowOffset
        entry.messageRowHeight = regrouping.messageRowHeight
        entry.extent = regrouping.extent
        return true
    }

    /// A new entry at the bottom of the list (nothing under it), decided and laid out at once
    /// from its message, its key and local time (`isUnreadCandidate`: whether it counts for
    /// the unread separator): as `resolve` decides and lays out an entry
    /// not resolved yet, without its placeholder decisions (made, compared and replaced) —
    /// the incremental list's append at the bottom (`IncrementalMessageList.appendAtBottom`).
    /// Its rows are written at the end of `rows`, from the entry's top (y = 0).
    @inline(never)
    func resolveNew(_ message: Message, key: SortKey, time: MessageTime, isUnreadCandidate: Bool, above: MessageAbove?, label: String,
                    unreadAbove: Bool, unreadRow: Box, loadingOlder: String?, channel: Conversation, delivery: DeliveryState, directory: UserDirectory,
                    authors: inout AuthorMemo, bubbles: inout RowBubbleMemo?, into rows: inout RowTable) -> ListEntry {
        var separatorAbove = false
        let box = DecisionBox(resolver.decide(
            message, time: time, label: label, above: above, below: nil,
            grouping: grouping, in: channel, delivery: delivery, user: { directory.user($0) }, explain: false,
            dateSeparatorAbove: &separatorAbove
        ))
        var rowsAbove = MessageListItem.rowsAbove(date: separatorAbove ? (time.day, label) : nil,
                                                  unread: unreadAbove ? unreadRow.text ?? "" : nil)
        if let loadingOlder { rowsAbove.insert(.loadingOlderIndicator(text: loadingOlder), at: 0) }
        var entry = ListEntry(key: key, minute: time.minute, decision: box,
                              isUnreadCandidate: isUnreadCandidate)
        entry.hasOlderPageRow = loadingOlder != nil
        entry.hasDateSeparator = separatorAbove
        entry.hasUnreadSeparator = unreadAbove
        write(&entry, decisions: box, rowsAbove: rowsAbove, keptDate: nil, keptRow: nil, kind: .message(endsGroup: box.value.isLastInGroup),
              stackedBelow: above.map { RowStack.Kind.message(endsGroup: $0.endsGroup) }, unreadRow: unreadRow,
              oldRow: nil, cutsOldRow: false, authors: &authors, bubbles: &bubbles, into: &rows)
        return entry
    }

    /// Writes the rows of `resolved` (its decisions in `decisions`): `rowsAbove`, then its message
    /// row (of kind `kind`), at the end of `rows` from the entry's top, stacked under a row of
    /// kind `stackedBelow`; the date separator and the message row copied from rows `keptDate`
    /// and `keptRow` of `rows` when they draw as they did; `oldRow`, the entry's message row
    /// in `rows` before (nil for a new entry), whose bubble `bubbles` may let it keep, or which
    /// the message row is, cut after its bubble (`cutsOldRow`: `RowLayout.isCutAfterBubble`).
    /// Sets the entry's rows' count, its message row's place and its extent (in place: the
    /// entry is not copied).
    private func write(_ resolved: inout ListEntry, decisions: DecisionBox, rowsAbove: [MessageListItem], keptDate: Int?,
                       keptRow: Int?, kind: RowStack.Kind, stackedBelow: RowStack.Kind?, unreadRow: Box, oldRow: Int?,
                       cutsOldRow: Bool, authors: inout AuthorMemo, bubbles: inout RowBubbleMemo?,
                       into rows: inout RowTable) {
        let hasRows = oldRow != nil
        // The rows above it, in the batch list's order, then its row: stacked as the batch
        // list stacks them, under the entry above it. Each is laid out at the row layout's
        // top (0) and written where it stands (the table's `writingOffset`): the same records
        // as laying it out there, without a copy of the row layout (its metrics, measurer,
        // composer and presentation) for each entry, nor its records moved after.
        var stack = RowStack(metrics: layout.metrics, below: stackedBelow)
        let first = rows.rowCount
        for item in rowsAbove {
            let y = stack.top(ofNext: RowStack.Kind(item))
            if case .unreadSeparator = item {
                rows.beginRow()
                rows.add(unreadRow, dy: y)
            } else if case .dateSeparator = item, let keptDate {
                let kept = Self.row(keptDate, of: rows)
                rows.appendRow(copying: 0, of: kept, at: y)
            } else {
                rows.beginRow()
                rows.writingOffset = y
                rowLayout.write(item, into: &rows)
                rows.writingOffset = 0
            }
            stack.place(RowStack.Kind(item), height: rows.frame(ofRow: rows.rowCount - 1).height)
        }
        let y = stack.top(ofNext: kind)
        if let keptRow {
            let kept = Self.row(keptRow, of: rows)
            rows.appendRow(copying: 0, of: kept, at: y)
        } else if cutsOldRow, let oldRow, rows.appendRow(cutAfterBubbleOf: oldRow, at: y) {
            // Its old row cut after the bubble: nothing composed or written again. The row
            // written again is the one remembered no longer, as below.
            bubbles = nil
        } else {
            // Composed here, its author's avatar and name from the list's memo, then written as
            // `RowLayout.writeMessage` writes it.
            // Its bubble copied from its old row when only its group position changed.
            let spec = decisions.readInPlace { rowLayout.composer.compose($0, authors: &authors) }
            rows.beginRow()
            let kept = hasRows && bubbles?.holds(spec, reactionsInBubble: reactionsInBubble) == true
                ? KeptBubble(oldRow: oldRow!, bubble: bubbles!.bubble) : nil
            rows.writingOffset = y
            let written = rowLayout.writeMessageRow(spec, keeping: kept, into: &rows)
            rows.writingOffset = 0
            // The bubble of a new row is remembered (the row above the next one appended); a
            // row written again is the one remembered no longer.
            bubbles = hasRows ? nil : written.flatMap { RowBubbleMemo(spec, written: $0, reactionsInBubble: reactionsInBubble) }
            if rowLayout.direction == .rightToLeft { rows.mirrorRow(inWidth: rowLayout.width) }
        }
        let height = rows.frame(ofRow: rows.rowCount - 1).height
        stack.place(kind, height: height)
        resolved.rowCount = rows.rowCount - first
        resolved.messageRowOffset = y
        resolved.messageRowHeight = height
        resolved.extent = stack.bottom
    }

    /// The group boundary of `entry`, whose entry below is all that changed (`below` under it
    /// now), when its decisions still end its group, or go on with it, as they did
    /// (``groupBoundary(of:below:channel:)``); nil when
    /// that changes, and the entry is resolved again. Then, when
    /// ``keepsRows(_:boundary:above:label:unreadAbove:loadingOlder:)`` says so, `resolve` would
    /// give the entry its decisions with this boundary and keep its rows.
    func boundary(keepingGroupEndOf entry: ListEntry, below: MessageBelow?, channel: Conversation) -> GroupBoundary? {
        groupBoundary(of: entry, below: below, channel: channel).flatMap { $0.isLast == entry.decisionBox.value.isLastInGroup ? $0 : nil }
    }

    /// The group boundary `entry`, laid out already, takes with `below` under it
    /// (``MessageListResolver/boundary(of:time:below:grouping:historyLoaded:)``, from its
    /// decisions' message and time); nil when the entry is decided again whatever its boundary
    /// (not laid out yet, or its decisions explained).
    @inline(never)
    func groupBoundary(of entry: ListEntry, below: MessageBelow?, channel: Conversation) -> GroupBoundary? {
        let previous = entry.decisionBox
        // Decisions explained are decided again.
        guard entry.rowCount > 0, !entry.needsRow, previous.value.reasons.isEmpty else { return nil }
        return resolver.boundary(of: previous.value.message, day: previous.value.day, minute: entry.minute, below: below,
                                 grouping: grouping, historyLoaded: channel.historyLoaded)
    }

    /// Whether `entry`, its decisions given `boundary` (from
    /// ``boundary(keepingGroupEndOf:below:channel:)``), keeps the rest of its decisions and its
    /// rows: the same group position under `above` (the boundary shows only through them,
    /// `drawAlike`), and the same rows above it (`label`, `unreadAbove`, `loadingOlder` as in
    /// `resolve`).
    func keepsRows(_ entry: ListEntry, boundary: GroupBoundary, above: MessageAbove?, label: String, unreadAbove: Bool,
                   loadingOlder: Bool) -> Bool {
        let previous = entry.decisionBox
        return entry.hasUnreadSeparator == unreadAbove && entry.hasOlderPageRow == loadingOlder
            && Identifier.same(previous.value.dateLabel, label)
            && resolver.keepsPosition(previous.value.position, isLast: boundary.isLast, above: above)
    }

    /// Row `row` of `rows` in a table of its own: a row copied inside one table is read out
    /// first (the table is not read while it grows).
    private static func row(_ row: Int, of rows: RowTable) -> RowTable {
        var table = RowTable()
        table.reserveCapacity(rows: 1, records: 16, lines: 16, bytes: 512)
        table.appendRow(copying: row, of: rows)
        return table
    }

    /// A message row is drawn from its decisions' content and options; group position and
    /// boundary show only through the options. Decisions that differ in nothing else draw the
    /// same row, which is kept.
    ///
    /// `new` is compared with the old decisions' position, boundary and reasons, swapped in
    /// and then back (it is as it was when this returns): no copy of either is made.
    static func drawAlike(_ old: MessageDecision, _ new: inout MessageDecision) -> Bool {
        // The options first: they differ when the group position shows.
        guard old.options == new.options else { return false }
        let position = new.position, boundary = new.groupBoundary
        var reasons = old.reasons
        swap(&reasons, &new.reasons)
        new.position = old.position
        new.groupBoundary = old.groupBoundary
        let alike = new.isExactly(old)
        new.position = position
        new.groupBoundary = boundary
        swap(&reasons, &new.reasons)
        return alike
    }
}

/// The message row the last edit of the list's newest message's text alone wrote (a streamed
/// reply's last token), kept for the next token: when that one's decisions are the same with
/// its text (``MessageListResolver/retexts(_:as:)``), its row is this one with that text, and
/// the text is all that is written again — nothing decided or composed again.
struct StreamedRow: Sendable {
    /// The decisions the row was written from, and the pipeline (the width) it was written at:
    /// the row is this one while the entry holds these decisions and the list this pipeline.
    /// (Held here, the decisions are not changed in place: `DecisionBox` changes only while an
    /// entry alone holds it; the list lets go of them before a token sets its text in them.)
    let box: DecisionBox
    let pipeline: Pipeline
    /// The row composed from them (its text left out, empty) and its bubble's room, in one object:
    /// the memo is copied as three references.
    let parts: Parts

    final class Parts: Sendable {
        let spec: MessageRowSpec
        let room: RowLayout.BubbleRoom

        init(spec: MessageRowSpec, room: RowLayout.BubbleRoom) {
            self.spec = spec
            self.room = room
        }
    }

    /// The row written from `box` by `pipeline`, its parts `parts` (a token's, written in
    /// place from the memo before).
    init(box: DecisionBox, pipeline: Pipeline, parts: Parts) {
        self.box = box
        self.pipeline = pipeline
        self.parts = parts
    }

    /// The row of the list's last entry, whose decisions are in `box`, laid out by `pipeline`
    /// (its author's parts from `authors`): nil when its bubble does not hold its text alone
    /// (then no token of it is written in place).
    init?(box: DecisionBox, pipeline: Pipeline, authors: inout AuthorMemo) {
        var spec = box.readInPlace { pipeline.rowLayout.composer.compose($0, authors: &authors) }
        guard pipeline.rowLayout.holdsTextAlone(spec) else { return nil }
        let room = pipeline.rowLayout.bubbleRoom(spec)
        // Its text left out (not held for nothing): an empty one, so that the spec still holds
        // a text alone; each token's text is given with it.
        spec.text = ""
        parts = Parts(spec: spec, room: room)
        self.box = box
        self.pipeline = pipeline
    }
}
