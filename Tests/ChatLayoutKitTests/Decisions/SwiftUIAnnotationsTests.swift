import ChatLayoutDecoding
import ChatLayoutICU
import ChatLayoutKit
import ChatLayoutTestSupport
import Testing

/// Issue 30: Stream SwiftUI's annotations above a bubble (`MessageTopView`: the pin, the thread
/// reply, the reminder), its header over a group's first message (`lastInGroupHeaderSize`) and
/// its reaction styles (`ReactionsStyle`). Each test lays the same conversation out with the
/// option off (today's layout, the same boxes) and on, and reads the difference in the
/// decisions and in the box tree (points at 360, lines 24 points tall, unless it says cells).
@Suite struct SwiftUIAnnotationsTests {
    // MARK: Helpers

    private func screen(_ builder: ConversationBuilder, points: Bool = true, width: Int = 360) throws -> LaidOutScreen {
        try ParityLayout.screen(builder, points: points, width: width)
    }

    /// Every box of `role`, in the tree's order.
    private func boxes(_ role: BoxRole, in screen: LaidOutScreen) -> [Box] {
        var found: [Box] = []
        screen.root.walk { box, _ in if box.role == role { found.append(box) } }
        return found
    }

    /// The boxes of `role` of message `id`.
    private func boxes(_ role: BoxRole, of id: String, in screen: LaidOutScreen) -> [Box] {
        boxes(role, in: screen).filter { $0.id == id }
    }

    private func config(_ members: String) throws -> MessageListConfig { try ConfigSnippet.config(members) }

    private func error(_ members: String) -> DocumentError? { ConfigSnippet.error(members) }

    // MARK: 1. The pin

    /// Leia's message pinned by Han (or by `pinner`, nil: the payload does not say).
    private func pinned(by pinner: User? = Cast.han, from author: String = "leia",
                        _ adjust: @escaping (inout MessageListConfig) -> Void = { _ in }) -> ConversationBuilder {
        ConversationBuilder().config(adjust).message("m1", by: author, at: 0) {
            $0.pinned = true
            $0.pinnedBy = pinner
        }
    }

    @Test func pin_drawsNothing_byDefault_asStreamUIKit() throws {
        #expect(try pinned().resolve().decision("m1")?.annotations == nil)
        let unpinned = ConversationBuilder().message("m1", by: "leia", at: 0)
        #expect(try screen(pinned()) == screen(unpinned))
        #expect(try screen(pinned(), points: false, width: 40) == screen(unpinned, points: false, width: 40))
    }

    @Test func pin_saysWhoPinnedIt_aboveTheBubble() throws {
        let builder = pinned { $0.pinnedAnnotationEnabled = true }
        #expect(try builder.resolve().decision("m1")?.annotations == [MessageAnnotation(kind: .pinned, title: "Pinned by Han")])
        let screen = try screen(builder)
        let annotation = try #require(boxes(.annotation, of: "m1", in: screen).first)
        let bubble = try #require(boxes(.bubble, of: "m1", in: screen).first)
        #expect(annotation.text == "Pinned by Han")
        #expect(annotation.content == .annotation(MessageAnnotation(kind: .pinned, title: "Pinned by Han")))
        #expect(annotation.frame.maxY <= bubble.frame.y, "above the bubble")
        #expect(annotation.frame.x == bubble.frame.x, "from the bubble's leading edge")
        // The bubble comes down by the annotation's line.
        let plain = try #require(boxes(.bubble, of: "m1", in: try self.screen(pinned())).first)
        #expect(bubble.frame.y - plain.frame.y == annotation.frame.height)
    }

    @Test func pin_ofTheCurrentUser_saysYou_andEndsAtTheBubblesTrailingEdge() throws {
        let builder = pinned(by: Cast.luke, from: "luke") { $0.pinnedAnnotationEnabled = true }
        #expect(try builder.resolve().decision("m1")?.annotations?.first?.title == "Pinned by you")
        let screen = try screen(builder)
        let annotation = try #require(boxes(.annotation, of: "m1", in: screen).first)
        let bubble = try #require(boxes(.bubble, of: "m1", in: screen).first)
        #expect(annotation.frame.maxX == bubble.frame.maxX)
    }

    @Test func pin_withoutItsPinner_saysUnknown_andAPinnerByIdIsNamedFromTheMembers() throws {
        #expect(try pinned(by: nil) { $0.pinnedAnnotationEnabled = true }.resolve().decision("m1")?.annotations?.first?.title
            == "Pinned by unknown")
        #expect(try pinned(by: User(id: "chewie")) { $0.pinnedAnnotationEnabled = true }.resolve().decision("m1")?.annotations?.first?.title
            == "Pinned by Chewie")
    }

    @Test func pin_pastItsExpiry_isNoLongerShown() throws {
        let on: (inout MessageListConfig) -> Void = { $0.pinnedAnnotationEnabled = true }
        // The builder's now is 10:00.
        let expired = pinned(on).conversation { $0.messages[0].pinExpires = instant("2024-03-05T09:59:59Z") }
        #expect(try expired.resolve().decision("m1")?.annotations == nil)
        let running = pinned(on).conversation { $0.messages[0].pinExpires = instant("2024-03-05T10:00:01Z") }
        #expect(try running.resolve().decision("m1")?.annotations?.map(\.kind) == [.pinned])
    }

    @Test func annotations_theIncrementalListDrawsThemToo() throws {
        let builder = pinned { $0.pinnedAnnotationEnabled = true; $0.lastInGroupHeaderSize = 30; $0.reactionsStyle = .segmented }
            .message("m2", by: "han", at: 60) {
                $0.reactionScores = [(type: "love", score: 2), (type: "like", score: 1)]
                $0.latestReactions = [Reaction(type: "love", userID: "leia"), Reaction(type: "like", userID: "leia")]
            }
        let environment = try ParityLayout.environment(config: builder.config, context: builder.context)
        let incremental = try IncrementalMessageList(conversation: builder.conversation, environment: environment, width: 360)
        #expect(incremental.screen() == (try screen(builder)))
        #expect(boxes(.annotation, in: incremental.screen()).count == 1 && boxes(.groupHeader, in: incremental.screen()).count == 2)
    }

    @Test func pin_isTranslated() throws {
        let german = pinned { $0.pinnedAnnotationEnabled = true }.context { $0.locale = "de_DE" }
        #expect(try german.resolve().decision("m1")?.annotations?.first?.title == "Angeheftet von Han")
        #expect(ChatStrings(locale: "ja_JP").pinnedByYou == "あなたがピン留め")
    }

    @Test func pin_andReminder_areReadFromStreamsPayload() throws {
        let document = try ParityLayout.document("""
            {"config": {"pinned_annotation_enabled": true, "reminder_annotation_enabled": true},
             "context": {"current_user_id": "luke", "now": "2024-03-05T10:00:00Z", "time_zone": "UTC", "locale": "en_US"},
             "messages": [{"id": "m1", "text": "Hi", "user": {"id": "leia"}, "created_at": "2024-03-05T09:00:00Z",
                           "pinned": true, "pinned_by": {"id": "han", "name": "Han"}, "pinned_at": "2024-03-05T09:01:00Z",
                           "pin_expires": "2024-03-06T09:00:00Z",
                           "reminder": {"remind_at": "2024-03-05T12:00:00Z", "message_id": "m1"}},
                          {"id": "m2", "text": "Ho", "user": {"id": "leia"}, "created_at": "2024-03-05T09:02:00Z",
                           "pinned": false, "pinned_by": null, "reminder": null}]}
            """)
        let messages = document.document.conversation.messages
        #expect(messages[0].pinnedBy == User(id: "han", name: "Han") && messages[0].pinExpires == instant("2024-03-06T09:00:00Z"))
        #expect(messages[0].reminder == MessageReminder(remindAt: instant("2024-03-05T12:00:00Z")))
        #expect(messages[1].pinnedBy == nil && messages[1].reminder == nil)
        let screen = MessageListScreen.layout(document.document.conversation, environment: document.environment, width: 360)
        #expect(boxes(.annotation, of: "m1", in: screen).map(\.text) == ["Pinned by Han", "Reminder set • in 2 hours"])
        #expect(boxes(.annotation, of: "m2", in: screen).isEmpty)
    }

    @Test func badPinnerOrReminder_areErrorsAtTheirPath() {
        func error(_ members: String) -> DocumentError? {
            do {
                _ = try ConversationDecoder.decode(Array("""
                    {"messages": [{"id": "m1", "user": {"id": "leia"}, "created_at": "2024-03-05T09:00:00Z", \(members)}]}
                    """.utf8))
                return nil
            } catch { return error }
        }
        #expect(error(#""pinned_by": 3"#)?.path == "messages[0].pinned_by.id", "a user without its id")
        #expect(error(#""reminder": "soon""#)?.path == "messages[0].reminder")
        #expect(error(#""reminder": {"remind_at": "tomorrow"}"#)?.path == "messages[0].reminder.remind_at")
        #expect(error(#""reminder": {}"#) == nil, "saved for later: no time")
    }

    // MARK: 2. The reminder

    /// Leia's message with the current user's reminder at `remindAt` (seconds after the
    /// builder's now, 10:00; nil: saved for later).
    private func reminded(in seconds: Int64?, _ adjust: @escaping (inout MessageListConfig) -> Void = { _ in }) -> ConversationBuilder {
        ConversationBuilder().config(adjust).message("m1", by: "leia", at: 0) {
            $0.reminder = MessageReminder(remindAt: seconds.map { instant("2024-03-05T10:00:00Z").adding(seconds: $0) })
        }
    }

    @Test func reminder_drawsNothing_byDefault() throws {
        #expect(try reminded(in: 3_600).resolve().decision("m1")?.annotations == nil)
        #expect(try screen(reminded(in: 3_600)) == screen(ConversationBuilder().message("m1", by: "leia", at: 0)))
    }

    @Test func reminder_saysWhenItFires_whileAhead() throws {
        let on: (inout MessageListConfig) -> Void = { $0.reminderAnnotationEnabled = true }
        #expect(try reminded(in: 2 * 3_600 + 600, on).resolve().decision("m1")?.annotations
            == [MessageAnnotation(kind: .reminder, title: "Reminder set", subtitle: "in 2 hours")])
        #expect(try reminded(in: 90, on).resolve().decision("m1")?.annotations?.first?.line == "Reminder set • in 1 minute")
        #expect(try reminded(in: 3 * 86_400, on).resolve().decision("m1")?.annotations?.first?.line == "Reminder set • in 3 days")
        // Past, or saved for later: the title alone (`reminderTimeText` is nil).
        #expect(try reminded(in: -60, on).resolve().decision("m1")?.annotations?.first?.line == "Reminder set")
        #expect(try reminded(in: nil, on).resolve().decision("m1")?.annotations?.first?.line == "Reminder set")
        let german = reminded(in: 7_200, on).context { $0.locale = "de_DE" }
        #expect(try german.resolve().decision("m1")?.annotations?.first?.line == "Erinnerung eingestellt • in 2 Stunden")
    }

    @Test func annotations_standInSwiftUIsOrder_aLineEach() throws {
        let builder = ConversationBuilder()
            .config { $0.pinnedAnnotationEnabled = true; $0.reminderAnnotationEnabled = true; $0.threadReplyPlacement = .annotation }
            .message("p", by: "han", at: 0)
            .message("m1", by: "leia", at: 10) {
                $0.parentID = "p"
                $0.showInChannel = true
                $0.pinned = true
                $0.pinnedBy = Cast.han
                $0.reminder = MessageReminder()
            }
        #expect(try builder.resolve().decision("m1")?.annotations?.map(\.kind) == [.pinned, .repliedToThread, .reminder])
        let lines = boxes(.annotation, of: "m1", in: try screen(builder))
        #expect(lines.map(\.text) == ["Pinned by Han", "Replied to a thread • View", "Reminder set"])
        #expect(zip(lines, lines.dropFirst()).allSatisfy { $0.frame.maxY == $1.frame.y }, "one under the other")
    }

    // MARK: 3. The thread reply

    /// Han's thread root and Leia's reply also sent to the channel.
    private func threadReply(_ adjust: @escaping (inout MessageListConfig) -> Void = { _ in }) -> ConversationBuilder {
        ConversationBuilder().config(adjust)
            .message("p", by: "han", at: 0) { $0.replyCount = 1 }
            .message("r1", by: "leia", at: 10) { $0.parentID = "p"; $0.showInChannel = true }
    }

    @Test func threadReply_saysThreadReply_underTheBubble_byDefault() throws {
        let screen = try screen(threadReply())
        #expect(boxes(.threadInfo, of: "r1", in: screen).map(\.text) == ["Thread reply"])
        #expect(boxes(.annotation, in: screen).isEmpty)
    }

    @Test func threadReply_asAnAnnotation_aboveTheBubble_nothingUnderIt() throws {
        let builder = threadReply { $0.threadReplyPlacement = .annotation }
        let resolved = try builder.resolve()
        #expect(resolved.decision("r1")?.annotations == [MessageAnnotation(kind: .repliedToThread, title: "Replied to a thread", button: "View")])
        #expect(!resolved.options("r1").contains(.threadInfo))
        #expect(resolved.options("p").contains(.threadInfo), "the root keeps its reply count")
        let screen = try screen(builder)
        #expect(boxes(.threadInfo, of: "r1", in: screen).isEmpty)
        #expect(boxes(.threadInfo, of: "p", in: screen).count == 1)
        let annotation = try #require(boxes(.annotation, of: "r1", in: screen).first)
        let bubble = try #require(boxes(.bubble, of: "r1", in: screen).first)
        #expect(annotation.text == "Replied to a thread • View" && annotation.frame.maxY <= bubble.frame.y)
    }

    @Test func threadReply_inItsThreadView_saysAlsoSentInChannel_andOtherRepliesNothing() throws {
        let builder = ConversationBuilder()
            .config { $0.threadReplyPlacement = .annotation }
            .message("p", by: "han", at: 0) { $0.replyCount = 2 }
            .threadReply("r1", to: "p", by: "leia", at: 10) { $0.showInChannel = true }
            .threadReply("r2", to: "p", by: "chewie", at: 20)
        let thread = try builder.resolveThread("p")
        #expect(thread.replies.first { $0.message.id == "r1" }?.annotations
            == [MessageAnnotation(kind: .sentInChannel, title: "Also sent in channel", button: "View")])
        #expect(thread.replies.first { $0.message.id == "r2" }?.annotations == nil)
        // Under the default placement the thread shows no annotation.
        let plain = try ConversationBuilder()
            .message("p", by: "han", at: 0) { $0.replyCount = 1 }
            .threadReply("r1", to: "p", by: "leia", at: 10) { $0.showInChannel = true }
            .resolveThread("p")
        #expect(plain.replies.allSatisfy { $0.annotations == nil })
    }

    // MARK: 4. The group's header

    /// Leia's two messages in a group, then Luke's (a channel of four).
    private func grouped(_ adjust: @escaping (inout MessageListConfig) -> Void = { _ in }) -> ConversationBuilder {
        ConversationBuilder().config(adjust)
            .message("m1", by: "leia", at: 0)
            .message("m2", by: "leia", at: 10)
            .message("m3", by: "luke", at: 20)
    }

    @Test func groupHeader_none_byDefault_norAtZero() throws {
        #expect(try grouped().resolve().decision("m1")?.groupHeader == nil)
        #expect(try screen(grouped { $0.lastInGroupHeaderSize = 0 }) == screen(grouped()))
    }

    @Test func groupHeader_namesTheAuthor_overTheirGroupsFirstMessage_inItsSize() throws {
        let builder = grouped { $0.lastInGroupHeaderSize = 40 }
        let resolved = try builder.resolve()
        #expect(resolved.decision("m1")?.groupHeader == "Leia")
        #expect(resolved.decision("m2")?.groupHeader == nil, "not the group's first")
        #expect(resolved.decision("m3")?.groupHeader == nil, "not the current user's")
        let screen = try screen(builder)
        let header = try #require(boxes(.groupHeader, in: screen).first)
        #expect(boxes(.groupHeader, in: screen).count == 1 && header.id == "m1" && header.text == "Leia")
        let bubble = try #require(boxes(.bubble, of: "m1", in: screen).first)
        let plain = try #require(boxes(.bubble, of: "m1", in: try self.screen(grouped())).first)
        #expect(bubble.frame.y - plain.frame.y == 40, "the header's height over the bubble")
        #expect(header.frame.maxY == bubble.frame.y && header.frame.x == bubble.frame.x)
    }

    @Test func groupHeader_notInADirectChannel_andALineInCells() throws {
        #expect(try grouped { $0.lastInGroupHeaderSize = 40 }.direct().resolve().decision("m1")?.groupHeader == nil)
        let cells = try screen(grouped { $0.lastInGroupHeaderSize = 40 }, points: false, width: 40)
        let header = try #require(boxes(.groupHeader, in: cells).first)
        let bubble = try #require(boxes(.bubble, of: "m1", in: cells).first)
        #expect(header.frame.height == 1 && header.frame.maxY == bubble.frame.y)
    }

    // MARK: 5. The reaction styles

    /// Leia's message with two loves and a like.
    private func liked(_ style: ReactionsStyle? = nil) -> ConversationBuilder {
        ConversationBuilder().config { if let style { $0.reactionsStyle = style } }.message("m1", by: "leia", at: 0) { message in
            message.reactionScores = [(type: "love", score: 2), (type: "like", score: 1)]
            message.latestReactions = [Reaction(type: "love", userID: "han"), Reaction(type: "love", userID: "chewie"),
                                       Reaction(type: "like", userID: "han")]
        }
    }

    @Test func reactionsStyle_icons_isTodaysPill() throws {
        #expect(try screen(liked(.icons)) == screen(liked()))
        #expect(boxes(.reactions, in: try screen(liked())).count == 1)
    }

    @Test func reactionsStyle_clustered_isOnePill_withTheTotalAfterTheIcons() throws {
        let icons = try #require(boxes(.reactions, in: try screen(liked())).first)
        let clustered = boxes(.reactions, in: try screen(liked(.clustered)))
        #expect(clustered.count == 1)
        let pill = try #require(clustered.first)
        #expect(pill.content == icons.content)
        #expect(pill.placedLines.map(\.display).joined().hasSuffix("3"), "\(pill.placedLines)")
        #expect(pill.frame.width > icons.frame.width && pill.frame.height == icons.frame.height)
        // One reaction alone: no count, today's pill.
        let single = ConversationBuilder().message("m1", by: "leia", at: 0) {
            $0.reactionScores = [(type: "love", score: 1)]
            $0.latestReactions = [Reaction(type: "love", userID: "han")]
        }
        #expect(try screen(single.config { $0.reactionsStyle = .clustered }) == screen(single))
    }

    @Test func reactionsStyle_segmented_isAPillEach_theirCountsAfterTheirIcons() throws {
        let pills = boxes(.reactions, in: try screen(liked(.segmented)))
        #expect(pills.count == 2)
        // In type order: like (1, no count), love (2).
        #expect(pills.map(\.content) == [.reactions([ReactionCount(type: "like", count: 1)]),
                                         .reactions([ReactionCount(type: "love", count: 2)])])
        #expect(pills[1].placedLines.map(\.display).joined().hasSuffix("2"))
        #expect(pills[1].frame.width > pills[0].frame.width)
        #expect(pills[1].frame.x - pills[0].frame.maxX == 4, "SwiftUI's 4 points between the pills")
        #expect(pills[0].frame.y == pills[1].frame.y)
    }

    @Test func reactionsStyle_underTheBubble_takesTheSamePills() throws {
        let bottom = ConversationBuilder().config { $0.reactionsStyle = .segmented; $0.reactionsPlacement = .bottom }
            .message("m1", by: "leia", at: 0, text: "A bubble wider than both pills") { message in
                message.reactionScores = [(type: "love", score: 2), (type: "like", score: 1)]
                message.latestReactions = [Reaction(type: "love", userID: "han"), Reaction(type: "like", userID: "han")]
            }
        let screen = try screen(bottom)
        let pills = boxes(.reactions, in: screen)
        let bubble = try #require(boxes(.bubble, of: "m1", in: screen).first)
        try #require(pills.count == 2)
        #expect(pills.allSatisfy { $0.frame.y >= bubble.frame.maxY }, "under the bubble")
        #expect(pills[1].frame.maxX == bubble.frame.maxX, "ending at its trailing edge, as the one line does")
        #expect(pills[1].frame.x - pills[0].frame.maxX == 4)
        // Icons: today's one line under the bubble.
        #expect(try self.screen(liked(.icons).config { $0.reactionsPlacement = .bottom }) == self.screen(liked().config { $0.reactionsPlacement = .bottom }))
    }

    // MARK: Keys, values, profile

    @Test func options_decodeFromTheirKeys_andAbsentKeepTodaysLayout() throws {
        let decoded = try config("""
            "pinned_annotation_enabled": true, "reminder_annotation_enabled": true, "thread_reply_placement": "annotation",
            "last_in_group_header_size": 24.5, "reactions_style": "clustered"
            """)
        #expect(decoded.pinnedAnnotationEnabled && decoded.reminderAnnotationEnabled && decoded.threadReplyPlacement == .annotation)
        #expect(decoded.lastInGroupHeaderSize == 24.5 && decoded.reactionsStyle == .clustered)
        let absent = try config(#""group_messages": true"#)
        #expect(!absent.pinnedAnnotationEnabled && !absent.reminderAnnotationEnabled && absent.threadReplyPlacement == .underBubble)
        #expect(absent.lastInGroupHeaderSize == nil && absent.reactionsStyle == .icons)
    }

    @Test func badValues_areErrorsAtTheirPath() {
        #expect(error(#""pinned_annotation_enabled": "yes""#)?.path == "config.pinned_annotation_enabled")
        #expect(error(#""reminder_annotation_enabled": 1"#)?.path == "config.reminder_annotation_enabled")
        let placement = error(#""thread_reply_placement": "above""#)
        #expect(placement?.path == "config.thread_reply_placement")
        #expect(placement?.message == "unknown value 'above' (expected one of: under_bubble, annotation)")
        #expect(error(#""last_in_group_header_size": -1"#)?.path == "config.last_in_group_header_size")
        let style = error(#""reactions_style": "stacked""#)
        #expect(style?.message == "unknown value 'stacked' (expected one of: icons, clustered, segmented)")
    }

    @Test func profiles_onlyStreamSwiftUIShowsThePin() {
        let swiftUI = LayoutProfile.streamSwiftUI.defaults()
        #expect(swiftUI.pinnedAnnotationEnabled)
        // Where SwiftUI 4 and 5 differ, the profile follows 4.
        #expect(!swiftUI.reminderAnnotationEnabled && swiftUI.threadReplyPlacement == .underBubble && swiftUI.reactionsStyle == .icons)
        #expect(swiftUI.lastInGroupHeaderSize == nil)
        for profile in [LayoutProfile.streamUIKit, .sendbird] {
            let defaults = profile.defaults()
            #expect(!defaults.pinnedAnnotationEnabled && !defaults.reminderAnnotationEnabled && defaults.reactionsStyle == .icons)
        }
    }

    @Test func relativeTime_inTheLargestWholeUnit() throws {
        let english = try ICULocaleFormatter(locale: "en_US", timeZone: "UTC")
        #expect(english.relativeTime(secondsAhead: 30) == "in 30 seconds")
        #expect(english.relativeTime(secondsAhead: 3_599) == "in 59 minutes")
        #expect(english.relativeTime(secondsAhead: 3_600) == "in 1 hour")
        #expect(english.relativeTime(secondsAhead: 8 * 86_400) == "in 1 week")
        #expect(english.relativeTime(secondsAhead: 400 * 86_400) == "in 1 year")
    }
}
