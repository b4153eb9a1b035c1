@_spi(ChatLayoutStages) import ChatLayoutModel
@_spi(ChatLayoutStages) import ChatLayoutDecisions
import ChatLayoutComposition

/// A shown message's sort key and the index its entry took in its chunk when it was put in:
/// the list keeps this per id, and a search for the entry reads the entry at that index first
/// (`EntryStore.position(of:)`, `messageRowPlace(of:)`) — a jump to a message reads one entry
/// of its chunk, not a binary search's cache misses across it. Only a hint: an entry put in
/// above it in its chunk, or a chunk split, moves the entry; the key there is checked, and a
/// search finds it.
struct PlacedKey: Hashable, Sendable {
    var key: SortKey
    /// The entry's index in its chunk when it was put in.
    var index: Int32

    init(_ key: SortKey, index: Int) {
        self.key = key
        self.index = Int32(clamping: index)
    }
}

/// The entries of a list in order, in chunks of a few hundred (a ``RowStore`` of them, the
/// store a laid-out list's rows are kept in), with running totals of their extents (row
/// offsets), row counts and unread candidates kept per chunk and, by the store, across chunks.
///
/// Each chunk keeps its entries' rows in one ``RowTable``, in the entries' order, each row
/// read from its entry's top in the chunk: the shape the batch layout builds (`LaidOutRows`
/// chunks), so the laid-out list is a view of these chunks, shared and not copied
/// (`IncrementalMessageList.list`). An entry laid out again writes its new rows at the end of
/// its chunk's table and puts them in its place; the entries under it move by their read
/// offsets, no record is copied. A change rewrites no offsets but those of its own chunk
/// (O(chunk)) and the totals of the chunks after it (O(n / chunk)): appending at the end
/// touches neither. A chunk's table is compacted without its unread records once they
/// outnumber the rows (`RowTable.compact()`: its rows written in order stay where they are).
/// Finding an entry by position, sort key or y is a binary search over the chunks
/// (by key: over their last keys, kept side by side), then inside one (O(log n)); by a key
/// kept with its index in its chunk (`PlacedKey`), the entry at that index when it still has
/// the key.
struct EntryStore: Sendable {
    /// Chunks are built this long and split when they grow to twice as long: long enough that
    /// the totals over chunks stay short, short enough that a change inside one is cheap.
    static let defaultChunkLength = 512

    struct Chunk: RowStoreChunk {
        var entries: [ListEntry]
        /// The top of each entry and the index of its first row, from the chunk's start.
        var tops: [Int] = []
        var rowStarts: [Int] = []
        var extent = 0
        var rowCount = 0
        var candidates = 0
        /// The running totals from this index on wait for `settle()`.
        var staleFrom: Int?
        /// The entries' rows in their order, each read from its entry's top in the chunk.
        var rows = RowTable()
        /// Rows written that no entry reads any more (the table is copied without them when
        /// they outnumber the rest).
        var unreadRows = 0

        var count: Int { entries.count }

        /// Makes room for `capacity` entries in all.
        mutating func reserveCapacity(_ capacity: Int) {
            entries.reserveCapacity(capacity)
            tops.reserveCapacity(capacity)
            rowStarts.reserveCapacity(capacity)
        }

        /// Its last entry's key: the store keeps them side by side (`RowStore.lastKeys`).
        var lastKey: SortKey { entries[entries.count - 1].key }

        /// A chunk of `entries`, their rows (in their order, read from their tops) in `rows`.
        init(_ entries: [ListEntry], rows: RowTable = RowTable(), capacity: Int = 0) {
            self.entries = entries
            self.rows = rows
            let capacity = max(capacity, entries.count)
            if capacity > entries.count { self.entries.reserveCapacity(capacity) }
            tops.reserveCapacity(capacity)
            rowStarts.reserveCapacity(capacity)
            for entry in entries {
                tops.append(extent)
                rowStarts.append(rowCount)
                extent += entry.extent
                rowCount += entry.rowCount
                if entry.isUnreadCandidate { candidates += 1 }
            }
        }

        /// The running totals again from `index` on; the rows of an entry whose top changed
        /// are read from its new top.
        mutating func retotal(from index: Int) {
            var top = index > 0 ? tops[index - 1] + entries[index - 1].extent : 0
            var row = index > 0 ? rowStarts[index - 1] + entries[index - 1].rowCount : 0
            for position in index ..< entries.count {
                let old = tops[position]
                tops[position] = top
                rowStarts[position] = row
                rows.moveRows(row ..< row + entries[position].rowCount, by: top - old)
                top += entries[position].extent
                row += entries[position].rowCount
            }
            extent = top
            rowCount = row
        }

        /// Compacts the table without its unread records once they outnumber the rows.
        mutating func compactIfWasteful() {
            guard unreadRows > max(64, rows.rowCount) else { return }
            rows.compact()
            unreadRows = 0
        }
    }

    let chunkLength: Int
    /// The chunks, with the position of each one's first entry, the index of its first row
    /// and its top.
    private(set) var store = RowStore<Chunk>()
    /// The first chunk whose running totals wait for `settle()`.
    private var staleChunk: Int?
    /// How many entries are unread candidates.
    private(set) var candidates = 0
    /// Chunks whose unread records may outnumber their rows (``compactWastefulChunks()``).
    private var wastefulChunks: [Int] = []

    /// An empty store that allocates nothing (one that stands in while the store is edited).
    init(chunkLength: Int = defaultChunkLength) {
        self.chunkLength = max(1, chunkLength)
    }

    init(_ entries: [ListEntry], chunkLength: Int = defaultChunkLength) {
        self.chunkLength = max(1, chunkLength)
        store = RowStore(Self.chunks(entries, length: self.chunkLength))
        candidates = store.chunks.reduce(0) { $0 + $1.candidates }
    }

    /// A store of `count` entries resolved top to bottom: `resolve` gives entry `index`, its
    /// rows written at the end of the table it is handed (from the entry's top, y = 0), in
    /// chunks of `chunkLength` each with its own table.
    init(resolving count: Int, chunkLength: Int = defaultChunkLength, _ resolve: (Int, inout RowTable) -> ListEntry) {
        self.chunkLength = max(1, chunkLength)
        var start = 0
        while start < count {
            let end = min(count, start + self.chunkLength)
            var rows = RowTable()
            var entries: [ListEntry] = []
            entries.reserveCapacity(end - start)
            var top = 0
            for index in start ..< end {
                let first = rows.rowCount
                let entry = resolve(index, &rows)
                rows.moveRows(first ..< rows.rowCount, by: top)
                top += entry.extent
                entries.append(entry)
            }
            let chunk = Chunk(entries, rows: rows)
            candidates += chunk.candidates
            store.append(chunk)
            start = end
        }
    }

    /// `entries` in chunks of `length`.
    private static func chunks(_ entries: [ListEntry], length: Int) -> [Chunk] {
        var chunks: [Chunk] = []
        var start = 0
        while start < entries.count {
            let end = min(entries.count, start + length)
            chunks.append(Chunk(Array(entries[start ..< end])))
            start = end
        }
        return chunks
    }

    /// How many entries there are, their total extent and rows.
    var count: Int { store.count }
    var extent: Int { store.extent }
    var rowCount: Int { store.rowCount }
    var isEmpty: Bool { count == 0 }

    // MARK: Reading

    /// The chunk and index of the entry at `position` (0 ..< count).
    func location(of position: Int) -> (chunk: Int, index: Int) {
        precondition(position >= 0 && position < count, "entry \(position) of \(count)")
        return store.location(of: position)
    }

    /// The entry at `position`, read in place: reading one of its fields (a key, a day)
    /// copies nothing else.
    subscript(position: Int) -> ListEntry {
        _read {
            let (chunk, index) = location(of: position)
            yield store.chunks[chunk].entries[index]
        }
    }

    /// The top of the entry at `position` in the list (the start of the space above it).
    func top(of position: Int) -> Int {
        assert(staleChunk == nil, "running totals read before settle()")
        let (chunk, index) = location(of: position)
        return top(chunk: chunk, index: index)
    }

    /// The top of entry `index` of chunk `chunk` in the list.
    private func top(chunk: Int, index: Int) -> Int {
        store.tops[chunk] + store.chunks[chunk].tops[index]
    }

    /// The top of the first row of entry `index` of chunk `chunk` in the list (below the
    /// space above it).
    private func firstRowTop(chunk: Int, index: Int) -> Int {
        store.tops[chunk] + store.chunks[chunk].rows.frame(ofRow: store.chunks[chunk].rowStarts[index]).y
    }

    /// The index of the first row of the entry at `position`.
    func rowIndex(of position: Int) -> Int {
        assert(staleChunk == nil, "running totals read before settle()")
        let (chunk, index) = location(of: position)
        return store.rowStarts[chunk] + store.chunks[chunk].rowStarts[index]
    }

    /// Copies the rows of the entry at `position` to the end of `table`, as they are read in
    /// its chunk (from the chunk's top).
    func copyRows(of position: Int, into table: inout RowTable) {
        let (chunk, index) = location(of: position)
        let first = store.chunks[chunk].rowStarts[index]
        for row in first ..< first + store.chunks[chunk].entries[index].rowCount {
            table.appendRow(copying: row, of: store.chunks[chunk].rows)
        }
    }

    /// The rows of the chunks that reach into `band` (all of them without one), as the batch
    /// layout's store holds them, each chunk's table shared, with their message rows: O(the
    /// chunks), no row copied.
    func laidOutRows(meeting band: Range<Int>? = nil) -> (rows: LaidOutRows, messageRows: MessageRowRuns) {
        assert(staleChunk == nil, "rows read before settle()")
        var rows = LaidOutRows(), messageRows = MessageRowRuns()
        var first = 0, end = store.chunks.count
        if let band {
            first = store.chunk(endingBelow: band.lowerBound) ?? end
            end = max(first, store.firstChunk { store.tops[$0] >= band.upperBound })
        }
        for index in first ..< end where store.chunks[index].rowCount > 0 {
            let chunk = store.chunks[index]
            rows.append(chunk.rows, top: store.tops[index])
            messageRows.append(chunk.entries.indices.map { chunk.entries[$0].messageRow(top: chunk.tops[$0]) }, top: store.tops[index])
        }
        return (rows, messageRows)
    }

    /// The last entry's decisions and key (there is one), read in place.
    var lastDecisions: DecisionBox { store.chunks[store.chunks.count - 1].entries[store.chunks[store.chunks.count - 1].count - 1].decisionBox }
    var lastKey: SortKey { store.lastKeys[store.lastKeys.count - 1] }

    /// Whether the last entry ends its group (false without entries), read in place.
    var lastEndsGroup: Bool {
        guard let chunk = store.chunks.last, let entry = chunk.entries.last else { return false }
        return entry.decisionBox.value.isLastInGroup
    }

    /// `body` given the last entry (there is one), its chunk's table, the index of its first row
    /// there and its top in the chunk, read in place.
    func readLast<Result>(_ body: (ListEntry, RowTable, Int, Int) -> Result) -> Result {
        assert(staleChunk == nil, "the last entry read before settle()")
        let chunk = store.chunks.count - 1, index = store.chunks[chunk].entries.count - 1
        return body(store.chunks[chunk].entries[index], store.chunks[chunk].rows, store.chunks[chunk].rowStarts[index],
                    store.chunks[chunk].tops[index])
    }

    /// What the last entry's decisions read around it (there is one): the entry above it
    /// (nil at the top), and its own day and key — read in place, no entry copied.
    func lastSurroundings() -> (above: MessageAbove?, day: CalendarDay, key: SortKey) {
        let chunk = store.chunks.count - 1, index = store.chunks[chunk].entries.count - 1
        let day = store.chunks[chunk].entries[index].decisionBox.value.day, key = store.chunks[chunk].entries[index].key
        if index > 0 {
            let box = store.chunks[chunk].entries[index - 1].decisionBox
            return (MessageAbove(day: box.value.day, endsGroup: box.value.isLastInGroup), day, key)
        }
        guard chunk > 0 else { return (nil, day, key) }
        let box = store.chunks[chunk - 1].entries[store.chunks[chunk - 1].entries.count - 1].decisionBox
        return (MessageAbove(day: box.value.day, endsGroup: box.value.isLastInGroup), day, key)
    }

    /// Changes the last entry (there is one) in place with its chunk's table (`change` given
    /// them) when `change` returns true; its
    /// extent may change, not its rows' count nor whether it counts for the unread separator.
    /// The chunk's totals follow at once: nothing under it moves. Returns what `change`
    /// returned; `unreadRows`, rows of the entry's left unread in the table, counted then
    /// (see `Chunk.unreadRows`).
    mutating func updateLast(unreadRows: Int, _ change: (inout ListEntry, inout RowTable) -> Bool) -> Bool {
        assert(staleChunk == nil, "the last entry changed before settle()")
        let last = store.chunks.count - 1
        let (changed, wasteful) = store.modifyLeavingOffsets(last) { chunk in
            let index = chunk.entries.count - 1
            let extent = chunk.entries[index].extent, rowCount = chunk.entries[index].rowCount
            let candidate = chunk.entries[index].isUnreadCandidate
            guard change(&chunk.entries[index], &chunk.rows) else { return (false, false) }
            precondition(chunk.entries[index].rowCount == rowCount && chunk.entries[index].isUnreadCandidate == candidate,
                         "the last entry's rows or unread candidacy changed in place")
            chunk.extent += chunk.entries[index].extent - extent
            chunk.unreadRows += unreadRows
            return (true, chunk.unreadRows > max(64, chunk.rows.rowCount))
        }
        if wasteful && !wastefulChunks.contains(last) { wastefulChunks.append(last) }
        return changed
    }

    /// Calls `body` with each row of the entries from `position` on, top to bottom, with its
    /// index in the list, until it returns false. Returns false if it did.
    @discardableResult
    func forEachRow(from position: Int, texts: EntryRowTexts, _ body: (EntryRow, Int) -> Bool) -> Bool {
        assert(staleChunk == nil, "rows read before settle()")
        guard position < count else { return true }
        var (chunk, index) = location(of: position)
        let chunks = store.chunks
        while chunk < chunks.count {
            let entries = chunks[chunk].entries, table = chunks[chunk].rows, chunkTop = store.tops[chunk]
            while index < entries.count {
                var row = chunks[chunk].rowStarts[index]
                var stopped = false
                entries[index].forEachRowContent(texts: texts) { id, content in
                    guard !stopped else { return }
                    if !body(EntryRow(id: id, content: content, place: .stored(table, row: row, dy: chunkTop)), store.rowStarts[chunk] + row) {
                        stopped = true
                    }
                    row += 1
                }
                if stopped { return false }
                index += 1
            }
            chunk += 1
            index = 0
        }
        return true
    }

    /// Calls `body` with each row of the entry at `position`, top to bottom, with its index in
    /// the list: the entry and its chunk read in place.
    func forEachRow(of position: Int, texts: EntryRowTexts, _ body: (EntryRow, Int) -> Void) {
        assert(staleChunk == nil, "rows read before settle()")
        let (chunk, index) = location(of: position)
        let table = store.chunks[chunk].rows, chunkTop = store.tops[chunk], first = store.rowStarts[chunk]
        var row = store.chunks[chunk].rowStarts[index]
        store.chunks[chunk].entries[index].forEachRowContent(texts: texts) { id, content in
            body(EntryRow(id: id, content: content, place: .stored(table, row: row, dy: chunkTop)), first + row)
            row += 1
        }
    }

    /// Appends the rows of the entry at `position` (its message row alone with
    /// `messageRowOnly`) to `items` as the list's items, top to bottom, each reading its box
    /// from the chunk's table: what `forEachRow(of:…)` and `EntryRow.laidOut(index:)` make,
    /// without a row in between.
    func appendItems(of position: Int, texts: EntryRowTexts, messageRowOnly: Bool = false, to items: inout [LaidOutItem]) {
        assert(staleChunk == nil, "rows read before settle()")
        let (chunk, index) = location(of: position)
        let chunkTop = store.tops[chunk], first = store.rowStarts[chunk]
        store.chunks.withUnsafeBufferPointer { chunks in
            // The chunk and the entry read in place, not copied; the message row is its last.
            let start = chunks[chunk].rowStarts[index]
            chunks[chunk].entries.withUnsafeBufferPointer { entries in
                // Its fields read through a pointer, each alone: an entry read as a value is
                // copied whole (its decisions' reference retained) for each.
                let entry = entries.baseAddress! + index
                let rowCount = entry.pointee.rowCount, decisions = entry.pointee.decisionBox
                let olderPageRow = entry.pointee.hasOlderPageRow, dateSeparator = entry.pointee.hasDateSeparator
                let unreadSeparator = entry.pointee.hasUnreadSeparator
                if messageRowOnly || (rowCount == 1 && items.isEmpty) {
                    let item = LaidOutItem(id: .message(decisions.value.message.id), index: first + start + rowCount - 1,
                                           decision: decisions, table: chunks[chunk].rows, row: start + rowCount - 1, dy: chunkTop)
                    // The usual diff's one row (an appended message, the row above it) into an
                    // array made for it: an empty one grown would go through the array's
                    // generic growth, most of the append's cost of the array.
                    if items.isEmpty { items = [item] } else { items.append(item) }
                    return
                }
                items.reserveCapacity(items.count + rowCount)
                var row = start
                ListEntry.forEachRowContent(olderPageRow: olderPageRow, dateSeparator: dateSeparator, unreadSeparator: unreadSeparator,
                                            decisions: decisions, texts: texts) { id, content in
                    if case .message(let decision) = content {
                        items.append(LaidOutItem(id: id, index: first + row, decision: decision, table: chunks[chunk].rows, row: row,
                                                 dy: chunkTop))
                    } else {
                        items.append(LaidOutItem(id: id, index: first + row, item: EntryRow.item(content), table: chunks[chunk].rows,
                                                 row: row, dy: chunkTop))
                    }
                    row += 1
                }
            }
        }
    }

    /// The first position whose entry satisfies `isAtOrAfter`, which must be false for a
    /// prefix of the entries and true for the rest (else `count`).
    func partitionPoint(_ isAtOrAfter: (ListEntry) -> Bool) -> Int {
        let chunks = store.chunks
        // The first chunk whose last entry satisfies it.
        let chunk = store.firstChunk { isAtOrAfter(chunks[$0].entries[chunks[$0].entries.count - 1]) }
        guard chunk < chunks.count else { return count }
        let entries = chunks[chunk].entries
        var first = 0, last = entries.count
        while first < last {
            let middle = (first + last) / 2
            if isAtOrAfter(entries[middle]) { last = middle } else { first = middle + 1 }
        }
        return store.starts[chunk] + first
    }

    /// The first position whose key is `key` or after it. Keys after the last chunk's first
    /// (where appends land, and the entries around them) are searched in that chunk alone.
    func lowerBound(_ key: SortKey) -> Int {
        let lastChunk = store.chunks.count - 1
        guard lastChunk >= 0, store.chunks[lastChunk].entries[0].key < key else {
            let chunk = firstChunk(atOrAfter: key)
            guard chunk < store.chunks.count else { return count }
            return store.starts[chunk] + store.chunks[chunk].entries.withUnsafeBufferPointer { Self.firstIndex(in: $0, atOrAfter: key) }
        }
        let entries = store.chunks[lastChunk].entries
        if entries[entries.count - 1].key < key { return count }
        var first = 1, last = entries.count - 1
        // The bottom few first, from the end: an append looks up the new entry and the one
        // above it.
        var steps = 0
        while last > first && steps < 2 && entries[last - 1].key >= key {
            last -= 1
            steps += 1
        }
        if last == first || entries[last - 1].key < key { return store.starts[lastChunk] + last }
        while first < last {
            let middle = (first + last) / 2
            if entries[middle].key >= key { last = middle } else { first = middle + 1 }
        }
        return store.starts[lastChunk] + first
    }

    /// The first position whose key is after `key`.
    func upperBound(_ key: SortKey) -> Int { partitionPoint { $0.key > key } }

    /// The position of the entry with `key`, if there is one.
    func position(of key: SortKey) -> Int? {
        let position = lowerBound(key)
        return position < count && self[position].key == key ? position : nil
    }

    /// The position of the entry with `placed.key`, if there is one: the entry at the index
    /// `placed` names in the chunk the key falls in, when it has that key (no search of
    /// the chunk), else the search.
    func position(of placed: PlacedKey) -> Int? {
        let chunk = firstChunk(atOrAfter: placed.key)
        guard chunk < store.chunks.count else { return nil }
        let index = store.chunks[chunk].entries.withUnsafeBufferPointer { Self.index(in: $0, of: placed) }
        return index.map { store.starts[chunk] + $0 }
    }

    /// The index in its chunk that an entry appended at the bottom now takes (0: a new
    /// chunk's first).
    var nextAppendedIndex: Int {
        let last = store.chunks.count - 1
        return last >= 0 && store.chunks[last].entries.count < chunkLength ? store.chunks[last].entries.count : 0
    }

    /// The first chunk whose last entry's key is `key` or after it (else the chunks' count):
    /// a binary search over the chunks' last keys, one array (no chunk read).
    private func firstChunk(atOrAfter key: SortKey) -> Int {
        let lastKeys = store.lastKeys
        return store.firstChunk { lastKeys[$0] >= key }
    }

    /// The first index of `entries` (sorted) whose key is `key` or after it (else their count).
    private static func firstIndex(in entries: UnsafeBufferPointer<ListEntry>, atOrAfter key: SortKey) -> Int {
        var first = 0, last = entries.count
        while first < last {
            let middle = (first + last) / 2
            if entries[middle].key >= key { last = middle } else { first = middle + 1 }
        }
        return first
    }

    /// The index of the entry with `placed.key` among a chunk's `entries`: its hinted index
    /// when the entry there has the key, else found by a binary search; nil when none has it.
    private static func index(in entries: UnsafeBufferPointer<ListEntry>, of placed: PlacedKey) -> Int? {
        let hint = Int(placed.index)
        if hint < entries.count && entries[hint].key == placed.key { return hint }
        let found = firstIndex(in: entries, atOrAfter: placed.key)
        return found < entries.count && entries[found].key == placed.key ? found : nil
    }

    /// Where the message row of the entry with `key` is (list coordinates: its top and
    /// height) and where the entry's first row starts (a separator above the message goes
    /// with it), found by one search and read in place: what a jump to a message needs.
    func messageRowPlace(of placed: PlacedKey) -> (y: Int, height: Int, firstRowTop: Int)? {
        assert(staleChunk == nil, "running totals read before settle()")
        let chunk = firstChunk(atOrAfter: placed.key)
        guard chunk < store.chunks.count else { return nil }
        return store.chunks[chunk].entries.withUnsafeBufferPointer { entries in
            guard let first = Self.index(in: entries, of: placed) else { return nil }
            let y = top(chunk: chunk, index: first) + entries[first].messageRowOffset
            let hasRowsAbove = entries[first].hasOlderPageRow || entries[first].hasDateSeparator || entries[first].hasUnreadSeparator
            return (y, entries[first].messageRowHeight, hasRowsAbove ? firstRowTop(chunk: chunk, index: first) : y)
        }
    }

    /// The first entry whose bottom (top + extent) is below `y`, if any.
    func position(endingBelow y: Int) -> Int? {
        assert(staleChunk == nil, "running totals read before settle()")
        guard let index = store.chunk(endingBelow: y) else { return nil }
        let chunk = store.chunks[index], top = store.tops[index]
        var first = 0, last = chunk.entries.count
        while first < last {
            let middle = (first + last) / 2
            if top + chunk.tops[middle] + chunk.entries[middle].extent > y { last = middle } else { first = middle + 1 }
        }
        return store.starts[index] + first
    }

    /// Calls `body` with each entry from `position` on, with its position and top, until it
    /// returns false.
    func forEach(from position: Int, _ body: (Int, Int, ListEntry) -> Bool) {
        assert(staleChunk == nil, "running totals read before settle()")
        guard position < count else { return }
        var (chunk, index) = location(of: position)
        let chunks = store.chunks
        while chunk < chunks.count {
            let entries = chunks[chunk].entries
            while index < entries.count {
                let top = store.tops[chunk] + chunks[chunk].tops[index]
                if !body(store.starts[chunk] + index, top, entries[index]) { return }
                index += 1
            }
            chunk += 1
            index = 0
        }
    }

    /// The first unread candidate at `position` or after it; chunks without one are skipped.
    func firstCandidate(from position: Int) -> Int? {
        guard position < count else { return nil }
        var (chunk, index) = location(of: position)
        let chunks = store.chunks
        while chunk < chunks.count {
            if chunks[chunk].candidates > 0 {
                let entries = chunks[chunk].entries
                while index < entries.count {
                    if entries[index].isUnreadCandidate { return store.starts[chunk] + index }
                    index += 1
                }
            }
            chunk += 1
            index = 0
        }
        return nil
    }

    /// How many unread candidates there are at `position` and after it.
    func candidateCount(from position: Int) -> Int {
        guard position < count else { return 0 }
        let (chunk, index) = location(of: position)
        var before = 0
        for earlier in 0 ..< chunk { before += store.chunks[earlier].candidates }
        for entry in store.chunks[chunk].entries[..<index] where entry.isUnreadCandidate { before += 1 }
        return candidates - before
    }

    // MARK: Changing

    /// Changes the entry at `position` in place (not its key). Positions, keys and unread
    /// candidates stay readable; tops and row indices wait for `settle()`, so that many
    /// updates cost one pass over the totals.
    mutating func update(at position: Int, _ change: (inout ListEntry) -> Void) {
        let (chunk, index) = location(of: position)
        let (candidates, stale) = store.modifyLeavingOffsets(chunk) { chunk in
            let old = (extent: chunk.entries[index].extent, rows: chunk.entries[index].rowCount,
                       candidate: chunk.entries[index].isUnreadCandidate)
            change(&chunk.entries[index])
            let candidates = (chunk.entries[index].isUnreadCandidate ? 1 : 0) - (old.candidate ? 1 : 0)
            chunk.candidates += candidates
            let stale = chunk.entries[index].extent != old.extent || chunk.entries[index].rowCount != old.rows
            if stale { chunk.staleFrom = min(chunk.staleFrom ?? index + 1, index + 1) }
            return (candidates, stale)
        }
        self.candidates += candidates
        if stale { staleChunk = min(staleChunk ?? chunk, chunk) }
    }

    /// Brings the running totals up to date after `update(at:_:)`: the stale chunks from
    /// their first changed entry, then the store's offsets of the chunks from the first stale one.
    mutating func settle() {
        guard let first = staleChunk else { return }
        for chunk in first ..< store.chunks.count where store.chunks[chunk].staleFrom != nil {
            store.modifyLeavingOffsets(chunk) { chunk in
                chunk.retotal(from: chunk.staleFrom!)
                chunk.staleFrom = nil
            }
        }
        staleChunk = nil
        store.retotal(from: first)
    }

    /// Resolves the entry at `position` again in place: `resolve` is handed the entry (where
    /// it is stored, not a copy of it), the index of its first row in its
    /// chunk's table and the top they are read from (the entry's in the chunk), and the table,
    /// and resolves the entry — its rows kept, or new rows written at the end of the table
    /// (`Pipeline.resolve`), which take the old ones' place. Returns the entry resolved.
    /// Tops and row indices after it wait for `settle()`.
    /// `beforeRewriting` is handed the entry's key, its chunk and where its old rows' records
    /// start (an entry's rows are written one after another) just before new rows take their
    /// place: those records stay in the chunk's table, unread, until ``compactWastefulChunks()``.
    mutating func resolve(at position: Int, beforeRewriting: (SortKey, Int, Int) -> Void = { _, _, _ in },
                          _ resolve: (inout ListEntry, Int, Int, inout RowTable) -> Void) -> ListEntry {
        assert(staleChunk == nil, "an entry resolved before settle()")
        let (chunk, index) = location(of: position)
        let chunkIndex = chunk
        let (resolved, candidates, stale, wasteful) = store.modifyLeavingOffsets(chunk) { chunk in
            let key = chunk.entries[index].key, oldRowCount = chunk.entries[index].rowCount
            let wasCandidate = chunk.entries[index].isUnreadCandidate, oldExtent = chunk.entries[index].extent
            let firstRow = chunk.rowStarts[index], top = chunk.tops[index]
            let written = chunk.rows.rowCount
            resolve(&chunk.entries[index], firstRow, top, &chunk.rows)
            let resolved = chunk.entries[index]
            let rewritten = chunk.rows.rowCount > written
            if rewritten {
                beforeRewriting(key, chunkIndex, oldRowCount > 0 ? chunk.rows.recordStart(ofRow: firstRow) : 0)
                chunk.rows.placeLastRows(chunk.rows.rowCount - written, at: firstRow, replacing: oldRowCount, offset: top)
                chunk.unreadRows += oldRowCount
            }
            let candidates = (resolved.isUnreadCandidate ? 1 : 0) - (wasCandidate ? 1 : 0)
            chunk.candidates += candidates
            let stale = resolved.extent != oldExtent || resolved.rowCount != oldRowCount
            if stale { chunk.staleFrom = min(chunk.staleFrom ?? index + 1, index + 1) }
            return (resolved, candidates, stale, chunk.unreadRows > max(64, chunk.rows.rowCount))
        }
        if wasteful && !wastefulChunks.contains(chunk) { wastefulChunks.append(chunk) }
        self.candidates += candidates
        if stale { staleChunk = min(staleChunk ?? chunk, chunk) }
        return resolved
    }

    /// Copies each chunk's table without its unread records once they outnumber its rows
    /// (after a change: until then, the records its entries' rows had before it are read).
    mutating func compactWastefulChunks() {
        guard !wastefulChunks.isEmpty else { return }
        for chunk in wastefulChunks where chunk < store.chunks.count {
            store.modifyLeavingOffsets(chunk) { $0.compactIfWasteful() }
        }
        wastefulChunks.removeAll()
    }

    /// The rows of chunk `chunk` (its table).
    func rows(ofChunk chunk: Int) -> RowTable { store.chunks[chunk].rows }

    /// Inserts `entry` (not resolved yet: it has no rows) at `position` (0 ... count).
    mutating func insert(_ entry: ListEntry, at position: Int) {
        settle()
        guard !store.chunks.isEmpty else {
            self = EntryStore([entry], chunkLength: chunkLength)
            return
        }
        let last = store.chunks.count - 1
        // Appending to a full last chunk starts a new one: no chunk is split, no row copied
        // (the common case: a message arrives at the bottom).
        if position == count && store.chunks[last].entries.count >= chunkLength {
            let chunk = Chunk([entry], capacity: chunkLength)
            candidates += chunk.candidates
            store.append(chunk)
            return
        }
        let (chunk, index) = position == count ? (last, store.chunks[last].entries.count) : location(of: position)
        let length = store.modify(chunk) { chunk in
            chunk.entries.insert(entry, at: index)
            chunk.tops.insert(0, at: index)
            chunk.rowStarts.insert(0, at: index)
            chunk.retotal(from: index)
            if entry.isUnreadCandidate { chunk.candidates += 1 }
            return chunk.entries.count
        }
        if entry.isUnreadCandidate { candidates += 1 }
        if length >= 2 * chunkLength {
            // The upper half keeps the table (without the lower half's rows), the lower half
            // takes a copy of its rows, read from its own top.
            var upper = store.chunks[chunk]
            let rowSplit = upper.rowStarts[chunkLength], topSplit = upper.tops[chunkLength]
            var lowerRows = RowTable()
            lowerRows.reserveCapacity(rows: upper.rowCount - rowSplit)
            for row in rowSplit ..< upper.rowCount { lowerRows.appendRow(copying: row, of: upper.rows, offsetBy: -topSplit) }
            let lower = Chunk(Array(upper.entries[chunkLength...]), rows: lowerRows)
            upper.rows.removeRows(rowSplit ..< upper.rowCount)
            var kept = Chunk(Array(upper.entries[..<chunkLength]), rows: upper.rows)
            kept.unreadRows = upper.unreadRows + upper.rowCount - rowSplit
            store.replace(chunk ..< chunk + 1, with: [kept, lower])
        }
    }

    /// The table an entry appended at the bottom writes its rows into, at its end, from the
    /// entry's top (y = 0): the last chunk's, taken out of it (a new chunk's, empty, when the
    /// last is full). ``append(_:rows:)`` puts it back with the entry; nothing reads the store
    /// in between. Appending this way — rather than inserting an entry not yet resolved and
    /// resolving it in place (`resolve(at:…)`) — makes no placeholder entry and no search, and
    /// the rows are written with no closure around the writing.
    mutating func tableForAppending() -> RowTable {
        settle()
        let last = store.chunks.count - 1
        guard last >= 0 else { return RowTable() }
        guard store.chunks[last].entries.count < chunkLength else {
            // A chunk begun at the bottom: its table made as large as the full chunk's before
            // it, which the messages coming next fill about as much, rather than grown by
            // doubling (every row written so far copied each time, into memory not touched
            // yet: a few of a chunk's appends many times as slow as the others).
            var table = RowTable()
            table.reserveCapacity(like: store.chunks[last].rows)
            return table
        }
        return store.modifyLeavingOffsets(last) { chunk in
            var rows = RowTable()
            swap(&rows, &chunk.rows) // moved out, not copied
            return rows
        }
    }

    /// Appends `entry` at the bottom, its rows written at the end of `rows`, the table
    /// ``tableForAppending()`` gave, from its top (moved back into the store: `rows` is left
    /// empty).
    mutating func append(_ entry: consuming ListEntry, rows: inout RowTable) {
        let last = store.chunks.count - 1
        guard last >= 0, store.chunks[last].entries.count < chunkLength else {
            var table = RowTable()
            swap(&table, &rows)
            // A chunk begun at the bottom is filled by the messages that come next: room made
            // for them at once, not by doubling (each time, the entries moved and, for arrays
            // this large, memory asked of the system: rare appends many times as slow).
            let chunk = Chunk([entry], rows: table, capacity: chunkLength)
            candidates += chunk.candidates
            store.append(chunk)
            return
        }
        let chunkLength = chunkLength
        let isUnreadCandidate = entry.isUnreadCandidate
        // Moved into the chunk through an optional the closure takes it from: captured, the
        // entry itself would be copied into it.
        var moving: ListEntry? = consume entry
        store.modify(last) { chunk in
            let entry = moving.take()!
            let first = chunk.rowCount, top = chunk.extent
            rows.moveRows(first ..< rows.rowCount, by: top)
            swap(&rows, &chunk.rows)
            // A full chunk made by a whole layout (as long as its entries) is grown once to its
            // length, as a chunk begun at the bottom is made.
            if chunk.entries.count == chunk.entries.capacity { chunk.reserveCapacity(chunkLength) }
            chunk.tops.append(top)
            chunk.rowStarts.append(first)
            chunk.extent += entry.extent
            chunk.rowCount += entry.rowCount
            if entry.isUnreadCandidate { chunk.candidates += 1 }
            chunk.entries.append(entry)
        }
        if isUnreadCandidate { candidates += 1 }
    }

    /// Inserts `entries`, sorted and all before the first entry, at the top.
    mutating func prepend(_ entries: [ListEntry]) {
        settle()
        guard !entries.isEmpty else { return }
        let page = Self.chunks(entries, length: chunkLength)
        candidates += page.reduce(0) { $0 + $1.candidates }
        store.replace(0 ..< 0, with: page)
    }

    /// Removes and returns the entry at `position`.
    @discardableResult
    mutating func remove(at position: Int) -> ListEntry {
        settle()
        let (chunk, index) = location(of: position)
        let entry = store.chunks[chunk].entries[index]
        if entry.isUnreadCandidate { candidates -= 1 }
        if store.chunks[chunk].entries.count == 1 {
            store.replace(chunk ..< chunk + 1, with: [])
            return entry
        }
        store.modify(chunk) { chunk in
            let firstRow = chunk.rowStarts[index]
            chunk.rows.removeRows(firstRow ..< firstRow + entry.rowCount)
            chunk.unreadRows += entry.rowCount
            chunk.entries.remove(at: index)
            chunk.tops.remove(at: index)
            chunk.rowStarts.remove(at: index)
            chunk.retotal(from: index)
            chunk.compactIfWasteful()
            if entry.isUnreadCandidate { chunk.candidates -= 1 }
        }
        return entry
    }
}
