import ChatLayoutKit

/// Model values with their optional and nested fields set, for the round trips.
enum Samples {
    static func time(_ text: String) -> Timestamp { Timestamp(rfc3339: text)! }

    static let leia = User(id: "leia", name: "Leia Organa", imageURL: "https://example.com/leia.png")
    static let han = User(id: "han")

    static let attachment = Attachment(type: "image", title: "beach.jpg")

    static var quoted: QuotedMessage {
        var quoted = QuotedMessage(id: "m0", text: "Where?", user: han, attachments: [Attachment(type: "file")], isDeleted: true)
        quoted.hasPoll = true
        quoted.sharedLocation = SharedLocation(latitude: 52.52, longitude: 13.405)
        return quoted
    }

    static let poll = Poll(question: "Lunch?", options: [Poll.Option(text: "Pizza", voteCount: 3), Poll.Option(text: "Ramen")], isClosed: true)

    static let location = SharedLocation(latitude: -33.8688, longitude: 151.2093, endAt: time("2024-03-05T11:00:00Z"))

    /// Every field of a message away from its default.
    static var richMessage: Message {
        var message = Message(
            id: "m1", text: "On my way 🚀 \u{202E}", type: .reply, user: leia, createdAt: time("2024-03-05T09:41:00.123456789Z"),
            deletedAt: time("2024-03-05T09:50:00Z"), messageTextUpdatedAt: time("2024-03-05T09:45:00.5Z"), parentID: "p1",
            showInChannel: true, replyCount: 2, threadParticipants: [leia, han], quotedMessage: quoted,
            latestReactions: [Reaction(type: "love", userID: "han"), Reaction(type: "haha")],
            reactionScores: [(type: "love", score: 3), (type: "haha", score: 1)], attachments: [attachment, Attachment(type: "file")],
            command: "giphy", language: "en", translations: ["pt": "A caminho", "de": "Unterwegs"], pinned: true,
            localState: .sendingFailed, isBounced: true
        )
        message.deletedForMe = true
        message.isShadowed = true
        message.latestReplies = [Message(id: "r1", text: "Hurry", user: han, createdAt: time("2024-03-05T09:42:00Z"))]
        message.poll = poll
        message.sharedLocation = location
        message.quotedMessageID = "m0"
        message.ownReactions = [Reaction(type: "love", userID: "luke")]
        message.pinnedBy = han
        message.pinExpires = time("2024-03-06T09:00:00Z")
        message.reminder = MessageReminder(remindAt: time("2024-03-05T10:00:00Z"))
        return message
    }

    static let plainMessage = Message(id: "m2", user: han, createdAt: time("1969-12-31T23:59:59.999Z"))

    static let channel = Channel(cid: "messaging:rebels", name: "Rebels", memberCount: 3,
                                 features: ChannelFeatures(replies: false, reactions: true, readEvents: false, deliveryEvents: true, typingEvents: false),
                                 truncatedAt: time("2024-01-01T00:00:00Z"))

    static let read = ReadState(user: han, lastRead: time("2024-03-05T09:41:00Z"), lastReadMessageID: "m1", unreadMessages: 4,
                                lastDeliveredAt: time("2024-03-05T09:41:30Z"))

    static var thread: ChatThread {
        ChatThread(parentMessageID: "p1", parentMessage: plainMessage, channel: channel, title: "Plans", replyCount: 5,
                   participantCount: 2, threadParticipants: [leia], latestReplies: [richMessage], read: [read],
                   lastMessageAt: time("2024-03-05T09:42:00Z"), createdAt: time("2024-03-04T08:00:00Z"), updatedAt: time("2024-03-05T09:42:00Z"))
    }

    static var events: [ThreadEvent] {
        [
            .threadMessageNew(reply: plainMessage, parentMessageID: "p1", thread: thread, createdAt: time("2024-03-05T09:43:00Z")),
            .threadMessageNew(reply: plainMessage, parentMessageID: "p2", thread: nil, createdAt: nil),
            .threadUpdated(ThreadPartial(parentMessageID: "p1", title: "New plans", replyCount: 6, participantCount: 3,
                                         lastMessageAt: time("2024-03-05T09:44:00Z")), createdAt: nil),
            .messageRead(user: leia, parentMessageID: nil, lastReadMessageID: "m1", createdAt: time("2024-03-05T09:45:00Z")),
            .messageDeleted(message: richMessage, hardDelete: true, createdAt: nil),
            .unknown(type: "typing.start"),
        ]
    }

    static var conversation: Conversation {
        var conversation = Conversation(
            channel: channel, members: [Member(user: leia), Member(user: han)], messages: [richMessage, plainMessage], reads: [read],
            typingUserIDs: ["han"], messageListState: .loadingMore, threads: [thread], threadsNext: "cursor-2",
            threadListState: .error, events: events)
        conversation.historyLoaded = false
        return conversation
    }

    static var config: MessageListConfig {
        var config = MessageListConfig(
            groupMessages: false, maxTimeIntervalBetweenMessagesInGroup: 90.5, groupingRule: .sameMinute,
            dateIndicatorPlacement: .messageList, dateSeparatorStyle: .sendbird, typingIndicatorPlacement: .navigationBar,
            messageListType: .livestream, messageListAlignment: .leftAligned,
            displayOptions: MessageDisplayOptions(showAvatars: false, showAvatarsInGroups: true, showMessageDate: false, showAuthorName: false),
            horizontalPadding: 12, editedLabelEnabled: true, autoTranslationEnabled: true, unreadSeparatorEnabled: false, pageSize: 25)
        config.showShadowedMessages = true
        config.unreadLastReadFallback = true
        config.threadView = ThreadViewConfig(parentPresentation: .firstMessage, startingPoint: .timestamp(time("2024-03-05T09:00:00Z")),
                                             repliesCounterEnabled: false)
        return config
    }

    static let context = LayoutContext(currentUserID: "leia", now: time("2024-03-05T10:00:00Z"), timeZone: "Asia/Tokyo",
                                       locale: "ja_JP", translationLanguage: "pt")
}
