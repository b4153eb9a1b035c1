/// Makes every decision of a thread view (SPEC §3.6): finds the parent and its replies, and
/// lets `MessageListResolver` decide them with the channel's grouping, date and option rules —
/// in a channel of their own where, as in a thread, no message is a thread root or part, so
/// none gets `threadInfo` (rule 8) and `continuousBubble` follows the group position alone.
public struct ThreadViewResolver: Sendable {
    /// The channel's options (grouping, dates, display) and the thread view's (`threadView`).
    public var config: MessageListConfig
    /// Who is looking, and when and where.
    public var context: LayoutContext
    /// Dates, times and counts, in the context's locale and time zone.
    public var formatter: any LocaleFormatting
    /// Text facts (emoji-only messages).
    public var measurer: any TextMeasuring
    /// The words the decisions write ("Thread", "3 replies").
    public var strings: ChatStrings

    /// A resolver bound to a configuration, a context, a formatter and a measurer.
    public init(config: MessageListConfig, context: LayoutContext, formatter: any LocaleFormatting,
                measurer: any TextMeasuring, strings: ChatStrings = ChatStrings()) {
        self.config = config
        self.context = context
        self.formatter = formatter
        self.measurer = measurer
        self.strings = strings
    }

    /// The decisions of the thread of `parentID`: the parent from the document's messages,
    /// else from its thread's `parent_message`.
    ///
    /// - Throws: ``ThreadViewError/unknownParent(_:)`` when neither has it.
    public func resolve(_ conversation: Conversation, parentID: String) throws(ThreadViewError) -> ThreadViewDecisions {
        let thread = conversation.threads.first { $0.parentMessageID == parentID }
        guard let parent = conversation.messages.first(where: { $0.id == parentID }) ?? thread?.parentMessage else {
            throw .unknownParent(parentID)
        }
        let replies = Self.replies(to: parentID, messages: conversation.messages, thread: thread)
        let scope = Self.scope(conversation, thread: thread)
        let channelName = HeaderResolver.header(scope, currentUserID: context.currentUserID, typing: nil, config: config,
                                                strings: strings, formatter: formatter).title
        let parentInfo: ThreadParentInfo?
        let items: [MessageListItem]
        switch config.threadView.parentPresentation {
        case .infoHeader:
            // The parent alone: it neither groups with the first reply nor takes its date separator.
            let decision = decide([parent], in: scope).messages[0] // one message in, one decision out
            parentInfo = ThreadParentInfo(decision: decision, authorName: UntrustedText.neutralize(parent.user.displayName),
                                          dateText: parentDateText(parent.createdAt))
            items = decide(replies, in: scope).items
        case .firstMessage:
            parentInfo = nil
            items = decide([parent] + replies, in: scope).items
        }
        let replyCount = max(parent.replyCount, thread?.replyCount ?? 0, replies.count)
        var decisions = ThreadViewDecisions(
            parentID: parentID,
            header: ChannelHeader(title: strings.threadTitle, subtitle: channelName, memberCount: scope.memberCount),
            parentInfo: parentInfo, items: items, replyCount: replyCount,
            replyCountText: strings.replies.text(replyCount, using: formatter), opening: .bottom,
            unreadCount: max(0, thread?.read.first { $0.user.id == context.currentUserID }?.unreadMessages ?? 0)
        )
        decisions.opening = opening(decisions.replies)
        return decisions
    }

    /// The replies to `parentID`: the document's messages with that `parent_id`, then the
    /// thread's latest replies, each id once (the first seen is kept). Unsorted: the message
    /// list's order rule sorts them.
    static func replies(to parentID: String, messages: [Message], thread: ChatThread?) -> [Message] {
        var seen: Set<String> = [parentID]
        let fromMessages = messages.filter { $0.parentID == parentID && seen.insert($0.id).inserted }
        let fromThread = (thread?.latestReplies ?? []).filter { seen.insert($0.id).inserted }
        return fromMessages + fromThread
    }

    /// The channel the thread's messages are decided in: the thread's own channel when it names
    /// another one than the document's, with replies off (inside a thread no message is a thread
    /// root or part), no typing (typing is channel-wide) and the thread's read states beside
    /// the channel's (they tell which replies were read).
    static func scope(_ conversation: Conversation, thread: ChatThread?) -> Conversation {
        var scope = conversation
        if let channel = thread?.channel, channel.cid != conversation.channel.cid { scope.channel = channel }
        scope.channel.features.replies = false
        scope.typingUserIDs = []
        scope.reads += thread?.read ?? []
        scope.messageListState = .loaded
        scope.messages = []
        scope.threads = []
        return scope
    }

    /// The channel's decisions for `messages`, as the rows of the thread: without the unread
    /// separator (the channel's read marker is not the thread's) and the empty state (the
    /// parent is there), and with each message as the document gave it.
    private func decide(_ messages: [Message], in scope: Conversation) -> MessageListDecisions {
        var conversation = scope
        // Every message of the thread is shown, though a reply is not in the channel's list.
        conversation.messages = messages.map { message in
            var shown = message
            shown.showInChannel = true
            return shown
        }
        var listConfig = config
        listConfig.unreadSeparatorEnabled = false
        var decisions = MessageListResolver(config: listConfig, context: context, formatter: formatter,
                                            measurer: measurer, strings: strings).resolve(conversation)
        let originals = Dictionary(messages.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        decisions.items = decisions.items.compactMap { item in
            switch item {
            case .message(var decision):
                decision.message = originals[decision.message.id] ?? decision.message
                return .message(decision)
            case .dateSeparator:
                return item
            case .unreadSeparator, .typingIndicator, .emptyState, .loadingState:
                return nil
            }
        }
        return decisions
    }

    /// SPEC §3.6: the parent's date "MMM dd hh:mm a", with the year in other years than now's
    /// ("MMM dd, yyyy hh:mm a"). A no-break space keeps the time with its AM/PM marker when a
    /// narrow screen wraps the date.
    private func parentDateText(_ instant: Timestamp) -> String {
        let sameYear = formatter.calendarDay(of: instant).year == formatter.calendarDay(of: context.now).year
        return formatter.format(instant, pattern: sameYear ? "MMM dd hh:mm\u{00A0}a" : "MMM dd, yyyy hh:mm\u{00A0}a")
    }

    /// `starting_point`: none/max → the bottom; 0 → the top; a timestamp → the first reply
    /// created at or after it, else (after every reply) the bottom.
    private func opening(_ replies: [MessageDecision]) -> ThreadOpening {
        switch config.threadView.startingPoint {
        case .bottom: return .bottom
        case .top: return .top
        case .timestamp(let instant):
            return replies.first { $0.message.createdAt >= instant }.map { .reply(id: $0.message.id) } ?? .bottom
        }
    }
}
