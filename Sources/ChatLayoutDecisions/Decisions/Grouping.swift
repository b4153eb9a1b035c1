@_spi(ChatLayoutStages) import ChatLayoutModel

/// Where a message sits in its group, top (oldest) to bottom (newest).
public enum GroupPosition: String, Hashable, Sendable, Codable {
    /// Alone in its group; the oldest of several; between the oldest and the newest; the newest
    /// (the one that shows the avatar, the author and the time).
    case single, top, middle, bottom
}

/// Why a message is last in its group (<doc:Grouping>), or why it is not.
public enum GroupBoundary: Hashable, Sendable, Codable {
    /// Rule 1: the newest message in the list.
    case newest
    /// Rule 2: edited, with the edited label on.
    case edited
    /// Rule 3: the next message is by another author.
    case nextByAnotherAuthor
    /// Rule 4: the next message is an error, ephemeral or system message.
    case nextIsOfType(MessageType)
    /// Rule 5: the next message came more than the interval later.
    case gap(seconds: Double, limit: Double)
    /// A date separator follows (with `message_list` dates and `end_group_at_date_separator`).
    case dateSeparator
    /// `same_minute`: the next message is in another minute.
    case anotherMinute
    /// `same_minute`: the next message shows the same wall-clock minute, in the hour that
    /// repeats when clocks go back; it is another minute.
    case repeatedMinute
    /// `same_minute`: a failed message never groups.
    case failed
    /// `same_minute` with thread replies: a thread root never groups.
    case threadRoot
    /// Grouping is off.
    case groupingOff
    /// Not last: the next message continues the group, this many seconds later.
    case continues(seconds: Double)

    /// Whether the message is the last (newest, bottom-most) of its group.
    public var isLast: Bool {
        if case .continues = self { return false }
        return true
    }

    /// For people: "last in group: next message is by another author".
    public var explanation: String {
        switch self {
        case .newest: return "last in group: newest message"
        case .edited: return "last in group: edited (edited label on)"
        case .nextByAnotherAuthor: return "last in group: next message is by another author"
        case .nextIsOfType(let type): return "last in group: next message is a \(type.rawValue) message"
        case .gap(let seconds, let limit):
            let (gap, longest) = Self.seconds(seconds, over: limit)
            return "last in group: next message \(gap) later (> \(longest))"
        case .dateSeparator: return "last in group: a date separator follows"
        case .anotherMinute: return "last in group: next message is in another minute"
        case .repeatedMinute: return "last in group: next message is in the repeated hour (same wall-clock minute after clocks went back)"
        case .failed: return "last in group: failed messages never group"
        case .threadRoot: return "last in group: thread roots never group"
        case .groupingOff: return "last in group: grouping is off"
        case .continues(let seconds): return "grouped: next message by the same author \(Self.seconds(seconds)) later"
        }
    }

    /// An interval for people: at most one decimal below 100 s, whole seconds from there
    /// ("17.9 s", "60 s", "3600 s"), never "-0 s"; `decimals` asks for more (at most 9,
    /// nanoseconds, below 10¹⁵ s). `explain --format json` carries the exact values.
    static func seconds(_ value: Double, decimals: Int = 1) -> String {
        let places = decimals > 1 || abs(value) < 100 ? min(decimals, 9) : 0
        var scale: Int64 = 1
        for _ in 0 ..< places { scale *= 10 }
        let scaled = (abs(value) * Double(scale)).rounded()
        guard value.isFinite, abs(value) < 1e15, scaled < 9e18 else { return "\(value) s" }
        let units = Int64(scaled)
        guard units != 0 else { return "0 s" }
        var text = (value < 0 ? "-" : "") + String(units / scale)
        if units % scale != 0 {
            var fraction = String(units % scale)
            fraction = String(repeating: "0", count: places - fraction.count) + fraction
            while fraction.hasSuffix("0") { fraction.removeLast() }
            text += "." + fraction
        }
        return text + " s"
    }

    /// A gap and the limit it went over, rounded as ``seconds(_:decimals:)`` but with as many
    /// decimals as it takes to tell them apart ("60.04 s" over "60 s", not "60 s" over "60 s").
    static func seconds(_ gap: Double, over limit: Double) -> (gap: String, limit: String) {
        for decimals in 1 ... 9 {
            let texts = (seconds(gap, decimals: decimals), seconds(limit, decimals: decimals))
            if texts.0 != texts.1 { return texts }
        }
        return ("\(gap) s", "\(limit) s")
    }
}

/// Decides which messages end their group and each message's group position: Stream's `time_interval` rules or Sendbird's `same_minute`.
package struct GroupingResolver {
    var config: MessageListConfig
    package var repliesEnabled: Bool

    package init(config: MessageListConfig, repliesEnabled: Bool) {
        self.config = config
        self.repliesEnabled = repliesEnabled
    }

    /// The boundary of one message: `next` is the newer message under it (nil for the newest),
    /// `separatorBetween` when a date separator stands between them, `sameMinute` when both
    /// are in one local minute (`minute` of the message and `nextMinute`). A centred message (system, unbounced error) is grouped by the
    /// same rules as any other, as Stream's `isMessageLastInSequence` does.
    func boundary(of message: Message, next: Message?, separatorBetween: Bool,
                  minute: LocalMinute, nextMinute: LocalMinute?) -> GroupBoundary {
        guard let next else { return .newest }
        return boundary(message, next: next, separatorBetween: separatorBetween, minute: minute, nextMinute: nextMinute)
    }

    /// A wall-clock minute (minutes since 1970 in local time) and the UTC offset in force.
    package struct LocalMinute: Hashable {
        var minute: Int64
        var utcOffsetSeconds: Int

        /// The minute of a local date and time.
        init(_ time: LocalDateTime) {
            minute = Int64(time.day.daysSince1970) * 1440 + Int64(time.hour * 60 + time.minute)
            utcOffsetSeconds = time.utcOffsetSeconds
        }
    }

    private func boundary(_ message: Message, next: Message, separatorBetween: Bool,
                          minute: LocalMinute, nextMinute: LocalMinute?) -> GroupBoundary {
        guard config.groupMessages else { return .groupingOff }
        if separatorBetween && config.endGroupAtDateSeparator { return .dateSeparator }
        switch config.groupingRule {
        case .timeInterval:
            if config.editedLabelEnabled && message.messageTextUpdatedAt != nil { return .edited }
            if !Identifier.same(next.user.id, message.user.id) { return .nextByAnotherAuthor }
            if let type = Self.groupBreakingType(next) { return .nextIsOfType(type) }
            let gap = next.createdAt.seconds(since: message.createdAt)
            // Strictly greater splits: exactly the interval stays grouped; a negative gap never splits.
            if gap > config.maxTimeIntervalBetweenMessagesInGroup {
                return .gap(seconds: gap, limit: config.maxTimeIntervalBetweenMessagesInGroup)
            }
            return .continues(seconds: gap)
        case .sameMinute:
            if !Identifier.same(next.user.id, message.user.id) { return .nextByAnotherAuthor }
            if let type = Self.groupBreakingType(next) { return .nextIsOfType(type) }
            if message.localState?.isFailed == true || next.localState?.isFailed == true { return .failed }
            if repliesEnabled && (message.isThreadRoot || next.isThreadRoot) { return .threadRoot }
            if minute != nextMinute {
                // The wall clock shows the same minute twice when clocks go back: two minutes.
                return minute.minute == nextMinute?.minute ? .repeatedMinute : .anotherMinute
            }
            return .continues(seconds: next.createdAt.seconds(since: message.createdAt))
        }
    }

    /// Rule 4: error, ephemeral and system messages never join the group before them.
    private static func groupBreakingType(_ message: Message) -> MessageType? {
        switch message.type {
        case .error, .ephemeral, .system: return message.type
        default: return nil
        }
    }

    /// The position of a message whose group boundary `isLast`, under a message that
    /// `previousEnded` its group (true for the oldest).
    static func position(previousEnded: Bool, isLast: Bool) -> GroupPosition {
        switch (previousEnded, isLast) {
        case (true, true): .single
        case (true, false): .top
        case (false, false): .middle
        case (false, true): .bottom
        }
    }
}
