/// What a channel's type enables (Stream's channel `config`).
public struct ChannelFeatures: Hashable, Sendable {
    /// Thread replies (`replies`).
    public var replies: Bool
    public var reactions: Bool
    public var readEvents: Bool
    public var deliveryEvents: Bool
    public var typingEvents: Bool

    public init(replies: Bool = true, reactions: Bool = true, readEvents: Bool = true,
                deliveryEvents: Bool = true, typingEvents: Bool = true) {
        self.replies = replies
        self.reactions = reactions
        self.readEvents = readEvents
        self.deliveryEvents = deliveryEvents
        self.typingEvents = typingEvents
    }
}

/// A channel member.
public struct Member: Hashable, Sendable {
    public var user: User

    public init(user: User) { self.user = user }
}

/// A channel.
public struct Channel: Hashable, Sendable {
    /// "type:id", e.g. "messaging:general".
    public var cid: String
    public var name: String?
    /// The member count as the server reports it; when absent, the members listed.
    public var memberCount: Int?
    public var features: ChannelFeatures

    public init(cid: String = "", name: String? = nil, memberCount: Int? = nil, features: ChannelFeatures = ChannelFeatures()) {
        self.cid = cid
        self.name = name
        self.memberCount = memberCount
        self.features = features
    }
}

/// A member's read state (an entry of `read`).
public struct ReadState: Hashable, Sendable {
    public var user: User
    public var lastRead: Timestamp?
    public var lastReadMessageID: String?
    public var unreadMessages: Int?
    public var lastDeliveredAt: Timestamp?

    public init(user: User, lastRead: Timestamp? = nil, lastReadMessageID: String? = nil,
                unreadMessages: Int? = nil, lastDeliveredAt: Timestamp? = nil) {
        self.user = user
        self.lastRead = lastRead
        self.lastReadMessageID = lastReadMessageID
        self.unreadMessages = unreadMessages
        self.lastDeliveredAt = lastDeliveredAt
    }
}
