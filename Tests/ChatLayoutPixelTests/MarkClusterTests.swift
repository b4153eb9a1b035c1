import ChatLayoutKit
@testable import ChatLayoutPixel
import Testing

/// Issue 26.6: HarfBuzz 6.0 shapes a base with n combining marks in time that grows with n²,
/// so that one letter with 100,000 marks held a points layout for minutes. A run of marks is
/// shaped up to its first `TextShaper.shapedMarksInARow`; the marks after those measure
/// nothing.
struct MarkClusterTests {
    private let limit = TextShaper.shapedMarksInARow
    /// Devanagari KA with the vowel sign AA, a spacing mark (each advances): one cluster.
    private func ka(marks: Int) -> String { "\u{915}" + String(repeating: "\u{93E}", count: marks) }
    /// "a" with combining acute accents (each advances nothing in Noto Sans).
    private func acute(marks: Int) -> String { "a" + String(repeating: "\u{301}", count: marks) }

    @Test func theBytesHandedToTheShaper_stopAtTheBound() {
        for marks in [limit + 1, 1_000, 100_000] {
            let (text, starts) = TextShaper.shaperInput([ka(marks: marks), "b", acute(marks: marks)][...])
            #expect(text.utf8.count == ka(marks: limit).utf8.count + 1 + acute(marks: limit).utf8.count, "\(marks) marks")
            #expect(starts == [0, UInt32(ka(marks: limit).utf8.count), UInt32(ka(marks: limit).utf8.count + 1)])
        }
        // Up to the bound, and runs of marks broken by other characters, go whole.
        let ordinary = [ka(marks: limit), "e\u{301}", "👩‍👩‍👧", acute(marks: 20) + "\u{200D}" + String(repeating: "\u{301}", count: 20)]
        #expect(TextShaper.shaperInput(ordinary[...]).text == ordinary.joined())
    }

    @Test func aClusterOfMoreMarks_measuresAsItsFirstOnes() throws {
        let measurer = try Pixel.measurer()
        // The spacing marks advance: up to the bound, each one widens the cluster.
        #expect(measurer.preciseWidth(of: ka(marks: limit)) > measurer.preciseWidth(of: ka(marks: limit - 1)))
        for marks in [limit + 1, limit + 7, 5_000] {
            #expect(measurer.preciseWidth(of: ka(marks: marks)) == measurer.preciseWidth(of: ka(marks: limit)), "\(marks) marks")
            #expect(measurer.preciseWidth(of: acute(marks: marks)) == measurer.preciseWidth(of: acute(marks: limit)), "\(marks) marks")
            let text = "x " + ka(marks: marks) + " y"
            let wrapped = measurer.wrap(text, width: 60), bounded = measurer.wrap("x " + ka(marks: limit) + " y", width: 60)
            #expect(wrapped.lines.map(\.width) == bounded.lines.map(\.width), "\(marks) marks")
            // The text itself is kept whole: every mark is still drawn by the front end.
            #expect(wrapped.lines.map(\.text).joined().unicodeScalars.filter { $0 == "\u{93E}" }.count == marks)
        }
    }
}
