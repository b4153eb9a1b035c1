@_spi(ChatLayoutStages) import ChatLayoutModel
@_spi(ChatLayoutStages) import ChatLayoutDecisions
import ChatLayoutComposition

/// Rows as flat records (a chunk of a ``LaidOutRows`` store, its frames from the chunk's top): one record per box (its frame, role and
/// style, how many boxes nest under it, ranges into one buffer of UTF-8 text and an index into
/// the typed payloads) and one per placed line.
/// ``Box`` values are made from it only for the rows asked for (those a viewport shows), so a
/// long list holds no tree of boxes, no array per row and no string per line; records and
/// lines are kept in chunks, so growing never copies them.
///
/// Records keep the boxes in the tree's order (a box, then its children's subtrees), so a row
/// is the run of records from its first to the next row's first. Frames are in the list's
/// coordinates, as the boxes'.
struct RowTable: Sendable {
    /// A range of ``bytes``; a negative length stands for nil.
    struct Span: Hashable, Sendable {
        var start: Int32
        var length: Int32
        static let none = Span(start: 0, length: -1)
        var isNone: Bool { length < 0 }
    }

    /// One box.
    struct Record: Sendable {
        var x: Int32, y: Int32, width: Int32, height: Int32
        /// The boxes nested under this one (all generations): its subtree is the next
        /// `descendants` records.
        var descendants: Int32
        /// Index into ``ids``, or -1.
        var id: Int32
        /// Index into ``contents``, or -1.
        var content: Int32
        /// The first of its lines in ``lines``, and how many.
        var firstLine: Int32
        var lineCount: Int32
        var text: Span
        var role: BoxRole
        var alignment: TextAlignment
        var direction: TextDirection
        var tail: BubbleTail

        var frame: Frame { Frame(x: Int(x), y: Int(y), width: Int(width), height: Int(height)) }

        /// Where its text and lines are held by reference (``SpannedText``): its index in
        /// ``spanned``, kept as `-1 - index` in `firstLine`; nil for a box whose lines are records.
        var spannedIndex: Int? { firstLine < 0 ? Int(-1 &- firstLine) : nil }
    }

    /// A long text of one box held by reference, not copied: its string and its lines as spans
    /// of the string's bytes, each drawn as it reads, placed in a box `boxWidth` wide by
    /// `alignment` (then mirrored, where the row was). A streamed reply's bubble written
    /// again each token stores two references, not its text's bytes and a record a line.
    /// (Only in rows written again, ``writesChangedEntry``: a list's other long texts are
    /// copied, their bytes and lines in the table's arrays taking less memory than a string
    /// and an array of their own.) Each is held by one record: a record copied gets a copy
    /// (two references), so that one can be changed in place (``rewriteBubbleText``, a
    /// mirrored row).
    struct SpannedText: Sendable {
        let text: String
        let lines: [LineSpans.Line]
        let boxWidth: Int32
        let alignment: TextAlignment
        var mirrored = false

        /// Line `index`'s offset in its box.
        func x(ofLine index: Int) -> Int32 {
            let width = lines[index].width
            let placed = Int32(clamping: placedX(Int(width), in: Int(boxWidth), alignment: alignment))
            return mirrored ? boxWidth &- placed &- width : placed
        }
    }

    /// Texts this long or longer whose lines are spans of them are held by reference
    /// (``SpannedText``): below it, a text's bytes and line records cost less than two
    /// references and their reading.
    static let spannedLength = 256

    /// One placed line: its display form, its reading order (nil where it is the display).
    struct Line: Sendable {
        var display: Span
        var reading: Span
        var x: Int32
        var width: Int32
    }

    /// The table's arrays, in one object: a table is copied (into each row of a diff, out of a
    /// chunk to read it) by one reference, not one for each array; written, it is copied first
    /// where another table still holds the same object (``makeUnique()``).
    private final class Storage: @unchecked Sendable {
        @exclusivity(unchecked) var records = ChunkedArray<Record>()
        @exclusivity(unchecked) var lines = ChunkedArray<Line>()
        @exclusivity(unchecked) var bytes: [UInt8] = []
        @exclusivity(unchecked) var ids: [String] = []
        @exclusivity(unchecked) var contents: [BoxContent] = []
        @exclusivity(unchecked) var rowStarts: [Int32] = []
        @exclusivity(unchecked) var rowOffsets: [Int32] = []
        @exclusivity(unchecked) var lastLines: StoredLines?
        @exclusivity(unchecked) var spanned: [SpannedText] = []

        init() {}

        /// A copy of `other`'s arrays (shared until either is written).
        init(copying other: Storage) {
            records = other.records
            lines = other.lines
            bytes = other.bytes
            ids = other.ids
            contents = other.contents
            rowStarts = other.rowStarts
            rowOffsets = other.rowOffsets
            lastLines = other.lastLines
            spanned = other.spanned
        }

        /// The storage of every empty table: one object, copied when a table is first written.
        static let empty = Storage()
    }

    private var storage: Storage

    /// Makes the table's storage its own before it is written: every mutating function that
    /// is not private begins with it (the private ones are called from those); the arrays'
    /// accessors check it in debug builds.
    @inline(__always)
    private mutating func makeUnique() {
        if !isKnownUniquelyReferenced(&storage) { storage = Storage(copying: storage) }
    }

    /// Checks, in debug builds, that the storage about to be written is the table's own.
    @inline(__always)
    private mutating func assertUnique() {
        assert(isKnownUniquelyReferenced(&storage), "a row table written without makeUnique()")
    }

    /// In chunks: a list of a million rows grows without copying them.
    private(set) var records: ChunkedArray<Record> {
        _read { yield storage.records }
        _modify {
            assertUnique()
            yield &storage.records
        }
    }
    private(set) var lines: ChunkedArray<Line> {
        _read { yield storage.lines }
        _modify {
            assertUnique()
            yield &storage.lines
        }
    }
    /// The text of every box and line, UTF-8, one after another.
    private(set) var bytes: [UInt8] {
        _read { yield storage.bytes }
        _modify {
            assertUnique()
            yield &storage.bytes
        }
    }
    private(set) var ids: [String] {
        _read { yield storage.ids }
        _modify {
            assertUnique()
            yield &storage.ids
        }
    }
    private(set) var contents: [BoxContent] {
        _read { yield storage.contents }
        _modify {
            assertUnique()
            yield &storage.contents
        }
    }
    /// The long texts held by reference (``SpannedText``), for the records that say so.
    private(set) var spanned: [SpannedText] {
        _read { yield storage.spanned }
        _modify {
            assertUnique()
            yield &storage.spanned
        }
    }
    /// Per row: its first record (its records are that box's subtree). Rows are read in this
    /// order, which need not be the order their records were written in: the incremental list
    /// writes an entry's new rows at the end and puts them in the entry's place here.
    private(set) var rowStarts: [Int32] {
        _read { yield storage.rowStarts }
        _modify {
            assertUnique()
            yield &storage.rowStarts
        }
    }
    /// Per row, how far down its records are read (empty: none is moved). Moving rows is
    /// changing these, never their records.
    private(set) var rowOffsets: [Int32] {
        _read { yield storage.rowOffsets }
        _modify {
            assertUnique()
            yield &storage.rowOffsets
        }
    }
    /// The lines of the last box of two lines or more opened, and the index of the first of
    /// their records in ``lines``: lines and bytes are only ever appended to a table (records
    /// too, but for the last row's after its bubble, ``cutAfterBubble(_:movedBy:)``), so those
    /// line records and the bytes they point at stay (a table copied without its unread rows
    /// starts without any).
    private var lastLines: StoredLines? {
        _read { yield storage.lastLines }
        _modify {
            assertUnique()
            yield &storage.lastLines
        }
    }
    /// Whether the rows written now are those of an entry written again because it changed
    /// (set by the incremental list: a streamed reply's edits; not for a new row, nor in a
    /// whole layout). Then a box of several lines opened is remembered (``lastLines``) for the
    /// next one to copy its lines from, and a long text whose lines are spans of it is held by
    /// reference (``SpannedText``): the row is likely written again soon, its text grown, and
    /// would copy it again.
    var writesChangedEntry = false
    /// How many line records were copied from a remembered box (``lastLines``) rather than
    /// stored from their strings.
    private(set) var copiedLineCount = 0
    /// How far down the boxes opened from here on are written (and bubble contents copied):
    /// a row laid out from its top (0) goes straight where it stands, its records not
    /// written at 0 and moved down after.
    var writingOffset = 0

    private struct StoredLines: Sendable {
        var lines: [TextLine]
        var firstLine: Int
    }

    init() {
        storage = Storage.empty
    }

    /// A table of `rows`, in order.
    init<Rows: Sequence>(_ rows: Rows) where Rows.Element == Box {
        storage = Storage.empty
        for row in rows { append(row) }
    }

    var rowCount: Int { rowStarts.count }

    mutating func reserveCapacity(rows: Int) {
        makeUnique()
        rowStarts.reserveCapacity(rows)
        ids.reserveCapacity(rows)
    }

    /// Makes room for `rows` rows of `records` boxes, `lines` lines and `bytes` bytes of text
    /// in all (a short table filled at once: it grows without copying).
    mutating func reserveCapacity(rows: Int, records recordCount: Int, lines lineCount: Int, bytes byteCount: Int) {
        reserveCapacity((rows, recordCount, lineCount, byteCount, rows, recordCount))
    }

    /// Makes room for as many rows, boxes, lines, bytes of text, ids and contents as `other`
    /// holds (a table about to be filled as `other` was).
    mutating func reserveCapacity(like other: RowTable) {
        reserveCapacity(other.counts)
    }

    private mutating func reserveCapacity(_ room: (rows: Int, records: Int, lines: Int, bytes: Int, ids: Int, contents: Int)) {
        makeUnique()
        rowStarts.reserveCapacity(room.rows)
        records.reserveCapacity(room.records)
        lines.reserveCapacity(room.lines)
        bytes.reserveCapacity(room.bytes)
        ids.reserveCapacity(room.ids)
        contents.reserveCapacity(room.contents)
    }

    /// How many rows, boxes, lines, bytes of text, ids and contents it holds without making
    /// room again.
    var capacity: (rows: Int, records: Int, lines: Int, bytes: Int, ids: Int, contents: Int) {
        (rowStarts.capacity, records.capacity, lines.capacity, bytes.capacity, ids.capacity, contents.capacity)
    }

    /// How many of each it holds (`capacity`'s order).
    var counts: (rows: Int, records: Int, lines: Int, bytes: Int, ids: Int, contents: Int) {
        (rowStarts.count, records.count, lines.count, bytes.count, ids.count, contents.count)
    }

    /// Starts a row: the boxes opened from here on (the row's box first) are its own.
    mutating func beginRow() {
        makeUnique()
        startRow(readAt: 0)
    }

    /// Starts a row whose records, appended next, are read `offset` further down than written
    /// (the offsets kept only once a row has one).
    @inline(__always)
    private mutating func startRow(readAt offset: Int32) {
        rowStarts.append(Int32(clamping: records.count))
        if !rowOffsets.isEmpty || offset != 0 {
            if rowOffsets.isEmpty { rowOffsets = [Int32](repeating: 0, count: rowCount - 1) }
            rowOffsets.append(offset)
        }
    }

    /// Appends a row (a box and its descendants).
    mutating func append(_ row: Box) {
        beginRow()
        add(row)
    }

    /// Appends the box and its subtree (to the row begun last), moved down by `dy` as it is
    /// written: the same records as `add(box.offsetBy(dy: dy))` without copying the tree.
    mutating func add(_ box: Box, dy: Int = 0) {
        makeUnique()
        let firstLine = lines.count
        for line in box.placedLines {
            storeLine(display: line.display, reading: line.reading, x: line.x, width: line.width)
        }
        let index = openRecord(box.role, id: box.id, frame: dy == 0 ? box.frame : box.frame.offsetBy(dy: dy), text: box.text,
                               content: box.content, firstLine: firstLine, alignment: box.alignment, direction: box.textDirection,
                               tail: box.tail)
        for child in box.children { add(child, dy: dy) }
        close(index, height: nil)
    }

    private mutating func storeLine(display: String, reading: String?, x: Int, width: Int) {
        lines.append(Line(display: store(display), reading: reading.map { store($0) } ?? .none,
                          x: Int32(clamping: x), width: Int32(clamping: width)))
    }

    /// A line of `text` drawn as `display`: its reading order (``PlacedLine/readingOrder(_:display:)``)
    /// stored from the text's own bytes, no string made of it.
    private mutating func storeLine(display: String, readingOf text: String, x: Int, width: Int) {
        let displaySpan = store(display)
        let reading = PlacedLine.readingLength(text, display: display).map { store(text, prefix: $0) } ?? .none
        lines.append(Line(display: displaySpan, reading: reading, x: Int32(clamping: x), width: Int32(clamping: width)))
    }

    /// Stores the lines of a box of several lines, placed in its frame `width` wide by
    /// `alignment`. Those the last box of several lines began with, where this one begins with
    /// them (the same strings: a streamed reply's bubble written again, its text grown, its
    /// earlier lines kept by the wrap), are copied from their records and bytes then: no string
    /// read again, no reading order found again.
    private mutating func storeLines(_ textLines: [TextLine], width: Int, alignment: TextAlignment) {
        let firstLine = lines.count
        var kept = 0
        if let earlier = lastLines {
            let limit = Swift.min(textLines.count, earlier.lines.count)
            while kept < limit && textLines[kept].isIdentical(to: earlier.lines[kept]) { kept += 1 }
            if kept > 0 && !copyStoredLines(earlier.firstLine ..< earlier.firstLine + kept, xs: { index in
                placedX(textLines[index].width, in: width, alignment: alignment)
            }) {
                kept = 0
            }
        }
        for index in kept ..< textLines.count {
            let line = textLines[index]
            storeLine(display: line.display, readingOf: line.text, x: placedX(line.width, in: width, alignment: alignment),
                      width: line.width)
        }
        if writesChangedEntry { lastLines = StoredLines(lines: textLines, firstLine: firstLine) }
    }

    /// Appends copies of the line records `range` and of their bytes, which follow one another
    /// (as a box's lines are stored), the copies' x from `xs` (a line's index in the range):
    /// the same records as storing those lines again. False, with nothing appended, where
    /// their bytes have gaps between them.
    private mutating func copyStoredLines(_ range: Range<Int>, xs: (Int) -> Int) -> Bool {
        var start = Int.max, end = 0, total = 0
        func cover(_ span: Span) {
            guard !span.isNone else { return }
            start = Swift.min(start, Int(span.start))
            end = Swift.max(end, Int(span.start) + Int(span.length))
            total += Int(span.length)
        }
        for index in range {
            let line = lines[index]
            cover(line.display)
            cover(line.reading)
        }
        guard start == .max || end - start == total else { return false }
        var shift: Int32 = 0
        if start < end {
            let count = bytes.count
            precondition(count + total <= Int(Int32.max), "a laid-out list holds at most 2 GiB of text")
            // Copied within the table's own buffer: a slice of it appended would hold the buffer
            // and make the append copy all of it first.
            bytes.append(contentsOf: repeatElement(0, count: total))
            bytes.withUnsafeMutableBufferPointer { buffer in
                (buffer.baseAddress! + count).update(from: buffer.baseAddress! + start, count: total)
            }
            shift = Int32(count - start)
        }
        // The copies made apart, then appended as runs: not one append (and its checks of the
        // chunks) a line.
        var copies: [Line] = []
        copies.reserveCapacity(range.count)
        for index in range {
            var line = lines[index]
            if !line.display.isNone { line.display.start += shift }
            if !line.reading.isNone { line.reading.start += shift }
            line.x = Int32(clamping: xs(index - range.lowerBound))
            copies.append(line)
        }
        lines.append(contentsOf: copies)
        copiedLineCount += range.count
        return true
    }

    /// A record for a box whose lines were stored from `firstLine` on; its words `text`, stored
    /// already at `stored` when that is given.
    private mutating func openRecord(_ role: BoxRole, id: String?, frame: Frame, text: String?, storedAt stored: Span? = nil,
                                     content: BoxContent?, firstLine: Int,
                                     alignment: TextAlignment, direction: TextDirection, tail: BubbleTail) -> Int {
        let lineCount = lines.count - firstLine
        // A one-line label's words are mostly its line's: kept once (compared by bytes).
        var span = Span.none
        if let stored {
            span = stored
        } else if let text {
            let line = lineCount == 1 ? lines[firstLine] : nil
            if let line, holds(text, at: line.reading.isNone ? line.display : line.reading) {
                span = line.reading.isNone ? line.display : line.reading
            } else {
                span = store(text)
            }
        }
        records.append(Record(x: Int32(clamping: frame.x), y: Int32(clamping: frame.y &+ writingOffset),
                              width: Int32(clamping: frame.width), height: Int32(clamping: frame.height),
                              descendants: 0, id: identifier(id), content: payload(content),
                              firstLine: Int32(clamping: firstLine), lineCount: Int32(clamping: lineCount), text: span,
                              role: role, alignment: alignment, direction: direction, tail: tail))
        return records.count - 1
    }

    /// Whether the bytes at `span` are `text`'s.
    private func holds(_ text: String, at span: Span) -> Bool {
        guard text.utf8.count == Int(span.length) else { return false }
        // Read in place (a native string's bytes are contiguous): no copy of the string to
        // make them so, and so no retain and release of its storage.
        let compare = { (source: UnsafeBufferPointer<UInt8>) in
            bytes.withUnsafeBufferPointer { all in
                Identifier.equalBytes(source, UnsafeBufferPointer(rebasing: all[Int(span.start) ..< Int(span.start) + Int(span.length)]))
            }
        }
        if let same = text.utf8.withContiguousStorageIfAvailable(compare) { return same }
        var text = text
        return text.withUTF8(compare)
    }

    private mutating func store(_ string: String) -> Span {
        let start = bytes.count
        // Offsets are 32-bit: past 2 GiB of text they would point at other text. (A document
        // that large is refused long before, at decoding.)
        precondition(start + string.utf8.count <= Int(Int32.max), "a laid-out list holds at most 2 GiB of text")
        // Read in place where the bytes are contiguous (a native string's): no copy of the
        // string, so no retain and release of its storage.
        if string.utf8.withContiguousStorageIfAvailable({ bytes.append(contentsOf: $0) }) == nil {
            var string = string
            string.withUTF8 { bytes.append(contentsOf: $0) }
        }
        return Span(start: Int32(clamping: start), length: Int32(clamping: bytes.count - start))
    }

    /// The first `length` bytes of `string`'s UTF-8.
    private mutating func store(_ string: String, prefix length: Int) -> Span {
        let start = bytes.count
        precondition(start + length <= Int(Int32.max), "a laid-out list holds at most 2 GiB of text")
        let append = { (all: UnsafeBufferPointer<UInt8>) in self.bytes.append(contentsOf: UnsafeBufferPointer(rebasing: all[..<length])) }
        if string.utf8.withContiguousStorageIfAvailable(append) == nil {
            var string = string
            string.withUTF8(append)
        }
        return Span(start: Int32(clamping: start), length: Int32(clamping: length))
    }

    /// The id's index: a row's boxes mostly share their message's id, kept once.
    private mutating func identifier(_ id: String?) -> Int32 {
        guard let id else { return -1 }
        // The last id compared where it is stored (`last` would copy it out, retained).
        let count = ids.count
        // A row's boxes are given its one id string: the same representation, told at once.
        if count > 0, ids.withUnsafeBufferPointer({ Identifier.same(representation: $0[count - 1], id) || Identifier.same($0[count - 1], id) }) {
            return Int32(clamping: count - 1)
        }
        ids.append(id)
        return Int32(clamping: ids.count - 1)
    }

    private mutating func payload(_ content: BoxContent?) -> Int32 {
        guard let content else { return -1 }
        contents.append(content)
        return Int32(clamping: contents.count - 1)
    }

    // MARK: Rows out of order

    /// Puts the last `count` rows (just written) in place of the `replaced` rows from
    /// `position` on, read `offset` further down: the incremental list's entry rewritten where
    /// it is, its new records at the end of the table and the old ones left unread.
    mutating func placeLastRows(_ count: Int, at position: Int, replacing replaced: Int, offset: Int) {
        makeUnique()
        let first = rowCount - count
        if rowOffsets.isEmpty { rowOffsets = [Int32](repeating: 0, count: rowCount) }
        let delta = Int32(clamping: offset)
        // Appended in place (the entry was the last): nothing moves.
        if position + replaced == first && replaced == 0 {
            for row in first ..< rowCount { rowOffsets[row] &+= delta }
            return
        }
        // As many rows as before (the usual case): they take the old ones' places.
        if count == replaced {
            for index in 0 ..< count {
                rowStarts[position + index] = rowStarts[first + index]
                rowOffsets[position + index] = rowOffsets[first + index] &+ delta
            }
            // One by one: `removeLast(_:)` replaces a subrange with an empty collection, a
            // generic path many times as long for the one row it mostly removes.
            for _ in 0 ..< count {
                rowStarts.removeLast()
                rowOffsets.removeLast()
            }
            return
        }
        let offsets = rowOffsets[first...].map { $0 &+ delta }
        let starts = Array(rowStarts[first...])
        rowStarts.removeSubrange(first...)
        rowOffsets.removeSubrange(first...)
        rowStarts.replaceSubrange(position ..< position + replaced, with: starts)
        rowOffsets.replaceSubrange(position ..< position + replaced, with: offsets)
    }

    /// Stops reading the rows `range` (their records stay, unread, until the table is copied).
    mutating func removeRows(_ range: Range<Int>) {
        makeUnique()
        rowStarts.removeSubrange(range)
        if !rowOffsets.isEmpty { rowOffsets.removeSubrange(range) }
    }

    /// Reads the rows `range` `dy` further down: no record is rewritten.
    mutating func moveRows(_ range: Range<Int>, by dy: Int) {
        makeUnique()
        guard dy != 0 && !range.isEmpty else { return }
        if rowOffsets.isEmpty { rowOffsets = [Int32](repeating: 0, count: rowCount) }
        let delta = Int32(clamping: dy)
        for row in range { rowOffsets[row] &+= delta }
    }

    /// Appends row `row` of `other`: its records, lines and texts copied as they are (no box
    /// made), read `offset` further down than `other` reads it.
    mutating func appendRow(copying row: Int, of other: RowTable, offsetBy offset: Int = 0) {
        makeUnique()
        let first = Int(other.rowStarts[row])
        let end = first + 1 + Int(other.records[first].descendants)
        // A row's lines and texts were stored while it was written: they follow one another.
        var firstLine = Int.max, endLine = 0, byteStart = Int.max, byteEnd = 0
        func cover(_ span: Span) {
            guard !span.isNone else { return }
            byteStart = min(byteStart, Int(span.start))
            byteEnd = max(byteEnd, Int(span.start) + Int(span.length))
        }
        for index in first ..< end {
            let record = other.records[index]
            cover(record.text)
            if record.lineCount > 0 && record.spannedIndex == nil {
                firstLine = min(firstLine, Int(record.firstLine))
                endLine = max(endLine, Int(record.firstLine + record.lineCount))
            }
        }
        for index in firstLine ..< max(firstLine, endLine) {
            cover(other.lines[index].display)
            cover(other.lines[index].reading)
        }
        var byteShift: Int32 = 0
        if byteStart <= byteEnd {
            precondition(bytes.count + byteEnd - byteStart <= Int(Int32.max), "a laid-out list holds at most 2 GiB of text")
            byteShift = Int32(bytes.count - byteStart)
            bytes.append(contentsOf: other.bytes[byteStart ..< byteEnd])
        }
        func moved(_ span: Span) -> Span { span.isNone ? span : Span(start: span.start + byteShift, length: span.length) }
        let lineShift = firstLine == .max ? 0 : Int32(lines.count - firstLine)
        for index in firstLine ..< max(firstLine, endLine) {
            var line = other.lines[index]
            line.display = moved(line.display)
            line.reading = moved(line.reading)
            lines.append(line)
        }
        startRow(readAt: Int32(clamping: other.offset(ofRow: row) + offset))
        for index in first ..< end {
            var record = other.records[index]
            if let held = record.spannedIndex {
                spanned.append(other.spanned[held])
                record.firstLine = -1 - Int32(clamping: spanned.count - 1)
            } else {
                record.firstLine = record.lineCount > 0 ? record.firstLine + lineShift : Int32(clamping: lines.count)
            }
            record.text = moved(record.text)
            if record.id >= 0 { record.id = identifier(other.ids[Int(record.id)]) }
            if record.content >= 0 { record.content = payload(other.contents[Int(record.content)]) }
            records.append(record)
        }
    }

    /// Appends row `row` of `other` (copied, as ``appendRow(copying:of:offsetBy:)``), read
    /// with its top at `y`.
    mutating func appendRow(copying row: Int, of other: RowTable, at y: Int) {
        appendRow(copying: row, of: other, offsetBy: y - other.frame(ofRow: row).y)
    }

    /// The same rows in a table of their own, without the records no row reads.
    func compacted() -> RowTable {
        var table = RowTable()
        table.reserveCapacity(rows: rowCount)
        for row in 0 ..< rowCount { table.appendRow(copying: row, of: self) }
        return table
    }

    /// The same rows without the records no row reads, in place (what `compacted()` gives):
    /// the rows read in the order their records were written, from the first record on, stay
    /// where they are — the table is cut after what they use — and the rows after them are
    /// copied out and back in after the cut. An incremental list's chunk whose last entry is
    /// written again and again (a streamed reply) keeps its other rows where they are, and
    /// only that entry's rows are copied.
    mutating func compact() {
        makeUnique()
        var kept = 0, end = 0
        while kept < rowCount && Int(rowStarts[kept]) == end {
            end = recordEnd(from: end)
            kept += 1
        }
        guard kept > 0 else {
            self = compacted()
            return
        }
        // What the kept rows' records use of the other arrays.
        var lineEnd = 0, byteEnd = 0, idEnd = 0, contentEnd = 0, spannedEnd = 0
        func cover(_ span: Span) {
            if !span.isNone { byteEnd = max(byteEnd, Int(span.start) + Int(span.length)) }
        }
        for index in 0 ..< end {
            let record = records[index]
            cover(record.text)
            if let held = record.spannedIndex {
                spannedEnd = max(spannedEnd, held + 1)
            } else if record.lineCount > 0 {
                lineEnd = max(lineEnd, Int(record.firstLine + record.lineCount))
            }
            idEnd = max(idEnd, Int(record.id) + 1)
            contentEnd = max(contentEnd, Int(record.content) + 1)
        }
        for index in 0 ..< lineEnd {
            cover(lines[index].display)
            cover(lines[index].reading)
        }
        var after = RowTable()
        for row in kept ..< rowCount { after.appendRow(copying: row, of: self) }
        records.truncate(to: end)
        lines.truncate(to: lineEnd)
        bytes.removeSubrange(byteEnd...)
        ids.removeSubrange(idEnd...)
        contents.removeSubrange(contentEnd...)
        spanned.removeSubrange(spannedEnd...)
        rowStarts.removeSubrange(kept...)
        if !rowOffsets.isEmpty { rowOffsets.removeSubrange(kept...) }
        lastLines = nil
        for row in 0 ..< after.rowCount { appendRow(copying: row, of: after) }
    }

    /// Whether row `row` is row `otherRow` of `other` where each stands (frames from the
    /// row's top, texts by their bytes, content, lines, the boxes under it), as
    /// ``Box/isSame(_:movedDown:)`` compares their boxes: no box is made.
    func isSameRow(_ row: Int, as otherRow: Int, in other: RowTable) -> Bool {
        isSameRow(row, asRecordsAt: Int(other.rowStarts[otherRow]), in: other)
    }

    /// The first record of row `row` (its records are that box's subtree).
    func recordStart(ofRow row: Int) -> Int { Int(rowStarts[row]) }

    /// The record after the subtree of the box whose record is `start`: where the next row
    /// written with it starts.
    func recordEnd(from start: Int) -> Int { start + 1 + Int(records[start].descendants) }

    /// Whether row `row` is the row whose records start at `otherStart` in `other` (a row no
    /// longer read there: the incremental list's row before a change rewrote it), as
    /// ``isSameRow(_:as:in:)``.
    func isSameRow(_ row: Int, asRecordsAt otherStart: Int, in other: RowTable) -> Bool {
        let start = Int(rowStarts[row])
        let count = 1 + Int(records[start].descendants)
        guard count == 1 + Int(other.records[otherStart].descendants) else { return false }
        let dy = records[start].y &- other.records[otherStart].y
        for index in 0 ..< count {
            let record = records[start + index], previous = other.records[otherStart + index]
            guard record.x == previous.x, record.y == previous.y &+ dy, record.width == previous.width,
                  record.height == previous.height, record.descendants == previous.descendants, record.role == previous.role,
                  record.alignment == previous.alignment, record.direction == previous.direction, record.tail == previous.tail,
                  record.lineCount == previous.lineCount, (record.id < 0) == (previous.id < 0),
                  record.id < 0 || Identifier.same(ids[Int(record.id)], other.ids[Int(previous.id)]),
                  BoxContent.same(record.content < 0 ? nil : contents[Int(record.content)],
                                  previous.content < 0 ? nil : other.contents[Int(previous.content)]),
                  record.spannedIndex != nil || previous.spannedIndex != nil || sameBytes(record.text, as: previous.text, in: other)
            else { return false }
            // A text held by reference: its words and lines compared together.
            if record.spannedIndex != nil || previous.spannedIndex != nil {
                guard sameLines(of: record, as: previous, in: other) else { return false }
                continue
            }
            for line in 0 ..< Int(record.lineCount) {
                let mine = lines[Int(record.firstLine) + line], theirs = other.lines[Int(previous.firstLine) + line]
                guard mine.x == theirs.x, mine.width == theirs.width, sameBytes(mine.display, as: theirs.display, in: other),
                      sameBytes(mine.reading.isNone ? mine.display : mine.reading,
                                as: theirs.reading.isNone ? theirs.display : theirs.reading, in: other)
                else { return false }
            }
        }
        return true
    }

    /// Whether the lines (and words) of `record` are those of `otherRecord` in `other` where
    /// either holds its text by reference: the same bytes and spans placed alike; else each
    /// line's parts, read as strings and compared by their bytes (a text held by reference
    /// against one whose lines are records, the same words measured another way: rarely).
    private func sameLines(of record: Record, as otherRecord: Record, in other: RowTable) -> Bool {
        if let mine = record.spannedIndex, let theirs = otherRecord.spannedIndex {
            let held = spanned[mine], otherHeld = other.spanned[theirs]
            guard Identifier.same(held.text, otherHeld.text), held.lines == otherHeld.lines else { return false }
            return held.lines.indices.allSatisfy { held.x(ofLine: $0) == otherHeld.x(ofLine: $0) }
        }
        guard Identifier.equal(words(of: record), other.words(of: otherRecord)) else { return false }
        return (0 ..< Int(record.lineCount)).allSatisfy { placedLine($0, of: record).isExactly(other.placedLine($0, of: otherRecord)) }
    }

    /// A box's words as its record holds them (nil: none).
    private func words(of record: Record) -> String? {
        if let held = record.spannedIndex { return spanned[held].text }
        return record.text.isNone ? nil : string(record.text)
    }

    /// Line `index` of a box as it is drawn.
    private func placedLine(_ index: Int, of record: Record) -> PlacedLine {
        if let held = record.spannedIndex { return spannedLine(index, of: spanned[held]) }
        let line = lines[Int(record.firstLine) + index]
        return PlacedLine(display: string(line.display), reading: line.reading.isNone ? nil : string(line.reading),
                          x: Int(line.x), width: Int(line.width))
    }

    /// Line `index` of a text held by reference, drawn as it reads.
    private func spannedLine(_ index: Int, of held: SpannedText) -> PlacedLine {
        let line = held.lines[index]
        var text = held.text
        let display = text.withUTF8 { bytes in
            String(decoding: UnsafeBufferPointer(rebasing: bytes[Int(line.start) ..< Int(line.visibleEnd)]), as: UTF8.self)
        }
        return PlacedLine(display: display, reading: nil, x: Int(held.x(ofLine: index)), width: Int(line.width))
    }

    /// Whether `span` holds the bytes `otherSpan` holds in `other` (both none, or the same bytes).
    private func sameBytes(_ span: Span, as otherSpan: Span, in other: RowTable) -> Bool {
        guard span.isNone == otherSpan.isNone else { return false }
        guard !span.isNone else { return true }
        guard span.length == otherSpan.length else { return false }
        return bytes.withUnsafeBufferPointer { mine in
            other.bytes.withUnsafeBufferPointer { theirs in
                Identifier.equalBytes(UnsafeBufferPointer(rebasing: mine[Int(span.start) ..< Int(span.start) + Int(span.length)]),
                                      UnsafeBufferPointer(rebasing: theirs[Int(otherSpan.start) ..< Int(otherSpan.start) + Int(otherSpan.length)]))
            }
        }
    }

    // MARK: Reading

    /// How far down row `index`'s records are read.
    func offset(ofRow index: Int) -> Int { rowOffsets.isEmpty ? 0 : Int(rowOffsets[index]) }

    /// The frame of row `index`, without making its box.
    func frame(ofRow index: Int) -> Frame {
        let frame = records[Int(rowStarts[index])].frame
        return rowOffsets.isEmpty ? frame : frame.offsetBy(dy: Int(rowOffsets[index]))
    }

    /// The role of row `index`.
    func role(ofRow index: Int) -> BoxRole { records[Int(rowStarts[index])].role }

    /// The id of row `index`.
    func id(ofRow index: Int) -> String? {
        let id = records[Int(rowStarts[index])].id
        return id < 0 ? nil : ids[Int(id)]
    }

    /// Row `index` as a box, moved down by `dy`.
    func box(ofRow index: Int, dy: Int = 0) -> Box {
        box(at: Int(rowStarts[index]), dy: dy + offset(ofRow: index))
    }

    /// Every row as a box, moved down by `dy`.
    func boxes(dy: Int = 0) -> [Box] {
        (0 ..< rowCount).map { box(ofRow: $0, dy: dy) }
    }

    /// Row `index` as a box moved down by `dy`, for drawing the rows `band` (after the move):
    /// each box holds only its lines that meet the band, line i on the `lineHeight` rows from
    /// `frame.y + i × lineHeight`. A box whose lines are cut starts at its first line kept (its
    /// frame's top moved down to it, its bottom where it was) and has no `text`; drawn over
    /// `band`, it draws what the whole box draws there. A message of a million lines costs a
    /// band the lines it shows, not a million (bordered boxes, the bubble and the header, keep
    /// their frames and lines: they hold none of a message's text).
    func box(ofRow index: Int, dy: Int, linesMeeting band: Range<Int>, lineHeight: Int) -> Box {
        box(at: Int(rowStarts[index]), dy: dy + offset(ofRow: index), band: (band, max(1, lineHeight)))
    }

    private func box(at index: Int, dy: Int, band: (rows: Range<Int>, lineHeight: Int)? = nil) -> Box {
        let record = records[index]
        var children: [Box] = []
        if record.descendants > 0 {
            let end = index + 1 + Int(record.descendants)
            // Its children counted first (a skip over each one's subtree): the array is
            // allocated once, at its size, not grown box by box.
            var count = 0, child = index + 1
            while child < end {
                count += 1
                child += 1 + Int(records[child].descendants)
            }
            children.reserveCapacity(count)
            child = index + 1
            while child < end {
                children.append(box(at: child, dy: dy, band: band))
                child += 1 + Int(records[child].descendants)
            }
        }
        var frame = record.frame.offsetBy(dy: dy)
        var shown = 0 ..< Int(record.lineCount)
        if let band, record.lineCount > 0, record.role != .bubble, record.role != .channelHeader {
            // The lines whose rows meet the band: from the first ending below its top to the
            // last starting above its bottom.
            let height = band.lineHeight
            let first = min(shown.upperBound, max(0, band.rows.lowerBound - frame.y) / height)
            let end = max(first, min(shown.upperBound, max(0, band.rows.upperBound - frame.y + height - 1) / height))
            shown = first ..< end
            frame.y += first * height
            frame.height = max(0, frame.height - first * height)
        }
        var placed: [PlacedLine] = []
        // A one-line label's words are its line's bytes (kept once, `openRecord`): the same
        // string serves both.
        var text: String?
        let whole = shown.count == Int(record.lineCount)
        if let held = record.spannedIndex {
            placed.reserveCapacity(shown.count)
            for index in shown { placed.append(spannedLine(index, of: spanned[held])) }
            if whole { text = spanned[held].text }
        } else if !shown.isEmpty {
            placed.reserveCapacity(shown.count)
            for index in Int(record.firstLine) + shown.lowerBound ..< Int(record.firstLine) + shown.upperBound {
                let line = lines[index]
                let display = string(line.display)
                // Stored as `PlacedLine.readingOrder` gave it: nil where it is the display.
                let reading = line.reading.isNone ? nil : string(line.reading)
                if whole && record.lineCount == 1 && !record.text.isNone {
                    if record.text == line.display { text = display } else if record.text == line.reading { text = reading }
                }
                placed.append(PlacedLine(display: display, reading: reading, x: Int(line.x), width: Int(line.width)))
            }
        }
        if whole && text == nil && !record.text.isNone { text = string(record.text) }
        let content = record.content < 0 ? nil : contents[Int(record.content)]
        Box.attachingSpans(&placed, content: content, from: shown.lowerBound)
        return Box(role: record.role, id: record.id < 0 ? nil : ids[Int(record.id)], frame: frame,
                   composedText: text, content: content,
                   placedLines: placed, alignment: record.alignment, textDirection: record.direction, tail: record.tail,
                   children: children)
    }

    private func string(_ span: Span) -> String {
        let start = Int(span.start)
        return bytes.withUnsafeBufferPointer { String(decoding: $0[start ..< start + Int(span.length)], as: UTF8.self) }
    }
}

extension RowTable: BoxSink {
    /// Opens a box straight into the records: its lines placed by `alignment`, their reading
    /// order kept where it is not the display.
    mutating func open(_ role: BoxRole, id: String?, frame: Frame, text: String?, content: BoxContent?, lines textLines: [TextLine],
                       alignment: TextAlignment, direction: TextDirection, tail: BubbleTail) -> Int {
        makeUnique()
        let firstLine = lines.count
        if textLines.count > 1 {
            storeLines(textLines, width: frame.width, alignment: alignment)
        } else if let line = textLines.first {
            storeLine(display: line.display, readingOf: line.text, x: placedX(line.width, in: frame.width, alignment: alignment),
                      width: line.width)
        }
        return openRecord(role, id: id, frame: frame, text: text, content: content, firstLine: firstLine,
                          alignment: alignment, direction: direction, tail: tail)
    }

    /// The same for a box of one line (no array of lines made).
    mutating func open(_ role: BoxRole, id: String?, frame: Frame, text: String?, content: BoxContent?, line: TextLine,
                       alignment: TextAlignment, direction: TextDirection, tail: BubbleTail) -> Int {
        openLine(role, id: id, frame: frame, text: text, content: content, display: line.display, reading: line.text,
                 width: line.width, alignment: alignment, direction: direction, tail: tail)
    }

    /// The same for a short label's line, its text `drawn` itself (no line made).
    mutating func open(_ role: BoxRole, id: String?, frame: Frame, text: String?, content: BoxContent?, drawn: String, width: Int,
                       alignment: TextAlignment) -> Int {
        openLine(role, id: id, frame: frame, text: text, content: content, display: drawn, reading: drawn,
                 width: width, alignment: alignment, direction: .leftToRight, tail: .none)
    }

    /// A box of one line drawn as `display`, the line of `reading`, `width` wide.
    @inline(__always)
    private mutating func openLine(_ role: BoxRole, id: String?, frame: Frame, text: String?, content: BoxContent?, display: String,
                                   reading: String, width: Int, alignment: TextAlignment, direction: TextDirection, tail: BubbleTail) -> Int {
        makeUnique()
        let firstLine = lines.count
        let x = placedX(width, in: frame.width, alignment: alignment)
        // A label drawn as it reads, whose words are its line (the same string, most labels:
        // a time, initials, a name): its bytes stored once for the line and the words, as the
        // general way below finds by comparing them.
        if let text, Identifier.same(representation: text, display), Identifier.same(representation: reading, display),
           PlacedLine.readsAsDrawn(text) {
            let span = store(text)
            lines.append(Line(display: span, reading: .none, x: Int32(clamping: x), width: Int32(clamping: width)))
            return openRecord(role, id: id, frame: frame, text: text, storedAt: span, content: content, firstLine: firstLine,
                              alignment: alignment, direction: direction, tail: tail)
        }
        storeLine(display: display, readingOf: reading, x: x, width: width)
        return openRecord(role, id: id, frame: frame, text: text, content: content, firstLine: firstLine,
                          alignment: alignment, direction: direction, tail: tail)
    }

    /// The same for a box whose lines are spans of its words' bytes (``LineSpans``): the words'
    /// bytes stored once, for them and for every line, each line a span of them drawn as it
    /// reads (only spaces hang at its end, so it has no reading order of its own) — the same
    /// boxes as storing each line's strings.
    mutating func open(_ role: BoxRole, id: String?, frame: Frame, text: String, content: BoxContent?, lineSpans: [LineSpans.Line],
                       alignment: TextAlignment, direction: TextDirection, tail: BubbleTail) -> Int {
        makeUnique()
        if writesChangedEntry && text.utf8.count >= Self.spannedLength {
            spanned.append(SpannedText(text: text, lines: lineSpans, boxWidth: Int32(clamping: frame.width), alignment: alignment))
            records.append(Record(x: Int32(clamping: frame.x), y: Int32(clamping: frame.y &+ writingOffset),
                                  width: Int32(clamping: frame.width), height: Int32(clamping: frame.height),
                                  descendants: 0, id: identifier(id), content: payload(content),
                                  firstLine: -1 - Int32(clamping: spanned.count - 1), lineCount: Int32(clamping: lineSpans.count),
                                  text: .none, role: role, alignment: alignment, direction: direction, tail: tail))
            return records.count - 1
        }
        let firstLine = lines.count
        let whole = store(text)
        for line in lineSpans {
            lines.append(Line(display: Span(start: whole.start &+ line.start, length: line.visibleEnd &- line.start), reading: .none,
                              x: Int32(clamping: placedX(Int(line.width), in: frame.width, alignment: alignment)), width: line.width))
        }
        return openRecord(role, id: id, frame: frame, text: text, storedAt: whole, content: content, firstLine: firstLine,
                          alignment: alignment, direction: direction, tail: tail)
    }

    mutating func close(_ token: Int, height: Int?) {
        makeUnique()
        let descendants = Int32(clamping: records.count - token - 1)
        records.modify(token) { record in
            record.descendants = descendants
            if let height { record.height = Int32(clamping: height) }
        }
    }

    /// Replaces, in place, the text of row `row`'s bubble, `bubbleWidth` by `bubbleHeight`,
    /// when the bubble holds one box, a text held by reference (``SpannedText``) `height` tall
    /// in as many lines as `lineSpans`, set with `alignment` in `direction`: its text becomes
    /// `text`, its lines `lineSpans` (in the same box, mirrored as it was). False, nothing
    /// changed, when the row is not so.
    mutating func rewriteBubbleText(ofRow row: Int, bubbleWidth: Int, bubbleHeight: Int, text: String, lineSpans: [LineSpans.Line],
                                    height: Int, alignment: TextAlignment, direction: TextDirection) -> Bool {
        guard let bubble = bubble(ofRow: row, width: bubbleWidth, height: bubbleHeight), records[bubble].descendants == 1 else {
            return false
        }
        let record = records[bubble + 1]
        guard record.role == .text, Int(record.height) == height, Int(record.lineCount) == lineSpans.count,
              record.alignment == alignment, record.direction == direction, let held = record.spannedIndex,
              spanned[held].alignment == alignment else { return false }
        makeUnique()
        let old = spanned[held]
        spanned[held] = SpannedText(text: text, lines: lineSpans, boxWidth: old.boxWidth, alignment: alignment, mirrored: old.mirrored)
        return true
    }

    func bubble(ofRow row: Int, width: Int, height: Int) -> Int? {
        guard row >= 0, row < rowCount else { return nil }
        let first = Int(rowStarts[row])
        let end = recordEnd(from: first)
        var bubble = first + 1
        while bubble < end && records[bubble].role != .bubble { bubble = recordEnd(from: bubble) }
        guard bubble < end, Int(records[bubble].width) == width, Int(records[bubble].height) == height else { return nil }
        return bubble
    }

    mutating func copyBubbleContent(of bubble: Int, toX x: Int, y: Int) {
        makeUnique()
        let source = records[bubble]
        let contentEnd = recordEnd(from: bubble)
        guard contentEnd > bubble + 1 else { return }
        // The content's bytes were written together, between the bubble's opening and its
        // closing: copied as one run, every span moved by as much (a label's words kept in
        // its line's bytes stay so).
        var byteStart = Int.max, byteEnd = 0
        func cover(_ span: Span) {
            guard !span.isNone else { return }
            byteStart = min(byteStart, Int(span.start))
            byteEnd = max(byteEnd, Int(span.start + span.length))
        }
        for index in bubble + 1 ..< contentEnd {
            let record = records[index]
            cover(record.text)
            guard record.spannedIndex == nil else { continue }
            for line in Int(record.firstLine) ..< Int(record.firstLine + record.lineCount) {
                cover(lines[line].display)
                cover(lines[line].reading)
            }
        }
        var byteShift: Int32 = 0
        if byteStart < byteEnd {
            let count = byteEnd - byteStart
            precondition(bytes.count + count <= Int(Int32.max), "a laid-out list holds at most 2 GiB of text")
            byteShift = Int32(bytes.count - byteStart)
            // Read out first: the array is not read while it grows.
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: count) { run in
                // Copied as memory, not element by element through a slice.
                bytes.withUnsafeBufferPointer { all in run.baseAddress!.initialize(from: all.baseAddress! + byteStart, count: count) }
                bytes.append(contentsOf: UnsafeBufferPointer(run))
            }
        }
        func moved(_ span: Span) -> Span { span.isNone ? span : Span(start: span.start + byteShift, length: span.length) }
        let dx = Int32(clamping: x) &- source.x, dy = Int32(clamping: y &+ writingOffset) &- source.y
        for index in bubble + 1 ..< contentEnd {
            var record = records[index]
            // A text held by reference is copied as a reference: each record holds its own
            // (``rewriteBubbleText`` changes one in place).
            if let held = record.spannedIndex {
                spanned.append(spanned[held])
                record.firstLine = -1 - Int32(clamping: spanned.count - 1)
            } else {
                let firstLine = lines.count
                for line in Int(record.firstLine) ..< Int(record.firstLine + record.lineCount) {
                    var copied = lines[line]
                    copied.display = moved(copied.display)
                    copied.reading = moved(copied.reading)
                    lines.append(copied)
                }
                record.firstLine = Int32(clamping: firstLine)
            }
            record.text = moved(record.text)
            record.x = record.x &+ dx
            record.y = record.y &+ dy
            record.id = record.id < 0 ? -1 : identifier(ids[Int(record.id)])
            record.content = record.content < 0 ? -1 : payload(contents[Int(record.content)])
            records.append(record)
        }
    }

    /// Appends row `row` of this table cut after its bubble (the row's first box of that
    /// role), the bubble's tail gone, read with its top at `y`: the row's box, as high as the
    /// bubble's bottom, the boxes above the bubble and the bubble with its content — their
    /// records copied, their lines and texts the old row's (shared, not copied); the boxes
    /// after the bubble (over it, beside it, below it) left out. False, with nothing appended,
    /// when the row has no bubble. (The row above a message appended to its group, when that
    /// is all that changes in it: `RowLayout.isCutAfterBubble`.)
    mutating func appendRow(cutAfterBubbleOf row: Int, at y: Int) -> Bool {
        makeUnique()
        guard let found = bubbleCut(ofRow: row) else { return false }
        let first = found.first, bubble = found.bubble, cut = recordEnd(from: bubble)
        startRow(readAt: Int32(clamping: offset(ofRow: row) + y - frame(ofRow: row).y))
        var record = records[first]
        record.descendants = Int32(clamping: cut - first - 1)
        record.height = found.heightCut
        records.append(record)
        for index in first + 1 ..< cut {
            record = records[index]
            if index == bubble { record.tail = .none }
            records.append(record)
        }
        return true
    }

    /// The row's first record, its bubble's (its first box of that role) and the row's height
    /// cut after the bubble (down to the bubble's bottom); nil when it has no bubble.
    private func bubbleCut(ofRow row: Int) -> BubbleCut? {
        let first = Int(rowStarts[row])
        let end = recordEnd(from: first)
        var bubble = first + 1
        while bubble < end && records[bubble].role != .bubble { bubble = recordEnd(from: bubble) }
        guard bubble < end else { return nil }
        let bubbleRecord = records[bubble]
        return BubbleCut(row: row, first: first, bubble: bubble, height: bubbleRecord.y &+ bubbleRecord.height &- records[first].y)
    }

    /// Where a row is cut after its bubble (``bubbleCutInPlace(ofRow:)``): found once, read for
    /// its height, then cut (``cutAfterBubble(_:movedBy:)``).
    struct BubbleCut: Sendable {
        let row: Int
        fileprivate let first: Int
        fileprivate let bubble: Int
        fileprivate let heightCut: Int32
        /// The row's height cut after its bubble.
        var height: Int { Int(heightCut) }

        fileprivate init(row: Int, first: Int, bubble: Int, height: Int32) {
            self.row = row
            self.first = first
            self.bubble = bubble
            heightCut = height
        }
    }

    /// Where row `row` is cut after its bubble in place (``cutAfterBubble(_:movedBy:)``): nil
    /// when it has no bubble, or when its records are not the table's last (they are then cut
    /// into a copy, ``appendRow(cutAfterBubbleOf:at:)``).
    func bubbleCutInPlace(ofRow row: Int) -> BubbleCut? {
        guard recordEnd(from: Int(rowStarts[row])) == records.count else { return nil }
        return bubbleCut(ofRow: row)
    }

    /// Cuts the row of `cut` (found by ``bubbleCutInPlace(ofRow:)``, the table unchanged
    /// since: its records are the table's last) after its bubble in place, and reads it `dy`
    /// further down: the same records as ``appendRow(cutAfterBubbleOf:at:)`` writes (in the
    /// row's place), the records after the bubble removed. Their lines and texts stay in the
    /// table, read by nothing, until it is copied without its unread rows (the caller counts
    /// the row as one: the copy's way of dropping them).
    mutating func cutAfterBubble(_ cut: BubbleCut, movedBy dy: Int) {
        makeUnique()
        let first = cut.first, bubble = cut.bubble
        let end = recordEnd(from: first), kept = recordEnd(from: bubble)
        precondition(Int(rowStarts[cut.row]) == first && end == records.count && records[bubble].role == .bubble,
                     "row \(cut.row) changed since its cut was found")
        records.modify(first) { record in
            record.descendants = Int32(clamping: kept - first - 1)
            record.height = cut.heightCut
        }
        records.modify(bubble) { $0.tail = .none }
        records.removeLast(end - kept)
        moveRows(cut.row ..< cut.row + 1, by: dy)
    }

    /// Mirrors the last row's records and their lines, as ``Box/mirrored(inWidth:)`` does.
    mutating func mirrorRow(inWidth width: Int) {
        makeUnique()
        guard let start = rowStarts.last else { return }
        let screen = Int32(clamping: width)
        for index in Int(start) ..< records.count {
            let record = records[index]
            records[index].x = screen &- record.x &- record.width
            if let held = record.spannedIndex {
                // Its own (no other record holds it): mirrored in place.
                spanned[held].mirrored.toggle()
                continue
            }
            for line in Int(record.firstLine) ..< Int(record.firstLine + record.lineCount) {
                lines[line].x = record.width &- lines[line].x &- lines[line].width
            }
        }
    }
}

extension TextLine {
    /// Whether `other` is this line, the same strings (their storage, or the same small
    /// string's bytes) and width: a line copied, not one equal by comparing its characters.
    /// (A string's two words name its storage and its length; storage that two lines share
    /// is not written to.)
    @inline(__always)
    func isIdentical(to other: TextLine) -> Bool {
        width == other.width && Self.bits(text) == Self.bits(other.text) && Self.bits(display) == Self.bits(other.display)
    }

    @inline(__always)
    private static func bits(_ string: String) -> (UInt64, UInt64) {
        unsafeBitCast(string, to: (UInt64, UInt64).self)
    }
}
