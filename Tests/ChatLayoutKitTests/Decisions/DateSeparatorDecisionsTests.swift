import ChatLayoutKit
import Testing

/// Date indicators: `date_indicator_placement`, calendar days in the document's time zone, and the
/// date separator ending a group.
@Suite struct DateSeparatorDecisionsTests {
    /// Messages in the days around 2024-03-05, listed with separators.
    private let listed = ConversationBuilder().config { $0.dateIndicatorPlacement = .messageList }

    // MARK: Placement

    @Test func messageListPlacement_putsOneSeparatorAboveTheFirstMessageOfEachDay() throws {
        let list = try listed
            .message("a1", by: "leia", at: "2024-03-04T08:00:00Z")
            .message("a2", by: "han", at: "2024-03-04T09:00:00Z")
            .message("b1", by: "leia", at: "2024-03-05T08:00:00Z")
            .message("b2", by: "leia", at: "2024-03-05T08:00:10Z")
            .resolve()
        #expect(list.rows == ["date Yesterday", "a1", "a2", "date Today", "b1", "b2"])
    }

    @Test func oldestLoadedMessage_alwaysHasASeparator() throws {
        let list = try listed.message("m1", by: "leia", at: "2024-02-01T08:00:00Z").resolve()
        #expect(list.rows == ["date Feb 1", "m1"])
    }

    @Test func daysWithoutMessages_getNoSeparator() throws {
        let list = try listed
            .message("m1", by: "leia", at: "2024-02-01T08:00:00Z")
            .message("m2", by: "leia", at: "2024-03-05T08:00:00Z")
            .resolve()
        #expect(list.rows == ["date Feb 1", "m1", "date Today", "m2"])
    }

    @Test func overlayPlacement_putsNoSeparatorInTheList() throws {
        let list = try ConversationBuilder()
            .config { $0.dateIndicatorPlacement = .overlay }
            .message("m1", by: "leia", at: "2024-03-04T08:00:00Z")
            .message("m2", by: "leia", at: "2024-03-05T08:00:00Z")
            .resolve()
        #expect(list.rows == ["m1", "m2"])
        #expect(list.messages.map(\.dateLabel) == ["Yesterday", "Today"])
    }

    @Test func nonePlacement_putsNoSeparatorInTheList() throws {
        let list = try ConversationBuilder()
            .config { $0.dateIndicatorPlacement = .none }
            .message("m1", by: "leia", at: "2024-03-04T08:00:00Z")
            .message("m2", by: "leia", at: "2024-03-05T08:00:00Z")
            .resolve()
        #expect(list.rows == ["m1", "m2"])
    }

    @Test func separators_keepTheListInvariants() throws {
        let list = try listed
            .message("m1", by: "leia", at: "2024-03-01T08:00:00Z")
            .message("m2", by: "leia", at: "2024-03-02T23:59:59Z")
            .message("m3", by: "han", at: "2024-03-03T00:00:00Z")
            .message("m4", by: "han", at: "2024-03-05T09:00:00Z")
            .resolve()
        let isSeparator = list.items.map { if case .dateSeparator = $0 { true } else { false } }
        #expect(isSeparator.first == true)
        #expect(isSeparator.last == false)
        #expect(!zip(isSeparator, isSeparator.dropFirst()).contains { $0 && $1 })
        #expect(isSeparator.filter { $0 }.count == Set(list.messages.map(\.day)).count)
    }

    // MARK: A separator ends a group only when asked

    @Test func groupAcrossMidnight_withMessageListDates_runsOnPastTheSeparator() throws {
        // Midnight in Berlin (CET) is 23:00Z; the two messages are 20 s apart. Neither Stream
        // SDK reads date separators when it groups.
        let list = try listed
            .message("m1", by: "leia", at: "2024-03-04T22:59:50Z")
            .message("m2", by: "leia", at: "2024-03-04T23:00:10Z")
            .resolve()
        #expect(list.rows == ["date Yesterday", "m1", "date Today", "m2"])
        #expect(list.decision("m1")?.groupBoundary == .continues(seconds: 20))
        #expect(list.positions == [.top, .bottom])
    }

    @Test func groupAcrossMidnight_withEndGroupAtDateSeparator_splitsAtTheSeparator() throws {
        let list = try listed
            .config { $0.endGroupAtDateSeparator = true }
            .message("m1", by: "leia", at: "2024-03-04T22:59:50Z")
            .message("m2", by: "leia", at: "2024-03-04T23:00:10Z")
            .resolve()
        #expect(list.rows == ["date Yesterday", "m1", "date Today", "m2"])
        #expect(list.decision("m1")?.groupBoundary == .dateSeparator)
        #expect(list.positions == [.single, .single])
    }

    @Test func groupAcrossMidnight_withOverlayDates_staysGrouped() throws {
        let list = try ConversationBuilder()
            .message("m1", by: "leia", at: "2024-03-04T22:59:50Z")
            .message("m2", by: "leia", at: "2024-03-04T23:00:10Z")
            .resolve()
        #expect(list.positions == [.top, .bottom])
        #expect(list.decision("m1")?.day != list.decision("m2")?.day)
    }

    // MARK: Time zones

    @Test func messageAt2330Z_isOnTheNextDayInBerlin() throws {
        let list = try listed
            .message("m1", by: "leia", at: "2024-03-04T22:00:00Z")
            .message("m2", by: "leia", at: "2024-03-04T23:30:00Z")
            .resolve()
        #expect(list.decision("m2")?.day == CalendarDay(year: 2024, month: 3, day: 5))
        #expect(list.rows == ["date Yesterday", "m1", "date Today", "m2"])
    }

    @Test func messageAt2330Z_isOnTheSameDayInUTC() throws {
        let list = try listed
            .context { $0.timeZone = "UTC" }
            .message("m1", by: "leia", at: "2024-03-04T22:00:00Z")
            .message("m2", by: "leia", at: "2024-03-04T23:30:00Z")
            .resolve()
        #expect(list.decision("m2")?.day == CalendarDay(year: 2024, month: 3, day: 4))
        #expect(list.rows == ["date Yesterday", "m1", "m2"])
    }

    @Test func todayIsTheCurrentDayInTheTimeZone() throws {
        // now is 2024-03-05T23:30Z: already March 6 in Berlin, so a message of March 5 (Berlin) is yesterday.
        let list = try listed
            .context { $0.now = instant("2024-03-05T23:30:00Z") }
            .message("m1", by: "leia", at: "2024-03-05T22:30:00Z")
            .message("m2", by: "leia", at: "2024-03-05T23:10:00Z")
            .resolve()
        #expect(list.dateSeparators == ["Yesterday", "Today"])
    }

    // MARK: Daylight saving time in Europe/Berlin

    /// 2024-03-31: 02:00 CET jumps to 03:00 CEST (01:00Z); the day has 23 hours.
    private var springForward: ConversationBuilder {
        listed
            .config { $0.dateSeparatorStyle = .stream }
            .context { $0.now = instant("2024-04-10T10:00:00Z") }
            .message("sat", by: "leia", at: "2024-03-30T22:59:00Z")  // 23:59 CET, March 30
            .message("sun0", by: "leia", at: "2024-03-30T23:00:00Z") // 00:00 CET, March 31
            .message("before", by: "han", at: "2024-03-31T00:59:30Z") // 01:59:30 CET
            .message("after", by: "han", at: "2024-03-31T01:00:30Z")  // 03:00:30 CEST
            .message("sun24", by: "leia", at: "2024-03-31T21:59:00Z") // 23:59 CEST, March 31
            .message("mon", by: "leia", at: "2024-03-31T22:00:00Z")  // 00:00 CEST, April 1
    }

    @Test func springForward_daysStillSplitAtLocalMidnight() throws {
        let list = try springForward.resolve()
        #expect(list.rows == ["date Mar 30", "sat", "date Mar 31", "sun0", "before", "after", "sun24",
                              "date Apr 01", "mon"])
    }

    @Test func springForward_timesSkipTheMissingHour() throws {
        let list = try springForward.resolve()
        #expect(list.decision("before")?.timeText == "1:59\u{202F}AM")
        #expect(list.decision("after")?.timeText == "3:00\u{202F}AM")
        #expect(list.decision("sun24")?.timeText == "11:59\u{202F}PM")
    }

    @Test func springForward_groupsByRealElapsedTime() throws {
        // 01:59:30 → 03:00:30 on the wall clock, but 60 s apart.
        let list = try springForward.resolve()
        #expect(!list.isLast("before"))
    }

    /// 2024-10-27: 03:00 CEST falls back to 02:00 CET (01:00Z); the day has 25 hours.
    private var fallBack: ConversationBuilder {
        listed
            .config { $0.dateSeparatorStyle = .stream }
            .context { $0.now = instant("2024-11-05T10:00:00Z") }
            .message("sat", by: "leia", at: "2024-10-26T21:59:00Z")   // 23:59 CEST, October 26
            .message("sun0", by: "leia", at: "2024-10-26T22:00:00Z")  // 00:00 CEST, October 27
            .message("first", by: "han", at: "2024-10-27T00:30:00Z")  // 02:30 CEST
            .message("second", by: "han", at: "2024-10-27T01:30:00Z") // 02:30 CET, an hour later
            .message("sun24", by: "leia", at: "2024-10-27T22:59:00Z") // 23:59 CET, October 27
            .message("mon", by: "leia", at: "2024-10-27T23:00:00Z")   // 00:00 CET, October 28
    }

    @Test func fallBack_daysStillSplitAtLocalMidnight() throws {
        let list = try fallBack.resolve()
        #expect(list.rows == ["date Oct 26", "sat", "date Oct 27", "sun0", "first", "second", "sun24",
                              "date Oct 28", "mon"])
    }

    @Test func fallBack_repeatedHourShowsTheSameWallClockTime() throws {
        let list = try fallBack.resolve()
        #expect(list.decision("first")?.timeText == "2:30\u{202F}AM")
        #expect(list.decision("second")?.timeText == "2:30\u{202F}AM")
        #expect(list.decision("sun24")?.timeText == "11:59\u{202F}PM")
    }

    @Test func fallBack_repeatedHourSplitsByRealElapsedTime() throws {
        // Same wall-clock minute, but 3600 s apart.
        let list = try fallBack.resolve()
        #expect(list.decision("first")?.groupBoundary == .gap(seconds: 3600, limit: 60))
    }
}
