@testable import ChatLayoutKit
import Testing

/// SPEC §3.1's order (`SortKey`), by which the batch list sorts and the incremental list keeps
/// its entries.
@Suite struct MessageOrderTests {
    @Test func sortKey_ordersByCreationTime_thenByInputOrder() {
        let messages = [Message(id: "late", user: User(id: "leia"), createdAt: Timestamp(seconds: 9)),
                        Message(id: "tie1", user: User(id: "leia"), createdAt: Timestamp(seconds: 5)),
                        Message(id: "early", user: User(id: "leia"), createdAt: Timestamp(seconds: 1)),
                        Message(id: "tie2", user: User(id: "leia"), createdAt: Timestamp(seconds: 5))]
        #expect(SortKey.sorted(messages).map(\.id) == ["early", "tie1", "tie2", "late"])
    }
}
