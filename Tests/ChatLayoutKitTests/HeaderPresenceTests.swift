import ChatLayoutDecoding
import ChatLayoutICU
import ChatLayoutKit
import Testing

/// Issue 30: a direct channel's header says its other member's presence as Stream's SDKs write
/// it ("Online", "last seen 5 minutes ago", "Offline") when the payload has presence
/// (`members[].user.online`, `last_active`), relative to the context's `now`; Sendbird's
/// profile shows none, and without presence the subtitle is the member count as before.
@Suite struct HeaderPresenceTests {
    // MARK: Documents

    /// A direct channel of Noah (the current user) and Emma; `emma` is Emma's user object's
    /// extra fields (`"online": true`).
    private static func direct(emma: String, noah: String = "", now: String = "2024-09-12T10:00:00Z", timeZone: String = "UTC",
                               locale: String = "en_US", config: String? = nil, current: String? = "noah",
                               cid: String = "messaging:!members-noah-emma", channel: String = #""member_count": 2"#,
                               extra: String = "") -> String {
        """
        {"context": {\(current.map { #""current_user_id": "\#($0)", "# } ?? "")"now": "\(now)", "time_zone": "\(timeZone)", "locale": "\(locale)"},
         \(config.map { #""config": \#($0),"# } ?? "")
         "channel": {"cid": "\(cid)", \(channel)},
         "members": [{"user": {"id": "noah", "name": "Noah Kim"\(noah)}}, {"user": {"id": "emma", "name": "Emma Larsen"\(emma)}}],
         "messages": [{"id": "m1", "text": "Lunch?", "user": {"id": "emma", "name": "Emma Larsen"}, "created_at": "2024-09-12T02:00:00Z"}]\(extra)}
        """
    }

    /// Emma not online, last active at `lastActive`.
    private static func lastActive(_ lastActive: String) -> String {
        #", "online": false, "last_active": "\#(lastActive)""#
    }

    private static func environment(_ document: ConversationDocument) throws -> LayoutEnvironment {
        let context = try document.context.completed()
        let formatter = try ICULocaleFormatter(locale: context.locale, timeZone: context.timeZone)
        return try LayoutEnvironment(config: document.config, context: context, formatter: formatter, measurer: ICUTextEngine())
    }

    private static func decisions(_ json: String, profile: LayoutProfile? = nil) throws -> MessageListDecisions {
        let document = try ConversationDecoder.decode(Array(json.utf8), profile: profile)
        return MessageListResolver(try environment(document)).resolve(document.conversation, explain: true)
    }

    /// The header's subtitle.
    private static func subtitle(_ json: String, profile: LayoutProfile? = nil) throws -> String {
        try decisions(json, profile: profile).header.subtitle
    }

    /// `explain --format text`'s lines that start with "header:".
    private static func headerNotes(_ json: String, profile: LayoutProfile? = nil) throws -> [String] {
        try decisions(json, profile: profile).explanationLines(width: 120, measurer: ICUTextEngine()).filter { $0.hasPrefix("header:") }
    }

    /// The subtitle when Emma was last active at `time` (UTC, now 2024-09-12T10:00:00Z unless given).
    private static func seen(_ time: String, now: String = "2024-09-12T10:00:00Z", timeZone: String = "UTC",
                             profile: LayoutProfile? = nil) throws -> String {
        try subtitle(direct(emma: lastActive(time), now: now, timeZone: timeZone), profile: profile)
    }

    // MARK: Online and offline

    @Test func otherMemberOnline_saysOnline_andExplainsFromWhat() throws {
        let json = Self.direct(emma: #", "online": true, "last_active": "2024-09-12T09:00:00Z""#)
        #expect(try Self.subtitle(json) == "Online")
        #expect(try Self.headerNotes(json)
            == ["header: Online: Emma Larsen is online (the other member of a !members channel, header_presence last_seen)"])
    }

    @Test func theCurrentUsersOwnPresence_isNotTheSubtitle() throws {
        // Noah (you) is online; Emma is not and has no last_active: Stream says "Offline".
        let json = Self.direct(emma: #", "online": false"#, noah: #", "online": true"#)
        #expect(try Self.subtitle(json) == "Offline")
        #expect(try Self.headerNotes(json).first?.contains("Emma Larsen is not online and has no last_active") == true)
    }

    @Test func presenceOfAnyMember_turnsThePresenceRuleOn_soAnOtherWithNoneIsOffline() throws {
        #expect(try Self.subtitle(Self.direct(emma: "", noah: #", "online": true"#)) == "Offline")
    }

    @Test func lastActiveAfterNow_isOffline() throws {
        let json = Self.direct(emma: Self.lastActive("2024-09-12T10:00:01Z"))
        #expect(try Self.subtitle(json) == "Offline")
        #expect(try Self.headerNotes(json).first?.contains("last_active 2024-09-12T10:00:01Z is after now 2024-09-12T10:00:00Z") == true)
    }

    @Test func noOtherMember_leavesNoSubtitle() throws {
        let json = """
            {"context": {"current_user_id": "noah", "now": "2024-09-12T10:00:00Z", "time_zone": "UTC", "locale": "en_US"},
             "channel": {"cid": "messaging:!members-noah", "member_count": 1},
             "members": [{"user": {"id": "noah", "name": "Noah Kim", "online": true}}], "messages": []}
            """
        let decisions = try Self.decisions(json)
        #expect(decisions.header.subtitle == "")
        #expect(try Self.headerNotes(json).contains { $0.hasPrefix("header: no subtitle: no member of the !members channel but you") })
    }

    // MARK: Stream UIKit's buckets (DateUtils.timeAgo), now 2024-09-12T10:00:00Z

    @Test func seconds_singularForZeroAndOne_thenCounted_upTo59() throws {
        #expect(try Self.seen("2024-09-12T10:00:00Z") == "last seen just one second ago")
        #expect(try Self.seen("2024-09-12T09:59:59Z") == "last seen just one second ago")
        #expect(try Self.seen("2024-09-12T09:59:58Z") == "last seen 2 seconds ago")
        #expect(try Self.seen("2024-09-12T09:59:00.001Z") == "last seen 59 seconds ago")
    }

    @Test func minutes_fromExactlyAMinute_toUnderAnHour() throws {
        #expect(try Self.seen("2024-09-12T09:59:00Z") == "last seen one minute ago")
        #expect(try Self.seen("2024-09-12T09:58:01Z") == "last seen one minute ago")
        #expect(try Self.seen("2024-09-12T09:58:00Z") == "last seen 2 minutes ago")
        #expect(try Self.seen("2024-09-12T09:00:00.5Z") == "last seen 59 minutes ago")
    }

    @Test func hours_fromExactlyAnHour_toUnderADay() throws {
        #expect(try Self.seen("2024-09-12T09:00:00Z") == "last seen one hour ago")
        #expect(try Self.seen("2024-09-12T08:00:00Z") == "last seen 2 hours ago")
        #expect(try Self.seen("2024-09-11T10:00:01Z") == "last seen 23 hours ago")
    }

    @Test func days_fromTheSameTimeYesterday_toUnderAWeek() throws {
        #expect(try Self.seen("2024-09-11T10:00:00Z") == "last seen one day ago")
        #expect(try Self.seen("2024-09-10T10:00:00Z") == "last seen 2 days ago")
        #expect(try Self.seen("2024-09-05T10:00:01Z") == "last seen 6 days ago")
    }

    @Test func weeks_fromSevenDays_toUnderACalendarMonth() throws {
        #expect(try Self.seen("2024-09-05T10:00:00Z") == "last seen one week ago")
        #expect(try Self.seen("2024-08-29T10:00:00Z") == "last seen 2 weeks ago")
        // 30 days 23:59:59 before: still inside the month from August 12.
        #expect(try Self.seen("2024-08-12T10:00:01Z") == "last seen 4 weeks ago")
    }

    @Test func months_fromACalendarMonth_countedInWholeMonths() throws {
        #expect(try Self.seen("2024-08-12T10:00:00Z") == "last seen one month ago")
        #expect(try Self.seen("2024-07-12T10:00:01Z") == "last seen one month ago")
        #expect(try Self.seen("2024-07-12T10:00:00Z") == "last seen 2 months ago")
        #expect(try Self.seen("2023-09-12T10:00:00Z") == "last seen 12 months ago")
    }

    @Test func aMonthAgo_holdsTheDayToTheMonthsLast() throws {
        // From March 31 a month back is February 29 (2024): the 29th is a month, a second later is not.
        #expect(try Self.seen("2024-02-29T10:00:00Z", now: "2024-03-31T10:00:00Z") == "last seen one month ago")
        #expect(try Self.seen("2024-02-29T10:00:01Z", now: "2024-03-31T10:00:00Z") == "last seen 4 weeks ago")
    }

    @Test func aDay_isTheSameWallClockTimeYesterday_inTheDocumentsTimeZone() throws {
        // Berlin moved its clocks forward on 2024-03-31: 23 hours back is already 14:00 yesterday.
        let now = "2024-03-31T12:00:00Z" // 14:00 CEST
        #expect(try Self.seen("2024-03-30T12:30:00Z", now: now, timeZone: "Europe/Berlin") == "last seen one day ago")
        #expect(try Self.seen("2024-03-30T12:30:00Z", now: now, timeZone: "UTC") == "last seen 23 hours ago")
    }

    @Test func explain_namesTheLastActive_theNow_andTheBucket() throws {
        let notes = try Self.headerNotes(Self.direct(emma: Self.lastActive("2024-09-12T09:55:00Z")))
        #expect(notes == ["header: last seen 5 minutes ago: Emma Larsen's last_active 2024-09-12T09:55:00Z is before now "
                + "2024-09-12T10:00:00Z (minutes: a minute to under an hour; the other member of a !members channel, header_presence last_seen)"])
    }

    // MARK: Profiles

    @Test func swiftUI_countsWeeksUntil31Days_whereUIKitSaysAMonth() throws {
        // From March 12 a calendar month back is February 12; 31 days back is February 10.
        let now = "2024-03-12T10:00:00Z"
        #expect(try Self.seen("2024-02-11T10:00:00Z", now: now, profile: .streamUIKit) == "last seen one month ago")
        #expect(try Self.seen("2024-02-11T10:00:00Z", now: now, profile: .streamSwiftUI) == "last seen 4 weeks ago")
        #expect(try Self.seen("2024-02-10T10:00:00Z", now: now, profile: .streamSwiftUI) == "last seen one month ago")
        #expect(try Self.seen("2024-02-10T10:00:01Z", now: now, profile: .streamSwiftUI) == "last seen 4 weeks ago")
    }

    @Test func swiftUI_agreesWithUIKit_underAWeek_andOnline() throws {
        for time in ["2024-09-12T09:59:58Z", "2024-09-12T09:58:00Z", "2024-09-12T08:00:00Z", "2024-09-10T10:00:00Z"] {
            #expect(try Self.seen(time, profile: .streamSwiftUI) == (try Self.seen(time, profile: .streamUIKit)), "\(time)")
        }
        #expect(try Self.subtitle(Self.direct(emma: #", "online": true"#), profile: .streamSwiftUI) == "Online")
    }

    @Test func sendbird_showsNoPresence_keepsTheMemberCount_andSaysWhy() throws {
        let json = Self.direct(emma: #", "online": true"#)
        #expect(try Self.subtitle(json, profile: .sendbird) == "2 members")
        #expect(try Self.headerNotes(json, profile: .sendbird)
            == ["header: no presence shown (header_presence none: Sendbird's title view shows none)"])
    }

    @Test func headerPresenceKey_overridesTheProfile() throws {
        let json = Self.direct(emma: Self.lastActive("2024-02-11T10:00:00Z"), now: "2024-03-12T10:00:00Z",
                               config: #"{"header_presence": "last_seen_31_days"}"#)
        #expect(try Self.subtitle(json) == "last seen 4 weeks ago")
        let none = Self.direct(emma: #", "online": true"#, config: #"{"profile": "stream-swiftui", "header_presence": "none"}"#)
        #expect(try Self.subtitle(none) == "2 members")
    }

    @Test func headerPresenceKey_unknownValue_isAnErrorAtItsPath() {
        let json = Self.direct(emma: "", config: #"{"header_presence": "sometimes"}"#)
        let error = #expect(throws: DocumentError.self) { try ConversationDecoder.decode(Array(json.utf8)) }
        #expect(error?.path == "config.header_presence")
        #expect(error?.message.contains("last_seen, last_seen_31_days, none") == true)
    }

    // MARK: Without presence, and group channels

    @Test func withoutPresence_theSubtitleIsTheMemberCount_asBefore_andExplainSaysNothingNew() throws {
        let json = Self.direct(emma: "")
        for profile in LayoutProfile.allCases {
            #expect(try Self.subtitle(json, profile: profile) == "2 members", "\(profile)")
            #expect(try Self.headerNotes(json, profile: profile).isEmpty, "\(profile)")
        }
        #expect(try Self.subtitle(Self.direct(emma: "", channel: #""member_count": 2, "watcher_count": 1"#)) == "2 members, 1 online")
    }

    @Test func aTwoMemberChannelWithoutAMembersCID_isAGroupToTheHeader_countsMembersAndWatchers() throws {
        let json = Self.direct(emma: #", "online": true"#, cid: "messaging:lunch", channel: #""member_count": 2, "watcher_count": 2"#)
        #expect(try Self.subtitle(json) == "2 members, 2 online")
        #expect(try Self.headerNotes(json)
            == ["header: no presence shown: not a !members channel (Stream shows presence in a direct channel's header only)"])
    }

    @Test func groupChannel_withPresence_saysMembersAndWatchers_perProfile() throws {
        let json = Self.direct(emma: #", "online": true"#, cid: "messaging:team", channel: #""member_count": 5, "watcher_count": 3"#)
        #expect(try Self.subtitle(json, profile: .streamUIKit) == "5 members, 3 online")
        #expect(try Self.subtitle(json, profile: .streamSwiftUI) == "5 members, 3 online")
        #expect(try Self.subtitle(json, profile: .sendbird) == "5 members, 3 online")
        let noWatchers = Self.direct(emma: #", "online": true"#, cid: "messaging:team", channel: #""member_count": 5"#)
        #expect(try Self.subtitle(noWatchers) == "5 members")
    }

    // MARK: Who is shown

    @Test func ofSeveralOthers_theMostRecentlyActive_isShown_tiesToTheGreaterID() throws {
        func json(_ members: String) -> String {
            """
            {"context": {"current_user_id": "noah", "now": "2024-09-12T10:00:00Z", "time_zone": "UTC", "locale": "en_US"},
             "channel": {"cid": "messaging:!members-three", "member_count": 3},
             "members": [{"user": {"id": "noah", "online": true, "last_active": "2024-09-12T10:00:00Z"}}, \(members)], "messages": []}
            """
        }
        let recent = json(#"{"user": {"id": "ann", "online": false, "last_active": "2024-09-12T09:00:00Z"}}, "#
            + #"{"user": {"id": "bob", "online": false, "last_active": "2024-09-12T09:30:00Z"}}"#)
        #expect(try Self.subtitle(recent) == "last seen 30 minutes ago")
        let tied = json(#"{"user": {"id": "ann", "online": true, "last_active": "2024-09-12T09:00:00Z"}}, "#
            + #"{"user": {"id": "bob", "online": false, "last_active": "2024-09-12T09:00:00Z"}}"#)
        #expect(try Self.subtitle(tied) == "last seen one hour ago")
        let oneWithout = json(#"{"user": {"id": "zed", "online": true}}, "#
            + #"{"user": {"id": "ann", "online": false, "last_active": "2024-01-01T00:00:00Z"}}"#)
        #expect(try Self.subtitle(oneWithout) == "last seen 8 months ago")
    }

    @Test func withoutACurrentUser_theFirstMemberInOrder_isShown() throws {
        let json = Self.direct(emma: Self.lastActive("2024-09-12T09:00:00Z"), noah: Self.lastActive("2024-09-12T09:59:00Z"), current: nil)
        #expect(try Self.subtitle(json) == "last seen one minute ago")
    }

    @Test func typingInTheNavigationBar_takesThePresencesPlace() throws {
        let json = Self.direct(emma: #", "online": true"#, config: #"{"typing_indicator_placement": "navigation_bar"}"#,
                               extra: #", "typing_user_ids": ["emma"]"#)
        #expect(try Self.subtitle(json) == "Emma Larsen is typing…")
        #expect(try Self.headerNotes(json).first?.hasSuffix("; the typing indicator shows in its place") == true)
    }

    // MARK: Words, the box tree, bad values

    @Test func theWords_areTheLocales() throws {
        let german = Self.direct(emma: Self.lastActive("2024-09-12T09:55:00Z"), locale: "de_DE")
        #expect(try Self.subtitle(german) == "zuletzt gesehen vor 5 Minuten")
        let russian = Self.direct(emma: Self.lastActive("2024-09-12T09:39:00Z"), locale: "ru_RU")
        #expect(try Self.subtitle(russian) == "был(а) в сети 21 минуту назад")
        #expect(try Self.subtitle(Self.direct(emma: #", "online": true"#, locale: "ja_JP")) == "オンライン")
        let strings = ChatStrings(locale: "pl_PL")
        let polish = try ICULocaleFormatter(locale: "pl_PL", timeZone: "UTC")
        #expect([1, 2, 5, 22].map { strings.lastSeenMonths.text($0, using: polish) }
            == ["ostatnia aktywność: miesiąc temu", "ostatnia aktywność: 2 miesiące temu", "ostatnia aktywność: 5 miesięcy temu",
                "ostatnia aktywność: 22 miesiące temu"])
    }

    @Test func theBoxTree_drawsThePresenceAsTheHeadersSubtitle() throws {
        let json = Self.direct(emma: Self.lastActive("2024-09-12T07:00:00Z"))
        let document = try ConversationDecoder.decode(Array(json.utf8))
        let screen = MessageListScreen.layout(document.conversation, environment: try Self.environment(document), width: 40)
        #expect(screen.boxesWithRole(.headerSubtitle).map(\.lines) == [["last seen 3 hours ago"]])
        #expect(screen.boxesWithRole(.headerTitle).map(\.lines) == [["Emma Larsen"]])
    }

    @Test func theIncrementalList_saysTheSamePresence_asTheBatchList() throws {
        let json = Self.direct(emma: Self.lastActive("2024-09-12T09:20:00Z"))
        let document = try ConversationDecoder.decode(Array(json.utf8))
        let list = try IncrementalMessageList(conversation: document.conversation, environment: try Self.environment(document), width: 40)
        #expect(list.decisions.header.subtitle == "last seen 40 minutes ago")
        #expect(list.screen().boxesWithRole(.headerSubtitle).map(\.lines) == [["last seen 40 minutes ago"]])
    }

    @Test func aPresenceValueOfTheWrongType_isAnErrorAtItsPath() {
        func path(_ emma: String) -> String? {
            let json = Self.direct(emma: emma)
            do {
                _ = try ConversationDecoder.decode(Array(json.utf8))
                return nil
            } catch {
                return error.path
            }
        }
        #expect(path(#", "online": "yes""#) == "members[1].user.online")
        #expect(path(#", "online": 1"#) == "members[1].user.online")
        #expect(path(#", "last_active": "yesterday""#) == "members[1].user.last_active")
        #expect(path(#", "last_active": 1726135200"#) == "members[1].user.last_active")
        // null is no presence, as a missing field.
        #expect(path(#", "online": null, "last_active": null"#) == nil)
    }

    @Test func decodedPresence_isOnTheMembersUser_notOnMessageAuthors() throws {
        let json = Self.direct(emma: #", "online": true, "last_active": "2024-09-12T09:00:00Z""#)
        let conversation = try ConversationDecoder.decode(Array(json.utf8)).conversation
        #expect(conversation.members[1].user.online == true)
        #expect(conversation.members[1].user.lastActive == Timestamp(rfc3339: "2024-09-12T09:00:00Z"))
        #expect(conversation.members[0].user.hasPresence == false)
        #expect(conversation.messages[0].user.hasPresence == false)
    }
}
