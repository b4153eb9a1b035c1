@testable import ChatLayoutKit
@testable import ChatLayoutModel
@testable import ChatLayoutDecisions
@testable import ChatLayoutComposition
@testable import ChatLayoutPlacement
import ChatLayoutTestSupport
import Testing

/// The one stacking rule of every list: where each row stands under the one above, a list cut
/// into runs stacked as one, the reply counter between a parent and its first reply, and the
/// list-state fact recorded as rows are stacked.
@Suite struct RowStackTests {
    private let metrics = Metrics(messageSpacing: 2, groupSpacing: 5)

    /// The tops of rows of `kinds` and `heights` stacked from `stack`.
    private func tops(_ kinds: [RowStack.Kind], _ heights: [Int], on stack: inout RowStack) -> [Int] {
        zip(kinds, heights).map { stack.place($0, height: $1) }
    }

    @Test func messagesOfOneGroup_sitMessageSpacingApart_everythingElseGroupSpacing() {
        var stack = RowStack(metrics: metrics)
        let kinds: [RowStack.Kind] = [.other, .message(endsGroup: false), .message(endsGroup: true), .message(endsGroup: false), .other]
        // first row 5 below the top; a message under the separator 5; under a message of its
        // group 2; under a message ending its group 5; a non-message row 5.
        #expect(tops(kinds, [1, 3, 3, 3, 1], on: &stack) == [5, 11, 16, 24, 32])
        #expect(stack.height == 33)
    }

    /// An empty list (an empty channel without a placeholder) has no height, whatever the
    /// spacing; its first row, once placed, stands the group spacing down.
    @Test func anEmptyList_hasNoHeight_itsFirstRowStandsASpacingDown() {
        var stack = RowStack(metrics: metrics)
        #expect(stack.height == 0)
        #expect(RowStack(metrics: Metrics(messageSpacing: -3, groupSpacing: -4)).height == 0)
        #expect(stack.place(.other, height: 2) == 5)
        #expect(stack.height == 7)
    }

    /// Runs stacked alone from y = 0 under the row above them, then appended, stand where one
    /// stack puts them: the parallel layout and the part-at-a-time layout rest on it.
    @Test(arguments: 0 ..< 20)
    func runsStackedAlone_standWhereOneStackPutsThem(seed: Int) {
        var random = SplitMix64(seed: UInt64(700 + seed))
        let count = random.int(1 ... 30)
        let kinds: [RowStack.Kind] = (0 ..< count).map { _ in
            switch random.int(0 ... 3) {
            case 0: .other
            case 1: RowStack.Kind(isState: true)
            default: .message(endsGroup: random.chance(0.5))
            }
        }
        let heights = (0 ..< count).map { _ in random.int(0 ... 6) }
        var whole = RowStack(metrics: metrics)
        let expected = tops(kinds, heights, on: &whole)

        var joined = RowStack(metrics: metrics)
        var placed: [Int] = []
        var start = 0
        while start < count {
            let end = min(count, start + random.int(1 ... 7))
            var run = RowStack(metrics: metrics, below: start > 0 ? kinds[start - 1] : nil)
            let dy = joined.bottom
            placed += tops(Array(kinds[start ..< end]), Array(heights[start ..< end]), on: &run).map { $0 + dy }
            joined.append(run)
            start = end
        }
        #expect(placed == expected)
        #expect(joined.height == whole.height)
        #expect(joined.count == whole.count)
        #expect(joined.onlyStates == whole.onlyStates)
    }

    /// A row that keeps the spacing below (the thread view's reply counter) stands
    /// `groupSpacing` under the row above it, and the row under it stands as it would under
    /// that row.
    @Test func theRowUnderTheReplyCounter_standsAsUnderTheParent() {
        let parent = RowStack.Kind.message(endsGroup: false), reply = RowStack.Kind.message(endsGroup: true)
        var plain = RowStack(metrics: metrics)
        let withoutCounter = tops([parent, reply], [3, 3], on: &plain)
        var counted = RowStack(metrics: metrics)
        let withCounter = tops([parent, RowStack.Kind(keepsSpacingBelow: true), reply], [3, 1, 3], on: &counted)
        #expect(withCounter[1] == withoutCounter[0] + 3 + metrics.groupSpacing)
        #expect(withCounter[2] - (withCounter[1] + 1) == withoutCounter[1] - (withoutCounter[0] + 3))
    }

    @Test func aListOfStatesOnly_isRecordedAsItIsStacked() {
        var states = RowStack(metrics: metrics)
        #expect(states.onlyStates) // no rows yet
        states.place(RowStack.Kind(.emptyState(text: "No messages")), height: 1)
        states.place(RowStack.Kind(.typingIndicator(text: "Rosa is typing")), height: 1)
        #expect(states.onlyStates)
        states.place(RowStack.Kind(role: .newThreadsBanner), height: 1)
        #expect(!states.onlyStates)
        #expect(RowStack.Kind(role: .loadingState).isState && !RowStack.Kind(role: .threadListItem).isState)
    }
}
