import ChatLayoutKit
import Testing

/// Which messages a thread view shows and how they are decided — the parent, its
/// replies oldest first and each once, the channel's grouping and date rules without
/// `threadInfo`, the header, the reply count, the parent's date, both presentations and the
/// starting points.
@Suite struct ThreadViewDecisionsTests {
    /// Leia asks in General at 09:00 (10:00 in Berlin); the replies follow.
    private let asked = ConversationBuilder().message("p1", by: "leia", at: 0, text: "Lunch at noon?") {
        $0.replyCount = 2
    }

    // MARK: Which replies

    @Test func replies_areOldestFirst_whateverTheirInputOrder() throws {
        let thread = try asked
            .threadReply("r3", to: "p1", by: "han", at: 300)
            .threadReply("r1", to: "p1", by: "chewie", at: 100)
            .threadReply("r2", to: "p1", by: "luke", at: 200)
            .resolveThread("p1")
        #expect(thread.replyIDs == ["r1", "r2", "r3"])
    }

    @Test func replies_fromMessagesAndLatestReplies_appearOnce_asTheMessagesGiveThem() throws {
        let latest = [
            Message(id: "r1", text: "stale copy", type: .reply, user: Cast.han, createdAt: instant("2024-03-05T09:01:00Z"), parentID: "p1"),
            Message(id: "r2", text: "Only in the thread", type: .reply, user: Cast.chewie, createdAt: instant("2024-03-05T09:02:00Z"), parentID: "p1"),
        ]
        let thread = try asked
            .threadReply("r1", to: "p1", by: "han", at: 60, text: "Fresh copy")
            .threadPayload(ChatThread(parentMessageID: "p1", replyCount: 2, latestReplies: latest))
            .resolveThread("p1")
        #expect(thread.replyIDs == ["r1", "r2"])
        #expect(thread.decision("r1")?.text == "Fresh copy")
    }

    @Test func channelMessages_andRepliesToOtherMessages_stayOut() throws {
        let thread = try asked
            .message("m2", by: "han", at: 30, text: "In the channel")
            .threadReply("x1", to: "m2", by: "leia", at: 40)
            .threadReply("r1", to: "p1", by: "han", at: 60)
            .resolveThread("p1")
        #expect(thread.replyIDs == ["r1"])
    }

    @Test func parent_isTakenFromTheThreadPayload_whenNotAmongTheMessages() throws {
        let parent = Message(id: "p7", text: "From the payload", user: Cast.leia, createdAt: instant("2024-03-05T08:00:00Z"), replyCount: 1)
        let reply = Message(id: "r1", text: "Reply", type: .reply, user: Cast.han, createdAt: instant("2024-03-05T08:10:00Z"), parentID: "p7")
        let thread = try ConversationBuilder()
            .conversation { $0.channel = Channel() } // a thread-list response names no channel of its own
            .threadPayload(ChatThread(parentMessageID: "p7", parentMessage: parent,
                                      channel: Channel(cid: "messaging:club", name: "Book Club"), replyCount: 1, latestReplies: [reply]))
            .resolveThread("p7")
        #expect(thread.parentInfo?.decision.text == "From the payload")
        #expect(thread.replyIDs == ["r1"])
        #expect(thread.header.subtitle == "Book Club", "the thread's own channel")
    }

    @Test func unknownParent_isAnError_namingIt() {
        #expect(throws: ThreadViewError.unknownParent("p9")) { try asked.resolveThread("p9") }
        #expect(ThreadViewError.unknownParent("p9").description == "no message 'p9' in the document")
    }

    // MARK: Decided like the channel, without threadInfo

    @Test func threadInfo_isRemovedFromEveryReply_evenOneAlsoSentToTheChannel() throws {
        let builder = asked.threadReply("r1", to: "p1", by: "han", at: 60) { $0.showInChannel = true }
        #expect(try builder.options(of: "r1").contains(.threadInfo), "in the channel the reply has thread info")
        let thread = try builder.resolveThread("p1")
        #expect(thread.decision("r1")?.options.contains(.threadInfo) == false)
        #expect(thread.decision("r1")?.threadInfoText == nil)
    }

    @Test func continuousBubble_staysOnEveryReply_asStreamRemovesThreadInfoAlone() throws {
        let builder = asked
            .threadReply("r1", to: "p1", by: "han", at: 60) { $0.showInChannel = true }
            .threadReply("r2", to: "p1", by: "han", at: 90) { $0.showInChannel = true }
            .threadReply("r3", to: "p1", by: "chewie", at: 120) { $0.showInChannel = true }
        #expect(try builder.options(of: "r3").contains(.continuousBubble), "in the channel thread info brings it")
        let thread = try builder.resolveThread("p1")
        #expect(thread.decision("r1")?.position == .top)
        #expect(thread.decision("r2")?.position == .bottom)
        #expect(thread.decision("r3")?.position == .single)
        for id in ["r1", "r2", "r3"] {
            #expect(thread.decision(id)?.options.contains(.continuousBubble) == true, "\(id) is a thread part")
            #expect(thread.decision(id)?.options.contains(.threadInfo) == false)
        }
    }

    @Test func continuousBubble_followsTheGroupPosition_whenTheChannelHasNoReplies() throws {
        let thread = try asked
            .features { $0.replies = false }
            .threadReply("r1", to: "p1", by: "han", at: 60)
            .threadReply("r2", to: "p1", by: "han", at: 90)
            .resolveThread("p1")
        #expect(thread.decision("r1")?.options.contains(.continuousBubble) == true)
        #expect(thread.decision("r2")?.options.contains(.continuousBubble) == false)
    }

    @Test func shadowedAndDeletedEphemeralReplies_areHidden_andSaidToBe() throws {
        let thread = try asked
            .threadReply("r1", to: "p1", by: "han", at: 60)
            .threadReply("r2", to: "p1", by: "han", at: 90) { $0.isShadowed = true }
            .threadReply("r3", to: "p1", by: "han", at: 100) { $0.type = .ephemeral; $0.deletedAt = instant("2024-03-05T09:30:00Z") }
            .threadReply("r4", to: "p1", by: "luke", at: 120) { $0.isShadowed = true } // yours: shown
            .resolveThread("p1")
        #expect(thread.replies.map(\.message.id) == ["r1", "r4"])
        #expect(thread.hidden == [HiddenMessage(id: "r2", reason: .shadowed), HiddenMessage(id: "r3", reason: .deletedEphemeral)])
    }

    @Test func replies_groupByTheChannelsRules() throws {
        let builder = asked
            .threadReply("r1", to: "p1", by: "han", at: 100)
            .threadReply("r2", to: "p1", by: "han", at: 160) // exactly 60 s: grouped
            .threadReply("r3", to: "p1", by: "han", at: 221) // 61 s: splits
            .threadReply("r4", to: "p1", by: "chewie", at: 230) // another author: splits
        #expect(try builder.resolveThread("p1").replies.map(\.position) == [.top, .bottom, .single, .single])
        let ungrouped = try builder.config { $0.groupMessages = false }.resolveThread("p1")
        #expect(ungrouped.replies.map(\.position) == [.single, .single, .single, .single])
    }

    @Test func replies_getTheChannelsDateSeparators() throws {
        let thread = try ConversationBuilder()
            .config { $0.dateIndicatorPlacement = .messageList }
            .message("p1", by: "leia", at: "2024-03-04T08:00:00Z")
            .threadReply("r1", to: "p1", by: "han", at: "2024-03-04T09:00:00Z")
            .threadReply("r2", to: "p1", by: "han", at: "2024-03-04T09:00:30Z")
            .threadReply("r3", to: "p1", by: "han", at: "2024-03-05T08:00:00Z")
            .resolveThread("p1")
        #expect(thread.rows == ["date Yesterday", "r1", "r2", "date Today", "r3"])
        #expect(thread.decision("r2")?.isLastInGroup == true, "a separator ends the group")
    }

    @Test func channelsUnreadSeparatorTypingAndEmptyState_stayOutOfTheThread() throws {
        let builder = asked
            .threadReply("r1", to: "p1", by: "han", at: 60) { $0.showInChannel = true }
            .read(by: "luke", lastRead: instant("2024-03-05T08:00:00Z"), unreadMessages: 2)
            .typing("han")
        #expect(try builder.resolve().rows.contains { $0.hasPrefix("unread") || $0.hasPrefix("typing") },
                "the channel shows both")
        #expect(try builder.resolveThread("p1").rows == ["r1"])
        #expect(try asked.resolveThread("p1").rows == [], "no replies: no “No messages yet”")
    }

    // MARK: Header and reply count

    @Test func header_readsThread_withTheChannelsNameUnderIt() throws {
        let thread = try asked.resolveThread("p1")
        #expect(thread.header.title == "Thread")
        #expect(thread.header.subtitle == "General")
    }

    @Test func header_ofANamelessDirectChannel_namesTheOtherMember() throws {
        let thread = try asked.direct().channel { $0.name = nil; $0.cid = "messaging:!members-xyz" }.resolveThread("p1")
        #expect(thread.header.subtitle == "Leia")
    }

    @Test func replyCount_one_readsOneReply() throws {
        let thread = try ConversationBuilder()
            .message("p1", by: "leia", at: 0) { $0.replyCount = 1 }
            .threadReply("r1", to: "p1", by: "han", at: 60)
            .resolveThread("p1")
        #expect(thread.replyCount == 1)
        #expect(thread.replyCountText == "1 reply")
    }

    @Test func replyCount_many_readsNReplies() throws {
        let thread = try asked
            .conversation { $0.messages[0].replyCount = 3 }
            .threadReply("r1", to: "p1", by: "han", at: 60)
            .threadReply("r2", to: "p1", by: "han", at: 70)
            .threadReply("r3", to: "p1", by: "han", at: 80)
            .resolveThread("p1")
        #expect(thread.replyCountText == "3 replies")
    }

    @Test func replyCount_isTheThreadsCount_whenOnlyAPageOfRepliesIsLoaded() throws {
        let thread = try asked
            .threadReply("r1", to: "p1", by: "han", at: 60)
            .threadPayload(ChatThread(parentMessageID: "p1", replyCount: 12))
            .resolveThread("p1")
        #expect(thread.replyCountText == "12 replies")
    }

    @Test func replyCount_countsTheRepliesLoaded_whenThePayloadSaysFewer() throws {
        let thread = try ConversationBuilder()
            .message("p1", by: "leia", at: 0)
            .threadReply("r1", to: "p1", by: "han", at: 60)
            .threadReply("r2", to: "p1", by: "han", at: 70)
            .resolveThread("p1")
        #expect(thread.replyCountText == "2 replies")
    }

    @Test func replyCount_none_readsZeroReplies() throws {
        let thread = try ConversationBuilder().message("p1", by: "leia", at: 0).resolveThread("p1")
        #expect(thread.replyCountText == "0 replies")
    }

    // MARK: The parent's date

    @Test func parentDate_thisYear_isMonthDayAndTime() throws {
        let thread = try asked.resolveThread("p1")
        #expect(thread.parentInfo?.dateText == "Mar 05 10:00\u{00A0}AM", "09:00Z is 10:00 in Berlin")
    }

    @Test func parentDate_inAPastYear_hasTheYear() throws {
        let thread = try ConversationBuilder()
            .message("p1", by: "leia", at: "2023-12-31T22:30:00Z") // 23:30 in Berlin, still 2023
            .resolveThread("p1")
        #expect(thread.parentInfo?.dateText == "Dec 31, 2023 11:30\u{00A0}PM")
    }

    @Test func parentDate_yearIsTheTimeZones() throws {
        let thread = try ConversationBuilder()
            .context { $0.now = instant("2024-01-02T10:00:00Z") }
            .message("p1", by: "leia", at: "2023-12-31T23:30:00Z") // already 2024 in Berlin
            .resolveThread("p1")
        #expect(thread.parentInfo?.dateText == "Jan 01 12:30\u{00A0}AM")
    }

    // MARK: Presentations

    @Test func infoHeader_isTheDefault_withTheParentAboveTheList() throws {
        let thread = try asked
            .conversation {
                $0.messages[0].latestReactions = [Reaction(type: "like", userID: "han")]
                $0.messages[0].reactionScores = [("like", 1)]
            }
            .threadReply("r1", to: "p1", by: "han", at: 60)
            .resolveThread("p1")
        let info = try #require(thread.parentInfo)
        #expect(info.authorName == "Leia")
        #expect(info.decision.text == "Lunch at noon?")
        #expect(info.decision.options.contains(.reactions))
        #expect(!info.decision.options.contains(.threadInfo))
        #expect(thread.rows == ["r1"], "the parent is not a row of the list")
    }

    @Test func firstMessage_makesTheParentTheFirstMessage_withoutThreadInfo() throws {
        let thread = try asked
            .threadView { $0.parentPresentation = .firstMessage }
            .threadReply("r2", to: "p1", by: "han", at: 600)
            .threadReply("r1", to: "p1", by: "chewie", at: 300)
            .resolveThread("p1")
        #expect(thread.parentInfo == nil)
        #expect(thread.rows == ["p1", "r1", "r2"])
        #expect(thread.decision("p1")?.options.contains(.threadInfo) == false)
        // Stream: the root keeps the continuous bubble its thread gives it.
        #expect(thread.decision("p1")?.options.contains(.continuousBubble) == true)
        #expect(thread.replyIDs == ["r1", "r2"])
        #expect(thread.showsRepliesCounter, "Stream's counter under the parent, on by default")
    }

    @Test func firstMessage_repliesCounter_canBeTurnedOff_andNeedsReplies() throws {
        let off = try asked
            .threadView { $0.parentPresentation = .firstMessage; $0.repliesCounterEnabled = false }
            .threadReply("r1", to: "p1", by: "han", at: 60)
            .resolveThread("p1")
        #expect(!off.showsRepliesCounter)
        let none = try ConversationBuilder().threadView { $0.parentPresentation = .firstMessage }
            .message("p1", by: "leia", at: 0).resolveThread("p1")
        #expect(!none.showsRepliesCounter)
        let infoHeader = try asked.threadReply("r1", to: "p1", by: "han", at: 60).resolveThread("p1")
        #expect(!infoHeader.showsRepliesCounter, "info_header draws its own count")
    }

    /// Stream SwiftUI's divider under the parent waits for every reply
    /// (`thread_replies_counter_requires_all_replies`); UIKit's counter does not.
    @Test func firstMessage_repliesCounter_canWaitForEveryReply() throws {
        let page = ConversationBuilder()
            .message("p1", by: "leia", at: 0) { $0.replyCount = 3 }
            .threadReply("r2", to: "p1", by: "han", at: 120)
            .threadReply("r3", to: "p1", by: "han", at: 180)
            .threadView { $0.parentPresentation = .firstMessage }
        #expect(try page.resolveThread("p1").showsRepliesCounter, "UIKit's: the thread has replies")
        let waiting = page.threadView { $0.repliesCounterRequiresAllReplies = true }
        let decided = try waiting.resolveThread("p1", explain: true)
        #expect(!decided.showsRepliesCounter)
        #expect(decided.notes.contains("no replies counter: 2 of 3 replies loaded (thread_replies_counter_requires_all_replies)"))
        let whole = waiting.threadReply("r1", to: "p1", by: "han", at: 60)
        #expect(try whole.resolveThread("p1").showsRepliesCounter, "all three loaded")
        let laidOut = try waiting.threadScreen("p1")
        var counters = 0
        laidOut.root.walk { box, _ in if box.role == .replyCountSeparator { counters += 1 } }
        #expect(counters == 0)
        var shown = 0
        try whole.threadScreen("p1").root.walk { box, _ in if box.role == .replyCountSeparator { shown += 1 } }
        #expect(shown == 1)
    }

    @Test func firstMessage_parentsDateSeparator_waitsForEveryReply() throws {
        // Stream: the oldest item (the parent) gets its separator once every reply is loaded.
        let builder = ConversationBuilder()
            .config { $0.dateIndicatorPlacement = .messageList }
            .threadView { $0.parentPresentation = .firstMessage }
            .message("p1", by: "leia", at: 0) { $0.replyCount = 2 }
            .threadReply("r1", to: "p1", by: "han", at: 60)
        #expect(try builder.resolveThread("p1").rows == ["p1", "r1"], "one of two replies loaded")
        #expect(try builder.threadReply("r2", to: "p1", by: "han", at: 90).resolveThread("p1").rows == ["date Today", "p1", "r1", "r2"])
    }

    @Test func parentsLatestReplies_areReplies_andMakeItAThreadRoot() throws {
        let builder = ConversationBuilder()
            .message("p1", by: "leia", at: 0) {
                $0.latestReplies = [Message(id: "r1", text: "Sure", user: Cast.han, createdAt: instant("2024-03-05T09:01:00Z"))]
            }
        #expect(try builder.options(of: "p1").contains(.threadInfo), "a root by its latest replies")
        #expect(try builder.resolve().decision("p1")?.threadInfoText == "1 reply")
        #expect(try builder.resolveThread("p1").replyIDs == ["r1"])
    }

    // MARK: Starting point

    private var threeReplies: ConversationBuilder {
        asked
            .threadReply("r1", to: "p1", by: "han", at: 100)
            .threadReply("r2", to: "p1", by: "han", at: 200)
            .threadReply("r3", to: "p1", by: "han", at: 300)
    }

    @Test func startingPoint_none_opensAtTheBottom() throws {
        #expect(try threeReplies.resolveThread("p1").opening == .bottom)
    }

    @Test func startingPoint_zero_opensAtTheTop() throws {
        #expect(try threeReplies.threadView { $0.startingPoint = .top }.resolveThread("p1").opening == .top)
    }

    /// Sendbird scrolls row 0 to the top, but its last row to the bottom: a thread of one
    /// reply under the parent info opens at the bottom; as the first message it opens at the top.
    @Test func startingPoint_zero_withOneReply_underTheParentInfo_opensAtTheBottom() throws {
        let one = ConversationBuilder().message("p1", by: "leia", at: 0).threadReply("r1", to: "p1", by: "han", at: 60)
            .threadView { $0.startingPoint = .top }
        #expect(try one.resolveThread("p1").opening == .bottom)
        #expect(try one.resolveThread("p1", explain: true).notes.contains(
            "opens at the bottom: its one reply is the last row, scrolled to the bottom (starting_point 0)"))
        #expect(try one.threadView { $0.parentPresentation = .firstMessage }.resolveThread("p1").opening == .top)
    }

    @Test func startingPoint_timestamp_opensAtTheFirstReplyAtOrAfterIt() throws {
        let between = threeReplies.threadView { $0.startingPoint = .timestamp(instant("2024-03-05T09:04:00Z")); $0.parentPresentation = .firstMessage }
        #expect(try between.resolveThread("p1").opening == .reply(id: "r3"))
        // Under the parent info (Sendbird's), a scroll to the last row goes to the bottom.
        let last = threeReplies.threadView { $0.startingPoint = .timestamp(instant("2024-03-05T09:04:00Z")) }
        #expect(try last.resolveThread("p1").opening == .bottom)
        let explained = try last.resolveThread("p1", explain: true).notes
        #expect(explained.contains("opens at the bottom: the first reply at or after 2024-03-05T09:04:00Z, r3, is the last row, scrolled to the bottom (starting_point)"))
        let exactly = threeReplies.threadView { $0.startingPoint = .timestamp(instant("2024-03-05T09:03:20Z")) }
        #expect(try exactly.resolveThread("p1").opening == .reply(id: "r2"), "r2 was sent at exactly that instant")
        let before = threeReplies.threadView { $0.startingPoint = .timestamp(instant("2024-03-01T00:00:00Z")) }
        #expect(try before.resolveThread("p1").opening == .reply(id: "r1"))
    }

    @Test func startingPoint_timestampAfterEveryReply_opensAtTheBottom() throws {
        let after = threeReplies.threadView { $0.startingPoint = .timestamp(instant("2024-03-05T09:05:00.000000001Z")) }
        #expect(try after.resolveThread("p1").opening == .bottom)
    }

    @Test func startingPoint_timestamp_neverOpensAtTheParent_inTheFirstMessagePresentation() throws {
        let thread = try threeReplies.threadView {
            $0.parentPresentation = .firstMessage
            $0.startingPoint = .timestamp(instant("2024-03-05T08:00:00Z"))
        }.resolveThread("p1")
        #expect(thread.opening == .reply(id: "r1"))
    }

    @Test func unreadCount_isTheCurrentUsersInTheThread() throws {
        let thread = try threeReplies
            .read(by: "luke", unreadMessages: 9)
            .threadPayload(ChatThread(parentMessageID: "p1", read: [
                ReadState(user: Cast.leia, unreadMessages: 5), ReadState(user: Cast.luke, unreadMessages: 2),
            ]))
            .resolveThread("p1")
        #expect(thread.unreadCount == 2)
    }
}
