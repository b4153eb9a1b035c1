import ChatLayoutDecoding
import ChatLayoutICU
import ChatLayoutKit
import ChatLayoutPixel
import Foundation
import Testing

/// Issue 27: an environment made with the HarfBuzz measurer and no `metrics:` lays out in its
/// points, with its font's line height — never with a terminal's cells.
struct PointsEnvironmentTests {
    @Test func withoutMetrics_theSampleIsLaidOutInTheMeasurersPoints() throws {
        let pixel = try Pixel.measurer()
        let bytes = Array(try Data(contentsOf: Pixel.repository.appendingPathComponent("Samples/conversation.json")))
        let document = try ConversationDecoder.decode(bytes)
        let context = LayoutContext(currentUserID: document.context.currentUserID, now: try #require(document.context.now),
                                    timeZone: try #require(document.context.timeZone), locale: try #require(document.context.locale))
        let formatter = try ICULocaleFormatter(locale: context.locale, timeZone: context.timeZone)
        let forgotten = try LayoutEnvironment(config: document.config, context: context, formatter: formatter, measurer: pixel)
        let points = Metrics.points(lineHeight: pixel.lineHeight, for: document.config)
        #expect(forgotten.metrics == points)
        let given = try LayoutEnvironment(config: document.config, context: context, formatter: formatter, measurer: pixel,
                                          metrics: points)
        let screen = MessageListScreen.layout(document.conversation, environment: forgotten, width: 375)
        #expect(screen == MessageListScreen.layout(document.conversation, environment: given, width: 375))
        #expect(screen.lineHeight == pixel.lineHeight && pixel.lineHeight > 1)
    }
}
