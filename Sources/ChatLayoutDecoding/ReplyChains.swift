import ChatLayoutKit
@_spi(ChatLayoutStages) import ChatLayoutModel

/// The parent links among a document's messages, read once for two checks:
/// - replies whose parents lead back to them (`m1` a reply to `m2`, `m2` a reply to `m1`): no
///   thread has a root to show them under, so, like a message that is its own parent, such a
///   document is bad input, named by the path of the cycle's first message;
/// - replies to a reply: threads do not nest, so the root's thread does not show them, and
///   the decoder warns.
struct ReplyChains {
    /// Each reply's position in the messages and its parent's id.
    private var parents: [IDKey: (position: Int, parent: String)] = [:]
    private let messages: [Message]

    init(_ messages: [Message]) {
        self.messages = messages
        for (position, message) in messages.enumerated() {
            if let parent = message.parentID, parents[IDKey(message.id)] == nil { parents[IDKey(message.id)] = (position, parent) }
        }
    }

    /// The first cycle (in input order of its first message), as the position of that message
    /// and the ids around the cycle; nil when there is none. Linear: each reply is walked up
    /// to its root once.
    func firstCycle() -> (position: Int, cycle: [String])? {
        guard !parents.isEmpty else { return nil }
        // 1: on the walk under way; 2: known to reach a root (or a message not in the list).
        var state: [IDKey: UInt8] = [:]
        for message in messages where message.parentID != nil && state[IDKey(message.id)] == nil {
            var walk: [String] = []
            var current = message.id
            while let (_, parent) = parents[IDKey(current)] {
                if let known = state[IDKey(current)] {
                    if known == 1, let start = walk.firstIndex(where: { Identifier.same($0, current) }) {
                        let cycle = Array(walk[start...])
                        let first = cycle.min { parents[IDKey($0)]!.position < parents[IDKey($1)]!.position }!
                        return (parents[IDKey(first)]!.position, cycle)
                    }
                    break
                }
                state[IDKey(current)] = 1
                walk.append(current)
                current = parent
            }
            for id in walk { state[IDKey(id)] = 2 }
        }
        return nil
    }

    /// The replies to a reply, as their positions and the reply each answers.
    func nestedReplies() -> [(position: Int, parent: String)] {
        parents.values.filter { parents[IDKey($0.parent)] != nil }.sorted { $0.position < $1.position }
    }

    /// "m1 → m2 → m1", at most five ids shown, each cut as errors cut values.
    static func describe(_ cycle: [String]) -> String {
        let shown = cycle.prefix(5).map { "'\(JSONReader.shown($0))'" }
        return (shown + [cycle.count > 5 ? "…" : "'\(JSONReader.shown(cycle[0]))'"]).joined(separator: " → ")
    }
}
