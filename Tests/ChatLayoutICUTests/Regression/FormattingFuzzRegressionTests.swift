import ChatLayoutICU
import ChatLayoutKit
import Testing

/// Locale ids the pipeline fuzz target (Fuzz/, FUZZING.md) found to crash ICU 72 inside the
/// formatter: they are refused as unknown locales when the formatter is made.
struct FormattingFuzzRegressionTests {
    /// FuzzPipeline, crash-aa218cb7: "en_U", 68 invalid UTF-8 bytes (U+FFFD each) and "S" —
    /// longer than ICU's ULOC_FULLNAME_CAPACITY, which PluralRules copies into a fixed buffer
    /// (glibc stopped the overflow: "buffer overflow detected").
    static let overlong = "en_U" + String(repeating: "\u{FFFD}", count: 68) + "S"
    /// The same overflow with ASCII only: 156 bytes, which ICU names as 157 ("en__AAA…").
    static let overlongASCII = "en_" + String(repeating: "A", count: 153)
    /// A keyword name longer than ICU allows: SimpleDateFormat dereferenced NULL.
    static let overlongKeyword = "en@" + String(repeating: "k", count: 25) + "=x"

    @Test(arguments: [overlong, overlongASCII, overlongKeyword])
    func localeIdsICUCannotHold_areUnknownLocales(_ locale: String) {
        #expect(throws: FormattingError.unknownLocale(locale)) {
            try ICULocaleFormatter(locale: locale, timeZone: "UTC")
        }
    }

    /// Just inside the limits, ids with keywords are still locales, and format.
    @Test(arguments: ["en_" + String(repeating: "A", count: 152), "en@" + String(repeating: "k", count: 24) + "=x",
                      "ja_JP@calendar=japanese;numbers=jpan"])
    func localeIdsWithinICULimits_stillFormat(_ locale: String) throws {
        let formatter = try ICULocaleFormatter(locale: locale, timeZone: "UTC")
        #expect(formatter.pluralCategory(2) == .other)
        #expect(!formatter.shortTime(Timestamp(seconds: 0, nanoseconds: 0)).isEmpty)
    }

    /// The same class as the decoder's findings: a locale or zone id from a document is shown
    /// inert, on the error's line.
    @Test func unknownIds_areShownInert() {
        #expect(FormattingError.unknownLocale("xx\n\u{1B}[2Jyy").description == "unknown locale 'xx\u{240A}yy'")
        #expect(FormattingError.unknownTimeZone("Mars/\u{7}Olympus").description == "unknown time zone 'Mars/\u{2407}Olympus'")
    }
}
