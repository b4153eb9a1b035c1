import ChatLayoutICU
import ChatLayoutKit
import Testing

/// Properties of the message-list decisions (order, grouping, layout options, dates, unread and
/// typing) over generated conversations: every seed of `PropertyHarness.seeds` (400 by default) is
/// one conversation with its own configuration and context. A failure names the seed and a shrunk
/// case that reproduces it.
@Suite struct MessageListPropertyTests {
    private func verify(_ name: String, sourceLocation: SourceLocation = #_sourceLocation, _ property: (ResolvedCase) -> String?) {
        PropertyHarness.verify(name, sourceLocation: sourceLocation, property)
    }

    // MARK: - Order

    @Test func everyShownMessage_appearsOnce_inTimeOrder() {
        verify("shown messages, once each, in time order") { resolved in
            let input = resolved.input
            let items = resolved.decisions.items
            if input.conversation.messageListState == .loading {
                return items == [.loadingState(text: ChatStrings(locale: input.context.locale).loading)] ? nil : "loading list has items \(items.map(PropertyHarness.describe))"
            }
            let expected = input.expectedShownMessages
            let actual = resolved.decisions.messages.map(\.message)
            var seen = Set<String>()
            for message in actual where !seen.insert(message.id).inserted {
                return "\(message.id) appears twice"
            }
            let shownIDs = Set(expected.map(\.id))
            if let stray = actual.first(where: { !shownIDs.contains($0.id) }) {
                return "\(stray.id) is not shown in the channel (parent \(stray.parentID ?? "nil"), show_in_channel false) but appears"
            }
            for (index, message) in expected.enumerated() where index >= actual.count || actual[index] != message {
                let got = index < actual.count ? "\(actual[index].id) at \(actual[index].createdAt.iso8601)" : "nothing"
                return "message #\(index) should be \(message.id) at \(message.createdAt.iso8601), is \(got)"
            }
            return actual.count == expected.count ? nil : "\(actual.count) messages, expected \(expected.count)"
        }
    }

    @Test func emptyAndLoadingStates_matchTheList() {
        verify("empty and loading states") { resolved in
            let items = resolved.decisions.items
            let state = resolved.input.conversation.messageListState
            let empties = items.filter { if case .emptyState = $0 { true } else { false } }.count
            let loadings = items.filter { if case .loadingState = $0 { true } else { false } }.count
            if state == .loading { return loadings == 1 && items.count == 1 ? nil : "loading state shows \(items.count) items" }
            if loadings > 0 { return "loading state in a \(state.rawValue) list" }
            // "No messages yet" only where asked for: Stream UIKit draws nothing in an empty channel.
            let expectEmpty = resolved.input.expectedShownMessages.isEmpty && resolved.input.config.showEmptyState
            return empties == (expectEmpty ? 1 : 0) ? nil : "\(empties) empty states with \(resolved.decisions.messages.count) messages"
        }
    }

    // MARK: - Date separators

    /// Never two separators in a row, with one exception we allow: the unread separator right
    /// under a date separator ([date, unread, message] — the day comes first, then where
    /// unread starts). An unread separator is always directly above a message; a date
    /// separator is above a message or above [unread, message].
    @Test func separators_areNeverAdjacent_andNeverEmpty() {
        verify("separators never in a row, never empty") { resolved in
            let items = resolved.decisions.items
            for (index, item) in items.enumerated() {
                let next = index + 1 < items.count ? items[index + 1] : nil
                let afterNext = index + 2 < items.count ? items[index + 2] : nil
                switch (item, next, afterNext) {
                case (.dateSeparator, .message?, _), (.dateSeparator, .unreadSeparator?, .message?), (.unreadSeparator, .message?, _):
                    continue
                case (.dateSeparator, _, _), (.unreadSeparator, _, _):
                    return "item #\(index) \(PropertyHarness.describe(item)) is followed by \(next.map(PropertyHarness.describe) ?? "nothing")"
                default:
                    continue
                }
            }
            return nil
        }
    }

    @Test func dateSeparators_markEveryDayChange_exactlyOnce() {
        verify("one date separator per day change (message_list, both), none otherwise") { resolved in
            let input = resolved.input
            var separatorsAbove = 0
            var separatorDay: CalendarDay?
            var previous: (decision: MessageDecision, day: CalendarDay)?
            for item in resolved.decisions.items {
                switch item {
                case .dateSeparator(let day, _):
                    if !input.config.dateIndicatorPlacement.showsSeparators {
                        return "date separator \(day) with \(input.config.dateIndicatorPlacement.rawValue) placement"
                    }
                    separatorsAbove += 1
                    separatorDay = day
                case .message(let decision):
                    let day = input.localDay(decision.message.createdAt)
                    if decision.day != day {
                        return "\(decision.message.id) at \(decision.message.createdAt.iso8601) is on \(decision.day), in \(input.context.timeZone) it is \(day)"
                    }
                    // Stream: the oldest message's separator only when the whole history is loaded.
                    let dayChanges = previous.map { $0.day != day } ?? input.conversation.historyLoaded
                    let expected = input.config.dateIndicatorPlacement.showsSeparators && dayChanges ? 1 : 0
                    if separatorsAbove != expected {
                        let after = previous.map { "after \($0.decision.message.id) (\($0.day))" } ?? "first message"
                        return "\(separatorsAbove) date separators above \(decision.message.id) (\(day), \(after)), expected \(expected)"
                    }
                    if expected == 1 {
                        if separatorDay != day { return "separator \(separatorDay!) above \(decision.message.id) of \(day)" }
                        // Grouping: with end_group_at_date_separator a group must not straddle a separator.
                        if input.config.endGroupAtDateSeparator, let previous, !previous.decision.isLastInGroup || ![.single, .bottom].contains(previous.decision.position) {
                            return "group of \(previous.decision.message.id) (\(previous.decision.position.rawValue)) runs across the separator of \(day)"
                        }
                        if input.config.endGroupAtDateSeparator && ![.single, .top].contains(decision.position) {
                            return "\(decision.message.id) under the separator of \(day) is \(decision.position.rawValue)"
                        }
                    }
                    separatorsAbove = 0
                    previous = (decision, day)
                default:
                    continue
                }
            }
            return separatorsAbove == 0 ? nil : "\(separatorsAbove) date separators with no message under them"
        }
    }

    /// The label of each day (`date_separator_style`), where the wording is known: en_US. The
    /// separator's text is the label its messages carry for the overlay.
    @Test func dateLabels_followTheStyle() {
        let weekdays = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"]
        verify("date labels") { resolved in
            let input = resolved.input
            var labelOfDay: [CalendarDay: String] = [:]
            for item in resolved.decisions.items {
                if case .dateSeparator(let day, let text) = item {
                    labelOfDay[day] = text
                }
                guard case .message(let decision) = item else { continue }
                if let separatorText = labelOfDay[decision.day], separatorText != decision.dateLabel {
                    return "\(decision.message.id): date label \(String(reflecting: decision.dateLabel)), separator says \(String(reflecting: separatorText))"
                }
                labelOfDay[decision.day] = decision.dateLabel
                guard input.context.locale == "en_US" else { continue }
                let today = WallClock.local(input.context.now, in: input.context.timeZone).day
                let local = WallClock.local(decision.message.createdAt, in: input.context.timeZone)
                let daysAgo = today.daysSince1970 - local.day.daysSince1970
                let label = decision.dateLabel
                let sameYear = local.day.year == today.year
                let year = String(local.day.year)
                let ok: Bool
                switch input.config.dateSeparatorStyle {
                case .relative:
                    switch daysAgo {
                    case 0: ok = label == "Today"
                    case 1: ok = label == "Yesterday"
                    case 2 ... 6: ok = label == weekdays[local.weekday - 1]
                    default: ok = label.contains(String(local.day.day)) && label.contains(year) != sameYear
                    }
                case .stream:
                    ok = label.hasSuffix(local.day.day < 10 ? "0\(local.day.day)" : String(local.day.day))
                case .sendbird:
                    ok = label.contains(year) != sameYear && (!sameYear || label.hasPrefix(String(weekdays[local.weekday - 1].prefix(3)) + ", "))
                }
                if !ok {
                    return "\(decision.message.id) on \(local.day) (\(daysAgo) days before now \(input.context.now.iso8601)) labelled \(String(reflecting: label)) in \(input.config.dateSeparatorStyle.rawValue) style"
                }
            }
            return nil
        }
    }

    // MARK: - Grouping and positions

    /// `isLastInGroup` of every message, by the grouping rules read independently (Foundation's
    /// time zones for days and minutes, integer nanoseconds for gaps).
    @Test func groupBoundaries_followTheGroupingRules() {
        verify("group boundaries") { resolved in
            let input = resolved.input
            let config = input.config
            let decisions = resolved.decisions.messages
            let limit = Int64((config.maxTimeIntervalBetweenMessagesInGroup * 1e9).rounded())
            func breaksGroups(_ message: Message) -> Bool { [.error, .ephemeral, .system].contains(message.type) }
            func failed(_ message: Message) -> Bool { message.localState?.isFailed == true }
            for (index, decision) in decisions.enumerated() {
                let message = decision.message
                let expected: Bool
                var why = ""
                // Centred messages (system, unbounced error) follow the same rules: Stream's
                // `isMessageLastInSequence` has none of its own for them.
                if index + 1 == decisions.count {
                    expected = true
                    why = "newest"
                } else {
                    let next = decisions[index + 1].message
                    let here = WallClock.local(message.createdAt, in: input.context.timeZone)
                    let there = WallClock.local(next.createdAt, in: input.context.timeZone)
                    let gap = next.createdAt.nanos - message.createdAt.nanos
                    why = "next \(next.id) by \(next.user.id) \(next.type.rawValue), gap \(gap) ns"
                    if !config.groupMessages {
                        expected = true
                    } else if config.dateIndicatorPlacement.showsSeparators && config.endGroupAtDateSeparator && here.day != there.day {
                        expected = true
                    } else {
                        switch config.groupingRule {
                        case .timeInterval:
                            expected = (config.editedLabelEnabled && message.messageTextUpdatedAt != nil)
                                || next.user.id != message.user.id || breaksGroups(next) || gap > limit
                        case .sameMinute:
                            expected = next.user.id != message.user.id || breaksGroups(next) || failed(message) || failed(next)
                                || (input.conversation.channel.features.replies && (message.isThreadRootPerStream || next.isThreadRootPerStream))
                                || here.day != there.day || here.minute != there.minute || here.offset != there.offset
                        }
                    }
                }
                if decision.isLastInGroup != expected {
                    return "\(message.id) by \(message.user.id) at \(message.createdAt.iso8601): last in group \(decision.isLastInGroup) "
                        + "(\(decision.groupBoundary)), expected \(expected) (\(why))"
                }
            }
            return nil
        }
    }

    /// A group is `top middle* bottom` or `single`, and every position, a centred message's
    /// (system, unbounced error) too, agrees with `isLastInGroup`.
    @Test func groupPositions_formWellShapedGroups() {
        verify("group positions") { resolved in
            var inGroup = false
            for decision in resolved.decisions.messages {
                let id = decision.message.id
                switch (inGroup, decision.position) {
                case (false, .single), (false, .top), (true, .middle), (true, .bottom): break
                default: return "\(id) is \(decision.position.rawValue) \(inGroup ? "inside" : "outside") a group"
                }
                inGroup = decision.position == .top || decision.position == .middle
                if decision.isLastInGroup != [.single, .bottom].contains(decision.position) {
                    return "\(id) is \(decision.position.rawValue) but last in group is \(decision.isLastInGroup) (\(decision.groupBoundary))"
                }
            }
            return inGroup ? "the list ends inside a group" : nil
        }
    }

    // MARK: - Layout options (rules numbered as in the Layout options article)

    /// Rule 4 and 8: `continuousBubble` iff not last in group, except that `threadInfo` always
    /// brings it. Centred messages are exactly `[centered, text]` (checked below) and excluded.
    @Test func continuousBubble_iffNotLastInGroup_unlessThreadInfo() {
        verify("continuousBubble") { resolved in
            for decision in resolved.decisions.messages where !decision.message.isCenteredInList {
                let options = decision.options
                let expected = options.contains(.threadInfo) || !decision.isLastInGroup
                if options.contains(.continuousBubble) != expected {
                    return "\(decision.message.id): continuousBubble \(options.contains(.continuousBubble)), last in group \(decision.isLastInGroup), options \(options.names)"
                }
            }
            return nil
        }
    }

    /// Rule 3 and `message_list_alignment`: `flipped` iff the current user's message in a
    /// standard list, never in a left-aligned one. (Centred messages are never flipped.)
    @Test func flipped_iffCurrentUsersMessage_inStandardAlignment() {
        verify("flipped") { resolved in
            let input = resolved.input
            for decision in resolved.decisions.messages {
                let expected = input.config.messageListAlignment == .standard && input.isCurrentUser(decision.message)
                    && !decision.message.isCenteredInList
                if decision.options.contains(.flipped) != expected {
                    return "\(decision.message.id) by \(decision.message.user.id) (current user \(input.context.currentUserID ?? "nil"), "
                        + "\(input.config.messageListAlignment.rawValue)): flipped \(decision.options.contains(.flipped))"
                }
            }
            return nil
        }
    }

    /// Rule 1 and 9: centred messages are exactly `[centered, text]`; deleted ones show the
    /// placeholder and nothing of their content.
    @Test func centredAndDeletedMessages_haveTheirFixedOptions() {
        let contentOptions: MessageLayoutOptions = [.reactions, .quotedMessage, .errorIndicator, .deliveryStatusIndicator, .translation]
        verify("centred and deleted options") { resolved in
            for decision in resolved.decisions.messages {
                let message = decision.message
                if message.isCenteredInList {
                    if decision.options != [.centered, .text] { return "centred \(message.id): options \(decision.options.names)" }
                    continue
                }
                if decision.options.contains(.centered) { return "\(message.id) (\(message.type.rawValue)) is centred" }
                guard message.isDeletedPerSpec else { continue }
                if !decision.options.isDisjoint(with: contentOptions) || decision.translation != nil || decision.deliveryStatus != nil {
                    return "deleted \(message.id): options \(decision.options.names)"
                }
                // Stream asks ephemeral first: a deleted ephemeral message (hidden in a list, but
                // a thread shows its parent) has no text, not even the placeholder.
                if decision.text != ChatStrings(locale: resolved.input.context.locale).messageDeleted
                    || decision.options.contains(.text) != (message.type != .ephemeral) {
                    return "deleted \(message.id) shows \(String(reflecting: decision.text)), options \(decision.options.names)"
                }
            }
            return nil
        }
    }

    /// Rule 14: the delivery status only on the current user's last-in-group regular and
    /// reply messages — and there exactly when a status is known (pending while in progress,
    /// never when failed, read / delivered / sent by the channel's events).
    @Test func deliveryStatus_onlyOnCurrentUsersLastMessages() {
        verify("deliveryStatusIndicator") { resolved in
            let input = resolved.input
            let features = input.conversation.channel.features
            let others = input.conversation.reads.filter { $0.user.id != input.context.currentUserID }
            for decision in resolved.decisions.messages {
                let message = decision.message
                let shown = decision.options.contains(.deliveryStatusIndicator)
                if shown != (decision.deliveryStatus != nil) {
                    return "\(message.id): indicator \(shown), status \(String(describing: decision.deliveryStatus))"
                }
                let eligible = input.isCurrentUser(message) && decision.isLastInGroup && [.regular, .reply].contains(message.type)
                    && !message.isDeletedPerSpec
                var expected: DeliveryStatus?
                if eligible {
                    // Stream: read when another member read it, else delivered when another
                    // member's device had it (a second's leeway), else sent; read and sent show
                    // with read events, delivered with delivery events.
                    if let state = message.localState {
                        expected = state.isFailed ? nil : .pending
                    } else if others.contains(where: { ($0.lastRead?.nanos ?? .min) >= message.createdAt.nanos }) {
                        expected = features.readEvents ? .read : nil
                    } else if others.contains(where: {
                        $0.lastDeliveredAt.map { $0.nanos + ConversationGenerator.nanosPerSecond >= message.createdAt.nanos } ?? false
                    }) {
                        expected = features.deliveryEvents ? .delivered : nil
                    } else {
                        expected = features.readEvents ? .sent : nil
                    }
                }
                if decision.deliveryStatus != expected {
                    return "\(message.id) by \(message.user.id) (\(message.type.rawValue), last \(decision.isLastInGroup), "
                        + "local_state \(message.localState?.rawValue ?? "nil")): status \(String(describing: decision.deliveryStatus)), expected \(String(describing: expected))"
                }
            }
            return nil
        }
    }

    /// Rule 7: no avatar (nor its padding) on the current user's messages.
    @Test func avatar_neverOnCurrentUsersMessages() {
        verify("avatar") { resolved in
            // A left-aligned list gives your messages the avatar column too.
            guard resolved.input.config.messageListAlignment == .standard else { return nil }
            for decision in resolved.decisions.messages where resolved.input.isCurrentUser(decision.message) {
                if !decision.options.isDisjoint(with: [.avatar, .avatarSizePadding]) {
                    return "\(decision.message.id) by the current user has \(decision.options.names)"
                }
            }
            return nil
        }
    }

    // MARK: - Unread, typing

    @Test func unreadSeparator_isAboveTheFirstUnreadOtherMessage() {
        verify("unread separator") { resolved in
            let input = resolved.input
            let items = resolved.decisions.items
            let positions = items.indices.filter { if case .unreadSeparator = items[$0] { true } else { false } }
            if positions.count > 1 { return "\(positions.count) unread separators" }
            let read = input.context.currentUserID.flatMap { id in input.conversation.reads.first { $0.user.id == id } }
            if let position = positions.first {
                guard position + 1 < items.count, case .message(let below) = items[position + 1] else { return "unread separator above no message" }
                if !input.config.unreadSeparatorEnabled { return "unread separator while disabled" }
                if (read?.unreadMessages ?? 1) <= 0 { return "unread separator above \(below.message.id) with unread_messages \(read?.unreadMessages ?? 0)" }
            }
            // Where it goes (Stream's lookup): after the last read message, the first message
            // that is neither the current user's nor deleted; without a loaded last read
            // message, above the oldest regular or reply message when the whole history is
            // loaded (or, with the fallback option and no last read message id, after the last
            // read time).
            var expected: String?
            let messages = input.expectedShownMessages
            if input.config.unreadSeparatorEnabled, input.conversation.messageListState != .loading, let read,
               (read.unreadMessages ?? 1) > 0 {
                let candidate = { (message: Message) in !input.isCurrentUser(message) && !message.isDeletedPerSpec }
                if let id = read.lastReadMessageID, let index = messages.firstIndex(where: { $0.id == id }) {
                    expected = messages[(index + 1)...].first(where: candidate)?.id
                } else if read.lastReadMessageID == nil, input.config.unreadLastReadFallback, let lastRead = read.lastRead {
                    let start = messages.firstIndex { $0.createdAt.nanos > lastRead.nanos } ?? messages.count
                    expected = messages[start...].first(where: candidate)?.id
                } else if input.conversation.historyLoaded {
                    expected = messages.first { $0.type == .regular || $0.type == .reply }?.id
                }
            }
            let actual: String? = positions.first.flatMap { position in
                if case .message(let below) = items[position + 1] { below.message.id } else { nil }
            }
            return actual == expected ? nil : "unread separator above \(actual ?? "nothing"), expected above \(expected ?? "nothing")"
        }
    }

    /// Every UI phrase the decisions write comes from the document's language's table: the
    /// header's member count, the unread separator, a deleted message's placeholder, the
    /// thread info, the typing indicator (no English word left in a German screen).
    @Test func everyPhrase_comesFromTheLocalesTable() {
        verify("phrases from the locale's table") { resolved in
            let strings = ChatStrings(locale: resolved.input.context.locale)
            func matches(_ text: String, _ templates: [String]) -> Bool {
                templates.contains { template in
                    // The literal pieces between placeholders, in order, at both ends.
                    let pieces = template.split(separator: "{", omittingEmptySubsequences: false).enumerated().map { index, piece in
                        index == 0 ? Substring(piece) : piece.drop { $0 != "}" }.dropFirst()
                    }
                    guard text.hasPrefix(pieces.first!), text.hasSuffix(pieces.last!) else { return false }
                    var rest = text.dropFirst(pieces.first!.count)
                    for piece in pieces.dropFirst() where !piece.isEmpty {
                        guard let found = rest.firstRange(of: piece) else { return false }
                        rest = rest[found.upperBound...]
                    }
                    return true
                }
            }
            func forms(_ phrase: CountPhrase) -> [String] { Array(phrase.forms.values) }
            let header = resolved.decisions.header
            let subtitles = forms(strings.members) + [strings.oneTyping, strings.twoTyping] + forms(strings.manyTyping)
            if !header.subtitle.isEmpty && !matches(header.subtitle, subtitles) {
                return "header subtitle \(String(reflecting: header.subtitle)) is not from the \(resolved.input.context.locale) table"
            }
            // A member count is the form of its CLDR category, the count in the locale's digits.
            let formatter = PropertyHarness.formatters[resolved.input.context.locale + "|" + resolved.input.context.timeZone]!
            if header.memberCount > 0 && !header.subtitle.isEmpty && matches(header.subtitle, forms(strings.members)) {
                let form = strings.members.forms[formatter.pluralCategory(header.memberCount)] ?? strings.members.forms[.other]!
                let digits = formatter.formatCount(header.memberCount)
                let expected = [form.replacing("{count}", with: digits), form.replacing("{count}", with: "\u{2068}\(digits)\u{2069}")]
                if !expected.contains(header.subtitle) {
                    return "\(header.memberCount) members read \(String(reflecting: header.subtitle)), the \(formatter.pluralCategory(header.memberCount)) form is \(String(reflecting: form))"
                }
            }
            for item in resolved.decisions.items {
                switch item {
                case .unreadSeparator(let text) where text != strings.unreadMessages:
                    return "unread separator \(String(reflecting: text))"
                case .typingIndicator(let text) where !matches(text, [strings.oneTyping, strings.twoTyping] + forms(strings.manyTyping)):
                    return "typing indicator \(String(reflecting: text))"
                case .emptyState(let text) where text != strings.noMessages:
                    return "empty state \(String(reflecting: text))"
                case .loadingState(let text) where text != strings.loading:
                    return "loading state \(String(reflecting: text))"
                default:
                    continue
                }
            }
            for decision in resolved.decisions.messages {
                if let info = decision.threadInfoText, !matches(info, forms(strings.replies) + [strings.threadReply]) {
                    return "\(decision.message.id) thread info \(String(reflecting: info))"
                }
            }
            return nil
        }
    }

    /// The typing indicator is the last item when present, never names the current user, and
    /// reads "A is typing…", "A and B are typing…" or "N people are typing…" in the
    /// document's language.
    @Test func typingIndicator_isLast_andNeverNamesTheCurrentUser() {
        verify("typing indicator") { resolved in
            let input = resolved.input
            let items = resolved.decisions.items
            let positions = items.indices.filter { if case .typingIndicator = items[$0] { true } else { false } }
            var seen = Set<String>()
            let typers = input.conversation.typingUserIDs.filter { $0 != input.context.currentUserID && seen.insert($0).inserted }
            // A name that could turn the phrase around, or be turned by it (right-to-left
            // letters or bidi controls in either), is set as a first-strong isolate.
            func turns(_ text: String) -> Bool {
                text.unicodeScalars.contains {
                    (0x0590 ... 0x08FF).contains($0.value) || (0xFB1D ... 0xFDFF).contains($0.value)
                        || (0xFE70 ... 0xFEFF).contains($0.value) || (0x10800 ... 0x10FFF).contains($0.value)
                        || (0x1E800 ... 0x1EFFF).contains($0.value) || UntrustedText.isBidiControl($0)
                }
            }
            // One pass: a name that reads "{second}" is not filled in itself.
            func phrase(_ template: String, _ values: [(String, String)]) -> String {
                var text = ""
                var rest = template[...]
                while !rest.isEmpty {
                    if let (key, value) = values.first(where: { rest.hasPrefix("{\($0.0)}") }) {
                        text += turns(template) || turns(value) ? "\u{2068}\(value)\u{2069}" : value
                        rest = rest.dropFirst(key.count + 2)
                    } else {
                        text.append(rest.removeFirst())
                    }
                }
                return text
            }
            let names = typers.map { UntrustedText.neutralize(input.conversation.user(id: $0).displayName) }
            let formatter = PropertyHarness.formatters[input.context.locale + "|" + input.context.timeZone]!
            let strings = ChatStrings(locale: input.context.locale)
            let many = strings.manyTyping.forms[formatter.pluralCategory(names.count)] ?? strings.manyTyping.forms[.other]!
            let expectedText: String? = switch names.count {
            case 0: nil
            case 1: phrase(strings.oneTyping, [("name", names[0])])
            case 2: phrase(strings.twoTyping, [("first", names[0]), ("second", names[1])])
            default: phrase(many, [("count", formatter.formatCount(names.count))])
            }
            let features = input.conversation.channel.features
            let inList = features.typingEvents && input.config.typingIndicatorPlacement == .bottomOverlay
                && input.conversation.messageListState != .loading
            if positions.count > 1 { return "\(positions.count) typing indicators" }
            if let position = positions.first {
                guard case .typingIndicator(let text) = items[position] else { return nil }
                if position != items.count - 1 { return "typing indicator at \(position) of \(items.count) items" }
                if let currentUserID = input.context.currentUserID {
                    let me = UntrustedText.neutralize(input.conversation.user(id: currentUserID).displayName)
                    if text.contains(me) { return "typing text \(String(reflecting: text)) names the current user \(me)" }
                }
            }
            let actual: String? = positions.first.flatMap { if case .typingIndicator(let text) = items[$0] { text } else { nil } }
            if actual != (inList ? expectedText : nil) {
                return "typing indicator \(String(reflecting: actual)), expected \(String(reflecting: inList ? expectedText : nil)) for \(input.conversation.typingUserIDs)"
            }
            if features.typingEvents && input.config.typingIndicatorPlacement == .navigationBar, let expectedText,
               resolved.decisions.header.subtitle != expectedText {
                return "header subtitle \(String(reflecting: resolved.decisions.header.subtitle)), expected \(String(reflecting: expectedText))"
            }
            return nil
        }
    }

    /// Text reaches a renderer neutralised. Every text the decisions carry is already
    /// neutral (`neutralize` leaves it as it is), whoever wrote the names and messages.
    @Test func everyTextInTheDecisions_isNeutralised() {
        verify("neutralised texts") { resolved in
            let header = resolved.decisions.header
            var texts = [("header title", header.title), ("header subtitle", header.subtitle)]
            for item in resolved.decisions.items {
                switch item {
                case .dateSeparator(_, let text), .unreadSeparator(let text), .typingIndicator(let text),
                     .emptyState(let text), .loadingState(let text), .loadingOlderIndicator(let text), .loadingNewerIndicator(let text):
                    texts.append((PropertyHarness.describe(item), text))
                case .message(let decision):
                    let id = decision.message.id
                    texts += [("\(id) text", decision.text), ("\(id) time", decision.timeText), ("\(id) date label", decision.dateLabel)]
                    if let translation = decision.translation { texts.append(("\(id) translation", translation)) }
                    if let info = decision.threadInfoText { texts.append(("\(id) thread info", info)) }
                }
            }
            for (what, text) in texts where UntrustedText.neutralize(text) != text {
                return "\(what) is not neutralised: \(String(reflecting: text))"
            }
            return nil
        }
    }

    // MARK: - Determinism and explanations

    /// Resolving again, with a fresh formatter and measurer, gives equal decisions and the
    /// same `explain --format json` bytes.
    @Test func resolvingTwice_givesIdenticalDecisions() {
        verify("determinism") { resolved in
            let input = resolved.input
            guard let formatter = try? ICULocaleFormatter(locale: input.context.locale, timeZone: input.context.timeZone) else {
                return "no formatter for \(input.context.locale) \(input.context.timeZone)"
            }
            let fresh = MessageListResolver(try! LayoutEnvironment(config: input.config, context: input.context,
                                                                  formatter: formatter, measurer: ICUTextEngine()))
            let again = fresh.resolve(input.conversation)
            let shared = PropertyHarness.resolver(for: input).resolve(input.conversation)
            for other in [again, shared] where other != resolved.decisions {
                let index = firstDifference(other.items, resolved.decisions.items) { $0 != $1 }
                if other.header != resolved.decisions.header { return "headers differ: \(resolved.decisions.header) vs \(other.header)" }
                return "decisions differ" + (index.map { " at item \($0): \(PropertyHarness.describe(resolved.decisions.items[$0])) vs \(PropertyHarness.describe(other.items[$0]))" } ?? "")
            }
            let first = resolved.decisions.explanationJSON().serialized()
            let second = again.explanationJSON().serialized()
            if Array(first.utf8) != Array(second.utf8) {
                let offset = zip(first.utf8, second.utf8).prefix { $0 == $1 }.count
                return "explanation JSON differs at byte \(offset)"
            }
            return nil
        }
    }

    /// `explain: true` only adds reasons: the same items otherwise, the same JSON, a reason on
    /// every message; `explain: false` records none.
    @Test func explainOnOrOff_changesOnlyTheReasonsAndNotes() {
        verify("explain on/off") { resolved in
            let input = resolved.input
            let explained = PropertyHarness.resolver(for: input).resolve(input.conversation, explain: true)
            if let quiet = resolved.decisions.messages.first(where: { !$0.reasons.isEmpty }) {
                return "\(quiet.message.id) has reasons without explain: \(quiet.reasons.map(\.explanation))"
            }
            if explained.withoutReasons != resolved.decisions {
                let index = firstDifference(explained.items, resolved.decisions.items, explainedDiffers)
                return "explain changes the decisions" + (index.map { " at item \($0): \(PropertyHarness.describe(explained.items[$0])) vs \(PropertyHarness.describe(resolved.decisions.items[$0]))" } ?? "")
            }
            // Only the notes on look-alike authors, the unread reason and the list's notes are
            // added to the JSON.
            if explained.withoutReasons.explanationJSON().serialized() != resolved.decisions.explanationJSON().serialized() {
                return "explain changes the explanation JSON"
            }
            // The generated names repeat: a note stands on every message whose author's name
            // another user has too, and on no other.
            for decision in explained.messages {
                let author = decision.message.user
                let users = input.conversation.members.map(\.user) + input.conversation.messages.map(\.user)
                let shared = author.name.map { name in !name.isEmpty && users.contains { $0.name == name && $0.id != author.id } } ?? false
                if shared != decision.notes.contains(where: { $0.hasPrefix("author name also used by") }) {
                    return "\(decision.message.id) by \(author.id) (\(author.name ?? "no name")): notes \(decision.notes)"
                }
            }
            if let silent = explained.messages.first(where: { $0.reasons.isEmpty }) {
                return "\(silent.message.id) has no reason with explain on (options \(silent.options.names))"
            }
            // The unread separator is explained when the current user has a read state, and
            // only then; a missing one is said to be missing.
            let hasRead = input.conversation.reads.contains { $0.user.id == input.context.currentUserID } && input.config.unreadSeparatorEnabled
            let separator = explained.items.contains { if case .unreadSeparator = $0 { true } else { false } }
            if resolved.decisions.unreadExplanation != nil || (hasRead && input.conversation.messageListState != .loading) != (explained.unreadExplanation != nil) {
                return "unread explanation \(explained.unreadExplanation ?? "none") with a read state: \(hasRead)"
            }
            if let why = explained.unreadExplanation, separator == why.hasPrefix("no unread separator") {
                return "unread separator \(separator ? "shown" : "missing"), explained as \(why)"
            }
            return nil
        }
    }
}

/// The first index where `differ` holds for the items of both lists.
private func firstDifference(_ a: [MessageListItem], _ b: [MessageListItem], _ differ: (MessageListItem, MessageListItem) -> Bool) -> Int? {
    zip(a.indices, zip(a, b)).first { differ($0.1.0, $0.1.1) }?.0
}

private func explainedDiffers(_ explained: MessageListItem, _ plain: MessageListItem) -> Bool {
    guard case .message(var decision) = explained else { return explained != plain }
    decision.reasons = []
    return MessageListItem.message(decision) != plain
}
