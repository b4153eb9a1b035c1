import ChatLayoutDecoding
import ChatLayoutICU
import ChatLayoutKit
import ChatLayoutTestSupport
import Testing

/// Issue 30: Stream SwiftUI's rules where they differ from Stream UIKit's, each an option whose
/// default is UIKit's. Every test lays the same conversation out with the option off and on and
/// reads the difference in the decisions, in `explain` and in the box tree (in points).
@Suite struct SwiftUIRulesTests {
    private typealias Attachment = ChatLayoutKit.Attachment

    // MARK: Helpers

    /// The conversation laid out in points at 360.
    private func screen(_ builder: ConversationBuilder) throws -> LaidOutScreen {
        try ParityLayout.screen(builder, width: 360)
    }

    /// The message list's rows, top to bottom.
    private func rows(_ screen: LaidOutScreen) throws -> [Box] {
        try #require(screen.root.children.first { $0.role == .messageList }).children
    }

    /// The boxes of `role` anywhere in the screen that belong to message `id`.
    private func parts(_ role: BoxRole, of id: String, in screen: LaidOutScreen) -> [Box] {
        var found: [Box] = []
        screen.root.walk { box, _ in if box.role == role && box.id == id { found.append(box) } }
        return found
    }

    /// `explain --format text`'s lines.
    private func explained(_ builder: ConversationBuilder) throws -> [String] {
        try builder.resolve(explain: true).decisions.explanationLines(width: 120, measurer: ICUTextEngine())
    }

    // MARK: 1. The oldest loaded message's date separator

    /// A page that is not the whole history (Stream's full page), dated in the list.
    private func partialHistory() -> ConversationBuilder {
        ConversationBuilder()
            .config { $0.dateIndicatorPlacement = .messageList }
            .conversation { $0.historyLoaded = false }
            .message("m1", by: "leia", at: 0)
            .message("m2", by: "han", at: 30)
    }

    @Test func oldestMessage_historyNotLoaded_hasNoDateSeparator_byDefault() throws {
        let list = try partialHistory().resolve()
        #expect(list.rows == ["m1", "m2"])
        #expect(try rows(screen(partialHistory())).first?.role == .messageRow)
    }

    @Test func oldestMessage_historyNotLoaded_isDated_withDateSeparatorOnOldestMessage() throws {
        let builder = partialHistory().config { $0.dateSeparatorOnOldestMessage = true }
        #expect(try builder.resolve().rows == ["date Today", "m1", "m2"])
        let top = try rows(screen(builder))
        #expect(top.map(\.role).prefix(2) == [.dateSeparator, .messageRow])
        #expect(top.first?.text == "Today")
        let line = try #require(try explained(builder).first { $0.contains("date separator") })
        #expect(line.contains("oldest loaded message, the history above not loaded (date_separator_on_oldest_message)"))
    }

    @Test func oldestMessage_historyLoaded_explainsAsBefore_withTheOptionOn() throws {
        let builder = partialHistory().conversation { $0.historyLoaded = true }.config { $0.dateSeparatorOnOldestMessage = true }
        let line = try #require(try explained(builder).first { $0.contains("date separator") })
        #expect(line.contains("oldest message, the whole history loaded"))
    }

    @Test func oldestDateSeparator_onlyWithMessageListDates() throws {
        let builder = partialHistory().config { $0.dateSeparatorOnOldestMessage = true; $0.dateIndicatorPlacement = .overlay }
        #expect(try builder.resolve().rows == ["m1", "m2"])
    }

    // MARK: 2. Reactions of a custom type

    /// Leia's message that Han reacted to with "clap", a type without a default image.
    private func clapped() -> ConversationBuilder {
        ConversationBuilder().message("m1", by: "leia", at: 0) { message in
            message.reactionScores = [(type: "clap", score: 3)]
            message.latestReactions = [Reaction(type: "clap", userID: "han")]
        }
    }

    @Test func customReactionType_showsNoReactions_byDefault() throws {
        #expect(try !clapped().options(of: "m1").contains(.reactions))
        #expect(parts(.reactions, of: "m1", in: try screen(clapped())).isEmpty)
    }

    @Test func customReactionType_showsReactions_withAnyScore() throws {
        let builder = clapped().config { $0.reactionsRule = .anyScore }
        let decision = try #require(try builder.resolve(explain: true).decision("m1"))
        #expect(decision.options.contains(.reactions))
        #expect(decision.reasons.contains { $0.explanation == "reactions: reaction_scores not empty (clap) (reactions_rule any_score)" })
        #expect(parts(.reactions, of: "m1", in: try screen(builder)).count == 1)
        // The type without a glyph is shown by its name.
        #expect(decision.reactions.map(\.type) == ["clap"])
    }

    @Test func anyScore_needsReactionsEnabled() throws {
        let builder = clapped().config { $0.reactionsRule = .anyScore }.features { $0.reactions = false }
        #expect(try !builder.options(of: "m1").contains(.reactions))
    }

    // MARK: 3. The failure indicator of a message without text

    /// Luke's image that failed to send, with no text; then his failed text message.
    private func failedImage() -> ConversationBuilder {
        ConversationBuilder()
            .message("m1", by: "luke", at: 0, text: "") { message in
                message.attachments = [Attachment(type: "image", urlHost: "example.com", imageURL: "https://example.com/a.jpg")]
                message.localState = .sendingFailed
            }
            .message("m2", by: "luke", at: 120, text: "Did it go?") { $0.localState = .sendingFailed }
    }

    @Test func failedImageOnly_showsTheFailureIndicator_byDefault() throws {
        let list = try failedImage().resolve()
        #expect(list.options("m1").contains(.errorIndicator) && list.options("m2").contains(.errorIndicator))
        #expect(parts(.errorIndicator, of: "m1", in: try screen(failedImage())).count == 1)
    }

    @Test func failedImageOnly_showsNoFailureIndicator_whenItRequiresText() throws {
        let builder = failedImage().config { $0.failureIndicatorRequiresText = true }
        let list = try builder.resolve(explain: true)
        #expect(!list.options("m1").contains(.errorIndicator))
        #expect(list.options("m2").contains(.errorIndicator), "a failed message with text keeps it")
        #expect(list.decision("m1")?.reasons.contains {
            $0.explanation == "−errorIndicator: sending_failed, but no text (failure_indicator_requires_text)"
        } == true)
        let laidOut = try screen(builder)
        #expect(parts(.errorIndicator, of: "m1", in: laidOut).isEmpty)
        #expect(parts(.errorIndicator, of: "m2", in: laidOut).count == 1)
    }

    // MARK: 4. The avatar of the top-most loaded row

    /// Leia's group of three, then Han's message.
    private func leiasGroup() -> ConversationBuilder {
        ConversationBuilder()
            .conversation { $0.historyLoaded = false }
            .message("m1", by: "leia", at: 0)
            .message("m2", by: "leia", at: 10)
            .message("m3", by: "leia", at: 20)
            .message("m4", by: "han", at: 30)
    }

    @Test func topMostRow_inTheMiddleOfAGroup_hasOnlyThePadding_byDefault() throws {
        let list = try leiasGroup().resolve()
        #expect(list.options("m1").contains(.avatarSizePadding) && !list.options("m1").contains(.avatar))
        #expect(parts(.avatar, of: "m1", in: try screen(leiasGroup())).isEmpty)
    }

    @Test func topMostRow_inTheMiddleOfAGroup_showsTheAvatar_withAvatarOnTopMostRow() throws {
        let builder = leiasGroup().config { $0.avatarOnTopMostRow = true }
        let list = try builder.resolve(explain: true)
        #expect(list.options("m1").contains(.avatar) && !list.options("m1").contains(.avatarSizePadding))
        #expect(list.options("m1").isDisjoint(with: [.authorName, .timestamp]), "the avatar alone: no name, no time")
        #expect(list.position("m1") == .top, "the group stays as it is")
        #expect(list.options("m2").contains(.avatarSizePadding) && !list.options("m2").contains(.avatar), "only the top-most row")
        #expect(list.options("m3").contains(.avatar))
        #expect(list.decision("m1")?.reasons.contains {
            $0.explanation == "avatar: top-most loaded row, not yours (avatar_on_top_most_row)"
        } == true)
        let laidOut = try screen(builder)
        #expect(parts(.avatar, of: "m1", in: laidOut).count == 1)
        #expect(parts(.avatar, of: "m2", in: laidOut).isEmpty)
    }

    @Test func topMostRow_ofYourOwn_getsNoAvatar() throws {
        let builder = ConversationBuilder().config { $0.avatarOnTopMostRow = true }
            .message("m1", by: "luke", at: 0).message("m2", by: "luke", at: 10)
        #expect(try !builder.options(of: "m1").contains(.avatar))
    }

    @Test func topMostRow_avatarFollowsTheDisplayOptions() throws {
        let builder = leiasGroup().config { $0.avatarOnTopMostRow = true; $0.displayOptions.showAvatars = false }
        #expect(try builder.options(of: "m1").isDisjoint(with: [.avatar, .avatarSizePadding]))
    }

    @Test func topMostRow_movesUp_whenTheIncrementalListPrependsAPage() throws {
        let builder = leiasGroup().config { $0.avatarOnTopMostRow = true }
        let formatter = try ICULocaleFormatter(locale: builder.context.locale, timeZone: builder.context.timeZone)
        var list = try IncrementalMessageList(conversation: builder.conversation, environment:
            try LayoutEnvironment(config: builder.config, context: builder.context, formatter: formatter, measurer: ICUTextEngine()),
            width: 40)
        let older = Message(id: "p1", text: "Earlier", user: Cast.user("leia"), createdAt: instant(builder.start, plus: -5))
        _ = try list.apply(.prependPage([older]))
        let options = Dictionary(uniqueKeysWithValues: list.decisions.messages.map { ($0.message.id, $0.options) })
        #expect(options["p1"]?.contains(.avatar) == true)
        #expect(options["m1"]?.contains(.avatarSizePadding) == true && options["m1"]?.contains(.avatar) == false)
        var probes = SplitMix64(seed: 30)
        #expect(IncrementalOracle.mismatch(list, probes: &probes) == nil)
    }

    // MARK: 5. Which channel is direct

    /// Leia's message in a channel of two members whose id is not `!members`, avatars off in
    /// direct channels and on in groups.
    private func twoMembers(_ cid: String = "messaging:pair") -> ConversationBuilder {
        ConversationBuilder()
            .channel { $0.cid = cid }
            .direct()
            .config { $0.displayOptions.showAvatars = false; $0.displayOptions.showAvatarsInGroups = true }
            .message("m1", by: "leia", at: 0)
    }

    @Test func twoMembers_isDirect_byDefault() throws {
        #expect(try !twoMembers().options(of: "m1").contains(.avatar))
        #expect(parts(.avatar, of: "m1", in: try screen(twoMembers())).isEmpty)
    }

    @Test func twoMembers_withoutAMembersCID_isAGroup_withMembersCIDRule() throws {
        let builder = twoMembers().config { $0.directChannelRule = .membersCID }
        #expect(try builder.options(of: "m1").contains(.avatar))
        #expect(parts(.avatar, of: "m1", in: try screen(builder)).count == 1)
    }

    @Test func membersCID_isDirect_whateverItsMemberCount() throws {
        let builder = twoMembers("messaging:!members-abc").members("luke", "leia", "han")
            .config { $0.directChannelRule = .membersCID }
        let list = try builder.resolve(explain: true)
        #expect(!list.options("m1").contains(.avatar))
        #expect(list.options("m1").contains(.authorName), "author names still count the members, as both SDKs")
        #expect(list.decision("m1")?.reasons.contains {
            $0.explanation == "−avatar: show_avatars is off (a !members channel: direct_channel_rule members_cid)"
        } == true)
    }

    // MARK: 6. skip_edited_message_label

    /// Leia's edited message, then another of hers 10 s later; the edited label on.
    private func edited(_ adjust: @escaping (inout MessageListConfig) -> Void = { _ in }) -> ConversationBuilder {
        ConversationBuilder()
            .config { $0.editedLabelEnabled = true; adjust(&$0) }
            .message("m1", by: "leia", at: 0) { $0.messageTextUpdatedAt = instant("2024-03-05T09:00:05Z") }
            .message("m2", by: "leia", at: 10)
    }

    @Test func editedMessage_showsTheLabel_byDefault() throws {
        let list = try edited().resolve()
        #expect(list.decision("m1")?.showsEditedLabel == true)
        #expect(parts(.editedLabel, of: "m1", in: try screen(edited())).count == 1)
    }

    @Test func editedMessage_ofASkippedType_showsNoLabel_butStillEndsItsGroup() throws {
        let builder = edited { $0.skipEditedMessageLabel = EditedLabelSkip(messageTypes: [.regular]) }
        let list = try builder.resolve(explain: true)
        #expect(list.decision("m1")?.showsEditedLabel == false)
        #expect(list.decision("m1")?.groupBoundary == .edited)
        #expect(list.decision("m1")?.reasons.contains {
            $0.explanation == "−editedLabel: skip_edited_message_label lists type regular"
        } == true)
        #expect(parts(.editedLabel, of: "m1", in: try screen(builder)).isEmpty)
    }

    @Test func editedMessage_skippedByID_showsNoLabel_othersKeepTheirs() throws {
        let builder = edited { $0.skipEditedMessageLabel = EditedLabelSkip(messageIDs: ["m2"]) }
            .message("m3", by: "han", at: 20) { $0.messageTextUpdatedAt = instant("2024-03-05T09:00:25Z") }
        let list = try builder.resolve()
        #expect(list.decision("m1")?.showsEditedLabel == true)
        #expect(list.decision("m3")?.showsEditedLabel == true)
        let skipped = try ConversationBuilder()
            .config { $0.editedLabelEnabled = true; $0.skipEditedMessageLabel = EditedLabelSkip(messageIDs: ["m1"]) }
            .message("m1", by: "leia", at: 0) { $0.messageTextUpdatedAt = instant("2024-03-05T09:00:05Z") }
            .resolve()
        #expect(skipped.decision("m1")?.showsEditedLabel == false)
    }

    // MARK: 7. The current user's avatar

    /// Luke's two grouped messages, then Leia's.
    private func lukesPair() -> ConversationBuilder {
        ConversationBuilder()
            .message("m1", by: "luke", at: 0)
            .message("m2", by: "luke", at: 10)
            .message("m3", by: "leia", at: 20)
    }

    @Test func yourMessages_haveNoAvatar_byDefault() throws {
        let list = try lukesPair().resolve()
        #expect(list.options("m1").isDisjoint(with: [.avatar, .avatarSizePadding]))
        #expect(list.options("m2").isDisjoint(with: [.avatar, .avatarSizePadding]))
        #expect(parts(.avatar, of: "m2", in: try screen(lukesPair())).isEmpty)
    }

    @Test func yourMessages_showTheirAvatar_onTheTrailingSide_withShowOutgoingMessageAvatar() throws {
        let builder = lukesPair().config { $0.showOutgoingMessageAvatar = true }
        let list = try builder.resolve(explain: true)
        #expect(list.options("m1").contains(.avatarSizePadding) && !list.options("m1").contains(.avatar))
        #expect(list.options("m2").contains(.avatar) && list.options("m2").contains(.flipped))
        #expect(!list.options("m2").contains(.authorName), "no name over your own messages")
        #expect(list.decision("m2")?.reasons.contains {
            $0.explanation == "avatar: last in group, yours (show_outgoing_message_avatar)"
        } == true)
        let laidOut = try screen(builder)
        let avatar = try #require(parts(.avatar, of: "m2", in: laidOut).first)
        let bubble = try #require(parts(.bubble, of: "m2", in: laidOut).first)
        #expect(avatar.frame.maxX == 360 - 8, "at the trailing edge, inside the list's padding")
        #expect(bubble.frame.maxX <= avatar.frame.x - 8, "the bubble beside it")
        let padded = try #require(parts(.bubble, of: "m1", in: laidOut).first)
        #expect(padded.frame.maxX == bubble.frame.maxX, "the group's bubbles in one column")
        #expect(try !lukesPair().resolve().options("m2").contains(.avatar))
    }

    @Test func yourAvatar_followsTheDisplayOptions() throws {
        let builder = lukesPair().config { $0.showOutgoingMessageAvatar = true; $0.displayOptions.showAvatars = false }
        #expect(try builder.options(of: "m2").isDisjoint(with: [.avatar, .avatarSizePadding]))
    }

    // MARK: 8. message_paddings

    /// The space above each row of the list after the first.
    private func gaps(_ screen: LaidOutScreen) throws -> [Int] {
        let list = try rows(screen)
        return zip(list, list.dropFirst()).map { $1.frame.y - $0.frame.maxY }
    }

    @Test func paddings_byDefault_areTheLayoutsOwn() throws {
        // Leia's group of three (2 points apart), then Han (12 points: half a 24-point line).
        #expect(try gaps(screen(leiasGroup())) == [2, 2, 12])
    }

    @Test func paddings_singleAndGroupBottom_setTheSpaceUnderEachMessage() throws {
        let builder = leiasGroup().config { $0.singleBottomPadding = 8; $0.groupBottomPadding = 4 }
        #expect(try gaps(screen(builder)) == [4, 4, 8])
    }

    // MARK: Decoding

    private func config(_ members: String) throws -> MessageListConfig { try ConfigSnippet.config(members) }

    private func error(_ members: String) -> DocumentError? { ConfigSnippet.error(members) }

    @Test func options_decodeFromTheirKeys() throws {
        let decoded = try config("""
            "date_separator_on_oldest_message": true, "reactions_rule": "any_score", "failure_indicator_requires_text": true,
            "avatar_on_top_most_row": true, "direct_channel_rule": "members_cid",
            "skip_edited_message_label": {"message_types": ["reply"], "message_ids": ["m7"]},
            "show_outgoing_message_avatar": true, "message_paddings": {"horizontal": 4, "single_bottom": 8, "group_bottom": 2}
            """)
        #expect(decoded.showOutgoingMessageAvatar && decoded.horizontalPadding == 4)
        #expect(decoded.singleBottomPadding == 8 && decoded.groupBottomPadding == 2)
        #expect(decoded.dateSeparatorOnOldestMessage && decoded.failureIndicatorRequiresText && decoded.avatarOnTopMostRow)
        #expect(decoded.reactionsRule == .anyScore && decoded.directChannelRule == .membersCID)
        #expect(decoded.skipEditedMessageLabel == EditedLabelSkip(messageTypes: [.reply], messageIDs: ["m7"]))
    }

    @Test func options_absent_keepUIKitsRules() throws {
        let decoded = try config(#""group_messages": true"#)
        #expect(!decoded.dateSeparatorOnOldestMessage && !decoded.failureIndicatorRequiresText && !decoded.avatarOnTopMostRow)
        #expect(decoded.reactionsRule == .latestReactionWithImage && decoded.directChannelRule == .memberCount)
        #expect(decoded.skipEditedMessageLabel.isEmpty && !decoded.showOutgoingMessageAvatar)
        #expect(decoded.singleBottomPadding == nil && decoded.groupBottomPadding == nil)
        #expect(decoded == MessageListConfig())
    }

    @Test func badValues_areErrorsAtTheirPath() {
        #expect(error(#""date_separator_on_oldest_message": "yes""#)?.path == "config.date_separator_on_oldest_message")
        #expect(error(#""failure_indicator_requires_text": 1"#)?.path == "config.failure_indicator_requires_text")
        #expect(error(#""avatar_on_top_most_row": "on""#)?.path == "config.avatar_on_top_most_row")
        let rule = error(#""reactions_rule": "sometimes""#)
        #expect(rule?.path == "config.reactions_rule")
        #expect(rule?.message == "unknown value 'sometimes' (expected one of: latest_reaction_with_image, any_score)")
        #expect(error(#""direct_channel_rule": "two""#)?.path == "config.direct_channel_rule")
        #expect(error(#""skip_edited_message_label": ["m1"]"#)?.path == "config.skip_edited_message_label")
        #expect(error(#""skip_edited_message_label": {"message_types": ["regular", "shouty"]}"#)?.path
            == "config.skip_edited_message_label.message_types[1]")
        #expect(error(#""skip_edited_message_label": {"message_ids": [7]}"#)?.path == "config.skip_edited_message_label.message_ids[0]")
        #expect(error(#""show_outgoing_message_avatar": "no""#)?.path == "config.show_outgoing_message_avatar")
        let padding = error(#""message_paddings": {"single_bottom": -1}"#)
        #expect(padding?.path == "config.message_paddings.single_bottom")
        #expect(padding?.message == "must be a finite number of points, 0 or more")
        #expect(error(#""message_paddings": {"group_bottom": "2"}"#)?.path == "config.message_paddings.group_bottom")
    }
}
