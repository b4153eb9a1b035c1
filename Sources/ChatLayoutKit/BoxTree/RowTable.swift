/// The rows of a laid-out list as flat records: one record per box (its frame, role and
/// style, how many boxes nest under it, ranges into one buffer of UTF-8 text and an index into
/// the typed payloads) and one per placed line, in arrays that grow once for the whole list.
/// ``Box`` values are made from it only for the rows asked for (those a viewport shows), so a
/// long list holds no tree of boxes, no array per row and no string per line.
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
    }

    /// One placed line: its display form, its reading order (nil where it is the display).
    struct Line: Sendable {
        var display: Span
        var reading: Span
        var x: Int32
        var width: Int32
    }

    private(set) var records: [Record] = []
    private(set) var lines: [Line] = []
    /// The text of every box and line, UTF-8, one after another.
    private(set) var bytes: [UInt8] = []
    private(set) var ids: [String] = []
    private(set) var contents: [BoxContent] = []
    /// Per row: its first record (a row's records run to the next row's first).
    private(set) var rowStarts: [Int32] = []

    init() {}

    /// A table of `rows`, in order.
    init<Rows: Sequence>(_ rows: Rows) where Rows.Element == Box {
        for row in rows { append(row) }
    }

    var rowCount: Int { rowStarts.count }

    mutating func reserveCapacity(rows: Int) {
        rowStarts.reserveCapacity(rows)
        records.reserveCapacity(rows * 4)
        lines.reserveCapacity(rows * 4)
        ids.reserveCapacity(rows)
    }

    /// Appends a row (a box and its descendants).
    mutating func append(_ row: Box) {
        rowStarts.append(Int32(clamping: records.count))
        add(row)
    }

    /// Appends the box and its subtree, moved down by `dy`.
    private mutating func add(_ box: Box) {
        let index = records.count
        let firstLine = lines.count
        for line in box.placedLines {
            let display = store(line.display)
            lines.append(Line(display: display, reading: line.reading.map { store($0) } ?? .none,
                              x: Int32(clamping: line.x), width: Int32(clamping: line.width)))
        }
        // A one-line label's words are mostly its line's: kept once. (Strings compare by
        // bytes here: canonically equivalent texts are not the same text.)
        var text = Span.none
        if let words = box.text {
            if box.placedLines.count == 1, Identifier.same(words, box.placedLines[0].text) {
                let line = lines[firstLine]
                text = line.reading.isNone ? line.display : line.reading
            } else {
                text = store(words)
            }
        }
        records.append(Record(x: Int32(clamping: box.frame.x), y: Int32(clamping: box.frame.y),
                              width: Int32(clamping: box.frame.width), height: Int32(clamping: box.frame.height),
                              descendants: 0, id: identifier(box.id), content: payload(box.content),
                              firstLine: Int32(clamping: firstLine), lineCount: Int32(clamping: box.placedLines.count), text: text,
                              role: box.role, alignment: box.alignment, direction: box.textDirection, tail: box.tail))
        for child in box.children { add(child) }
        records[index].descendants = Int32(clamping: records.count - index - 1)
    }

    private mutating func store(_ string: String) -> Span {
        let start = bytes.count
        var string = string
        string.withUTF8 { bytes.append(contentsOf: $0) }
        return Span(start: Int32(clamping: start), length: Int32(clamping: bytes.count - start))
    }

    /// The id's index: a row's boxes mostly share their message's id, kept once.
    private mutating func identifier(_ id: String?) -> Int32 {
        guard let id else { return -1 }
        if let last = ids.last, Identifier.same(last, id) { return Int32(clamping: ids.count - 1) }
        ids.append(id)
        return Int32(clamping: ids.count - 1)
    }

    private mutating func payload(_ content: BoxContent?) -> Int32 {
        guard let content else { return -1 }
        contents.append(content)
        return Int32(clamping: contents.count - 1)
    }

    // MARK: Reading

    /// The records of row `index`.
    private func recordRange(ofRow index: Int) -> Range<Int> {
        let start = Int(rowStarts[index])
        return start ..< start + 1 + Int(records[start].descendants)
    }

    /// The frame of row `index`, without making its box.
    func frame(ofRow index: Int) -> Frame { records[Int(rowStarts[index])].frame }

    /// The role of row `index`.
    func role(ofRow index: Int) -> BoxRole { records[Int(rowStarts[index])].role }

    /// The id of row `index`.
    func id(ofRow index: Int) -> String? {
        let id = records[Int(rowStarts[index])].id
        return id < 0 ? nil : ids[Int(id)]
    }

    /// The rows whose frames reach into `band` (rows lie top to bottom and do not overlap):
    /// two binary searches over the rows' frames.
    func rows(overlapping band: Range<Int>) -> Range<Int> {
        // The first row ending below the band's top…
        var low = 0, high = rowCount
        while low < high {
            let middle = (low + high) / 2
            if frame(ofRow: middle).maxY <= band.lowerBound { low = middle + 1 } else { high = middle }
        }
        let first = low
        // …to the first row starting at or below its bottom.
        high = rowCount
        while low < high {
            let middle = (low + high) / 2
            if frame(ofRow: middle).y < band.upperBound { low = middle + 1 } else { high = middle }
        }
        // Empty rows (height 0) at the band's top edge lie before `first`; a row ending at
        // or above the band is not in it.
        return first ..< max(first, low)
    }

    /// Row `index` as a box, moved down by `dy`.
    func box(ofRow index: Int, dy: Int = 0) -> Box {
        box(at: recordRange(ofRow: index).lowerBound, dy: dy)
    }

    /// Every row as a box, moved down by `dy`.
    func boxes(dy: Int = 0) -> [Box] {
        (0 ..< rowCount).map { box(ofRow: $0, dy: dy) }
    }

    private func box(at index: Int, dy: Int) -> Box {
        let record = records[index]
        var children: [Box] = []
        if record.descendants > 0 {
            var child = index + 1
            let end = index + 1 + Int(record.descendants)
            while child < end {
                children.append(box(at: child, dy: dy))
                child += 1 + Int(records[child].descendants)
            }
        }
        var placed: [PlacedLine] = []
        if record.lineCount > 0 {
            placed.reserveCapacity(Int(record.lineCount))
            for line in lines[Int(record.firstLine) ..< Int(record.firstLine) + Int(record.lineCount)] {
                let display = string(line.display)
                placed.append(PlacedLine(display: display, text: line.reading.isNone ? display : string(line.reading),
                                         x: Int(line.x), width: Int(line.width)))
            }
        }
        return Box(role: record.role, id: record.id < 0 ? nil : ids[Int(record.id)], frame: record.frame.offsetBy(dy: dy),
                   text: record.text.isNone ? nil : string(record.text), content: record.content < 0 ? nil : contents[Int(record.content)],
                   placedLines: placed, alignment: record.alignment, textDirection: record.direction, tail: record.tail,
                   children: children)
    }

    private func string(_ span: Span) -> String {
        let start = Int(span.start)
        return bytes.withUnsafeBufferPointer { String(decoding: $0[start ..< start + Int(span.length)], as: UTF8.self) }
    }
}
