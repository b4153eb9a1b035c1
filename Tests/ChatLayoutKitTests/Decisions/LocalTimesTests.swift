import ChatLayoutICU
@testable import ChatLayoutKit
@testable import ChatLayoutModel
@testable import ChatLayoutDecisions
@testable import ChatLayoutComposition
@testable import ChatLayoutPlacement
import Testing

/// The messages' local times and date labels, formatted once (`LocalTimes`), as both lists
/// read them.
@Suite struct LocalTimesTests {
    @Test func repeatedWallClockMinute_whenClocksGoBack_isAnotherMinute_withItsOwnShortTime() throws {
        let formatter = try ICULocaleFormatter(locale: "en_US", timeZone: "America/New_York")
        var times = LocalTimes(style: .relative, formatter: formatter, now: instant("2024-11-04T12:00:00Z"))
        // 01:30 EDT, then 01:30 EST an hour later.
        let daylight = Message(id: "a", user: User(id: "leia"), createdAt: instant("2024-11-03T05:30:00Z"))
        let standard = Message(id: "b", user: User(id: "leia"), createdAt: instant("2024-11-03T06:30:00Z"))
        let first = times.time(of: daylight), second = times.time(of: standard)
        #expect(first.day == second.day)
        #expect(first.minute != second.minute)
        #expect(first.shortTime == formatter.shortTime(daylight.createdAt))
        #expect(second.shortTime == formatter.shortTime(standard.createdAt))
    }

    @Test func dayLabel_isTheSameForEveryInstantOfTheDay() throws {
        let formatter = try ICULocaleFormatter(locale: "en_US", timeZone: "UTC")
        var times = LocalTimes(style: .relative, formatter: formatter, now: instant("2024-03-05T12:00:00Z"))
        let day = CalendarDay(year: 2024, month: 3, day: 4)
        let morning = times.label(for: day, at: instant("2024-03-04T00:00:00Z"))
        #expect(morning == "Yesterday")
        #expect(times.label(for: day, at: instant("2024-03-04T23:59:59Z")) == morning)
        #expect(times.label(for: CalendarDay(year: 2024, month: 3, day: 5), at: instant("2024-03-05T08:00:00Z")) == "Today")
    }
}
