import ChatLayoutKit
import ChatLayoutSVGRenderer
import Testing

/// What each kind of box looks like: bubbles with their tail corner, avatars, pills,
/// separators, and text in its cells.
struct SVGDrawingTests {
    private let renderer = SVGRenderer()

    private func group(_ svg: XMLElement, role: BoxRole) throws -> XMLElement {
        try #require(svg.all("g").first { $0.attributes["data-role"] == role.rawValue })
    }

    private func render(_ boxes: [Box], decorated: Set<BoxRole> = []) throws -> XMLElement {
        try XMLElement.parse(renderer.render(Screens.of(boxes, decoratedRoles: decorated)))
    }

    // MARK: Bubbles

    private func bubblePath(tail: BubbleTail) throws -> String {
        let svg = try render([Box(role: .bubble, frame: Frame(x: 2, y: 1, width: 10, height: 3), tail: tail)])
        return try #require(try group(svg, role: .bubble).all("path").first?.attributes["d"])
    }

    @Test func continuousBubble_hasFourRoundCorners() throws {
        let d = try bubblePath(tail: .none)
        #expect(d.filter { $0 == "A" }.count == 4)
    }

    @Test func bottomLeadingTail_isTheOneSquareCorner() throws {
        // Frame 20,20 100×60 in pixels, inset 5: the square corner is at (25, 75).
        let d = try bubblePath(tail: .bottomLeading)
        #expect(d.filter { $0 == "A" }.count == 3)
        #expect(d.contains("H25 V"), "\(d)")
        #expect(!d.contains("115,75"), "\(d)")
    }

    @Test func bottomTrailingTail_isTheOneSquareCorner() throws {
        let d = try bubblePath(tail: .bottomTrailing)
        #expect(d.filter { $0 == "A" }.count == 3)
        #expect(d.contains("V75 H"), "\(d)")
    }

    // MARK: Avatars, pills, separators

    @Test func avatar_isACircleInItsFrame_withTheInitials() throws {
        let svg = try render([Box(role: .avatar, id: "m1", frame: Frame(x: 1, y: 2, width: 2, height: 1), text: "LS", placedLines: [.plain("LS")])])
        let avatar = try group(svg, role: .avatar)
        let circle = try #require(avatar.all("circle").first)
        #expect(circle.attributes["cx"] == "20" && circle.attributes["cy"] == "50" && circle.attributes["r"] == "10")
        #expect(avatar.all("text").map(\.text) == ["LS"])
    }

    @Test func avatarColour_followsTheInitials() throws {
        func colour(_ initials: String) throws -> String? {
            let svg = try render([Box(role: .avatar, frame: Frame(x: 0, y: 0, width: 2, height: 1), placedLines: [.plain(initials)])])
            return try group(svg, role: .avatar).all("circle").first?.attributes["fill"]
        }
        #expect(try colour("LS") == colour("LS"))
        let colours = try Set(["LS", "HS", "LO", "MW", "AO", "SC"].map(colour))
        #expect(colours.count > 1)
    }

    @Test func unreadBadge_isAPill_showingTheCountWithoutTheGridsParentheses() throws {
        let svg = try render([Box(role: .unreadBadge, id: "t1", frame: Frame(x: 30, y: 1, width: 3, height: 1), text: "2", placedLines: [.plain("(2)")])],
                             decorated: [.unreadBadge])
        let badge = try group(svg, role: .unreadBadge)
        let pill = try #require(badge.all("rect").first)
        #expect(pill.attributes["x"] == "300" && pill.attributes["width"] == "30" && pill.attributes["rx"] != nil)
        #expect(badge.all("text").map(\.text) == ["2"])
    }

    @Test func dateSeparator_withoutRuleCharacters_getsRulesBesideItsLabel() throws {
        // The plain presentation's "Yesterday" in cells 15–23 of a 40-cell screen: rules from a
        // cell's margin to a cell before the label, and after it to a cell before the edge.
        let svg = try render([Box(role: .dateSeparator, frame: Frame(x: 15, y: 1, width: 9, height: 1), text: "Yesterday",
                                  placedLines: [.plain("Yesterday")])])
        let separator = try group(svg, role: .dateSeparator)
        #expect(separator.all("text").map(\.text) == ["Yesterday"])
        let rules = separator.all("rect").map { "\($0.attributes["x"]!) \($0.attributes["width"]!)" }
        #expect(rules == ["10 130", "250 140"])
    }

    @Test func dateSeparator_withTheTerminalsRules_drawsThemAsText_andNoShapes() throws {
        let line = "── Yesterday ──"
        let svg = try render([Box(role: .dateSeparator, frame: Frame(x: 5, y: 1, width: 15, height: 1), text: "Yesterday",
                                  placedLines: [.plain(line)])], decorated: [.dateSeparator])
        let separator = try group(svg, role: .dateSeparator)
        #expect(separator.all("text").map(\.text) == [line])
        #expect(separator.all("rect").isEmpty)
    }

    /// Issue 28: what the presentation drew is the screen's typed data, not read from the line:
    /// rules of another character are the presentation's too, and a label that holds "─" in
    /// words alone still gets rules.
    @Test func separatorRules_followTheDecoratedRoles_notTheLinesCharacters() throws {
        let dashed = try render([Box(role: .dateSeparator, frame: Frame(x: 5, y: 1, width: 15, height: 1), text: "Yesterday",
                                     placedLines: [.plain("== Yesterday ==")])], decorated: [.dateSeparator])
        #expect(try group(dashed, role: .dateSeparator).all("rect").isEmpty)
        let plain = try render([Box(role: .dateSeparator, frame: Frame(x: 15, y: 1, width: 9, height: 1), text: "A ─ B",
                                    placedLines: [.plain("A ─ B")])])
        #expect(try group(plain, role: .dateSeparator).all("rect").count == 2)
    }

    /// A decorated pill shows its words centred, whatever brackets its line has; an undecorated
    /// one its line, reaching beyond it.
    @Test func pillContent_followsTheDecoratedRoles() throws {
        let button = Box(role: .scrollToLatestButton, frame: Frame(x: 10, y: 8, width: 8, height: 1), text: "Latest",
                         placedLines: [.plain("<Latest>")])
        let decorated = try group(try render([button], decorated: [.scrollToLatestButton]), role: .scrollToLatestButton)
        #expect(decorated.all("text").map(\.text) == ["Latest"])
        #expect(decorated.all("rect").first?.attributes["x"] == "100")
        let plain = try group(try render([button]), role: .scrollToLatestButton)
        #expect(plain.all("text").map(\.text) == ["<Latest>"])
        #expect(plain.all("rect").first?.attributes["x"] != "100")
    }

    // MARK: Lines as the layout placed them

    @Test func line_isOneTextAtItsPlace_itsLengthTheMeasuredWidth() throws {
        // "ab 今c 🎉" measured 10 cells wide by the layout, placed 1 cell into a frame at x 2.
        let svg = try render([Box(role: .text, frame: Frame(x: 2, y: 3, width: 12, height: 1),
                                  placedLines: [.plain("ab 今c 🎉", x: 1, width: 10)])])
        let texts = try group(svg, role: .text).all("text")
        #expect(texts.map(\.text) == ["ab 今c 🎉"])
        #expect(texts[0].attributes["x"] == "30" && texts[0].attributes["y"] == "\(3 * 20 + 15)")
        #expect(texts[0].attributes["textLength"] == "100" && texts[0].attributes["lengthAdjust"] == "spacingAndGlyphs")
    }

    @Test func lines_standALineHeightApart_hangingSpacesLeftOut() throws {
        let screen = LaidOutScreen(width: 40, height: 96, root: Box(role: .root, frame: Frame(x: 0, y: 0, width: 40, height: 96), children: [
            Box(role: .text, frame: Frame(x: 0, y: 10, width: 40, height: 48),
                placedLines: [PlacedLine(display: "one", text: "one ", x: 0, width: 3), .plain("two")]),
        ]), lineHeight: 24)
        let svg = try XMLElement.parse(SVGRenderer(metrics: .points()).render(screen))
        let texts = try group(svg, role: .text).all("text")
        #expect(texts.map(\.text) == ["one", "two"])
        let baselines = texts.compactMap { $0.attributes["y"].flatMap { Int($0) } }
        #expect(baselines.count == 2 && baselines[1] - baselines[0] == 24)
    }

    /// Large emoji: a message's line laid out taller than the body's (72 points where lines are
    /// 24) is drawn at the size it was measured in — the font three times the body's, the
    /// baseline in the tall line's middle; a body line keeps the body's size.
    @Test func tallLinesOfAMessage_areDrawnScaled_bodyLinesAreNot() throws {
        let screen = LaidOutScreen(width: 200, height: 120, root: Box(role: .root, frame: Frame(x: 0, y: 0, width: 200, height: 120), children: [
            Box(role: .text, id: "big", frame: Frame(x: 0, y: 0, width: 120, height: 72), placedLines: [.plain("☕☕", width: 120)]),
            Box(role: .text, id: "body", frame: Frame(x: 0, y: 80, width: 40, height: 24), placedLines: [.plain("hi", width: 20)]),
        ]), lineHeight: 24)
        let texts = try XMLElement.parse(SVGRenderer(metrics: .points()).render(screen)).all("text")
        let big = try #require(texts.first { $0.text == "☕☕" }), body = try #require(texts.first { $0.text == "hi" })
        #expect(big.attributes["font-size"] == "\(17 * 3)")
        #expect(big.attributes["y"] == "\(36 + 51 * 35 / 100)")
        #expect(body.attributes["font-size"] == nil && body.attributes["y"] == "\(80 + 12 + 17 * 35 / 100)")
    }

    @Test func rightToLeftLine_isInReadingOrder_withItsDirection_anchoredAtItsRightEdge() throws {
        // The browser shapes and orders it (Arabic joins); the layout's width fixes its length.
        let svg = try render([Box(role: .text, frame: Frame(x: 0, y: 0, width: 8, height: 1),
                                  placedLines: [PlacedLine(display: "(םולש)", text: "(שלום)", x: 2, width: 6)],
                                  alignment: .trailing, textDirection: .rightToLeft)])
        let text = try #require(try group(svg, role: .text).all("text").first)
        #expect(text.text == "(שלום)")
        #expect(text.attributes["direction"] == "rtl" && text.attributes["x"] == "80" && text.attributes["textLength"] == "60")
    }

    @Test func media_isACardOfItsFrame_namingItsKind() throws {
        let image = AttachmentContent(kind: .image, type: "image", title: "beach.jpg", originalSize: PixelSize(width: 1600, height: 1200))
        let svg = try render([Box(role: .attachment, frame: Frame(x: 2, y: 1, width: 16, height: 6), text: "beach.jpg",
                                  content: .attachment(image), placedLines: [.plain("[image: beach.jpg]", width: 16)])])
        let media = try group(svg, role: .attachment)
        #expect(media.attributes["data-kind"] == "image")
        let card = try #require(media.all("rect").first)
        #expect(card.attributes["x"] == "20" && card.attributes["y"] == "22" && card.attributes["width"] == "160" && card.attributes["height"] == "116")
    }
}
