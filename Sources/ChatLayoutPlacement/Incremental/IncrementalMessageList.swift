@_spi(ChatLayoutStages) import ChatLayoutModel
@_spi(ChatLayoutStages) import ChatLayoutDecisions
import ChatLayoutComposition

/// A message list kept laid out while its conversation changes (incremental updates
/// that re-resolve only the neighbours of a change).
///
/// Build it once from a conversation (the same work as a full layout), then ``apply(_:)``
/// each change as it happens: a message appended, inserted, edited, deleted, a page of older
/// ones, typing users, read states, another width. Each change decides and lays out again
/// only what it can affect — the message, the two around it (grouping and position depend on
/// the neighbours, date separators on the day before), the entries the unread separator leaves
/// and joins, the current user's messages whose delivery status a read changes — and returns
/// a ``MessageListDiff`` of the rows, by stable id. The result always equals a full layout of
/// the same conversation (`MessageListResolver` + `MessageListLayout`), to the byte.
///
/// Entries are kept in chunks of c = 512 with running totals of their heights, each chunk
/// with its entries' rows in one row table (the rows the batch layout writes), so no change
/// rewrites the offsets of rows it does not touch and ``list`` is a view of the chunks. Cost of a change, n messages in the list,
/// besides deciding and laying out the rows it touches (a few):
/// - append at the bottom: O(1) amortised on the rows — nothing above the new message moves
///   or is rewritten — and O(log n) searches;
/// - insert, edit, soft delete, remove anywhere: O(c + n / c) (the entries after it inside its
///   chunk, the totals of the chunks after it);
/// - a page of k older messages prepended: O(k log n + n / c) (new chunks at the top; a page
///   that reaches into the list goes in message by message);
/// - read states: O(log n + the messages whose delivery status can change);
/// - typing users: O(1); another width: O(n).
///
/// Removing the first message of an author who is not a member looks for their next one
/// (O(n)): their name may come from it. Without a server unread count, counting unread
/// messages is O(c + n / c). The overlay date and the rows of a viewport are O(log n) queries.
/// Reading the whole list (``items``, ``decisions``, ``conversation``, ``screen(_:)`` without
/// a viewport) is O(n); ``list`` shares the chunks' tables (O(n / c)) and reads each message
/// row's place for the date overlay (O(n), no box made).
public struct IncrementalMessageList: Sendable {
    /// The options the list was built with.
    public var config: MessageListConfig { pipeline.config }
    /// Who is looking, when and where.
    public var context: LayoutContext { pipeline.resolver.context }
    /// The lengths of the layout.
    public var metrics: Metrics { pipeline.layout.metrics }
    /// The strings of the list.
    public var strings: ChatStrings { pipeline.layout.strings }
    /// The width the rows are laid out at (at least 1).
    public var width: Int { pipeline.rowLayout.width }
    /// The channel header's decisions.
    public internal(set) var header: ChannelHeader
    /// The unread count the scroll-to-latest button carries.
    public internal(set) var unreadCount = 0

    /// How the list decides and lays out; replaced when the width changes.
    var pipeline: Pipeline
    /// The conversation without its messages: channel, members, reads, typing, state.
    var shell: Conversation
    var entries: EntryStore
    /// Shown messages' sort keys, by id, each with the index its entry took in its chunk (a
    /// hint that spares a search: `PlacedKey`).
    var keys: IDDictionary<PlacedKey> = [:]
    /// Messages of the conversation that the list does not show (thread replies not sent to
    /// the channel; every message while it is loading), by id.
    var hidden: IDDictionary<(sequence: Int, message: Message)> = [:]
    /// The input places the next prepended page and the next added message get.
    var firstSequence = 0
    var nextSequence = 0
    var directory: UserDirectory
    var delivery: DeliveryState
    /// The messages' local times and their days' labels, each formatted once.
    var localTimes: LocalTimes
    /// The entry the unread separator stands above.
    var firstUnreadKey: SortKey?
    var typing: String?
    var headerBox: Box
    var unreadRow: Box
    /// The rows under the messages: the empty state and the typing indicator, or the loading
    /// state alone.
    var footer: [FooterRow] = []
    /// What ``footer`` was made from: a change that leaves it as it was keeps the rows.
    var footerInputs: FooterInputs?
    /// The last change's record, emptied, for the next one (`apply(_:)`): its arrays keep
    /// their room.
    var spareRecord = ChangeRecord()
    /// The last few authors' avatars and names, composed once (`MessageComposer.compose(_:authors:)`).
    var authors = AuthorMemo()
    /// The last bubble of text written (``RowLayout/BubbleMemo``): the row written again next,
    /// when only its group position changed, copies its bubble's content from its old row.
    var bubbles: RowBubbleMemo?
    /// The newest message's row as the last edit of its text alone wrote it (``StreamedRow``):
    /// the next token of a streamed reply writes its text alone again. Let go at any other
    /// change.
    var streamed: StreamedRow?
    /// How many tokens were written through ``streamed`` (that they are: the tests).
    var streamedRewrites = 0

    /// What the rows under the messages are made from (`footerRows(reusing:)`): the list's
    /// state, whether it has messages, the typing words (compared byte for byte), the newer
    /// page loading, and whether the last message ends its group (the space above them).
    struct FooterInputs: Equatable, Sendable {
        var state: ListLoadingState
        var hasMessages: Bool
        var typing: String?
        var loadingNewer: Bool
        var lastEndsGroup: Bool

        /// What they are made from in a list whose conversation is `shell`, whose entries are
        /// `entries` and whose typing words are `typing` (each read in place).
        init(shell: Conversation, entries: EntryStore, typing: String?) {
            state = shell.messageListState
            hasMessages = !entries.isEmpty
            self.typing = typing
            loadingNewer = shell.isLoadingNewerMessages
            lastEndsGroup = entries.lastEndsGroup
        }

        static func == (lhs: FooterInputs, rhs: FooterInputs) -> Bool {
            lhs.state == rhs.state && lhs.hasMessages == rhs.hasMessages && Identifier.equal(lhs.typing, rhs.typing)
                && lhs.loadingNewer == rhs.loadingNewer && lhs.lastEndsGroup == rhs.lastEndsGroup
        }
    }

    /// A row under the messages.
    struct FooterRow: Sendable {
        var id: ListItemID
        var item: MessageListItem
        /// Its box, at y = 0.
        var box: Box
        /// Its top below the messages' bottom, where it was stacked.
        var offset = 0

        /// The row, its top `messagesBottom + offset` in the list.
        func entryRow(messagesBottom: Int) -> EntryRow {
            EntryRow(id: id, content: .other(item), place: .box(box, dy: messagesBottom + offset))
        }
    }

    /// Decides and lays out `conversation` at `width`, as `MessageListScreen.layout` does,
    /// keeping what later changes need.
    ///
    /// The context and the formatter must agree on the locale and time zone, where they
    /// disagree, the formatter's are used, as before this was deprecated (``LayoutEnvironment`` refuses them).
    ///
    /// - Throws: ``MessageListChangeError/duplicateMessageID(_:)`` when two messages share an
    ///   id (rows are identified by message id).
    @available(*, deprecated, message: "make a LayoutEnvironment (it refuses a context and a formatter that disagree) and use init(conversation:environment:width:)")
    public init(conversation: Conversation, config: MessageListConfig, context: LayoutContext,
                formatter: any LocaleFormatting, measurer: any TextMeasuring, metrics: Metrics? = nil,
                width: Int, strings: ChatStrings? = nil,
                presentation: any BoxPresentation = PlainPresentation()) throws(MessageListChangeError) {
        try self.init(conversation: conversation, config: config, context: context, formatter: formatter, measurer: measurer,
                      metrics: metrics, width: width, strings: strings, presentation: presentation,
                      chunkLength: EntryStore.defaultChunkLength)
    }

    /// Decides and lays out `conversation` at `width` in `environment`, as
    /// `MessageListScreen.layout(_:environment:width:viewport:)` does, keeping what later
    /// changes need.
    ///
    /// - Throws: ``MessageListChangeError/duplicateMessageID(_:)`` when two messages share an
    ///   id (rows are identified by message id).
    public init(conversation: Conversation, environment: LayoutEnvironment, width: Int) throws(MessageListChangeError) {
        try self.init(conversation: conversation, environment: environment, width: width, chunkLength: EntryStore.defaultChunkLength)
    }

    /// The same, with entries kept in chunks of `chunkLength` (tests use tiny ones).
    init(conversation: Conversation, config: MessageListConfig, context: LayoutContext, formatter: any LocaleFormatting,
         measurer: any TextMeasuring, metrics: Metrics?, width: Int, strings: ChatStrings?,
         presentation: any BoxPresentation = PlainPresentation(), chunkLength: Int) throws(MessageListChangeError) {
        try self.init(conversation: conversation,
                      environment: LayoutEnvironment.formatterWins(config, context: context, formatter: formatter, measurer: measurer,
                                                              strings: strings, metrics: metrics, presentation: presentation),
                      width: width, chunkLength: chunkLength)
    }

    /// The list in `environment`, with entries kept in chunks of `chunkLength`.
    init(conversation: Conversation, environment: LayoutEnvironment, width: Int, chunkLength: Int) throws(MessageListChangeError) {
        let config = environment.config, context = environment.context, formatter = environment.formatter
        let strings = environment.strings
        pipeline = Pipeline(resolver: MessageListResolver(environment), layout: MessageListLayout(environment),
                            repliesEnabled: conversation.channel.features.replies, width: width)
        shell = conversation
        shell.messages = []
        directory = UserDirectory(members: conversation.members)
        delivery = DeliveryState(reads: conversation.reads, currentUserID: context.currentUserID)
        header = ChannelHeader(title: "", subtitle: "", memberCount: 0)
        headerBox = Box(role: .channelHeader, frame: Frame(x: 0, y: 0, width: 0, height: 0))
        unreadRow = pipeline.row(.unreadSeparator(text: strings.unreadSeparator(config.unreadSeparatorLabel)))
        entries = EntryStore(chunkLength: chunkLength)
        localTimes = LocalTimes(style: config.dateSeparatorStyle, timeFormat: config.messageTimeFormat, formatter: formatter, now: context.now)

        var shown: [ListEntry] = []
        for (sequence, message) in conversation.messages.enumerated() {
            guard keys[message.id] == nil && hidden[message.id] == nil else { throw .duplicateMessageID(message.id) }
            _ = directory.add(message, sequence: sequence)
            if isShown(message) {
                shown.append(pipeline.unresolvedEntry(message, sequence: sequence, localTimes: &localTimes))
                // Its index in its chunk when the messages come in order (chunks are filled
                // in turn); messages sorted into another place have it wrong, and are searched.
                keys[message.id] = PlacedKey(shown[shown.count - 1].key, index: (shown.count - 1) % entries.chunkLength)
                directory.index(message, shown: true)
            } else {
                hidden[message.id] = (sequence, message)
            }
        }
        nextSequence = conversation.messages.count
        shown.sort { $0.key < $1.key }
        entries = EntryStore(shown, chunkLength: chunkLength)
        firstUnreadKey = firstUnreadPosition().map { shown[$0].key }
        var above: MessageAbove?
        entries = EntryStore(resolving: shown.count, chunkLength: chunkLength) { index, rows in
            let entry = resolved(shown[index], above: above, below: index + 1 < shown.count ? shown[index + 1].asBelow : nil,
                                 into: &rows)
            above = entry.asAbove
            return entry
        }
        typing = pipeline.resolver.typingText(shell, user: directory.user)
        header = pipeline.resolver.header(shell, typing: typing)
        headerBox = pipeline.layout.header(header, width: self.width)
        footer = footerRows(reusing: [])
        footerInputs = FooterInputs(shell: shell, entries: entries, typing: typing)
        unreadCount = currentUnreadCount()
    }

    // MARK: - Reading the list

    /// The list's height.
    public var contentHeight: Int {
        entries.extent + (footer.last.map { $0.offset + $0.box.frame.height } ?? 0)
    }

    /// How many rows the list has.
    public var itemCount: Int { entries.rowCount + footer.count }

    /// The conversation as it is now: the messages in input order (appended ones last,
    /// prepended pages first), reads and typing users as last changed. O(n log n).
    public var conversation: Conversation {
        var messages: [(sequence: Int, message: Message)] = Array(hidden.values)
        messages.reserveCapacity(hidden.count + entries.count)
        entries.forEach(from: 0) { _, _, entry in
            messages.append((entry.key.sequence, entry.message))
            return true
        }
        messages.sort { $0.sequence < $1.sequence }
        var conversation = shell
        conversation.messages = messages.map(\.message)
        return conversation
    }

    /// Every decision, as `MessageListResolver.resolve` makes them. O(n).
    public var decisions: MessageListDecisions {
        var items: [MessageListItem] = []
        items.reserveCapacity(itemCount)
        forEachRow(from: 0) { row, _ in
            items.append(row.item)
            return true
        }
        return MessageListDecisions(header: header, items: items, unreadCount: unreadCount, hidden: hiddenMessages,
                                    dateSeparatorStyle: config.dateSeparatorStyle)
    }

    /// The messages Stream hides, in input order, as `MessageListResolver.hiddenMessages`
    /// gives them (not those hidden only while the list is loading).
    var hiddenMessages: [HiddenMessage] {
        var conversation = shell
        conversation.messages = hidden.values.sorted { $0.sequence < $1.sequence }.map(\.message)
        return pipeline.resolver.hiddenMessages(in: conversation)
    }

    /// Every row, top to bottom, in list coordinates. O(n).
    public var items: [LaidOutItem] {
        var items: [LaidOutItem] = []
        items.reserveCapacity(itemCount)
        forEachRow(from: 0) { row, index in
            items.append(row.laidOut(index: index))
            return true
        }
        return items
    }

    /// The rows that share a line with `range` of the list's y, top to bottom: what a
    /// viewport shows. O(log n + the rows returned).
    public func items(intersecting range: Range<Int>) -> [LaidOutItem] {
        var items: [LaidOutItem] = []
        forEachRow(from: range.lowerBound) { row, index in
            let frame = row.frame
            guard frame.y < range.upperBound else { return false }
            if frame.maxY > range.lowerBound { items.append(row.laidOut(index: index)) }
            return true
        }
        return items
    }

    /// The frame of a row in the list, if the list has it. O(log n).
    public func frame(of id: ListItemID) -> Frame? {
        let position: Int?
        switch id {
        case .message(let messageID):
            position = keys[messageID].flatMap { entries.position(of: $0) }
        case .unreadSeparator:
            position = firstUnreadKey.flatMap(entries.position(of:))
        case .dateSeparator(let day):
            // Days never go back down the list (see `ListItemID.dateSeparator`).
            let first = entries.partitionPoint { $0.day >= day }
            position = first < entries.count && entries[first].hasDateSeparator && entries[first].day == day ? first : nil
        case .loadingOlderIndicator:
            position = !entries.isEmpty && entries[0].hasOlderPageRow ? 0 : nil
        case .typingIndicator, .emptyState, .loadingState, .loadingNewerIndicator:
            return footer.first { $0.id == id }.map { $0.box.frame.offsetBy(dy: entries.extent + $0.offset) }
        }
        guard let position else { return nil }
        var frame: Frame?
        var rowsLeft = entries[position].rowCount
        entries.forEachRow(from: position, texts: rowTexts) { row, _ in
            if row.id == id { frame = row.frame }
            rowsLeft -= 1
            return frame == nil && rowsLeft > 0
        }
        return frame
    }

    /// How far down a viewport `height` tall (header included) is scrolled to show the message
    /// `messageID` at `anchor`, as ``LaidOutList/scrollOffset(showing:at:height:)`` answers
    /// it, in O(log n): the message's entry is found by its sort key, its place by the chunks'
    /// running offsets. Nil when the list shows no row of that message.
    public func scrollOffset(showing messageID: String, at anchor: ScrollAnchor, height: Int) -> Int? {
        // An entry is its separators (a date's, the unread one; the older page's loading row
        // above the first), then its message's row: they go with the message.
        guard let placed = keys[messageID], let place = entries.messageRowPlace(of: placed) else { return nil }
        let row = Frame(x: 0, y: place.y, width: width, height: place.height)
        return LaidOutList.offset(placing: place.firstRowTop, row, at: anchor, in: Viewport(scrollOffset: 0, height: height),
                                  contentHeight: contentHeight, headerHeight: headerBox.frame.height)
    }

    /// The laid-out list, as `MessageListLayout.layout` gives it: a view of the entries'
    /// chunks (their row tables shared, not copied) and the rows under them. O(n / c) tables,
    /// and each message row's place for the date overlay (no box made).
    public var list: LaidOutList { laidOutList(meeting: nil) }

    /// The whole list as a screen, or the part a viewport shows with the date overlay and the
    /// scroll-to-latest button, as ``LaidOutList/screen(_:)``. Through a viewport
    /// O(log n + the rows shown), reading only the chunks it meets; without one O(n).
    public func screen(_ viewport: Viewport? = nil) -> LaidOutScreen {
        guard let viewport else { return list.screen() }
        // `LaidOutList.screen` clamps the offset this way, then reads only the rows the
        // viewport shows and the overlay's probe one row under its top.
        let (visibleHeight, offset, _) = LaidOutList.shown(viewport, contentHeight: contentHeight, headerHeight: headerBox.frame.height)
        return laidOutList(meeting: offset ..< offset + max(visibleHeight, 2)).screen(viewport)
    }

    /// The date that floats over the list for a viewport scrolled to `scrollOffset` and
    /// `visibleHeight` tall, in the layout's vertical units, as
    /// ``LaidOutList/dateOverlayLabel(scrollOffset:visibleHeight:overlayHeight:)``: the overlay
    /// is one line of the list's metrics tall unless `overlayHeight` says otherwise. O(log n).
    public func dateOverlayLabel(scrollOffset: Int, visibleHeight: Int, overlayHeight: Int? = nil) -> String? {
        let overlayHeight = overlayHeight ?? metrics.lineHeight
        // The rule reads only the message rows around the viewport and the overlay's bottom edge.
        let probe = scrollOffset + overlayHeight
        let range = min(scrollOffset, probe) ..< max(scrollOffset + visibleHeight, probe + 1)
        var rows: [LaidOutList.MessageRow] = []
        if let start = entries.position(endingBelow: range.lowerBound) {
            entries.forEach(from: start) { _, top, entry in
                guard top < range.upperBound else { return false }
                let row = entry.messageRow(top: top)
                if row.top < range.upperBound && row.bottom > range.lowerBound { rows.append(row) }
                return true
            }
        }
        return LaidOutList.dateOverlayLabel(in: rows, scrollOffset: scrollOffset, visibleHeight: visibleHeight,
                                            overlayHeight: overlayHeight)
    }

    // MARK: - Helpers

    /// The list of the chunks of rows that meet `band` (all without one) and the rows under
    /// the messages, with everything else of the whole list.
    private func laidOutList(meeting band: Range<Int>?) -> LaidOutList {
        var (table, messageRows) = entries.laidOutRows(meeting: band)
        if !footer.isEmpty {
            // A chunk of their own: the entries' tables stay shared.
            var rows = RowTable()
            for row in footer {
                rows.beginRow()
                rows.add(row.box, dy: row.offset)
            }
            table.append(rows, top: entries.extent)
        }
        // Only the rows under the messages are states (empty, loading, typing).
        var list = LaidOutList(width: width, header: headerBox, table: table, contentHeight: contentHeight, messageRows: messageRows,
                               showsOnlyStates: entries.isEmpty && footerShowsOnlyStates, unreadCount: unreadCount,
                               dateIndicator: config.dateIndicatorPlacement, layout: pipeline.layout)
        list.firstUnreadMessageID = firstUnreadMessageID()
        list.jumpToUnreadText = pipeline.resolver.jumpToUnreadText(unreadCount: unreadCount)
        list.source = { [self] width in
            var again = self
            _ = again.changeWidth(to: width)
            return again.list
        }
        return list
    }

    /// Calls `body` with each row whose entry ends below `y`, top to bottom, with its index,
    /// until it returns false.
    func forEachRow(from y: Int, _ body: (EntryRow, Int) -> Bool) {
        if let start = entries.position(endingBelow: y) {
            guard entries.forEachRow(from: start, texts: rowTexts, body) else { return }
        }
        for (offset, row) in footer.enumerated() {
            let top = entries.extent + row.offset
            guard top + row.box.frame.height > y else { continue }
            guard body(row.entryRow(messagesBottom: entries.extent), entries.rowCount + offset) else { return }
        }
    }

    /// The words of the rows an entry's decisions do not hold.
    var rowTexts: EntryRowTexts {
        EntryRowTexts(unread: strings.unreadSeparator(config.unreadSeparatorLabel), loading: strings.loading)
    }

    /// Whether the list shows a message (`MessageVisibility`; nothing while it is loading).
    func isShown(_ message: Message) -> Bool {
        MessageVisibility.showsMessages(shell.messageListState) && pipeline.shows(message, in: shell.channel)
    }
}
