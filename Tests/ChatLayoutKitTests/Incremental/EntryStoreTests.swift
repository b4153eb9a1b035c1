@testable import ChatLayoutKit
import ChatLayoutTestSupport
import Testing

/// The chunked store of the incremental list against a plain array: after random inserts,
/// removals, updates and prepends, with chunks of 1–4 entries (so chunks split and empty),
/// every running total and every search answers as a linear scan of the array does, and the
/// chunks' rows, read as a laid-out list's, are every entry's rows at its top.
@Suite struct EntryStoreTests {
    @Test(arguments: 1 ... 4)
    func randomChanges_keepEveryTotalAndSearch_likeAPlainArray(chunkLength: Int) {
        var random = SplitMix64(seed: UInt64(40 + chunkLength))
        var store = EntryStore(chunkLength: chunkLength)
        var model: [ListEntry] = []
        var sequence = 0
        func entry() -> ListEntry {
            sequence += 1
            let entry = ListEntry(message: Message(id: "e\(sequence)", user: User(id: random.pick(["me", "you"])),
                                                   createdAt: Timestamp(seconds: Int64(random.int(0 ... 50)))),
                                  sequence: sequence,
                                  time: MessageTime(day: CalendarDay(year: 2024, month: 1, day: 1),
                                                    minute: .init(LocalDateTime(day: CalendarDay(year: 2024, month: 1, day: 1), weekday: 2,
                                                                                hour: 0, minute: 0, second: 0, utcOffsetSeconds: 0)),
                                                    shortTime: ""),
                                  currentUserID: "me")
            return withRows(entry, count: random.chance(0.3) ? 2 : 1, extent: random.int(2 ... 5))
        }
        for step in 0 ..< 400 {
            switch random.int(0 ... 9) {
            case 0 ... 3:
                let new = entry()
                let position = model.firstIndex { $0.key > new.key } ?? model.count
                store.insert(new, at: store.lowerBound(new.key))
                model.insert(new, at: position)
            case 4 ... 5 where !model.isEmpty:
                let position = random.int(0 ... model.count - 1)
                store.remove(at: position)
                model.remove(at: position)
            case 6 ... 7 where !model.isEmpty:
                let position = random.int(0 ... model.count - 1)
                if random.chance(0.3) {
                    // The rows stand; only what the unread separator counts changes.
                    store.update(at: position) { $0.isUnreadCandidate.toggle() }
                } else {
                    var updated = withRows(model[position], count: random.chance(0.5) ? 2 : 1, extent: random.int(2 ... 9))
                    updated.storedRow = store[position].storedRow
                    updated.storedTop = store[position].storedTop
                    store.update(at: position) { $0 = updated; $0.isUnreadCandidate.toggle() }
                    model[position] = updated
                }
                model[position].isUnreadCandidate.toggle()
                if random.chance(0.5) { continue } // several updates, then one settle
            case 8:
                var page = (0 ..< random.int(1 ... 6)).map { _ in entry() }
                let first = model.first?.key.createdAt.seconds ?? 100
                for index in page.indices { page[index].key = SortKey(createdAt: Timestamp(seconds: first - 100 + Int64(index)), sequence: -step * 10 - index) }
                store.prepend(page)
                model.insert(contentsOf: page, at: 0)
            default:
                break
            }
            store.settle()
            if let failure = check(store, model) {
                Issue.record("step \(step): \(failure)")
                return
            }
        }
    }

    /// The incremental list's laid-out list is a view of its store: a chunk of rows per chunk
    /// of entries, standing at that chunk's top, and the rows under the messages in a chunk of
    /// their own; the screen of a viewport views only the chunks it meets.
    @Test func theLaidOutList_isAViewOfTheEntriesChunks() throws {
        var builder = ConversationBuilder()
        for index in 0 ..< 20 { builder = builder.message("m\(index)", by: index % 3 == 0 ? "leia" : "han", at: Double(index * 90)) }
        let list = try IncrementalOracle.make(builder.conversation, config: builder.config, context: builder.context, width: 30,
                                              chunkLength: 4)
        let store = list.entries.store, view = list.list
        #expect(store.chunks.count == 5)
        #expect(view.table.chunks.count == store.chunks.count + (list.footer.isEmpty ? 0 : 1))
        #expect(Array(view.table.tops.prefix(store.chunks.count)) == store.tops)
        #expect(zip(view.table.chunks, store.chunks).allSatisfy { $0.rowCount == $1.rowCount })
        #expect(view.messageRows.count == 20)
        // A band at the top meets the first chunk only: a viewport's screen reads no other.
        let band = 0 ..< store.chunks[0].extent
        let top = list.view(meeting: band)
        #expect(top.table.chunks.count == 1)
        #expect(top.table.rows(overlapping: band).map { top.table.box(ofRow: $0) } == view.rows(overlapping: band))
        var probes = SplitMix64(seed: 3)
        #expect(IncrementalOracle.mismatch(list, probes: &probes) == nil)
    }

    /// `entry` resolved to `count` rows filling `extent`: the last its message row, the others
    /// one unit tall above it, each with an id and a line of text.
    private func withRows(_ entry: ListEntry, count: Int, extent: Int) -> ListEntry {
        var entry = entry
        var rows = RowTable()
        for index in 0 ..< count {
            let last = index == count - 1
            let frame = Frame(x: index, y: index, width: 9, height: last ? extent - index : 1)
            rows.append(Box(role: last ? .messageRow : .dateSeparator, id: last ? entry.message.id : nil, frame: frame,
                            children: [Box(role: .text, frame: frame, text: NeutralText("\(entry.message.id) row \(index)"),
                                           placedLines: [PlacedLine(display: "\(entry.message.id)/\(index)", text: "\(entry.message.id)/\(index)",
                                                                    x: 0, width: 4)])]))
        }
        entry.newRows = rows
        entry.rowCount = count
        entry.extent = extent
        entry.messageRowOffset = count - 1
        entry.messageRowHeight = extent - count + 1
        return entry
    }

    /// What the store answers differently from a scan of `model`, or nil.
    private func check(_ store: EntryStore, _ model: [ListEntry]) -> String? {
        if store.count != model.count { return "count \(store.count) ≠ \(model.count)" }
        // From the end: the next candidate and the candidates at or after each position.
        var nextCandidate = [Int?](repeating: nil, count: model.count + 1)
        var candidatesFrom = [Int](repeating: 0, count: model.count + 1)
        for position in model.indices.reversed() {
            nextCandidate[position] = model[position].isUnreadCandidate ? position : nextCandidate[position + 1]
            candidatesFrom[position] = candidatesFrom[position + 1] + (model[position].isUnreadCandidate ? 1 : 0)
        }
        var top = 0, row = 0
        for (position, entry) in model.enumerated() {
            if store[position].key != entry.key { return "entry \(position) has another key" }
            if store.top(of: position) != top { return "top of \(position): \(store.top(of: position)) ≠ \(top)" }
            if store.rowIndex(of: position) != row { return "row of \(position): \(store.rowIndex(of: position)) ≠ \(row)" }
            if store.position(of: entry.key) != position { return "position of key \(position)" }
            if store.position(endingBelow: top) != position { return "entry at y \(top): \(store.position(endingBelow: top) ?? -1) ≠ \(position)" }
            if store.firstCandidate(from: position) != nextCandidate[position] { return "first candidate from \(position)" }
            if store.candidateCount(from: position) != candidatesFrom[position] { return "candidates from \(position)" }
            top += entry.extent
            row += entry.rowCount
        }
        if store.extent != top || store.rowCount != row { return "totals \(store.extent)/\(store.rowCount) ≠ \(top)/\(row)" }
        if store.position(endingBelow: top) != nil { return "an entry below the end" }
        if store.candidates != model.filter(\.isUnreadCandidate).count { return "candidates \(store.candidates)" }
        // The chunks' rows as a laid-out list reads them: each entry's rows at its top.
        let (rows, messageRows) = store.laidOutRows()
        var expected: [Box] = [], expectedMessageRows: [LaidOutList.MessageRow] = []
        top = 0
        for entry in model {
            expected += entry.newRows!.boxes(dy: top)
            expectedMessageRows.append(LaidOutList.MessageRow(top: top + entry.messageRowOffset, bottom: top + entry.extent, dateLabel: ""))
            top += entry.extent
        }
        if rows.boxes() != expected { return "rows differ from each entry's at its top" }
        if rows.extent != store.extent { return "rows end at \(rows.extent), the entries at \(store.extent)" }
        if !messageRows.elementsEqual(expectedMessageRows, by: { $0.top == $1.top && $0.bottom == $1.bottom }) { return "message rows differ" }
        return nil
    }
}
