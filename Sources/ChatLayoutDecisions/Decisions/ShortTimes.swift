@_spi(ChatLayoutStages) import ChatLayoutModel

/// Short times ("9:41 AM", or Sendbird's "09:41 AM") remembered by wall-clock time of day: a short time shows nothing
/// else, so a list formats each of the day's minutes once, not each message.
struct ShortTimes: Sendable {
    /// The texts of the day's minutes at one UTC offset, hour by hour (nil: not formatted yet).
    /// An hour's minutes are made room for when one of them is first formatted: a list
    /// decided in runs makes these often, and most runs span a few hours.
    private struct Day: Sendable {
        var offset: Int
        var hours: [[String?]?] = Array(repeating: nil, count: 24)

        init(offset: Int) {
            self.offset = offset
        }
    }

    /// The minutes at the offset asked for last: a list's times are mostly at one offset, and
    /// a minute is found by its hour's and its own index there, not hashed.
    private var current: Day?
    /// The minutes at the other offsets met (a list across a daylight-saving change).
    private var others: [Int: Day] = [:]
    /// How the times read.
    let format: MessageTimeFormat

    init(format: MessageTimeFormat = .short) {
        self.format = format
    }

    /// The short time of `instant`, whose wall-clock fields are `local`.
    mutating func text(_ instant: Timestamp, local: LocalDateTime, formatter: any LocaleFormatting) -> String {
        let hour = local.hour, minute = local.minute
        // A time of day outside 0:00–23:59 (a formatter of another calendar's making) is not kept.
        guard hour >= 0 && hour < 24 && minute >= 0 && minute < 60 else { return formatted(instant, formatter: formatter) }
        if current?.offset != local.utcOffsetSeconds { switchDay(to: local.utcOffsetSeconds) }
        if let known = current!.hours[hour]?[minute] { return known }
        let text = formatted(instant, formatter: formatter)
        if current!.hours[hour] == nil { current!.hours[hour] = Array(repeating: nil, count: 60) }
        current!.hours[hour]![minute] = text
        return text
    }

    /// `instant`'s short time from the formatter: Sendbird's from the template "hh:mm", localised.
    private func formatted(_ instant: Timestamp, formatter: any LocaleFormatting) -> String {
        format == .sendbird ? formatter.format(instant, skeleton: "hhmm") : formatter.shortTime(instant)
    }

    /// Makes the minutes at `offset` the current ones, those at the offset before kept.
    private mutating func switchDay(to offset: Int) {
        if let day = current.take() { others[day.offset] = day }
        current = others.removeValue(forKey: offset) ?? Day(offset: offset)
    }
}
