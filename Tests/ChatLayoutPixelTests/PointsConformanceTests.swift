import ChatLayoutKit
import ChatLayoutPixel
import Testing
import TextMeasuringConformance

/// The points measurer keeps the promises every measurer makes (hard breaks, hanging spaces,
/// concatenation, truncation), checked over the conformance corpus at widths in points.
struct PointsConformanceTests {
    @Test func harfBuzzMeasurer_conforms() throws {
        let measurer = try Pixel.measurer()
        let report = TextMeasuringConformance.check(measurer)
        #expect(report.conforms, "\(report)")
        #expect(report.textCount == TextMeasuringConformance.corpus.count)
    }

    @Test func harfBuzzMeasurer_atAnotherSize_conforms() throws {
        let report = TextMeasuringConformance.check(try HarfBuzzTextMeasurer(pointSize: 12))
        #expect(report.conforms, "\(report)")
    }
}
