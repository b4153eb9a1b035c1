@_spi(ChatLayoutStages) import ChatLayoutModel

/// The latest reply of a thread, as its list item shows it.
public struct ThreadReplySummary: Hashable, Sendable, Codable {
    /// The reply's message id.
    public var messageID: String
    /// The author's id.
    public var authorID: String = ""
    /// The author's name, neutralised.
    public var authorName: String
    /// The author's initials, for the avatar.
    public var authorInitials: String
    /// The reply's text. Without text: "Poll", "Location" or its first attachment's type,
    /// capitalised ("Image") — even when deleted, as Stream checks the empty text first; with
    /// text and deleted: "This message was deleted.".
    public var preview: String
    /// Today → the time; yesterday → "Yesterday"; later than seven days before now → the
    /// weekday; else the short date.
    public var timestamp: String
}

/// One row of the thread list (Stream's `ChatThreadListItemView`).
public struct ThreadListItem: Hashable, Sendable, Codable {
    /// The parent message id: the item's id.
    public var parentMessageID: String
    /// The channel's name, or the other participants' names for a nameless channel.
    public var title: String
    /// "replied to: " + the parent's preview.
    public var description: String
    /// The current user's unread replies; the badge is hidden at 0.
    public var unreadCount: Int
    /// The latest reply; nil when the thread has none.
    public var reply: ThreadReplySummary?
}

/// Every decision of the thread list (<doc:ThreadList>).
public struct ThreadListDecisions: Hashable, Sendable, Codable {
    /// The list's title: "Threads".
    public var title: String
    /// Where the list is in its loading cycle.
    public var phase: ThreadListPhase
    /// "1 new thread" / "N new threads", when threads not in the list got replies.
    public var newThreadsBanner: String?
    /// The items in list order.
    public var items: [ThreadListItem]
}

/// Composes thread-list items from threads (already sorted and updated by events).
public struct ThreadListResolver: Sendable, DecisionEnvironmentBased {
    /// The context, the formatter (times, weekdays, dates, counts) and the words the items
    /// write ("replied to: ", "This message was deleted.").
    public var environment: DecisionEnvironment

    /// A resolver composing items in `environment`.
    public init(_ environment: DecisionEnvironment) {
        self.environment = environment
    }

    /// A resolver bound to a context and a formatter; where they disagree on the locale or the
    /// time zone, the formatter's are used, as before this was deprecated (``LayoutEnvironment``
    /// refuses them).
    @available(*, deprecated, message: "make a DecisionEnvironment (it refuses a context and a formatter that disagree) and use init(_:)")
    public init(context: LayoutContext, formatter: any LocaleFormatting, strings: ChatStrings? = nil) {
        self.init(DecisionEnvironment(formatterWins: MessageListConfig(), context: context, formatter: formatter,
                                      strings: strings, emoji: StandardLibraryEmoji()))
    }

    /// The decisions for `threads` in this order, with the banner for `newThreadParentIDs`.
    public func resolve(_ threads: [ChatThread], newThreadParentIDs: [String], phase: ThreadListPhase) -> ThreadListDecisions {
        let banner = newThreadParentIDs.isEmpty ? nil : strings.newThreads.text(newThreadParentIDs.count, using: formatter)
        let items = phase == .loading || phase == .empty ? [] : threads.map(item)
        return ThreadListDecisions(title: strings.threadsTitle, phase: phase, newThreadsBanner: banner, items: items)
    }

    /// One item: title, description, unread badge, latest reply.
    public func item(_ thread: ChatThread) -> ThreadListItem {
        let unread = thread.read.first { Identifier.same($0.user.id, context.currentUserID) }?.unreadMessages ?? 0
        return ThreadListItem(
            parentMessageID: thread.parentMessageID, title: title(thread),
            description: repliedTo(parentPreview(thread)), unreadCount: max(0, unread),
            reply: thread.latestReplies.max { ($0.createdAt, $0.id) < ($1.createdAt, $1.id) }.map(reply)
        )
    }

    /// The thread's channel named as the channel list names it (``ChannelNamer``); a thread
    /// payload lists no members, so a nameless direct channel is named after the thread's
    /// participants.
    private func title(_ thread: ChatThread) -> String {
        guard let channel = thread.channel else { return "" }
        return ChannelNamer.title(of: channel, members: thread.threadParticipants, currentUserID: context.currentUserID,
                                  strings: strings, formatter: formatter)
    }

    /// "replied to: " and the preview, set apart as the phrases' values are where either
    /// could turn the other around (``BidiIsolation``).
    private func repliedTo(_ preview: String) -> String {
        let turns = BidiIsolation.turnsPhrases(strings.repliedTo) || BidiIsolation.turnsPhrases(preview)
        return strings.repliedTo + (turns ? BidiIsolation.isolated(preview) : preview)
    }

    /// Parent deleted → "This message was deleted."; else the thread's title; else the
    /// parent's text; else its first attachment's type.
    private func parentPreview(_ thread: ChatThread) -> String {
        guard let parent = thread.parentMessage else { return thread.title ?? "" }
        if parent.isDeleted { return strings.messageWasDeleted }
        if let title = thread.title, title.contains(where: { !$0.isWhitespace }) { return title }
        if !parent.text.isEmpty { return parent.text }
        return contentName(parent, capitalized: false)
    }

    /// What stands for a message without text: its poll, its location, else its first
    /// attachment's kind in words (``ChatStrings/attachmentNames``; capitalised for replies,
    /// as Stream writes them).
    private func contentName(_ message: Message, capitalized: Bool) -> String {
        // The rule a quote without text follows too (`ChatStrings.textlessName`); only the
        // capital letter is the thread list's.
        guard let name = strings.textlessName(hasPoll: message.poll != nil, location: message.sharedLocation,
                                              firstAttachmentType: message.attachments.first?.type)
        else { return "" }
        return capitalized && name.isType ? Self.capitalizingFirstLetter(name.words, locale: context.locale) : name.words
    }

    /// `word` with its first letter in capitals, as the language of the locale's words writes
    /// it: the Turkish table's words capitalise "i" as "İ" and "ı" as "I" (Swift's
    /// `uppercased()` knows no locale). A locale without a table of its own (Azerbaijani) has
    /// English words, capitalised in English.
    static func capitalizingFirstLetter(_ word: String, locale: String) -> String {
        guard let first = word.first else { return word }
        if ChatStrings.builtInLanguage(for: locale) == "tr" {
            if first == "i" { return "İ" + word.dropFirst() }
            if first == "ı" { return "I" + word.dropFirst() }
        }
        return first.uppercased() + word.dropFirst()
    }

    private func reply(_ message: Message) -> ThreadReplySummary {
        // Stream checks an empty text first: a deleted reply with an image reads "Image".
        let preview: String
        if message.text.isEmpty {
            preview = contentName(message, capitalized: true)
        } else if message.isDeleted {
            preview = strings.messageWasDeleted
        } else {
            preview = message.text
        }
        return ThreadReplySummary(messageID: message.id, authorID: message.user.id, authorName: message.user.neutralDisplayName.string,
                                  authorInitials: message.user.neutralInitials.string, preview: preview,
                                  timestamp: replyTimestamp(message.createdAt))
    }

    /// Today → the time; yesterday → "Yesterday"; within the last week → the weekday; else
    /// the locale's short date. "The last week" is Stream's: later than seven days before now,
    /// as an instant, not by calendar days.
    private func replyTimestamp(_ instant: Timestamp) -> String {
        let today = formatter.calendarDay(of: context.now)
        let daysAgo = today.daysSince1970 - formatter.calendarDay(of: instant).daysSince1970
        let weekAgo = Timestamp(seconds: context.now.seconds - 7 * 86_400, nanoseconds: context.now.nanoseconds)
        switch daysAgo {
        case 0: return formatter.shortTime(instant)
        case 1: return formatter.relativeDayName(-1)
        case 2... where instant > weekAgo: return formatter.weekdayName(instant)
        default: return formatter.format(instant, skeleton: "yyMd")
        }
    }
}
