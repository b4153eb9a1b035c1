import ChatLayoutICU
import ChatLayoutKit

/// Draws a laid-out screen into a monospace grid: bubbles with rounded box-drawing borders
/// (the tail corner square), the header in a square frame, every box's lines where its frame
/// says. The message list clips its rows to the viewport. Text is drawn through `CellGrid`,
/// which neutralises it, so nothing from a message can reach the terminal as a control.
public struct TextRenderer: Sendable {
    /// The text engine that measured the layout: it places clusters in cells.
    public var engine: ICUTextEngine

    /// A renderer drawing with `engine` (the one the layout was measured with).
    public init(engine: ICUTextEngine = ICUTextEngine()) {
        self.engine = engine
    }

    /// The screen's rows, each exactly `screen.width` cells.
    public func rows(_ screen: LaidOutScreen) -> [String] {
        var grid = CellGrid(width: screen.width, height: screen.height, engine: engine)
        var clearedRows = Set<Int>()
        draw(screen.root, clip: 0 ..< screen.height, into: &grid, clearedRows: &clearedRows)
        return grid.rows
    }

    /// The drawing as text for a terminal: rows without trailing spaces, one per line.
    public func render(_ screen: LaidOutScreen) -> String {
        rows(screen).map { row in
            guard let last = row.lastIndex(where: { $0 != " " }) else { return "" }
            return String(row[...last])
        }.joined(separator: "\n") + "\n"
    }

    private func draw(_ box: Box, clip: Range<Int>, into grid: inout CellGrid, clearedRows: inout Set<Int>) {
        var clip = clip
        switch box.role {
        case .messageList:
            clip = max(clip.lowerBound, box.frame.y) ..< max(max(clip.lowerBound, box.frame.y), min(clip.upperBound, box.frame.maxY))
        case .bubble:
            drawBorder(box.frame, corners: bubbleCorners(box.tail), clip: clip, into: &grid)
        case .channelHeader:
            drawBorder(box.frame, corners: asciiBorders ? ("+", "+", "+", "+") : ("┌", "┐", "└", "┘"), clip: clip, into: &grid)
        case .dateOverlay, .scrollToLatestButton:
            // A grid cannot show a pill floating over text without cutting it: the rows a
            // floating box covers are cleared across the screen first (once: two floating
            // boxes may share a row).
            for row in box.frame.y ..< box.frame.maxY where clip.contains(row) && !clearedRows.contains(row) {
                grid.fill(" ", row: row, column: 0, count: grid.width)
                clearedRows.insert(row)
            }
        default:
            break
        }
        for (index, line) in box.lines.enumerated() {
            let row = box.frame.y + index
            guard clip.contains(row) else { continue }
            let lineWidth = engine.width(of: line)
            let x: Int
            switch box.alignment {
            case .leading: x = box.frame.x
            case .trailing: x = box.frame.maxX - lineWidth
            case .center: x = box.frame.x + max(0, (box.frame.width - lineWidth) / 2)
            }
            grid.draw(line, row: row, column: x)
        }
        for child in box.children { draw(child, clip: clip, into: &grid, clearedRows: &clearedRows) }
    }

    private typealias Corners = (topLeading: Character, topTrailing: Character, bottomLeading: Character, bottomTrailing: Character)

    /// Box drawing is East Asian Ambiguous: where ambiguous characters take two cells, a
    /// border of them would not fit the one cell the layout gives it, so borders are drawn in
    /// ASCII, which takes one cell everywhere.
    private var asciiBorders: Bool { engine.policy.ambiguousIsWide }

    private func bubbleCorners(_ tail: BubbleTail) -> Corners {
        if asciiBorders {
            switch tail {
            case .none: return (".", ".", "'", "'")
            case .bottomLeading: return (".", ".", "+", "'")
            case .bottomTrailing: return (".", ".", "'", "+")
            }
        }
        switch tail {
        case .none: return ("╭", "╮", "╰", "╯")
        case .bottomLeading: return ("╭", "╮", "└", "╯")
        case .bottomTrailing: return ("╭", "╮", "╰", "┘")
        }
    }

    private func drawBorder(_ frame: Frame, corners: Corners, clip: Range<Int>, into grid: inout CellGrid) {
        guard frame.width >= 2, frame.height >= 2 else { return }
        let horizontal = frame.width - 2
        let line: Character = asciiBorders ? "-" : "─"
        let side: Character = asciiBorders ? "|" : "│"
        if clip.contains(frame.y) {
            grid.fill(corners.topLeading, row: frame.y, column: frame.x, count: 1)
            grid.fill(line, row: frame.y, column: frame.x + 1, count: horizontal)
            grid.fill(corners.topTrailing, row: frame.y, column: frame.maxX - 1, count: 1)
        }
        for row in frame.y + 1 ..< frame.maxY - 1 where clip.contains(row) {
            grid.fill(side, row: row, column: frame.x, count: 1)
            grid.fill(side, row: row, column: frame.maxX - 1, count: 1)
        }
        if clip.contains(frame.maxY - 1) {
            grid.fill(corners.bottomLeading, row: frame.maxY - 1, column: frame.x, count: 1)
            grid.fill(line, row: frame.maxY - 1, column: frame.x + 1, count: horizontal)
            grid.fill(corners.bottomTrailing, row: frame.maxY - 1, column: frame.maxX - 1, count: 1)
        }
    }
}
