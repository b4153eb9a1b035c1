@testable import ChatLayoutKit
@testable import ChatLayoutModel
@testable import ChatLayoutDecisions
@testable import ChatLayoutPlacement
import Testing

/// `MessageListResolver.regrouped`: a message's decisions made from the ones it had when only
/// the message under it changed (an append under the last message), its fields set in them, are,
/// whenever it gives fields, the decisions `decide` makes from scratch — to the byte — and the
/// same date separator; and the fields tell whether they change the decisions and how they draw
/// as the decisions they make do. Over the generated cases of `PropertyHarness` (every config
/// the generator draws), each message is decided as the last one and then given the message
/// under it (an append), and the other way (the message under it removed).
@Suite struct RegroupDecisionsTests {
    @Test func regrouped_isWhatDecideDecides_whenOnlyTheMessageUnderItChanged() {
        var made = 0, regrouped = 0, changedFields = 0
        PropertyHarness.verify("regroup") { resolved in
            let input = resolved.input
            let resolver = PropertyHarness.resolver(for: input)
            let list = resolver.shownList(input.conversation)
            let messages = list.messages
            guard messages.count > 1 else { return nil }
            let conversation = list.conversation
            var localTimes = LocalTimes(style: resolver.config.dateSeparatorStyle, timeFormat: resolver.config.messageTimeFormat,
                                        formatter: resolver.formatter, now: resolver.context.now)
            let times = messages.map { localTimes.time(of: $0) }
            let grouping = GroupingResolver(config: resolver.config, repliesEnabled: conversation.channel.features.replies)
            func below(_ index: Int) -> MessageBelow? {
                index + 1 < messages.count ? MessageBelow(message: messages[index + 1], day: times[index + 1].day, minute: times[index + 1].minute) : nil
            }
            func decide(_ index: Int, above: MessageAbove?, below: MessageBelow?, label: String) -> (MessageDecision, Bool) {
                var separator = false
                let decision = resolver.decide(messages[index], time: times[index], label: label, above: above, below: below,
                                               grouping: grouping, in: conversation, delivery: list.delivery,
                                               user: { list.users.user($0) }, explain: false, dateSeparatorAbove: &separator)
                return (decision, separator)
            }
            var above: MessageAbove?
            for index in messages.indices {
                let label = localTimes.label(for: times[index].day, at: messages[index].createdAt)
                let (decided, separator) = decide(index, above: above, below: below(index), label: label)
                // Appended under: decided as the last message, then the message under it added;
                // removed from under it: the other way.
                for (from, to) in [(nil, below(index)), (below(index), nil)] as [(MessageBelow?, MessageBelow?)] {
                    let (before, _) = decide(index, above: above, below: from, label: label)
                    let (expected, expectedSeparator) = to == nil ? decide(index, above: above, below: nil, label: label)
                        : (decided, separator)
                    // Nil: not known to be what deciding gives (the list decides again).
                    guard let fields = resolver.regrouped(before, time: times[index], label: label, above: above, below: to,
                                                          grouping: grouping, in: conversation, delivery: list.delivery) else { continue }
                    var decision = before
                    fields.apply(to: &decision)
                    let regroupedSeparator = fields.dateSeparatorAbove
                    made += 1
                    if before.position != expected.position || before.options != expected.options { regrouped += 1 }
                    guard decision.isExactly(expected) else {
                        return "message \(index) (\(messages[index].id)): regrouped \(decision.position) \(decision.options), decided \(expected.position) \(expected.options)"
                    }
                    guard regroupedSeparator == expectedSeparator else { return "message \(index): the date separator differs" }
                    // The fields say what the decisions they make say: whether they are the ones
                    // before, and whether they draw alike (what the list compares).
                    guard fields.isIn(before, boundary: before.groupBoundary) == decision.isExactly(before) else {
                        return "message \(index): the fields say \(decision.isExactly(before) ? "other" : "the same") decisions"
                    }
                    var compared = decision
                    guard fields.drawsAlike(before) == Pipeline.drawAlike(before, &compared) else {
                        return "message \(index): the fields draw \(fields.drawsAlike(before) ? "alike" : "otherwise"), the decisions not"
                    }
                    if !fields.isIn(before, boundary: before.groupBoundary) { changedFields += 1 }
                }
                above = MessageAbove(day: times[index].day, endsGroup: decided.isLastInGroup)
            }
            return nil
        }
        // The property says something: decisions are made so, many of them with another group
        // position or other options than the ones they were made from.
        #expect(made > 1000)
        #expect(regrouped > 100)
        #expect(changedFields > 100)
    }
}
