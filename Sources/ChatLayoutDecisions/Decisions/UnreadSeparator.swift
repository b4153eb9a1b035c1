@_spi(ChatLayoutStages) import ChatLayoutModel

/// The unread separator, by Stream's rule (its `UnreadMessageLookup`): it stands above the
/// first message after the current user's `last_read_message_id` that is neither theirs nor
/// deleted, and only while they have unread messages. When the payload gives no last read
/// message — or names one that is not loaded — everything loaded is unread only if the whole
/// history is loaded: the separator then stands above the oldest regular message; otherwise
/// there is none. The `last_read` instant is used only with `unread_last_read_fallback`.
///
/// The batch list and the incremental list both place the separator and count unread
/// messages here, each searching its own store of messages (``UnreadSearchable``).
package enum UnreadResolver {
    /// The current user's read state, if the reads have one.
    static func currentRead(_ reads: [ReadState], currentUserID: String?) -> ReadState? {
        reads.first { Identifier.same($0.user.id, currentUserID) }
    }

    /// The position (in `list`, oldest first) of the message the separator stands above, if any.
    package static func separatorPosition(in list: some UnreadSearchable, reads: [ReadState], currentUserID: String?,
                                  config: MessageListConfig, historyLoaded: Bool) -> Int? {
        placement(in: list, reads: reads, currentUserID: currentUserID, config: config, historyLoaded: historyLoaded).position
    }

    /// The position of the first unread message, where a jump to it lands (the jump-to-unread
    /// button, `jump_to_unread_when_opening`): the separator's message (at `separator`), else,
    /// when the separator is off and a jump needs it, the message it would stand above.
    package static func firstUnreadPosition(in list: some UnreadSearchable, reads: [ReadState], currentUserID: String?,
                                            config: MessageListConfig, historyLoaded: Bool, separator: Int?) -> Int? {
        if let separator { return separator }
        guard !config.unreadSeparatorEnabled, config.jumpToUnreadEnabled || config.jumpToUnreadWhenOpening else { return nil }
        var withSeparator = config
        withSeparator.unreadSeparatorEnabled = true
        return separatorPosition(in: list, reads: reads, currentUserID: currentUserID, config: withSeparator, historyLoaded: historyLoaded)
    }

    /// Where the separator stands, if anywhere, and why (for `explain`).
    static func placement(in list: some UnreadSearchable, reads: [ReadState], currentUserID: String?,
                          config: MessageListConfig, historyLoaded: Bool) -> UnreadPlacement {
        guard config.unreadSeparatorEnabled else { return UnreadPlacement(position: nil, reason: .disabled) }
        guard let read = currentRead(reads, currentUserID: currentUserID) else { return UnreadPlacement(position: nil, reason: .noReadState) }
        // Stream shows it only while the channel's unread count is above 0; a payload without
        // the count (or with null) leaves the last read message to decide.
        if let count = read.unreadMessages, count <= 0 { return UnreadPlacement(position: nil, reason: .nothingUnread(count)) }
        let counted = read.unreadMessages != nil
        // The last read message, looked for once.
        if let lastID = read.lastReadMessageID, let lastRead = list.position(ofMessage: lastID) {
            return UnreadPlacement(position: list.firstCandidate(from: lastRead + 1), reason: .afterLastRead(lastID, counted: counted))
        }
        if read.lastReadMessageID == nil, config.unreadLastReadFallback, let instant = read.lastRead {
            return UnreadPlacement(position: list.firstCandidate(from: list.firstPosition(createdAfter: instant)), reason: .afterLastReadTime)
        }
        guard historyLoaded else { return UnreadPlacement(position: nil, reason: .lastReadNotLoaded(read.lastReadMessageID)) }
        // Everything loaded is unread: above the oldest regular message (a scan from the top).
        var position = 0
        while position < list.count {
            if isRegular(list.message(at: position)) { return UnreadPlacement(position: position, reason: .wholeHistory(read.lastReadMessageID)) }
            position += 1
        }
        return UnreadPlacement(position: nil, reason: .wholeHistory(read.lastReadMessageID))
    }

    /// The unread count, and whether the separator stands above the new message, once
    /// `message` (an unread candidate when `isCandidate`) is added at the bottom of the list,
    /// under every message it shows — known without searching the list; nil when the separator
    /// may move elsewhere (the list is searched again). `separatorEnabled` and
    /// `lastReadFallback`: `unread_separator_enabled` and `unread_last_read_fallback`.
    ///
    /// The separator stays where it is when the rule places none whatever the list holds (off,
    /// no read state of the current user, a count of 0 or less), and when it stands somewhere
    /// and the new message is not the last read one: the search starts where it did and finds
    /// the separator's message, above the new one, first. Where it stands nowhere, the search
    /// found nothing where it looked, and the new message is the only one it can find there
    /// now: after the last read message when that is loaded (`isLoaded`) if it is a candidate;
    /// after the last read time (`unread_last_read_fallback`) if it is a candidate created
    /// after it; when the whole history is loaded (`historyLoaded`) and no last read message
    /// is, if it is regular; else nowhere (the last read message not loaded, older history
    /// not either). The count is then the server's, else the candidates from the separator
    /// down: the count before (`previous`) with the new message if it is a candidate under a
    /// separator (``unreadCount(in:reads:currentUserID:state:separator:)``).
    package static func appending(_ message: Message, isCandidate: Bool, previous: Int, hasSeparator: Bool,
                                  reads: [ReadState], currentUserID: String?, separatorEnabled: Bool, lastReadFallback: Bool,
                                  historyLoaded: Bool, isLoaded: (String) -> Bool,
                                  state: ListLoadingState) -> (count: Int, separatorAbove: Bool)? {
        // The current user's read state, read in place.
        let read = reads.firstIndex { Identifier.same($0.user.id, currentUserID) }
        var separatorAbove = false
        if separatorEnabled, let read, (reads[read].unreadMessages ?? 1) > 0 {
            let lastID = reads[read].lastReadMessageID
            if let lastID, Identifier.same(lastID, message.id) { return nil }
            if !hasSeparator {
                // As `placement` looks, each case where it looks.
                if let lastID, isLoaded(lastID) {
                    separatorAbove = isCandidate
                } else if lastID == nil, lastReadFallback, let instant = reads[read].lastRead {
                    separatorAbove = isCandidate && message.createdAt > instant
                } else if historyLoaded {
                    separatorAbove = isRegular(message)
                }
            }
        }
        if state == .loading { return (0, separatorAbove) }
        if let read, let count = reads[read].unreadMessages { return (max(0, count), separatorAbove) }
        if separatorAbove { return (isCandidate ? 1 : 0, true) }
        return (hasSeparator ? previous + (isCandidate ? 1 : 0) : 0, false)
    }

    /// A regular message or a thread reply: what Stream marks when everything is unread.
    static func isRegular(_ message: Message) -> Bool {
        message.type == .regular || message.type == .reply
    }

    /// The separator stands above, and the count counts, messages that are neither the
    /// current user's nor deleted.
    package static func isCandidate(_ message: Message, currentUserID: String?) -> Bool {
        !Identifier.same(message.user.id, currentUserID) && !message.isDeleted
    }

    /// The unread count for the scroll-to-latest button: none while the list is loading; else
    /// the server's, else the candidates from the separator (at `separator` in `list`, looked
    /// up only then) down.
    package static func unreadCount(in list: some UnreadSearchable, reads: [ReadState], currentUserID: String?,
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
package protocol UnreadSearchable {
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
    /// The position of the first message with an id, found already (nil: none has it).
    var known: (id: String, position: Int?)?

    init(messages: [Message], currentUserID: String?) {
        self.messages = messages
        self.currentUserID = currentUserID
    }

    var count: Int { messages.count }

    func message(at position: Int) -> Message { messages[position] }

    func position(ofMessage id: String) -> Int? {
        if let known, Identifier.same(known.id, id) { return known.position }
        return messages.firstIndex { Identifier.same($0.id, id) }
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

/// Where the unread separator stands (`position` in the shown messages, oldest first, if
/// anywhere) and which part of Stream's rule put it there or left it out.
struct UnreadPlacement: Sendable {
    var position: Int?
    var reason: Reason

    enum Reason: Sendable {
        /// `unread_separator_enabled` is off.
        case disabled
        /// No current user, or no read state of theirs.
        case noReadState
        /// `unread_messages` is 0 or negative: nothing is unread.
        case nothingUnread(Int)
        /// After the last read message (loaded); `counted` when `unread_messages` was given.
        case afterLastRead(String, counted: Bool)
        /// After the `last_read` time (`unread_last_read_fallback`).
        case afterLastReadTime
        /// No last read message loaded (this id, or none named), and older history may exist.
        case lastReadNotLoaded(String?)
        /// No last read message loaded (this id, or none named), and the whole history is loaded.
        case wholeHistory(String?)
    }

    /// For `explain`: why the separator stands where it does, or why there is none.
    var explanation: String {
        let placed = position != nil
        func named(_ id: String?) -> String {
            id.map { "your last read message '\(UntrustedText.shortened($0))' is not loaded" } ?? "no last read message"
        }
        switch reason {
        case .disabled: return "no unread separator: unread_separator_enabled is off"
        case .noReadState: return "no unread separator: you have no read state in this channel"
        case .nothingUnread(let count):
            return "no unread separator: unread_messages is \(count) (0 or less: nothing unread)"
        case .afterLastRead(let id, let counted):
            let source = counted ? "" : " (no unread_messages: the last read message decides)"
            return placed ? "first message after your last read message '\(UntrustedText.shortened(id))' that is not yours or deleted" + source
                : "no unread separator: no message after your last read message '\(UntrustedText.shortened(id))' is someone else's and not deleted" + source
        case .afterLastReadTime:
            return placed ? "first message after your last read time (unread_last_read_fallback)"
                : "no unread separator: no message after your last read time is someone else's and not deleted (unread_last_read_fallback)"
        case .lastReadNotLoaded(let id):
            return "no unread separator: \(named(id)), and older messages are not loaded"
        case .wholeHistory(let id):
            return placed ? "\(named(id)) and the whole history is loaded: everything is unread, from the oldest regular message"
                : "no unread separator: \(named(id)), the whole history is loaded, and no message is regular"
        }
    }
}
