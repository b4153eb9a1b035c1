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
    /// author first, its badge pulled 8 points above the card's top (`authorOnImageConstraint`:
    /// the label at the card's top, the badge 8 points above and 4 below it), then the title 8
    /// points under the badge and the description under it. On a terminal the badge stays
    /// inside the card's border (a cell cannot be halved).
    @Test func linkPreview_withoutImage_startsWithTheAuthor() throws {
        let (_, _, cards) = try parts(try screen(message([link(image: false)], text: "see")))
        let card = try #require(cards.first)
        #expect(kinds(card) == [.author, .title, .description])
        let author = try #require(part(card, .author)), title = try #require(part(card, .title))
        #expect(author.frame.y == card.frame.y && author.frame.x == card.frame.x + 8)
        #expect(title.frame.y == author.frame.maxY + 4 + 8 && title.frame.x == author.frame.x)
        let (_, _, cells) = try parts(try screen(message([link(image: false)], text: "see"), points: false, width: 40))
        let cellCard = try #require(cells.first)
        let cellAuthor = try #require(part(cellCard, .author)), cellTitle = try #require(part(cellCard, .title))
        #expect(cellAuthor.frame.y == cellCard.frame.y + 1 && cellTitle.frame.y == cellAuthor.frame.maxY)
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
    /// after it, the file icon (30 points, centred down) at the trailing edge, where the
    /// playback-rate button shows while it plays; its `rightToLeftLayout` variant mirrors it.
    @Test func voiceRecording_playNameDurationWaveform_bothDirections() throws {
        var recording = Attachment(type: "voiceRecording", title: "Recording", assetURL: "https://example.com/r.aac")
        recording.duration = 10
        recording.waveformSampleCount = 10
        for direction: LayoutDirection in [.leftToRight, .rightToLeft] {
            let (_, _, cards) = try parts(try screen(message([recording], direction: direction)))
            let card = try #require(cards.first)
            #expect(kinds(card) == [.playButton, .fileName, .duration, .waveform, .recordingIcon])
            let play = try #require(part(card, .playButton)), name = try #require(part(card, .fileName))
            let duration = try #require(part(card, .duration)), wave = try #require(part(card, .waveform))
            let icon = try #require(part(card, .recordingIcon))
            #expect(duration.text == "00:10" && name.text == "Recording")
            #expect(duration.frame.y >= name.frame.maxY && wave.frame.y == duration.frame.y)
            #expect(icon.frame.width == 30 && abs((icon.frame.y + icon.frame.maxY) - (play.frame.y + play.frame.maxY)) <= 1)
            if direction == .leftToRight {
                #expect(play.frame.maxX < name.frame.x && duration.frame.maxX < wave.frame.x)
                #expect(icon.frame.x >= wave.frame.maxX + 8 && icon.frame.maxX == card.frame.maxX - 1 - 8)
            } else {
                #expect(play.frame.x > name.frame.maxX && duration.frame.x > wave.frame.maxX)
                #expect(icon.frame.maxX <= wave.frame.x - 8 && icon.frame.x == card.frame.x + 1 + 8)
            }
            if case .cardPart(let slot) = icon.content { #expect(slot.fileType == "aac") }
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

    /// Stream's `PollMockFactory.makePoll`: "The Best Football Player of All Time A.K.A. The
    /// Goat", five options with 0, 3, 1, 0 and 2 votes, their latest voters (the current user
    /// Luke among them), Luke's own votes for Ronaldo and Eusebio, created by Luke.
    private func streamPoll(closed: Bool = false, adjust: (inout Poll) -> Void = { _ in }) -> Poll {
        var poll = Poll(question: "The Best Football Player of All Time A.K.A. The Goat", options: [
            Poll.Option(text: "Messi", voteCount: 0, id: "messi"),
            Poll.Option(text: "Cristiano Ronaldo dos Santos Aveiro", voteCount: 3, id: "ronaldo", latestVoters: [
                Poll.Voter(userID: "luke", name: "Luke", imageURL: "https://example.com/yoda.jpg"),
                Poll.Voter(userID: "pep", name: "Pep Guardiola"), Poll.Voter(userID: "rui", name: "Rui Costa")]),
            Poll.Option(text: "Pele", voteCount: 1, id: "pele", latestVoters: [Poll.Voter(userID: "zico", name: "Zico")]),
            Poll.Option(text: "Maradona", voteCount: 0, id: "maradona"),
            Poll.Option(text: "Eusebio", voteCount: 2, id: "eusebio", latestVoters: [
                Poll.Voter(userID: "luke", name: "Luke"), Poll.Voter(userID: "dimaria", name: "Di Maria")]),
        ], isClosed: closed)
        poll.createdByID = "luke"
        poll.ownVoteOptionIDs = ["ronaldo", "eusebio"]
        adjust(&poll)
        return poll
    }

    /// A message by Leia with only `poll`; Luke is the current user.
    private func poll(_ poll: Poll, direction: LayoutDirection? = nil) -> ConversationBuilder {
        ConversationBuilder()
            .direct()
            .config { $0.layoutDirection = direction }
            .message("m1", by: "leia", at: 0, text: "") { $0.poll = poll }
    }

    private func boxes(_ card: Box, _ kind: AttachmentCardPart.Kind) -> [Box] {
        card.children.filter { if case .cardPart(let part) = $0.content { part.kind == kind } else { false } }
    }

    private func buttonWords(_ poll: Poll) throws -> [String?] {
        let (_, _, cards) = try parts(try screen(self.poll(poll)))
        return boxes(try #require(cards.first), .action).map(\.text)
    }

    /// `PollAttachmentView_Tests.test_appearance`: the question wrapped over "Select one or
    /// more"; each option's check circle at the leading edge (checked for the current user's
    /// votes, centred down), its text beside it, its latest voters' avatars (two at most, 20
    /// points, overlapping by 4) before its count at the trailing edge, its progress bar under
    /// the text; then "View Results" and, the poll being the current user's, "End Vote". The
    /// card lies on the bubble: no border, its content at the bubble's padding.
    @Test func poll_questionSubtitleOptionsVotersThenButtons() throws {
        let (bubble, _, cards) = try parts(try screen(poll(streamPoll())))
        let card = try #require(cards.first)
        let question = try #require(part(card, .pollQuestion)), subtitle = try #require(part(card, .pollSubtitle))
        #expect(question.lines.count >= 2 && subtitle.text == "Select one or more" && subtitle.frame.y == question.frame.maxY)
        #expect(card.frame.x == bubble.frame.x + 1 + 12 && question.frame.x == card.frame.x && question.frame.y == card.frame.y + 4)
        let checks = boxes(card, .pollCheck), texts = boxes(card, .pollOption), votes = boxes(card, .pollVotes)
        let bars = boxes(card, .pollProgress), voters = boxes(card, .pollVoters)
        #expect(checks.count == 5 && texts.count == 5 && votes.count == 5 && bars.count == 5 && voters.count == 3)
        #expect(texts.map { (box: Box) in box.text } == ["Messi", "Cristiano Ronaldo dos Santos Aveiro", "Pele", "Maradona", "Eusebio"])
        #expect(votes.map { (box: Box) in box.text } == ["0", "3", "1", "0", "2"])
        #expect(checks.map { (box: Box) -> Bool? in if case .cardPart(let part) = box.content { part.isChosen } else { nil } }
            == [false, true, false, false, true])
        for index in 0 ..< 5 {
            #expect(checks[index].frame.maxX < texts[index].frame.x && votes[index].frame.x >= texts[index].frame.maxX)
            #expect(checks[index].frame.width == 25)
            // Centred down beside the text and the bar.
            #expect(abs((checks[index].frame.y + checks[index].frame.maxY) - (texts[index].frame.y + bars[index].frame.maxY)) <= 1)
            #expect(bars[index].frame.y > texts[index].frame.y && bars[index].frame.x == texts[index].frame.x)
            if index > 0 { #expect(texts[index].frame.y == bars[index - 1].frame.maxY + 24) }
        }
        // The voters: Ronaldo's first two (Luke, Pep), Pele's one, Eusebio's two; before the count.
        let voterIDs = voters.map { (box: Box) -> [String] in
            if case .cardPart(let part) = box.content { part.voters?.map(\.userID) ?? [] } else { [] }
        }
        #expect(voterIDs == [["luke", "pep"], ["zico"], ["luke", "dimaria"]])
        #expect(voters.map(\.frame.width) == [36, 20, 36])
        for (box, option) in zip(voters, [1, 2, 4]) {
            #expect(box.frame.maxX < votes[option].frame.x && box.frame.x > texts[option].frame.maxX)
            #expect(box.frame.y >= texts[option].frame.y && box.frame.maxY <= bars[option].frame.y)
        }
        if case .cardPart(let first) = voters[0].content { #expect(first.voters?.first?.imageURL == "https://example.com/yoda.jpg") }
        if case .cardPart(let bar) = bars[2].content { #expect(bar.votes == 1 && bar.maxVotes == 3 && bar.optionIndex == 2) }
        let buttons = boxes(card, .action)
        #expect(buttons.map { (box: Box) in box.text } == ["View Results", "End Vote"])
        #expect(buttons[0].frame.y > bars[4].frame.maxY && buttons[1].frame.y > buttons[0].frame.maxY)
        #expect(buttons.map { (box: Box) -> String? in if case .cardPart(let part) = box.content { part.action?.value } else { nil } }
            == ["view_results", "end_vote"])
    }

    /// `PollAttachmentView_Tests.test_appearance_whenClosed`: "Vote ended"; no check circles,
    /// the options' texts at the card's leading edge; the voters and counts stay; only "View
    /// Results", though the poll takes comments and suggestions.
    @Test func poll_closed_saysVoteEndedWithoutChecks() throws {
        let closed = streamPoll(closed: true) { $0.allowsAnswers = true; $0.allowsUserSuggestedOptions = true }
        let (_, _, cards) = try parts(try screen(poll(closed)))
        let card = try #require(cards.first)
        #expect(try #require(part(card, .pollSubtitle)).text == "Vote ended")
        #expect(boxes(card, .pollCheck).isEmpty && boxes(card, .pollVoters).count == 3)
        #expect(boxes(card, .pollOption).allSatisfy { $0.frame.x == card.frame.x })
        #expect(boxes(card, .action).map(\.text) == ["View Results"])
    }

    /// `PollAttachmentView_Tests.test_appearance` in its `rightToLeftLayout` variant: mirrored,
    /// the check circles at the right, the counts at the left, the voters between them and the text.
    @Test func poll_rightToLeft_checksAtTheRight() throws {
        let (_, _, cards) = try parts(try screen(poll(streamPoll(), direction: .rightToLeft)))
        let card = try #require(cards.first)
        let checks = boxes(card, .pollCheck), texts = boxes(card, .pollOption), votes = boxes(card, .pollVotes)
        let voters = boxes(card, .pollVoters)
        #expect(checks[1].frame.x > texts[1].frame.maxX && votes[1].frame.maxX <= texts[1].frame.x)
        #expect(voters[0].frame.x > votes[1].frame.maxX && voters[0].frame.maxX < texts[1].frame.x)
        #expect(checks[1].frame.maxX == card.frame.maxX)
    }

    /// `PollAttachmentView_Tests.test_subtitleText`: "Select one or more", "Vote ended",
    /// "Select one" (`enforce_unique_vote`), "Select up to 3" (`max_votes_allowed`, at most
    /// the number of options).
    @Test func poll_subtitleByStreamsRules() throws {
        func subtitle(_ poll: Poll) throws -> String? {
            let (_, _, cards) = try parts(try screen(self.poll(poll)))
            return cards.first.flatMap { part($0, .pollSubtitle)?.text }
        }
        #expect(try subtitle(streamPoll()) == "Select one or more")
        #expect(try subtitle(streamPoll(closed: true)) == "Vote ended")
        #expect(try subtitle(streamPoll { $0.enforceUniqueVote = true }) == "Select one")
        #expect(try subtitle(streamPoll { $0.maxVotesAllowed = 3 }) == "Select up to 3")
        #expect(try subtitle(streamPoll { $0.maxVotesAllowed = 9 }) == "Select up to 5")
        #expect(try subtitle(streamPoll(closed: true) { $0.enforceUniqueVote = true }) == "Vote ended")
    }

    /// `PollAttachmentView_Tests.test_appearance_withComments`, `…_withZeroComments`,
    /// `…_whenSuggestionsEnabled`, `…_withComments_whenCurrentUserAlreadyComment`: Stream's
    /// buttons in its order — suggest, add comment (not once the current user commented),
    /// view comments (with comments), results, end vote (the creator's only).
    @Test func poll_buttonsByStreamsRules() throws {
        #expect(try buttonWords(streamPoll { $0.allowsAnswers = true; $0.answersCount = 5 })
            == ["Add Comment", "View 5 Comments", "View Results", "End Vote"])
        #expect(try buttonWords(streamPoll { $0.allowsAnswers = true }) == ["Add Comment", "View Results", "End Vote"])
        #expect(try buttonWords(streamPoll { $0.allowsAnswers = true; $0.allowsUserSuggestedOptions = true; $0.answersCount = 3 })
            == ["Suggest an Option", "Add Comment", "View 3 Comments", "View Results", "End Vote"])
        #expect(try buttonWords(streamPoll { $0.allowsAnswers = true; $0.answersCount = 5; $0.latestAnswerUserIDs = ["luke"] })
            == ["View 5 Comments", "View Results", "End Vote"])
        #expect(try buttonWords(streamPoll { $0.createdByID = "leia" }) == ["View Results"])
        #expect(try buttonWords(streamPoll { $0.answersCount = 1 }) == ["View 1 Comment", "View Results", "End Vote"])
    }

    /// `PollAttachmentView_Tests.test_appearance_whenAnonymous`: no voters' avatars; a comment
    /// may always be added.
    @Test func poll_anonymous_showsNoVoters() throws {
        let anonymous = streamPoll {
            $0.votingVisibility = .anonymous; $0.allowsAnswers = true; $0.answersCount = 3; $0.latestAnswerUserIDs = ["luke"]
        }
        let (_, _, cards) = try parts(try screen(poll(anonymous)))
        let card = try #require(cards.first)
        #expect(boxes(card, .pollVoters).isEmpty && boxes(card, .pollVotes).count == 5)
        #expect(boxes(card, .action).map(\.text) == ["Add Comment", "View 3 Comments", "View Results", "End Vote"])
    }

    /// `PollAttachmentView_Tests.test_appearance_whenOptionsMoreThanMaxVisibleOptions`: ten
    /// options, then "See 2 More Options" first among the buttons.
    @Test func poll_moreThanTenOptions_showsTenAndSeeMore() throws {
        let many = Poll(question: "Many Options", options: (1 ... 12).map { Poll.Option(text: "\($0)", voteCount: $0 == 1 ? 2 : 1, id: "\($0)") })
        let (_, _, cards) = try parts(try screen(poll(many)))
        let card = try #require(cards.first)
        #expect(boxes(card, .pollOption).count == 10)
        #expect(boxes(card, .action).map(\.text) == ["See 2 More Options", "View Results"])
    }

    /// Cells: the poll keeps its frame on a terminal (a bordered block), the current user's
    /// votes checked ("◉"), the voters one dot each before the count.
    @Test func cells_pollIsABorderedBlockWithCheckedVotes() throws {
        let screen = try self.screen(poll(streamPoll()), points: false, width: 60)
        let drawn = TextRenderer().render(screen)
        #expect(drawn.contains("○  Messi") && drawn.contains("◉  Eusebio") && drawn.contains("●● 2"))
        #expect(drawn.contains("[ End Vote ]") && drawn.contains("┌"))
    }

    /// The poll's words come from the strings table: German.
    @Test func poll_wordsFromTheStringsTable() throws {
        let builder = poll(streamPoll { $0.maxVotesAllowed = 2; $0.allowsAnswers = true; $0.answersCount = 2 })
            .context { $0.locale = "de_DE" }
        let (_, _, cards) = try parts(try ParityLayout.screen(builder))
        let card = try #require(cards.first)
        #expect(part(card, .pollSubtitle)?.text == "Bis zu 2 auswählen")
        #expect(boxes(card, .action).map(\.text) == ["Kommentar hinzufügen", "2 Kommentare anzeigen", "Ergebnisse anzeigen", "Abstimmung beenden"])
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
