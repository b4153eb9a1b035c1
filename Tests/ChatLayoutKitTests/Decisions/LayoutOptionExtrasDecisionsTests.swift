import ChatLayoutKit
import ChatLayoutTestSupport
import Testing

/// Leia's "Hi", written in English, with its Portuguese translation "Oi".
private func englishHi(_ message: inout Message) {
    message.language = "en"
    message.translations = ["pt": "Oi"]
}

/// The Layout options article's rules 10–13: translation, quoted message, reactions, error
/// indicator.
@Suite struct LayoutOptionExtrasDecisionsTests {
    private let chat = ConversationBuilder()

    // MARK: 10. Translation

    /// Auto-translation on, into Portuguese; Leia writes "Hi" in English, translated "Oi".
    private let translating = ConversationBuilder()
        .config { $0.autoTranslationEnabled = true }
        .context { $0.translationLanguage = "pt" }

    @Test func translatedMessage_showsTheTranslation() throws {
        let list = try translating.message("m", by: "leia", text: "Hi", englishHi).resolve()
        #expect(list.options("m").contains(.translation))
        #expect(list.decision("m")?.translation == "Oi")
    }

    @Test func translatedMessage_withAutoTranslationOff_showsNone() throws {
        let list = try translating.config { $0.autoTranslationEnabled = false }
            .message("m", by: "leia", text: "Hi", englishHi).resolve()
        #expect(!list.options("m").contains(.translation))
        #expect(list.decision("m")?.translation == nil)
    }

    @Test func withoutATranslationLanguage_showsNone() throws {
        let options = try translating.context { $0.translationLanguage = nil }
            .message("m", by: "leia", text: "Hi", englishHi).options(of: "m")
        #expect(!options.contains(.translation))
    }

    @Test func withAnEmptyTranslationLanguage_showsNone() throws {
        let options = try translating.context { $0.translationLanguage = "" }
            .message("m", by: "leia", text: "Hi") { $0.translations = ["": "Oi"] }.options(of: "m")
        #expect(!options.contains(.translation))
    }

    @Test func messageWrittenInTheTargetLanguage_showsNone() throws {
        let options = try translating
            .message("m", by: "leia", text: "Oi") {
                $0.language = "pt"
                $0.translations = ["pt": "Olá"]
            }
            .options(of: "m")
        #expect(!options.contains(.translation))
    }

    @Test func command_showsNoTranslation() throws {
        let options = try translating
            .message("m", by: "leia", text: "Hi") {
                englishHi(&$0)
                $0.command = "giphy"
            }
            .options(of: "m")
        #expect(!options.contains(.translation))
    }

    @Test func emptyTranslation_showsNone() throws {
        let options = try translating
            .message("m", by: "leia", text: "Hi") {
                $0.language = "en"
                $0.translations = ["pt": ""]
            }
            .options(of: "m")
        #expect(!options.contains(.translation))
    }

    @Test func translationEqualToTheText_showsNone() throws {
        let options = try translating
            .message("m", by: "leia", text: "OK") {
                $0.language = "en"
                $0.translations = ["pt": "OK"]
            }
            .options(of: "m")
        #expect(!options.contains(.translation))
    }

    @Test func translationIntoAnotherLanguageOnly_showsNone() throws {
        let options = try translating
            .message("m", by: "leia", text: "Hi") {
                $0.language = "en"
                $0.translations = ["es": "Hola"]
            }
            .options(of: "m")
        #expect(!options.contains(.translation))
    }

    @Test func messageWithoutALanguage_isStillTranslated() throws {
        let options = try translating
            .message("m", by: "leia", text: "Hi") { $0.translations = ["pt": "Oi"] }
            .options(of: "m")
        #expect(options.contains(.translation))
    }

    // MARK: 11. Quoted message

    @Test func quotingMessage_getsQuotedMessage() throws {
        let options = try chat
            .message("m", by: "leia", text: "Yes!") {
                $0.quotedMessage = QuotedMessage(id: "q", text: "Ready?", user: Cast.han)
            }
            .options(of: "m")
        #expect(options.contains(.quotedMessage))
    }

    @Test func messageWithoutAQuote_getsNoQuotedMessage() throws {
        #expect(try !chat.message("m", by: "leia").options(of: "m").contains(.quotedMessage))
    }

    // MARK: 12. Reactions

    @Test(arguments: ["love", "haha", "like", "sad", "wow"])
    func supportedReaction_getsReactions(type: String) throws {
        let options = try chat
            .message("m", by: "leia") {
                $0.latestReactions = [Reaction(type: type, userID: "han")]
                $0.reactionScores = [(type, 1)]
            }
            .options(of: "m")
        #expect(options.contains(.reactions))
    }

    /// Sorted by type, as both Stream SDKs sort them (a JSON object's order means nothing).
    @Test func reactionsShown_areDecidedOnce_supportedScoredTypesSortedByType() throws {
        let list = try chat
            .message("m", by: "leia") {
                $0.latestReactions = [Reaction(type: "fire", userID: "han"), Reaction(type: "wow", userID: "luke")]
                $0.reactionScores = [("wow", 2), ("fire", 5), ("like", 1)]
            }
            .resolve()
        // Luke (the current user) reacted "wow": it is his own.
        #expect(list.decision("m")?.reactions == [ReactionCount(type: "like", count: 1), ReactionCount(type: "wow", count: 2, isOwn: true)])
        let plain = try chat.message("m", by: "leia").resolve()
        #expect(plain.decision("m")?.reactions == [])
    }

    /// Any scores, under both rules: the types shown are those with a positive score (with an
    /// image, under `latest_reaction_with_image`), sorted by type as `sorted(by:)` sorts them
    /// (canonically equivalent types together, in their order), each own when the current
    /// user reacted with it.
    @Test func reactionsShown_anyScores_filteredAndSortedAsTheRuleSays() throws {
        let types = ["like", "wow", "love", "sad", "haha", "fire", "Like", "caf\u{E9}", "cafe\u{301}", "\u{1F525}", "", "z"]
        var random = SplitMix64(seed: 0x5C0E)
        for round in 0 ..< 400 {
            let scores = (0 ..< Int(random.next() % 7)).map { _ in
                (type: types[Int(random.next() % UInt64(types.count))], score: Int(random.next() % 5) - 1)
            }
            let anyScore = round % 2 == 1
            let list = try chat.config { $0.reactionsRule = anyScore ? .anyScore : .latestReactionWithImage }
                .message("m", by: "leia") {
                    $0.latestReactions = [Reaction(type: "like", userID: "han"), Reaction(type: "sad", userID: "luke")]
                    $0.reactionScores = scores
                }
                .resolve()
            guard list.options("m").contains(.reactions) else { continue }
            let expected = scores
                .filter { $0.score > 0 && (anyScore || ["love", "haha", "like", "sad", "wow"].contains($0.type)) }
                .sorted { $0.type < $1.type }
                .map { ReactionCount(type: $0.type, count: $0.score, isOwn: $0.type == "sad") }
            #expect(list.decision("m")?.reactions == expected, "\(scores)")
        }
    }

    @Test func supportedLatestReaction_withoutReactionScores_getsNoReactions() throws {
        // Stream asks for non-empty reaction scores as well.
        let options = try chat
            .message("m", by: "leia") { $0.latestReactions = [Reaction(type: "like", userID: "han")] }
            .options(of: "m")
        #expect(!options.contains(.reactions))
    }

    @Test func onlyUnsupportedReactions_getNoReactions() throws {
        let options = try chat
            .message("m", by: "leia") {
                $0.latestReactions = [Reaction(type: "fire", userID: "han")]
                $0.reactionScores = [("fire", 1)]
            }
            .options(of: "m")
        #expect(!options.contains(.reactions))
    }

    @Test func oneSupportedReactionAmongOthers_getsReactions() throws {
        let options = try chat
            .message("m", by: "leia") {
                $0.latestReactions = [Reaction(type: "fire", userID: "han"), Reaction(type: "wow", userID: "luke")]
                $0.reactionScores = [("fire", 1), ("wow", 1)]
            }
            .options(of: "m")
        #expect(options.contains(.reactions))
    }

    @Test func supportedReaction_withReactionsDisabled_getsNoReactions() throws {
        let options = try chat
            .features { $0.reactions = false }
            .message("m", by: "leia") {
                $0.latestReactions = [Reaction(type: "like", userID: "han")]
                $0.reactionScores = [("like", 1)]
            }
            .options(of: "m")
        #expect(!options.contains(.reactions))
    }

    @Test func noReactions_getNoReactions() throws {
        #expect(try !chat.message("m", by: "leia").options(of: "m").contains(.reactions))
    }

    // MARK: 13. Error indicator

    @Test(arguments: [LocalState.sendingFailed, .syncingFailed, .deletingFailed])
    func failedLocalState_getsErrorIndicator(state: LocalState) throws {
        let options = try chat.message("m", by: "luke") { $0.localState = state }.options(of: "m")
        #expect(options.contains(.errorIndicator))
    }

    @Test(arguments: [LocalState.pendingSend, .sending, .pendingSync, .syncing, .deleting])
    func inProgressLocalState_getsNoErrorIndicator(state: LocalState) throws {
        let options = try chat.message("m", by: "luke") { $0.localState = state }.options(of: "m")
        #expect(!options.contains(.errorIndicator))
    }

    @Test func sentMessage_getsNoErrorIndicator() throws {
        #expect(try !chat.message("m", by: "luke").options(of: "m").contains(.errorIndicator))
    }
}
