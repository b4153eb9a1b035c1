import ChatLayoutDecoding
import ChatLayoutGoldens
import ChatLayoutKit
import Testing

/// Profiles: a document (or a request) names whose SDK it follows, the profile's defaults fill
/// what the document does not give, and each option says who gave it. Each profile's own
/// defaults show on a laid-out screen where it differs from Stream UIKit's.
struct LayoutProfileTests {
    // MARK: Documents

    private static func request(_ json: String, profile: LayoutProfile? = nil,
                                overrides: ScreenRequest.Overrides = ScreenRequest.Overrides()) -> ScreenRequest {
        var overrides = overrides
        if let profile { overrides.profile = profile }
        return ScreenRequest(document: .init(name: "doc.json", bytes: Array(json.utf8)), overrides: overrides, width: 60)
    }

    private static func decode(_ json: String, profile: LayoutProfile? = nil) throws -> ConversationDocument {
        try ConversationDecoder.decode(Array(json.utf8), profile: profile)
    }

    /// The message rows of `json` laid out as a message list.
    private static func rows(_ json: String, profile: LayoutProfile? = nil) throws -> [Box] {
        let request = request(json, profile: profile)
        return boxes(in: try request.layout(try request.input()).root).filter { $0.role == .messageRow || $0.role == .dateSeparator }
    }

    private static func boxes(in root: Box) -> [Box] {
        var all: [Box] = []
        root.walk { box, _ in all.append(box) }
        return all
    }

    /// The row of message `id`.
    private static func row(_ id: String, in rows: [Box]) throws -> Box {
        try #require(rows.first { $0.role == .messageRow && $0.id == id }, "no row \(id)")
    }

    private static func has(_ role: BoxRole, _ row: Box) -> Bool {
        boxes(in: row).contains { $0.role == role }
    }

    // MARK: Decoding a profile

    @Test func noProfile_isStreamUIKit_withTodaysDefaults() throws {
        let document = try Self.decode(ProfileDocuments.document(config: "{}", messages: []))
        #expect(document.config == MessageListConfig())
        #expect(document.configProvenance.profile == .streamUIKit)
        #expect(document.configProvenance.explicit.isEmpty)
        #expect(LayoutProfile.streamUIKit.defaults() == MessageListConfig())
        // A raw payload (no config of ours) keeps Stream's own date label.
        #expect(try Self.decode(ProfileDocuments.document(messages: [])).config.dateSeparatorStyle == .stream)
    }

    @Test func profileInConfig_givesItsDefaults_andTheDocumentsOptionsOverrideThem() throws {
        let document = try Self.decode(ProfileDocuments.document(config: #"{"profile": "stream-swiftui", "page_size": 40}"#, messages: []))
        #expect(document.config.pageSize == 40, "the document's option, not the profile's 25")
        #expect(document.config.editedLabelEnabled, "stream-swiftui's default")
        #expect(document.config.threadView.parentPresentation == .firstMessage)
        let provenance = document.configProvenance
        #expect(provenance.profile == .streamSwiftUI)
        #expect(provenance.source(of: "profile") == .document)
        #expect(provenance.source(of: "page_size") == .document)
        #expect(provenance.source(of: "edited_label_enabled") == .profile(.streamSwiftUI))
        #expect(provenance.keys.first == "profile" && provenance.keys.contains("message_display_options.show_avatars"))
    }

    @Test func aRequestsProfile_overridesTheDocuments_notItsOptions() throws {
        let json = ProfileDocuments.document(config: #"{"profile": "stream-swiftui", "date_separator_style": "relative"}"#, messages: [])
        let document = try Self.decode(json, profile: .sendbird)
        #expect(document.config.groupingRule == .sameMinute)
        #expect(document.config.pageSize == 30, "sendbird's, not stream-swiftui's 25")
        #expect(document.config.dateSeparatorStyle == .relative, "the document's option still wins")
        #expect(document.configProvenance.profile == .sendbird)
        #expect(document.configProvenance.source(of: "profile") == .flag)
        #expect(document.configProvenance.source(of: "date_separator_style") == .document)
        #expect(document.configProvenance.source(of: "grouping_rule") == .profile(.sendbird))
    }

    @Test func anUnknownProfile_isAnErrorAtConfigProfile_namingTheProfiles() {
        #expect {
            try Self.decode(ProfileDocuments.document(config: #"{"profile": "stream-android"}"#, messages: []))
        } throws: { error in
            let error = error as? DocumentError
            return error?.path == "config.profile"
                && error?.message == "unknown value 'stream-android' (expected one of: stream-uikit, stream-swiftui, sendbird)"
        }
    }

    @Test func theRequestsOverrides_areMarkedAsFlags() throws {
        let json = ProfileDocuments.document(config: #"{"group_messages": true, "page_size": 10}"#, messages: [])
        let input = try Self.request(json, profile: .streamSwiftUI, overrides: ScreenRequest.Overrides(grouping: false)).input()
        #expect(input.provenance.source(of: "group_messages") == .flag)
        #expect(input.provenance.source(of: "page_size") == .document)
        #expect(input.provenance.source(of: "profile") == .flag)
        #expect(input.provenance.source(of: "max_time_interval_between_messages_in_group") == .profile(.streamSwiftUI))
        #expect(input.provenance.summary == "profile stream-swiftui (flag); set by the document: page_size; by flags: group_messages")
        #expect(!input.config.groupMessages)
    }

    // MARK: Each profile's defaults, laid out

    /// An edited message, then another by the same author 10 s later, with no config:
    /// Stream SwiftUI shows "Edited" and ends the group at the edit; Stream UIKit groups them.
    @Test func streamSwiftUI_anEditThenAMessageTenSecondsLater_endsTheGroup_andShowsEdited() throws {
        let json = ProfileDocuments.document(messages: [
            ProfileDocuments.message("m1", at: "2024-03-05T09:00:00Z", extra: #", "message_text_updated_at": "2024-03-05T09:00:05Z""#),
            ProfileDocuments.message("m2", at: "2024-03-05T09:00:10Z"),
        ])
        let uikit = try Self.row("m1", in: Self.rows(json))
        #expect(!Self.has(.editedLabel, uikit) && !Self.has(.timestamp, uikit), "grouped: the time is under m2")
        let swiftUI = try Self.row("m1", in: Self.rows(json, profile: .streamSwiftUI))
        #expect(Self.has(.editedLabel, swiftUI), "\(Self.boxes(in: swiftUI).map(\.role))")
        #expect(Self.has(.timestamp, swiftUI) && Self.has(.avatar, swiftUI), "the edit ends its group")
    }

    /// A page of 25 messages: Stream SwiftUI loads 25 at a time, so more may be older; Stream
    /// UIKit's page is 50, so 25 are the whole history and the oldest has its date separator.
    /// SwiftUI's own rule dates its oldest loaded message all the same: without that rule the
    /// oldest of a page that is not the whole history waits for its separator.
    @Test func streamSwiftUI_aPageOf25_isNotTheWholeHistory() throws {
        let messages = (0 ..< 25).map { index in
            ProfileDocuments.message("m\(index)", by: index.isMultiple(of: 2) ? "leia" : "han", at: "2024-03-05T09:\(String(format: "%02d", index * 2)):00Z")
        }
        let json = ProfileDocuments.document(config: #"{"date_indicator_placement": "message_list"}"#, messages: messages)
        #expect(try Self.decode(json).conversation.historyLoaded)
        #expect(try !Self.decode(json, profile: .streamSwiftUI).conversation.historyLoaded)
        #expect(try Self.rows(json).first?.role == .dateSeparator)
        #expect(try Self.rows(json, profile: .streamSwiftUI).first?.role == .dateSeparator)
        let withoutTheRule = ProfileDocuments.document(config: #"{"date_indicator_placement": "message_list", "date_separator_on_oldest_message": false}"#,
                                           messages: messages)
        #expect(try Self.rows(withoutTheRule, profile: .streamSwiftUI).first?.role == .messageRow)
    }

    /// Two messages of one author 20 s apart across a minute: Sendbird groups by the minute (and
    /// puts its date separators in the list, in its own style); Stream by the interval.
    @Test func sendbird_sameMinuteGroups_andDateSeparatorsInItsStyle() throws {
        let json = ProfileDocuments.document(config: "{}", messages: [
            ProfileDocuments.message("m1", at: "2024-03-05T09:00:50Z"), ProfileDocuments.message("m2", at: "2024-03-05T09:01:10Z"),
        ])
        let uikit = try Self.rows(json)
        #expect(!Self.has(.timestamp, try Self.row("m1", in: uikit)), "one group")
        #expect(!uikit.contains { $0.role == .dateSeparator }, "Stream UIKit floats its date over the list")
        let sendbird = try Self.rows(json, profile: .sendbird)
        #expect(Self.has(.timestamp, try Self.row("m1", in: sendbird)), "another minute, another group")
        #expect(sendbird.first?.role == .dateSeparator && sendbird.first?.text == "Tue, Mar 05", "\(sendbird.map { $0.text ?? "" })")
    }

    /// Sendbird writes a message's time from the template "hh:mm", localised: "09:41 AM" in
    /// en_US, where Stream writes the locale's short time, "9:41 AM"; a document's own
    /// `message_time_format` overrides either.
    @Test func sendbird_writesTimesWithTwoDigitHours() throws {
        let json = ProfileDocuments.document(config: "{}", messages: [ProfileDocuments.message("m1", at: "2024-03-05T09:41:00Z")])
        let time = { (json: String, profile: LayoutProfile?) throws -> [String] in
            Self.boxes(in: try Self.row("m1", in: Self.rows(json, profile: profile))).filter { $0.role == .timestamp }.compactMap(\.text)
        }
        #expect(try time(json, nil) == ["9:41\u{202F}AM"])
        #expect(try time(json, .sendbird) == ["09:41\u{202F}AM"])
        let short = ProfileDocuments.document(config: #"{"message_time_format": "short"}"#, messages: [ProfileDocuments.message("m1", at: "2024-03-05T09:41:00Z")])
        #expect(try time(short, .sendbird) == ["9:41\u{202F}AM"])
    }

    @Test func sendbird_anEmptyChannel_saysSo() throws {
        let json = ProfileDocuments.document(config: "{}", messages: [])
        let emptyState = { (profile: LayoutProfile?) throws -> Bool in
            let request = Self.request(json, profile: profile)
            return Self.boxes(in: try request.layout(try request.input()).root).contains { $0.role == .emptyState }
        }
        #expect(try !emptyState(nil))
        #expect(try emptyState(.sendbird))
    }

    // MARK: Groups and date separators

    /// Neither Stream SDK ends a group at a date separator: two messages 20 s apart across
    /// midnight stay one group under the separator, unless `end_group_at_date_separator` says
    /// otherwise.
    @Test func aDateSeparator_endsNoGroup_unlessAsked() throws {
        let messages = [ProfileDocuments.message("m1", at: "2024-03-04T23:59:50Z"), ProfileDocuments.message("m2", at: "2024-03-05T00:00:10Z")]
        let grouped = try Self.rows(ProfileDocuments.document(config: #"{"date_indicator_placement": "message_list"}"#, messages: messages))
        #expect(grouped.map(\.role) == [.dateSeparator, .messageRow, .dateSeparator, .messageRow])
        let together = try Self.row("m1", in: grouped)
        #expect(!Self.has(.timestamp, together) && !Self.has(.avatar, together), "m2 ends the group")
        let split = try Self.rows(ProfileDocuments.document(config: #"{"date_indicator_placement": "message_list", "end_group_at_date_separator": true}"#,
                                                messages: messages))
        let apart = try Self.row("m1", in: split)
        #expect(Self.has(.timestamp, apart) && Self.has(.avatar, apart), "the separator ends m1's group")
    }
}
