/// Deciding and laying out entries (SPEC §3.1–3.4), one at a time, from their neighbours.
extension IncrementalMessageList {
    /// The entry decided and laid out again from its message and its neighbours (see
    /// `Pipeline.resolve`).
    mutating func resolved(_ entry: ListEntry, previous: ListEntry?, next: ListEntry?) -> ListEntry {
        let label = localTimes.label(for: entry.day, at: entry.message.createdAt)
        return pipeline.resolve(entry, previous: previous, next: next, label: label, unreadAbove: entry.key == firstUnreadKey,
                                unreadRow: unreadRow, channel: shell, delivery: delivery, directory: directory)
    }

    /// The entry the unread separator stands above, as `UnreadResolver` finds it. O(log n)
    /// to find where unread messages start, then candidates are skipped by chunk; the oldest
    /// regular message is looked for from the top.
    func firstUnreadPosition() -> Int? {
        let start = UnreadResolver.start(reads: shell.reads, currentUserID: context.currentUserID, config: config,
                                         historyLoaded: shell.historyLoaded, isLoaded: { keys[$0] != nil })
        switch start {
        case .none:
            return nil
        case .afterMessage(let id):
            return entries.firstCandidate(from: entries.upperBound(keys[id]!)) // `isLoaded` said it is there
        case .afterInstant(let instant):
            return entries.firstCandidate(from: entries.partitionPoint { $0.key.createdAt > instant })
        case .oldestRegular:
            var position = 0
            while position < entries.count {
                if UnreadResolver.isRegular(entries[position].message) { return position }
                position += 1
            }
            return nil
        }
    }

    /// The scroll-to-latest button's count, as `UnreadResolver.unreadCount`: the server's,
    /// else the candidates from the unread separator down.
    func currentUnreadCount() -> Int {
        if shell.messageListState == .loading { return 0 }
        if let currentUserID = context.currentUserID,
           let count = shell.reads.first(where: { Identifier.same($0.user.id, currentUserID) })?.unreadMessages {
            return max(0, count)
        }
        guard let key = firstUnreadKey, let position = entries.position(of: key) else { return 0 }
        return entries.candidateCount(from: position)
    }

    /// The rows under the messages, as `MessageListResolver` puts them: the loading state
    /// alone, else the empty state when no message shows, then the typing indicator
    /// (`bottom_overlay`). Rows of `old` with the same decisions are kept.
    func footerRows(reusing old: [FooterRow]) -> [FooterRow] {
        let items = pipeline.resolver.bottomItems(state: shell.messageListState, hasMessages: !entries.isEmpty, typing: typing)
        return items.map { item in
            old.first { $0.item == item } ?? FooterRow(id: ListItemID(item), item: item, box: pipeline.row(item))
        }
    }
}
