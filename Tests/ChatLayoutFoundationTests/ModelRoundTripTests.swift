import ChatLayoutKit
import Foundation
import Testing

/// Every model and configuration type comes back equal from JSON, with its optional and
/// nested fields set and left out.
struct ModelRoundTripTests {
    @Test func user_withAndWithoutOptionalFields() throws {
        try expectRoundTrip(Samples.leia)
        #expect(try expectRoundTrip(Samples.han) == #"{"id":"han"}"#)
    }

    @Test func timestamp_isItsRFC3339Text() throws {
        #expect(try expectRoundTrip(Samples.time("2024-03-05T09:41:00Z")) == #""2024-03-05T09:41:00Z""#)
        #expect(try expectRoundTrip(Samples.time("2024-03-05T09:41:00.123456789Z")) == #""2024-03-05T09:41:00.123456789Z""#)
        try expectRoundTrip(Samples.time("1969-12-31T23:59:59.999Z"))
        try expectRoundTrip(Samples.time("0000-01-01T00:00:00Z"))
        try expectRoundTrip(Samples.time("9999-12-31T23:59:59.999999999Z"))
    }

    @Test func calendarDay() throws {
        try expectRoundTrip(CalendarDay(year: 2024, month: 2, day: 29))
    }

    @Test func messageParts() throws {
        try expectRoundTrip(Samples.attachment)
        try expectRoundTrip(Attachment(type: "file"))
        try expectRoundTrip(Reaction(type: "love", userID: "han"))
        try expectRoundTrip(Reaction(type: "like"))
        try expectRoundTrip(Samples.quoted)
        try expectRoundTrip(QuotedMessage(id: "q", text: "", user: Samples.han))
        try expectRoundTrip(Samples.poll)
        try expectRoundTrip(Poll(question: "Empty?"))
        try expectRoundTrip(Samples.location)
        try expectRoundTrip(SharedLocation(latitude: 0, longitude: -0.5))
    }

    @Test func rawValueEnums_areTheirRawValues() throws {
        #expect(try expectRoundTrip(LocalState.pendingSend) == #""pending_send""#)
        #expect(try expectRoundTrip(MessageType.ephemeral) == #""ephemeral""#)
        #expect(try expectRoundTrip(ListLoadingState.loadingMore) == #""loading_more""#)
        #expect(try expectRoundTrip(GroupingRule.sameMinute) == #""same_minute""#)
        #expect(try expectRoundTrip(DateIndicatorPlacement.messageList) == #""message_list""#)
        #expect(try expectRoundTrip(TypingIndicatorPlacement.navigationBar) == #""navigation_bar""#)
        #expect(try expectRoundTrip(MessageListAlignment.leftAligned) == #""left_aligned""#)
        #expect(try expectRoundTrip(ThreadParentPresentation.firstMessage) == #""first_message""#)
        #expect(try expectRoundTrip(DeliveryStatus.delivered) == #""delivered""#)
        #expect(try expectRoundTrip(GroupPosition.middle) == #""middle""#)
        #expect(try expectRoundTrip(HiddenReason.deletedEphemeral) == #""deleted_ephemeral""#)
        for style in DateSeparatorStyle.allCases { try expectRoundTrip(style) }
        for type in MessageListType.allCases { try expectRoundTrip(type) }
    }

    @Test func message_withEveryFieldSet() throws {
        let json = try expectRoundTrip(Samples.richMessage)
        #expect(json.contains(#""reactionScores":[{"score":3,"type":"love"},{"score":1,"type":"haha"}]"#))
        #expect(json.contains(#""localState":"sending_failed""#))
    }

    @Test func message_withOnlyItsRequiredFields() throws {
        let json = try expectRoundTrip(Samples.plainMessage)
        #expect(!json.contains("deletedAt") && !json.contains("poll") && !json.contains("localState"))
    }

    @Test func channelAndReads() throws {
        try expectRoundTrip(Samples.channel)
        try expectRoundTrip(Channel())
        try expectRoundTrip(Member(user: Samples.leia))
        try expectRoundTrip(Samples.read)
        try expectRoundTrip(ReadState(user: Samples.han))
    }

    @Test func threadsAndEvents() throws {
        try expectRoundTrip(Samples.thread)
        try expectRoundTrip(ChatThread(parentMessageID: "p"))
        try expectRoundTrip(ThreadPartial(parentMessageID: "p", createdAt: Samples.time("2024-03-05T09:00:00Z"), updatedAt: Samples.time("2024-03-05T09:01:00Z")))
        for event in Samples.events { try expectRoundTrip(event) }
    }

    @Test func conversation_withEverything() throws {
        try expectRoundTrip(Samples.conversation)
        try expectRoundTrip(Conversation())
    }

    @Test func configuration() throws {
        try expectRoundTrip(Samples.config)
        try expectRoundTrip(MessageListConfig())
        try expectRoundTrip(MessageDisplayOptions())
        try expectRoundTrip(ThreadViewConfig())
        for point in [ThreadStartingPoint.bottom, .top, .timestamp(Samples.time("2024-03-05T09:00:00Z"))] { try expectRoundTrip(point) }
        try expectRoundTrip(ChannelFeatures())
    }

    @Test func layoutContext() throws {
        try expectRoundTrip(Samples.context)
        try expectRoundTrip(LayoutContext(now: Samples.time("2024-03-05T10:00:00Z")))
    }

    @Test func layoutOptions_areTheirSortedNames() throws {
        let options: MessageLayoutOptions = [.text, .bubble, .avatar, .deliveryStatusIndicator]
        #expect(try expectRoundTrip(options) == #"["avatar","bubble","deliveryStatusIndicator","text"]"#)
        #expect(try expectRoundTrip(MessageLayoutOptions()) == "[]")
        try expectRoundTrip(MessageLayoutOptions(MessageLayoutOptions.all.map(\.option)))
    }

    @Test func decisionParts() throws {
        try expectRoundTrip(ReactionCount(type: "love", count: 2))
        #expect(try expectRoundTrip(ReactionCount(type: "love", count: 2, isOwn: true)).contains(#""isOwn":true"#))
        // A count written before `isOwn` existed reads back as not own.
        #expect(try JSONDecoder().decode(ReactionCount.self, from: Data(#"{"type":"like","count":1}"#.utf8)) == ReactionCount(type: "like", count: 1))
        try expectRoundTrip(OptionReason(option: "avatar", reason: "show_avatars is off", removed: true))
        try expectRoundTrip(HiddenMessage(id: "m9", reason: .truncated))
        let boundaries: [GroupBoundary] = [
            .newest, .edited, .nextByAnotherAuthor, .nextIsOfType(.system), .gap(seconds: 61.25, limit: 60), .dateSeparator,
            .anotherMinute, .repeatedMinute, .failed, .threadRoot, .groupingOff, .continues(seconds: 0.1),
        ]
        for boundary in boundaries { try expectRoundTrip(boundary) }
        for phase in [ThreadListPhase.loading, .empty, .error, .loaded(hasMore: true), .loadingMore, .reloading] { try expectRoundTrip(phase) }
        for opening in [ThreadOpening.bottom, .top, .reply(id: "r1")] { try expectRoundTrip(opening) }
    }
}
