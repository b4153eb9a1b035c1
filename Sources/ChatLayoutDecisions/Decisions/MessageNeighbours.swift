@_spi(ChatLayoutStages) import ChatLayoutModel

/// What a message's decisions read of the message above it: its day (a date separator stands
/// between other days) and whether it ends its group (this one's position).
package struct MessageAbove {
    package var day: CalendarDay
    package var endsGroup: Bool

    package init(day: CalendarDay, endsGroup: Bool) {
        self.day = day
        self.endsGroup = endsGroup
    }
}

/// What a message's decisions read of the message under it: the message (grouping rules 3–5),
/// its day (a date separator between them ends the group) and its minute (`same_minute`).
package struct MessageBelow {
    var message: Message
    var day: CalendarDay
    var minute: GroupingResolver.LocalMinute

    package init(message: Message, day: CalendarDay, minute: GroupingResolver.LocalMinute) {
        self.message = message
        self.day = day
        self.minute = minute
    }
}

extension MessageListResolver {
    /// The decisions of one message of a list from its neighbours, and whether a date
    /// separator stands above it. `above` and `below` are nil at the ends of
    /// the list; `label` is the date label of the message's day.
    ///
    /// The one step both lists take for every message: the batch list down the whole list,
    /// the incremental list for the messages around a change. It reads nothing else of the
    /// list, which is what lets a change decide only its neighbours again.
    package func decide(_ message: Message, time: MessageTime, label: String, above: MessageAbove?, below: MessageBelow?,
                grouping: GroupingResolver, in conversation: Conversation, delivery: DeliveryState,
                user: (String) -> User, explain: Bool) -> (decision: MessageDecision, dateSeparatorAbove: Bool) {
        var separatorAbove = false
        let decision = decide(message, time: time, label: label, above: above, below: below, grouping: grouping, in: conversation,
                              delivery: delivery, user: user, explain: explain, dateSeparatorAbove: &separatorAbove)
        return (consume decision, separatorAbove)
    }

    /// The same, whether a date separator stands above it said in `dateSeparatorAbove`: the
    /// decisions returned alone, not in a tuple (whose destruction, in another module, is a
    /// generic call of the runtime).
    package func decide(_ message: Message, time: MessageTime, label: String, above: MessageAbove?, below: MessageBelow?,
                        grouping: GroupingResolver, in conversation: Conversation, delivery: DeliveryState,
                        user: (String) -> User, explain: Bool, dateSeparatorAbove: inout Bool) -> MessageDecision {
        let historyLoaded = conversation.historyLoaded
        dateSeparatorAbove = dateSeparatorStands(above: time.day, under: above?.day, historyLoaded: historyLoaded)
        let boundary = boundary(of: message, time: time, below: below, grouping: grouping, historyLoaded: historyLoaded)
        let position = GroupingResolver.position(previousEnded: above?.endsGroup ?? true, isLast: boundary.isLast)
        return decide(message, boundary: boundary, position: position, day: time.day, label: label,
                      timeText: time.shortTime, memberCount: conversation.memberCount,
                      features: conversation.channel.features, delivery: delivery, user: user, explain: explain,
                      isTopMostRow: above == nil, isDirect: isDirect(conversation))
    }

    /// What regrouping `decision`, the decisions of a message decided before (not explained,
    /// no notes), changes in it (``Regrouped``, set by ``Regrouped/apply(to:)``): then they are
    /// what ``decide(_:time:label:above:below:grouping:in:delivery:user:explain:dateSeparatorAbove:)``
    /// would decide now, under the same message above (`above`), at the same time and label, in
    /// the same conversation and with the same delivery states and users, when only the message
    /// under it changed (`below`), without deciding again; nil when that is not known to be so.
    /// (The list's row above an appended message: its fields found and compared, then set in
    /// one copy of its decisions.)
    ///
    /// `decide` reads the message under it only for its group boundary, and the boundary only
    /// as whether it ends the group: through the position (whose top, whether it starts its
    /// group, comes from `above`: it must stay) and the layout options, which are resolved
    /// again from the same facts. Of the options the boundary changes (the bubble's tail, the
    /// avatar, its padding, the name, the time, the delivery status), only the delivery status
    /// shows in another field; every option another field is made from must stay (nil
    /// otherwise). The date separator above it is decided as `decide` decides it.
    package func regrouped(_ decision: MessageDecision, time: MessageTime, label: String, above: MessageAbove?, below: MessageBelow?,
                           grouping: GroupingResolver, in conversation: Conversation, delivery: DeliveryState) -> Regrouped? {
        regrouped(decision, boundary: boundary(of: decision.message, time: time, below: below, grouping: grouping,
                                               historyLoaded: conversation.historyLoaded),
                  time: time, label: label, above: above, in: conversation, delivery: delivery)
    }

    /// The same, the group boundary the message under it gives (``boundary(of:time:below:grouping:historyLoaded:)``)
    /// found already: the list's row above an appended message, whose boundary was found
    /// first to tell whether it still ends its group.
    package func regrouped(_ decision: MessageDecision, boundary: GroupBoundary, time: MessageTime, label: String, above: MessageAbove?,
                           in conversation: Conversation, delivery: DeliveryState) -> Regrouped? {
        guard decision.reasons.isEmpty, decision.notes.isEmpty, decision.day == time.day, Identifier.same(decision.dateLabel, label),
              Identifier.same(decision.timeText, time.shortTime) else { return nil }
        let historyLoaded = conversation.historyLoaded
        let message = decision.message
        let position = GroupingResolver.position(previousEnded: above?.endsGroup ?? true, isLast: boundary.isLast)
        let isFirst = position == .top || position == .single
        guard isFirst == (decision.position == .top || decision.position == .single) else { return nil }
        let memberCount = conversation.memberCount
        // The facts `decide` gave the options: the translation shown is the one they had (a
        // translation not shown stops at a rule before the translation's, whatever the boundary).
        var facts = MessageFacts(
            message: message, isLastInGroup: boundary.isLast, isFromCurrentUser: decision.isFromCurrentUser,
            memberCount: memberCount, features: conversation.channel.features, isJumbomoji: decision.isJumbomoji ?? false,
            translation: decision.translation, deliveryStatus: delivery.ungatedStatus(of: message),
            isTopMostRow: above == nil, isDirect: isDirect(conversation), isFirstInGroup: isFirst
        )
        if facts.isFromCurrentUser && facts.deliveryStatus == .read { facts.readCount = delivery.readCount(of: message, memberCount: memberCount) }
        var reasons: [OptionReason]?
        let options = LayoutOptionsResolver.options(facts, config: config, reasons: &reasons)
        // The options other fields are made from (the translation's words, the thread info,
        // the reactions, the quote, the rich text, the group header) stay.
        let kept: MessageLayoutOptions = [.centered, .text, .translation, .threadInfo, .reactions, .quotedMessage]
        guard options.intersection(kept) == decision.options.intersection(kept) else { return nil }
        let showsStatus = options.contains(.deliveryStatusIndicator)
        return Regrouped(position: position, groupBoundary: boundary, options: options,
                         deliveryStatus: showsStatus ? facts.deliveryStatus : nil, readCount: showsStatus ? facts.readCount : nil,
                         dateSeparatorAbove: dateSeparatorStands(above: time.day, under: above?.day, historyLoaded: historyLoaded))
    }

    /// The group boundary of `message`, whose decisions (not explained) end its group as
    /// `isLast` says, with `below` under it now, when it still ends its group, or goes on with
    /// it, as it did: `decide` reads the boundary only through whether it ends the group. Nil
    /// when that changes (the message is decided again). Its group position is
    /// ``keepsPosition(_:isLast:above:)``'s to tell. (Given the decisions' fields, not the
    /// decisions: the list holds them in a shared box, out of which a whole copy is made for a call.)


    /// Whether the group position `position` of a message's decisions stands under the
    /// message `above` as it is now, the message ending its group as `isLast` says.
    package func keepsPosition(_ position: GroupPosition, isLast: Bool, above: MessageAbove?) -> Bool {
        GroupingResolver.position(previousEnded: above?.endsGroup ?? true, isLast: isLast) == position
    }

    /// Whether `message` ends its group: read from the message under it and the
    /// date separator between them, never from the message above.
    package func boundary(of message: Message, time: MessageTime, below: MessageBelow?, grouping: GroupingResolver,
                  historyLoaded: Bool) -> GroupBoundary {
        boundary(of: message, day: time.day, minute: time.minute, below: below, grouping: grouping, historyLoaded: historyLoaded)
    }

    /// The same, from the message's local day and minute (all of its time the boundary reads).
    package func boundary(of message: Message, day: CalendarDay, minute: GroupingResolver.LocalMinute, below: MessageBelow?,
                          grouping: GroupingResolver, historyLoaded: Bool) -> GroupBoundary {
        let separatorBelow = below.map { dateSeparatorStands(above: $0.day, under: day, historyLoaded: historyLoaded) } ?? false
        return grouping.boundary(of: message, next: below?.message, separatorBetween: separatorBelow, minute: minute, nextMinute: below?.minute)
    }

    /// The `message_list` placement: a date separator above the first message of each day
    /// (`previousDay` is the day of the message above), and above the oldest message (nil
    /// `previousDay`) only when the whole history is loaded — as Stream UIKit, which does not
    /// know the day of the message above the oldest loaded one until it has the last page —
    /// or always with `date_separator_on_oldest_message`, as Stream SwiftUI dates it.
    func dateSeparatorStands(above day: CalendarDay, under previousDay: CalendarDay?, historyLoaded: Bool) -> Bool {
        guard config.dateIndicatorPlacement.showsSeparators else { return false }
        guard let previousDay else { return historyLoaded || config.dateSeparatorOnOldestMessage }
        return previousDay != day
    }

    /// Whether `conversation` is a direct channel for the avatar display options, by
    /// `direct_channel_rule`: 2 members or fewer, or (Stream SwiftUI) a `!members` channel.
    func isDirect(_ conversation: Conversation) -> Bool {
        switch config.directChannelRule {
        case .memberCount: conversation.memberCount <= 2
        case .membersCID: conversation.channel.isDirectMessageChannel
        }
    }
}

/// What regrouping a message's decisions changes in them
/// (``MessageListResolver/regrouped(_:time:label:above:below:grouping:in:delivery:)``): every
/// other field stays.
package struct Regrouped: Sendable {
    package var position: GroupPosition
    package var groupBoundary: GroupBoundary
    package var options: MessageLayoutOptions
    package var deliveryStatus: DeliveryStatus?
    package var readCount: Int?
    /// Whether a date separator stands above the message (not a field of its decisions).
    package var dateSeparatorAbove: Bool

    /// Sets these fields of `decision`.
    package func apply(to decision: inout MessageDecision) {
        decision.position = position
        decision.groupBoundary = groupBoundary
        decision.options = options
        decision.deliveryStatus = deliveryStatus
        decision.readCount = readCount
    }

    /// Whether `decision`, its group boundary taken as `boundary`, has these fields already.
    package func isIn(_ decision: MessageDecision, boundary: GroupBoundary) -> Bool {
        boundary == groupBoundary && position == decision.position && drawsAlike(decision)
    }

    /// Whether `decision` with these fields draws as it does: the same options, delivery
    /// status and read count (a row shows its group position and boundary only through them).
    package func drawsAlike(_ decision: MessageDecision) -> Bool {
        options == decision.options && deliveryStatus == decision.deliveryStatus && readCount == decision.readCount
    }
}
