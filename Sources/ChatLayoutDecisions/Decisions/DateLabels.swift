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
        let sameYear = day.year == today.year
        switch style {
        case .relative:
            let daysAgo = today.daysSince1970 - day.daysSince1970
            switch daysAgo {
            case 0: return formatter.relativeDayName(0)
            case 1: return formatter.relativeDayName(-1)
            case 2 ... 6: return formatter.weekdayName(instant)
            default: return formatter.format(instant, skeleton: sameYear ? "MMMd" : "yMMMd")
            }
        case .stream:
            return formatter.format(instant, skeleton: "MMMdd")
        case .sendbird:
            return formatter.format(instant, pattern: sameYear ? "E, MMM dd" : "MMM dd, yyyy")
        }
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

    /// The label of `day`, formatted from an instant on that day the first time it is asked for.
    package mutating func label(for day: CalendarDay, at instant: Timestamp) -> String {
        if let lastLabel, lastLabel.day == day { return lastLabel.label }
        let label: String
        if let known = labels[day] {
            label = known
        } else {
            label = labeler.label(for: day, at: instant)
            labels[day] = label
        }
        lastLabel = (day, label)
        return label
    }
}
