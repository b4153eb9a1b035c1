@_spi(ChatLayoutStages) import ChatLayoutModel
@_spi(ChatLayoutStages) import ChatLayoutDecisions
import ChatLayoutComposition

/// A part of a ``RowStore``: how many elements it holds (the incremental list's entries, or
/// rows), how many rows they make and the height they span from the chunk's top (the space
/// above its first row included) to the bottom of its last row.
protocol RowStoreChunk: Sendable {
    /// What the store keeps of each chunk's last element, in one array of its own: the
    /// chunks are searched by it without reading any chunk (the incremental list's entries'
    /// sort keys; nothing for rows).
    associatedtype LastKey: Equatable & Sendable = NoLastKey
    var count: Int { get }
    var rowCount: Int { get }
    var extent: Int { get }
    /// The key of its last element (a chunk is never empty).
    var lastKey: LastKey { get }
}

/// The last key of a chunk searched by no key (rows).
struct NoLastKey: Equatable, Sendable {}

extension RowStoreChunk where LastKey == NoLastKey {
    var lastKey: NoLastKey { NoLastKey() }
}

/// The one store of a list's rows: chunks, with running offsets kept per chunk — the index of
/// each chunk's first element and first row, and its top in the list (the sum of the extents
/// above it). What a chunk holds is its own and stands from the chunk's top, so a change
/// inside one chunk rewrites nothing in the others, only the offsets of the chunks after it
/// (O(n / chunk)), and a chunk appended at the end moves nothing.
///
/// The batch layout fills one with ``RowTable`` chunks, a run of rows per chunk laid out on
/// every core and put in without copying (``LaidOutList`` reads its rows from it); the
/// incremental list keeps its entries in one (``EntryStore``: chunks of entries, edited in
/// place). Finding a chunk by element, by row or by y is a binary search over the offsets;
/// inside a chunk, the chunk's own.
struct RowStore<Chunk: RowStoreChunk>: Sendable {
    private(set) var chunks: [Chunk] = []
    /// Per chunk: the position of its first element, the index of its first row, its top.
    private(set) var starts: [Int] = []
    private(set) var rowStarts: [Int] = []
    private(set) var tops: [Int] = []
    /// Per chunk: its last element's key (`RowStoreChunk.lastKey`), kept in step with the
    /// chunks by every change. A search over the chunks by key reads this one array — a
    /// million entries are two thousand keys side by side — not a chunk and its entries'
    /// buffer at each step, each a cache miss.
    private(set) var lastKeys: [Chunk.LastKey] = []
    /// How many rows the store is expected to hold: what a chunk begun for rows reserves.
    private var expectedRows = 0

    init() {}

    /// Makes room for `rows` rows in all.
    mutating func reserveCapacity(rows: Int) {
        expectedRows = rows
    }

    /// A store of `chunks`, top to bottom.
    init(_ chunks: [Chunk]) {
        self.chunks = chunks
        retotal(from: 0)
    }

    /// How many elements, rows, and the height of them all (the last chunk's bottom).
    var count: Int { chunks.isEmpty ? 0 : starts[starts.count - 1] + chunks[chunks.count - 1].count }
    var rowCount: Int { chunks.isEmpty ? 0 : rowStarts[rowStarts.count - 1] + chunks[chunks.count - 1].rowCount }
    var extent: Int { chunks.isEmpty ? 0 : tops[tops.count - 1] + chunks[chunks.count - 1].extent }

    // MARK: Finding

    /// The chunk and index of the element at `position` (0 ..< count).
    func location(of position: Int) -> (chunk: Int, index: Int) {
        let chunk = Self.last(in: starts, atOrBefore: position)
        return (chunk, position - starts[chunk])
    }

    /// The chunk and index in it of row `row` (0 ..< rowCount).
    func location(ofRow row: Int) -> (chunk: Int, index: Int) {
        let chunk = Self.last(in: rowStarts, atOrBefore: row)
        return (chunk, row - rowStarts[chunk])
    }

    /// The last index of sorted `offsets` (which start at 0) whose offset is `value` or less:
    /// the last one at once (appends read there), else a binary search.
    private static func last(in offsets: [Int], atOrBefore value: Int) -> Int {
        let last = offsets.count - 1
        precondition(last >= 0 && value >= 0, "\(value) in an empty store")
        if value >= offsets[last] { return last }
        var low = 0, high = last
        while low < high {
            let middle = (low + high + 1) / 2
            if offsets[middle] <= value { low = middle } else { high = middle - 1 }
        }
        return low
    }

    /// The first chunk for which `isAtOrAfter` holds (false for a prefix of the chunks and
    /// true for the rest), else `chunks.count`.
    func firstChunk(where isAtOrAfter: (Int) -> Bool) -> Int {
        var low = 0, high = chunks.count
        while low < high {
            let middle = (low + high) / 2
            if isAtOrAfter(middle) { high = middle } else { low = middle + 1 }
        }
        return low
    }

    /// The first chunk whose bottom (top + extent) is below `y`, if any.
    func chunk(endingBelow y: Int) -> Int? {
        let chunk = firstChunk { tops[$0] + chunks[$0].extent > y }
        return chunk < chunks.count ? chunk : nil
    }

    // MARK: Changing

    /// Changes chunk `index` in place; the offsets of the chunks after it follow what it now
    /// holds (nothing moves after the last).
    mutating func modify<Result>(_ index: Int, _ change: (inout Chunk) -> Result) -> Result {
        let old = (count: chunks[index].count, rows: chunks[index].rowCount, extent: chunks[index].extent)
        let result = change(&chunks[index])
        lastKeys[index] = chunks[index].lastKey
        // Read in place: the chunk is not copied.
        shift(after: index, by: (chunks[index].count - old.count, chunks[index].rowCount - old.rows, chunks[index].extent - old.extent))
        return result
    }

    /// Changes chunk `index` in place, leaving the offsets after it to ``retotal(from:)``.
    /// The change keeps the chunk's keys: its last key is not read again.
    mutating func modifyLeavingOffsets<Result>(_ index: Int, _ change: (inout Chunk) -> Result) -> Result {
        let result = change(&chunks[index])
        assert(chunks[index].lastKey == lastKeys[index], "a chunk's keys changed in place")
        return result
    }

    /// Adds `chunk` at the bottom, its top at `top` (by default the bottom of the chunk
    /// above it; a chunk of rows may begin lower, where its first row's space begins).
    mutating func append(_ chunk: Chunk, top: Int? = nil) {
        starts.append(count)
        rowStarts.append(rowCount)
        tops.append(top ?? extent)
        lastKeys.append(chunk.lastKey)
        chunks.append(chunk)
    }

    /// Puts `new` in place of the chunks `range` (an insertion, a removal, a split).
    mutating func replace(_ range: Range<Int>, with new: [Chunk]) {
        chunks.replaceSubrange(range, with: new)
        retotal(from: range.lowerBound)
    }

    /// The offsets again from chunk `index` on: written over in place where the arrays reach
    /// (no chunk copied, nothing removed and appended again: a change inside the last chunk
    /// rewrites one offset of each kind), appended past their end, cut to the chunks.
    mutating func retotal(from index: Int) {
        let index = min(index, starts.count)
        var start = index > 0 ? starts[index - 1] + chunks[index - 1].count : 0
        var row = index > 0 ? rowStarts[index - 1] + chunks[index - 1].rowCount : 0
        var top = index > 0 ? tops[index - 1] + chunks[index - 1].extent : 0
        for position in index ..< chunks.count {
            if position < starts.count {
                starts[position] = start
                rowStarts[position] = row
                tops[position] = top
                lastKeys[position] = chunks[position].lastKey
            } else {
                starts.append(start)
                rowStarts.append(row)
                tops.append(top)
                lastKeys.append(chunks[position].lastKey)
            }
            start += chunks[position].count
            row += chunks[position].rowCount
            top += chunks[position].extent
        }
        if starts.count > chunks.count {
            let extra = starts.count - chunks.count
            starts.removeLast(extra)
            rowStarts.removeLast(extra)
            tops.removeLast(extra)
            lastKeys.removeLast(extra)
        }
    }

    /// The offsets of the chunks after `index` moved by these amounts.
    private mutating func shift(after index: Int, by delta: (count: Int, rows: Int, extent: Int)) {
        guard delta != (0, 0, 0) else { return }
        for later in index + 1 ..< chunks.count {
            starts[later] += delta.count
            rowStarts[later] += delta.rows
            tops[later] += delta.extent
        }
    }
}

// MARK: - Laid-out rows

extension RowTable: RowStoreChunk {
    var count: Int { rowCount }

    /// From the chunk's top to the bottom of its last row.
    var extent: Int { rowCount == 0 ? 0 : frame(ofRow: rowCount - 1).maxY }
}

/// A laid-out list's rows: ``RowTable`` chunks, each row's frame in its chunk's coordinates
/// and moved by the chunk's top when read. Rows are written into the last chunk (``BoxSink``,
/// in list coordinates); a row starts a new chunk once the last holds ``chunkLength``.
typealias LaidOutRows = RowStore<RowTable>

extension RowStore where Chunk == RowTable {
    /// Rows a chunk holds before the next row starts another: a run the batch layout lays out
    /// on one core is one chunk.
    static var chunkLength: Int { 2048 }

    /// The store of `rows` (list coordinates), in order.
    init<Rows: Sequence>(_ rows: Rows) where Rows.Element == Box {
        self.init()
        for row in rows { append(row) }
    }

    /// Starts a row whose space begins at `top` (the bottom of the row above it, in list
    /// coordinates): in a new chunk standing there when the last is full or there is none.
    mutating func beginRow(at top: Int) {
        if chunks.isEmpty || chunks[chunks.count - 1].rowCount >= Self.chunkLength {
            var table = RowTable()
            table.reserveCapacity(rows: min(Self.chunkLength, max(0, expectedRows - rowCount)))
            append(table, top: top)
        }
        modifyLeavingOffsets(chunks.count - 1) { $0.beginRow() }
    }

    /// Appends a row (a box and its descendants) moved down by `dy` into list coordinates,
    /// whose space begins at `top`: its records are written moved (into the chunk's
    /// coordinates), the box is not copied.
    mutating func append(_ row: Box, movedDown dy: Int = 0, spaceFrom top: Int? = nil) {
        beginRow(at: top ?? (chunks.isEmpty ? 0 : extent))
        let chunkTop = tops[tops.count - 1]
        modifyLeavingOffsets(chunks.count - 1) { $0.add(row, dy: dy - chunkTop) }
    }

    /// Appends the chunks of `other`, moved down by `dy` (`other` stacked from y = 0 under this
    /// one's last row): none of their rows is copied or moved.
    mutating func append(contentsOf other: LaidOutRows, dy: Int) {
        for (index, chunk) in other.chunks.enumerated() where chunk.rowCount > 0 {
            append(chunk, top: other.tops[index] + dy)
        }
    }

    /// The frame of row `index` (list coordinates), without making its box.
    func frame(ofRow index: Int) -> Frame {
        let (chunk, row) = location(ofRow: index)
        return chunks[chunk].frame(ofRow: row).offsetBy(dy: tops[chunk])
    }

    /// The role of row `index`.
    func role(ofRow index: Int) -> BoxRole {
        let (chunk, row) = location(ofRow: index)
        return chunks[chunk].role(ofRow: row)
    }

    /// The id of row `index`.
    func id(ofRow index: Int) -> String? {
        let (chunk, row) = location(ofRow: index)
        return chunks[chunk].id(ofRow: row)
    }

    /// The rows whose frames reach into `band` (rows lie top to bottom and do not overlap):
    /// binary searches over the chunks, then inside one.
    func rows(overlapping band: Range<Int>) -> Range<Int> {
        // The first row ending below the band's top…
        let first = firstRow { $0.maxY > band.lowerBound }
        // …to the first row starting at or below its bottom. Empty rows (height 0) at the
        // band's top edge lie before `first`; a row ending at or above the band is not in it.
        return first ..< max(first, firstRow { $0.y >= band.upperBound })
    }

    /// The first row whose frame (list coordinates) satisfies `isAtOrAfter`, false for a
    /// prefix of the rows and true for the rest (else `rowCount`).
    private func firstRow(_ isAtOrAfter: (Frame) -> Bool) -> Int {
        let chunk = firstChunk { isAtOrAfter(frame(ofRow: rowStarts[$0] + chunks[$0].rowCount - 1)) }
        guard chunk < chunks.count else { return rowCount }
        let table = chunks[chunk], top = tops[chunk]
        var low = 0, high = table.rowCount
        while low < high {
            let middle = (low + high) / 2
            if isAtOrAfter(table.frame(ofRow: middle).offsetBy(dy: top)) { high = middle } else { low = middle + 1 }
        }
        return rowStarts[chunk] + low
    }

    /// Row `index` as a box, moved down by `dy`.
    func box(ofRow index: Int, dy: Int = 0) -> Box {
        let (chunk, row) = location(ofRow: index)
        return chunks[chunk].box(ofRow: row, dy: dy + tops[chunk])
    }

    /// Row `index` as a box moved down by `dy`, holding only its lines that meet `band`
    /// (after the move; ``RowTable/box(ofRow:dy:linesMeeting:lineHeight:)``).
    func box(ofRow index: Int, dy: Int, linesMeeting band: Range<Int>, lineHeight: Int) -> Box {
        let (chunk, row) = location(ofRow: index)
        return chunks[chunk].box(ofRow: row, dy: dy + tops[chunk], linesMeeting: band, lineHeight: lineHeight)
    }

    /// Every row as a box, moved down by `dy`.
    func boxes(dy: Int = 0) -> [Box] {
        var boxes: [Box] = []
        boxes.reserveCapacity(rowCount)
        for (chunk, table) in chunks.enumerated() {
            for row in 0 ..< table.rowCount { boxes.append(table.box(ofRow: row, dy: dy + tops[chunk])) }
        }
        return boxes
    }
}

extension RowStore: BoxSink where Chunk == RowTable {
    /// Opens a box in the last chunk (``beginRow(at:)`` started the row), its frame moved
    /// from list coordinates into the chunk's.
    mutating func open(_ role: BoxRole, id: String?, frame: Frame, text: String?, content: BoxContent?, lines: [TextLine],
                       alignment: TextAlignment, direction: TextDirection, tail: BubbleTail) -> Int {
        let dy = tops[tops.count - 1]
        return modifyLeavingOffsets(chunks.count - 1) {
            $0.open(role, id: id, frame: dy == 0 ? frame : frame.offsetBy(dy: -dy), text: text, content: content, lines: lines,
                    alignment: alignment, direction: direction, tail: tail)
        }
    }

    mutating func open(_ role: BoxRole, id: String?, frame: Frame, text: String, content: BoxContent?, lineSpans: [LineSpans.Line],
                       alignment: TextAlignment, direction: TextDirection, tail: BubbleTail) -> Int {
        let dy = tops[tops.count - 1]
        return modifyLeavingOffsets(chunks.count - 1) {
            $0.open(role, id: id, frame: dy == 0 ? frame : frame.offsetBy(dy: -dy), text: text, content: content, lineSpans: lineSpans,
                    alignment: alignment, direction: direction, tail: tail)
        }
    }

    mutating func close(_ token: Int, height: Int?) {
        modifyLeavingOffsets(chunks.count - 1) { $0.close(token, height: height) }
    }

    mutating func mirrorRow(inWidth width: Int) {
        modifyLeavingOffsets(chunks.count - 1) { $0.mirrorRow(inWidth: width) }
    }
}
