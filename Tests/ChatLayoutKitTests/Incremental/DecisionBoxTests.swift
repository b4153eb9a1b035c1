@testable import ChatLayoutKit
@testable import ChatLayoutModel
@testable import ChatLayoutDecisions
@testable import ChatLayoutPlacement
import Testing

/// The incremental list's box of a message's decisions (`DecisionBox`): read in place
/// without a copy, and regrouped in place.
@Suite struct DecisionBoxTests {
    /// Decisions whose message and text are objects of their own (a text too long to be
    /// stored inline), so that a reference miscounted shows.
    private static func decision(_ id: String) throws -> MessageDecision {
        let text = String(repeating: "a long text that is stored in an object of its own ", count: 3) + id
        let resolved = try ConversationBuilder().message(id, by: "leia", at: 0, text: text).resolve()
        return try #require(resolved.decisions.messages.first)
    }

    /// Read in place many times, the decisions are what they were, and every object they hold
    /// lives as long as the box and no longer: the duplicate handed to the reader retains
    /// nothing and releases nothing.
    @Test func readInPlace_handsTheDecisionsOver_withoutTakingOrGivingAReference() throws {
        weak var storage: Message.Storage?
        do {
            let expected = try Self.decision("m1")
            let box = try DecisionBox(Self.decision("m1"))
            storage = box.value.message.storage
            var kept: [String] = []
            for round in 0 ..< 1_000 {
                let same = box.readInPlace { $0.isExactly(expected) }
                #expect(same)
                // What the reader keeps of them it copies.
                if round % 100 == 0 { kept.append(box.readInPlace { $0.text }) }
            }
            #expect(storage != nil)
            #expect(box.decision.isExactly(expected))
            #expect(kept.allSatisfy { $0 == expected.text })
            #expect(box.holds(expected))
            #expect(box.holdsExactly(DecisionBox(expected)))
        }
        #expect(storage == nil, "the message outlives its box: a reference taken and not given back")
    }

    /// Regrouped in place, the box holds the decisions regrouping gives (a copy regrouped the
    /// same way), its group boundary among them.
    @Test func regroup_setsTheRegroupedFields_inTheBox() throws {
        let box = try DecisionBox(Self.decision("m2"))
        let regrouped = Regrouped(position: .top, groupBoundary: .continues(seconds: 10), options: [.avatarSizePadding],
                                  deliveryStatus: nil, readCount: nil, dateSeparatorAbove: false)
        var expected = try Self.decision("m2")
        regrouped.apply(to: &expected)
        box.regroup(regrouped)
        #expect(box.value.isExactly(expected))
        #expect(box.groupBoundary == .continues(seconds: 10))
        #expect(box.decision.position == .top && !box.decision.options.contains(.timestamp))
        #expect(box.holds(expected))
    }
}
