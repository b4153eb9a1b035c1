import ChatLayoutICU
import ChatLayoutKit
import ChatLayoutTextRenderer
import Testing

/// The box tree says what each part stands for with typed data, places every line once, and
/// leaves the glyphs to the front end's presentation.
struct TypedBoxTests {
    /// Every kind of decorated part: a quote, an image with its size, a file, a poll, a
    /// location, reactions, a thread root, a translation, an edit, a failed send, a read receipt.
    private func scenario() -> ConversationBuilder {
        ConversationBuilder()
            .direct()
            .features { $0.readEvents = true; $0.replies = true }
            .config { $0.editedLabelEnabled = true; $0.autoTranslationEnabled = true }
            .context { $0.translationLanguage = "fr" }
            .message("m1", by: "leia", at: 0, text: "Photos") { message in
                message.attachments = [
                    Attachment(type: "image", title: "beach.jpg", originalSize: PixelSize(width: 1600, height: 1200)),
                    Attachment(type: "file", title: "plan.pdf", fileName: "plan.pdf", fileSize: 52_000, urlHost: "cdn.example.com"),
                ]
                message.reactionScores = [(type: "love", score: 2), (type: "haha", score: 1)]
                message.latestReactions = [Reaction(type: "love", userID: "luke")]
                message.replyCount = 3
                message.threadParticipants = [Cast.han, Cast.leia]
                message.translations = ["fr": "Des photos"]
            }
            .message("m2", by: "luke", at: 30, text: "Nice") { message in
                message.quotedMessage = QuotedMessage(id: "m1", text: "Photos", user: Cast.leia)
                message.messageTextUpdatedAt = instant("2024-03-05T09:01:00Z")
            }
            .message("m3", by: "leia", at: 60, text: "Vote") { message in
                message.poll = Poll(question: "Where?", options: [Poll.Option(text: "Café", voteCount: 2), Poll.Option(text: "Park")])
                message.sharedLocation = SharedLocation(latitude: 52.52, longitude: 13.405)
            }
            .message("m4", by: "luke", at: 90, text: "Did it send?") { $0.localState = .sendingFailed }
            .message("m5", by: "luke", at: 120, text: "Seen?") { message in
                // A quote of a message that is only an image: named by its type, not its words.
                message.quotedMessage = QuotedMessage(id: "m0", text: "", user: Cast.leia,
                                                      attachments: [Attachment(type: "image", title: "dunes.jpg")])
            }
            .read(by: "leia", lastRead: instant("2024-03-05T09:05:00Z"))
    }

    private func screen(_ presentation: any BoxPresentation, metrics: Metrics? = nil, width: Int = 44) throws -> LaidOutScreen {
        let builder = scenario()
        let formatter = try ICULocaleFormatter(locale: builder.context.locale, timeZone: builder.context.timeZone)
        return MessageListScreen.layout(builder.conversation, environment:
                try LayoutEnvironment(config: builder.config, context: builder.context, formatter: formatter,
                                      measurer: ICUTextEngine(), metrics: metrics, presentation: presentation), width: width)
    }

    private func boxes(_ screen: LaidOutScreen) -> [Box] {
        var found: [Box] = []
        screen.root.walk { box, _ in found.append(box) }
        return found
    }

    @Test func everyDecoratedPart_carriesItsData() throws {
        let all = boxes(try screen(TerminalPresentation()))
        let contents = all.compactMap(\.content)
        let drawing = TextRenderer().render(try screen(TerminalPresentation()))
        let attachments = contents.compactMap { if case .attachment(let a) = $0 { a } else { nil } }
        #expect(attachments.map(\.kind) == [.image, .file, .poll, .location])
        #expect(attachments[0].originalSize == PixelSize(width: 1600, height: 1200) && attachments[0].title == "beach.jpg")
        #expect(attachments[1].fileSize == 52_000 && attachments[1].fileName == "plan.pdf" && attachments[1].urlHost == "cdn.example.com")
        #expect(attachments[2].poll?.options.map(\.text) == ["Café", "Park"])
        #expect(attachments[3].location?.latitude == 52.52)
        // A poll's options are its card's parts: the first has 2 votes.
        #expect(contents.contains { if case .cardPart(let part) = $0 { part.kind == .pollVotes && part.optionIndex == 0 && part.votes == 2 } else { false } })
        // Luke, the current user, reacted love: his own.
        let reactions: BoxContent = .reactions([ReactionCount(type: "haha", count: 1), ReactionCount(type: "love", count: 2, isOwn: true)])
        #expect(contents.contains(reactions), "\(drawing)")
        #expect(contents.contains(.threadInfo(ThreadInfoContent(replyCount: 3, label: "3 replies", participants: ["Han", "Leia"]))))
        #expect(contents.contains(.quotedMessage(QuotedContent(id: "m1", author: "Leia", text: "Photos"))))
        #expect(contents.contains(.translatedTo(language: "fr")) && contents.contains(.edited) && contents.contains(.error), "\(drawing)")
        #expect(contents.contains(.deliveryStatus(.read)))
        let imageQuote = contents.compactMap { if case .quotedMessage(let q) = $0, q.id == "m0" { q } else { nil } }.first
        #expect(imageQuote?.text == "image" && imageQuote?.namesAttachmentType == true && imageQuote?.attachment?.title == "dunes.jpg")
        #expect(all.filter { $0.role == .avatar }.allSatisfy { $0.content == .avatar(userID: "leia") })
    }

    @Test func glyphs_comeFromThePresentation_notTheCore() throws {
        func drawn(_ presentation: any BoxPresentation) throws -> [String] { boxes(try screen(presentation)).flatMap(\.lines) }
        let terminal = try drawn(TerminalPresentation()), plain = try drawn(PlainPresentation())
        // A file is a card: its icon's type in brackets beside its name; a poll's options have check circles.
        for glyph in ["[pdf]", "plan.pdf", "┃ ", "○", "[location: 52.52000", "💬 3 replies", "Where?"] {
            #expect(terminal.contains { $0.contains(glyph) }, "the terminal draws \(glyph)")
        }
        for glyph in ["[", "┃", "»", "○", "💬", "──"] {
            #expect(!plain.contains { $0.contains(glyph) }, "plain words draw no \(glyph): \(plain)")
        }
        #expect(plain.contains("beach.jpg") && plain.contains("Des photos") && plain.contains("Location"))
        // A quote without words: "[image]" on a terminal, the word alone in plain words; a read
        // receipt: the terminal's checkmarks, the plain word.
        #expect(terminal.contains("┃ Leia: [image]"), "\(terminal)")
        #expect(plain.contains("Leia: image"), "\(plain)")
        #expect(terminal.contains("✓✓ Read") && plain.contains("Read") && !plain.contains { $0.contains("✓") }, "\(plain)")
    }

    @Test func everyLine_isPlacedInsideItsBox_byItsAlignment() throws {
        for presentation in [TerminalPresentation() as any BoxPresentation, PlainPresentation()] {
            for width in [12, 24, 44, 80] {
                for box in boxes(try screen(presentation, width: width)) {
                    #expect(box.placedLines.count * 1 <= box.frame.height, "\(box.role) \(box.frame)")
                    for line in box.placedLines {
                        #expect(line.x >= 0 && line.x + line.width <= box.frame.width, "\(box.role) \(line) in \(box.frame)")
                        switch box.alignment {
                        case .leading: #expect(line.x == 0)
                        case .trailing: #expect(line.x + line.width == box.frame.width)
                        case .center: #expect(abs(line.x * 2 + line.width - box.frame.width) <= 1)
                        }
                    }
                }
            }
        }
    }

    @Test func image_takesItsAspectRatio_inCells() throws {
        let image = try #require(boxes(try screen(TerminalPresentation())).first {
            if case .attachment(let a) = $0.content { a.kind == .image } else { false }
        })
        // The bubble's 28 cells leave 24 for media: 4:3 is 9 rows there, more than 6, so 6 rows
        // and 16 cells (6 rows are 12 cells of height; 12 × 4/3 = 16).
        #expect(image.frame.width == 16 && image.frame.height == 6, "\(image.frame)")
        #expect(image.lines == ["beach.jpg"])
    }

    @Test(arguments: [
        // kind, original size, room → drawn size (points: vertical scale 1)
        (AttachmentKind.image, 1600, 1200, 375, 250, 188),   // 250 wide, 4:3
        (AttachmentKind.image, 1000, 4000, 375, 150, 600),   // tall: 600 high at most, narrower
        (AttachmentKind.video, 1920, 1080, 375, 250, 141),
        (AttachmentKind.video, 1080, 1920, 375, 225, 400),   // a portrait video: 400 high at most
        (AttachmentKind.giphy, 480, 480, 375, 200, 200),     // a square giphy: 200 high at most
        (AttachmentKind.image, 1600, 1200, 120, 120, 90),    // a narrow bubble: its room
        (AttachmentKind.image, 8000, 100, 375, 250, 24),     // a panorama: at least a line
    ])
    func mediaSize_inPoints_followsStreamsSizing(kind: AttachmentKind, width: Int, height: Int, room: Int,
                                                 expectedWidth: Int, expectedHeight: Int) throws {
        let size = try #require(PixelSize(width: width, height: height))
        let drawn = Metrics.points(lineHeight: 24).mediaSize(kind, original: size, room: room)
        #expect(drawn.width == expectedWidth && drawn.height == expectedHeight, "\(drawn)")
    }

    @Test func mediaSize_inCells_countsARowAsTwoCells() throws {
        let metrics = Metrics()
        // 16:9 at 24 cells is 7 rows (24 × 9/16 / 2 = 6.75), more than 6: 6 rows, 21 cells.
        #expect(metrics.mediaSize(.image, original: try #require(PixelSize(width: 1600, height: 900)), room: 40) == (21, 6))
        #expect(metrics.mediaSize(.image, original: try #require(PixelSize(width: 1600, height: 600)), room: 40) == (24, 5))
        // 3:4 in six rows (12 cells of height): 9 cells wide.
        #expect(metrics.mediaSize(.image, original: try #require(PixelSize(width: 900, height: 1200)), room: 40) == (9, 6))
    }

    @Test func inPoints_everyVerticalLength_isTheMeasurersUnit() throws {
        // The ICU engine measures in cells; with point-like metrics the rows grow by line
        // height: one line of text is 24 units tall, a one-line bubble 24 + 2 × (1 + 8) (m4's).
        let metrics = Metrics.points(lineHeight: 24)
        let all = boxes(try screen(PlainPresentation(), metrics: metrics, width: 375))
        // The reactions' bubble is Stream's 38 points, its tail included, and the thread info's
        // participant avatar 16 (issue 29.10).
        for box in all where !box.placedLines.isEmpty && box.role != .attachment && box.role != .avatar && box.role != .reactions
            && box.role != .replyAvatar {
            #expect(box.frame.height == box.placedLines.count * 24, "\(box.role) \(box.frame)")
        }
        let bubble = try #require(all.first { $0.role == .bubble && $0.id == "m4" })
        #expect(bubble.frame.height == 24 + 2 * (1 + metrics.bubbleVerticalPadding))
        let avatar = try #require(all.first { $0.role == .avatar })
        #expect(avatar.frame.width == 32 && avatar.frame.height == 32)
    }
}

/// A measurer ten times as wide as the ICU engine's cells: a stand-in for one in points. With a
/// `pointsLineHeight` its metrics say so (points, lines that tall); without, they are the
/// default, cells, as a measurer that forgot them would give.
struct TenfoldMeasurer: TextMeasuring {
    var pointsLineHeight: Int?
    let cells = ICUTextEngine()
    func width(of text: String) -> Int { 10 * cells.width(of: text) }
    func wrap(_ text: String, width: Int) -> WrappedText {
        let wrapped = cells.wrap(text, width: max(1, width / 10))
        return WrappedText(lines: wrapped.lines.map { TextLine(text: $0.text, display: $0.display, width: 10 * $0.width) },
                           direction: wrapped.direction)
    }
    func truncate(_ text: String, width: Int) -> String { cells.truncate(text, width: max(1, width / 10)) }
    func metrics(for config: MessageListConfig) -> Metrics {
        pointsLineHeight.map { .points(lineHeight: $0, for: config) } ?? .cells(for: config)
    }
}

struct NarrowBubbleTests {
    /// A bubble is drawn only around room for a wide character as the measurer measures one
    /// (20 units here, not two): narrower, the text goes without.
    @Test func aBubble_needsRoomForAWideCharacter_inTheMeasurersUnits() throws {
        let builder = ConversationBuilder().direct().message("m1", by: "leia", at: 0, text: "国")
        let formatter = try ICULocaleFormatter(locale: builder.context.locale, timeZone: builder.context.timeZone)
        let measurer = TenfoldMeasurer()
        let metrics = Metrics.points(lineHeight: 24)
        var drawn = 0
        for width in stride(from: 40, through: 160, by: 1) {
            let environment = try LayoutEnvironment(config: builder.config, context: builder.context, formatter: formatter,
                                                    measurer: measurer, metrics: metrics)
            let screen = MessageListScreen.layout(builder.conversation, environment: environment, width: width)
            var bubbles: [Box] = []
            screen.root.walk { box, _ in if box.role == .bubble { bubbles.append(box) } }
            for bubble in bubbles {
                drawn += 1
                let chrome = 2 * (metrics.bubbleBorder + metrics.bubblePadding)
                #expect(bubble.frame.width - chrome >= measurer.width(of: "中"), "width \(width): \(bubble.frame)")
            }
        }
        #expect(drawn > 0, "wide enough, the bubble is drawn")
    }
}
