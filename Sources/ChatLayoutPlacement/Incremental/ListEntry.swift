@_spi(ChatLayoutStages) import ChatLayoutModel
@_spi(ChatLayoutStages) import ChatLayoutDecisions
import ChatLayoutComposition

/// One shown message with the separators that stand above it: its decisions, its rows and the
/// height it takes in the list. Its rows depend only on itself and its two neighbours, which
/// is what lets a change re-resolve a few entries instead of the list.
struct ListEntry: Sendable {
    var key: SortKey
    /// The message's wall-clock minute (for `same_minute` grouping).
    var minute: GroupingResolver.LocalMinute
    /// The decisions. Until the entry is resolved, only `message`, `day` and `timeText` hold.
    var decision: MessageDecision {
        get { decisionBox.decision }
        set { decisionBox = DecisionBox(newValue) }
    }
    /// The decisions' group boundary. Set in place where the entry alone holds its decisions
    /// and the new boundary ends the group, or goes on with it, as the old one did (the
    /// message under it moved its boundary on, nothing else: an append at the bottom); else
    /// the decisions are copied once into a new reference.
    var groupBoundary: GroupBoundary {
        get { decisionBox.groupBoundary }
        set {
            if newValue.isLast == decisionBox.groupBoundary.isLast && isKnownUniquelyReferenced(&decisionBox) {
                decisionBox.replaceGroupBoundary(newValue)
                return
            }
            var decision = decisionBox.decision
            decision.groupBoundary = newValue
            decisionBox = DecisionBox(decision)
        }
    }
    /// The decisions behind a reference: entries are copied and moved (sorted, chunks split,
    /// neighbours read), and decisions are large values. Set, the entry holds other decisions
    /// (made into their reference at once, not copied into one).
    var decisionBox: DecisionBox
    /// The older page's loading row stands above it (the first entry, while older messages load).
    var hasOlderPageRow = false
    var hasDateSeparator = false
    var hasUnreadSeparator = false
    /// How many rows it has in its chunk's table (`EntryStore`), where they are read from its
    /// top (none until it is resolved).
    var rowCount = 0
    /// The top of its message row inside the entry, and its height.
    var messageRowOffset = 0
    var messageRowHeight = 0
    /// The row must be laid out again (a new entry, another width).
    var needsRow = true
    /// The space the entry takes: the space above it, its rows and the space between them.
    var extent = 0
    /// Counts for the unread separator (`UnreadResolver.isCandidate`).
    var isUnreadCandidate: Bool

    var message: Message { decisionBox.value.message }
    var day: CalendarDay { decisionBox.value.day }

    /// How many rows it has and which stand above its message row: what a diff reads of its
    /// rows as they were, apart from its decisions (``EntryBefore``).
    struct RowShape {
        var rowCount: Int
        var hasOlderPageRow: Bool
        var hasDateSeparator: Bool
        var hasUnreadSeparator: Bool
    }

    var rowShape: RowShape {
        RowShape(rowCount: rowCount, hasOlderPageRow: hasOlderPageRow, hasDateSeparator: hasDateSeparator,
                 hasUnreadSeparator: hasUnreadSeparator)
    }

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

    /// A new entry decided already (`Pipeline.resolveNew`: an append at the bottom, decided
    /// at once, without decisions made only to be replaced); its rows are set as they are written.
    init(key: SortKey, minute: GroupingResolver.LocalMinute, decision: DecisionBox, isUnreadCandidate: Bool) {
        self.key = key
        self.minute = minute
        decisionBox = decision
        self.isUnreadCandidate = isUnreadCandidate
        needsRow = false
    }

    /// The same message with new content (an edit in place): resolved and laid out again later.
    mutating func replaceMessage(_ message: Message, currentUserID: String?) {
        decision.message = message
        needsRow = true
        isUnreadCandidate = UnreadResolver.isCandidate(message, currentUserID: currentUserID)
    }

    /// Calls `body` with the id of each of the entry's rows and what was decided of it, top to
    /// bottom (the order `MessageListItem.rowsAbove` places the separators in).
    func forEachRowContent(texts: EntryRowTexts, _ body: (ListItemID, EntryRow.Content) -> Void) {
        Self.forEachRowContent(olderPageRow: hasOlderPageRow, dateSeparator: hasDateSeparator, unreadSeparator: hasUnreadSeparator,
                               decisions: decisionBox, texts: texts, body)
    }

    /// The same for an entry with these rows above its message row and these decisions: read
    /// out of an entry in storage the closure could reach, which a call of the method on it
    /// copies whole first.
    static func forEachRowContent(olderPageRow: Bool, dateSeparator: Bool, unreadSeparator: Bool, decisions: DecisionBox,
                                  texts: EntryRowTexts, _ body: (ListItemID, EntryRow.Content) -> Void) {
        if olderPageRow { body(.loadingOlderIndicator, .other(.loadingOlderIndicator(text: texts.loading))) }
        if dateSeparator { body(.dateSeparator(decisions.value.day), .dateSeparator(decisions.value.day, decisions.value.dateLabel)) }
        if unreadSeparator { body(.unreadSeparator, .other(.unreadSeparator(text: texts.unread))) }
        body(.message(decisions.value.message.id), .message(decisions))
    }

    /// What the decisions of the entry under it read of it.
    var asAbove: MessageAbove { MessageAbove(day: day, endsGroup: decisionBox.value.isLastInGroup) }
    /// What the decisions of the entry above it read of it.
    var asBelow: MessageBelow { MessageBelow(message: message, day: day, minute: minute) }

    /// Its message row's place in the list, for the date overlay, its top at `top`.
    func messageRow(top: Int) -> LaidOutList.MessageRow {
        LaidOutList.MessageRow(top: top + messageRowOffset, bottom: top + messageRowOffset + messageRowHeight,
                               dateLabel: decisionBox.value.dateLabel)
    }
}

/// What a diff reads of an entry as it was before a change: its rows (how many, and which
/// stand above its message row) and its decisions.
struct EntryBefore {
    var rows: ListEntry.RowShape
    var decisions: DecisionBox

    init(_ entry: ListEntry) {
        self.init(rows: entry.rowShape, decisions: entry.decisionBox)
    }

    /// The rows of an entry (read before it changed) with the decisions it had.
    init(rows: ListEntry.RowShape, decisions: DecisionBox) {
        self.rows = rows
        self.decisions = decisions
    }

    /// Calls `body` with the id of each of the entry's rows and what was decided of it, top to
    /// bottom (``ListEntry/forEachRowContent(texts:_:)``).
    func forEachRowContent(texts: EntryRowTexts, _ body: (ListItemID, EntryRow.Content) -> Void) {
        ListEntry.forEachRowContent(olderPageRow: rows.hasOlderPageRow, dateSeparator: rows.hasDateSeparator,
                                    unreadSeparator: rows.hasUnreadSeparator, decisions: decisions, texts: texts, body)
    }
}

/// The words of the rows an entry's decisions do not hold: the unread separator's and the
/// older page's loading row's.
struct EntryRowTexts {
    var unread: String
    var loading: String
}

/// A decision, shared by the copies of an entry: immutable but for its group boundary, which
/// an entry holding it alone moves on in place (``ListEntry/groupBoundary``), the fields
/// regrouping sets, which an entry holding it alone sets in place (``regroup(_:)``), and its
/// message and text, likewise (``retext(_:)``).
final class DecisionBox: @unchecked Sendable {
    /// The decisions as they were made, or regrouped since in place (``regroup(_:)``). Their
    /// group boundary may since have been replaced (``groupBoundary``), only ever by one that
    /// ends the group, or goes on with it, as it did: what `isLastInGroup` says of them
    /// stands, the boundary itself is read there.
    @exclusivity(unchecked) private(set) var value: MessageDecision
    /// The decisions' group boundary: `value`'s, or the one set in place since. Changed only
    /// while one entry alone holds the box (no other copy, no earlier diff, reads it).
    @exclusivity(unchecked) private(set) var groupBoundary: GroupBoundary

    init(_ value: MessageDecision) {
        self.value = value
        groupBoundary = value.groupBoundary
    }

    /// The decisions with their group boundary as it is now: what is read out of the list.
    var decision: MessageDecision {
        guard groupBoundary != value.groupBoundary else { return value }
        var decision = value
        decision.groupBoundary = groupBoundary
        return decision
    }

    /// Moves the group boundary on to `boundary`, which ends the group, or goes on with it, as
    /// the current one does (``ListEntry/groupBoundary``, the box held alone).
    func replaceGroupBoundary(_ boundary: GroupBoundary) {
        precondition(boundary.isLast == groupBoundary.isLast, "a boundary set in place keeps whether the group ends")
        groupBoundary = boundary
    }

    /// Calls `body` with the decisions where they are, not copied: a class's stored value
    /// passed to a function is copied first, every reference in it retained and then released
    /// (about 600 instructions for decisions). `body` borrows them: it must not change the box
    /// meanwhile (``regroup(_:)``), and what it keeps of them it copies.
    ///
    /// They are handed over as a bitwise duplicate that holds no references of its own: its
    /// bytes are copied into temporary memory, taken from there as a value and put back, and
    /// the temporary memory is let go without the value destroyed. The box (alive while its
    /// method runs) holds every reference the duplicate points to, and nothing writes to the
    /// box: other threads may read the same box meanwhile.
    func readInPlace<R>(_ body: (MessageDecision) -> R) -> R {
        withUnsafeTemporaryAllocation(of: MessageDecision.self, capacity: 1) { temporary in
            let duplicate = temporary.baseAddress!
            withUnsafePointer(to: &value) { stored in
                UnsafeMutableRawPointer(duplicate).copyMemory(from: stored, byteCount: MemoryLayout<MessageDecision>.size)
            }
            let decision = duplicate.move()
            let result = body(decision)
            duplicate.initialize(to: consume decision) // not destroyed: it holds no references of its own
            return result
        }
    }

    /// Sets the fields `regrouped` changes (``Regrouped/apply(to:)``) in place: for an entry
    /// that alone holds the box (no other copy, no diff, reads it), whose decisions are then
    /// other decisions in the same box — no box made for them, nor the old one freed. Its
    /// group boundary is `regrouped`'s, in ``value`` as in ``groupBoundary``.
    func regroup(_ regrouped: Regrouped) {
        regrouped.apply(to: &value)
        groupBoundary = regrouped.groupBoundary
    }

    /// Sets `message` and its text as the decisions' message and text, in place: for an
    /// entry that alone holds the box, whose message's text alone changed and whose decisions
    /// are the same with it (``MessageListResolver/retexts(_:as:)``) — a streamed reply's token.
    func retext(_ message: Message) {
        value.message = message
        value.text = message.text
    }

    /// Whether these are exactly the decisions `decision` (`isExactly`), their group
    /// boundary as it is now.
    func holds(_ decision: MessageDecision) -> Bool {
        groupBoundary == decision.groupBoundary && readInPlace { Self.sameButForBoundary($0, decision) }
    }

    /// Whether `other` holds exactly the same decisions (`isExactly`): the same box, else
    /// the decisions compared in place, the group position and boundary first (what an
    /// entry resolved again most often changes).
    func holdsExactly(_ other: DecisionBox) -> Bool {
        self === other || value.position == other.value.position && groupBoundary == other.groupBoundary
            && readInPlace { decision in other.readInPlace { Self.sameButForBoundary(decision, $0) } }
    }

    /// `first` and `second` exactly the same decisions but for their group boundaries (which
    /// the boxes hold as they are now, and compare apart): compared in place where the
    /// boundaries are the same, else through a copy of `first` with `second`'s.
    private static func sameButForBoundary(_ first: MessageDecision, _ second: MessageDecision) -> Bool {
        guard first.groupBoundary != second.groupBoundary else { return first.isExactly(second) }
        var copy = first
        copy.groupBoundary = second.groupBoundary
        return copy.isExactly(second)
    }
}

/// A row of an entry (or under the entries): its id, what was decided and where its box is.
/// Decisions stay behind their shared reference and boxes in their table until asked for.
struct EntryRow {
    enum Content {
        case dateSeparator(CalendarDay, String)
        case message(DecisionBox)
        case other(MessageListItem)
    }

    /// Where the row's box is.
    enum Place {
        /// Row `row` of `table` (a chunk's, shared), moved down by `dy` into the list.
        case stored(RowTable, row: Int, dy: Int)
        /// This box, moved down by `dy`.
        case box(Box, dy: Int)
        /// A row before a change that did not rewrite its entry's rows: the same records as
        /// the row of its id after the change.
        case unchanged
        /// A row before a change that rewrote it: its records, no longer read, from `start`
        /// in `table`.
        case records(RowTable, start: Int)
    }

    var id: ListItemID
    var content: Content
    var place: Place

    var item: MessageListItem { Self.item(content) }

    /// The item of a row that holds `content`.
    static func item(_ content: Content) -> MessageListItem {
        switch content {
        case .dateSeparator(let day, let text): .dateSeparator(day: day, text: text)
        case .message(let decision): .message(decision.decision)
        case .other(let item): item
        }
    }

    /// Its frame in the list.
    var frame: Frame {
        switch place {
        case .stored(let table, let row, let dy): table.frame(ofRow: row).offsetBy(dy: dy)
        case .box(let box, let dy): box.frame.offsetBy(dy: dy)
        case .unchanged, .records: preconditionFailure("a row before the change is not read")
        }
    }

    /// Its box in the list.
    var box: Box {
        switch place {
        case .stored(let table, let row, let dy): table.box(ofRow: row, dy: dy)
        case .box(let box, let dy): dy == 0 ? box : box.offsetBy(dy: dy)
        case .unchanged, .records: preconditionFailure("a row before the change is not read")
        }
    }

    /// The same decisions and box as `other`, each where it stands (boxes compared from their
    /// rows' tops): stored rows record by record, no box made.
    func isUnchanged(from other: EntryRow) -> Bool {
        // The decisions first: when they differ (the usual case), no record is compared.
        switch (content, other.content) {
        case (.message(let decision), .message(let previous)):
            guard decision.holdsExactly(previous) else { return false }
        case (.dateSeparator(let day, let text), .dateSeparator(let previousDay, let previousText)):
            guard day == previousDay && Identifier.same(text, previousText) else { return false }
        case (.other(let item), .other(let previous)):
            guard item.isExactly(previous) else { return false }
        default:
            return false
        }
        switch (place, other.place) {
        case (_, .unchanged), (.unchanged, _):
            return true
        case let (.stored(table, row, _), .stored(otherTable, otherRow, _)):
            return table.isSameRow(row, as: otherRow, in: otherTable)
        case let (.stored(table, row, _), .records(otherTable, start)):
            return table.isSameRow(row, asRecordsAt: start, in: otherTable)
        case let (.box(box, _), .box(otherBox, _)):
            return box.isSame(otherBox, movedDown: box.frame.y - otherBox.frame.y)
        default:
            let box = self.box, otherBox = other.box
            return box.isSame(otherBox, movedDown: box.frame.y - otherBox.frame.y)
        }
    }

    /// The row as an item of the list, at `index` in it.
    func laidOut(index: Int) -> LaidOutItem {
        switch place {
        case .stored(let table, let row, let dy):
            if case .message(let decision) = content {
                LaidOutItem(id: id, index: index, decision: decision, table: table, row: row, dy: dy)
            } else {
                LaidOutItem(id: id, index: index, item: item, table: table, row: row, dy: dy)
            }
        case .box, .unchanged, .records: LaidOutItem(id: id, index: index, item: item, row: box)
        }
    }
}
