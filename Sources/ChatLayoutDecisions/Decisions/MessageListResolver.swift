@_spi(ChatLayoutStages) import ChatLayoutModel

import Dispatch
import Synchronization

/// Makes every decision of a message list: order, grouping, layout options,
/// date separators and labels, the unread separator, the typing indicator, the header, the
/// empty and loading states. A pure function of its inputs.
public struct MessageListResolver: Sendable, DecisionEnvironmentBased {
    /// The options, context, formatter, words ("Unread messages", "4 members") and emoji
    /// data (for jumbomoji) the decisions are made with.
    public var environment: DecisionEnvironment {
        didSet { replyTexts = ReplyCountTexts() } // other words or another formatter: made again
    }
    /// The thread roots' "3 replies", each count's made once (`ReplyCountTexts`).
    private var replyTexts = ReplyCountTexts()
    /// Leaves out the messages Stream hides (``hiddenMessages(in:)``); the thread view, which
    /// picks its messages itself, turns it off.
    var hidesMessages = true

    /// A resolver making its decisions in `environment`.
    public init(_ environment: DecisionEnvironment) {
        self.environment = environment
    }

    /// The decisions for `conversation`. With `explain`, every decision records why.
    public func resolve(_ conversation: Conversation, explain: Bool = false) -> MessageListDecisions {
        decisions(shownList(conversation), from: 0, explain: explain)
    }

    /// The decisions of `list` from its message `first` (0 ..< the message count, or 0) to the
    /// bottom: the rows above that message, then every row under it, as ``resolve(_:explain:)``
    /// makes them for the whole list, which is this from 0. Of the messages above `first`, only
    /// the one right above is read: its day and whether it ends its group.
    package func decisions(_ list: ShownMessageList, from first: Int, explain: Bool = false) -> MessageListDecisions {
        decisions(list, from: first, explain: explain, runLength: environment.decidesOnAllCores ? Self.parallelRunLength : .max)
    }

    /// Messages decided together on one core; a list of fewer than two runs is decided on one.
    static let parallelRunLength = 2048

    /// The decisions from `first` down, in runs of `runLength` messages, each decided alone
    /// (on all cores when there are several): a message reads only its neighbours, and a run
    /// the message above its first. The same decisions, whatever the runs.
    package func decisions(_ list: ShownMessageList, from first: Int, explain: Bool, runLength: Int) -> MessageListDecisions {
        let conversation = list.conversation
        let messages = list.messages
        guard list.showsMessages else {
            return MessageListDecisions(header: list.header, items: bottomItems(state: .loading, hasMessages: false, typing: list.typing, loadingNewer: false),
                                        unreadCount: 0, hidden: list.hidden)
        }
        let first = min(max(0, first), messages.count)
        let lookalikes = explain ? LookalikeUsers(conversation, currentUserID: context.currentUserID) : nil
        let length = max(1, runLength)
        let runCount = messages.count == first ? 0 : (messages.count - first - 1) / length + 1
        var items: [MessageListItem]
        if runCount > 1 {
            var runs = [[MessageListItem]](repeating: [], count: runCount)
            let decide: @Sendable (Int) -> [MessageListItem] = { index in
                let start = first + index * length
                return self.items(of: list, in: start ..< min(messages.count, start + length), lookalikes: lookalikes, explain: explain)
            }
            runs.withUnsafeMutableBufferPointer { slots in
                nonisolated(unsafe) let slots = slots
                DispatchQueue.concurrentPerform(iterations: runCount) { index in slots[index] = decide(index) }
            }
            items = []
            items.reserveCapacity(runs.reduce(0) { $0 + $1.count } + 2)
            for run in runs { items += run }
        } else {
            items = self.items(of: list, in: first ..< messages.count, lookalikes: lookalikes, explain: explain)
        }
        items += bottomItems(state: conversation.messageListState, hasMessages: !messages.isEmpty, typing: list.typing,
                             loadingNewer: conversation.isLoadingNewerMessages)
        var decisions = MessageListDecisions(header: list.header, items: items, unreadCount: list.unreadCount, hidden: list.hidden,
                                             dateSeparatorStyle: config.dateSeparatorStyle)
        decisions.firstUnreadMessageID = list.firstUnreadMessageID
        decisions.jumpToUnreadText = jumpToUnreadText(unreadCount: list.unreadCount)
        if explain { explainListRows(list, into: &decisions) }
        return decisions
    }

    /// The jump-to-unread button's words for `unreadCount` unread messages ("3 unread"), with
    /// `jump_to_unread_enabled` and something unread; nil otherwise. Whether it shows is the
    /// viewport's to say: only while the first unread message is out of sight.
    package func jumpToUnreadText(unreadCount: Int) -> String? {
        guard config.jumpToUnreadEnabled, unreadCount > 0 else { return nil }
        return strings.jumpToUnread.text(unreadCount, using: formatter)
    }

    /// For `explain`: why the unread separator stands where it does or is missing, and the
    /// list's rows that the channel turns off or fills from elsewhere.
    private func explainListRows(_ list: ShownMessageList, into decisions: inout MessageListDecisions) {
        let conversation = list.conversation
        if let placement = list.unreadPlacement {
            switch placement.reason {
            case .disabled, .noReadState: break
            default: decisions.unreadExplanation = placement.explanation
            }
        }
        if config.dateSeparatorOnOldestMessage && !conversation.historyLoaded, case .dateSeparator? = decisions.items.first {
            decisions.oldestDateSeparatorReason = "oldest loaded message, the history above not loaded (date_separator_on_oldest_message)"
        }
        if !conversation.channel.features.typingEvents {
            let typing = TypingText.typingUserIDs(conversation.typingUserIDs, currentUserID: context.currentUserID)
            if !typing.isEmpty {
                decisions.notes.append("no typing indicator: typing_events is off (\(typing.count) typing)")
            }
        }
        if config.typingIndicatorPlacement == .automatic, case .typingIndicator? = decisions.items.last {
            decisions.notes.append("typing: automatic, the row under the newest message; a viewport that does not show it writes it as the header's subtitle")
        }
        if list.messages.isEmpty && conversation.messageListState != .loading && !config.showEmptyState {
            decisions.notes.append("empty channel: no \"\(strings.noMessages)\" (show_empty_state is off; Stream UIKit's list draws nothing)")
        }
        if let presence = PresenceSubtitle.decide(conversation, currentUserID: context.currentUserID, now: context.now,
                                                  rule: config.headerPresence, strings: strings, formatter: formatter) {
            let shown = presence.text == list.header.subtitle ? "" : "; the typing indicator shows in its place"
            decisions.notes.append(presence.explanation(now: context.now, rule: config.headerPresence) + shown)
        } else if let unshown = PresenceSubtitle.unshownExplanation(conversation, rule: config.headerPresence) {
            decisions.notes.append(unshown)
        }
        if conversation.channel.memberCount == nil {
            if !conversation.members.isEmpty {
                decisions.notes.append("header: \(conversation.members.count) members counted from the members listed (no member_count)")
            } else if !list.header.title.isEmpty {
                decisions.notes.append("header: no member count (no member_count and no members listed); author names need more than 2")
            }
        }
    }

    /// The rows of the messages `range` of `list`: each message with the separators above it.
    /// Of the messages above the range, only the one right above is read.
    package func items(of list: ShownMessageList, in range: Range<Int>, lookalikes: LookalikeUsers?, explain: Bool) -> [MessageListItem] {
        let conversation = list.conversation
        let messages = list.messages
        let users = list.users
        func user(_ id: String) -> User { users.user(id) }
        // Each message is decided from its neighbours, as the incremental list decides it.
        var localTimes = LocalTimes(style: config.dateSeparatorStyle, timeFormat: config.messageTimeFormat, formatter: formatter, now: context.now)
        let first = range.lowerBound
        // From the message above the first to the one under the last: their days, minutes and
        // group boundaries are read.
        let timed = (first > 0 ? first - 1 : first) ..< min(messages.count, range.upperBound + 1)
        let times = messages[timed].map { localTimes.time(of: $0) }
        func time(_ index: Int) -> MessageTime { times[index - timed.lowerBound] }
        func below(_ index: Int) -> MessageBelow? {
            index + 1 < messages.count ? MessageBelow(message: messages[index + 1], day: time(index + 1).day, minute: time(index + 1).minute) : nil
        }
        let grouping = GroupingResolver(config: config, repliesEnabled: conversation.channel.features.replies)
        var above: MessageAbove?
        if first > 0 {
            let boundary = boundary(of: messages[first - 1], time: time(first - 1), below: below(first - 1), grouping: grouping,
                                    historyLoaded: conversation.historyLoaded)
            above = MessageAbove(day: time(first - 1).day, endsGroup: boundary.isLast)
        }
        var items: [MessageListItem] = []
        items.reserveCapacity(range.count + range.count / 8)
        for index in range {
            let message = messages[index]
            let time = time(index)
            let label = localTimes.label(for: time.day, at: message.createdAt)
            let (decision, dateSeparatorAbove) = decide(message, time: time, label: label, above: above, below: below(index),
                                                        grouping: grouping, in: conversation, delivery: list.delivery,
                                                        user: user, explain: explain)
            if index == 0, let loading = olderPageLoadingText(conversation) { items.append(.loadingOlderIndicator(text: loading)) }
            items += MessageListItem.rowsAbove(date: dateSeparatorAbove ? (time.day, label) : nil,
                                               unread: index == list.firstUnread ? strings.unreadSeparator(config.unreadSeparatorLabel) : nil)
            above = MessageAbove(day: time.day, endsGroup: decision.isLastInGroup)
            // A decision is made without notes: it is moved into the item's box as made (a
            // `var` set and then boxed was copied into the box and destroyed), and copied only
            // for an author with look-alike notes.
            if let notes = lookalikes?.notes(for: message.user), !notes.isEmpty {
                var noted = consume decision
                noted.notes = notes
                items.append(.message(noted))
            } else {
                items.append(.message(consume decision))
            }
        }
        return items
    }

    /// The messages of the channel's list, oldest first: sorted by `created_at`, ties in input
    /// order; without those Stream hides (``hiddenMessages(in:)`` says which, and why).
    public func shownMessages(in conversation: Conversation) -> [Message] {
        SortKey.sorted(partition(conversation).shown)
    }

    /// The messages the channel's list leaves out, in input order, each with its reason:
    /// thread replies not sent to the channel, shadowed messages, deleted ephemeral ones and
    /// messages older than the channel's `truncated_at`.
    public func hiddenMessages(in conversation: Conversation) -> [HiddenMessage] {
        partition(conversation).hidden
    }

    /// Both in one pass over the messages, in input order (the shown ones not yet sorted).
    /// When none is hidden, the shown messages are the conversation's array itself: a long
    /// channel is not copied message by message.
    func partition(_ conversation: Conversation) -> (shown: [Message], hidden: [HiddenMessage]) {
        let parts = partition(conversation, finding: nil)
        return (parts.shown, parts.hidden)
    }

    /// ``partition(_:)``, and in the same pass what the shown list reads of every message
    /// next (a pass over a million messages reads each one's storage from memory again, some
    /// 40 ms): whether the shown ones are oldest first already (`SortKey.isOldestFirst`:
    /// their order is then the sorted one), and the first position among them of the message
    /// with id `wanted`.
    func partition(_ conversation: Conversation, finding wanted: String?)
        -> (shown: [Message], hidden: [HiddenMessage], isOldestFirst: Bool, position: Int?) {
        let messages = conversation.messages
        // Made at the first hidden message; until then the shown ones are those before it.
        var shown: [Message]?
        var hidden: [HiddenMessage] = []
        var shownCount = 0
        var isOldestFirst = true
        var previous: Timestamp?
        var position: Int?
        for (index, message) in messages.enumerated() {
            if hidesMessages, let reason = MessageVisibility.hiddenReason(message, channel: conversation.channel, config: config,
                                                                          currentUserID: context.currentUserID) {
                hidden.append(HiddenMessage(id: message.id, reason: reason))
                if shown == nil {
                    shown = Array(messages[..<index])
                    shown?.reserveCapacity(messages.count - 1)
                }
                continue
            }
            shown?.append(message)
            if isOldestFirst {
                let createdAt = message.createdAt
                if let previous, createdAt < previous { isOldestFirst = false }
                previous = createdAt
            }
            if position == nil, let wanted, Identifier.same(message.id, wanted) { position = shownCount }
            shownCount += 1
        }
        return (shown ?? messages, hidden, isOldestFirst, position)
    }

    /// The messages of the channel list, oldest first: sorted by `created_at`, ties in input
    /// order; thread replies only when also sent to the channel. The rules that
    /// depend on the channel and the configuration (shadowed, truncated, deleted ephemeral
    /// messages) are in the instance method ``shownMessages(in:)``.
    public static func shownMessages(_ messages: [Message]) -> [Message] {
        SortKey.sorted(messages.filter(\.isShownInChannel))
    }

    /// The rows under the messages: the loading state alone while loading; else the newer
    /// page's loading row under the newest message while that page loads (`loadingNewer`), the
    /// empty state when no message shows and `show_empty_state` is on, then the typing
    /// indicator with every placement but `navigation_bar`.
    /// The batch list and the incremental list both end with these.
    package func bottomItems(state: ListLoadingState, hasMessages: Bool, typing: String?, loadingNewer: Bool) -> [MessageListItem] {
        if state == .loading { return [.loadingState(text: strings.loading)] }
        var items: [MessageListItem] = []
        if hasMessages && loadingNewer { items.append(.loadingNewerIndicator(text: strings.loading)) }
        if !hasMessages && config.showEmptyState { items.append(.emptyState(text: strings.noMessages)) }
        if config.typingIndicatorPlacement.hasListRow, let typing { items.append(.typingIndicator(text: typing)) }
        return items
    }

    /// The words of the loading row above the oldest message while a page of older messages
    /// loads (``Conversation/isLoadingOlderMessages``, or the state `loading_more`); nil otherwise.
    package func olderPageLoadingText(_ conversation: Conversation) -> String? {
        conversation.loadsOlderPage ? strings.loading : nil
    }

    /// The typing indicator's text: nil when nobody else is typing or the channel
    /// has no typing events. `user` finds a user by id.
    package func typingText(_ conversation: Conversation, user: (String) -> User) -> String? {
        guard conversation.channel.features.typingEvents else { return nil }
        return TypingText.text(conversation.typingUserIDs, user: user, currentUserID: context.currentUserID,
                               strings: strings, formatter: formatter)
    }

    /// The channel header, with the typing text when it shows in the navigation bar.
    package func header(_ conversation: Conversation, typing: String?) -> ChannelHeader {
        HeaderResolver.header(conversation, currentUserID: context.currentUserID, now: context.now, typing: typing,
                              config: config, strings: strings, formatter: formatter)
    }

    /// The decisions about one message whose group boundary and position are known. `user`
    /// finds a user by id (for thread participants given without a name).
    func decide(_ message: Message, boundary: GroupBoundary, position: GroupPosition, day: CalendarDay, label: String,
                timeText: String, memberCount: Int, features: ChannelFeatures, delivery: DeliveryState,
                user: (String) -> User, explain: Bool, isTopMostRow: Bool, isDirect: Bool) -> MessageDecision {
        let isFromCurrentUser = Identifier.same(message.user.id, context.currentUserID)
        let text = message.isDeleted ? strings.messageDeleted : message.text
        // Stream's jumbomoji: no attachments, and a text (ephemeral messages have none) of 1–3
        // characters that are all emoji by its `isEmoji`.
        let hasTextContent = message.type != .ephemeral && !message.isDeleted
        let emojiCount = message.attachments.isEmpty && !message.hasRichContent && hasTextContent
            ? environment.emoji.jumbomojiClusterCount(text) : nil
        let (translation, withheld) = self.translation(message)
        var facts = MessageFacts(
            message: message, isLastInGroup: boundary.isLast, isFromCurrentUser: isFromCurrentUser,
            memberCount: memberCount, features: features,
            isJumbomoji: emojiCount.map { (1 ... 3).contains($0) } ?? false, translation: translation,
            deliveryStatus: delivery.ungatedStatus(of: message),
            isTopMostRow: isTopMostRow, isDirect: isDirect, isFirstInGroup: position == .top || position == .single
        )
        if isFromCurrentUser && facts.deliveryStatus == .read { facts.readCount = delivery.readCount(of: message, memberCount: memberCount) }
        if explain, let withheld, let target = context.translationLanguage {
            facts.translationWithheld = withheld.explanation(target: target)
        }
        var reasons: [OptionReason]? = explain ? [] : nil
        let options = LayoutOptionsResolver.options(facts, config: config, reasons: &reasons)
        // The translation's language named in the document's locale ("Translated to Portuguese").
        var translationLanguage: String?, translationLabel: String?
        if options.contains(.translation), let target = context.translationLanguage {
            translationLanguage = target
            translationLabel = strings.translatedTo.filling(["language": formatter.languageName(target) ?? target])
            // Stream SwiftUI's footer: the label, a dot, then its "Show original" button.
            if config.showOriginalTranslatedButton { translationLabel? += " · " + strings.showOriginal }
        }
        var threadInfo: String?
        if options.contains(.threadInfo) {
            threadInfo = message.isThreadRoot
                ? replyTexts.text(message.threadReplyCount) { strings.replies.text($0, using: formatter) } : strings.threadReply
        }
        let showsEdited = showsEditedLabel(message, reasons: &reasons)
        let annotations = annotations(message, features: features, user: user)
        // Stream SwiftUI's `showsLastInGroupInfo`: others' messages in a channel of more than two
        // members, over the top message of a group, when the header has a size.
        var groupHeader: String?
        if let size = config.lastInGroupHeaderSize, size > 0, memberCount > 2, !isFromCurrentUser,
           position == .top || position == .single, !options.contains(.centered) {
            groupHeader = message.user.neutralDisplayName.string
        }
        let shownTranslation = options.contains(.translation) ? translation : nil
        // Made in one initialiser call and returned as made: set field by field afterwards, the
        // decision was built on the stack, copied and destroyed twice a message.
        return MessageDecision(
            message: message, text: text, position: position, isFromCurrentUser: isFromCurrentUser, groupBoundary: boundary,
            options: options, day: day,
            dateLabel: label, timeText: timeText,
            deliveryStatus: options.contains(.deliveryStatusIndicator) ? facts.deliveryStatus : nil,
            readCount: options.contains(.deliveryStatusIndicator) ? facts.readCount : nil,
            translation: shownTranslation,
            translationLanguage: translationLanguage, translationLabel: translationLabel,
            threadInfoText: threadInfo,
            threadParticipantNames: threadInfo == nil ? [] : message.threadParticipants.map {
                ($0.name == nil ? user($0.id) : $0).neutralDisplayName.string
            },
            showsEditedLabel: showsEdited,
            reactions: options.contains(.reactions) ? reactionCounts(of: message) : [],
            reasons: reasons ?? [],
            poll: message.isDeleted ? nil : message.poll.map {
                PollDecision($0, currentUserID: context.currentUserID, strings: strings, formatter: formatter)
            },
            quotesCurrentUser: options.contains(.quotedMessage) ? message.quotedMessage.map {
                Identifier.same($0.user.id, context.currentUserID)
            } : nil,
            isJumbomoji: facts.isJumbomoji,
            annotations: annotations.isEmpty ? nil : annotations,
            groupHeader: groupHeader,
            richText: config.markdownEnabled ? environment.markdown.flatMap {
                richText(of: message, options: options, isJumbomoji: facts.isJumbomoji, translation: shownTranslation, parser: $0)
            } : nil
        )
    }

    /// The markdown of the words a message's text part shows (`markdown_enabled`): none for a
    /// message without its text part, deleted, or a jumbomoji (never markdown); the translation's
    /// words where they replace the text (``MessageDecision/translationReplacesText(in:)``).
    /// Nil when the parser finds no markup: the text is drawn as written.
    ///
    /// Read from the decision's parts (`options`, `isJumbomoji`, the shown `translation`) before
    /// it is made, so that the decision is made in one initialiser call.
    func richText(of message: Message, options: MessageLayoutOptions, isJumbomoji: Bool, translation: String?,
                  parser: any MarkdownParsing) -> RichText? {
        guard options.contains(.text), !message.isDeleted, !isJumbomoji else { return nil }
        // ``MessageDecision/translationReplacesText(in:)``, of the decision about to be made.
        let replacesText = options.contains(.translation) && translation != nil && config.messageAnatomy == .stream
        let words = replacesText ? translation.map { NeutralText($0) } : Optional(message.neutralText)
        guard let words, !words.string.isEmpty else { return nil }
        // "@" and each mentioned user's name, else id (Stream UIKit's `name ?? id`).
        return parser.parse(words, mentionedUsers: message.mentionedUsers.map { (id: $0.id, name: $0.name ?? "") })
    }

    /// The annotations above a message's bubble, in Stream SwiftUI's order (`MessageTopView`):
    /// who pinned it, that it is a thread reply also in the channel, the current user's
    /// reminder and, while it is ahead of the document's now, when it fires.
    func annotations(_ message: Message, features: ChannelFeatures, user: (String) -> User) -> [MessageAnnotation] {
        var annotations: [MessageAnnotation] = []
        // Stream's `isPinned`: pinned, and its pin not yet expired.
        if config.pinnedAnnotationEnabled && message.pinned && (message.pinExpires.map { $0 > context.now } ?? true) {
            let title: String
            if let pinner = message.pinnedBy {
                title = Identifier.same(pinner.id, context.currentUserID) ? strings.pinnedByYou
                    : strings.pinnedBy.filling(["name": (pinner.name == nil ? user(pinner.id) : pinner).neutralDisplayName.string])
            } else {
                title = strings.pinnedByUnknown
            }
            annotations.append(MessageAnnotation(kind: .pinned, title: title))
        }
        if config.threadReplyPlacement == .annotation && features.replies && !message.isThreadRoot && message.parentID != nil {
            annotations.append(MessageAnnotation(kind: .repliedToThread, title: strings.repliedToThread, button: strings.annotationView))
        }
        if config.reminderAnnotationEnabled, let reminder = message.reminder {
            // `reminderTimeText`: only a time still ahead, in the locale's relative words.
            let ahead = reminder.remindAt.map { Int(clamping: $0.seconds - context.now.seconds) } ?? 0
            annotations.append(MessageAnnotation(kind: .reminder, title: strings.reminderSet,
                                                 subtitle: ahead > 0 ? formatter.relativeTime(secondsAhead: ahead) : nil))
        }
        return annotations
    }

    /// The "Edited" label: edited, not deleted, with `edited_label_enabled` — unless
    /// `skip_edited_message_label` lists the message's type or id (Stream SwiftUI's
    /// `skipEditedMessageLabel`: the label goes, the edit still ends the group).
    private func showsEditedLabel(_ message: Message, reasons: inout [OptionReason]?) -> Bool {
        guard config.editedLabelEnabled && message.messageTextUpdatedAt != nil && !message.isDeleted else { return false }
        guard config.skipEditedMessageLabel.skips(message) else { return true }
        reasons?.append(OptionReason(option: "editedLabel", reason: config.skipEditedMessageLabel.messageTypes.contains(message.type)
            ? "skip_edited_message_label lists type \(message.type.rawValue)" : "skip_edited_message_label lists its id", removed: true))
        return false
    }

    /// The message's reactions shown: each type with a positive score — under
    /// `latest_reaction_with_image` only those with an image; under `any_score` every one
    /// (Stream SwiftUI, Sendbird's cell per reaction), a type without a glyph drawn by its
    /// name — sorted by type, as both Stream SDKs sort them (`reactionsSorting`,
    /// `sortReactions`): a payload's `reaction_scores` is a JSON object, whose order means
    /// nothing. Types of the same name keep their order. Made in one array of its size: the
    /// scores shown found and sorted by their places in scratch memory.
    func reactionCounts(of message: Message) -> [ReactionCount] {
        let scores = message.reactionScores
        let anyScore = config.reactionsRule == .anyScore
        return withUnsafeTemporaryAllocation(of: Int.self, capacity: scores.count) { order in
            var shown = 0
            for (index, score) in scores.enumerated() where score.score > 0 && (anyScore || LayoutOptionsResolver.isSupportedReaction(score.type)) {
                // Put in place among those before it (a few a message): after every one not
                // sorted after it.
                var place = shown
                while place > 0 && score.type < scores[order[place - 1]].type {
                    order[place] = order[place - 1]
                    place -= 1
                }
                order[place] = index
                shown += 1
            }
            return (0 ..< shown).map { place in
                let score = scores[order[place]]
                return ReactionCount(type: score.type, count: score.score, isOwn: isOwnReaction(score.type, on: message))
            }
        }
    }

    /// Whether the current user reacted with `type` (Stream's `currentUserReactions`): in the
    /// message's `own_reactions`, or its `latest_reactions` by the current user (a payload may
    /// carry only these). A scan of the few reactions a message carries: no set per message.
    func isOwnReaction(_ type: String, on message: Message) -> Bool {
        guard let currentUserID = context.currentUserID else { return false }
        return message.ownReactions.contains { $0.type == type }
            || message.latestReactions.contains { $0.type == type && Identifier.same($0.userID, currentUserID) }
    }

    /// What ``decide(_:time:label:above:below:grouping:in:delivery:user:explain:dateSeparatorAbove:)``
    /// decides for `message` — `decision`'s message (decided, not explained, no notes) with
    /// another text alone, in the same list — when that is `decision` with the new text: nil
    /// when it is not known to be (a token of a streamed reply is written again from it, not
    /// decided again).
    ///
    /// `decide` reads a message's text for the text shown (the placeholder of a deleted one),
    /// whether there is any (the `text` option, a failure's indicator), whether it is a
    /// jumbomoji, whether its translation only repeats it, and its markdown. So: neither text
    /// empty, the message not deleted, no translation in play (none decided, none found for
    /// the new text), the same jumbomoji verdict, and no markup in either (none parsed before,
    /// none found in the new text).
    package func retexted(_ decision: MessageDecision, as message: Message) -> MessageDecision? {
        guard retexts(decision, as: message) else { return nil }
        var retexted = decision
        retexted.message = message
        retexted.text = message.text
        return retexted
    }

    /// Whether ``retexted(_:as:)`` gives decisions: then they are `decision` with `message`
    /// as its message and `message.text` as its text (set in place where the decisions are
    /// held alone).
    package func retexts(_ decision: MessageDecision, as message: Message) -> Bool {
        guard decision.reasons.isEmpty, decision.notes.isEmpty, !message.isDeleted, !decision.message.isDeleted,
              !decision.message.text.isEmpty, !message.text.isEmpty, decision.translation == nil, decision.richText == nil,
              translation(message).text == nil, translation(decision.message).text == nil else { return false }
        let hasTextContent = message.type != .ephemeral
        let emojiCount = message.attachments.isEmpty && !message.hasRichContent && hasTextContent
            ? environment.emoji.jumbomojiClusterCount(message.text) : nil
        let isJumbomoji = emojiCount.map { (1 ... 3).contains($0) } ?? false
        guard isJumbomoji == (decision.isJumbomoji ?? false) else { return false }
        if config.markdownEnabled, let parser = environment.markdown,
           richText(of: message, options: decision.options, isJumbomoji: isJumbomoji, translation: nil, parser: parser) != nil {
            return false
        }
        return true
    }

    /// Rule 10: the translation into the context's language, when auto-translation is on, the
    /// message is not a command, was not written in that language, has text, and has a
    /// different, non-empty translation; else, when it has a translation into that language,
    /// why it is withheld (for `explain`).
    private func translation(_ message: Message) -> (text: String?, withheld: WithheldTranslation?) {
        guard config.autoTranslationEnabled, let target = context.translationLanguage, !target.isEmpty,
              let translated = message.neutralTranslations[target]?.string else { return (nil, nil) }
        if message.command != nil { return (nil, .command) }
        if message.language == target { return (nil, .writtenInTarget) }
        // An attachment, a poll or a location alone: nothing to translate, whatever i18n holds.
        if message.text.isEmpty { return (nil, .noText) }
        if translated.isEmpty { return (nil, .empty) }
        // Canonically equivalent: it reads the same, so it would only repeat the text.
        if translated == message.text { return (nil, .sameAsText) }
        return (translated, nil)
    }
}

/// Why rule 10 shows none of a message's translation into the context's language.
enum WithheldTranslation {
    case command, writtenInTarget, noText, empty, sameAsText

    /// For `explain`: "no text to translate", "the fr translation is empty".
    func explanation(target: String) -> String {
        let language = UntrustedText.shortened(target)
        switch self {
        case .command: return "a command's text is not translated"
        case .writtenInTarget: return "written in \(language) already"
        case .noText: return "no text to translate"
        case .empty: return "the \(language) translation is empty"
        case .sameAsText: return "the \(language) translation is the text itself"
        }
    }
}

/// The thread info's "3 replies" of a resolver, by reply count, each made once: the count is
/// formatted in the locale's digits and its plural form picked through the formatter, some
/// 14 k instructions a message, for a handful of distinct counts. Shared by the resolver's
/// copies (the batch list decides on all cores) behind a lock; a resolver given another
/// environment starts another (`MessageListResolver.environment`). At most `capacity` counts
/// are kept; others are made each time.
final class ReplyCountTexts: Sendable {
    private let texts = Mutex<[Int: String]>([:])
    static let capacity = 256

    /// The text of `count`, made by `make` the first time.
    func text(_ count: Int, make: (Int) -> String) -> String {
        if let known = texts.withLock({ $0[count] }) { return known }
        let text = make(count)
        texts.withLock { if $0.count < Self.capacity { $0[count] = text } }
        return text
    }
}
