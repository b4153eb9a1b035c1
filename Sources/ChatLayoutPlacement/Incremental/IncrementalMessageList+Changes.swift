@_spi(ChatLayoutStages) import ChatLayoutModel
@_spi(ChatLayoutStages) import ChatLayoutDecisions
import ChatLayoutComposition

/// Applying changes: each one edits the entries it names, then re-resolves what depends on
/// them (`ChangeRecord`), then reports the rows that changed.
extension IncrementalMessageList {
    /// Applies a change and returns what it did to the rows. On error nothing changed.
    @discardableResult
    public mutating func apply(_ change: MessageListChange) throws(MessageListChangeError) -> MessageListDiff {
        // A new message, noted in the directory: the usual change — under every other, with
        // nothing else to find again — needs no record.
        var added: (message: Message, sequence: Int, renamed: Bool)?
        // An edited message with its quote, looked up once: the edit of its text alone, else any edit.
        var edited: Message?
        // Any change but an edit lets the streamed row go (an edit of the newest message's text
        // alone keeps or makes it, any other edit lets it go: `editTextAtBottom`).
        if case .edit = change {} else { streamed = nil }
        switch change {
        case .append(let message), .insert(let message):
            let sequence = nextSequence
            let shown = isShown(message), key = SortKey(createdAt: message.createdAt, sequence: sequence)
            // Its index in its chunk if it lands at the bottom (most do); `attach` puts another.
            try claim(message, key: shown ? PlacedKey(key, index: entries.nextAppendedIndex) : nil)
            let message = quoting(message)
            nextSequence += 1
            let renamed = directory.add(message, sequence: sequence)
            if !renamed, shown, let diff = appendAtBottom(message, key: key) { return diff }
            added = (message, sequence, renamed)
        case .edit(let message):
            let message = quoting(message)
            if let diff = editTextAtBottom(message) { return diff }
            edited = message
        default:
            break
        }
        // The previous change's record, emptied: its arrays' room is used again, not
        // allocated and freed each change.
        var record = ChangeRecord()
        swap(&record, &spareRecord) // moved out, not copied
        defer {
            record.removeAll()
            swap(&record, &spareRecord)
        }
        switch change {
        case .append, .insert:
            let (message, sequence, renamed) = added!
            if renamed { record.renamedUsers.insert(message.user.id) }
            attach(message, sequence: sequence, record: &record)
        case .prependPage(let messages):
            try checkNew(messages)
            firstSequence -= messages.count
            prepend(quoting(messages), firstSequence: firstSequence, record: &record)
        case .edit:
            try edit(edited!, record: &record)
        case .softDelete(let id, let instant):
            guard var message = message(id) else { throw .unknownMessageID(id) }
            message.deletedAt = message.deletedAt ?? instant
            try edit(message, record: &record)
        case .remove(let id):
            guard let removed = detach(id, record: &record) else { throw .unknownMessageID(id) }
            if directory.remove(removed.message, sequence: removed.sequence, others: allMessages) {
                record.renamedUsers.insert(removed.message.user.id)
            }
        case .width(let width):
            return changeWidth(to: width)
        case .typingUsers(let userIDs):
            shell.typingUserIDs = userIDs
            record.typingChanged = true
        case .reads(let reads):
            changeReads(reads, record: &record)
        case .historyLoaded(let loaded):
            shell.historyLoaded = loaded
            // The oldest entry's date separator; the unread separator is found again in `finish`.
            if !entries.isEmpty { record.refresh.insert(entries[0].key) }
        case .loadingOlderMessages(let loading):
            shell.isLoadingOlderMessages = loading
            if !entries.isEmpty { record.refresh.insert(entries[0].key) } // the row above the oldest entry
        case .loadingNewerMessages(let loading):
            shell.isLoadingNewerMessages = loading // the rows under the messages are made again in `finish`
        }
        return finish(&record)
    }

    /// The message with an id, shown or not.
    func message(_ id: String) -> Message? {
        if let placed = keys[id], let position = entries.position(of: placed) { return entries[position].message }
        return hidden[id]?.message
    }

    /// `message` with the quote its `quotedMessageID` names, when it has no quote of its own
    /// and the conversation has that message: the quote as it reads now, as the decoder takes
    /// it (``Conversation/resolveQuotedMessageIDs()``, the same `QuoteLookup`).
    private func quoting(_ message: Message) -> Message {
        guard QuoteLookup.isUnresolved(message) else { return message }
        var lookup = QuoteLookup()
        lookup.want([message], replies: false)
        var messages = [message]
        lookup.resolve(&messages, replies: false, elsewhere: self.message)
        return messages[0]
    }

    /// A page of messages, each with the quote its id names, in the page (the first with
    /// that id) or else the list.
    private func quoting(_ messages: [Message]) -> [Message] {
        var lookup = QuoteLookup()
        lookup.want(messages, replies: false)
        guard !lookup.isEmpty else { return messages }
        lookup.offer(messages)
        var messages = messages
        lookup.resolve(&messages, replies: false, elsewhere: self.message)
        return messages
    }

    // MARK: - Messages

    /// One new message (an append or an insert): its id is no message's yet (no array, no
    /// set). A message the list shows is given its key at once (`key`): one search of the keys
    /// both tells whether the id has one and gives it one (the key it had put back if it had).
    private mutating func claim(_ message: Message, key: PlacedKey?) throws(MessageListChangeError) {
        guard hidden.count == 0 || hidden[message.id] == nil else { throw .duplicateMessageID(message.id) }
        guard let key else {
            guard keys[message.id] == nil else { throw .duplicateMessageID(message.id) }
            return
        }
        if let old = keys.updateValue(key, forKey: message.id) {
            keys[message.id] = old
            throw .duplicateMessageID(message.id)
        }
    }

    private func checkNew(_ messages: [Message]) throws(MessageListChangeError) {
        var seen = IDSet()
        for message in messages where keys[message.id] != nil || hidden[message.id] != nil || !seen.insert(message.id).inserted {
            throw .duplicateMessageID(message.id)
        }
    }

    /// A message joins the conversation at input place `sequence`.
    private mutating func add(_ message: Message, sequence: Int, record: inout ChangeRecord) {
        if directory.add(message, sequence: sequence) { record.renamedUsers.insert(message.user.id) }
        attach(message, sequence: sequence, record: &record)
    }

    /// A page of messages joins the conversation before every message in input order. When
    /// all of those it shows sort before the list's first entry (a page of older messages), they
    /// go in as new chunks at the top in one step; otherwise one at a time.
    private mutating func prepend(_ messages: [Message], firstSequence: Int, record: inout ChangeRecord) {
        let sequenced = messages.enumerated().map { (sequence: firstSequence + $0.offset, message: $0.element) }
        let shown = sequenced.filter { isShown($0.message) }
            .sorted { SortKey(createdAt: $0.message.createdAt, sequence: $0.sequence) < SortKey(createdAt: $1.message.createdAt, sequence: $1.sequence) }
        guard let last = shown.last, !entries.isEmpty,
              SortKey(createdAt: last.message.createdAt, sequence: last.sequence) < entries[0].key else {
            for (sequence, message) in sequenced { add(message, sequence: sequence, record: &record) }
            return
        }
        for (sequence, message) in sequenced {
            if directory.add(message, sequence: sequence) { record.renamedUsers.insert(message.user.id) }
            if !isShown(message) { hidden[message.id] = (sequence, message) }
        }
        let page = shown.map { pipeline.unresolvedEntry($0.message, sequence: $0.sequence, localTimes: &localTimes) }
        for (index, entry) in page.enumerated() {
            keys[entry.message.id] = PlacedKey(entry.key, index: index % entries.chunkLength) // `prepend` chunks the page
            directory.index(entry.message, shown: true)
            record.added.insert(entry.key)
            record.refresh.insert(entry.key)
        }
        record.refresh.insert(entries[0].key) // the old top: a neighbour above it now
        entries.prepend(page)
    }

    /// Puts a message in the list (or among the hidden ones), to be resolved with its
    /// neighbours.
    private mutating func attach(_ message: Message, sequence: Int, record: inout ChangeRecord) {
        guard isShown(message) else {
            hidden[message.id] = (sequence, message)
            return
        }
        let key = SortKey(createdAt: message.createdAt, sequence: sequence)
        // Appending at the bottom is the common case: no search.
        let position = entries.isEmpty || entries[entries.count - 1].key < key ? entries.count : entries.lowerBound(key)
        entries.insert(pipeline.unresolvedEntry(message, sequence: sequence, localTimes: &localTimes), at: position)
        keys[message.id] = PlacedKey(key, index: entries.location(of: position).index)
        directory.index(message, shown: true)
        record.added.insert(key)
        record.refreshAround(position, in: entries)
    }

    /// A shown message (its key `key`) added under every entry of a list that has some, when
    /// the unread separator is known without a search to stay where it is or to stand above
    /// the new message (`UnreadResolver.appending`) — what `attach` and `finish` do, in a
    /// straight line: the entry above it is given its new group boundary,
    /// or resolved again when its position or rows change (as `resolveAgain` treats it), the
    /// new entry is decided and laid out at once under it (`Pipeline.resolveNew`) and appended
    /// with its rows (`EntryStore.tableForAppending()`, `append(_:rows:)`), and the diff is made from the two
    /// (`ListDiffBuilder.appendDiff`). No keys are sorted or searched, no placeholder
    /// decisions made, no record kept. Nil, with nothing changed, for any other message (its
    /// author already noted in the directory).
    private mutating func appendAtBottom(_ message: Message, key: SortKey) -> MessageListDiff? {
        let last = entries.count - 1
        guard last >= 0, entries.lastKey < key else { return nil }
        let isCandidate = UnreadResolver.isCandidate(message, currentUserID: pipeline.currentUserID)
        guard let (count, separatorAbove) = UnreadResolver.appending(message, isCandidate: isCandidate, previous: unreadCount,
                                                                     hasSeparator: firstUnreadKey != nil, reads: shell.reads,
                                                                     currentUserID: pipeline.currentUserID,
                                                                     separatorEnabled: pipeline.config.unreadSeparatorEnabled,
                                                                     lastReadFallback: pipeline.config.unreadLastReadFallback,
                                                                     historyLoaded: shell.historyLoaded, isLoaded: { self.keys[$0] != nil },
                                                                     state: shell.messageListState) else { return nil }
        if separatorAbove { firstUnreadKey = key }
        let time = localTimes.time(of: message)
        let below = MessageBelow(message: message, day: time.day, minute: time.minute)
        // The entry above it, as `resolveAgain` treats an entry whose entry below changed.
        let above = aboveAppended(at: last, below: below)
        // Its decisions read once (in place: no copy of the entry).
        let aboveDecisions = entries.lastDecisions
        let aboveEntry = MessageAbove(day: aboveDecisions.value.day, endsGroup: aboveDecisions.value.isLastInGroup)
        // The day's label: the entry above's when it is of the same day (`LocalTimes` gives a
        // day one label).
        let label = aboveEntry.day == time.day ? aboveDecisions.value.dateLabel : localTimes.label(for: time.day, at: message.createdAt)
        let unreadAbove = key == firstUnreadKey
        var rows = entries.tableForAppending()
        let entry = pipeline.resolveNew(message, key: key, time: time, isUnreadCandidate: isCandidate, above: aboveEntry, label: label,
                                        unreadAbove: unreadAbove, unreadRow: unreadRow, loadingOlder: nil, channel: shell, delivery: delivery,
                                        directory: directory, authors: &authors, bubbles: &bubbles, into: &rows)
        entries.append(consume entry, rows: &rows) // its key given when it was claimed
        directory.index(message, shown: true)

        // The rows under the messages are made from the list's state, the typing words and
        // the newer page loading, which an append leaves, whether it has messages (it had),
        // and whether the last message ends its group: only that is looked at.
        let lastEndsGroup = entries.lastEndsGroup
        var oldFooter: [FooterRow]?
        if footerInputs.map({ $0.lastEndsGroup != lastEndsGroup }) ?? true { oldFooter = refreshFooter() }
        unreadCount = count
        let diff = ListDiffBuilder.appendDiff(entries, footer: footer, texts: rowTexts, contentHeight: contentHeight,
                                              unreadCount: unreadCount, at: last + 1, above: above, oldFooter: oldFooter)
        entries.compactWastefulChunks() // the rows before the change were read
        return diff
    }

    /// An edit of the newest message's text and nothing else (a streamed reply's token): only
    /// that entry is decided and laid out again, under the same neighbours — what `edit` and
    /// `finish` do, in a straight line. Its text touches nothing around it: not its group
    /// boundary nor the one above it (grouping reads authors, times, types, states), not
    /// whether it is shown, nor the unread separator and count (authors, deletion, reads), nor
    /// the directory (thread participants), nor the rows under the messages (whether it ends
    /// its group). So its rows above its message row (separators, read from its day and the
    /// unread separator's place) stay as they were, and the diff is its message row, updated.
    /// The row the edit before wrote, kept (``streamed``), lets most such edits write the text
    /// alone again (``rewritesStreamedText(_:row:)``). Nil, with nothing changed, for any other
    /// edit.
    private mutating func editTextAtBottom(_ message: Message) -> MessageListDiff? {
        let last = entries.count - 1
        // Its message row, where the entry is the message's and only its text changed.
        guard last >= 0, let row = entries.readLast({ entry, _, stored, _ in
            Identifier.same(entry.message.id, message.id) && message.differsOnlyInText(from: entry.message)
                ? stored + entry.rowCount - 1 : nil
        }) else {
            streamed = nil
            return nil
        }
        if rewritesStreamedText(message, row: row) {
            var diff = MessageListDiff(contentHeight: contentHeight, unreadCount: unreadCount)
            entries.appendItems(of: last, texts: rowTexts, messageRowOnly: true, to: &diff.updated)
            return diff
        }
        streamed = nil
        _ = resolveEntry(at: last, below: nil, message: message) { _, _, _ in }
        entries.settle()
        // Kept for the next token.
        streamed = StreamedRow(box: entries.readLast { entry, _, _, _ in entry.decisionBox }, pipeline: pipeline, authors: &authors)
        // The rows before the change are not read: the table is compacted (when its unread
        // records outnumber its rows) before the diff's items hold it, so that it is cut in
        // place rather than copied first.
        entries.compactWastefulChunks()
        var diff = MessageListDiff(contentHeight: contentHeight, unreadCount: unreadCount)
        entries.appendItems(of: last, texts: rowTexts, messageRowOnly: true, to: &diff.updated)
        return diff
    }

    /// Writes the text of the newest message's row (row `row` of its chunk's table) again in
    /// place for `message`, that message with another text alone, when the row is the one the
    /// last token wrote (``streamed``, its decisions and pipeline the entry's and the list's),
    /// its decisions are the same with the new text (``MessageListResolver/retexts(_:as:)``:
    /// set in place where the entry alone holds them) and the new text's lines fill the box
    /// the old text's did
    /// (``RowLayout/rewriteText(of:text:room:inRow:of:)``); false, nothing changed, otherwise.
    private mutating func rewritesStreamedText(_ message: Message, row: Int) -> Bool {
        // The memo lets go of the decisions (the entry may then hold them alone, and they are
        // set in place); they are told by their identity, alive until now: no other decisions
        // can have it.
        let boxID = streamed.map { ObjectIdentifier($0.box) }, parts = streamed?.parts
        let kept = streamed?.pipeline === pipeline
        streamed = nil
        guard let boxID, let parts, kept else { return false }
        let pipeline = self.pipeline
        var rewritten: DecisionBox?
        _ = entries.updateLast(unreadRows: 0) { entry, rows in
            guard ObjectIdentifier(entry.decisionBox) == boxID,
                  entry.decisionBox.readInPlace({ pipeline.resolver.retexts($0, as: message) }),
                  pipeline.rowLayout.rewriteText(of: parts.spec, text: message.text, room: parts.room, inRow: row, of: &rows)
            else { return false }
            if isKnownUniquelyReferenced(&entry.decisionBox) {
                entry.decisionBox.retext(message)
            } else {
                // Held elsewhere too (an earlier diff's rows): other decisions, in a box of
                // their own, with the group boundary the box holds now.
                var decision = entry.decisionBox.decision
                decision.message = message
                decision.text = message.text
                entry.decisionBox = DecisionBox(decision)
            }
            rewritten = entry.decisionBox
            return true
        }
        guard let rewritten else { return false }
        // As a row written again: the bubble remembered is no longer the row's.
        bubbles = nil
        streamed = StreamedRow(box: rewritten, pipeline: pipeline, parts: parts)
        streamedRewrites += 1
        return true
    }

    /// Takes a message out of the list (or out of the hidden ones); its neighbours are
    /// resolved again. Returns its input place and the message, if there was one.
    private mutating func detach(_ id: String, record: inout ChangeRecord) -> (sequence: Int, message: Message)? {
        if let (sequence, message) = hidden.removeValue(forKey: id) { return (sequence, message) }
        guard let placed = keys.removeValue(forKey: id), let position = entries.position(of: placed) else { return nil }
        record.keep(at: position, in: entries, withRows: true)
        let entry = entries.remove(at: position)
        directory.index(entry.message, shown: false)
        if position > 0 { record.refresh.insert(entries[position - 1].key) }
        if position < entries.count { record.refresh.insert(entries[position].key) }
        return (placed.key.sequence, entry.message)
    }

    /// A message changed: in place when it stays where it is, else out and in again at its
    /// input place.
    private mutating func edit(_ message: Message, record: inout ChangeRecord) throws(MessageListChangeError) {
        guard let old = self.message(message.id) else { throw .unknownMessageID(message.id) }
        let sequence = keys[message.id]?.key.sequence ?? hidden[message.id]!.sequence
        if old.user != message.user {
            if directory.remove(old, sequence: sequence, others: allMessages) { record.renamedUsers.insert(old.user.id) }
            if directory.add(message, sequence: sequence) { record.renamedUsers.insert(message.user.id) }
        }
        if let key = keys[message.id], isShown(message), message.createdAt == old.createdAt,
           let position = entries.position(of: key) {
            record.keep(at: position, in: entries)
            directory.index(old, shown: false)
            directory.index(message, shown: true)
            let currentUserID = context.currentUserID
            entries.update(at: position) { $0.replaceMessage(message, currentUserID: currentUserID) }
            record.refreshAround(position, in: entries)
        } else {
            _ = detach(message.id, record: &record)
            attach(message, sequence: sequence, record: &record)
        }
    }

    /// Every message with its input place (O(n): only when an author's first message goes).
    private func allMessages() -> [(sequence: Int, message: Message)] {
        var messages = Array(hidden.values)
        entries.forEach(from: 0) { _, _, entry in
            messages.append((entry.key.sequence, entry.message))
            return true
        }
        return messages
    }

    // MARK: - Reads

    /// New read states: the current user's messages whose delivery status can change
    /// (`DeliveryState.changedSpans`) are resolved again; the unread separator is found again
    /// in `finish`.
    private mutating func changeReads(_ reads: [ReadState], record: inout ChangeRecord) {
        shell.reads = reads
        let old = delivery
        delivery = DeliveryState(reads: reads, currentUserID: context.currentUserID)
        guard let currentUserID = context.currentUserID else { return }
        for (after, upTo) in delivery.changedSpans(since: old) {
            let start = after.map { after in entries.partitionPoint { $0.key.createdAt > after } } ?? 0
            entries.forEach(from: start) { _, _, entry in
                guard entry.key.createdAt <= upTo else { return false }
                if Identifier.same(entry.message.user.id, currentUserID) { record.refresh.insert(entry.key) }
                return true
            }
        }
    }

    // MARK: - Width

    /// Every row laid out again at another width (the decisions do not depend on it).
    mutating func changeWidth(to requested: Int) -> MessageListDiff {
        let oldHeader = headerBox
        let oldFooter = footer
        let old = entries
        pipeline = pipeline.at(width: requested)
        unreadRow = pipeline.row(.unreadSeparator(text: strings.unreadSeparator(config.unreadSeparatorLabel)))
        headerBox = pipeline.layout.header(header, width: width)
        var above: MessageAbove?
        entries = EntryStore(resolving: old.count, chunkLength: old.chunkLength) { index, rows in
            var entry = old[index]
            entry.needsRow = true
            entry.rowCount = 0 // the separators laid out again too
            entry.hasDateSeparator = false
            entry = resolved(entry, above: above, below: index + 1 < old.count ? old[index + 1].asBelow : nil, into: &rows)
            above = entry.asAbove
            return entry
        }
        footer = footerRows(reusing: [])
        footerInputs = FooterInputs(shell: shell, entries: entries, typing: typing)
        var builder = ListDiffBuilder(entries: entries, footer: footer, texts: rowTexts, contentHeight: contentHeight,
                                      unreadCount: unreadCount)
        builder.compareInPlace(old, oldFooter: oldFooter)
        builder.diff.headerChanged = !oldHeader.isSame(headerBox, movedDown: 0)
        return builder.diff
    }

    // MARK: - Finishing a change

    /// Re-resolves what the change affects, then reports it.
    private mutating func finish(_ record: inout ChangeRecord) -> MessageListDiff {
        for id in record.renamedUsers {
            for messageID in directory.unnamedParticipants[id] ?? [] {
                if let placed = keys[messageID] { record.refresh.insert(placed.key) }
            }
            if shell.typingUserIDs.contains(where: { Identifier.same($0, id) }) { record.typingChanged = true }
        }
        let firstUnread = firstUnreadPosition().map { entries[$0].key }
        if firstUnread != firstUnreadKey {
            if let old = firstUnreadKey, entries.position(of: old) != nil { record.refresh.insert(old) }
            if let firstUnread { record.refresh.insert(firstUnread) }
            firstUnreadKey = firstUnread
        }
        resolveAgain(&record)
        entries.settle()

        let oldHeader = headerBox
        if record.typingChanged {
            typing = pipeline.resolver.typingText(shell, user: directory.user)
            let newHeader = pipeline.resolver.header(shell, typing: typing)
            if !newHeader.isExactly(header) {
                header = newHeader
                headerBox = pipeline.layout.header(header, width: width)
            }
        }
        let oldFooter = refreshFooter()
        unreadCount = currentUnreadCount()

        let changes = diff(record, oldFooter: oldFooter, oldHeader: oldHeader)
        entries.compactWastefulChunks() // the rows before the change were read
        return changes
    }

    /// The rows under the messages made again when what they are made from changed: returns
    /// those before, or nil when they were kept.
    private mutating func refreshFooter() -> [FooterRow]? {
        let inputs = FooterInputs(shell: shell, entries: entries, typing: typing)
        guard inputs != footerInputs else { return nil }
        let old = footer
        footer = footerRows(reusing: old)
        footerInputs = inputs
        return old
    }

    /// The rows `record` says changed, and the footer and header against `oldFooter` (nil: the
    /// footer's rows are the same) and `oldHeader`.
    private func diff(_ record: ChangeRecord, oldFooter: [FooterRow]?, oldHeader: Box) -> MessageListDiff {
        var builder = ListDiffBuilder(entries: entries, footer: footer, texts: rowTexts, contentHeight: contentHeight,
                                      unreadCount: unreadCount)
        builder.compare(record)
        if let oldFooter { builder.compareFooter(oldFooter) } // nil: the rows were kept
        builder.diff.headerChanged = !oldHeader.isSame(headerBox, movedDown: 0)
        return builder.diff
    }

    /// Resolves the entries of `record.refresh` again, top to bottom; when one starts or stops
    /// ending its group, the one under it follows (its position and the space above it).
    ///
    /// An entry refreshed only because the entry under it changed (`record.belowChanged`)
    /// and not forced by the one above it keeps its rows, and is not decided again, when its
    /// group position and whether it ends its group stay (`boundaryKeepingRows(at:)`): only
    /// its group boundary changes, if anything.
    private mutating func resolveAgain(_ record: inout ChangeRecord) {
        // The keys to resolve, sorted, in the record's array kept for them (no array made).
        var pending: [SortKey] = []
        swap(&pending, &record.pending)
        defer {
            while !pending.isEmpty { pending.removeLast() }
            swap(&pending, &record.pending)
        }
        record.refresh.forEach { pending.append($0) }
        record.belowChanged.forEach { key in if !record.refresh.contains(key) { pending.append(key) } }
        pending.sort()
        var next = 0
        var cascade: Int?
        var done = -1
        while true {
            var listed: Int?
            while next < pending.count {
                if let position = entries.position(of: pending[next]), position > done {
                    listed = position
                    break
                }
                next += 1
            }
            let position: Int
            var forced = false
            if let cascaded = cascade, listed.map({ cascaded <= $0 }) ?? true {
                position = cascaded
                cascade = nil
                forced = true
            } else if let listed {
                position = listed
            } else {
                break
            }
            if listed == position { next += 1 }
            if !forced, !record.belowChanged.isEmpty, record.belowChanged.contains(entries[position].key),
               !record.refresh.contains(entries[position].key), let boundary = boundaryKeepingRows(at: position) {
                // Its rows stay; its decisions change only in their group boundary, if at all.
                if boundary != entries[position].decisionBox.groupBoundary {
                    record.keep(at: position, in: entries)
                    entries.update(at: position) { $0.groupBoundary = boundary }
                    record.resolved.append(entries[position].key)
                }
                done = position
                continue
            }

            let endedGroup = entries[position].decision.isLastInGroup
            entries.settle() // the tops of the entries above are final
            record.keep(at: position, in: entries)
            let updated = resolveEntry(at: position, record: &record)
            record.resolved.append(updated.key)
            if updated.decision.isLastInGroup != endedGroup && position + 1 < entries.count {
                cascade = position + 1
            }
            done = position
        }
    }
}

/// What a change touched: the entries to resolve again, those it added, and how the ones it
/// changed or removed were before.
struct ChangeRecord: Sendable {
    /// Entries to resolve again, by key.
    var refresh = SortKeySet()
    /// Entries to resolve again only because the entry under them changed (not also in
    /// `refresh`): kept as they are when their group boundary and position stay.
    var belowChanged = SortKeySet()
    /// Entries the change added.
    var added = SortKeySet()
    /// Entries before the change, for those it changed or removed, with where their rows
    /// were once the change rewrote or removed them (nil while the entry keeps its rows: they
    /// are the same records after the change).
    var before = SortKeyMap<(entry: ListEntry, rows: RowsBefore?)>()
    /// The rows of the entries the change removed, as they were (copied: their chunks' tables
    /// go on changing).
    var beforeRows = RowTable()

    /// Where an entry's rows before the change are.
    enum RowsBefore {
        /// From row `firstRow` of `beforeRows` on.
        case copied(firstRow: Int)
        /// Still in chunk `chunk`'s table, no longer read: their records from `start` on, one
        /// row after another (the table is not compacted before the diff is made).
        case unread(chunk: Int, start: Int)
    }
    /// The entries resolved again, top to bottom.
    var resolved: [SortKey] = []
    /// Room for the keys `resolveAgain` goes through (empty between changes).
    var pending: [SortKey] = []
    /// Users whose id now stands for another user (names of typing users and participants).
    var renamedUsers: IDSet = []
    var typingChanged = false

    /// Empties it for the next change, keeping its collections' room.
    mutating func removeAll() {
        refresh.removeAll()
        belowChanged.removeAll()
        added.removeAll()
        before.removeAll()
        if beforeRows.rowCount > 0 { beforeRows = RowTable() }
        while !resolved.isEmpty { resolved.removeLast() }
        if !renamedUsers.isEmpty { renamedUsers = [] }
        typingChanged = false
    }

    /// Remembers the entry at `position` as it was before the change, and its rows (once;
    /// not for added ones).
    mutating func keep(at position: Int, in entries: EntryStore, withRows: Bool = false) {
        let key = entries[position].key
        guard !added.contains(key) else { return }
        if !before.contains(key) { before.insertNew(key, (entries[position], nil)) }
        if withRows && before[key]!.rows == nil {
            if beforeRows.rowCount == 0 { beforeRows.reserveCapacity(rows: 8, records: 64, lines: 64, bytes: 2048) }
            let firstRow = beforeRows.rowCount
            before.modify(key) { $0.rows = .copied(firstRow: firstRow) }
            entries.copyRows(of: position, into: &beforeRows)
        }
    }

    /// The rows of the entry of `key`, whose records start at `start` in chunk `chunk`'s
    /// table, are about to be rewritten: remembered where they stay, if the entry is and they
    /// are not yet.
    mutating func keepRows(of key: SortKey, inChunk chunk: Int, startingAt start: Int) {
        guard let kept = before[key], kept.rows == nil else { return }
        before.modify(key) { $0.rows = .unread(chunk: chunk, start: start) }
    }

    /// The entry at `position` and the two around it are resolved again (the one above it
    /// only because the entry under it changed).
    mutating func refreshAround(_ position: Int, in entries: EntryStore) {
        if position > 0 { belowChanged.insert(entries[position - 1].key) }
        for neighbour in position ... min(entries.count - 1, position + 1) {
            refresh.insert(entries[neighbour].key)
        }
    }
}
