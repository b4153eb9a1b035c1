/// The unread separator, by Stream's rule (its `UnreadMessageLookup`): it stands above the
/// first message after the current user's `last_read_message_id` that is neither theirs nor
/// deleted, and only while they have unread messages. When the payload gives no last read
/// message — or names one that is not loaded — everything loaded is unread only if the whole
/// history is loaded: the separator then stands above the oldest regular message; otherwise
/// there is none. The `last_read` instant is used only with `unread_last_read_fallback`.
enum UnreadResolver {
    /// Where the separator goes, before it is looked up in a list.
    enum Start: Equatable {
        /// No separator.
        case none
        /// Above the first candidate after this message (the last one read).
        case afterMessage(String)
        /// Above the first candidate created after this instant (`unread_last_read_fallback`).
        case afterInstant(Timestamp)
        /// Above the oldest regular (or reply) message: everything loaded is unread.
        case oldestRegular
    }

    /// Where the separator goes for the current user's read state. `isLoaded` says whether a
    /// message id is in the list.
    static func start(reads: [ReadState], currentUserID: String?, config: MessageListConfig, historyLoaded: Bool,
                      isLoaded: (String) -> Bool) -> Start {
        guard config.unreadSeparatorEnabled, let currentUserID,
              let read = reads.first(where: { Identifier.same($0.user.id, currentUserID) }) else { return .none }
        // Stream shows it only while the channel's unread count is above 0; a payload without
        // the count leaves the last read message to decide.
        if let count = read.unreadMessages, count <= 0 { return .none }
        if let lastID = read.lastReadMessageID, isLoaded(lastID) { return .afterMessage(lastID) }
        if read.lastReadMessageID == nil, config.unreadLastReadFallback, let lastRead = read.lastRead {
            return .afterInstant(lastRead)
        }
        return historyLoaded ? .oldestRegular : .none
    }

    /// The index (in `messages`, oldest first) the separator stands above, if any.
    static func firstUnreadIndex(_ messages: [Message], reads: [ReadState], currentUserID: String?,
                                 config: MessageListConfig, historyLoaded: Bool) -> Int? {
        // The last read message, looked for once (a scan: cheaper than indexing every id).
        let lastRead = reads.first { Identifier.same($0.user.id, currentUserID) }?.lastReadMessageID
        let lastReadIndex = lastRead.flatMap { id in messages.firstIndex { Identifier.same($0.id, id) } }
        switch start(reads: reads, currentUserID: currentUserID, config: config, historyLoaded: historyLoaded,
                     isLoaded: { id in lastReadIndex != nil && Identifier.same(id, lastRead) }) {
        case .none:
            return nil
        case .afterMessage:
            let from = lastReadIndex! + 1 // `isLoaded` said it is there
            return messages[from...].firstIndex { isCandidate($0, currentUserID: currentUserID) }
        case .afterInstant(let instant):
            let from = messages.firstIndex { $0.createdAt > instant } ?? messages.count
            return messages[from...].firstIndex { isCandidate($0, currentUserID: currentUserID) }
        case .oldestRegular:
            return messages.firstIndex(where: isRegular)
        }
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

    /// The unread count for the scroll-to-latest button: the server's, else the messages
    /// counted from the separator.
    static func unreadCount(_ messages: [Message], reads: [ReadState], currentUserID: String?, firstUnread: Int?) -> Int {
        if let count = reads.first(where: { Identifier.same($0.user.id, currentUserID) })?.unreadMessages {
            return max(0, count)
        }
        guard let firstUnread else { return 0 }
        return messages[firstUnread...].filter { isCandidate($0, currentUserID: currentUserID) }.count
    }
}

/// The typing indicator text (SPEC §3.4): the current user excluded. Names are neutralised
/// (SPEC §2): they are other people's text, like messages. A name with right-to-left letters
/// or bidi controls is set in the phrase as a first-strong isolate (FSI … PDI, UAX #9): it
/// keeps its own direction without turning the phrase around it ("שרה is typing…" stays an
/// English sentence). Other names are set as they are, so the text stays plain for them.
enum TypingText {
    /// `user` finds a user by id (``Conversation/user(id:)``).
    static func text(_ userIDs: [String], user: (String) -> User, currentUserID: String?,
                     strings: ChatStrings, formatter: any LocaleFormatting) -> String? {
        var seen = Set<IDKey>()
        let names = userIDs.filter { !Identifier.same($0, currentUserID) && seen.insert(IDKey($0)).inserted }
            .map { isolatedIfNeeded(UntrustedText.neutralize(user($0).displayName)) }
        switch names.count {
        case 0: return nil
        case 1: return strings.oneTyping.filling(["name": names[0]])
        case 2: return strings.twoTyping.filling(["first": names[0], "second": names[1]])
        default: return strings.manyTyping.text(names.count, using: formatter)
        }
    }

    /// `name` between FSI and PDI when it could turn the phrase around it: it has a letter of
    /// a right-to-left script (Hebrew, Arabic, Syriac, Thaana, N'Ko, Samaritan, Mandaic and
    /// the other scripts of U+0590–U+08FF, their presentation forms, and the right-to-left
    /// ranges of the supplementary planes) or a bidi control.
    static func isolatedIfNeeded(_ name: String) -> String {
        let turnsPhrases = name.unicodeScalars.contains { scalar in
            switch scalar.value {
            case 0x0590 ... 0x08FF, 0xFB1D ... 0xFDFF, 0xFE70 ... 0xFEFF, 0x10800 ... 0x10FFF, 0x1E800 ... 0x1EFFF,
                 0x061C, 0x200F, 0x202A ... 0x202E, 0x2066 ... 0x2069: true
            default: false
            }
        }
        return turnsPhrases ? "\u{2068}\(name)\u{2069}" : name
    }
}

/// The channel header (SPEC §3.4).
enum HeaderResolver {
    static func header(_ conversation: Conversation, currentUserID: String?, typing: String?,
                       config: MessageListConfig, strings: ChatStrings, formatter: any LocaleFormatting) -> ChannelHeader {
        let title = ChannelNamer.title(of: conversation.channel, members: conversation.members.map(\.user),
                                       currentUserID: currentUserID, strings: strings)
        let count = conversation.memberCount
        // No member count known (an export without members): no count rather than "0 members".
        var subtitle = count > 0 ? strings.members.text(count, using: formatter) : ""
        if config.typingIndicatorPlacement == .navigationBar, let typing { subtitle = typing }
        return ChannelHeader(title: UntrustedText.neutralize(title), subtitle: subtitle, memberCount: count)
    }
}
