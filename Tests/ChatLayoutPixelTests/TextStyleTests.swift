import ChatLayoutKit
import ChatLayoutPixel
import Testing

/// Text styles in points (issue 29, point 5): the body keeps its results byte for byte; a
/// larger style (a jumbomoji's 50 points where the body is 17) measures wider and its lines are
/// taller, scaled by its size.
struct TextStyleTests {
    @Test func bodyStyle_keepsTheUnstyledResults() throws {
        let measurer = try Pixel.measurer()
        for text in ["Hello", "Count me in! 🎉", "שלום עולם", "今日は何時に会いますか？"] {
            #expect(measurer.width(of: text, style: .body) == measurer.width(of: text))
            #expect(measurer.wrap(text, width: 60, style: .body) == measurer.wrap(text, width: 60))
        }
        let metrics = measurer.metrics(for: MessageListConfig())
        #expect(measurer.lineHeight(of: .body, in: metrics) == metrics.lineHeight)
    }

    @Test func largeEmoji_isScaledByItsSize_widerAndTaller() throws {
        let measurer = try Pixel.measurer()
        let body = measurer.preciseWidth(of: "😍")
        let large = measurer.width(of: "😍", style: .largeEmoji)
        #expect(Double(large) >= body * 50 / 17 && Double(large) < body * 50 / 17 + 1)
        let metrics = measurer.metrics(for: MessageListConfig())
        let lineHeight = measurer.lineHeight(of: .largeEmoji, in: metrics)
        #expect(lineHeight > 2 * metrics.lineHeight && lineHeight <= 3 * metrics.lineHeight + 1)
        // A smaller style is narrower than the body.
        #expect(measurer.width(of: "Edited", style: .footnote) < measurer.width(of: "Edited"))
    }

    @Test func largeEmoji_wrapsToItsWidth() throws {
        let measurer = try Pixel.measurer()
        let wrapped = measurer.wrap("👍🏻💯🚀", width: 120, style: .largeEmoji)
        #expect(wrapped.lines.count >= 2)
        #expect(wrapped.lines.allSatisfy { $0.width <= 120 })
        #expect(wrapped.lines.map(\.text).joined() == "👍🏻💯🚀")
    }
}
