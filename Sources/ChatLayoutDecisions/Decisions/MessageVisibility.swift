@_spi(ChatLayoutStages) import ChatLayoutModel

/// Why a message list leaves a message out. Nothing is left out silently: `explain` lists
/// every hidden message with its reason.
public enum HiddenReason: String, Hashable, Sendable, Codable, CaseIterable {
    /// A thread reply not also sent to the channel (`parent_id` set, `show_in_channel` false):
    /// it belongs to its thread's view.
    case threadReply = "thread_reply"
    /// Held back by moderation (`shadowed`) and not the current user's, with
    /// `show_shadowed_messages` off.
    case shadowed
    /// An ephemeral message that was deleted (a dismissed giphy preview, say).
    case deletedEphemeral = "deleted_ephemeral"
    /// Older than the channel's `truncated_at`: the channel was truncated after it.
    case truncated

    /// For people: "shadowed by moderation".
    public var explanation: String {
        switch self {
        case .threadReply: "thread reply not sent to the channel"
        case .shadowed: "shadowed by moderation (show_shadowed_messages is off)"
        case .deletedEphemeral: "deleted ephemeral message"
        case .truncated: "older than the channel's truncated_at"
        }
    }
}

/// Which messages a list shows, by Stream's rules: every rule that hides a message is here,
/// for the channel's list, the incremental list and the thread view alike.
package enum MessageVisibility {
    /// Whether a list in `state` shows messages at all: while it loads, it shows the loading
    /// state alone.
    package static func showsMessages(_ state: ListLoadingState) -> Bool { state != .loading }

    /// Why the channel's list does not show `message`, or nil when it does.
    package static func hiddenReason(_ message: Message, channel: Channel, config: MessageListConfig,
                             currentUserID: String?) -> HiddenReason? {
        if !message.isShownInChannel { return .threadReply }
        return threadHiddenReason(message, channel: channel, config: config, currentUserID: currentUserID)
    }

    /// Why a thread does not show `message` (as the channel's list, without the thread-reply
    /// rule), or nil when it does.
    static func threadHiddenReason(_ message: Message, channel: Channel, config: MessageListConfig,
                                   currentUserID: String?) -> HiddenReason? {
        // Stream never treats the current user's own messages as shadowed.
        if message.isShadowed && !config.showShadowedMessages && !Identifier.same(message.user.id, currentUserID) {
            return .shadowed
        }
        if message.type == .ephemeral && message.isDeleted { return .deletedEphemeral }
        if let truncatedAt = channel.truncatedAt, message.createdAt < truncatedAt { return .truncated }
        return nil
    }
}

/// A message a list leaves out, and why (see ``HiddenReason``).
public struct HiddenMessage: Hashable, Sendable, Codable {
    /// The message's id.
    public var id: String
    /// Why it is not shown.
    public var reason: HiddenReason

    /// A hidden message.
    public init(id: String, reason: HiddenReason) {
        self.id = id
        self.reason = reason
    }
}

extension HiddenMessage {
    /// "2 shadowed, 1 truncated": how many messages each reason hides, in the reasons' order.
    public static func summary(_ hidden: [HiddenMessage]) -> String {
        HiddenReason.allCases.compactMap { reason in
            let count = hidden.filter { $0.reason == reason }.count
            return count == 0 ? nil : "\(count) \(reason.rawValue.replacingAll("_", with: " "))"
        }.joined(separator: ", ")
    }
}
