import ChatLayoutICU
import ChatLayoutTextRenderer
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
