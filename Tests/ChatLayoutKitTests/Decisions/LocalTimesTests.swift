import Foundation
import ChatLayoutTestSupport
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

    /// Each message's short time is the formatter's at its instant, with messages going forwards
    /// and then backwards over a change of the clocks (01:00–01:59 twice: EDT, then EST); and
    /// each wall-clock minute at each offset is formatted once, whichever offset came last.
    @Test func shortTimes_areTheFormatters_acrossAClockChange_andEachMinuteIsFormattedOnce() throws {
        let formatter = CountingFormatter(inner: try ICULocaleFormatter(locale: "en_US", timeZone: "America/New_York"), days: .asNumbers)
        var times = LocalTimes(style: .relative, formatter: formatter, now: instant("2024-11-04T12:00:00Z"))
        // 00:00 EDT to 02:59 EST, every 20 seconds.
        let start = instant("2024-11-03T04:00:00Z").seconds
        let forwards = Array(stride(from: start, to: start + 4 * 3_600, by: 20))
        var minutes = Set<[Int]>()
        for seconds in forwards + forwards.reversed() {
            let at = Timestamp(seconds: seconds)
            let time = times.time(of: Message(id: "m", user: User(id: "leia"), createdAt: at))
            #expect(time.shortTime == formatter.inner.shortTime(at), "\(seconds)")
            let local = formatter.inner.localDateTime(of: at)
            minutes.insert([local.hour * 60 + local.minute, local.utcOffsetSeconds])
        }
        #expect(minutes.count == 240, "two hours of EDT and two of EST")
        #expect(formatter.shortTimes.value == minutes.count)
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

    /// A day's label made from its month's template is the formatter's own label of that day,
    /// in every style, over months around a year's end and clocks changing, in locales of
    /// other calendars (Persian, Buddhist, Japanese eras), other digits (Arabic, Bengali) and
    /// other orders, and in zones of half-hour offsets and a skipped day (Samoa's 2011-12-30).
    @Test(arguments: ["en_US", "de_DE", "fr_FR", "ca_ES", "es_ES", "ja_JP", "ja_JP@calendar=japanese", "zh_CN", "ko_KR",
                      "ru_RU", "pl_PL", "hu_HU", "lt_LT", "ar_EG", "fa_IR", "th_TH", "he_IL", "bn_BD", "vi_VN", "fi_FI"])
    func dayLabel_fromItsMonthsTemplate_isTheFormattersLabel(locale: String) throws {
        var random = SplitMix64(seed: UInt64(locale.unicodeScalars.reduce(0) { $0 &* 31 &+ Int($1.value) }.magnitude))
        for zone in ["UTC", "America/New_York", "Australia/Lord_Howe", "Pacific/Apia"] {
            let formatter = try ICULocaleFormatter(locale: locale, timeZone: zone)
            for style in [DateSeparatorStyle.relative, .stream, .sendbird] {
                let now = instant("2012-06-15T12:00:00Z")
                var times = LocalTimes(style: style, formatter: formatter, now: now)
                let labeler = DateLabeler(style: style, formatter: formatter, now: now)
                // 2011-11-20 to 2013-02-10, then days of year 1, 0 and 9999.
                let days = Array(15_298 ... 15_746) + [-719_162, -719_130, -719_528, 2_932_800]
                for daysSince1970 in days {
                    let day = CalendarDay(daysSince1970: daysSince1970)
                    // An instant of that day, at some hour (none when the zone skipped it).
                    var seconds = Int64(daysSince1970) * 86_400 + Int64(random.int(0 ... 86_399))
                    seconds -= Int64(formatter.localDateTime(of: Timestamp(seconds: seconds)).utcOffsetSeconds)
                    let at = Timestamp(seconds: seconds)
                    guard formatter.calendarDay(of: at) == day else { continue }
                    let label = times.label(for: day, at: at)
                    #expect(label == labeler.label(for: day, at: at), "\(locale) \(zone) \(style) \(day)")
                }
            }
        }
    }

    /// The formatter formats a month's date labels a few times, not once a day — and every
    /// day of a month whose labels are not one template's: ordinals ("1st", "23rd"), or a
    /// last day that reads otherwise than the others.
    @Test(arguments: [CountingFormatter.Days.asNumbers, .asOrdinals, .lastNamed])
    func aMonthsDateLabels_areFormattedAFewTimes_unlessTheyAreNotOneTemplates(days: CountingFormatter.Days) throws {
        do {
            let formatter = CountingFormatter(inner: try ICULocaleFormatter(locale: "en_US", timeZone: "UTC"), days: days)
            let ordinals = days != .asNumbers
            var times = LocalTimes(style: .relative, formatter: formatter, now: instant("2024-03-05T12:00:00Z"))
            for dayOfMonth in 1 ... 31 {
                let day = CalendarDay(year: 2023, month: 1, day: dayOfMonth)
                let at = Timestamp(seconds: Int64(day.daysSince1970) * 86_400 + 3_600)
                let label = times.label(for: day, at: at)
                let expected = DateLabeler(style: .relative, formatter: formatter, now: instant("2024-03-05T12:00:00Z")).label(for: day, at: at)
                #expect(label == expected)
                #expect(label.hasPrefix("Jan "), "\(label)")
            }
            // The expected labels are formatted too: 31 of them, then the list's own — at most
            // four to make and check the template, and every day's where there is none.
            let own = formatter.formats.value - 31
            #expect(ordinals ? (31 ... 35).contains(own) : (1 ... 4).contains(own), "ordinals \(ordinals): \(own)")
        }
    }
}

/// A formatter that counts its date formats, and may write the day of the month as an
/// ordinal ("Jan 1st, 2023") or the month's last day by a name ("Jan end, 2023"), as no
/// template can.
final class CountingFormatter: LocaleFormatting, @unchecked Sendable {
    enum Days: Sendable { case asNumbers, asOrdinals, lastNamed }
    let inner: ICULocaleFormatter
    let days: Days
    let formats = Counter()
    /// Its short times.
    let shortTimes = Counter()
    init(inner: ICULocaleFormatter, days: Days) {
        self.inner = inner
        self.days = days
    }

    final class Counter: @unchecked Sendable { var value = 0 }

    var locale: String { inner.locale }
    var timeZone: String { inner.timeZone }
    func localDateTime(of timestamp: Timestamp) -> LocalDateTime { inner.localDateTime(of: timestamp) }
    func format(_ timestamp: Timestamp, skeleton: String) -> String {
        formats.value += 1
        let text = inner.format(timestamp, skeleton: skeleton)
        let day = inner.localDateTime(of: timestamp).day.day
        if days == .lastNamed, day == 31 { return text.replacingOccurrences(of: " 31,", with: " end,") }
        guard days == .asOrdinals else { return text }
        let suffix = [1, 21, 31].contains(day) ? "st" : [2, 22].contains(day) ? "nd" : [3, 23].contains(day) ? "rd" : "th"
        return text.replacingOccurrences(of: " \(day),", with: " \(day)\(suffix),")
    }
    func format(_ timestamp: Timestamp, pattern: String) -> String {
        formats.value += 1
        return inner.format(timestamp, pattern: pattern)
    }
    func shortTime(_ timestamp: Timestamp) -> String {
        shortTimes.value += 1
        return inner.shortTime(timestamp)
    }
    func relativeDayName(_ offset: Int) -> String { inner.relativeDayName(offset) }
    func pluralCategory(_ count: Int) -> PluralCategory { inner.pluralCategory(count) }
    func formatCount(_ count: Int) -> String { inner.formatCount(count) }
}
