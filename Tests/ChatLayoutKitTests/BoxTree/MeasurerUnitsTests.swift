import ChatLayoutICU
import ChatLayoutKit
import Testing

/// Issue 27, points without traps: what a layout measures in comes from the measurer, so that
/// forgetting `metrics:` cannot lay a measurer in points out with cell metrics, and the date
/// overlay's queries default to the list's own line height.
struct MeasurerUnitsTests {
    /// Three days of messages, a few each, so that the overlay's date changes as the list scrolls.
    private static let threeDays: ConversationBuilder = {
        var builder = ConversationBuilder().direct().config { $0.dateIndicatorPlacement = .overlay }
        for day in 0 ..< 3 {
            for index in 0 ..< 4 {
                let author = index.isMultiple(of: 2) ? "leia" : "luke"
                builder = builder.message("d\(day)m\(index)", by: author, at: Double(day * 86_400 + index * 600),
                                          text: "Message \(index) of day \(day), long enough to wrap onto a second line in points")
            }
        }
        return builder.context { $0.now = instant("2024-03-08T10:00:00Z") }
    }()

    /// Metrics in points, lines 24 tall.
    private static let points = Metrics.points(lineHeight: PointsMeasurer.lineHeight, for: threeDays.config)

    private func environment(_ builder: ConversationBuilder, measurer: any TextMeasuring, metrics: Metrics? = nil) throws -> LayoutEnvironment {
        let formatter = try ICULocaleFormatter(locale: builder.context.locale, timeZone: builder.context.timeZone)
        return try LayoutEnvironment(config: builder.config, context: builder.context, formatter: formatter, measurer: measurer,
                                     metrics: metrics)
    }

    @Test func anEnvironmentWithoutMetrics_takesTheMeasurersUnitsAndLineHeight() throws {
        let builder = Self.threeDays
        let inPoints = try environment(builder, measurer: PointsMeasurer.make())
        #expect(inPoints.metrics == .points(lineHeight: PointsMeasurer.lineHeight, for: builder.config))
        // A measurer that says nothing of its units is the text renderer's, in cells.
        let inCells = try environment(builder, measurer: ICUTextEngine())
        #expect(inCells.metrics == .cells(for: builder.config))
    }

    @Test func forgettingMetrics_laysOutAsWithThePointMetrics() throws {
        let builder = Self.threeDays
        let forgotten = try environment(builder, measurer: PointsMeasurer.make())
        let given = try environment(builder, measurer: PointsMeasurer.make(),
                                    metrics: .points(lineHeight: PointsMeasurer.lineHeight, for: builder.config))
        let screen = MessageListScreen.layout(builder.conversation, environment: forgotten, width: 375)
        #expect(screen == MessageListScreen.layout(builder.conversation, environment: given, width: 375))
        #expect(screen.lineHeight == PointsMeasurer.lineHeight)
    }

    @Test func givenMetrics_stillWin() throws {
        let builder = Self.threeDays
        var custom = Metrics.points(lineHeight: 30, for: builder.config)
        custom.horizontalPadding = 20
        #expect(try environment(builder, measurer: PointsMeasurer.make(), metrics: custom).metrics == custom)
    }

    @Test func aThreadListLayoutWithoutMetrics_takesTheMeasurers() {
        #expect(ThreadListLayout(measurer: PointsMeasurer.make()).listLayout.metrics == .points(lineHeight: PointsMeasurer.lineHeight))
        #expect(ThreadListLayout(measurer: ICUTextEngine()).listLayout.metrics == .cells(for: MessageListConfig()))
    }

    /// The overlay's date, asked for without `overlayHeight`, is the one the screen draws at
    /// every offset: a line of the list's metrics, 24 points here (1 was a row's, and gave
    /// other dates near the days' boundaries).
    @Test func theOverlaysDate_byDefault_isTheOneDrawn_inPoints() throws {
        let builder = Self.threeDays
        // Metrics given, so that only the overlay's default is under test.
        let environment = try environment(builder, measurer: PointsMeasurer.make(), metrics: Self.points)
        let decisions = MessageListResolver(environment).resolve(builder.conversation)
        let list = MessageListLayout(environment).layout(decisions, width: 375, dateIndicator: .overlay)
        let visible = 200, header = list.header.frame.height
        var differedFromOneUnit = 0
        for offset in 0 ... max(0, list.contentHeight - visible) {
            let label = list.dateOverlayLabel(scrollOffset: offset, visibleHeight: visible)
            var drawn: String?
            list.screen(Viewport(scrollOffset: offset, height: header + visible, isScrolling: true)).root.walk { box, _ in
                if box.role == .dateOverlay { drawn = box.text }
            }
            #expect(label == drawn, "offset \(offset)")
            if label != list.dateOverlayLabel(scrollOffset: offset, visibleHeight: visible, overlayHeight: 1) { differedFromOneUnit += 1 }
        }
        #expect(differedFromOneUnit > 0, "some offsets tell a 24-point overlay from a 1-unit one")
    }

    @Test func theIncrementalListsOverlayDate_byDefault_isTheOneDrawn_inPoints() throws {
        let builder = Self.threeDays
        let environment = try environment(builder, measurer: PointsMeasurer.make(), metrics: Self.points)
        let incremental = try IncrementalMessageList(conversation: builder.conversation, environment: environment, width: 375)
        let visible = 200, header = incremental.list.header.frame.height
        for offset in 0 ... max(0, incremental.contentHeight - visible) {
            var drawn: String?
            incremental.screen(Viewport(scrollOffset: offset, height: header + visible, isScrolling: true)).root.walk { box, _ in
                if box.role == .dateOverlay { drawn = box.text }
            }
            #expect(incremental.dateOverlayLabel(scrollOffset: offset, visibleHeight: visible) == drawn, "offset \(offset)")
        }
    }
}

/// A stand-in for a measurer in points: ten units a terminal cell, lines 24 units tall, and
/// metrics that say so.
private enum PointsMeasurer {
    static let lineHeight = 24
    static func make() -> TenfoldMeasurer { TenfoldMeasurer(pointsLineHeight: lineHeight) }
}
