import ChatLayoutICUShim

/// Which date formatter: the locale's short time style, a skeleton, or a pattern. A skeleton
/// and a pattern with the same letters are different formatters ("MMMdd" → "Mar 05" as a
/// skeleton, "Mar05" as a pattern).
enum DateFormatKind: Hashable {
    case shortTime
    case skeleton(String)
    case pattern(String)
}

/// The ICU objects behind an ``ICULocaleFormatter``: opened on first use, kept for reuse
/// (opening one costs far more than using it), closed by ``closeAll()``. ICU's formatters are
/// not thread-safe, so this lives behind the formatter's lock and is only touched there.
struct ICUFormattingHandles: ~Copyable {
    /// The proleptic Gregorian calendar in the formatter's time zone.
    let calendar: UnsafeMutableRawPointer
    private var dateFormats: [DateFormatKind: UnsafeMutableRawPointer] = [:]
    private var openedPluralRules: UnsafeMutableRawPointer?
    private var openedNumberFormat: UnsafeMutableRawPointer?
    /// Relative day names by offset; ICU's relative formatter is opened per name, so the names
    /// are kept instead.
    var relativeDayNames: [Int: String] = [:]

    init(calendar: UnsafeMutableRawPointer) {
        self.calendar = calendar
    }

    /// The date formatter of a kind, opened on first use; nil when ICU cannot open it.
    mutating func dateFormat(
        _ kind: DateFormatKind, locale: String, timeZone: [clk_uchar]
    ) -> UnsafeMutableRawPointer? {
        if let format = dateFormats[kind] { return format }
        let format: UnsafeMutableRawPointer?
        switch kind {
        case .shortTime:
            format = clk_icu_date_format_open(locale, timeZone, Int32(timeZone.count), nil, 0, 0)
        case .skeleton(let text), .pattern(let text):
            let units = Array(text.utf16)
            let isSkeleton: Int32 = if case .skeleton = kind { 1 } else { 0 }
            format = clk_icu_date_format_open(
                locale, timeZone, Int32(timeZone.count), units, Int32(units.count), isSkeleton)
        }
        dateFormats[kind] = format
        return format
    }

    /// The locale's plural rules, opened on first use.
    mutating func pluralRules(locale: String) -> UnsafeMutableRawPointer? {
        if openedPluralRules == nil { openedPluralRules = clk_icu_plural_rules_open(locale) }
        return openedPluralRules
    }

    /// The locale's decimal number formatter, opened on first use.
    mutating func numberFormat(locale: String) -> UnsafeMutableRawPointer? {
        if openedNumberFormat == nil { openedNumberFormat = clk_icu_number_format_open(locale) }
        return openedNumberFormat
    }

    /// Closes every ICU object; the handles must not be used afterwards.
    mutating func closeAll() {
        clk_icu_calendar_close(calendar)
        for format in dateFormats.values { clk_icu_date_format_close(format) }
        dateFormats = [:]
        clk_icu_plural_rules_close(openedPluralRules)
        openedPluralRules = nil
        clk_icu_number_format_close(openedNumberFormat)
        openedNumberFormat = nil
    }
}

/// Reading UTF-16 results from the shim's "fill this buffer" functions.
enum ICUFormattedString {
    /// Calls `fill` with a buffer and its capacity. `fill` returns the result's length, a
    /// length greater than the capacity when the buffer was too small (then it is called
    /// again with that much room), or a negative number on error (then `read` gives nil).
    static func read(_ fill: (UnsafeMutablePointer<clk_uchar>, Int32) -> Int32) -> String? {
        var capacity = 64
        // ICU reports the full length the first time; the second call always fits. The third
        // attempt only guards against a shim that keeps asking for more.
        for _ in 0..<3 {
            let result = withUnsafeTemporaryAllocation(of: clk_uchar.self, capacity: capacity) {
                buffer -> (text: String?, needed: Int) in
                let length = Int(fill(buffer.baseAddress!, Int32(capacity)))
                if length < 0 { return (nil, 0) }
                if length > capacity { return (nil, length) }
                return (utf8String(UnsafeBufferPointer(rebasing: buffer[..<length])), 0)
            }
            if result.needed == 0 { return result.text }
            capacity = result.needed
        }
        return nil
    }

    /// UTF-16 from ICU as a String, transcoded in one pass (`String(decoding:as:)` over a
    /// buffer slice takes the standard library's slow generic path). Unpaired surrogates
    /// become U+FFFD.
    static func utf8String(_ units: UnsafeBufferPointer<clk_uchar>) -> String {
        String(unsafeUninitializedCapacity: units.count * 3) { bytes in
            var written = 0
            func put(_ byte: UInt32) {
                bytes[written] = UInt8(truncatingIfNeeded: byte)
                written += 1
            }
            var index = 0
            while index < units.count {
                var scalar = UInt32(units[index])
                index += 1
                if scalar & 0xF800 == 0xD800 {
                    if scalar < 0xDC00, index < units.count, units[index] & 0xFC00 == 0xDC00 {
                        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (UInt32(units[index]) - 0xDC00)
                        index += 1
                    } else {
                        scalar = 0xFFFD
                    }
                }
                switch scalar {
                case ..<0x80:
                    put(scalar)
                case ..<0x800:
                    put(0xC0 | scalar >> 6); put(0x80 | scalar & 0x3F)
                case ..<0x10000:
                    put(0xE0 | scalar >> 12); put(0x80 | (scalar >> 6) & 0x3F); put(0x80 | scalar & 0x3F)
                default:
                    put(0xF0 | scalar >> 18); put(0x80 | (scalar >> 12) & 0x3F)
                    put(0x80 | (scalar >> 6) & 0x3F); put(0x80 | scalar & 0x3F)
                }
            }
            return written
        }
    }
}
