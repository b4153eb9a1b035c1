@_spi(ChatLayoutStages) import ChatLayoutModel

/// Where a message sorts in a list: by `created_at`, ties by input order. The
/// batch list sorts by it, the incremental list keeps its entries in its order.
///
/// `sequence` is the message's place in the input order. The batch list numbers messages from
/// 0; the incremental list's sequence grows with every message added and shrinks below zero
/// with every page prepended, so it never has to be renumbered.
@_spi(ChatLayoutStages) public struct SortKey: Comparable, Hashable, Sendable {
    public var createdAt: Timestamp
    public var sequence: Int

    @inlinable public init(createdAt: Timestamp, sequence: Int) {
        self.createdAt = createdAt
        self.sequence = sequence
    }

    @inlinable public static func < (lhs: SortKey, rhs: SortKey) -> Bool {
        (lhs.createdAt, lhs.sequence) < (rhs.createdAt, rhs.sequence)
    }

    // Written out, not synthesised, so that the incremental list (a later stage, another
    // module) compares and hashes keys inline as it searches its entries.
    @inlinable public static func <= (lhs: SortKey, rhs: SortKey) -> Bool { !(rhs < lhs) }
    @inlinable public static func > (lhs: SortKey, rhs: SortKey) -> Bool { rhs < lhs }
    @inlinable public static func >= (lhs: SortKey, rhs: SortKey) -> Bool { !(lhs < rhs) }

    @inlinable public static func == (lhs: SortKey, rhs: SortKey) -> Bool {
        lhs.createdAt == rhs.createdAt && lhs.sequence == rhs.sequence
    }

    @inlinable public func hash(into hasher: inout Hasher) {
        hasher.combine(createdAt)
        hasher.combine(sequence)
    }

    /// Messages in input order, sorted by their keys: oldest first, ties in input order.
    static func sorted(_ messages: [Message]) -> [Message] {
        // Messages usually come oldest first: in order already, ties in input order.
        if isOldestFirst(messages) { return messages }
        // Sort indices, not messages: a message is a large value to move around.
        return messages.indices
            .sorted { SortKey(createdAt: messages[$0].createdAt, sequence: $0) < SortKey(createdAt: messages[$1].createdAt, sequence: $1) }
            .map { messages[$0] }
    }

    /// Whether no message was created before the one above it: such a list is sorted.
    static func isOldestFirst(_ messages: [Message]) -> Bool {
        var previous: Timestamp?
        for message in messages {
            let createdAt = message.createdAt
            if let previous, createdAt < previous { return false }
            previous = createdAt
        }
        return true
    }
}
