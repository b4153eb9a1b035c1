import ChatLayoutKit
import ChatLayoutTestSupport
import Foundation
import Testing

/// Properties of the thread-list reducer over random event sequences: every seed is
/// a sorted list of threads and a few dozen events (replies in listed and unlisted threads,
/// redeliveries, out-of-order times, updates, reads, deletions, unknown types), checked after
/// every event. `CLK_PROPERTY_SEEDS=N` checks seeds 1…N; `CLK_PROPERTY_SEED=S` seed S alone.
@Suite struct ThreadListReducerPropertyTests {
    static let seeds: [UInt64] = {
        let environment = ProcessInfo.processInfo.environment
        if let seed = environment["CLK_PROPERTY_SEED"].flatMap(UInt64.init) { return [seed] }
        let count = environment["CLK_PROPERTY_SEEDS"].flatMap(Int.init) ?? 400
        return (1 ... UInt64(max(1, count))).map { $0 }
    }()

    @Test func invariantsHold_afterEveryEvent() {
        var failures: [String] = []
        for seed in Self.seeds {
            let scenario = EventScenario(seed: seed)
            if let problem = scenario.firstViolation() {
                failures.append("seed \(seed): \(problem)\n\(scenario.description)")
            }
        }
        #expect(failures.count == 0, "\(failures.count) of \(Self.seeds.count) seeds fail; the first:\n\(failures.first ?? "")")
    }

    @Test func applyingEventsOneByOne_equalsApplyingThemAll() {
        for seed in Self.seeds {
            let scenario = EventScenario(seed: seed)
            var stepwise = scenario.initial
            for event in scenario.events {
                stepwise = ThreadListState.reduce(stepwise, event, currentUserID: scenario.currentUserID)
            }
            let whole = ThreadListState.apply(scenario.events, to: scenario.initial, currentUserID: scenario.currentUserID)
            let again = ThreadListState.apply(scenario.events, to: scenario.initial, currentUserID: scenario.currentUserID)
            guard stepwise == whole, whole == again else {
                Issue.record("seed \(seed): apply differs from reducing one by one\n\(scenario.description)")
                return
            }
        }
    }

    /// The generator reaches every rule: otherwise the properties would hold vacuously.
    @Test func generatedEvents_reachEveryRule() {
        var reached: Set<String> = []
        for seed in Self.seeds.prefix(200) {
            let scenario = EventScenario(seed: seed)
            let listed = Set(scenario.initial.threads.map(\.parentMessageID))
            for event in scenario.events {
                switch event {
                case .threadMessageNew(_, let parentID, _, _): reached.insert(listed.contains(parentID) ? "reply" : "banner")
                case .threadUpdated: reached.insert("updated")
                case .messageRead(_, let parentID, _, _): reached.insert(parentID == nil ? "channel read" : "read")
                case .messageDeleted(let message, let hard, _):
                    reached.insert((listed.contains(message.id) ? "parent " : "reply ") + (hard ? "hard" : "soft"))
                case .unknown: reached.insert("unknown")
                }
            }
        }
        let expected: Set = ["reply", "banner", "updated", "read", "channel read", "parent hard", "parent soft", "reply hard", "reply soft", "unknown"]
        #expect(expected.subtracting(reached).isEmpty, "never generated: \(expected.subtracting(reached).sorted())")
    }
}

/// One random scenario: a current user (or none), a reply limit, a sorted list and events.
struct EventScenario: CustomStringConvertible {
    let seed: UInt64
    let currentUserID: String?
    let initial: ThreadListState
    let events: [ThreadEvent]

    private static let users = ["luke", "leia", "han", "chewie"]
    private static let base: Int64 = 1_709_632_800

    init(seed: UInt64) {
        self.seed = seed
        var random = SplitMix64(seed: seed)
        let currentUserID: String? = random.chance(0.1) ? nil : random.pick(Self.users)
        let replyLimit = random.int(1 ... 4)
        var threads: [ChatThread] = []
        var parentIDs = (0 ..< 8).map { "p\($0)" }
        random.shuffle(&parentIDs)
        for parentID in parentIDs.prefix(random.int(0 ... 6)) {
            var replies: [Message] = []
            var minute = random.int(0 ... 100)
            for index in 0 ..< random.int(0 ... replyLimit) {
                minute += random.int(0 ... 5)
                replies.append(Self.reply("\(parentID)-r\(index)", in: parentID, by: random.pick(Self.users), minute: minute))
            }
            let read = Self.users.filter { _ in random.chance(0.5) }.map { ReadState(user: User(id: $0), unreadMessages: random.int(0 ... 3)) }
            threads.append(ChatThread(
                parentMessageID: parentID,
                parentMessage: random.chance(0.8) ? Message(id: parentID, text: "root", user: User(id: random.pick(Self.users)), createdAt: Self.time(0)) : nil,
                replyCount: replies.count + random.int(0 ... 3), latestReplies: replies, read: read,
                lastMessageAt: random.chance(0.1) ? nil : Self.time(minute + random.int(0 ... 2))))
        }
        let listed = threads.map(\.parentMessageID)
        let unlisted = parentIDs.dropFirst(listed.count).prefix(4)

        var events: [ThreadEvent] = []
        for _ in 0 ..< random.int(0 ... 40) {
            let knownParent = listed.isEmpty ? nil : random.pick(listed)
            let anyParent = knownParent.flatMap { random.chance(0.75) ? $0 : nil } ?? random.pick(Array(unlisted) + ["q0"])
            let replyID = "\(anyParent)-r\(random.int(0 ... 7))" // small pool: redeliveries and deletions hit
            let minute = random.int(0 ... 160)
            switch random.int(0 ... 9) {
            case 0 ... 3:
                let reply = Self.reply(replyID, in: anyParent, by: random.pick(Self.users), minute: minute)
                events.append(.threadMessageNew(reply: reply, parentMessageID: anyParent, thread: nil, createdAt: Self.time(minute)))
            case 4:
                events.append(.threadUpdated(ThreadPartial(
                    parentMessageID: anyParent, title: random.chance(0.5) ? "title \(minute)" : nil,
                    replyCount: random.chance(0.5) ? random.int(0 ... 9) : nil,
                    participantCount: random.chance(0.5) ? random.int(0 ... 4) : nil,
                    lastMessageAt: random.chance(0.5) ? Self.time(minute) : nil), createdAt: Self.time(minute)))
            case 5, 6:
                let reader = random.chance(0.6) ? (currentUserID ?? "luke") : random.pick(Self.users)
                events.append(.messageRead(user: User(id: reader), parentMessageID: random.chance(0.85) ? anyParent : nil,
                                           lastReadMessageID: random.chance(0.5) ? replyID : nil, createdAt: Self.time(minute)))
            case 7, 8:
                var message = random.chance(0.3)
                    ? Message(id: anyParent, user: User(id: "han"), createdAt: Self.time(0))
                    : Self.reply(replyID, in: anyParent, by: "han", minute: minute)
                if random.chance(0.7) { message.deletedAt = Self.time(minute + 1) }
                message.type = .deleted
                events.append(.messageDeleted(message: message, hardDelete: random.chance(0.4), createdAt: random.chance(0.5) ? Self.time(minute + 1) : nil))
            default:
                events.append(.unknown(type: random.pick(["typing.start", "reaction.new", "health.check"])))
            }
        }
        self.currentUserID = currentUserID
        self.initial = ThreadListState(threads: ThreadListState.sorted(threads, currentUserID: currentUserID), replyLimit: replyLimit)
        self.events = events
    }

    /// The first invariant broken after some event, or nil.
    func firstViolation() -> String? {
        let initialIDs = initial.threads.map(\.parentMessageID)
        var state = initial
        var expectedBanner: [String] = []
        for (index, event) in ([nil] + events.map { Optional($0) }).enumerated() {
            if let event {
                state = ThreadListState.reduce(state, event, currentUserID: currentUserID)
                if case .threadMessageNew(_, let parentID, _, _) = event, !initialIDs.contains(parentID), !expectedBanner.contains(parentID) {
                    expectedBanner.append(parentID)
                }
            }
            let after = event == nil ? "initially" : "after event [\(index - 1)]"
            let ids = state.threads.map(\.parentMessageID)
            if ids.sorted() != initialIDs.sorted() { return "\(after): threads \(ids), expected \(initialIDs.sorted()) in some order" }
            for (upper, lower) in zip(state.threads, state.threads.dropFirst()) where !isInListOrder(upper, lower) {
                return "\(after): \(describe(upper)) is listed above \(describe(lower))"
            }
            if state.newThreadParentIDs != expectedBanner {
                return "\(after): banner \(state.newThreadParentIDs), expected \(expectedBanner)"
            }
            for thread in state.threads {
                if let read = thread.read.first(where: { ($0.unreadMessages ?? 0) < 0 }) {
                    return "\(after): \(thread.parentMessageID) has \(read.unreadMessages!) unread for \(read.user.id)"
                }
                if thread.latestReplies.count > state.replyLimit {
                    return "\(after): \(thread.parentMessageID) keeps \(thread.latestReplies.count) replies, limit \(state.replyLimit)"
                }
                if thread.replyCount < 0 { return "\(after): \(thread.parentMessageID) has reply_count \(thread.replyCount)" }
                if Set(thread.latestReplies.map(\.id)).count != thread.latestReplies.count {
                    return "\(after): \(thread.parentMessageID) keeps a reply twice: \(thread.latestReplies.map(\.id))"
                }
            }
        }
        return nil
    }

    /// The thread list's order, read independently of the implementation: unread first, then the
    /// later `last_message_at` (none counts as earliest), then the greater parent id.
    private func isInListOrder(_ upper: ChatThread, _ lower: ChatThread) -> Bool {
        func unread(_ thread: ChatThread) -> Bool {
            currentUserID.map { id in thread.read.contains { $0.user.id == id && ($0.unreadMessages ?? 0) > 0 } } ?? false
        }
        func last(_ thread: ChatThread) -> Int64 { thread.lastMessageAt?.seconds ?? .min }
        if unread(upper) != unread(lower) { return unread(upper) }
        if last(upper) != last(lower) { return last(upper) > last(lower) }
        return upper.parentMessageID >= lower.parentMessageID
    }

    private func describe(_ thread: ChatThread) -> String {
        let unread = thread.read.first { $0.user.id == currentUserID }?.unreadMessages
        return "\(thread.parentMessageID) (unread \(unread.map(String.init) ?? "nil"), last \(thread.lastMessageAt.map { "\(($0.seconds - Self.base) / 60)m" } ?? "nil"))"
    }

    var description: String {
        var lines = ["  current user \(currentUserID ?? "nil"), reply_limit \(initial.replyLimit)"]
        lines += initial.threads.map { "  thread " + describe($0) + ", replies \($0.latestReplies.map(\.id)), reply_count \($0.replyCount)" }
        lines += events.enumerated().map { "  [\($0.offset)] " + Self.describe($0.element) }
        return lines.joined(separator: "\n")
    }

    /// An event in one short line: "notification.thread_message_new p1-r3 in p1 by leia at 42m".
    private static func describe(_ event: ThreadEvent) -> String {
        func minute(_ time: Timestamp?) -> String { time.map { "\(($0.seconds - base) / 60)m" } ?? "nil" }
        switch event {
        case .threadMessageNew(let reply, let parentID, _, _):
            return "\(event.type) \(reply.id) in \(parentID) by \(reply.user.id) at \(minute(reply.createdAt))"
        case .threadUpdated(let partial, _):
            return "\(event.type) \(partial.parentMessageID): title \(partial.title ?? "-"), reply_count \(partial.replyCount.map(String.init) ?? "-"), "
                + "participant_count \(partial.participantCount.map(String.init) ?? "-"), last_message_at \(partial.lastMessageAt.map { minute($0) } ?? "-")"
        case .messageRead(let user, let parentID, let lastRead, let createdAt):
            return "\(event.type) by \(user.id) in \(parentID ?? "the channel") up to \(lastRead ?? "-") at \(minute(createdAt))"
        case .messageDeleted(let message, let hardDelete, let createdAt):
            return "\(event.type) \(message.id)\(message.parentID.map { " in \($0)" } ?? "") \(hardDelete ? "hard" : "soft"), "
                + "deleted_at \(minute(message.deletedAt)), event at \(minute(createdAt))"
        case .unknown(let type):
            return type
        }
    }

    private static func time(_ minute: Int) -> Timestamp { Timestamp(seconds: base + Int64(minute) * 60) }

    private static func reply(_ id: String, in parentID: String, by userID: String, minute: Int) -> Message {
        Message(id: id, text: "reply", type: .reply, user: User(id: userID), createdAt: time(minute), parentID: parentID)
    }
}
