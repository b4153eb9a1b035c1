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
    /// else from its thread's `parent_message`. With `explain`, each message carries its
    /// reasons as in a channel's list, and ``ThreadViewDecisions/notes`` says how the parent is
    /// presented, where the view opens and why, and whether the replies are counted.
    ///
    /// - Throws: ``ThreadViewError/unknownParent(_:)`` when neither has it.
    public func resolve(_ conversation: Conversation, parentID: String, explain: Bool = false) throws(ThreadViewError) -> ThreadViewDecisions {
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
        let channelName = HeaderResolver.header(scope, currentUserID: context.currentUserID, now: context.now, typing: nil, config: config,
                                                strings: strings, formatter: formatter).title
        let parentInfo: ThreadParentInfo?
        let items: [MessageListItem]
        var oldestDateReason: String?
        switch config.threadView.parentPresentation {
        case .infoHeader:
            // The parent alone: it neither groups with the first reply nor takes its date separator.
            // Sendbird: the replies' oldest date always shows.
            let decision = decide([parent], in: scope, historyLoaded: true, explain: explain).messages[0] // one message in, one decision out
            parentInfo = ThreadParentInfo(decision: decision, authorName: parent.user.neutralDisplayName.string,
                                          dateText: parentDateText(parent.createdAt))
            items = decide(replies, in: scope, historyLoaded: true, explain: explain).items
        case .firstMessage:
            parentInfo = nil
            // Stream: the parent, oldest, gets its date separator once every reply is loaded
            // (`hasLoadedAllPreviousReplies`), which the reply count tells.
            let decided = decide([parent] + replies, in: scope, historyLoaded: allReplies.count >= replyCount, explain: explain)
            items = decided.items
            oldestDateReason = decided.oldestDateSeparatorReason
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
        decisions.dateSeparatorStyle = config.dateSeparatorStyle
        // Sendbird's state banner over a frozen channel's thread (SBUMessageThreadViewController's
        // `didUpdateFrozenState` shows it); Stream's thread views only disable their composer.
        if config.threadView.frozenBanner && scope.channel.isFrozen { decisions.frozenBanner = strings.channelFrozen }
        // Stream's counter under the parent: on by default, shown when the thread has replies.
        // Stream SwiftUI's divider waits for every reply (`thread_replies_counter_requires_all_replies`).
        let allRepliesLoaded = allReplies.count >= replyCount
        decisions.showsRepliesCounter = config.threadView.parentPresentation == .firstMessage
            && config.threadView.repliesCounterEnabled && replyCount > 0
            && (allRepliesLoaded || !config.threadView.repliesCounterRequiresAllReplies)
        if explain {
            decisions.oldestDateSeparatorReason = oldestDateReason
            decisions.notes = notes(decisions)
        }
        return decisions
    }

    /// `explain`'s notes on the thread itself: the parent's presentation, the replies' count,
    /// and where the view opens.
    private func notes(_ decisions: ThreadViewDecisions) -> [String] {
        let parent = UntrustedText.lineField(decisions.parentID)
        var notes: [String] = []
        switch config.threadView.parentPresentation {
        case .infoHeader:
            notes.append("parent \(parent) above the replies (parent_presentation info_header)")
            notes.append(decisions.replyCount > 0
                ? "parent info: \"\(decisions.replyCountText)\" between rules"
                : "parent info: no replies, its rule alone (no count)")
        case .firstMessage:
            notes.append("parent \(parent) is the first message of the list (parent_presentation first_message)")
            if decisions.showsRepliesCounter {
                notes.append("replies counter under the parent: \"\(decisions.replyCountText)\"")
            } else if !config.threadView.repliesCounterEnabled {
                notes.append("no replies counter: thread_replies_counter_enabled off")
            } else if decisions.replyCount == 0 {
                notes.append("no replies counter: no replies")
            } else {
                notes.append("no replies counter: \(decisions.replies.count) of \(decisions.replyCount) replies loaded (thread_replies_counter_requires_all_replies)")
            }
        }
        if let banner = decisions.frozenBanner {
            notes.append("frozen channel: \"\(banner)\" in a banner over the top of the list (frozen_banner)")
        }
        let replies = decisions.replies
        switch (config.threadView.startingPoint, decisions.opening) {
        case (.top, .top):
            notes.append(decisions.parentInfo == nil ? "opens at the top (starting_point 0)"
                : "opens with the first reply at the top, the parent info above it (starting_point 0)")
        case (.top, _):
            notes.append("opens at the bottom: its one reply is the last row, scrolled to the bottom (starting_point 0)")
        case (.timestamp(let instant), .reply(let id)):
            notes.append("opens with reply \(UntrustedText.lineField(id)) in the middle: the first reply at or after \(instant.rfc3339) (starting_point)")
        case (.timestamp(let instant), _):
            if let last = replies.last, last.message.createdAt >= instant {
                notes.append("opens at the bottom: the first reply at or after \(instant.rfc3339), \(UntrustedText.lineField(last.message.id)), is the last row, scrolled to the bottom (starting_point)")
            } else {
                notes.append("opens at the bottom: no reply at or after \(instant.rfc3339) (starting_point)")
            }
        case (.bottom, _):
            notes.append("opens at the bottom (starting_point none)")
        }
        return notes
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
    private func decide(_ messages: [Message], in scope: Conversation, historyLoaded: Bool, explain: Bool) -> MessageListDecisions {
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
        var decisions = resolver.resolve(conversation, explain: explain)
        let originals = Dictionary(messages.map { (IDKey($0.id), $0) }, uniquingKeysWith: { first, _ in first })
        decisions.items = decisions.items.compactMap { item in
            switch item {
            case .message(var decision):
                decision.message = originals[IDKey(decision.message.id)] ?? decision.message
                // Stream's thread removes the thread info alone; the continuous bubble stays.
                decision.options.remove(.threadInfo)
                if decision.reasons.contains(where: { $0.option == "threadInfo" }) {
                    decision.reasons = decision.reasons.filter { $0.option != "threadInfo" }
                        + [OptionReason(option: "threadInfo", reason: "a thread view shows none", removed: true)]
                }
                decision.threadInfoText = nil
                decision.threadParticipantNames = []
                // In the thread, Stream SwiftUI 5 says "Also sent in channel" of a reply the channel
                // shows too (`sentInChannelShown`), not "Replied to a thread".
                if let annotations = decision.annotations {
                    let shownInChannel = decision.message.showInChannel && decision.message.parentID != nil
                    let kept = annotations.map { annotation in
                        annotation.kind == .repliedToThread && shownInChannel
                            ? MessageAnnotation(kind: .sentInChannel, title: environment.strings.sentInChannel, button: annotation.button)
                            : annotation
                    }.filter { $0.kind != .repliedToThread }
                    decision.annotations = kept.isEmpty ? nil : kept
                }
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
            case .unreadSeparator, .typingIndicator, .emptyState, .loadingState, .loadingOlderIndicator, .loadingNewerIndicator:
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
    /// created at or after it, else (after every reply) the bottom. Under the parent info
    /// (`info_header`, Sendbird's thread view) a scroll to the last reply goes to the bottom,
    /// as Sendbird's `scrollTableView(to:)` scrolls its last row: the top of a thread of one
    /// reply, and the newest reply, open at the bottom.
    private func opening(_ replies: [MessageDecision]) -> ThreadOpening {
        let underParentInfo = config.threadView.parentPresentation == .infoHeader
        switch config.threadView.startingPoint {
        case .bottom: return .bottom
        case .top: return underParentInfo && replies.count == 1 ? .bottom : .top
        case .timestamp(let instant):
            guard let index = replies.firstIndex(where: { $0.message.createdAt >= instant }) else { return .bottom }
            return underParentInfo && index == replies.count - 1 ? .bottom : .reply(id: replies[index].message.id)
        }
    }
}
