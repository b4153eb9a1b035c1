/// The state of a list as the document gives it (`message_list.state`, `thread_list.state`).
public enum ListLoadingState: String, Hashable, Sendable, CaseIterable {
    /// Nothing loaded yet.
    case loading
    case loaded
    case error
    case loadingMore = "loading_more"
    case reloading
}

/// A Stream thread (an entry of a thread-list response).
public struct ChatThread: Hashable, Sendable {
    public var parentMessageID: String
    public var parentMessage: Message?
    public var channel: Channel?
    public var title: String?
    public var replyCount: Int
    public var participantCount: Int
    public var threadParticipants: [User]
    public var latestReplies: [Message]
    public var read: [ReadState]
    public var lastMessageAt: Timestamp?
    public var createdAt: Timestamp?
    public var updatedAt: Timestamp?

    public init(parentMessageID: String, parentMessage: Message? = nil, channel: Channel? = nil, title: String? = nil,
                replyCount: Int = 0, participantCount: Int = 0, threadParticipants: [User] = [],
                latestReplies: [Message] = [], read: [ReadState] = [], lastMessageAt: Timestamp? = nil,
                createdAt: Timestamp? = nil, updatedAt: Timestamp? = nil) {
        self.parentMessageID = parentMessageID
        self.parentMessage = parentMessage
        self.channel = channel
        self.title = title
        self.replyCount = replyCount
        self.participantCount = participantCount
        self.threadParticipants = threadParticipants
        self.latestReplies = latestReplies
        self.read = read
        self.lastMessageAt = lastMessageAt
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }
}

/// Everything a document says about one chat screen: the input of every decision.
public struct Conversation: Hashable, Sendable {
    public var channel: Channel
    public var members: [Member]
    /// Messages in input order (the decisions sort them by time).
    public var messages: [Message]
    public var reads: [ReadState]
    public var typingUserIDs: [String]
    public var messageListState: ListLoadingState
    public var threads: [ChatThread]
    /// The thread list's paging cursor (`next`).
    public var threadsNext: String?
    public var threadListState: ListLoadingState
    /// Websocket events (`events`), in arrival order, to apply to the thread list before layout.
    public var events: [ThreadEvent]

    public init(channel: Channel = Channel(), members: [Member] = [], messages: [Message] = [], reads: [ReadState] = [],
                typingUserIDs: [String] = [], messageListState: ListLoadingState = .loaded, threads: [ChatThread] = [],
                threadsNext: String? = nil, threadListState: ListLoadingState = .loaded, events: [ThreadEvent] = []) {
        self.channel = channel
        self.members = members
        self.messages = messages
        self.reads = reads
        self.typingUserIDs = typingUserIDs
        self.messageListState = messageListState
        self.threads = threads
        self.threadsNext = threadsNext
        self.threadListState = threadListState
        self.events = events
    }

    /// The member count: the channel's, else the members listed.
    public var memberCount: Int { channel.memberCount ?? members.count }

    /// A direct channel: two members or fewer.
    public var isDirect: Bool { memberCount <= 2 }

    /// The user with an id, from members, then message authors; else a user with only the id.
    public func user(id: String) -> User {
        if let member = members.first(where: { $0.user.id == id }) { return member.user }
        if let author = messages.first(where: { $0.user.id == id })?.user { return author }
        return User(id: id)
    }
}

/// A decoded document: the conversation, its context and configuration, and the warnings
/// decoding raised (unknown message types, …).
public struct ConversationDocument: Hashable, Sendable {
    public var conversation: Conversation
    /// The document's `context`, where it gave one (fields it did not give stay `nil`).
    public var context: DocumentContext
    public var config: MessageListConfig
    public var warnings: [DocumentWarning]

    public init(conversation: Conversation, context: DocumentContext = DocumentContext(),
                config: MessageListConfig = MessageListConfig(), warnings: [DocumentWarning] = []) {
        self.conversation = conversation
        self.context = context
        self.config = config
        self.warnings = warnings
    }
}

/// The document's `context` as written: every field optional, to be completed by the caller
/// (the CLI's flags and environment) into a `LayoutContext`.
public struct DocumentContext: Hashable, Sendable {
    public var currentUserID: String?
    public var now: Timestamp?
    public var timeZone: String?
    public var locale: String?
    public var translationLanguage: String?

    public init(currentUserID: String? = nil, now: Timestamp? = nil, timeZone: String? = nil, locale: String? = nil, translationLanguage: String? = nil) {
        self.currentUserID = currentUserID
        self.now = now
        self.timeZone = timeZone
        self.locale = locale
        self.translationLanguage = translationLanguage
    }
}
