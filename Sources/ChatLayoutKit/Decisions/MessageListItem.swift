/// The decisions about one message of the list.
public struct MessageDecision: Hashable, Sendable {
    public var message: Message
    /// The text to lay out, neutralised (the "Message deleted" placeholder for deleted ones).
    public var text: String
    public var position: GroupPosition
    /// Why the message ends its group, or continues it.
    public var groupBoundary: GroupBoundary
    public var options: MessageLayoutOptions
    /// The calendar day in the document's time zone.
    public var day: CalendarDay
    /// The date label of its day (what the overlay shows while it is on top).
    public var dateLabel: String
    /// The short time ("9:41 AM").
    public var timeText: String
    public var deliveryStatus: DeliveryStatus?
    /// The automatic translation shown under the text (`translation`), neutralised.
    public var translation: String?
    /// "3 replies" for a thread root (`threadInfo`).
    public var threadInfoText: String?
    /// The names of the thread's participants (for `threadInfo`), neutralised.
    public var threadParticipantNames: [String] = []
    /// Shows the "Edited" label: edited, not deleted, with `edited_label_enabled`.
    public var showsEditedLabel: Bool = false
    /// Why each option was given or removed; empty unless explanations were asked for.
    public var reasons: [OptionReason]

    public var isLastInGroup: Bool { groupBoundary.isLast }
}

/// One row of the message list, top to bottom.
public enum MessageListItem: Hashable, Sendable {
    /// Above the first message of a calendar day (`message_list` dates).
    case dateSeparator(day: CalendarDay, text: String)
    /// Above the first unread message.
    case unreadSeparator(text: String)
    case message(MessageDecision)
    /// "Leia is typing…" at the bottom (`bottom_overlay`).
    case typingIndicator(text: String)
    /// The channel has no messages.
    case emptyState(text: String)
    /// Nothing is loaded yet.
    case loadingState(text: String)
}

/// The channel header.
public struct ChannelHeader: Hashable, Sendable {
    /// The channel's name, or the other members' names for a nameless channel.
    public var title: String
    /// "4 members", or the typing text with `navigation_bar` placement; empty when the member
    /// count is unknown.
    public var subtitle: String
    public var memberCount: Int
}

/// Every decision of a message list (SPEC §3.1–3.4).
public struct MessageListDecisions: Hashable, Sendable {
    public var header: ChannelHeader
    public var items: [MessageListItem]
    /// The unread count the scroll-to-latest button carries.
    public var unreadCount: Int

    /// The message decisions alone, top to bottom.
    public var messages: [MessageDecision] {
        items.compactMap { if case .message(let decision) = $0 { return decision } else { return nil } }
    }
}
