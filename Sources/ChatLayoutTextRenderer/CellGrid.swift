import ChatLayoutICU
import ChatLayoutKit

/// A monospace grid of cells that text is drawn into: the canvas of the plain-text renderer.
///
/// Each cell holds one grapheme cluster. A cluster two cells wide takes its cell and the
/// next (a continuation cell that prints nothing); zero-width clusters join the cluster
/// before them. Text given to ``draw(_:row:column:)`` is neutralised
/// (`UntrustedText.neutralize(_:)`) before it is drawn (a box's lines are neutral already: the
/// renderer draws them as they are), bidi controls are dropped (text comes in display order),
/// and it is clipped at the grid's edges, so no row is ever wider than the grid and nothing
/// drawn can act on a terminal.
public struct CellGrid: Sendable {
    /// The grid's width in cells.
    public let width: Int
    /// The grid's height in rows.
    public let height: Int
    /// One 32-bit word a cell: a cluster of one code point is stored as that code point;
    /// `continuation` marks the right half of a two-cell cluster; larger values index
    /// `clusters`, for clusters of several code points. Compact: a screen of a 10k-message
    /// conversation is millions of cells.
    private var cells: [UInt32]
    private var clusters: [String] = []
    private let engine: ICUTextEngine
    /// The one-code-point clusters `fill` has drawn (borders, shading), neutralised and
    /// measured once: a bubble's sides are filled on every row.
    private var filled: [(scalar: Unicode.Scalar, text: String, width: Int)] = []

    private static let blank = UInt32(0x20)
    private static let continuation = UInt32(0x11_0000)
    private static let firstCluster = UInt32(0x11_0001)

    /// A blank grid (spaces) of `width` × `height` cells (negative sizes count as 0).
    public init(width: Int, height: Int, engine: ICUTextEngine = ICUTextEngine()) {
        self.width = max(0, width)
        self.height = max(0, height)
        self.engine = engine
        cells = Array(repeating: Self.blank, count: self.width * self.height)
    }

    private mutating func encode(_ cluster: String) -> UInt32 {
        var scalars = cluster.unicodeScalars.makeIterator()
        if let first = scalars.next(), scalars.next() == nil { return first.value }
        clusters.append(cluster)
        return Self.firstCluster + UInt32(clusters.count - 1)
    }

    private func decode(_ cell: UInt32) -> String {
        if cell == Self.continuation { return "" }
        if cell >= Self.firstCluster { return clusters[Int(cell - Self.firstCluster)] }
        return String(Character(Unicode.Scalar(cell)!))
    }

    /// Draws `text` on row `row` from column `column`, left to right, clipped at the grid's
    /// edges. Hard breaks and other zero-width characters take no cell; a two-cell cluster
    /// that would straddle the right edge is not drawn. Returns the column after the text.
    @discardableResult
    public mutating func draw(_ text: String, row: Int, column: Int) -> Int {
        draw(text, row: row, column: column, neutral: false)
    }

    /// Draws a line of a box (``PlacedLine/display``): neutral already, as the box tree holds
    /// only neutral text (`NeutralText`), so it is drawn without scanning it again.
    @discardableResult
    mutating func draw(boxLine line: String, row: Int, column: Int) -> Int {
        draw(line, row: row, column: column, neutral: true)
    }

    private mutating func draw(_ text: String, row: Int, column: Int, neutral isNeutral: Bool) -> Int {
        // Printable ASCII: a cluster per byte, one cell each, nothing to neutralise. The cells
        // on the grid are written in one go: only the run's ends can cut a two-cell cluster.
        let utf8 = text.utf8
        if utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) {
            let end = column + utf8.count
            let first = max(0, column), last = min(width, end)
            if row >= 0 && row < height && first < last {
                clearOverlaps(row: row, from: first, count: last - first)
                let start = row * width
                cells.withUnsafeMutableBufferPointer { cells in
                    var x = column
                    for byte in utf8 {
                        if x >= first && x < last { cells[start + x] = UInt32(byte) }
                        x += 1
                    }
                }
            }
            return end
        }
        var x = column
        let neutral = isNeutral ? text : UntrustedText.neutralize(text)
        // Most lines are one code point a cluster: placed without a string per cluster.
        if let clusters = engine.singleScalarClusterWidths(neutral) {
            for (scalar, clusterWidth) in clusters {
                if scalar == "\n" { continue }
                if clusterWidth == 0 {
                    attach(String(scalar), row: row, before: x)
                    continue
                }
                if fits(clusterWidth, row: row, column: x) { put(scalar.value, width: clusterWidth, row: row, column: x) }
                x += clusterWidth
            }
            return x
        }
        for (cluster, clusterWidth) in engine.clusterWidths(neutral) {
            // Neutralised text keeps "\n" and "\t"; on the grid a hard break takes no cell and
            // a tab is one blank, so that no control character ever reaches a row. Lines come
            // in display order, reordered already: their bidi controls have done their work, and
            // left in a row they would reorder it again on a terminal that does bidi.
            if cluster == "\n" || cluster.unicodeScalars.allSatisfy(UntrustedText.isBidiControl) { continue }
            if clusterWidth == 0 {
                attach(cluster, row: row, before: x)
                continue
            }
            place(cluster == "\t" ? " " : cluster, width: clusterWidth, row: row, column: x)
            x += clusterWidth
        }
        return x
    }

    /// Puts one cluster of `clusterWidth` cells at (row, column) when it fits entirely.
    private mutating func place(_ cluster: String, width clusterWidth: Int, row: Int, column x: Int) {
        guard fits(clusterWidth, row: row, column: x) else { return }
        put(encode(cluster), width: clusterWidth, row: row, column: x)
    }

    /// Whether a cluster of `clusterWidth` cells at (row, column) lies entirely on the grid.
    private func fits(_ clusterWidth: Int, row: Int, column x: Int) -> Bool {
        row >= 0 && row < height && x >= 0 && x + clusterWidth <= width
    }

    /// Writes an encoded cluster (and the continuation of a two-cell one) at a place it fits.
    private mutating func put(_ cell: UInt32, width clusterWidth: Int, row: Int, column x: Int) {
        clearOverlaps(row: row, from: x, count: clusterWidth)
        cells[row * width + x] = cell
        if clusterWidth == 2 { cells[row * width + x + 1] = Self.continuation }
    }

    /// Fills `count` cells of row `row` from `column` with `cluster` (a one-cell cluster,
    /// such as a box-drawing line).
    public mutating func fill(_ cluster: Character, row: Int, column: Int, count: Int) {
        guard count > 0 else { return }
        let scalars = cluster.unicodeScalars
        let first = scalars[scalars.startIndex]
        let isOneScalar = scalars.index(after: scalars.startIndex) == scalars.endIndex
        let text: String, clusterWidth: Int
        if isOneScalar, let known = filled.first(where: { $0.scalar == first }) {
            (text, clusterWidth) = (known.text, known.width)
        } else {
            text = UntrustedText.neutralize(String(cluster))
            clusterWidth = engine.width(of: text)
            if isOneScalar && filled.count < 16 { filled.append((first, text, clusterWidth)) }
        }
        guard clusterWidth > 0, text.unicodeScalars.count == 1 else {
            draw(String(repeating: text, count: count), row: row, column: column)
            return
        }
        guard clusterWidth == 1 else {
            for index in 0 ..< count { place(text, width: clusterWidth, row: row, column: column + index * clusterWidth) }
            return
        }
        // One cell each: the cells on the grid written in one go (only the run's ends can cut
        // a two-cell cluster), as one `place` a cell would write them.
        let start = max(0, column), end = min(width, column + count)
        guard row >= 0 && row < height && start < end else { return }
        clearOverlaps(row: row, from: start, count: end - start)
        let cell = text.unicodeScalars[text.unicodeScalars.startIndex].value
        cells.withUnsafeMutableBufferPointer { cells in
            for x in start ..< end { cells[row * width + x] = cell }
        }
    }

    /// The cluster drawn at a cell ("" for the right half of a two-cell cluster).
    public subscript(row: Int, column: Int) -> String {
        decode(cells[row * width + column])
    }

    /// The grid's rows as strings, trailing spaces kept (each row is exactly `width` cells).
    public var rows: [String] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(width * 4)
        return (0 ..< height).map { row in
            bytes.removeAll(keepingCapacity: true)
            append(row: row, to: &bytes)
            return String(decoding: bytes, as: UTF8.self)
        }
    }

    /// Each row as a line of text for a terminal, top to bottom: without its trailing spaces,
    /// ended by "\n" (made at once, not trimmed from the row's string).
    func forEachLine(_ body: (String) throws -> Void) rethrows {
        try forEachLineUTF8 { try body(String(decoding: $0, as: UTF8.self)) }
    }

    /// The same lines as their UTF-8 bytes (valid: the cells hold whole code points), for a
    /// writer that sends bytes on without making a string of them.
    func forEachLineUTF8(_ body: (UnsafeBufferPointer<UInt8>) throws -> Void) rethrows {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(width * 4 + 1)
        for row in 0 ..< height {
            bytes.removeAll(keepingCapacity: true)
            append(row: row, to: &bytes)
            while let last = bytes.last, last == UInt8(ascii: " ") { bytes.removeLast() }
            bytes.append(UInt8(ascii: "\n"))
            try bytes.withUnsafeBufferPointer(body)
        }
    }

    /// The UTF-8 of row `row`'s cells, appended to `bytes`: measured first, then written in
    /// place.
    private func append(row: Int, to bytes: inout [UInt8]) {
        cells.withUnsafeBufferPointer { all in
            let cells = UnsafeBufferPointer(rebasing: all[row * width ..< (row + 1) * width])
            var count = 0
            for cell in cells {
                count += cell < 0x80 ? 1 : cell == Self.continuation ? 0 : cell >= Self.firstCluster
                    ? clusters[Int(cell - Self.firstCluster)].utf8.count : cell < 0x800 ? 2 : cell < 0x1_0000 ? 3 : 4
            }
            let start = bytes.count
            bytes.append(contentsOf: repeatElement(0, count: count))
            bytes.withUnsafeMutableBufferPointer { out in
                var index = start
                func put(_ byte: UInt32) {
                    out[index] = UInt8(truncatingIfNeeded: byte)
                    index += 1
                }
                for cell in cells {
                    if cell < 0x80 {
                        put(cell)
                    } else if cell == Self.continuation {
                        continue
                    } else if cell >= Self.firstCluster {
                        for byte in clusters[Int(cell - Self.firstCluster)].utf8 { put(UInt32(byte)) }
                    } else if cell < 0x800 {
                        put(0xC0 | cell >> 6)
                        put(0x80 | cell & 0x3F)
                    } else if cell < 0x1_0000 {
                        put(0xE0 | cell >> 12)
                        put(0x80 | cell >> 6 & 0x3F)
                        put(0x80 | cell & 0x3F)
                    } else {
                        put(0xF0 | cell >> 18)
                        put(0x80 | cell >> 12 & 0x3F)
                        put(0x80 | cell >> 6 & 0x3F)
                        put(0x80 | cell & 0x3F)
                    }
                }
            }
        }
    }

    /// A zero-width cluster joins the cluster drawn just before `column` on the row.
    private mutating func attach(_ cluster: String, row: Int, before column: Int) {
        guard row >= 0 && row < height && column > 0 && column <= width else { return }
        var target = column - 1
        if target > 0, cells[row * width + target] == Self.continuation { target -= 1 }
        let existing = cells[row * width + target]
        guard existing != Self.continuation else { return }
        cells[row * width + target] = encode(decode(existing) + cluster)
    }

    /// Overwriting half of a two-cell cluster blanks its other half.
    private mutating func clearOverlaps(row: Int, from column: Int, count: Int) {
        let start = row * width
        if cells[start + column] == Self.continuation, column > 0 {
            cells[start + column - 1] = Self.blank
        }
        let last = column + count - 1
        if last + 1 < width, cells[start + last + 1] == Self.continuation {
            cells[start + last + 1] = Self.blank
        }
    }
}
