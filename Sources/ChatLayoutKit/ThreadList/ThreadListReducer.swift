/// The thread list as websocket events leave it (SPEC §3.5): the threads in list order and the
/// parents of new threads for the banner ("1 new thread" / "N new threads").
///
/// Events are applied by a pure reducer, ``reduce(_:_:currentUserID:)``; after every event that
/// changes a thread the list is put back in the order of ``sorted(_:currentUserID:)``.
public struct ThreadListState: Hashable, Sendable {
    /// The threads, in list order.
    public var threads: [ChatThread]
    /// Parent message ids of threads not in the list that got a new reply: distinct, in
    /// arrival order. The banner counts them.
    public var newThreadParentIDs: [String]
    /// How many of a thread's latest replies the list keeps (the query's `reply_limit`).
    public var replyLimit: Int

    /// A state holding `threads` as given (pass them through ``sorted(_:currentUserID:)`` for
    /// list order).
    public init(threads: [ChatThread] = [], newThreadParentIDs: [String] = [], replyLimit: Int = 3) {
        self.threads = threads
        self.newThreadParentIDs = newThreadParentIDs
        self.replyLimit = replyLimit
    }

    // MARK: Order

    /// The list order of SPEC §3.5 — the one place it is defined: threads with unread replies
    /// for the current user first, then the latest `last_message_at` (a thread without one
    /// last), then the parent message id descending (by UTF-8 bytes); ties keep input order.
    public static func sorted(_ threads: [ChatThread], currentUserID: String?) -> [ChatThread] {
        let keyed = threads.enumerated().map { (offset, thread) in
            (unread: hasUnread(thread, currentUserID: currentUserID), last: thread.lastMessageAt, offset: offset, thread: thread)
        }
        return keyed.sorted { a, b in
            if a.unread != b.unread { return a.unread }
            if a.last != b.last {
                guard let later = a.last else { return false }
                guard let earlier = b.last else { return true }
                return later > earlier
            }
            let (left, right) = (a.thread.parentMessageID.utf8, b.thread.parentMessageID.utf8)
            if !left.elementsEqual(right) { return right.lexicographicallyPrecedes(left) }
            return a.offset < b.offset
        }.map(\.thread)
    }

    /// Whether the current user has unread replies in `thread` (their `unread_messages` > 0).
    public static func hasUnread(_ thread: ChatThread, currentUserID: String?) -> Bool {
        guard let currentUserID else { return false }
        return (thread.read.first(where: { Identifier.same($0.user.id, currentUserID) })?.unreadMessages ?? 0) > 0
    }

    // MARK: Events

    /// The state after `event`, seen by `currentUserID`. Events other than
    /// `notification.thread_message_new` about threads not in the list change nothing, and
    /// neither do unknown events.
    public static func reduce(_ state: ThreadListState, _ event: ThreadEvent, currentUserID: String?) -> ThreadListState {
        switch event {
        case .threadMessageNew(let reply, let parentID, _, _):
            guard state.threads.contains(where: { Identifier.same($0.parentMessageID, parentID) }) else {
                // Banner: a reply in a thread the list does not show yet.
                var next = state
                if !next.newThreadParentIDs.contains(where: { Identifier.same($0, parentID) }) { next.newThreadParentIDs.append(parentID) }
                return next
            }
            return state.updatingThread(parentID, currentUserID: currentUserID) { thread in
                addReply(reply, to: &thread, replyLimit: state.replyLimit, currentUserID: currentUserID)
            }
        case .threadUpdated(let partial, _):
            return state.updatingThread(partial.parentMessageID, currentUserID: currentUserID) { thread in
                update(&thread, with: partial)
            }
        case .messageRead(let user, let parentID, let lastReadMessageID, let readAt):
            guard let parentID else { return state } // a channel read: no thread named
            return state.updatingThread(parentID, currentUserID: currentUserID) { thread in
                markRead(&thread, by: user, lastReadMessageID: lastReadMessageID, at: readAt)
            }
        case .messageDeleted(let message, let hardDelete, let eventTime):
            if state.threads.contains(where: { Identifier.same($0.parentMessageID, message.id) }) {
                return state.updatingThread(message.id, currentUserID: currentUserID) { thread in
                    var parent = thread.parentMessage ?? message
                    markDeleted(&parent, by: message, eventTime: eventTime)
                    thread.parentMessage = parent
                }
            }
            guard let parentID = message.parentID else { return state }
            return state.updatingThread(parentID, currentUserID: currentUserID) { thread in
                deleteReply(message, from: &thread, hardDelete: hardDelete, eventTime: eventTime)
            }
        case .unknown:
            return state
        }
    }

    /// `events` applied in order, each by ``reduce(_:_:currentUserID:)``.
    public static func apply(_ events: [ThreadEvent], to state: ThreadListState, currentUserID: String?) -> ThreadListState {
        events.reduce(state) { reduce($0, $1, currentUserID: currentUserID) }
    }

    /// The state with the first thread of `parentID` changed and the list re-sorted; the state
    /// as it is when the list has no such thread.
    private func updatingThread(_ parentID: String, currentUserID: String?, _ change: (inout ChatThread) -> Void) -> ThreadListState {
        guard let index = threads.firstIndex(where: { Identifier.same($0.parentMessageID, parentID) }) else { return self }
        var next = self
        change(&next.threads[index])
        next.threads = Self.sorted(next.threads, currentUserID: currentUserID)
        return next
    }

    // MARK: Rules

    /// `ThreadMessageNew` for a listed thread: the reply among the latest (oldest first, the
    /// newest `replyLimit` kept), one more reply, one more unread for the current user unless
    /// the reply is theirs, and `last_message_at` moved forward (never back). A reply already
    /// there (the same event delivered again) is replaced and not counted twice.
    private static func addReply(_ reply: Message, to thread: inout ChatThread, replyLimit: Int, currentUserID: String?) {
        if let existing = thread.latestReplies.firstIndex(where: { Identifier.same($0.id, reply.id) }) {
            thread.latestReplies[existing] = reply
        } else {
            let position = thread.latestReplies.lastIndex(where: { $0.createdAt <= reply.createdAt }).map { $0 + 1 } ?? 0
            thread.latestReplies.insert(reply, at: position)
            thread.latestReplies.removeFirst(max(0, thread.latestReplies.count - max(0, replyLimit)))
            thread.replyCount += 1
            if let currentUserID, !Identifier.same(reply.user.id, currentUserID) {
                if let index = thread.read.firstIndex(where: { Identifier.same($0.user.id, currentUserID) }) {
                    thread.read[index].unreadMessages = max(0, thread.read[index].unreadMessages ?? 0) + 1
                } else {
                    thread.read.append(ReadState(user: User(id: currentUserID), unreadMessages: 1))
                }
            }
        }
        if thread.lastMessageAt.map({ $0 < reply.createdAt }) ?? true { thread.lastMessageAt = reply.createdAt }
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
    private static func markRead(_ thread: inout ChatThread, by user: User, lastReadMessageID: String?, at readAt: Timestamp?) {
        guard let index = thread.read.firstIndex(where: { Identifier.same($0.user.id, user.id) }) else {
            thread.read.append(ReadState(user: user, lastRead: readAt, lastReadMessageID: lastReadMessageID, unreadMessages: 0))
            return
        }
        thread.read[index].unreadMessages = 0
        if let readAt { thread.read[index].lastRead = readAt }
        if let lastReadMessageID { thread.read[index].lastReadMessageID = lastReadMessageID }
    }

    /// `message.deleted` of a reply: a hard delete takes it out of the latest replies and counts
    /// one reply fewer (never below 0), wherever the reply was; a soft delete marks it deleted
    /// where the list shows it.
    private static func deleteReply(_ message: Message, from thread: inout ChatThread, hardDelete: Bool, eventTime: Timestamp?) {
        if hardDelete {
            thread.latestReplies.removeAll { Identifier.same($0.id, message.id) }
            thread.replyCount = max(0, thread.replyCount - 1)
        } else if let index = thread.latestReplies.firstIndex(where: { Identifier.same($0.id, message.id) }) {
            markDeleted(&thread.latestReplies[index], by: message, eventTime: eventTime)
        }
    }

    /// A message shown as deleted (SPEC §2): type `deleted`, `deleted_at` the event message's,
    /// else the one it had, else the event's time, else the message's creation.
    private static func markDeleted(_ shown: inout Message, by deleted: Message, eventTime: Timestamp?) {
        shown.deletedAt = deleted.deletedAt ?? shown.deletedAt ?? eventTime ?? deleted.createdAt
        shown.type = .deleted
    }
}
