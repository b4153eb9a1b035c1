import ChatLayoutICU
import ChatLayoutPixel
@testable import ChatLayoutKit
@testable import ChatLayoutModel
@testable import ChatLayoutDecisions
@testable import ChatLayoutComposition
@testable import ChatLayoutPlacement
import ChatLayoutTestSupport
import Testing

/// A laid-out list laid out again at another width (`LaidOutList.relayout(width:)`: a rotation,
/// a split view, a resized window) is byte for byte a fresh layout at that width, by a measurer
/// that never saw the list — for every generated document, in both engines, in cells from 1
/// to 200 wide (every width is some case's: each case takes eight, chained one from the other);
/// and in points, 120 to 1,024 wide, measured by HarfBuzz (every other document: shaping is
/// slower).
@Suite struct RelayoutPropertyTests {
    /// The first difference between two lists: every row, the height, the message spans and
    /// the whole screen (header, floating parts) drawn from each.
    static func difference(_ relaid: LaidOutList, _ fresh: LaidOutList) -> String? {
        guard relaid.width == fresh.width else { return "width \(relaid.width) ≠ \(fresh.width)" }
        guard relaid.rowCount == fresh.rowCount, relaid.contentHeight == fresh.contentHeight else {
            return "\(relaid.rowCount) rows, \(relaid.contentHeight) high ≠ \(fresh.rowCount) rows, \(fresh.contentHeight) high"
        }
        guard relaid.messageRows.map(\.top) == fresh.messageRows.map(\.top),
              relaid.messageRows.map(\.bottom) == fresh.messageRows.map(\.bottom),
              relaid.messageRows.map(\.dateLabel) == fresh.messageRows.map(\.dateLabel) else { return "message spans differ" }
        guard relaid.firstUnreadMessageID == fresh.firstUnreadMessageID, relaid.jumpToUnreadText == fresh.jumpToUnreadText else {
            return "the first unread message or the jump's words differ"
        }
        for index in 0 ..< fresh.rowCount {
            if let failure = boxDifference(relaid.row(at: index), fresh.row(at: index)) { return "row \(index): \(failure)" }
        }
        return boxDifference(relaid.screen().root, fresh.screen().root, path: "screen")
    }

    /// Eight widths for a seed, 1–200, the first the layout's own.
    static func widths(_ seed: UInt64) -> [Int] {
        var random = SplitMix64(seed: (seed &* 0x9E37_79B9) ^ 0x5E1A)
        return (0 ..< 8).map { step in step % 4 == 0 ? random.int(1 ... 12) : random.int(1 ... 200) }
    }

    @Test func aRelayout_isAFreshLayoutAtThatWidth_inCells() {
        PropertyHarness.verify("relayout at another width") { resolved in
            let input = resolved.input
            let widths = Self.widths(input.seed)
            let environment = BottomViewportPropertyTests.environment(input, metrics: .cells(for: input.config), presentation: PlainPresentation())
            // The front end's list (it keeps the conversation, decided again) and one laid out
            // from decisions it keeps.
            var list = MessageListScreen.list(input.conversation, environment: environment, width: widths[0])
            var kept = MessageListLayout(environment).layout(resolved.decisions, width: widths[0],
                                                             dateIndicator: input.config.dateIndicatorPlacement)
            for width in widths.dropFirst() {
                list = list.relayout(width: width)
                kept = kept.relayout(width: width)
                // A measurer that measured nothing of this list.
                var fresh = environment
                fresh.measurer = ICUTextEngine()
                let expected = MessageListScreen.list(input.conversation, environment: fresh, width: width)
                if let failure = Self.difference(list, expected) { return "relaid out at \(width): \(failure)" }
                if let failure = Self.difference(kept, expected) { return "relaid out from its decisions at \(width): \(failure)" }
            }
            return nil
        }
    }

    @Test func aRelayout_isAFreshLayoutAtThatWidth_inPoints() throws {
        let measurer = try HarfBuzzTextMeasurer()
        var failures: [String] = []
        var checked = 0
        for resolved in PropertyHarness.cases where resolved.input.seed % 2 == 0 {
            let input = resolved.input
            var random = SplitMix64(seed: (input.seed &* 0x9E37_79B9) ^ 0x9017)
            let widths = (0 ..< 3).map { _ in random.int(120 ... 1_024) }
            func environment(_ measurer: HarfBuzzTextMeasurer) -> LayoutEnvironment {
                LayoutEnvironment.formatterWins(input.config, context: input.context,
                                                formatter: PropertyHarness.formatters[input.context.locale + "|" + input.context.timeZone]!,
                                                measurer: measurer, strings: nil, metrics: measurer.metrics(for: input.config),
                                                presentation: PlainPresentation())
            }
            var list = MessageListScreen.list(input.conversation, environment: environment(measurer), width: widths[0])
            for width in widths.dropFirst() {
                list = list.relayout(width: width)
                let expected = MessageListScreen.list(input.conversation, environment: environment(try HarfBuzzTextMeasurer()), width: width)
                if let failure = Self.difference(list, expected) {
                    failures.append("seed \(input.seed) relaid out at \(width) points: \(failure)")
                    break
                }
            }
            checked += 1
        }
        #expect(failures.isEmpty, "\(failures.prefix(5).joined(separator: "\n"))")
        #expect(checked >= 150)
    }

    /// The incremental list's snapshot lays out again as the list itself does after a
    /// `.width` change, and as the batch layout at that width.
    @Test func theIncrementalList_relaysOutAsTheBatchLayout() {
        PropertyHarness.verify("incremental relayout") { resolved in
            let input = resolved.input
            let widths = Self.widths(input.seed).prefix(3)
            let environment = BottomViewportPropertyTests.environment(input, metrics: .cells(for: input.config), presentation: PlainPresentation())
            guard var incremental = try? IncrementalMessageList(conversation: input.conversation, environment: environment, width: widths.first!) else {
                return "the incremental list refused the conversation"
            }
            for width in widths.dropFirst() {
                let relaid = incremental.list.relayout(width: width)
                _ = try? incremental.apply(.width(width))
                if let failure = Self.difference(relaid, incremental.list) { return "at \(width), against the changed list: \(failure)" }
                let batch = MessageListScreen.list(input.conversation, environment: environment, width: width)
                if let failure = Self.difference(relaid, batch) { return "at \(width), against the batch layout: \(failure)" }
            }
            return nil
        }
    }
}
