/// CLDR plural categories.
public enum PluralCategory: String, Hashable, Sendable, CaseIterable {
    /// The six categories of CLDR; English uses `one` and `other`.
    case zero, one, two, few, many, other
}

/// Locale- and time-zone-bound formatting of dates, times and counts. The core asks through
/// this protocol; `ChatLayoutICU` implements it with the system ICU. A value is bound to one
/// locale and one time zone, both explicit: nothing reads the machine's settings.
public protocol LocaleFormatting: Sendable {
    /// The locale identifier, e.g. "en_US".
    var locale: String { get }
    /// The time zone identifier, e.g. "Europe/Berlin".
    var timeZone: String { get }

    /// Wall-clock fields (Gregorian calendar) of an instant in this time zone.
    func localDateTime(of timestamp: Timestamp) -> LocalDateTime
    /// The instant formatted with the locale's best pattern for a skeleton ("MMMd", "EEEE"); the
    /// pattern keeps the skeleton's field lengths, hours included ("hhmm": "09:41 AM"), as
    /// Apple's template formatting does.
    func format(_ timestamp: Timestamp, skeleton: String) -> String
    /// The instant formatted with an explicit pattern ("E, MMM dd").
    func format(_ timestamp: Timestamp, pattern: String) -> String
    /// The locale's short time ("9:41 AM" in en_US; ICU 72 puts U+202F before "AM").
    func shortTime(_ timestamp: Timestamp) -> String
    /// The name of a day relative to today, capitalised as a label: 0 → "Today",
    /// -1 → "Yesterday" (en).
    func relativeDayName(_ offset: Int) -> String
    /// The plural category of a count in this locale.
    func pluralCategory(_ count: Int) -> PluralCategory
    /// A count with the locale's digits and grouping ("1,234").
    func formatCount(_ count: Int) -> String
    /// The name of a language in this locale's language: "pt" → "Portuguese" (en_US); nil when
    /// it has none.
    func languageName(_ code: String) -> String?
    /// A time `seconds` ahead of now in the locale's numeric words, in the largest whole unit
    /// it spans, as Apple's `RelativeDateTimeFormatter` (`.full`) writes it: "in 2 hours",
    /// "in 3 days" (en). Nil when the formatter has no such words.
    func relativeTime(secondsAhead seconds: Int) -> String?
}

extension LocaleFormatting {
    /// No language names: a formatter without them names a language by its code.
    public func languageName(_ code: String) -> String? { nil }
    /// No relative times: a formatter without them writes none.
    public func relativeTime(secondsAhead seconds: Int) -> String? { nil }

    /// The calendar day of an instant in this time zone.
    public func calendarDay(of timestamp: Timestamp) -> CalendarDay {
        localDateTime(of: timestamp).day
    }

    /// The weekday's full name ("Tuesday").
    public func weekdayName(_ timestamp: Timestamp) -> String {
        format(timestamp, skeleton: "EEEE")
    }
}

/// A phrase with a count, in the forms of CLDR plural categories: "1 reply", "2 replies".
public struct CountPhrase: Hashable, Sendable {
    /// Templates by plural category; `{count}` stands for the formatted count. `other` is the
    /// fallback for any category without its own form.
    public var forms: [PluralCategory: String]

    /// A phrase with its `one` and `other` forms, and forms for other categories in `more`
    /// ("{count} replies").
    public init(one: String, other: String, more: [PluralCategory: String] = [:]) {
        var forms = more
        forms[.one] = one
        forms[.other] = other
        self.forms = forms
    }

    /// The phrase for `count` under the formatter's plural rules, the count in the locale's
    /// digits; other placeholders filled from `values` ("{names}"). Values and the count are
    /// isolated as `String.filling(_:)` isolates them.
    public func text(_ count: Int, using formatter: any LocaleFormatting, values: [String: String] = [:]) -> String {
        let template = forms[formatter.pluralCategory(count)] ?? forms[.other] ?? "{count}"
        var values = values
        values["count"] = formatter.formatCount(count)
        return template.filling(values)
    }
}
