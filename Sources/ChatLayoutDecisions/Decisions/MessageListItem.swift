@_spi(ChatLayoutStages) import ChatLayoutModel

/// A reaction type and how many reacted with it (`reaction_scores`), and whether the current
/// user is one of them.
public struct ReactionCount: Hashable, Sendable, Codable {
    /// The reaction's type ("love", "like", …), neutralised when the count is made.
    public var type: String
    /// Its score.
    public var count: Int
    /// The current user reacted with this type (`own_reactions`, or one of `latest_reactions`
    /// by them): a front end marks it, as Stream tints a reaction chosen by the current user.
    public var isOwn: Bool = false

    /// A reaction count; its type is neutralised (a box tree read from JSON makes them too).
    public init(type: String, count: Int) {
        self.type = NeutralText(type).string
        self.count = count
    }

    /// A reaction count that says whether the current user reacted with its type.
    public init(type: String, count: Int, isOwn: Bool) {
        self.init(type: type, count: count)
        self.isOwn = isOwn
    }

    private enum CodingKeys: String, CodingKey { case type, count, isOwn }

    /// Reads a count written by ``encode(to:)``; one written before `isOwn` existed is not own.
    ///
    /// - Throws: `DecodingError` when `type` or `count` is missing or of the wrong type.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(type: try container.decode(String.self, forKey: .type), count: try container.decode(Int.self, forKey: .count),
                  isOwn: try container.decodeIfPresent(Bool.self, forKey: .isOwn) ?? false)
    }

    /// Writes the type and count, and `isOwn` when it is true.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(type, forKey: .type)
        try container.encode(count, forKey: .count)
        if isOwn { try container.encode(isOwn, forKey: .isOwn) }
    }
}

/// A line above a message's bubble saying something about the message, as Stream SwiftUI's
/// `MessageTopView` (its `MessageAnnotationView`) writes it: an icon, the title, then after a
/// dot a subtitle or a button — "Pinned by Leia", "Reminder set • in 2 hours", "Replied to a
/// thread • View".
public struct MessageAnnotation: Hashable, Sendable, Codable {
    /// What the annotation says of the message (its icon, for a front end).
    public enum Kind: String, Hashable, Sendable, Codable, CaseIterable {
        /// The message is pinned (`pinned_annotation_enabled`).
        case pinned
        /// A thread reply also sent to the channel (`thread_reply_placement: annotation`).
        case repliedToThread = "replied_to_thread"
        /// The same reply in its thread view: it is in the channel too (`sentInChannelShown`).
        case sentInChannel = "sent_in_channel"
        /// The current user set a reminder on it (`reminder_annotation_enabled`).
        case reminder
    }

    /// What it says of the message.
    public var kind: Kind
    /// Its title, neutralised: "Pinned by Leia", "Replied to a thread", "Reminder set".
    public var title: String
    /// After a dot: the reminder's time ("in 2 hours"); nil for none.
    public var subtitle: String?
    /// After a dot, a button: "View"; nil for none.
    public var button: String?

    /// An annotation of `kind` saying `title`, then `subtitle` or `button`.
    public init(kind: Kind, title: String, subtitle: String? = nil, button: String? = nil) {
        self.kind = kind
        self.title = title
        self.subtitle = subtitle
        self.button = button
    }

    /// Its one line: the title, then " • " before the subtitle and before the button.
    public var line: String {
        var line = title
        if let subtitle { line += Self.separator + subtitle }
        if let button { line += Self.separator + button }
        return line
    }

    /// What stands between an annotation's title and what follows it: " • ".
    public static let separator = " • "
}

/// The decisions about one message of the list.
public struct MessageDecision: Hashable, Sendable, Codable {
    /// The message, as the document gave it.
    public var message: Message
    /// The text to lay out, neutralised (the "Message deleted" placeholder for deleted ones).
    public var text: String
    /// Where it sits in its group.
    public var position: GroupPosition
    /// It is the current user's (a front end may draw it in an accent colour; which side it
    /// sits on is the `flipped` option's).
    public var isFromCurrentUser: Bool = false
    /// Why the message ends its group, or continues it.
    public var groupBoundary: GroupBoundary
    /// What it shows (<doc:LayoutOptions>).
    public var options: MessageLayoutOptions
    /// The calendar day in the document's time zone.
    public var day: CalendarDay
    /// The date label of its day (what the overlay shows while it is on top).
    public var dateLabel: String
    /// The short time ("9:41 AM").
    public var timeText: String
    /// The delivery status, with `deliveryStatusIndicator`.
    public var deliveryStatus: DeliveryStatus?
    /// How many other members read the message, shown before a read status in group channels
    /// ("2 ✓✓"): nil in direct channels, for a message in progress or failed, and when nobody
    /// read it.
    public var readCount: Int?
    /// The automatic translation shown under the text (`translation`), neutralised.
    public var translation: String?
    /// The language the translation is in (the context's `translation_language`), with
    /// `translation`.
    public var translationLanguage: String?
    /// The footnote that says so: "Translated to Portuguese" (the language named in the
    /// document's locale), with `translation`.
    public var translationLabel: String?
    /// "3 replies" for a thread root (`threadInfo`).
    public var threadInfoText: String?
    /// The names of the thread's participants (for `threadInfo`), neutralised.
    public var threadParticipantNames: [String] = []
    /// Shows the "Edited" label: edited, not deleted, with `edited_label_enabled`.
    public var showsEditedLabel: Bool = false
    /// The reactions shown, with `reactions`: the scored types Stream has an image for, in
    /// payload order. Decided here once; a renderer only chooses how each type looks.
    public var reactions: [ReactionCount] = []
    /// Whether the quoted message (with `quotedMessage`) is the current user's: Stream puts
    /// its author's avatar at the quote's trailing side, in anyone's bubble. Nil when the
    /// message quotes none (and in decisions encoded before this key).
    public var quotesCurrentUser: Bool?
    /// Whether the text is Stream's jumbomoji: 1–3 emoji alone, without attachments, drawn
    /// large (without a bubble unless the message quotes). Decided once, from Unicode's emoji
    /// properties; nil in decisions encoded before this key.
    public var isJumbomoji: Bool?
    /// Why each option was given or removed; empty unless explanations were asked for.
    public var reasons: [OptionReason]
    /// What a reader should know besides the options: an author whose id or name reads like
    /// another user's (ids compare by their bytes). Empty unless explanations were asked for.
    public var notes: [String] = []
    /// Its poll's subtitle and buttons (``PollDecision``): nil without a poll, or deleted.
    public var poll: PollDecision?
    /// The annotations above its bubble, top to bottom (Stream SwiftUI's `MessageTopView`:
    /// the pin, the thread reply, the reminder); nil for none.
    public var annotations: [MessageAnnotation]?
    /// The author's name in a header over the first message of others' groups
    /// (`last_in_group_header_size`, Stream SwiftUI's `makeLastInGroupHeaderView`), neutralised;
    /// nil for none.
    public var groupHeader: String?
    /// The text the bubble shows, parsed as markdown (`markdown_enabled`, with the
    /// environment's ``DecisionEnvironment/markdown`` parser): the translation's when it is
    /// shown instead of the text (``translationReplacesText(in:)``), else the message's. Nil for a
    /// text without markup (drawn as written, as before), a deleted message, a jumbomoji and
    /// when the option is off; JSON has the key only when set.
    public var richText: RichText?

    /// Whether it ends its group (it shows the avatar, the author and the time).
    public var isLastInGroup: Bool { groupBoundary.isLast }

    /// Whether the bubble shows the translation instead of the text (Stream's anatomy, whose
    /// footnote says "Translated to …"); Sendbird's shows it under the text.
    public func translationReplacesText(in config: MessageListConfig) -> Bool {
        options.contains(.translation) && translation != nil && config.messageAnatomy == .stream
    }
}

extension MessageDecision {
    /// A decision made of all its parts.
    ///
    /// Made by the memberwise initialiser (`self.init`, which builds the value whole): assigned
    /// field by field here, the value was built in place and then copied out (every field
    /// retained) and destroyed (every field released) — the optimiser does not fold that for a
    /// value of this many fields.
    package init(message: Message, text: String, position: GroupPosition, isFromCurrentUser: Bool = false, groupBoundary: GroupBoundary, options: MessageLayoutOptions, day: CalendarDay, dateLabel: String, timeText: String, deliveryStatus: DeliveryStatus? = nil, readCount: Int? = nil, translation: String? = nil, translationLanguage: String? = nil, translationLabel: String? = nil, threadInfoText: String? = nil, threadParticipantNames: [String] = [], showsEditedLabel: Bool = false, reactions: [ReactionCount] = [], reasons: [OptionReason], notes: [String] = [], poll: PollDecision? = nil, quotesCurrentUser: Bool? = nil, isJumbomoji: Bool? = nil, annotations: [MessageAnnotation]? = nil, groupHeader: String? = nil, richText: RichText? = nil) {
        self.init(message: message, text: text, position: position, isFromCurrentUser: isFromCurrentUser, groupBoundary: groupBoundary,
                  options: options, day: day, dateLabel: dateLabel, timeText: timeText, deliveryStatus: deliveryStatus,
                  readCount: readCount, translation: translation, translationLanguage: translationLanguage,
                  translationLabel: translationLabel, threadInfoText: threadInfoText, threadParticipantNames: threadParticipantNames,
                  showsEditedLabel: showsEditedLabel, reactions: reactions, quotesCurrentUser: quotesCurrentUser, isJumbomoji: isJumbomoji,
                  reasons: reasons, notes: notes, poll: poll, annotations: annotations, groupHeader: groupHeader, richText: richText)
    }
}

/// One row of the message list, top to bottom.
public enum MessageListItem: Hashable, Sendable, Codable {
    /// Above the first message of a calendar day (`message_list` dates).
    case dateSeparator(day: CalendarDay, text: String)
    /// Above the first unread message.
    case unreadSeparator(text: String)
    /// A message, with every decision about it. Held in a box of its own (`indirect`): a
    /// row is copied as one reference, not as every field of the decision and its message.
    indirect case message(MessageDecision)
    /// "Leia is typing…" at the bottom (`bottom_overlay`).
    case typingIndicator(text: String)
    /// The channel has no messages.
    case emptyState(text: String)
    /// Nothing is loaded yet.
    case loadingState(text: String)
    /// Above the oldest message loaded, while a page of older messages loads (Stream's
    /// `isLoadingPreviousMessages`): a front end draws a spinner.
    case loadingOlderIndicator(text: String)
    /// Under the newest message loaded, while a page of newer messages loads (Stream's
    /// `isLoadingNextMessages`, after a jump away from the newest page).
    case loadingNewerIndicator(text: String)
}

extension MessageListItem {
    /// A message row's date label (``MessageDecision/dateLabel``); nil for other rows. Read
    /// here, in the decisions' module, the label is taken from the decision where it is
    /// held: bound by a pattern in another module, the whole decision was copied out of its
    /// box (every field retained, then released) to read one string.
    package var messageDateLabel: String? {
        guard case .message(let decision) = self else { return nil }
        return decision.dateLabel
    }

    /// The rows above a message, top to bottom, for the batch list and the incremental one
    /// alike: its day's date separator (`date`: the day and its label), then the unread
    /// separator (`unread`: its words). Above the oldest message, the older page's loading row
    /// comes first (``loadingOlderIndicator(text:)``), added by the lists themselves: one
    /// message in a list has it.
    package static func rowsAbove(date: (day: CalendarDay, label: String)?, unread: String?) -> [MessageListItem] {
        var rows: [MessageListItem] = []
        if let date { rows.append(.dateSeparator(day: date.day, text: date.label)) }
        if let unread { rows.append(.unreadSeparator(text: unread)) }
        return rows
    }
}

/// The channel header.
public struct ChannelHeader: Hashable, Sendable, Codable {
    /// The channel's name, or the other members' names for a nameless channel.
    public var title: String
    /// "4 members", or the typing text with `navigation_bar` placement; empty when the member
    /// count is unknown.
    public var subtitle: String
    /// The member count: the channel's, else the members listed.
    public var memberCount: Int

    package init(title: String, subtitle: String, memberCount: Int) {
        self.title = title
        self.subtitle = subtitle
        self.memberCount = memberCount
    }
}

/// Every decision of a message list: <doc:Grouping>, <doc:LayoutOptions>, <doc:Dates>, <doc:UnreadTypingAndStates>.
public struct MessageListDecisions: Hashable, Sendable, Codable {
    /// The channel header.
    public var header: ChannelHeader
    /// The rows, top (oldest) to bottom (newest).
    public var items: [MessageListItem]
    /// The unread count the scroll-to-latest button carries.
    public var unreadCount: Int
    /// The document's messages the list leaves out, in input order, and why (thread replies,
    /// shadowed, deleted ephemeral and truncated messages): none is dropped silently.
    public var hidden: [HiddenMessage] = []
    /// How the date separators read (`date_separator_style`), for `explain`.
    public var dateSeparatorStyle: DateSeparatorStyle = .relative
    /// Why the unread separator stands where it does, or why a user with a read state has
    /// none ("no unread separator: unread_messages is 0 (0 or less: nothing unread)"); made
    /// only when explaining, and nil for a user without a read state.
    public var unreadExplanation: String?
    /// What the list's rows leave out or take from elsewhere, when explaining: a typing
    /// indicator that the channel's `typing_events` turn off, a member count counted from the
    /// members because the channel has no `member_count`.
    public var notes: [String] = []
    /// Why the oldest loaded message has a date separator though the history above it is not
    /// loaded (`date_separator_on_oldest_message`), when explaining; nil otherwise.
    public var oldestDateSeparatorReason: String?
    /// The id of the first unread message: where the jump-to-unread button and
    /// `jump_to_unread_when_opening` take the list (nil: nothing unread, or not known).
    public var firstUnreadMessageID: String?
    /// The jump-to-unread button's words ("3 unread"), with `jump_to_unread_enabled` and
    /// unread messages; the viewport shows it while the first unread message is out of sight.
    public var jumpToUnreadText: String?

    package init(header: ChannelHeader, items: [MessageListItem], unreadCount: Int, hidden: [HiddenMessage] = [], dateSeparatorStyle: DateSeparatorStyle = .relative, unreadExplanation: String? = nil, notes: [String] = []) {
        self.header = header
        self.items = items
        self.unreadCount = unreadCount
        self.hidden = hidden
        self.dateSeparatorStyle = dateSeparatorStyle
        self.unreadExplanation = unreadExplanation
        self.notes = notes
    }

    /// The message decisions alone, top to bottom.
    public var messages: [MessageDecision] {
        items.compactMap { if case .message(let decision) = $0 { return decision } else { return nil } }
    }

    /// Decisions of a list with no hidden messages, the relative date style and no notes,
    /// unless given.
    init(header: ChannelHeader, items: [MessageListItem], unreadCount: Int, hidden: [HiddenMessage] = [],
         dateSeparatorStyle: DateSeparatorStyle = .relative) {
        self.header = header
        self.items = items
        self.unreadCount = unreadCount
        self.hidden = hidden
        self.dateSeparatorStyle = dateSeparatorStyle
    }

    private enum CodingKeys: String, CodingKey {
        case header, items, unreadCount, hidden, dateSeparatorStyle, unreadExplanation, notes, firstUnreadMessageID, jumpToUnreadText
    }

    /// Reads decisions written by `encode(to:)`; keys added in later versions (the hidden
    /// messages, the date style, the notes) may be missing, as in decisions encoded before them.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        header = try container.decode(ChannelHeader.self, forKey: .header)
        items = try container.decode([MessageListItem].self, forKey: .items)
        unreadCount = try container.decode(Int.self, forKey: .unreadCount)
        hidden = try container.decodeIfPresent([HiddenMessage].self, forKey: .hidden) ?? []
        dateSeparatorStyle = try container.decodeIfPresent(DateSeparatorStyle.self, forKey: .dateSeparatorStyle) ?? .relative
        unreadExplanation = try container.decodeIfPresent(String.self, forKey: .unreadExplanation)
        notes = try container.decodeIfPresent([String].self, forKey: .notes) ?? []
        firstUnreadMessageID = try container.decodeIfPresent(String.self, forKey: .firstUnreadMessageID)
        jumpToUnreadText = try container.decodeIfPresent(String.self, forKey: .jumpToUnreadText)
    }
}
