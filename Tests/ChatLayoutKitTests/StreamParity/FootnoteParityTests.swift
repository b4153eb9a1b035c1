import ChatLayoutDecoding
import ChatLayoutICU
import ChatLayoutKit
import ChatLayoutTextRenderer
import Testing

/// Issue 29, points 6 to 9: Stream's footnote, avatar, error indicator and translation, each test
/// re-expressing one of Stream UIKit's snapshot tests (named in its doc comment) as a
/// document, asserting the arrangement on the box tree. Stream's facts
/// (`ChatMessageContentView`, `ChatMessageDeliveryStatusView`): the footnote of others'
/// messages reads author, time, "• Edited", "Only visible to you", delivery status; the
/// current user's the other way round, "Edited" still after the time ("✓ 3:33 PM • Edited").
/// A read status counts its readers in channels of more than two members ("1 ✓✓"). The
/// avatar's bottom is the bottom of the bubble's column (level with the footnote); the error
/// indicator overlaps the bubble's bottom outer corner by half its width. A message shown in
/// translation has the translated text in its bubble and "Translated to Portuguese" last in
/// its footnote.
struct FootnoteParityTests {
    /// Points: Stream's lengths, lines 24 points tall (a measurer ten points a cell).
    private static let lineHeight = ParityLayout.lineHeight

    /// Luke (the current user) sends `text` in a channel of `members` (Luke first), read
    /// events on.
    private func own(_ text: String, members: [String] = ["luke", "leia", "han", "chewie"], direction: LayoutDirection? = nil,
                     _ adjust: @escaping (inout Message) -> Void = { _ in }) -> ConversationBuilder {
        var builder = ConversationBuilder()
            .config { $0.layoutDirection = direction }
            .message("m1", by: "luke", at: 0, text: text, adjust)
        builder = builder.conversation { $0.members = members.map { Member(user: Cast.user($0)) } }
        return builder
    }

    private func screen(_ builder: ConversationBuilder, points: Bool = true, width: Int = 360) throws -> LaidOutScreen {
        try ParityLayout.screen(builder, points: points, width: width)
    }

    /// The boxes of message `id`'s row, in drawing order (the row's own box left out).
    private func parts(_ screen: LaidOutScreen, of id: String = "m1") -> [Box] {
        var found: [Box] = []
        screen.root.walk { box, _ in
            if box.id == id && box.role != .messageRow { found.append(box) }
        }
        return found
    }

    private func first(_ role: BoxRole, in parts: [Box]) throws -> Box {
        try #require(parts.first { $0.role == role })
    }

    /// The footnote's boxes (on the line under the bubble), left to right.
    private func footnote(_ parts: [Box]) throws -> [Box] {
        let bubble = try first(.bubble, in: parts)
        return parts.filter { [.timestamp, .deliveryStatus, .editedLabel, .authorName, .onlyVisibleToYou, .translationLabel].contains($0.role)
            && $0.frame.y >= bubble.frame.maxY }.sorted { $0.frame.x < $1.frame.x }
    }

    /// `ChatMessageContentView_Tests.test_appearance_whenMessageFromTheCurrentUserIsRead_inGroupChannel`:
    /// "1 ✓✓ 3:33 PM" — the status, counting the one reader, before the time, the line ending
    /// at the trailing edge under the bubble.
    @Test func readInGroupChannel_countsTheReaders_beforeTheTime() throws {
        let builder = own("Read message in group channel").read(by: "leia", lastRead: ConversationBuilder().at(60))
        let parts = self.parts(try screen(builder))
        let line = try footnote(parts)
        #expect(line.map(\.role) == [.deliveryStatus, .timestamp])
        #expect(line[0].content == .deliveryStatusRead(readCount: 1))
        #expect(line[1].frame.maxX == 360 - 8)
        #expect(line[0].frame.maxX < line[1].frame.x)
    }

    /// The same with two readers of three others: the count follows the read states that
    /// cover the message (a read before it does not count).
    @Test func readInGroupChannel_countsOnlyReadsAtOrAfterTheMessage() throws {
        let base = ConversationBuilder()
        let builder = own("Read message in group channel", {
            $0.createdAt = base.at(30)
        }).read(by: "leia", lastRead: base.at(60)).read(by: "han", lastRead: base.at(30)).read(by: "chewie", lastRead: base.at(10))
        let line = try footnote(parts(try screen(builder)))
        #expect(line.first?.content == .deliveryStatusRead(readCount: 2))
    }

    /// `ChatMessageContentView_Tests.test_appearance_whenMessageFromTheCurrentUserIsRead_inDirectMesssagesChannel`:
    /// a read status without a count in a channel of two.
    @Test func readInDirectChannel_hasNoCount() throws {
        let builder = own("Read message in direct messages channel", members: ["luke", "leia"])
            .read(by: "leia", lastRead: ConversationBuilder().at(60))
        let line = try footnote(parts(try screen(builder)))
        #expect(line.map(\.role) == [.deliveryStatus, .timestamp])
        #expect(line[0].content == .deliveryStatus(.read))
    }

    /// `ChatMessageContentView_Tests.test_appearance_whenMessageFromTheCurrentUserIsSent`:
    /// "✓ 3:33 PM", no count (nobody read it).
    @Test func sent_statusBeforeTheTime() throws {
        let line = try footnote(parts(try screen(own("Sent message"))))
        #expect(line.map(\.role) == [.deliveryStatus, .timestamp])
        #expect(line[0].content == .deliveryStatus(.sent))
    }

    /// `ChatMessageContentView_Tests.test_appearance_whenMessageFromTheCurrentUserIsPendingSend`:
    /// the pending clock before the time, no count (a message in progress counts nobody).
    @Test func pendingSend_clockBeforeTheTime() throws {
        let builder = own("The one to be sent") { $0.localState = .sending }.read(by: "leia", lastRead: ConversationBuilder().at(60))
        let line = try footnote(parts(try screen(builder)))
        #expect(line.map(\.role) == [.deliveryStatus, .timestamp])
        #expect(line[0].content == .deliveryStatus(.pending))
    }

    /// `ChatMessageContentView_Tests.test_appearance_whenMessageIsEdited`: "✓ 3:33 PM • Edited"
    /// — status, time, then "Edited" set apart by a bullet, ending at the trailing edge.
    @Test func edited_afterTheTime_withABullet() throws {
        let builder = own("Hello World") { $0.messageTextUpdatedAt = ConversationBuilder().at(5) }.config { $0.editedLabelEnabled = true }
        let line = try footnote(parts(try screen(builder)))
        #expect(line.map(\.role) == [.deliveryStatus, .timestamp, .editedLabel])
        #expect(line[2].text == "Edited" && line[2].lines == ["• Edited"] && line[2].content == .edited)
        #expect(line[2].frame.maxX == 360 - 8)
    }

    /// `ChatMessageContentView_Tests.test_appearance_whenMessageIsEdited_andDeleted_shouldNotShowEditedLabel`:
    /// a deleted message says "Message deleted" and shows no "Edited".
    @Test func editedAndDeleted_showsNoEditedLabel() throws {
        let builder = own("Hello World") {
            $0.messageTextUpdatedAt = ConversationBuilder().at(5)
            $0.deletedAt = ConversationBuilder().at(10)
        }.config { $0.editedLabelEnabled = true }
        let parts = self.parts(try screen(builder))
        #expect(parts.allSatisfy { $0.role != .editedLabel })
        #expect(parts.first { $0.role == .text }?.text == "Message deleted")
        #expect(try footnote(parts).last?.role == .timestamp)
    }

    /// `ChatMessageContentView_Tests.test_appearance` with `avatar-bubble-text-timestamp`:
    /// Leia's last message; the avatar's bottom level with the footnote line's, its top above
    /// the bubble's bottom (it straddles the bubble's bottom edge), the time beside it.
    @Test func avatar_levelWithTheFootnote() throws {
        let builder = ConversationBuilder().direct().message("m1", by: "leia", at: 0, text: "Some long text goes here.")
        let parts = self.parts(try screen(builder))
        let avatar = try first(.avatar, in: parts), bubble = try first(.bubble, in: parts), time = try first(.timestamp, in: parts)
        #expect(avatar.frame.maxY == time.frame.maxY)
        #expect(avatar.frame.y < bubble.frame.maxY && avatar.frame.maxY > bubble.frame.maxY)
        #expect(avatar.frame.x == 8 && time.frame.x == bubble.frame.x)
    }

    /// Without a footnote (`show_message_date` off), the avatar's bottom is the bubble's, as
    /// before.
    @Test func avatar_withoutAFootnote_levelWithTheBubble() throws {
        let builder = ConversationBuilder().direct().message("m1", by: "leia", at: 0, text: "Some long text goes here.")
            .config { $0.displayOptions.showMessageDate = false }
        let parts = self.parts(try screen(builder))
        #expect(try first(.avatar, in: parts).frame.maxY == (try first(.bubble, in: parts)).frame.maxY)
        #expect(parts.allSatisfy { $0.role != .timestamp })
    }

    /// `ChatMessageContentView_Tests.test_appearance_whenMessageIsBounced`: the error indicator
    /// over the bubble's bottom trailing corner, half over it, its bottom at the bubble's; the
    /// bubble pulled in by the other half; the time still ending at the trailing edge.
    @Test func bounced_errorOnTheBubblesBottomTrailingCorner() throws {
        let builder = own("Hello") {
            $0.type = .error
            $0.isBounced = true
        }
        let parts = self.parts(try screen(builder))
        let bubble = try first(.bubble, in: parts), error = try first(.errorIndicator, in: parts)
        #expect(error.frame.x < bubble.frame.maxX && error.frame.maxX > bubble.frame.maxX)
        #expect(bubble.frame.maxX - error.frame.x == (error.frame.width + 1) / 2)
        #expect(error.frame.maxY == bubble.frame.maxY)
        #expect(error.frame.maxX == 360 - 8)
        #expect(try first(.timestamp, in: parts).frame.maxX == 360 - 8)
    }

    /// The same on a terminal: the one-cell glyph over the bubble's bottom right corner cell,
    /// the bubble where it stands without it.
    @Test func bounced_inCells_glyphOverTheCornerCell() throws {
        let builder = own("Hello") {
            $0.type = .error
            $0.isBounced = true
        }
        let parts = self.parts(try screen(builder, points: false, width: 40))
        let bubble = try first(.bubble, in: parts), error = try first(.errorIndicator, in: parts)
        #expect(error.frame == Frame(x: bubble.frame.maxX - 1, y: bubble.frame.maxY - 1, width: 1, height: 1))
        #expect(bubble.frame.maxX == 40 - 1)
    }

    /// Right to left (Stream's `rightToLeftLayout` variants mirror the row): the group read
    /// status at the right of the time, the line ending at the left edge; the error glyph on
    /// the bubble's left bottom corner.
    @Test func readInGroupChannel_rightToLeft_mirrored() throws {
        let builder = own("Read message in group channel", direction: .rightToLeft) {
            $0.localState = .sendingFailed
        }
        let parts = self.parts(try screen(builder))
        let bubble = try first(.bubble, in: parts), error = try first(.errorIndicator, in: parts)
        #expect(error.frame.x < bubble.frame.x && error.frame.maxX > bubble.frame.x && error.frame.x == 8)
        let sent = own("Read message in group channel", direction: .rightToLeft).read(by: "leia", lastRead: ConversationBuilder().at(60))
        let line = try footnote(self.parts(try screen(sent)))
        #expect(line.map(\.role) == [.timestamp, .deliveryStatus])
        #expect(line[0].frame.x == 8)
    }

    /// `explain` says the read count where it explains the status.
    @Test func explain_saysTheReadCount() throws {
        let builder = own("Read").read(by: "leia", lastRead: ConversationBuilder().at(60)).read(by: "han", lastRead: ConversationBuilder().at(60))
        let decision = try #require(try builder.resolve(explain: true).decision("m1"))
        #expect(decision.readCount == 2)
        #expect(decision.reasons.contains { $0.option == "deliveryStatusIndicator" && $0.reason.contains("read by 2") })
    }

    /// A direct channel with auto-translation into Portuguese: `author` says "Hello", which
    /// has a Portuguese translation.
    private func translated(by author: String, locale: String = "en_US") -> ConversationBuilder {
        ConversationBuilder().direct()
            .config { $0.autoTranslationEnabled = true }
            .context {
                $0.translationLanguage = "pt"
                $0.locale = locale
            }
            .message("m1", by: author, at: 0, text: "Hello") {
                $0.language = "en"
                $0.translations = ["pt": "Olá"]
            }
    }

    /// `ChatMessageContentView_Tests.test_appearance_whenMessageHasTranslation_whenNotSentByCurrentUser`:
    /// "Olá" in the bubble instead of "Hello"; "3:33 PM Translated to Portuguese" under it
    /// from the leading edge, the label carrying the language's code.
    @Test func translation_othersMessage_replacesTheText_andTheFootnoteSaysSo() throws {
        let parts = self.parts(try screen(translated(by: "leia")))
        let texts = parts.filter { $0.role == .text || $0.role == .translation }
        #expect(texts.map(\.text) == ["Olá"] && texts.first?.role == .text)
        let line = try footnote(parts)
        #expect(line.map(\.role) == [.timestamp, .translationLabel])
        #expect(line[1].text == "Translated to Portuguese" && line[1].content == .translatedTo(language: "pt"))
        #expect(line[0].frame.x == (try first(.bubble, in: parts)).frame.x)
    }

    /// `ChatMessageContentView_Tests.test_appearance_whenMessageHasTranslation_whenIsSentByCurrentUser`:
    /// "✓ 3:33 PM Translated to Portuguese" ending at the trailing edge.
    @Test func translation_ownMessage_labelLast_atTheTrailingEdge() throws {
        let parts = self.parts(try screen(translated(by: "luke")))
        #expect(parts.filter { $0.role == .text }.map(\.text) == ["Olá"])
        let line = try footnote(parts)
        #expect(line.map(\.role) == [.deliveryStatus, .timestamp, .translationLabel])
        #expect(line[2].frame.maxX == 360 - 8)
    }

    /// The language is named in the document's locale through ICU, not the machine's.
    @Test func translation_languageNamedInTheDocumentsLocale() throws {
        let label = try first(.translationLabel, in: parts(try screen(translated(by: "leia", locale: "es_ES"))))
        #expect(label.text == "Traducido al portugués")
        #expect(label.content == .translatedTo(language: "pt"))
    }

    /// On a terminal: the translated text alone in the bubble, the label after the time.
    @Test func translation_inCells_replacesTheText() throws {
        let drawn = TextRenderer().render(try screen(translated(by: "leia"), points: false, width: 40))
        #expect(drawn.contains("Olá") && !drawn.contains("Hello"))
        #expect(drawn.contains("Translated to Portuguese"))
    }
}
