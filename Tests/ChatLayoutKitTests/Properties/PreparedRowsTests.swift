@testable import ChatLayoutKit
@testable import ChatLayoutModel
@testable import ChatLayoutDecisions
@testable import ChatLayoutComposition
@testable import ChatLayoutPlacement
import ChatLayoutTestSupport
import Testing

/// What a list's first layout keeps of a row (`PreparedRow`) says its height at any other
/// width by arithmetic — exactly the height a fresh layout at that width gives it — or says
/// nothing (a text run wider than its line, a label that must be cut), for every message row
/// of every generated document (every profile, anatomy and option) at eight widths 1–200; and
/// a chunk's rows decided again from the conversation are the rows it was laid out from.
@Suite struct PreparedRowsTests {
    /// The rows of `items` prepared as a first layout at `width` prepares them.
    static func prepared(_ items: [MessageListItem], decisions: MessageListDecisions, layout: MessageListLayout, width: Int,
                         source: PreparedRows.Source) -> PreparedRows {
        var keepsMessages = false
        if case .conversation = source { keepsMessages = true }
        var rows = StackedRows(stack: RowStack(metrics: layout.metrics), preparing: PreparedRows.Builder(measurer: layout.measurer, keepsMessages: keepsMessages))
        layout.stack(items, into: &rows, width: width)
        return PreparedRows(rows.prepared!, source: source, decisions: decisions)
    }

    @Test func aPreparedRowsHeight_isItsLaidOutHeight_orNothing() {
        var answered = 0, rows = 0
        PropertyHarness.verify("a prepared row's height") { resolved in
            let input = resolved.input
            let layout = BottomViewportPropertyTests.cellsLayout(input)
            let items = resolved.decisions.items
            let widths = RelayoutPropertyTests.widths(input.seed)
            let prepared = Self.prepared(items, decisions: resolved.decisions, layout: layout, width: widths[0], source: .decisions(items))
            for width in widths.dropFirst() {
                let list = layout.layout(resolved.decisions, width: width, dateIndicator: input.config.dateIndicatorPlacement)
                let rowLayout = layout.rowLayout(width: MessageListLayout.width(width))
                for index in items.indices where prepared.rows[index].kind.isMessage {
                    rows += 1
                    let height = prepared.segments.withUnsafeBufferPointer { rowLayout.messageRowHeight(prepared.rows[index], segments: $0) }
                    guard let height else { continue }
                    answered += 1
                    let laidOut = list.rowFrame(at: index).height
                    if height != laidOut { return "row \(index) at \(width) (prepared at \(widths[0])): \(height) ≠ \(laidOut) laid out" }
                }
            }
            return nil
        }
        // The generated documents have a part of every kind far more often than a chat (a
        // third of their rows have a quote, media, a poll…), and a quarter of the widths are
        // 1–12 cells, where footnotes are cut: still, half the rows are answered by arithmetic.
        #expect(rows > 0 && answered * 2 >= rows, "\(answered) of \(rows) rows by arithmetic")
    }

    /// A row as prepared, with what it refers to rather than where that is kept.
    static func normalized(_ prepared: PreparedRows) -> [String] {
        prepared.rows.map { row in
            var bare = row
            bare.segmentStart = 0
            bare.quoteStart = 0
            bare.item = -1
            bare.dateLabel = -1
            let segments = prepared.segments[Int(row.segmentStart) ..< Int(row.segmentStart + row.segmentCount)]
            let quote = prepared.segments[Int(row.quoteStart) ..< Int(row.quoteStart + row.quoteCount)]
            return "\(bare) \(Array(segments)) \(Array(quote)) \(row.item >= 0 ? "\(prepared.items[Int(row.item)])" : "-") "
                + (row.dateLabel >= 0 ? prepared.dateLabels[Int(row.dateLabel)] : "-")
        }
    }

    /// Rows prepared in runs on every core (down to one row a run) are those prepared in one.
    @Test(arguments: [1, 2, 3, 7])
    func rowsPreparedInRuns_areThoseOfOneRun(runLength: Int) {
        PropertyHarness.verify("rows prepared in runs") { resolved in
            let input = resolved.input
            let environment = BottomViewportPropertyTests.environment(input, metrics: .cells(for: input.config), presentation: PlainPresentation())
            let layout = MessageListLayout(environment)
            let decisions = resolved.decisions
            let dateIndicator = input.config.dateIndicatorPlacement
            let resolver = MessageListResolver(environment)
            let source = PreparedRows.Source.conversation(resolver.shownList(input.conversation), resolver)
            let one = layout.layout(decisions, width: 30, dateIndicator: dateIndicator, runLength: .max, keeping: source)
            let runs = layout.layout(decisions, width: 30, dateIndicator: dateIndicator, runLength: runLength, keeping: source)
            guard let onePrepared = one.prepared, let runsPrepared = runs.prepared else { return "no rows prepared" }
            let (serial, parallel) = (Self.normalized(onePrepared), Self.normalized(runsPrepared))
            if let index = serial.indices.first(where: { serial[$0] != parallel[$0] }) ?? (serial.count == parallel.count ? nil : serial.count) {
                return "row \(index): \(serial.indices.contains(index) ? serial[index] : "-") ≠ \(parallel.indices.contains(index) ? parallel[index] : "-")"
            }
            // And laid out again from them, as a fresh layout.
            let relaid = runs.relayout(width: 47), fresh = layout.layout(decisions, width: 47, dateIndicator: dateIndicator)
            if relaid.contentHeight != fresh.contentHeight || relaid.rows != fresh.rows { return "laid out again at 47" }
            return nil
        }
    }

    /// Any range of rows decided again from the conversation (as a chunk of a list laid out
    /// again is written) is the rows the list was laid out from; a row that is not
    /// arithmetic is decided again alone, as it was.
    @Test func rowsDecidedAgain_areTheRowsLaidOut() {
        PropertyHarness.verify("rows decided again") { resolved in
            let input = resolved.input
            let environment = BottomViewportPropertyTests.environment(input, metrics: .cells(for: input.config), presentation: PlainPresentation())
            let resolver = MessageListResolver(environment)
            let shown = resolver.shownList(input.conversation)
            let decisions = resolver.decisions(shown, from: 0)
            let items = decisions.items
            let prepared = Self.prepared(items, decisions: decisions, layout: MessageListLayout(environment), width: 40,
                                         source: .conversation(shown, resolver))
            var random = SplitMix64(seed: input.seed ^ 0xC4A2)
            for _ in 0 ..< 12 where !items.isEmpty {
                let lower = random.int(0 ... items.count - 1), upper = random.int(lower + 1 ... items.count)
                if prepared.items(ofRows: lower ..< upper) != Array(items[lower ..< upper]) { return "rows \(lower) ..< \(upper)" }
            }
            for index in items.indices where prepared.item(ofRow: index) != items[index] { return "row \(index) alone" }
            return nil
        }
    }
}
