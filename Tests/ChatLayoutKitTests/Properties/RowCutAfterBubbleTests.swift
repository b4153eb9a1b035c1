import ChatLayoutICU
@testable import ChatLayoutKit
@testable import ChatLayoutModel
@testable import ChatLayoutDecisions
@testable import ChatLayoutComposition
@testable import ChatLayoutPlacement
import ChatLayoutTestSupport
import Testing

/// A message row whose message joins the group under it loses what a group's end shows (the
/// tail, the avatar, the name, the time, the delivery status). Where that leaves nothing below,
/// beside or over the bubble (`RowLayout.isCutAfterBubble`), the incremental list writes the row
/// as its old row cut after the bubble (`RowTable.appendRow(cutAfterBubbleOf:at:)`, or in place
/// where the row is the table's last, `RowTable.cutAfterBubble(_:movedBy:)`): that row is
/// the one composed and written afresh, record for record, for every message row of every
/// generated document (every profile, anatomy and option) at several widths and heights in the
/// table.
@Suite struct RowCutAfterBubbleTests {
    static func isCut(_ joined: MessageDecision, from decision: MessageDecision, in layout: RowLayout) -> Bool {
        layout.isCutAfterBubble(options: joined.options, oldOptions: decision.options, deliveryStatus: joined.deliveryStatus,
                                showsEditedLabel: joined.showsEditedLabel)
    }

    @Test func aRowCutAfterItsBubble_isTheRowWrittenAfresh() {
        var cuts = 0, rows = 0
        BubbleReuseTests.verifyEveryMessageRow("a row cut after its bubble") { decision, rowLayout in
            rows += 1
            let joined = BubbleReuseTests.joined(decision)
            guard Self.isCut(joined, from: decision, in: rowLayout) else { return nil }
            for y in [0, 3] {
                // The old row, then another row, then the old one cut after its bubble.
                var table = RowTable()
                table.beginRow()
                rowLayout.writeMessageRow(rowLayout.composer.compose(decision), into: &table)
                table.append(Box(role: .dateSeparator, frame: Frame(x: 0, y: 0, width: 4, height: 1)))
                guard table.appendRow(cutAfterBubbleOf: 0, at: y) else {
                    // No bubble at this width: the row is composed and written again.
                    return rowLayout.composer.compose(decision).hasBubbleBox(at: rowLayout) ? "a bubble not found" : nil
                }
                var fresh = RowTable()
                fresh.beginRow()
                fresh.writingOffset = y
                rowLayout.writeMessageRow(rowLayout.composer.compose(joined), into: &fresh)
                let cut = table.box(ofRow: 2), written = fresh.box(ofRow: 0)
                if cut != written { return "y \(y): \(cut) ≠ \(written)" }
                // Cut in place, the table's last row (`RowTable.cutAfterBubble(_:movedBy:)`): the
                // same row, as high as the height told before, and a row written after it
                // reads back as written; not in place where other records follow it.
                if table.bubbleCutInPlace(ofRow: 0) != nil { return "row 0 cut in place, records after it" }
                var inPlace = RowTable()
                inPlace.append(Box(role: .dateSeparator, frame: Frame(x: 0, y: 0, width: 4, height: 1)))
                inPlace.beginRow()
                rowLayout.writeMessageRow(rowLayout.composer.compose(decision), into: &inPlace)
                guard let cut = inPlace.bubbleCutInPlace(ofRow: 1) else { return "y \(y): not cut in place" }
                let height = cut.height
                inPlace.cutAfterBubble(cut, movedBy: y)
                let after = Box(role: .dateSeparator, frame: Frame(x: 0, y: 9, width: 4, height: 1))
                inPlace.append(after)
                if inPlace.box(ofRow: 1) != written || height != written.frame.height || inPlace.box(ofRow: 2) != after {
                    return "y \(y), in place: \(inPlace.box(ofRow: 1)) ≠ \(written)"
                }
                if y == 0 { cuts += 1 }
            }
            return nil
        }
        #expect(rows > 0 && cuts * 10 >= rows, "\(cuts) of \(rows) rows cut after their bubble")
    }

    /// What stays below, beside or over the bubble keeps the row from being cut: it is written again.
    @Test func aRowWithMoreThanItsBubbleLeft_isNotCut() {
        let layout = MessageListLayout(metrics: .cells(for: MessageListConfig()), measurer: ICUTextEngine()).rowLayout(width: 40)
        let joined: MessageLayoutOptions = [.bubble, .continuousBubble, .avatarSizePadding, .text]
        let old = joined.union([.avatar, .timestamp, .authorName]).subtracting(.continuousBubble)
        func isCut(_ options: MessageLayoutOptions, from oldOptions: MessageLayoutOptions = old, status: DeliveryStatus? = nil,
                   edited: Bool = false) -> Bool {
            layout.isCutAfterBubble(options: options, oldOptions: oldOptions, deliveryStatus: status, showsEditedLabel: edited)
        }
        #expect(isCut(joined))
        // Still the group's end: the tail, the time.
        #expect(!isCut(joined.subtracting(.continuousBubble)))
        #expect(!isCut(joined.union(.timestamp)))
        // A footnote left: the delivery status, "Edited" under the bubble, the thread info.
        #expect(!isCut(joined, status: .sent))
        #expect(!isCut(joined, edited: true))
        #expect(!isCut(joined.union(.threadInfo), from: old.union(.threadInfo)))
        // The error glyph on the bubble's corner, the reactions hanging over it.
        #expect(!isCut(joined.union(.errorIndicator), from: old.union(.errorIndicator)))
        #expect(!isCut(joined.union(.reactions), from: old.union(.reactions)))
        // Something else changed: the avatar's column, the content.
        #expect(!isCut(joined.subtracting(.avatarSizePadding)))
        #expect(!isCut(joined, from: old.union(.quotedMessage)))
    }
}

extension MessageRowSpec {
    /// Whether the row, written at `layout`'s width, has a bubble box.
    func hasBubbleBox(at layout: RowLayout) -> Bool {
        var table = RowTable()
        table.beginRow()
        layout.writeMessageRow(self, into: &table)
        return table.box(ofRow: 0).children.contains { $0.role == .bubble }
    }
}
