/// How messages group (`grouping_rule`).
public enum GroupingRule: String, Hashable, Sendable, Codable, CaseIterable {
    /// Stream: same author, and at most `maxTimeIntervalBetweenMessagesInGroup` apart.
    case timeInterval = "time_interval"
    /// Sendbird: same sender in the same local calendar minute.
    case sameMinute = "same_minute"
}

/// Where dates show (`date_indicator_placement`).
public enum DateIndicatorPlacement: String, Hashable, Sendable, Codable, CaseIterable {
    /// A date floats over the top of the list while it scrolls; no separators in the list.
    case overlay
    /// A separator above the first message of each day.
    case messageList = "message_list"
    /// Neither.
    case none
    /// Both: a separator above the first message of each day, and a date floating over the
    /// top of the list while it scrolls — Stream UIKit's `messageListDateSeparatorEnabled` and
    /// `messageListDateOverlayEnabled` both on, which are independent switches there.
    case both

    /// Whether the list holds a date separator above each day's first message
    /// (`message_list` and `both`).
    public var showsSeparators: Bool { self == .messageList || self == .both }

    /// Whether a date floats over the top of the list while it scrolls (`overlay` and `both`).
    public var showsOverlay: Bool { self == .overlay || self == .both }
}

/// How a date separator reads (`date_separator_style`).
public enum DateSeparatorStyle: String, Hashable, Sendable, Codable, CaseIterable {
    /// "Today", "Yesterday", the weekday within the last 6 days, "Mar 5" this year,
    /// "Mar 5, 2023" before.
    case relative
    /// Stream's template `MMMdd`: "Mar 05".
    case stream
    /// Sendbird: "Tue, Mar 05" this year, "Mar 05, 2023" before.
    case sendbird
}

/// How a message's time reads under its bubble (`message_time_format`).
public enum MessageTimeFormat: String, Hashable, Sendable, Codable, CaseIterable {
    /// The locale's short time: "9:41 AM" (Stream's).
    case short
    /// Sendbird's: the locale's pattern for the template `hh:mm`, "09:41 AM" in en_US.
    case sendbird
}

/// Whose message anatomy a row is drawn in (`message_anatomy`): which part of a message goes
/// where around its bubble.
public enum MessageAnatomyStyle: String, Hashable, Sendable, Codable, CaseIterable {
    /// Stream's `ChatMessageContentView`: reactions above the bubble; the author, the time and
    /// "Edited" in a footnote line under it; the avatar level with that line.
    case stream
    /// Sendbird's `SBUContentBaseMessageCell`: the nickname above the first bubble of a group
    /// (none over a quote), the quoted message above the bubble, the time beside the last
    /// bubble and the receipt beside every one of the current user's, the avatar level with
    /// the bubble's bottom; "(edited)", the link preview and the reactions inside the bubble;
    /// no receipts in a thread's replies.
    case sendbird
}

/// Where the reactions stand against the bubble (`message_display_options.reactions_placement`),
/// as Stream SwiftUI's `ReactionsPlacement`.
public enum ReactionsPlacement: String, Hashable, Sendable, Codable, CaseIterable {
    /// Above the bubble, hanging off its top corner (both Stream SDKs' default).
    case top
    /// Under the bubble, against its trailing edge (the leading one for the current user's).
    case bottom
}

/// Where a message the list jumps to lands in the viewport (`scrolling_anchor`): Stream
/// SwiftUI's `scrollingAnchor`, and Stream UIKit's `scrollToRow(at:at: .middle)` when it jumps
/// to a message or to the first unread one.
public enum ScrollAnchor: String, Hashable, Sendable, Codable, CaseIterable {
    /// The message's top at the viewport's top.
    case top
    /// The message's middle at the viewport's middle (both Stream SDKs').
    case center
    /// The message's bottom at the viewport's bottom.
    case bottom
}

/// How an attachment of a type the SDK does not draw is shown (`unsupported_attachments`):
/// a type outside image, video, giphy, file, audio, voice recording and link preview.
public enum UnsupportedAttachmentStyle: String, Hashable, Sendable, Codable, CaseIterable {
    /// A file card saying "Unsupported Attachment", without a size (Stream UIKit's
    /// `UnsupportedAttachmentViewInjector`, which draws them through its file list).
    case fileCard = "file_card"
    /// Nothing (Stream SwiftUI's default `makeCustomAttachmentViewType`, an empty view).
    case hidden
}

/// Where a thread reply also sent to the channel says so in the channel's list
/// (`thread_reply_placement`).
public enum ThreadReplyPlacement: String, Hashable, Sendable, Codable, CaseIterable {
    /// "Thread Reply" under the bubble, where a thread root's reply count stands (Stream
    /// UIKit's `threadInfoContainer`, Stream SwiftUI 4).
    case underBubble = "under_bubble"
    /// "Replied to a thread · View" on an annotation line above the bubble, nothing under it
    /// (Stream SwiftUI 5's `MessageTopView`, `repliedToThreadShown`).
    case annotation
}

/// How the reactions' pill over a bubble is drawn (`reactions_style`).
public enum ReactionsStyle: String, Hashable, Sendable, Codable, CaseIterable {
    /// One pill of the reactions' icons, no counts (Stream UIKit, Stream SwiftUI 4).
    case icons
    /// One pill of the icons, then the total of every reaction when it is more than one
    /// (Stream SwiftUI 5's `ReactionsStyle.clustered`).
    case clustered
    /// A pill for each reaction: its icon, then its count when it is more than one (Stream
    /// SwiftUI 5's `ReactionsStyle.segmented`, its default).
    case segmented
}

/// Where the typing indicator shows (`typing_indicator_placement`).
public enum TypingIndicatorPlacement: String, Hashable, Sendable, Codable, CaseIterable {
    /// A row at the bottom of the list.
    case bottomOverlay = "bottom_overlay"
    /// The subtitle of the channel header.
    case navigationBar = "navigation_bar"
    /// Stream SwiftUI v5's `inline`: a row under the newest message that scrolls with the
    /// list — the row ``bottomOverlay`` is drawn as here.
    case inline
    /// Stream SwiftUI v5's `automatic` (its v5 default): the inline row, and the header's
    /// subtitle too while a viewport does not show that row (scrolled up from the bottom).
    case automatic
}

extension TypingIndicatorPlacement {
    /// Whether the list has the typing row under its newest message.
    public var hasListRow: Bool { self != .navigationBar }
}

/// The words on the unread separator (`unread_separator_label`).
public enum UnreadSeparatorLabel: String, Hashable, Sendable, Codable, CaseIterable {
    /// "Unread messages" (``ChatStrings/unreadMessages``).
    case unreadMessages = "unread_messages"
    /// Stream SwiftUI's new-messages separator: "New messages" (``ChatStrings/newMessages``),
    /// whatever the count (its English plural writes no number in any category).
    case newMessages = "new_messages"
}

/// Stream SwiftUI's `MessageListType` (`message_list_type`). Accepted and carried; no rule of
/// the message list depends on it yet.
public enum MessageListType: String, Hashable, Sendable, Codable, CaseIterable {
    /// Stream's four kinds of message list.
    case messaging, team, livestream, commerce
}

/// Which side messages sit on (`message_list_alignment`).
public enum MessageListAlignment: String, Hashable, Sendable, Codable, CaseIterable {
    /// The current user's messages on the trailing side, others on the leading side.
    case standard
    /// Every message on the leading side (no `flipped`).
    case leftAligned = "left_aligned"
}

/// Parts removed after the layout options are decided (`message_display_options`).
public struct MessageDisplayOptions: Hashable, Sendable, Codable {
    /// Avatars in direct channels (`member_count <= 2`). Default true.
    public var showAvatars: Bool
    /// Avatars in other channels; `nil` follows `showAvatars`.
    public var showAvatarsInGroups: Bool?
    /// Message timestamps. Default true.
    public var showMessageDate: Bool
    /// Author names. Default true.
    public var showAuthorName: Bool

    /// Display options; by default every part shows.
    public init(showAvatars: Bool = true, showAvatarsInGroups: Bool? = nil, showMessageDate: Bool = true, showAuthorName: Bool = true) {
        self.showAvatars = showAvatars
        self.showAvatarsInGroups = showAvatarsInGroups
        self.showMessageDate = showMessageDate
        self.showAuthorName = showAuthorName
    }
}

/// When a message shows its reactions (`reactions_rule`).
public enum ReactionsRule: String, Hashable, Sendable, Codable, CaseIterable {
    /// Stream UIKit: a score above 0 for a type with an image, and a latest reaction of such a
    /// type (its `hasReactions`).
    case latestReactionWithImage = "latest_reaction_with_image"
    /// Stream SwiftUI: whenever `reaction_scores` is not empty, whatever the types (its
    /// `reactionsShown`); the types it has no image for draw nothing.
    case anyScore = "any_score"
}

/// Which channels are direct (`direct_channel_rule`), for the avatar display options.
public enum DirectChannelRule: String, Hashable, Sendable, Codable, CaseIterable {
    /// 2 members or fewer.
    case memberCount = "member_count"
    /// A channel whose id starts with `!members` (Stream's `isDirectMessageChannel`), whatever
    /// its member count, as Stream SwiftUI's `showAvatars(for:)`.
    case membersCID = "members_cid"
}

/// The messages that never show the "Edited" label (`skip_edited_message_label`): Stream
/// SwiftUI's `skipEditedMessageLabel`, as data.
public struct EditedLabelSkip: Hashable, Sendable, Codable {
    /// Message types whose edits show no label.
    public var messageTypes: Set<MessageType>
    /// Message ids whose edits show no label.
    public var messageIDs: Set<String>

    /// A skip list; by default empty.
    public init(messageTypes: Set<MessageType> = [], messageIDs: Set<String> = []) {
        self.messageTypes = messageTypes
        self.messageIDs = messageIDs
    }

    /// Whether it skips nothing.
    public var isEmpty: Bool { messageTypes.isEmpty && messageIDs.isEmpty }

    /// Whether `message`'s edits show no label: its type or its id is listed.
    public func skips(_ message: Message) -> Bool {
        messageTypes.contains(message.type) || messageIDs.contains { Identifier.same($0, message.id) }
    }
}

/// Every option of the message list (the document's `config`), with the defaults of Stream's
/// SDKs. Lengths are in the front end's units (points); each renderer maps them to its own.
public struct MessageListConfig: Hashable, Sendable, Codable {
    /// Group consecutive messages (`group_messages`). Default true.
    public var groupMessages: Bool
    /// Seconds between two messages of a group (`max_time_interval_between_messages_in_group`):
    /// a gap strictly greater splits the group. Default 60.
    public var maxTimeIntervalBetweenMessagesInGroup: Double
    /// `grouping_rule`. Default `time_interval`.
    public var groupingRule: GroupingRule
    /// `date_indicator_placement`. Default `overlay`.
    public var dateIndicatorPlacement: DateIndicatorPlacement
    /// `date_separator_style`. Default `relative`.
    public var dateSeparatorStyle: DateSeparatorStyle
    /// `typing_indicator_placement`. Default `bottom_overlay`.
    public var typingIndicatorPlacement: TypingIndicatorPlacement
    /// `message_list_type`. Default `messaging`.
    public var messageListType: MessageListType
    /// `message_list_alignment`. Default `standard`.
    public var messageListAlignment: MessageListAlignment
    /// `message_display_options`.
    public var displayOptions: MessageDisplayOptions
    /// `message_paddings.horizontal`, in points. Default 8.
    public var horizontalPadding: Double
    /// An edited message ends its group and shows "Edited" (`edited_label_enabled`). Default false.
    public var editedLabelEnabled: Bool
    /// Show automatic translations (`auto_translation_enabled`). Default false.
    public var autoTranslationEnabled: Bool
    /// The "Unread messages" separator (`unread_separator_enabled`). Default true.
    public var unreadSeparatorEnabled: Bool
    /// Messages loaded per page (`page_size`). Default 50. A channel payload with fewer
    /// messages than this holds the channel's whole history (see
    /// ``Conversation/historyLoaded``).
    public var pageSize: Int
    /// Show messages held back by moderation (`show_shadowed_messages`), as Stream's
    /// `shouldShowShadowedMessages`. Default false: others' shadowed messages are hidden.
    public var showShadowedMessages: Bool = false
    /// Without a `last_read_message_id`, place the unread separator after the current user's
    /// `last_read` instant (`unread_last_read_fallback`). Default false: Stream reads the last
    /// read message only.
    public var unreadLastReadFallback: Bool = false
    /// Write "No messages yet" in the middle of an empty channel (`show_empty_state`). Default
    /// false: Stream UIKit's message list draws nothing there, only the header.
    public var showEmptyState: Bool = false
    /// A date separator ends the group above it (`end_group_at_date_separator`). Default false:
    /// neither Stream SDK ends a group there (their grouping reads authors, types, times and
    /// edits only), so a group of messages a minute apart runs on across midnight.
    public var endGroupAtDateSeparator: Bool = false
    /// The thread view's options.
    public var threadView: ThreadViewConfig = ThreadViewConfig()
    /// `layout_direction`: `ltr` or `rtl` whatever the locale; nil (`auto`, the default) takes
    /// the locale's (``LayoutDirection/init(locale:)``): a Hebrew or Arabic screen is mirrored.
    public var layoutDirection: LayoutDirection?

    // Stream SwiftUI's rules where they differ from Stream UIKit's: each an option of its own,
    // its default UIKit's (today's) rule.

    /// `date_separator_on_oldest_message`: with `message_list` dates, the oldest loaded message
    /// always has a date separator, as Stream SwiftUI's list dates it. Default false: only when
    /// the whole history is loaded, as Stream UIKit (which does not know the day above it).
    public var dateSeparatorOnOldestMessage: Bool = false
    /// `reactions_rule`: when a message shows its reactions. Default `latest_reaction_with_image`
    /// (Stream UIKit).
    public var reactionsRule: ReactionsRule = .latestReactionWithImage
    /// `failure_indicator_requires_text`: the failure indicator only on a failed message with
    /// text, as Stream SwiftUI's `failureIndicatorShown`: a failed image-only message shows
    /// none. Default false: every failed message shows it (Stream UIKit).
    public var failureIndicatorRequiresText: Bool = false
    /// `avatar_on_top_most_row`: the top-most loaded message of others shows its author's
    /// avatar even in the middle of its group, as Stream SwiftUI's message list (its `isLast`
    /// row). Default false: only the last of a group shows it (Stream UIKit).
    public var avatarOnTopMostRow: Bool = false
    /// `direct_channel_rule`: which channels `message_display_options.show_avatars` (rather than
    /// `show_avatars_in_groups`) applies to. Default `member_count` (2 members or fewer).
    public var directChannelRule: DirectChannelRule = .memberCount
    /// `skip_edited_message_label`: the messages that never show "Edited" (by type or by id),
    /// as Stream SwiftUI's `skipEditedMessageLabel`; an edit still ends their group. Default:
    /// none.
    public var skipEditedMessageLabel: EditedLabelSkip = EditedLabelSkip()
    /// `show_outgoing_message_avatar`: the current user's messages show their avatar too, on
    /// the trailing side, as Stream SwiftUI's `showOutgoingMessageAvatar`. Default false (both
    /// SDKs).
    public var showOutgoingMessageAvatar: Bool = false
    /// `message_paddings.single_bottom`, in points: the space under a message that ends its
    /// group (and under every other row), as Stream SwiftUI's `MessagePaddings.singleBottom`
    /// (8). Default nil: the layout's own group spacing.
    public var singleBottomPadding: Double?
    /// `message_paddings.group_bottom`, in points: the space under a message that does not end
    /// its group, as Stream SwiftUI's `MessagePaddings.groupBottom` (2). Default nil: the
    /// layout's own (2 points, Stream UIKit's).
    public var groupBottomPadding: Double?
    /// How a message's time reads (`message_time_format`): the locale's short time ("9:41 AM",
    /// the default) or Sendbird's ("09:41 AM").
    public var messageTimeFormat: MessageTimeFormat = .short
    /// `header_presence`: what a direct (`!members`) channel's header says of its other
    /// member when the payload has presence: "Online", "last seen 5 minutes ago" or
    /// "Offline". Default `last_seen` (Stream UIKit); without presence in the payload the
    /// subtitle is the member count whatever this says.
    public var headerPresence: HeaderPresence = .lastSeen
    /// Whose message anatomy rows are drawn in (`message_anatomy`). Default `stream`.
    public var messageAnatomy: MessageAnatomyStyle = .stream
    /// Where the reactions stand (`message_display_options.reactions_placement`). Default
    /// `top`, as both Stream SDKs; Sendbird's anatomy has them inside the bubble whatever this says.
    public var reactionsPlacement: ReactionsPlacement = .top
    /// How an attachment of a type the SDK does not draw is shown (`unsupported_attachments`).
    /// Default `file_card` (Stream UIKit); `hidden` in Stream SwiftUI.
    public var unsupportedAttachments: UnsupportedAttachmentStyle = .fileCard

    // Stream SwiftUI's remaining layout options (its `MessageDisplayOptions`, `MessagePaddings`
    // and message list): each nil or off by default, today's layout. Lengths are in points;
    // the text renderer's cells map them as each says.

    /// `unread_separator_label`: the unread separator's words. Default `unread_messages`
    /// ("Unread messages"); Stream SwiftUI writes "New messages".
    public var unreadSeparatorLabel: UnreadSeparatorLabel = .unreadMessages
    /// `new_messages_separator_size`, in points: the unread separator's row is this tall (at
    /// least its line), its words on its first line, as Stream SwiftUI reserves
    /// `newMessagesSeparatorSize` (50) above the first unread message. Default nil: a line.
    /// Cells keep a line: the size is a front end's reservation for its font.
    public var newMessagesSeparatorSize: Double?
    /// `overlay_date_label_size`, in points: a date separator's row (`message_list` dates) is
    /// this tall (at least its line), its words on its first line, as Stream SwiftUI frames
    /// its list's date indicator (`overlayDateLabelSize`, 40). Default nil: a line. Cells keep
    /// a line.
    public var overlayDateLabelSize: Double?
    /// `reactions_top_padding`, in points: how far below a message row's top its bubble
    /// starts when its reactions hang above it (Stream SwiftUI's `reactionsTopPadding`, 24):
    /// the reactions' bubble stays at the row's top, over the message bubble by the rest of its
    /// height, or above it with a gap when this is taller. Default nil: the layout's own (24
    /// points). Cells keep the reactions on their own row.
    public var reactionsTopPadding: Double?
    /// `spacer_width`, in points: the space kept free on the other side of a bubble (Stream
    /// SwiftUI's `spacerWidth`): the widest bubble is the row less its paddings, the avatar
    /// column and this. Default nil: the layout's own (a quarter of the row in points, 80 %
    /// of the space beside the avatar column in cells). Cells take 8 points a cell.
    public var spacerWidth: Double?
    /// `message_paddings.quoted_view`, in points: the space between a quoted message's box and
    /// its text, on every side (Stream SwiftUI's `quotedViewPadding`). Default nil: the
    /// layout's own (8 points). Cells draw the quote without a box of its own: no padding.
    public var quotedViewPadding: Double?
    /// `should_messages_start_at_the_top`: a list shorter than its viewport sits at the
    /// viewport's top instead of its bottom (Stream's `shouldMessagesStartAtTheTop`). Default
    /// false, as Stream UIKit and Stream SwiftUI 4 (SwiftUI 5 turns it on).
    public var shouldMessagesStartAtTheTop: Bool = false
    /// `show_original_translated_button`: a message shown in translation says "Translated to
    /// Portuguese · Show original" under its text, as Stream SwiftUI's translation footer with
    /// `showOriginalTranslatedButton` (off in SwiftUI 4, on in SwiftUI 5). Default false:
    /// "Translated to Portuguese" alone.
    public var showOriginalTranslatedButton: Bool = false
    /// `pinned_annotation_enabled`: a pinned message (`pinned`) says who pinned it on a line
    /// above its bubble — "Pinned by Leia", "Pinned by you" for the current user's pin — as
    /// Stream SwiftUI's `MessagePinDetailsView` (4) and `MessageTopView` (5). Default false:
    /// Stream UIKit shows nothing for a pin.
    public var pinnedAnnotationEnabled: Bool = false
    /// `reminder_annotation_enabled`: a message with the current user's reminder (`reminder`)
    /// says "Reminder set" on a line above its bubble, then "· in 2 hours" while its
    /// `remind_at` is ahead of the document's now, as Stream SwiftUI 5's `MessageTopView`
    /// (`hasReminder`, `reminderTimeText`). Default false: Stream UIKit and SwiftUI 4 show none.
    public var reminderAnnotationEnabled: Bool = false
    /// `thread_reply_placement`: where a thread reply also sent to the channel says so.
    /// Default `under_bubble` (Stream UIKit, Stream SwiftUI 4).
    public var threadReplyPlacement: ThreadReplyPlacement = .underBubble
    /// `last_in_group_header_size`, in points: above the first message of others' groups in a
    /// channel of more than two members, a header of this height with the author's name, as
    /// Stream SwiftUI reserves `lastInGroupHeaderSize` over a group's first message for
    /// `makeLastInGroupHeaderView`. Default nil (SwiftUI's 0): no header. Cells take one line.
    public var lastInGroupHeaderSize: Double?
    /// `reactions_style`: how the reactions' pill is drawn. Default `icons` (Stream UIKit,
    /// Stream SwiftUI 4); SwiftUI 5's default is `segmented`.
    public var reactionsStyle: ReactionsStyle = .icons
    /// `jump_to_unread_enabled`: while the current user has unread messages and neither the
    /// first of them nor the unread separator is in the viewport, a "3 unread" button floats
    /// at the top of the message list (Stream UIKit's `isJumpToUnreadEnabled` and its
    /// `JumpToUnreadMessagesButton`; Stream SwiftUI's `JumpToUnreadButton`, always on there).
    /// Never in a thread. Default false, as Stream UIKit.
    public var jumpToUnreadEnabled: Bool = false
    /// `jump_to_unread_when_opening`: a message list with unread messages opens at the first
    /// of them, placed by ``scrollingAnchor``, instead of at the bottom (Stream UIKit's
    /// `shouldJumpToUnreadWhenOpeningChannel`). Default false: the bottom.
    public var jumpToUnreadWhenOpening: Bool = false
    /// `scrolling_anchor`: where a message the list jumps to lands (Stream SwiftUI's
    /// `scrollingAnchor`; Stream UIKit's jumps land in the middle). Default `center`.
    public var scrollingAnchor: ScrollAnchor = .center
    /// `highlight_message_when_jumping`: the message a jump lands on is drawn highlighted (a
    /// ``BoxRole/highlight`` box behind its row), as Stream SwiftUI's
    /// `highlightMessageWhenJumping` and Stream UIKit's `highlightCell(at:)` after
    /// `jumpToMessage(id:)`. Default true, as both.
    public var highlightMessageWhenJumping: Bool = true
    /// `download_file_attachments_enabled`: a file's card ends in a download button — a share
    /// button once the file is downloaded (an attachment's `local_download_state`), none while
    /// it downloads — as Stream UIKit's `isDownloadFileAttachmentsEnabled` and Stream SwiftUI's
    /// `downloadFileAttachmentsEnabled`. Default false, as both SDKs: no button.
    public var downloadFileAttachmentsEnabled: Bool = false
    /// `markdown_enabled`: a message's text is parsed as markdown (by the decision environment's
    /// ``MarkdownParsing`` parser) and laid out as styled runs and blocks, markers dropped — Stream
    /// UIKit's `Appearance.formatters.isMarkdownEnabled` and Stream SwiftUI's
    /// `markdownSupportEnabled`, both on; Sendbird's `isMarkdownForUserMessageEnabled`, off
    /// (the `sendbird` profile turns it off). Without a parser, or for text without markup, the
    /// text is drawn as written. Default true, as Stream.
    public var markdownEnabled: Bool = true

    /// A configuration; every parameter defaults to Stream's default (see each property).
    public init(
        groupMessages: Bool = true, maxTimeIntervalBetweenMessagesInGroup: Double = 60,
        groupingRule: GroupingRule = .timeInterval, dateIndicatorPlacement: DateIndicatorPlacement = .overlay,
        dateSeparatorStyle: DateSeparatorStyle = .relative, typingIndicatorPlacement: TypingIndicatorPlacement = .bottomOverlay,
        messageListType: MessageListType = .messaging, messageListAlignment: MessageListAlignment = .standard,
        displayOptions: MessageDisplayOptions = MessageDisplayOptions(), horizontalPadding: Double = 8,
        editedLabelEnabled: Bool = false, autoTranslationEnabled: Bool = false,
        unreadSeparatorEnabled: Bool = true, pageSize: Int = 50
    ) {
        self.groupMessages = groupMessages
        self.maxTimeIntervalBetweenMessagesInGroup = maxTimeIntervalBetweenMessagesInGroup
        self.groupingRule = groupingRule
        self.dateIndicatorPlacement = dateIndicatorPlacement
        self.dateSeparatorStyle = dateSeparatorStyle
        self.typingIndicatorPlacement = typingIndicatorPlacement
        self.messageListType = messageListType
        self.messageListAlignment = messageListAlignment
        self.displayOptions = displayOptions
        self.horizontalPadding = horizontalPadding
        self.editedLabelEnabled = editedLabelEnabled
        self.autoTranslationEnabled = autoTranslationEnabled
        self.unreadSeparatorEnabled = unreadSeparatorEnabled
        self.pageSize = pageSize
    }
}

extension MessageListConfig {
    /// `explain`'s words for the anatomy rows are drawn in, when it is not Stream's with the
    /// reactions above the bubble (the default, which explain does not name): "anatomy sendbird:
    /// the nickname above a group's first bubble, the time beside its last".
    public var anatomyExplanation: String? {
        switch (messageAnatomy, reactionsPlacement) {
        case (.sendbird, _):
            "anatomy sendbird (SBUContentBaseMessageCell): the nickname above a group's first bubble, the time beside its last, "
                + "\"(edited)\" and the reactions inside the bubble"
        case (.stream, .bottom): "anatomy stream: reactions under the bubble (reactions_placement bottom)"
        case (.stream, .top): nil
        }
    }
}

/// How the thread view shows the parent message (`parent_presentation`).
public enum ThreadParentPresentation: String, Hashable, Sendable, Codable, CaseIterable {
    /// Sendbird: the parent above the replies with its reply count between separators.
    case infoHeader = "info_header"
    /// Stream: the parent is the first, oldest message of the list.
    case firstMessage = "first_message"
}

/// Where the thread view opens (`starting_point`).
public enum ThreadStartingPoint: Hashable, Sendable, Codable {
    /// At the bottom (`none`/`max`).
    case bottom
    /// At the top (`0`).
    case top
    /// At the first reply created at or after this instant (else at the bottom).
    case timestamp(Timestamp)
}

/// The thread view's options (the document's `config.parent_presentation` and
/// `config.starting_point`).
public struct ThreadViewConfig: Hashable, Sendable, Codable {
    /// `parent_presentation`. Default `info_header`.
    public var parentPresentation: ThreadParentPresentation
    /// `starting_point`. Default: the bottom.
    public var startingPoint: ThreadStartingPoint
    /// The "3 replies" counter under the parent in the `first_message` presentation
    /// (`thread_replies_counter_enabled`), as Stream's `threadRepliesCounterEnabled`. Default
    /// true. (The `info_header` presentation always shows its count.)
    public var repliesCounterEnabled: Bool
    /// The counter stands only once every reply is loaded (the document holds as many replies
    /// as the parent's reply count), as Stream SwiftUI's thread replies divider
    /// (`thread_replies_counter_requires_all_replies`). Default false: Stream UIKit's counter
    /// stands whenever the thread has replies.
    public var repliesCounterRequiresAllReplies: Bool = false
    /// A frozen channel's thread shows "Channel is frozen" in a banner over the top of the
    /// replies (`frozen_banner`), as Sendbird's `SBUChannelStateBanner` (8 points in from the
    /// list's edges and top, 24 points tall, floating over the list). Default false: Stream's
    /// thread views show nothing for a frozen channel (they only disable the composer, which
    /// is not laid out); the `sendbird` profile turns it on.
    public var frozenBanner: Bool = false

    /// Thread view options; by default Sendbird's: the parent above the replies, opening at the
    /// bottom.
    public init(parentPresentation: ThreadParentPresentation = .infoHeader, startingPoint: ThreadStartingPoint = .bottom,
                repliesCounterEnabled: Bool = true) {
        self.parentPresentation = parentPresentation
        self.startingPoint = startingPoint
        self.repliesCounterEnabled = repliesCounterEnabled
    }
}

/// Who is looking, and when and where (the document's `context`). Always explicit: the
/// library never reads the machine's clock, locale or time zone.
public struct LayoutContext: Hashable, Sendable, Codable {
    /// The current user ("you"): their messages are flipped, their unread state counts.
    public var currentUserID: String?
    /// The present instant: "Today", "Yesterday" and the year shown in dates are relative to
    /// it.
    public var now: Timestamp
    /// An IANA time zone ("Europe/Berlin"): calendar days and times are read in it.
    public var timeZone: String
    /// A locale ("en_US"): dates, times and counts are written in it.
    public var locale: String
    /// The language automatic translations are shown in ("pt").
    public var translationLanguage: String?

    /// A context; `timeZone` and `locale` default to UTC and en_US, never to the machine's.
    public init(currentUserID: String? = nil, now: Timestamp, timeZone: String = "UTC", locale: String = "en_US", translationLanguage: String? = nil) {
        self.currentUserID = currentUserID
        self.now = now
        self.timeZone = timeZone
        self.locale = locale
        self.translationLanguage = translationLanguage
    }
}

/// What a direct channel's header says of its other member's presence (`header_presence`),
/// when the payload has presence (a member's `online` or `last_active`).
public enum HeaderPresence: String, Hashable, Sendable, Codable, CaseIterable {
    /// Stream UIKit's `ChatChannelHeaderView`: "Online", "last seen 5 minutes ago" (in
    /// seconds, minutes, hours, days, weeks, then months once a calendar month has passed:
    /// its `DateUtils.timeAgo`), else "Offline".
    case lastSeen = "last_seen"
    /// Stream SwiftUI's `onlineInfoText`: the same, but weeks run until 31 days have passed
    /// (its own `DateUtils.timeAgo`), then months.
    case lastSeen31Days = "last_seen_31_days"
    /// Sendbird's title view: no presence; the subtitle stays the member count.
    case none
}
