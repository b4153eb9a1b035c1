import ChatLayoutKit

/// The app's own configuration of its support chat: Sendbird's grouping by minute, dates as
/// separators in the list. Golden tests pin how it draws.
public enum SupportChat {
    /// The message-list configuration the app ships.
    public static var config: MessageListConfig {
        var config = MessageListConfig()
        config.groupingRule = .sameMinute
        config.dateIndicatorPlacement = .messageList
        return config
    }

    /// A conversation the app's tests draw: an agent and a customer.
    public static func conversation() -> Conversation {
        let agent = User(id: "agent", name: "Ada (Support)"), customer = User(id: "sam", name: "Sam Lee")
        func at(_ time: String) -> Timestamp { Timestamp(rfc3339: "2024-03-05T\(time)Z")! }
        return Conversation(channel: Channel(name: "Support", memberCount: 2), messages: [
            Message(id: "m1", text: "Hi! My order hasn't arrived.", user: customer, createdAt: at("09:40:05")),
            Message(id: "m2", text: "Sorry to hear that. Let me check.", user: agent, createdAt: at("09:40:40")),
            Message(id: "m3", text: "It ships today 📦", user: agent, createdAt: at("09:40:55")),
        ])
    }

    /// The context the tests lay out in: never the machine's clock, zone or locale.
    public static let context = LayoutContext(currentUserID: "sam", now: Timestamp(rfc3339: "2024-03-05T10:00:00Z")!,
                                              timeZone: "Europe/Berlin", locale: "en_US")
}
