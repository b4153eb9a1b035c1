import ChatLayoutKit
import Testing

/// The typing indicator, header, empty and loading states; which messages the
/// channel list shows.
@Suite struct ChannelScreenDecisionsTests {
    private let chat = ConversationBuilder().message("m1", by: "leia")

    private func typingRows(_ list: ResolvedMessageList) -> [String] {
        list.rows.filter { $0.hasPrefix("typing ") }
    }

    // MARK: Typing indicator

    @Test func oneTypist_isNamed() throws {
        let list = try chat.typing("leia").resolve()
        #expect(list.rows == ["m1", "typing Leia is typing…"])
    }

    @Test func twoTypists_areBothNamed() throws {
        let list = try chat.typing("leia", "han").resolve()
        #expect(typingRows(list) == ["typing Leia and Han are typing…"])
    }

    /// A right-to-left name is isolated (FSI … PDI) so that it cannot turn the English phrase
    /// around it; a left-to-right name is set as it is.
    @Test func rightToLeftNames_areIsolatedInThePhrase() throws {
        #expect(typingRows(try chat.typing("שרה").resolve()) == ["typing \u{2068}שרה\u{2069} is typing…"])
        #expect(typingRows(try chat.typing("leia", "دارا").resolve()) == ["typing Leia and \u{2068}دارا\u{2069} are typing…"])
        // A name that is left to right but carries an override: isolated too.
        #expect(typingRows(try chat.typing("a\u{202E}b").resolve()).first?.contains("\u{2068}") == true)
    }

    @Test func threeTypists_areCounted() throws {
        let list = try chat.typing("leia", "han", "chewie").resolve()
        #expect(typingRows(list) == ["typing 3 people are typing…"])
    }

    @Test func currentUserTyping_isExcluded() throws {
        let list = try chat.typing("luke", "leia").resolve()
        #expect(typingRows(list) == ["typing Leia is typing…"])
    }

    @Test func onlyTheCurrentUserTyping_showsNoIndicator() throws {
        let list = try chat.typing("luke").resolve()
        #expect(typingRows(list).isEmpty)
    }

    @Test func duplicateTypists_areCountedOnce() throws {
        let list = try chat.typing("leia", "han", "leia").resolve()
        #expect(typingRows(list) == ["typing Leia and Han are typing…"])
    }

    @Test func typingEventsOff_showsNoIndicator() throws {
        let list = try chat.features { $0.typingEvents = false }.typing("leia").resolve()
        #expect(typingRows(list).isEmpty)
        #expect(list.header.subtitle == "4 members")
    }

    @Test func navigationBarPlacement_putsTypingInTheHeaderSubtitle() throws {
        let list = try chat
            .config { $0.typingIndicatorPlacement = .navigationBar }
            .typing("leia")
            .resolve()
        #expect(list.header.subtitle == "Leia is typing…")
        #expect(typingRows(list).isEmpty)
    }

    @Test func navigationBarPlacement_withNobodyTyping_showsTheMemberCount() throws {
        let list = try chat.config { $0.typingIndicatorPlacement = .navigationBar }.resolve()
        #expect(list.header.subtitle == "4 members")
    }

    // MARK: Header

    @Test func header_showsTheChannelNameAndMemberCount() throws {
        let header = try chat.resolve().header
        #expect(header.title == "General")
        #expect(header.subtitle == "4 members")
        #expect(header.memberCount == 4)
    }

    // Stream's channel namer: only direct-message channels (ids `!members-…`) get a name
    // from their members.

    @Test func namelessDirectChannel_isTitledWithTheOtherMembersName() throws {
        let header = try chat.direct().channel { $0.name = nil; $0.cid = "messaging:!members-abc" }.resolve().header
        #expect(header.title == "Leia")
        #expect(header.subtitle == "2 members")
    }

    @Test func namelessDirectChannel_namesTwoOthers_thenCountsTheRest() throws {
        let two = try chat.members("luke", "leia", "han").channel { $0.name = nil; $0.cid = "messaging:!members-abc" }
            .resolve().header
        #expect(two.title == "Han and Leia") // sorted
        let five = try chat.channel { $0.name = nil; $0.cid = "messaging:!members-abc" }
            .conversation {
                $0.members = [Cast.luke, Cast.leia, Cast.han, Cast.chewie, User(id: "lando", name: "Lando"), User(id: "rey", name: "Rey")]
                    .map(Member.init(user:))
            }
            .resolve().header
        #expect(five.title == "Chewie, Han and 3 more")
    }

    @Test func namelessDirectChannel_leavesOutMembersWithoutAName() throws {
        let header = try chat.channel { $0.name = nil; $0.cid = "messaging:!members-abc" }
            .conversation { $0.members = [Member(user: Cast.user("luke")), Member(user: User(id: "x1")), Member(user: Cast.user("leia"))] }
            .resolve().header
        #expect(header.title == "Leia")
    }

    @Test func namelessGroupChannel_hasNoTitle_notEveryMembersName() throws {
        let header = try chat.members("luke", "leia", "han", "lando").channel { $0.name = nil; $0.cid = "messaging:general" }
            .resolve().header
        #expect(header.title == "")
        #expect(header.subtitle == "4 members")
    }

    @Test func blankChannelName_isTheName_asStreamKeepsIt() throws {
        // Stream names a channel by any non-empty name; only an empty one counts as nameless.
        let blank = try chat.direct().channel { $0.name = "  "; $0.cid = "messaging:!members-abc" }.resolve().header
        #expect(!blank.title.isEmpty && blank.title.allSatisfy { $0.isWhitespace })
        let empty = try chat.direct().channel { $0.name = ""; $0.cid = "messaging:!members-abc" }.resolve().header
        #expect(empty.title == "Leia")
    }

    @Test func oneMember_isSingular() throws {
        let header = try chat.members("luke").channel { $0.name = "Notes" }.resolve().header
        #expect(header.subtitle == "1 member")
    }

    @Test func memberCount_comesFromTheChannelWhenGiven() throws {
        let header = try chat.channel { $0.memberCount = 1234 }.resolve().header
        #expect(header.subtitle == "1,234 members")
    }

    // MARK: Empty and loading states

    @Test func channelWithoutMessages_showsNothing_asStreamUIKit() throws {
        let list = try ConversationBuilder().resolve()
        #expect(list.rows == [])
        let explained = try ConversationBuilder().resolve(explain: true)
        #expect(explained.decisions.notes.contains { $0.hasPrefix("empty channel: no \"No messages yet\" (show_empty_state is off") })
    }

    @Test func channelWithoutMessages_withShowEmptyState_showsNoMessagesYet() throws {
        let list = try ConversationBuilder().config { $0.showEmptyState = true }.resolve()
        #expect(list.rows == ["empty No messages yet"])
    }

    @Test func channelWithOnlyThreadReplies_withShowEmptyState_showsNoMessagesYet() throws {
        let builder = ConversationBuilder().config { $0.showEmptyState = true }
        let list = try builder.message("r", by: "leia") { $0.parentID = "root" }.resolve()
        #expect(list.rows == ["empty No messages yet"])
    }

    @Test func loadingList_showsOnlyTheLoadingState() throws {
        let list = try chat
            .typing("leia")
            .read(by: "luke", lastReadMessageID: "none", unreadMessages: 3)
            .config { $0.dateIndicatorPlacement = .messageList }
            .conversation { $0.messageListState = .loading }
            .resolve()
        #expect(list.rows == ["loading Loading…"])
        #expect(list.decisions.unreadCount == 0)
    }

    @Test func loadingList_stillHasItsHeader() throws {
        let list = try chat.conversation { $0.messageListState = .loading }.resolve()
        #expect(list.header.title == "General")
    }

    // MARK: Thread replies in the channel list

    @Test func threadReply_isNotShownInTheChannel() throws {
        let list = try chat
            .message("reply", by: "han", at: 10) { $0.parentID = "m1" }
            .resolve()
        #expect(list.order == ["m1"])
    }

    @Test func threadReplyAlsoSentToTheChannel_isShown() throws {
        let list = try chat
            .message("reply", by: "han", at: 10) {
                $0.parentID = "m1"
                $0.showInChannel = true
            }
            .resolve()
        #expect(list.order == ["m1", "reply"])
    }

    @Test func hiddenThreadReply_doesNotSplitAGroup() throws {
        let list = try ConversationBuilder()
            .message("m1", by: "leia", at: 0)
            .message("reply", by: "han", at: 5) { $0.parentID = "root" }
            .message("m2", by: "leia", at: 10)
            .resolve()
        #expect(list.positions == [.top, .bottom])
    }
}
