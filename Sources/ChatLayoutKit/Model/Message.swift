/// The type of a message (Stream's `type`).
public enum MessageType: String, Hashable, Sendable, CaseIterable {
    case regular, reply, system, error, ephemeral, deleted
}

/// The client-side send state of a message (`local_state`, our extension of Stream's payload).
public enum LocalState: String, Hashable, Sendable, CaseIterable {
    case pendingSend = "pending_send"
    case sending
    case sendingFailed = "sending_failed"
    case pendingSync = "pending_sync"
    case syncing
    case syncingFailed = "syncing_failed"
    case deleting
    case deletingFailed = "deleting_failed"

    /// The last action failed (`sending_failed`, `syncing_failed`, `deleting_failed`).
    public var isFailed: Bool {
        switch self {
        case .sendingFailed, .syncingFailed, .deletingFailed: return true
        default: return false
        }
    }

    /// An action is under way (pending, sending, syncing, deleting).
    public var isInProgress: Bool {
        switch self {
        case .pendingSend, .sending, .pendingSync, .syncing, .deleting: return true
        default: return false
        }
    }
}

/// A reaction by one user.
public struct Reaction: Hashable, Sendable {
    public var type: String
    public var userID: String?

    public init(type: String, userID: String? = nil) {
        self.type = type
        self.userID = userID
    }
}

/// An attachment (image, video, file, audio, giphy, voice recording, link…).
public struct Attachment: Hashable, Sendable {
    public var type: String
    public var title: String?

    public init(type: String, title: String? = nil) {
        self.type = type
        self.title = title
    }
}

/// The message a message quotes, as far as layout needs it.
public struct QuotedMessage: Hashable, Sendable {
    public var id: String
    public var text: String
    public var user: User
    public var attachments: [Attachment]
    public var isDeleted: Bool

    public init(id: String, text: String, user: User, attachments: [Attachment] = [], isDeleted: Bool = false) {
        self.id = id
        self.text = text
        self.user = user
        self.attachments = attachments
        self.isDeleted = isDeleted
    }
}

/// A chat message, in the shape of Stream's message payload.
public struct Message: Hashable, Sendable, Identifiable {
    public var id: String
    /// The text as sent (not yet neutralised: the layout neutralises it).
    public var text: String
    public var type: MessageType
    public var user: User
    public var createdAt: Timestamp
    public var deletedAt: Timestamp?
    /// When the text was last edited.
    public var messageTextUpdatedAt: Timestamp?
    /// The thread root this message replies to.
    public var parentID: String?
    /// A thread reply that was also sent to the channel.
    public var showInChannel: Bool
    public var replyCount: Int
    public var threadParticipants: [User]
    public var quotedMessage: QuotedMessage?
    public var latestReactions: [Reaction]
    /// Reaction counts by type, in payload order.
    public var reactionScores: [(type: String, score: Int)]
    public var attachments: [Attachment]
    /// A slash command ("giphy").
    public var command: String?
    /// The original language (`i18n.language`).
    public var language: String?
    /// Automatic translations by language (`i18n.<lang>_text`).
    public var translations: [String: String]
    public var pinned: Bool
    public var localState: LocalState?
    /// Stream moderation bounced the message (shown to its author as an error to fix).
    public var isBounced: Bool

    public init(
        id: String, text: String = "", type: MessageType = .regular, user: User, createdAt: Timestamp,
        deletedAt: Timestamp? = nil, messageTextUpdatedAt: Timestamp? = nil, parentID: String? = nil,
        showInChannel: Bool = false, replyCount: Int = 0, threadParticipants: [User] = [],
        quotedMessage: QuotedMessage? = nil, latestReactions: [Reaction] = [],
        reactionScores: [(type: String, score: Int)] = [], attachments: [Attachment] = [],
        command: String? = nil, language: String? = nil, translations: [String: String] = [:],
        pinned: Bool = false, localState: LocalState? = nil, isBounced: Bool = false
    ) {
        self.id = id
        self.text = text
        self.type = type
        self.user = user
        self.createdAt = createdAt
        self.deletedAt = deletedAt
        self.messageTextUpdatedAt = messageTextUpdatedAt
        self.parentID = parentID
        self.showInChannel = showInChannel
        self.replyCount = replyCount
        self.threadParticipants = threadParticipants
        self.quotedMessage = quotedMessage
        self.latestReactions = latestReactions
        self.reactionScores = reactionScores
        self.attachments = attachments
        self.command = command
        self.language = language
        self.translations = translations
        self.pinned = pinned
        self.localState = localState
        self.isBounced = isBounced
    }

    /// Deleted: `deleted_at` is set or the type is `deleted` (SPEC §2).
    public var isDeleted: Bool { deletedAt != nil || type == .deleted }

    /// The message list of a channel shows it: not a thread reply, or one also sent to the
    /// channel (SPEC §3.1).
    public var isShownInChannel: Bool { parentID == nil || showInChannel }

    public static func == (lhs: Message, rhs: Message) -> Bool {
        lhs.id == rhs.id && lhs.text == rhs.text && lhs.type == rhs.type && lhs.user == rhs.user
            && lhs.createdAt == rhs.createdAt && lhs.deletedAt == rhs.deletedAt
            && lhs.messageTextUpdatedAt == rhs.messageTextUpdatedAt && lhs.parentID == rhs.parentID
            && lhs.showInChannel == rhs.showInChannel && lhs.replyCount == rhs.replyCount
            && lhs.threadParticipants == rhs.threadParticipants && lhs.quotedMessage == rhs.quotedMessage
            && lhs.latestReactions == rhs.latestReactions
            && lhs.reactionScores.map(\.type) == rhs.reactionScores.map(\.type)
            && lhs.reactionScores.map(\.score) == rhs.reactionScores.map(\.score)
            && lhs.attachments == rhs.attachments && lhs.command == rhs.command
            && lhs.language == rhs.language && lhs.translations == rhs.translations
            && lhs.pinned == rhs.pinned && lhs.localState == rhs.localState && lhs.isBounced == rhs.isBounced
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(id)
        hasher.combine(createdAt)
        hasher.combine(text)
    }
}
