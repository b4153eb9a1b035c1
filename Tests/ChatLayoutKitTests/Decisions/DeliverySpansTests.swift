@testable import ChatLayoutKit
@testable import ChatLayoutModel
@testable import ChatLayoutDecisions
@testable import ChatLayoutComposition
@testable import ChatLayoutPlacement
import ChatLayoutTestSupport
import Testing

/// Rule 14 as the incremental list re-reads it: `DeliveryState.changedSpans` names every
/// `created_at` at which a new read state can change a message's delivery status.
@Suite struct DeliverySpansTests {
    private static let features = ChannelFeatures(readEvents: true, deliveryEvents: true)

    private static func instant(_ random: inout SplitMix64) -> Timestamp? {
        random.chance(0.25) ? nil : Timestamp(seconds: Int64(random.int(0 ... 6)), nanoseconds: Int32(random.pick([0, 500_000_000])))
    }

    private static func state(_ random: inout SplitMix64) -> DeliveryState {
        let reads = (0 ..< random.int(0 ... 2)).map { index in
            ReadState(user: User(id: "other\(index)"), lastRead: instant(&random), lastDeliveredAt: instant(&random))
        }
        return DeliveryState(reads: reads, currentUserID: "me")
    }

    @Test func everyStatusThatChanges_liesInAChangedSpan() {
        for seed in 1 ... 400 {
            var random = SplitMix64(seed: UInt64(seed))
            let old = Self.state(&random), new = Self.state(&random)
            let spans = new.changedSpans(since: old)
            for halfSeconds in 0 ... 18 {
                let createdAt = Timestamp(seconds: Int64(halfSeconds / 2), nanoseconds: Int32(halfSeconds % 2) * 500_000_000)
                let message = Message(id: "m", user: User(id: "me"), createdAt: createdAt)
                guard old.status(of: message, features: Self.features) != new.status(of: message, features: Self.features) else { continue }
                let covered = spans.contains { ($0.after.map { createdAt > $0 } ?? true) && createdAt <= $0.upTo }
                #expect(covered, "seed \(seed): \(createdAt) changes status outside \(spans)")
            }
        }
    }

    @Test func sameState_changesNothing() {
        let state = DeliveryState(reads: [ReadState(user: User(id: "leia"), lastRead: Timestamp(seconds: 5),
                                                    lastDeliveredAt: Timestamp(seconds: 8))], currentUserID: "me")
        #expect(state.changedSpans(since: state).isEmpty)
    }

    @Test func deliverySpan_reachesASecondPastTheDelivery() {
        let old = DeliveryState(reads: [], currentUserID: "me")
        let new = DeliveryState(reads: [ReadState(user: User(id: "leia"), lastDeliveredAt: Timestamp(seconds: 8))], currentUserID: "me")
        let spans = new.changedSpans(since: old)
        #expect(spans.count == 1)
        #expect(spans.first?.after == nil)
        #expect(spans.first?.upTo == Timestamp(seconds: 9))
    }
}
