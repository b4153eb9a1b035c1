import ChatLayoutKit
import ChatLayoutTextRenderer
import Testing

/// A voice recording in a quote, as Stream UIKit's `QuotedChatMessageView` shows it
/// (`voiceRecordingAttachmentQuotedPreview`, a `VoiceRecordingAttachmentQuotedPreview`): its
/// `QuotedChatMessageView_Tests.test_withVoiceRecordingAttachmentAppearance` snapshot quotes
/// "Hello Vader!" with a 59-second recording and shows, inside the quote's box (8-point
/// margins), a bordered card — "Recording" over "00:59", the file icon (30 points) at its
/// trailing edge, content 8 points inside its border — 8 points before the box's trailing
/// padding, and no text.
struct QuotedVoiceRecordingParityTests {
    /// The chat attachment (Swift Testing has an `Attachment` of its own).
    private typealias Attachment = ChatLayoutKit.Attachment

    private func recording(seconds: Double = 59) -> Attachment {
        var recording = Attachment(type: "voiceRecording", title: "voice-note.aac", assetURL: "https://example.com/voice-note.aac")
        recording.duration = seconds
        return recording
    }

    /// Leia quotes Han's "Hello Vader!" with `attachments`; Luke is the current user.
    private func quoting(_ attachments: [Attachment], text: String = "Hello Vader!", direction: LayoutDirection? = nil) -> ConversationBuilder {
        ConversationBuilder()
            .config { $0.layoutDirection = direction }
            .message("m1", by: "leia", at: 0, text: "Listen to this") { message in
                message.quotedMessage = QuotedMessage(id: "q1", text: text, user: Cast.user("han"), attachments: attachments)
            }
    }

    private func quoteBox(_ screen: LaidOutScreen) throws -> Box {
        var quote: Box?
        screen.root.walk { box, _ in if box.role == .quotedMessage && quote == nil { quote = box } }
        return try #require(quote)
    }

    private func part(_ card: Box, _ kind: AttachmentCardPart.Kind) -> Box? {
        card.children.first { if case .cardPart(let part) = $0.content { part.kind == kind } else { false } }
    }

    private func kinds(_ card: Box) -> [AttachmentCardPart.Kind] {
        card.children.compactMap { if case .cardPart(let part) = $0.content { part.kind } else { nil } }
    }

    @Test func quotedRecording_isACardInThePadding_nameOverDuration_iconAtTheEnd_noText() throws {
        let quote = try quoteBox(try ParityLayout.screen(quoting([recording()])))
        // Stream's order: the avatar, the recording; its text view is emptied.
        #expect(quote.children.map(\.role) == [.avatar, .attachment])
        let avatar = try #require(quote.children.first), card = try #require(quote.children.last)
        #expect(kinds(card) == [.fileName, .duration, .recordingIcon])
        let name = try #require(part(card, .fileName)), duration = try #require(part(card, .duration))
        let icon = try #require(part(card, .recordingIcon))
        #expect(name.text == "Recording" && duration.text == "00:59")
        // The card 8 points inside the box's padding, and 8 + 8 before its trailing edge.
        #expect(card.frame.x == avatar.frame.maxX + 8 + 8 && card.frame.y == quote.frame.y + 8)
        #expect(card.frame.maxX == quote.frame.maxX - 8 - 8)
        #expect(quote.frame.height == card.frame.height + 16)
        // Inside the card: 1-point border, 8-point padding; the words over each other 3 apart,
        // the icon 30 points, 4 after the words' column, centred down.
        #expect(name.frame.x == card.frame.x + 1 + 8 && duration.frame.x == name.frame.x)
        #expect(duration.frame.y == name.frame.maxY + 3)
        #expect(icon.frame.width == 30 && icon.frame.maxX == card.frame.maxX - 1 - 8 && name.frame.maxX + 4 == icon.frame.x)
        #expect(abs((icon.frame.y + icon.frame.maxY) - (name.frame.y + duration.frame.maxY)) <= 1)
        guard case .attachment(let content) = card.content, case .quotedMessage(let quoted) = quote.content else {
            Issue.record("untyped boxes"); return
        }
        #expect(content.kind == .voiceRecording && content.duration == 59)
        #expect(quoted.text == "Recording 00:59" && quoted.author == "Han" && !quoted.namesAttachmentType)
        if case .cardPart(let iconData) = icon.content { #expect(iconData.fileType == "aac") }
    }

    /// Stream picks the recording only when nothing comes before it (`setAttachmentPreview`):
    /// a file, image, link, giphy or video is a thumbnail beside the text instead.
    @Test func aFileBesideTheRecording_isTheThumbnail_withTheText() throws {
        let file = Attachment(type: "file", title: "plan.pdf", fileName: "plan.pdf")
        let quote = try quoteBox(try ParityLayout.screen(quoting([recording(), file])))
        #expect(quote.children.map(\.role) == [.avatar, .attachment, .text])
        #expect(quote.children[1].children.isEmpty)
        let onlyOther = try quoteBox(try ParityLayout.screen(quoting([recording()], text: "")))
        #expect(onlyOther.children.map(\.role) == [.avatar, .attachment])
    }

    @Test func deletedQuote_showsNoRecording() throws {
        let builder = ConversationBuilder().message("m1", by: "leia", at: 0, text: "What was it?") { message in
            message.quotedMessage = QuotedMessage(id: "q1", text: "", user: Cast.user("han"), attachments: [recording()], isDeleted: true)
        }
        let quote = try quoteBox(try ParityLayout.screen(builder))
        #expect(!quote.children.contains { $0.role == .attachment })
        if case .quotedMessage(let quoted) = quote.content { #expect(quoted.text == "Message deleted" && quoted.isDeleted) }
    }

    /// `rightToLeftLayout`: mirrored, the card beside the avatar at the quote's right.
    @Test func rightToLeft_mirrorsTheCard() throws {
        let quote = try quoteBox(try ParityLayout.screen(quoting([recording()], direction: .rightToLeft)))
        let avatar = try #require(quote.children.first { $0.role == .avatar })
        let card = try #require(quote.children.first { $0.role == .attachment })
        let name = try #require(part(card, .fileName)), icon = try #require(part(card, .recordingIcon))
        #expect(avatar.frame.maxX == quote.frame.maxX && card.frame.maxX == avatar.frame.x - 8 - 8)
        #expect(icon.frame.x == card.frame.x + 1 + 8 && icon.frame.maxX <= name.frame.x)
    }

    /// Cells: no card; the quote's line says what the card says.
    @Test func cells_theLineSaysRecordingAndTheDuration() throws {
        let screen = try ParityLayout.screen(quoting([recording(seconds: 65)]), points: false, width: 40)
        let quote = try quoteBox(screen)
        #expect(!quote.children.contains { $0.role == .attachment })
        #expect(TextRenderer().render(screen).contains("Han: Recording 01:05"))
    }

    /// The name is the strings table's, in the locale's language.
    @Test func theNameFromTheStringsTable() throws {
        let builder = quoting([recording()]).context { $0.locale = "de_DE" }
        let quote = try quoteBox(try ParityLayout.screen(builder))
        let card = try #require(quote.children.first { $0.role == .attachment })
        #expect(part(card, .fileName)?.text == "Aufnahme")
    }
}
