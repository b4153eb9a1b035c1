@_spi(ChatLayoutStages) import ChatLayoutModel
@_spi(ChatLayoutStages) import ChatLayoutDecisions
@testable import ChatLayoutKit
@testable import ChatLayoutModel
@testable import ChatLayoutDecisions
@testable import ChatLayoutComposition
@testable import ChatLayoutPlacement
import ChatLayoutTestSupport
import Testing

/// Issue 18: the reducer copied the state and sorted the list for every event, and searched
/// the threads, the banner and a thread's readers one by one, so that 10k events took 59 s.
/// `apply` now finds them by id and sorts once; its steps are counted (`work`: threads and
/// readers indexed, events applied, comparisons of the sort) — no clock — and its result is
/// checked against the reducer as it was, one event at a time.
@Suite struct ThreadListEventCostTests {
    private let me = "luke"
    private let base: Int64 = 1_709_632_800

    @Test func manyEvents_costStepsInProportion_notASortEach() {
        let threadCount = 2000
        let threads = (0 ..< threadCount).map { thread("p\($0)", lastAt: $0) }
        var events: [ThreadEvent] = []
        for index in 0 ..< 1000 {
            // A reply in a thread the list does not show; an update of a listed thread; a reader more.
            events.append(.threadMessageNew(reply: reply("r\(index)", in: "unlisted\(index)", at: index), parentMessageID: "unlisted\(index)",
                                            thread: nil, createdAt: nil))
            events.append(.threadUpdated(ThreadPartial(parentMessageID: "p\(threadCount - 1 - index)", lastMessageAt: at(3 * index)), createdAt: nil))
            events.append(.messageRead(user: User(id: "u\(index)"), parentMessageID: "p0", lastReadMessageID: nil, createdAt: at(index)))
            events.append(.messageRead(user: User(id: "u\(index / 2)"), parentMessageID: "p1", lastReadMessageID: nil, createdAt: at(index)))
        }
        let state = ThreadListState(threads: ThreadListState.sorted(threads, currentUserID: me))
        var work = 0
        let applied = ThreadListState.apply(events, to: state, currentUserID: me, work: &work)
        // A sort of 2000 threads takes ≈ 22k comparisons; one a event took ≈ 88M.
        #expect(work < 20 * (threadCount + events.count) + 40_000, "\(work) steps")
        #expect(applied.newThreadParentIDs.count == 1000)
        #expect(applied.threads.first { $0.parentMessageID == "p0" }?.read.count == 1001, "the current user and 1000 readers")
        #expect(applied.threads.first { $0.parentMessageID == "p1" }?.read.count == 501)
        // p1000 got the latest update (2997 min) and has unread replies; p1002 has none.
        #expect(applied.threads.prefix(3).map(\.parentMessageID) == ["p1000", "p1001", "p1003"], "unread first, then the latest")
    }

    @Test func randomScenarios_endAsTheReducerOneEventAtATimeDid() {
        for seed in ThreadListReducerPropertyTests.seeds {
            let scenario = EventScenario(seed: seed)
            let expected = ReferenceThreadListReducer.apply(scenario.events, to: scenario.initial, currentUserID: scenario.currentUserID)
            #expect(ThreadListState.apply(scenario.events, to: scenario.initial, currentUserID: scenario.currentUserID) == expected,
                    "seed \(seed)\n\(scenario.description)")
        }
    }

    /// Two threads of one parent id (a state made by hand): an event changes the first of them
    /// in list order, which the events before it may have changed; ids that only read alike
    /// are other threads, readers and replies.
    @Test func sharedAndLookalikeParentIDs_endAsTheReducerOneEventAtATimeDid() {
        for seed in ThreadListReducerPropertyTests.seeds.prefix(200) {
            let scenario = EventScenario(seed: seed)
            var random = SplitMix64(seed: seed &* 31)
            var threads = scenario.initial.threads
            for thread in scenario.initial.threads where random.chance(0.5) {
                var twin = thread
                twin.title = "twin"
                twin.lastMessageAt = random.chance(0.5) ? thread.lastMessageAt : at(random.int(0 ... 160))
                twin.read = random.chance(0.5) ? [] : [ReadState(user: User(id: "luke"), unreadMessages: random.int(0 ... 2))]
                threads.insert(twin, at: random.int(0 ... threads.count))
            }
            let respelled = { (id: String) in id.replacingOccurrences(of: "p", with: "p\u{E9}") }
            threads += scenario.initial.threads.prefix(2).map { thread in
                var lookalike = thread
                lookalike.parentMessageID = respelled(thread.parentMessageID).replacingOccurrences(of: "\u{E9}", with: "e\u{301}")
                return lookalike
            }
            let events = scenario.events.map { event -> ThreadEvent in
                guard random.chance(0.3), case .threadMessageNew(var reply, let parentID, let thread, let time) = event else { return event }
                reply.id = respelled(reply.id)
                return .threadMessageNew(reply: reply, parentMessageID: respelled(parentID), thread: thread, createdAt: time)
            }
            let state = ThreadListState(threads: threads, newThreadParentIDs: scenario.initial.newThreadParentIDs, replyLimit: scenario.initial.replyLimit)
            let expected = ReferenceThreadListReducer.apply(events, to: state, currentUserID: scenario.currentUserID)
            #expect(ThreadListState.apply(events, to: state, currentUserID: scenario.currentUserID) == expected, "seed \(seed)")
        }
    }

    // MARK: Helpers

    private func at(_ minute: Int) -> Timestamp { Timestamp(seconds: base + Int64(minute) * 60) }

    private func reply(_ id: String, in parentID: String, at minute: Int) -> Message {
        Message(id: id, text: "reply", type: .reply, user: User(id: "leia"), createdAt: at(minute), parentID: parentID)
    }

    private func thread(_ parentID: String, lastAt minute: Int) -> ChatThread {
        ChatThread(parentMessageID: parentID, parentMessage: Message(id: parentID, user: User(id: "han"), createdAt: at(0)),
                   replyCount: 1, read: [ReadState(user: User(id: me), unreadMessages: minute % 3)], lastMessageAt: at(minute))
    }
}

/// The reducer as it was before issue 18 (one event at a time: the state copied, the list
/// sorted after every event that changes a thread), kept as the reference for the one that
/// replaced it.
enum ReferenceThreadListReducer {
    static func apply(_ events: [ThreadEvent], to state: ThreadListState, currentUserID: String?) -> ThreadListState {
        events.reduce(state) { reduce($0, $1, currentUserID: currentUserID) }
    }

    static func reduce(_ state: ThreadListState, _ event: ThreadEvent, currentUserID: String?) -> ThreadListState {
        switch event {
        case .threadMessageNew(let reply, let parentID, _, _):
            guard state.threads.contains(where: { Identifier.same($0.parentMessageID, parentID) }) else {
                var next = state
                if !next.newThreadParentIDs.contains(where: { Identifier.same($0, parentID) }) { next.newThreadParentIDs.append(parentID) }
                return next
            }
            return updatingThread(state, parentID, currentUserID: currentUserID) { thread in
                addReply(reply, to: &thread, replyLimit: state.replyLimit, currentUserID: currentUserID)
            }
        case .threadUpdated(let partial, _):
            return updatingThread(state, partial.parentMessageID, currentUserID: currentUserID) { thread in
                if let title = partial.title { thread.title = title }
                if let replyCount = partial.replyCount { thread.replyCount = replyCount }
                if let participantCount = partial.participantCount { thread.participantCount = participantCount }
                if let lastMessageAt = partial.lastMessageAt { thread.lastMessageAt = lastMessageAt }
                if let createdAt = partial.createdAt { thread.createdAt = createdAt }
                if let updatedAt = partial.updatedAt { thread.updatedAt = updatedAt }
            }
        case .messageRead(let user, let parentID, let lastReadMessageID, let readAt):
            guard let parentID else { return state }
            return updatingThread(state, parentID, currentUserID: currentUserID) { thread in
                guard let index = thread.read.firstIndex(where: { Identifier.same($0.user.id, user.id) }) else {
                    thread.read.append(ReadState(user: user, lastRead: readAt, lastReadMessageID: lastReadMessageID, unreadMessages: 0))
                    return
                }
                thread.read[index].unreadMessages = 0
                if let readAt { thread.read[index].lastRead = readAt }
                if let lastReadMessageID { thread.read[index].lastReadMessageID = lastReadMessageID }
            }
        case .messageDeleted(let message, let hardDelete, let eventTime):
            if state.threads.contains(where: { Identifier.same($0.parentMessageID, message.id) }) {
                return updatingThread(state, message.id, currentUserID: currentUserID) { thread in
                    var parent = thread.parentMessage ?? message
                    markDeleted(&parent, by: message, eventTime: eventTime)
                    thread.parentMessage = parent
                }
            }
            guard let parentID = message.parentID else { return state }
            return updatingThread(state, parentID, currentUserID: currentUserID) { thread in
                if hardDelete {
                    thread.latestReplies.removeAll { Identifier.same($0.id, message.id) }
                    thread.replyCount = max(0, thread.replyCount - 1)
                } else if let index = thread.latestReplies.firstIndex(where: { Identifier.same($0.id, message.id) }) {
                    markDeleted(&thread.latestReplies[index], by: message, eventTime: eventTime)
                }
            }
        case .unknown:
            return state
        }
    }

    private static func updatingThread(_ state: ThreadListState, _ parentID: String, currentUserID: String?,
                                       _ change: (inout ChatThread) -> Void) -> ThreadListState {
        guard let index = state.threads.firstIndex(where: { Identifier.same($0.parentMessageID, parentID) }) else { return state }
        var next = state
        change(&next.threads[index])
        next.threads = ThreadListState.sorted(next.threads, currentUserID: currentUserID)
        return next
    }

    private static func addReply(_ reply: Message, to thread: inout ChatThread, replyLimit: Int, currentUserID: String?) {
        if let existing = thread.latestReplies.firstIndex(where: { Identifier.same($0.id, reply.id) }) {
            thread.latestReplies[existing] = reply
        } else {
            let position = thread.latestReplies.lastIndex(where: { $0.createdAt <= reply.createdAt }).map { $0 + 1 } ?? 0
            thread.latestReplies.insert(reply, at: position)
            thread.latestReplies.removeFirst(max(0, thread.latestReplies.count - max(0, replyLimit)))
            thread.replyCount += 1
            if let currentUserID, !Identifier.same(reply.user.id, currentUserID) {
                if let index = thread.read.firstIndex(where: { Identifier.same($0.user.id, currentUserID) }) {
                    thread.read[index].unreadMessages = max(0, thread.read[index].unreadMessages ?? 0) + 1
                } else {
                    thread.read.append(ReadState(user: User(id: currentUserID), unreadMessages: 1))
                }
            }
        }
        if thread.lastMessageAt.map({ $0 < reply.createdAt }) ?? true { thread.lastMessageAt = reply.createdAt }
    }

    private static func markDeleted(_ shown: inout Message, by deleted: Message, eventTime: Timestamp?) {
        shown.deletedAt = deleted.deletedAt ?? shown.deletedAt ?? eventTime ?? deleted.createdAt
        shown.type = .deleted
    }
}
