@_spi(ChatLayoutStages) import ChatLayoutModel
@_spi(ChatLayoutStages) import ChatLayoutDecisions
import ChatLayoutComposition

/// Builds a ``MessageListDiff`` from the entries a change touched: their rows before and after,
/// matched by id stretch by stretch.
///
/// The touched entries (old and new) fall into stretches with no untouched entry between
/// them; an untouched entry keeps its rows and its place among the others, so rows can only
/// have moved inside a stretch. In each, the rows found before and after in the same order
/// are kept (and updated when their decisions or box changed); the others are removed or
/// inserted.
struct ListDiffBuilder {
    /// The list after the change.
    private let entries: EntryStore
    private let footer: [IncrementalMessageList.FooterRow]
    private let texts: EntryRowTexts
    var diff: MessageListDiff

    init(entries: EntryStore, footer: [IncrementalMessageList.FooterRow], texts: EntryRowTexts,
         contentHeight: Int, unreadCount: Int) {
        self.entries = entries
        self.footer = footer
        self.texts = texts
        diff = MessageListDiff(contentHeight: contentHeight, unreadCount: unreadCount)
    }

    /// A row after the change, with its index.
    private struct NewRow {
        var row: EntryRow
        var index: Int

        var laidOut: LaidOutItem { row.laidOut(index: index) }
    }

    /// The stretches of the entries `record` touched.
    mutating func compare(_ record: ChangeRecord) {
        if compareEntriesInPlace(record) { return }
        // Old and new sides in key order; at one key the old side first.
        var points: [(SortKey, Bool)] = []
        points.reserveCapacity(record.before.count + record.resolved.count)
        record.before.forEachKey { points.append(($0, true)) }
        for key in record.resolved { points.append((key, false)) }
        points.sort { $0.0 != $1.0 ? $0.0 < $1.0 : $0.1 && !$1.1 }
        // The rows of the stretch so far, old and new (a change touches a few).
        var oldRows: [EntryRow] = []
        var newRows: [NewRow] = []
        oldRows.reserveCapacity(8)
        newRows.reserveCapacity(8)
        // Where the current key is or would be, and the first position after the previous
        // key: one search a key. An untouched entry between them ends the stretch.
        var previous: SortKey?
        var position = 0
        var previousEnd = 0
        for (key, isOld) in points {
            if key != previous {
                position = entries.lowerBound(key)
                if previous != nil && position > previousEnd {
                    match(oldRows, newRows)
                    oldRows.removeAll(keepingCapacity: true)
                    newRows.removeAll(keepingCapacity: true)
                }
                previousEnd = position < entries.count && entries[position].key == key ? position + 1 : position
                previous = key
            }
            if isOld {
                let (entry, rows) = record.before[key]!
                forEachOldRow(of: EntryBefore(entry), rows: rows, copied: record.beforeRows) { oldRows.append($0) }
            } else {
                // A resolved key is an entry's: it stands at `position`.
                entries.forEachRow(of: position, texts: texts) { row, index in newRows.append(NewRow(row: row, index: index)) }
            }
        }
        match(oldRows, newRows)
    }

    /// The rows of an entry before the change (`record.before`: the entry and where its
    /// rows are; `copied`, the record's copies of rows), top to bottom.
    @inline(__always)
    private func forEachOldRow(of entry: EntryBefore, rows: ChangeRecord.RowsBefore?, copied: RowTable,
                               _ body: (EntryRow) -> Void) {
        var row = 0
        var start = 0
        if case .unread(_, let first) = rows { start = first }
        let table: RowTable? = switch rows {
        case .copied: copied
        case .unread(let chunk, _): entries.rows(ofChunk: chunk)
        case nil: nil
        }
        entry.forEachRowContent(texts: texts) { id, content in
            // Rows not rewritten are the same records now; an entry not resolved yet
            // had no rows (its row was none).
            let place: EntryRow.Place
            switch rows {
            case nil: place = .unchanged
            case _ where row >= entry.rows.rowCount: place = .box(Box(role: .messageRow, frame: Frame(x: 0, y: 0, width: 0, height: 0)), dy: 0)
            case .copied(let firstRow): place = .stored(table!, row: firstRow + row, dy: 0)
            case .unread:
                place = .records(table!, start: start)
                start = table!.recordEnd(from: start)
            }
            body(EntryRow(id: id, content: content, place: place))
            row += 1
        }
    }

    /// The usual change (an append at the bottom, an edit in place), compared entry by entry
    /// without sorting or matching: every entry the change touched it resolved again — the
    /// ones it added, and the others as they were before it, each with rows of the same ids
    /// as before. Then `compare(_:)`'s stretches keep each old row as the row of its id
    /// (updated when changed) and insert each row of an added entry (no id of the list is
    /// another's, before or after): this says the same, in the same order (top to bottom).
    /// False, with nothing reported (the diff's lists are set only at the end), for any
    /// other change.
    private mutating func compareEntriesInPlace(_ record: ChangeRecord) -> Bool {
        guard !record.resolved.isEmpty, record.before.count + record.added.count == record.resolved.count else { return false }
        // Read through locals: the closures below capture no `self` being changed, so the
        // store is not copied for each call.
        let entries = self.entries, texts = self.texts
        var inserted: [LaidOutItem] = [], updated: [LaidOutItem] = []
        var oldRows: [EntryRow] = []
        var same = true
        for key in record.resolved {
            let position = entries.lowerBound(key)
            guard position < entries.count, entries[position].key == key else { return false }
            if record.added.contains(key) {
                entries.forEachRow(of: position, texts: texts) { row, index in inserted.append(row.laidOut(index: index)) }
                continue
            }
            guard let kept = record.before[key] else { return false }
            oldRows.removeAll(keepingCapacity: true)
            forEachOldRow(of: EntryBefore(kept.entry), rows: kept.rows, copied: record.beforeRows) { oldRows.append($0) }
            var count = 0
            entries.forEachRow(of: position, texts: texts) { row, index in
                guard same, count < oldRows.count, row.id == oldRows[count].id else {
                    same = false
                    return
                }
                if !row.isUnchanged(from: oldRows[count]) { updated.append(row.laidOut(index: index)) }
                count += 1
            }
            guard same && count == oldRows.count else { return false }
        }
        diff.inserted = inserted
        diff.updated = updated
        return true
    }

    /// What an append at the bottom did to the entry above the new one (`appendDiff`).
    enum AppendedAbove {
        /// Nothing.
        case unchanged
        /// Its message row alone changed: its decisions (its group boundary moved on, its rows
        /// the records they were; or its decisions regrouped in place, `Pipeline.resolve`, no
        /// row above its message row before or now), and its row with them or not.
        case newBoundary
        /// Resolved again: the entry as it was, and where its rows' records are since new rows
        /// took their place (nil: it kept them).
        case resolved(EntryBefore, rows: ChangeRecord.RowsBefore?)
    }

    /// The diff of an append at the bottom (`IncrementalMessageList.appendAtBottom`): the rows
    /// of the new entry, at `position` (the last) of `entries`, inserted; the rows of the entry
    /// above it compared with how they were (`above`); the rows under the messages (`footer`)
    /// against `oldFooter` when they were made again — what `compare(_:)` says of such a
    /// change, in the same order. Items are made straight from the chunks' tables
    /// (`EntryStore.appendItems`), and no builder is made (nor the store copied into one)
    /// unless rows are to be matched.
    static func appendDiff(_ entries: EntryStore, footer: [IncrementalMessageList.FooterRow], texts: EntryRowTexts,
                           contentHeight: Int, unreadCount: Int, at position: Int, above: AppendedAbove,
                           oldFooter: [IncrementalMessageList.FooterRow]?) -> MessageListDiff {
        var diff = MessageListDiff(contentHeight: contentHeight, unreadCount: unreadCount)
        var updated: [LaidOutItem] = []
        switch above {
        case .unchanged:
            break
        case .newBoundary:
            // Its separators are as they were; its message row has new decisions.
            entries.appendItems(of: position - 1, texts: texts, messageRowOnly: true, to: &updated)
        case .resolved(let entry, let rows):
            if !compareResolved(entries, texts: texts, at: position - 1, before: entry, rows: rows, into: &updated) {
                // Other rows than before (not for an entry whose entry below changed): matched by id.
                var builder = ListDiffBuilder(entries: entries, footer: footer, texts: texts, contentHeight: contentHeight,
                                              unreadCount: unreadCount)
                var oldRows: [EntryRow] = []
                builder.forEachOldRow(of: entry, rows: rows, copied: RowTable()) { oldRows.append($0) }
                var newRows: [NewRow] = []
                entries.forEachRow(of: position - 1, texts: texts) { row, index in newRows.append(NewRow(row: row, index: index)) }
                builder.match(oldRows, newRows)
                diff = builder.diff
            }
        }
        if !updated.isEmpty { diff.updated = updated } // nothing else is updated: moved in, not copied
        entries.appendItems(of: position, texts: texts, to: &diff.inserted)
        if let oldFooter {
            var builder = ListDiffBuilder(entries: entries, footer: footer, texts: texts, contentHeight: contentHeight,
                                          unreadCount: unreadCount)
            swap(&builder.diff, &diff)
            builder.compareFooter(oldFooter)
            swap(&builder.diff, &diff)
        }
        return diff
    }

    /// The rows of the entry at `position` of `entries`, resolved again, against its rows
    /// before — `entry` as it was, its rows' records from `rows` (nil: it kept them) — when it
    /// has rows of the same ids (the same rows above its message: rows of the same day, in the
    /// same order): each changed one added to `updated`, as `EntryRow.isUnchanged` tells them.
    /// False, with nothing added, when its rows are others.
    private static func compareResolved(_ entries: EntryStore, texts: EntryRowTexts, at position: Int, before entry: EntryBefore,
                                        rows: ChangeRecord.RowsBefore?, into updated: inout [LaidOutItem]) -> Bool {
        let now = entries[position]
        guard entry.rows.rowCount > 0, entry.rows.hasOlderPageRow == now.hasOlderPageRow, entry.rows.hasDateSeparator == now.hasDateSeparator,
              entry.rows.hasUnreadSeparator == now.hasUnreadSeparator else { return false }
        let previous = entry.decisions
        var start = 0
        var table: RowTable?
        switch rows {
        case .unread(let chunk, let first)?:
            table = entries.rows(ofChunk: chunk)
            start = first
        case .copied?:
            return false
        case nil:
            break
        }
        // Its message row alone, whose decisions changed (the row above an appended message
        // that joins its group): updated, read from its records without its rows walked.
        if !now.hasOlderPageRow && !now.hasDateSeparator && !now.hasUnreadSeparator && !now.decisionBox.holdsExactly(previous) {
            entries.appendItems(of: position, texts: texts, messageRowOnly: true, to: &updated)
            return true
        }
        entries.forEachRow(of: position, texts: texts) { row, index in
            // The decisions first, then the records (the rows' kinds are the same, one by one).
            var same: Bool
            switch row.content {
            case .message(let decision): same = decision.holdsExactly(previous)
            case .dateSeparator(_, let label): same = Identifier.same(label, previous.value.dateLabel)
            case .other: same = true // the older page's loading row, the unread separator: the same words
            }
            if same, let table, case .stored(let rowTable, let stored, _) = row.place {
                same = rowTable.isSameRow(stored, asRecordsAt: start, in: table)
            }
            if let table { start = table.recordEnd(from: start) }
            if !same { updated.append(row.laidOut(index: index)) }
        }
        return true
    }

    /// The rows under the messages before and after.
    mutating func compareFooter(_ old: [IncrementalMessageList.FooterRow]) {
        // The usual case: the same rows (`footerRows(reusing:)` keeps those of the same items).
        if old.count == footer.count && zip(old, footer).allSatisfy({ $0.item.isExactly($1.item) && $0.box.isSame($1.box, movedDown: 0) }) { return }
        let newRows = footer.enumerated().map { offset, row in
            NewRow(row: row.entryRow(messagesBottom: entries.extent), index: entries.rowCount + offset)
        }
        match(old.map { $0.entryRow(messagesBottom: 0) }, newRows)
    }

    /// Every entry and footer row against itself before (the order is unchanged: another width).
    mutating func compareInPlace(_ old: EntryStore, oldFooter: [IncrementalMessageList.FooterRow]) {
        var oldRows: [EntryRow] = []
        oldRows.reserveCapacity(old.rowCount)
        old.forEachRow(from: 0, texts: texts) { row, _ in
            oldRows.append(row)
            return true
        }
        entries.forEachRow(from: 0, texts: texts) { row, index in
            if !row.isUnchanged(from: oldRows[index]) { diff.updated.append(row.laidOut(index: index)) }
            return true
        }
        compareFooter(oldFooter)
    }

    /// Matches rows by id: a run of rows found on both sides in the same order is kept (and
    /// updated when changed); the other old rows are removed and the other new rows inserted.
    /// Of the runs, the one keeping the most messages that stayed at their place in time,
    /// then the most messages, then the most separators: when the unread separator moves, it
    /// is the separator that moves, not the messages around it.
    private mutating func match(_ old: [EntryRow], _ new: [NewRow]) {
        guard !old.isEmpty || !new.isEmpty else { return }
        // A change touches a few rows: the scratch space lives on the stack.
        withUnsafeTemporaryAllocation(of: Int.self, capacity: new.count) { before in
            withUnsafeTemporaryAllocation(of: Bool.self, capacity: new.count + old.count) { flags in
                match(old, new, before: before, kept: UnsafeMutableBufferPointer(rebasing: flags[..<new.count]),
                      keptOld: UnsafeMutableBufferPointer(rebasing: flags[new.count...]))
            }
        }
    }

    /// `match(_:_:)` with its scratch space: where each new row was (-1: nowhere), which new
    /// rows are kept, which old rows are kept.
    private mutating func match(_ old: [EntryRow], _ new: [NewRow], before: UnsafeMutableBufferPointer<Int>,
                                kept: UnsafeMutableBufferPointer<Bool>, keptOld: UnsafeMutableBufferPointer<Bool>) {
        // Where each new row was (searched in short stretches, hashed in long ones).
        if old.count * new.count <= 256 {
            for index in new.indices { before[index] = old.firstIndex { $0.id == new[index].row.id } ?? -1 }
        } else {
            var oldIndex: [ListItemID: Int] = [:]
            for (index, row) in old.enumerated() { oldIndex[row.id] = index }
            for index in new.indices { before[index] = oldIndex[new[index].row.id] ?? -1 }
        }
        var inOrder = true
        var last = -1
        for index in new.indices where before[index] >= 0 {
            if before[index] < last { inOrder = false }
            last = before[index]
        }
        if inOrder {
            for index in new.indices { kept[index] = before[index] >= 0 } // nothing moved: the usual case
        } else {
            for index in new.indices { kept[index] = false }
            let common = new.indices.filter { before[$0] >= 0 }
            let weights = common.map { index in Self.worth(new[index].row, was: old[before[index]]) }
            for run in Self.heaviestIncreasingRun(common.map { before[$0] }, weights: weights, bound: old.count) {
                kept[common[run]] = true
            }
        }
        for index in old.indices { keptOld[index] = false }
        for index in new.indices {
            guard kept[index] else {
                diff.inserted.append(new[index].laidOut)
                continue
            }
            keptOld[before[index]] = true
            if !new[index].row.isUnchanged(from: old[before[index]]) { diff.updated.append(new[index].laidOut) }
        }
        for index in old.indices where !keptOld[index] { diff.removed.append(old[index].id) }
    }

    /// What keeping a row is worth: a message more than a separator, a message at the same
    /// instant more than a moved one.
    private static func worth(_ row: EntryRow, was previous: EntryRow) -> KeptRows {
        guard case .message(let decision) = row.content else { return KeptRows(separators: 1) }
        guard case .message(let before) = previous.content else { return KeptRows(messages: 1) }
        return before.value.message.createdAt == decision.value.message.createdAt ? KeptRows(messagesInPlace: 1) : KeptRows(messages: 1)
    }

    /// What a run of kept rows is worth, compared in this order.
    struct KeptRows: Comparable {
        var messagesInPlace = 0
        var messages = 0
        var separators = 0

        static func < (lhs: KeptRows, rhs: KeptRows) -> Bool {
            (lhs.messagesInPlace, lhs.messages, lhs.separators) < (rhs.messagesInPlace, rhs.messages, rhs.separators)
        }

        static func + (lhs: KeptRows, rhs: KeptRows) -> KeptRows {
            KeptRows(messagesInPlace: lhs.messagesInPlace + rhs.messagesInPlace, messages: lhs.messages + rhs.messages,
                     separators: lhs.separators + rhs.separators)
        }
    }

    /// The indices of a heaviest strictly increasing subsequence of `values` (each in
    /// 0 ..< `bound`): the best run ending below each value is kept in a Fenwick tree of
    /// prefix maxima, O(k log k).
    static func heaviestIncreasingRun(_ values: [Int], weights: [KeptRows], bound: Int) -> [Int] {
        var tree = [(score: KeptRows, end: Int)](repeating: (KeptRows(), -1), count: bound + 1)
        var parent = [Int](repeating: -1, count: values.count)
        var best = (score: KeptRows(), end: -1)
        for (index, value) in values.enumerated() {
            var prefix = (score: KeptRows(), end: -1) // the best run over values < value
            var node = value
            while node > 0 {
                if prefix.score < tree[node].score { prefix = tree[node] }
                node -= node & -node
            }
            parent[index] = prefix.end
            let score = prefix.score + weights[index]
            if best.score < score { best = (score, index) }
            node = value + 1
            while node <= bound {
                if tree[node].score < score { tree[node] = (score, index) }
                node += node & -node
            }
        }
        var run: [Int] = []
        var index = best.end
        while index >= 0 {
            run.append(index)
            index = parent[index]
        }
        return run.reversed()
    }
}
