import ChatLayoutICU
import ChatLayoutKit
import Testing

/// Locale formatting through ICU 72 (date separators, message times, the text engine): exact
/// strings, fixed locales and zones.
@Suite struct FormattingTests {

    // MARK: Short time (message timestamps)

    @Test func shortTime_enUS_usesNarrowNoBreakSpaceBeforeMeridiem() throws {
        let formatter = try ICULocaleFormatter(locale: "en_US", timeZone: "America/New_York")
        #expect(formatter.shortTime(utc(2024, 3, 5, 14, 41)) == "9:41\u{202F}AM")
        #expect(formatter.shortTime(utc(2024, 3, 5, 23, 5)) == "6:05\u{202F}PM")
    }

    @Test func shortTime_deDE_isTwentyFourHourWithLeadingZero() throws {
        let formatter = try ICULocaleFormatter(locale: "de_DE", timeZone: "Europe/Berlin")
        #expect(formatter.shortTime(utc(2024, 3, 5, 8, 41)) == "09:41")
        #expect(formatter.shortTime(utc(2024, 3, 5, 17, 5)) == "18:05")
    }

    @Test func shortTime_jaJP_isTwentyFourHourWithoutLeadingZero() throws {
        let formatter = try ICULocaleFormatter(locale: "ja_JP", timeZone: "Asia/Tokyo")
        #expect(formatter.shortTime(utc(2024, 3, 5, 0, 41)) == "9:41")
        #expect(formatter.shortTime(utc(2024, 3, 5, 9, 5)) == "18:05")
    }

    @Test func shortTime_dropsSecondsAndFractions() throws {
        let formatter = try ICULocaleFormatter(locale: "en_US", timeZone: "UTC")
        let almostNextMinute = Timestamp(seconds: utc(2024, 3, 5, 9, 41).seconds + 59, nanoseconds: 999_999_999)
        #expect(formatter.shortTime(almostNextMinute) == "9:41\u{202F}AM")
    }

    // MARK: Skeletons and patterns (date separators)

    @Test func skeletons_enUS_giveMonthDayYearAndWeekday() throws {
        let formatter = try ICULocaleFormatter(locale: "en_US", timeZone: "America/New_York")
        let tuesday = utc(2024, 3, 5, 14, 41)
        #expect(formatter.format(tuesday, skeleton: "MMMd") == "Mar 5")
        #expect(formatter.format(tuesday, skeleton: "yMMMd") == "Mar 5, 2024")
        #expect(formatter.format(tuesday, skeleton: "EEEE") == "Tuesday")
        #expect(formatter.weekdayName(tuesday) == "Tuesday")
    }

    @Test func skeletons_deDE_putDayBeforeMonth() throws {
        let formatter = try ICULocaleFormatter(locale: "de_DE", timeZone: "Europe/Berlin")
        let tuesday = utc(2024, 3, 5, 8, 41)
        #expect(formatter.format(tuesday, skeleton: "MMMd") == "5. März")
        #expect(formatter.format(tuesday, skeleton: "yMMMd") == "5. März 2024")
        #expect(formatter.format(tuesday, skeleton: "EEEE") == "Dienstag")
    }

    @Test func skeletons_jaJP_useKanjiUnits() throws {
        let formatter = try ICULocaleFormatter(locale: "ja_JP", timeZone: "Asia/Tokyo")
        let tuesday = utc(2024, 3, 5, 0, 41)
        #expect(formatter.format(tuesday, skeleton: "MMMd") == "3月5日")
        #expect(formatter.format(tuesday, skeleton: "yMMMd") == "2024年3月5日")
        #expect(formatter.format(tuesday, skeleton: "EEEE") == "火曜日")
    }

    @Test func streamTemplate_MMMdd_padsTheDay() throws {
        let day = utc(2024, 3, 5, 12)
        #expect(try ICULocaleFormatter(locale: "en_US", timeZone: "UTC").format(day, skeleton: "MMMdd") == "Mar 05")
        #expect(try ICULocaleFormatter(locale: "de_DE", timeZone: "UTC").format(day, skeleton: "MMMdd") == "05. März")
        #expect(try ICULocaleFormatter(locale: "ja_JP", timeZone: "UTC").format(day, skeleton: "MMMdd") == "3月05日")
    }

    @Test func sendbirdPatterns_enUS_areUsedAsWritten() throws {
        let formatter = try ICULocaleFormatter(locale: "en_US", timeZone: "America/New_York")
        let tuesday = utc(2024, 3, 5, 14, 41)
        #expect(formatter.format(tuesday, pattern: "E, MMM dd") == "Tue, Mar 05")
        #expect(formatter.format(tuesday, pattern: "MMM dd, yyyy") == "Mar 05, 2024")
        // The space before "AM" is the pattern's own U+0020, not the short time's U+202F.
        #expect(formatter.format(tuesday, pattern: "MMM dd hh:mm a") == "Mar 05 09:41 AM")
    }

    @Test func sendbirdPatterns_deDE_translateNamesButKeepTheOrder() throws {
        let formatter = try ICULocaleFormatter(locale: "de_DE", timeZone: "Europe/Berlin")
        let tuesday = utc(2024, 3, 5, 8, 41)
        #expect(formatter.format(tuesday, pattern: "E, MMM dd") == "Di., März 05")
        #expect(formatter.format(tuesday, pattern: "MMM dd, yyyy") == "März 05, 2024")
    }

    @Test func skeletonAndPatternWithTheSameLetters_areDifferentFormats() throws {
        let formatter = try ICULocaleFormatter(locale: "en_US", timeZone: "UTC")
        let day = utc(2024, 3, 5, 12)
        #expect(formatter.format(day, skeleton: "MMMdd") == "Mar 05")
        #expect(formatter.format(day, pattern: "MMMdd") == "Mar05")
    }

    @Test func format_longerThanTheFirstBuffer_isNotTruncated() throws {
        let formatter = try ICULocaleFormatter(locale: "en_US", timeZone: "America/New_York")
        let literal = String(repeating: "chat ", count: 60)
        let text = formatter.format(utc(2024, 3, 5, 14, 41), pattern: "'\(literal)'EEEE, MMMM d, y 'at' h:mm a zzzz")
        #expect(text == literal + "Tuesday, March 5, 2024 at 9:41 AM Eastern Standard Time")
    }

    @Test func format_malformedPattern_isFormattedLenientlyLikeICU() throws {
        let formatter = try ICULocaleFormatter(locale: "en_US", timeZone: "Asia/Tokyo")
        let instant = utc(2024, 3, 5, 0, 41)
        // "j" is a skeleton-only letter: as a pattern field it formats as nothing.
        #expect(formatter.format(instant, pattern: "j") == "")
        #expect(formatter.format(instant, pattern: "EEEE 'at' j") == "Tuesday at ")
        // An unclosed quote runs to the end.
        #expect(formatter.format(instant, pattern: "EEEE 'at") == "Tuesday at")
        #expect(formatter.format(instant, pattern: "") == "")
    }

    // MARK: Relative day names

    @Test func relativeDayName_en_isCapitalised() throws {
        let formatter = try ICULocaleFormatter(locale: "en_US", timeZone: "UTC")
        #expect(formatter.relativeDayName(0) == "Today")
        #expect(formatter.relativeDayName(-1) == "Yesterday")
        #expect(formatter.relativeDayName(1) == "Tomorrow")
        #expect(formatter.relativeDayName(-3) == "3 days ago")
    }

    @Test func relativeDayName_de_isCapitalisedAndNamesTheDayBeforeYesterday() throws {
        let formatter = try ICULocaleFormatter(locale: "de_DE", timeZone: "Europe/Berlin")
        #expect(formatter.relativeDayName(0) == "Heute")
        #expect(formatter.relativeDayName(-1) == "Gestern")
        #expect(formatter.relativeDayName(-2) == "Vorgestern")
    }

    @Test func relativeDayName_ja_usesKanji() throws {
        let formatter = try ICULocaleFormatter(locale: "ja_JP", timeZone: "Asia/Tokyo")
        #expect(formatter.relativeDayName(0) == "今日")
        #expect(formatter.relativeDayName(-1) == "昨日")
    }

    @Test func relativeDayName_askedTwice_givesTheSameName() throws {
        let formatter = try ICULocaleFormatter(locale: "de_DE", timeZone: "UTC")
        #expect(formatter.relativeDayName(-1) == formatter.relativeDayName(-1))
        #expect(formatter.relativeDayName(-1) != formatter.relativeDayName(0))
    }

    // MARK: Local calendar days

    @Test func localDay_sameInstant_isLaterInTokyoThanInNewYork() throws {
        let instant = utc(2024, 3, 5, 20)
        let tokyo = try ICULocaleFormatter(locale: "ja_JP", timeZone: "Asia/Tokyo").localDateTime(of: instant)
        let newYork = try ICULocaleFormatter(locale: "en_US", timeZone: "America/New_York").localDateTime(of: instant)
        #expect(tokyo == LocalDateTime(day: CalendarDay(year: 2024, month: 3, day: 6), weekday: 4,
                                       hour: 5, minute: 0, second: 0, utcOffsetSeconds: 9 * 3600))
        #expect(newYork == LocalDateTime(day: CalendarDay(year: 2024, month: 3, day: 5), weekday: 3,
                                         hour: 15, minute: 0, second: 0, utcOffsetSeconds: -5 * 3600))
    }

    @Test func localDay_changesAtLocalMidnight_notAtUTCMidnight() throws {
        let berlin = try ICULocaleFormatter(locale: "de_DE", timeZone: "Europe/Berlin")
        #expect(berlin.calendarDay(of: utc(2024, 3, 5, 22, 59, 59)) == CalendarDay(year: 2024, month: 3, day: 5))
        #expect(berlin.calendarDay(of: utc(2024, 3, 5, 23)) == CalendarDay(year: 2024, month: 3, day: 6))
        #expect(berlin.format(utc(2024, 3, 5, 23), skeleton: "EEEE") == "Mittwoch")
    }

    @Test func localDay_acrossSpringForward_newYorkMidnightMovesAnHourEarlierInUTC() throws {
        let newYork = try ICULocaleFormatter(locale: "en_US", timeZone: "America/New_York")
        // 2024-03-10 02:00 EST became 03:00 EDT.
        let beforeChange = newYork.localDateTime(of: utc(2024, 3, 10, 6, 59))
        let afterChange = newYork.localDateTime(of: utc(2024, 3, 10, 7))
        #expect((beforeChange.hour, beforeChange.minute, beforeChange.utcOffsetSeconds) == (1, 59, -5 * 3600))
        #expect((afterChange.hour, afterChange.minute, afterChange.utcOffsetSeconds) == (3, 0, -4 * 3600))
        #expect(beforeChange.day == afterChange.day)
        // Midnight was 05:00 UTC before the change and is 04:00 UTC after it.
        #expect(newYork.calendarDay(of: utc(2024, 3, 10, 4, 59)) == CalendarDay(year: 2024, month: 3, day: 9))
        #expect(newYork.calendarDay(of: utc(2024, 3, 10, 5)) == CalendarDay(year: 2024, month: 3, day: 10))
        #expect(newYork.calendarDay(of: utc(2024, 3, 11, 3, 59)) == CalendarDay(year: 2024, month: 3, day: 10))
        #expect(newYork.calendarDay(of: utc(2024, 3, 11, 4)) == CalendarDay(year: 2024, month: 3, day: 11))
    }

    @Test func shortTime_acrossFallBack_repeatsTheHourInBerlin() throws {
        let berlin = try ICULocaleFormatter(locale: "de_DE", timeZone: "Europe/Berlin")
        // 2024-10-27 03:00 CEST became 02:00 CET.
        #expect(berlin.shortTime(utc(2024, 10, 27, 0, 30)) == "02:30")
        #expect(berlin.shortTime(utc(2024, 10, 27, 1, 30)) == "02:30")
        #expect(berlin.localDateTime(of: utc(2024, 10, 27, 0, 30)).utcOffsetSeconds == 2 * 3600)
        #expect(berlin.localDateTime(of: utc(2024, 10, 27, 1, 30)).utcOffsetSeconds == 1 * 3600)
        #expect(berlin.calendarDay(of: utc(2024, 10, 27, 22, 59)) == CalendarDay(year: 2024, month: 10, day: 27))
        #expect(berlin.calendarDay(of: utc(2024, 10, 27, 23)) == CalendarDay(year: 2024, month: 10, day: 28))
    }

    @Test func localDateTime_agreesWithItsOwnOffsetAndWeekday_overManyInstants() throws {
        var mismatches: [String] = []
        for zone in ["UTC", "America/New_York", "Europe/Berlin", "Asia/Tokyo", "Asia/Kolkata", "Australia/Lord_Howe"] {
            let formatter = try ICULocaleFormatter(locale: "en_US", timeZone: zone)
            // Every 2 days 7 h 13 min across 1899 … 2101, a quarter second past the second.
            var seconds = utc(1899, 12, 25).seconds
            while seconds < utc(2101, 1, 5).seconds {
                let local = formatter.localDateTime(of: Timestamp(seconds: seconds, nanoseconds: 250_000_000))
                let days = Int64(local.day.daysSince1970)
                let wallSeconds = days * 86_400 + Int64(local.hour * 3600 + local.minute * 60 + local.second)
                // 1970-01-01 was a Thursday (5).
                let weekday = Int(((days + 4) % 7 + 7) % 7) + 1
                if wallSeconds - Int64(local.utcOffsetSeconds) != seconds || local.weekday != weekday {
                    mismatches.append("\(zone) \(seconds): \(local)")
                }
                seconds += 2 * 86_400 + 7 * 3600 + 13 * 60
            }
        }
        #expect(mismatches == [])
    }

    @Test func localDateTime_beforeAWholeSecond_roundsTowardThePast() throws {
        let formatter = try ICULocaleFormatter(locale: "en_US", timeZone: "UTC")
        let local = formatter.localDateTime(of: Timestamp(seconds: 0, nanoseconds: -1))
        #expect(local.day == CalendarDay(year: 1969, month: 12, day: 31))
        #expect((local.hour, local.minute, local.second) == (23, 59, 59))
    }

    @Test func localDateTime_aroundEachTransition_isICUsOwnFormatting() throws {
        // The offset is remembered between the zone's transitions (ICU's previous and next):
        // each second around each transition of 2010 … 2030, found by ICU's own formatting,
        // reads as ICU formats it, asked in order and out of order (fresh formatters).
        var mismatches: [String] = []
        for zone in ["Europe/Berlin", "America/New_York", "Australia/Lord_Howe", "America/Sao_Paulo", "Africa/Casablanca",
                     "Pacific/Apia", "Asia/Kolkata"] {
            let reference = try ICULocaleFormatter(locale: "en_US", timeZone: zone)
            func icu(_ seconds: Int64) -> String {
                reference.format(Timestamp(seconds: seconds), pattern: "yyyy-MM-dd HH:mm:ss xxxxx")
            }
            func offset(_ seconds: Int64) -> String { String(icu(seconds).suffix(6)) }
            var instants: [Int64] = []
            var seconds = utc(2010, 1, 1).seconds
            let step: Int64 = 6 * 3600
            while seconds < utc(2030, 1, 1).seconds {
                instants.append(seconds)
                if offset(seconds) != offset(seconds + step) {
                    // The transition: the first second with the new offset.
                    var low = seconds, high = seconds + step
                    while high - low > 1 {
                        let middle = (low + high) / 2
                        if offset(middle) == offset(seconds) { low = middle } else { high = middle }
                    }
                    instants += [high - 901, high - 900, high - 2, high - 1, high, high + 1, high + 899, high + 900]
                }
                seconds += step
            }
            for order in [instants, instants.reversed(), instants.enumerated().sorted { ($0.offset * 7919) % 104_729 < ($1.offset * 7919) % 104_729 }.map(\.element)] {
                let formatter = try ICULocaleFormatter(locale: "en_US", timeZone: zone)
                for instant in order {
                    let local = formatter.localDateTime(of: Timestamp(seconds: instant))
                    let offset = abs(local.utcOffsetSeconds)
                    func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
                    let written = "\(local.day.year)-\(two(local.day.month))-\(two(local.day.day)) \(two(local.hour)):\(two(local.minute)):\(two(local.second)) "
                        + "\(local.utcOffsetSeconds < 0 ? "-" : "+")\(two(offset / 3600)):\(two(offset % 3600 / 60))"
                    if written != icu(instant) { mismatches.append("\(zone) \(instant): \(written), ICU \(icu(instant))") }
                }
            }
        }
        #expect(mismatches == [])
    }

    // MARK: Far years

    @Test func year1900_isFormattedAndItsDayIsExact() throws {
        let formatter = try ICULocaleFormatter(locale: "en_US", timeZone: "UTC")
        let newYear1900 = utc(1900, 1, 1)
        #expect(newYear1900.seconds == -2_208_988_800)
        #expect(formatter.localDateTime(of: newYear1900) == LocalDateTime(
            day: CalendarDay(year: 1900, month: 1, day: 1), weekday: 2, hour: 0, minute: 0, second: 0,
            utcOffsetSeconds: 0))
        #expect(formatter.format(newYear1900, skeleton: "yMMMd") == "Jan 1, 1900")
        #expect(formatter.format(newYear1900, skeleton: "EEEE") == "Monday")
        let japanese = try ICULocaleFormatter(locale: "ja_JP", timeZone: "Asia/Tokyo")
        #expect(japanese.format(newYear1900, skeleton: "yMMMd") == "1900年1月1日")
    }

    @Test func year9999_lastSecond_isFormattedAndBecomesYear10000InTokyo() throws {
        let lastSecond = utc(9999, 12, 31, 23, 59, 59)
        #expect(lastSecond.seconds == 253_402_300_799)
        let utcFormatter = try ICULocaleFormatter(locale: "en_US", timeZone: "UTC")
        #expect(utcFormatter.format(lastSecond, skeleton: "yMMMd") == "Dec 31, 9999")
        #expect(utcFormatter.format(lastSecond, skeleton: "EEEE") == "Friday")
        #expect(utcFormatter.format(lastSecond, pattern: "MMM dd, yyyy") == "Dec 31, 9999")
        let tokyo = try ICULocaleFormatter(locale: "en_US", timeZone: "Asia/Tokyo")
        #expect(tokyo.calendarDay(of: lastSecond) == CalendarDay(year: 10000, month: 1, day: 1))
        #expect(tokyo.format(lastSecond, skeleton: "yMMMd") == "Jan 1, 10000")
    }

    @Test func farPast_isProlepticGregorian_inFieldsAndText() throws {
        let formatter = try ICULocaleFormatter(locale: "en_US", timeZone: "UTC")
        // 1582-10-04 (Julian) was followed by 1582-10-15 (Gregorian); proleptically the day
        // after 1582-10-14 is 1582-10-15 and the day before is 1582-10-13.
        let day = utc(1582, 10, 10, 12)
        #expect(formatter.calendarDay(of: day) == CalendarDay(year: 1582, month: 10, day: 10))
        #expect(formatter.format(day, skeleton: "yMMMd") == "Oct 10, 1582")
    }

    // MARK: Plural rules and counts

    @Test func pluralCategory_en_distinguishesOneFromOther() throws {
        let formatter = try ICULocaleFormatter(locale: "en_US", timeZone: "UTC")
        #expect(formatter.pluralCategory(1) == .one)
        #expect(formatter.pluralCategory(2) == .other)
        #expect(formatter.pluralCategory(0) == .other)
        #expect(formatter.pluralCategory(21) == .other)
    }

    @Test func pluralCategory_ja_isAlwaysOther() throws {
        let formatter = try ICULocaleFormatter(locale: "ja_JP", timeZone: "Asia/Tokyo")
        #expect(formatter.pluralCategory(1) == .other)
        #expect(formatter.pluralCategory(2) == .other)
    }

    @Test func pluralCategory_pl_hasFewAndMany() throws {
        let formatter = try ICULocaleFormatter(locale: "pl_PL", timeZone: "Europe/Warsaw")
        #expect(formatter.pluralCategory(1) == .one)
        #expect(formatter.pluralCategory(2) == .few)
        #expect(formatter.pluralCategory(5) == .many)
        #expect(formatter.pluralCategory(12) == .many)
        #expect(formatter.pluralCategory(22) == .few)
    }

    @Test func pluralCategory_ru_usesOneForTwentyOne() throws {
        let formatter = try ICULocaleFormatter(locale: "ru_RU", timeZone: "Europe/Moscow")
        #expect(formatter.pluralCategory(21) == .one)
        #expect(formatter.pluralCategory(11) == .many)
        #expect(formatter.pluralCategory(3) == .few)
    }

    @Test func pluralCategory_ar_hasZeroAndTwo() throws {
        let formatter = try ICULocaleFormatter(locale: "ar", timeZone: "Asia/Riyadh")
        #expect(formatter.pluralCategory(0) == .zero)
        #expect(formatter.pluralCategory(2) == .two)
    }

    @Test func countPhrase_enUS_pluralisesAndGroupsDigits() throws {
        let formatter = try ICULocaleFormatter(locale: "en_US", timeZone: "UTC")
        let replies = CountPhrase(one: "{count} reply", other: "{count} replies")
        #expect(replies.text(1, using: formatter) == "1 reply")
        #expect(replies.text(2, using: formatter) == "2 replies")
        #expect(replies.text(0, using: formatter) == "0 replies")
        #expect(replies.text(1234, using: formatter) == "1,234 replies")
    }

    @Test func countPhrase_deDE_groupsWithAPeriod() throws {
        let formatter = try ICULocaleFormatter(locale: "de_DE", timeZone: "Europe/Berlin")
        let replies = CountPhrase(one: "{count} Antwort", other: "{count} Antworten")
        #expect(replies.text(1, using: formatter) == "1 Antwort")
        #expect(replies.text(1234, using: formatter) == "1.234 Antworten")
        #expect(formatter.formatCount(1_234_567) == "1.234.567")
    }

    @Test func countPhrase_ru_usesFewAndManyFormsAndNoBreakSpaceGrouping() throws {
        let formatter = try ICULocaleFormatter(locale: "ru_RU", timeZone: "Europe/Moscow")
        let replies = CountPhrase(one: "{count} ответ", other: "{count} ответа",
                                  more: [.few: "{count} ответа", .many: "{count} ответов"])
        #expect(replies.text(1, using: formatter) == "1 ответ")
        #expect(replies.text(3, using: formatter) == "3 ответа")
        #expect(replies.text(5, using: formatter) == "5 ответов")
        #expect(replies.text(1234, using: formatter) == "1\u{00A0}234 ответа")
    }

    @Test func formatCount_handlesNegativeAndExtremeCounts() throws {
        let formatter = try ICULocaleFormatter(locale: "en_US", timeZone: "UTC")
        #expect(formatter.formatCount(-1234) == "-1,234")
        #expect(formatter.formatCount(Int.max) == "9,223,372,036,854,775,807")
    }

    @Test func formatCount_jaJP_groupsWithACommaAndUsesWesternDigits() throws {
        let formatter = try ICULocaleFormatter(locale: "ja_JP", timeZone: "Asia/Tokyo")
        #expect(formatter.formatCount(1234) == "1,234")
    }

    // MARK: Validation

    @Test func init_unknownLocale_throwsUnknownLocale() {
        #expect(throws: FormattingError.unknownLocale("xx_YY")) {
            try ICULocaleFormatter(locale: "xx_YY", timeZone: "UTC")
        }
        #expect(throws: FormattingError.unknownLocale("")) {
            try ICULocaleFormatter(locale: "", timeZone: "UTC")
        }
        #expect(throws: FormattingError.unknownLocale("en\0US")) {
            try ICULocaleFormatter(locale: "en\0US", timeZone: "UTC")
        }
        #expect(FormattingError.unknownLocale("xx_YY").description == "unknown locale 'xx_YY'")
    }

    @Test func init_unknownTimeZone_throwsUnknownTimeZone() {
        #expect(throws: FormattingError.unknownTimeZone("Mars/Olympus")) {
            try ICULocaleFormatter(locale: "en_US", timeZone: "Mars/Olympus")
        }
        // ICU's own fallback zone and empty ids are not accepted either.
        #expect(throws: FormattingError.unknownTimeZone("Etc/Unknown")) {
            try ICULocaleFormatter(locale: "en_US", timeZone: "Etc/Unknown")
        }
        #expect(throws: FormattingError.unknownTimeZone("")) {
            try ICULocaleFormatter(locale: "en_US", timeZone: "")
        }
        #expect(FormattingError.unknownTimeZone("Mars/Olympus").description == "unknown time zone 'Mars/Olympus'")
    }

    @Test func init_aliasesAndRegionlessLocales_areAccepted() throws {
        let formatter = try ICULocaleFormatter(locale: "en", timeZone: "US/Eastern")
        #expect(formatter.locale == "en")
        #expect(formatter.timeZone == "US/Eastern")
        #expect(formatter.shortTime(utc(2024, 3, 5, 14, 41)) == "9:41\u{202F}AM")
        let bcp47 = try ICULocaleFormatter(locale: "de-DE", timeZone: "Europe/Berlin")
        #expect(bcp47.format(utc(2024, 3, 5, 8, 41), skeleton: "yMMMd") == "5. März 2024")
    }

    // MARK: Threads

    @Test func formatter_sharedBetweenTasks_givesTheSameAnswers() async throws {
        let formatter = try ICULocaleFormatter(locale: "de_DE", timeZone: "Europe/Berlin")
        let results = await withTaskGroup(of: [String].self) { group in
            for task in 0..<8 {
                group.addTask {
                    (0..<200).map { index in
                        let instant = utc(2024, 3, 5, 8, 41 + (index + task) % 7)
                        return formatter.shortTime(instant) + " " + formatter.format(instant, skeleton: "MMMd")
                            + " " + formatter.formatCount(1234) + " " + formatter.relativeDayName(-1)
                            + " \(formatter.calendarDay(of: instant))"
                    }
                }
            }
            return await group.reduce(into: Set<String>()) { $0.formUnion($1) }
        }
        let expected = Set((0..<7).map { minute in
            "09:\(41 + minute) 5. März 1.234 Gestern 2024-03-05"
        })
        #expect(results == expected)
    }
}

// MARK: The core's time values

extension FormattingTests {
    @Test func daysSince1970_countsFromTheUnixEpoch() {
        #expect(CalendarDay(year: 1970, month: 1, day: 1).daysSince1970 == 0)
        #expect(CalendarDay(year: 1969, month: 12, day: 31).daysSince1970 == -1)
        #expect(CalendarDay(year: 2000, month: 3, day: 1).daysSince1970 == 11_017)
        #expect(CalendarDay(year: 2024, month: 3, day: 5).daysSince1970 == 19_787)
    }

    @Test func daysSince1970_countsLeapDaysByTheGregorianRules() {
        // 2024 and 2000 are leap years; 1900 is not.
        #expect(CalendarDay(year: 2024, month: 2, day: 29).daysSince1970 == 19_782)
        #expect(CalendarDay(year: 2024, month: 3, day: 1).daysSince1970 == 19_783)
        #expect(CalendarDay(year: 2000, month: 2, day: 29).daysSince1970 == 11_016)
        #expect(CalendarDay(year: 1900, month: 3, day: 1).daysSince1970
                - CalendarDay(year: 1900, month: 2, day: 28).daysSince1970 == 1)
    }

    @Test func daysSince1970_worksForYearZeroAndNegativeYears() {
        // Astronomical years: 0 is 1 BC (a leap year), -1 is 2 BC.
        #expect(CalendarDay(year: 0, month: 3, day: 1).daysSince1970 == -719_468)
        #expect(CalendarDay(year: 0, month: 2, day: 29).daysSince1970 == -719_469)
        #expect(CalendarDay(year: 0, month: 1, day: 1).daysSince1970 == -719_528)
        #expect(CalendarDay(year: -1, month: 12, day: 31).daysSince1970 == -719_529)
        #expect(CalendarDay(year: -400, month: 1, day: 1).daysSince1970 == -719_528 - 146_097)
        #expect(CalendarDay(year: -1, month: 12, day: 31).description == "-0001-12-31")
    }

    @Test func timestamp_normalisesNanosecondsIntoTheSecond() {
        let over = Timestamp(seconds: 10, nanoseconds: 1_500_000_000)
        #expect((over.seconds, over.nanoseconds) == (11, 500_000_000))
        let under = Timestamp(seconds: 10, nanoseconds: -1)
        #expect((under.seconds, under.nanoseconds) == (9, 999_999_999))
        let farUnder = Timestamp(seconds: 0, nanoseconds: Int32.min)
        #expect((farUnder.seconds, farUnder.nanoseconds) == (-3, 852_516_352))
        #expect(Timestamp(seconds: 1, nanoseconds: -1_000_000_000) == Timestamp(seconds: 0))
    }

    @Test func timestamp_ordersAndSubtractsAcrossTheEpoch() {
        let before = Timestamp(seconds: -1, nanoseconds: 500_000_000)
        let after = Timestamp(seconds: 0, nanoseconds: 250_000_000)
        #expect(before < after)
        #expect(before.millisecondsSince1970 == -500)
        #expect(after.seconds(since: before) == 0.75)
        #expect(before.seconds(since: after) == -0.75)
    }
}

// MARK: Helpers

/// The instant of a UTC wall-clock time.
private func utc(_ year: Int, _ month: Int, _ day: Int, _ hour: Int = 0, _ minute: Int = 0,
                 _ second: Int = 0) -> Timestamp {
    let days = CalendarDay(year: year, month: month, day: day).daysSince1970
    return Timestamp(seconds: Int64(days * 86_400 + hour * 3600 + minute * 60 + second))
}
