import ChatLayoutKit
import Testing

/// The "Unread messages" separator and the unread count. Luke is the reader.
@Suite struct UnreadSeparatorDecisionsTests {
    /// Leia, Han and Leia again, a minute apart.
    private let threeMessages = ConversationBuilder()
        .message("m1", by: "leia", at: 0)
        .message("m2", by: "han", at: 60)
        .message("m3", by: "leia", at: 120)

    @Test func separator_standsAfterTheLastReadMessage() throws {
        let list = try threeMessages.read(by: "luke", lastReadMessageID: "m1", unreadMessages: 2).resolve()
        #expect(list.rows == ["m1", "unread Unread messages", "m2", "m3"])
    }

    @Test func lastReadMessageBeingTheNewest_givesNoSeparator() throws {
        let list = try threeMessages.read(by: "luke", lastReadMessageID: "m3", unreadMessages: 1).resolve()
        #expect(list.rows == ["m1", "m2", "m3"])
    }

    // Stream reads `last_read_message_id` alone (its UnreadMessageLookup).

    @Test func unknownLastReadMessage_withTheWholeHistory_marksTheOldestRegularMessage() throws {
        let list = try threeMessages
            .read(by: "luke", lastRead: threeMessages.at(90), lastReadMessageID: "gone", unreadMessages: 1)
            .resolve()
        #expect(list.rows == ["unread Unread messages", "m1", "m2", "m3"])
    }

    @Test func unknownLastReadMessage_withOlderPagesToLoad_givesNoSeparator() throws {
        let list = try threeMessages
            .conversation { $0.historyLoaded = false }
            .read(by: "luke", lastRead: threeMessages.at(90), lastReadMessageID: "gone", unreadMessages: 1)
            .resolve()
        #expect(list.rows == ["m1", "m2", "m3"])
    }

    @Test func noLastReadMessage_ignoresTheLastReadTime_byDefault() throws {
        let list = try threeMessages.read(by: "luke", lastRead: threeMessages.at(60), unreadMessages: 3).resolve()
        #expect(list.rows == ["unread Unread messages", "m1", "m2", "m3"])
    }

    @Test func oldestRegularMessage_skipsSystemMessages_butNotTheCurrentUsers() throws {
        let list = try ConversationBuilder()
            .message("joined", by: "leia", at: 0) { $0.type = .system }
            .message("own", by: "luke", at: 60)
            .message("m3", by: "leia", at: 120)
            .read(by: "luke", unreadMessages: 2)
            .resolve()
        #expect(list.rows == ["joined", "unread Unread messages", "own", "m3"])
    }

    @Test func lastReadTimeFallback_isAnOption() throws {
        let builder = threeMessages.config { $0.unreadLastReadFallback = true }
        let atTheTime = try builder.read(by: "luke", lastRead: builder.at(60), unreadMessages: 1).resolve()
        #expect(atTheTime.rows == ["m1", "m2", "unread Unread messages", "m3"]) // m2 at exactly the time is read
        // A last read message id, even one not loaded, is Stream's: the time is not used then.
        let unknownID = try builder.read(by: "luke", lastRead: builder.at(90), lastReadMessageID: "gone", unreadMessages: 1).resolve()
        #expect(unknownID.rows == ["unread Unread messages", "m1", "m2", "m3"])
    }

    @Test func unreadCountMissing_leavesTheLastReadMessageToDecide_andANegativeCountIsNone() throws {
        let missing = try threeMessages.read(by: "luke", lastReadMessageID: "m1").resolve()
        #expect(missing.rows == ["m1", "unread Unread messages", "m2", "m3"])
        let negative = try threeMessages.read(by: "luke", lastReadMessageID: "m1", unreadMessages: -3).resolve()
        #expect(negative.rows == ["m1", "m2", "m3"])
        #expect(negative.decisions.unreadCount == 0)
    }

    @Test func currentUsersOwnMessages_areSkipped() throws {
        let list = try ConversationBuilder()
            .message("m1", by: "leia", at: 0)
            .message("own", by: "luke", at: 60)
            .message("m3", by: "leia", at: 120)
            .read(by: "luke", lastReadMessageID: "m1", unreadMessages: 1)
            .resolve()
        #expect(list.rows == ["m1", "own", "unread Unread messages", "m3"])
    }

    @Test func deletedMessages_areSkipped() throws {
        let list = try ConversationBuilder()
            .message("m1", by: "leia", at: 0)
            .message("gone", by: "han", at: 60) { $0.deletedAt = instant("2024-03-05T09:30:00Z") }
            .message("m3", by: "leia", at: 120)
            .read(by: "luke", lastReadMessageID: "m1", unreadMessages: 1)
            .resolve()
        #expect(list.rows == ["m1", "gone", "unread Unread messages", "m3"])
    }

    @Test func onlyOwnAndDeletedMessagesAfterTheLastRead_giveNoSeparator() throws {
        let list = try ConversationBuilder()
            .message("m1", by: "leia", at: 0)
            .message("own", by: "luke", at: 60)
            .message("gone", by: "han", at: 120) { $0.type = .deleted }
            .read(by: "luke", lastReadMessageID: "m1", unreadMessages: 1)
            .resolve()
        #expect(!list.rows.contains("unread Unread messages"))
    }

    @Test func zeroUnreadMessages_giveNoSeparator() throws {
        let list = try threeMessages.read(by: "luke", lastReadMessageID: "m1", unreadMessages: 0).resolve()
        #expect(list.rows == ["m1", "m2", "m3"])
        #expect(list.decisions.unreadCount == 0)
    }

    @Test func separatorDisabled_givesNoSeparator() throws {
        let list = try threeMessages
            .config { $0.unreadSeparatorEnabled = false }
            .read(by: "luke", lastReadMessageID: "m1", unreadMessages: 2)
            .resolve()
        #expect(list.rows == ["m1", "m2", "m3"])
    }

    @Test func noReadStateForTheCurrentUser_givesNoSeparator() throws {
        let list = try threeMessages.read(by: "leia", lastReadMessageID: "m1", unreadMessages: 2).resolve()
        #expect(list.rows == ["m1", "m2", "m3"])
        #expect(list.decisions.unreadCount == 0)
    }

    @Test func noCurrentUser_givesNoSeparator() throws {
        let list = try threeMessages
            .context { $0.currentUserID = nil }
            .read(by: "luke", lastReadMessageID: "m1", unreadMessages: 2)
            .resolve()
        #expect(list.rows == ["m1", "m2", "m3"])
    }

    @Test func separator_followsTheDateSeparatorOfItsDay() throws {
        let list = try ConversationBuilder()
            .config { $0.dateIndicatorPlacement = .messageList }
            .message("m1", by: "leia", at: "2024-03-04T09:00:00Z")
            .message("m2", by: "leia", at: "2024-03-05T09:00:00Z")
            .read(by: "luke", lastReadMessageID: "m1", unreadMessages: 1)
            .resolve()
        #expect(list.rows == ["date Yesterday", "m1", "date Today", "unread Unread messages", "m2"])
    }

    // MARK: Unread count

    @Test func unreadCount_isTheServersCount() throws {
        let list = try threeMessages.read(by: "luke", lastReadMessageID: "m1", unreadMessages: 7).resolve()
        #expect(list.decisions.unreadCount == 7)
    }

    @Test func unreadCount_withoutTheServersCount_countsFromTheSeparator() throws {
        let list = try ConversationBuilder()
            .message("m1", by: "leia", at: 0)
            .message("m2", by: "han", at: 60)
            .message("own", by: "luke", at: 90)
            .message("m3", by: "leia", at: 120)
            .read(by: "luke", lastReadMessageID: "m1")
            .resolve()
        #expect(list.rows == ["m1", "unread Unread messages", "m2", "own", "m3"])
        #expect(list.decisions.unreadCount == 2)
    }
}
