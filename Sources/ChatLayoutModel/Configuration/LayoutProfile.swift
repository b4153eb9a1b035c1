/// Whose SDK a screen follows (`config.profile`, `--profile`): the defaults of every option of
/// ``MessageListConfig``. An option the document (or a flag) gives overrides its profile's
/// default; the profile only decides what nobody gave (<doc:Profiles>).
public enum LayoutProfile: String, Hashable, Sendable, Codable, CaseIterable {
    /// Stream's UIKit SDK (`Components`, `ChatMessageListVC`): the default profile.
    case streamUIKit = "stream-uikit"
    /// Stream's SwiftUI SDK (its `MessageListConfig`): "Edited" shown, and an edit ends its
    /// group; pages of 25 messages; a thread's parent is its first message; its own rules where
    /// they differ from UIKit's (the oldest loaded message's date, reactions of any type, the
    /// failure indicator, the top-most avatar, direct channels by cid, its paddings); its
    /// "New messages" separator and the heights it reserves for it and for list dates.
    case streamSwiftUI = "stream-swiftui"
    /// Sendbird's UIKit (`SBUGroupChannelModule.List`, `SBUBaseChannelViewModel`): same-minute
    /// groups, date separators in the list in Sendbird's style, typing in the header, pages of
    /// 30, "edited" shown, "No messages" in an empty channel, no unread separator, the oldest
    /// loaded message's date always shown, times as "09:41 AM", reactions of any key, its
    /// cells' anatomy (the nickname above the bubble, the time beside it).
    case sendbird

    /// The profile of a document and a request that name none.
    public static let `default` = LayoutProfile.streamUIKit

    /// This profile's configuration: every option at its default. `documentHasConfig` false
    /// is a raw payload (no `config` object of ours): a Stream profile then writes Stream's own
    /// date label ("Mar 05", ``DateSeparatorStyle/stream``) rather than the relative one.
    ///
    /// The one table of what differs from ``MessageListConfig``'s own defaults (Stream
    /// UIKit's); an option a profile does not name here is the same in every profile.
    public func defaults(documentHasConfig: Bool = true) -> MessageListConfig {
        var config = MessageListConfig()
        switch self {
        case .streamUIKit:
            break
        case .streamSwiftUI:
            config.editedLabelEnabled = true // isMessageEditedLabelEnabled; its grouping ends a group at an edit too
            config.pageSize = 25
            config.threadView.parentPresentation = .firstMessage // the thread lists its parent with the replies
            config.threadView.repliesCounterRequiresAllReplies = true // isThreadRepliesSeparatorShown: every reply loaded
            config.unsupportedAttachments = .hidden // makeCustomAttachmentViewType: an empty view by default
            config.dateSeparatorOnOldestMessage = true // showMessageDate(for:in:): the oldest loaded message's date
            config.reactionsRule = .anyScore // reactionsShown: any non-empty reaction_scores
            config.failureIndicatorRequiresText = true // failureIndicatorShown: a failed message with text
            config.avatarOnTopMostRow = true // isLast: the oldest loaded row shows its author's avatar
            config.directChannelRule = .membersCID // isDirectMessageChannel: a "!members" cid
            config.singleBottomPadding = 8 // MessagePaddings.singleBottom
            config.groupBottomPadding = 2 // MessagePaddings.groupBottom
            config.headerPresence = .lastSeen31Days // onlineInfoText: its own DateUtils, weeks until 31 days
            config.unreadSeparatorLabel = .newMessages // messageList.newMessages: "New messages"
            config.newMessagesSeparatorSize = 50 // MessageDisplayOptions.newMessagesSeparatorSize
            config.overlayDateLabelSize = 40 // MessageDisplayOptions.overlayDateLabelSize
            config.pinnedAnnotationEnabled = true // MessagePinDetailsView above the bubble, in SwiftUI 4 and 5
            config.jumpToUnreadEnabled = true // MessageListView: JumpToUnreadButton whenever unread messages are out of sight
        case .sendbird:
            config.groupingRule = .sameMinute
            config.dateIndicatorPlacement = .messageList // a date view above each day's first message
            config.dateSeparatorStyle = .sendbird
            config.typingIndicatorPlacement = .navigationBar // the `.text` typing indicator, in the title view
            config.editedLabelEnabled = true // "(edited)" whenever the message was updated
            config.pageSize = 30 // defaultFetchLimit
            config.showEmptyState = true // the `.noMessages` empty view
            config.unreadSeparatorEnabled = false // a floating unread count, no separator in the list
            config.dateSeparatorOnOldestMessage = true // checkSameDayAsNextMessage: false for the oldest loaded
            config.messageTimeFormat = .sendbird // SBUDateFormatSet.Message.sentTimeFormat "hh:mm", localised
            config.reactionsRule = .anyScore // SBUMessageReactionView: a cell for every reaction of the message, any key
            config.headerPresence = .none // SBUChannelTitleView: its status field shows typing only, never presence
            config.messageAnatomy = .sendbird // SBUContentBaseMessageCell: nickname above, time beside the bubble
            config.threadView.frozenBanner = true // SBUChannelStateBanner over a frozen channel's thread
            config.markdownEnabled = false // SBUGlobals.isMarkdownForUserMessageEnabled: false
        }
        if !documentHasConfig && self != .sendbird { config.dateSeparatorStyle = .stream }
        return config
    }
}

/// Who gave an option its value (`explain`'s `config_sources`).
public enum ConfigSource: Hashable, Sendable {
    /// Nobody: the profile's default.
    case profile(LayoutProfile)
    /// The document's `config`.
    case document
    /// The request's overrides: a command-line flag.
    case flag

    /// As `explain` writes it: the profile's name ("stream-swiftui"), "document" or "flag".
    public var name: String {
        switch self {
        case .profile(let profile): profile.rawValue
        case .document: "document"
        case .flag: "flag"
        }
    }
}

/// Where a configuration came from: the profile whose defaults it starts from and, for each
/// option (by its `config` key, `message_display_options.show_avatars` for a nested one), who
/// set it over them.
public struct ConfigProvenance: Hashable, Sendable {
    /// The profile whose defaults the configuration starts from.
    public var profile: LayoutProfile
    /// Every option key, in the decoder's order (`profile` first).
    public var keys: [String]
    /// The keys set over the profile's defaults, and who set each (`profile` itself when the
    /// document or a flag named one).
    public var explicit: [String: ConfigSource]

    /// The provenance of a configuration that is `profile`'s defaults, none of `keys` set.
    public init(profile: LayoutProfile = .default, keys: [String] = [], explicit: [String: ConfigSource] = [:]) {
        self.profile = profile
        self.keys = keys
        self.explicit = explicit
    }

    /// Who gave `key` its value: the document, a flag, else the profile's default.
    public func source(of key: String) -> ConfigSource {
        explicit[key] ?? .profile(profile)
    }

    /// Every key with its source, in ``keys``' order.
    public var sources: [(key: String, source: ConfigSource)] {
        keys.map { ($0, source(of: $0)) }
    }

    /// The keys `source` set, in ``keys``' order.
    public func keys(setBy source: ConfigSource) -> [String] {
        keys.filter { explicit[$0] == source }
    }

    /// One line for people: "profile stream-swiftui (document); set by the document:
    /// page_size; by flags: group_messages" — every option not named is the profile's default.
    public var summary: String {
        let chosen = explicit["profile"].map { $0 == .flag ? "flag" : "document" } ?? "default"
        var text = "profile \(profile.rawValue) (\(chosen))"
        let fromDocument = keys(setBy: .document).filter { $0 != "profile" }
        let fromFlags = keys(setBy: .flag).filter { $0 != "profile" }
        if fromDocument.isEmpty && fromFlags.isEmpty { return text + "; every option its default" }
        if !fromDocument.isEmpty { text += "; set by the document: " + fromDocument.joined(separator: ", ") }
        if !fromFlags.isEmpty { text += "; by flags: " + fromFlags.joined(separator: ", ") }
        return text
    }
}
