/// Where a message sorts in a list (SPEC §3.1): by `created_at`, ties by input order. The
/// batch list sorts by it, the incremental list keeps its entries in its order.
///
/// `sequence` is the message's place in the input order. The batch list numbers messages from
/// 0; the incremental list's sequence grows with every message added and shrinks below zero
/// with every page prepended, so it never has to be renumbered.
struct SortKey: Comparable, Hashable, Sendable {
    var createdAt: Timestamp
    var sequence: Int

    static func < (lhs: SortKey, rhs: SortKey) -> Bool {
        (lhs.createdAt, lhs.sequence) < (rhs.createdAt, rhs.sequence)
    }

    /// Messages in input order, sorted by their keys: oldest first, ties in input order.
    static func sorted(_ messages: [Message]) -> [Message] {
        // Sort indices, not messages: a message is a large value to move around.
        messages.indices
            .sorted { SortKey(createdAt: messages[$0].createdAt, sequence: $0) < SortKey(createdAt: messages[$1].createdAt, sequence: $1) }
            .map { messages[$0] }
    }
}
