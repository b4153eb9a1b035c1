@testable import ChatLayoutICU
@testable import ChatLayoutPlacement
import ChatLayoutKit
import Testing

/// A text's line segments (its runs between line-break opportunities) say its line count and
/// last line's width at any width by arithmetic: exactly those of the engine's lines at that
/// width, or nothing where a run is wider than the line and is cut between its units.
struct LineSegmentsTests {
    let engine = ICUTextEngine()

    func metrics(_ text: String, width: Int) -> (count: Int, lastWidth: Int)?? {
        var segments: [UInt32] = []
        guard engine.appendLineSegments(of: text, to: &segments) else { return .none }
        return .some(segments.withUnsafeBufferPointer { LineSegments.lineMetrics($0, width: width) })
    }

    @Test func segments_sayTheEnginesLines_orNothing() throws {
        let texts = PreparedTextTests.edgeTexts + ["a !", "a  ! b", "  x", " \n  y z", "ab\n", "\n\n", "w" + String(repeating: "o", count: 60),
                                                   "word " + String(repeating: "x", count: 30) + " end"]
            + stride(from: 0, to: try Fixtures.corpus().count, by: 7).map { try! Fixtures.corpus()[$0] }
        var answered = 0, asked = 0
        for text in texts {
            for width in 1 ... 120 {
                asked += 1
                guard case .some(let metrics) = metrics(text, width: width) else {
                    Issue.record("\(text.debugDescription): no segments")
                    continue
                }
                guard let metrics else { continue }
                answered += 1
                let lines = engine.wrap(text, width: width).lines
                #expect(metrics.count == lines.count && metrics.lastWidth == (lines.last?.width ?? 0),
                        "\(text.debugDescription) at \(width): \(metrics) against \(lines.count) lines, the last \(lines.last?.width ?? 0) wide")
            }
        }
        // Nothing only where a run is wider than the line: most widths are answered.
        #expect(answered * 10 >= asked * 9, "\(answered) of \(asked) answered")
    }

    /// Nothing is said where a run must be cut between its units, and a run that is one unit
    /// (with the spaces after it) stands alone on a line narrower than it.
    @Test func aRunWiderThanTheLine() {
        #expect(metrics("supercalifragilistic", width: 5).map { $0 == nil } == true)
        #expect(metrics("supercalifragilistic", width: 20)!!.count == 1)
        // One wide character alone on a line one cell wide.
        #expect(metrics("中 文", width: 1)!!.count == 2)
        #expect(metrics("xy", width: 1).map { $0 == nil } == true)
        // Spaces before a run hang on a line of their own.
        #expect(metrics("   x", width: 2)!!.count == 2)
    }

    /// A run wider than a segment can say is not summarised: the row is laid out from its
    /// composition.
    @Test func aRunTooWideToSay_isNotSummarised() {
        var segments: [UInt32] = [7]
        #expect(!engine.appendLineSegments(of: String(repeating: "x", count: LineSegments.maximumWidth + 1), to: &segments))
        #expect(segments == [7])
        #expect(engine.appendLineSegments(of: String(repeating: "x", count: LineSegments.maximumWidth), to: &segments))
        #expect(segments.count == 2)
    }
}
