@_spi(ChatLayoutStages) import ChatLayoutModel
@_spi(ChatLayoutStages) import ChatLayoutDecisions
import ChatLayoutComposition

/// What a list's first layout keeps of its rows for laying the list out again at another
/// width (``MessageListLayout/relaidLayout(_:width:dateIndicator:)``): each row's
/// ``PreparedRow`` (52 bytes, and its text's line segments, 4 bytes a run between two
/// break opportunities), and where its decisions come from when a row that is not
/// arithmetic is placed, or a chunk of rows is written — the list's decisions, or the
/// conversation's shown messages, each range decided again from its neighbours as the first
/// layout decided it. Immutable once made; shared by every list laid out again from it.
final class PreparedRows: Sendable {
    /// Where the rows' decisions come from.
    enum Source: Sendable {
        /// The list's decisions, kept: a row's is its item.
        case decisions([MessageListItem])
        /// The conversation's shown messages: a message and the rows above it are decided
        /// again from its neighbours (``MessageListResolver/items(of:in:lookalikes:explain:)``).
        case conversation(ShownMessageList, MessageListResolver)
    }

    /// What decides a range of the conversation's messages again.
    private final class Decider: Sendable {
        let shown: ShownMessageList
        let resolver: MessageListResolver

        init(shown: ShownMessageList, resolver: MessageListResolver) {
            self.shown = shown
            self.resolver = resolver
        }

        func items(_ messages: Range<Int>) -> [MessageListItem] {
            resolver.items(of: shown, in: messages, lookalikes: nil, explain: false)
        }
    }

    let rows: [PreparedRow]
    let segments: [UInt32]
    /// The rows kept as they were decided: those that are not messages, and the messages'
    /// that are not arithmetic.
    let items: [MessageListItem]
    let dateLabels: [String]
    /// The list's decisions, when it keeps them (else empty).
    private let decisions: [MessageListItem]
    /// The conversation's shown messages, and what decides them again (else empty, nil).
    private let messages: [Message]
    private let decider: Decider?
    /// The list's header, unread count, first unread message and jump-to-unread words.
    let header: ChannelHeader
    let unreadCount: Int
    let firstUnreadMessageID: String?
    let jumpToUnreadText: String?

    init(_ built: Builder, source: Source, decisions: MessageListDecisions) {
        // Kept as long as the list: no room to spare.
        rows = Self.exactly(built.rows)
        segments = Self.exactly(built.segments)
        items = Self.exactly(built.items)
        dateLabels = Self.exactly(built.dateLabels)
        switch source {
        case .decisions(let items):
            self.decisions = items
            messages = []
            decider = nil
        case .conversation(let shown, let resolver):
            self.decisions = []
            messages = shown.messages
            decider = Decider(shown: shown, resolver: resolver)
        }
        header = decisions.header
        unreadCount = decisions.unreadCount
        firstUnreadMessageID = decisions.firstUnreadMessageID
        jumpToUnreadText = decisions.jumpToUnreadText
    }

    /// `array` in storage of its own count (an array grown by appending has up to as much
    /// room again).
    private static func exactly<Element>(_ array: [Element]) -> [Element] {
        guard array.capacity > array.count else { return array }
        return [Element](unsafeUninitializedCapacity: array.count) { buffer, count in
            count = buffer.initialize(fromContentsOf: array)
        }
    }

    /// The item of row `index`: kept, or the list's, or its message decided again.
    func item(ofRow index: Int) -> MessageListItem {
        let row = rows[index]
        if row.item >= 0 { return items[Int(row.item)] }
        guard let decider else { return decisions[index] }
        let message = Int(row.message)
        // The message's rows: those above it, then its own.
        return decider.items(message ..< message + 1).last!
    }

    /// The id of message row `index` (its message's).
    func messageID(ofRow index: Int) -> String {
        guard decider != nil else {
            guard case .message(let decision) = decisions[index] else { preconditionFailure("not a message's row") }
            return decision.message.id
        }
        return messages[Int(rows[index].message)].id
    }

    /// The items of the rows `range`, as the first layout had them.
    func items(ofRows range: Range<Int>) -> [MessageListItem] {
        guard !range.isEmpty else { return [] }
        guard let decider else { return Array(decisions[range]) }
        let messageCount = messages.count
        let first = Int(rows[range.lowerBound].message), last = Int(rows[range.upperBound - 1].message)
        var made = decider.items(first ..< min(messageCount, last + 1))
        // The rows under the last message are kept.
        if last >= messageCount {
            var index = range.upperBound - 1
            while index > 0 && Int(rows[index - 1].message) >= messageCount { index -= 1 }
            for row in index ..< range.upperBound { made.append(items[Int(rows[row].item)]) }
        }
        // The first message's rows from the first of the range.
        var firstRow = range.lowerBound
        while firstRow > 0 && Int(rows[firstRow - 1].message) == first { firstRow -= 1 }
        let drop = range.lowerBound - firstRow
        return Array(made[drop ..< drop + range.count])
    }

    /// Rows prepared as a layout stacks them (``StackedRows``): a run of them on each core,
    /// then appended in order.
    struct Builder: Sendable {
        var rows: [PreparedRow] = []
        var items: [MessageListItem] = []
        var dateLabels: [String] = []
        /// Message rows so far.
        var messageCount = 0
        /// Records the rows' texts' segments as they are written (nil: the measurer does not
        /// say them, no row is arithmetic).
        let recorder: PreparedRowRecorder?
        /// The decisions of message rows that are not arithmetic are kept (the list does not
        /// keep its own decisions).
        let keepsMessages: Bool

        init(measurer: any TextMeasuring, keepsMessages: Bool) {
            recorder = (measurer as? any LineSegmentMeasuring).map(PreparedRowRecorder.init)
            self.keepsMessages = keepsMessages
        }

        var segments: [UInt32] { recorder?.segments ?? [] }

        /// A message's row, `spec` composed from `decision` and just written by `rowLayout`,
        /// `height` tall.
        mutating func appendMessage(_ spec: MessageRowSpec, _ decision: MessageDecision, height: Int, rowLayout: RowLayout) {
            var row = PreparedRow(kind: .message(endsGroup: decision.isLastInGroup), message: messageCount)
            messageCount += 1
            if let recorder { rowLayout.prepare(&row, spec, height: height, recorder: recorder) }
            if !row.flags.contains(.arithmetic) && keepsMessages {
                // Composed again when the list is laid out again: its decision kept.
                row.item = Int32(items.count)
                items.append(.message(decision))
            }
            let label = decision.dateLabel
            if dateLabels.last != label { dateLabels.append(label) }
            row.dateLabel = Int32(dateLabels.count - 1)
            rows.append(row)
        }

        /// Another row, kept as it was decided.
        mutating func appendOther(_ item: MessageListItem) {
            var row = PreparedRow(kind: RowStack.Kind(item), message: messageCount)
            row.item = Int32(items.count)
            items.append(item)
            rows.append(row)
        }

        /// The rows of `run`, prepared after these.
        mutating func append(contentsOf run: Builder) {
            let messages = Int32(messageCount), segmentBase = Int32(recorder?.segments.count ?? 0), itemBase = Int32(items.count)
            let labelBase = Int32(dateLabels.count)
            for var row in run.rows {
                row.message += messages
                row.segmentStart += segmentBase
                row.quoteStart += segmentBase
                if row.item >= 0 { row.item += itemBase }
                if row.dateLabel >= 0 { row.dateLabel += labelBase }
                rows.append(row)
            }
            if let recorder, let runSegments = run.recorder?.segments { recorder.segments += runSegments }
            items += run.items
            dateLabels += run.dateLabels
            messageCount += run.messageCount
        }
    }
}
