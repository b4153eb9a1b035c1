@_spi(ChatLayoutStages) import ChatLayoutModel
@_spi(ChatLayoutStages) import ChatLayoutDecisions
import ChatLayoutDecoding
import ChatLayoutICU
@testable import ChatLayoutKit
@testable import ChatLayoutModel
@testable import ChatLayoutDecisions
@testable import ChatLayoutComposition
@testable import ChatLayoutPlacement
import ChatLayoutTestSupport
import Testing

/// Ids compare by their bytes, as Stream's server compares them: "jos\u{E9}" (é, one code point)
/// and "jose\u{301}" (e and a combining accent) read alike but are two users, two messages.
/// Swift's `==` would call them equal.
@Suite struct IdentifierDecisionsTests {
    private let composed = "jos\u{E9}"
    private let decomposed = "jose\u{301}"

    @Test func theTwoSpellings_areEqualStrings_butNotTheSameID() {
        #expect(composed == decomposed, "Swift compares canonical equivalence")
        #expect(!Identifier.same(composed, decomposed))
        #expect(Identifier.lookAlike(composed, decomposed))
        #expect(Set([IDKey(composed), IDKey(decomposed)]).count == 2)
        #expect(User(id: composed) != User(id: decomposed))
        #expect(ListItemID.message(composed) != ListItemID.message(decomposed))
    }

    /// Identical representations (a copy, small strings alike) answer at once; every other
    /// pair is still compared byte by byte, short and long, native and built.
    @Test func sameBytes_areTheSameID_whateverTheirStorage() {
        let long = String(repeating: "ab", count: 40), built = String(repeating: "a", count: 1) + String(repeating: "ba", count: 39) + "b"
        let copy = long
        #expect(Identifier.same(long, copy) && Identifier.same(long, built) && Identifier.same("m1", String("m1x".dropLast())))
        #expect(!Identifier.same(long, built + "c") && !Identifier.same(long + "\u{E9}", long + "e\u{301}"))
        #expect(!Identifier.same("m1", "m2") && !Identifier.same(composed, String(decomposed)))
        let nul = "a\u{0}b", other = "a\u{0}c"
        #expect(!Identifier.same(nul, other) && Identifier.same(nul, "a\u{0}" + "b"))
    }

    /// Two small strings (up to 15 bytes, inline) are told apart by their representation
    /// alone: the same bytes however each was made — a literal, decoded bytes, appended to, a
    /// substring's copy, interpolated — are the same id, and any other bytes are not (one
    /// byte more, one byte other, the other spelling of é), at every length up to 15.
    @Test func smallStrings_areTheSameID_exactlyWhenTheirBytesAre() {
        for length in 1 ... 15 {
            let bytes = (0 ..< length).map { UInt8(ascii: "a") + UInt8($0 % 26) }
            let literal = String(decoding: bytes, as: UTF8.self)
            var appended = ""
            for byte in bytes { appended.append(Character(Unicode.Scalar(byte))) }
            let copied = String(("x" + literal).dropFirst())
            let interpolated = "\(literal)"
            #expect(Identifier.bothSmall(literal, copied))
            for made in [appended, copied, interpolated] { #expect(Identifier.same(literal, made)) }
            var changed = bytes
            changed[length - 1] ^= 1
            #expect(!Identifier.same(literal, String(decoding: changed, as: UTF8.self)))
            if length < 15 { #expect(!Identifier.same(literal, literal + "a") && !Identifier.same(literal + "a", literal)) }
        }
        #expect(Identifier.bothSmall(composed, decomposed) && !Identifier.same(composed, decomposed))
        #expect(Identifier.same("jos\u{E9}", String(decoding: Array("jos\u{E9}".utf8), as: UTF8.self)))
        // A small string and a large one: never the same bytes, compared all the same.
        let large = String(repeating: "u", count: 16)
        #expect(!Identifier.bothSmall("u", large) && !Identifier.same(String(large.dropLast()), large))
        #expect(Identifier.same(String(repeating: "u", count: 15), String(large.dropLast())))
    }

    /// An id's key keeps its bytes' hash: the same bytes in any storage are one key of a
    /// dictionary, two spellings two keys, and a value set again under a key gives back the
    /// one it replaced (`IDDictionary.updateValue`, one search).
    @Test func idKeys_ofTheSameBytes_areOneKey_whateverTheirStorage() {
        let long = String(repeating: "ab", count: 40), built = "a" + String(repeating: "ba", count: 39) + "b"
        var ids = IDDictionary<Int>()
        #expect(ids.updateValue(1, forKey: long) == nil)
        #expect(ids.updateValue(2, forKey: built) == 1)
        #expect(ids.updateValue(3, forKey: "m1") == nil && ids.updateValue(4, forKey: String("m1x".dropLast())) == 3)
        #expect(ids.updateValue(5, forKey: composed) == nil && ids.updateValue(6, forKey: decomposed) == nil)
        #expect(ids.count == 4 && ids[long] == 2 && ids["m1"] == 4 && ids[composed] == 5 && ids[decomposed] == 6)
        #expect(IDKey(long) == IDKey(built) && IDKey(long).hashValue == IDKey(built).hashValue)
    }

    @Test func anAuthorWhoseIDOnlyReadsLikeTheCurrentUsers_isSomeoneElse() throws {
        let list = try ConversationBuilder()
            .context { $0.currentUserID = composed }
            .message("mine", by: composed, at: 0)
            .message("theirs", by: decomposed, at: 10)
            .resolve()
        #expect(list.options("mine").contains(.flipped))
        #expect(!list.options("theirs").contains(.flipped), "not yours: it only looks like your id")
        #expect(list.isLast("mine"), "another author ends the group")
    }

    @Test func readStateAndTyping_areMatchedByBytes() throws {
        let list = try ConversationBuilder()
            .context { $0.currentUserID = composed }
            .message("m1", by: "leia", at: 0)
            .message("m2", by: "leia", at: 60)
            .read(by: decomposed, lastReadMessageID: "m1", unreadMessages: 1) // someone else's read state
            .typing(decomposed)
            .resolve()
        #expect(!list.rows.contains("unread Unread messages"), "the current user has no read state")
        #expect(list.rows.last?.hasPrefix("typing ") == true, "the look-alike is someone else typing")
    }

    @Test func messageIDsThatOnlyReadAlike_areTwoMessages_andExactDuplicatesStayAnError() throws {
        let message = { (id: String) in #"{"id": "\#(id)", "user": {"id": "u"}, "created_at": "2024-03-05T09:00:00Z"}"# }
        let two = try ConversationDecoder.decode(Array(#"{"messages": [\#(message("caf\u{E9}")), \#(message("cafe\u{301}"))]}"#.utf8))
        #expect(two.conversation.messages.count == 2)
        #expect(throws: DocumentError.self) {
            try ConversationDecoder.decode(Array(#"{"messages": [\#(message("caf\u{E9}")), \#(message("caf\u{E9}"))]}"#.utf8))
        }
    }

    @Test func incrementalList_keepsBothSpellings_apart() throws {
        let builder = ConversationBuilder()
            .message("caf\u{E9}", by: "leia", at: 0)
            .message("cafe\u{301}", by: "leia", at: 10)
        let formatter = try ICULocaleFormatter(locale: builder.context.locale, timeZone: builder.context.timeZone)
        var list = try IncrementalMessageList(conversation: builder.conversation, environment:
                try LayoutEnvironment(config: builder.config, context: builder.context, formatter: formatter,
                                      measurer: ICUTextEngine()), width: 40)
        #expect(list.decisions.messages.count == 2)
        let diff = try list.apply(.remove(messageID: "cafe\u{301}"))
        #expect(diff.removed == [.message("cafe\u{301}")])
        #expect(list.decisions.messages.map(\.message.id).elementsEqual(["caf\u{E9}"]) { Identifier.same($0, $1) })
    }

    /// An edit that only respells a part of a message (é as one code point → e and U+0301)
    /// draws other bytes: the incremental list lays the row out again and reports it updated,
    /// as a full layout draws it (issue 18: texts compared with `==` left such rows as they were).
    @Test(arguments: ["text", "quoted message", "attachment title", "poll option", "reaction type", "author name"])
    func incrementalList_anEditThatOnlyRespells_isAnUpdate(part: String) throws {
        func spelled(_ accent: String) -> (inout Message) -> Void {
            { message in
                switch part {
                case "text": message.text = "caf" + accent
                case "quoted message": message.quotedMessage = QuotedMessage(id: "m0", text: "caf" + accent, user: User(id: "han"))
                case "attachment title": message.attachments = [Attachment(type: "file", title: "caf\(accent).pdf")]
                case "poll option": message.poll = Poll(question: "Where?", options: [Poll.Option(text: "caf" + accent, voteCount: 1)])
                case "reaction type":
                    message.latestReactions = [Reaction(type: "caf" + accent, userID: "han")]
                    message.reactionScores = [("caf" + accent, 1)]
                default: message.user = User(id: "leia", name: "Jos" + accent)
                }
            }
        }
        let builder = ConversationBuilder()
            .message("m0", by: "han", at: 0)
            .message("m1", by: "leia", at: 10, text: "café", spelled("\u{E9}"))
        var list = try IncrementalOracle.make(builder.conversation, config: builder.config, context: builder.context, width: 40)
        var respelled = try #require(list.conversation.messages.last)
        spelled("e\u{301}")(&respelled)
        let diff = try list.apply(.edit(respelled))
        #expect(diff.updated.map(\.id).contains(.message("m1")), "\(part): \(diff.updated.map(\.id))")
        var probes = SplitMix64(seed: 18)
        #expect(IncrementalOracle.mismatch(list, probes: &probes) == nil, "\(part)")
    }

    /// A typing user whose name is respelled by an edit of their first message: the typing row
    /// is another text, and updated.
    @Test func incrementalList_aTypingNameRespelled_updatesTheTypingRow() throws {
        let builder = ConversationBuilder()
            .conversation { $0.members = [] }
            .message("m1", by: "mallory", at: 0) { $0.user = User(id: "mallory", name: "Jos\u{E9}") }
            .typing("mallory")
        var list = try IncrementalOracle.make(builder.conversation, config: builder.config, context: builder.context, width: 40)
        var respelled = try #require(list.conversation.messages.first)
        respelled.user.name = "Jose\u{301}"
        let diff = try list.apply(.edit(respelled))
        #expect(diff.updated.map(\.id).contains(.typingIndicator), "\(diff.updated.map(\.id))")
        var probes = SplitMix64(seed: 18)
        #expect(IncrementalOracle.mismatch(list, probes: &probes) == nil)
    }

    /// A thread whose channel's cid only reads like the document's is in another channel: the
    /// thread view shows that channel (its name), not the document's.
    @Test func threadView_aThreadChannelWhoseCIDOnlyReadsLikeTheDocuments_isAnotherChannel() throws {
        var conversation = ConversationBuilder()
            .channel { $0.cid = "messaging:caf\u{E9}"; $0.name = "General" }
            .message("p1", by: "han", at: 0) { $0.replyCount = 1 }
            .message("r1", by: "leia", at: 10) { $0.parentID = "p1" }
            .conversation
        conversation.threads = [ChatThread(parentMessageID: "p1", channel: Channel(cid: "messaging:cafe\u{301}", name: "Elsewhere"), replyCount: 1)]
        let builder = ConversationBuilder()
        let formatter = try ICULocaleFormatter(locale: builder.context.locale, timeZone: builder.context.timeZone)
        let decisions = try ThreadViewResolver(try LayoutEnvironment(config: builder.config, context: builder.context,
                                                                     formatter: formatter, measurer: ICUTextEngine()))
            .resolve(conversation, parentID: "p1")
        #expect(decisions.header.subtitle == "Elsewhere")
    }

    @Test func threadEvents_lookalikeUsersAndReplyIDs_areOthers() {
        let at = { (minute: Int64) in Timestamp(seconds: 1_709_632_800 + minute * 60) }
        let thread = ChatThread(parentMessageID: "p1", replyCount: 0, read: [ReadState(user: User(id: composed), unreadMessages: 0)], lastMessageAt: at(0))
        let replies = [("\u{E9}", decomposed), ("e\u{301}", composed)].enumerated().map { index, reply in
            ThreadEvent.threadMessageNew(reply: Message(id: reply.0, type: .reply, user: User(id: reply.1), createdAt: at(Int64(index + 1)), parentID: "p1"),
                                         parentMessageID: "p1", thread: nil, createdAt: nil)
        }
        let read = ThreadEvent.messageRead(user: User(id: decomposed), parentMessageID: "p1", lastReadMessageID: nil, createdAt: at(5))
        let state = ThreadListState.apply(replies + [read], to: ThreadListState(threads: [thread]), currentUserID: composed)
        #expect(state.threads[0].latestReplies.count == 2 && state.threads[0].replyCount == 2, "two replies, not one delivered twice")
        #expect(state.threads[0].read.first?.unreadMessages == 1, "the look-alike's reply is unread for the current user; their read is theirs")
        #expect(state.threads[0].read.count == 2)
    }

    @Test func threadView_lookalikeReplyIDs_areTwoReplies_andALookalikeAuthorIsNotFlipped() throws {
        let builder = ConversationBuilder()
            .context { $0.currentUserID = composed }
            .message("p1", by: "han", at: 0) { $0.replyCount = 2 }
            .message("\u{E9}", by: composed, at: 10) { $0.parentID = "p1" }
            .message("e\u{301}", by: decomposed, at: 20) { $0.parentID = "p1" }
        let formatter = try ICULocaleFormatter(locale: builder.context.locale, timeZone: builder.context.timeZone)
        let decisions = try ThreadViewResolver(try LayoutEnvironment(config: builder.config, context: builder.context,
                                                                     formatter: formatter, measurer: ICUTextEngine()))
            .resolve(builder.conversation, parentID: "p1")
        let replies = decisions.items.compactMap { item -> MessageDecision? in if case .message(let decision) = item { decision } else { nil } }
        #expect(replies.map { Array($0.message.id.unicodeScalars) } == [["\u{E9}"], ["e", "\u{301}"]])
        #expect(replies.map { $0.options.contains(.flipped) } == [true, false])
    }

    @Test func explain_warnsOfLookalikeIDs_andOfTakenNames() throws {
        let list = try ConversationBuilder()
            .context { $0.currentUserID = composed }
            .conversation { $0.members = [Member(user: User(id: "luke", name: "Luke Skywalker"))] }
            .message("mine", by: composed, at: 0)
            .message("theirs", by: decomposed, at: 10)
            .message("fake", by: "mallory", at: 20) { $0.user = User(id: "mallory", name: "Luke Skywalker") }
            .resolve(explain: true)
        #expect(list.decision("theirs")?.notes == ["author id jose\\u{301} only reads like jos\\u{E9}: another user"])
        #expect(list.decision("fake")?.notes == ["author name also used by luke"])
        let lines = list.decisions.explanationLines(width: 80, measurer: ICUTextEngine())
        #expect(lines.contains { $0.hasPrefix("theirs ") && $0.contains("⚠ author id jose\\u{301} only reads like jos\\u{E9}") })
    }

    /// Issue 26.4: each message got one note per other user of its author's name, so that
    /// 10,000 authors named "Alex" made 10,000² notes. One note a message now, naming a few.
    @Test func explain_manyAuthorsSharingAName_getOneNoteEach_namingAFew() throws {
        let count = 2_000
        let messages = (0 ..< count).map { index in
            Message(id: "m\(index)", text: "hi", user: User(id: "alex\(index)", name: "Alex"), createdAt: instant("2024-03-05T09:00:00Z"))
        }
        let list = try ConversationBuilder().conversation { $0.messages = messages }.resolve(explain: true)
        #expect(list.messages.count == count)
        #expect(list.messages.allSatisfy { $0.notes.count == 1 })
        #expect(list.decision("m0")?.notes == ["author name also used by alex1, alex2, alex3 and \(count - 4) more"])
        #expect(list.decision("m7")?.notes == ["author name also used by alex0, alex1, alex2 and \(count - 4) more"])
        #expect(list.decision("m1")?.notes == ["author name also used by alex0, alex2, alex3 and \(count - 4) more"])
        // The explanation grows with the messages, not with their square.
        let text = list.decisions.explanationLines(width: 80, measurer: ICUTextEngine()).joined(separator: "\n")
        #expect(text.utf8.count < 400 * count, "\(text.utf8.count) bytes")
    }

    /// The same with ids that only read alike: 2,048 spellings of one id (each of eleven
    /// accents composed or not) give each message one note.
    @Test func explain_manyIDsThatReadAlike_getOneNoteEach() throws {
        let spellings = (0 ..< 2_048).map { bits in
            "u" + (0 ..< 11).map { bit in bits & (1 << bit) == 0 ? "\u{E9}" : "e\u{301}" }.joined()
        }
        let messages = spellings.enumerated().map { index, id in
            Message(id: "m\(index)", text: "hi", user: User(id: id, name: "User \(index)"), createdAt: instant("2024-03-05T09:00:00Z"))
        }
        let list = try ConversationBuilder().conversation { $0.messages = messages }.resolve(explain: true)
        #expect(list.messages.allSatisfy { $0.notes.count == 1 })
        let spelled = spellings.prefix(4).map(Identifier.spelled)
        #expect(list.decision("m0")?.notes == ["author id \(spelled[0]) only reads like \(spelled[1]), \(spelled[2]), \(spelled[3]) and 2044 more: other users"])
    }

    /// A name shared by look-alike ids and by others: the look-alikes are named in the id's
    /// note, the others in the name's, each user once.
    @Test func explain_lookalikeIDsSharingAName_areNamedOnceEach() throws {
        let list = try ConversationBuilder()
            .context { $0.currentUserID = "luke" }
            .conversation { $0.members = [Member(user: User(id: composed, name: "Jo")), Member(user: User(id: "jo", name: "Jo"))] }
            .message("theirs", by: decomposed, at: 10) { $0.user = User(id: decomposed, name: "Jo") }
            .message("renamed", by: "jo", at: 20) { $0.user = User(id: "jo", name: "Josephine") }
            .resolve(explain: true)
        #expect(list.decision("theirs")?.notes == ["author id jose\\u{301} only reads like jos\\u{E9}: another user", "author name also used by jo"])
        // Named otherwise in this message than in the members: no one else is "Josephine".
        #expect(list.decision("renamed")?.notes == [])
    }
}
