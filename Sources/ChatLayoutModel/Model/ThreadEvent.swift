/// A Stream websocket event that changes the thread list (the document field `events`),
/// applied in order by ``ThreadListState/reduce(_:_:currentUserID:)`` before layout (<doc:ThreadList>).
public enum ThreadEvent: Hashable, Sendable, Codable {
    /// `notification.thread_message_new`: a new `reply` in the thread whose parent message is
    /// `parentMessageID` (the reply's `parent_id`, else the event's `thread.parent_message_id`).
    /// `thread` is the thread as the event gave it, when it did; `createdAt` is the event's time.
    case threadMessageNew(reply: Message, parentMessageID: String, thread: ChatThread?, createdAt: Timestamp?)

    /// `thread.updated`: the fields of a thread that the event carries.
    case threadUpdated(ThreadPartial, createdAt: Timestamp?)

    /// `message.read`: `user` read up to `lastReadMessageID` at `createdAt`, in the thread whose
    /// parent message is `parentMessageID` (nil for a read of the channel itself, which names no
    /// thread and leaves the thread list as it is).
    case messageRead(user: User, parentMessageID: String?, lastReadMessageID: String?, createdAt: Timestamp?)

    /// `message.deleted`: `message` (a thread's parent, a reply, or any other message) was deleted;
    /// `hardDelete` when it is gone for good rather than shown as "This message was deleted.".
    /// `createdAt` is the event's time, the deletion time when the message has no `deleted_at`.
    case messageDeleted(message: Message, hardDelete: Bool, createdAt: Timestamp?)

    /// An event of another type (`typing.start`, `reaction.new`, …): decoded, kept, and ignored.
    case unknown(type: String)

    /// Stream's name of the event type (`notification.thread_message_new`, …).
    public var type: String {
        switch self {
        case .threadMessageNew: "notification.thread_message_new"
        case .threadUpdated: "thread.updated"
        case .messageRead: "message.read"
        case .messageDeleted: "message.deleted"
        case .unknown(let type): type
        }
    }
}

/// A thread as a `thread.updated` event gives it: the parent message id and whichever fields the
/// event carries (Stream's `ThreadPartialPayload`); a field left nil is not part of the update.
public struct ThreadPartial: Hashable, Sendable, Codable {
    /// The thread's id: its parent message's id.
    public var parentMessageID: String
    /// The new title.
    public var title: String?
    /// The new reply count.
    public var replyCount: Int?
    /// The new participant count.
    public var participantCount: Int?
    /// When the latest reply was sent.
    public var lastMessageAt: Timestamp?
    /// When the thread was created.
    public var createdAt: Timestamp?
    /// When the thread was updated.
    public var updatedAt: Timestamp?

    /// An update of the thread `parentMessageID`.
    public init(parentMessageID: String, title: String? = nil, replyCount: Int? = nil, participantCount: Int? = nil,
                lastMessageAt: Timestamp? = nil, createdAt: Timestamp? = nil, updatedAt: Timestamp? = nil) {
        self.parentMessageID = parentMessageID
        self.title = title
        self.replyCount = replyCount
        self.participantCount = participantCount
        self.lastMessageAt = lastMessageAt
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }
}
