import ChatLayoutICU
@testable import ChatLayoutKit
@testable import ChatLayoutModel
@testable import ChatLayoutDecisions
@testable import ChatLayoutComposition
@testable import ChatLayoutPlacement
import ChatLayoutTestSupport
import Testing

/// A message row written again because only its group position changed (the row above a
/// message appended to its group) copies its bubble's content from the row it had
/// (`RowBubbleMemo`, `RowLayout.writeMessageRow(_:keeping:into:)`): the row is the one a fresh
/// write gives, record for record, for every message row of every generated document (every
/// profile, anatomy and option) at several widths; and where the bubble is not the one kept,
/// nothing is copied.
@Suite struct BubbleReuseTests {
    /// `decision` as it is once a message joins its group under it (the row above an appended
    /// message): the options a group's end shows go — no time, name, delivery status or avatar
    /// (its column kept where it was) — and the bubble continues, no tail.
    static func joined(_ decision: MessageDecision) -> MessageDecision {
        var joined = decision
        if joined.options.contains(.avatar) { joined.options.insert(.avatarSizePadding) }
        joined.options.remove([.timestamp, .avatar, .authorName, .deliveryStatusIndicator])
        joined.options.insert(.continuousBubble)
        joined.deliveryStatus = nil
        joined.readCount = nil
        joined.position = decision.position == .bottom ? .middle : decision.position == .single ? .top : decision.position
        return joined
    }

    /// Row 1 of `rows` (written keeping the bubble of row 0) and a fresh write of `spec`, as boxes.
    static func rewritten(_ spec: MessageRowSpec, keeping kept: KeptBubble?, after first: MessageRowSpec,
                          layout: RowLayout) -> (kept: Box, fresh: Box) {
        var rows = RowTable()
        rows.beginRow()
        _ = layout.writeMessageRow(first, keeping: nil, into: &rows)
        rows.beginRow()
        _ = layout.writeMessageRow(spec, keeping: kept, into: &rows)
        var fresh = RowTable()
        fresh.beginRow()
        _ = layout.writeMessageRow(spec, keeping: nil, into: &fresh)
        return (rows.box(ofRow: 1), fresh.box(ofRow: 0))
    }

    /// Checks `property` of every message row's decisions in every generated document, with the
    /// row layout of each of widths 1, 9, 24, 40 and 77 (the first failure a case has, if any).
    static func verifyEveryMessageRow(_ name: String, sourceLocation: SourceLocation = #_sourceLocation,
                                      _ property: (MessageDecision, RowLayout) -> String?) {
        PropertyHarness.verify(name, sourceLocation: sourceLocation) { resolved in
            let layout = BottomViewportPropertyTests.cellsLayout(resolved.input)
            for width in [1, 9, 24, 40, 77] {
                let rowLayout = layout.rowLayout(width: MessageListLayout.width(width))
                for item in resolved.decisions.items {
                    guard case .message(let decision) = item else { continue }
                    if let failure = property(decision, rowLayout) { return "\(decision.message.id) at \(width): \(failure)" }
                }
            }
            return nil
        }
    }

    @Test func aBubbleCopiedFromTheRowItHad_isTheBubbleWrittenAfresh() {
        var copies = 0, rows = 0
        Self.verifyEveryMessageRow("a bubble copied from its old row") { decision, rowLayout in
            rows += 1
            let reactionsInBubble = rowLayout.anatomy.inBubble.contains(.reactions)
            let first = rowLayout.composer.compose(decision)
            var table = RowTable()
            table.beginRow()
            guard let written = rowLayout.writeMessageRow(first, keeping: nil, into: &table),
                  let memo = RowBubbleMemo(first, written: written, reactionsInBubble: reactionsInBubble) else { return nil }
            let spec = rowLayout.composer.compose(Self.joined(decision))
            guard memo.holds(spec, reactionsInBubble: reactionsInBubble) else { return "the same text, not held" }
            let (kept, fresh) = Self.rewritten(spec, keeping: KeptBubble(oldRow: 0, bubble: memo.bubble), after: first, layout: rowLayout)
            if kept != fresh { return "\(kept) ≠ \(fresh)" }
            // Copied, not laid out: the bubble is found in its room (else the row is laid out).
            if memo.bubble.isRoom(rowLayout.bubbleRoom(spec), rowWidth: rowLayout.width),
               table.bubble(ofRow: 0, width: written.width, height: written.height) != nil { copies += 1 }
            return nil
        }
        // Most rows of the generated documents hold more than their text (quotes, media, polls…).
        #expect(rows > 0 && copies * 5 >= rows, "\(copies) of \(rows) rows' bubbles copied")
    }

    /// A bubble kept for another size, or another message's, is not copied: the row is laid out.
    @Test func aBubbleNotTheOneKept_isLaidOutAgain() throws {
        let measurer = ICUTextEngine()
        let layout = MessageListLayout(metrics: .cells(for: MessageListConfig()), measurer: measurer).rowLayout(width: 40)
        let first = MessageRowSpec.textBubble(id: "a", text: "Anyone up for coffee? The new place on 5th has great espresso")
        var table = RowTable()
        table.beginRow()
        let written = try #require(layout.writeMessageRow(first, keeping: nil, into: &table))
        let memo = try #require(RowBubbleMemo(first, written: written, reactionsInBubble: false))
        // Another text under the same id: not held.
        #expect(!memo.holds(MessageRowSpec.textBubble(id: "a", text: "Anyone up for tea?"), reactionsInBubble: false))
        // Another id with the same text: not held.
        #expect(!memo.holds(MessageRowSpec.textBubble(id: "b", text: first.text!), reactionsInBubble: false))
        // A wrong size: the sink copies nothing, and the row is written afresh all the same.
        var wrong = memo.bubble
        wrong.height += 1
        #expect(table.bubble(ofRow: 0, width: wrong.width, height: wrong.height) == nil)
        #expect(table.bubble(ofRow: 0, width: memo.bubble.width, height: memo.bubble.height) != nil)
        let (kept, fresh) = BubbleReuseTests.rewritten(first, keeping: KeptBubble(oldRow: 0, bubble: wrong), after: first, layout: layout)
        #expect(kept == fresh)
        // The right size: copied, the same row.
        let (copied, again) = BubbleReuseTests.rewritten(first, keeping: KeptBubble(oldRow: 0, bubble: memo.bubble), after: first,
                                                            layout: layout)
        #expect(copied == again)
        #expect(copied.children.contains { $0.role == .bubble && !$0.children.isEmpty })
    }
}

extension MessageRowSpec {
    /// Someone else's bubble of `text` alone, with its footnote.
    static func textBubble(id: String, text: String) -> MessageRowSpec {
        var spec = MessageRowSpec(id: id)
        spec.bubble = BubbleSpec(isFromCurrentUser: false, hasTail: true)
        spec.text = text
        spec.footnote.time = "9:41 AM"
        return spec
    }
}
