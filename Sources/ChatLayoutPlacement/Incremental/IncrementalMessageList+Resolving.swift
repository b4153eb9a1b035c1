@_spi(ChatLayoutStages) import ChatLayoutModel
@_spi(ChatLayoutStages) import ChatLayoutDecisions
import ChatLayoutComposition

/// Deciding and laying out entries (grouping, layout options, dates, unread and typing), one at a time, from their neighbours.
extension IncrementalMessageList {
    /// A new entry decided and laid out from its message and its neighbours, its rows written
    /// at the end of `rows`, from its top (see `Pipeline.resolve`).
    mutating func resolved(_ entry: ListEntry, above: MessageAbove?, below: MessageBelow?, into rows: inout RowTable) -> ListEntry {
        var entry = entry
        resolve(&entry, stored: rows.rowCount, storedTop: 0, above: above, below: below, into: &rows)
        return entry
    }

    /// The entry at `position` decided and laid out again in place, from its neighbours
    /// (`EntryStore.resolve(at:_:)`).
    mutating func resolveEntry(at position: Int, record: inout ChangeRecord) -> ListEntry {
        resolveEntry(at: position, below: position + 1 < entries.count ? entries[position + 1].asBelow : nil) { key, chunk, start in
            record.keepRows(of: key, inChunk: chunk, startingAt: start)
        }
    }

    /// The same, under `below` (what is, or is about to be, under it): `beforeRewriting` is
    /// handed the entry's key, its chunk and where its old rows' records start, when new rows
    /// take their place (`EntryStore.resolve(at:beforeRewriting:_:)`). With `message`, the
    /// entry is decided for that message, its new content (an edit of its text alone): no
    /// decisions are made first only to hold it.
    mutating func resolveEntry(at position: Int, below: MessageBelow?, message: Message? = nil,
                               beforeRewriting: (SortKey, Int, Int) -> Void) -> ListEntry {
        resolveInStore(at: position, below: below, message: message, beforeRewriting: beforeRewriting).entry
    }

    /// The entry at `position`, the list's last, as `below` is appended under it (as
    /// `resolveAgain` treats an entry whose entry below changed), and what the append's diff
    /// says of it: its group boundary moved on and its rows kept (as `boundaryKeepingRows`
    /// finds), its decisions regrouped in place and its row kept or cut in place
    /// (`Pipeline.inPlaceRegrouping`: the usual message that joins its group), or resolved
    /// again (`resolveAboveAppended`).
    mutating func aboveAppended(at position: Int, below: MessageBelow) -> ListDiffBuilder.AppendedAbove {
        // What both ways read around it, found once: the entry above it, its day's label, the
        // older page's row above it, the unread separator above it.
        assert(position == entries.count - 1, "an entry above an append that is not the last")
        let (above, day, key) = entries.lastSurroundings()
        let (label, loadingOlder, unreadAbove) = surroundings(day: day, key: key, above: above)
        // Read in place (a copy of the entry would hold its decisions, which are set in place
        // only while the entry alone holds them). `keeps`: whether it keeps its rows, and then
        // whether its boundary moved on (nil when it no longer ends its group as it did).
        let found = entries.readLast { entry, _, _, _ -> (boundary: GroupBoundary, keeps: (rows: Bool, moved: Bool)?)? in
            guard let boundary = pipeline.groupBoundary(of: entry, below: below, channel: shell) else { return nil }
            guard boundary.isLast == entry.decisionBox.value.isLastInGroup else { return (boundary, nil) }
            return (boundary, (pipeline.keepsRows(entry, boundary: boundary, above: above, label: label, unreadAbove: unreadAbove,
                                                  loadingOlder: loadingOlder),
                               boundary != entry.decisionBox.groupBoundary))
        }
        if let (boundary, keeps) = found {
            if let keeps {
                if keeps.rows {
                    guard keeps.moved else { return .unchanged }
                    _ = entries.updateLast(unreadRows: 0) { entry, _ in
                        entry.groupBoundary = boundary
                        return true
                    }
                    return .newBoundary
                }
            } else if regroupsInPlace(boundary: boundary, above: above, label: label, unreadAbove: unreadAbove, loadingOlder: loadingOlder) {
                return .newBoundary
            }
        }
        return resolveAboveAppended(at: position, below: below)
    }

    /// Regroups the list's last entry in place, when a message appended under it joins its
    /// group (`boundary`, no longer the group's end) and that is all that changes in it
    /// (`Pipeline.inPlaceRegrouping`, `Pipeline.regroup`; `above`, `label`, `unreadAbove`
    /// and `loadingOlder` as `resolve` reads them); false, nothing changed, otherwise.
    private mutating func regroupsInPlace(boundary: GroupBoundary, above: MessageAbove?, label: String, unreadAbove: Bool,
                                          loadingOlder: Bool) -> Bool {
        guard let regrouping = entries.readLast({ entry, rows, row, top in
            pipeline.inPlaceRegrouping(of: entry, boundary: boundary, above: above, label: label, unreadAbove: unreadAbove,
                                       loadingOlder: loadingOlder, channel: shell, delivery: delivery, rows: rows, row: row, top: top)
        }) else { return false }
        // A row cut in place leaves the records after its bubble's lines and texts unread.
        guard entries.updateLast(unreadRows: regrouping.cut == nil ? 0 : 1, { entry, rows in
            Pipeline.regroup(&entry, regrouping, rows: &rows)
        }) else { return false }
        // The row written again is the one remembered no longer (as `Pipeline.write` does).
        if regrouping.cut != nil { bubbles = nil }
        return true
    }

    /// The entry at `position`, the list's last before `below` is appended under it, resolved
    /// again in place (as `resolveEntry(at:below:beforeRewriting:)`, the entry below all that
    /// changed: `Pipeline.resolve`'s `belowOnly`), its decisions regrouped in their box when
    /// it alone holds them (`regroupsInPlace`): what the append's diff says of it.
    mutating func resolveAboveAppended(at position: Int, below: MessageBelow) -> ListDiffBuilder.AppendedAbove {
        // Read before it changes: no copy of the entry, which would hold its decisions too.
        let shape = entries[position].rowShape
        var records: ChangeRecord.RowsBefore?
        let resolved = resolveInStore(at: position, below: below, belowOnly: true, regroupsInPlace: true) { _, chunk, start in
            records = .unread(chunk: chunk, start: start)
        }
        guard let before = resolved.before else { return .newBoundary }
        return .resolved(EntryBefore(rows: shape, decisions: before), rows: records)
    }

    /// The entry at `position` resolved again in its store, under `below` (`resolve`): the
    /// entry as it is now, and the decisions it had (nil when they were regrouped in place).
    private mutating func resolveInStore(at position: Int, below: MessageBelow?, message: Message? = nil, belowOnly: Bool = false,
                                         regroupsInPlace: Bool = false,
                                         beforeRewriting: (SortKey, Int, Int) -> Void) -> (entry: ListEntry, before: DecisionBox?) {
        let above = position > 0 ? entries[position - 1].asAbove : nil
        var before: DecisionBox?
        var entries = EntryStore(chunkLength: self.entries.chunkLength)
        swap(&entries, &self.entries) // the store is edited alone, moved out, not copied
        defer { swap(&entries, &self.entries) }
        let entry = entries.resolve(at: position, beforeRewriting: beforeRewriting) { entry, stored, top, rows in
            before = resolve(&entry, stored: stored, storedTop: top, above: above, below: below, message: message, belowOnly: belowOnly,
                             regroupsInPlace: regroupsInPlace, into: &rows)
        }
        return (entry, before)
    }

    /// The group boundary of the entry at `position`, whose entry below is all that changed,
    /// when the rest of its decisions and its rows stay (`Pipeline.boundary(keepingGroupEndOf:…)`,
    /// `Pipeline.keepsRows`); nil when it is resolved again.
    mutating func boundaryKeepingRows(at position: Int) -> GroupBoundary? {
        boundaryKeepingRows(at: position, below: position + 1 < entries.count ? entries[position + 1].asBelow : nil)
    }

    /// The same, under `below` (what is, or is about to be, under it).
    mutating func boundaryKeepingRows(at position: Int, below: MessageBelow?) -> GroupBoundary? {
        let entry = entries[position] // found once
        // Whether it still ends its group, or goes on with it, as it did, first: a message that
        // joins its group, arriving under it, changes that, and then nothing else is read.
        guard let boundary = pipeline.boundary(keepingGroupEndOf: entry, below: below, channel: shell) else { return nil }
        return keepsRows(entry, at: position, boundary: boundary) ? boundary : nil
    }

    /// Whether `entry`, at `position`, keeps its rows and the rest of its decisions with
    /// `boundary`, which ends its group, or goes on with it, as its own did (`Pipeline.keepsRows`).
    private mutating func keepsRows(_ entry: ListEntry, at position: Int, boundary: GroupBoundary) -> Bool {
        let above = position > 0 ? entries[position - 1].asAbove : nil
        let (label, loadingOlder, unreadAbove) = surroundings(day: entry.day, key: entry.key, above: above)
        return pipeline.keepsRows(entry, boundary: boundary, above: above, label: label, unreadAbove: unreadAbove,
                                  loadingOlder: loadingOlder)
    }

    /// What an entry's rows above its message row are read from, besides the entry above it
    /// (`above`): its day's label, whether the older page's loading row stands above it (the
    /// first entry's, while older messages load) and whether the unread separator does.
    private mutating func surroundings(day: CalendarDay, key: SortKey, above: MessageAbove?)
        -> (label: String, loadingOlder: Bool, unreadAbove: Bool) {
        (localTimes.label(for: day, at: key.createdAt), above == nil && pipeline.resolver.olderPageLoadingText(shell) != nil,
         key == firstUnreadKey)
    }

    /// Resolves `entry` in place (`Pipeline.resolve`; for `message`, its new content, when
    /// given); returns the decisions it had, nil when they were regrouped in place
    /// (`regroupsInPlace`).
    @discardableResult
    private mutating func resolve(_ entry: inout ListEntry, stored: Int, storedTop: Int, above: MessageAbove?, below: MessageBelow?,
                                  message: Message? = nil, belowOnly: Bool = false, regroupsInPlace: Bool = false,
                                  into rows: inout RowTable) -> DecisionBox? {
        let label = localTimes.label(for: entry.day, at: entry.message.createdAt)
        // An entry written again because it changed (not only the entry under it) may be
        // written again soon, its text grown: its lines are remembered for that.
        rows.writesChangedEntry = !belowOnly
        defer { rows.writesChangedEntry = false }
        return pipeline.resolve(&entry, stored: stored, storedTop: storedTop, above: above, below: below, message: message, label: label,
                                unreadAbove: entry.key == firstUnreadKey, unreadRow: unreadRow,
                                loadingOlder: above == nil ? pipeline.resolver.olderPageLoadingText(shell) : nil, channel: shell, delivery: delivery,
                                directory: directory, belowOnly: belowOnly, regroupsInPlace: regroupsInPlace, authors: &authors,
                                bubbles: &bubbles, into: &rows)
    }

    /// The entry the unread separator stands above (`UnreadResolver.separatorPosition`).
    /// O(log n) to find where unread messages start, then candidates are skipped by chunk; the
    /// oldest regular message is looked for from the top.
    func firstUnreadPosition() -> Int? {
        UnreadResolver.separatorPosition(in: UnreadSearch(entries: entries, keys: keys), reads: shell.reads,
                                         currentUserID: context.currentUserID, config: config,
                                         historyLoaded: shell.historyLoaded)
    }

    /// The first unread message's id, where a jump to it lands
    /// (`UnreadResolver.firstUnreadPosition`): the separator's, else found by its rule when a
    /// jump needs it.
    func firstUnreadMessageID() -> String? {
        let search = UnreadSearch(entries: entries, keys: keys)
        return UnreadResolver.firstUnreadPosition(in: search, reads: shell.reads, currentUserID: context.currentUserID, config: config,
                                                  historyLoaded: shell.historyLoaded,
                                                  separator: firstUnreadKey.flatMap(entries.position(of:)))
            .map { entries[$0].message.id }
    }

    /// The scroll-to-latest button's count (`UnreadResolver.unreadCount`).
    func currentUnreadCount() -> Int {
        UnreadResolver.unreadCount(in: UnreadSearch(entries: entries, keys: keys), reads: shell.reads,
                                   currentUserID: context.currentUserID, state: shell.messageListState,
                                   separator: firstUnreadKey.flatMap(entries.position(of:)))
    }

    /// The rows under the messages (`MessageListResolver.bottomItems`), stacked under the last
    /// message as the batch list stacks them, their tops counted from the messages' bottom.
    /// Rows of `old` with the same decisions are kept.
    func footerRows(reusing old: [FooterRow]) -> [FooterRow] {
        let items = pipeline.bottomItems(state: shell.messageListState, hasMessages: !entries.isEmpty, typing: typing,
                                         loadingNewer: shell.isLoadingNewerMessages)
        var stack = RowStack(metrics: metrics, below: entries.isEmpty ? nil : .message(endsGroup: entries[entries.count - 1].decisionBox.value.isLastInGroup))
        return items.map { item in
            var row = old.first { $0.item.isExactly(item) } ?? FooterRow(id: ListItemID(item), item: item, box: pipeline.row(item))
            row.offset = stack.place(RowStack.Kind(item), height: row.box.frame.height)
            return row
        }
    }

    /// Whether every row under the messages is a list state (empty, loading, typing).
    var footerShowsOnlyStates: Bool { footer.allSatisfy { RowStack.Kind($0.item).isState } }
}

/// The entries as `UnreadResolver` searches them: messages by id through the keys, unread
/// candidates chunk by chunk.
struct UnreadSearch: UnreadSearchable {
    var entries: EntryStore
    var keys: IDDictionary<PlacedKey>

    var count: Int { entries.count }

    func message(at position: Int) -> Message { entries[position].message }

    /// Every key is a shown entry's: found where its hint says, else searched.
    func position(ofMessage id: String) -> Int? { keys[id].flatMap { entries.position(of: $0) } }

    func firstPosition(createdAfter instant: Timestamp) -> Int { entries.partitionPoint { $0.key.createdAt > instant } }

    func firstCandidate(from position: Int) -> Int? { entries.firstCandidate(from: position) }

    func candidateCount(from position: Int) -> Int { entries.candidateCount(from: position) }
}
