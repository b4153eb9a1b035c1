extension Timestamp {
    /// The instant written as an RFC 3339 timestamp, or nil when `text` is not one.
    ///
    /// Accepted: `YYYY-MM-DDTHH:MM:SS[.fraction](Z|±HH:MM)` with
    /// - the separator `T`, `t` or a space, and `Z` or `z` for UTC;
    /// - a fraction of 1 to 9 digits (nanosecond precision; 10 or more is rejected, not rounded);
    /// - years 0000–9999, days checked against the month (leap years included), hours 0–23,
    ///   minutes 0–59, offsets up to ±23:59.
    ///
    /// A leap second (second 60) is folded onto the last nanosecond of its minute
    /// (…:59.999999999), so the instant stays in the same minute and day — and on the same side
    /// of a date separator — and still sorts after every other instant of that minute.
    public init?(rfc3339 text: some StringProtocol) {
        let parsed = text.utf8.withContiguousStorageIfAvailable { RFC3339.parse($0) }
            ?? Array(text.utf8).withUnsafeBufferPointer { RFC3339.parse($0) }
        guard let parsed else { return nil }
        self = parsed
    }

    /// The instant written as an RFC 3339 timestamp in the UTF-8 `bytes` (as
    /// `init?(rfc3339:)` reads it), for a decoder that holds bytes rather than a `String`.
    package init?(rfc3339UTF8 bytes: UnsafeBufferPointer<UInt8>) {
        guard let parsed = RFC3339.parse(bytes) else { return nil }
        self = parsed
    }

    /// This instant as RFC 3339 in UTC: "2024-03-05T09:41:00Z", with a fraction only when it is
    /// not zero, in 3, 6 or 9 digits, whichever is the fewest that keep it exact
    /// ("…:00.120Z", "…:00.123456Z", "…:00.123456789Z").
    ///
    /// Years outside 0000–9999 (which `init?(rfc3339:)` does not accept back) are written with
    /// their sign and as many digits as they need.
    public var rfc3339: String {
        let (days, secondOfDay) = seconds.quotientAndRemainder(dividingBy: 86_400)
        let day = RFC3339.calendarDay(daysSince1970: Int(secondOfDay < 0 ? days - 1 : days))
        let second = Int(secondOfDay < 0 ? secondOfDay + 86_400 : secondOfDay)
        var text = day.description + "T"
        text += RFC3339.padded(second / 3600, 2) + ":" + RFC3339.padded(second / 60 % 60, 2) + ":" + RFC3339.padded(second % 60, 2)
        let nanos = Int(nanoseconds)
        if nanos != 0 {
            if nanos % 1_000_000 == 0 {
                text += "." + RFC3339.padded(nanos / 1_000_000, 3)
            } else if nanos % 1000 == 0 {
                text += "." + RFC3339.padded(nanos / 1000, 6)
            } else {
                text += "." + RFC3339.padded(nanos, 9)
            }
        }
        return text + "Z"
    }
}

/// The RFC 3339 grammar and the calendar arithmetic behind it, in integers.
enum RFC3339 {
    static func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> Timestamp? {
        var index = 0
        /// `count` digits as a number, or nil.
        func number(_ count: Int) -> Int? {
            guard index + count <= bytes.count else { return nil }
            var value = 0
            for _ in 0 ..< count {
                let digit = bytes[index] &- UInt8(ascii: "0")
                guard digit < 10 else { return nil }
                value = value * 10 + Int(digit)
                index += 1
            }
            return value
        }
        func expect(_ characters: UInt8...) -> Bool {
            guard index < bytes.count, characters.contains(bytes[index]) else { return false }
            index += 1
            return true
        }

        guard let year = number(4), expect(UInt8(ascii: "-")),
              let month = number(2), expect(UInt8(ascii: "-")),
              let day = number(2), expect(UInt8(ascii: "T"), UInt8(ascii: "t"), UInt8(ascii: " ")),
              let hour = number(2), expect(UInt8(ascii: ":")),
              let minute = number(2), expect(UInt8(ascii: ":")),
              let second = number(2)
        else { return nil }
        guard (1 ... 12).contains(month), (1 ... daysIn(month: month, year: year)).contains(day),
              hour < 24, minute < 60, second <= 60
        else { return nil }

        var nanoseconds = 0
        if expect(UInt8(ascii: ".")) {
            var digits = 0
            while index < bytes.count, bytes[index] &- UInt8(ascii: "0") < 10 {
                guard digits < 9 else { return nil }
                nanoseconds = nanoseconds * 10 + Int(bytes[index] - UInt8(ascii: "0"))
                digits += 1
                index += 1
            }
            guard digits > 0 else { return nil }
            for _ in digits ..< 9 { nanoseconds *= 10 }
        }

        var offsetSeconds = 0
        if !expect(UInt8(ascii: "Z"), UInt8(ascii: "z")) {
            guard index < bytes.count else { return nil }
            let sign = bytes[index] == UInt8(ascii: "-") ? -1 : 1
            guard expect(UInt8(ascii: "+"), UInt8(ascii: "-")),
                  let offsetHours = number(2), expect(UInt8(ascii: ":")), let offsetMinutes = number(2),
                  offsetHours < 24, offsetMinutes < 60
            else { return nil }
            offsetSeconds = sign * (offsetHours * 3600 + offsetMinutes * 60)
        }
        guard index == bytes.count else { return nil }

        var secondOfMinute = second
        if second == 60 {  // a leap second: the last nanosecond of the minute (see `init?(rfc3339:)`)
            secondOfMinute = 59
            nanoseconds = 999_999_999
        }
        let days = CalendarDay(year: year, month: month, day: day).daysSince1970
        let local = days * 86_400 + hour * 3600 + minute * 60 + secondOfMinute
        return Timestamp(seconds: Int64(local - offsetSeconds), nanoseconds: Int32(nanoseconds))
    }

    static func daysIn(month: Int, year: Int) -> Int {
        CalendarDay(year: year, month: month, day: 1).daysInMonth
    }

    /// The inverse of `CalendarDay.daysSince1970` (Howard Hinnant's civil_from_days).
    static func calendarDay(daysSince1970 days: Int) -> CalendarDay {
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
        let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
        return CalendarDay(year: yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month: month, day: day)
    }

    static func padded(_ value: Int, _ width: Int) -> String {
        let digits = String(value)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}
