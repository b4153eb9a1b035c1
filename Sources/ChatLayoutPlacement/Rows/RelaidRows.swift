@_spi(ChatLayoutStages) import ChatLayoutModel
@_spi(ChatLayoutStages) import ChatLayoutDecisions
import ChatLayoutComposition

import Dispatch
import Synchronization

/// A laid-out list's rows, as its queries read them: written whole (a fresh layout), or laid
/// out again at another width (``RelaidRows``: every row's frame known, its records written a
/// chunk at a time when first read). Either answers the same, byte for byte.
struct ListRows: Sendable {
    private enum Storage: Sendable {
        case written(LaidOutRows)
        case relaid(RelaidRows)
    }

    private let storage: Storage

    init(_ rows: LaidOutRows) { storage = .written(rows) }

    init(_ rows: RelaidRows) { storage = .relaid(rows) }

    var rowCount: Int {
        switch storage {
        case .written(let rows): rows.rowCount
        case .relaid(let rows): rows.frames.count
        }
    }

    /// The frame of row `index` (list coordinates), without making its box or writing its chunk.
    func frame(ofRow index: Int) -> Frame {
        switch storage {
        case .written(let rows): rows.frame(ofRow: index)
        case .relaid(let rows): rows.frames[index]
        }
    }

    /// The role of row `index`.
    func role(ofRow index: Int) -> BoxRole {
        switch storage {
        case .written(let rows): rows.role(ofRow: index)
        case .relaid(let rows): rows.roles[index]
        }
    }

    /// The id of row `index`.
    func id(ofRow index: Int) -> String? {
        switch storage {
        case .written(let rows): rows.id(ofRow: index)
        case .relaid(let rows): rows.ids[index]
        }
    }

    /// The rows whose frames reach into `band` (``RowStore/rows(overlapping:)``).
    func rows(overlapping band: Range<Int>) -> Range<Int> {
        switch storage {
        case .written(let rows): rows.rows(overlapping: band)
        case .relaid(let rows): rows.rows(overlapping: band)
        }
    }

    /// Row `index` as a box, moved down by `dy`.
    func box(ofRow index: Int, dy: Int = 0) -> Box {
        switch storage {
        case .written(let rows): rows.box(ofRow: index, dy: dy)
        case .relaid(let rows): rows.box(ofRow: index, dy: dy)
        }
    }

    /// Row `index` as a box moved down by `dy`, holding only its lines that meet `band`.
    func box(ofRow index: Int, dy: Int, linesMeeting band: Range<Int>, lineHeight: Int) -> Box {
        switch storage {
        case .written(let rows): rows.box(ofRow: index, dy: dy, linesMeeting: band, lineHeight: lineHeight)
        case .relaid(let rows): rows.box(ofRow: index, dy: dy, linesMeeting: band, lineHeight: lineHeight)
        }
    }

    /// Every row as a box, moved down by `dy`.
    func boxes(dy: Int = 0) -> [Box] {
        switch storage {
        case .written(let rows): rows.boxes(dy: dy)
        case .relaid(let rows): rows.boxes(dy: dy)
        }
    }
}

/// The rows of a list laid out again at another width: each row's frame, role and id — a
/// message row's from its height worked out by arithmetic over what its first layout kept
/// (``PreparedRow``), or else from its composition (``RowLayout/messageRowHeight(_:)``), any
/// other's by laying it out with nothing written (``RowFrameSink``); each chunk's records
/// (``RelaidRows/chunkLength`` rows) written the first time a box of it is read, as a fresh
/// layout writes them — so that a rotation or a resized window places every row at once and
/// draws only what is shown. Shared between copies of the list; safe to read from several
/// threads (a chunk is written once, under its lock).
final class RelaidRows: Sendable {
    let frames: [Frame]
    let roles: [BoxRole]
    let ids: [String?]
    /// Where each chunk's space begins (list coordinates): its records are in its coordinates.
    let chunkTops: [Int]
    private let prepared: PreparedRows
    private let layout: MessageListLayout
    private let width: Int
    private let chunks: [Chunk]

    private final class Chunk: Sendable {
        let table = Mutex<RowTable?>(nil)
    }

    init(frames: [Frame], roles: [BoxRole], ids: [String?], chunkTops: [Int], prepared: PreparedRows, layout: MessageListLayout,
         width: Int) {
        self.frames = frames
        self.roles = roles
        self.ids = ids
        self.chunkTops = chunkTops
        self.prepared = prepared
        self.layout = layout
        self.width = width
        chunks = chunkTops.map { _ in Chunk() }
    }

    /// Rows written together when one of them is first read: a screen's worth many times over,
    /// small enough that drawing the screen after a rotation writes few rows it does not show.
    /// A run of rows placed together (``MessageListLayout/parallelRunLength``) is a whole number
    /// of chunks.
    static let chunkLength = 256

    /// Chunk `index`'s records: written now if they have not been, as a fresh layout writes
    /// the run of rows it lays out on one core (from y = 0, under the row above it).
    private func table(_ index: Int) -> RowTable {
        chunks[index].table.withLock { table in
            if let table { return table }
            let start = index * Self.chunkLength
            let range = start ..< min(frames.count, start + Self.chunkLength)
            var rows = StackedRows(stack: RowStack(metrics: layout.metrics, below: start > 0 ? prepared.rows[start - 1].kind : nil))
            layout.stack(prepared.items(ofRows: range), into: &rows, width: width)
            let written = rows.table.chunks.first ?? RowTable()
            table = written
            return written
        }
    }

    private func location(ofRow row: Int) -> (chunk: Int, index: Int) { (row / Self.chunkLength, row % Self.chunkLength) }

    func box(ofRow row: Int, dy: Int) -> Box {
        let (chunk, index) = location(ofRow: row)
        return table(chunk).box(ofRow: index, dy: dy + chunkTops[chunk])
    }

    func box(ofRow row: Int, dy: Int, linesMeeting band: Range<Int>, lineHeight: Int) -> Box {
        let (chunk, index) = location(ofRow: row)
        return table(chunk).box(ofRow: index, dy: dy + chunkTops[chunk], linesMeeting: band, lineHeight: lineHeight)
    }

    func boxes(dy: Int) -> [Box] {
        // Every chunk is read: written first on every core, as a fresh layout writes them.
        if layout.laysOutOnAllCores && chunks.count > 1 {
            DispatchQueue.concurrentPerform(iterations: chunks.count) { _ = table($0) }
        }
        var boxes: [Box] = []
        boxes.reserveCapacity(frames.count)
        for chunk in chunks.indices {
            let table = table(chunk)
            for row in 0 ..< table.rowCount { boxes.append(table.box(ofRow: row, dy: dy + chunkTops[chunk])) }
        }
        return boxes
    }

    /// The rows whose frames reach into `band`: two binary searches over the frames.
    func rows(overlapping band: Range<Int>) -> Range<Int> {
        let first = firstRow { $0.maxY > band.lowerBound }
        return first ..< max(first, firstRow { $0.y >= band.upperBound })
    }

    private func firstRow(_ isAtOrAfter: (Frame) -> Bool) -> Int {
        var low = 0, high = frames.count
        while low < high {
            let middle = (low + high) / 2
            if isAtOrAfter(frames[middle]) { high = middle } else { low = middle + 1 }
        }
        return low
    }
}

/// A sink that keeps only the row's own box: its role, id and frame (its height once closed),
/// mirrored as the row is — what a list laid out again needs of a row before its records.
struct RowFrameSink: BoxSink {
    private(set) var role = BoxRole.messageRow
    private(set) var id: String?
    private(set) var frame = Frame(x: 0, y: 0, width: 0, height: 0)
    private var depth = 0

    mutating func open(_ role: BoxRole, id: String?, frame: Frame, text: String?, content: BoxContent?, lines: [TextLine],
                       alignment: TextAlignment, direction: TextDirection, tail: BubbleTail) -> Int {
        if depth == 0 {
            self.role = role
            self.id = id
            self.frame = frame
        }
        depth += 1
        return depth - 1
    }

    mutating func close(_ token: Int, height: Int?) {
        depth -= 1
        if token == 0, let height { frame.height = height }
    }

    mutating func mirrorRow(inWidth width: Int) {
        frame.x = width - frame.x - frame.width
    }
}

/// Rows stacked as ``StackedRows`` stacks them, their frames kept and nothing written.
struct PlacedRows: Sendable {
    var frames: [Frame] = []
    var roles: [BoxRole] = []
    var ids: [String?] = []
    var chunkTops: [Int] = []
    var messageRows: [LaidOutList.MessageRow] = []
    var stack: RowStack

    init(stack: RowStack) { self.stack = stack }

    mutating func append(row index: Int, of prepared: PreparedRows, segments: UnsafeBufferPointer<UInt32>, rowLayout: inout RowLayout) {
        let row = prepared.rows[index]
        let kind = row.kind
        if frames.count % RelaidRows.chunkLength == 0 { chunkTops.append(stack.bottom) }
        rowLayout.top = stack.top(ofNext: kind)
        var frame: Frame
        if kind.isMessage {
            // A message row spans the list: its height alone is worked out, by arithmetic over
            // what it kept, else from its composition (``RowLayout/messageRowHeight(_:)``).
            let height = rowLayout.messageRowHeight(row, segments: segments) ?? {
                guard case .message(let decision) = prepared.item(ofRow: index) else { preconditionFailure("a message row's item") }
                return rowLayout.messageRowHeight(rowLayout.composer.compose(decision))
            }()
            frame = Frame(x: 0, y: rowLayout.top, width: rowLayout.width, height: height)
            roles.append(.messageRow)
            ids.append(prepared.messageID(ofRow: index))
        } else {
            var sink = RowFrameSink()
            rowLayout.write(prepared.item(ofRow: index), into: &sink)
            frame = sink.frame
            roles.append(sink.role)
            ids.append(sink.id)
        }
        let top = stack.place(kind, height: frame.height)
        frames.append(frame)
        if row.dateLabel >= 0 {
            messageRows.append(LaidOutList.MessageRow(top: top, bottom: top + frame.height, dateLabel: prepared.dateLabels[Int(row.dateLabel)]))
        }
    }

    /// The rows of `run` (placed from y = 0 under this one's last row), moved down to where
    /// this one ends.
    mutating func append(contentsOf run: PlacedRows) {
        let dy = stack.bottom
        frames.append(contentsOf: run.frames.lazy.map { $0.offsetBy(dy: dy) })
        roles.append(contentsOf: run.roles)
        ids.append(contentsOf: run.ids)
        chunkTops.append(contentsOf: run.chunkTops.lazy.map { $0 + dy })
        for row in run.messageRows {
            messageRows.append(LaidOutList.MessageRow(top: row.top + dy, bottom: row.bottom + dy, dateLabel: row.dateLabel))
        }
        stack.append(run.stack)
    }
}

extension MessageListLayout {
    /// The list whose rows `prepared` keeps laid out again at `width`: every row placed (on
    /// every core, in runs of rows, as ``layout(_:width:dateIndicator:)`` lays them out) with
    /// nothing written — an arithmetic row's height worked out from what it kept, any other's
    /// from its composition — each chunk's records written when first read: byte for byte a
    /// fresh layout at that width.
    func relaidLayout(_ prepared: PreparedRows, width requestedWidth: Int, dateIndicator: DateIndicatorPlacement) -> LaidOutList {
        let width = Self.width(requestedWidth)
        let count = prepared.rows.count
        let length = Self.parallelRunLength
        let runCount = count == 0 ? 0 : (count - 1) / length + 1
        let place: @Sendable (Int) -> PlacedRows = { index in
            let range = index * length ..< min(count, (index + 1) * length)
            var rows = PlacedRows(stack: RowStack(metrics: self.metrics, below: index > 0 ? prepared.rows[range.lowerBound - 1].kind : nil))
            rows.frames.reserveCapacity(range.count)
            rows.roles.reserveCapacity(range.count)
            rows.ids.reserveCapacity(range.count)
            var rowLayout = self.rowLayout(width: width)
            prepared.segments.withUnsafeBufferPointer { segments in
                for row in range { rows.append(row: row, of: prepared, segments: segments, rowLayout: &rowLayout) }
            }
            return rows
        }
        var placed = PlacedRows(stack: RowStack(metrics: metrics))
        placed.frames.reserveCapacity(count)
        placed.roles.reserveCapacity(count)
        placed.ids.reserveCapacity(count)
        for run in Self.runs(runCount, onAllCores: laysOutOnAllCores, place) { placed.append(contentsOf: run) }
        let rows = RelaidRows(frames: placed.frames, roles: placed.roles, ids: placed.ids, chunkTops: placed.chunkTops, prepared: prepared,
                              layout: self, width: width)
        var list = LaidOutList(width: width, header: header(prepared.header, width: width), table: ListRows(rows),
                               contentHeight: placed.stack.height, messageRows: MessageRowRuns(placed.messageRows),
                               showsOnlyStates: placed.stack.onlyStates, unreadCount: prepared.unreadCount, dateIndicator: dateIndicator,
                               layout: self)
        list.firstUnreadMessageID = prepared.firstUnreadMessageID
        list.jumpToUnreadText = prepared.jumpToUnreadText
        list.prepared = prepared
        list.source = { width in self.relaidLayout(prepared, width: width, dateIndicator: dateIndicator) }
        return list
    }
}
