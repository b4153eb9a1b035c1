/// One shown message with the separators that stand above it: its key, its decisions and what
/// its rows are (how many, which separators, where its message row stands and how tall it is).
/// The rows themselves are kept by its chunk of the store (`EntryStore.Chunk.rows`), in the
/// batch layout's `RowTable` shape, from the chunk's top. Its rows depend only on itself and
/// its two neighbours, which is what lets a change re-resolve a few entries instead of the list.
struct ListEntry: Sendable {
    var key: SortKey
    /// The message's wall-clock minute (for `same_minute` grouping).
    var minute: GroupingResolver.LocalMinute
    /// The decisions. Until the entry is resolved, only `message`, `day` and `timeText` hold.
    var decision: MessageDecision {
        get { decisionBox.value }
        set { decisionBox = DecisionBox(newValue) }
    }
    /// The decisions behind a reference: entries are copied and moved (sorted, chunks split,
    /// neighbours read), and decisions are large values.
    private(set) var decisionBox: DecisionBox
    /// The rows above the message row (`MessageListItem.rowsAbove`): the date separator, then
    /// the unread separator.
    var hasDateSeparator = false
    var hasUnreadSeparator = false
    /// The message row's top inside the entry, and its height.
    var messageRowOffset = 0
    var messageRowHeight = 0
    /// The row must be laid out again (a new entry, another width).
    var needsRow = true
    /// The rows the entry was last resolved to, from the entry's top, until its chunk takes
    /// them in (`EntryStore.settle()`); nil while the rows in the chunk stand.
    var newRows: RowTable?
    /// Where the entry's rows are in its chunk's table: the index of the first (-1: none yet)
    /// and the entry top (from the chunk's) they were written for.
    var storedRow = -1
    var storedTop = 0
    /// The space the entry takes: the space above it, its rows and the space between them.
    var extent = 0
    /// How many rows it has (none until it is resolved).
    var rowCount = 0
    /// Counts for the unread separator (`UnreadResolver.isCandidate`).
    var isUnreadCandidate: Bool

    var message: Message { decision.message }
    var day: CalendarDay { decision.day }

    /// An entry not yet resolved: the message and its local time.
    init(message: Message, sequence: Int, time: MessageTime, currentUserID: String?) {
        key = SortKey(createdAt: message.createdAt, sequence: sequence)
        minute = time.minute
        decisionBox = DecisionBox(MessageDecision(
            message: message, text: "", position: .single, groupBoundary: .newest, options: [], day: time.day, dateLabel: "",
            timeText: time.shortTime, deliveryStatus: nil, translation: nil, threadInfoText: nil, reasons: []
        ))
        isUnreadCandidate = UnreadResolver.isCandidate(message, currentUserID: currentUserID)
    }

    /// The same message with new content (an edit in place): resolved and laid out again later.
    mutating func replaceMessage(_ message: Message, currentUserID: String?) {
        decision.message = message
        needsRow = true
        isUnreadCandidate = UnreadResolver.isCandidate(message, currentUserID: currentUserID)
    }

    /// Calls `body` with the id of each of the entry's rows and what was decided of it, top to
    /// bottom (the order `MessageListItem.rowsAbove` places the separators in).
    func forEachRowContent(unreadText: String, _ body: (ListItemID, EntryRow.Content) -> Void) {
        if hasDateSeparator { body(.dateSeparator(day), .dateSeparator(day, decision.dateLabel)) }
        if hasUnreadSeparator { body(.unreadSeparator, .other(.unreadSeparator(text: unreadText))) }
        body(.message(decisionBox.value.message.id), .message(decisionBox))
    }

    /// What the decisions of the entry under it read of it.
    var asAbove: MessageAbove { MessageAbove(day: day, endsGroup: decision.isLastInGroup) }
    /// What the decisions of the entry above it read of it.
    var asBelow: MessageBelow { MessageBelow(message: message, day: day, minute: minute) }

    /// Its message row's place in the list, for the date overlay, its top at `top`.
    func messageRow(top: Int) -> LaidOutList.MessageRow {
        LaidOutList.MessageRow(top: top + messageRowOffset, bottom: top + messageRowOffset + messageRowHeight,
                               dateLabel: decision.dateLabel)
    }
}

/// An immutable decision, shared by the copies of an entry.
final class DecisionBox: Sendable {
    let value: MessageDecision

    init(_ value: MessageDecision) { self.value = value }
}

/// An entry's rows as they stand in its chunk: the chunk's table (shared, not copied), the
/// entry's first row in it and the entry top they were written for.
struct StoredRows {
    var table: RowTable
    var firstRow: Int
    var top: Int

    /// Row `index` of the entry's, from the entry's top.
    func frame(ofRow index: Int) -> Frame { table.frame(ofRow: firstRow + index).offsetBy(dy: -top) }

    /// Appends row `index` of the entry's to `rows`, its top at `y` (from the entry's top).
    func copyRow(_ index: Int, into rows: inout RowTable, at y: Int) {
        let row = firstRow + index
        rows.appendRows(row ..< row + 1, of: table, dy: y - table.frame(ofRow: row).y)
    }
}

/// A row of an entry (or under the entries): its id, what was decided, its frame in the list
/// and where its box is. Decisions stay behind their shared reference and boxes in their
/// table until asked for.
struct EntryRow {
    enum Content {
        case dateSeparator(CalendarDay, String)
        case message(DecisionBox)
        case other(MessageListItem)
    }

    /// Where the row's box is.
    enum Place {
        /// Row `row` of chunk `chunk` of the entries' store.
        case stored(chunk: Int, row: Int)
        /// This box, moved down by `dy`.
        case box(Box, dy: Int)
        /// A row as it was before a change that did not rewrite it: the row after the change,
        /// moved at most.
        case unchanged
    }

    var id: ListItemID
    var content: Content
    var place: Place
    /// Its frame in the list (unknown for an unchanged row as it was).
    var frame: Frame

    var item: MessageListItem {
        switch content {
        case .dateSeparator(let day, let text): .dateSeparator(day: day, text: text)
        case .message(let decision): .message(decision.value)
        case .other(let item): item
        }
    }

    /// The same decisions as `other`.
    func hasSameContent(as other: EntryRow) -> Bool {
        switch (content, other.content) {
        case (.message(let decision), .message(let previous)): return decision === previous || decision.value.isExactly(previous.value)
        case (.dateSeparator(let day, let text), .dateSeparator(let previousDay, let previousText)):
            return day == previousDay && Identifier.same(text, previousText)
        case (.other(let item), .other(let previous)): return item.isExactly(previous)
        default: return false
        }
    }

    /// Its box in list coordinates, read from `entries` when it is stored there.
    func box(in entries: EntryStore) -> Box {
        switch place {
        case .stored(let chunk, let row): return entries.box(chunk: chunk, row: row)
        case .box(let box, let dy): return dy == 0 ? box : box.offsetBy(dy: dy)
        case .unchanged: preconditionFailure("an unchanged row is read after the change")
        }
    }

    /// The row as an item of the list, at `index` in it.
    func laidOut(index: Int, in entries: EntryStore) -> LaidOutItem {
        LaidOutItem(id: id, index: index, item: item, row: box(in: entries))
    }
}
