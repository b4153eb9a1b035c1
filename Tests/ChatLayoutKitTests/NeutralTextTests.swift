@_spi(ChatLayoutStages) import ChatLayoutModel
@_spi(ChatLayoutStages) import ChatLayoutDecisions
import ChatLayoutICU
@testable import ChatLayoutKit
@testable import ChatLayoutModel
@testable import ChatLayoutDecisions
@testable import ChatLayoutComposition
@testable import ChatLayoutPlacement
import ChatLayoutTextRenderer
import Foundation
import Testing

/// Text is neutralised once, where it enters the model (``NeutralText``); every stage after
/// the model takes it as it is, and the box tree holds nothing that could act on a terminal.
struct NeutralTextTests {
    /// Everything the neutraliser takes apart: a colour (CSI), a window title (OSC ended by
    /// BEL), an 8-bit CSI, a backspace, DEL, a C1 control, a carriage return and an override
    /// left open.
    private static let hostile = "\u{1B}[31mred\u{1B}]0;pwned\u{07} \u{9B}2Jclear\u{08}\u{7F}\u{85} one\r\ntwo \u{202E}evil"

    /// Whether `text` could act on a terminal or on text around it: a control character other
    /// than a line feed or a tab, or anything the neutraliser would still change.
    private static func isNeutral(_ text: String) -> Bool {
        let controls = text.unicodeScalars.contains { scalar in
            (scalar.value < 0x20 && scalar != "\n" && scalar != "\t") || (0x7F ... 0x9F).contains(scalar.value)
        }
        return !controls && Identifier.same(UntrustedText.neutralize(text), text)
    }

    // MARK: - Making one

    @Test func makingOne_neutralisesEscapesControlsAndOpenBidi() {
        let neutral = NeutralText(Self.hostile)
        #expect(neutral.string == UntrustedText.neutralize(Self.hostile))
        // Sequences removed whole, controls shown, the line ending made "\n", the override closed.
        #expect(Identifier.same(neutral.string, "red clear␈␡\u{FFFD} one\ntwo \u{202E}evil\u{202C}"))
        #expect(Self.isNeutral(neutral.string))
    }

    @Test func makingOne_isIdempotent() {
        let once = NeutralText(Self.hostile)
        let twice = NeutralText(once.string)
        #expect(twice == once)
        #expect(Identifier.same(twice.string, once.string))
        #expect(NeutralText("plain words").string == "plain words")
    }

    @Test func aLiteral_isNeutralisedToo() {
        let literal: NeutralText = "tab\there\u{1B}[0m"
        #expect(literal.string == "tab\there")
    }

    @Test func decoding_neutralises_andEncoding_writesTheString() throws {
        let decoded = try JSONDecoder().decode([NeutralText].self, from: Data(#"["a\u001b[2Jb"]"#.utf8))
        #expect(decoded == [NeutralText("ab")])
        #expect(decoded[0].string == "ab")
        #expect(String(decoding: try JSONEncoder().encode(decoded), as: UTF8.self) == #"["ab"]"#)
    }

    @Test func twoNeutralTexts_joined_stayNeutral() {
        let joined = NeutralText("\u{202E}open") + NeutralText("\u{2067}isolate")
        #expect(Self.isNeutral(joined.string))
        #expect(joined.string == UntrustedText.neutralize("\u{202E}open") + UntrustedText.neutralize("\u{2067}isolate"))
    }

    @Test func droppingCharacters_countsWhatWasThere_andClosesWhatTheCutLeavesOpen() {
        let initials = NeutralText("\u{202E}A")  // "RLO A PDF" once neutral
        #expect(initials.characterCount == 2)
        #expect(initials.droppingLast(1).string == "\u{202E}\u{202C}")
        #expect(initials.droppingLast(0) == initials)
        #expect(NeutralText("LS").droppingLast(1).string == "L")
    }

    @Test func aPieceCutOutOfNeutralText_closesWhatItOpens_andDropsClosersItDidNotOpen() {
        // A quote wrapped into two lines cuts one isolate in half.
        let whole = NeutralText("\u{2068}Leia: help me\u{2069}")
        let cut = whole.string.firstIndex(of: ":")!
        let first = NeutralText.balancedPiece(whole.string[..<cut])
        let second = NeutralText.balancedPiece(whole.string[cut...])
        #expect(first.string == "\u{2068}Leia\u{2069}")
        #expect(second.string == ": help me")
        #expect(Self.isNeutral(first.string) && Self.isNeutral(second.string))
        // A piece with nothing to balance is the piece.
        #expect(NeutralText.balancedPiece("plain"[...]).string == "plain")
    }

    // MARK: - The model boundary

    @Test func aMessage_madeOrChanged_exposesNeutralText() {
        var message = Message(id: "m1", text: Self.hostile, user: User(id: "u", name: Self.hostile),
                              createdAt: Timestamp(seconds: 0), reactionScores: [(type: "\u{1B}[1mfire", score: 1)],
                              translations: ["fr": "\u{9D}8;;https://evil\u{9C}lien"])
        #expect(message.text == UntrustedText.neutralize(Self.hostile))
        #expect(message.neutralText.string == message.text)
        #expect(message.user.name == UntrustedText.neutralize(Self.hostile))
        #expect(message.reactionScores.map(\.type) == ["fire"])
        #expect(message.translations == ["fr": "lien"])
        #expect(message.neutralTranslations["fr"] == NeutralText("lien"))

        message.text = "again\u{1B}[H\u{202B}"
        message.translations["de"] = "\r"
        message.reactionScores = [(type: "\u{7}bell", score: 2)]
        #expect(message.text == "again\u{202B}\u{202C}")
        #expect(message.translations["de"] == "\n")
        #expect(message.reactionScores.map(\.type) == ["␇bell"])
        #expect(Self.isNeutral(message.text))
    }

    @Test func theOtherModelValues_madeOrChanged_holdNeutralText() {
        var attachment = Attachment(type: "image\u{1B}[5m", title: "\u{202E}gpj.exe", fileName: "a\u{0}b", urlHost: "host\u{9B}31m")
        #expect(attachment.type == "image")
        #expect(attachment.title == "\u{202E}gpj.exe\u{202C}")
        #expect(attachment.fileName == "a␀b")
        #expect(attachment.urlHost == "host")
        attachment.title = "\u{1B}]8;;x\u{1B}\\link"
        #expect(attachment.neutralTitle == NeutralText("link"))

        var poll = Poll(question: "Which\u{1B}[2K?", options: [Poll.Option(text: "\u{2066}one")])
        #expect(poll.question == "Which?")
        #expect(poll.options[0].text == "\u{2066}one\u{2069}")
        poll.options[0].text = "two\u{85}"
        #expect(poll.options[0].neutralText.string == "two\u{FFFD}")

        var quoted = QuotedMessage(id: "q", text: "\u{1B}[8mhidden", user: User(id: "u"))
        #expect(quoted.text == "hidden")
        quoted.text = "\r"
        #expect(quoted.text == "\n")

        var user = User(id: "u\u{1B}[1m", name: "\u{1B}[1m")
        #expect(user.name == "")
        #expect(user.neutralDisplayName == NeutralText("u"))  // the id, neutralised: nothing else to show
        #expect(user.id == "u\u{1B}[1m")  // ids are compared by their bytes, never rewritten
        user.name = "Leia\u{202E}"
        #expect(user.neutralDisplayName.string == "Leia\u{202E}\u{202C}")
        #expect(user.neutralInitials.string == "L")

        var reaction = Reaction(type: "\u{1B}[1mlove")
        #expect(reaction.type == "love")
        reaction.type = "\u{7F}"
        #expect(reaction.neutralType.string == "␡")

        var channel = Channel(cid: "messaging:x", name: "\u{1B}]0;t\u{07}General")
        #expect(channel.name == "General")
        channel.name = "\u{9B}1m"
        #expect(channel.neutralName?.isEmpty == true)

        var thread = ChatThread(parentMessageID: "p", title: "\u{1B}[31mTitle")
        #expect(thread.title == "Title")
        thread.title = "\u{202B}rtl"
        #expect(thread.neutralTitle?.string == "\u{202B}rtl\u{202C}")

        #expect(ReactionCount(type: "\u{1B}[1mfire", count: 1).type == "fire")
    }

    @Test func modelValues_encodeUnderTheirOwnKeys() throws {
        let attachment = Attachment(type: "file", title: "plan.pdf", fileName: "plan.pdf", urlHost: "example.com")
        let json = try JSONSerialization.jsonObject(with: try JSONEncoder().encode(attachment)) as? [String: Any]
        #expect(Set(json?.keys.map { $0 } ?? []) == ["type", "title", "fileName", "urlHost"])
        #expect(try JSONDecoder().decode(Attachment.self, from: try JSONEncoder().encode(attachment)) == attachment)
        let user = try JSONDecoder().decode(User.self, from: Data(#"{"id":"u","name":"Le\u001b[1mia"}"#.utf8))
        #expect(user.name == "Leia")
    }

    // MARK: - The box tree

    @Test func aBox_holdsNeutralText_madeSetOrRead() throws {
        var box = Box(role: .text, frame: Frame(x: 0, y: 0, width: 2, height: 1), text: NeutralText("o\u{1B}[2Jk"),
                      placedLines: [PlacedLine(display: "ok", text: "ok", x: 0, width: 2)])
        #expect(box.text == "ok" && box.neutralText == NeutralText("ok"))
        box.text = "\u{9B}1mok\u{202E}"
        #expect(box.text == "ok\u{202E}\u{202C}")
        box.text = "ok"
        // A box read from JSON (a screen a server sent): its words and the lines a grid draws
        // as they are, neutralised.
        let json = String(decoding: try JSONEncoder().encode(box), as: UTF8.self)
        #expect(json.contains("\"ok\""))
        let hostile = json.replacingOccurrences(of: "\"ok\"", with: #""o\u001b]0;x\u0007k""#)
        let read = try JSONDecoder().decode(Box.self, from: Data(hostile.utf8))
        #expect(read.text == "ok")
        #expect(read.lines == ["ok"])
    }

    @Test func aStringsTable_isNeutralisedWhereItIsRead() throws {
        var strings = ChatStrings()
        try strings.apply([("edited", .phrase("Edi\u{1B}[5mted\u{202E}")),
                           ("replies", .counted([.one: "{count} re\u{7}ply", .other: "{count} replies\u{9B}2J"]))])
        #expect(strings.edited == "Edited\u{202E}\u{202C}")
        #expect(strings.replies.forms == [.one: "{count} re␇ply", .other: "{count} replies"])
    }

    /// A conversation whose every text is hostile: messages, names, a quote, attachments, a
    /// poll, a translation, reactions, thread participants, the channel's name.
    private func hostileConversation() -> ConversationBuilder {
        let stranger = User(id: "x\u{1B}[2J", name: "\u{1B}]0;t\u{07}Str\u{202E}anger")
        return ConversationBuilder()
            .direct()
            .channel { $0.name = "Chan\u{1B}[5mnel\u{202D}" }
            .config { $0.editedLabelEnabled = true; $0.autoTranslationEnabled = true }
            .context { $0.translationLanguage = "fr" }
            .message("m1", by: "leia", at: 0, text: Self.hostile) { message in
                message.user = stranger
                message.attachments = [
                    Attachment(type: "image\u{1B}[1m", title: "\u{202E}gpj.exe", originalSize: PixelSize(width: 40, height: 30)),
                    Attachment(type: "fi\u{9B}1mle", fileName: "a\u{0}b", fileSize: 10, urlHost: "ho\u{1B}[0mst"),
                ]
                message.reactionScores = [(type: "love", score: 2), (type: "\u{1B}[1mfire", score: 1)]
                message.replyCount = 2
                message.threadParticipants = [stranger, Cast.han]
                message.translations = ["fr": "tra\u{1B}[7mduit\u{202B}"]
            }
            .message("m2", by: "luke", at: 30, text: "re\u{8}\u{8}ply") { message in
                message.quotedMessage = QuotedMessage(id: "m1", text: Self.hostile, user: stranger)
                message.poll = Poll(question: "\u{1B}[2KWhich?", options: [Poll.Option(text: "\u{2067}one"), Poll.Option(text: "two\u{85}")])
                message.messageTextUpdatedAt = instant("2024-03-05T09:01:00Z")
            }
            .message("m3", by: "leia", at: 60, text: "\u{202E}") { $0.user = stranger }
    }

    @Test func aBoxTree_laidOutFromHostileText_holdsNoControlCharacter() throws {
        let builder = hostileConversation()
        let formatter = try ICULocaleFormatter(locale: builder.context.locale, timeZone: builder.context.timeZone)
        let screen = MessageListScreen.layout(builder.conversation, environment:
                try LayoutEnvironment(config: builder.config, context: builder.context, formatter: formatter,
                                      measurer: ICUTextEngine(), presentation: TerminalPresentation()), width: 50)
        var texts: [String] = []
        screen.root.walk { box, _ in
            texts += [box.text].compactMap { $0 } + box.lines + box.placedLines.map(\.text)
        }
        #expect(texts.contains { $0.contains("red clear") })  // the hostile text is there, made inert
        #expect(texts.contains { $0.contains("Chan") })
        for text in texts { #expect(Self.isNeutral(text), "\(UntrustedText.quotedInLine(text))") }
        let drawn = TextRenderer().render(screen)
        #expect(!drawn.contains("\u{1B}") && !drawn.unicodeScalars.contains { (0x80 ... 0x9F).contains($0.value) })
    }

    @Test func aThreadList_laidOutFromHostileText_holdsNoControlCharacter() throws {
        let stranger = User(id: "x\u{1B}[2J", name: "\u{1B}[1mS\u{202E}")
        let parent = Message(id: "p", text: Self.hostile, user: stranger, createdAt: instant("2024-03-05T09:00:00Z"), replyCount: 1)
        let reply = Message(id: "r", text: "\u{9B}31mreply\u{202B}", user: stranger, createdAt: instant("2024-03-05T09:01:00Z"), parentID: "p")
        let threads = [
            ChatThread(parentMessageID: "p", parentMessage: parent, channel: Channel(cid: "messaging:c", name: "\u{1B}[5mC"),
                       title: "\u{1B}]0;x\u{07}T\u{202E}", replyCount: 1, latestReplies: [reply]),
            ChatThread(parentMessageID: "q", channel: Channel(cid: "messaging:!members-x"), title: "\u{7}",
                       threadParticipants: [User(id: "i\u{1B}[1md")]),
        ]
        let formatter = try ICULocaleFormatter(locale: "en", timeZone: "UTC")
        let context = LayoutContext(currentUserID: "luke", now: instant("2024-03-05T10:00:00Z"), timeZone: "UTC", locale: "en")
        let screen = ThreadListScreen.layout(Conversation(threads: threads), environment:
                try LayoutEnvironment(config: MessageListConfig(), context: context, formatter: formatter,
                                      measurer: ICUTextEngine(), presentation: TerminalPresentation()), width: 40)
        var texts: [String] = []
        screen.root.walk { box, _ in texts += [box.text].compactMap { $0 } + box.lines }
        #expect(texts.contains { $0.contains("reply") })
        for text in texts { #expect(Self.isNeutral(text), "\(UntrustedText.quotedInLine(text))") }
    }
}
