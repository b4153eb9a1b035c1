import ChatLayoutICU
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

    private func render(_ boxes: [Box]) throws -> XMLElement {
        try XMLElement.parse(renderer.render(Screens.of(boxes)))
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
        let svg = try render([Box(role: .avatar, id: "m1", frame: Frame(x: 1, y: 2, width: 2, height: 1), text: "LS", lines: ["LS"])])
        let avatar = try group(svg, role: .avatar)
        let circle = try #require(avatar.all("circle").first)
        #expect(circle.attributes["cx"] == "20" && circle.attributes["cy"] == "50" && circle.attributes["r"] == "10")
        #expect(avatar.all("text").map(\.text) == ["LS"])
    }

    @Test func avatarColour_followsTheInitials() throws {
        func colour(_ initials: String) throws -> String? {
            let svg = try render([Box(role: .avatar, frame: Frame(x: 0, y: 0, width: 2, height: 1), lines: [initials])])
            return try group(svg, role: .avatar).all("circle").first?.attributes["fill"]
        }
        #expect(try colour("LS") == colour("LS"))
        let colours = try Set(["LS", "HS", "LO", "MW", "AO", "SC"].map(colour))
        #expect(colours.count > 1)
    }

    @Test func unreadBadge_isAPill_showingTheCountWithoutTheGridsParentheses() throws {
        let svg = try render([Box(role: .unreadBadge, id: "t1", frame: Frame(x: 30, y: 1, width: 3, height: 1), text: "2", lines: ["(2)"])])
        let badge = try group(svg, role: .unreadBadge)
        let pill = try #require(badge.all("rect").first)
        #expect(pill.attributes["x"] == "300" && pill.attributes["width"] == "30" && pill.attributes["rx"] != nil)
        #expect(badge.all("text").map(\.text) == ["2"])
    }

    @Test func dateSeparator_drawsRulesForTheLines_andTheLabelAsText() throws {
        let line = "── Yesterday ──"
        let svg = try render([Box(role: .dateSeparator, frame: Frame(x: 5, y: 1, width: 15, height: 1), text: "Yesterday", lines: [line])])
        let separator = try group(svg, role: .dateSeparator)
        #expect(separator.all("text").map(\.text) == ["Yesterday"])
        let rules = separator.all("rect").map { "\($0.attributes["x"]!) \($0.attributes["width"]!)" }
        #expect(rules == ["50 20", "180 20"])
    }

    // MARK: Text in cells

    @Test func text_isPlacedInItsCells_wideClustersCentredInTwo() throws {
        let svg = try render([Box(role: .text, frame: Frame(x: 2, y: 3, width: 6, height: 1), lines: ["ab 今c 🎉"])])
        let texts = try group(svg, role: .text).all("text")
        #expect(texts.map(\.text) == ["ab", "今", "c", "🎉"])
        // "ab" in cells 2–3, "今" in 5–6 (centre 60), "c" in 7, "🎉" in 9–10 (centre 100).
        #expect(texts.map { $0.attributes["x"]! } == ["20", "60", "70", "100"])
        #expect(texts.allSatisfy { $0.attributes["y"] == "\(3 * 20 + 15)" })
        #expect(texts[0].attributes["textLength"] == "20")
        #expect(texts[1].attributes["text-anchor"] == "middle")
        #expect(texts[3].attributes["font-family"]?.contains("Color Emoji") == true)
    }

    @Test func trailingAlignment_endsTheLineAtTheFramesEdge() throws {
        let svg = try render([Box(role: .timestamp, frame: Frame(x: 10, y: 0, width: 10, height: 1), lines: ["9:41"], alignment: .trailing)])
        let text = try #require(try group(svg, role: .timestamp).all("text").first)
        #expect(text.attributes["x"] == "160")
        #expect(text.attributes["textLength"] == "40")
    }

    @Test func rightToLeftLine_keepsItsDisplayOrder_oneCellALetter() throws {
        // The layout's line is in display order already; the browser must not reorder it.
        let svg = try render([Box(role: .text, frame: Frame(x: 0, y: 0, width: 8, height: 1), lines: ["(םולש)"])])
        let texts = try group(svg, role: .text).all("text")
        #expect(texts.map(\.text) == ["(", "ם", "ו", "ל", "ש", ")"])
        #expect(texts.map { $0.attributes["x"]! } == ["0", "15", "25", "35", "45", "50"])
    }

    @Test func textOutsideTheScreen_isNotDrawn() throws {
        let svg = try XMLElement.parse(renderer.render(Screens.of([
            Box(role: .text, frame: Frame(x: 6, y: 0, width: 8, height: 1), lines: ["abcd 中文"]),
        ], width: 13, height: 2)))
        #expect(svg.all("text").map(\.text) == ["abcd", "中"])
    }
}
