import ChatLayoutICU
@testable import ChatLayoutKit
@testable import ChatLayoutModel
@testable import ChatLayoutDecisions
@testable import ChatLayoutComposition
@testable import ChatLayoutPlacement
import ChatLayoutTestSupport
import ChatLayoutTextRenderer
import Synchronization
import Testing

/// A viewport at the bottom of the list (`Int.max` as its offset, where chat screens open) is
/// decided and laid out from the list's last messages alone (`MessageListScreen.bottomTail`):
/// its screen must be the whole list's bottom screen, box for box, and the work must stay with
/// the messages it shows.
@Suite struct BottomViewportPropertyTests {
    /// Over every generated case, at a width, in cells or in points, with either presentation,
    /// and through four viewport heights from 1 to 60.
    @Test func bottomScreen_fromTheLastMessages_isTheWholeListsBottomScreen() {
        PropertyHarness.verify("bottom viewport from the last messages") { resolved in
            let input = resolved.input
            // The width, lengths and heights come from the seed alone, so a shrunk case keeps them.
            var random = SplitMix64(seed: (input.seed &* 0x85EB_CA6B) ^ 0x7A11)
            let width = random.weighted([(10, random.int(1 ... 4)), (20, random.int(5 ... 30)), (70, random.int(31 ... 120))])
            let metrics: Metrics = random.chance(0.8) ? .cells(for: input.config) : .points(lineHeight: random.int(2 ... 20), for: input.config)
            let presentation: any BoxPresentation = random.chance(0.5) ? TerminalPresentation() : PlainPresentation()
            let environment = Self.environment(input, metrics: metrics, presentation: presentation)
            let whole = MessageListLayout(environment).layout(resolved.decisions, width: width,
                                                              dateIndicator: input.config.dateIndicatorPlacement)
            for _ in 0 ..< 4 {
                let viewport = Viewport(scrollOffset: .max, height: random.int(1 ... 60))
                let expected = whole.screen(viewport)
                let screen = MessageListScreen.layout(input.conversation, environment: environment, width: width, viewport: viewport)
                if screen != expected {
                    return "viewport height \(viewport.height) at width \(width), line height \(metrics.lineHeight): "
                        + Self.firstDifference(screen, expected)
                }
            }
            return nil
        }
    }

    /// The decisions from any message down are the whole list's from the rows above that
    /// message on: the header, the unread count and the hidden messages too.
    @Test func decisionsFromAMessage_areTheWholeListsFromThere() {
        PropertyHarness.verify("decisions from a message down") { resolved in
            let input = resolved.input
            let resolver = PropertyHarness.resolver(for: input)
            let list = resolver.shownList(input.conversation)
            let whole = resolved.decisions
            let count = list.messages.count
            var random = SplitMix64(seed: (input.seed &* 0x27D4_EB2F) ^ 0x5EED)
            for first in Set([0, 1, count - 1, count, random.int(0 ... max(0, count))]) where (0 ... count).contains(first) {
                let tail = resolver.decisions(list, from: first)
                let expected = Array(whole.items[Self.firstRow(ofMessage: first, in: whole.items)...])
                if tail.header != whole.header || tail.unreadCount != whole.unreadCount || tail.hidden != whole.hidden {
                    return "from message \(first): header, unread count or hidden messages differ"
                }
                if tail.items != expected {
                    return "from message \(first) of \(count): \(tail.items.map(PropertyHarness.describe)) ≠ \(expected.map(PropertyHarness.describe))"
                }
            }
            return nil
        }
    }

    /// A 40-row viewport at the bottom of 5,000 messages decides and lays out the 40 newest
    /// (each message row is at least a line tall), not the list.
    @Test func bottomViewport_ofALongList_laysOutOnlyTheMessagesItCanShow() throws {
        let conversation = Self.longConversation(messages: 5000)
        let environment = try Self.environment(measurer: PropertyHarness.measurer)
        let resolver = MessageListResolver(environment)
        let layout = MessageListLayout(environment)
        let list = resolver.shownList(conversation)
        let viewport = Viewport(scrollOffset: .max, height: 40)
        let tail = MessageListScreen.bottomTail(of: list, filling: viewport, resolver: resolver, layout: layout, width: 40)
        #expect(tail.messageRows.count == 40)
        let whole = layout.layout(resolver.resolve(conversation), width: 40, dateIndicator: environment.config.dateIndicatorPlacement)
        #expect(whole.messageRows.count == 5000)
        Self.expectSame(tail.screen(viewport), whole.screen(viewport))
    }

    /// The public entry point takes that path: through a measurer that counts, the bottom
    /// screen of 5,000 messages measures a few dozen texts where the whole list measures
    /// thousands.
    @Test func bottomViewport_ofALongList_measuresOnlyTheLastMessages() throws {
        let conversation = Self.longConversation(messages: 5000)
        let counting = CountingMeasurer(PropertyHarness.measurer)
        let environment = try Self.environment(measurer: counting)
        let viewport = Viewport(scrollOffset: .max, height: 40)
        let screen = MessageListScreen.layout(conversation, environment: environment, width: 40, viewport: viewport)
        let bottom = counting.calls
        #expect(bottom.decided <= 40 && bottom.wrapped < 400)

        let whole = MessageListLayout(environment).layout(MessageListResolver(environment).resolve(conversation), width: 40,
                                                          dateIndicator: environment.config.dateIndicatorPlacement)
        #expect(counting.calls.decided - bottom.decided >= 4000 && counting.calls.wrapped - bottom.wrapped >= 5000)
        Self.expectSame(screen, whole.screen(viewport))
    }

    /// A measurer that wraps every text into no line at all makes centred rows empty, and
    /// without spacing between rows the newest messages no longer fill the viewport: more of
    /// them are laid out until they do, or all of them.
    @Test func rowsShorterThanALine_takeMoreMessages_untilTheyFill() throws {
        var conversation = Self.longConversation(messages: 600)
        for index in conversation.messages.indices where index % 10 != 0 { conversation.messages[index].type = .system }
        var environment = try Self.environment(measurer: NoLineMeasurer())
        environment.config.dateIndicatorPlacement = .overlay
        environment.metrics.groupSpacing = 0
        let resolver = MessageListResolver(environment)
        let layout = MessageListLayout(environment)
        let whole = layout.layout(resolver.resolve(conversation), width: 30, dateIndicator: .overlay)
        for height in [1, 5, 40, 400, 2000] {
            let viewport = Viewport(scrollOffset: .max, height: height)
            let list = resolver.shownList(conversation)
            let tail = MessageListScreen.bottomTail(of: list, filling: viewport, resolver: resolver, layout: layout, width: 30)
            Self.expectSame(tail.screen(viewport), whole.screen(viewport), "height \(height)")
            Self.expectSame(MessageListScreen.layout(conversation, environment: environment, width: 30, viewport: viewport),
                            whole.screen(viewport), "height \(height)")
            if height == 40 { #expect(tail.messageRows.count > 40 && tail.messageRows.count < 600) }
        }
        #expect(whole.contentHeight < 2000 - 3) // the tallest viewport takes every message
    }

    // MARK: - Helpers

    /// The generated case's environment, with these lengths and this presentation.
    static func environment(_ input: GeneratedCase, metrics: Metrics, presentation: any BoxPresentation) -> LayoutEnvironment {
        LayoutEnvironment.formatterWins(input.config, context: input.context,
                          formatter: PropertyHarness.formatters[input.context.locale + "|" + input.context.timeZone]!,
                          measurer: PropertyHarness.measurer, strings: nil, metrics: metrics, presentation: presentation)
    }

    /// The list layout of a generated case in cells, drawn by the plain presentation.
    static func cellsLayout(_ input: GeneratedCase) -> MessageListLayout {
        MessageListLayout(environment(input, metrics: .cells(for: input.config), presentation: PlainPresentation()))
    }

    /// An environment for ``longConversation(messages:)``: Berlin, in English, with date
    /// separators in the list and the unread separator on.
    static func environment(measurer: any TextMeasuring) throws -> LayoutEnvironment {
        var config = MessageListConfig()
        config.dateIndicatorPlacement = .messageList
        let context = LayoutContext(currentUserID: "u0", now: Timestamp(seconds: 1_711_000_000), timeZone: "Europe/Berlin", locale: "en_US")
        return try LayoutEnvironment(config: config, context: context,
                                     formatter: PropertyHarness.formatters["en_US|Europe/Berlin"]!, measurer: measurer)
    }

    /// `messages` messages by four authors in runs of three, seven minutes apart (so across
    /// days), with the last eight unread and someone typing.
    static func longConversation(messages count: Int) -> Conversation {
        let users = ["Luke", "Leia", "Han", "Rey"].enumerated().map { User(id: "u\($0.offset)", name: $0.element) }
        let texts = ["Hi", "On my way 🚀", "The new place on 5th has great espresso ☕", "今日は本当にありがとうございました。", "👍🏽",
                     "first line\nsecond line"]
        let messages = (0 ..< count).map { index in
            Message(id: "m\(index)", text: texts[index % texts.count], user: users[index / 3 % users.count],
                    createdAt: Timestamp(seconds: 1_709_000_000 + Int64(index) * 420))
        }
        return Conversation(channel: Channel(cid: "messaging:long", name: "Long", memberCount: users.count),
                            members: users.map(Member.init(user:)), messages: messages,
                            reads: [ReadState(user: users[0], lastReadMessageID: "m\(count - 9)", unreadMessages: 8)],
                            typingUserIDs: ["u1"])
    }

    /// The index in `items` of the first row of message `first` (the rows above it
    /// included): the row after message `first - 1`.
    static func firstRow(ofMessage first: Int, in items: [MessageListItem]) -> Int {
        guard first > 0 else { return 0 }
        var messages = 0
        for (index, item) in items.enumerated() {
            guard case .message = item else { continue }
            messages += 1
            if messages == first { return index + 1 }
        }
        return items.count
    }

    /// Expects `screen` to be `expected`, saying where they first differ.
    static func expectSame(_ screen: LaidOutScreen, _ expected: LaidOutScreen, _ note: String = "",
                           sourceLocation: SourceLocation = #_sourceLocation) {
        let same = screen == expected
        #expect(same, "\(note) \(same ? "" : firstDifference(screen, expected))", sourceLocation: sourceLocation)
    }

    /// Where two screens first differ, by their tree dumps.
    static func firstDifference(_ screen: LaidOutScreen, _ expected: LaidOutScreen) -> String {
        let lines = screen.root.treeDump(), expectedLines = expected.root.treeDump()
        for (index, (line, expectedLine)) in zip(lines, expectedLines).enumerated() where line != expectedLine {
            return "tree line \(index): \(String(reflecting: line)), the whole list's \(String(reflecting: expectedLine))"
        }
        if lines.count != expectedLines.count { return "\(lines.count) tree lines, the whole list's \(expectedLines.count)" }
        return "the screens differ beyond their tree dumps (\(screen.height) and \(expected.height) rows)"
    }
}

/// A measurer that counts what it is asked: messages decided (each text message is asked
/// whether it is a jumbomoji: its emoji data becomes the decisions') and texts wrapped.
private final class CountingMeasurer: TextMeasuring, EmojiClassifying {
    private let measurer: any TextMeasuring
    private let emoji: any EmojiClassifying
    private let decided = Atomic(0)
    private let wrapped = Atomic(0)

    init(_ measurer: any TextMeasuring) {
        self.measurer = measurer
        emoji = measurer as? any EmojiClassifying ?? StandardLibraryEmoji()
    }

    var calls: (decided: Int, wrapped: Int) { (decided.load(ordering: .relaxed), wrapped.load(ordering: .relaxed)) }

    func width(of text: String) -> Int { measurer.width(of: text) }

    func wrap(_ text: String, width: Int) -> WrappedText {
        wrapped.add(1, ordering: .relaxed)
        return measurer.wrap(text, width: width)
    }

    func truncate(_ text: String, width: Int) -> String { measurer.truncate(text, width: width) }

    func emojiOnlyClusterCount(_ text: String) -> Int? { measurer.emojiOnlyClusterCount(text) }

    func jumbomojiClusterCount(_ text: String) -> Int? {
        decided.add(1, ordering: .relaxed)
        return emoji.jumbomojiClusterCount(text)
    }
}

/// Wraps every text into no line: text boxes are empty, centred rows have no height.
private struct NoLineMeasurer: TextMeasuring {
    func width(of text: String) -> Int { text.count }
    func wrap(_ text: String, width: Int) -> WrappedText { WrappedText(lines: [], direction: .leftToRight) }
    func truncate(_ text: String, width: Int) -> String { text }
}
