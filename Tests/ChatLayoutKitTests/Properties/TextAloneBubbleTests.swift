@testable import ChatLayoutKit
@testable import ChatLayoutModel
@testable import ChatLayoutDecisions
@testable import ChatLayoutComposition
@testable import ChatLayoutPlacement
import ChatLayoutTestSupport
import Testing

/// A bubble that holds its text alone is written from its one wrapped text
/// (`RowLayout.textAlonePart`), without the array of blocks every other bubble's content is
/// (`bubbleContent`): the same text's lines, size, side and inset, and the same bubble width,
/// for every such row of every generated document (every profile, anatomy and option the
/// generator sets) at eight widths 1–200.
@Suite struct TextAloneBubbleTests {
    @Test func aBubbleOfItsTextAlone_isTheBubbleItsBlocksMake() {
        var alone = 0
        var rows = 0
        PropertyHarness.verify("a bubble of its text alone") { resolved in
            let input = resolved.input
            let environment = BottomViewportPropertyTests.environment(input, metrics: .cells(for: input.config), presentation: PlainPresentation())
            let layout = MessageListLayout(environment)
            for width in RelayoutPropertyTests.widths(input.seed) {
                let rowLayout = layout.rowLayout(width: MessageListLayout.width(width))
                for item in resolved.decisions.items {
                    guard case .message(let decision) = item else { continue }
                    let spec = rowLayout.composer.compose(decision)
                    guard spec.centeredText == nil else { continue }
                    rows += 1
                    let room = rowLayout.bubbleRoom(spec)
                    guard rowLayout.holdsTextAlone(spec) else { continue }
                    alone += 1
                    let (blocks, outerWidth) = rowLayout.bubbleContent(spec, in: room)
                    guard blocks.count == 1, let block = blocks.first else {
                        return "message \(decision.message.id) at \(width): \(blocks.count) blocks for a text alone"
                    }
                    let part = rowLayout.textAlonePart(spec.text!, in: room)
                    let inset = rowLayout.textAloneInset(room)
                    let partWidth = max(1, min(room.inner, part.width + 2 * inset)) + room.chrome
                    let partLines = part.lineSpans.map { LineSpans.textLines($0, of: spec.text!) } ?? part.lines
                    guard block.role == .text, block.text == spec.text, block.lines == partLines, block.width == part.width,
                          block.height == part.height, block.alignment == part.alignment, block.direction == part.direction,
                          block.extraInset == inset, !block.bleeds, block.inlineAfter == nil, outerWidth == partWidth else {
                        return "message \(decision.message.id) at \(width): its text alone is not its bubble's block"
                    }
                }
            }
            return nil
        }
        #expect(rows > 0 && alone * 2 >= rows, "\(alone) of \(rows) rows hold their text alone")
    }
}
