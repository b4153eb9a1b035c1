import ChatLayoutGoldenTesting
import ChatLayoutGoldens
import ChatLayoutICU
import ChatLayoutKit
import Foundation
import Testing

/// Issue 27: a screen laid out in points has no text drawing (one cell a unit would make a
/// 375-point screen a 375-cell drawing): its text golden is refused with a clear error, and
/// its SVG is drawn in points.
struct PointsSnapshotTests {
    /// Two messages laid out 375 points wide, lines 24 points tall.
    private static func pointsScreen() throws -> LaidOutScreen {
        let now = try #require(Timestamp(rfc3339: "2024-03-05T10:00:00Z"))
        let conversation = Conversation(channel: Channel(cid: "messaging:rebels", name: "Rebels"), messages: [
            Message(id: "m1", text: "Where are you?", user: User(id: "leia"), createdAt: Timestamp(seconds: now.seconds - 600)),
            Message(id: "m2", text: "On my way", user: User(id: "han"), createdAt: Timestamp(seconds: now.seconds - 300)),
        ])
        let context = LayoutContext(currentUserID: "leia", now: now, timeZone: "Europe/Berlin", locale: "en_US")
        let formatter = try ICULocaleFormatter(locale: context.locale, timeZone: context.timeZone)
        return MessageListScreen.layout(conversation, environment: try LayoutEnvironment(config: MessageListConfig(),
                                                                                         context: context, formatter: formatter,
                                                                                         measurer: ICUTextEngine(),
                                                                                         metrics: .points(lineHeight: 24),
                                                                                         presentation: PlainPresentation()), width: 375)
    }

    @Test func aPointsScreen_hasNoTextDrawing_andSaysWhy() throws {
        let snapshot = LayoutSnapshot(name: "phone", screen: try Self.pointsScreen())
        #expect {
            try snapshot.drawing(.text)
        } throws: { error in
            let message = (error as? GoldenError)?.message ?? ""
            return message.hasPrefix("phone: ") && message.contains("laid out in points (375 wide, lines 24 tall)")
                && message.contains(".svg") && message.contains(".tree")
        }
    }

    @Test func aPointsScreen_isDrawnAsSVGInPoints() throws {
        let screen = try Self.pointsScreen()
        let svg = try LayoutSnapshot(name: "phone", screen: screen).drawing(.svg)
        // One pixel a point: the document is as wide as the screen, not ten pixels a unit.
        #expect(svg.contains(#"width="375""#), "\(svg.prefix(300))")
        #expect(svg.contains(#"data-cell-width="1" data-cell-height="1" data-line-height="24""#), "\(svg.prefix(600))")
        #expect(svg.contains(#"height="\#(screen.height)""#), "\(svg.prefix(300))")
    }

    @Test func aCellScreen_isStillDrawnAsText() throws {
        let cells = try LayoutSnapshot(name: "rebels", json: AssertFixture.document, document: "rebels.json", width: 36).screen()
        let text = try LayoutSnapshot(name: "screen", screen: cells).drawing(.text)
        #expect(text.hasPrefix("scenario: screen\nscreen: width 36"))
    }

    @Test func assertingAPointsScreensText_failsNamingTheWayOut() throws {
        let screen = try Self.pointsScreen()
        withKnownIssue {
            assertLayoutSnapshot(of: screen, named: "phone", record: .never, goldenDirectory: "/nonexistent")
        } matching: { $0.comments.map(\.rawValue).joined().contains("laid out in points") }
    }
}
