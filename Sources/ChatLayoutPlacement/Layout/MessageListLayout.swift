@_spi(ChatLayoutStages) import ChatLayoutModel
@_spi(ChatLayoutStages) import ChatLayoutDecisions
import ChatLayoutComposition

import Dispatch

/// A part of the laid-out list to show: a viewport `height` tall of the whole screen (header
/// included), scrolled `scrollOffset` down the list — in the layout's vertical units: rows in
/// cells, points in points — at rest or while it scrolls.
public struct Viewport: Hashable, Sendable {
    /// How far the list is scrolled down from its top, in vertical units (clamped to the list).
    public var scrollOffset: Int
    /// The viewport's height in vertical units, the header included.
    public var height: Int
    /// Whether the list is scrolling: only then does the date float over it (with the
    /// `overlay` date indicator), as Stream shows it while the list moves and hides it at rest.
    public var isScrolling: Bool
    /// The message drawn highlighted, as Stream highlights the message a jump lands on
    /// (UIKit's `highlightCell(at:)`, SwiftUI's `highlightMessageWhenJumping`): a
    /// ``BoxRole/highlight`` box behind its row while the viewport shows it. Nil: none.
    public var highlightedMessageID: String?

    /// A viewport; `Int.max` as the offset shows the bottom, where chat screens open. At rest
    /// unless `isScrolling`; `highlightedMessageID`'s row drawn highlighted.
    public init(scrollOffset: Int, height: Int, isScrolling: Bool = false, highlightedMessageID: String? = nil) {
        self.scrollOffset = scrollOffset
        self.height = height
        self.isScrolling = isScrolling
        self.highlightedMessageID = highlightedMessageID
    }
}

/// Turns message-list decisions into rows: the header and every row, stacked top to bottom
/// in list coordinates, kept as flat records from which boxes are made on demand. Constraints go down (the width), sizes come up (measured text).
public struct MessageListLayout: Sendable {
    /// The lengths of the layout.
    public var metrics: Metrics
    /// Measures, wraps and cuts every text (the renderer's own engine).
    public var measurer: any TextMeasuring
    /// The words the layout writes ("Unread messages", "↓").
    public var strings: ChatStrings
    /// The front end's words and glyphs around typed content (``PlainPresentation`` by
    /// default; the text renderer's is `TerminalPresentation`).
    public var presentation: any BoxPresentation
    /// Whether a long list is laid out on all cores (the default): the measurer is then called
    /// from several threads at once, as its `Sendable` conformance promises. False lays out on
    /// the calling thread, for a measurer bound to one (a UI toolkit's main thread). The result
    /// is the same either way.
    public var laysOutOnAllCores = true
    /// Which way the screen reads: a right-to-left layout is the left-to-right one mirrored,
    /// box for box (``LayoutDirection``).
    public var direction: LayoutDirection
    /// Which part of a message row goes where: the environment's `message_anatomy` and
    /// `reactions_placement` (``init(_:)``); Stream's by default.
    package var anatomy: MessageAnatomy = .standard
    /// A list shorter than its viewport sits at the viewport's top, not its bottom
    /// (`should_messages_start_at_the_top`); it still opens at its newest end and offers the
    /// scroll-to-latest button when scrolled up. Off by default.
    public var shortListSitsAtTheTop = false
    /// The header says who is typing while a viewport does not show the typing row under
    /// the newest message (`typing_indicator_placement: automatic`, Stream SwiftUI 5's). Off by
    /// default.
    public var typingMovesToTheHeader = false
    /// Whether a message list opens at its first unread message, not at the bottom
    /// (`jump_to_unread_when_opening`): ``LaidOutList/openingOffset(height:)``.
    public var opensAtFirstUnread = false
    /// Where a message the list jumps to lands (`scrolling_anchor`).
    public var scrollingAnchor: ScrollAnchor = .center

    /// A layout with these metrics, measurer, words, presentation and direction. The words
    /// default to English and the direction to left to right, whatever the decisions' locale:
    /// ``init(_:)`` takes both from an environment, as the resolver that made the decisions did.
    public init(metrics: Metrics, measurer: any TextMeasuring, strings: ChatStrings = ChatStrings(),
                presentation: any BoxPresentation = PlainPresentation(), direction: LayoutDirection = .leftToRight) {
        self.metrics = metrics
        self.measurer = measurer
        self.strings = strings
        self.presentation = presentation
        self.direction = direction
    }

    /// A layout with the environment's metrics, measurer, words, presentation and direction.
    public init(_ environment: LayoutEnvironment) {
        self.init(metrics: environment.metrics, measurer: environment.measurer, strings: environment.strings,
                  presentation: environment.presentation, direction: environment.layoutDirection)
        laysOutOnAllCores = environment.laysOutOnAllCores
        anatomy = MessageAnatomy.forConfig(environment.config)
        shortListSitsAtTheTop = environment.config.shouldMessagesStartAtTheTop
        typingMovesToTheHeader = environment.config.typingIndicatorPlacement == .automatic
        opensAtFirstUnread = environment.config.jumpToUnreadWhenOpening
        scrollingAnchor = environment.config.scrollingAnchor
    }

    /// A requested width as laid out: at least 1, and within the 32 bits a frame is kept in.
    static func width(_ requested: Int) -> Int { min(max(1, requested), Int(Int32.max) / 2) }

    /// The row layout at `width`.
    func rowLayout(width: Int) -> RowLayout {
        var layout = RowLayout(width: width, metrics: metrics, measurer: measurer, strings: strings, presentation: presentation,
                               direction: direction)
        layout.anatomy = anatomy
        return layout
    }

    /// Lays out `decisions` at `width` (at least 1). A long list is laid out on every core, in
    /// runs of rows (rows are independent once decided); the result is the same, byte for
    /// byte, as one core's.
    public func layout(_ decisions: MessageListDecisions, width requestedWidth: Int, dateIndicator: DateIndicatorPlacement) -> LaidOutList {
        layout(decisions, width: requestedWidth, dateIndicator: dateIndicator, runLength: laysOutOnAllCores ? Self.parallelRunLength : .max,
               keeping: .decisions(decisions.items))
    }

    /// Rows laid out together on one core; a list of fewer than two runs is laid out on one.
    static let parallelRunLength = LaidOutRows.chunkLength

    /// The layout in runs of `runLength` rows, each laid out alone (on all cores when there
    /// are several) and stacked. With `source`, the list keeps its rows prepared
    /// (``PreparedRows``) and is laid out again at another width from them.
    func layout(_ decisions: MessageListDecisions, width requestedWidth: Int, dateIndicator: DateIndicatorPlacement,
                runLength: Int, keeping source: PreparedRows.Source? = nil) -> LaidOutList {
        let width = Self.width(requestedWidth)
        let items = decisions.items
        let length = max(1, runLength)
        let runCount = items.isEmpty ? 0 : (items.count - 1) / length + 1
        // Each run prepares its rows with a builder (and recorder) of its own.
        let keepsMessages: Bool? = switch source {
        case .decisions?: false
        case .conversation?: true
        case nil: nil
        }
        let measurer = measurer
        let builder: @Sendable () -> PreparedRows.Builder? = {
            keepsMessages.map { PreparedRows.Builder(measurer: measurer, keepsMessages: $0) }
        }
        var rows = StackedRows(stack: RowStack(metrics: metrics), preparing: builder())
        rows.table.reserveCapacity(rows: items.count)
        if runCount > 1 {
            let lay: @Sendable (Int) -> StackedRows = { index in
                // Each run from y = 0, under the last row of the run above it; then moved down.
                let range = index * length ..< min(items.count, (index + 1) * length)
                var rows = StackedRows(stack: RowStack(metrics: self.metrics, below: index > 0 ? RowStack.Kind(items[range.lowerBound - 1]) : nil),
                                       preparing: builder())
                self.stack(items[range], into: &rows, width: width)
                return rows
            }
            // Stacked: each run starts where the one above ends.
            rows.messageRows.reserveCapacity(items.count)
            for run in Self.runs(runCount, onAllCores: true, lay) { rows.append(contentsOf: run) }
        } else {
            // One run: laid out in place.
            stack(items, into: &rows, width: width)
        }
        var list = LaidOutList(width: width, header: header(decisions.header, width: width), rows: rows, unreadCount: decisions.unreadCount,
                               dateIndicator: dateIndicator, layout: self)
        list.jumpsToUnread(decisions)
        if let source, let built = rows.prepared {
            let prepared = PreparedRows(built, source: source, decisions: decisions)
            list.prepared = prepared
            list.source = { width in self.relaidLayout(prepared, width: width, dateIndicator: dateIndicator) }
        }
        return list
    }

    /// `count` runs of rows, each made by `make` from its index alone: on every core when
    /// there are several and `onAllCores`, else one after another on this thread.
    static func runs<Run>(_ count: Int, onAllCores: Bool, _ make: @Sendable (Int) -> Run) -> [Run] {
        guard onAllCores && count > 1 else { return (0 ..< count).map(make) }
        var runs = [Run?](repeating: nil, count: count)
        runs.withUnsafeMutableBufferPointer { slots in
            nonisolated(unsafe) let slots = slots
            DispatchQueue.concurrentPerform(iterations: count) { index in slots[index] = make(index) }
        }
        return runs.map { $0! }
    }

    /// `items` laid out as one part of a longer list, stacked under the part above it
    /// (`stack`, which then ends under this part's last row): every row where the whole list
    /// has it; the part's `contentHeight` is the bottom of its last row. `header` is the whole
    /// list's.
    func part(_ items: [MessageListItem], header: Box, width: Int, stack: inout RowStack, unreadCount: Int,
              dateIndicator: DateIndicatorPlacement) -> LaidOutList {
        var rows = StackedRows(stack: stack)
        rows.table.reserveCapacity(rows: items.count)
        self.stack(items, into: &rows, width: width)
        stack = rows.stack
        return LaidOutList(width: width, header: header, rows: rows, unreadCount: unreadCount, dateIndicator: dateIndicator, layout: self)
    }

    /// Stacks the rows of `items` at `width` under those of `rows`, written straight into its
    /// table (no box is made).
    func stack<Items: Collection<MessageListItem>>(_ items: Items, into rows: inout StackedRows, width: Int) {
        var rowLayout = rowLayout(width: width)
        rowLayout.recorder = rows.prepared?.recorder
        for item in items { rows.append(item, rowLayout: &rowLayout) }
    }

    /// The space between rows that are not messages of one group (never negative).
    var groupSpacing: Int { max(0, metrics.groupSpacing) }

    /// The channel header: a bordered box with the title at the leading edge and the subtitle
    /// at the trailing edge; the subtitle gives way first when the width is short
    /// (``Metrics/headerStacksTitleOverSubtitle``: the title centred over the subtitle). A header
    /// with nothing to show (a document with messages and no channel) takes no room: an empty
    /// box of height 0, which a screen leaves out.
    func header(_ header: ChannelHeader, width: Int) -> Box {
        let box = leftToRightHeader(header, width: width)
        return direction == .rightToLeft ? box.mirrored(inWidth: width) : box
    }

    /// The header as a left-to-right screen has it.
    private func leftToRightHeader(_ header: ChannelHeader, width: Int) -> Box {
        if header.title.isEmpty && header.subtitle.isEmpty {
            return Box(role: .channelHeader, frame: Frame(x: 0, y: 0, width: width, height: 0))
        }
        let lineHeight = metrics.lineHeight
        let height = min(metrics.headerHeight, 3 * lineHeight)
        let inset = metrics.headerPadding
        let inner = max(0, width - 2 * inset)
        if metrics.headerStacksTitleOverSubtitle && height >= 2 * lineHeight {
            return stackedHeader(header, width: width, height: height, inner: inner)
        }
        var children: [Box] = []
        let subtitleWidth = measurer.width(of: header.subtitle)
        let showSubtitle = !header.subtitle.isEmpty && inner >= subtitleWidth + 2 * inset
        let titleSpace = showSubtitle ? inner - subtitleWidth - metrics.gap : inner
        let contentTop = max(0, (height - lineHeight) / 2)
        if titleSpace > 0 && !header.title.isEmpty {
            let (title, direction) = Self.fittedLine(header.title, width: titleSpace, measurer: measurer)
            children.append(Box(role: .headerTitle, frame: Frame(x: inset, y: contentTop, width: title.width, height: lineHeight),
                                composedText: header.title, placedLines: [PlacedLine(display: title.display, text: title.text, x: 0, width: title.width)],
                                textDirection: direction))
        }
        if showSubtitle {
            // Drawn as displayed, like the title: a typist's name may carry bidi controls (and
            // hard breaks), which must not reach the drawing as they are.
            let (subtitle, direction) = Self.fittedLine(header.subtitle, width: subtitleWidth, measurer: measurer)
            children.append(Box(role: .headerSubtitle, frame: Frame(x: width - inset - subtitle.width, y: contentTop, width: subtitle.width,
                                                                    height: lineHeight),
                                composedText: header.subtitle,
                                placedLines: [PlacedLine(display: subtitle.display, text: subtitle.text, x: 0, width: subtitle.width)],
                                alignment: .trailing, textDirection: direction))
        }
        return Box(role: .channelHeader, frame: Frame(x: 0, y: 0, width: width, height: height), children: children)
    }

    /// The header as Stream's navigation bar titles a channel: the title over the subtitle, each
    /// cut to the width less the paddings and centred; the pair centred on the header's height
    /// (one alone on it).
    private func stackedHeader(_ header: ChannelHeader, width: Int, height: Int, inner: Int) -> Box {
        let lineHeight = metrics.lineHeight
        let parts = [(BoxRole.headerTitle, header.title), (BoxRole.headerSubtitle, header.subtitle)].filter { !$0.1.isEmpty }
        var y = max(0, (height - parts.count * lineHeight) / 2)
        var children: [Box] = []
        for (role, text) in parts where inner > 0 {
            let (line, direction) = Self.fittedLine(text, width: inner, measurer: measurer)
            children.append(Box(role: role, frame: Frame(x: (width - line.width) / 2, y: y, width: line.width, height: lineHeight),
                                composedText: text, placedLines: [PlacedLine(display: line.display, text: line.text, x: 0, width: line.width)],
                                alignment: .center, textDirection: direction))
            y += lineHeight
        }
        return Box(role: .channelHeader, frame: Frame(x: 0, y: 0, width: width, height: height), children: children)
    }

    /// `text` cut to `width` on one line, as drawn: its display order and its width.
    static func fittedLine(_ text: String, width: Int, measurer: any TextMeasuring) -> (line: TextLine, direction: TextDirection) {
        let fitted = measurer.truncate(text, width: width)
        let wrapped = measurer.wrap(fitted, width: width)
        return (wrapped.lines.first ?? TextLine(text: "", display: "", width: 0), wrapped.direction)
    }
}

/// Rows stacked into a store (``RowStack``), no box made: the store, where its message rows
/// are (for the date overlay), and the stack, which says where the next row goes.
struct StackedRows: Sendable {
    var table = LaidOutRows()
    var messageRows: [LaidOutList.MessageRow] = []
    var stack: RowStack
    /// The rows prepared for laying the list out again at another width (``PreparedRows``),
    /// when the list keeps them.
    var prepared: PreparedRows.Builder?

    init(stack: RowStack, preparing builder: PreparedRows.Builder? = nil) {
        self.stack = stack
        prepared = builder
    }

    /// Stacks the row of `item`, written by `rowLayout` straight into the table at its top.
    mutating func append(_ item: MessageListItem, rowLayout: inout RowLayout) {
        let kind = RowStack.Kind(item)
        rowLayout.top = stack.top(ofNext: kind) // written in place, not at 0 and moved
        table.beginRow(at: stack.bottom)
        if prepared != nil {
            prepared?.recorder?.beginRow()
            if case .message(let decision) = item {
                let spec = rowLayout.composer.compose(decision)
                rowLayout.writeMessage(spec, into: &table)
                prepared?.appendMessage(spec, decision, height: table.frame(ofRow: table.rowCount - 1).height, rowLayout: rowLayout)
            } else {
                rowLayout.write(item, into: &table)
                prepared?.appendOther(item)
            }
        } else {
            rowLayout.write(item, into: &table)
        }
        let height = table.frame(ofRow: table.rowCount - 1).height
        let top = stack.place(kind, height: height)
        if let dateLabel = item.messageDateLabel {
            messageRows.append(LaidOutList.MessageRow(top: top, bottom: top + height, dateLabel: dateLabel))
        }
    }

    /// Stacks a row made as a box at y = 0, moved down to its top. Returns the top.
    @discardableResult
    mutating func append(_ row: Box, kind: RowStack.Kind = .other) -> Int {
        let bottom = stack.bottom
        let top = stack.place(kind, height: row.frame.height)
        table.append(row, movedDown: top, spaceFrom: bottom)
        return top
    }

    /// Stacks the rows of `run`, stacked from y = 0 under this one's last row (its stack began
    /// `below` that row's kind), moved down to where this one ends.
    mutating func append(contentsOf run: StackedRows) {
        let dy = stack.bottom
        table.append(contentsOf: run.table, dy: dy)
        if let runPrepared = run.prepared { prepared?.append(contentsOf: runPrepared) }
        for row in run.messageRows {
            messageRows.append(LaidOutList.MessageRow(top: row.top + dy, bottom: row.bottom + dy, dateLabel: row.dateLabel))
        }
        stack.append(run.stack)
    }
}

/// A laid-out message list: the header, the rows in list coordinates, and what the overlay
/// and viewport queries need.
public struct LaidOutList: Sendable {
    /// The width the list was laid out at.
    public let width: Int
    /// The channel header's box, at the top of the screen.
    public let header: Box
    /// The rows, held as flat records in chunks (`LaidOutRows`, read only here), or laid out
    /// again at another width and written a chunk at a time when read (``RelaidRows``): boxes
    /// are made from them on demand.
    let table: ListRows
    /// The list's height.
    public let contentHeight: Int
    /// Where the message rows are, for the date overlay.
    let messageRows: MessageRowRuns
    /// Every row is a list state (empty, loading, typing), as recorded when the rows were
    /// stacked: such a list, shorter than its viewport, sits in its middle.
    let showsOnlyStates: Bool
    let unreadCount: Int
    let dateIndicator: DateIndicatorPlacement
    /// A message list opens at its newest (bottom) end: a short list sits at the bottom and a
    /// scrolled one offers the scroll-to-latest button. A thread list opens at its top.
    var isBottomAnchored = true
    /// A bar pinned to the bottom of the screen over the list (the thread list's error bar,
    /// as Stream pins it): under the whole list on a screen without a viewport, over the
    /// viewport's last lines with one. Its frame's `y` is 0 until it is placed.
    var bottomBar: Box?
    /// A banner floating over the top of the list (a frozen channel's thread), placed from the
    /// list's top: over its first rows on a screen without a viewport, over the viewport's
    /// first lines with one.
    var topBanner: Box?
    /// The layout that laid it out: the floating boxes are laid out by it too.
    let layout: MessageListLayout
    var metrics: Metrics { layout.metrics }
    /// Which way the list reads: its rows are mirrored when right to left.
    public var direction: LayoutDirection { layout.direction }

    init(width: Int, header: Box, table: LaidOutRows, contentHeight: Int, messageRows: [MessageRow], showsOnlyStates: Bool,
         unreadCount: Int, dateIndicator: DateIndicatorPlacement, layout: MessageListLayout) {
        self.init(width: width, header: header, table: table, contentHeight: contentHeight, messageRows: MessageRowRuns(messageRows),
                  showsOnlyStates: showsOnlyStates, unreadCount: unreadCount, dateIndicator: dateIndicator, layout: layout)
    }

    /// What lays the list out again at another width: its rows prepared (``prepared``), or
    /// what it was laid out from. Nil for a part of a longer list (`MessageListScreen.forEachPart`),
    /// whose rows stand where the whole list has them: no part has a place of its own at
    /// another width.
    var source: (@Sendable (Int) -> LaidOutList)?
    /// The rows as the list keeps them prepared for laying it out again (nil: it keeps none).
    var prepared: PreparedRows?

    /// The same list laid out again at `width` (a rotation, a split view, a resized window):
    /// byte for byte a fresh layout at that width. Every row is placed at once — its frame, so
    /// the content height, the rows a band meets, a jump and the date overlay are known — and a
    /// chunk of rows has its parts written the first time one of its rows is drawn (a screen,
    /// ``row(at:)``, ``rows``): a front end that shows the bottom of the list writes the bottom
    /// chunk only. The first layout keeps its rows prepared for this: a message row whose
    /// bubble holds only text is placed by arithmetic over what it kept (its text's runs
    /// between break opportunities and their widths, its labels' widths), without being
    /// decided, composed or measured again; other rows are composed again from their
    /// decisions, which the list keeps (a list laid out from decisions
    /// (``MessageListLayout/layout(_:width:dateIndicator:)``) keeps them all; one laid out
    /// from a conversation (``MessageListScreen/list(_:environment:width:)``) keeps its shown
    /// messages, their storage shared with the caller's, and decides a chunk's range of them
    /// again when the chunk is written). An incremental list's
    /// ``IncrementalMessageList/list`` is laid out again as the list itself is by a
    /// ``MessageListChange/width(_:)`` change.
    ///
    /// - Precondition: the list is not a part handed out by
    ///   ``MessageListScreen/forEachPart(_:environment:width:messagesPerPart:_:)`` (its rows
    ///   stand where the whole list has them; walk the conversation again at the new width).
    public func relayout(width: Int) -> LaidOutList {
        guard let source else { preconditionFailure("a part of a longer list is not laid out again alone") }
        return source(width)
    }

    /// The first unread message's id, where a jump to the first unread message lands (nil:
    /// nothing unread, or not known).
    public internal(set) var firstUnreadMessageID: String?
    /// The jump-to-unread button's words, shown while the first unread message is out of sight
    /// (nil: `jump_to_unread_enabled` is off, or nothing is unread).
    var jumpToUnreadText: String?

    /// Takes the first unread message and the jump-to-unread button's words from `decisions`.
    mutating func jumpsToUnread(_ decisions: MessageListDecisions) {
        firstUnreadMessageID = decisions.firstUnreadMessageID
        jumpToUnreadText = decisions.jumpToUnreadText
    }

    /// A list of these rows (the store shared, not copied) and message rows.
    init(width: Int, header: Box, table: LaidOutRows, contentHeight: Int, messageRows: MessageRowRuns, showsOnlyStates: Bool,
         unreadCount: Int, dateIndicator: DateIndicatorPlacement, layout: MessageListLayout) {
        self.init(width: width, header: header, table: ListRows(table), contentHeight: contentHeight, messageRows: messageRows,
                  showsOnlyStates: showsOnlyStates, unreadCount: unreadCount, dateIndicator: dateIndicator, layout: layout)
    }

    /// A list of these rows, written or laid out again, and message rows.
    init(width: Int, header: Box, table: ListRows, contentHeight: Int, messageRows: MessageRowRuns, showsOnlyStates: Bool,
         unreadCount: Int, dateIndicator: DateIndicatorPlacement, layout: MessageListLayout) {
        self.width = width
        self.header = header
        self.table = table
        self.contentHeight = contentHeight
        self.messageRows = messageRows
        self.showsOnlyStates = showsOnlyStates
        self.unreadCount = unreadCount
        self.dateIndicator = dateIndicator
        self.layout = layout
    }

    /// The list of stacked `rows`.
    init(width: Int, header: Box, rows: StackedRows, unreadCount: Int, dateIndicator: DateIndicatorPlacement, layout: MessageListLayout) {
        self.init(width: width, header: header, table: rows.table, contentHeight: rows.stack.height, messageRows: rows.messageRows,
                  showsOnlyStates: rows.stack.onlyStates, unreadCount: unreadCount, dateIndicator: dateIndicator, layout: layout)
    }

    /// Every row as a box, top to bottom; `y` counts from the top of the list. Made anew from
    /// the flat records at each call: a front end that draws part of the list asks for
    /// ``rows(overlapping:)`` or ``row(at:)`` instead.
    public var rows: [Box] { table.boxes() }

    /// How many rows the list has.
    public var rowCount: Int { table.rowCount }

    /// Row `index`'s frame (list coordinates), without making its box.
    public func rowFrame(at index: Int) -> Frame { table.frame(ofRow: index) }

    /// Row `index`'s role (a message row, a date separator…), without making its box.
    public func rowRole(at index: Int) -> BoxRole { table.role(ofRow: index) }

    /// Row `index` as a box.
    public func row(at index: Int) -> Box { table.box(ofRow: index) }

    /// The indices of the rows that reach into `band` (list coordinates, top to bottom):
    /// O(log n), no box made.
    public func rowIndices(overlapping band: Range<Int>) -> Range<Int> { table.rows(overlapping: band) }

    /// The rows that reach into `band`, as boxes: only those are made.
    public func rows(overlapping band: Range<Int>) -> [Box] { rowIndices(overlapping: band).map { table.box(ofRow: $0) } }

    /// Where a message row is, and its day's label.
    struct MessageRow: Sendable {
        var top: Int
        var bottom: Int
        var dateLabel: String

        /// One of its edges.
        enum Edge { case top, bottom }

        subscript(edge: Edge) -> Int {
            switch edge {
            case .top: top
            case .bottom: bottom
            }
        }
    }

    /// The index of the message row of `messageID`, if the list has one: O(n).
    public func rowIndex(ofMessage messageID: String) -> Int? {
        (0 ..< table.rowCount).first { table.role(ofRow: $0) == .messageRow && Identifier.same(table.id(ofRow: $0), messageID) }
    }

    /// How far down a viewport `height` tall (header included) is scrolled to show the message
    /// `messageID` at `anchor`, clamped to the list: its top at the viewport's top, its middle
    /// at the middle or its bottom at the bottom. The separators standing right above the
    /// message go with it, as Stream UIKit draws them in the message's own cell, unless they
    /// and the message are taller than the viewport: then the message alone is placed, so
    /// that the viewport always shows some of it. Nil when the list has no row of that
    /// message. O(n): ``IncrementalMessageList/scrollOffset(showing:at:height:)`` answers the
    /// same in O(log n).
    public func scrollOffset(showing messageID: String, at anchor: ScrollAnchor, height: Int) -> Int? {
        guard let index = rowIndex(ofMessage: messageID) else { return nil }
        var top = index
        while top > 0, Self.rowsAboveAMessage.contains(table.role(ofRow: top - 1)) { top -= 1 }
        return Self.offset(placing: table.frame(ofRow: top).y, table.frame(ofRow: index), at: anchor,
                           in: Viewport(scrollOffset: 0, height: height), contentHeight: contentHeight, headerHeight: header.frame.height)
    }

    /// The rows that stand above a message and go with it when the list jumps to it: its
    /// date and unread separators, and above the oldest message the older page's loading row.
    static let rowsAboveAMessage: Set<BoxRole> = [.dateSeparator, .unreadSeparator, .loadingOlderIndicator]

    /// The offset that places a message row `row` (list coordinates), with the separators
    /// from `upper` down to it, at `anchor` of `viewport`, clamped to the list.
    static func offset(placing upper: Int, _ row: Frame, at anchor: ScrollAnchor, in viewport: Viewport,
                       contentHeight: Int, headerHeight: Int) -> Int {
        let (visibleHeight, _, maxOffset) = shown(viewport, contentHeight: contentHeight, headerHeight: headerHeight)
        let lower = row.maxY
        let upper = lower - upper > visibleHeight ? row.y : upper
        let offset = switch anchor {
        case .top: upper
        case .center: (upper + lower) / 2 - visibleHeight / 2
        case .bottom: lower - visibleHeight
        }
        return min(max(0, offset), maxOffset)
    }

    /// Where a viewport `height` tall opens: at the bottom (`Int.max`), or, with
    /// `jump_to_unread_when_opening` (Stream UIKit's `shouldJumpToUnreadWhenOpeningChannel`)
    /// and a first unread message in the list, with that message at `scrolling_anchor`.
    public func openingOffset(height: Int) -> Int {
        guard layout.opensAtFirstUnread, let id = firstUnreadMessageID,
              let offset = scrollOffset(showing: id, at: layout.scrollingAnchor, height: height) else { return .max }
        return offset
    }

    /// Whether the rows `visible` show the first unread message or the unread separator above
    /// it (Stream UIKit hides its jump-to-unread button while the message's cell, which holds
    /// the separator, is visible; Stream SwiftUI while the separator is).
    private func showsFirstUnread(_ visible: Range<Int>) -> Bool {
        guard let id = firstUnreadMessageID else { return false }
        return visible.contains { index in
            let role = table.role(ofRow: index)
            return role == .unreadSeparator || (role == .messageRow && Identifier.same(table.id(ofRow: index), id))
        }
    }

    /// The date that floats over the list for a viewport scrolled to `scrollOffset` and
    /// `visibleHeight` tall, both in the layout's vertical units: the date of the
    /// message under the overlay's bottom edge, else of the top-most visible message. The
    /// overlay is `overlayHeight` tall, by default one line of the list's own metrics
    /// (``Metrics/lineHeight``: a row in cells, the font's line height in points), as
    /// ``screen(_:)`` draws it. O(log n): binary searches over the row offsets.
    public func dateOverlayLabel(scrollOffset: Int, visibleHeight: Int, overlayHeight: Int? = nil) -> String? {
        Self.dateOverlayLabel(in: messageRows, scrollOffset: scrollOffset, visibleHeight: visibleHeight,
                              overlayHeight: overlayHeight ?? metrics.lineHeight)
    }

    /// The overlay's rule over a list's message rows, sorted top to bottom: two searches of
    /// their edges (``MessageRowsByEdge``), then at most two rows read.
    static func dateOverlayLabel<Rows: MessageRowsByEdge>(in messageRows: Rows, scrollOffset: Int, visibleHeight: Int,
                                                          overlayHeight: Int) -> String? {
        guard !messageRows.isEmpty else { return nil }
        let probe = scrollOffset + overlayHeight
        // The last row starting at or above the probe.
        let above = messageRows.count(.top, atOrAbove: probe)
        if above > 0 {
            let row = messageRows[above - 1]
            if row.bottom > probe { return row.dateLabel }
        }
        // The first row ending below the viewport's top.
        let first = messageRows.count(.bottom, atOrAbove: scrollOffset)
        guard first < messageRows.count else { return nil }
        let row = messageRows[first]
        return row.top < scrollOffset + visibleHeight ? row.dateLabel : nil
    }

    /// The whole list as ``screen(_:)`` without a viewport gives it, holding only the boxes
    /// that meet `band` (vertical units of the screen, from its top): the header if it does, and the
    /// list's rows that do, each where the whole screen has it. A renderer draws a long list
    /// a band at a time from these, never holding every box at once; drawn over `band`, each
    /// is the whole screen drawn over `band`.
    public func screen(meeting band: Range<Int>) -> LaidOutScreen {
        screen(meeting: band) { table.box(ofRow: $0, dy: $1) }
    }

    /// ``screen(meeting:)`` for drawing `band` and nothing else: each box holds only its lines
    /// that meet the band, its frame starting at the first of them (``Metrics/lineHeight``
    /// apart), and a box whose lines are cut has no `text`. Drawn over `band`, it is the whole
    /// screen drawn over `band`; a band of a message of a million lines makes the lines it
    /// shows, not the million (a renderer drawing a tall list a band at a time).
    package func bandScreen(meeting band: Range<Int>) -> LaidOutScreen {
        screen(meeting: band) { table.box(ofRow: $0, dy: $1, linesMeeting: band, lineHeight: metrics.lineHeight) }
    }

    /// The screen of the rows meeting `band`, each made by `row` (its index, and how far down it moves).
    private func screen(meeting band: Range<Int>, row: (Int, Int) -> Box) -> LaidOutScreen {
        let headerHeight = header.frame.height
        let rows = table.rows(overlapping: (band.lowerBound - headerHeight) ..< (band.upperBound - headerHeight))
        let list = Box(role: .messageList, frame: Frame(x: 0, y: headerHeight, width: width, height: contentHeight),
                       children: rows.map { row($0, headerHeight) })
        let showsHeader = headerHeight > 0 && band.lowerBound < headerHeight
        var children = showsHeader ? [header, list] : [list]
        let barTop = headerHeight + contentHeight
        if let bar = bottomBar, band.upperBound > barTop { children.append(bar.offsetBy(dy: barTop)) }
        if let banner = topBanner?.offsetBy(dy: headerHeight), banner.frame.y < band.upperBound,
           banner.frame.y + banner.frame.height > band.lowerBound { children.append(banner) }
        let root = Box(role: .root, frame: Frame(x: 0, y: 0, width: width, height: barTop + (bottomBar?.frame.height ?? 0)),
                       children: children)
        return LaidOutScreen(width: width, height: root.frame.height, root: root, lineHeight: metrics.lineHeight, direction: direction, decoratedRoles: layout.presentation.decoratedRoles)
    }

    /// The whole list as a screen (no viewport: every row, no overlay), or the part a viewport
    /// shows with the date overlay and the scroll-to-latest button. Without an explicit
    /// offset a viewport shows the bottom of the list, as chat screens open.
    public func screen(_ viewport: Viewport? = nil) -> LaidOutScreen {
        let headerHeight = header.frame.height
        guard let viewport else {
            let list = Box(role: .messageList, frame: Frame(x: 0, y: headerHeight, width: width, height: contentHeight),
                           children: table.boxes(dy: headerHeight))
            var children = headerHeight > 0 ? [header, list] : [list]
            if let bar = bottomBar { children.append(bar.offsetBy(dy: headerHeight + contentHeight)) }
            if let banner = topBanner { children.append(banner.offsetBy(dy: headerHeight)) }
            let height = headerHeight + contentHeight + (bottomBar?.frame.height ?? 0)
            let root = Box(role: .root, frame: Frame(x: 0, y: 0, width: width, height: height), children: children)
            return LaidOutScreen(width: width, height: root.frame.height, root: root, lineHeight: metrics.lineHeight, direction: direction, decoratedRoles: layout.presentation.decoratedRoles)
        }
        let (visibleHeight, offset, maxOffset) = Self.shown(viewport, contentHeight: contentHeight, headerHeight: headerHeight)
        // Boxes only for the rows the viewport shows.
        let visible = table.rows(overlapping: offset ..< offset + visibleHeight)
        // A list shorter than the viewport sits at the bottom, as chat screens do (at the top
        // with `should_messages_start_at_the_top`); the empty and loading states sit in the middle.
        var anchor = 0
        if contentHeight < visibleHeight {
            let sitsAtTheBottom = isBottomAnchored && !layout.shortListSitsAtTheTop
            anchor = showsOnlyStates ? (visibleHeight - contentHeight) / 2 : (sitsAtTheBottom ? visibleHeight - contentHeight : 0)
        }
        var rows = visible.map { table.box(ofRow: $0, dy: headerHeight - offset + anchor) }
        if let id = viewport.highlightedMessageID,
           let index = rows.firstIndex(where: { $0.role == .messageRow && Identifier.same($0.id, id) }) {
            rows.insert(Box(role: .highlight, id: rows[index].id, frame: rows[index].frame), at: index)
        }
        let list = Box(role: .messageList, frame: Frame(x: 0, y: headerHeight, width: width, height: visibleHeight),
                       children: rows)
        var children = headerHeight > 0 ? [header(showing: visible), list] : [list]
        if let banner = topBanner, banner.frame.y + banner.frame.height <= visibleHeight {
            children.append(banner.offsetBy(dy: headerHeight))
        }
        if dateIndicator.showsOverlay, viewport.isScrolling,
           let label = dateOverlayLabel(scrollOffset: offset, visibleHeight: visibleHeight, overlayHeight: metrics.lineHeight) {
            children.append(floating(.dateOverlay, text: label, y: headerHeight, centered: true))
        }
        if let text = jumpToUnreadText, !showsFirstUnread(visible) {
            let button = floating(.jumpToUnreadButton, text: text, content: .count(unreadCount), y: headerHeight, centered: true)
            // It stays while the list rests: the date, which floats only while it moves, gives way.
            children.removeAll { $0.role == .dateOverlay && $0.frame.intersects(button.frame) }
            children.append(button)
        }
        if isBottomAnchored && offset < maxOffset {
            let text = unreadCount > 0 ? "\(layout.strings.scrollToLatest) \(layout.strings.count(unreadCount))" : layout.strings.scrollToLatest
            let button = floating(.scrollToLatestButton, text: text, content: .count(unreadCount),
                                  y: headerHeight + visibleHeight - metrics.lineHeight, centered: false)
            // A one-row list has the date and the button on the same row: the date (and the
            // jump-to-unread button) give way.
            children.removeAll { [.dateOverlay, .jumpToUnreadButton].contains($0.role) && $0.frame.intersects(button.frame) }
            children.append(button)
        }
        // Over the viewport's last lines, when it is tall enough to show some of the list too.
        if let bar = bottomBar, bar.frame.height < visibleHeight {
            children.append(bar.offsetBy(dy: headerHeight + visibleHeight - bar.frame.height))
        }
        let root = Box(role: .root, frame: Frame(x: 0, y: 0, width: width, height: headerHeight + visibleHeight), children: children)
        return LaidOutScreen(width: width, height: root.frame.height, root: root, lineHeight: metrics.lineHeight, direction: direction, decoratedRoles: layout.presentation.decoratedRoles)
    }

    /// The header for a viewport showing the rows `visible`: with `automatic` typing and the
    /// typing row (the list's last) not among them, its subtitle is the typing row's words, as
    /// Stream SwiftUI 5 moves the indicator to the navigation bar; else the list's header.
    private func header(showing visible: Range<Int>) -> Box {
        let last = table.rowCount - 1
        guard layout.typingMovesToTheHeader, last >= 0, !visible.contains(last), table.role(ofRow: last) == .typingIndicator,
              let typing = table.box(ofRow: last).text else { return header }
        let title = header.children.first { $0.role == .headerTitle }?.text ?? ""
        return layout.header(ChannelHeader(title: title, subtitle: typing, memberCount: 0), width: width)
    }

    /// How much of the list a viewport shows: its height less the header's, at least 1.
    func visibleHeight(_ viewport: Viewport) -> Int {
        Self.shown(viewport, contentHeight: contentHeight, headerHeight: header.frame.height).visibleHeight
    }

    /// What `viewport` shows of a list `contentHeight` tall under a header `headerHeight`
    /// tall: how much of the list (the viewport's height less the header's, at least 1), from
    /// which offset (the viewport's, clamped to the list), and the largest offset (the bottom).
    static func shown(_ viewport: Viewport, contentHeight: Int, headerHeight: Int) -> (visibleHeight: Int, offset: Int, maxOffset: Int) {
        let visibleHeight = max(1, viewport.height - headerHeight)
        let maxOffset = max(0, contentHeight - visibleHeight)
        return (visibleHeight, min(max(0, viewport.scrollOffset), maxOffset), maxOffset)
    }

    /// A one-line box floating over the list: centred, or at the trailing edge.
    private func floating(_ role: BoxRole, text: String, content: BoxContent? = nil, y: Int, centered: Bool) -> Box {
        var rowLayout = layout.rowLayout(width: width)
        rowLayout.top = y
        let padding = rowLayout.padding, room = rowLayout.innerWidth
        var block = rowLayout.line(role, text, content: content, maxWidth: room)
        block.alignment = centered ? .center : .trailing
        let x = centered ? padding + max(0, (room - block.width) / 2) : width - padding - block.width
        return rowLayout.mirrored(rowLayout.box(block, id: nil, x: x, y: 0))
    }
}

/// A list's message rows for the date overlay, in runs (one per chunk of rows), each run's
/// rows counted from the run's top: the batch layout's list has one run from its top, the
/// incremental list's view one per chunk of entries, shared with them and not copied.
struct MessageRowRuns: MessageRowsByEdge, Sendable {
    private var runs: [[LaidOutList.MessageRow]] = []
    private var tops: [Int] = []
    /// The index of each run's first row.
    private var starts: [Int] = []
    private(set) var endIndex = 0

    init() {}

    /// One run from the list's top.
    init(_ rows: [LaidOutList.MessageRow]) { append(rows, top: 0) }

    /// Adds a run of rows whose top is at `top`.
    mutating func append(_ rows: [LaidOutList.MessageRow], top: Int) {
        guard !rows.isEmpty else { return }
        runs.append(rows)
        tops.append(top)
        starts.append(endIndex)
        endIndex += rows.count
    }

    var startIndex: Int { 0 }

    /// How many rows have their `edge` at or above `y` (list coordinates): a search over the
    /// runs' first rows, then one in the run where the count ends — not a search over the
    /// runs for each row the search reads, nor a row (its label retained) copied out for it.
    func count(_ edge: LaidOutList.MessageRow.Edge, atOrAbove y: Int) -> Int {
        // The runs whose first row is at or above `y`; the rows after them are not (their
        // edges only grow down the list).
        var low = 0, high = runs.count
        while low < high {
            let middle = (low + high) / 2
            if runs[middle][0][edge] + tops[middle] <= y { low = middle + 1 } else { high = middle }
        }
        guard low > 0 else { return 0 }
        let run = low - 1
        return starts[run] + runs[run].count(edge, atOrAbove: y - tops[run])
    }

    /// Row `index`, in list coordinates: O(1) in a list of one run, else a binary search over
    /// the runs.
    subscript(index: Int) -> LaidOutList.MessageRow {
        var run = 0
        if starts.count > 1 {
            var high = starts.count - 1
            while run < high {
                let middle = (run + high + 1) / 2
                if starts[middle] <= index { run = middle } else { high = middle - 1 }
            }
        }
        let row = runs[run][index - starts[run]], top = tops[run]
        return top == 0 ? row : LaidOutList.MessageRow(top: row.top + top, bottom: row.bottom + top, dateLabel: row.dateLabel)
    }
}

/// A layout built on a message list's (the thread list's, the thread view's): its lengths,
/// measurer, words and presentation are that layout's, held once.
public protocol ListLayoutBased {
    /// The message-list layout whose parts this one lays out with.
    var listLayout: MessageListLayout { get }
}

extension ListLayoutBased {
    /// The lengths of the layout.
    public var metrics: Metrics { listLayout.metrics }
    /// Measures, wraps and cuts every text.
    public var measurer: any TextMeasuring { listLayout.measurer }
    /// The words the layout writes.
    public var strings: ChatStrings { listLayout.strings }
    /// The front end's words and glyphs around typed content.
    public var presentation: any BoxPresentation { listLayout.presentation }
}

/// Message rows sorted top to bottom (their tops and their bottoms grow down the list), that
/// count the rows above a line without reading every row: the date overlay's searches.
protocol MessageRowsByEdge: RandomAccessCollection<LaidOutList.MessageRow> where Index == Int {
    /// How many rows have their `edge` at or above `y`.
    func count(_ edge: LaidOutList.MessageRow.Edge, atOrAbove y: Int) -> Int
}

extension Array: MessageRowsByEdge where Element == LaidOutList.MessageRow {
    /// A binary search, each row's edge read in place.
    func count(_ edge: LaidOutList.MessageRow.Edge, atOrAbove y: Int) -> Int {
        withUnsafeBufferPointer { rows in
            var low = 0, high = rows.count
            while low < high {
                let middle = (low + high) / 2
                if rows[middle][edge] <= y { low = middle + 1 } else { high = middle }
            }
            return low
        }
    }
}
