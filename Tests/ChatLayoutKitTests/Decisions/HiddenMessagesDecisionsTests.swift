import ChatLayoutKit
import Testing

/// The messages Stream hides or masks: others' shadowed messages, deleted ephemeral ones,
/// those before the channel's `truncated_at`, and `deleted_for_me`.
@Suite struct HiddenMessagesDecisionsTests {
    private let chat = ConversationBuilder()

    @Test func othersShadowedMessages_areHidden_yoursAreNot_andTheOptionShowsThem() throws {
        let builder = chat
            .message("m1", by: "leia", at: 0)
            .message("spam", by: "han", at: 10) { $0.isShadowed = true }
            .message("mine", by: "luke", at: 20) { $0.isShadowed = true }
        let list = try builder.resolve()
        #expect(list.order == ["m1", "mine"])
        #expect(list.decisions.hidden == [HiddenMessage(id: "spam", reason: .shadowed)])
        #expect(try builder.config { $0.showShadowedMessages = true }.resolve().order == ["m1", "spam", "mine"])
    }

    @Test func deletedEphemeralMessages_areHidden_liveOnesStay() throws {
        let list = try chat
            .message("preview", by: "luke", at: 0) { $0.type = .ephemeral; $0.command = "giphy" }
            .message("dismissed", by: "luke", at: 10) { $0.type = .ephemeral; $0.deletedAt = instant("2024-03-05T09:01:00Z") }
            .resolve()
        #expect(list.order == ["preview"])
        #expect(list.decisions.hidden.map(\.reason) == [.deletedEphemeral])
    }

    @Test func messagesBeforeTruncation_areHidden_theOneAtTheInstantStays() throws {
        let list = try chat
            .channel { $0.truncatedAt = instant("2024-03-05T09:00:30Z") }
            .message("old", by: "leia", at: 0)
            .message("at", by: "leia", at: 30)
            .message("new", by: "leia", at: 60)
            .resolve()
        #expect(list.order == ["at", "new"])
        #expect(list.decisions.hidden == [HiddenMessage(id: "old", reason: .truncated)])
    }

    @Test func deletedForMe_isTheDeletedPlaceholder_withoutReactionsOrQuote() throws {
        let list = try chat
            .message("m", by: "leia", at: 0, text: "Oops") {
                $0.deletedForMe = true
                $0.latestReactions = [Reaction(type: "like", userID: "han")]
                $0.reactionScores = [("like", 1)]
            }
            .resolve()
        let decision = try #require(list.decision("m"))
        #expect(decision.text == "Message deleted")
        #expect(decision.options.isDisjoint(with: [.reactions, .quotedMessage, .translation]))
        #expect(list.decisions.hidden.isEmpty, "masked, not hidden")
    }

    @Test func sadReaction_isAThumbsDown() {
        #expect(ChatStrings().reactionGlyphs["sad"] == "👎")
    }
}
