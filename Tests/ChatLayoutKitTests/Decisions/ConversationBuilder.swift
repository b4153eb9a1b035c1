import ChatLayoutICU
import ChatLayoutKit
import Testing

/// The people of the scenarios. Luke is the current user unless a scenario says otherwise.
enum Cast {
    static let luke = User(id: "luke", name: "Luke")
    static let leia = User(id: "leia", name: "Leia")
    static let han = User(id: "han", name: "Han")
    static let chewie = User(id: "chewie", name: "Chewie")

    static func user(_ id: String) -> User {
        [luke, leia, han, chewie].first { $0.id == id } ?? User(id: id)
    }
}

/// An instant written as RFC 3339; a typo stops the test run at once.
func instant(_ rfc3339: String) -> Timestamp {
    guard let timestamp = Timestamp(rfc3339: rfc3339) else { fatalError("not RFC 3339: \(rfc3339)") }
    return timestamp
}

/// `base` plus `offset` seconds, to the nanosecond (60.000000001 is exact).
func instant(_ base: Timestamp, plus offset: Double) -> Timestamp {
    let whole = offset.rounded(.down)
    return Timestamp(seconds: base.seconds + Int64(whole),
                     nanoseconds: base.nanoseconds + Int32(((offset - whole) * 1e9).rounded()))
}

/// A message-list scenario, one message a line:
///
///     let list = try ConversationBuilder()
///         .message("m1", by: "leia", at: 0)
///         .message("m2", by: "leia", at: 60)
///         .resolve()
///     #expect(list.position("m2") == .bottom)
///
/// Defaults: a four-member group channel "General" (Luke, Leia, Han, Chewie), Luke is the
/// current user, messages from 2024-03-05T09:00:00Z, now 2024-03-05T10:00:00Z, Europe/Berlin,
/// en_US, and Stream's default configuration.
struct ConversationBuilder {
    /// Offsets given to `message(_:by:at:)` count from here.
    var start = instant("2024-03-05T09:00:00Z")
    var conversation = Conversation(
        channel: Channel(cid: "messaging:general", name: "General"),
        members: [Cast.luke, Cast.leia, Cast.han, Cast.chewie].map(Member.init(user:))
    )
    var config = MessageListConfig()
    var context = LayoutContext(currentUserID: "luke", now: instant("2024-03-05T10:00:00Z"),
                                timeZone: "Europe/Berlin", locale: "en_US")

    /// A message by `author`, `offset` seconds after `start`.
    func message(_ id: String, by author: String, at offset: Double = 0, text: String = "Hello",
                 _ adjust: (inout Message) -> Void = { _ in }) -> Self {
        message(id, by: author, at: instant(start, plus: offset), text: text, adjust)
    }

    /// A message by `author` at an RFC 3339 instant.
    func message(_ id: String, by author: String, at rfc3339: String, text: String = "Hello",
                 _ adjust: (inout Message) -> Void = { _ in }) -> Self {
        message(id, by: author, at: instant(rfc3339), text: text, adjust)
    }

    func message(_ id: String, by author: String, at createdAt: Timestamp, text: String,
                 _ adjust: (inout Message) -> Void) -> Self {
        var message = Message(id: id, text: text, user: Cast.user(author), createdAt: createdAt)
        adjust(&message)
        var copy = self
        copy.conversation.messages.append(message)
        return copy
    }

    func config(_ adjust: (inout MessageListConfig) -> Void) -> Self {
        var copy = self
        adjust(&copy.config)
        return copy
    }

    func context(_ adjust: (inout LayoutContext) -> Void) -> Self {
        var copy = self
        adjust(&copy.context)
        return copy
    }

    func channel(_ adjust: (inout Channel) -> Void) -> Self {
        var copy = self
        adjust(&copy.conversation.channel)
        return copy
    }

    func features(_ adjust: (inout ChannelFeatures) -> Void) -> Self {
        channel { adjust(&$0.features) }
    }

    func conversation(_ adjust: (inout Conversation) -> Void) -> Self {
        var copy = self
        adjust(&copy.conversation)
        return copy
    }

    /// The channel's members, by id (the member count follows unless the channel sets one).
    func members(_ ids: String...) -> Self {
        conversation { $0.members = ids.map { Member(user: Cast.user($0)) } }
    }

    /// A direct channel: Luke and Leia.
    func direct() -> Self { members("luke", "leia") }

    /// A read state (an entry of `read`).
    func read(by userID: String, lastRead: Timestamp? = nil, lastReadMessageID: String? = nil,
              unreadMessages: Int? = nil, lastDeliveredAt: Timestamp? = nil) -> Self {
        conversation {
            $0.reads.append(ReadState(user: Cast.user(userID), lastRead: lastRead, lastReadMessageID: lastReadMessageID,
                                      unreadMessages: unreadMessages, lastDeliveredAt: lastDeliveredAt))
        }
    }

    /// `offset` seconds after `start`, for read states.
    func at(_ offset: Double) -> Timestamp { instant(start, plus: offset) }

    func typing(_ userIDs: String...) -> Self {
        conversation { $0.typingUserIDs = userIDs }
    }

    /// The decisions, with ICU formatting in the context's locale and time zone.
    func resolve(explain: Bool = false) throws -> ResolvedMessageList {
        let formatter = try ICULocaleFormatter(locale: context.locale, timeZone: context.timeZone)
        let resolver = MessageListResolver(try LayoutEnvironment(config: config, context: context, formatter: formatter,
                                                                 measurer: ICUTextEngine()))
        return ResolvedMessageList(decisions: resolver.resolve(conversation, explain: explain))
    }

    /// The layout options of one message, resolved in this scenario.
    func options(of id: String) throws -> MessageLayoutOptions {
        try resolve().options(id)
    }
}

/// The decisions of a scenario, queried by message id.
struct ResolvedMessageList {
    var decisions: MessageListDecisions

    var items: [MessageListItem] { decisions.items }
    var messages: [MessageDecision] { decisions.messages }
    var header: ChannelHeader { decisions.header }

    /// Message ids, top to bottom.
    var order: [String] { messages.map(\.message.id) }

    /// Group positions, top to bottom.
    var positions: [GroupPosition] { messages.map(\.position) }

    /// The list's rows in short: "date Today", "unread Unread messages", "m1",
    /// "typing Leia is typing…", "empty No messages yet", "loading Loading…", "older Loading…",
    /// "newer Loading…".
    var rows: [String] { items.map(Self.row) }

    /// One row in short, as ``rows`` has it.
    static func row(_ item: MessageListItem) -> String {
        switch item {
        case .dateSeparator(_, let text): "date \(text)"
        case .unreadSeparator(let text): "unread \(text)"
        case .message(let decision): decision.message.id
        case .typingIndicator(let text): "typing \(text)"
        case .emptyState(let text): "empty \(text)"
        case .loadingState(let text): "loading \(text)"
        case .loadingOlderIndicator(let text): "older \(text)"
        case .loadingNewerIndicator(let text): "newer \(text)"
        }
    }

    /// The texts of the date separators, top to bottom.
    var dateSeparators: [String] {
        items.compactMap { if case .dateSeparator(_, let text) = $0 { text } else { nil } }
    }

    /// The decision of one message; a missing message fails the test (and gives nil).
    func decision(_ id: String, sourceLocation: SourceLocation = #_sourceLocation) -> MessageDecision? {
        let decision = messages.first { $0.message.id == id }
        if decision == nil { Issue.record("no message \(id) in the list \(order)", sourceLocation: sourceLocation) }
        return decision
    }

    func options(_ id: String, sourceLocation: SourceLocation = #_sourceLocation) -> MessageLayoutOptions {
        decision(id, sourceLocation: sourceLocation)?.options ?? []
    }

    func position(_ id: String, sourceLocation: SourceLocation = #_sourceLocation) -> GroupPosition? {
        decision(id, sourceLocation: sourceLocation)?.position
    }

    func isLast(_ id: String, sourceLocation: SourceLocation = #_sourceLocation) -> Bool {
        decision(id, sourceLocation: sourceLocation)?.isLastInGroup ?? false
    }
}

extension MessageLayoutOptions: CustomTestStringConvertible {
    /// "[bubble, text, timestamp]" in failure messages instead of a raw value.
    public var testDescription: String { "[" + names.joined(separator: ", ") + "]" }
}
