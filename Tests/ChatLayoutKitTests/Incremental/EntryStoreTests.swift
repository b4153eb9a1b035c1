@_spi(ChatLayoutStages) import ChatLayoutModel
@_spi(ChatLayoutStages) import ChatLayoutDecisions
@testable import ChatLayoutKit
@testable import ChatLayoutModel
@testable import ChatLayoutDecisions
@testable import ChatLayoutComposition
@testable import ChatLayoutPlacement
import ChatLayoutTestSupport
import Testing

/// The chunked store of the incremental list against a plain array: after random inserts,
/// removals, updates, entries laid out again (new rows written at the end of their chunk's
/// table, or kept) and prepends, with chunks of 1–4 entries (so chunks split, empty and are
/// copied without their unread rows), every running total, every search and every row (where
/// the entries and the laid-out view read it) answers as a linear scan of the array does.
@Suite struct EntryStoreTests {
    @Test(arguments: 1 ... 4)
    func randomChanges_keepEveryTotalAndSearch_likeAPlainArray(chunkLength: Int) {
        var random = SplitMix64(seed: UInt64(40 + chunkLength))
        var store = EntryStore(chunkLength: chunkLength)
        var model: [ListEntry] = []
        /// Each entry's rows: their ids and tops inside the entry.
        var modelRows: [[(id: String, y: Int)]] = []
        var sequence = 0, version = 0
        func entry() -> ListEntry {
            sequence += 1
            var entry = ListEntry(message: Message(id: "e\(sequence)", user: User(id: random.pick(["me", "you"])),
                                                   createdAt: Timestamp(seconds: Int64(random.int(0 ... 50)))),
                                  sequence: sequence,
                                  time: MessageTime(day: CalendarDay(year: 2024, month: 1, day: 1),
                                                    minute: .init(LocalDateTime(day: CalendarDay(year: 2024, month: 1, day: 1), weekday: 2,
                                                                                hour: 0, minute: 0, second: 0, utcOffsetSeconds: 0)),
                                                    shortTime: ""),
                                  currentUserID: "me")
            entry.extent = random.int(1 ... 5)
            return entry
        }
        for step in 0 ..< 400 {
            switch random.int(0 ... 9) {
            case 0 ... 3:
                let new = entry()
                let position = model.firstIndex { $0.key > new.key } ?? model.count
                store.insert(new, at: store.lowerBound(new.key))
                model.insert(new, at: position)
                modelRows.insert([], at: position)
            case 4 ... 5 where !model.isEmpty:
                let position = random.int(0 ... model.count - 1)
                store.remove(at: position)
                model.remove(at: position)
                modelRows.remove(at: position)
            case 6 where !model.isEmpty:
                let position = random.int(0 ... model.count - 1)
                let extent = random.int(1 ... 9)
                store.update(at: position) { $0.extent = extent; $0.isUnreadCandidate.toggle() }
                model[position].extent = extent
                model[position].isUnreadCandidate.toggle()
                if random.chance(0.5) { continue } // several updates, then one settle
            case 7 where !model.isEmpty:
                // Laid out again: 1–3 new rows written at the table's end, or the rows kept.
                let position = random.int(0 ... model.count - 1)
                let keeps = model[position].rowCount > 0 && random.chance(0.3)
                let tops = keeps ? modelRows[position].map(\.y) : (0 ..< random.int(1 ... 3)).map { $0 * 2 + random.int(0 ... 1) }
                version += 1
                let ids = keeps ? modelRows[position].map(\.id) : tops.indices.map { "v\(version)-\($0)" }
                let extent = (tops.last ?? 0) + 1 + random.int(0 ... 2)
                store.settle()
                let resolved = store.resolve(at: position) { entry, stored, top, rows in
                    if !keeps {
                        for (id, y) in zip(ids, tops) {
                            rows.beginRow()
                            rows.add(Box(role: .messageRow, id: id, frame: Frame(x: 0, y: y, width: 1, height: 1)))
                        }
                        entry.rowCount = tops.count
                    }
                    entry.extent = extent
                }
                model[position] = resolved
                modelRows[position] = Array(zip(ids, tops))
            case 8:
                var page = (0 ..< random.int(1 ... 6)).map { _ in entry() }
                let first = model.first?.key.createdAt.seconds ?? 100
                for index in page.indices { page[index].key = SortKey(createdAt: Timestamp(seconds: first - 100 + Int64(index)), sequence: -step * 10 - index) }
                store.prepend(page)
                model.insert(contentsOf: page, at: 0)
                modelRows.insert(contentsOf: page.map { _ in [] }, at: 0)
            default:
                break
            }
            store.settle()
            if let failure = check(store, model, modelRows, chunkLength: chunkLength) {
                Issue.record("step \(step): \(failure)")
                return
            }
        }
    }

    /// An entry laid out again and again leaves its old records unread in its chunk's table;
    /// once they outnumber the rows, the table is copied without them after the change, and
    /// every row still reads where it was.
    @Test func rewrittenRows_areCompactedAway_afterTheChange() {
        var store = EntryStore(chunkLength: 4)
        for index in 0 ..< 3 {
            store.insert(ListEntry(message: Message(id: "m\(index)", user: User(id: "me"), createdAt: Timestamp(seconds: Int64(index))),
                                   sequence: index,
                                   time: MessageTime(day: CalendarDay(year: 2024, month: 1, day: 1),
                                                     minute: .init(LocalDateTime(day: CalendarDay(year: 2024, month: 1, day: 1), weekday: 2,
                                                                                 hour: 0, minute: 0, second: 0, utcOffsetSeconds: 0)),
                                                     shortTime: ""),
                                   currentUserID: "me"), at: index)
        }
        var recordsSeen: [Int] = []
        for round in 0 ..< 200 {
            let position = round % 3
            store.settle()
            _ = store.resolve(at: position) { entry, _, _, rows in
                rows.beginRow()
                rows.add(Box(role: .messageRow, id: "r\(round)", frame: Frame(x: 0, y: 1, width: 1, height: 2)))
                entry.rowCount = 1
                entry.extent = 3 + position
            }
            store.settle()
            store.compactWastefulChunks()
            recordsSeen.append(store.rows(ofChunk: 0).records.count)
            let view = store.laidOutRows()
            for checked in 0 ... min(round, 2) {
                let expectedRound = round - (position - checked + 3) % 3
                let top = (0 ..< checked).reduce(0) { $0 + 3 + $1 }
                #expect(view.rows.id(ofRow: checked) == "r\(expectedRound)" && view.rows.frame(ofRow: checked).y == top + 1,
                        "round \(round), row \(checked)")
            }
        }
        // Without compaction a row a round: 200 records. With it, never past the rows plus
        // the unread ones allowed.
        #expect(recordsSeen.max()! <= 3 + 65, "\(recordsSeen.max()!) records")
        #expect(recordsSeen.last! < 200)
    }

    /// What the store answers differently from a scan of `model`, or nil.
    private func check(_ store: EntryStore, _ model: [ListEntry], _ modelRows: [[(id: String, y: Int)]], chunkLength: Int) -> String? {
        if store.count != model.count { return "count \(store.count) ≠ \(model.count)" }
        // From the end: the next candidate and the candidates at or after each position.
        var nextCandidate = [Int?](repeating: nil, count: model.count + 1)
        var candidatesFrom = [Int](repeating: 0, count: model.count + 1)
        for position in model.indices.reversed() {
            nextCandidate[position] = model[position].isUnreadCandidate ? position : nextCandidate[position + 1]
            candidatesFrom[position] = candidatesFrom[position + 1] + (model[position].isUnreadCandidate ? 1 : 0)
        }
        let view = store.laidOutRows()
        if view.rows.rowCount != store.rowCount { return "the view has \(view.rows.rowCount) rows of \(store.rowCount)" }
        // The last entry and the one above it, read in place (what an append under it reads).
        if let last = model.last {
            let (above, day, key) = store.lastSurroundings()
            if store.lastKey != last.key || key != last.key || day != last.day || store.lastDecisions !== last.decisionBox {
                return "the last entry read in place is another"
            }
            let expected = model.count > 1 ? model[model.count - 2].asAbove : nil
            if (above == nil) != (expected == nil) || above?.day != expected?.day || above?.endsGroup != expected?.endsGroup {
                return "the entry above the last read in place: \(String(describing: above)) ≠ \(String(describing: expected))"
            }
        }
        var top = 0, row = 0
        for (position, entry) in model.enumerated() {
            if store[position].key != entry.key { return "entry \(position) has another key" }
            if store.top(of: position) != top { return "top of \(position): \(store.top(of: position)) ≠ \(top)" }
            if store.rowIndex(of: position) != row { return "row of \(position): \(store.rowIndex(of: position)) ≠ \(row)" }
            if store.position(of: entry.key) != position { return "position of key \(position)" }
            // By key and a kept index in its chunk: the right index, a stale one (entries
            // moved in the chunk since), one past any chunk's end — the same position.
            let index = store.location(of: position).index
            for hint in [index, (index + 1) % chunkLength, chunkLength + 3] where store.position(of: PlacedKey(entry.key, index: hint)) != position {
                return "position of key \(position) with index \(hint) (at \(index))"
            }
            if store.position(endingBelow: top) != position { return "entry at y \(top): \(store.position(endingBelow: top) ?? -1) ≠ \(position)" }
            if store.firstCandidate(from: position) != nextCandidate[position] { return "first candidate from \(position)" }
            if store.candidateCount(from: position) != candidatesFrom[position] { return "candidates from \(position)" }
            if store[position].rowCount != modelRows[position].count { return "rows of \(position)" }
            for (offset, expected) in modelRows[position].enumerated() {
                if view.rows.id(ofRow: row + offset) != expected.id || view.rows.frame(ofRow: row + offset).y != top + expected.y {
                    return "row \(offset) of \(position): \(view.rows.id(ofRow: row + offset) ?? "-") at \(view.rows.frame(ofRow: row + offset).y)"
                }
            }
            top += entry.extent
            row += entry.rowCount
        }
        if store.extent != top || store.rowCount != row { return "totals \(store.extent)/\(store.rowCount) ≠ \(top)/\(row)" }
        if store.position(endingBelow: top) != nil { return "an entry below the end" }
        // The chunks' last keys, kept apart for the search by key, are the chunks' own.
        if store.store.lastKeys != store.store.chunks.map(\.lastKey) { return "the chunks' last keys are not their last entries'" }
        // A key no entry has: found nowhere, whatever index is kept with it.
        for absent in [SortKey(createdAt: Timestamp(seconds: 25), sequence: -1), SortKey(createdAt: Timestamp(seconds: 99), sequence: -1)] {
            for hint in [0, 1, chunkLength] where store.position(of: PlacedKey(absent, index: hint)) != nil {
                return "an absent key found with index \(hint)"
            }
        }
        if store.candidates != model.filter(\.isUnreadCandidate).count { return "candidates \(store.candidates)" }
        return nil
    }
}
