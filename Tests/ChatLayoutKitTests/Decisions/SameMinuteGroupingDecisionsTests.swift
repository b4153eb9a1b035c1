import ChatLayoutKit
import Testing

/// Grouping by `grouping_rule: "same_minute"` (Sendbird): same sender, same local minute.
@Suite struct SameMinuteGroupingDecisionsTests {
    private let sameMinute = ConversationBuilder().config { $0.groupingRule = .sameMinute }

    @Test func sameSenderInTheSameMinute_groups() throws {
        let list = try sameMinute
            .message("m1", by: "leia", at: "2024-03-05T09:41:00Z")
            .message("m2", by: "leia", at: "2024-03-05T09:41:30Z")
            .message("m3", by: "leia", at: "2024-03-05T09:41:59.999Z")
            .resolve()
        #expect(list.positions == [.top, .middle, .bottom])
    }

    @Test func minuteChange_splitsEvenOneSecondApart() throws {
        let list = try sameMinute
            .message("m1", by: "leia", at: "2024-03-05T09:41:59Z")
            .message("m2", by: "leia", at: "2024-03-05T09:42:00Z")
            .resolve()
        #expect(list.decision("m1")?.groupBoundary == .anotherMinute)
        #expect(list.positions == [.single, .single])
    }

    // The repeated wall-clock minute when clocks go back: OpenCasesDecisionsTests.

    @Test func sameMinute_ignoresTheTimeInterval() throws {
        let list = try sameMinute
            .config { $0.maxTimeIntervalBetweenMessagesInGroup = 10 }
            .message("m1", by: "leia", at: "2024-03-05T09:41:00Z")
            .message("m2", by: "leia", at: "2024-03-05T09:41:50Z")
            .resolve()
        #expect(list.positions == [.top, .bottom])
    }

    @Test func anotherSender_splitsWithinTheMinute() throws {
        let list = try sameMinute
            .message("m1", by: "leia", at: "2024-03-05T09:41:00Z")
            .message("m2", by: "han", at: "2024-03-05T09:41:01Z")
            .resolve()
        #expect(list.decision("m1")?.groupBoundary == .nextByAnotherAuthor)
    }

    @Test(arguments: [LocalState.sendingFailed, .syncingFailed, .deletingFailed])
    func failedMessage_neverGroupsWithTheNext(state: LocalState) throws {
        let list = try sameMinute
            .message("m1", by: "luke", at: "2024-03-05T09:41:00Z") { $0.localState = state }
            .message("m2", by: "luke", at: "2024-03-05T09:41:01Z")
            .resolve()
        #expect(list.decision("m1")?.groupBoundary == .failed)
        #expect(list.positions == [.single, .single])
    }

    @Test func failedMessage_neverGroupsWithThePrevious() throws {
        let list = try sameMinute
            .message("m1", by: "luke", at: "2024-03-05T09:41:00Z")
            .message("m2", by: "luke", at: "2024-03-05T09:41:01Z") { $0.localState = .sendingFailed }
            .resolve()
        #expect(list.positions == [.single, .single])
    }

    @Test func threadRoot_neverGroups_whenRepliesAreEnabled() throws {
        let list = try sameMinute
            .message("m1", by: "leia", at: "2024-03-05T09:41:00Z")
            .message("root", by: "leia", at: "2024-03-05T09:41:01Z") { $0.replyCount = 2 }
            .message("m3", by: "leia", at: "2024-03-05T09:41:02Z")
            .resolve()
        #expect(list.decision("m1")?.groupBoundary == .threadRoot)
        #expect(list.decision("root")?.groupBoundary == .threadRoot)
        #expect(list.positions == [.single, .single, .single])
    }

    @Test func threadRoot_groups_whenRepliesAreDisabled() throws {
        let list = try sameMinute
            .features { $0.replies = false }
            .message("m1", by: "leia", at: "2024-03-05T09:41:00Z")
            .message("root", by: "leia", at: "2024-03-05T09:41:01Z") { $0.replyCount = 2 }
            .resolve()
        #expect(list.positions == [.top, .bottom])
    }

    @Test func timeIntervalRule_groupsAcrossTheMinute() throws {
        // The same pair as `minuteChange_splitsEvenOneSecondApart`, under the default rule.
        let list = try ConversationBuilder()
            .message("m1", by: "leia", at: "2024-03-05T09:41:59Z")
            .message("m2", by: "leia", at: "2024-03-05T09:42:00Z")
            .resolve()
        #expect(list.positions == [.top, .bottom])
    }
}
