@_spi(ChatLayoutStages) import ChatLayoutModel

/// The messages a channel's list shows, oldest first, with what its decisions read of the list
/// as a whole: the header and the typing text, where the unread separator stands and how many
/// messages are unread, the messages it leaves out. Each is one pass over the messages at most,
/// with nothing formatted or measured per message, so the decisions of the list's last
/// messages can be made without deciding the rest (`MessageListResolver.decisions(_:from:explain:)`).
package struct ShownMessageList: Sendable {
    /// The conversation whose list this is.
    let conversation: Conversation
    /// The shown messages, oldest first; none while the list is loading.
    package let messages: [Message]
    /// The messages left out, in input order, and why.
    let hidden: [HiddenMessage]
    /// Whether the list shows its messages (not while it is loading).
    let showsMessages: Bool
    /// The typing indicator's text.
    let typing: String?
    /// The channel header.
    let header: ChannelHeader
    /// The position in `messages` of the message the unread separator stands above.
    let firstUnread: Int?
    /// Why the unread separator stands there, or is missing.
    let unreadPlacement: UnreadPlacement?
    /// The unread count the scroll-to-latest button carries.
    let unreadCount: Int
    /// The id of the first unread message, where the list jumps to the first unread one (the
    /// unread separator's message; found by the same rule when the separator is off and
    /// `jump_to_unread_enabled` or `jump_to_unread_when_opening` needs it).
    let firstUnreadMessageID: String?
    /// What the other members have read and received.
    let delivery: DeliveryState
    /// Who a user id is (typing names, thread participants without a name): built over the
    /// messages on the first lookup past the members, then kept, and shared by every copy.
    let users: UserDirectory.Lazy
}

extension MessageListResolver {
    /// The shown messages of `conversation` sorted, with the list's header, unread separator
    /// and unread count: everything the decisions of a message read beyond its neighbours.
    package func shownList(_ conversation: Conversation) -> ShownMessageList {
        let currentUserID = context.currentUserID
        // One directory answers "who is this id" for the batch list, as for the incremental one.
        let users = UserDirectory.Lazy(conversation)
        let typing = typingText(conversation) { users.user($0) }
        let header = header(conversation, typing: typing)
        // While it loads, the list shows none of them.
        let showsMessages = MessageVisibility.showsMessages(conversation.messageListState)
        // One pass: the hidden messages, the order, and where the last read message is.
        let lastReadID = showsMessages ? UnreadResolver.currentRead(conversation.reads, currentUserID: currentUserID)?.lastReadMessageID : nil
        let (unsorted, hidden, isOldestFirst, lastReadPosition) = partition(conversation, finding: lastReadID)
        let messages = showsMessages ? (isOldestFirst ? unsorted : SortKey.sorted(unsorted)) : []
        var firstUnread: Int?
        var unreadPlacement: UnreadPlacement?
        var unreadCount = 0
        var firstUnreadMessageID: String?
        if showsMessages {
            var sorted = SortedMessages(messages: messages, currentUserID: currentUserID)
            // In their input order, the last read message is where the pass found it.
            if isOldestFirst, let lastReadID { sorted.known = (lastReadID, lastReadPosition) }
            unreadPlacement = UnreadResolver.placement(in: sorted, reads: conversation.reads, currentUserID: currentUserID,
                                                       config: config, historyLoaded: conversation.historyLoaded)
            firstUnread = unreadPlacement?.position
            unreadCount = UnreadResolver.unreadCount(in: sorted, reads: conversation.reads, currentUserID: currentUserID,
                                                     state: conversation.messageListState, separator: firstUnread)
            firstUnreadMessageID = UnreadResolver.firstUnreadPosition(in: sorted, reads: conversation.reads, currentUserID: currentUserID,
                                                                      config: config, historyLoaded: conversation.historyLoaded,
                                                                      separator: firstUnread).map { messages[$0].id }
        }
        return ShownMessageList(conversation: conversation, messages: messages, hidden: hidden, showsMessages: showsMessages,
                                typing: typing, header: header, firstUnread: firstUnread, unreadPlacement: unreadPlacement, unreadCount: unreadCount,
                                firstUnreadMessageID: firstUnreadMessageID,
                                delivery: DeliveryState(conversation: conversation, currentUserID: currentUserID), users: users)
    }
}
