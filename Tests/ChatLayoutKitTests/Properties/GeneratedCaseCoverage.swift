import ChatLayoutKit
import Testing

/// The generator itself: the properties are only as good as the cases it makes.
extension MessageListPropertyTests {
    @Test func sameSeed_givesTheSameCase() {
        for seed: UInt64 in [1, 7, 400, 123_456_789] {
            let first = ConversationGenerator.makeCase(seed: seed)
            let second = ConversationGenerator.makeCase(seed: seed)
            #expect(first.conversation == second.conversation && first.config == second.config && first.context == second.context,
                    "seed \(seed) gives two different cases")
        }
        #expect(ConversationGenerator.makeCase(seed: 1).conversation != ConversationGenerator.makeCase(seed: 2).conversation)
    }

    /// Every edge the generator aims at occurs in at least two of the seeds' cases.
    @Test func generatedCases_reachTheEdges() {
        let cases = PropertyHarness.cases
        guard cases.count >= 100 else { return } // a single reproduced seed covers little
        func count(_ predicate: (ResolvedCase) -> Bool) -> Int { cases.filter(predicate).count }
        func anyMessage(_ predicate: @escaping (MessageDecision) -> Bool) -> (ResolvedCase) -> Bool {
            { $0.decisions.messages.contains(where: predicate) }
        }
        let pairs: (ResolvedCase, (Message, Message) -> Bool) -> Bool = { resolved, predicate in
            let messages = resolved.decisions.messages.map(\.message)
            return zip(messages, messages.dropFirst()).contains { predicate($0, $1) }
        }
        let coverage: [(String, Int)] = [
            ("large lists", count { $0.decisions.messages.count >= 200 }),
            ("empty lists", count { $0.input.conversation.messages.isEmpty }),
            ("direct channels", count { $0.input.conversation.memberCount == 2 }),
            ("equal timestamps", count { pairs($0) { $0.createdAt == $1.createdAt } }),
            ("gaps of exactly 60 s", count { pairs($0) { $1.createdAt.nanos - $0.createdAt.nanos == 60_000_000_000 } }),
            ("gaps of exactly 61 s", count { pairs($0) { $1.createdAt.nanos - $0.createdAt.nanos == 61_000_000_000 } }),
            ("out-of-order input", count { zip($0.input.conversation.messages, $0.input.conversation.messages.dropFirst()).contains { $0.createdAt > $1.createdAt } }),
            ("day changes with separators", count { $0.input.config.dateIndicatorPlacement.showsSeparators && Set($0.decisions.messages.map(\.day)).count > 1 }),
            ("offset changes inside a list", count { resolved in
                let zone = resolved.input.context.timeZone
                return pairs(resolved) { a, b in
                    ConversationGenerator.offsetChanges[zone]?.contains { a.createdAt.seconds < $0 && $0 <= b.createdAt.seconds } ?? false
                }
            }),
            ("grouped messages", count(anyMessage { !$0.isLastInGroup && !$0.message.isCenteredInList })),
            ("same_minute groups", count { $0.input.config.groupingRule == .sameMinute && $0.decisions.messages.contains { !$0.isLastInGroup } }),
            ("system messages", count(anyMessage { $0.message.type == .system })),
            ("centred messages that continue a group", count(anyMessage { !$0.isLastInGroup && $0.message.isCenteredInList })),
            ("unbounced errors", count(anyMessage { $0.message.type == .error && !$0.message.isBounced })),
            ("bounced errors", count(anyMessage { $0.message.isBounced })),
            ("ephemeral messages", count(anyMessage { $0.options.contains(.onlyVisibleToYouIndicator) })),
            ("deleted messages", count(anyMessage { $0.message.isDeletedPerSpec })),
            ("thread roots", count(anyMessage { $0.message.replyCount > 0 && $0.options.contains(.threadInfo) })),
            ("replies in the channel", count(anyMessage { $0.message.parentID != nil })),
            ("quotes", count(anyMessage { $0.options.contains(.quotedMessage) })),
            ("reactions", count(anyMessage { $0.options.contains(.reactions) })),
            ("translations", count(anyMessage { $0.options.contains(.translation) })),
            ("jumbomoji", count(anyMessage { !$0.options.contains(.bubble) && !$0.options.contains(.centered) })),
            ("error indicators", count(anyMessage { $0.options.contains(.errorIndicator) })),
            ("each delivery status", DeliveryStatus.allCasesForCoverage.map { status in count(anyMessage { $0.deliveryStatus == status }) }.min() ?? 0),
            ("unread separators", count { $0.decisions.items.contains { if case .unreadSeparator = $0 { true } else { false } } }),
            ("date then unread separator", count { resolved in
                zip(resolved.decisions.items, resolved.decisions.items.dropFirst()).contains {
                    if case .dateSeparator = $0, case .unreadSeparator = $1 { true } else { false }
                }
            }),
            ("typing indicators", count { $0.decisions.items.last.map { if case .typingIndicator = $0 { true } else { false } } ?? false }),
            ("loading lists", count { $0.input.conversation.messageListState == .loading }),
        ]
        for (edge, hits) in coverage {
            #expect(hits >= 2, "only \(hits) of \(cases.count) cases have \(edge)")
        }
    }
}

extension DeliveryStatus {
    static let allCasesForCoverage: [DeliveryStatus] = [.pending, .sent, .delivered, .read]
}
