/// The entries of a list in order, in chunks of a few hundred, with running totals of their
/// extents (row offsets), row counts and unread candidates kept per chunk and across chunks.
///
/// Rows are placed by the running totals, not by their boxes (each entry's are laid out for
/// the top it had when it was resolved, `ListEntry.origin`, and moved when read elsewhere), so
/// a change rewrites no offsets but those of its own chunk (O(chunk)) and the totals of the
/// chunks after it (O(n / chunk)): appending at the end touches neither. Finding an entry by position, sort key or y is a
/// binary search over the chunks, then inside one (O(log n)).
struct EntryStore: Sendable {
    /// Chunks are built this long and split when they grow to twice as long: long enough that
    /// the totals over chunks stay short, short enough that a change inside one is cheap.
    static let defaultChunkLength = 512

    struct Chunk: Sendable {
        var entries: [ListEntry]
        /// The top of each entry and the index of its first row, from the chunk's start.
        var tops: [Int] = []
        var rowStarts: [Int] = []
        var extent = 0
        var rowCount = 0
        var candidates = 0
        /// The running totals from this index on wait for `settle()`.
        var staleFrom: Int?

        init(_ entries: [ListEntry]) {
            self.entries = entries
            tops.reserveCapacity(entries.count)
            rowStarts.reserveCapacity(entries.count)
            for entry in entries {
                tops.append(extent)
                rowStarts.append(rowCount)
                extent += entry.extent
                rowCount += entry.rowCount
                if entry.isUnreadCandidate { candidates += 1 }
            }
        }

        /// The running totals again from `index` on.
        mutating func retotal(from index: Int) {
            var top = index > 0 ? tops[index - 1] + entries[index - 1].extent : 0
            var row = index > 0 ? rowStarts[index - 1] + entries[index - 1].rowCount : 0
            for position in index ..< entries.count {
                tops[position] = top
                rowStarts[position] = row
                top += entries[position].extent
                row += entries[position].rowCount
            }
            extent = top
            rowCount = row
        }
    }

    let chunkLength: Int
    private(set) var chunks: [Chunk] = []
    /// Per chunk: the position of its first entry, the index of its first row, its top.
    private var entryStarts: [Int] = []
    private var rowStarts: [Int] = []
    private var tops: [Int] = []
    /// The first chunk whose running totals wait for `settle()`.
    private var staleChunk: Int?
    private(set) var count = 0
    /// The entries' total extent and rows, and how many are unread candidates.
    private(set) var extent = 0
    private(set) var rowCount = 0
    private(set) var candidates = 0

    init(_ entries: [ListEntry] = [], chunkLength: Int = defaultChunkLength) {
        self.chunkLength = max(1, chunkLength)
        var start = 0
        while start < entries.count {
            let end = min(entries.count, start + self.chunkLength)
            chunks.append(Chunk(Array(entries[start ..< end])))
            start = end
        }
        retotalChunks(from: 0)
    }

    var isEmpty: Bool { count == 0 }

    // MARK: Reading

    /// The chunk and index of the entry at `position` (0 ..< count).
    func location(of position: Int) -> (chunk: Int, index: Int) {
        precondition(position >= 0 && position < count, "entry \(position) of \(count)")
        let last = chunks.count - 1
        if position >= entryStarts[last] { return (last, position - entryStarts[last]) }
        var low = 0, high = last // the last chunk starting at or before `position`
        while low < high {
            let middle = (low + high + 1) / 2
            if entryStarts[middle] <= position { low = middle } else { high = middle - 1 }
        }
        return (low, position - entryStarts[low])
    }

    /// The entry at `position`, read in place: reading one of its fields (a key, a day)
    /// copies nothing else.
    subscript(position: Int) -> ListEntry {
        _read {
            let (chunk, index) = location(of: position)
            yield chunks[chunk].entries[index]
        }
    }

    /// The top of the entry at `position` in the list (the start of the space above it).
    func top(of position: Int) -> Int {
        assert(staleChunk == nil, "running totals read before settle()")
        let (chunk, index) = location(of: position)
        return tops[chunk] + chunks[chunk].tops[index]
    }

    /// The index of the first row of the entry at `position`.
    func rowIndex(of position: Int) -> Int {
        assert(staleChunk == nil, "running totals read before settle()")
        let (chunk, index) = location(of: position)
        return rowStarts[chunk] + chunks[chunk].rowStarts[index]
    }

    /// The first position whose entry satisfies `isAtOrAfter`, which must be false for a
    /// prefix of the entries and true for the rest (else `count`).
    func partitionPoint(_ isAtOrAfter: (ListEntry) -> Bool) -> Int {
        var low = 0, high = chunks.count // the first chunk whose last entry satisfies it
        while low < high {
            let middle = (low + high) / 2
            if isAtOrAfter(chunks[middle].entries[chunks[middle].entries.count - 1]) { high = middle } else { low = middle + 1 }
        }
        guard low < chunks.count else { return count }
        let entries = chunks[low].entries
        var first = 0, last = entries.count
        while first < last {
            let middle = (first + last) / 2
            if isAtOrAfter(entries[middle]) { last = middle } else { first = middle + 1 }
        }
        return entryStarts[low] + first
    }

    /// The first position whose key is `key` or after it.
    func lowerBound(_ key: SortKey) -> Int { partitionPoint { $0.key >= key } }

    /// The first position whose key is after `key`.
    func upperBound(_ key: SortKey) -> Int { partitionPoint { $0.key > key } }

    /// The position of the entry with `key`, if there is one.
    func position(of key: SortKey) -> Int? {
        let position = lowerBound(key)
        return position < count && self[position].key == key ? position : nil
    }

    /// The first entry whose bottom (top + extent) is below `y`, if any.
    func position(endingBelow y: Int) -> Int? {
        assert(staleChunk == nil, "running totals read before settle()")
        var low = 0, high = chunks.count
        while low < high {
            let middle = (low + high) / 2
            if tops[middle] + chunks[middle].extent > y { high = middle } else { low = middle + 1 }
        }
        guard low < chunks.count else { return nil }
        let chunk = chunks[low]
        var first = 0, last = chunk.entries.count
        while first < last {
            let middle = (first + last) / 2
            if tops[low] + chunk.tops[middle] + chunk.entries[middle].extent > y { last = middle } else { first = middle + 1 }
        }
        return entryStarts[low] + first
    }

    /// Calls `body` with each entry from `position` on, with its position and top, until it
    /// returns false.
    func forEach(from position: Int, _ body: (Int, Int, ListEntry) -> Bool) {
        assert(staleChunk == nil, "running totals read before settle()")
        guard position < count else { return }
        var (chunk, index) = location(of: position)
        while chunk < chunks.count {
            let entries = chunks[chunk].entries
            while index < entries.count {
                let top = tops[chunk] + chunks[chunk].tops[index]
                if !body(entryStarts[chunk] + index, top, entries[index]) { return }
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
        while chunk < chunks.count {
            if chunks[chunk].candidates > 0 {
                let entries = chunks[chunk].entries
                while index < entries.count {
                    if entries[index].isUnreadCandidate { return entryStarts[chunk] + index }
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
        for earlier in 0 ..< chunk { before += chunks[earlier].candidates }
        for entry in chunks[chunk].entries[..<index] where entry.isUnreadCandidate { before += 1 }
        return candidates - before
    }

    // MARK: Changing

    /// Changes the entry at `position` in place (not its key). Positions, keys and unread
    /// candidates stay readable; tops and row indices wait for `settle()`, so that many
    /// updates cost one pass over the totals.
    mutating func update(at position: Int, _ change: (inout ListEntry) -> Void) {
        let (chunk, index) = location(of: position)
        let old = (extent: chunks[chunk].entries[index].extent, rows: chunks[chunk].entries[index].rowCount,
                   candidate: chunks[chunk].entries[index].isUnreadCandidate)
        change(&chunks[chunk].entries[index])
        let candidates = (chunks[chunk].entries[index].isUnreadCandidate ? 1 : 0) - (old.candidate ? 1 : 0)
        chunks[chunk].candidates += candidates
        self.candidates += candidates
        if chunks[chunk].entries[index].extent != old.extent || chunks[chunk].entries[index].rowCount != old.rows {
            chunks[chunk].staleFrom = min(chunks[chunk].staleFrom ?? index + 1, index + 1)
            staleChunk = min(staleChunk ?? chunk, chunk)
        }
    }

    /// Brings the running totals up to date after `update(at:_:)`: the stale chunks from
    /// their first changed entry, then the totals of the chunks from the first stale one.
    mutating func settle() {
        guard let first = staleChunk else { return }
        for chunk in first ..< chunks.count {
            guard let from = chunks[chunk].staleFrom else { continue }
            chunks[chunk].retotal(from: from)
            chunks[chunk].staleFrom = nil
        }
        staleChunk = nil
        retotalChunks(from: first)
    }

    /// Inserts `entry` at `position` (0 ... count).
    mutating func insert(_ entry: ListEntry, at position: Int) {
        settle()
        guard !chunks.isEmpty else {
            self = EntryStore([entry], chunkLength: chunkLength)
            return
        }
        let (chunk, index) = position == count ? (chunks.count - 1, chunks[chunks.count - 1].entries.count) : location(of: position)
        chunks[chunk].entries.insert(entry, at: index)
        chunks[chunk].tops.insert(0, at: index)
        chunks[chunk].rowStarts.insert(0, at: index)
        chunks[chunk].retotal(from: index)
        if entry.isUnreadCandidate {
            chunks[chunk].candidates += 1
            candidates += 1
        }
        shiftChunks(after: chunk, entries: 1, rows: entry.rowCount, extent: entry.extent)
        if chunks[chunk].entries.count >= 2 * chunkLength {
            let entries = chunks[chunk].entries
            chunks[chunk] = Chunk(Array(entries[..<chunkLength]))
            chunks.insert(Chunk(Array(entries[chunkLength...])), at: chunk + 1)
            retotalChunks(from: chunk)
        }
    }

    /// Inserts `entries`, sorted and all before the first entry, at the top.
    mutating func prepend(_ entries: [ListEntry]) {
        settle()
        guard !entries.isEmpty else { return }
        let page = EntryStore(entries, chunkLength: chunkLength)
        chunks.insert(contentsOf: page.chunks, at: 0)
        retotalChunks(from: 0)
    }

    /// Removes and returns the entry at `position`.
    @discardableResult
    mutating func remove(at position: Int) -> ListEntry {
        settle()
        let (chunk, index) = location(of: position)
        let entry = chunks[chunk].entries.remove(at: index)
        if entry.isUnreadCandidate { candidates -= 1 }
        if chunks[chunk].entries.isEmpty {
            chunks.remove(at: chunk)
            retotalChunks(from: chunk)
            return entry
        }
        chunks[chunk].tops.remove(at: index)
        chunks[chunk].rowStarts.remove(at: index)
        chunks[chunk].retotal(from: index)
        if entry.isUnreadCandidate { chunks[chunk].candidates -= 1 }
        shiftChunks(after: chunk, entries: -1, rows: -entry.rowCount, extent: -entry.extent)
        return entry
    }

    /// The running totals of the chunks after `chunk` moved by these amounts.
    private mutating func shiftChunks(after chunk: Int, entries: Int, rows: Int, extent: Int) {
        for later in chunk + 1 ..< chunks.count {
            entryStarts[later] += entries
            rowStarts[later] += rows
            tops[later] += extent
        }
        count += entries
        rowCount += rows
        self.extent += extent
    }

    /// The running totals over chunks again from `chunk` on, and the list's totals.
    private mutating func retotalChunks(from chunk: Int) {
        entryStarts.removeSubrange(min(chunk, entryStarts.count)...)
        rowStarts.removeSubrange(min(chunk, rowStarts.count)...)
        tops.removeSubrange(min(chunk, tops.count)...)
        var entries = chunk > 0 ? entryStarts[chunk - 1] + chunks[chunk - 1].entries.count : 0
        var rows = chunk > 0 ? rowStarts[chunk - 1] + chunks[chunk - 1].rowCount : 0
        var top = chunk > 0 ? tops[chunk - 1] + chunks[chunk - 1].extent : 0
        for later in chunk ..< chunks.count {
            entryStarts.append(entries)
            rowStarts.append(rows)
            tops.append(top)
            entries += chunks[later].entries.count
            rows += chunks[later].rowCount
            top += chunks[later].extent
        }
        count = entries
        rowCount = rows
        extent = top
        if chunk == 0 { candidates = chunks.reduce(0) { $0 + $1.candidates } }
    }
}
