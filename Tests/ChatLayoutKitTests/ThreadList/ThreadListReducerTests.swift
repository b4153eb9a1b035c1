import ChatLayoutKit
import Testing

/// The thread list's order and its event reducer, one rule per test.
struct ThreadListReducerTests {
    // MARK: - Order

    @Test func sorted_threadsWithUnreadRepliesComeFirst() {
        let threads = [thread("p1", lastAt: 50), thread("p2", lastAt: 10, unread: 2)]
        #expect(ids(ThreadListState.sorted(threads, currentUserID: me)) == ["p2", "p1"])
    }

    @Test func sorted_thenTheLatestLastMessageAtFirst() {
        let threads = [thread("p1", lastAt: 10), thread("p2", lastAt: 30), thread("p3", lastAt: 20)]
        #expect(ids(ThreadListState.sorted(threads, currentUserID: me)) == ["p2", "p3", "p1"])
    }

    @Test func sorted_thenTheParentMessageIDDescending() {
        let threads = [thread("p1", lastAt: 10), thread("p3", lastAt: 10), thread("p2", lastAt: 10)]
        #expect(ids(ThreadListState.sorted(threads, currentUserID: me)) == ["p3", "p2", "p1"])
    }

    @Test func sorted_aThreadWithoutLastMessageAt_comesAfterTheDatedOnes() {
        let threads = [thread("p9", lastAt: nil), thread("p1", lastAt: 10)]
        #expect(ids(ThreadListState.sorted(threads, currentUserID: me)) == ["p1", "p9"])
    }

    @Test func sorted_zeroUnread_isNotUnread() {
        let threads = [thread("p1", lastAt: 10, unread: 0), thread("p2", lastAt: 20)]
        #expect(ids(ThreadListState.sorted(threads, currentUserID: me)) == ["p2", "p1"])
    }

    @Test func sorted_anotherUsersUnread_doesNotCount() {
        var unreadForLeia = thread("p1", lastAt: 10)
        unreadForLeia.read = [ReadState(user: User(id: "leia"), unreadMessages: 4)]
        let threads = [unreadForLeia, thread("p2", lastAt: 20)]
        #expect(ids(ThreadListState.sorted(threads, currentUserID: me)) == ["p2", "p1"])
    }

    @Test func sorted_withoutACurrentUser_nothingIsUnread() {
        let threads = [thread("p1", lastAt: 10, unread: 3), thread("p2", lastAt: 20)]
        #expect(ids(ThreadListState.sorted(threads, currentUserID: nil)) == ["p2", "p1"])
    }

    // MARK: - ThreadMessageNew: the banner

    @Test func newReply_inAThreadNotInTheList_addsItsParentToTheBanner() {
        let state = ThreadListState(threads: [thread("p1", lastAt: 10)])
        let next = reduce(state, newReply("r1", in: "p7", at: 20))
        #expect(next.newThreadParentIDs == ["p7"])
        #expect(next.threads == state.threads)
    }

    @Test func newReplies_inTheSameUnknownThread_countOnce() {
        let next = apply(ThreadListState(), [newReply("r1", in: "p7", at: 20), newReply("r2", in: "p7", at: 21)])
        #expect(next.newThreadParentIDs == ["p7"])
    }

    @Test func newReplies_inDifferentUnknownThreads_areKeptInArrivalOrder() {
        let next = apply(ThreadListState(), [newReply("r1", in: "p8", at: 20), newReply("r2", in: "p7", at: 21), newReply("r3", in: "p8", at: 22)])
        #expect(next.newThreadParentIDs == ["p8", "p7"])
    }

    @Test func newReply_inAListedThread_leavesTheBannerAlone() {
        let next = reduce(ThreadListState(threads: [thread("p1", lastAt: 10)]), newReply("r1", in: "p1", at: 20))
        #expect(next.newThreadParentIDs.isEmpty)
    }

    // MARK: - ThreadMessageNew: a listed thread

    @Test func newReply_isAppendedToTheLatestReplies() {
        let state = ThreadListState(threads: [thread("p1", lastAt: 10, replies: [reply("r1", in: "p1", at: 10)])])
        let next = reduce(state, newReply("r2", in: "p1", at: 20))
        #expect(next.threads[0].latestReplies.map(\.id) == ["r1", "r2"])
    }

    @Test func newReply_keepsTheNewestReplyLimitReplies() {
        let replies = [reply("r1", in: "p1", at: 1), reply("r2", in: "p1", at: 2), reply("r3", in: "p1", at: 3)]
        let state = ThreadListState(threads: [thread("p1", lastAt: 3, replies: replies)])
        let next = reduce(state, newReply("r4", in: "p1", at: 4))
        #expect(next.threads[0].latestReplies.map(\.id) == ["r2", "r3", "r4"])
    }

    @Test func newReply_honoursAReplyLimitOtherThanThree() {
        let state = ThreadListState(threads: [thread("p1", lastAt: 1, replies: [reply("r1", in: "p1", at: 1)])], replyLimit: 1)
        let next = reduce(state, newReply("r2", in: "p1", at: 2))
        #expect(next.threads[0].latestReplies.map(\.id) == ["r2"])
    }

    @Test func newReply_olderThanTheReplies_takesItsPlaceByTime() {
        let state = ThreadListState(threads: [thread("p1", lastAt: 30, replies: [reply("r1", in: "p1", at: 10), reply("r3", in: "p1", at: 30)])])
        let next = reduce(state, newReply("r2", in: "p1", at: 20))
        #expect(next.threads[0].latestReplies.map(\.id) == ["r1", "r2", "r3"])
    }

    @Test func newReply_olderThanAFullList_isNotKeptButStillCounted() {
        let replies = [reply("r2", in: "p1", at: 2), reply("r3", in: "p1", at: 3), reply("r4", in: "p1", at: 4)]
        let state = ThreadListState(threads: [thread("p1", lastAt: 4, replyCount: 3, replies: replies)])
        let next = reduce(state, newReply("r1", in: "p1", at: 1))
        #expect(next.threads[0].latestReplies.map(\.id) == ["r2", "r3", "r4"])
        #expect(next.threads[0].replyCount == 4)
    }

    @Test func newReply_withTheIDOfAKeptReply_replacesIt() {
        let state = ThreadListState(threads: [thread("p1", lastAt: 10, replyCount: 1, unread: 1, replies: [reply("r1", in: "p1", at: 10)])])
        var again = reply("r1", in: "p1", at: 10)
        again.text = "edited"
        let next = reduce(state, .threadMessageNew(reply: again, parentMessageID: "p1", thread: nil, createdAt: nil))
        #expect(next.threads[0].latestReplies.map(\.text) == ["edited"])
    }

    @Test func newReply_deliveredTwice_isCountedOnce() {
        let state = ThreadListState(threads: [thread("p1", lastAt: 5, replyCount: 0, unread: 0)])
        let next = apply(state, [newReply("r1", in: "p1", at: 10), newReply("r1", in: "p1", at: 10)])
        #expect(next.threads[0].replyCount == 1)
        #expect(unread(next.threads[0]) == 1)
    }

    @Test func newReply_countsOneMoreReply() {
        let next = reduce(ThreadListState(threads: [thread("p1", lastAt: 10, replyCount: 4)]), newReply("r5", in: "p1", at: 20))
        #expect(next.threads[0].replyCount == 5)
    }

    @Test func newReply_byAnotherUser_addsOneToTheCurrentUsersUnread() {
        let next = reduce(ThreadListState(threads: [thread("p1", lastAt: 10, unread: 2)]), newReply("r1", in: "p1", by: "leia", at: 20))
        #expect(unread(next.threads[0]) == 3)
    }

    @Test func newReply_byTheCurrentUser_doesNotAddToTheirUnread() {
        let next = reduce(ThreadListState(threads: [thread("p1", lastAt: 10, unread: 2)]), newReply("r1", in: "p1", by: me, at: 20))
        #expect(unread(next.threads[0]) == 2)
        #expect(next.threads[0].replyCount == 1)
    }

    @Test func newReply_withoutAReadEntry_createsTheCurrentUsersWithOne() {
        let next = reduce(ThreadListState(threads: [thread("p1", lastAt: 10)]), newReply("r1", in: "p1", at: 20))
        #expect(next.threads[0].read == [ReadState(user: User(id: me), unreadMessages: 1)])
    }

    @Test func newReply_leavesOtherReadersAlone() {
        var listed = thread("p1", lastAt: 10, unread: 0)
        listed.read.append(ReadState(user: User(id: "han"), unreadMessages: 7))
        let next = reduce(ThreadListState(threads: [listed]), newReply("r1", in: "p1", by: "leia", at: 20))
        #expect(next.threads[0].read.first { $0.user.id == "han" }?.unreadMessages == 7)
    }

    @Test func newReply_withoutACurrentUser_addsNoReadEntry() {
        let state = ThreadListState(threads: [thread("p1", lastAt: 10)])
        let next = ThreadListState.reduce(state, newReply("r1", in: "p1", at: 20), currentUserID: nil)
        #expect(next.threads[0].read.isEmpty)
        #expect(next.threads[0].replyCount == 1)
    }

    @Test func newReply_movesLastMessageAtToTheReply() {
        let next = reduce(ThreadListState(threads: [thread("p1", lastAt: 10)]), newReply("r1", in: "p1", at: 20))
        #expect(next.threads[0].lastMessageAt == at(20))
    }

    @Test func newReply_createdBeforeLastMessageAt_doesNotMoveItBack() {
        let next = reduce(ThreadListState(threads: [thread("p1", lastAt: 30)]), newReply("r1", in: "p1", at: 20))
        #expect(next.threads[0].lastMessageAt == at(30))
    }

    @Test func newReply_inAThreadWithoutLastMessageAt_setsIt() {
        let next = reduce(ThreadListState(threads: [thread("p1", lastAt: nil)]), newReply("r1", in: "p1", at: 20))
        #expect(next.threads[0].lastMessageAt == at(20))
    }

    @Test func newReply_movesItsThreadToTheTop() {
        let state = ThreadListState(threads: [thread("p2", lastAt: 30), thread("p1", lastAt: 20)])
        let next = reduce(state, newReply("r1", in: "p1", by: me, at: 40))
        #expect(ids(next.threads) == ["p1", "p2"])
    }

    @Test func newUnreadReply_putsItsThreadAboveNewerReadOnes() {
        let state = ThreadListState(threads: [thread("p2", lastAt: 90), thread("p1", lastAt: 20)])
        let next = reduce(state, newReply("r1", in: "p1", by: "leia", at: 21))
        #expect(ids(next.threads) == ["p1", "p2"])
    }

    // MARK: - ThreadUpdated

    @Test func threadUpdated_setsTitleCountsAndDates() {
        let update = ThreadPartial(parentMessageID: "p1", title: "Lunch?", replyCount: 9, participantCount: 4,
                                   lastMessageAt: at(40), createdAt: at(1), updatedAt: at(41))
        let next = reduce(ThreadListState(threads: [thread("p1", lastAt: 10)]), .threadUpdated(update, createdAt: at(41)))
        let updated = next.threads[0]
        #expect(updated.title == "Lunch?")
        #expect(updated.replyCount == 9 && updated.participantCount == 4)
        #expect(updated.lastMessageAt == at(40) && updated.createdAt == at(1) && updated.updatedAt == at(41))
    }

    @Test func threadUpdated_leavesTheFieldsItDoesNotCarry() {
        var listed = thread("p1", lastAt: 10, replyCount: 3)
        listed.title = "Coffee"
        listed.participantCount = 2
        let next = reduce(ThreadListState(threads: [listed]), .threadUpdated(ThreadPartial(parentMessageID: "p1", replyCount: 5), createdAt: nil))
        #expect(next.threads[0].title == "Coffee")
        #expect(next.threads[0].participantCount == 2 && next.threads[0].lastMessageAt == at(10))
        #expect(next.threads[0].replyCount == 5)
    }

    @Test func threadUpdated_lastMessageAt_resortsTheList() {
        let state = ThreadListState(threads: [thread("p2", lastAt: 30), thread("p1", lastAt: 20)])
        let next = reduce(state, .threadUpdated(ThreadPartial(parentMessageID: "p1", lastMessageAt: at(50)), createdAt: nil))
        #expect(ids(next.threads) == ["p1", "p2"])
    }

    @Test func threadUpdated_forAThreadNotInTheList_changesNothing() {
        let state = ThreadListState(threads: [thread("p1", lastAt: 10)])
        #expect(reduce(state, .threadUpdated(ThreadPartial(parentMessageID: "p9", title: "x"), createdAt: nil)) == state)
    }

    // MARK: - message.read

    @Test func read_byTheCurrentUser_clearsTheirUnread() {
        let state = ThreadListState(threads: [thread("p1", lastAt: 10, unread: 4)])
        let next = reduce(state, read(by: me, in: "p1", at: 30))
        #expect(unread(next.threads[0]) == 0)
        #expect(next.threads[0].read[0].lastRead == at(30))
        #expect(next.threads[0].read[0].lastReadMessageID == "r9")
    }

    @Test func read_byTheCurrentUser_movesTheThreadBelowNewerOnes() {
        let state = ThreadListState(threads: [thread("p1", lastAt: 10, unread: 4), thread("p2", lastAt: 20)])
        let next = reduce(state, read(by: me, in: "p1", at: 30))
        #expect(ids(next.threads) == ["p2", "p1"])
    }

    @Test func read_byAnotherUser_updatesOnlyTheirEntry() {
        var listed = thread("p1", lastAt: 10, unread: 4)
        listed.read.append(ReadState(user: User(id: "leia"), unreadMessages: 2))
        let next = reduce(ThreadListState(threads: [listed]), read(by: "leia", in: "p1", at: 30))
        #expect(next.threads[0].read.first { $0.user.id == "leia" }?.unreadMessages == 0)
        #expect(unread(next.threads[0]) == 4)
    }

    @Test func read_byAReaderTheThreadDidNotList_addsTheirEntry() {
        let next = reduce(ThreadListState(threads: [thread("p1", lastAt: 10)]), read(by: "han", in: "p1", at: 30))
        #expect(next.threads[0].read == [ReadState(user: User(id: "han"), lastRead: at(30), lastReadMessageID: "r9", unreadMessages: 0)])
    }

    @Test func read_ofTheChannel_changesNoThread() {
        let state = ThreadListState(threads: [thread("p1", lastAt: 10, unread: 4)])
        let channelRead = ThreadEvent.messageRead(user: User(id: me), parentMessageID: nil, lastReadMessageID: nil, createdAt: at(30))
        #expect(reduce(state, channelRead) == state)
    }

    @Test func read_inAThreadNotInTheList_changesNothing() {
        let state = ThreadListState(threads: [thread("p1", lastAt: 10, unread: 4)])
        #expect(reduce(state, read(by: me, in: "p9", at: 30)) == state)
    }

    // MARK: - message.deleted

    @Test func deletedParent_isMarkedDeleted() {
        let state = ThreadListState(threads: [thread("p1", lastAt: 10)])
        let next = reduce(state, deleted(parent("p1"), deletedAt: at(50), hard: false))
        #expect(next.threads[0].parentMessage?.type == .deleted)
        #expect(next.threads[0].parentMessage?.deletedAt == at(50))
        #expect(next.threads[0].parentMessage?.text == "Thread root")
    }

    @Test func deletedParent_withoutDeletedAt_takesTheEventsTime() {
        let state = ThreadListState(threads: [thread("p1", lastAt: 10)])
        let event = ThreadEvent.messageDeleted(message: parent("p1"), hardDelete: false, createdAt: at(60))
        #expect(reduce(state, event).threads[0].parentMessage?.deletedAt == at(60))
    }

    @Test func hardDeletedParent_keepsTheThreadInTheList() {
        let state = ThreadListState(threads: [thread("p1", lastAt: 10, replyCount: 2)])
        let next = reduce(state, deleted(parent("p1"), deletedAt: at(50), hard: true))
        #expect(ids(next.threads) == ["p1"])
        #expect(next.threads[0].parentMessage?.isDeleted == true)
        #expect(next.threads[0].replyCount == 2)
    }

    @Test func deletedParent_thatTheThreadDidNotCarry_isTheEventsMessage() {
        var bare = thread("p1", lastAt: 10)
        bare.parentMessage = nil
        let next = reduce(ThreadListState(threads: [bare]), deleted(parent("p1"), deletedAt: at(50), hard: false))
        #expect(next.threads[0].parentMessage?.id == "p1")
        #expect(next.threads[0].parentMessage?.isDeleted == true)
    }

    @Test func softDeletedReply_isMarkedDeletedWhereItIs() {
        let replies = [reply("r1", in: "p1", at: 1), reply("r2", in: "p1", at: 2)]
        let state = ThreadListState(threads: [thread("p1", lastAt: 2, replyCount: 2, replies: replies)])
        let next = reduce(state, deleted(reply("r1", in: "p1", at: 1), deletedAt: at(50), hard: false))
        #expect(next.threads[0].latestReplies.map(\.id) == ["r1", "r2"])
        #expect(next.threads[0].latestReplies[0].type == .deleted && next.threads[0].latestReplies[0].deletedAt == at(50))
        #expect(next.threads[0].latestReplies[1].isDeleted == false)
        #expect(next.threads[0].replyCount == 2)
    }

    @Test func hardDeletedReply_isRemovedAndNoLongerCounted() {
        let replies = [reply("r1", in: "p1", at: 1), reply("r2", in: "p1", at: 2)]
        let state = ThreadListState(threads: [thread("p1", lastAt: 2, replyCount: 2, replies: replies)])
        let next = reduce(state, deleted(reply("r1", in: "p1", at: 1), deletedAt: at(50), hard: true))
        #expect(next.threads[0].latestReplies.map(\.id) == ["r2"])
        #expect(next.threads[0].replyCount == 1)
    }

    @Test func hardDeletedReply_neverTakesTheCountBelowZero() {
        let state = ThreadListState(threads: [thread("p1", lastAt: 2, replyCount: 0, replies: [reply("r1", in: "p1", at: 1)])])
        let next = reduce(state, deleted(reply("r1", in: "p1", at: 1), deletedAt: at(50), hard: true))
        #expect(next.threads[0].replyCount == 0)
        #expect(next.threads[0].latestReplies.isEmpty)
    }

    @Test func hardDeletedOlderReply_isCountedOutThoughNotShown() {
        let state = ThreadListState(threads: [thread("p1", lastAt: 2, replyCount: 5, replies: [reply("r5", in: "p1", at: 5)])])
        let next = reduce(state, deleted(reply("r1", in: "p1", at: 1), deletedAt: at(50), hard: true))
        #expect(next.threads[0].replyCount == 4)
        #expect(next.threads[0].latestReplies.map(\.id) == ["r5"])
    }

    @Test func softDeletedOlderReply_changesNothing() {
        let state = ThreadListState(threads: [thread("p1", lastAt: 2, replyCount: 5, replies: [reply("r5", in: "p1", at: 5)])])
        #expect(reduce(state, deleted(reply("r1", in: "p1", at: 1), deletedAt: at(50), hard: false)) == state)
    }

    @Test func deletedMessage_outsideTheListedThreads_changesNothing() {
        let state = ThreadListState(threads: [thread("p1", lastAt: 10, replyCount: 2)])
        #expect(reduce(state, deleted(reply("r1", in: "p9", at: 1), deletedAt: at(50), hard: true)) == state)
        #expect(reduce(state, deleted(parent("m7"), deletedAt: at(50), hard: true)) == state)
    }

    // MARK: - Unknown events, apply

    @Test func unknownEvent_changesNothing() {
        let state = ThreadListState(threads: [thread("p2", lastAt: 10), thread("p1", lastAt: 20)], newThreadParentIDs: ["p7"])
        #expect(reduce(state, .unknown(type: "typing.start")) == state)
    }

    @Test func apply_isTheEventsReducedInOrder() {
        let state = ThreadListState(threads: [thread("p1", lastAt: 10), thread("p2", lastAt: 5)])
        let events: [ThreadEvent] = [newReply("r1", in: "p2", at: 20), read(by: me, in: "p2", at: 21), newReply("r2", in: "p1", by: me, at: 22)]
        let stepwise = events.reduce(state) { ThreadListState.reduce($0, $1, currentUserID: me) }
        let applied = apply(state, events)
        #expect(applied == stepwise)
        #expect(ids(applied.threads) == ["p1", "p2"])
    }

    @Test func apply_withoutEvents_isTheStateAsItWas() {
        let state = ThreadListState(threads: [thread("p2", lastAt: 10), thread("p1", lastAt: 20)])
        #expect(apply(state, []) == state)
    }

    // MARK: - Helpers

    private let me = "luke"

    private func at(_ minute: Int) -> Timestamp { Timestamp(seconds: 1_709_632_800 + Int64(minute) * 60) }

    private func parent(_ id: String) -> Message {
        Message(id: id, text: "Thread root", user: User(id: "han"), createdAt: at(0), replyCount: 1)
    }

    private func reply(_ id: String, in parentID: String, by userID: String = "leia", at minute: Int) -> Message {
        Message(id: id, text: "reply \(id)", type: .reply, user: User(id: userID), createdAt: at(minute), parentID: parentID)
    }

    /// A thread whose parent is `parentID`; `unread` makes a read entry for the current user.
    private func thread(_ parentID: String, lastAt minute: Int?, replyCount: Int = 0, unread: Int? = nil, replies: [Message] = []) -> ChatThread {
        ChatThread(parentMessageID: parentID, parentMessage: parent(parentID), replyCount: replyCount, latestReplies: replies,
                   read: unread.map { [ReadState(user: User(id: me), unreadMessages: $0)] } ?? [],
                   lastMessageAt: minute.map(at))
    }

    private func newReply(_ id: String, in parentID: String, by userID: String = "leia", at minute: Int) -> ThreadEvent {
        .threadMessageNew(reply: reply(id, in: parentID, by: userID, at: minute), parentMessageID: parentID, thread: nil, createdAt: at(minute))
    }

    private func read(by userID: String, in parentID: String, at minute: Int) -> ThreadEvent {
        .messageRead(user: User(id: userID), parentMessageID: parentID, lastReadMessageID: "r9", createdAt: at(minute))
    }

    private func deleted(_ message: Message, deletedAt: Timestamp, hard: Bool) -> ThreadEvent {
        var message = message
        message.deletedAt = deletedAt
        message.type = .deleted
        return .messageDeleted(message: message, hardDelete: hard, createdAt: deletedAt)
    }

    private func reduce(_ state: ThreadListState, _ event: ThreadEvent) -> ThreadListState {
        ThreadListState.reduce(state, event, currentUserID: me)
    }

    private func apply(_ state: ThreadListState, _ events: [ThreadEvent]) -> ThreadListState {
        ThreadListState.apply(events, to: state, currentUserID: me)
    }

    private func ids(_ threads: [ChatThread]) -> [String] { threads.map(\.parentMessageID) }

    private func unread(_ thread: ChatThread) -> Int? {
        thread.read.first { $0.user.id == me }?.unreadMessages
    }
}
