import ChatLayoutDecoding
import ChatLayoutICU
import ChatLayoutKit
import ChatLayoutTextRenderer
import Testing

/// Issue 29, points 3 and 4: Stream's attachment cards, each test re-expressing one of Stream
/// UIKit's snapshot tests (named in its doc comment) as a document, asserting the arrangement
/// on the box tree. Stream's facts: a link preview (`ChatMessageLinkPreviewView`,
/// `LinkAttachmentViewInjector`) comes under the text, its picture across the card and half as
/// tall, the author badge over the picture's bottom leading corner, then the title and the
/// description; a file (`ChatFileAttachmentListView.ItemView`) is a bordered card with its type
/// icon at the leading edge and its name over its size ("120 bytes"), cards 4 points apart; a
/// voice recording has its play button at the leading edge and its name over its duration
/// ("00:10") and waveform; an ephemeral giphy (`ChatMessageInteractiveAttachmentView`) has its
/// buttons side by side under it, of equal width, 48 points tall.
struct AttachmentCardParityTests {
    /// The chat attachment (Swift Testing has an `Attachment` of its own).
    private typealias Attachment = ChatLayoutKit.Attachment

    private static let lineHeight = ParityLayout.lineHeight

    /// A direct channel where `author` sends `text` with `attachments`.
    private func message(_ attachments: [Attachment], text: String = "", from author: String = "leia",
                         direction: LayoutDirection? = nil) -> ConversationBuilder {
        ConversationBuilder()
            .direct()
            .config { $0.layoutDirection = direction }
            .message("m1", by: author, at: 0, text: text) { $0.attachments = attachments }
    }

    private func screen(_ builder: ConversationBuilder, points: Bool = true, width: Int = 360) throws -> LaidOutScreen {
        try ParityLayout.screen(builder, points: points, width: width)
    }

    /// The bubble, the message's text box, and its cards (attachment boxes with parts).
    private func parts(_ screen: LaidOutScreen) throws -> (bubble: Box, text: Box?, cards: [Box]) {
        var bubble: Box?, text: Box?, cards: [Box] = []
        screen.root.walk { box, _ in
            if box.role == .bubble && bubble == nil { bubble = box }
            if box.role == .text && text == nil { text = box }
            if box.role == .attachment && !box.children.isEmpty { cards.append(box) }
        }
        return (try #require(bubble), text, cards)
    }

    private func part(_ card: Box, _ kind: AttachmentCardPart.Kind) -> Box? {
        card.children.first { if case .cardPart(let part) = $0.content { part.kind == kind } else { false } }
    }

    private func kinds(_ card: Box) -> [AttachmentCardPart.Kind] {
        card.children.compactMap { if case .cardPart(let part) = $0.content { part.kind } else { nil } }
    }

    private func link(title: String? = "Title", text: String? = "Text", author: String? = "Youtube", image: Bool = true) -> Attachment {
        var link = Attachment(type: "linkPreview", title: title, imageURL: image ? "https://example.com/yoda.jpg" : nil)
        link.author = author
        link.text = text
        link.linkURL = "https://example.com/watch"
        return link
    }

    private func file(_ name: String, bytes: Int) -> Attachment {
        Attachment(type: "file", title: name, fileName: name, fileSize: bytes, assetURL: "https://example.com/\(name)")
    }

    /// `ChatMessageLinkPreviewView_Tests.test_appearance`: the picture across the card, half
    /// as tall as wide; the author badge's label over its bottom leading corner, 4 points above
    /// its edge; the title 8 points under the picture; the description 3 points under the title.
    @Test func linkPreview_pictureAuthorTitleDescription() throws {
        let (_, _, cards) = try parts(try screen(message([link()], text: "https://example.com/watch")))
        let card = try #require(cards.first)
        #expect(kinds(card) == [.image, .author, .title, .description])
        let image = try #require(part(card, .image)), author = try #require(part(card, .author))
        let title = try #require(part(card, .title)), description = try #require(part(card, .description))
        #expect(image.frame.x == card.frame.x && image.frame.width == card.frame.width)
        #expect(image.frame.y == card.frame.y)
        #expect(abs(image.frame.height * 2 - image.frame.width) <= 2)
        #expect(author.frame.maxY == image.frame.maxY - 4 && author.frame.x == card.frame.x + 8)
        #expect(title.frame.y == image.frame.maxY + 8 && title.frame.x == author.frame.x)
        #expect(description.frame.y == title.frame.maxY + 3)
        #expect(title.text == "Title" && description.text == "Text" && author.text == "Youtube")
        if case .cardPart(let picture) = image.content { #expect(picture.imageURL == "https://example.com/yoda.jpg") }
        if case .attachment(let content) = card.content {
            #expect(content.author == "Youtube" && content.text == "Text" && content.linkURL == "https://example.com/watch")
        }
    }

    /// `ChatMessageLinkPreviewView_Tests.test_appearance` in its `rightToLeftLayout` variant:
    /// mirrored, the author badge at the picture's bottom right.
    @Test func linkPreview_rightToLeft_authorAtTheRight() throws {
        let (_, _, cards) = try parts(try screen(message([link()], text: "https://example.com/watch", direction: .rightToLeft)))
        let card = try #require(cards.first)
        let author = try #require(part(card, .author)), title = try #require(part(card, .title))
        #expect(author.frame.maxX == card.frame.maxX - 8)
        #expect(title.frame.maxX == card.frame.maxX - 8)
    }

    /// `ChatMessageLinkPreviewView_Tests.test_appearance_whenNoAuthor`: no badge; the title
    /// still 8 points under the picture.
    @Test func linkPreview_withoutAuthor_hasNoBadge() throws {
        let (_, _, cards) = try parts(try screen(message([link(author: nil)], text: "see")))
        let card = try #require(cards.first)
        #expect(kinds(card) == [.image, .title, .description])
        #expect(try #require(part(card, .title)).frame.y == (try #require(part(card, .image))).frame.maxY + 8)
    }

    /// `ChatMessageLinkPreviewView_Tests.test_appearance_whenNoImagePreview`: no picture; the
    /// author first, then the title and the description under it.
    @Test func linkPreview_withoutImage_startsWithTheAuthor() throws {
        let (_, _, cards) = try parts(try screen(message([link(image: false)], text: "see")))
        let card = try #require(cards.first)
        #expect(kinds(card) == [.author, .title, .description])
        let author = try #require(part(card, .author)), title = try #require(part(card, .title))
        #expect(title.frame.y > author.frame.maxY)
    }

    /// `ChatMessageContentView_Tests.test_appearance_whenMessageHasLink`: the current user's
    /// message at the trailing side, its text first, the card below it inside the bubble.
    @Test func messageWithLink_textThenCardInsideTheBubble() throws {
        let (bubble, text, cards) = try parts(try screen(message([link()], text: "https://getstream.io/chat/docs/", from: "luke")))
        let card = try #require(cards.first), textBox = try #require(text)
        #expect(bubble.frame.maxX == 360 - 8)
        #expect(card.frame.y >= textBox.frame.maxY)
        #expect(card.frame.x >= bubble.frame.x && card.frame.maxX <= bubble.frame.maxX && card.frame.maxY <= bubble.frame.maxY)
    }

    /// Stream's attachment view catalog: a link preview shows only on a message with no media
    /// or file (`ChatMessageContentView_Tests` draws files, not the link, beside a file).
    @Test func linkPreview_besideAFile_isNotDrawn() throws {
        let (_, _, cards) = try parts(try screen(message([file("a.pdf", bytes: 120), link()], text: "see")))
        #expect(cards.count == 1)
        #expect(cards.first.map(kinds) == [AttachmentCardPart.Kind.fileIcon, .fileName, .fileSize])
    }

    /// `ChatMessageFileAttachmentListView_Tests.test_appearance_two_attachments`: a bordered
    /// card per file, 4 points apart; the icon at the leading edge, the name over its size.
    @Test func twoFiles_twoCardsIconNameOverSize() throws {
        let (_, _, cards) = try parts(try screen(message([file("Sample.pdf", bytes: 120), file("Sample2.csv", bytes: 180)])))
        #expect(cards.count == 2)
        #expect(cards[1].frame.y == cards[0].frame.maxY + 4)
        for (card, size) in zip(cards, ["120 bytes", "180 bytes"]) {
            let icon = try #require(part(card, .fileIcon)), name = try #require(part(card, .fileName))
            let sizeBox = try #require(part(card, .fileSize))
            #expect(icon.frame.x == card.frame.x + 1 + 8)
            #expect(name.frame.x == icon.frame.maxX + 8 && sizeBox.frame.x == name.frame.x)
            #expect(sizeBox.frame.y == name.frame.maxY + 3)
            #expect(sizeBox.text == size)
        }
        if case .cardPart(let icon) = part(cards[0], .fileIcon)?.content { #expect(icon.fileType == "pdf") }
        if case .cardPart(let bytes) = part(cards[1], .fileSize)?.content { #expect(bytes.bytes == 180 && bytes.attachmentIndex == 1) }
    }

    /// `ChatMessageFileAttachmentListView_Tests.test_appearance_five_attachments`: the sizes
    /// as Stream writes them.
    @Test func fiveFiles_sizesInStreamsWords() throws {
        let sizes = [120, 400, 3600, 18_320, 500_000]
        let (_, _, cards) = try parts(try screen(message(sizes.enumerated().map { file("Sample\($0.offset).pdf", bytes: $0.element) })))
        #expect(cards.compactMap { part($0, .fileSize)?.text } == ["120 bytes", "400 bytes", "4 KB", "18 KB", "500 KB"])
    }

    /// `ChatMessageVoiceRecordingAttachmentListView_Tests.test_appearance_one_attachment`: the
    /// play button at the leading edge, the name over the duration ("00:10") and the waveform
    /// after it; its `rightToLeftLayout` variant mirrors it.
    @Test func voiceRecording_playNameDurationWaveform_bothDirections() throws {
        var recording = Attachment(type: "voiceRecording", title: "Recording", assetURL: "https://example.com/r.aac")
        recording.duration = 10
        recording.waveformSampleCount = 10
        for direction: LayoutDirection in [.leftToRight, .rightToLeft] {
            let (_, _, cards) = try parts(try screen(message([recording], direction: direction)))
            let card = try #require(cards.first)
            #expect(kinds(card) == [.playButton, .fileName, .duration, .waveform])
            let play = try #require(part(card, .playButton)), name = try #require(part(card, .fileName))
            let duration = try #require(part(card, .duration)), wave = try #require(part(card, .waveform))
            #expect(duration.text == "00:10" && name.text == "Recording")
            #expect(duration.frame.y >= name.frame.maxY && wave.frame.y == duration.frame.y)
            if direction == .leftToRight {
                #expect(play.frame.maxX < name.frame.x && duration.frame.maxX < wave.frame.x)
            } else {
                #expect(play.frame.x > name.frame.maxX && duration.frame.x > wave.frame.maxX)
            }
            if case .cardPart(let samples) = wave.content { #expect(samples.sampleCount == 10) }
        }
    }

    /// `ChatMessageContentView_Tests` ephemeral giphy (`ChatMessageInteractiveAttachmentView`):
    /// the giphy square across the bubble, then Send, Shuffle and Cancel side by side, of
    /// equal width, 48 points tall, under a 1-point rule.
    @Test func ephemeralGiphy_buttonsSideBySideUnderThePicture() throws {
        var giphy = Attachment(type: "giphy", title: "Hello", thumbURL: "https://example.com/hello.gif")
        giphy.actions = [AttachmentAction(name: "image_action", value: "send", text: "Send", isPrimary: true),
                         AttachmentAction(name: "image_action", value: "shuffle", text: "Shuffle"),
                         AttachmentAction(name: "image_action", value: "cancel", text: "Cancel")]
        let (bubble, _, cards) = try parts(try screen(message([giphy], from: "luke")))
        let card = try #require(cards.first)
        #expect(kinds(card) == [.image, .action, .action, .action])
        let image = try #require(part(card, .image))
        #expect(image.frame.width == image.frame.height && card.frame.x == bubble.frame.x + 1)
        let buttons = card.children.filter { if case .cardPart(let part) = $0.content { part.kind == .action } else { false } }
        #expect(buttons.map { (box: Box) in box.text } == ["Send", "Shuffle", "Cancel"])
        #expect(buttons.allSatisfy { $0.frame.y == image.frame.maxY + 1 && $0.frame.height == 48 })
        #expect(buttons[1].frame.x == buttons[0].frame.maxX + 1 && buttons[2].frame.x == buttons[1].frame.maxX + 1)
        #expect(abs(buttons[0].frame.width - buttons[2].frame.width) <= 2)
        if case .cardPart(let send) = buttons[0].content { #expect(send.action?.value == "send" && send.action?.isPrimary == true) }
    }

    /// Cells: the same arrangements as bordered blocks of lines — a file's card three rows
    /// (its border around the name over the size), its icon's type in brackets.
    @Test func cells_fileCardIsABorderedBlockOfLines() throws {
        let screen = try self.screen(message([file("Sample.pdf", bytes: 120)]), points: false, width: 40)
        let (_, _, cards) = try parts(screen)
        let card = try #require(cards.first)
        let name = try #require(part(card, .fileName)), size = try #require(part(card, .fileSize))
        #expect(card.frame.height == 4 && name.frame.y == card.frame.y + 1 && size.frame.y == name.frame.maxY)
        #expect(try #require(part(card, .fileIcon)).lines == ["[pdf]"])
        let drawn = TextRenderer().render(screen)
        #expect(drawn.contains("┌") && drawn.contains("[pdf] Sample.pdf") && drawn.contains("120 bytes"))
    }

    /// A message with only a poll of `options` (each with its votes), closed or not.
    private func poll(closed: Bool = false, direction: LayoutDirection? = nil) -> ConversationBuilder {
        ConversationBuilder()
            .direct()
            .config { $0.layoutDirection = direction }
            .message("m1", by: "luke", at: 0, text: "") {
                $0.poll = Poll(question: "Where should we go for the team offsite this year, given the budget?",
                               options: [Poll.Option(text: "Lisbon", voteCount: 3), Poll.Option(text: "A cabin in the mountains far away", voteCount: 1)],
                               isClosed: closed)
            }
    }

    /// `PollAttachmentView_Tests.test_appearance`: the question wrapped over "Select one or
    /// more"; each option's check circle at the leading edge, its text beside it, its votes at
    /// the trailing edge, its progress bar under the text; then "View Results".
    @Test func poll_questionSubtitleOptionsThenViewResults() throws {
        let (_, _, cards) = try parts(try screen(poll()))
        let card = try #require(cards.first)
        let question = try #require(part(card, .pollQuestion)), subtitle = try #require(part(card, .pollSubtitle))
        #expect(question.lines.count >= 2 && subtitle.text == "Select one or more" && subtitle.frame.y == question.frame.maxY)
        let checks = card.children.filter { if case .cardPart(let part) = $0.content { part.kind == .pollCheck } else { false } }
        let texts = card.children.filter { if case .cardPart(let part) = $0.content { part.kind == .pollOption } else { false } }
        let votes = card.children.filter { if case .cardPart(let part) = $0.content { part.kind == .pollVotes } else { false } }
        let bars = card.children.filter { if case .cardPart(let part) = $0.content { part.kind == .pollProgress } else { false } }
        #expect(checks.count == 2 && texts.count == 2 && votes.count == 2 && bars.count == 2)
        #expect(texts.map { (box: Box) in box.text } == ["Lisbon", "A cabin in the mountains far away"])
        #expect(votes.map { (box: Box) in box.text } == ["3", "1"])
        for index in 0 ..< 2 {
            #expect(checks[index].frame.maxX < texts[index].frame.x && votes[index].frame.x >= texts[index].frame.maxX)
            #expect(bars[index].frame.y > texts[index].frame.y && bars[index].frame.x == texts[index].frame.x)
        }
        #expect(texts[1].frame.y > bars[0].frame.maxY)
        if case .cardPart(let bar) = bars[1].content { #expect(bar.votes == 1 && bar.maxVotes == 3 && bar.optionIndex == 1) }
        let button = try #require(part(card, .action))
        #expect(button.text == "View Results" && button.frame.y > bars[1].frame.maxY)
        if case .attachment(let content) = card.content { #expect(content.poll?.options.map(\.voteCount) == [3, 1]) }
    }

    /// `PollAttachmentView_Tests.test_appearance_whenClosed`: "Vote ended" under the question.
    @Test func poll_closed_saysVoteEnded() throws {
        let (_, _, cards) = try parts(try screen(poll(closed: true)))
        #expect(try #require(cards.first.flatMap { part($0, .pollSubtitle) }).text == "Vote ended")
    }

    /// `PollAttachmentView_Tests.test_appearance` in its `rightToLeftLayout` variant: mirrored,
    /// the check circles at the right, the votes at the left.
    @Test func poll_rightToLeft_checksAtTheRight() throws {
        let (_, _, cards) = try parts(try screen(poll(direction: .rightToLeft)))
        let card = try #require(cards.first)
        let check = try #require(part(card, .pollCheck)), text = try #require(part(card, .pollOption))
        let votes = try #require(part(card, .pollVotes))
        #expect(check.frame.x > text.frame.maxX && votes.frame.maxX <= text.frame.x)
    }

    /// Stream's file size words (`ByteCountFormatter`, file style) without a locale.
    @Test func fileSizeWords_followByteCountFormatter() {
        #expect(fileSizeWordsSample == ["Zero KB", "1 byte", "999 bytes", "1 KB", "2 KB", "999 KB", "1 MB", "1.5 MB", "1.25 GB"])
    }

    private var fileSizeWordsSample: [String] {
        [0, 1, 999, 1000, 1500, 999_499, 999_500, 1_500_000, 1_250_000_000].map { bytes in
            let screen = try? self.screen(message([file("f.bin", bytes: bytes)]))
            return screen.flatMap { (try? parts($0))?.cards.first.flatMap { part($0, .fileSize)?.text } } ?? "?"
        }
    }
}
