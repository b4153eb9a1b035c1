import ChatLayoutKit
import Testing

/// Order, and the default grouping rule `time_interval` (Stream), its rules numbered as in the
/// Grouping article.
@Suite struct GroupingDecisionsTests {
    // MARK: Order

    @Test func outOfOrderInput_isLaidOutOldestFirst() throws {
        let list = try ConversationBuilder()
            .message("m3", by: "leia", at: 20)
            .message("m1", by: "leia", at: 0)
            .message("m2", by: "leia", at: 10)
            .resolve()
        #expect(list.order == ["m1", "m2", "m3"])
    }

    @Test func equalTimestamps_keepInputOrder() throws {
        let list = try ConversationBuilder()
            .message("b", by: "leia", at: 5)
            .message("a", by: "han", at: 5)
            .message("c", by: "leia", at: 5)
            .resolve()
        #expect(list.order == ["b", "a", "c"])
    }

    @Test func outOfOrderInput_isSortedBeforeGapsAreMeasured() throws {
        // In input order the gap from m2 to m1 is −30 s; sorted, it is +30 s: one group.
        let list = try ConversationBuilder()
            .message("m2", by: "leia", at: 30)
            .message("m1", by: "leia", at: 0)
            .resolve()
        #expect(list.order == ["m1", "m2"])
        #expect(list.positions == [.top, .bottom])
        #expect(list.decision("m1")?.groupBoundary == .continues(seconds: 30))
    }

    // MARK: Rule 5: the time interval

    @Test func gapOfExactlySixtySeconds_staysGrouped() throws {
        let list = try ConversationBuilder()
            .message("m1", by: "leia", at: 0)
            .message("m2", by: "leia", at: 60)
            .resolve()
        #expect(!list.isLast("m1"))
        #expect(list.positions == [.top, .bottom])
    }

    @Test func gapOfSixtyOneSeconds_splitsGroup() throws {
        let list = try ConversationBuilder()
            .message("m1", by: "leia", at: 0)
            .message("m2", by: "leia", at: 61)
            .resolve()
        #expect(list.decision("m1")?.groupBoundary == .gap(seconds: 61, limit: 60))
        #expect(list.positions == [.single, .single])
    }

    @Test func gapOneNanosecondOverSixtySeconds_splitsGroup() throws {
        let list = try ConversationBuilder()
            .message("m1", by: "leia", at: 0)
            .message("m2", by: "leia", at: 60.000_000_001)
            .resolve()
        #expect(list.isLast("m1"))
        #expect(list.positions == [.single, .single])
    }

    @Test func gapAcrossAFractionOfASecond_isMeasuredToTheNanosecond() throws {
        // 09:00:00.999999999 → 09:01:01.000000000 is 60.000000001 s, though the whole seconds differ by 61.
        let list = try ConversationBuilder()
            .message("m1", by: "leia", at: "2024-03-05T09:00:00.999999999Z")
            .message("m2", by: "leia", at: "2024-03-05T09:01:00.999999999Z")
            .message("m3", by: "leia", at: "2024-03-05T09:02:01Z")
            .resolve()
        #expect(!list.isLast("m1"))
        #expect(list.isLast("m2"))
    }

    @Test func equalTimestamps_group() throws {
        let list = try ConversationBuilder()
            .message("m1", by: "leia", at: 0)
            .message("m2", by: "leia", at: 0)
            .resolve()
        #expect(list.decision("m1")?.groupBoundary == .continues(seconds: 0))
        #expect(list.positions == [.top, .bottom])
    }

    @Test func maxTimeIntervalOverride_groupsUpToTheNewLimit() throws {
        let list = try ConversationBuilder()
            .config { $0.maxTimeIntervalBetweenMessagesInGroup = 120 }
            .message("m1", by: "leia", at: 0)
            .message("m2", by: "leia", at: 120)
            .message("m3", by: "leia", at: 241)
            .resolve()
        #expect(!list.isLast("m1"))
        #expect(list.decision("m2")?.groupBoundary == .gap(seconds: 121, limit: 120))
        #expect(list.positions == [.top, .bottom, .single])
    }

    @Test func maxTimeIntervalOfZero_groupsOnlyEqualTimestamps() throws {
        let list = try ConversationBuilder()
            .config { $0.maxTimeIntervalBetweenMessagesInGroup = 0 }
            .message("m1", by: "leia", at: 0)
            .message("m2", by: "leia", at: 0)
            .message("m3", by: "leia", at: 0.001)
            .resolve()
        #expect(list.positions == [.top, .bottom, .single])
    }

    // MARK: Rules 1–4

    @Test func newestMessage_isLastInGroup() throws {
        let list = try ConversationBuilder()
            .message("m1", by: "leia", at: 0)
            .message("m2", by: "leia", at: 10)
            .resolve()
        #expect(list.decision("m2")?.groupBoundary == .newest)
    }

    @Test func nextMessageByAnotherAuthor_splitsGroup() throws {
        let list = try ConversationBuilder()
            .message("m1", by: "leia", at: 0)
            .message("m2", by: "han", at: 1)
            .resolve()
        #expect(list.decision("m1")?.groupBoundary == .nextByAnotherAuthor)
        #expect(list.positions == [.single, .single])
    }

    @Test(arguments: [MessageType.error, .ephemeral, .system])
    func nextMessageOfGroupBreakingType_splitsGroup(type: MessageType) throws {
        let list = try ConversationBuilder()
            .message("m1", by: "luke", at: 0)
            .message("m2", by: "luke", at: 1) { $0.type = type }
            .resolve()
        #expect(list.decision("m1")?.groupBoundary == .nextIsOfType(type))
    }

    @Test(arguments: [MessageType.regular, .reply, .deleted])
    func nextMessageOfOtherType_continuesGroup(type: MessageType) throws {
        let list = try ConversationBuilder()
            .message("m1", by: "luke", at: 0)
            .message("m2", by: "luke", at: 1) { $0.type = type }
            .resolve()
        #expect(!list.isLast("m1"))
    }

    @Test func editedMessage_withEditedLabel_endsGroup() throws {
        let list = try ConversationBuilder()
            .config { $0.editedLabelEnabled = true }
            .message("m1", by: "leia", at: 0) { $0.messageTextUpdatedAt = instant("2024-03-05T09:05:00Z") }
            .message("m2", by: "leia", at: 10)
            .resolve()
        #expect(list.decision("m1")?.groupBoundary == .edited)
        #expect(list.positions == [.single, .single])
    }

    @Test func editedMessage_withoutEditedLabel_staysGrouped() throws {
        let list = try ConversationBuilder()
            .message("m1", by: "leia", at: 0) { $0.messageTextUpdatedAt = instant("2024-03-05T09:05:00Z") }
            .message("m2", by: "leia", at: 10)
            .resolve()
        #expect(!list.isLast("m1"))
    }

    @Test func messageBeforeAnEditedOne_staysGrouped() throws {
        // Rule 2 is about the message itself: an edited message still joins the group above it.
        let list = try ConversationBuilder()
            .config { $0.editedLabelEnabled = true }
            .message("m1", by: "leia", at: 0)
            .message("m2", by: "leia", at: 10) { $0.messageTextUpdatedAt = instant("2024-03-05T09:05:00Z") }
            .message("m3", by: "leia", at: 20)
            .resolve()
        #expect(list.positions == [.top, .bottom, .single])
    }

    // MARK: Group positions

    @Test func loneMessage_isSingle() throws {
        let list = try ConversationBuilder().message("m1", by: "leia").resolve()
        #expect(list.positions == [.single])
    }

    @Test func runOfThree_isTopMiddleBottom() throws {
        let list = try ConversationBuilder()
            .message("m1", by: "leia", at: 0)
            .message("m2", by: "leia", at: 30)
            .message("m3", by: "leia", at: 60)
            .resolve()
        #expect(list.positions == [.top, .middle, .bottom])
    }

    @Test func runsOfSeveralAuthors_eachGetTheirOwnPositions() throws {
        let list = try ConversationBuilder()
            .message("l1", by: "leia", at: 0)
            .message("l2", by: "leia", at: 10)
            .message("h1", by: "han", at: 20)
            .message("k1", by: "luke", at: 30)
            .message("k2", by: "luke", at: 40)
            .message("k3", by: "luke", at: 50)
            .resolve()
        #expect(list.positions == [.top, .bottom, .single, .top, .middle, .bottom])
    }

    /// Stream's `isMessageLastInSequence` has no rule for the message itself being a system
    /// message: it ends the group before it (rule 4) and groups with the same author's next one.
    @Test func systemMessage_endsTheGroupBeforeIt_andGroupsWithTheNextByItsAuthor() throws {
        let list = try ConversationBuilder()
            .message("m1", by: "leia", at: 0)
            .message("s", by: "leia", at: 10) { $0.type = .system }
            .message("m2", by: "leia", at: 20)
            .resolve()
        #expect(list.positions == [.single, .top, .bottom])
        #expect(list.decision("m1")?.groupBoundary == .nextIsOfType(.system))
        #expect(list.decision("s")?.groupBoundary == .continues(seconds: 10))
        #expect(list.decision("s")?.options == [.text, .centered])
    }

    @Test func systemMessage_endsItsGroup_onlyByTheUsualRules() throws {
        let list = try ConversationBuilder()
            .message("s", by: "leia", at: 0) { $0.type = .system }
            .message("m", by: "han", at: 10)
            .resolve()
        #expect(list.decision("s")?.groupBoundary == .nextByAnotherAuthor)
        #expect(list.positions == [.single, .single])
    }

    @Test func unbouncedError_groupsByTheUsualRules_likeABouncedOne() throws {
        let list = try ConversationBuilder()
            .message("e", by: "leia", at: 0) { $0.type = .error }
            .message("b", by: "leia", at: 10) { $0.type = .error; $0.isBounced = true }
            .message("m", by: "leia", at: 20)
            .resolve()
        #expect(list.decision("e")?.groupBoundary == .nextIsOfType(.error))
        #expect(list.decision("b")?.isLastInGroup == false)
        #expect(list.positions == [.single, .top, .bottom])
    }

    @Test func groupingOff_makesEveryMessageSingle() throws {
        let list = try ConversationBuilder()
            .config { $0.groupMessages = false }
            .message("m1", by: "leia", at: 0)
            .message("m2", by: "leia", at: 1)
            .message("m3", by: "leia", at: 2)
            .resolve()
        #expect(list.positions == [.single, .single, .single])
        #expect(list.decision("m1")?.groupBoundary == .groupingOff)
        #expect(list.options("m1").contains(.timestamp))
        #expect(!list.options("m1").contains(.continuousBubble))
    }
}

/// Issue 12: `explain` writes intervals for people — at most one decimal below 100 s, whole
/// seconds from there, never "-0" — and, when a gap just over the limit would round to it,
/// as many decimals as tell them apart.
@Suite struct GroupBoundaryExplanationTests {
    @Test(arguments: [
        (17.918317000000002, "17.9 s"), (0.04, "0 s"), (-0.04, "0 s"), (0, "0 s"), (-3, "-3 s"), (30, "30 s"),
        (59.96, "60 s"), (99.94, "99.9 s"), (99.96, "100 s"), (102.081683, "102 s"), (3600.4, "3600 s"), (86_400.6, "86401 s"),
    ])
    func continuingGap_isRoundedForPeople(seconds: Double, shown: String) {
        #expect(GroupBoundary.continues(seconds: seconds).explanation == "grouped: next message by the same author \(shown) later")
    }

    @Test(arguments: [
        (61.0, 60.0, "61 s later (> 60 s)"),
        (60.04, 60.0, "60.04 s later (> 60 s)"),
        (60.000000001, 60.0, "60.000000001 s later (> 60 s)"),
        (3600.5, 3600.0, "3601 s later (> 3600 s)"),
        (3600.4, 3600.0, "3600.4 s later (> 3600 s)"),
        (17.95, 17.9, "18 s later (> 17.9 s)"),
        (0.3, 0.25, "0.3 s later (> 0.25 s)"),
    ])
    func splittingGap_neverReadsAsTheLimit(seconds: Double, limit: Double, shown: String) {
        #expect(GroupBoundary.gap(seconds: seconds, limit: limit).explanation == "last in group: next message \(shown)")
    }
}
