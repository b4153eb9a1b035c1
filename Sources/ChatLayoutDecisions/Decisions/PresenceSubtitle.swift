@_spi(ChatLayoutStages) import ChatLayoutModel

/// How long ago a user was last active, in the unit Stream's "last seen" phrase uses
/// (`DateUtils.timeAgo`): the count is the whole units elapsed.
package enum LastSeen: Hashable, Sendable {
    /// Under a minute.
    case seconds(Int)
    /// A minute to under an hour.
    case minutes(Int)
    /// An hour to under a day (the same wall-clock time yesterday).
    case hours(Int)
    /// A day to under a week.
    case days(Int)
    /// A week to under a month (a calendar month, or 31 days with `last_seen_31_days`).
    case weeks(Int)
    /// A month or more.
    case months(Int)

    /// The phrase: "last seen 5 minutes ago". Stream writes the singular for 0 and 1 alike.
    func text(_ strings: ChatStrings, formatter: any LocaleFormatting) -> String {
        let (phrase, count) = phraseAndCount(strings)
        return phrase.text(max(count, 1), using: formatter)
    }

    private func phraseAndCount(_ strings: ChatStrings) -> (CountPhrase, Int) {
        switch self {
        case .seconds(let count): (strings.lastSeenSeconds, count)
        case .minutes(let count): (strings.lastSeenMinutes, count)
        case .hours(let count): (strings.lastSeenHours, count)
        case .days(let count): (strings.lastSeenDays, count)
        case .weeks(let count): (strings.lastSeenWeeks, count)
        case .months(let count): (strings.lastSeenMonths, count)
        }
    }

    /// The bucket's bounds in words, for `explain`: "minutes: a minute to under an hour".
    func bucket(_ rule: HeaderPresence) -> String {
        switch self {
        case .seconds: "seconds: under a minute"
        case .minutes: "minutes: a minute to under an hour"
        case .hours: "hours: an hour to under a day"
        case .days: "days: a day to under a week"
        case .weeks: rule == .lastSeen31Days ? "weeks: a week to under 31 days" : "weeks: a week to under a calendar month"
        case .months: rule == .lastSeen31Days ? "months: 31 days or more" : "months: a calendar month or more"
        }
    }

    /// How long before `now` `lastActive` is, as Stream's `DateUtils.timeAgo` counts it; nil
    /// when it is after `now` (Stream then says "Offline"). Minutes and hours are exact
    /// durations; a day, a week and a month are read on the wall clock of the formatter's time
    /// zone (the same time yesterday, a week ago, a month ago, the day of the month held to
    /// the month's last), as a calendar adds them. `rule` `last_seen_31_days` counts weeks
    /// until 31 days have passed (Stream SwiftUI), else until a calendar month (Stream UIKit).
    static func since(_ lastActive: Timestamp, now: Timestamp, rule: HeaderPresence, formatter: any LocaleFormatting) -> LastSeen? {
        guard lastActive <= now else { return nil }
        let elapsed = Int(min(WallClock.wholeSeconds(from: lastActive, to: now), Int64(Int.max)))
        if lastActive > now.adding(seconds: -60) { return .seconds(elapsed) }
        if lastActive > now.adding(seconds: -3_600) { return .minutes(elapsed / 60) }
        let then = WallClock(lastActive, formatter: formatter), wallNow = WallClock(now, formatter: formatter)
        if then > wallNow.adding(days: -1) { return .hours(elapsed / 3_600) }
        let days = max(0, then.wholeDays(to: wallNow))
        if then > wallNow.adding(days: -7) { return .days(days) }
        let monthAgo = rule == .lastSeen31Days ? wallNow.adding(days: -31) : wallNow.adding(months: -1)
        if then > monthAgo { return .weeks(days / 7) }
        return .months(max(0, then.wholeMonths(to: wallNow)))
    }
}

/// An instant as a wall clock in a time zone reads it: its day, second of the day and
/// nanoseconds. Days and months are added to it as a calendar adds them.
struct WallClock: Comparable {
    var day: CalendarDay
    var secondOfDay: Int
    var nanosecond: Int32

    init(_ instant: Timestamp, formatter: any LocaleFormatting) {
        let local = formatter.localDateTime(of: instant)
        self.init(day: local.day, secondOfDay: local.hour * 3_600 + local.minute * 60 + local.second, nanosecond: instant.nanoseconds)
    }

    init(day: CalendarDay, secondOfDay: Int, nanosecond: Int32) {
        self.day = day
        self.secondOfDay = secondOfDay
        self.nanosecond = nanosecond
    }

    static func < (lhs: WallClock, rhs: WallClock) -> Bool {
        (lhs.day.daysSince1970, lhs.secondOfDay, lhs.nanosecond) < (rhs.day.daysSince1970, rhs.secondOfDay, rhs.nanosecond)
    }

    func adding(days: Int) -> WallClock {
        WallClock(day: CalendarDay(daysSince1970: day.daysSince1970 + days), secondOfDay: secondOfDay, nanosecond: nanosecond)
    }

    /// `months` months later (earlier when negative), the day held to the month's last.
    func adding(months: Int) -> WallClock {
        let index = day.year * 12 + (day.month - 1) + months
        let year = index >= 0 ? index / 12 : (index - 11) / 12
        let month = index - year * 12 + 1
        let day = min(self.day.day, CalendarDay(year: year, month: month, day: 1).daysInMonth)
        return WallClock(day: CalendarDay(year: year, month: month, day: day), secondOfDay: secondOfDay, nanosecond: nanosecond)
    }

    /// Whole days from this to `later`: the most that, added, do not pass it.
    func wholeDays(to later: WallClock) -> Int {
        var days = later.day.daysSince1970 - day.daysSince1970
        if days > 0 && adding(days: days) > later { days -= 1 }
        return days
    }

    /// Whole months from this to `later`: the most that, added, do not pass it.
    func wholeMonths(to later: WallClock) -> Int {
        var months = (later.day.year - day.year) * 12 + (later.day.month - day.month)
        while months > 0 && adding(months: months) > later { months -= 1 }
        return months
    }

    /// Whole seconds elapsed from `earlier` to `later` (0 or more).
    static func wholeSeconds(from earlier: Timestamp, to later: Timestamp) -> Int64 {
        var seconds = later.seconds - earlier.seconds
        if later.nanoseconds < earlier.nanoseconds { seconds -= 1 }
        return max(0, seconds)
    }
}

/// A direct channel's header subtitle from its other member's presence, as Stream's
/// `ChatChannelHeaderView.subtitleText` (UIKit) and `ChatChannel.onlineInfoText` (SwiftUI)
/// write it: "Online", "last seen 5 minutes ago", else "Offline".
package struct PresenceSubtitle: Hashable, Sendable {
    /// What the subtitle says, and from what.
    package enum Reading: Hashable, Sendable {
        /// `online` is true.
        case online
        /// Not online; last active this long before `now`.
        case lastSeen(LastSeen, at: Timestamp)
        /// Not online and no `last_active`.
        case offlineWithoutLastActive
        /// Not online, and `last_active` is after `now`.
        case offlineLastActiveAfterNow(Timestamp)
        /// Nobody but the current user among the members: no subtitle.
        case noOtherMember
    }

    /// The member whose presence it shows (nil: none).
    package var member: User?
    /// The subtitle ("" with no other member).
    package var text: String
    /// What it says, and from what.
    package var reading: Reading

    /// The subtitle of `conversation`'s header from presence, or nil when the header keeps its
    /// member count: `rule` is `none` (Sendbird), the channel is not direct by its cid
    /// (`!members`, as both Stream SDKs' headers decide it), or no member has `online` or
    /// `last_active` in the payload.
    ///
    /// The member shown is the first other than the current user in Stream's order of
    /// `lastActiveMembers`: the most recently active first (no `last_active`: last), ties by
    /// id, the greater first. Without a current user, the first member (as SwiftUI, whose
    /// current user id is then empty).
    package static func decide(_ conversation: Conversation, currentUserID: String?, now: Timestamp, rule: HeaderPresence,
                               strings: ChatStrings, formatter: any LocaleFormatting) -> PresenceSubtitle? {
        guard rule != .none, conversation.channel.isDirectMessageChannel,
              conversation.members.contains(where: { $0.user.hasPresence }) else { return nil }
        let others = conversation.members.map(\.user).filter { !Identifier.same($0.id, currentUserID) }
        guard let member = others.min(by: lastActiveFirst) else {
            return PresenceSubtitle(member: nil, text: "", reading: .noOtherMember)
        }
        if member.online == true { return PresenceSubtitle(member: member, text: strings.presenceOnline, reading: .online) }
        guard let lastActive = member.lastActive else {
            return PresenceSubtitle(member: member, text: strings.presenceOffline, reading: .offlineWithoutLastActive)
        }
        guard let seen = LastSeen.since(lastActive, now: now, rule: rule, formatter: formatter) else {
            return PresenceSubtitle(member: member, text: strings.presenceOffline, reading: .offlineLastActiveAfterNow(lastActive))
        }
        return PresenceSubtitle(member: member, text: seen.text(strings, formatter: formatter), reading: .lastSeen(seen, at: lastActive))
    }

    /// Stream's order of a channel's `lastActiveMembers` (`ChannelDTO`): the later
    /// `last_active` first, a member without one last; ties by id, the greater first.
    private static func lastActiveFirst(_ lhs: User, _ rhs: User) -> Bool {
        switch (lhs.lastActive, rhs.lastActive) {
        case (let left?, let right?) where left != right: return left > right
        case (.some, nil): return true
        case (nil, .some): return false
        default: return rhs.id.utf8.lexicographicallyPrecedes(lhs.id.utf8)
        }
    }

    /// Why a header does not show the presence the payload has, for `explain`; nil when it
    /// shows it or there is none.
    package static func unshownExplanation(_ conversation: Conversation, rule: HeaderPresence) -> String? {
        guard conversation.members.contains(where: { $0.user.hasPresence }) else { return nil }
        if rule == .none { return "header: no presence shown (header_presence none: Sendbird's title view shows none)" }
        guard !conversation.channel.isDirectMessageChannel else { return nil }
        return "header: no presence shown: not a !members channel (Stream shows presence in a direct channel's header only)"
    }

    /// Why the header says what it does, for `explain`: "header: Online: Emma Larsen's online
    /// is true (…)".
    package func explanation(now: Timestamp, rule: HeaderPresence) -> String {
        let who = member.map { UntrustedText.nameField($0.displayName) } ?? ""
        let source = "the other member of a !members channel, header_presence \(rule.rawValue)"
        switch reading {
        case .online:
            return "header: \(text): \(who) is online (\(source))"
        case .lastSeen(let seen, let lastActive):
            return "header: \(text): \(who)'s last_active \(lastActive.rfc3339) is before now \(now.rfc3339) (\(seen.bucket(rule)); \(source))"
        case .offlineWithoutLastActive:
            return "header: \(text): \(who) is not online and has no last_active (\(source))"
        case .offlineLastActiveAfterNow(let lastActive):
            return "header: \(text): \(who)'s last_active \(lastActive.rfc3339) is after now \(now.rfc3339) (\(source))"
        case .noOtherMember:
            return "header: no subtitle: no member of the !members channel but you to show the presence of"
        }
    }
}
