@testable import ChatLayoutKit
@testable import ChatLayoutModel
@testable import ChatLayoutDecisions
@testable import ChatLayoutComposition
@testable import ChatLayoutPlacement
import ChatLayoutTestSupport
import Testing

/// A message row's height worked out from its composition alone (`RowLayout.messageRowHeight`,
/// what a list laid out again places its rows by) is the height the row layout gives it — for
/// every message row of every generated document (every profile, anatomy and option the
/// generator sets), at eight widths 1–200 each; most of them (a bubble of text, the words after
/// it and reactions) by arithmetic alone, the others from their bubble's blocks.
@Suite struct RowGeometryPropertyTests {
    @Test func aRowsHeightFromItsComposition_isItsLaidOutHeight() {
        var byArithmetic = 0
        var rows = 0
        PropertyHarness.verify("a row's height from its composition") { resolved in
            let input = resolved.input
            let environment = BottomViewportPropertyTests.environment(input, metrics: .cells(for: input.config), presentation: PlainPresentation())
            let layout = MessageListLayout(environment)
            for width in RelayoutPropertyTests.widths(input.seed) {
                let list = layout.layout(resolved.decisions, width: width, dateIndicator: input.config.dateIndicatorPlacement)
                let rowLayout = layout.rowLayout(width: MessageListLayout.width(width))
                for (index, item) in resolved.decisions.items.enumerated() {
                    guard case .message(let decision) = item else { continue }
                    rows += 1
                    let spec = rowLayout.composer.compose(decision)
                    if spec.quote == nil && spec.poll == nil && spec.location == nil && spec.gallery == nil && spec.attachments.isEmpty
                        && spec.linkPreview == nil && spec.richText == nil && spec.translation == nil { byArithmetic += 1 }
                    let height = rowLayout.messageRowHeight(spec)
                    let laidOut = list.rowFrame(at: index).height
                    if height != laidOut { return "message \(decision.message.id) at \(width): \(height) ≠ \(laidOut) laid out" }
                }
            }
            return nil
        }
        #expect(rows > 0 && byArithmetic * 4 >= rows * 3, "\(byArithmetic) of \(rows) rows by arithmetic alone")
    }
}
