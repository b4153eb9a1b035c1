import ChatLayoutICU
@testable import ChatLayoutKit
@testable import ChatLayoutModel
@testable import ChatLayoutDecisions
@testable import ChatLayoutComposition
@testable import ChatLayoutPlacement
import Testing

/// Composition says what a row is made of — its parts, their words and limits, texts
/// neutralised — and the anatomy says where each part goes; the row layout only places them.
struct CompositionTests {
    private let composer = MessageComposer(strings: ChatStrings())

    /// Luke quotes `quoted` in "m2" (Leia's "m1" above it).
    private func quoting(_ quoted: QuotedMessage) throws -> MessageDecision? {
        try ConversationBuilder()
            .message("m1", by: "leia", at: 0)
            .message("m2", by: "luke", at: 30, text: "Sure") { $0.quotedMessage = quoted }
            .resolve().decision("m2")
    }

    /// The row layout of Stream's default metrics at `width` cells, with `anatomy`.
    private func rowLayout(width: Int = 40, anatomy: MessageAnatomy = .standard) -> RowLayout {
        let measurer = ICUTextEngine()
        var rows = MessageListLayout(metrics: measurer.metrics(for: MessageListConfig()), measurer: measurer).rowLayout(width: width)
        rows.anatomy = anatomy
        return rows
    }

    /// The boxes of a row, depth first.
    private func parts(_ row: Box) -> [Box] {
        var found: [Box] = []
        row.walk { box, _ in found.append(box) }
        return found
    }

    @Test func aQuoteWithoutText_ofAPoll_isLabelledPoll() throws {
        var poll = QuotedMessage(id: "p1", text: "", user: Cast.leia)
        poll.hasPoll = true
        let decision = try #require(try quoting(poll))
        let quote = try #require(composer.compose(decision).quote)
        #expect(quote.line == "Leia: Poll")
        guard case .quotedMessage(let content) = quote.content else { Issue.record("not a quote: \(quote.content)"); return }
        #expect(content.text == "Poll" && !content.namesAttachmentType)
    }

    @Test func aQuoteWithoutText_isLabelledByLocation_attachmentType_orDeletion() throws {
        var location = QuotedMessage(id: "l1", text: "", user: Cast.leia)
        location.sharedLocation = SharedLocation(latitude: 1, longitude: 2)
        let image = QuotedMessage(id: "i1", text: "", user: Cast.leia, attachments: [Attachment(type: "image", title: "dunes.jpg")])
        let deleted = QuotedMessage(id: "d1", text: "Gone", user: Cast.leia, isDeleted: true)
        let decisions = try [location, image, deleted].map { try #require(try quoting($0)) }
        let lines = decisions.map { composer.compose($0).quote?.line }
        #expect(lines == ["Leia: Location", "Leia: image", "Leia: Message deleted"])
    }

    /// The thread list's preview of a reply without text follows the quote's rule, capitalised.
    @Test func aThreadListPreview_andAQuote_nameTheSameContent() {
        let name = ChatStrings().textlessName(hasPoll: false, location: nil, firstAttachmentType: "image")
        #expect(name?.words == "image" && name?.isType == true)
        #expect(ChatStrings().textlessName(hasPoll: true, location: nil, firstAttachmentType: "image")?.words == "Poll")
        #expect(ChatStrings().textlessName(hasPoll: false, location: nil, firstAttachmentType: nil) == nil)
    }

    @Test func aThreadInfo_namesAtMostThreeParticipants() throws {
        let others = ["leia", "han", "chewie", "lando", "rey"].map(Cast.user)
        let decision = try #require(try ConversationBuilder()
            .features { $0.replies = true }
            .message("m1", by: "leia", at: 0) { message in
                message.replyCount = 9
                message.threadParticipants = others
            }
            .resolve().decision("m1"))
        #expect(decision.threadParticipantNames.count > 3, "the scenario must name more than three")
        let info = try #require(composer.compose(decision).threadInfo)
        guard case .threadInfo(let content) = info.content else { Issue.record("not a thread info"); return }
        #expect(content.participants == Array(decision.threadParticipantNames.prefix(3)))
        #expect(info.text == PlainPresentation.threadInfo(content, separator: ChatStrings().listSeparator))
    }

    @Test func anUnreadBadge_saysNinetyNinePlus_pastNinetyNine() throws {
        let strings = ChatStrings()
        #expect(MessageComposer.badgeText(7, strings: strings) == "7")
        #expect(MessageComposer.badgeText(99, strings: strings) == "99")
        #expect(MessageComposer.badgeText(100, strings: strings) == "99+")
        // The layout draws the composed words.
        let item = ThreadListItem(parentMessageID: "p1", title: "General", description: "replied to: Hi", unreadCount: 250, reply: nil)
        let decisions = ThreadListDecisions(title: "Threads", phase: .loaded(hasMore: false), newThreadsBanner: nil, items: [item])
        let list = ThreadListLayout(measurer: ICUTextEngine()).layout(decisions, width: 40)
        let badges = parts(list.screen().root).filter { (box: Box) in box.role == BoxRole.unreadBadge }
        #expect(badges.map { $0.text } == ["99+"])
    }

    /// A thread list laid out again at another width is a fresh layout at that width.
    @Test func aThreadList_relaidOut_isAFreshLayoutAtThatWidth() {
        let items = (0 ..< 5).map { index in
            ThreadListItem(parentMessageID: "p\(index)", title: "General \(index)",
                           description: "replied to: " + String(repeating: "a longer question ", count: index), unreadCount: index * 40,
                           reply: nil)
        }
        let decisions = ThreadListDecisions(title: "Threads", phase: .loaded(hasMore: true), newThreadsBanner: "2 new threads", items: items)
        var list = ThreadListLayout(measurer: ICUTextEngine()).layout(decisions, width: 40)
        for width in [9, 63, 1, 30] {
            list = list.relayout(width: width)
            let fresh = ThreadListLayout(measurer: ICUTextEngine()).layout(decisions, width: width)
            #expect(RelayoutPropertyTests.difference(list, fresh) == nil, "at \(width)")
            #expect(list.bottomBar == nil && !list.isBottomAnchored, "laid out again as a thread list")
        }
    }

    @Test func composition_neutralisesTheAuthorsName_andTheInitials() throws {
        let name = "Evil\u{202E}Twin"
        let decision = try #require(try ConversationBuilder()
            .message("m1", by: "eve", at: 0) { $0.user = User(id: "eve", name: name) }
            .resolve().decision("m1"))
        let spec = composer.compose(decision)
        #expect(spec.footnote.author == UntrustedText.neutralize(name))
        #expect(spec.footnote.author != name)
        let avatar = AvatarSpec(userID: "eve", initials: "\u{202E}E")
        #expect(avatar.initials == UntrustedText.neutralize("\u{202E}E") && avatar.initials != "\u{202E}E")
        #expect(AvatarSpec(userID: "y", initials: "佐由").initials(droppingLast: 1) == "佐")
    }

    /// Han's edited message: author, time and "Edited" under the bubble, in the anatomy's order.
    private func editedRow(_ anatomy: MessageAnatomy) throws -> [BoxRole] {
        let decision = try #require(try ConversationBuilder()
            .config { $0.editedLabelEnabled = true }
            .message("m1", by: "han", at: 0) { $0.messageTextUpdatedAt = instant("2024-03-05T09:01:00Z") }
            .resolve().decision("m1"))
        let footnote: Set<BoxRole> = [.authorName, .timestamp, .editedLabel, .onlyVisibleToYou, .deliveryStatus]
        return parts(rowLayout(anatomy: anatomy).row(.message(decision)))
            .filter { footnote.contains($0.role) }.sorted { $0.frame.x < $1.frame.x }.map(\.role)
    }

    @Test func theFootnotesParts_standInTheAnatomysOrder() throws {
        #expect(try editedRow(.standard) == [.authorName, .timestamp, .editedLabel])
        var timeFirst = MessageAnatomy.standard
        timeFirst.footnote = [.time, .edited, .author]
        #expect(try editedRow(timeFirst) == [.timestamp, .editedLabel, .authorName])
    }

    /// An anatomy may list a footnote part more than once: each is drawn, in its place.
    @Test func aFootnotePartListedTwice_isDrawnTwice() throws {
        var twice = MessageAnatomy.standard
        twice.footnote = [.time, .author, .edited, .time]
        #expect(try editedRow(twice) == [.timestamp, .authorName, .editedLabel, .timestamp])
    }

    /// A footnote wider than its row: the time and "Edited" stay whole, the author's name gives
    /// way (cut to end in "…"), and no part overlaps the next or leaves the row.
    @Test func aNarrowFootnote_keepsTheTimeWhole_andCutsTheAuthorsName() throws {
        let name = "Han Solo of the Millennium Falcon"
        let decision = try #require(try ConversationBuilder()
            .config { $0.editedLabelEnabled = true }
            .message("m1", by: "han", at: 0) { message in
                message.user = User(id: "han", name: name)
                message.messageTextUpdatedAt = instant("2024-03-05T09:01:00Z")
            }
            .resolve().decision("m1"))
        let width = 30
        let roles: Set<BoxRole> = [.authorName, .timestamp, .editedLabel]
        let footnote = parts(rowLayout(width: width).row(.message(decision)))
            .filter { roles.contains($0.role) }.sorted { $0.frame.x < $1.frame.x }
        #expect(footnote.map(\.role) == [.authorName, .timestamp, .editedLabel])
        let author = try #require(footnote.first)
        #expect(author.text == name)
        #expect(author.lines.count == 1 && author.lines[0].hasSuffix("…") && author.lines[0].count < name.count)
        #expect(footnote[1].lines == [decision.timeText])
        #expect(footnote[2].lines == [PlainPresentation.editedSeparator + ChatStrings().edited] && footnote[2].text == ChatStrings().edited)
        for (left, right) in zip(footnote, footnote.dropFirst()) { #expect(left.frame.maxX <= right.frame.x) }
        #expect((footnote.last?.frame.maxX ?? .max) <= width)
    }

    /// Jumbomoji are decided once, from Unicode's emoji properties: the decision says which
    /// texts are, the composition carries it, and the row layout draws the large style from
    /// the flag alone, without scanning the text again.
    @Test func jumbomoji_areDecidedOnce_andTheLayoutFollowsTheDecision() throws {
        let list = try ConversationBuilder()
            .message("m1", by: "leia", at: 0, text: "👍🎉")
            .message("m2", by: "leia", at: 100, text: "hello")
            .message("m3", by: "leia", at: 200, text: "👍") { $0.attachments = [Attachment(type: "image", title: "a.png")] }
            .resolve()
        let (emoji, words, withImage) = (try #require(list.decision("m1")), try #require(list.decision("m2")), try #require(list.decision("m3")))
        #expect(emoji.isJumbomoji == true && words.isJumbomoji == false && withImage.isJumbomoji == false)
        #expect(composer.compose(emoji).textIsJumbomoji && !composer.compose(words).textIsJumbomoji)
        // A decision read back from before the key (nil), or one that says so for words: the
        // layout follows it, whatever the text.
        var old = emoji
        old.isJumbomoji = nil
        #expect(!composer.compose(old).textIsJumbomoji)
        var forced = words
        forced.isJumbomoji = true
        let measurer = LargeEmojiRows()
        let rows = MessageListLayout(metrics: .cells(for: MessageListConfig()), measurer: measurer).rowLayout(width: 40)
        let text = try #require(parts(rows.row(.message(forced))).first { $0.role == .text })
        let plain = try #require(parts(rows.row(.message(words))).first { $0.role == .text })
        #expect(text.frame.height == 3 && plain.frame.height == 1, "drawn in the large emoji style: \(text.frame) vs \(plain.frame)")
        _ = rows.row(.message(emoji))
        #expect(measurer.scans.value == 0, "the layout never scans a text for emoji")
    }

    /// The ICU engine in cells, its large emoji style three rows tall; counts the emoji scans.
    private final class LargeEmojiRows: TextMeasuring, @unchecked Sendable {
        let engine = ICUTextEngine()
        let scans = Counter()
        final class Counter: @unchecked Sendable { var value = 0 }
        func width(of text: String) -> Int { engine.width(of: text) }
        func wrap(_ text: String, width: Int) -> WrappedText { engine.wrap(text, width: width) }
        func truncate(_ text: String, width: Int) -> String { engine.truncate(text, width: width) }
        func emojiOnlyClusterCount(_ text: String) -> Int? {
            scans.value += 1
            return engine.emojiOnlyClusterCount(text)
        }
        func lineHeight(of style: TextStyle, in metrics: Metrics) -> Int { style == .largeEmoji ? 3 * metrics.lineHeight : metrics.lineHeight }
    }

    @Test func aChangedAnatomy_movesTheReactionsBelowTheBubble() throws {
        let decision = try #require(try ConversationBuilder()
            .features { $0.reactions = true }
            .message("m1", by: "leia", at: 0) { message in
                message.reactionScores = [(type: "love", score: 2)]
                message.latestReactions = [Reaction(type: "love", userID: "luke")]
            }
            .resolve().decision("m1"))
        func reactionsAndBubble(_ anatomy: MessageAnatomy) throws -> (reactions: Frame, bubble: Frame) {
            let boxes = parts(rowLayout(anatomy: anatomy).row(.message(decision)))
            return (try #require(boxes.first { $0.role == .reactions }?.frame), try #require(boxes.first { $0.role == .bubble }?.frame))
        }
        let standard = try reactionsAndBubble(.standard)
        #expect(standard.reactions.maxY <= standard.bubble.y)
        var below = MessageAnatomy.standard
        below.aboveBubble = []
        below.belowBubble = [.reactions, .threadInfo, .footnote]
        let moved = try reactionsAndBubble(below)
        #expect(moved.reactions.y >= moved.bubble.maxY)
    }

    @Test func theBubblesContent_followsTheAnatomysOrder() throws {
        var quoted = QuotedMessage(id: "m1", text: "Where?", user: Cast.leia)
        quoted.isDeleted = false
        let decision = try #require(try quoting(quoted))
        let rows = rowLayout()
        let spec = rows.composer.compose(decision)
        #expect(rows.contentBlocks(spec, order: MessageAnatomy.standard.inBubble, width: 30).map(\.role) == [.quotedMessage, .text])
        #expect(rows.contentBlocks(spec, order: [.text, .quote], width: 30).map(\.role) == [.text, .quotedMessage])
    }
}
