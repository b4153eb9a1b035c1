@testable import ChatLayoutICU
@testable import ChatLayoutKit
@testable import ChatLayoutModel
@testable import ChatLayoutPlacement
import ChatLayoutTestSupport
import Testing

/// A reply streamed into the list (an AI's answer arriving a few characters at a time, as the
/// same message edited again and again): each step changes that one row and nothing else, and
/// the list is the full layout of the conversation at every step.
struct StreamedReplyTests {
    /// A reply in English: its lines come as spans of its bytes, those before the last
    /// paragraph kept from the token before.
    static let simpleWords = ["The ", "train ", "leaves ", "at ", "nine,\n\n", "platform ", "four. ", "Tickets ", "are ", "on ",
                              "the ", "app;\n", "bring ", "an ", "ID. "]
    /// A reply with emoji sequences and a word read right to left: the general path, measured
    /// whole each token, its lines as strings.
    static let generalWords = ["The ", "train 🚆 ", "leaves ", "at ", "nine,\n\n", "platform ", "four 👍🏽. ", "Tickets ", "are ", "on ",
                               "the ", "app;\n", "bring ", "an ", "ID (תעודה). "]

    /// A token is taken as an edit of the newest message's text alone (its entry alone decided
    /// and laid out again, nothing around it looked at) only when the text alone changed: any
    /// other field changed with it, or no change of the text, is an edit like any other.
    @Test func anEditOfTheTextAlone_isToldFromEveryOtherEdit() {
        let old = Message(id: "reply", text: "Here is", user: User(id: "han"), createdAt: Timestamp(seconds: 400))
        var grown = old
        grown.text += " what"
        #expect(grown.differsOnlyInText(from: old))
        #expect(!old.differsOnlyInText(from: old), "the same message")
        var same = grown
        same.text = "Here is" // a storage of its own, the same bytes
        #expect(!same.differsOnlyInText(from: old), "the same text")
        let changes: [(String, (inout Message) -> Void)] = [
            ("id", { $0.id = "other" }), ("type", { $0.type = .system }), ("author", { $0.user = User(id: "leia") }),
            ("author's name", { $0.user.name = "Han" }), ("createdAt", { $0.createdAt = Timestamp(seconds: 401) }),
            ("deletedAt", { $0.deletedAt = Timestamp(seconds: 500) }), ("edited", { $0.messageTextUpdatedAt = Timestamp(seconds: 450) }),
            ("reactions", { $0.latestReactions = [Reaction(type: "like", userID: "leia")] }), ("replies", { $0.replyCount = 2 }),
            ("pinned", { $0.pinned = true }), ("local state", { $0.localState = .sending }),
            ("mentions", { $0.mentionedUsers = [User(id: "leia")] }), ("thread", { $0.parentID = "root" }),
        ]
        for (name, change) in changes {
            var other = grown
            change(&other)
            #expect(!other.differsOnlyInText(from: old), "\(name) changed too")
        }
        // Rarer fields set and set back: their defaults again, in an object of their own.
        var restored = grown
        restored.deletedAt = Timestamp(seconds: 500)
        restored.deletedAt = nil
        #expect(restored.differsOnlyInText(from: old))
    }

    /// `newDay`: the reply is the day's first message, a date separator above it (its entry's
    /// two rows written again each token).
    @Test(arguments: [false, true], [false, true])
    func eachToken_changesTheReplyRowAlone(general: Bool, newDay: Bool) throws {
        var builder = ConversationBuilder()
        for index in 0 ..< 6 { builder = builder.message("m\(index)", by: ["leia", "han"][index % 2], at: Double(index * 40)) }
        builder = builder.message("reply", by: "han", at: newDay ? 86_400 * 2 : 400, text: "Here is what I found.")
            .config { $0.dateIndicatorPlacement = .messageList }
        let engine = ICUTextEngine()
        var list = try IncrementalMessageList(conversation: builder.conversation, environment:
                try LayoutEnvironment(config: builder.config, context: builder.context,
                                      formatter: ICULocaleFormatter(locale: builder.context.locale, timeZone: builder.context.timeZone),
                                      measurer: engine), width: 40)
        let words = general ? Self.generalWords : Self.simpleWords
        var reply = builder.conversation.messages.last!
        var random = SplitMix64(seed: 11)
        var probes = SplitMix64(seed: 12)
        for step in 0 ..< 300 {
            reply.text += words[random.int(0 ... words.count - 1)]
            let diff = try list.apply(.edit(reply))
            #expect(diff.removed.isEmpty && diff.inserted.isEmpty, "step \(step): rows came or went")
            #expect(diff.updated.map(\.id) == [.message("reply")], "step \(step): \(diff.updated.map(\.id))")
            if step % 25 == 0 || step == 299 {
                #expect(IncrementalOracle.mismatch(list, probes: &probes) == nil, "step \(step)")
            }
        }
        #expect(list.entries[list.entries.count - 1].rowCount == (newDay ? 2 : 1), "the reply's entry: its rows")
        let extended = engine.growing.extendedCount.load(ordering: .relaxed)
        let reused = engine.growing.reusedSpansCount.load(ordering: .relaxed)
        if general {
            // Measured whole each token: the general path is not extended.
            #expect(extended == 0 && reused == 0, "\(extended) extended, \(reused) reused")
        } else {
            // Grown from its earlier text, measured from its last paragraph on, its lines before
            // that paragraph the earlier text's spans.
            #expect(extended > 200 && reused > 200, "\(extended) extended, \(reused) reused")
            // And its row, written again, holds the text by reference rather than copying it.
            let table = list.entries.rows(ofChunk: 0) // seven messages: one chunk
            #expect(!table.spanned.isEmpty && table.spanned.last?.text == reply.text)
        }
    }

    /// A token whose lines fill the reply's text box as the text before did (as many, the
    /// widest as wide: most tokens of a long reply) has its text alone written again, in place
    /// — no record added to the table; a token that adds a line or widens the bubble has its
    /// row written again, and so has every token of a bubble that holds more than its text
    /// (Sendbird's reactions). A token after one written in place is written from the row that
    /// one wrote, nothing decided or composed again. Either way the list is the full layout of the conversation, in
    /// each anatomy, mirrored or not, the reply the current user's or another's, with the parts
    /// around its bubble.
    @Test(arguments: [(MessageAnatomyStyle.stream, LayoutDirection.leftToRight, false, true), (.stream, .rightToLeft, false, true),
                      (.stream, .leftToRight, true, false), (.sendbird, .leftToRight, false, false),
                      (.sendbird, .rightToLeft, true, false), (.sendbird, .leftToRight, false, true)])
    func aTokenThatKeepsTheBubblesSize_rewritesTheTextAloneInPlace(anatomy: MessageAnatomyStyle, direction: LayoutDirection,
                                                                   yours: Bool, reactions: Bool) throws {
        var builder = ConversationBuilder()
        for index in 0 ..< 6 { builder = builder.message("m\(index)", by: ["leia", "han"][index % 2], at: Double(index * 40)) }
        let opening = String(repeating: "Here is what I found about the trains. ", count: 8) // long enough to be held by reference
        builder = builder.message("reply", by: yours ? "luke" : "han", at: 400, text: opening).config {
            $0.messageAnatomy = anatomy
            $0.layoutDirection = direction
        }
        var reply = builder.conversation.messages.last!
        if reactions {
            reply.latestReactions = [Reaction(type: "like", userID: "leia")]
            reply.reactionScores = [("like", 1)]
            builder = builder.conversation { $0.messages[$0.messages.count - 1] = reply }
        }
        var list = try IncrementalMessageList(conversation: builder.conversation, environment:
                try LayoutEnvironment(config: builder.config, context: builder.context,
                                      formatter: ICULocaleFormatter(locale: builder.context.locale, timeZone: builder.context.timeZone),
                                      measurer: ICUTextEngine()), width: 40)
        var random = SplitMix64(seed: 21)
        var probes = SplitMix64(seed: 22)
        var inPlace = 0, rewritten = 0
        // A diff kept across the next token (a front end that has not drawn it yet) reads
        // what it read when it was made: the row and decisions written in place are the
        // list's own, not the diff's.
        var held: (diff: MessageListDiff, lines: [String], text: String)?
        for step in 0 ..< 160 {
            let records = list.entries.rows(ofChunk: 0).records.count // seven messages: one chunk
            reply.text += Self.simpleWords[random.int(0 ... Self.simpleWords.count - 1)]
            let diff = try list.apply(.edit(reply))
            #expect(diff.updated.map(\.id) == [.message("reply")] && diff.inserted.isEmpty && diff.removed.isEmpty, "step \(step)")
            if list.entries.rows(ofChunk: 0).records.count == records { inPlace += 1 } else { rewritten += 1 }
            #expect(IncrementalOracle.mismatch(list, probes: &probes) == nil, "step \(step)")
            if let (kept, lines, text) = held {
                guard case .message(let decision) = kept.updated[0].item else { Issue.record("not a message"); return }
                #expect(Self.textLines(kept.updated[0].row) == lines && decision.text == text, "step \(step): a kept diff changed")
            }
            held = step % 10 == 0 ? (diff, Self.textLines(diff.updated[0].row), reply.text) : nil
        }
        if anatomy == .sendbird && reactions {
            #expect(inPlace == 0, "\(inPlace) tokens written in place in a bubble with reactions")
        } else {
            #expect(inPlace > 60 && rewritten > 10, "\(inPlace) tokens written in place, \(rewritten) rows written again")
            // Most of them from the row the token before wrote, nothing decided or composed
            // again (the others, after a row written again, decided first).
            #expect(list.streamedRewrites > inPlace / 2, "\(list.streamedRewrites) of \(inPlace) from the row before")
        }
    }

    /// The lines of a row's text boxes, top to bottom.
    static func textLines(_ row: Box) -> [String] {
        var lines: [String] = []
        func walk(_ box: Box) {
            if box.role == .text { lines += box.lines }
            box.children.forEach(walk)
        }
        walk(row)
        return lines
    }
}
