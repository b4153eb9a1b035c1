import ChatLayoutICU
@testable import ChatLayoutKit
@testable import ChatLayoutModel
@testable import ChatLayoutDecisions
@testable import ChatLayoutComposition
@testable import ChatLayoutPlacement
import Testing

/// Grouping and date separators read from a message's neighbours alone
/// (`MessageListResolver.decide(_:time:label:above:below:…)`), the step both lists take for
/// every message. Leia writes, dates as separators; the days are 2024-03-04 and 2024-03-05, in UTC.
@Suite struct MessageNeighboursTests {
    private let monday = CalendarDay(year: 2024, month: 3, day: 4)
    private let tuesday = CalendarDay(year: 2024, month: 3, day: 5)

    private func resolver(_ adjust: (inout MessageListConfig) -> Void = { _ in }) throws -> MessageListResolver {
        var config = MessageListConfig()
        config.dateIndicatorPlacement = .messageList
        adjust(&config)
        let context = LayoutContext(currentUserID: "luke", now: instant("2024-03-05T12:00:00Z"), timeZone: "UTC", locale: "en_US")
        return MessageListResolver(try LayoutEnvironment(config: config, context: context,
                                                         formatter: try ICULocaleFormatter(locale: "en_US", timeZone: "UTC"),
                                                         measurer: ICUTextEngine()))
    }

    private func message(_ id: String, at rfc3339: String) -> Message {
        Message(id: id, text: "Hello", user: Cast.leia, createdAt: instant(rfc3339))
    }

    private func time(_ day: CalendarDay, minute: Int64) -> MessageTime {
        MessageTime(day: day, minute: GroupingResolver.LocalMinute(LocalDateTime(day: day, weekday: 2, hour: 9, minute: Int(minute),
                                                                                   second: 0, utcOffsetSeconds: 0)),
                    shortTime: "9:0\(minute) AM")
    }

    /// The decision and separator of a message at 09:00 on `day`, between `above` and `below`.
    private func decide(on day: CalendarDay = CalendarDay(year: 2024, month: 3, day: 5), above: MessageAbove?, below: MessageBelow?,
                        historyLoaded: Bool = true,
                        config: (inout MessageListConfig) -> Void = { _ in }) throws -> (decision: MessageDecision, dateSeparatorAbove: Bool) {
        var conversation = Conversation()
        conversation.historyLoaded = historyLoaded
        let resolver = try resolver(config)
        return resolver.decide(message("m", at: "2024-03-05T09:00:00Z"), time: time(day, minute: 0), label: "Today",
                               above: above, below: below,
                               grouping: GroupingResolver(config: resolver.config, repliesEnabled: true), in: conversation,
                               delivery: DeliveryState(reads: [], currentUserID: "luke"), user: { User(id: $0) }, explain: false)
    }

    private func below(on day: CalendarDay, minute: Int64 = 1) -> MessageBelow {
        MessageBelow(message: message("next", at: "2024-03-05T09:0\(minute):00Z"), day: day, minute: time(day, minute: minute).minute)
    }

    @Test func dateSeparator_standsUnderAMessageOfAnotherDay() throws {
        #expect(try decide(above: MessageAbove(day: monday, endsGroup: true), below: nil).dateSeparatorAbove)
        #expect(try !decide(above: MessageAbove(day: tuesday, endsGroup: true), below: nil).dateSeparatorAbove)
    }

    @Test func oldestMessage_hasItsSeparator_onlyWithTheWholeHistory() throws {
        #expect(try decide(above: nil, below: nil, historyLoaded: true).dateSeparatorAbove)
        #expect(try !decide(above: nil, below: nil, historyLoaded: false).dateSeparatorAbove)
    }

    @Test func noSeparators_whenDatesFloatOverTheList() throws {
        let decided = try decide(above: MessageAbove(day: monday, endsGroup: true), below: below(on: CalendarDay(year: 2024, month: 3, day: 6))) {
            $0.dateIndicatorPlacement = .overlay
        }
        #expect(!decided.dateSeparatorAbove)
        #expect(decided.decision.groupBoundary == .continues(seconds: 60))
    }

    @Test func messageOverAnotherDay_endsItsGroup_onlyWithEndGroupAtDateSeparator() throws {
        let nextDay = below(on: CalendarDay(year: 2024, month: 3, day: 6))
        #expect(try decide(above: nil, below: nextDay).decision.groupBoundary == .continues(seconds: 60))
        let decided = try decide(above: nil, below: nextDay) { $0.endGroupAtDateSeparator = true }
        #expect(decided.decision.groupBoundary == .dateSeparator)
    }

    @Test func position_readsWhetherTheMessageAboveEndedItsGroup() throws {
        let sameDay = below(on: tuesday)
        #expect(try decide(above: MessageAbove(day: tuesday, endsGroup: true), below: sameDay).decision.position == .top)
        #expect(try decide(above: MessageAbove(day: tuesday, endsGroup: false), below: sameDay).decision.position == .middle)
        #expect(try decide(above: MessageAbove(day: tuesday, endsGroup: false), below: nil).decision.position == .bottom)
        #expect(try decide(above: nil, below: nil).decision.position == .single)
    }

    @Test func sameMinuteGrouping_readsTheMinuteBelow() throws {
        let sameMinute = try decide(above: nil, below: below(on: tuesday, minute: 0)) { $0.groupingRule = .sameMinute }
        let nextMinute = try decide(above: nil, below: below(on: tuesday, minute: 1)) { $0.groupingRule = .sameMinute }
        #expect(!sameMinute.decision.isLastInGroup)
        #expect(nextMinute.decision.groupBoundary == .anotherMinute)
    }
}
