import ChatLayoutICU
@testable import ChatLayoutKit
@testable import ChatLayoutModel
@testable import ChatLayoutDecisions
@testable import ChatLayoutComposition
@testable import ChatLayoutPlacement
import ChatLayoutTestSupport
import Testing

/// The incremental list checked against the full pipeline: after any change, its decisions,
/// rows, screens and queries must equal those of `MessageListResolver` + `MessageListLayout`
/// run on its conversation from scratch, and its diff must turn the rows before into the rows
/// after.
enum IncrementalOracle {
    static let measurer = PropertyHarness.measurer

    static func formatter(_ context: LayoutContext) -> ICULocaleFormatter {
        if let shared = PropertyHarness.formatters[context.locale + "|" + context.timeZone] { return shared }
        return try! ICULocaleFormatter(locale: context.locale, timeZone: context.timeZone)
    }

    /// An incremental list of a conversation, with entries in chunks of `chunkLength` (tiny
    /// chunks make every change cross chunk boundaries).
    static func make(_ conversation: Conversation, config: MessageListConfig, context: LayoutContext, width: Int,
                     chunkLength: Int = EntryStore.defaultChunkLength) throws -> IncrementalMessageList {
        try IncrementalMessageList(conversation: conversation, config: config, context: context, formatter: formatter(context),
                                   measurer: measurer, metrics: nil, width: width, strings: nil, chunkLength: chunkLength)
    }

    /// A full layout of the list's conversation, from scratch.
    /// (Its layout takes what the list's configuration sets, as the list's own does: the
    /// anatomy, the direction, where a short list sits.)
    static func fullLayout(of list: IncrementalMessageList) -> (decisions: MessageListDecisions, list: LaidOutList) {
        let environment = try! LayoutEnvironment(config: list.config, context: list.context, formatter: formatter(list.context),
                                                 measurer: measurer)
        let decisions = MessageListResolver(environment).resolve(list.conversation)
        var layout = MessageListLayout(environment)
        layout.metrics = list.metrics
        layout.strings = list.strings
        let laidOut = layout.layout(decisions, width: list.width, dateIndicator: list.config.dateIndicatorPlacement)
        return (decisions, laidOut)
    }

    /// What differs between the incremental list and a full layout of its conversation, or nil.
    /// `probes` picks viewports and overlay queries.
    static func mismatch(_ list: IncrementalMessageList, probes: inout SplitMix64) -> String? {
        mismatch(list, items: list.items, probes: &probes)
    }

    /// The same, with the list's `items` already read.
    static func mismatch(_ list: IncrementalMessageList, items: [LaidOutItem], probes: inout SplitMix64) -> String? {
        let full = fullLayout(of: list)
        let decisions = list.decisions
        if decisions.header != full.decisions.header { return "header \(decisions.header) ≠ \(full.decisions.header)" }
        if decisions.unreadCount != full.decisions.unreadCount {
            return "unread count \(decisions.unreadCount) ≠ \(full.decisions.unreadCount)"
        }
        if let index = firstDifference(decisions.items, full.decisions.items) {
            return "item #\(index): \(PropertyHarness.describe(decisions.items[index])) ≠ full \(PropertyHarness.describe(full.decisions.items[index]))"
                + (decisions.items[index] == full.decisions.items[index] ? "" : "\n  \(decisions.items[index])\n  \(full.decisions.items[index])")
        }
        if decisions.items.count != full.decisions.items.count {
            return "\(decisions.items.count) items, full layout has \(full.decisions.items.count): "
                + "\(decisions.items.map(PropertyHarness.describe)) vs \(full.decisions.items.map(PropertyHarness.describe))"
        }
        if decisions.explanationJSON().serialized() != full.decisions.explanationJSON().serialized() { return "explain JSON differs" }
        let laidOut = list.list
        if laidOut.contentHeight != full.list.contentHeight { return "content height \(laidOut.contentHeight) ≠ \(full.list.contentHeight)" }
        if let index = firstDifference(laidOut.rows, full.list.rows) {
            return "row #\(index) (\(ListItemID(decisions.items[index]))): \(laidOut.rows[index].frame) ≠ full \(full.list.rows[index].frame)"
        }
        if items.map(\.row) != full.list.rows || items.map(\.item) != full.decisions.items || items.indices.map({ $0 }) != items.map(\.index) {
            return "items differ from the full layout's rows"
        }
        if Set(items.map(\.id)).count != items.count { return "duplicate ids \(items.map(\.id))" }
        if Array(list.screen().json().serialized().utf8) != Array(full.list.screen().json().serialized().utf8) {
            return "screen(nil) JSON differs"
        }
        let content = full.list.contentHeight
        for _ in 0 ..< 3 {
            let viewport = Viewport(scrollOffset: probes.int(-3 ... content + 3), height: probes.int(1 ... 30))
            if list.screen(viewport).json().serialized() != full.list.screen(viewport).json().serialized() {
                return "screen(\(viewport)) differs"
            }
            let offset = probes.int(-2 ... content + 2), height = probes.int(0 ... 12), overlay = probes.int(0 ... 3)
            let label = list.dateOverlayLabel(scrollOffset: offset, visibleHeight: height, overlayHeight: overlay)
            let expected = full.list.dateOverlayLabel(scrollOffset: offset, visibleHeight: height, overlayHeight: overlay)
            if label != expected { return "overlay at \(offset) height \(height)/\(overlay): \(label ?? "nil") ≠ \(expected ?? "nil")" }
            let range = offset ..< offset + height
            let expectedRange = items.filter { $0.frame.maxY > range.lowerBound && $0.frame.y < range.upperBound }
            if list.items(intersecting: range) != expectedRange { return "items(intersecting: \(range)) differ" }
        }
        for item in items.prefix(4) + items.suffix(4) where list.frame(of: item.id) != item.frame {
            return "frame(of: \(item.id)) \(list.frame(of: item.id).map(String.init(describing:)) ?? "nil") ≠ \(item.frame)"
        }
        // Every message found by its id, where the index kept with its key says or — its
        // chunk changed since — by a search: its frame, and a jump to it as the full layout's.
        for item in items {
            guard case .message(let id) = item.id else { continue }
            if list.frame(of: item.id) != item.frame { return "frame(of: \(item.id)) ≠ \(item.frame)" }
            let anchor = ScrollAnchor.allCases[probes.int(0 ... 2)], height = probes.int(1 ... 30)
            let jump = list.scrollOffset(showing: id, at: anchor, height: height)
            let expected = full.list.scrollOffset(showing: id, at: anchor, height: height)
            if jump != expected { return "jump to \(id) \(anchor) height \(height): \(jump ?? -1) ≠ \(expected ?? -1)" }
        }
        return nil
    }

    /// The first index where two arrays differ, within the shorter.
    static func firstDifference<Element: Equatable>(_ first: [Element], _ second: [Element]) -> Int? {
        (0 ..< min(first.count, second.count)).first { first[$0] != second[$0] }
    }

    /// A row as the diff speaks of it: id, decisions and box at the row's own top.
    struct Row: Equatable {
        var id: ListItemID
        var item: MessageListItem
        var box: Box

        init(_ item: LaidOutItem) {
            id = item.id
            self.item = item.item
            box = item.row.offsetBy(dy: -item.row.frame.y)
        }
    }

    /// What is wrong with `diff` as the change from `before` to `after`, or nil: applied to the
    /// rows before, it must give the rows after; its items must be the new list's; and it
    /// must not report rows that did not change.
    static func diffMismatch(before: [LaidOutItem], after: [LaidOutItem], diff: MessageListDiff, contentHeight: Int) -> String? {
        var rows = before.map(Row.init)
        let removed = Set(diff.removed)
        if removed.count != diff.removed.count { return "removed twice: \(diff.removed)" }
        if let stray = diff.removed.first(where: { id in !before.contains { $0.id == id } }) { return "removed \(stray), not in the list" }
        rows.removeAll { removed.contains($0.id) }
        var lastIndex = -1
        for item in diff.inserted {
            guard item.index > lastIndex, item.index <= rows.count else { return "inserted \(item.id) at \(item.index) out of order" }
            rows.insert(Row(item), at: item.index)
            lastIndex = item.index
        }
        for item in diff.updated {
            guard item.index < rows.count, rows[item.index].id == item.id else { return "updated \(item.id) at \(item.index): not there" }
            if rows[item.index] == Row(item) { return "updated \(item.id) did not change" }
            rows[item.index] = Row(item)
        }
        let expected = after.map(Row.init)
        if rows != expected {
            let index = firstDifference(rows, expected) ?? min(rows.count, expected.count)
            return "the diff applied gives \(rows.map(\.id)) (first difference at #\(index)), the list has \(expected.map(\.id)); "
                + "diff removed \(diff.removed) inserted \(diff.inserted.map { "\($0.id)@\($0.index)" }) updated \(diff.updated.map { "\($0.id)@\($0.index)" })"
        }
        for item in diff.inserted + diff.updated where after[item.index] != item {
            return "\(item.id) in the diff at \(item.frame), in the list at \(after[item.index].frame)"
        }
        if diff.contentHeight != contentHeight { return "diff content height \(diff.contentHeight) ≠ \(contentHeight)" }
        return nil
    }
}
