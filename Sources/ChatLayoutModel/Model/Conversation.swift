/// The state of a list as the document gives it (`message_list.state`, `thread_list.state`).
public enum ListLoadingState: String, Hashable, Sendable, Codable, CaseIterable {
    /// Nothing loaded yet.
    case loading
    /// Loaded (the default).
    case loaded
    /// Loading failed.
    case error
    /// The next page is loading.
    case loadingMore = "loading_more"
    /// Loading again from the first page.
    case reloading
}

/// A Stream thread (an entry of a thread-list response).
public struct ChatThread: Hashable, Sendable, Codable {
    /// The thread's id: its parent message's id (`parent_message_id`).
    public var parentMessageID: String
    /// The parent message (`parent_message`).
    public var parentMessage: Message?
    /// The channel the thread is in.
    public var channel: Channel?
    /// The thread's title, when it has one, neutralised. Set, it is neutralised.
    public var title: String? {
        get { neutralTitle?.string }
        set { neutralTitle = newValue.map { NeutralText($0) } }
    }
    /// The thread's title, neutralised.
    public var neutralTitle: NeutralText?
    /// Replies in the thread (`reply_count`).
    public var replyCount: Int
    /// Participants in the thread (`participant_count`).
    public var participantCount: Int
    /// Some of the participants (`thread_participants`).
    public var threadParticipants: [User]
    /// The latest replies, oldest first (`latest_replies`).
    public var latestReplies: [Message]
    /// The participants' read states in the thread (`read`).
    public var read: [ReadState]
    /// When the latest reply was sent (`last_message_at`).
    public var lastMessageAt: Timestamp?
    /// When the thread was created (`created_at`).
    public var createdAt: Timestamp?
    /// When the thread was last updated (`updated_at`).
    public var updatedAt: Timestamp?

    private enum CodingKeys: String, CodingKey {
        case parentMessageID, parentMessage, channel, neutralTitle = "title", replyCount, participantCount, threadParticipants,
             latestReplies, read, lastMessageAt, createdAt, updatedAt
    }

    /// A thread; its title is neutralised.
    public init(parentMessageID: String, parentMessage: Message? = nil, channel: Channel? = nil, title: String? = nil,
                replyCount: Int = 0, participantCount: Int = 0, threadParticipants: [User] = [],
                latestReplies: [Message] = [], read: [ReadState] = [], lastMessageAt: Timestamp? = nil,
                createdAt: Timestamp? = nil, updatedAt: Timestamp? = nil) {
        self.parentMessageID = parentMessageID
        self.parentMessage = parentMessage
        self.channel = channel
        self.neutralTitle = title.map { NeutralText($0) }
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
public struct Conversation: Hashable, Sendable, Codable {
    /// The channel (`channel`).
    public var channel: Channel
    /// The channel's members (`members`).
    public var members: [Member]
    /// Messages in input order (the decisions sort them by time).
    public var messages: [Message]
    /// The members' read states (`read`).
    public var reads: [ReadState]
    /// Who is typing now (`typing_user_ids`).
    public var typingUserIDs: [String]
    /// The message list's state (`message_list.state`): `loading` shows the loading state.
    public var messageListState: ListLoadingState
    /// The threads of a thread list (`threads`), in the document's order.
    public var threads: [ChatThread]
    /// The thread list's paging cursor (`next`).
    public var threadsNext: String?
    /// The thread list's state (`thread_list.state`).
    public var threadListState: ListLoadingState
    /// Websocket events (`events`), in arrival order, to apply to the thread list before layout.
    public var events: [ThreadEvent]
    /// The oldest message loaded is the channel's first: no older page is left to load
    /// (Stream's `hasLoadedAllPreviousMessages`). Only then does the oldest message get a date
    /// separator, and an unread state without a last read message mark it unread. Decoded from
    /// `message_list.history_loaded`, else true when the payload has fewer messages than
    /// `config.page_size` (a page came back short, as Stream's paging decides it). Default true.
    public var historyLoaded: Bool = true
    /// A page of older messages is loading (Stream's `isLoadingPreviousMessages`,
    /// `message_list.loading_older`): a loading row stands above the oldest message loaded.
    /// `message_list.state: "loading_more"` says the same (the message list's next page is
    /// the older one). Default false.
    public var isLoadingOlderMessages = false
    /// A page of newer messages is loading (Stream's `isLoadingNextMessages`, after a jump
    /// away from the newest page; `message_list.loading_newer`): a loading row stands under
    /// the newest message loaded. Default false.
    public var isLoadingNewerMessages = false

    /// Whether the message list shows the older page's loading row: ``isLoadingOlderMessages``,
    /// or the list's state `loading_more`.
    package var loadsOlderPage: Bool { isLoadingOlderMessages || messageListState == .loadingMore }

    /// A conversation; everything defaults to empty.
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
    /// One lookup walks the members and messages; the decisions, which look up every typing
    /// user and nameless thread participant, answer the same from an index built once.
    public func user(id: String) -> User {
        if let member = members.first(where: { Identifier.same($0.user.id, id) }) { return member.user }
        if let author = messages.first(where: { Identifier.same($0.user.id, id) })?.user { return author }
        return User(id: id)
    }
}

/// A decoded document: the conversation, its context and configuration, and the warnings
/// decoding raised (unknown message types, …).
public struct ConversationDocument: Hashable, Sendable {
    /// The conversation.
    public var conversation: Conversation
    /// The document's `context`, where it gave one (fields it did not give stay `nil`).
    public var context: DocumentContext
    /// The document's `config`, with defaults for what it did not give.
    public var config: MessageListConfig
    /// What decoding noticed without stopping (printed on stderr by the CLI).
    public var warnings: [DocumentWarning]
    /// The keys of the document's top-level object, in order (what ``requireContent(for:)``
    /// names when the document has nothing a command reads).
    public var topLevelKeys: [String]
    /// The profile ``config`` starts from and which of its options the document set.
    public var configProvenance = ConfigProvenance()

    /// A document.
    public init(conversation: Conversation, context: DocumentContext = DocumentContext(),
                config: MessageListConfig = MessageListConfig(), warnings: [DocumentWarning] = [],
                topLevelKeys: [String] = []) {
        self.conversation = conversation
        self.context = context
        self.config = config
        self.warnings = warnings
        self.topLevelKeys = topLevelKeys
    }

    /// What a command lays out from a document.
    public enum Use: Hashable, Sendable {
        /// A channel's message list (`preview`, `explain`).
        case messageList
        /// A thread list (`threads`).
        case threadList
        /// One thread (`thread`).
        case threadView
    }

    /// Checks that the document has something `use` reads: a message list reads `messages`,
    /// `channel`, `channels` or `message` (a single-message response); a thread list `threads`
    /// or `thread` (a single-thread response); a thread view any of those. A document with
    /// none of them would lay out as an empty screen, its data silently lost.
    ///
    /// - Throws: a ``DocumentError`` at the top level naming what was expected and the keys
    ///   found ("expected messages, channels, channel or message; found keys: user, me").
    public func requireContent(for use: Use) throws(DocumentError) {
        let expected: [String]
        switch use {
        case .messageList: expected = ["messages", "channels", "channel", "message"]
        case .threadList: expected = ["threads", "thread"]
        case .threadView: expected = ["messages", "channels", "channel", "message", "threads", "thread"]
        }
        guard !topLevelKeys.contains(where: expected.contains) else { return }
        let found = topLevelKeys.isEmpty ? "none" : topLevelKeys.prefix(12).map { UntrustedText.shortened($0) }.joined(separator: ", ")
            + (topLevelKeys.count > 12 ? " and \(topLevelKeys.count - 12) more" : "")
        var hint = ""
        if use == .messageList && topLevelKeys.contains("thread") {
            hint = " (a single-thread response: lay it out with `threads` or `thread --parent`)"
        } else if use == .threadList && topLevelKeys.contains(where: ["messages", "channels", "channel", "message"].contains) {
            hint = " (a message list: lay it out with `preview`, or one thread with `thread --parent`)"
        }
        let listed = expected.dropLast().joined(separator: ", ") + " or " + expected.last!
        throw DocumentError(path: "", line: nil, column: nil, message: "expected \(listed); found keys: \(found)\(hint)")
    }
}

/// The document's `context` as written: every field optional, to be completed by the caller
/// (the CLI's flags and environment) into a `LayoutContext`.
public struct DocumentContext: Hashable, Sendable {
    /// `current_user_id`.
    public var currentUserID: String?
    /// `now`.
    public var now: Timestamp?
    /// `time_zone`.
    public var timeZone: String?
    /// `locale`.
    public var locale: String?
    /// `translation_language`.
    public var translationLanguage: String?
    /// `currentUserID` was not written in `context` but taken from the channel's
    /// `membership` (the current user's own membership, in Stream's channel responses).
    public var currentUserFromMembership = false

    /// A context as written.
    public init(currentUserID: String? = nil, now: Timestamp? = nil, timeZone: String? = nil, locale: String? = nil, translationLanguage: String? = nil) {
        self.currentUserID = currentUserID
        self.now = now
        self.timeZone = timeZone
        self.locale = locale
        self.translationLanguage = translationLanguage
    }
}
