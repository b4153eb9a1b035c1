@testable import ChatLayoutPlacement
import ChatLayoutTestSupport
import Testing

/// The date overlay's searches over a list's message rows kept in runs (the incremental list's
/// chunks, each run's rows counted from its top) count exactly the rows a scan of the rows as
/// one array counts, and the overlay's label over runs is the label over that array.
struct MessageRowRunsTests {
    /// Rows of random heights and gaps (some of no height, some touching), cut into runs of
    /// random lengths; every edge, offset and height near them asked.
    @Test(arguments: 0 ..< 40)
    func searchesOverRuns_countAsAScanOfOneArray(seed: Int) {
        var random = SplitMix64(seed: UInt64(seed) &+ 0x5EED)
        var rows: [LaidOutList.MessageRow] = []
        var y = random.int(0 ... 3)
        for index in 0 ..< random.int(1 ... 300) {
            let height = random.int(0 ... 4)
            rows.append(LaidOutList.MessageRow(top: y, bottom: y + height, dateLabel: "day \(index / 7)"))
            y += height + random.int(0 ... 2)
        }
        var runs = MessageRowRuns()
        var start = 0
        while start < rows.count {
            let end = min(rows.count, start + random.int(1 ... 40))
            let top = rows[start].top
            runs.append(rows[start ..< end].map { LaidOutList.MessageRow(top: $0.top - top, bottom: $0.bottom - top, dateLabel: $0.dateLabel) },
                        top: top)
            start = end
        }
        #expect(runs.count == rows.count)
        for probe in -2 ... y + 2 {
            for edge in [LaidOutList.MessageRow.Edge.top, .bottom] {
                let scanned = rows.filter { $0[edge] <= probe }.count
                #expect(runs.count(edge, atOrAbove: probe) == scanned, "\(edge) at or above \(probe)")
                #expect(rows.count(edge, atOrAbove: probe) == scanned, "\(edge) at or above \(probe), one array")
            }
            for (visible, overlay) in [(1, 1), (3, 0), (random.int(2 ... 30), random.int(0 ... 3))] {
                let label = LaidOutList.dateOverlayLabel(in: runs, scrollOffset: probe, visibleHeight: visible, overlayHeight: overlay)
                // The rule read off the rows one by one: the row under the overlay's bottom
                // edge, else the first that shows.
                let edge = probe + overlay
                let expected = rows.last { $0.top <= edge }.flatMap { $0.bottom > edge ? $0.dateLabel : nil }
                    ?? rows.first { $0.bottom > probe }.flatMap { $0.top < probe + visible ? $0.dateLabel : nil }
                #expect(label == expected, "offset \(probe), \(visible) rows, overlay \(overlay)")
            }
        }
    }
}
