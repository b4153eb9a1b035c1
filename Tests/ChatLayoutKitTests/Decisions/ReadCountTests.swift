@testable import ChatLayoutKit
@testable import ChatLayoutModel
@testable import ChatLayoutDecisions
import ChatLayoutTestSupport
import Testing

/// The read count before a read status in group channels (issue 29.6): how many other members'
/// last reads are at or after the message, and the spans an incremental list decides again
/// when reads move.
@Suite struct ReadCountTests {
    private static func instant(_ random: inout SplitMix64) -> Timestamp? {
        random.chance(0.25) ? nil : Timestamp(seconds: Int64(random.int(0 ... 6)), nanoseconds: Int32(random.pick([0, 500_000_000])))
    }

    private static func state(_ random: inout SplitMix64) -> DeliveryState {
        let reads = (0 ..< random.int(0 ... 4)).map { index in
            ReadState(user: User(id: "other\(index)"), lastRead: instant(&random))
        }
        return DeliveryState(reads: reads, currentUserID: "me")
    }

    /// Counted by brute force: the other members whose last read is at or after the message.
    private static func expectedCount(_ reads: [Timestamp], _ message: Message) -> Int? {
        let count = reads.filter { $0 >= message.createdAt }.count
        return count > 0 ? count : nil
    }

    @Test func readCount_isTheOtherMembersWhoseReadCoversTheMessage() {
        let reads = [ReadState(user: User(id: "me"), lastRead: Timestamp(seconds: 9)),
                     ReadState(user: User(id: "leia"), lastRead: Timestamp(seconds: 5)),
                     ReadState(user: User(id: "han"), lastRead: Timestamp(seconds: 3)),
                     ReadState(user: User(id: "chewie"))]
        let state = DeliveryState(reads: reads, currentUserID: "me")
        func count(_ seconds: Int64, members: Int = 4, _ local: LocalState? = nil) -> Int? {
            var message = Message(id: "m", user: User(id: "me"), createdAt: Timestamp(seconds: seconds))
            message.localState = local
            return state.readCount(of: message, memberCount: members)
        }
        #expect(count(3) == 2 && count(4) == 1 && count(5) == 1 && count(6) == nil)
        #expect(count(3, members: 2) == nil, "a direct channel counts nobody")
        #expect(count(3, members: 3) == 2)
        #expect(count(3, .sending) == nil && count(3, .sendingFailed) == nil, "in progress or failed: no count")
    }

    @Test func everyReadCountThatChanges_liesInAChangedSpan() {
        for seed in 1 ... 400 {
            var random = SplitMix64(seed: UInt64(seed))
            let old = Self.state(&random), new = Self.state(&random)
            let spans = new.changedSpans(since: old)
            for halfSeconds in 0 ... 18 {
                let createdAt = Timestamp(seconds: Int64(halfSeconds / 2), nanoseconds: Int32(halfSeconds % 2) * 500_000_000)
                let message = Message(id: "m", user: User(id: "me"), createdAt: createdAt)
                let before = old.readCount(of: message, memberCount: 5), after = new.readCount(of: message, memberCount: 5)
                #expect(before == Self.expectedCount(old.otherReads, message) && after == Self.expectedCount(new.otherReads, message))
                guard before != after else { continue }
                let covered = spans.contains { ($0.after.map { createdAt > $0 } ?? true) && createdAt <= $0.upTo }
                #expect(covered, "seed \(seed): \(createdAt) changes its read count outside \(spans)")
            }
        }
    }

    @Test func aMemberReadingLater_changesOnlyTheMessagesBetween() {
        let old = DeliveryState(reads: [ReadState(user: User(id: "leia"), lastRead: Timestamp(seconds: 9)),
                                        ReadState(user: User(id: "han"), lastRead: Timestamp(seconds: 3))], currentUserID: "me")
        let new = DeliveryState(reads: [ReadState(user: User(id: "leia"), lastRead: Timestamp(seconds: 9)),
                                        ReadState(user: User(id: "han"), lastRead: Timestamp(seconds: 6))], currentUserID: "me")
        let span = DeliveryState.changedReadCounts(old.otherReads, new.otherReads)
        #expect(span?.after == Timestamp(seconds: 3) && span?.upTo == Timestamp(seconds: 6))
    }
}
