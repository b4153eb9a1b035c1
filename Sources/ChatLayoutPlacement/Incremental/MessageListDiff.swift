@_spi(ChatLayoutStages) import ChatLayoutModel
@_spi(ChatLayoutStages) import ChatLayoutDecisions
import ChatLayoutComposition

/// The identity of a row of the message list, stable across changes: a front end keys its
/// cells by it.
public enum ListItemID: Hashable, Sendable, CustomStringConvertible {
    /// A message's row, by message id.
    case message(String)
    /// The date separator of a calendar day. Unique as long as local days never go back, which
    /// only a time zone whose clocks go back across midnight could do.
    case dateSeparator(CalendarDay)
    /// The unread separator (there is at most one).
    case unreadSeparator
    /// The typing indicator row.
    case typingIndicator
    /// The "No messages yet" state.
    case emptyState
    /// The loading state.
    case loadingState
    /// The loading row above the oldest message while older messages load.
    case loadingOlderIndicator
    /// The loading row under the newest message while newer messages load.
    case loadingNewerIndicator

    /// Message ids compare by their bytes, not by canonical equivalence: "cafe\u{301}" and
    /// "caf\u{E9}" are two rows.
    public static func == (lhs: ListItemID, rhs: ListItemID) -> Bool {
        switch (lhs, rhs) {
        case let (.message(left), .message(right)): Identifier.same(left, right)
        case let (.dateSeparator(left), .dateSeparator(right)): left == right
        case (.unreadSeparator, .unreadSeparator), (.typingIndicator, .typingIndicator),
             (.emptyState, .emptyState), (.loadingState, .loadingState),
             (.loadingOlderIndicator, .loadingOlderIndicator), (.loadingNewerIndicator, .loadingNewerIndicator): true
        default: false
        }
    }

    /// Hashes the same bytes that `==` compares.
    public func hash(into hasher: inout Hasher) {
        switch self {
        case .message(let id):
            hasher.combine(0 as UInt8)
            Identifier.hash(id, into: &hasher)
        case .dateSeparator(let day):
            hasher.combine(1 as UInt8)
            hasher.combine(day)
        case .unreadSeparator: hasher.combine(2 as UInt8)
        case .typingIndicator: hasher.combine(3 as UInt8)
        case .emptyState: hasher.combine(4 as UInt8)
        case .loadingState: hasher.combine(5 as UInt8)
        case .loadingOlderIndicator: hasher.combine(6 as UInt8)
        case .loadingNewerIndicator: hasher.combine(7 as UInt8)
        }
    }

    /// The id of an item of the decisions.
    public init(_ item: MessageListItem) {
        switch item {
        case .message(let decision): self = .message(decision.message.id)
        case .dateSeparator(let day, _): self = .dateSeparator(day)
        case .unreadSeparator: self = .unreadSeparator
        case .typingIndicator: self = .typingIndicator
        case .emptyState: self = .emptyState
        case .loadingState: self = .loadingState
        case .loadingOlderIndicator: self = .loadingOlderIndicator
        case .loadingNewerIndicator: self = .loadingNewerIndicator
        }
    }

    /// "m1", "date:2024-03-05", "unread", "typing", "empty", "loading", "loading-older",
    /// "loading-newer".
    public var description: String {
        switch self {
        case .message(let id): id
        case .dateSeparator(let day): "date:\(day)"
        case .unreadSeparator: "unread"
        case .typingIndicator: "typing"
        case .emptyState: "empty"
        case .loadingState: "loading"
        case .loadingOlderIndicator: "loading-older"
        case .loadingNewerIndicator: "loading-newer"
        }
    }
}

/// One row of a laid-out message list: its stable id, its index top to bottom, its decisions
/// and its box in list coordinates.
public struct LaidOutItem: Hashable, Sendable {
    /// The row's stable id.
    public var id: ListItemID
    /// The row's index in the list, top to bottom.
    public var index: Int
    /// What was decided about the row.
    public var item: MessageListItem {
        get {
            switch decided {
            case .item(let item): item
            case .message(let decision): .message(decision.decision)
            }
        }
        set { decided = .item(newValue) }
    }

    /// What was decided: an item, or a message row's decisions behind the list's shared
    /// reference (an item of the incremental list: the decisions, a large value, are copied
    /// out only when asked for).
    private enum Decided: Sendable {
        case item(MessageListItem)
        case message(DecisionBox)
    }

    private var decided: Decided
    /// The row's box, `y` counted from the top of the list (as ``LaidOutList/rows``). An item
    /// of the incremental list reads it from the list's row records when asked (each time):
    /// a change makes no box nobody reads. Read it before the list changes again and keep the
    /// box, not the item (see ``MessageListDiff``).
    public var row: Box {
        get {
            switch place {
            case .box(let box): box
            case .stored(let table, let row, let dy): table.box(ofRow: row, dy: dy)
            }
        }
        set { place = .box(newValue) }
    }

    /// Where the box is: a value, or a row of a table (shared, not copied) moved down by `dy`.
    private enum Place: Sendable {
        case box(Box)
        case stored(RowTable, row: Int, dy: Int)
    }

    private var place: Place

    /// Makes an item.
    public init(id: ListItemID, index: Int, item: MessageListItem, row: Box) {
        self.id = id
        self.index = index
        decided = .item(item)
        place = .box(row)
    }

    /// An item whose box is row `row` of `table`, moved down by `dy`.
    init(id: ListItemID, index: Int, item: MessageListItem, table: RowTable, row: Int, dy: Int) {
        self.id = id
        self.index = index
        decided = .item(item)
        place = .stored(table, row: row, dy: dy)
    }

    /// A message row whose decisions are `decision` and whose box is row `row` of `table`,
    /// moved down by `dy`.
    init(id: ListItemID, index: Int, decision: DecisionBox, table: RowTable, row: Int, dy: Int) {
        self.id = id
        self.index = index
        decided = .message(decision)
        place = .stored(table, row: row, dy: dy)
    }

    /// The row's frame in the list (no box made).
    public var frame: Frame {
        switch place {
        case .box(let box): box.frame
        case .stored(let table, let row, let dy): table.frame(ofRow: row).offsetBy(dy: dy)
        }
    }

    /// The same id, index, decisions and box (wherever each box is kept).
    public static func == (lhs: LaidOutItem, rhs: LaidOutItem) -> Bool {
        lhs.id == rhs.id && lhs.index == rhs.index && lhs.item == rhs.item && lhs.row == rhs.row
    }

    /// Hashes what `==` compares.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(id)
        hasher.combine(index)
        hasher.combine(item)
        hasher.combine(row)
    }
}

/// What one change did to the rows of a message list, by stable id. To bring a copy of the
/// previous rows up to date: drop the `removed` ids, insert the `inserted` items at their
/// indices (in order), then replace the `updated` ones at theirs.
///
/// A row that is in none of the lists kept its decisions and its box, but it may have moved
/// up or down with the rows above it: read positions from the list (``IncrementalMessageList/items(intersecting:)``,
/// ``IncrementalMessageList/screen(_:)``). A row that moved among the others (the unread
/// separator that now stands above another message) is removed and inserted.
///
/// Apply a diff, then let it go before the next change. Its items read their rows from the
/// list's own storage (``LaidOutItem/row``); a diff still held when the list changes again
/// keeps that storage shared, and the change copies it before writing — an append then takes
/// three to four times as long (a chunk of the list's rows copied each time). To keep what a
/// diff said, keep its rows' boxes and ids, not the diff.
public struct MessageListDiff: Hashable, Sendable {
    /// Rows of the previous list that are gone.
    public var removed: [ListItemID]
    /// New rows, by index, with their frames in the new list.
    public var inserted: [LaidOutItem]
    /// Rows still there whose decisions or box changed, by index, with their new frames.
    public var updated: [LaidOutItem]
    /// The header changed (its subtitle shows who is typing, or the width changed).
    public var headerChanged: Bool
    /// The list's height after the change.
    public var contentHeight: Int
    /// The unread count of the scroll-to-latest button after the change.
    public var unreadCount: Int

    /// Makes a diff.
    public init(removed: [ListItemID] = [], inserted: [LaidOutItem] = [], updated: [LaidOutItem] = [],
                headerChanged: Bool = false, contentHeight: Int, unreadCount: Int) {
        self.removed = removed
        self.inserted = inserted
        self.updated = updated
        self.headerChanged = headerChanged
        self.contentHeight = contentHeight
        self.unreadCount = unreadCount
    }

    /// No row and not the header changed.
    public var isEmpty: Bool { removed.isEmpty && inserted.isEmpty && updated.isEmpty && !headerChanged }
}
