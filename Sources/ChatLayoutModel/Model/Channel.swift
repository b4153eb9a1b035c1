/// What a channel's type enables (Stream's channel `config`).
public struct ChannelFeatures: Hashable, Sendable, Codable {
    /// Thread replies (`replies`).
    public var replies: Bool
    /// Reactions (`reactions`).
    public var reactions: Bool
    /// Read events (`read_events`): the read status of sent messages.
    public var readEvents: Bool
    /// Delivery events (`delivery_events`): the delivered status.
    public var deliveryEvents: Bool
    /// Typing events (`typing_events`): the typing indicator.
    public var typingEvents: Bool

    /// Features; by default all are on.
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
public struct Member: Hashable, Sendable, Codable {
    /// The member.
    public var user: User

    /// A member.
    public init(user: User) { self.user = user }
}

/// A channel.
public struct Channel: Hashable, Sendable, Codable {
    /// "type:id", e.g. "messaging:general".
    public var cid: String
    /// The channel's name, neutralised; a nameless channel is titled with the other members'
    /// names. Set, it is neutralised.
    public var name: String? {
        get { neutralName?.string }
        set { neutralName = newValue.map { NeutralText($0) } }
    }
    /// The channel's name, neutralised.
    public var neutralName: NeutralText?
    /// The member count as the server reports it; when absent, the members listed.
    public var memberCount: Int?
    /// How many users watch the channel now (`watcher_count`), as the server reports it: the
    /// header of a group channel says "4 members, 1 online" when it is known.
    public var watcherCount: Int?
    /// What the channel's type enables.
    public var features: ChannelFeatures
    /// When the channel was truncated (`truncated_at`): older messages are not shown.
    public var truncatedAt: Timestamp?
    /// The channel is frozen (Stream's `frozen`, Sendbird's `freeze`): no one but an operator
    /// may send. Sendbird's thread view says so in a banner (`frozen_banner`).
    public var isFrozen = false

    private enum CodingKeys: String, CodingKey { case cid, neutralName = "name", memberCount, watcherCount, features, truncatedAt }

    /// A channel; its name is neutralised.
    public init(cid: String = "", name: String? = nil, memberCount: Int? = nil, watcherCount: Int? = nil,
                features: ChannelFeatures = ChannelFeatures(), truncatedAt: Timestamp? = nil) {
        self.cid = cid
        self.neutralName = name.map { NeutralText($0) }
        self.memberCount = memberCount
        self.watcherCount = watcherCount
        self.features = features
        self.truncatedAt = truncatedAt
    }

    /// A direct-message channel: Stream creates them with an id of `!members-…` (its
    /// `isDirectMessageChannel`).
    public var isDirectMessageChannel: Bool {
        let id = cid.firstIndex(of: ":").map { cid[cid.index(after: $0)...] } ?? cid[...]
        return id.hasPrefix("!members")
    }
}

/// A member's read state (an entry of `read`).
public struct ReadState: Hashable, Sendable, Codable {
    /// Whose read state this is.
    public var user: User
    /// When they last read the channel (`last_read`).
    public var lastRead: Timestamp?
    /// The last message they read (`last_read_message_id`).
    public var lastReadMessageID: String?
    /// How many messages they have not read (`unread_messages`).
    public var unreadMessages: Int?
    /// When messages were last delivered to them (`last_delivered_at`).
    public var lastDeliveredAt: Timestamp?

    /// A read state.
    public init(user: User, lastRead: Timestamp? = nil, lastReadMessageID: String? = nil,
                unreadMessages: Int? = nil, lastDeliveredAt: Timestamp? = nil) {
        self.user = user
        self.lastRead = lastRead
        self.lastReadMessageID = lastReadMessageID
        self.unreadMessages = unreadMessages
        self.lastDeliveredAt = lastDeliveredAt
    }
}
