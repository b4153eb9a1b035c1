import ChatLayoutICU
import ChatLayoutKit

/// A monospace grid of cells that text is drawn into: the canvas of the plain-text renderer.
///
/// Each cell holds one grapheme cluster. A cluster two cells wide takes its cell and the
/// next (a continuation cell that prints nothing); zero-width clusters join the cluster
/// before them. Text is neutralised (``UntrustedText/neutralize(_:)``) before it is drawn
/// and clipped at the grid's edges, so no row is ever wider than the grid and nothing drawn
/// can act on a terminal.
public struct CellGrid: Sendable {
    /// The grid's size in cells.
    public let width: Int
    public let height: Int
    private var cells: [Cell]
    private let engine: ICUTextEngine

    private enum Cell: Hashable, Sendable {
        case text(String)
        /// The right half of a two-cell cluster.
        case continuation
    }

    /// A blank grid (spaces) of `width` × `height` cells (negative sizes count as 0).
    public init(width: Int, height: Int, engine: ICUTextEngine = ICUTextEngine()) {
        self.width = max(0, width)
        self.height = max(0, height)
        self.engine = engine
        cells = Array(repeating: .text(" "), count: self.width * self.height)
    }

    /// Draws `text` on row `row` from column `column`, left to right, clipped at the grid's
    /// edges. Hard breaks and other zero-width characters take no cell; a two-cell cluster
    /// that would straddle the right edge is not drawn. Returns the column after the text.
    @discardableResult
    public mutating func draw(_ text: String, row: Int, column: Int) -> Int {
        // Printable ASCII: a cluster per byte, one cell each, nothing to neutralise.
        if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) {
            var x = column
            for byte in text.utf8 {
                place(String(UnicodeScalar(byte)), width: 1, row: row, column: x)
                x += 1
            }
            return x
        }
        var x = column
        for (cluster, clusterWidth) in engine.clusterWidths(UntrustedText.neutralize(text)) {
            // Neutralised text keeps "\n" and "\t"; on the grid a hard break takes no cell and
            // a tab is one blank, so that no control character ever reaches a row.
            if cluster == "\n" { continue }
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
        guard row >= 0 && row < height && x >= 0 && x + clusterWidth <= width else { return }
        clearOverlaps(row: row, from: x, count: clusterWidth)
        cells[row * width + x] = .text(cluster)
        if clusterWidth == 2 { cells[row * width + x + 1] = .continuation }
    }

    /// Fills `count` cells of row `row` from `column` with `cluster` (a one-cell cluster,
    /// such as a box-drawing line).
    public mutating func fill(_ cluster: Character, row: Int, column: Int, count: Int) {
        guard count > 0 else { return }
        let text = UntrustedText.neutralize(String(cluster))
        let clusterWidth = engine.width(of: text)
        guard clusterWidth > 0, engine.graphemeClusters(text).count == 1 else {
            draw(String(repeating: text, count: count), row: row, column: column)
            return
        }
        for index in 0 ..< count { place(text, width: clusterWidth, row: row, column: column + index * clusterWidth) }
    }

    /// The cluster drawn at a cell ("" for the right half of a two-cell cluster).
    public subscript(row: Int, column: Int) -> String {
        switch cells[row * width + column] {
        case .text(let cluster): return cluster
        case .continuation: return ""
        }
    }

    /// The grid's rows as strings, trailing spaces kept (each row is exactly `width` cells).
    public var rows: [String] {
        (0 ..< height).map { row in
            var line = ""
            for column in 0 ..< width { line += self[row, column] }
            return line
        }
    }

    /// A zero-width cluster joins the cluster drawn just before `column` on the row.
    private mutating func attach(_ cluster: String, row: Int, before column: Int) {
        guard row >= 0 && row < height && column > 0 && column <= width else { return }
        var target = column - 1
        if target > 0, case .continuation = cells[row * width + target] { target -= 1 }
        if case .text(let existing) = cells[row * width + target] {
            cells[row * width + target] = .text(existing + cluster)
        }
    }

    /// Overwriting half of a two-cell cluster blanks its other half.
    private mutating func clearOverlaps(row: Int, from column: Int, count: Int) {
        let start = row * width
        if case .continuation = cells[start + column], column > 0 {
            cells[start + column - 1] = .text(" ")
        }
        let last = column + count - 1
        if last + 1 < width, case .continuation = cells[start + last + 1] {
            cells[start + last + 1] = .text(" ")
        }
    }
}
