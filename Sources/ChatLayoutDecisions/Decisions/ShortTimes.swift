@_spi(ChatLayoutStages) import ChatLayoutModel

/// Short times ("9:41 AM", or Sendbird's "09:41 AM") remembered by wall-clock time of day: a short time shows nothing
/// else, so a list formats each of the day's minutes once, not each message.
struct ShortTimes: Sendable {
    /// A wall-clock minute of the day and the UTC offset then.
    private struct TimeOfDay: Hashable, Sendable {
        var minute: Int
        var utcOffsetSeconds: Int
    }

    private var texts: [TimeOfDay: String] = [:]
    /// How the times read.
    let format: MessageTimeFormat

    init(format: MessageTimeFormat = .short) {
        self.format = format
    }

    /// The short time of `instant`, whose wall-clock fields are `local`.
    mutating func text(_ instant: Timestamp, local: LocalDateTime, formatter: any LocaleFormatting) -> String {
        let key = TimeOfDay(minute: local.hour * 60 + local.minute, utcOffsetSeconds: local.utcOffsetSeconds)
        if let known = texts[key] { return known }
        // Sendbird formats its message times from the template "hh:mm", localised.
        let text = format == .sendbird ? formatter.format(instant, skeleton: "hhmm") : formatter.shortTime(instant)
        texts[key] = text
        return text
    }
}
