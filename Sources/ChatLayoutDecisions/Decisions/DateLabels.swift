@_spi(ChatLayoutStages) import ChatLayoutModel

/// The text of date separators and of the floating date overlay, in the configured `date_separator_style`.
struct DateLabeler: Sendable {
    var style: DateSeparatorStyle
    var formatter: any LocaleFormatting
    var today: CalendarDay

    init(style: DateSeparatorStyle, formatter: any LocaleFormatting, now: Timestamp) {
        self.style = style
        self.formatter = formatter
        self.today = formatter.calendarDay(of: now)
    }

    /// The label of `day`, formatted from an instant on that day.
    func label(for day: CalendarDay, at instant: Timestamp) -> String {
        switch request(for: day) {
        case .named(let offset): formatter.relativeDayName(offset)
        case .weekday: formatter.weekdayName(instant)
        case .date(let format): format.apply(to: instant, with: formatter)
        }
    }

    /// How `day`'s label is made: a day's relative name, its weekday's name, or its date in
    /// a format.
    func request(for day: CalendarDay) -> Request {
        let sameYear = day.year == today.year
        switch style {
        case .relative:
            switch today.daysSince1970 - day.daysSince1970 {
            case 0: return .named(0)
            case 1: return .named(-1)
            case 2 ... 6: return .weekday
            default: return .date(.skeleton(sameYear ? "MMMd" : "yMMMd"))
            }
        case .stream:
            return .date(.skeleton("MMMdd"))
        case .sendbird:
            return .date(.pattern(sameYear ? "E, MMM dd" : "MMM dd, yyyy"))
        }
    }

    enum Request {
        case named(Int)
        case weekday
        case date(DateFormat)
    }

    /// A date format: a skeleton, or a pattern.
    enum DateFormat: Hashable {
        case skeleton(String)
        case pattern(String)

        func apply(to instant: Timestamp, with formatter: any LocaleFormatting) -> String {
            switch self {
            case .skeleton(let skeleton): formatter.format(instant, skeleton: skeleton)
            case .pattern(let pattern): formatter.format(instant, pattern: pattern)
            }
        }

        /// Whether it shows the year, the month and the day of the month and nothing else
        /// (no weekday, no time, no other field: letters outside quotes are only y, M, L, d):
        /// then a day's label is its month's with another day's number (``DayTemplate``).
        var showsDateAlone: Bool {
            let text: String
            switch self {
            case .skeleton(let skeleton): text = skeleton
            case .pattern(let pattern): text = pattern
            }
            var quoted = false
            for scalar in text.unicodeScalars {
                if scalar == "'" { quoted.toggle() }
                if quoted || !(("a" ... "z").contains(scalar) || ("A" ... "Z").contains(scalar)) { continue }
                guard scalar == "y" || scalar == "M" || scalar == "L" || scalar == "d" else { return false }
            }
            return true
        }
    }
}

/// The label of a month's days, made from the formatter's labels of some of them: what comes
/// before the day's number and after it, and whether the number is written with two digits
/// (the same for every day of the month in a format of the year, month and day alone, and a
/// formatter whose days are the Gregorian days, written with ASCII digits — which the labels
/// it is made from are checked against).
struct DayTemplate {
    var prefix: String
    var suffix: String
    var padded: Bool

    func label(_ day: Int) -> String {
        prefix + (padded && day < 10 ? "0" : "") + String(day) + suffix
    }

    /// The template of the month of `day` (on which `instant` falls) in `format`: made from
    /// the formatter's labels of its 1st and 23rd, and checked against its labels of the 10th
    /// and the month's last day; nil where those labels are not one template's (a calendar
    /// not the Gregorian, other digits, a format that shows the weekday).
    static func make(_ format: DateLabeler.DateFormat, day: CalendarDay, at instant: Timestamp,
                     formatter: any LocaleFormatting) -> DayTemplate? {
        let local = formatter.localDateTime(of: instant)
        // (Far instants, beyond any calendar's years, are formatted alone.)
        guard local.day == day, abs(instant.seconds) < 1 << 50 else { return nil }
        // Local noon of the day: a whole number of days from it stays on each day's noon,
        // give or take a change of the zone's offset (an hour or two), never on another day.
        let noon = instant.seconds - Int64(local.hour * 3_600 + local.minute * 60 + local.second) + 43_200
        func label(_ dayOfMonth: Int) -> String? {
            let target = Timestamp(seconds: noon + Int64(dayOfMonth - day.day) * 86_400)
            guard formatter.localDateTime(of: target).day == CalendarDay(year: day.year, month: day.month, day: dayOfMonth)
            else { return nil }
            return format.apply(to: target, with: formatter)
        }
        guard let first = label(1).map(Array.init), let later = label(23).map(Array.init) else { return nil }
        var start = 0
        while start < first.count, start < later.count, first[start] == later[start] { start += 1 }
        var end = 0
        while end < first.count - start, end < later.count - start, first[first.count - 1 - end] == later[later.count - 1 - end] {
            end += 1
        }
        let number = String(first[start ..< first.count - end])
        guard String(later[start ..< later.count - end]) == "23", number == "1" || number == "01" else { return nil }
        let template = DayTemplate(prefix: String(first[..<start]), suffix: String(first[(first.count - end)...]),
                                   padded: number == "01")
        for check in [10, day.daysInMonth] {
            guard let text = label(check), text == template.label(check) else { return nil }
        }
        return template
    }
}

/// A shown message's local time, as the list's rules read it: its calendar day (date
/// separators and labels), its wall-clock minute (`same_minute` grouping) and
/// its short time ("9:41 AM").
package struct MessageTime: Sendable {
    package var day: CalendarDay
    package var minute: GroupingResolver.LocalMinute
    package var shortTime: String

    package init(day: CalendarDay, minute: GroupingResolver.LocalMinute, shortTime: String) {
        self.day = day
        self.minute = minute
        self.shortTime = shortTime
    }
}

/// The local times of a list's messages and the labels of their days, each text formatted
/// once: a date label depends only on its day and `now`, a short time only on the wall-clock
/// minute. The batch list makes one per layout; the incremental list keeps one as long as it
/// lives.
package struct LocalTimes: Sendable {
    let labeler: DateLabeler
    private var shortTimes: ShortTimes
    private var labels: [CalendarDay: String] = [:]
    /// The day last asked for and its label: neighbours share a day (no hashing).
    private var lastLabel: (day: CalendarDay, label: String)?
    /// The templates of the months whose days were labelled by a date format (nil: the
    /// month's labels are not one template's): a date is formatted by the formatter a few
    /// times a month rather than once a day (ICU takes about 10 k instructions a date, a
    /// third of an append).
    private var templates: [TemplateKey: DayTemplate?] = [:]

    private struct TemplateKey: Hashable {
        var format: DateLabeler.DateFormat
        var year: Int
        var month: Int
    }

    package init(style: DateSeparatorStyle, timeFormat: MessageTimeFormat = .short, formatter: any LocaleFormatting, now: Timestamp) {
        labeler = DateLabeler(style: style, formatter: formatter, now: now)
        shortTimes = ShortTimes(format: timeFormat)
    }

    /// The local time of `message`.
    package mutating func time(of message: Message) -> MessageTime {
        let formatter = labeler.formatter
        let local = formatter.localDateTime(of: message.createdAt)
        return MessageTime(day: local.day, minute: GroupingResolver.LocalMinute(local),
                           shortTime: shortTimes.text(message.createdAt, local: local, formatter: formatter))
    }

    /// The label of `day` made anew: a date format's from its month's template when it has
    /// one (``DayTemplate``), else from the formatter.
    private mutating func dateLabel(for day: CalendarDay, at instant: Timestamp) -> String {
        guard case .date(let format) = labeler.request(for: day), format.showsDateAlone else {
            return labeler.label(for: day, at: instant)
        }
        let key = TemplateKey(format: format, year: day.year, month: day.month)
        let template: DayTemplate?
        if let known = templates[key] {
            template = known
        } else {
            template = DayTemplate.make(format, day: day, at: instant, formatter: labeler.formatter)
            templates[key] = .some(template)
        }
        return template?.label(day.day) ?? format.apply(to: instant, with: labeler.formatter)
    }

    /// The label of `day`, formatted from an instant on that day the first time it is asked for.
    package mutating func label(for day: CalendarDay, at instant: Timestamp) -> String {
        if let lastLabel, lastLabel.day == day { return lastLabel.label }
        let label: String
        if let known = labels[day] {
            label = known
        } else {
            label = dateLabel(for: day, at: instant)
            labels[day] = label
        }
        lastLabel = (day, label)
        return label
    }
}
