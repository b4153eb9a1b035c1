import ChatLayoutICU
import ChatLayoutKit
import Foundation
import Testing

/// A generated case and its decisions (explanations off).
struct ResolvedCase: Sendable {
    var input: GeneratedCase
    var decisions: MessageListDecisions
}

/// Runs a property over every seed, and on failure shrinks the smallest failing seed's case to
/// the fewest messages that still fail and reports it.
///
/// `CLK_PROPERTY_SEEDS=N` checks seeds 1…N instead of the default; `CLK_PROPERTY_SEED=S`
/// checks seed S alone (to reproduce a report).
enum PropertyHarness {
    static let defaultSeedCount = 400

    static let seeds: [UInt64] = {
        let environment = ProcessInfo.processInfo.environment
        if let seed = environment["CLK_PROPERTY_SEED"].flatMap(UInt64.init) { return [seed] }
        let count = environment["CLK_PROPERTY_SEEDS"].flatMap(Int.init) ?? defaultSeedCount
        return (1 ... UInt64(max(1, count))).map { $0 }
    }()

    static let measurer = ICUTextEngine()

    /// One formatter per (locale, time zone), shared by every case.
    static let formatters: [String: ICULocaleFormatter] = {
        var formatters: [String: ICULocaleFormatter] = [:]
        for locale in Set(ConversationGenerator.locales) {
            for zone in ConversationGenerator.timeZones {
                formatters[locale + "|" + zone] = try! ICULocaleFormatter(locale: locale, timeZone: zone)
            }
        }
        return formatters
    }()

    static func resolver(for input: GeneratedCase) -> MessageListResolver {
        MessageListResolver(try! LayoutEnvironment(config: input.config, context: input.context,
                                                  formatter: formatters[input.context.locale + "|" + input.context.timeZone]!,
                                                  measurer: measurer))
    }

    static func resolve(_ input: GeneratedCase) -> ResolvedCase {
        ResolvedCase(input: input, decisions: resolver(for: input).resolve(input.conversation))
    }

    /// Every seed's case, resolved once and shared by all properties.
    static let cases: [ResolvedCase] = seeds.map { resolve(ConversationGenerator.makeCase(seed: $0)) }

    /// Checks `property` (nil when it holds, else what is wrong) on every case.
    static func verify(_ name: String, sourceLocation: SourceLocation = #_sourceLocation,
                       _ property: (ResolvedCase) -> String?) {
        var failures: [(seed: UInt64, detail: String)] = []
        for resolved in cases {
            if let detail = property(resolved) { failures.append((resolved.input.seed, detail)) }
        }
        guard let first = failures.first, let failing = cases.first(where: { $0.input.seed == first.seed }) else {
            #expect(failures.isEmpty, sourceLocation: sourceLocation)
            return
        }
        let (small, detail) = shrink(failing.input, property)
        let others = failures.dropFirst().prefix(8).map { "  seed \($0.seed): \($0.detail)" }.joined(separator: "\n")
        let report = """
            \(name) fails for \(failures.count) of \(cases.count) seeds.
            Smallest failing seed \(first.seed): \(first.detail)
            Shrunk to \(small.conversation.messages.count) of \(failing.input.conversation.messages.count) messages: \(detail)
            \(describe(small))
            Reproduce: CLK_PROPERTY_SEED=\(first.seed) swift test --filter MessageListPropertyTests
            \(others.isEmpty ? "" : "Other seeds:\n" + others)
            """
        #expect(failures.count == 0, "\(report)", sourceLocation: sourceLocation)
    }

    // MARK: - Shrinking

    /// The case with as many messages, reads and typing users removed as possible while the
    /// property still fails (chunks first, then single ones), and the failure it then gives.
    static func shrink(_ input: GeneratedCase, _ property: (ResolvedCase) -> String?) -> (GeneratedCase, String) {
        var current = input
        var detail = property(resolve(input)) ?? "(passes when resolved again)"
        var budget = 2500
        func attempt(_ candidate: GeneratedCase) -> Bool {
            budget -= 1
            guard let failure = property(resolve(candidate)) else { return false }
            current = candidate
            detail = failure
            return true
        }
        var chunk = max(1, current.conversation.messages.count / 2)
        while chunk >= 1 && budget > 0 {
            var removed = false
            var index = 0
            while index < current.conversation.messages.count && budget > 0 {
                var candidate = current
                let end = min(index + chunk, candidate.conversation.messages.count)
                candidate.conversation.messages.removeSubrange(index ..< end)
                if attempt(candidate) { removed = true } else { index += chunk }
            }
            if !removed { chunk /= 2 }
        }
        var index = 0
        while index < current.conversation.reads.count && budget > 0 {
            var candidate = current
            candidate.conversation.reads.remove(at: index)
            if !attempt(candidate) { index += 1 }
        }
        index = 0
        while index < current.conversation.typingUserIDs.count && budget > 0 {
            var candidate = current
            candidate.conversation.typingUserIDs.remove(at: index)
            if !attempt(candidate) { index += 1 }
        }
        return (current, detail)
    }

    // MARK: - Reports

    /// The case in a few lines: its summary, every message in input order, reads, typing.
    static func describe(_ input: GeneratedCase) -> String {
        var lines = [input.summary]
        for (index, message) in input.conversation.messages.enumerated() {
            lines.append("  [\(index)] " + describe(message))
        }
        for read in input.conversation.reads {
            lines.append("  read \(read.user.id): last_read \(read.lastRead?.iso8601 ?? "nil"), "
                + "last_read_message_id \(read.lastReadMessageID ?? "nil"), unread \(read.unreadMessages.map(String.init) ?? "nil"), "
                + "last_delivered_at \(read.lastDeliveredAt?.iso8601 ?? "nil")")
        }
        if !input.conversation.typingUserIDs.isEmpty {
            lines.append("  typing \(input.conversation.typingUserIDs)")
        }
        return lines.joined(separator: "\n")
    }

    static func describe(_ message: Message) -> String {
        var parts = ["\(message.id) \(message.type.rawValue) by \(message.user.id) at \(message.createdAt.iso8601)"]
        if let parentID = message.parentID { parts.append("parent \(parentID)" + (message.showInChannel ? " show_in_channel" : "")) }
        if message.replyCount > 0 { parts.append("reply_count \(message.replyCount)") }
        if let deletedAt = message.deletedAt { parts.append("deleted_at \(deletedAt.iso8601)") }
        if let state = message.localState { parts.append("local_state \(state.rawValue)") }
        if message.isBounced { parts.append("bounced") }
        if let edited = message.messageTextUpdatedAt { parts.append("edited \(edited.iso8601)") }
        if let quoted = message.quotedMessage { parts.append("quotes \(quoted.id)") }
        if !message.latestReactions.isEmpty { parts.append("reactions \(message.latestReactions.map(\.type))") }
        if !message.attachments.isEmpty { parts.append("attachments \(message.attachments.map(\.type))") }
        if let command = message.command { parts.append("command \(command)") }
        if message.language != nil || !message.translations.isEmpty {
            parts.append("i18n \(message.language ?? "nil") \(message.translations.sorted { $0.key < $1.key })")
        }
        parts.append("text \(String(reflecting: message.text))")
        return parts.joined(separator: ", ")
    }

    static func describe(_ item: MessageListItem) -> String {
        switch item {
        case .dateSeparator(let day, let text): return "dateSeparator(\(day), \(String(reflecting: text)))"
        case .unreadSeparator: return "unreadSeparator"
        case .message(let decision):
            return "message(\(decision.message.id) \(decision.position.rawValue) \(decision.groupBoundary) \(decision.options.names))"
        case .typingIndicator(let text): return "typingIndicator(\(String(reflecting: text)))"
        case .emptyState: return "emptyState"
        case .loadingState: return "loadingState"
        case .loadingOlderIndicator: return "loadingOlderIndicator"
        case .loadingNewerIndicator: return "loadingNewerIndicator"
        }
    }
}

// MARK: - Oracles: the rules read independently of the implementation

/// Wall-clock fields through Foundation's time-zone database (not ICU), so that day and
/// minute boundaries, midnight and DST, are checked against a second implementation.
enum WallClock {
    private static let calendars: [String: Calendar] = {
        var calendars: [String: Calendar] = [:]
        for zone in ConversationGenerator.timeZones {
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = TimeZone(identifier: zone)!
            calendars[zone] = calendar
        }
        return calendars
    }()

    /// The local calendar day, minute of the day, weekday (1 = Sunday) and UTC offset of an instant.
    static func local(_ timestamp: Timestamp, in zone: String) -> (day: CalendarDay, minute: Int, weekday: Int, offset: Int) {
        // Whole seconds: minute and day boundaries fall on them, and a Double of nanoseconds
        // since 1970 could round 23:59:59.9999999 into the next day.
        let date = Date(timeIntervalSince1970: TimeInterval(timestamp.seconds))
        let parts = calendars[zone]!.dateComponents([.year, .month, .day, .hour, .minute, .weekday], from: date)
        let offset = calendars[zone]!.timeZone.secondsFromGMT(for: date)
        return (CalendarDay(year: parts.year!, month: parts.month!, day: parts.day!), parts.hour! * 60 + parts.minute!, parts.weekday!, offset)
    }
}

extension GeneratedCase {
    /// Order: the channel shows messages without a parent or sent to the channel too,
    /// oldest first, ties in input order — but not those Stream hides: others' shadowed
    /// messages (unless shown by the config), deleted ephemeral messages, and messages older
    /// than the channel's `truncated_at`.
    var expectedShownMessages: [Message] {
        conversation.messages.enumerated()
            .filter { $0.element.parentID == nil || $0.element.showInChannel }
            .filter { !$0.element.isShadowed || config.showShadowedMessages || isCurrentUser($0.element) }
            .filter { !($0.element.type == .ephemeral && ($0.element.deletedAt != nil || $0.element.deletedForMe)) }
            .filter { pair in conversation.channel.truncatedAt.map { pair.element.createdAt >= $0 } ?? true }
            .sorted { ($0.element.createdAt.nanos, $0.offset) < ($1.element.createdAt.nanos, $1.offset) }
            .map(\.element)
    }

    func isCurrentUser(_ message: Message) -> Bool {
        context.currentUserID != nil && message.user.id == context.currentUserID
    }

    func localDay(_ timestamp: Timestamp) -> CalendarDay {
        WallClock.local(timestamp, in: context.timeZone).day
    }
}

extension Message {
    /// The Layout options article's rule 1: system messages and unbounced errors are centred text.
    var isCenteredInList: Bool { type == .system || (type == .error && !isBounced) }
    /// Deleted, as the document says it: `deleted_at` set or type `deleted` (or deleted for me).
    var isDeletedPerSpec: Bool { deletedAt != nil || type == .deleted || deletedForMe }
    /// Stream's `isRootOfThread`: replies counted or latest replies listed.
    var isThreadRootPerStream: Bool { replyCount > 0 || !latestReplies.isEmpty }
}

extension MessageListDecisions {
    /// The decisions with every `reasons` array emptied.
    var withoutReasons: MessageListDecisions {
        var copy = self
        copy.items = items.map { item in
            guard case .message(var decision) = item else { return item }
            decision.reasons = []
            decision.notes = []
            return .message(decision)
        }
        copy.unreadExplanation = nil
        copy.notes = []
        return copy
    }
}
