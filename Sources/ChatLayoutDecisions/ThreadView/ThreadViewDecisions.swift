@_spi(ChatLayoutStages) import ChatLayoutModel

/// Where the thread view opens (the `starting_point` option), resolved against its replies.
public enum ThreadOpening: Hashable, Sendable, Codable {
    /// At the bottom, the newest reply in view (`none`/`max`, or a timestamp after every reply;
    /// under the parent info, also a scroll to the last reply, as Sendbird's).
    case bottom
    /// At the top (`0`): the parent in view, or, under the parent info (`info_header`), the
    /// first reply at the top with the parent info above it.
    case top
    /// With this reply, the first created at or after the starting timestamp, in the middle of
    /// the viewport.
    case reply(id: String)
}

/// The parent message as the `info_header` presentation shows it above the replies (Sendbird's
/// parent message info): author, date, content, reactions.
public struct ThreadParentInfo: Hashable, Sendable, Codable {
    /// The parent's decisions as a message of its own: its text (or the deleted placeholder),
    /// and the options that say which content shows (`quotedMessage`, `translation`,
    /// `reactions`). Never `threadInfo`.
    public var decision: MessageDecision
    /// The author's name, neutralised.
    public var authorName: String
    /// "Mar 05 09:41 AM" this year, "Mar 05, 2023 09:41 AM" before.
    public var dateText: String

    /// The parent info from its parts.
    public init(decision: MessageDecision, authorName: String, dateText: String) {
        self.decision = decision
        self.authorName = authorName
        self.dateText = dateText
    }
}

/// Every decision of a thread view (<doc:ThreadView>): the header, the parent, the replies with the
/// channel's grouping and date rules, the reply count and where the view opens.
public struct ThreadViewDecisions: Hashable, Sendable, Codable {
    /// The parent message's id.
    public var parentID: String
    /// "Thread" as the title, the channel's name as the subtitle.
    public var header: ChannelHeader
    /// The parent above the replies (`info_header`); nil when it is the first message of
    /// `items` (`first_message`).
    public var parentInfo: ThreadParentInfo?
    /// The replies, oldest first, with their date separators; with `first_message` the parent
    /// comes first. No message here shows `threadInfo`.
    public var items: [MessageListItem]
    /// The number of replies: the largest of the parent's `reply_count`, the thread's, and the
    /// replies in the document (a page of replies may be fewer than the thread has).
    public var replyCount: Int
    /// "1 reply", "3 replies".
    public var replyCountText: String
    /// Where the view opens.
    public var opening: ThreadOpening
    /// The current user's unread replies in this thread (the scroll-to-latest button's count).
    public var unreadCount: Int
    /// The "3 replies" counter stands under the parent in the `first_message` presentation
    /// (Stream's `threadRepliesCounterEnabled`, with replies).
    public var showsRepliesCounter = false
    /// Replies the thread leaves out (shadowed, deleted ephemeral, truncated), and why.
    public var hidden: [HiddenMessage] = []
    /// When explained (`resolve(_:parentID:explain:)`): how the parent is presented, whether the
    /// replies are counted, and where the view opens and why — `explain --thread`'s closing
    /// lines. Empty otherwise.
    public var notes: [String] = []
    /// When explained: why the oldest message of ``items`` has its date separator, when it has
    /// one for another reason than the whole thread being loaded. Not encoded.
    public var oldestDateSeparatorReason: String?
    /// The date separators' label style (`date_separator_style`).
    public var dateSeparatorStyle: DateSeparatorStyle = .relative
    /// The banner over the top of a frozen channel's thread ("Channel is frozen", Sendbird's
    /// `SBUChannelStateBanner`, with `frozen_banner`); nil: no banner.
    public var frozenBanner: String?

    /// The decisions from their parts.
    public init(parentID: String, header: ChannelHeader, parentInfo: ThreadParentInfo?, items: [MessageListItem],
                replyCount: Int, replyCountText: String, opening: ThreadOpening, unreadCount: Int) {
        self.parentID = parentID
        self.header = header
        self.parentInfo = parentInfo
        self.items = items
        self.replyCount = replyCount
        self.replyCountText = replyCountText
        self.opening = opening
        self.unreadCount = unreadCount
    }

    /// The message decisions of the list, top to bottom (the parent first with `first_message`).
    public var messages: [MessageDecision] {
        items.compactMap { if case .message(let decision) = $0 { return decision } else { return nil } }
    }

    /// The decisions of the replies alone, oldest first.
    public var replies: [MessageDecision] {
        messages.filter { !Identifier.same($0.message.id, parentID) }
    }

    private enum CodingKeys: String, CodingKey {
        case parentID, header, parentInfo, items, replyCount, replyCountText, opening, unreadCount, showsRepliesCounter, hidden
        case notes, dateSeparatorStyle, frozenBanner
    }

    /// Decodes what `encode(to:)` wrote; the members added later (`notes`,
    /// `dateSeparatorStyle`, `frozenBanner`) may be missing.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(parentID: try container.decode(String.self, forKey: .parentID),
                  header: try container.decode(ChannelHeader.self, forKey: .header),
                  parentInfo: try container.decodeIfPresent(ThreadParentInfo.self, forKey: .parentInfo),
                  items: try container.decode([MessageListItem].self, forKey: .items),
                  replyCount: try container.decode(Int.self, forKey: .replyCount),
                  replyCountText: try container.decode(String.self, forKey: .replyCountText),
                  opening: try container.decode(ThreadOpening.self, forKey: .opening),
                  unreadCount: try container.decode(Int.self, forKey: .unreadCount))
        showsRepliesCounter = try container.decode(Bool.self, forKey: .showsRepliesCounter)
        hidden = try container.decode([HiddenMessage].self, forKey: .hidden)
        notes = try container.decodeIfPresent([String].self, forKey: .notes) ?? []
        dateSeparatorStyle = try container.decodeIfPresent(DateSeparatorStyle.self, forKey: .dateSeparatorStyle) ?? .relative
        frozenBanner = try container.decodeIfPresent(String.self, forKey: .frozenBanner)
    }
}

/// Why a thread view cannot be laid out.
public enum ThreadViewError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Neither the document's messages nor its threads have a message with this id.
    case unknownParent(String)

    /// For people: "no message 'p9' in the document".
    public var description: String {
        switch self {
        case .unknownParent(let id): "no message '\(UntrustedText.neutralizeLine(UntrustedText.shortened(id)))' in the document"
        }
    }
}
