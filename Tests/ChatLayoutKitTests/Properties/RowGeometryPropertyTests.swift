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
/// generator sets), at eight widths 1–200 each; and it covers most rows (the others are laid
/// out whole, unwritten).
@Suite struct RowGeometryPropertyTests {
    @Test func aRowsHeightFromItsComposition_isItsLaidOutHeight() {
        var covered = 0
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
                    guard let height = rowLayout.messageRowHeight(rowLayout.composer.compose(decision)) else { continue }
                    covered += 1
                    let laidOut = list.rowFrame(at: index).height
                    if height != laidOut { return "message \(decision.message.id) at \(width): \(height) ≠ \(laidOut) laid out" }
                }
            }
            return nil
        }
        #expect(rows > 0 && covered * 4 >= rows * 3, "covered \(covered) of \(rows) rows")
    }
}
