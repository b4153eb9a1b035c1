@testable import ChatLayoutKit
@testable import ChatLayoutModel
@testable import ChatLayoutDecisions
@testable import ChatLayoutComposition
@testable import ChatLayoutPlacement
import Testing

/// A long list's decisions are made in runs of messages on every core, each run reading only
/// the message above its first: the same decisions as one pass down the list, whatever the runs.
struct ParallelDecisionsTests {
    /// Every generated case split into runs down to one message a run (so that every kind of
    /// neighbour meets a run's edge), from the top and from a message in the middle, with and
    /// without the reasons of `explain`.
    @Test(arguments: [1, 2, 3, 7])
    func decisionsInRuns_areThoseOfOnePass(runLength: Int) {
        PropertyHarness.verify("decisions in runs of \(runLength)") { resolved in
            let resolver = PropertyHarness.resolver(for: resolved.input)
            let list = resolver.shownList(resolved.input.conversation)
            for first in Set([0, list.messages.count / 2]) {
                for explain in [false, true] {
                    let serial = resolver.decisions(list, from: first, explain: explain, runLength: .max)
                    let runs = resolver.decisions(list, from: first, explain: explain, runLength: runLength)
                    guard runs.items.count == serial.items.count else {
                        return "from \(first), explain \(explain): \(runs.items.count) rows, \(serial.items.count) in one pass"
                    }
                    if let row = runs.items.indices.first(where: { runs.items[$0] != serial.items[$0] }) {
                        return "from \(first), explain \(explain): row \(row) differs"
                    }
                    if runs != serial { return "from \(first), explain \(explain): header, count or hidden messages differ" }
                }
            }
            // And the public path, whatever it chose, gives what one pass gives.
            if resolver.resolve(resolved.input.conversation) != resolver.decisions(list, from: 0, explain: false, runLength: .max) {
                return "resolve differs from one pass"
            }
            return nil
        }
    }
}
