@_spi(ChatLayoutStages) import ChatLayoutModel
@_spi(ChatLayoutStages) import ChatLayoutDecisions
@testable import ChatLayoutKit
@testable import ChatLayoutModel
@testable import ChatLayoutDecisions
@testable import ChatLayoutComposition
@testable import ChatLayoutPlacement
import Testing

/// The message order (`SortKey`: oldest first, ties in input order), by which the batch list
/// sorts and the incremental list keeps its entries.
@Suite struct MessageOrderTests {
    @Test func sortKey_ordersByCreationTime_thenByInputOrder() {
        let messages = [Message(id: "late", user: User(id: "leia"), createdAt: Timestamp(seconds: 9)),
                        Message(id: "tie1", user: User(id: "leia"), createdAt: Timestamp(seconds: 5)),
                        Message(id: "early", user: User(id: "leia"), createdAt: Timestamp(seconds: 1)),
                        Message(id: "tie2", user: User(id: "leia"), createdAt: Timestamp(seconds: 5))]
        #expect(SortKey.sorted(messages).map(\.id) == ["early", "tie1", "tie2", "late"])
    }

    @Test func sortedInput_comesBackAsItIs_tiesInInputOrder() {
        let messages = [Message(id: "first", user: User(id: "leia"), createdAt: Timestamp(seconds: 1)),
                        Message(id: "tie1", user: User(id: "han"), createdAt: Timestamp(seconds: 5)),
                        Message(id: "tie2", user: User(id: "leia"), createdAt: Timestamp(seconds: 5)),
                        Message(id: "last", user: User(id: "han"), createdAt: Timestamp(seconds: 9))]
        #expect(SortKey.isOldestFirst(messages))
        #expect(SortKey.sorted(messages).map(\.id) == ["first", "tie1", "tie2", "last"])
        #expect(!SortKey.isOldestFirst(messages.reversed()))
        #expect(SortKey.sorted(messages.reversed()).map(\.id) == ["first", "tie2", "tie1", "last"])
    }
}
