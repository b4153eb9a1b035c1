@_spi(ChatLayoutStages) import ChatLayoutModel

/// The thread list as websocket events leave it (<doc:ThreadList>): the threads in list order and the
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

    /// The thread list's order — the one place it is defined: threads with unread replies
    /// for the current user first, then the latest `last_message_at` (a thread without one
    /// last), then the parent message id descending (by UTF-8 bytes); ties keep input order.
    public static func sorted(_ threads: [ChatThread], currentUserID: String?) -> [ChatThread] {
        var comparisons = 0
        return sorted(threads, currentUserID: currentUserID, comparisons: &comparisons)
    }

    /// ``sorted(_:currentUserID:)``, counting the comparisons it makes into `comparisons`.
    static func sorted(_ threads: [ChatThread], currentUserID: String?, comparisons: inout Int) -> [ChatThread] {
        let keyed = threads.enumerated().map { (offset, thread) in
            (unread: hasUnread(thread, currentUserID: currentUserID), last: thread.lastMessageAt, offset: offset, thread: thread)
        }
        return keyed.sorted { a, b in
            comparisons += 1
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
        var work = 0
        return apply(CollectionOfOne(event), to: state, currentUserID: currentUserID, work: &work)
    }

    /// `events` applied in order, each by ``reduce(_:_:currentUserID:)``: the same state as
    /// reducing them one at a time, in O(n log n + e) for n threads and e events (a thread's
    /// latest replies aside, kept to `replyLimit`). The threads are found by id, the list is
    /// sorted once at the end (the order is a function of the threads alone), and the state is
    /// changed in place rather than copied for each event.
    public static func apply(_ events: [ThreadEvent], to state: ThreadListState, currentUserID: String?) -> ThreadListState {
        var work = 0
        return apply(events, to: state, currentUserID: currentUserID, work: &work)
    }

    /// ``apply(_:to:currentUserID:)`` over any sequence of events, counting its steps into `work`
    /// (for the tests: threads and readers indexed, events applied, comparisons of the sort).
    static func apply(_ events: some Sequence<ThreadEvent>, to state: ThreadListState, currentUserID: String?,
                      work: inout Int) -> ThreadListState {
        var batch = ThreadListBatch(state, currentUserID: currentUserID)
        for event in events { batch.apply(event) }
        let result = batch.finished()
        work += batch.work
        return result
    }
}
