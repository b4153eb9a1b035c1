import ChatLayoutDecoding
import Foundation
import ChatLayoutICU
@testable import ChatLayoutKit
@testable import ChatLayoutModel
@testable import ChatLayoutDecisions
@testable import ChatLayoutComposition
@testable import ChatLayoutPlacement
import Testing

/// The cases Stream's and Sendbird's rules leave open, each with the choice made, as the DocC
/// article "Where the rules are silent" states it, and the reason `explain` gives.
@Suite struct OpenCasesDecisionsTests {
    private let base = ConversationBuilder()

    private func reasons(_ list: ResolvedMessageList, _ id: String) -> [String] {
        list.decision(id)?.reasons.map(\.explanation) ?? []
    }

    private func decode(_ json: String) throws -> ConversationDocument {
        try ConversationDecoder.decode(Array(json.utf8))
    }

    /// Two messages of Leia's; the second's JSON fields are `second`.
    private func quoting(_ second: String) -> String {
        """
        {"channel": {"cid": "messaging:x", "member_count": 3},
         "messages": [
          {"id": "m1", "text": "The original", "user": {"id": "leia"}, "created_at": "2024-03-05T09:00:00Z"},
          {"id": "m2", "text": "Quoting it", "user": {"id": "han"}, "created_at": "2024-03-05T09:01:00Z", \(second)}
         ]}
        """
    }

    private func resolve(_ document: ConversationDocument, explain: Bool = true) throws -> ResolvedMessageList {
        var builder = base
        builder.conversation = document.conversation
        return try builder.resolve(explain: explain)
    }

    // MARK: quoted_message_id without a quoted object

    @Test func quoteByIDAlone_quotesTheDocumentsMessage() throws {
        let list = try resolve(decode(quoting(#""quoted_message_id": "m1""#)))
        #expect(list.options("m2").contains(.quotedMessage))
        #expect(list.decision("m2")?.message.quotedMessage?.text == "The original")
        #expect(list.decision("m2")?.message.quotedMessage?.user.id == "leia")
    }

    @Test func quoteOfAMessageNotInTheDocument_isNotDrawn_andExplainSaysWhy() throws {
        let list = try resolve(decode(quoting(#""quoted_message_id": "gone""#)))
        #expect(!list.options("m2").contains(.quotedMessage))
        #expect(reasons(list, "m2").contains("−quotedMessage: quoted_message_id 'gone' names no message of the conversation"))
    }

    @Test func quoteSentWhole_isKeptAsSent_evenWhenTheDocumentHasItsID() throws {
        let list = try resolve(decode(quoting("""
            "quoted_message_id": "m1", "quoted_message": {"id": "m1", "text": "As sent", "user": {"id": "leia"}}
            """)))
        #expect(list.decision("m2")?.message.quotedMessage?.text == "As sent")
    }

    @Test func quoteByIDAlone_ofADeletedMessage_quotesItDeleted() throws {
        var json = quoting(#""quoted_message_id": "m1""#)
        json = json.replacingOccurrences(of: #""text": "The original","#, with: #""text": "The original", "deleted_at": "2024-03-05T09:00:30Z","#)
        let document = try decode(json)
        #expect(document.conversation.messages[1].quotedMessage?.isDeleted == true)
    }

    /// A reply stands in a root's `latest_replies` and, edited since, in `messages`: the
    /// channel's own copy is the one quoted.
    @Test func quoteByIDAlone_quotesTheChannelsCopy_notALatestReplysOlderOne() throws {
        let document = try decode("""
            {"channel": {"cid": "messaging:x", "member_count": 3},
             "messages": [
              {"id": "root", "text": "Root", "user": {"id": "leia"}, "created_at": "2024-03-05T09:00:00Z", "reply_count": 1,
               "latest_replies": [{"id": "x", "text": "Old reply", "parent_id": "root", "user": {"id": "han"}, "created_at": "2024-03-05T09:01:00Z"}]},
              {"id": "x", "text": "New reply", "parent_id": "root", "show_in_channel": true, "user": {"id": "han"}, "created_at": "2024-03-05T09:01:00Z"},
              {"id": "q", "text": "Quoting", "user": {"id": "leia"}, "created_at": "2024-03-05T09:02:00Z", "quoted_message_id": "x"}
             ]}
            """)
        #expect(document.conversation.messages[2].quotedMessage?.text == "New reply")
    }

    /// The incremental list looks a quote's id up when a message is added or edited, so it
    /// draws what a decoded document of the same messages draws.
    @Test func quoteByIDAlone_inTheIncrementalList_asInTheDecodedDocument() throws {
        let builder = base.message("m1", by: "leia", text: "The original")
        var list = try IncrementalMessageList(conversation: builder.conversation, environment:
                try LayoutEnvironment(config: builder.config, context: builder.context,
                                      formatter: ICULocaleFormatter(locale: builder.context.locale, timeZone: builder.context.timeZone),
                                      measurer: ICUTextEngine()), width: 40)
        var quoting = Message(id: "m2", text: "Quoting", user: Cast.han, createdAt: instant(builder.start, plus: 10))
        quoting.quotedMessageID = "m1"
        try list.apply(.append(quoting))
        #expect(list.decisions.messages.last?.message.quotedMessage?.text == "The original")
        #expect(list.decisions.messages.last?.options.contains(.quotedMessage) == true)
        var unknown = Message(id: "m3", text: "Quoting", user: Cast.han, createdAt: instant(builder.start, plus: 20))
        unknown.quotedMessageID = "gone"
        try list.apply(.append(unknown))
        #expect(list.decisions.messages.last?.options.contains(.quotedMessage) == false)
        // The batch decisions of the list's conversation agree.
        var batch = base
        batch.conversation = list.conversation
        #expect(try batch.resolve().decisions.messages.map(\.options) == list.decisions.messages.map(\.options))
    }

    // MARK: Text-style emoji and jumbomoji

    /// Stream's `isEmoji` counts a character whose first scalar has the Emoji property above
    /// U+238C: ☺ ✔ ☀ without VS16 are emoji; "#" and "™" are not.
    @Test(arguments: ["☺", "✔", "☀", "☺✔☀", "❤\u{FE0F}"])
    func textStyleEmoji_areJumbomoji(_ text: String) throws {
        let list = try base.message("m1", by: "leia", text: text).resolve(explain: true)
        #expect(!list.options("m1").contains(.bubble))
        #expect(reasons(list, "m1").contains("−bubble: jumbomoji (1–3 emoji, no attachments)"))
    }

    @Test(arguments: ["#", "™", "☺☺☺☺", "☺ ok", "⌚"])
    func notJumbomoji_keepsTheBubble(_ text: String) throws {
        let list = try base.message("m1", by: "leia", text: text).resolve(explain: true)
        #expect(list.options("m1").contains(.bubble))
        #expect(!reasons(list, "m1").contains { $0.contains("jumbomoji") })
    }

    // MARK: same_minute grouping

    @Test(arguments: [MessageType.error, .ephemeral, .system])
    func sameMinute_aMessageOfThisTypeStartsANewGroup(_ type: MessageType) throws {
        let list = try base.config { $0.groupingRule = .sameMinute }
            .message("m1", by: "leia", at: "2024-03-05T09:41:00Z")
            .message("m2", by: "leia", at: "2024-03-05T09:41:20Z") { $0.type = type }
            .resolve(explain: true)
        #expect(list.decision("m1")?.groupBoundary == .nextIsOfType(type))
        #expect(list.decision("m1")?.groupBoundary.explanation == "last in group: next message is a \(type.rawValue) message")
    }

    /// Berlin, 2024-10-27: 02:30 summer time (00:30Z) and 02:30 winter time (01:30Z).
    @Test func sameMinute_theRepeatedHour_isAnotherMinute_andExplainSaysSo() throws {
        let list = try base.config { $0.groupingRule = .sameMinute }
            .context { $0.now = instant("2024-10-27T12:00:00Z") }
            .message("m1", by: "leia", at: "2024-10-27T00:30:10Z")
            .message("m2", by: "leia", at: "2024-10-27T01:30:20Z")
            .resolve()
        #expect(list.decision("m1")?.timeText == list.decision("m2")?.timeText)
        #expect(list.decision("m1")?.groupBoundary == .repeatedMinute)
        #expect(list.decision("m1")?.groupBoundary.explanation.contains("repeated hour") == true)
        #expect(list.positions == [.single, .single])
    }

    // MARK: Translation of an empty text

    private var translating: ConversationBuilder {
        base.config { $0.autoTranslationEnabled = true }.context { $0.translationLanguage = "fr" }
    }

    @Test func emptyText_isNotTranslated_whateverI18nHolds() throws {
        let list = try translating
            .message("m1", by: "leia", text: "") {
                $0.attachments = [Attachment(type: "image", title: "beach.jpg")]
                $0.translations = ["fr": "Bonjour"]
            }
            .resolve(explain: true)
        #expect(!list.options("m1").contains(.translation))
        #expect(list.decision("m1")?.translation == nil)
        #expect(reasons(list, "m1").contains("−translation: no text to translate"))
    }

    @Test func emptyTranslation_andTranslationEqualToTheText_areNotShown() throws {
        let list = try translating
            .message("m1", by: "leia", text: "Hello") { $0.translations = ["fr": ""] }
            .message("m2", by: "leia", at: 10, text: "Merci") { $0.translations = ["fr": "Merci"] }
            .message("m3", by: "leia", at: 20, text: "Thanks") { $0.translations = ["fr": "Merci"] }
            .resolve(explain: true)
        #expect(reasons(list, "m1").contains("−translation: the fr translation is empty"))
        #expect(reasons(list, "m2").contains("−translation: the fr translation is the text itself"))
        #expect(list.decision("m3")?.translation == "Merci")
    }

    // MARK: unread_messages missing, null or negative

    private var unread: ConversationBuilder {
        base.message("m1", by: "leia").message("m2", by: "han", at: 10).message("m3", by: "han", at: 20)
    }

    @Test func unreadMessagesMissing_theLastReadMessageDecides() throws {
        let list = try unread.read(by: "luke", lastReadMessageID: "m1", unreadMessages: nil).resolve(explain: true)
        #expect(list.rows == ["m1", "unread Unread messages", "m2", "m3"])
        #expect(list.decisions.unreadExplanation?.contains("no unread_messages: the last read message decides") == true)
        // Counted from the separator down, as the server gave no count.
        #expect(list.decisions.unreadCount == 2)
    }

    @Test func unreadMessagesNull_isReadAsMissing() throws {
        let document = try decode("""
            {"channel": {"cid": "messaging:x"},
             "messages": [{"id": "m1", "user": {"id": "leia"}, "created_at": "2024-03-05T09:00:00Z"},
                          {"id": "m2", "user": {"id": "han"}, "created_at": "2024-03-05T09:01:00Z"}],
             "read": [{"user": {"id": "luke"}, "last_read_message_id": "m1", "unread_messages": null}]}
            """)
        #expect(document.conversation.reads.first?.unreadMessages == nil)
        let list = try resolve(document)
        #expect(list.rows == ["m1", "unread Unread messages", "m2"])
    }

    @Test(arguments: [0, -3])
    func unreadMessagesZeroOrNegative_noSeparator_andExplainSaysWhy(_ count: Int) throws {
        let list = try unread.read(by: "luke", lastReadMessageID: "m1", unreadMessages: count).resolve(explain: true)
        #expect(list.rows == ["m1", "m2", "m3"])
        #expect(list.decisions.unreadCount == 0)
        #expect(list.decisions.unreadExplanation == "no unread separator: unread_messages is \(count) (0 or less: nothing unread)")
        let lines = list.decisions.explanationLines(width: 80, measurer: ICUTextEngine())
        #expect(lines.contains("no unread separator: unread_messages is \(count) (0 or less: nothing unread)"))
    }

    /// Decisions encoded before `notes` and `unreadExplanation` existed still decode.
    @Test func decisionsEncodedWithoutTheNewKeys_decode() throws {
        let decisions = try unread.read(by: "luke", lastReadMessageID: "m1", unreadMessages: 0).resolve(explain: true).decisions
        #expect(!decisions.notes.isEmpty || decisions.unreadExplanation != nil)
        var object = try #require(JSONSerialization.jsonObject(with: JSONEncoder().encode(decisions)) as? [String: Any])
        object["notes"] = nil
        object["unreadExplanation"] = nil
        let older = try JSONDecoder().decode(MessageListDecisions.self, from: JSONSerialization.data(withJSONObject: object))
        #expect(older.items == decisions.items)
        #expect(older.notes.isEmpty && older.unreadExplanation == nil)
        #expect(try JSONDecoder().decode(MessageListDecisions.self, from: JSONEncoder().encode(decisions)) == decisions)
    }

    // MARK: typing_events false

    @Test func typingEventsOff_noIndicator_andExplainSaysWhoWasTyping() throws {
        let list = try base.channel { $0.memberCount = 4 }.message("m1", by: "leia").typing("leia", "han", "luke")
            .features { $0.typingEvents = false }
            .config { $0.typingIndicatorPlacement = .navigationBar }
            .resolve(explain: true)
        #expect(!list.rows.contains { $0.hasPrefix("typing") })
        #expect(list.header.subtitle == "4 members")
        #expect(list.decisions.notes == ["no typing indicator: typing_events is off (2 typing)"])
    }

    // MARK: left_aligned and flipped

    @Test func leftAligned_removesFlipped_andGivesYourMessagesTheAvatarColumn() throws {
        let list = try base.config { $0.messageListAlignment = .leftAligned }
            .message("m1", by: "luke").message("m2", by: "luke", at: 5)
            .resolve(explain: true)
        #expect(!list.options("m1").contains(.flipped))
        #expect(list.options("m1").contains(.avatarSizePadding))
        #expect(list.options("m2").contains(.avatar))
        #expect(reasons(list, "m2").contains("−flipped: left-aligned list"))
        #expect(list.decision("m2")?.isFromCurrentUser == true)
    }

    // MARK: member_count missing

    @Test func memberCountMissing_countsTheMembersListed() throws {
        let list = try base.channel { $0.memberCount = nil }.members("luke", "leia", "han")
            .message("m1", by: "leia").resolve(explain: true)
        #expect(list.header.subtitle == "3 members")
        #expect(list.options("m1").contains(.authorName))
        #expect(list.decisions.notes == ["header: 3 members counted from the members listed (no member_count)"])
    }

    @Test func memberCountMissing_andNoMembers_isNoCount_andNoAuthorNames() throws {
        let list = try base.channel { $0.memberCount = nil }.conversation { $0.members = [] }
            .message("m1", by: "leia").resolve(explain: true)
        #expect(list.header.subtitle == "")
        #expect(!list.options("m1").contains(.authorName))
        #expect(list.decisions.notes.first?.hasPrefix("header: no member count") == true)
    }

    // MARK: Bounced error messages

    @Test func bouncedError_isDrawnAsItsAuthorsMessage_notCentred() throws {
        let list = try base
            .message("m1", by: "luke", text: "Bad words") { $0.type = .error; $0.isBounced = true }
            .message("m2", by: "leia", at: 10) { $0.type = .error }
            .resolve(explain: true)
        #expect(!list.options("m1").contains(.centered))
        #expect(list.options("m1").isSuperset(of: [.bubble, .flipped, .errorIndicator, .text]))
        #expect(reasons(list, "m1").contains("−centered: error bounced by moderation: drawn as its author's message"))
        #expect(list.options("m2") == [.text, .centered])
    }
}

/// Count phrases and the `stream` date style in other languages (DocC "Where the rules are
/// silent").
@Suite struct OpenCasesLocaleTests {
    /// Counts take the locale's digits and grouping: Arabic's own digits, Latin digits in Hindi
    /// (ICU's default numbering for hi).
    @Test func countPhrases_useTheLocalesDigits() throws {
        func subtitle(_ locale: String, members: Int) throws -> String {
            let builder = ConversationBuilder().context { $0.locale = locale }.channel { $0.memberCount = members }
                .message("m1", by: "leia")
            let formatter = try ICULocaleFormatter(locale: locale, timeZone: "Europe/Berlin")
            let resolver = try MessageListResolver(LayoutEnvironment(config: builder.config, context: builder.context,
                                                                 formatter: formatter, measurer: ICUTextEngine()))
            return resolver.resolve(builder.conversation).header.subtitle
        }
        let arabic = try subtitle("ar", members: 1234)
        #expect(arabic.contains("١٬٢٣٤"), "\(arabic)")
        #expect(!arabic.contains { $0.isASCII && $0.isNumber })
        let german = try subtitle("de_DE", members: 1234)
        #expect(german.contains("1.234"), "\(german)")
    }

    /// `stream` is Stream's template `MMMdd` taken through the locale's own patterns: the
    /// order, the month's name and the punctuation are the locale's.
    @Test(arguments: [("en_US", "Mar 05"), ("de_DE", "05. März"), ("fr_FR", "05 mars"), ("ja_JP", "3月05日")])
    func streamDateStyle_followsTheLocalesPattern(_ locale: String, _ expected: String) throws {
        let builder = ConversationBuilder()
            .config { $0.dateIndicatorPlacement = .messageList; $0.dateSeparatorStyle = .stream }
            .context { $0.locale = locale }
            .message("m1", by: "leia")
        let formatter = try ICULocaleFormatter(locale: locale, timeZone: "Europe/Berlin")
        let resolver = try MessageListResolver(LayoutEnvironment(config: builder.config, context: builder.context,
                                                             formatter: formatter, measurer: ICUTextEngine()))
        let list = ResolvedMessageList(decisions: resolver.resolve(builder.conversation))
        #expect(list.dateSeparators == [expected])
    }
}
