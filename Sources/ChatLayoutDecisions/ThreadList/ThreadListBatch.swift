@_spi(ChatLayoutStages) import ChatLayoutModel

/// The thread list while a run of events is applied to it (``ThreadListState/apply(_:to:currentUserID:)``,
/// and ``ThreadListState/reduce(_:_:currentUserID:)`` for one event): the state, changed in
/// place, with what the events look up kept by id — the threads by parent message id, the
/// banner's parent ids, each touched thread's readers and latest replies — so that an event
/// costs O(1) (a new reply: O(`replyLimit`)) instead of searches, a copy of the state and a sort.
///
/// The list is sorted once, at the end, when some event changed a thread: the order is a
/// function of the threads alone when their parent ids differ, so sorting after every event,
/// as the rule says, ends in the same list. Two threads of one parent id (a state made by hand;
/// a document cannot have it) are the exception — an event changes the first of them in the
/// current order — so such a list is sorted after every event that changes it, as before.
struct ThreadListBatch {
    private var state: ThreadListState
    private let currentUserID: String?
    /// Each thread's place in `state.threads`, by parent message id (the first, should two share one).
    private var threadIndex: IDDictionary<Int> = [:]
    /// The banner's parent ids.
    private var banner = IDSet()
    /// Each touched thread's readers: the place of each reader's first entry in its `read`.
    private var readers: [IDDictionary<Int>?]
    /// Each touched thread's latest replies, being edited (written back by `settle()`).
    private var replies: [LatestReplies?]
    private let sortsEachEvent: Bool
    private var changed = false
    /// Steps taken: threads and readers indexed, events applied, comparisons of the sort.
    private(set) var work = 0

    init(_ state: ThreadListState, currentUserID: String?) {
        self.state = state
        self.currentUserID = currentUserID
        readers = []
        replies = []
        var shared = false
        for (index, thread) in state.threads.enumerated() {
            if threadIndex[thread.parentMessageID] == nil { threadIndex[thread.parentMessageID] = index } else { shared = true }
        }
        sortsEachEvent = shared
        for id in state.newThreadParentIDs { banner.insert(id) }
        work += state.threads.count + state.newThreadParentIDs.count
        forgetThreadPlaces()
    }

    /// The state after the events: latest replies written back, the list sorted if a thread changed.
    mutating func finished() -> ThreadListState {
        settle()
        if changed && !sortsEachEvent { state.threads = ThreadListState.sorted(state.threads, currentUserID: currentUserID, comparisons: &work) }
        return state
    }

    mutating func apply(_ event: ThreadEvent) {
        work += 1
        switch event {
        case .threadMessageNew(let reply, let parentID, _, _):
            guard let index = threadIndex[parentID] else {
                // Banner: a reply in a thread the list does not show yet.
                if banner.insert(parentID).inserted { state.newThreadParentIDs.append(parentID) }
                return
            }
            addReply(reply, toThreadAt: index)
        case .threadUpdated(let partial, _):
            guard let index = threadIndex[partial.parentMessageID] else { return }
            Self.update(&state.threads[index], with: partial)
        case .messageRead(let user, let parentID, let lastReadMessageID, let readAt):
            guard let parentID, let index = threadIndex[parentID] else { return } // a channel read: no thread named
            markRead(threadAt: index, by: user, lastReadMessageID: lastReadMessageID, at: readAt)
        case .messageDeleted(let message, let hardDelete, let eventTime):
            if let index = threadIndex[message.id] {
                var parent = state.threads[index].parentMessage ?? message
                Self.markDeleted(&parent, by: message, eventTime: eventTime)
                state.threads[index].parentMessage = parent
            } else if let parentID = message.parentID, let index = threadIndex[parentID] {
                deleteReply(message, fromThreadAt: index, hardDelete: hardDelete, eventTime: eventTime)
            } else {
                return
            }
        case .unknown:
            return
        }
        threadChanged()
    }

    // MARK: Rules

    /// `ThreadMessageNew` for a listed thread: the reply among the latest (oldest first, the
    /// newest `replyLimit` kept), one more reply, one more unread for the current user unless
    /// the reply is theirs, and `last_message_at` moved forward (never back). A reply already
    /// there (the same event delivered again) is replaced and not counted twice.
    private mutating func addReply(_ reply: Message, toThreadAt index: Int) {
        var latest = latestReplies(ofThreadAt: index)
        if let existing = latest.first(reply.id) {
            latest.replace(at: existing, with: reply)
        } else {
            latest.insert(reply, keeping: state.replyLimit)
            state.threads[index].replyCount += 1
            if let currentUserID, !Identifier.same(reply.user.id, currentUserID) {
                if let reader = reader(currentUserID, ofThreadAt: index) {
                    state.threads[index].read[reader].unreadMessages = max(0, state.threads[index].read[reader].unreadMessages ?? 0) + 1
                } else {
                    addReader(ReadState(user: User(id: currentUserID), unreadMessages: 1), toThreadAt: index)
                }
            }
        }
        replies[index] = latest
        if state.threads[index].lastMessageAt.map({ $0 < reply.createdAt }) ?? true { state.threads[index].lastMessageAt = reply.createdAt }
    }

    /// `ThreadUpdated`: title, counts and dates, each only when the event carries it.
    private static func update(_ thread: inout ChatThread, with partial: ThreadPartial) {
        if let title = partial.title { thread.title = title }
        if let replyCount = partial.replyCount { thread.replyCount = replyCount }
        if let participantCount = partial.participantCount { thread.participantCount = participantCount }
        if let lastMessageAt = partial.lastMessageAt { thread.lastMessageAt = lastMessageAt }
        if let createdAt = partial.createdAt { thread.createdAt = createdAt }
        if let updatedAt = partial.updatedAt { thread.updatedAt = updatedAt }
    }

    /// `message.read` in a thread: the reader has nothing unread there (an entry is made for a
    /// reader the thread did not list).
    private mutating func markRead(threadAt index: Int, by user: User, lastReadMessageID: String?, at readAt: Timestamp?) {
        guard let reader = reader(user.id, ofThreadAt: index) else {
            addReader(ReadState(user: user, lastRead: readAt, lastReadMessageID: lastReadMessageID, unreadMessages: 0), toThreadAt: index)
            return
        }
        state.threads[index].read[reader].unreadMessages = 0
        if let readAt { state.threads[index].read[reader].lastRead = readAt }
        if let lastReadMessageID { state.threads[index].read[reader].lastReadMessageID = lastReadMessageID }
    }

    /// `message.deleted` of a reply: a hard delete takes it out of the latest replies and counts
    /// one reply fewer (never below 0), wherever the reply was; a soft delete marks it deleted
    /// where the list shows it.
    private mutating func deleteReply(_ message: Message, fromThreadAt index: Int, hardDelete: Bool, eventTime: Timestamp?) {
        var latest = latestReplies(ofThreadAt: index)
        if hardDelete {
            latest.removeAll(message.id)
            state.threads[index].replyCount = max(0, state.threads[index].replyCount - 1)
        } else if let slot = latest.first(message.id) {
            latest.update(at: slot) { Self.markDeleted(&$0, by: message, eventTime: eventTime) }
        }
        replies[index] = latest
    }

    /// A message shown as deleted: type `deleted`, `deleted_at` the event message's,
    /// else the one it had, else the event's time, else the message's creation.
    private static func markDeleted(_ shown: inout Message, by deleted: Message, eventTime: Timestamp?) {
        shown.deletedAt = deleted.deletedAt ?? shown.deletedAt ?? eventTime ?? deleted.createdAt
        shown.type = .deleted
    }

    // MARK: Indexes

    /// A thread changed: remembered for the sort at the end, or sorted now when two threads share a parent id.
    private mutating func threadChanged() {
        changed = true
        guard sortsEachEvent else { return }
        settle()
        state.threads = ThreadListState.sorted(state.threads, currentUserID: currentUserID, comparisons: &work)
        threadIndex = [:]
        for (index, thread) in state.threads.enumerated() where threadIndex[thread.parentMessageID] == nil {
            threadIndex[thread.parentMessageID] = index
        }
        work += state.threads.count
        forgetThreadPlaces()
    }

    /// Indexes by thread place, empty (the places have changed, or are new).
    private mutating func forgetThreadPlaces() {
        readers = Array(repeating: nil, count: state.threads.count)
        replies = Array(repeating: nil, count: state.threads.count)
    }

    /// The latest replies being edited written back to their threads.
    private mutating func settle() {
        for index in replies.indices {
            guard let latest = replies[index] else { continue }
            state.threads[index].latestReplies = latest.replies
            replies[index] = nil
        }
    }

    /// The place of `userID`'s first entry in the `read` of the thread at `index`.
    private mutating func reader(_ userID: String, ofThreadAt index: Int) -> Int? {
        if readers[index] == nil {
            var places = IDDictionary<Int>()
            for (place, read) in state.threads[index].read.enumerated() where places[read.user.id] == nil {
                places[read.user.id] = place
            }
            work += state.threads[index].read.count
            readers[index] = places
        }
        return readers[index]?[userID]
    }

    /// A reader's entry added to the thread at `index` (whose readers are indexed: `reader` was asked first).
    private mutating func addReader(_ read: ReadState, toThreadAt index: Int) {
        readers[index]?[read.user.id] = state.threads[index].read.count
        state.threads[index].read.append(read)
    }

    /// The latest replies of the thread at `index`, as edited so far (take them out, and put them back in `replies`).
    private mutating func latestReplies(ofThreadAt index: Int) -> LatestReplies {
        if let latest = replies[index] {
            replies[index] = nil // unique while edited
            return latest
        }
        work += state.threads[index].latestReplies.count
        return LatestReplies(state.threads[index].latestReplies)
    }
}

/// A thread's latest replies while events edit them: found by id, and a reply deleted leaves
/// a hole until they are read (`replies`), so that neither a lookup nor a deletion walks them.
/// A new reply puts them back in order: O(count), which its insertion costs anyway, and the
/// count is kept to the reply limit.
struct LatestReplies {
    /// The replies, oldest first; nil where one was deleted.
    private var slots: [Message?]
    /// The slots of each id, in order (a state made by hand may repeat an id).
    private var slotsByID = IDDictionary<[Int]>()
    private var holes = 0

    init(_ replies: [Message]) {
        slots = replies
        for (slot, reply) in replies.enumerated() { slotsByID[reply.id, default: []].append(slot) }
    }

    /// The replies, oldest first.
    var replies: [Message] { holes == 0 ? slots.map { $0! } : slots.compactMap { $0 } }

    /// The slot of the first reply with `id`.
    func first(_ id: String) -> Int? { slotsByID[id]?.first }

    /// The reply at `slot` replaced by one with the same id.
    mutating func replace(at slot: Int, with reply: Message) { slots[slot] = reply }

    /// The reply at `slot` changed (its id kept).
    mutating func update(at slot: Int, _ change: (inout Message) -> Void) {
        guard var reply = slots[slot] else { return }
        slots[slot] = nil
        change(&reply)
        slots[slot] = reply
    }

    /// Every reply with `id` taken out.
    mutating func removeAll(_ id: String) {
        guard let removed = slotsByID.removeValue(forKey: id) else { return }
        for slot in removed { slots[slot] = nil }
        holes += removed.count
    }

    /// `reply` after the last reply created no later than it, then the oldest dropped until
    /// `limit` are left.
    mutating func insert(_ reply: Message, keeping limit: Int) {
        var replies = replies
        let position = replies.lastIndex(where: { $0.createdAt <= reply.createdAt }).map { $0 + 1 } ?? 0
        replies.insert(reply, at: position)
        replies.removeFirst(max(0, replies.count - max(0, limit)))
        self = LatestReplies(replies)
    }
}
