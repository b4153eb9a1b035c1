@_spi(ChatLayoutStages) import ChatLayoutModel
@_spi(ChatLayoutStages) import ChatLayoutDecisions
import ChatLayoutComposition

// What the incremental list compares to decide that a decision, a row or the header is
// unchanged: every field, and every text by its bytes. Swift's `==` on `String` compares
// canonical equivalence, so an edit that only respells a text ("caf\u{E9}" → "cafe\u{301}")
// would be "unchanged": kept as it was drawn and left out of the diff's `updated`, though it
// draws other bytes. (Messages compare their texts and ids by their bytes already: `Message`.)

extension MessageDecision {
    /// The same decision, its texts the same bytes.
    func isExactly(_ other: MessageDecision) -> Bool {
        self == other
            && Identifier.same(text, other.text) && Identifier.same(dateLabel, other.dateLabel)
            && Identifier.same(timeText, other.timeText) && Identifier.equal(translation, other.translation)
            && Identifier.equal(threadInfoText, other.threadInfoText)
            && threadParticipantNames.elementsEqual(other.threadParticipantNames) { Identifier.same($0, $1) }
            && reactions.elementsEqual(other.reactions) { Identifier.same($0.type, $1.type) }
            && notes.elementsEqual(other.notes) { Identifier.same($0, $1) }
            && Identifier.equal(poll?.subtitle, other.poll?.subtitle)
            && (poll?.buttons ?? []).elementsEqual(other.poll?.buttons ?? []) { Identifier.same($0.text, $1.text) }
    }
}

extension MessageListItem {
    /// The same item, its texts the same bytes.
    func isExactly(_ other: MessageListItem) -> Bool {
        switch (self, other) {
        case let (.message(decision), .message(otherDecision)):
            decision.isExactly(otherDecision)
        case let (.dateSeparator(day, text), .dateSeparator(otherDay, otherText)):
            day == otherDay && Identifier.same(text, otherText)
        case let (.unreadSeparator(text), .unreadSeparator(otherText)), let (.typingIndicator(text), .typingIndicator(otherText)),
             let (.emptyState(text), .emptyState(otherText)), let (.loadingState(text), .loadingState(otherText)),
             let (.loadingOlderIndicator(text), .loadingOlderIndicator(otherText)),
             let (.loadingNewerIndicator(text), .loadingNewerIndicator(otherText)):
            Identifier.same(text, otherText)
        default:
            false
        }
    }
}

extension ChannelHeader {
    /// The same header, its texts the same bytes.
    func isExactly(_ other: ChannelHeader) -> Bool {
        Identifier.same(title, other.title) && Identifier.same(subtitle, other.subtitle) && memberCount == other.memberCount
    }
}

extension Box {
    /// Whether `other` moved down by `dy` is this box (frames, texts by their bytes, content,
    /// lines, children): a row compared with itself as it was, each placed for its entry's top.
    func isSame(_ other: Box, movedDown dy: Int) -> Bool {
        guard frame.y == other.frame.y + dy, frame.x == other.frame.x, frame.width == other.frame.width,
              frame.height == other.frame.height, role == other.role, Identifier.equal(id, other.id),
              Identifier.equal(text, other.text), BoxContent.same(content, other.content),
              Self.sameStorage(placedLines, other.placedLines) || placedLines.elementsEqual(other.placedLines, by: { $0.isExactly($1) }),
              alignment == other.alignment, textDirection == other.textDirection, tail == other.tail,
              children.count == other.children.count
        else { return false }
        if dy == 0 && Self.sameStorage(children, other.children) { return true }
        for index in children.indices where !children[index].isSame(other.children[index], movedDown: dy) { return false }
        return true
    }

    /// Two arrays in one storage (copies of one array, as a row kept is): the same elements,
    /// without a look at them.
    private static func sameStorage<Element>(_ lhs: [Element], _ rhs: [Element]) -> Bool {
        lhs.withUnsafeBufferPointer { left in rhs.withUnsafeBufferPointer { right in left.baseAddress == right.baseAddress && left.count == right.count } }
    }
}

extension PlacedLine {
    /// The same line, its texts the same bytes.
    func isExactly(_ other: PlacedLine) -> Bool {
        self == other && Identifier.same(display, other.display) && Identifier.equal(reading, other.reading)
    }
}

extension BoxContent {
    /// The same content (or none), its texts the same bytes.
    static func same(_ lhs: BoxContent?, _ rhs: BoxContent?) -> Bool {
        guard let lhs, let rhs else { return lhs == nil && rhs == nil }
        guard lhs == rhs else { return false }
        switch (lhs, rhs) {
        case let (.attachment(left), .attachment(right)):
            return left.isExactly(right)
        case let (.quotedMessage(left), .quotedMessage(right)):
            return Identifier.same(left.id, right.id) && Identifier.same(left.author, right.author) && Identifier.same(left.text, right.text)
                && (left.attachment.map { attachment in right.attachment.map(attachment.isExactly) ?? false } ?? true)
        case let (.reactions(left), .reactions(right)):
            return left.elementsEqual(right) { Identifier.same($0.type, $1.type) }
        case let (.threadInfo(left), .threadInfo(right)):
            return Identifier.same(left.label, right.label) && left.participants.elementsEqual(right.participants) { Identifier.same($0, $1) }
        case let (.avatar(left), .avatar(right)):
            return Identifier.same(left, right)
        default:
            return true // a poll option compares its text by its bytes (`Poll.Option`); the rest have none
        }
    }
}

extension AttachmentContent {
    /// The same attachment, its texts the same bytes (its poll's too: `Poll`).
    func isExactly(_ other: AttachmentContent) -> Bool {
        self == other && Identifier.same(type, other.type) && Identifier.equal(title, other.title)
            && Identifier.equal(fileName, other.fileName) && Identifier.equal(urlHost, other.urlHost)
    }
}
