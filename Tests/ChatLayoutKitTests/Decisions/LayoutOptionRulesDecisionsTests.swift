import ChatLayoutICU
import ChatLayoutKit
import Testing

/// The Layout options article's rules 1–9 (which parts a message shows), in order. Luke is the
/// current user; the channel has four members.
@Suite struct LayoutOptionRulesDecisionsTests {
    private let chat = ConversationBuilder()

    // MARK: 1. System and (unbounced) error messages

    @Test func systemMessage_getsExactlyTextAndCentered() throws {
        // Luke's, last, reacted to, a thread root: none of it matters.
        let options = try chat
            .message("s", by: "luke", text: "Leia joined the channel") {
                $0.type = .system
                $0.latestReactions = [Reaction(type: "like")]
                $0.replyCount = 2
            }
            .options(of: "s")
        #expect(options == [.text, .centered])
    }

    @Test func errorMessage_notBounced_getsExactlyTextAndCentered() throws {
        let options = try chat
            .message("e", by: "luke", text: "Message was blocked") {
                $0.type = .error
                $0.localState = .sendingFailed
            }
            .options(of: "e")
        #expect(options == [.text, .centered])
    }

    @Test func bouncedErrorMessage_isLaidOutNormally_withErrorIndicator() throws {
        let options = try chat
            .message("e", by: "luke", text: "Something rude") {
                $0.type = .error
                $0.isBounced = true
            }
            .options(of: "e")
        #expect(options == [.bubble, .flipped, .timestamp, .text, .errorIndicator])
    }

    // MARK: 2. Bubble and jumbomoji

    @Test(arguments: ["😀", "😀👍🏽", "😀❤️🇩🇪"])
    func oneToThreeEmoji_haveNoBubble(text: String) throws {
        let options = try chat.message("m", by: "leia", text: text).options(of: "m")
        #expect(!options.contains(.bubble))
        #expect(options.contains(.text))
    }

    @Test func fourEmoji_haveABubble() throws {
        let options = try chat.message("m", by: "leia", text: "😀😀😀😀").options(of: "m")
        #expect(options.contains(.bubble))
    }

    @Test func emojiWithText_haveABubble() throws {
        let options = try chat.message("m", by: "leia", text: "😀 ok").options(of: "m")
        #expect(options.contains(.bubble))
    }

    @Test func emojiWithAnAttachment_haveABubble() throws {
        let options = try chat
            .message("m", by: "leia", text: "😀") { $0.attachments = [Attachment(type: "image", title: "beach.jpg")] }
            .options(of: "m")
        #expect(options.contains(.bubble))
    }

    @Test func emojiQuotingAMessage_haveABubbleAndTheQuote() throws {
        let options = try chat
            .message("m", by: "leia", text: "😀") {
                $0.quotedMessage = QuotedMessage(id: "q", text: "Ready?", user: Cast.han)
            }
            .options(of: "m")
        #expect(options.isSuperset(of: [.bubble, .quotedMessage]))
    }

    @Test func plainText_hasABubble() throws {
        let options = try chat.message("m", by: "leia", text: "Hi").options(of: "m")
        #expect(options.contains(.bubble))
    }

    // MARK: 3. Flipped

    @Test func currentUsersMessage_isFlipped() throws {
        #expect(try chat.message("m", by: "luke").options(of: "m").contains(.flipped))
    }

    @Test func anotherUsersMessage_isNotFlipped() throws {
        #expect(try !chat.message("m", by: "leia").options(of: "m").contains(.flipped))
    }

    @Test func withoutACurrentUser_nothingIsFlipped() throws {
        let options = try chat.context { $0.currentUserID = nil }.message("m", by: "luke").options(of: "m")
        #expect(!options.contains(.flipped))
        #expect(options.contains(.avatar))
    }

    // MARK: 4. Bubble continuity, avatar padding, timestamp

    @Test func othersMessageNotLastInGroup_getsContinuousBubbleAndAvatarPadding() throws {
        let list = try chat
            .message("m1", by: "leia", at: 0)
            .message("m2", by: "leia", at: 10)
            .resolve()
        #expect(list.options("m1") == [.bubble, .continuousBubble, .avatarSizePadding, .text])
    }

    @Test func ownMessageNotLastInGroup_getsContinuousBubbleWithoutAvatarPadding() throws {
        let list = try chat
            .message("m1", by: "luke", at: 0)
            .message("m2", by: "luke", at: 10)
            .resolve()
        #expect(list.options("m1") == [.bubble, .flipped, .continuousBubble, .text])
    }

    @Test func lastInGroup_getsTimestampAndNoContinuity() throws {
        let list = try chat
            .message("m1", by: "leia", at: 0)
            .message("m2", by: "leia", at: 10)
            .resolve()
        #expect(list.options("m2") == [.bubble, .timestamp, .text, .avatar, .authorName])
    }

    // MARK: 5. Only visible to you

    @Test func currentUsersEphemeral_getsOnlyVisibleToYouAndNoText() throws {
        let options = try chat
            .message("m", by: "luke", text: "/giphy hello") { $0.type = .ephemeral }
            .options(of: "m")
        #expect(options.contains(.onlyVisibleToYouIndicator))
        #expect(!options.contains(.text))
    }

    @Test func anotherUsersEphemeral_hasNoOnlyVisibleToYou() throws {
        let options = try chat
            .message("m", by: "leia", text: "/giphy hello") { $0.type = .ephemeral }
            .options(of: "m")
        #expect(!options.contains(.onlyVisibleToYouIndicator))
        #expect(!options.contains(.text))
    }

    /// Stream's `textContent` asks whether the message is ephemeral before whether it is
    /// deleted. A list hides a deleted ephemeral message, but a thread shows its parent whatever.
    @Test func deletedEphemeral_hasNoText_notEvenThePlaceholder() throws {
        let thread = try chat
            .message("p", by: "luke", text: "/giphy hello") {
                $0.type = .ephemeral
                $0.deletedAt = instant("2024-03-05T09:01:00Z")
                $0.replyCount = 1
            }
            .threadReply("r", to: "p", by: "leia", at: 60)
            .resolveThread("p")
        let parent = try #require(thread.parentInfo?.decision)
        #expect(!parent.options.contains(.text))
        #expect(parent.options.contains(.onlyVisibleToYouIndicator))
    }

    @Test func regularOwnMessage_hasNoOnlyVisibleToYou() throws {
        #expect(try !chat.message("m", by: "luke").options(of: "m").contains(.onlyVisibleToYouIndicator))
    }

    // MARK: 6. Text

    @Test func messageWithoutText_hasNoText() throws {
        let options = try chat
            .message("m", by: "leia", text: "") { $0.attachments = [Attachment(type: "image")] }
            .options(of: "m")
        #expect(!options.contains(.text))
        #expect(options.contains(.bubble))
    }

    @Test func deletedMessage_showsThePlaceholderText() throws {
        let list = try chat
            .message("m", by: "leia", text: "Secret plans") { $0.deletedAt = instant("2024-03-05T09:30:00Z") }
            .resolve()
        #expect(list.options("m").contains(.text))
        #expect(list.decision("m")?.text == "Message deleted")
    }

    @Test func messageOfTypeDeleted_showsThePlaceholderText() throws {
        let list = try chat.message("m", by: "leia", text: "") { $0.type = .deleted }.resolve()
        #expect(list.options("m").contains(.text))
        #expect(list.decision("m")?.text == "Message deleted")
    }

    // MARK: 7. Avatar and author name

    @Test func othersLastMessage_inAGroupChannel_getsAvatarAndAuthorName() throws {
        let options = try chat.members("luke", "leia", "han").message("m", by: "leia").options(of: "m")
        #expect(options.isSuperset(of: [.avatar, .authorName]))
    }

    @Test func othersLastMessage_inADirectChannel_getsAvatarWithoutAuthorName() throws {
        let options = try chat.direct().message("m", by: "leia").options(of: "m")
        #expect(options.contains(.avatar))
        #expect(!options.contains(.authorName))
    }

    @Test func memberCountOfTheChannel_winsOverTheMembersListed() throws {
        let options = try chat.direct().channel { $0.memberCount = 3 }.message("m", by: "leia").options(of: "m")
        #expect(options.contains(.authorName))
    }

    @Test func ownLastMessage_getsNeitherAvatarNorAuthorName() throws {
        let options = try chat.message("m", by: "luke").options(of: "m")
        #expect(options.isDisjoint(with: [.avatar, .authorName]))
    }

    @Test func othersMessageNotLastInGroup_getsNeitherAvatarNorAuthorName() throws {
        let list = try chat
            .message("m1", by: "leia", at: 0)
            .message("m2", by: "leia", at: 10)
            .resolve()
        #expect(list.options("m1").isDisjoint(with: [.avatar, .authorName]))
    }

    // MARK: 8. Thread info

    @Test func threadRoot_getsThreadInfoAndContinuousBubble_evenWhenLast() throws {
        let list = try chat.message("root", by: "leia") { $0.replyCount = 3 }.resolve()
        #expect(list.isLast("root"))
        #expect(list.options("root").isSuperset(of: [.threadInfo, .continuousBubble, .timestamp]))
        #expect(list.decision("root")?.threadInfoText == "3 replies")
    }

    @Test func threadRootWithOneReply_saysOneReply() throws {
        let list = try chat.message("root", by: "leia") { $0.replyCount = 1 }.resolve()
        #expect(list.decision("root")?.threadInfoText == "1 reply")
    }

    /// Each reply count's words are made once per resolver: asked again, in any order, each
    /// count keeps its own words (and plural form), and a resolver with other words says them.
    @Test func threadRoots_ofManyCounts_eachSayTheirOwnCount() throws {
        var builder = chat
        let counts = [3, 1, 3, 12, 1, 2, 12]
        for (index, count) in counts.enumerated() {
            builder = builder.message("root\(index)", by: index.isMultiple(of: 2) ? "leia" : "han", at: Double(index * 600)) {
                $0.replyCount = count
            }
        }
        let list = try builder.resolve()
        for (index, count) in counts.enumerated() {
            #expect(list.decision("root\(index)")?.threadInfoText == (count == 1 ? "1 reply" : "\(count) replies"))
        }
        var resolver = MessageListResolver(try LayoutEnvironment(config: builder.config, context: builder.context,
                                                                 formatter: ICULocaleFormatter(locale: "en_US", timeZone: builder.context.timeZone),
                                                                 measurer: ICUTextEngine()))
        #expect(resolver.resolve(builder.conversation).messages.map(\.threadInfoText) == list.decisions.messages.map(\.threadInfoText))
        resolver.environment.strings.replies = CountPhrase(one: "{count} answer", other: "{count} answers")
        #expect(resolver.resolve(builder.conversation).messages.map(\.threadInfoText)
            == counts.map { $0 == 1 ? "1 answer" : "\($0) answers" })
    }

    @Test func threadReplyShownInChannel_getsThreadInfoAndContinuousBubble() throws {
        let list = try chat
            .message("reply", by: "leia") {
                $0.type = .reply
                $0.parentID = "root"
                $0.showInChannel = true
            }
            .resolve()
        #expect(list.options("reply").isSuperset(of: [.threadInfo, .continuousBubble]))
        #expect(list.decision("reply")?.threadInfoText == "Thread reply")
    }

    @Test func threadRoot_withRepliesDisabled_getsNoThreadInfo() throws {
        let list = try chat.features { $0.replies = false }.message("root", by: "leia") { $0.replyCount = 3 }.resolve()
        #expect(list.options("root").isDisjoint(with: [.threadInfo, .continuousBubble]))
        #expect(list.decision("root")?.threadInfoText == nil)
    }

    @Test func messageWithoutReplies_getsNoThreadInfo() throws {
        #expect(try !chat.message("m", by: "leia").options(of: "m").contains(.threadInfo))
    }

    // MARK: 9. A deleted message stops after rule 8

    @Test func deletedMessage_getsNothingAfterRule9() throws {
        let list = try chat
            .context { $0.translationLanguage = "pt" }
            .config { $0.autoTranslationEnabled = true }
            .read(by: "leia", lastRead: instant("2024-03-05T09:59:00Z"))
            .message("m", by: "luke", text: "Hi") {
                $0.deletedAt = instant("2024-03-05T09:30:00Z")
                $0.language = "en"
                $0.translations = ["pt": "Oi"]
                $0.quotedMessage = QuotedMessage(id: "q", text: "Ready?", user: Cast.han)
                $0.latestReactions = [Reaction(type: "like", userID: "leia")]
                $0.localState = .deletingFailed
            }
            .resolve()
        #expect(list.options("m") == [.bubble, .flipped, .timestamp, .text])
        #expect(list.decision("m")?.deliveryStatus == nil)
        #expect(list.decision("m")?.translation == nil)
    }

    @Test func deletedThreadRoot_keepsItsThreadInfo() throws {
        let options = try chat
            .message("root", by: "leia") {
                $0.type = .deleted
                $0.replyCount = 2
            }
            .options(of: "root")
        #expect(options.contains(.threadInfo))
    }

    @Test func deletedEmoji_keepsTheBubble() throws {
        let list = try chat.message("m", by: "leia", text: "😀") { $0.type = .deleted }.resolve()
        #expect(list.options("m").contains(.bubble))
    }
}
