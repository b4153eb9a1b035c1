@_spi(ChatLayoutStages) import ChatLayoutModel

/// Short times ("9:41 AM", or Sendbird's "09:41 AM") remembered by wall-clock time of day: a short time shows nothing
/// else, so a list formats each of the day's minutes once, not each message.
struct ShortTimes: Sendable {
    /// The texts of the day's minutes at one UTC offset, by minute of the day (nil: not
    /// formatted yet).
    private struct Day: Sendable {
        var offset: Int
        var texts: [String?]

        init(offset: Int) {
            self.offset = offset
            texts = Array(repeating: nil, count: ShortTimes.minutesInADay)
        }
    }

    private static let minutesInADay = 24 * 60
    /// The minutes at the offset asked for last: a list's times are mostly at one offset, and
    /// a minute is found by its index there, not hashed.
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
        let minute = local.hour * 60 + local.minute
        precondition(minute >= 0 && minute < Self.minutesInADay, "a wall-clock time of day is 0:00 to 23:59")
        if current?.offset != local.utcOffsetSeconds { switchDay(to: local.utcOffsetSeconds) }
        if let known = current!.texts[minute] { return known }
        // Sendbird formats its message times from the template "hh:mm", localised.
        let text = format == .sendbird ? formatter.format(instant, skeleton: "hhmm") : formatter.shortTime(instant)
        current!.texts[minute] = text
        return text
    }

    /// Makes the minutes at `offset` the current ones, those at the offset before kept.
    private mutating func switchDay(to offset: Int) {
        if let day = current.take() { others[day.offset] = day }
        current = others.removeValue(forKey: offset) ?? Day(offset: offset)
    }
}
