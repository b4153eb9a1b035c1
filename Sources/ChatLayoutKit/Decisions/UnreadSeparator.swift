/// The unread separator, by Stream's rule (its `UnreadMessageLookup`): it stands above the
/// first message after the current user's `last_read_message_id` that is neither theirs nor
/// deleted, and only while they have unread messages. When the payload gives no last read
/// message — or names one that is not loaded — everything loaded is unread only if the whole
/// history is loaded: the separator then stands above the oldest regular message; otherwise
/// there is none. The `last_read` instant is used only with `unread_last_read_fallback`.
///
/// The batch list and the incremental list both place the separator and count unread
/// messages here, each searching its own store of messages (``UnreadSearchable``).
enum UnreadResolver {
    /// The current user's read state, if the reads have one.
    static func currentRead(_ reads: [ReadState], currentUserID: String?) -> ReadState? {
        reads.first { Identifier.same($0.user.id, currentUserID) }
    }

    /// The position (in `list`, oldest first) of the message the separator stands above, if any.
    static func separatorPosition(in list: some UnreadSearchable, reads: [ReadState], currentUserID: String?,
                                  config: MessageListConfig, historyLoaded: Bool) -> Int? {
        guard config.unreadSeparatorEnabled, let read = currentRead(reads, currentUserID: currentUserID) else { return nil }
        // Stream shows it only while the channel's unread count is above 0; a payload without
        // the count leaves the last read message to decide.
        if let count = read.unreadMessages, count <= 0 { return nil }
        // The last read message, looked for once.
        if let lastID = read.lastReadMessageID, let lastRead = list.position(ofMessage: lastID) {
            return list.firstCandidate(from: lastRead + 1)
        }
        if read.lastReadMessageID == nil, config.unreadLastReadFallback, let instant = read.lastRead {
            return list.firstCandidate(from: list.firstPosition(createdAfter: instant))
        }
        guard historyLoaded else { return nil }
        // Everything loaded is unread: above the oldest regular message (a scan from the top).
        var position = 0
        while position < list.count {
            if isRegular(list.message(at: position)) { return position }
            position += 1
        }
        return nil
    }

    /// A regular message or a thread reply: what Stream marks when everything is unread.
    static func isRegular(_ message: Message) -> Bool {
        message.type == .regular || message.type == .reply
    }

    /// The separator stands above, and the count counts, messages that are neither the
    /// current user's nor deleted.
    static func isCandidate(_ message: Message, currentUserID: String?) -> Bool {
        !Identifier.same(message.user.id, currentUserID) && !message.isDeleted
    }

    /// The unread count for the scroll-to-latest button: none while the list is loading; else
    /// the server's, else the candidates from the separator (at `separator` in `list`, looked
    /// up only then) down.
    static func unreadCount(in list: some UnreadSearchable, reads: [ReadState], currentUserID: String?,
                            state: ListLoadingState, separator: @autoclosure () -> Int?) -> Int {
        if state == .loading { return 0 }
        if let count = currentRead(reads, currentUserID: currentUserID)?.unreadMessages { return max(0, count) }
        guard let separator = separator() else { return 0 }
        return list.candidateCount(from: separator)
    }
}

/// The shown messages of a list, oldest first, as ``UnreadResolver`` searches them: the batch
/// list's array (``SortedMessages``), the incremental list's chunked entries, which skip
/// chunks without a candidate.
protocol UnreadSearchable {
    /// How many messages the list shows.
    var count: Int { get }
    /// The message at `position` (0 ..< count).
    func message(at position: Int) -> Message
    /// The position of the message with `id`, if the list shows it.
    func position(ofMessage id: String) -> Int?
    /// The first position whose message was created after `instant`, else `count`.
    func firstPosition(createdAfter instant: Timestamp) -> Int
    /// The first unread candidate (``UnreadResolver/isCandidate(_:currentUserID:)``) at
    /// `position` or after it.
    func firstCandidate(from position: Int) -> Int?
    /// How many unread candidates there are at `position` and after it.
    func candidateCount(from position: Int) -> Int
}

/// Messages sorted oldest first, searched by scans: the batch list reads each once.
struct SortedMessages: UnreadSearchable {
    var messages: [Message]
    var currentUserID: String?

    var count: Int { messages.count }

    func message(at position: Int) -> Message { messages[position] }

    func position(ofMessage id: String) -> Int? {
        messages.firstIndex { Identifier.same($0.id, id) }
    }

    func firstPosition(createdAfter instant: Timestamp) -> Int {
        messages.firstIndex { $0.createdAt > instant } ?? messages.count
    }

    func firstCandidate(from position: Int) -> Int? {
        messages[position...].firstIndex { UnreadResolver.isCandidate($0, currentUserID: currentUserID) }
    }

    func candidateCount(from position: Int) -> Int {
        messages[position...].reduce(0) { $0 + (UnreadResolver.isCandidate($1, currentUserID: currentUserID) ? 1 : 0) }
    }
}
