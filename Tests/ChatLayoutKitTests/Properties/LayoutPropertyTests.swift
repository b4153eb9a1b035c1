import ChatLayoutICU
import ChatLayoutKit
import ChatLayoutTestSupport
import ChatLayoutTextRenderer
import Dispatch
import Testing

/// Geometry properties of the laid-out message list and its drawing (integer frames, children
/// inside their parents, the drawn extent equal to the measured size) over the generated
/// conversations of `PropertyHarness`: each seed's case is laid out at a width from 1 to 200 picked
/// by the seed, as the whole screen and through three viewports (random height and scroll offset;
/// the bottom; the top), and every screen is drawn with the text renderer. A failure names the
/// seed, the width and the screen, and shrinks the case.
@Suite struct LayoutPropertyTests {
    /// Every seed's case, laid out and drawn once, shared by all properties (on every core:
    /// the properties wait for them).
    static let cases: [LaidOutCase] = {
        let resolved = PropertyHarness.cases
        var laidOut = [LaidOutCase?](repeating: nil, count: resolved.count)
        laidOut.withUnsafeMutableBufferPointer { slots in
            let slots = UncheckedSendable(slots)
            DispatchQueue.concurrentPerform(iterations: resolved.count) { index in
                slots.value[index] = LaidOutCase(resolved[index])
            }
        }
        return laidOut.map { $0! }
    }()

    private static let engine = PropertyHarness.measurer

    // MARK: - Frames

    /// Children lie inside their parents. Exception: the rows of a viewport's `messageList`,
    /// which the list clips: they must still intersect it (and keep to its columns).
    @Test func everyChild_liesInsideItsParent() {
        verify("children inside their parents") { laidOut in
            laidOut.firstFailure { shot in
                var failure: String?
                shot.screen.root.walkWithParent { box, parent in
                    guard failure == nil, let parent else { return }
                    if parent.role == .messageList && shot.viewport != nil {
                        let columns = box.frame.x >= parent.frame.x && box.frame.maxX <= parent.frame.maxX
                        if !columns || !box.frame.intersects(parent.frame) {
                            failure = "\(describe(box)) is outside the clipping \(describe(parent))"
                        }
                    } else if !parent.frame.contains(box.frame) {
                        failure = "\(describe(box)) sticks out of its parent \(describe(parent))"
                    }
                }
                return failure
            }
        }
    }

    /// No two children of one box share a cell, except the floating date overlay and
    /// scroll-to-latest button, which lie over the list.
    @Test func siblings_neverOverlap() {
        verify("siblings never overlap") { laidOut in
            laidOut.firstFailure { shot in
                var failure: String?
                shot.screen.root.walk { box, _ in
                    guard failure == nil else { return }
                    for (index, first) in box.children.enumerated() {
                        for second in box.children[(index + 1)...] where first.frame.intersects(second.frame) {
                            let pair: Set<BoxRole> = [first.role, second.role]
                            let floatsOverTheList = pair.contains(.messageList)
                                && !pair.isDisjoint(with: [.dateOverlay, .scrollToLatestButton])
                            // The error glyph overlaps its bubble's bottom outer corner.
                            let errorOnItsBubble = pair == [.bubble, .errorIndicator]
                            if !floatsOverTheList && !errorOnItsBubble {
                                failure = "in \(describe(box)): \(describe(first)) overlaps \(describe(second))"
                                return
                            }
                        }
                    }
                }
                return failure
            }
        }
    }

    /// The whole list has one row per item of the decisions, in order, of the item's role;
    /// each message's row carries its id; a box with an id lies in that message's row.
    @Test func everyItem_hasExactlyOneRow_inOrder_andIDsStayInTheirRow() {
        verify("one row per item, ids in their row") { laidOut in
            let decisions = laidOut.resolved.decisions
            let whole = laidOut.shots[0].screen
            guard let list = whole.root.children.first(where: { $0.role == .messageList }) else {
                return "the whole screen has no messageList"
            }
            let expected = decisions.items.map(Self.role(of:))
            let actual = list.children.map(\.role)
            if actual != expected {
                return "list rows \(actual.map(\.rawValue)) for items \(expected.map(\.rawValue))"
            }
            let rowIDs = list.children.filter { $0.role == .messageRow }.map(\.id)
            let messageIDs = decisions.messages.map { Optional($0.message.id) }
            if rowIDs != messageIDs {
                return "message rows \(rowIDs.map { $0 ?? "nil" }) for messages \(messageIDs.map { $0 ?? "nil" })"
            }
            var rowCount = 0
            var failure: String?
            whole.root.walk { box, _ in if box.role == .messageRow { rowCount += 1 } }
            if rowCount != rowIDs.count { return "\(rowCount) messageRow boxes in the tree, \(rowIDs.count) in the list" }
            for shot in laidOut.shots {
                shot.screen.root.walkWithRow(row: nil) { box, row in
                    guard failure == nil, let id = box.id else { return }
                    if row?.id != id { failure = "\(describe(box)) lies in \(row.map(describe) ?? "no message row")" }
                }
                if let failure { return "\(shot.name): \(failure)" }
            }
            return nil
        }
    }

    /// No frame has a negative size or is wider than the screen; every box's lines fit its
    /// frame (count ≤ height; each line's width ≤ the frame's), except a single cluster wider
    /// than a frame one or two cells wide.
    @Test func framesAndLines_fitTheScreen() {
        verify("frames and lines fit") { laidOut in
            laidOut.firstFailure { shot in
                var failure: String?
                shot.screen.root.walk { box, _ in
                    guard failure == nil else { return }
                    let frame = box.frame
                    if frame.width < 0 || frame.height < 0 {
                        failure = "\(describe(box)) has a negative size"
                    } else if frame.width > shot.screen.width {
                        failure = "\(describe(box)) is wider than the screen (\(shot.screen.width))"
                    } else if box.lines.count > frame.height {
                        failure = "\(describe(box)) has \(box.lines.count) lines"
                    } else if let line = box.lines.first(where: { !Self.fits($0, frame.width) }) {
                        failure = "\(describe(box)): line \(String(reflecting: line)) is \(Self.engine.width(of: line)) cells wide"
                    }
                }
                return failure
            }
        }
    }

    // MARK: - The drawing

    /// The drawing has exactly `screen.height` rows of exactly `screen.width` cells; each text
    /// box's cells hold its lines where its alignment puts them and blanks around them; bubble
    /// and header borders are drawn on their frames' corners.
    @Test func drawnExtent_equalsMeasuredSize() {
        verify("drawn extent equals measured size") { laidOut in
            var widths: [String: Int] = [:]
            return laidOut.firstFailure { shot in
                let screen = shot.screen
                if shot.rows.count != screen.height { return "\(shot.rows.count) rows drawn for height \(screen.height)" }
                let drawn = DrawnScreen(shot, widths: &widths)
                // A row's cells, read back with the engine, are its width: the sum of its
                // clusters' widths, which is what `ICUTextEngine.width(of:)` adds up.
                for (index, cells) in drawn.cells.enumerated() where cells.count != screen.width {
                    return "row \(index) is \(Self.engine.width(of: shot.rows[index])) cells wide, not \(screen.width): \(String(reflecting: shot.rows[index]))"
                }
                return drawn.firstMismatch()
            }
        }
    }

    /// The tree is as tall as the drawing: root frame height == screen height == rows drawn;
    /// the whole screen is the header plus the list's content; a viewport is as tall as asked
    /// (at least the header and one list row).
    @Test func treeHeight_equalsTheRowsDrawn() {
        verify("tree height equals rows drawn") { laidOut in
            let headerHeight = laidOut.list.header.frame.height
            return laidOut.firstFailure { shot in
                let screen = shot.screen
                let root = screen.root
                if root.frame != Frame(x: 0, y: 0, width: laidOut.width, height: screen.height) || screen.width != laidOut.width {
                    return "root \(root.frame) on a \(screen.width)×\(screen.height) screen at width \(laidOut.width)"
                }
                if shot.rows.count != root.frame.height { return "\(shot.rows.count) rows drawn for a root \(root.frame.height) tall" }
                guard let list = root.children.first(where: { $0.role == .messageList }) else { return "no messageList" }
                if let viewport = shot.viewport {
                    let expected = max(viewport.height, headerHeight + 1)
                    if screen.height != expected { return "viewport of height \(viewport.height) is \(screen.height) rows" }
                    if list.frame != Frame(x: 0, y: headerHeight, width: laidOut.width, height: expected - headerHeight) {
                        return "viewport list frame \(list.frame)"
                    }
                } else {
                    if screen.height != headerHeight + laidOut.list.contentHeight {
                        return "height \(screen.height) ≠ header \(headerHeight) + content \(laidOut.list.contentHeight)"
                    }
                    if list.frame != Frame(x: 0, y: headerHeight, width: laidOut.width, height: laidOut.list.contentHeight) {
                        return "list frame \(list.frame) for content \(laidOut.list.contentHeight)"
                    }
                    if let last = laidOut.list.rows.last, last.frame.maxY != laidOut.list.contentHeight {
                        return "the last row ends at \(last.frame.maxY), the content at \(laidOut.list.contentHeight)"
                    }
                }
                return nil
            }
        }
    }

    /// Nothing drawn, dumped or serialised carries a control character: no C0 (not even a tab or
    /// a newline inside a row), no DEL, no C1, so no escape sequence. JSON escapes its own.
    @Test func output_hasNoControlCharacters() {
        verify("no control characters in the output") { laidOut in
            laidOut.firstFailure { shot in
                for (index, row) in shot.rows.enumerated() {
                    if let control = row.unicodeScalars.first(where: Self.isControl) {
                        return "row \(index) has U+\(String(control.value, radix: 16, uppercase: true)): \(String(reflecting: row))"
                    }
                }
                let json = shot.screen.json().serialized()
                if let control = json.unicodeScalars.first(where: Self.isControl) {
                    return "JSON has U+\(String(control.value, radix: 16, uppercase: true))"
                }
                for line in shot.screen.root.treeDump() {
                    // A tab in a box's line reaches the dump as it is (the dump quotes lines raw).
                    if let control = line.unicodeScalars.first(where: { Self.isControl($0) && $0 != "\t" }) {
                        return "tree dump has U+\(String(control.value, radix: 16, uppercase: true)): \(String(reflecting: line))"
                    }
                }
                return nil
            }
        }
    }

    /// Laying out and drawing again, with a fresh measurer, formatter and resolver, gives the
    /// same bytes: tree dump and JSON of every screen, and the rows of every viewport and of
    /// the whole screens of a quarter of the seeds (drawing them all again takes long).
    @Test func layingOutTwice_givesIdenticalBytes() {
        verify("determinism") { laidOut in
            let input = laidOut.resolved.input
            guard let formatter = try? ICULocaleFormatter(locale: input.context.locale, timeZone: input.context.timeZone) else {
                return "no formatter for \(input.context.locale) \(input.context.timeZone)"
            }
            let engine = ICUTextEngine()
            let decisions = MessageListResolver(try! LayoutEnvironment(config: input.config, context: input.context,
                                                                      formatter: formatter, measurer: engine))
                .resolve(input.conversation)
            let list = MessageListLayout(metrics: .cells(for: input.config), measurer: engine)
                .layout(decisions, width: laidOut.width, dateIndicator: input.config.dateIndicatorPlacement)
            let renderer = TextRenderer(engine: engine)
            for shot in laidOut.shots {
                let again = list.screen(shot.viewport)
                if shot.viewport != nil || input.seed % 4 == 0, renderer.rows(again) != shot.rows { return "\(shot.name): rows differ" }
                if again.root.treeDump() != shot.screen.root.treeDump() { return "\(shot.name): tree dumps differ" }
                if Array(again.json().serialized().utf8) != Array(shot.screen.json().serialized().utf8) {
                    return "\(shot.name): JSON differs"
                }
            }
            return nil
        }
    }

    // MARK: - Viewports

    /// The date overlay's label is what a linear scan finds — the message row under the
    /// overlay's bottom edge, else the top-most visible message row — for many scroll offsets
    /// and heights; and a viewport shows it (with `overlay` dates) over the rows it shows.
    @Test func dateOverlayLabel_equalsALinearScan() {
        verify("overlay label equals a linear scan") { laidOut in
            let list = laidOut.list
            let labels = Dictionary(laidOut.resolved.decisions.messages.map { ($0.message.id, $0.dateLabel) }) { first, _ in first }
            let spans = list.rows.filter { $0.role == .messageRow }.map { (top: $0.frame.y, bottom: $0.frame.maxY, label: labels[$0.id ?? ""]) }
            func scan(_ offset: Int, _ visible: Int) -> String? {
                let edge = offset + 1 // the overlay is one row tall
                if let under = spans.first(where: { $0.top <= edge && edge < $0.bottom }) { return under.label }
                return spans.first { $0.bottom > offset && $0.top < offset + visible }?.label
            }
            var random = SplitMix64(seed: laidOut.resolved.input.seed ^ 0x0FF5_E7)
            let content = list.contentHeight
            let heights = [1, 2, random.int(3 ... 40), content + random.int(0 ... 5)]
            var offsets = content <= 150 ? Array(-2 ... content + 2) : (0 ..< 150).map { _ in random.int(-2 ... content + 2) }
            for span in spans.prefix(20) + spans.suffix(5) { offsets += [span.top - 2, span.top - 1, span.top, span.bottom - 1, span.bottom] }
            for visible in heights {
                for offset in offsets {
                    let label = list.dateOverlayLabel(scrollOffset: offset, visibleHeight: visible)
                    let expected = scan(offset, visible)
                    if label != expected {
                        return "offset \(offset), \(visible) rows: \(label.debugDescription), the scan finds \(expected.debugDescription)"
                    }
                }
            }
            // The screens: the overlay box shows the label of the message row under it, read off
            // the tree (a one-row list shows no row under it: there the label is the query's,
            // and the date gives way to the scroll-to-latest button).
            for shot in laidOut.shots.dropFirst() {
                let overlays = shot.screen.root.children.filter { $0.role == .dateOverlay }
                let headerHeight = list.header.frame.height
                guard let listBox = shot.screen.root.children.first(where: { $0.role == .messageList }) else { return "no list" }
                // The date floats only while the list scrolls.
                let isOverlayPlacement = laidOut.resolved.input.config.dateIndicatorPlacement.showsOverlay && shot.viewport?.isScrolling == true
                if listBox.frame.height >= 2 {
                    let rows = listBox.children.filter { $0.role == .messageRow }
                    let under = rows.first { $0.frame.y <= headerHeight + 1 && headerHeight + 1 < $0.frame.maxY }
                        ?? rows.first { $0.frame.maxY > headerHeight }
                    let expected = isOverlayPlacement ? under.flatMap { labels[$0.id ?? ""] } : nil
                    if overlays.map(\.text) != (expected.map { [$0] } ?? []) {
                        return "\(shot.name): overlay \(overlays.map(describe)), the rows under it say \(expected.debugDescription)"
                    }
                } else {
                    let viewport = shot.viewport!
                    let offset = min(max(0, viewport.scrollOffset), max(0, list.contentHeight - 1))
                    let label = isOverlayPlacement ? list.dateOverlayLabel(scrollOffset: offset, visibleHeight: 1) : nil
                    let hasButton = shot.screen.root.children.contains { $0.role == .scrollToLatestButton }
                    if overlays.count > 1 || overlays.first.map({ $0.text != label }) == true || (overlays.isEmpty && label != nil && !hasButton) {
                        return "\(shot.name): overlay \(overlays.map(describe)) over a one-row list, the query says \(label.debugDescription)"
                    }
                }
                if let overlay = overlays.first, overlay.frame.y != headerHeight || overlay.frame.height != 1 {
                    return "\(shot.name): overlay at \(overlay.frame), not on the list's first row"
                }
            }
            return nil
        }
    }

    /// A viewport shows exactly the rows that intersect it, moved by the scroll offset (clamped
    /// to the content; no offset means the bottom); the scroll-to-latest button, with the
    /// unread count, appears exactly when the viewport is not at the bottom.
    @Test func viewport_showsTheRowsItCovers_andTheButtonAwayFromTheBottom() {
        verify("viewport rows and the scroll-to-latest button") { laidOut in
            let list = laidOut.list
            let headerHeight = list.header.frame.height
            for shot in laidOut.shots {
                guard let viewport = shot.viewport else { continue }
                let visible = max(1, viewport.height - headerHeight)
                let offset = min(max(0, viewport.scrollOffset), max(0, list.contentHeight - visible))
                guard let listBox = shot.screen.root.children.first(where: { $0.role == .messageList }) else { return "no list" }
                // A list shorter than the viewport sits at its bottom; a list of states alone
                // (empty, loading, typing) in its middle.
                var anchor = 0
                if list.contentHeight < visible && !list.rows.isEmpty {
                    let room = visible - list.contentHeight
                    let statesOnly = list.rows.allSatisfy { [.emptyState, .loadingState, .typingIndicator].contains($0.role) }
                    anchor = (listBox.children.first?.frame.y ?? 0) - headerHeight - (list.rows.first?.frame.y ?? 0)
                    if statesOnly ? abs(anchor - (room - anchor)) > 1 : anchor != room {
                        return "\(shot.name): a list \(list.contentHeight) rows tall in \(visible) rows starts \(anchor) rows down"
                    }
                }
                let expectedRows = list.rows.filter { $0.frame.maxY > offset && $0.frame.y < offset + visible }
                    .map { $0.offsetBy(dy: headerHeight - offset + anchor) }
                if listBox.children != expectedRows {
                    return "\(shot.name): shows \(listBox.children.map(describe)), expected \(expectedRows.map(describe))"
                }
                let atBottom = offset + visible >= list.contentHeight
                let buttons = shot.screen.root.children.filter { $0.role == .scrollToLatestButton }
                if buttons.count != (atBottom ? 0 : 1) {
                    return "\(shot.name): \(buttons.count) buttons at offset \(offset) of \(list.contentHeight) (\(visible) rows shown)"
                }
                if let button = buttons.first {
                    let unread = laidOut.resolved.decisions.unreadCount
                    let text = unread > 0 ? "↓ \(unread)" : "↓"
                    if button.text != text { return "\(shot.name): button says \(button.text.debugDescription), expected \(text)" }
                    if button.frame.maxY != listBox.frame.maxY { return "\(shot.name): button at \(button.frame), list \(listBox.frame)" }
                }
            }
            return nil
        }
    }

    // MARK: - Helpers

    private func verify(_ name: String, sourceLocation: SourceLocation = #_sourceLocation, _ property: (LaidOutCase) -> String?) {
        var failures: [(seed: UInt64, width: Int, detail: String)] = []
        for laidOut in Self.cases {
            if let detail = property(laidOut) { failures.append((laidOut.resolved.input.seed, laidOut.width, detail)) }
        }
        guard let first = failures.first, let failing = Self.cases.first(where: { $0.resolved.input.seed == first.seed }) else {
            #expect(failures.isEmpty, sourceLocation: sourceLocation)
            return
        }
        let (small, detail) = PropertyHarness.shrink(failing.resolved.input) { property(LaidOutCase($0)) }
        let others = failures.dropFirst().prefix(8).map { "  seed \($0.seed) width \($0.width): \($0.detail)" }.joined(separator: "\n")
        let report = """
            \(name) fails for \(failures.count) of \(Self.cases.count) seeds.
            Smallest failing seed \(first.seed), width \(first.width): \(first.detail)
            Shrunk to \(small.conversation.messages.count) of \(failing.resolved.input.conversation.messages.count) messages: \(detail)
            \(PropertyHarness.describe(small))
            Reproduce: CLK_PROPERTY_SEED=\(first.seed) swift test --filter LayoutPropertyTests
            \(others.isEmpty ? "" : "Other seeds:\n" + others)
            """
        #expect(failures.isEmpty, "\(report)", sourceLocation: sourceLocation)
    }

    static func role(of item: MessageListItem) -> BoxRole {
        switch item {
        case .dateSeparator: .dateSeparator
        case .unreadSeparator: .unreadSeparator
        case .message: .messageRow
        case .typingIndicator: .typingIndicator
        case .emptyState: .emptyState
        case .loadingState: .loadingState
        case .loadingOlderIndicator: .loadingOlderIndicator
        case .loadingNewerIndicator: .loadingNewerIndicator
        }
    }

    /// Whether `line` fits `width` cells, or is the one cluster a 1–2-cell width cannot hold.
    static func fits(_ line: String, _ width: Int) -> Bool {
        engine.width(of: line) <= width || (width <= 2 && engine.clusterWidths(line).filter { $0.width > 0 }.count == 1)
    }

    /// C0 (tab and newline too), DEL and C1.
    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F ... 0x9F).contains(scalar.value)
    }
}

/// Each index of the buffer is written by one task only.
private struct UncheckedSendable<Value>: @unchecked Sendable {
    var value: Value
    init(_ value: Value) { self.value = value }
}

/// "bubble m3 4,6 27×3".
private func describe(_ box: Box) -> String {
    box.role.rawValue + (box.id.map { " \($0)" } ?? "") + " \(box.frame)"
}

// MARK: - Laid-out cases

/// A generated case laid out at a width picked by its seed, as the whole screen and through
/// three viewports, each drawn.
struct LaidOutCase: Sendable {
    /// One screen of the case and its drawing.
    struct Shot: Sendable {
        var viewport: Viewport?
        var screen: LaidOutScreen
        var rows: [String]

        var name: String {
            guard let viewport else { return "whole screen \(screen.width)×\(screen.height)" }
            let offset = viewport.scrollOffset == .max ? "bottom" : "offset \(viewport.scrollOffset)"
            return "viewport height \(viewport.height) \(offset) at width \(screen.width)"
        }
    }

    var resolved: ResolvedCase
    var width: Int
    var list: LaidOutList
    /// The whole screen first, then the viewports.
    var shots: [Shot]

    init(_ resolved: ResolvedCase) {
        self.resolved = resolved
        let input = resolved.input
        // The width and viewports come from the seed alone, so a shrunk case keeps them.
        var random = SplitMix64(seed: (input.seed &* 0x9E37_79B9) ^ 0x1A40)
        width = random.weighted([(10, random.int(1 ... 4)), (20, random.int(5 ... 30)), (70, random.int(31 ... 200))])
        let list = MessageListLayout(metrics: .cells(for: input.config), measurer: PropertyHarness.measurer)
            .layout(resolved.decisions, width: width, dateIndicator: input.config.dateIndicatorPlacement)
        self.list = list
        let content = list.contentHeight
        let viewports: [Viewport?] = [
            nil,
            // Scrolling (the date floats), at rest at the bottom (none), scrolling at the top.
            Viewport(scrollOffset: random.int(-3 ... content + 3), height: random.int(1 ... 40), isScrolling: true),
            Viewport(scrollOffset: .max, height: random.int(4 ... 80)),
            Viewport(scrollOffset: 0, height: random.int(1 ... 30), isScrolling: true),
        ]
        let renderer = TextRenderer(engine: PropertyHarness.measurer)
        shots = viewports.map { viewport in
            let screen = list.screen(viewport)
            return Shot(viewport: viewport, screen: screen, rows: renderer.rows(screen))
        }
    }

    /// The first screen's failure, prefixed with the screen's name.
    func firstFailure(_ check: (Shot) -> String?) -> String? {
        for shot in shots {
            if let failure = check(shot) { return "\(shot.name): \(failure)" }
        }
        return nil
    }
}

extension Box {
    /// Calls `body` for this box and every descendant with its parent.
    func walkWithParent(parent: Box? = nil, _ body: (Box, Box?) -> Void) {
        body(self, parent)
        for child in children { child.walkWithParent(parent: self, body) }
    }

    /// Calls `body` for this box and every descendant with the message row it lies in.
    func walkWithRow(row: Box?, _ body: (Box, Box?) -> Void) {
        let row = role == .messageRow ? self : row
        body(self, row)
        for child in children { child.walkWithRow(row: row, body) }
    }
}

// MARK: - Reading a drawing back

/// A drawing read back into cells (each cell's cluster; "" for the right half of a wide one),
/// to check what each box put where.
private struct DrawnScreen {
    let shot: LaidOutCase.Shot
    let cells: [[String]]
    /// Where drawing was clipped: the rows of the list in a viewport.
    let listRows: Range<Int>
    /// Frames drawn after the list, over it.
    let floating: [Frame]
    /// The error glyphs, drawn over their bubbles' corners.
    let errorGlyphs: [Frame]

    private static let engine = PropertyHarness.measurer

    init(_ shot: LaidOutCase.Shot, widths: inout [String: Int]) {
        self.shot = shot
        // Rows repeat (blank ones, borders): each distinct one is read once.
        var known: [String: [String]] = [:]
        var cells: [[String]] = []
        for row in shot.rows {
            if let known = known[row] {
                cells.append(known)
            } else {
                let read = Self.cells(of: row, widths: &widths)
                known[row] = read
                cells.append(read)
            }
        }
        self.cells = cells
        let list = shot.screen.root.children.first { $0.role == .messageList }?.frame ?? Frame(x: 0, y: 0, width: 0, height: 0)
        listRows = list.y ..< list.maxY
        floating = shot.screen.root.children.filter { $0.role == .dateOverlay || $0.role == .scrollToLatestButton }.map(\.frame)
        var errorGlyphs: [Frame] = []
        shot.screen.root.walk { box, _ in if box.role == .errorIndicator { errorGlyphs.append(box.frame) } }
        self.errorGlyphs = errorGlyphs
    }

    /// A row's cells: a zero-width cluster joins the cell before it, a wide one takes two.
    /// Clusters are the standard library's `Character`s (UAX #29, as the engine's), each
    /// measured by the engine once: `widths` remembers them.
    static func cells(of row: String, widths: inout [String: Int]) -> [String] {
        var cells: [String] = []
        for character in row {
            let cluster = String(character)
            let width = widths[cluster] ?? engine.width(of: cluster)
            widths[cluster] = width
            if width == 0, !cells.isEmpty {
                cells[cells.count - 1] += cluster
            } else {
                cells.append(cluster)
                if width == 2 { cells.append("") }
            }
        }
        return cells
    }

    /// What drawing `line` puts into cells: neutralised, a tab as a blank, hard breaks and a
    /// leading zero-width cluster (which joins the cell before the line) left out.
    static func drawnCells(of line: String) -> [String] {
        var cells: [String] = []
        for (cluster, width) in engine.clusterWidths(UntrustedText.neutralize(line)) {
            if cluster == "\n" { continue }
            if width == 0 {
                if !cells.isEmpty { cells[cells.count - 1] += cluster }
            } else {
                cells.append(cluster == "\t" ? " " : cluster)
                if width == 2 { cells.append("") }
            }
        }
        return cells
    }

    func firstMismatch() -> String? {
        firstMismatch(in: shot.screen.root, clipped: false)
    }

    /// `clipped`: the box lies in the list, which clips what it draws to its rows.
    private func firstMismatch(in box: Box, clipped: Bool) -> String? {
        if box.role == .bubble || box.role == .channelHeader {
            if let failure = border(of: box, clipped: clipped) { return failure }
        } else if !box.lines.isEmpty && box.children.isEmpty {
            if let failure = text(of: box, clipped: clipped) { return failure }
        }
        for child in box.children {
            if let failure = firstMismatch(in: child, clipped: clipped || box.role == .messageList) { return failure }
        }
        return nil
    }

    /// The cells of `row` from `x` for `count` cells (nil when they leave the screen).
    private func cells(row: Int, x: Int, count: Int) -> [String]? {
        guard row >= 0, row < cells.count, x >= 0, x + count <= cells[row].count else { return nil }
        return Array(cells[row][x ..< x + count])
    }

    /// Whether the cells of `frame`'s row `row` can be checked: drawn (not clipped away) and,
    /// for a box in the list, not on a row a floating box covers (the text renderer clears
    /// those rows across the screen).
    private func isCheckable(_ frame: Frame, row: Int, clipped: Bool) -> Bool {
        guard clipped else { return true }
        return listRows.contains(row) && !floating.contains { $0.y <= row && row < $0.maxY }
    }

    private func text(of box: Box, clipped: Bool) -> String? {
        let frame = box.frame
        for (index, line) in box.lines.enumerated() {
            let row = frame.y + index
            guard isCheckable(frame, row: row, clipped: clipped), LayoutPropertyTests.fits(line, frame.width) else { continue }
            let lineWidth = Self.engine.width(of: line)
            guard lineWidth <= frame.width else { continue } // a lone wide cluster in a narrow frame
            let x: Int
            switch box.alignment {
            case .leading: x = frame.x
            case .trailing: x = frame.maxX - lineWidth
            case .center: x = frame.x + max(0, (frame.width - lineWidth) / 2)
            }
            var expected = Array(repeating: " ", count: x - frame.x) + Self.drawnCells(of: line)
            expected += Array(repeating: " ", count: max(0, frame.width - expected.count))
            guard let drawn = cells(row: row, x: frame.x, count: frame.width) else {
                return "\(describe(box)) row \(row) is off the drawing"
            }
            if drawn != expected {
                return "\(describe(box)) line \(index) \(String(reflecting: line)) (\(box.alignment.rawValue)) is drawn as "
                    + "\(String(reflecting: drawn.joined())), expected \(String(reflecting: expected.joined()))"
            }
        }
        return nil
    }

    private func border(of box: Box, clipped: Bool) -> String? {
        let frame = box.frame
        guard frame.width >= 2, frame.height >= 2 else { return nil }
        let corners: [Character]
        switch (box.role, box.tail) {
        case (.channelHeader, _): corners = ["┌", "┐", "└", "┘"]
        case (_, .none): corners = ["╭", "╮", "╰", "╯"]
        case (_, .bottomLeading): corners = ["╭", "╮", "└", "╯"]
        case (_, .bottomTrailing): corners = ["╭", "╮", "╰", "┘"]
        }
        let points = [(frame.y, frame.x), (frame.y, frame.maxX - 1), (frame.maxY - 1, frame.x), (frame.maxY - 1, frame.maxX - 1)]
        for (corner, (row, column)) in zip(corners, points) {
            guard isCheckable(Frame(x: column, y: row, width: 1, height: 1), row: row, clipped: clipped) else { continue }
            // A corner under an error glyph shows the glyph.
            if errorGlyphs.contains(where: { $0.intersects(Frame(x: column, y: row, width: 1, height: 1)) }) { continue }
            guard let drawn = cells(row: row, x: column, count: 1) else { return "\(describe(box)) corner \(row),\(column) is off the drawing" }
            if drawn != [String(corner)] {
                return "\(describe(box)) corner at \(column),\(row) is \(String(reflecting: drawn[0])), not \(corner)"
            }
        }
        return nil
    }
}
