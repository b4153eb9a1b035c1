/// A day of the proleptic Gregorian calendar, as seen in some time zone.
public struct CalendarDay: Hashable, Comparable, Sendable, Codable, CustomStringConvertible {
    /// The year (proleptic Gregorian; may be 0 or negative).
    public var year: Int
    /// 1 ... 12
    public var month: Int
    /// 1 ... 31
    public var day: Int

    /// A day; the fields are not checked.
    public init(year: Int, month: Int, day: Int) {
        self.year = year
        self.month = month
        self.day = day
    }

    /// Days since 1970-01-01 (negative before): differences give whole days between dates.
    @inlinable public var daysSince1970: Int {
        // Howard Hinnant's days_from_civil.
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let shiftedMonth = month > 2 ? month - 3 : month + 9
        let dayOfYear = (153 * shiftedMonth + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The day `days` days after 1970-01-01 (before it when negative): the inverse of
    /// ``daysSince1970``.
    public init(daysSince1970 days: Int) {
        // Howard Hinnant's civil_from_days.
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153
        let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
        self.init(year: yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month: month,
                  day: dayOfYear - (153 * shiftedMonth + 2) / 5 + 1)
    }

    /// How many days its month has (28 to 31).
    public var daysInMonth: Int {
        switch month {
        case 2: year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    public static func < (lhs: CalendarDay, rhs: CalendarDay) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }

    /// ISO 8601: "2024-03-05".
    public var description: String {
        func pad(_ value: Int, _ width: Int) -> String {
            let digits = String(abs(value))
            return (value < 0 ? "-" : "") + String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        return "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))"
    }
}

/// Wall-clock fields of an instant in a time zone.
public struct LocalDateTime: Hashable, Sendable {
    /// The calendar day.
    public var day: CalendarDay
    /// 1 = Sunday ... 7 = Saturday.
    public var weekday: Int
    /// 0 ... 23
    public var hour: Int
    /// 0 ... 59
    public var minute: Int
    /// 0 ... 59
    public var second: Int
    /// The zone's offset from UTC at that instant, in seconds.
    public var utcOffsetSeconds: Int

    /// Wall-clock fields.
    public init(day: CalendarDay, weekday: Int, hour: Int, minute: Int, second: Int, utcOffsetSeconds: Int) {
        self.day = day
        self.weekday = weekday
        self.hour = hour
        self.minute = minute
        self.second = second
        self.utcOffsetSeconds = utcOffsetSeconds
    }

    /// The fields of a wall-clock time given as whole seconds since 1970-01-01T00:00 *local*
    /// time (the instant plus the zone's offset), in the proleptic Gregorian calendar.
    public init(civilSeconds: Int64, utcOffsetSeconds: Int) {
        let secondsPerDay: Int64 = 86_400
        var days = civilSeconds / secondsPerDay
        var secondOfDay = Int(civilSeconds % secondsPerDay)
        if secondOfDay < 0 {
            days -= 1
            secondOfDay += Int(secondsPerDay)
        }
        let weekdayFromThursday = Int(days % 7 + 7) % 7 // 1970-01-01 was a Thursday
        self.init(day: CalendarDay(daysSince1970: Int(days)), weekday: (weekdayFromThursday + 4) % 7 + 1,
                  hour: secondOfDay / 3600, minute: secondOfDay / 60 % 60, second: secondOfDay % 60,
                  utcOffsetSeconds: utcOffsetSeconds)
    }
}
