import ChatLayoutICU
import ChatLayoutKit

/// Draws a laid-out screen into a monospace grid: bubbles with rounded box-drawing borders
/// (the tail corner square), the header in a square frame, media shaded at their size, every
/// box's lines where the layout placed them (one row each: lay out with `Metrics`' cell
/// defaults and ``TerminalPresentation``). The message list clips its rows to the viewport. Text is drawn through `CellGrid`,
/// which neutralises it, so nothing from a message can reach the terminal as a control.
public struct TextRenderer: Sendable {
    /// The text engine that measured the layout: it places clusters in cells.
    public var engine: ICUTextEngine

    /// A renderer drawing with `engine` (the one the layout was measured with).
    public init(engine: ICUTextEngine = ICUTextEngine()) {
        self.engine = engine
    }

    /// The most cells drawn at once: a tall screen (a whole long conversation) is drawn a band
    /// of rows at a time, so that its grid takes at most this many cells (4 MiB), however
    /// tall the screen.
    static let cellsPerBand = 1 << 20

    /// The screen's rows, each exactly `screen.width` cells.
    public func rows(_ screen: LaidOutScreen) -> [String] {
        var rows: [String] = []
        rows.reserveCapacity(screen.height)
        forEachRow(screen, bandHeight: Self.bandHeight(width: screen.width), asLines: false) { rows.append($0) }
        return rows
    }

    /// The drawing as text for a terminal: rows without trailing spaces, one per line.
    public func render(_ screen: LaidOutScreen) -> String {
        var output = ""
        render(screen) { output += $0 }
        return output
    }

    /// The drawing as ``render(_:)`` gives it, handed to `write` a line at a time (each line
    /// with its "\n"), top to bottom: a long conversation is written out without ever being
    /// held whole. An error `write` throws ends the drawing.
    public func render(_ screen: LaidOutScreen, to write: (String) throws -> Void) rethrows {
        try forEachRow(screen, bandHeight: Self.bandHeight(width: screen.width), asLines: true, write)
    }

    /// The whole list drawn as ``render(_:to:)-(LaidOutScreen,_)`` draws `list.screen()`, a line at a time, but
    /// with boxes made only for the band of rows being drawn, and of a tall message only the
    /// lines in the band (`LaidOutList.bandScreen(meeting:)`): however long the conversation or
    /// its messages, the drawing holds one band's boxes, lines and cells.
    public func render(_ list: LaidOutList, to write: (String) throws -> Void) rethrows {
        try render(list, bandHeight: nil, to: write)
    }

    /// As `render(_:to:)` for a list, in bands of `bandHeight` rows (nil: as many as `cellsPerBand` allows).
    func render(_ list: LaidOutList, bandHeight: Int?, to write: (String) throws -> Void) rethrows {
        try render(list, rows: 0 ..< list.header.frame.height + list.contentHeight, bandHeight: bandHeight, to: write)
    }

    /// The rows `rows` of the whole list's drawing (screen rows, header included), drawn as
    /// ``render(_:to:)-(LaidOutList,_)`` draws them. With the parts of
    /// `MessageListScreen.forEachPart`, each drawn over the rows it covers, a long
    /// conversation is drawn at constant memory.
    public func render(_ list: LaidOutList, rows: Range<Int>, to write: (String) throws -> Void) rethrows {
        try render(list, rows: rows, bandHeight: nil, to: write)
    }

    func render(_ list: LaidOutList, rows: Range<Int>, bandHeight: Int?, to write: (String) throws -> Void) rethrows {
        guard !rows.isEmpty else { return }
        try forEachRow(rows: rows, width: list.width, bandHeight: bandHeight ?? Self.bandHeight(width: list.width),
                       screen: list.bandScreen(meeting:), asLines: true, write)
    }

    /// The same lines as ``render(_:rows:to:)`` writes, as their UTF-8 bytes: for a writer
    /// that sends bytes on (the command line's standard output) without a string made of each.
    package func renderUTF8(_ list: LaidOutList, rows: Range<Int>, to write: (UnsafeBufferPointer<UInt8>) throws -> Void) rethrows {
        guard !rows.isEmpty else { return }
        try forEachBand(rows: rows, width: list.width, bandHeight: Self.bandHeight(width: list.width),
                        screen: list.bandScreen(meeting:)) { try $0.forEachLineUTF8(write) }
    }

    /// The rows drawn at once on a screen `width` cells wide: as many as `cellsPerBand`
    /// allows, at least one.
    static func bandHeight(width: Int) -> Int {
        max(1, cellsPerBand / max(1, width))
    }

    /// Draws the screen `bandHeight` rows at a time and hands each row, top to bottom, to
    /// `body`: as a line of the drawing (`asLines`: trailing spaces dropped, "\n" ended) or
    /// whole.
    func forEachRow(_ screen: LaidOutScreen, bandHeight: Int, asLines: Bool, _ body: (String) throws -> Void) rethrows {
        try forEachRow(rows: 0 ..< screen.height, width: screen.width, bandHeight: bandHeight, screen: { _ in screen },
                       asLines: asLines, body)
    }

    /// Draws the rows `rows` of a screen `bandHeight` rows at a time, each band from the
    /// screen `screen` gives for it (one that holds at least the boxes meeting the band), and
    /// hands each row, top to bottom, to `body` (as a line of the drawing with `asLines`).
    func forEachRow(rows: Range<Int>, width: Int, bandHeight: Int, screen: (Range<Int>) -> LaidOutScreen, asLines: Bool,
                    _ body: (String) throws -> Void) rethrows {
        try forEachBand(rows: rows, width: width, bandHeight: bandHeight, screen: screen) { grid in
            if asLines {
                try grid.forEachLine(body)
            } else {
                for row in grid.rows { try body(row) }
            }
        }
    }

    /// Draws the rows `rows` of a screen `bandHeight` rows at a time, each band from the
    /// screen `screen` gives for it, and hands each band's grid, top to bottom, to `body`.
    private func forEachBand(rows: Range<Int>, width: Int, bandHeight: Int, screen: (Range<Int>) -> LaidOutScreen,
                             _ body: (CellGrid) throws -> Void) rethrows {
        let height = rows.upperBound
        var top = rows.lowerBound
        repeat {
            let band = top ..< min(height, top + max(1, bandHeight))
            let shown = screen(band)
            var painter = Painter(renderer: self, grid: CellGrid(width: width, height: band.count, engine: engine),
                                  origin: band.lowerBound, direction: shown.direction, clips: [band])
            shown.root.walk(&painter)
            try body(painter.grid)
            top = band.upperBound
        } while top < height
    }

    /// The drawing as a walk: each box where it meets the clip (rows of the screen), into a
    /// grid whose first row is screen row `origin`; `direction` says which side a tail's
    /// leading corner is on.
    private struct Painter: BoxVisitor {
        let renderer: TextRenderer
        var grid: CellGrid
        let origin: Int
        let direction: LayoutDirection
        /// Per box open, the rows its children are drawn in (the message list clips its rows
        /// to its frame); the band at the bottom.
        var clips: [Range<Int>]
        /// The rows cleared for floating boxes.
        var clearedRows = Set<Int>()

        mutating func visit(_ box: Box, depth: Int, frame: Frame) -> BoxWalk {
            var clip = clips[clips.count - 1]
            switch box.role {
            case .messageList:
                clip = max(clip.lowerBound, frame.y) ..< max(max(clip.lowerBound, frame.y), min(clip.upperBound, frame.maxY))
            case .bubble:
                renderer.drawBorder(frame, corners: renderer.bubbleCorners(box.tail, direction: direction), clip: clip, origin: origin, into: &grid)
            case .channelHeader:
                renderer.drawBorder(frame, corners: renderer.asciiBorders ? ("+", "+", "+", "+") : ("┌", "┐", "└", "┘"), clip: clip,
                                    origin: origin, into: &grid)
            case .attachment where !box.children.isEmpty:
                // A card (a link preview, a file, a recording) is a bordered block of lines; a
                // giphy's with its buttons is the bubble's width and has the bubble's border.
                if case .attachment(let attachment) = box.content, attachment.kind != .giphy {
                    renderer.drawBorder(frame, corners: renderer.asciiBorders ? ("+", "+", "+", "+") : ("┌", "┐", "└", "┘"), clip: clip,
                                        origin: origin, into: &grid)
                }
            case .highlight:
                // A grid has no background colour: a bar down the highlighted row's leading
                // edge, drawn before the row (whose padding leaves that column blank).
                let column = direction == .rightToLeft ? frame.maxX - 1 : frame.x
                for row in frame.y ..< frame.maxY where clip.contains(row) {
                    grid.draw(boxLine: renderer.asciiBorders ? "|" : "▌", row: row - origin, column: column)
                }
            case .quoteGutter, .codeGutter:
                // Rich text: a bar down a block quote's or a code block's lines.
                for row in frame.y ..< frame.maxY where clip.contains(row) {
                    grid.fill(renderer.asciiBorders ? "|" : "│", row: row - origin, column: frame.x, count: 1)
                }
            case .thematicBreak:
                if clip.contains(frame.y) {
                    grid.fill(renderer.asciiBorders ? "-" : "─", row: frame.y - origin, column: frame.x, count: frame.width)
                }
            case .dateOverlay, .scrollToLatestButton, .jumpToUnreadButton, .frozenBanner:
                // A grid cannot show a pill floating over text without cutting it: the rows a
                // floating box covers are cleared across the screen first (once: two floating
                // boxes may share a row).
                for row in frame.y ..< frame.maxY where clip.contains(row) && !clearedRows.contains(row) {
                    grid.fill(" ", row: row - origin, column: 0, count: grid.width)
                    clearedRows.insert(row)
                }
            default:
                break
            }
            // Only the lines in the band (a long message's text is thousands of lines), each where
            // the layout placed it: nothing is measured here.
            let end = max(0, min(box.placedLines.count, clip.upperBound - frame.y))
            let shown = min(end, max(0, clip.lowerBound - frame.y)) ..< end
            for (index, line) in zip(shown, box.placedLines[shown]) {
                let row = frame.y + index
                guard clip.contains(row) else { continue }
                grid.draw(boxLine: line.display, row: row - origin, column: frame.x + line.x)
            }
            switch box.content {
            case .attachment(let attachment) where attachment.kind.isMedia && box.children.isEmpty:
                renderer.drawMedia(box, frame: frame, clip: clip, origin: origin, into: &grid)
            case .cardPart(let part) where part.kind == .image:
                renderer.drawMedia(box, frame: frame, clip: clip, origin: origin, into: &grid)
            case .galleryTile:
                renderer.drawMedia(box, frame: frame, clip: clip, origin: origin, into: &grid)
            default:
                break
            }
            clips.append(clip)
            guard box.role == .messageList else { return .visitChildren }
            // A list's rows are in order, top to bottom: the first that reaches the band is found
            // by bisection, so that drawing a band does not visit every row of a long list; the
            // rows from the first that starts below it are not visited.
            var first = 0, high = box.children.count
            while first < high {
                let middle = (first + high) / 2
                if box.children[middle].frame.maxY <= clip.lowerBound { first = middle + 1 } else { high = middle }
            }
            var last = first
            while last < box.children.count && box.children[last].frame.y < clip.upperBound { last += 1 }
            return .visitSomeChildren(first ..< last)
        }

        mutating func leave(_ box: Box, depth: Int, frame: Frame) {
            clips.removeLast()
        }
    }

    /// The rows of a media box under its label, shaded: the picture's place at its aspect ratio.
    private func drawMedia(_ box: Box, frame: Frame, clip: Range<Int>, origin: Int, into grid: inout CellGrid) {
        let shade: Character = asciiBorders ? ":" : "░"
        let first = max(frame.y + box.placedLines.count, clip.lowerBound)
        let last = min(frame.maxY, clip.upperBound)
        guard first < last else { return }
        for row in first ..< last { grid.fill(shade, row: row - origin, column: frame.x, count: frame.width) }
    }

    /// A border's corners, left to right as drawn.
    private typealias Corners = (topLeft: Character, topRight: Character, bottomLeft: Character, bottomRight: Character)

    /// Box drawing is East Asian Ambiguous: where ambiguous characters take two cells, a
    /// border of them would not fit the one cell the layout gives it, so borders are drawn in
    /// ASCII, which takes one cell everywhere.
    private var asciiBorders: Bool { engine.policy.ambiguousIsWide }

    /// A bubble's corners, the tail's square: its leading corner is the left one left to
    /// right, the right one right to left.
    private func bubbleCorners(_ tail: BubbleTail, direction: LayoutDirection) -> Corners {
        let squareLeft = direction == .leftToRight ? tail == .bottomLeading : tail == .bottomTrailing
        let squareRight = tail != .none && !squareLeft
        if asciiBorders {
            return (".", ".", squareLeft ? "+" : "'", squareRight ? "+" : "'")
        }
        return ("╭", "╮", squareLeft ? "└" : "╰", squareRight ? "┘" : "╯")
    }

    private func drawBorder(_ frame: Frame, corners: Corners, clip: Range<Int>, origin: Int, into grid: inout CellGrid) {
        guard frame.width >= 2, frame.height >= 2 else { return }
        let horizontal = frame.width - 2
        let line: Character = asciiBorders ? "-" : "─"
        let side: Character = asciiBorders ? "|" : "│"
        if clip.contains(frame.y) {
            grid.fill(corners.topLeft, row: frame.y - origin, column: frame.x, count: 1)
            grid.fill(line, row: frame.y - origin, column: frame.x + 1, count: horizontal)
            grid.fill(corners.topRight, row: frame.y - origin, column: frame.maxX - 1, count: 1)
        }
        for row in max(frame.y + 1, clip.lowerBound) ..< max(max(frame.y + 1, clip.lowerBound), min(frame.maxY - 1, clip.upperBound)) {
            grid.fill(side, row: row - origin, column: frame.x, count: 1)
            grid.fill(side, row: row - origin, column: frame.maxX - 1, count: 1)
        }
        if clip.contains(frame.maxY - 1) {
            grid.fill(corners.bottomLeft, row: frame.maxY - 1 - origin, column: frame.x, count: 1)
            grid.fill(line, row: frame.maxY - 1 - origin, column: frame.x + 1, count: horizontal)
            grid.fill(corners.bottomRight, row: frame.maxY - 1 - origin, column: frame.maxX - 1, count: 1)
        }
    }
}
