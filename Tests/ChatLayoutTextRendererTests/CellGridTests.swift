import ChatLayoutICU
import ChatLayoutKit
@testable import ChatLayoutTextRenderer
import Testing

struct CellGridTests {
    let engine = ICUTextEngine()

    @Test func text_isDrawnAtItsPosition_andRowsKeepTheirWidth() {
        var grid = CellGrid(width: 8, height: 2)
        let end = grid.draw("Hi", row: 1, column: 3)
        #expect(end == 5)
        #expect(grid.rows == ["        ", "   Hi   "])
    }

    @Test func wideClusters_takeTwoCells() {
        var grid = CellGrid(width: 6, height: 1)
        grid.draw("中👍🏽a", row: 0, column: 0)
        #expect(grid[0, 0] == "中")
        #expect(grid[0, 1] == "")
        #expect(grid[0, 2] == "👍🏽")
        #expect(grid[0, 4] == "a")
        #expect(engine.width(of: grid.rows[0]) == 6)
    }

    @Test func text_isClippedAtTheRightEdge_andAWideClusterIsNeverHalved() {
        var grid = CellGrid(width: 5, height: 1)
        grid.draw("abcd中", row: 0, column: 0)
        #expect(grid.rows == ["abcd "])
        var shifted = CellGrid(width: 4, height: 1)
        shifted.draw("xyz", row: 0, column: -1)
        #expect(shifted.rows == ["yz  "])
    }

    @Test func zeroWidthClusters_joinTheClusterBefore() {
        var grid = CellGrid(width: 4, height: 1)
        grid.draw("ab", row: 0, column: 0)
        grid.draw("\u{301}", row: 0, column: 2)
        #expect(grid[0, 1] == "b\u{301}")
        #expect(grid.rows[0] == "ab\u{301}  ")
    }

    @Test func overwritingHalfAWideCluster_blanksTheOtherHalf() {
        var grid = CellGrid(width: 4, height: 1)
        grid.draw("中文", row: 0, column: 0)
        grid.draw("x", row: 0, column: 1)
        #expect(grid.rows == [" x文"])
        #expect(engine.width(of: grid.rows[0]) == 4)
    }

    /// A run of ASCII or a fill written over wide clusters blanks the halves it cuts at its two
    /// ends, and only those; clipped at both edges, as a cell at a time would.
    @Test func runsAndFills_overWideClusters_blankOnlyTheHalvesTheyCut() {
        var grid = CellGrid(width: 10, height: 3)
        for row in 0 ..< 3 { grid.draw("中文字中文", row: row, column: 0) }
        grid.draw("abc", row: 0, column: 3)  // over 文's right half (blanks its left) and all of 字
        grid.fill("─", row: 1, column: 1, count: 4)  // over 中's right half and 字's left half
        grid.draw("xyz", row: 2, column: -2)  // "z" over 中's left half (blanks its right)
        #expect(grid.rows == ["中 abc中文", " ──── 中文", "z 文字中文"])
        #expect(grid.rows.allSatisfy { engine.width(of: $0) == 10 })
        var edge = CellGrid(width: 4, height: 1)
        edge.fill("░", row: 0, column: 2, count: 5)
        edge.fill("-", row: 0, column: -3, count: 4)
        #expect(edge.rows == ["- ░░"])
    }

    /// The lines a terminal gets are the rows without trailing spaces, each ended by "\n".
    @Test func lines_areTheRowsTrimmed() {
        var grid = CellGrid(width: 6, height: 3)
        grid.draw("a b", row: 0, column: 0)
        grid.draw("中", row: 2, column: 4)
        var lines: [String] = []
        grid.forEachLine { lines.append($0) }
        #expect(lines == ["a b\n", "\n", "    中\n"])
    }

    @Test func drawnText_isNeutralised() {
        var grid = CellGrid(width: 12, height: 1)
        grid.draw("\u{1B}[31mred\u{07}", row: 0, column: 0)
        #expect(grid.rows == ["red␇        "])
        #expect(!grid.rows[0].unicodeScalars.contains { $0.value < 0x20 })
    }

    @Test func noRowIsEverWiderThanTheGrid_overTheCorpusSample() {
        let texts = ["👩‍👩‍👧👩‍👩‍👧👩‍👩‍👧", "那是我的名字。", "ภาษาไทยง่ายนิดเดียว", "שלום עולם", "a\tb\nc", "e\u{301}\u{302}\u{303}x"]
        for width in 1 ... 9 {
            for text in texts {
                for column in -2 ... 3 {
                    var grid = CellGrid(width: width, height: 1)
                    grid.draw(text, row: 0, column: column)
                    #expect(engine.width(of: grid.rows[0]) == width, "\(text) at \(column) in \(width)")
                }
            }
        }
    }
}

/// The renderer draws each line where the layout placed it: it measures nothing itself.
struct PlacedLineDrawingTests {
    @Test func line_isDrawnAtItsPlacedOffset_notRealignedByTheRenderer() {
        // A trailing box whose line the layout placed 1 cell in (not at the trailing edge):
        // the renderer follows the placement, as it cannot measure.
        let text = Box(role: .text, frame: Frame(x: 2, y: 0, width: 6, height: 2), text: "ab cd",
                       placedLines: [PlacedLine(display: "ab", text: "ab ", x: 1, width: 2), PlacedLine(display: "cd", text: "cd", x: 4, width: 2)],
                       alignment: .trailing)
        let screen = LaidOutScreen(width: 10, height: 2, root: Box(role: .root, frame: Frame(x: 0, y: 0, width: 10, height: 2), children: [text]))
        #expect(TextRenderer().rows(screen) == ["   ab     ", "      cd  "])
    }

    @Test func media_areShadedBelowTheirLabel() {
        let image = AttachmentContent(kind: .image, type: "image", originalSize: PixelSize(width: 400, height: 300))
        let box = Box(role: .attachment, frame: Frame(x: 1, y: 0, width: 4, height: 3), content: .attachment(image),
                      placedLines: [PlacedLine(display: "[im…", text: "[im…", x: 0, width: 4)])
        let screen = LaidOutScreen(width: 6, height: 3, root: Box(role: .root, frame: Frame(x: 0, y: 0, width: 6, height: 3), children: [box]))
        #expect(TextRenderer().rows(screen) == [" [im… ", " ░░░░ ", " ░░░░ "])
    }
}
