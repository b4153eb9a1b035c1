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
/// generator sets) at widths 1–77.
@Suite struct TextAloneBubbleTests {
    @Test func aBubbleOfItsTextAlone_isTheBubbleItsBlocksMake() {
        var alone = 0
        var rows = 0
        BubbleReuseTests.verifyEveryMessageRow("a bubble of its text alone") { decision, rowLayout in
            let spec = rowLayout.composer.compose(decision)
            guard spec.centeredText == nil else { return nil }
            rows += 1
            let room = rowLayout.bubbleRoom(spec)
            guard rowLayout.holdsTextAlone(spec) else { return nil }
            alone += 1
            let (blocks, outerWidth) = rowLayout.bubbleContent(spec, in: room)
            guard blocks.count == 1, let block = blocks.first else { return "\(blocks.count) blocks for a text alone" }
            let part = rowLayout.textAlonePart(spec.text!, in: room)
            let inset = rowLayout.textInset(room)
            let partWidth = rowLayout.bubbleOuterWidth(widest: part.width + 2 * inset, in: room)
            let partLines = part.lineSpans.map { LineSpans.textLines($0, of: spec.text!) } ?? part.lines
            guard block.role == .text, block.text == spec.text, block.lines == partLines, block.width == part.width,
                  block.height == part.height, block.alignment == part.alignment, block.direction == part.direction,
                  block.extraInset == inset, !block.bleeds, block.inlineAfter == nil, outerWidth == partWidth else {
                return "its text alone is not its bubble's block"
            }
            return nil
        }
        #expect(rows > 0 && alone * 2 >= rows, "\(alone) of \(rows) rows hold their text alone")
    }
}
