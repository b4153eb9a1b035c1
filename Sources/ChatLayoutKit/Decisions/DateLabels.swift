/// The text of date separators and of the floating date overlay (SPEC §3.3).
struct DateLabeler {
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
