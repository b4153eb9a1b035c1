@testable import ChatLayoutKit
@testable import ChatLayoutModel
@testable import ChatLayoutDecisions
@testable import ChatLayoutComposition
@testable import ChatLayoutPlacement
import ChatLayoutTestSupport
import Testing

/// The laid-out list's row store across its chunks: rows written past a chunk's length, and
/// chunks stacked from runs laid out apart, read back as a plain array of their boxes reads.
@Suite struct LaidOutRowsTests {
    /// `count` rows stacked top to bottom, some empty, with a child each.
    private func rows(_ count: Int, seed: UInt64) -> [Box] {
        var random = SplitMix64(seed: seed)
        var rows: [Box] = [], bottom = 0
        for index in 0 ..< count {
            let y = bottom + random.int(0 ... 2), height = random.chance(0.1) ? 0 : random.int(1 ... 4)
            rows.append(Box(role: .messageRow, id: "m\(index)", frame: Frame(x: 0, y: y, width: 10, height: height),
                            children: [Box(role: .text, id: "m\(index)", frame: Frame(x: 1, y: y, width: 5, height: height), text: NeutralText("t\(index)"),
                                           placedLines: [PlacedLine(display: "t\(index)", text: "t\(index)", x: 0, width: 2)])]))
            bottom = y + height
        }
        return rows
    }

    /// What `store` reads differently from `rows`, or nil.
    private func check(_ store: LaidOutRows, _ rows: [Box]) -> String? {
        if store.rowCount != rows.count { return "\(store.rowCount) rows ≠ \(rows.count)" }
        if store.extent != (rows.last?.frame.maxY ?? 0) { return "extent \(store.extent)" }
        for index in rows.indices where index % 97 == 0 || index == rows.count - 1 {
            if store.frame(ofRow: index) != rows[index].frame { return "frame of \(index)" }
            if store.box(ofRow: index, dy: 3) != rows[index].offsetBy(dy: 3) { return "box of \(index)" }
            if store.id(ofRow: index) != "m\(index)" { return "id of \(index)" }
        }
        let bottom = rows.last?.frame.maxY ?? 0
        for start in stride(from: -2, to: bottom + 3, by: 37) {
            for length in [0, 1, 5, 300] {
                let band = start ..< start + length
                let expected = rows.indices.filter { rows[$0].frame.maxY > band.lowerBound && rows[$0].frame.y < band.upperBound }
                let found = store.rows(overlapping: band)
                if !expected.isEmpty && found != expected.first! ..< expected.last! + 1 { return "band \(band): \(found)" }
                if expected.isEmpty && !found.isEmpty { return "band \(band): \(found), none expected" }
            }
        }
        return nil
    }

    @Test func rowsWrittenPastAChunk_readAsTheirBoxes() {
        let rows = rows(2 * LaidOutRows.chunkLength + 300, seed: 7)
        let store = LaidOutRows(rows)
        #expect(store.chunks.count == 3, "a chunk holds chunkLength rows")
        #expect(check(store, rows) == nil)
        #expect(store.boxes() == rows)
    }

    @Test func rowsAppendedMovedDown_areWrittenWhereTheMovedBoxesWouldBe() {
        let rows = rows(LaidOutRows.chunkLength + 300, seed: 13)
        var random = SplitMix64(seed: 5)
        // Each row handed over at another height and moved back down by the store.
        var store = LaidOutRows()
        for row in rows {
            let dy = random.int(-40 ... 40)
            store.append(row.offsetBy(dy: -dy), movedDown: dy)
        }
        #expect(store.chunks.count == 2)
        #expect(store.tops == LaidOutRows(rows).tops)
        #expect(check(store, rows) == nil)
        #expect(store.boxes() == rows)
    }

    @Test func runsStackedAsChunks_readAsTheRowsMovedDown() {
        let rows = rows(5000, seed: 11)
        // Three runs, each from y = 0 (where the run above ends), stacked without copying.
        var store = LaidOutRows()
        for range in [0 ..< 1000, 1000 ..< 3500, 3500 ..< 5000] {
            let top = range.lowerBound == 0 ? 0 : rows[range.lowerBound - 1].frame.maxY
            let run = LaidOutRows(rows[range].map { $0.offsetBy(dy: -top) })
            store.append(contentsOf: run, dy: top)
        }
        #expect(store.chunks.count == 4, "the 2,500-row run is two chunks")
        #expect(check(store, rows) == nil)
    }
}
