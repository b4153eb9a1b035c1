@_spi(ChatLayoutStages) import ChatLayoutModel
@_spi(ChatLayoutStages) import ChatLayoutDecisions
@testable import ChatLayoutKit
@testable import ChatLayoutModel
@testable import ChatLayoutDecisions
@testable import ChatLayoutComposition
@testable import ChatLayoutPlacement
import ChatLayoutTestSupport
import Testing

/// `UnreadResolver` searches the batch list's array (`SortedMessages`) and the incremental
/// list's chunked entries (`UnreadSearch`): both must answer every search alike, so that the
/// one rule places the separator and counts unread messages the same in both lists.
@Suite struct UnreadSearchTests {
    /// Random sorted messages by three authors, some deleted, some not regular.
    private static func messages(_ random: inout SplitMix64) -> [Message] {
        var seconds: Int64 = 0
        return (0 ..< random.int(0 ... 12)).map { index in
            seconds += Int64(random.int(0 ... 2)) // ties too
            var message = Message(id: "m\(index)", type: random.pick([.regular, .regular, .reply, .system, .error, .ephemeral]),
                                  user: User(id: random.pick(["me", "you", "them"])), createdAt: Timestamp(seconds: seconds))
            if random.chance(0.2) { message.deletedAt = Timestamp(seconds: seconds) }
            return message
        }
    }

    /// The same messages as entries in chunks of `chunkLength`, with their keys.
    private static func search(_ messages: [Message], chunkLength: Int) -> UnreadSearch {
        let day = CalendarDay(year: 2024, month: 1, day: 1)
        let time = MessageTime(day: day, minute: .init(LocalDateTime(day: day, weekday: 2, hour: 0, minute: 0, second: 0,
                                                                      utcOffsetSeconds: 0)), shortTime: "")
        var keys: IDDictionary<PlacedKey> = [:]
        let entries = messages.enumerated().map { sequence, message in
            let entry = ListEntry(message: message, sequence: sequence, time: time, currentUserID: "me")
            keys[message.id] = PlacedKey(entry.key, index: sequence % chunkLength) // stale where the messages are out of order
            return entry
        }
        return UnreadSearch(entries: EntryStore(entries, chunkLength: chunkLength), keys: keys)
    }

    @Test func arrayAndChunkedEntries_answerEverySearchAlike() {
        for seed in 1 ... 300 {
            var random = SplitMix64(seed: UInt64(seed))
            let messages = Self.messages(&random)
            let array = SortedMessages(messages: messages, currentUserID: "me")
            let entries = Self.search(messages, chunkLength: random.int(1 ... 4))
            #expect(entries.count == array.count)
            for id in messages.map(\.id) + ["gone"] {
                #expect(entries.position(ofMessage: id) == array.position(ofMessage: id), "seed \(seed), \(id)")
            }
            for position in 0 ... messages.count {
                #expect(entries.firstCandidate(from: position) == array.firstCandidate(from: position), "seed \(seed), from \(position)")
                #expect(entries.candidateCount(from: position) == array.candidateCount(from: position), "seed \(seed), from \(position)")
            }
            for seconds in -1 ... Int64(messages.count * 2 + 1) {
                let instant = Timestamp(seconds: seconds)
                #expect(entries.firstPosition(createdAfter: instant) == array.firstPosition(createdAfter: instant), "seed \(seed), \(seconds) s")
            }
        }
    }

    @Test func separatorAndCount_areTheSameInBothLists() {
        for seed in 1 ... 500 {
            var random = SplitMix64(seed: UInt64(1000 + seed))
            let messages = Self.messages(&random)
            let read = ReadState(user: User(id: "me"),
                                 lastRead: random.chance(0.5) ? Timestamp(seconds: Int64(random.int(0 ... 20))) : nil,
                                 lastReadMessageID: random.weighted([(2, nil), (3, messages.isEmpty ? nil : random.pick(messages).id),
                                                                     (1, "gone")]),
                                 unreadMessages: random.weighted([(3, nil), (1, 0), (1, -1), (2, random.int(1 ... 5))]))
            let reads = random.chance(0.9) ? [ReadState(user: User(id: "you"), lastRead: Timestamp(seconds: 3)), read] : []
            var config = MessageListConfig()
            config.unreadSeparatorEnabled = random.chance(0.9)
            config.unreadLastReadFallback = random.chance(0.5)
            let historyLoaded = random.chance(0.5)
            let state: ListLoadingState = random.weighted([(5, .loaded), (1, .loading)])
            let array = SortedMessages(messages: messages, currentUserID: "me")
            let entries = Self.search(messages, chunkLength: random.int(1 ... 4))

            let inArray = UnreadResolver.separatorPosition(in: array, reads: reads, currentUserID: "me", config: config,
                                                           historyLoaded: historyLoaded)
            let inEntries = UnreadResolver.separatorPosition(in: entries, reads: reads, currentUserID: "me", config: config,
                                                             historyLoaded: historyLoaded)
            #expect(inArray == inEntries, "seed \(seed)")
            #expect(UnreadResolver.unreadCount(in: array, reads: reads, currentUserID: "me", state: state, separator: inArray)
                == UnreadResolver.unreadCount(in: entries, reads: reads, currentUserID: "me", state: state, separator: inEntries),
                "seed \(seed)")
        }
    }

    @Test func separator_skipsTheReadersOwnAndDeletedMessages_afterTheLastRead() {
        var messages = [Message(id: "a", user: User(id: "you"), createdAt: Timestamp(seconds: 0)),
                        Message(id: "b", user: User(id: "me"), createdAt: Timestamp(seconds: 1)),
                        Message(id: "c", user: User(id: "you"), createdAt: Timestamp(seconds: 2)),
                        Message(id: "d", user: User(id: "you"), createdAt: Timestamp(seconds: 3))]
        messages[2].deletedAt = Timestamp(seconds: 2)
        let reads = [ReadState(user: User(id: "me"), lastReadMessageID: "a")]
        for list in [Self.search(messages, chunkLength: 1) as any UnreadSearchable, SortedMessages(messages: messages, currentUserID: "me")] {
            let separator = UnreadResolver.separatorPosition(in: list, reads: reads, currentUserID: "me", config: MessageListConfig(),
                                                             historyLoaded: true)
            #expect(separator == 3)
            #expect(UnreadResolver.unreadCount(in: list, reads: reads, currentUserID: "me", state: .loaded, separator: separator) == 1)
            #expect(UnreadResolver.unreadCount(in: list, reads: reads, currentUserID: "me", state: .loading, separator: separator) == 0)
        }
    }
}
