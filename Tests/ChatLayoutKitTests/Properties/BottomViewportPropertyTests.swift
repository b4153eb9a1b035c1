import ChatLayoutICU
@testable import ChatLayoutKit
import ChatLayoutTestSupport
import Testing

/// The decisions of a list's last messages are made without deciding the rest
/// (`MessageListResolver.decisions(_:from:)`): they must be the whole list's, row for row.
@Suite struct BottomViewportPropertyTests {
    /// The decisions from any message down are the whole list's from the rows above that
    /// message on: the header, the unread count and the hidden messages too.
    @Test func decisionsFromAMessage_areTheWholeListsFromThere() {
        PropertyHarness.verify("decisions from a message down") { resolved in
            let input = resolved.input
            let resolver = PropertyHarness.resolver(for: input)
            var list = resolver.shownList(input.conversation)
            let whole = resolved.decisions
            let count = list.messages.count
            var random = SplitMix64(seed: (input.seed &* 0x27D4_EB2F) ^ 0x5EED)
            for first in Set([0, 1, count - 1, count, random.int(0 ... max(0, count))]) where (0 ... count).contains(first) {
                let tail = resolver.decisions(&list, from: first)
                let expected = Array(whole.items[Self.firstRow(ofMessage: first, in: whole.items)...])
                if tail.header != whole.header || tail.unreadCount != whole.unreadCount || tail.hidden != whole.hidden {
                    return "from message \(first): header, unread count or hidden messages differ"
                }
                if tail.items != expected {
                    return "from message \(first) of \(count): \(tail.items.map(PropertyHarness.describe)) ≠ \(expected.map(PropertyHarness.describe))"
                }
            }
            return nil
        }
    }

    // MARK: - Helpers

    /// The index in `items` of the first row of message `first` (the rows above it
    /// included): the row after message `first - 1`.
    static func firstRow(ofMessage first: Int, in items: [MessageListItem]) -> Int {
        guard first > 0 else { return 0 }
        var messages = 0
        for (index, item) in items.enumerated() {
            guard case .message = item else { continue }
            messages += 1
            if messages == first { return index + 1 }
        }
        return items.count
    }
}
