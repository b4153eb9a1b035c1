import ChatLayoutDecoding
import ChatLayoutICU
import ChatLayoutKit
import ChatLayoutTextRenderer
import Testing

/// Issue 29, points 5 and 10: reactions, quoted messages, thread info and jumbomoji, each test
/// re-expressing one of Stream UIKit's snapshot tests (named in its doc comment) as a document
/// laid out in points at the test's width (360), asserting the arrangement on the box tree.
/// Stream's facts (`ChatMessageContentView`, `ChatReactionsBubbleView`): the reactions are icons
/// alone in a small bubble (16-point icons 8 apart, 8-point margins, 32 points tall and a
/// 6-point tail) centred 8 points beyond the bubble's top outer corner — trailing for others'
/// messages, leading for the current user's — whose top is 5 points below its centre.
struct ReactionsQuotesParityTests {
    private typealias Attachment = ChatLayoutKit.Attachment

    /// Points: Stream's lengths, lines 24 points tall (a measurer ten points a cell).
    private static let lineHeight = ParityLayout.lineHeight

    /// A group channel where `author` sends Stream's test text with like 5 and love 2.
    private func reacted(from author: String, direction: LayoutDirection? = nil) -> ConversationBuilder {
        ConversationBuilder()
            .config { $0.layoutDirection = direction }
            .message("m1", by: author, at: 0, text: "Some long text goes here.") { message in
                message.reactionScores = [(type: "like", score: 5), (type: "love", score: 2)]
                message.latestReactions = [Reaction(type: "like", userID: "han"), Reaction(type: "love", userID: "chewie")]
            }
    }

    private func screen(_ builder: ConversationBuilder, points: Bool = true, width: Int) throws -> LaidOutScreen {
        try ParityLayout.screen(builder, points: points, width: width)
    }

    /// The first box of each role of the message row.
    private func boxes(_ screen: LaidOutScreen) -> [BoxRole: Box] {
        var found: [BoxRole: Box] = [:]
        screen.root.walk { box, _ in if found[box.role] == nil { found[box.role] = box } }
        return found
    }

    /// `ChatMessageContentView_Tests.test_appearance` (avatar-bubble-reactions-text-timestamp):
    /// another's message: the reactions' bubble hangs off the bubble's top trailing corner, its
    /// centre 8 points beyond the edge; two icons make it 56 points wide (wider where the
    /// font draws them wider) and 38 tall (tail included); the bubble starts 24 points below its top, so it comes 14 points down over it.
    @Test func incoming_reactionsHangOffTheTopTrailingCorner() throws {
        let parts = boxes(try screen(reacted(from: "leia"), width: 360))
        let bubble = try #require(parts[.bubble]), reactions = try #require(parts[.reactions])
        // Stream's 56 points, or the glyphs' own width and the margins where the font draws
        // them wider (here ten points a cell: "❤️ 👍" is 50): the icons are never cut.
        #expect(reactions.frame.width == max(2 * 16 + 8, 50) + 2 * 8)
        #expect(reactions.lines.first?.hasSuffix("…") == false)
        #expect(reactions.frame.height == 38)
        #expect(reactions.frame.x + reactions.frame.width / 2 == bubble.frame.maxX + 8)
        #expect(bubble.frame.y == reactions.frame.y + 24)
        #expect(reactions.frame.maxY == bubble.frame.y + 14)
    }

    /// `ChatMessageContentView_Tests.test_appearance` (bubble-flipped-reactions-text-timestamp):
    /// the current user's message: the reactions hang off the top leading corner, centred 8
    /// points before the bubble's leading edge.
    @Test func outgoing_reactionsHangOffTheTopLeadingCorner() throws {
        let parts = boxes(try screen(reacted(from: "luke"), width: 360))
        let bubble = try #require(parts[.bubble]), reactions = try #require(parts[.reactions])
        #expect(reactions.frame.x + reactions.frame.width / 2 == bubble.frame.x - 8)
        #expect(reactions.frame.maxY == bubble.frame.y + 14)
    }

    /// `ChatReactionsBubbleView_Tests.test_defaultAppearance_toTrailingTail`: icons only, no
    /// counts, in the drawn line; the typed content keeps each type and count, in order, and the
    /// box's words say them.
    @Test func reactions_drawIconsOnly_contentKeepsTheCounts() throws {
        let reactions = try #require(boxes(try screen(reacted(from: "leia"), width: 360))[.reactions])
        #expect(reactions.content == .reactions([ReactionCount(type: "like", count: 5), ReactionCount(type: "love", count: 2)]))
        let drawn = reactions.placedLines.map(\.text).joined()
        #expect(!drawn.contains("5") && !drawn.contains("2"))
        #expect(reactions.text?.contains("5") == true)
    }

    /// `ChatMessageReactionItemView` (`isChosenByCurrentUser`): a reaction the current user gave
    /// is marked in the content, one of `latest_reactions` by them; the others are not.
    @Test func reactions_markTheCurrentUsersOwn_fromLatestReactions() throws {
        let builder = ConversationBuilder().message("m1", by: "leia", at: 0, text: "Some long text goes here.") { message in
            message.reactionScores = [(type: "like", score: 5), (type: "love", score: 2)]
            message.latestReactions = [Reaction(type: "like", userID: "han"), Reaction(type: "love", userID: "luke")]
        }
        let reactions = try #require(boxes(try screen(builder, width: 360))[.reactions])
        #expect(reactions.content == .reactions([ReactionCount(type: "like", count: 5), ReactionCount(type: "love", count: 2, isOwn: true)]))
    }

    /// Stream reads the current user's reactions from the payload's `own_reactions` (which
    /// `latest_reactions` may not list): decoded, they mark their types; the box tree's JSON
    /// says `own` and reads back equal.
    @Test func reactions_ownReactionsFromThePayload_roundTripInTheBoxTree() throws {
        let json = #"{"context": {"current_user_id": "me", "now": "2024-01-01T00:30:00Z", "time_zone": "UTC", "locale": "en_US"}, "#
            + #""channel": {"cid": "messaging:mock", "member_count": 3}, "messages": [{"id": "m1", "text": "Hi", "#
            + #""user": {"id": "leia"}, "created_at": "2024-01-01T00:00:00Z", "reaction_scores": {"like": 5, "love": 2}, "#
            + #""latest_reactions": [{"type": "like", "user_id": "han"}, {"type": "love", "user_id": "han"}], "#
            + #""own_reactions": [{"type": "like", "user_id": "me"}]}]}"#
        let (document, environment) = try ParityLayout.document(json)
        #expect(document.conversation.messages.first?.ownReactions == [Reaction(type: "like", userID: "me")])
        let screen = MessageListScreen.layout(document.conversation, environment: environment, width: 360)
        let reactions = try #require(boxes(screen)[.reactions])
        guard case .reactions(let counts) = reactions.content else { Issue.record("no reactions content"); return }
        #expect(counts.map(\.isOwn) == [true, false] && counts.map(\.type) == ["like", "love"])
        let written = screen.json().serialized()
        #expect(written.contains(#""type":"like","count":5,"own":true"#) && !written.contains(#""count":2,"own""#))
        #expect(try LaidOutScreen(json: written) == screen)
    }

    /// `ChatMessageContentView_Tests.test_appearance` in `rightToLeftLayout`: mirrored — the
    /// reactions of another's message hang off the bubble's top corner on the screen's left,
    /// its trailing side.
    @Test func rightToLeft_mirrorsTheCorner() throws {
        let parts = boxes(try screen(reacted(from: "leia", direction: .rightToLeft), width: 360))
        let bubble = try #require(parts[.bubble]), reactions = try #require(parts[.reactions])
        #expect(reactions.frame.x + (reactions.frame.width + 1) / 2 == bubble.frame.x - 8)
        #expect(reactions.frame.maxY == bubble.frame.y + 14)
    }

    /// Cells: the glyphs on their own row just above the bubble (a row cannot be cut in half),
    /// straddling its outer corner, a cell beyond it.
    @Test func cells_reactionsStraddleTheCorner_onTheRowAbove() throws {
        let parts = boxes(try screen(reacted(from: "leia"), points: false, width: 40))
        let bubble = try #require(parts[.bubble]), reactions = try #require(parts[.reactions])
        #expect(reactions.frame.maxY == bubble.frame.y)
        #expect(reactions.frame.x < bubble.frame.maxX && reactions.frame.maxX > bubble.frame.maxX)
    }

    // MARK: Quoted message

    /// `author` quotes Luke's (the current user's) "Thought to be quoted.", as Stream's test does.
    private func quoting(from author: String, direction: LayoutDirection? = nil) -> ConversationBuilder {
        ConversationBuilder()
            .config { $0.layoutDirection = direction }
            .message("m1", by: author, at: 0, text: "Some long text goes here.") { message in
                message.quotedMessage = QuotedMessage(id: "q1", text: "Thought to be quoted.", user: Cast.user("luke"))
            }
    }

    /// The quote's box and its children (avatar, text).
    private func quote(_ screen: LaidOutScreen) throws -> (bubble: Box, quote: Box, avatar: Box?, text: Box, body: Box) {
        var bubble: Box?, quote: Box?
        screen.root.walk { box, _ in
            if box.role == .bubble && bubble == nil { bubble = box }
            if box.role == .quotedMessage && quote == nil { quote = box }
        }
        let found = try #require(quote), inBubble = try #require(bubble)
        let body = try #require(inBubble.children.last { $0.role == .text })
        return (inBubble, found, found.children.first { $0.role == .avatar }, try #require(found.children.first { $0.role == .text }), body)
    }

    /// `ChatMessageContentView_Tests.test_appearance` (bubble-flipped-quotedMessage-text-timestamp):
    /// the current user quotes themself: a nested box first in the bubble, across its content,
    /// the quoted author's 24-point avatar at its bottom trailing corner, 8 points beside the
    /// text's box; the text 8 points in; the message's text under the quote, further in than
    /// the quote's box (Stream's text view insets its text by 8 more points than the bubble's
    /// margins, which the quote keeps).
    @Test func outgoing_quoteIsANestedBox_avatarAtItsTrailingSide() throws {
        let parts = try quote(try screen(quoting(from: "luke"), width: 360))
        let avatar = try #require(parts.avatar)
        #expect(parts.quote.frame.y < parts.body.frame.y && parts.quote.frame.x < parts.body.frame.x)
        #expect(parts.quote.frame.maxX == parts.body.frame.x + parts.body.frame.width || parts.quote.frame.width >= parts.body.frame.width)
        #expect(avatar.frame.width == 24 && avatar.frame.height == 24)
        #expect(avatar.frame.maxX == parts.quote.frame.maxX && avatar.frame.maxY == parts.quote.frame.maxY)
        #expect(parts.text.frame.maxX == avatar.frame.x - 8 - 8)
        #expect(parts.text.frame.x == parts.quote.frame.x + 8)
        #expect(avatar.content == .avatar(userID: "luke"))
    }

    /// `ChatMessageContentView_Tests.test_appearance` (avatar-bubble-quotedMessage-text-timestamp):
    /// another's message quoting the current user's: the quoted text wraps ("Thought to be /
    /// quoted.", two lines in Stream's snapshot) rather than being cut to one line; the content
    /// keeps the quoted id, author and text; the avatar of the current user's quote at the
    /// quote's bottom trailing corner, in another's bubble too.
    @Test func incoming_quotedTextWraps_contentKeepsIDAuthorAndText() throws {
        let parts = try quote(try screen(quoting(from: "leia"), width: 360))
        #expect(parts.text.placedLines.count == 2)
        #expect(parts.text.placedLines.map(\.text).joined(separator: " ").replacingOccurrences(of: "  ", with: " ")
            .contains("quoted."))
        guard case .quotedMessage(let data) = parts.quote.content else { Issue.record("no quote content"); return }
        #expect(data.id == "q1" && data.text == "Thought to be quoted." && data.author == "Luke")
        let avatar = try #require(parts.avatar)
        #expect(avatar.frame.maxX == parts.quote.frame.maxX && avatar.frame.maxY == parts.quote.frame.maxY)
        #expect(parts.text.frame.x == parts.quote.frame.x + 8 && parts.text.frame.maxX <= avatar.frame.x - 8)
        #expect(avatar.content == .avatar(userID: "luke"))
        #expect(parts.quote.frame.height == 2 * Self.lineHeight + 16)
    }

    /// `QuotedChatMessageView`'s rule the other way: a quote of another's message stands its
    /// author's avatar at the leading side, in the current user's bubble and in another's.
    @Test(arguments: ["luke", "leia"])
    func quoteOfAnothersMessage_avatarAtTheLeadingSide(_ author: String) throws {
        let builder = ConversationBuilder().message("m1", by: author, at: 0, text: "Some long text goes here.") { message in
            message.quotedMessage = QuotedMessage(id: "q1", text: "Thought to be quoted.", user: Cast.user("han"))
        }
        let parts = try quote(try screen(builder, width: 360))
        let avatar = try #require(parts.avatar)
        #expect(avatar.frame.x == parts.quote.frame.x && avatar.content == .avatar(userID: "han"))
        #expect(parts.text.frame.x == avatar.frame.maxX + 8 + 8)
    }

    /// `ChatMessageContentView_Tests.test_appearance` (quotedMessage, `rightToLeftLayout`) for
    /// another's message quoting the current user's: mirrored, the avatar at the quote's left
    /// (its trailing side), the text to its right.
    @Test func rightToLeft_incomingQuoteOfTheCurrentUsers_avatarAtTheLeft() throws {
        let parts = try quote(try screen(quoting(from: "leia", direction: .rightToLeft), width: 360))
        let avatar = try #require(parts.avatar)
        #expect(avatar.frame.x == parts.quote.frame.x && avatar.frame.maxY == parts.quote.frame.maxY)
        #expect(parts.text.frame.x >= avatar.frame.maxX + 8)
    }

    /// `ChatMessageContentView_Tests.test_appearance` in `rightToLeftLayout`: mirrored — the
    /// avatar of the current user's quote at the quote's left, the text beside it.
    @Test func rightToLeft_mirrorsTheQuote() throws {
        let parts = try quote(try screen(quoting(from: "luke", direction: .rightToLeft), width: 360))
        let avatar = try #require(parts.avatar)
        #expect(avatar.frame.x == parts.quote.frame.x)
        #expect(parts.text.frame.x >= avatar.frame.maxX + 8)
    }

    /// Cells: the quote's line (a bar and the author on a terminal) wraps to at most two rows,
    /// the second cut with an ellipsis; no avatar (the line names the author).
    @Test func cells_quoteWrapsToTwoRows() throws {
        let long = ConversationBuilder().message("m1", by: "leia", at: 0, text: "Yes") { message in
            message.quotedMessage = QuotedMessage(id: "q1", text: String(repeating: "word ", count: 40), user: Cast.user("luke"))
        }
        let parts = try quote(try screen(long, points: false, width: 40))
        #expect(parts.avatar == nil)
        #expect(parts.text.placedLines.count == 2)
        #expect(parts.text.placedLines[1].text.hasSuffix("…"))
    }

    /// Han's quoted message with `attachments` and no text, quoted by `author`.
    private func quotingAttachments(_ attachments: [Attachment], from author: String = "leia",
                                    direction: LayoutDirection? = nil) -> ConversationBuilder {
        ConversationBuilder()
            .config { $0.layoutDirection = direction }
            .message("m1", by: author, at: 0, text: "Some long text goes here.") { message in
                message.quotedMessage = QuotedMessage(id: "q1", text: "", user: Cast.user("han"), attachments: attachments)
            }
    }

    /// The quote's thumbnail: its `.attachment` child.
    private func thumbnail(_ quote: Box) -> Box? { quote.children.first { $0.role == .attachment } }

    /// `QuotedChatMessageView` (`attachmentPreviewView`, `attachmentPreviewSize`): a quoted image
    /// is shown as a 34-point thumbnail at the top of the quote's box, before the text (8
    /// points apart, the box's 8-point margins around them), its kind and picture's URL typed;
    /// the box is at least as tall as the thumbnail and its margins.
    @Test func quotedImage_thumbnailBeforeTheText() throws {
        let image = Attachment(type: "image", title: "dunes.jpg", imageURL: "https://cdn.example.com/dunes.jpg",
                               thumbURL: "https://cdn.example.com/dunes-thumb.jpg")
        let parts = try quote(try screen(quotingAttachments([image]), width: 360))
        let avatar = try #require(parts.avatar), preview = try #require(thumbnail(parts.quote))
        #expect(preview.frame.width == 34 && preview.frame.height == 34)
        #expect(preview.frame.x == avatar.frame.maxX + 8 + 8 && preview.frame.y == parts.quote.frame.y + 8)
        #expect(parts.text.frame.x == preview.frame.maxX + 8)
        guard case .attachment(let content) = preview.content else { Issue.record("no attachment content"); return }
        #expect(content.kind == .image && content.imageURL == "https://cdn.example.com/dunes.jpg")
        #expect(parts.quote.frame.height == max(24, max(Self.lineHeight, 34) + 16))
        // The children in Stream's order: the avatar, the thumbnail, the text.
        #expect(parts.quote.children.map(\.role) == [.avatar, .attachment, .text])
    }

    /// Stream's order of preference (`setAttachmentPreview`): a file before an image, a link
    /// preview (its thumbnail's URL), a giphy, a video. (A voice recording alone is a card, not
    /// a thumbnail: `QuotedVoiceRecordingParityTests`.)
    @Test func quotePreview_picksAsStreamDoes() throws {
        let file = Attachment(type: "file", title: "plan.pdf", fileName: "plan.pdf")
        let image = Attachment(type: "image", imageURL: "https://cdn.example.com/a.jpg")
        let link = Attachment(type: "linkPreview", title: "News", imageURL: "https://cdn.example.com/big.jpg",
                              thumbURL: "https://cdn.example.com/small.jpg")
        let video = Attachment(type: "video", imageURL: "https://cdn.example.com/v.jpg", thumbURL: "https://cdn.example.com/v-thumb.jpg")
        func preview(_ attachments: [Attachment]) throws -> AttachmentContent? {
            let parts = try quote(try screen(quotingAttachments(attachments), width: 360))
            guard let box = thumbnail(parts.quote), case .attachment(let content) = box.content else { return nil }
            return content
        }
        #expect(try preview([image, file])?.kind == .file)
        #expect(try preview([video, link])?.imageURL == "https://cdn.example.com/small.jpg")
        #expect(try preview([video])?.imageURL == "https://cdn.example.com/v-thumb.jpg")
    }

    /// The thumbnail in `rightToLeftLayout`: mirrored, beside the avatar at the quote's right.
    @Test func rightToLeft_mirrorsTheThumbnail() throws {
        let image = Attachment(type: "image", imageURL: "https://cdn.example.com/a.jpg")
        let parts = try quote(try screen(quotingAttachments([image], direction: .rightToLeft), width: 360))
        let avatar = try #require(parts.avatar), preview = try #require(thumbnail(parts.quote))
        #expect(avatar.frame.maxX == parts.quote.frame.maxX)
        #expect(preview.frame.maxX == avatar.frame.x - 8 - 8 && parts.text.frame.maxX == preview.frame.x - 8)
    }

    /// Cells: no thumbnail (the quote's line names the attachment, "[image]").
    @Test func cells_noThumbnail() throws {
        let image = Attachment(type: "image", imageURL: "https://cdn.example.com/a.jpg")
        let parts = try quote(try screen(quotingAttachments([image]), points: false, width: 40))
        #expect(thumbnail(parts.quote) == nil)
    }

    /// Cells: the quote is one block: its bar starts its second row too (in both directions).
    @Test(arguments: [LayoutDirection.leftToRight, .rightToLeft])
    func cells_theBarStartsEveryRowOfTheQuote(_ direction: LayoutDirection) throws {
        let long = ConversationBuilder().config { $0.layoutDirection = direction }.message("m1", by: "leia", at: 0, text: "Yes") { message in
            message.quotedMessage = QuotedMessage(id: "q1", text: String(repeating: "word ", count: 40), user: Cast.user("luke"))
        }
        let parts = try quote(try screen(long, points: false, width: 40))
        #expect(parts.text.placedLines.count == 2)
        #expect(parts.text.placedLines.allSatisfy { $0.text.contains("┃") })
        #expect(parts.text.placedLines.allSatisfy { $0.width <= parts.text.frame.width })
    }

    // MARK: Thread info

    /// A thread's parent by `author` with 20 replies from Han, then Leia (the last participant).
    private func threadParent(from author: String, direction: LayoutDirection? = nil) -> ConversationBuilder {
        ConversationBuilder()
            .config { $0.layoutDirection = direction }
            .message("m1", by: author, at: 0, text: "Some long text goes here.") { message in
                message.replyCount = 20
                message.threadParticipants = [Cast.user("han"), Cast.user("leia")]
            }
    }

    /// The thread info's words and avatar.
    private func threadInfo(_ screen: LaidOutScreen) throws -> (bubble: Box, info: Box, avatar: Box) {
        let parts = boxes(screen)
        return (try #require(parts[.bubble]), try #require(parts[.threadInfo]), try #require(parts[.replyAvatar]))
    }

    /// `ChatMessageContentView_Tests.test_appearance` (avatar-bubble-continuousBubble-quotedMessage-reactions-text-threadInfo-timestamp, `threadInfoContainer`):
    /// under another's bubble, from its leading edge, the arrow's 16 points, the last
    /// participant's 16-point avatar (the author of the latest reply), then the words 8 points
    /// on; the avatar typed with the participant's id, the words' content the reply count.
    @Test func threadInfo_arrowAvatarThenWords_fromTheLeadingEdge() throws {
        let parts = try threadInfo(try screen(threadParent(from: "leia"), width: 360))
        #expect(parts.avatar.frame.width == 16 && parts.avatar.frame.height == 16)
        #expect(parts.avatar.frame.x == parts.bubble.frame.x + 16 && parts.info.frame.x == parts.avatar.frame.maxX + 8)
        #expect(parts.info.frame.y >= parts.bubble.frame.maxY)
        #expect(parts.avatar.frame.y + 8 == parts.info.frame.y + parts.info.frame.height / 2)
        #expect(parts.avatar.content == .avatar(userID: "leia"))
        guard case .threadInfo(let content) = parts.info.content else { Issue.record("no thread info content"); return }
        #expect(content.replyCount == 20)
        // The avatar stands for the participants: the words are the count alone, as Stream's
        // ("20 Thread Replies" in its table); the content keeps the names for a front end.
        #expect(parts.info.text == "20 replies" && parts.info.placedLines.map(\.text) == ["20 replies"])
        #expect(content.participants == ["Han", "Leia"])
    }

    /// The current user's parent (`flipped`): the same reversed, ending at the bubble's
    /// trailing edge — the words, 8 points, the avatar, the arrow's 16 points.
    @Test func threadInfo_flipped_reversedToTheTrailingEdge() throws {
        let parts = try threadInfo(try screen(threadParent(from: "luke"), width: 360))
        #expect(parts.avatar.frame.maxX == parts.bubble.frame.maxX - 16)
        #expect(parts.info.frame.maxX == parts.avatar.frame.x - 8)
    }

    /// `rightToLeftLayout`: mirrored — another's parent's thread info from the bubble's right
    /// edge: the arrow's room, the avatar, the words to its left.
    @Test func threadInfo_rightToLeft_mirrored() throws {
        let parts = try threadInfo(try screen(threadParent(from: "leia", direction: .rightToLeft), width: 360))
        #expect(parts.avatar.frame.maxX == parts.bubble.frame.maxX - 16)
        #expect(parts.info.frame.maxX == parts.avatar.frame.x - 8)
    }

    /// Cells: no avatar (the line names the participants), as before.
    @Test func threadInfo_cells_noAvatar() throws {
        let parts = boxes(try screen(threadParent(from: "leia"), points: false, width: 40))
        #expect(parts[.threadInfo] != nil && parts[.replyAvatar] == nil)
        #expect(parts[.threadInfo]?.text?.contains("Leia") == true, "the names stand where the avatar would")
    }

    // MARK: Jumbomoji

    /// A measurer in points that sizes text styles as a front end's fonts do: `TenfoldMeasurer`
    /// scaled by ``TextStyle/scaleFromBody`` (a jumbomoji about three times the body).
    private struct StyledMeasurer: TextMeasuring {
        let body = TenfoldMeasurer(pointsLineHeight: ReactionsQuotesParityTests.lineHeight)
        func width(of text: String) -> Int { body.width(of: text) }
        func wrap(_ text: String, width: Int) -> WrappedText { body.wrap(text, width: width) }
        func truncate(_ text: String, width: Int) -> String { body.truncate(text, width: width) }
        func metrics(for config: MessageListConfig) -> Metrics { body.metrics(for: config) }
        func width(of text: String, style: TextStyle) -> Int { Int((Double(width(of: text)) * style.scaleFromBody).rounded(.up)) }
        func wrap(_ text: String, width: Int, style: TextStyle) -> WrappedText {
            let scale = style.scaleFromBody
            let lines = wrap(text, width: max(1, Int(Double(width) / scale))).lines
            return WrappedText(lines: lines.map { TextLine(text: $0.text, display: $0.display, width: Int((Double($0.width) * scale).rounded(.up))) },
                               direction: .leftToRight)
        }
        func lineHeight(of style: TextStyle, in metrics: Metrics) -> Int {
            Int((Double(metrics.lineHeight) * style.scaleFromBody).rounded(.up))
        }
    }

    private func styledScreen(_ builder: ConversationBuilder, measurer: any TextMeasuring = StyledMeasurer()) throws -> LaidOutScreen {
        let formatter = try ICULocaleFormatter(locale: builder.context.locale, timeZone: builder.context.timeZone)
        return MessageListScreen.layout(builder.conversation, environment:
                try LayoutEnvironment(config: builder.config, context: builder.context, formatter: formatter, measurer: measurer,
                                      presentation: PlainPresentation()), width: 360)
    }

    /// The text boxes of message `id`'s row, and whether it has a bubble.
    private func texts(_ screen: LaidOutScreen, _ id: String) -> (texts: [Box], hasBubble: Bool) {
        var texts: [Box] = [], hasBubble = false
        screen.root.walk { box, _ in
            guard box.id == id else { return }
            if box.role == .text { texts.append(box) }
            if box.role == .bubble { hasBubble = true }
        }
        return (texts, hasBubble)
    }

    /// `ChatChannelVC_Tests.test_onlyEmojiMessageAppearance`: "😍" and "👍🏻💯" alone are drawn
    /// without a bubble, in the large emoji style: 50 points where the body is 17, so their
    /// line is that much taller and wider; a text is not.
    @Test func jumbomoji_isDrawnLarge_withoutABubble() throws {
        let builder = ConversationBuilder()
            .message("m1", by: "leia", at: 0, text: "😍")
            .message("m2", by: "leia", at: 1, text: "👍🏻💯")
            .message("m3", by: "luke", at: 2, text: "Simple text")
        let screen = try styledScreen(builder)
        let large = Int((Double(Self.lineHeight) * 50 / 17).rounded(.up))
        for id in ["m1", "m2"] {
            let row = texts(screen, id)
            #expect(!row.hasBubble)
            #expect(row.texts.count == 1 && row.texts.first?.frame.height == large)
        }
        let emoji = try #require(texts(screen, "m1").texts.first)
        #expect(emoji.frame.width == Int((Double(StyledMeasurer().width(of: "😍")) * 50 / 17).rounded(.up)))
        #expect(texts(screen, "m3").texts.first?.frame.height == Self.lineHeight)
    }

    /// `ChatChannelVC_Tests.test_onlyEmojiMessageAppearance_whenQuotingMessage`: a jumbomoji
    /// that quotes keeps its bubble (the quote forces it) and is still drawn large under the
    /// quote, whose text stays the body's size; the quote's avatar at its leading side (the
    /// quoted message is another's), as in Stream's snapshot.
    @Test func jumbomoji_quoting_isLargeInsideTheBubble() throws {
        let builder = ConversationBuilder()
            .message("m1", by: "leia", at: 0, text: "👍🏻💯") { message in
                message.quotedMessage = QuotedMessage(id: "q1", text: "Hello", user: Cast.user("han"))
            }
        let screen = try styledScreen(builder)
        let row = texts(screen, "m1")
        #expect(row.hasBubble)
        let parts = try quote(screen)
        #expect(parts.text.frame.height == Self.lineHeight + 0 || parts.text.placedLines.count == 1)
        #expect(parts.body.frame.height == Int((Double(Self.lineHeight) * 50 / 17).rounded(.up)))
        #expect(parts.body.frame.y >= parts.quote.frame.maxY)
        #expect(parts.avatar?.frame.x == parts.quote.frame.x)
    }

    /// `QuotedChatMessageView.setText`: the quoted text in the subheadline style (15 points
    /// where the body is 17), so its lines are that much shorter than the body's; the
    /// message's text stays the body's.
    @Test func quotedText_isMeasuredInTheSubheadlineStyle() throws {
        let screen = try styledScreen(quoting(from: "leia"))
        let parts = try quote(screen)
        let subheadline = Int((Double(Self.lineHeight) * 15 / 17).rounded(.up))
        #expect(parts.text.frame.height == parts.text.placedLines.count * subheadline)
        #expect(parts.body.frame.height % Self.lineHeight == 0)
        #expect(TextStyle.subheadline.streamPointSize == 15)
    }

    /// A measurer that knows no styles (the cells' engine, a front end's older measurer) keeps
    /// its results: the jumbomoji's line is one body line, as before text styles.
    @Test func measurerWithoutStyles_keepsTheBodysLine() throws {
        let screen = try styledScreen(ConversationBuilder().message("m1", by: "leia", at: 0, text: "😍"),
                                      measurer: TenfoldMeasurer(pointsLineHeight: Self.lineHeight))
        let row = texts(screen, "m1")
        #expect(row.texts.first?.frame.height == Self.lineHeight)
        #expect(row.texts.first?.frame.width == TenfoldMeasurer().width(of: "😍"))
    }
}
