import ChatLayoutICU
@testable import ChatLayoutKit
@testable import ChatLayoutModel
@testable import ChatLayoutDecisions
@testable import ChatLayoutComposition
@testable import ChatLayoutPlacement
import ChatLayoutTestSupport
import ChatLayoutTextRenderer
import Testing

/// A jump to a message (`LaidOutList.scrollOffset(showing:at:height:)`, as `chat-layout preview
/// --jump-to` and Stream's `jumpToMessage(id:)` use it) shows that message, at its anchor
/// wherever the list lets the viewport go there, for every message of every generated
/// document — and the incremental list answers the same.
@Suite struct JumpPropertyTests {
    @Test func everyMessage_isInTheViewport_atItsAnchor_inBothEngines() {
        PropertyHarness.verify("jump to every message") { resolved in
            let input = resolved.input
            var random = SplitMix64(seed: (input.seed &* 0x9E37_79B9) ^ 0x1A2B)
            let width = random.weighted([(10, random.int(1 ... 4)), (20, random.int(5 ... 30)), (70, random.int(31 ... 120))])
            let metrics: Metrics = random.chance(0.8) ? .cells(for: input.config) : .points(lineHeight: random.int(2 ... 20), for: input.config)
            let environment = BottomViewportPropertyTests.environment(input, metrics: metrics, presentation: PlainPresentation())
            let list = MessageListScreen.list(input.conversation, environment: environment, width: width)
            guard let incremental = try? IncrementalMessageList(conversation: input.conversation, environment: environment, width: width) else {
                return "the incremental list refused the conversation"
            }
            let headerHeight = list.header.frame.height
            for index in 0 ..< list.rowCount where list.rowRole(at: index) == .messageRow {
                guard let id = list.row(at: index).id else { return "a message row without an id" }
                let anchor = ScrollAnchor.allCases[random.int(0 ... 2)]
                let height = headerHeight + random.int(1 ... 40)
                guard let offset = list.scrollOffset(showing: id, at: anchor, height: height) else { return "no jump to \(id)" }
                let fromIncremental = incremental.scrollOffset(showing: id, at: anchor, height: height)
                if fromIncremental != offset { return "\(id) \(anchor) height \(height): incremental \(String(describing: fromIncremental)) ≠ \(offset)" }
                // The viewport shows the message's row.
                let visibleHeight = max(1, height - headerHeight)
                let row = list.rowFrame(at: index)
                let shown = list.rowIndices(overlapping: offset ..< offset + visibleHeight)
                if !shown.contains(index) || row.maxY <= offset || row.y >= offset + visibleHeight {
                    return "\(id) \(anchor) height \(height): row \(row) not in the viewport at \(offset)"
                }
                // At its anchor, where the offset is not clamped to the list's ends.
                let maxOffset = max(0, list.contentHeight - visibleHeight)
                guard offset > 0 && offset < maxOffset else { continue }
                var top = index
                while top > 0, [.dateSeparator, .unreadSeparator, .loadingOlderIndicator].contains(list.rowRole(at: top - 1)) { top -= 1 }
                let upper = row.maxY - list.rowFrame(at: top).y > visibleHeight ? row.y : list.rowFrame(at: top).y
                let placed = switch anchor {
                case .top: offset == upper
                case .center: abs((upper + row.maxY) / 2 - (offset + visibleHeight / 2)) <= 1
                case .bottom: offset + visibleHeight == row.maxY
                }
                if !placed { return "\(id) \(anchor) height \(height): offset \(offset) does not place \(upper)..<\(row.maxY) at the anchor" }
            }
            return nil
        }
    }
}
