import ChatLayoutICU
import ChatLayoutKit
import ChatLayoutComposition
import ChatLayoutTestSupport
import Testing

/// One scenario per kind of change: what the incremental list decides, what its diff says,
/// and that the result equals a full layout of the same conversation.
@Suite struct IncrementalChangeTests {
    /// Leia, Han and Leia again, a minute apart, in a four-member channel; Luke reads.
    private let threeMessages = ConversationBuilder()
        .message("m1", by: "leia", at: 0)
        .message("m2", by: "han", at: 60)
        .message("m3", by: "leia", at: 120)

    private let messageListDates = ConversationBuilder().config { $0.dateIndicatorPlacement = .messageList }

    // MARK: Append

    @Test func append_bySameAuthorWithinAMinute_joinsItsGroup_andUpdatesOnlyTheMessageAbove() throws {
        var list = try incremental(threeMessages)
        let firstRows = list.items.prefix(2)
        let diff = try list.apply(.append(message("m4", by: "leia", at: 150)))
        #expect(diff.inserted.map(\.id) == [.message("m4")])
        #expect(diff.updated.map(\.id) == [.message("m3")])
        #expect(diff.removed.isEmpty)
        #expect(positions(list) == [.single, .single, .top, .bottom])
        #expect(!options(list, "m3").contains(.timestamp))
        // The rows above the one that changed did not move.
        #expect(Array(list.items.prefix(2)) == Array(firstRows))
        try expectFullLayout(list)
    }

    @Test func append_byAnotherAuthor_keepsTheRowAbove() throws {
        var list = try incremental(threeMessages)
        let before = try #require(list.items.last)
        let diff = try list.apply(.append(message("m4", by: "han", at: 150)))
        // m3's decisions say why it ends its group (no longer "newest"); its row stays as drawn.
        let updated = try #require(diff.updated.first)
        #expect(diff.updated.map(\.id) == [.message("m3")])
        #expect(updated.row == before.row)
        #expect(diff.inserted.map(\.id) == [.message("m4")])
        try expectFullLayout(list)
    }

    /// The message above an append changes only its group boundary twice over (newest, then
    /// another author next, then a gap): moved on where the list alone holds its decisions,
    /// while a diff from before that still holds them keeps reading the boundary it had.
    @Test func append_movesTheBoundaryAboveOn_andADiffFromBeforeKeepsItsOwn() throws {
        var list = try incremental(threeMessages)
        let m4 = try list.apply(.append(message("m4", by: "han", at: 150)))
        #expect(boundary(of: "m3", in: list) == .nextByAnotherAuthor)
        #expect(boundary(of: "m3", inItems: m4.updated) == .nextByAnotherAuthor)
        #expect(boundary(of: "m4", inItems: m4.inserted) == .newest)
        // m4's decisions are held by this diff as well as by the list: its boundary is copied,
        // not moved in the diff's hands.
        let m5 = try list.apply(.append(message("m5", by: "luke", at: 150 + 3_600)))
        #expect(boundary(of: "m4", inItems: m4.inserted) == .newest)
        #expect(boundary(of: "m4", in: list) == .nextByAnotherAuthor)
        try expectFullLayout(list)
        // m5's diff is let go: its decisions are the list's alone, moved on in place.
        withExtendedLifetime(m5) {}
        _ = try list.apply(.append(message("m6", by: "luke", at: 150 + 7_200)))
        let gap = try #require(boundary(of: "m5", in: list))
        guard case .gap = gap else {
            Issue.record("m5 ends its group at the gap, not \(gap)")
            return
        }
        #expect(gap.isLast)
        try expectFullLayout(list)
    }

    /// A message that joins the group above changes that row's group position and options:
    /// a diff from before that still holds the row's decisions keeps reading them as they were
    /// (the list regroups decisions in place only where it alone holds them), and one let go
    /// leaves the list to regroup them in place — both as a full layout gives them.
    @Test func append_joiningTheGroupAbove_leavesADiffFromBeforeItsDecisions() throws {
        var list = try incremental(threeMessages)
        let m4 = try list.apply(.append(message("m4", by: "han", at: 150)))
        let held = try #require(m4.inserted.first { $0.id == .message("m4") })
        guard case .message(let before) = held.item else { throw HeldItemIsNoMessage() }
        #expect(before.position == .single && before.options.contains(.timestamp))
        let m5 = try list.apply(.append(message("m5", by: "han", at: 160)))
        // m4 is now the top of its group, without its time, in the list and in m5's diff ...
        #expect(positions(list) == [.single, .single, .single, .top, .bottom])
        #expect(!options(list, "m4").contains(.timestamp))
        #expect(m5.updated.map(\.id) == [.message("m4")])
        // ... and as it was in m4's diff, still held.
        guard case .message(let still) = held.item else { throw HeldItemIsNoMessage() }
        #expect(still == before)
        try expectFullLayout(list)
        // Both diffs let go: m5's decisions are the list's alone when m6 joins its group.
        withExtendedLifetime((m4, m5)) {}
        let m6 = try list.apply(.append(message("m6", by: "han", at: 170)))
        #expect(positions(list) == [.single, .single, .single, .top, .middle, .bottom])
        #expect(!options(list, "m5").contains(.timestamp))
        #expect(m6.updated.map(\.id) == [.message("m5")])
        #expect(m6.inserted.map(\.id) == [.message("m6")])
        try expectFullLayout(list)
    }

    private struct HeldItemIsNoMessage: Error {}

    /// An append at the bottom leaves the unread separator where it is and, when the read
    /// state gives no count, counts the new message from the count before it — someone else's
    /// message counts, one of the current user's does not — as a search of the list would.
    @Test func append_atTheBottom_keepsTheUnreadSeparator_andCountsTheNewMessage() throws {
        var list = try incremental(threeMessages.read(by: "luke", lastReadMessageID: "m1"))
        #expect(list.items.map(\.id) == [.message("m1"), .unreadSeparator, .message("m2"), .message("m3")])
        #expect(list.unreadCount == 2)
        let others = try list.apply(.append(message("m4", by: "han", at: 150)))
        #expect(others.unreadCount == 3 && list.unreadCount == 3)
        #expect(list.items.map(\.id) == [.message("m1"), .unreadSeparator, .message("m2"), .message("m3"), .message("m4")])
        try expectFullLayout(list)
        let mine = try list.apply(.append(message("m5", by: "luke", at: 200)))
        #expect(mine.unreadCount == 3)
        try expectFullLayout(list)
    }

    /// The separator moves when an append can move it: the last read message itself arrives
    /// (nothing after it is unread), or the first unread message arrives under a list with
    /// none.
    @Test func append_ofTheLastReadMessage_orTheFirstUnread_movesTheUnreadSeparator() throws {
        var list = try incremental(threeMessages.read(by: "luke", lastReadMessageID: "m9").conversation { $0.historyLoaded = true })
        #expect(list.items.map(\.id).first == .unreadSeparator)
        let lastRead = try list.apply(.append(message("m9", by: "han", at: 150)))
        #expect(!list.items.contains { $0.id == .unreadSeparator })
        #expect(lastRead.removed == [.unreadSeparator] && lastRead.unreadCount == 0)
        try expectFullLayout(list)
        let firstUnread = try list.apply(.append(message("m10", by: "leia", at: 200)))
        #expect(list.items.suffix(2).map(\.id) == [.unreadSeparator, .message("m10")])
        #expect(firstUnread.inserted.map(\.id) == [.unreadSeparator, .message("m10")] && firstUnread.unreadCount == 1)
        try expectFullLayout(list)
    }

    /// Where no separator stands, an append at the bottom puts it where the rule looks, as a
    /// search of the list would: after the last read time (`unread_last_read_fallback`), above
    /// the first message by someone else created after it; nowhere while the last read message
    /// is not loaded and older history is not either; above the first regular message when the
    /// whole history is loaded and no last read message is.
    @Test func append_underAListWithoutTheSeparator_placesItWhereTheRuleLooks() throws {
        var timed = try incremental(threeMessages.read(by: "luke", lastRead: threeMessages.at(300))
            .config { $0.unreadLastReadFallback = true })
        #expect(!timed.items.contains { $0.id == .unreadSeparator })
        for (id, author, offset) in [("m4", "han", 200.0), ("m5", "luke", 400)] { // read already; the current user's
            let diff = try timed.apply(.append(message(id, by: author, at: offset)))
            #expect(diff.inserted.map(\.id) == [.message(id)] && diff.unreadCount == 0)
            try expectFullLayout(timed)
        }
        let unread = try timed.apply(.append(message("m6", by: "han", at: 500)))
        #expect(unread.inserted.map(\.id) == [.unreadSeparator, .message("m6")] && unread.unreadCount == 1)
        let next = try timed.apply(.append(message("m7", by: "leia", at: 560)))
        #expect(next.inserted.map(\.id) == [.message("m7")] && next.unreadCount == 2)
        try expectFullLayout(timed)

        var notLoaded = try incremental(threeMessages.read(by: "luke", lastReadMessageID: "m0", unreadMessages: 4)
            .conversation { $0.historyLoaded = false })
        let nowhere = try notLoaded.apply(.append(message("m4", by: "han", at: 200)))
        #expect(!notLoaded.items.contains { $0.id == .unreadSeparator } && nowhere.unreadCount == 4)
        try expectFullLayout(notLoaded)

        let system = ConversationBuilder().message("s1", by: "leia", at: 0) { $0.type = .system }
            .read(by: "luke", lastReadMessageID: "m0").conversation { $0.historyLoaded = true }
        var whole = try incremental(system)
        #expect(!whole.items.contains { $0.id == .unreadSeparator })
        let first = try whole.apply(.append(message("m1", by: "han", at: 60)))
        #expect(first.inserted.map(\.id) == [.unreadSeparator, .message("m1")] && first.unreadCount == 1)
        try expectFullLayout(whole)
    }

    /// The list keeps its last authors' avatars and names (`AuthorMemo`): an author renamed
    /// between two appends gets the new initials and name on the new row, the earlier rows
    /// keep the old ones, and the list is the full layout's.
    @Test func append_byARenamedAuthor_showsTheNewNameAndInitials() throws {
        var list = try incremental(threeMessages)
        // Leia's message ends its group (Han's comes between, minutes apart): avatar and name shown.
        _ = try list.apply(.append(message("m4", by: "han", at: 600)))
        _ = try list.apply(.append(message("m5", by: "leia", at: 1200)))
        #expect(texts(of: .avatar, in: list, "m5") == ["L"])
        #expect(texts(of: .authorName, in: list, "m5") == ["Leia"])
        var renamed = message("m6", by: "han", at: 1800)
        renamed.user = User(id: "leia", name: "Princess Organa")
        _ = try list.apply(.append(renamed))
        #expect(texts(of: .avatar, in: list, "m6") == ["PO"])
        #expect(texts(of: .authorName, in: list, "m6") == ["Princess Organa"])
        #expect(texts(of: .avatar, in: list, "m5") == ["L"])
        try expectFullLayout(list)
        // Back to the first name: not the renamed one's parts.
        _ = try list.apply(.append(message("m7", by: "leia", at: 2400)))
        #expect(texts(of: .avatar, in: list, "m7") == ["L"])
        #expect(texts(of: .authorName, in: list, "m7") == ["Leia"])
        try expectFullLayout(list)
    }

    /// Past its capacity the memo lets authors go and makes their parts again: each user,
    /// asked in turn (one id under two names), gets their own initials and name.
    @Test func authorMemo_givesEachUserTheirOwnParts_pastItsCapacity() {
        var memo = AuthorMemo(capacity: 2)
        let users = [User(id: "a", name: "Ann Lee"), User(id: "b", name: "Bo Ma"), User(id: "c"), User(id: "a", name: "Al Mo")]
        for _ in 0 ..< 3 {
            for user in users {
                #expect(memo.avatar(of: user).initials == user.neutralInitials.string)
                #expect(memo.name(of: user) == user.neutralDisplayName.string)
            }
        }
    }

    /// The memo keeps the words of the last reactions: the same types and counts are given
    /// them again without making them; other types (byte for byte: a canonically equivalent
    /// spelling is another type), other counts, or a memo that keeps nothing make them anew.
    @Test func authorMemo_keepsTheLastReactionsWords_forTheSameReactionsAlone() {
        var strings = ChatStrings()
        strings.reactionGlyphs = ["love": "L"] // other types are written as they are spelled
        var memo = AuthorMemo(capacity: 2)
        let love = [ReactionCount(type: "love", count: 2), ReactionCount(type: "caf\u{E9}", count: 1)]
        #expect(memo.reactionWords(love, strings: strings) == "L 2 caf\u{E9} 1")
        strings.reactionGlyphs["love"] = "♥" // the list's strings do not change: this shows what was kept
        #expect(memo.reactionWords(love, strings: strings) == "L 2 caf\u{E9} 1", "the same reactions: kept")
        let spelledOtherwise = [ReactionCount(type: "love", count: 2), ReactionCount(type: "cafe\u{301}", count: 1)]
        #expect(memo.reactionWords(spelledOtherwise, strings: strings) == "♥ 2 cafe\u{301} 1")
        let counted = [ReactionCount(type: "love", count: 3), ReactionCount(type: "cafe\u{301}", count: 1)]
        #expect(memo.reactionWords(counted, strings: strings) == "♥ 3 cafe\u{301} 1")
        #expect(memo.reactionWords(Array(counted.prefix(1)), strings: strings) == "♥ 3")
        var none = AuthorMemo(capacity: 0)
        #expect(none.reactionWords(love, strings: strings) == "♥ 2 caf\u{E9} 1")
        strings.reactionGlyphs["love"] = "L"
        #expect(none.reactionWords(love, strings: strings) == "L 2 caf\u{E9} 1", "a memo that keeps nothing")
    }

    /// The texts of the boxes of `role` in the row of message `id`.
    private func texts(of role: BoxRole, in list: IncrementalMessageList, _ id: String) -> [String] {
        guard let row = list.items.first(where: { $0.id == .message(id) })?.row else { return [] }
        var found: [String] = []
        func visit(_ box: Box) {
            if box.role == role, let text = box.text { found.append(text) }
            box.children.forEach(visit)
        }
        visit(row)
        return found
    }

    @Test func append_onTheNextDay_bringsItsDateSeparator() throws {
        var list = try incremental(messageListDates.message("m1", by: "leia", at: 0))
        let diff = try list.apply(.append(message("m2", by: "leia", at: 86_400)))
        #expect(diff.inserted.map(\.id) == [.dateSeparator(CalendarDay(year: 2024, month: 3, day: 6)), .message("m2")])
        #expect(diff.inserted.map(\.index) == [2, 3])
        try expectFullLayout(list)
    }

    @Test func append_aThreadReplyNotSentToTheChannel_changesNoRow() throws {
        var list = try incremental(threeMessages)
        var reply = message("r1", by: "han", at: 130)
        reply.parentID = "m1"
        let diff = try list.apply(.append(reply))
        #expect(diff.isEmpty)
        #expect(list.conversation.messages.map(\.id) == ["m1", "m2", "m3", "r1"])
    }

    // MARK: Insert

    @Test func insert_betweenTwoMessages_groupsThem_andMovesTheRowsBelow() throws {
        var list = try incremental(ConversationBuilder()
            .message("m1", by: "leia", at: 0)
            .message("m3", by: "leia", at: 100))
        #expect(positions(list) == [.single, .single]) // 100 s apart
        let m3Top = try #require(list.frame(of: .message("m3"))).y
        let diff = try list.apply(.insert(message("m2", by: "leia", at: 50)))
        #expect(positions(list) == [.top, .middle, .bottom])
        #expect(diff.inserted.map(\.id) == [.message("m2")])
        #expect(diff.inserted.map(\.index) == [1])
        #expect(diff.updated.map(\.id) == [.message("m1"), .message("m3")])
        #expect(try #require(list.frame(of: .message("m3"))).y > m3Top)
        try expectFullLayout(list)
    }

    @Test func insert_atTheInstantOfAnotherMessage_goesAfterIt() throws {
        var list = try incremental(threeMessages)
        try list.apply(.insert(message("late", by: "han", at: 60)))
        #expect(messageIDs(list) == ["m1", "m2", "late", "m3"])
        try expectFullLayout(list)
    }

    // MARK: Prepend

    @Test func prependPage_putsOlderMessagesOnTop_andTheDaySeparatorMovesUpWithIt() throws {
        var list = try incremental(messageListDates.message("m10", by: "leia", at: 3600))
        let today = ListItemID.dateSeparator(CalendarDay(year: 2024, month: 3, day: 5))
        let diff = try list.apply(.prependPage([message("p2", by: "han", at: 60), message("p1", by: "han", at: -86_400)]))
        #expect(list.items.map(\.id) == [.dateSeparator(CalendarDay(year: 2024, month: 3, day: 4)), .message("p1"), today,
                                         .message("p2"), .message("m10")])
        #expect(diff.inserted.map(\.id) == [.dateSeparator(CalendarDay(year: 2024, month: 3, day: 4)), .message("p1"), .message("p2")])
        #expect(!diff.removed.contains(today) && !diff.inserted.contains { $0.id == today })
        #expect(list.conversation.messages.map(\.id) == ["p2", "p1", "m10"])
        try expectFullLayout(list)
    }

    // MARK: Edit, delete

    @Test func edit_addingAReaction_growsOnlyThatRow_andTheRowsBelowMove() throws {
        var list = try incremental(threeMessages)
        let m3Top = try #require(list.frame(of: .message("m3"))).y
        let height = list.contentHeight
        var liked = try #require(list.conversation.messages.first)
        liked.latestReactions = [Reaction(type: "like", userID: "han")]
        liked.reactionScores = [("like", 1)]
        let diff = try list.apply(.edit(liked))
        #expect(diff.updated.map(\.id) == [.message("m1")])
        #expect(diff.inserted.isEmpty && diff.removed.isEmpty)
        #expect(options(list, "m1").contains(.reactions))
        #expect(try #require(list.frame(of: .message("m3"))).y == m3Top + 1)
        #expect(list.contentHeight == height + 1)
        try expectFullLayout(list)
    }

    @Test func edit_thatMovesTheMessageInTime_removesAndInsertsIt() throws {
        var list = try incremental(threeMessages)
        var moved = try #require(list.conversation.messages.first)
        moved.createdAt = instant(moved.createdAt, plus: 90)
        let diff = try list.apply(.edit(moved))
        #expect(messageIDs(list) == ["m2", "m1", "m3"])
        #expect(diff.removed.contains(.message("m1")) && diff.inserted.contains { $0.id == .message("m1") })
        try expectFullLayout(list)
    }

    @Test func softDelete_showsThePlaceholder_andTheUnreadSeparatorMovesDown() throws {
        var list = try incremental(threeMessages.read(by: "luke", lastReadMessageID: "m1", unreadMessages: 2))
        #expect(list.items.map(\.id) == [.message("m1"), .unreadSeparator, .message("m2"), .message("m3")])
        let diff = try list.apply(.softDelete(messageID: "m2", at: instant("2024-03-05T09:30:00Z")))
        #expect(list.items.map(\.id) == [.message("m1"), .message("m2"), .unreadSeparator, .message("m3")])
        #expect(list.decisions.messages[1].text == ChatStrings().messageDeleted)
        #expect(diff.removed == [.unreadSeparator])
        #expect(diff.inserted.map(\.id) == [.unreadSeparator])
        try expectFullLayout(list)
    }

    @Test func remove_theFirstMessageOfADay_leavesTheDaySeparatorAboveTheNext() throws {
        var list = try incremental(messageListDates.message("m1", by: "leia", at: 0).message("m2", by: "han", at: 60))
        let today = ListItemID.dateSeparator(CalendarDay(year: 2024, month: 3, day: 5))
        let diff = try list.apply(.remove(messageID: "m1"))
        #expect(list.items.map(\.id) == [today, .message("m2")])
        #expect(diff.removed == [.message("m1")])
        #expect(diff.inserted.isEmpty)
        try expectFullLayout(list)
    }

    @Test func remove_theLastMessage_bringsTheEmptyState() throws {
        var list = try incremental(ConversationBuilder().config { $0.showEmptyState = true }.message("m1", by: "leia"))
        let diff = try list.apply(.remove(messageID: "m1"))
        #expect(diff.removed == [.message("m1")])
        #expect(diff.inserted.map(\.id) == [.emptyState])
        try expectFullLayout(list)
    }

    // MARK: Width, typing, reads

    @Test func width_laysOutEveryRowAgain() throws {
        var list = try incremental(threeMessages, width: 60)
        let diff = try list.apply(.width(24))
        #expect(list.width == 24)
        #expect(diff.updated.map(\.id) == list.items.map(\.id))
        #expect(diff.headerChanged)
        #expect(list.items.allSatisfy { $0.frame.maxX <= 24 })
        try expectFullLayout(list)
    }

    @Test func typingUsers_bringAndTakeTheTypingRow() throws {
        var list = try incremental(threeMessages)
        let typing = try list.apply(.typingUsers(["han"]))
        #expect(typing.inserted.map(\.id) == [.typingIndicator])
        #expect(list.items.last?.item == .typingIndicator(text: "Han is typing…"))
        try expectFullLayout(list)
        let stopped = try list.apply(.typingUsers([]))
        #expect(stopped.removed == [.typingIndicator])
        try expectFullLayout(list)
    }

    @Test func typingUsers_inTheNavigationBar_changeTheHeader() throws {
        var list = try incremental(threeMessages.config { $0.typingIndicatorPlacement = .navigationBar })
        let diff = try list.apply(.typingUsers(["leia"]))
        #expect(diff.headerChanged)
        #expect(diff.inserted.isEmpty)
        #expect(list.header.subtitle == "Leia is typing…")
        try expectFullLayout(list)
    }

    @Test func reads_turnYourLastMessageRead_andMoveTheUnreadSeparator() throws {
        let chat = threeMessages.message("mine", by: "luke", at: 180)
        var list = try incremental(chat.read(by: "luke", lastReadMessageID: "m1", unreadMessages: 2))
        #expect(list.decisions.messages.last?.deliveryStatus == .sent)
        let diff = try list.apply(.reads([
            ReadState(user: Cast.user("luke"), lastReadMessageID: "m2", unreadMessages: 1),
            ReadState(user: Cast.user("leia"), lastRead: chat.at(200)),
        ]))
        #expect(list.decisions.messages.last?.deliveryStatus == .read)
        #expect(list.items.map(\.id) == [.message("m1"), .message("m2"), .unreadSeparator, .message("m3"), .message("mine")])
        #expect(diff.updated.map(\.id) == [.message("mine")])
        #expect(diff.unreadCount == 1)
        try expectFullLayout(list)
    }

    // MARK: Refused changes, queries

    @Test func changesNamingWrongIDs_areRefused_andChangeNothing() throws {
        var list = try incremental(threeMessages)
        let items = list.items
        #expect(throws: MessageListChangeError.duplicateMessageID("m2")) { try list.apply(.append(message("m2", by: "han", at: 500))) }
        #expect(throws: MessageListChangeError.unknownMessageID("gone")) { try list.apply(.remove(messageID: "gone")) }
        #expect(throws: MessageListChangeError.duplicateMessageID("p")) {
            try list.apply(.prependPage([message("p", by: "han", at: -60), message("p", by: "han", at: -50)]))
        }
        #expect(list.items == items)
        // The id refused still names its own message: removed, that message's row goes.
        let removed = try list.apply(.remove(messageID: "m2"))
        #expect(removed.removed == [.message("m2")])
        try expectFullLayout(list)
        #expect(throws: MessageListChangeError.duplicateMessageID("m1")) {
            try IncrementalMessageList(conversation: threeMessages.message("m1", by: "han", at: 5).conversation, environment:
                    try LayoutEnvironment(config: MessageListConfig(), context: threeMessages.context,
                                          formatter: formatter(threeMessages), measurer: ICUTextEngine()), width: 40)
        }
    }

    @Test func refusalsQuotingAHugeID_cutIt() {
        // Issue 18: ids come from documents; a refusal quotes one as every error does.
        let huge = String(repeating: "h", count: 10_000), cut = String(repeating: "h", count: 40) + "… (10000 characters)"
        for error in [MessageListChangeError.duplicateMessageID(huge), .unknownMessageID(huge)] {
            #expect(error.description.contains("'\(cut)'"), "\(error.description.prefix(100))")
            #expect(error.description.count < 100)
        }
        #expect(MessageListChangeError.unknownMessageID("m\u{1B}[2J\n7").description == "no message with id 'm␊7'")
    }

    @Test func appendingAtTheBottom_leavesEveryRowAboveWhereItWas() throws {
        var builder = ConversationBuilder()
        for index in 0 ..< 200 { builder = builder.message("m\(index)", by: ["leia", "han", "luke"][index % 3], at: Double(index * 40)) }
        var list = try incremental(builder)
        let before = list.items
        for index in 200 ..< 220 { try list.apply(.append(message("m\(index)", by: "leia", at: Double(index * 40)))) }
        let after = list.items
        // Only the last row before the appends changed (it no longer ends the list).
        #expect(Array(after.prefix(before.count - 1)) == Array(before.dropLast()))
        let viewport = Viewport(scrollOffset: .max, height: 20)
        #expect(list.screen(viewport) == IncrementalOracle.fullLayout(of: list).list.screen(viewport))
        try expectFullLayout(list)
    }

    @Test func rowsPlacedForOneTop_areReadAndComparedRightAfterTheRowsAboveMove() throws {
        // An entry's rows are laid out where its top was; a change above moves them without
        // laying them out again, and a row kept when its entry is resolved again is moved.
        var builder = ConversationBuilder()
        for index in 0 ..< 40 { builder = builder.message("m\(index)", by: ["leia", "han"][index / 3 % 2], at: Double(index * 20)) }
        var list = try incremental(builder)
        var liked = try #require(list.conversation.messages.first { $0.id == "m1" })
        liked.latestReactions = [Reaction(type: "like", userID: "han")]
        liked.reactionScores = [("like", 1)]
        try list.apply(.edit(liked)) // every row under m1 one line lower, none laid out again
        let full = IncrementalOracle.fullLayout(of: list).list
        for (item, row) in zip(list.items, full.rows) { #expect(list.frame(of: item.id) == row.frame) }
        // m20 and its neighbours are resolved again at their new tops; only m20's row changes.
        var edited = try #require(list.conversation.messages.first { $0.id == "m20" })
        edited.text += " (edited)"
        let before = list.items
        let diff = try list.apply(.edit(edited))
        #expect(diff.updated.map(\.id) == [.message("m20")] && diff.inserted.isEmpty && diff.removed.isEmpty)
        #expect(IncrementalOracle.diffMismatch(before: before, after: list.items, diff: diff, contentHeight: list.contentHeight) == nil)
        try expectFullLayout(list)
    }

    // MARK: - Helpers

    private func formatter(_ builder: ConversationBuilder) throws -> ICULocaleFormatter {
        try ICULocaleFormatter(locale: builder.context.locale, timeZone: builder.context.timeZone)
    }

    private func incremental(_ builder: ConversationBuilder, width: Int = 40) throws -> IncrementalMessageList {
        try IncrementalMessageList(conversation: builder.conversation, environment:
                try LayoutEnvironment(config: builder.config, context: builder.context, formatter: formatter(builder),
                                      measurer: ICUTextEngine()), width: width)
    }

    /// A message by a cast member, `offset` seconds after the builder's start.
    private func message(_ id: String, by author: String, at offset: Double) -> Message {
        Message(id: id, text: "Hello \(id)", user: Cast.user(author), createdAt: instant(ConversationBuilder().start, plus: offset))
    }

    private func positions(_ list: IncrementalMessageList) -> [GroupPosition] { list.decisions.messages.map(\.position) }
    private func boundary(of id: String, in list: IncrementalMessageList) -> GroupBoundary? {
        list.decisions.messages.first { $0.message.id == id }?.groupBoundary
    }
    private func boundary(of id: String, inItems items: [LaidOutItem]) -> GroupBoundary? {
        for item in items {
            if case .message(let decision) = item.item, decision.message.id == id { return decision.groupBoundary }
        }
        return nil
    }
    private func messageIDs(_ list: IncrementalMessageList) -> [String] { list.decisions.messages.map(\.message.id) }
    private func options(_ list: IncrementalMessageList, _ id: String) -> MessageLayoutOptions {
        list.decisions.messages.first { $0.message.id == id }?.options ?? []
    }

    /// The list equals a full layout of its conversation.
    private func expectFullLayout(_ list: IncrementalMessageList, sourceLocation: SourceLocation = #_sourceLocation) throws {
        var probes = SplitMix64(seed: 6)
        let mismatch = IncrementalOracle.mismatch(list, probes: &probes)
        #expect(mismatch == nil, sourceLocation: sourceLocation)
    }

    @Test func historyLoaded_bringsTheOldestMessagesDateSeparator_andTakesItAway() throws {
        var list = try incremental(threeMessages.config { $0.dateIndicatorPlacement = .messageList }.conversation { $0.historyLoaded = false })
        #expect(list.frame(of: .dateSeparator(list.decisions.messages[0].day)) == nil)
        let loaded = try list.apply(.historyLoaded(true))
        #expect(loaded.inserted.map(\.id) == [.dateSeparator(list.decisions.messages[0].day)])
        try expectFullLayout(list)
        let partial = try list.apply(.historyLoaded(false))
        #expect(partial.removed.count == 1)
        try expectFullLayout(list)
    }
}
