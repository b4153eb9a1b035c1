@_spi(ChatLayoutStages) import ChatLayoutModel

/// Makes every decision of a thread view (<doc:ThreadView>): finds the parent and its replies, and
/// lets `MessageListResolver` decide them with the channel's grouping, date and option rules.
/// As Stream's `ChatThreadVC`, it then removes `threadInfo` alone: the parent (a thread root)
/// and the replies (thread parts) keep the `continuousBubble` rule 8 gives them when the
/// channel has replies on.
public struct ThreadViewResolver: Sendable, DecisionEnvironmentBased {
    /// The channel's options (grouping, dates, display) and the thread view's (`threadView`),
    /// the context, formatter, words ("Thread", "3 replies") and emoji data.
    public var environment: DecisionEnvironment

    /// A resolver making its decisions in `environment`.
    public init(_ environment: DecisionEnvironment) {
        self.environment = environment
    }

    /// The decisions of the thread of `parentID`: the parent from the document's messages,
    /// else from its thread's `parent_message`.
    ///
    /// - Throws: ``ThreadViewError/unknownParent(_:)`` when neither has it.
    public func resolve(_ conversation: Conversation, parentID: String) throws(ThreadViewError) -> ThreadViewDecisions {
        let thread = conversation.threads.first { Identifier.same($0.parentMessageID, parentID) }
        guard let parent = conversation.messages.first(where: { Identifier.same($0.id, parentID) }) ?? thread?.parentMessage else {
            throw .unknownParent(parentID)
        }
        let scope = Self.scope(conversation, thread: thread)
        let allReplies = Self.replies(to: parentID, messages: conversation.messages, thread: thread, latest: parent.latestReplies)
        // Shadowed, deleted ephemeral and truncated replies are hidden as in the channel.
        var hidden: [HiddenMessage] = []
        let replies = allReplies.filter { reply in
            guard let reason = MessageVisibility.threadHiddenReason(reply, channel: scope.channel, config: config,
                                                                    currentUserID: context.currentUserID) else { return true }
            hidden.append(HiddenMessage(id: reply.id, reason: reason))
            return false
        }
        let replyCount = max(parent.threadReplyCount, thread?.replyCount ?? 0, allReplies.count)
        let channelName = HeaderResolver.header(scope, currentUserID: context.currentUserID, typing: nil, config: config,
                                                strings: strings, formatter: formatter).title
        let parentInfo: ThreadParentInfo?
        let items: [MessageListItem]
        switch config.threadView.parentPresentation {
        case .infoHeader:
            // The parent alone: it neither groups with the first reply nor takes its date separator.
            // Sendbird: the replies' oldest date always shows.
            let decision = decide([parent], in: scope, historyLoaded: true).messages[0] // one message in, one decision out
            parentInfo = ThreadParentInfo(decision: decision, authorName: parent.user.neutralDisplayName.string,
                                          dateText: parentDateText(parent.createdAt))
            items = decide(replies, in: scope, historyLoaded: true).items
        case .firstMessage:
            parentInfo = nil
            // Stream: the parent, oldest, gets its date separator once every reply is loaded
            // (`hasLoadedAllPreviousReplies`), which the reply count tells.
            items = decide([parent] + replies, in: scope, historyLoaded: allReplies.count >= replyCount).items
        }
        var decisions = ThreadViewDecisions(
            parentID: parentID,
            header: ChannelHeader(title: strings.threadTitle, subtitle: channelName, memberCount: scope.memberCount),
            parentInfo: parentInfo, items: items, replyCount: replyCount,
            replyCountText: strings.replies.text(replyCount, using: formatter), opening: .bottom,
            unreadCount: max(0, thread?.read.first { Identifier.same($0.user.id, context.currentUserID) }?.unreadMessages ?? 0)
        )
        decisions.opening = opening(decisions.replies)
        decisions.hidden = hidden
        // Stream's counter under the parent: on by default, shown when the thread has replies.
        decisions.showsRepliesCounter = config.threadView.parentPresentation == .firstMessage
            && config.threadView.repliesCounterEnabled && replyCount > 0
        return decisions
    }

    /// The replies to `parentID`: the document's messages with that `parent_id`, then the
    /// thread's latest replies, then the parent's own (`latest_replies` of a message payload),
    /// each id once (the first seen is kept). Unsorted: the message list's order rule sorts
    /// them.
    static func replies(to parentID: String, messages: [Message], thread: ChatThread?, latest: [Message] = []) -> [Message] {
        var seen: Set<IDKey> = [IDKey(parentID)]
        let fromMessages = messages.filter { Identifier.same($0.parentID, parentID) && seen.insert(IDKey($0.id)).inserted }
        let fromThread = (thread?.latestReplies ?? []).filter { seen.insert(IDKey($0.id)).inserted }
        return fromMessages + fromThread + latest.filter { seen.insert(IDKey($0.id)).inserted }
    }

    /// The channel the thread's messages are decided in: the thread's own channel when it names
    /// another one than the document's, with no typing (typing is channel-wide) and the
    /// thread's read states beside the channel's (they tell which replies were read).
    static func scope(_ conversation: Conversation, thread: ChatThread?) -> Conversation {
        var scope = conversation
        if let channel = thread?.channel, !Identifier.same(channel.cid, conversation.channel.cid) { scope.channel = channel }
        scope.typingUserIDs = []
        scope.reads += thread?.read ?? []
        scope.messageListState = .loaded
        scope.messages = []
        scope.threads = []
        return scope
    }

    /// The channel's decisions for `messages`, as the rows of the thread: without the unread
    /// separator (the channel's read marker is not the thread's) and the empty state (the
    /// parent is there), without `threadInfo`, and with each message as the document gave it.
    /// The messages are shown as they are (the replies to hide are already left out).
    private func decide(_ messages: [Message], in scope: Conversation, historyLoaded: Bool) -> MessageListDecisions {
        var conversation = scope
        conversation.historyLoaded = historyLoaded
        // Every message of the thread is shown, though a reply is not in the channel's list.
        conversation.messages = messages.map { message in
            var shown = message
            shown.showInChannel = true
            return shown
        }
        var listEnvironment = environment
        listEnvironment.config.unreadSeparatorEnabled = false
        var resolver = MessageListResolver(listEnvironment)
        resolver.hidesMessages = false
        var decisions = resolver.resolve(conversation)
        let originals = Dictionary(messages.map { (IDKey($0.id), $0) }, uniquingKeysWith: { first, _ in first })
        decisions.items = decisions.items.compactMap { item in
            switch item {
            case .message(var decision):
                decision.message = originals[IDKey(decision.message.id)] ?? decision.message
                // Stream's thread removes the thread info alone; the continuous bubble stays.
                decision.options.remove(.threadInfo)
                decision.threadInfoText = nil
                decision.threadParticipantNames = []
                // Sendbird's thread cells use no receipts (`receiptState: .notUsed`).
                if environment.config.messageAnatomy == .sendbird && decision.options.contains(.deliveryStatusIndicator) {
                    decision.options.remove(.deliveryStatusIndicator)
                    decision.deliveryStatus = nil
                    decision.readCount = nil
                    if decision.reasons.contains(where: { $0.option == "deliveryStatusIndicator" }) {
                        decision.reasons.append(OptionReason(option: "deliveryStatusIndicator",
                                                             reason: "a thread's reply: no receipts (message_anatomy sendbird)", removed: true))
                    }
                }
                return .message(decision)
            case .dateSeparator:
                return item
            case .unreadSeparator, .typingIndicator, .emptyState, .loadingState:
                return nil
            }
        }
        return decisions
    }

    /// The parent's date as Sendbird shows it: "MMM dd hh:mm a", with the year in other years than now's
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
