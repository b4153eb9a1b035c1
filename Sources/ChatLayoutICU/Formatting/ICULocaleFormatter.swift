import ChatLayoutICUShim
import ChatLayoutKit
import Synchronization

/// Why an ``ICULocaleFormatter`` could not be made.
///
/// ICU itself never fails on these: it silently falls back to its root locale or to the
/// "Etc/Unknown" (UTC) zone, which would turn a typo into wrong dates. So both are checked
/// when the formatter is made.
public enum FormattingError: Error, Hashable, Sendable, CustomStringConvertible {
    /// ICU has no data for the locale's language ("xx_YY", ""), or the id is beyond ICU's
    /// limits (longer than 156 bytes, an overlong keyword), which ICU 72 cannot handle safely.
    case unknownLocale(String)
    /// ICU does not know the time zone id ("Mars/Olympus"). Only system zones are accepted;
    /// custom ids such as "GMT+05:00" are not.
    case unknownTimeZone(String)

    /// A sentence for a user: "unknown time zone 'Mars/Olympus'".
    public var description: String {
        switch self {
        // The ids may come from a document: shown inert, on the message's line, and cut with
        // their size when absurdly long.
        case .unknownLocale(let locale): "unknown locale '\(UntrustedText.neutralizeLine(UntrustedText.shortened(locale)))'"
        case .unknownTimeZone(let timeZone): "unknown time zone '\(UntrustedText.neutralizeLine(UntrustedText.shortened(timeZone)))'"
        }
    }
}

/// Dates, times, relative day names, plural rules and counts through the system ICU, bound to
/// one locale and one time zone, both given explicitly: nothing reads the machine's locale,
/// time zone or clock.
///
/// ICU's formatter objects are not thread-safe; each one is opened on first use, kept (one per
/// pattern or skeleton) behind a lock, and closed when the formatter goes away. A formatter
/// can be shared freely between threads.
///
/// Dates are Gregorian throughout ``localDateTime(of:)``; ``format(_:skeleton:)`` and
/// ``format(_:pattern:)`` use the locale's calendar (Gregorian for most locales; a Thai or
/// Japanese-calendar locale has its own unless it asks for `@calendar=gregorian`).
public final class ICULocaleFormatter: LocaleFormatting, Sendable {
    /// The locale identifier as given, e.g. "en_US".
    public let locale: String
    /// The time zone identifier as given, e.g. "Europe/Berlin".
    public let timeZone: String

    /// Whose data ICU formats with: the locale, or English for the pseudo-locales `en_XA`
    /// and `ar_XB` (``ChatStrings/init(locale:)``), whose dates and counts are English.
    private let dataLocale: String
    private let timeZoneUTF16: [clk_uchar]
    private let handles: Mutex<ICUFormattingHandles>
    private let memo = Mutex(Memo())

    /// What the formatter remembers between calls: the zone's offset between two of its
    /// transitions, by quarter hour where ICU names no transitions (nil where it changes
    /// inside one), and the short time by minute of the day.
    private struct Memo {
        static let capacity = 1 << 16
        /// The most spans kept; the oldest asked for goes first.
        static let spanCapacity = 64
        var spans: [OffsetSpan] = []
        var offsets: [Int64: Int64?] = [:]
        var shortTimes: [Int: String] = [:]
    }

    /// The zone's offset for every whole second from `start` up to `end` (excluded): the
    /// seconds between two of its transitions.
    private struct OffsetSpan {
        var start: Int64
        var end: Int64
        var offset: Int64
    }

    /// A formatter for a locale ("en_US", "de_DE", "ja_JP") and an IANA time zone
    /// ("America/New_York", "UTC").
    ///
    /// - Throws: ``FormattingError/unknownLocale(_:)`` when ICU has no data for the locale's
    ///   language or the id is beyond ICU's limits, ``FormattingError/unknownTimeZone(_:)`` when
    ///   ICU does not know the zone.
    public init(locale: String, timeZone: String) throws(FormattingError) {
        // A NUL would cut the C string short and validate only its prefix.
        guard !locale.utf8.contains(0), clk_icu_locale_is_known(locale) == 1 else {
            throw .unknownLocale(locale)
        }
        let zone = Array(timeZone.utf16)
        let canonical = ICUFormattedString.read { out, capacity in
            clk_icu_time_zone_canonical(zone, Int32(zone.count), out, capacity)
        }
        guard canonical != nil, let calendar = clk_icu_calendar_open(zone, Int32(zone.count)) else {
            throw .unknownTimeZone(timeZone)
        }

        self.locale = locale
        self.dataLocale = ChatStrings.builtInLanguage(for: locale).flatMap(PseudoLocale.init(rawValue:)) == nil ? locale : "en_US"
        self.timeZone = timeZone
        self.timeZoneUTF16 = zone
        self.handles = Mutex(ICUFormattingHandles(calendar: calendar))
    }

    deinit {
        handles.withLock { $0.closeAll() }
    }

    /// Wall-clock fields of an instant in this time zone, in the proleptic Gregorian calendar
    /// (astronomical years: 0 is 1 BC). Fractions of a second are dropped toward the past.
    public func localDateTime(of timestamp: Timestamp) -> LocalDateTime {
        guard let offset = utcOffsetSeconds(around: timestamp.seconds) else {
            return localDateTimeFromICU(timestamp.millisecondsSince1970)
        }
        // Offsets are whole seconds, so the fraction of the second never changes a field.
        return LocalDateTime(civilSeconds: timestamp.seconds + offset, utcOffsetSeconds: Int(offset))
    }

    /// The same from ICU's calendar, field by field (the reference the fast way is checked
    /// against, and the way for instants whose quarter hour has a zone transition).
    func localDateTimeFromICU(_ millis: Double) -> LocalDateTime {
        handles.withLock { handles in
            withUnsafeTemporaryAllocation(of: Int32.self, capacity: 8) { fields in
                let status = clk_icu_calendar_fields(handles.calendar, millis, fields.baseAddress!)
                // ICU's calendar is lenient: it clamps instants beyond its range (about ±5.8
                // million years) instead of failing.
                assert(status == 0, "ICU calendar fields failed at \(millis) ms")
                return LocalDateTime(
                    day: CalendarDay(year: Int(fields[0]), month: Int(fields[1]), day: Int(fields[2])),
                    weekday: Int(fields[3]),
                    hour: Int(fields[4]),
                    minute: Int(fields[5]),
                    second: Int(fields[6]),
                    utcOffsetSeconds: Int(fields[7]) / 1000
                )
            }
        }
    }

    /// The zone's offset in seconds (with daylight saving) for every instant of the quarter
    /// hour around `seconds`, when it is the same at its first and last second; nil when the
    /// zone changes its offset inside it (or for instants far outside any calendar's use).
    ///
    /// Asking ICU once per quarter hour instead of once per message: a chat's messages share
    /// their quarter hours, and the wall-clock fields follow from the offset by arithmetic
    /// (the calendar is proleptic Gregorian). No zone changes its offset twice within 15
    /// minutes, so equal offsets at both ends mean one offset throughout.
    private func utcOffsetSeconds(around seconds: Int64) -> Int64? {
        let quarterHour: Int64 = 900
        guard seconds.magnitude < 1 << 40 else { return nil }
        if let offset = offsetBetweenTransitions(at: seconds) { return offset }
        let bucket = seconds >= 0 ? seconds / quarterHour : (seconds - quarterHour + 1) / quarterHour
        if let known = memo.withLock({ $0.offsets[bucket] }) { return known }
        let first = localDateTimeFromICU(Double(bucket * quarterHour) * 1000).utcOffsetSeconds
        let last = localDateTimeFromICU(Double(bucket * quarterHour + quarterHour - 1) * 1000).utcOffsetSeconds
        let offset: Int64? = first == last ? Int64(first) : nil
        memo.withLock { memo in
            if memo.offsets.count >= Memo.capacity { memo.offsets.removeAll(keepingCapacity: true) }
            memo.offsets[bucket] = .some(offset)
        }
        return offset
    }

    /// The zone's offset at `seconds` from the span between the zone's transitions around it
    /// (ICU's previous and next transition, asked once a span: a chat's messages share a
    /// few, where a quarter hour each asked ICU twice); nil where ICU names no transition on
    /// either side, or the second itself straddles one.
    private func offsetBetweenTransitions(at seconds: Int64) -> Int64? {
        let known = memo.withLock { memo -> Int64? in
            guard let index = memo.spans.firstIndex(where: { $0.start <= seconds && seconds < $0.end }) else { return nil }
            let span = memo.spans[index]
            // The latest asked for first: messages come in order of time.
            if index > 0 { memo.spans.remove(at: index); memo.spans.insert(span, at: 0) }
            return span.offset
        }
        if let known { return known }
        let millis = Double(seconds) * 1000
        var previous = 0.0, next = 0.0
        let found = handles.withLock { clk_icu_zone_transitions($0.calendar, millis, &previous, &next) == 0 }
        guard found, previous.isFinite, next.isFinite else { return nil }
        // Whole seconds: the first entirely at or after the previous transition, up to the
        // first that reaches the next one.
        let start = Int64((previous / 1000).rounded(.up)), end = Int64((next / 1000).rounded(.down))
        guard start <= seconds, seconds < end else { return nil }
        let offset = Int64(localDateTimeFromICU(millis).utcOffsetSeconds)
        memo.withLock { memo in
            if memo.spans.count >= Memo.spanCapacity { memo.spans.removeLast() }
            memo.spans.insert(OffsetSpan(start: start, end: end, offset: offset), at: 0)
        }
        return offset
    }

    /// The instant formatted with the locale's best pattern for a skeleton: "MMMd" → "Mar 5"
    /// (en_US), "5. März" (de_DE), "3月5日" (ja_JP).
    public func format(_ timestamp: Timestamp, skeleton: String) -> String {
        format(timestamp, with: .skeleton(skeleton))
    }

    /// The instant formatted with an explicit ICU pattern: "E, MMM dd" → "Tue, Mar 05" (en_US).
    /// Letters are pattern fields; quote literal text ("h 'o''clock'"). ICU is lenient: letters
    /// that are no field ("j") format as nothing, an unclosed quote runs to the end. Spaces
    /// are the pattern's own: "hh:mm a" gives "09:41 AM" with U+0020, unlike ``shortTime(_:)``.
    public func format(_ timestamp: Timestamp, pattern: String) -> String {
        format(timestamp, with: .pattern(pattern))
    }

    /// The locale's short time style: "9:41 AM" in en_US (with U+202F NARROW NO-BREAK SPACE
    /// before "AM" since ICU 72), "09:41" in de_DE, "9:41" in ja_JP.
    public func shortTime(_ timestamp: Timestamp) -> String {
        // The short time style shows the time of day only (hour, minute, day period): one
        // ICU call per minute of the day, remembered.
        let local = localDateTime(of: timestamp)
        let minuteOfDay = local.hour * 60 + local.minute
        if let known = memo.withLock({ $0.shortTimes[minuteOfDay] }) { return known }
        let text = shortTimeFromICU(timestamp)
        memo.withLock { $0.shortTimes[minuteOfDay] = text }
        return text
    }

    /// The short time straight from ICU, not remembered.
    func shortTimeFromICU(_ timestamp: Timestamp) -> String {
        format(timestamp, with: .shortTime)
    }

    /// The name of a day relative to today, capitalised as a label: 0 → "Today", -1 →
    /// "Yesterday", 1 → "Tomorrow" (en); "Heute", "Gestern" (de); "今日", "昨日" (ja). Offsets
    /// without a name of their own read "2 days ago", "in 3 days" (en), or "Vorgestern" (de).
    public func relativeDayName(_ offset: Int) -> String {
        handles.withLock { handles in
            if let name = handles.relativeDayNames[offset] { return name }
            // Far offsets are clamped into Int32; a calendar never needs them.
            let days = Int32(clamping: offset)
            let name = ICUFormattedString.read { out, capacity in
                clk_icu_relative_day(dataLocale, days, out, capacity)
            } ?? String(offset)
            handles.relativeDayNames[offset] = name
            return name
        }
    }

    /// A time `seconds` ahead in the largest whole unit it spans (seconds under a minute,
    /// then minutes, hours, days, weeks under a month of 30 days, months under a year of 365
    /// days, years), in ICU's numeric words: "in 2 hours" (en), "in 2 Stunden" (de).
    public func relativeTime(secondsAhead seconds: Int) -> String? {
        let steps: [(limit: Int, size: Int)] = [(60, 1), (3_600, 60), (86_400, 3_600), (604_800, 86_400),
                                                (2_592_000, 604_800), (31_536_000, 2_592_000), (Int.max, 31_536_000)]
        let magnitude = seconds.magnitude > UInt(Int.max) ? Int.max : abs(seconds)
        guard let unit = steps.firstIndex(where: { magnitude < $0.limit }) else { return nil }
        let value = Double(seconds / steps[unit].size)
        return ICUFormattedString.read { out, capacity in
            clk_icu_relative_time(dataLocale, value, Int32(unit), out, capacity)
        }
    }

    /// The CLDR plural category of a count in this locale: in en 1 → one, 2 → other; in ja
    /// always other; in pl 2 → few, 5 → many.
    public func pluralCategory(_ count: Int) -> PluralCategory {
        handles.withLock { handles in
            guard let rules = handles.pluralRules(locale: dataLocale) else { return .other }
            return withUnsafeTemporaryAllocation(of: CChar.self, capacity: 16) { keyword in
                let length = clk_icu_plural_select(rules, Double(count), keyword.baseAddress!, 16)
                guard length >= 0 else { return .other }
                return PluralCategory(rawValue: String(cString: keyword.baseAddress!)) ?? .other
            }
        }
    }

    /// A count with the locale's digits and grouping: 1234 → "1,234" (en_US), "1.234" (de_DE),
    /// "1 234" with U+00A0 NO-BREAK SPACE (ru).
    public func formatCount(_ count: Int) -> String {
        handles.withLock { handles in
            guard let formatter = handles.numberFormat(locale: dataLocale) else { return String(count) }
            return ICUFormattedString.read { out, capacity in
                clk_icu_number_format(formatter, Int64(count), out, capacity)
            } ?? String(count)
        }
    }

    /// The name of a language in the locale's language, from ICU: "pt" → "Portuguese"
    /// (en_US), "portugués" (es_ES); nil when ICU has no name for it.
    public func languageName(_ code: String) -> String? {
        ICUFormattedString.read { out, capacity in
            clk_icu_display_language(dataLocale, code, out, capacity)
        }
    }

    // MARK: Private

    /// `kind` with the era ("BC") where it shows a year and no era: a skeleton gets "G", a
    /// pattern " G" after its last year field outside quotes.
    static func withEra(_ kind: DateFormatKind) -> DateFormatKind {
        switch kind {
        case .shortTime:
            return kind
        case .skeleton(let skeleton):
            return skeleton.contains("y") && !skeleton.contains("G") ? .skeleton(skeleton + "G") : kind
        case .pattern(let pattern):
            var quoted = false
            var lastYear: String.Index?
            for index in pattern.indices {
                let character = pattern[index]
                if character == "'" { quoted.toggle() }
                if quoted { continue }
                if character == "G" { return kind }
                if character == "y" { lastYear = index }
            }
            guard let lastYear else { return kind }
            var withEra = pattern
            withEra.insert(contentsOf: " G", at: pattern.index(after: lastYear))
            return .pattern(withEra)
        }
    }

    private func format(_ timestamp: Timestamp, with requested: DateFormatKind) -> String {
        let millis = timestamp.millisecondsSince1970
        // A year before 1 (RFC 3339 allows 0000, which is 1 BC) is written with its era: ICU
        // writes year 0 as "1", which without the era reads as 1 AD.
        let kind = localDateTime(of: timestamp).day.year <= 0 ? Self.withEra(requested) : requested
        let text = handles.withLock { handles -> String? in
            guard let formatter = handles.dateFormat(kind, locale: dataLocale, timeZone: timeZoneUTF16)
            else { return nil }
            return ICUFormattedString.read { out, capacity in
                clk_icu_date_format(formatter, millis, out, capacity)
            }
        }
        // ICU accepts any pattern (see format(_:pattern:)); it fails only when out of memory.
        return text ?? ""
    }
}
