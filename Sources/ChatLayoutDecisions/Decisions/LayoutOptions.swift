@_spi(ChatLayoutStages) import ChatLayoutModel

/// The parts a message shows: Stream's `ChatMessageLayoutOptions`, with their JSON names.
public struct MessageLayoutOptions: OptionSet, Hashable, Sendable {
    public let rawValue: UInt32
    @inlinable public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// On the trailing side (the current user's messages).
    @inlinable public static var flipped: Self { Self(rawValue: 1 << 0) }
    /// A bubble around the content (not for jumbomoji, 1–3 emoji alone).
    @inlinable public static var bubble: Self { Self(rawValue: 1 << 1) }
    /// The bubble continues into the next message of the group (no tail corner).
    @inlinable public static var continuousBubble: Self { Self(rawValue: 1 << 2) }
    /// Keeps the avatar's column empty on messages without the avatar.
    @inlinable public static var avatarSizePadding: Self { Self(rawValue: 1 << 3) }
    /// The author's avatar, beside the last message of others' groups.
    @inlinable public static var avatar: Self { Self(rawValue: 1 << 4) }
    /// The time, under the last message of a group.
    @inlinable public static var timestamp: Self { Self(rawValue: 1 << 5) }
    /// The automatic translation into `context.translation_language`.
    @inlinable public static var translation: Self { Self(rawValue: 1 << 6) }
    /// The author's name, under the last message of others' groups in channels of more than
    /// two members.
    @inlinable public static var authorName: Self { Self(rawValue: 1 << 7) }
    /// The message's text (or the deleted placeholder).
    @inlinable public static var text: Self { Self(rawValue: 1 << 8) }
    /// The message it quotes, at the top of the bubble.
    @inlinable public static var quotedMessage: Self { Self(rawValue: 1 << 9) }
    /// "💬 3 replies · …" under a thread root (or "Thread reply"), with replies enabled.
    @inlinable public static var threadInfo: Self { Self(rawValue: 1 << 10) }
    /// The error glyph: sending, syncing or deleting failed, or moderation bounced it.
    @inlinable public static var errorIndicator: Self { Self(rawValue: 1 << 11) }
    /// The reactions, above the bubble.
    @inlinable public static var reactions: Self { Self(rawValue: 1 << 12) }
    /// "Only visible to you": the current user's ephemeral messages.
    @inlinable public static var onlyVisibleToYouIndicator: Self { Self(rawValue: 1 << 13) }
    /// The delivery status (pending, sent, delivered, read) under the current user's last message
    /// of a group.
    @inlinable public static var deliveryStatusIndicator: Self { Self(rawValue: 1 << 14) }
    /// A system or error message: centred text, no bubble.
    @inlinable public static var centered: Self { Self(rawValue: 1 << 15) }

    /// Every option with its name as used in JSON output.
    public static let all: [(option: MessageLayoutOptions, name: String)] = [
        (.flipped, "flipped"), (.bubble, "bubble"), (.continuousBubble, "continuousBubble"),
        (.avatarSizePadding, "avatarSizePadding"), (.avatar, "avatar"), (.timestamp, "timestamp"),
        (.translation, "translation"), (.authorName, "authorName"), (.text, "text"),
        (.quotedMessage, "quotedMessage"), (.threadInfo, "threadInfo"), (.errorIndicator, "errorIndicator"),
        (.reactions, "reactions"), (.onlyVisibleToYouIndicator, "onlyVisibleToYouIndicator"),
        (.deliveryStatusIndicator, "deliveryStatusIndicator"), (.centered, "centered"),
    ]

    /// The names of the options set, sorted by name (the order of `explain --format json`).
    public var names: [String] {
        Self.all.filter { contains($0.option) }.map(\.name).sorted()
    }

    /// The option with a JSON name.
    public init?(name: String) {
        guard let entry = Self.all.first(where: { $0.name == name }) else { return nil }
        self = entry.option
    }
}
