@_spi(ChatLayoutStages) import ChatLayoutModel

/// Why an option was given or taken away, for `explain`.
public struct OptionReason: Hashable, Sendable, Codable {
    /// The option's JSON name ("avatar").
    public var option: String
    /// Why, in words ("last in group, not yours").
    public var reason: String
    /// Whether the option was taken away (by a display option, say) rather than given.
    public var removed: Bool

    /// A reason for an option.
    public init(option: String, reason: String, removed: Bool = false) {
        self.option = option
        self.reason = reason
        self.removed = removed
    }

    /// "authorName: 4 members", "−avatar: show_avatars_in_groups is off".
    public var explanation: String { (removed ? "−" : "") + option + ": " + reason }
}

/// The facts about a message and its channel that the options depend on.
struct MessageFacts {
    var message: Message
    var isLastInGroup: Bool
    var isFromCurrentUser: Bool
    var memberCount: Int
    var features: ChannelFeatures
    /// The message's text is 1–3 emoji and nothing else.
    var isJumbomoji: Bool
    /// The automatic translation to show, if any (rule 10 already applied).
    var translation: String?
    /// The status before the channel's events gate it (rule 14 gates it).
    var deliveryStatus: DeliveryStatus?
    /// How many other members read it, in a group channel (``DeliveryState/readCount(of:memberCount:)``).
    var readCount: Int?
    /// Why rule 10 shows none of the message's translations, when explaining.
    var translationWithheld: String?
    /// The top-most row of the list: no message is loaded above it (`avatar_on_top_most_row`).
    var isTopMostRow: Bool
    /// The channel is direct by `direct_channel_rule` (the avatar display options).
    var isDirect: Bool
    /// The first message of its group, or alone in it (Sendbird's nickname stands over it).
    var isFirstInGroup = false
}

/// Stream's `ChatMessageLayoutOptionsResolver`: the layout options of one message, by the
/// rules of the Layout options article in their order, then the display options.
enum LayoutOptionsResolver {
    /// Whether a reaction type has an image by default (love, haha, like, sad, wow): five
    /// comparisons, no hash of the type.
    static func isSupportedReaction(_ type: String) -> Bool {
        switch type {
        case "love", "haha", "like", "sad", "wow": true
        default: false
        }
    }

    /// Rule 1: system messages and errors that were not bounced are centred (Stream's
    /// `shouldRenderAsSystemMessage`). Their group is decided like any other's.
    static func isCentered(_ message: Message) -> Bool {
        message.type == .system || (message.type == .error && !message.isBounced)
    }

    /// The options; `reasons`, when not nil, collects why (its arguments are only built then).
    static func options(_ facts: MessageFacts, config: MessageListConfig, reasons: inout [OptionReason]?) -> MessageLayoutOptions {
        let message = facts.message
        let last = facts.isLastInGroup
        var options: MessageLayoutOptions = []

        // 1. System messages and errors that were not bounced: centred text only.
        if isCentered(message) {
            reasons?.append(OptionReason(option: "centered", reason: "\(message.type.rawValue) message"))
            return [.text, .centered]
        }
        if message.type == .error {
            // Bounced: the author's own message that moderation sent back, drawn as theirs.
            reasons?.append(OptionReason(option: "centered", reason: "error bounced by moderation: drawn as its author's message", removed: true))
        }
        // 2. The bubble, unless a jumbomoji; a quote forces it.
        if !facts.isJumbomoji || message.hasQuotedMessage {
            options.insert(.bubble)
        } else {
            reasons?.append(OptionReason(option: "bubble", reason: "jumbomoji (1–3 emoji, no attachments)", removed: true))
        }
        // 3.
        if facts.isFromCurrentUser {
            options.insert(.flipped)
            reasons?.append(OptionReason(option: "flipped", reason: "sent by you"))
        }
        // 4.
        // Stream SwiftUI's top-most loaded row of others shows the avatar whatever its group
        // (its `isLast` row): rule 7 gives it instead of the padding.
        // With `show_outgoing_message_avatar` the current user's messages have the avatar
        // column too, on the trailing side (Stream SwiftUI's).
        let hasAvatarColumn = !facts.isFromCurrentUser || config.showOutgoingMessageAvatar
        let topMostAvatar = config.avatarOnTopMostRow && facts.isTopMostRow && hasAvatarColumn
        if !last {
            options.insert(.continuousBubble)
            reasons?.append(OptionReason(option: "continuousBubble", reason: "not last in group"))
            if facts.isFromCurrentUser && hasAvatarColumn && !topMostAvatar {
                options.insert(.avatarSizePadding)
                reasons?.append(OptionReason(option: "avatarSizePadding", reason: "not last in group, yours (show_outgoing_message_avatar)"))
            } else if !facts.isFromCurrentUser && !topMostAvatar {
                options.insert(.avatarSizePadding)
                reasons?.append(OptionReason(option: "avatarSizePadding", reason: "not last in group, not yours"))
            }
        } else {
            options.insert(.timestamp)
            reasons?.append(OptionReason(option: "timestamp", reason: "last in group"))
        }
        // 5.
        if facts.isFromCurrentUser && message.type == .ephemeral {
            options.insert(.onlyVisibleToYouIndicator)
            reasons?.append(OptionReason(option: "onlyVisibleToYouIndicator", reason: "your ephemeral message"))
        }
        // 6. Text content: ephemeral has none, deleted or not (Stream's `textContent` asks
        // first); otherwise deleted shows the placeholder.
        if message.type != .ephemeral && (message.isDeleted || !message.text.isEmpty) {
            options.insert(.text)
        }
        // 7.
        if last && !facts.isFromCurrentUser {
            options.insert(.avatar)
            reasons?.append(OptionReason(option: "avatar", reason: "last in group, not yours"))
            if facts.memberCount > 2 && config.messageAnatomy == .stream {
                options.insert(.authorName)
                reasons?.append(OptionReason(option: "authorName", reason: "\(facts.memberCount) members"))
            }
        } else if last && facts.isFromCurrentUser && config.showOutgoingMessageAvatar {
            options.insert(.avatar)
            reasons?.append(OptionReason(option: "avatar", reason: "last in group, yours (show_outgoing_message_avatar)"))
        } else if topMostAvatar {
            // The row that starts the screen says whose it is: the avatar alone, no name, no time.
            options.insert(.avatar)
            reasons?.append(OptionReason(option: "avatar", reason: facts.isFromCurrentUser
                ? "top-most loaded row (avatar_on_top_most_row, show_outgoing_message_avatar)"
                : "top-most loaded row, not yours (avatar_on_top_most_row)"))
        }
        // 7b. Sendbird's anatomy names the author over the first bubble of a group (and a single
        // one), in every channel; a message quoting another does not (its quote says who replied).
        if config.messageAnatomy == .sendbird && facts.isFirstInGroup && !facts.isFromCurrentUser {
            if !message.hasQuotedMessage {
                options.insert(.authorName)
                reasons?.append(OptionReason(option: "authorName", reason: "first in group, not yours (message_anatomy sendbird)"))
            } else {
                reasons?.append(OptionReason(option: "authorName", reason: "quotes a message (message_anatomy sendbird)", removed: true))
            }
        }
        // 8. Thread roots (replies, or latest replies listed) and thread replies.
        if facts.features.replies && !message.isThreadRoot && message.parentID != nil && config.threadReplyPlacement == .annotation {
            // Stream SwiftUI 5 says so above the bubble ("Replied to a thread"), nothing under it.
            reasons?.append(OptionReason(option: "threadInfo", reason: "thread reply: an annotation above the bubble (thread_reply_placement annotation)",
                                         removed: true))
        } else if facts.features.replies && (message.isThreadRoot || message.parentID != nil) {
            options.insert([.threadInfo, .continuousBubble])
            reasons?.append(OptionReason(option: "threadInfo", reason: message.isThreadRoot
                ? "thread root (\(message.threadReplyCount) \(message.threadReplyCount == 1 ? "reply" : "replies"))" : "thread reply"))
        }
        // 9. A deleted message shows nothing more.
        if message.isDeleted {
            reasons?.append(options.contains(.text)
                ? OptionReason(option: "text", reason: "deleted: placeholder only")
                : OptionReason(option: "text", reason: "deleted ephemeral: no text, not even the placeholder", removed: true))
            return applyDisplayOptions(options, facts, config, &reasons)
        }
        // 10.
        if facts.translation != nil {
            options.insert(.translation)
            reasons?.append(OptionReason(option: "translation", reason: "auto-translated"))
        } else if let withheld = facts.translationWithheld {
            reasons?.append(OptionReason(option: "translation", reason: withheld, removed: true))
        }
        // 11. A quote by id alone was looked up in the document when it was decoded.
        if message.hasQuotedMessage {
            options.insert(.quotedMessage)
        } else if let id = message.quotedMessageID {
            reasons?.append(OptionReason(option: "quotedMessage", reason: "quoted_message_id '\(UntrustedText.shortened(id))' names no message of the conversation", removed: true))
        }
        // 12. Stream asks for reaction scores and a latest reaction it has an image for. A score
        // of 0 or below (which Stream's server never sends) counts as none, and so does a score
        // without an image: the row would be empty.
        switch config.reactionsRule {
        case .latestReactionWithImage:
            if facts.features.reactions && message.reactionScores.contains(where: { $0.score > 0 && isSupportedReaction($0.type) })
                && message.latestReactions.contains(where: { isSupportedReaction($0.type) }) {
                options.insert(.reactions)
            }
        case .anyScore:
            // Stream SwiftUI asks only for reaction scores, of any type.
            if facts.features.reactions && !message.reactionScores.isEmpty {
                options.insert(.reactions)
                if reasons != nil { // the types' list only when explaining: no string per message otherwise
                    let types = message.reactionScores.map { UntrustedText.shortened($0.type) }.joined(separator: ", ")
                    reasons?.append(OptionReason(option: "reactions", reason: "reaction_scores not empty (\(types)) (reactions_rule any_score)"))
                }
            }
        }
        // 13. A failed action, or a message bounced by moderation (Stream's `isLastActionFailed`).
        if message.localState?.isFailed == true || message.isBounced {
            let failure = message.isBounced ? "bounced by moderation" : message.localState!.rawValue
            if config.failureIndicatorRequiresText && message.text.isEmpty {
                // Stream SwiftUI's `failureIndicatorShown` asks for text as well.
                reasons?.append(OptionReason(option: "errorIndicator", reason: "\(failure), but no text (failure_indicator_requires_text)", removed: true))
            } else {
                options.insert(.errorIndicator)
                reasons?.append(OptionReason(option: "errorIndicator", reason: failure))
            }
        }
        // 14. The status is gated by the channel's events (DeliveryState.isShown). Sendbird's
        // cells keep the receipt on every message of a group (grouping hides only the time).
        if (last || config.messageAnatomy == .sendbird) && facts.isFromCurrentUser && (message.type == .regular || message.type == .reply), let status = facts.deliveryStatus {
            if DeliveryState.isShown(status, features: facts.features) {
                options.insert(.deliveryStatusIndicator)
                reasons?.append(OptionReason(option: "deliveryStatusIndicator", reason: DeliveryState.reason(status, readCount: facts.readCount)))
            } else {
                reasons?.append(OptionReason(option: "deliveryStatusIndicator", reason: DeliveryState.hiddenReason(status), removed: true))
            }
        }
        return applyDisplayOptions(options, facts, config, &reasons)
    }

    /// `message_display_options` and `message_list_alignment`, applied after the rules.
    private static func applyDisplayOptions(
        _ resolved: MessageLayoutOptions, _ facts: MessageFacts, _ config: MessageListConfig, _ reasons: inout [OptionReason]?
    ) -> MessageLayoutOptions {
        var options = resolved
        let display = config.displayOptions
        let isDirect = facts.isDirect
        let showAvatars = isDirect ? display.showAvatars : (display.showAvatarsInGroups ?? display.showAvatars)
        if !showAvatars && !options.isDisjoint(with: [.avatar, .avatarSizePadding]) {
            options.subtract([.avatar, .avatarSizePadding])
            var reason = isDirect ? "show_avatars is off" : "show_avatars_in_groups is off"
            if config.directChannelRule == .membersCID {
                reason += isDirect ? " (a !members channel: direct_channel_rule members_cid)"
                    : " (not a !members channel: direct_channel_rule members_cid)"
            }
            reasons?.append(OptionReason(option: "avatar", reason: reason, removed: true))
        }
        if !display.showAuthorName && options.contains(.authorName) {
            options.remove(.authorName)
            reasons?.append(OptionReason(option: "authorName", reason: "show_author_name is off", removed: true))
        }
        if !display.showMessageDate && options.contains(.timestamp) {
            options.remove(.timestamp)
            reasons?.append(OptionReason(option: "timestamp", reason: "show_message_date is off", removed: true))
        }
        if config.messageListAlignment == .leftAligned && options.contains(.flipped) {
            // Every message on the leading side, in one column: yours get the avatar column too.
            options.remove(.flipped)
            reasons?.append(OptionReason(option: "flipped", reason: "left-aligned list", removed: true))
            if showAvatars && options.isDisjoint(with: [.centered, .avatar, .avatarSizePadding]) {
                let shows = facts.isLastInGroup || (config.avatarOnTopMostRow && facts.isTopMostRow)
                options.insert(shows ? .avatar : .avatarSizePadding)
                reasons?.append(OptionReason(option: shows ? "avatar" : "avatarSizePadding", reason: facts.isLastInGroup || !shows
                    ? "left-aligned list" : "left-aligned list, top-most loaded row (avatar_on_top_most_row)"))
            }
        }
        return options
    }
}
