/// One shown message with the separators that stand above it: its decisions, its rows and the
/// height it takes in the list. Its rows depend only on itself and its two neighbours, which
/// is what lets a change re-resolve a few entries instead of the list.
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
    /// The rows above the message row, top to bottom (the date separator, then the unread
    /// separator), where they stand when the entry's top is at `origin`.
    var separators: [Box] = []
    var hasDateSeparator = false
    /// The message row, where it stands when the entry's top is at `origin`.
    var row: Box
    /// The list y the entry's rows were placed for: its top when it was last resolved. While
    /// the entry stays there (nothing above it changed height, as when a message is appended
    /// under it), its rows are read as they are; else they are moved by the difference.
    var origin = 0
    /// The row must be laid out again (a new entry, another width).
    var needsRow = true
    /// The space the entry takes: the space above it, its rows and the space between them.
    var extent = 0
    /// Counts for the unread separator (`UnreadResolver.isCandidate`).
    var isUnreadCandidate: Bool

    var message: Message { decision.message }
    var day: CalendarDay { decision.day }
    var rowCount: Int { separators.count + 1 }

    /// An entry not yet resolved: the message and its local time.
    init(message: Message, sequence: Int, time: MessageTime, currentUserID: String?) {
        key = SortKey(createdAt: message.createdAt, sequence: sequence)
        minute = time.minute
        decisionBox = DecisionBox(MessageDecision(
            message: message, text: "", position: .single, groupBoundary: .newest, options: [], day: time.day, dateLabel: "",
            timeText: time.shortTime, deliveryStatus: nil, translation: nil, threadInfoText: nil, reasons: []
        ))
        row = Box(role: .messageRow, frame: Frame(x: 0, y: 0, width: 0, height: 0))
        isUnreadCandidate = UnreadResolver.isCandidate(message, currentUserID: currentUserID)
    }

    /// The same message with new content (an edit in place): resolved and laid out again later.
    mutating func replaceMessage(_ message: Message, currentUserID: String?) {
        decision.message = message
        needsRow = true
        isUnreadCandidate = UnreadResolver.isCandidate(message, currentUserID: currentUserID)
    }

    /// The entry's rows, top to bottom, with their tops inside the entry.
    func rows(unreadText: String) -> [EntryRow] {
        var rows: [EntryRow] = []
        rows.reserveCapacity(rowCount)
        forEachRow(unreadText: unreadText) { rows.append($0) }
        return rows
    }

    /// Calls `body` with each of the entry's rows, top to bottom, with their tops inside the
    /// entry (where they were stacked: their boxes stand there when the entry's top is at
    /// `origin`).
    func forEachRow(unreadText: String, _ body: (EntryRow) -> Void) {
        // The separators in the order they were placed (`MessageListItem.rowsAbove`).
        for separator in separators {
            if separator.role == .unreadSeparator {
                body(EntryRow(id: .unreadSeparator, content: .other(.unreadSeparator(text: unreadText)), box: separator,
                              offset: separator.frame.y - origin, origin: origin))
            } else {
                body(EntryRow(id: .dateSeparator(day), content: .dateSeparator(day, decision.dateLabel), box: separator,
                              offset: separator.frame.y - origin, origin: origin))
            }
        }
        body(EntryRow(id: .message(decisionBox.value.message.id), content: .message(decisionBox), box: row, offset: messageRowOffset,
                      origin: origin))
    }

    /// What the decisions of the entry under it read of it.
    var asAbove: MessageAbove { MessageAbove(day: day, endsGroup: decision.isLastInGroup) }
    /// What the decisions of the entry above it read of it.
    var asBelow: MessageBelow { MessageBelow(message: message, day: day, minute: minute) }

    /// The top of the message row inside the entry.
    var messageRowOffset: Int { row.frame.y - origin }
}

/// An immutable decision, shared by the copies of an entry.
final class DecisionBox: Sendable {
    let value: MessageDecision

    init(_ value: MessageDecision) { self.value = value }
}

/// A row of an entry (or under the entries): its id, what was decided, its box, its top
/// inside the entry and the entry top its box was placed for (`origin`: the box stands at
/// `origin + offset`). Decisions stay behind their shared reference until asked for.
struct EntryRow {
    enum Content {
        case dateSeparator(CalendarDay, String)
        case message(DecisionBox)
        case other(MessageListItem)
    }

    var id: ListItemID
    var content: Content
    var box: Box
    var offset: Int
    var origin: Int

    var item: MessageListItem {
        switch content {
        case .dateSeparator(let day, let text): .dateSeparator(day: day, text: text)
        case .message(let decision): .message(decision.value)
        case .other(let item): item
        }
    }

    /// The same decisions and box as `other` (boxes compared at the rows' tops).
    func isUnchanged(from other: EntryRow) -> Bool {
        guard box.isSame(other.box, movedDown: (origin + offset) - (other.origin + other.offset)) else { return false }
        switch (content, other.content) {
        case (.message(let decision), .message(let previous)): return decision === previous || decision.value.isExactly(previous.value)
        case (.dateSeparator(let day, let text), .dateSeparator(let previousDay, let previousText)):
            return day == previousDay && Identifier.same(text, previousText)
        case (.other(let item), .other(let previous)): return item.isExactly(previous)
        default: return false
        }
    }

    /// The row as an item of the list, its entry starting at `top`, at `index` in the list.
    func laidOut(index: Int, top: Int) -> LaidOutItem {
        LaidOutItem(id: id, index: index, item: item, row: box(entryTop: top))
    }

    /// The box where it stands when its entry's top is at `top` (as it is, when that is
    /// where it was placed).
    func box(entryTop top: Int) -> Box {
        top == origin ? box : box.offsetBy(dy: top - origin)
    }
}
