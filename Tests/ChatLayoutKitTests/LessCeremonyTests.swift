import ChatLayoutDecoding
import ChatLayoutICU
import ChatLayoutKit
import Testing

/// The shortcuts that spare a user the ceremony: a formatter and an environment from the
/// context, a document's context completed in one call, bytes of any kind decoded, instants
/// moved by durations, a configuration built by naming only what changes.
struct LessCeremonyTests {
    private let context = LayoutContext(currentUserID: "leia", now: Timestamp(rfc3339: "2024-03-05T10:00:00Z")!,
                                        timeZone: "Asia/Tokyo", locale: "de_DE")

    private let document = """
        {"context": {"current_user_id": "leia", "now": "2024-03-05T10:00:00Z", "locale": "en_US"},
         "channel": {"name": "Rebels", "member_count": 3},
         "config": {"grouping_rule": "same_minute"},
         "messages": [{"id": "m1", "text": "Where are you?", "user": {"id": "han"}, "created_at": "2024-03-05T09:40:00Z"}]}
        """

    // MARK: The formatter from the context

    @Test func icuFormatter_fromTheContext_takesItsLocaleAndTimeZone() throws {
        let formatter = try ICULocaleFormatter(context: context)
        #expect(formatter.locale == "de_DE" && formatter.timeZone == "Asia/Tokyo")
        // 10:00 UTC is 19:00 in Tokyo, written the German way.
        #expect(formatter.shortTime(context.now) == "19:00")
    }

    @Test func environment_fromTheContext_needsNoSecondLocaleOrZone() throws {
        let environment = try LayoutEnvironment(context: context)
        #expect(environment.locale == "de_DE" && environment.timeZone == "Asia/Tokyo")
        #expect(environment.measurer is ICUTextEngine)
        #expect(environment.strings == ChatStrings(locale: "de_DE"))
    }

    @Test func environment_fromAContextICUDoesNotKnow_failsNamingIt() {
        var unknown = context
        unknown.timeZone = "Mars/Olympus"
        #expect(throws: FormattingError.unknownTimeZone("Mars/Olympus")) { try LayoutEnvironment(context: unknown) }
    }

    // MARK: DocumentContext → LayoutContext

    @Test func documentContext_completedByDefaults_inOneCall() throws {
        let written = try ConversationDecoder.decode(Array(document.utf8)).context
        let completed = try written.completed(defaults: DocumentContext(now: Timestamp(seconds: 0), timeZone: "UTC", locale: "fr_FR"))
        // The document's now and locale stand; the zone it leaves out comes from the defaults.
        #expect(completed == LayoutContext(currentUserID: "leia", now: Timestamp(rfc3339: "2024-03-05T10:00:00Z")!,
                                           timeZone: "UTC", locale: "en_US"))
    }

    @Test func documentContext_overridden_thenCompleted() throws {
        let written = try ConversationDecoder.decode(Array(document.utf8)).context
        let completed = try written.overriding(DocumentContext(timeZone: "Europe/Berlin", locale: "de_DE")).completed()
        #expect(completed.locale == "de_DE" && completed.timeZone == "Europe/Berlin" && completed.currentUserID == "leia")
    }

    @Test func documentContext_missingFields_areNamed() {
        #expect(throws: IncompleteContextError(missing: ["now", "time_zone"])) {
            try DocumentContext(locale: "en_US").completed()
        }
        #expect(IncompleteContextError(missing: ["now", "time_zone"]).description
            == "the context gives no now, time_zone: give them in the document's context or as defaults")
    }

    // MARK: Bytes of any kind

    @Test func decode_fromAnyByteCollection() throws {
        let whole = try ConversationDecoder.decode(Array(document.utf8))
        let padded = Array(("  " + document + "  ").utf8)
        #expect(try ConversationDecoder.decode(padded[2 ..< padded.count - 2]) == whole)
        #expect(try ConversationDecoder.decode(document.utf8) == whole)
        #expect(try ConversationDecoder.decode(ContiguousArray(document.utf8)) == whole)
        #expect(whole.config.groupingRule == .sameMinute)
    }

    @Test func decode_fromASlice_locatesErrorsInTheSlice() {
        let bytes = Array(#"xx{"messages": 3}"#.utf8)
        #expect(throws: DocumentError.self) { try ConversationDecoder.decode(bytes[2...]) }
    }

    // MARK: Timestamp arithmetic

    @Test func timestamp_movesBySecondsAndDurations() {
        let sent = Timestamp(rfc3339: "2024-03-05T09:40:00.250Z")!
        #expect(sent.adding(seconds: 61) == Timestamp(rfc3339: "2024-03-05T09:41:01.250Z")!)
        #expect(sent + .seconds(61) == Timestamp(rfc3339: "2024-03-05T09:41:01.250Z")!)
        #expect(sent + .milliseconds(800) == Timestamp(rfc3339: "2024-03-05T09:40:01.050Z")!)
        #expect(sent - .milliseconds(300) == Timestamp(rfc3339: "2024-03-05T09:39:59.950Z")!)
        #expect(sent.adding(seconds: 0, nanoseconds: -250_000_001) == Timestamp(rfc3339: "2024-03-05T09:39:59.999999999Z")!)
        var moving = sent
        moving += .seconds(3600)
        moving -= .seconds(60)
        #expect(moving == Timestamp(rfc3339: "2024-03-05T10:39:00.250Z")!)
    }

    @Test func timestamp_differenceIsAnExactDuration() {
        let sent = Timestamp(rfc3339: "2024-03-05T09:40:00.250Z")!
        let now = Timestamp(rfc3339: "2024-03-05T09:41:00.200Z")!
        #expect(now - sent == .milliseconds(59_950))
        #expect(sent - now == .milliseconds(-59_950))
        #expect(sent + (now - sent) == now)
        #expect((now - sent) <= .seconds(60))  // Stream's grouping gap
    }

    // MARK: A configuration by its changes

    @Test func config_builtByNamingOnlyWhatChanges() {
        let config = MessageListConfig {
            $0.groupingRule = .sameMinute
            $0.displayOptions.showAvatars = false
            $0.threadView.parentPresentation = .firstMessage
        }
        var expected = MessageListConfig()
        expected.groupingRule = .sameMinute
        expected.displayOptions.showAvatars = false
        expected.threadView.parentPresentation = .firstMessage
        #expect(config == expected)
        #expect(config.with { $0.pageSize = 25 }.pageSize == 25)
        #expect(config.pageSize == 50)
        #expect(MessageListConfig { _ in } == MessageListConfig())
    }
}
