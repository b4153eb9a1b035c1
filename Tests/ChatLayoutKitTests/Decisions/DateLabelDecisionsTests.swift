import ChatLayoutKit
import Testing

/// Date labels: `date_separator_style` and message times. Now is Tuesday 2024-03-12, 11:00 in
/// Berlin; every message is at 10:00Z (11:00 in Berlin).
@Suite struct DateLabelDecisionsTests {
    private func label(of day: String, style: DateSeparatorStyle = .relative, locale: String = "en_US",
                       now: String = "2024-03-12T10:00:00Z") throws -> String? {
        let list = try ConversationBuilder()
            .config {
                $0.dateIndicatorPlacement = .messageList
                $0.dateSeparatorStyle = style
            }
            .context {
                $0.now = instant(now)
                $0.locale = locale
            }
            .message("m", by: "leia", at: day + "T10:00:00Z")
            .resolve()
        #expect(list.dateSeparators.count == 1)
        return list.dateSeparators.first
    }

    // MARK: relative (default)

    @Test func relative_today() throws {
        #expect(try label(of: "2024-03-12") == "Today")
    }

    @Test func relative_yesterday() throws {
        #expect(try label(of: "2024-03-11") == "Yesterday")
    }

    @Test func relative_twoDaysAgo_isTheWeekday() throws {
        #expect(try label(of: "2024-03-10") == "Sunday")
    }

    @Test func relative_sixDaysAgo_isTheWeekday() throws {
        #expect(try label(of: "2024-03-06") == "Wednesday")
    }

    @Test func relative_sevenDaysAgo_isMonthAndDay() throws {
        #expect(try label(of: "2024-03-05") == "Mar 5")
    }

    @Test func relative_earlierThisYear_isMonthAndDay() throws {
        #expect(try label(of: "2024-01-01") == "Jan 1")
    }

    @Test func relative_pastYear_includesTheYear() throws {
        #expect(try label(of: "2023-03-05") == "Mar 5, 2023")
    }

    @Test func relative_lastDayOfThePastYear_includesTheYear() throws {
        #expect(try label(of: "2023-12-31") == "Dec 31, 2023")
    }

    @Test func relative_lastWeekOfThePastYear_isStillTheWeekday() throws {
        #expect(try label(of: "2023-12-29", now: "2024-01-02T10:00:00Z") == "Friday")
        #expect(try label(of: "2023-12-26", now: "2024-01-02T10:00:00Z") == "Dec 26, 2023")
    }

    @Test func relative_inGerman() throws {
        #expect(try label(of: "2024-03-11", locale: "de_DE") == "Gestern")
        #expect(try label(of: "2023-03-05", locale: "de_DE") == "5. März 2023")
    }

    @Test func relative_inJapanese() throws {
        #expect(try label(of: "2024-03-12", locale: "ja_JP") == "今日")
        #expect(try label(of: "2024-03-05", locale: "ja_JP") == "3月5日")
    }

    // MARK: stream

    @Test func stream_isMonthAndTwoDigitDay_evenForToday() throws {
        #expect(try label(of: "2024-03-12", style: .stream) == "Mar 12")
        #expect(try label(of: "2024-03-05", style: .stream) == "Mar 05")
    }

    @Test func stream_pastYear_hasNoYear() throws {
        #expect(try label(of: "2023-03-05", style: .stream) == "Mar 05")
    }

    // MARK: sendbird

    @Test func sendbird_thisYear_isWeekdayMonthAndDay() throws {
        #expect(try label(of: "2024-03-05", style: .sendbird) == "Tue, Mar 05")
    }

    @Test func sendbird_pastYear_isMonthDayAndYear() throws {
        #expect(try label(of: "2023-03-05", style: .sendbird) == "Mar 05, 2023")
    }

    // MARK: Labels and times of messages

    @Test func everyMessage_carriesTheLabelOfItsDay() throws {
        let list = try ConversationBuilder()
            .config { $0.dateIndicatorPlacement = .messageList }
            .context { $0.now = instant("2024-03-12T10:00:00Z") }
            .message("a1", by: "leia", at: "2024-03-05T08:00:00Z")
            .message("a2", by: "han", at: "2024-03-05T21:00:00Z")
            .message("b1", by: "leia", at: "2024-03-11T08:00:00Z")
            .message("c1", by: "leia", at: "2024-03-12T08:00:00Z")
            .message("c2", by: "luke", at: "2024-03-12T09:00:00Z")
            .resolve()
        var current: String?
        for item in list.items {
            switch item {
            case .dateSeparator(_, let text): current = text
            case .message(let decision): #expect(decision.dateLabel == current, "\(decision.message.id)")
            default: break
            }
        }
        #expect(list.messages.map(\.dateLabel) == ["Mar 5", "Mar 5", "Yesterday", "Today", "Today"])
    }

    @Test func messageTime_isTheShortTimeInTheTimeZone() throws {
        let list = try ConversationBuilder().message("m", by: "leia", at: "2024-03-05T08:41:00Z").resolve()
        #expect(list.decision("m")?.timeText == "9:41\u{202F}AM")
    }

    @Test func messageTime_inGerman_is24Hour() throws {
        let list = try ConversationBuilder()
            .context { $0.locale = "de_DE" }
            .message("m", by: "leia", at: "2024-03-05T20:41:00Z")
            .resolve()
        #expect(list.decision("m")?.timeText == "21:41")
    }
}
