import ChatLayoutDecoding
import ChatLayoutICU
import ChatLayoutKit
import ChatLayoutPixel
import ChatLayoutSVGRenderer
import ChatLayoutTestSupport
import ChatLayoutTextRenderer
import Foundation
import Testing

/// One core, two front ends: `Samples/conversation.json` laid out in points on a 375-point
/// phone (HarfBuzz on the Noto fonts) and in cells on a 44-cell terminal (the ICU engine).
struct ConversationTests {
    private func sample() throws -> (Conversation, MessageListConfig, LayoutContext, ICULocaleFormatter) {
        let bytes = Array(try Data(contentsOf: Pixel.repository.appendingPathComponent("Samples/conversation.json")))
        let document = try ConversationDecoder.decode(bytes)
        let now = try #require(document.context.now)
        let timeZone = try #require(document.context.timeZone)
        let locale = try #require(document.context.locale)
        let context = LayoutContext(currentUserID: document.context.currentUserID, now: now, timeZone: timeZone,
                                    locale: locale, translationLanguage: document.context.translationLanguage)
        return (document.conversation, document.config, context, try ICULocaleFormatter(locale: locale, timeZone: timeZone))
    }

    /// A front end: what measures, its lengths, its width, its words.
    struct FrontEnd: CustomTestStringConvertible {
        var name: String
        var measurer: any TextMeasuring
        var metrics: Metrics
        var width: Int
        var presentation: any BoxPresentation
        var testDescription: String { name }
    }

    static func frontEnds() throws -> [FrontEnd] {
        let pixel = try Pixel.measurer()
        return [
            FrontEnd(name: "375 points", measurer: pixel, metrics: .points(lineHeight: pixel.lineHeight), width: 375,
                     presentation: PlainPresentation()),
            FrontEnd(name: "44 cells", measurer: ICUTextEngine(), metrics: .cells(for: MessageListConfig()), width: 44,
                     presentation: TerminalPresentation()),
        ]
    }

    private func screen(_ frontEnd: FrontEnd) throws -> LaidOutScreen {
        let (conversation, config, context, formatter) = try sample()
        return MessageListScreen.layout(conversation, environment: try LayoutEnvironment(config: config, context: context,
                                                                                         formatter: formatter,
                                                                                         measurer: frontEnd.measurer,
                                                                                         metrics: frontEnd.metrics,
                                                                                         presentation: frontEnd.presentation), width: frontEnd.width)
    }

    private func boxes(_ screen: LaidOutScreen) -> [Box] {
        var all: [Box] = []
        screen.root.walk { box, _ in all.append(box) }
        return all
    }

    @Test(arguments: try frontEnds())
    func sample_everyMessagePresent_insideTheWidth_photosInAGalleryAtItsAspectRatio(_ frontEnd: FrontEnd) throws {
        let (conversation, config, context, formatter) = try sample()
        let screen = try screen(frontEnd)
        let all = boxes(screen)
        let shown = MessageListResolver(try LayoutEnvironment(config: config, context: context, formatter: formatter,
                                                              measurer: frontEnd.measurer))
            .shownMessages(in: conversation).map(\.id)
        #expect(!shown.isEmpty && all.filter { $0.role == .messageRow }.compactMap(\.id) == shown)
        #expect(screen.width == frontEnd.width && screen.lineHeight == frontEnd.metrics.lineHeight)
        for box in all {
            #expect(box.frame.x >= 0 && box.frame.maxX <= frontEnd.width, "\(box.role) \(box.frame)")
        }
        let bubbles = all.filter { $0.role == .bubble }
        #expect(bubbles.count >= 10)
        for bubble in bubbles {
            for part in bubble.children { #expect(bubble.frame.contains(part.frame), "\(part.role) \(part.frame) in \(bubble.frame)") }
        }
        // Both photos in one gallery (Stream's: several media are one gallery), side by side,
        // the gallery at its aspect ratio, to within a unit's rounding on each side.
        let galleries = all.filter { $0.role == .gallery }
        #expect(galleries.count == 1)
        if let gallery = galleries.first {
            let tiles = gallery.children
            #expect(tiles.count == 2 && tiles.allSatisfy { gallery.frame.contains($0.frame) })
            #expect(tiles.count == 2 && tiles[0].frame.y == tiles[1].frame.y && tiles[1].frame.x > tiles[0].frame.maxX - 1)
            let drawn = Double(gallery.frame.width) / Double(gallery.frame.height * frontEnd.metrics.verticalScale)
            let slack = 0.5 / Double(gallery.frame.width) + 0.5 / Double(gallery.frame.height)
            #expect(abs(drawn / (Double(frontEnd.metrics.galleryAspectPercent) / 100) - 1) <= slack + 0.001, "\(gallery.frame)")
        }
        // Your messages' bubbles say so: a front end draws them in its accent colour.
        #expect(bubbles.contains { $0.content == .bubble(fromCurrentUser: true) })
        #expect(bubbles.contains { $0.content == .bubble(fromCurrentUser: false) })
    }

    /// The SVG renderer draws each line where the layout placed it, with the width it measured:
    /// it has no measurer to ask (and ChatLayoutSVGRenderer does not depend on ICU).
    @Test(arguments: try frontEnds())
    func svg_drawsEveryLineAtItsPlace_measuringNothing(_ frontEnd: FrontEnd) throws {
        let screen = try screen(frontEnd)
        let metrics = frontEnd.width == 375 ? SVGMetrics.points(lineHeight: screen.lineHeight) : SVGMetrics()
        let svg = SVGRenderer(metrics: metrics).render(screen)
        var expected: [String] = []
        for box in boxes(screen) where box.role != .avatar && box.role != .replyAvatar && box.role != .unreadBadge && box.role != .scrollToLatestButton
            && box.role != .dateOverlay && box.role != .newThreadsBanner && box.role != .retryButton {
            for line in box.placedLines where line.width > 0 && !line.text.allSatisfy({ $0 == " " }) {
                let left = (box.frame.x + line.x) * metrics.cellWidth, width = line.width * metrics.cellWidth
                let x = box.textDirection == .rightToLeft ? left + width : left
                expected.append(#"x="\#(x)""# + "|" + #"textLength="\#(width)""#)
            }
        }
        #expect(expected.count > 20)
        let texts = svg.split(separator: "\n").filter { $0.contains("<text ") }
        for placement in expected {
            let parts = placement.split(separator: "|")
            #expect(texts.contains { $0.contains(parts[0]) && $0.contains(parts[1]) }, "no <text> at \(placement)")
        }
    }

    @Test func pointsAndCells_layOutTheSameRows() throws {
        let rows = try Self.frontEnds().map { frontEnd in
            boxes(try screen(frontEnd)).filter { $0.role == .messageRow || $0.role == .dateSeparator || $0.role == .unreadSeparator }
                .map { "\($0.role) \($0.id ?? $0.text ?? "")" }
        }
        #expect(rows[0] == rows[1])
    }

    @Test func failedMessage_keepsItsErrorGlyphsWidth_inPoints() throws {
        let glyphs = boxes(try screen(try Self.frontEnds()[0])).filter { $0.role == .errorIndicator }
        // It was cut to nothing when the layout allowed it two units, as on a terminal.
        #expect(!glyphs.isEmpty && glyphs.allSatisfy { $0.frame.width > 2 && $0.lines == ["⚠"] }, "\(glyphs)")
    }
}

/// The pixel front end in a real browser: headless Chromium draws the SVG in points with the
/// fonts HarfBuzz measured.
@Suite(.enabled(if: Chromium.path != nil,
                "SKIPPED: no chromium on PATH (apt-get install -y chromium); the pixel SVG is not checked in a browser"))
struct PixelBrowserTests {
    private func pointsSVG() throws -> (svg: String, screen: LaidOutScreen, folder: URL) {
        let frontEnd = try ConversationTests.frontEnds()[0]
        let bytes = Array(try Data(contentsOf: Pixel.repository.appendingPathComponent("Samples/conversation.json")))
        let document = try ConversationDecoder.decode(bytes)
        let context = LayoutContext(currentUserID: document.context.currentUserID, now: try #require(document.context.now),
                                    timeZone: try #require(document.context.timeZone), locale: try #require(document.context.locale),
                                    translationLanguage: document.context.translationLanguage)
        let formatter = try ICULocaleFormatter(locale: context.locale, timeZone: context.timeZone)
        let screen = MessageListScreen.layout(document.conversation, environment:
                try LayoutEnvironment(config: document.config, context: context, formatter: formatter,
                                      measurer: frontEnd.measurer, metrics: frontEnd.metrics,
                                      presentation: frontEnd.presentation), width: 375)
        let pixel = try Pixel.measurer()
        let svg = SVGRenderer(metrics: .points(lineHeight: screen.lineHeight, fontFamily: pixel.cssFontFamily)).render(screen)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pixel-browser-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data(svg.utf8).write(to: folder.appendingPathComponent("screen.svg"))
        return (svg, screen, folder)
    }

    @Test func pixelSVG_rendersAtTheLayoutsSize_andIsNotBlank() throws {
        let (_, screen, folder) = try pointsSVG()
        defer { try? FileManager.default.removeItem(at: folder) }
        let png = folder.appendingPathComponent("screen.png")
        // The script checks the PNG's size against the SVG's and that it is not blank.
        let (status, output) = try Chromium.runScript("render-svg-png.sh", [folder.appendingPathComponent("screen.svg").path, png.path])
        #expect(status == 0, "\(output)")
        #expect(output.contains("\(screen.width)x\(screen.height)"), "\(output)")
    }

    @Test func everyTextInABubble_staysInsideIt_asTheBrowserDrawsIt() throws {
        let (_, _, folder) = try pointsSVG()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (status, output) = try Chromium.runScript("svg-text-boxes.sh", [folder.appendingPathComponent("screen.svg").path])
        #expect(status == 0, "\(output)")
        struct Drawn: Decodable { var role: String?; var id: String?; var box: [Double]; var bubble: [Double]? }
        let drawn = try JSONDecoder().decode([Drawn].self, from: Data(output.utf8))
        let inBubbles = drawn.filter { $0.bubble != nil }
        #expect(inBubbles.count >= 12)
        for text in inBubbles {
            let box = text.box, bubble = try #require(text.bubble)
            let inside = box[0] >= bubble[0] - 1 && box[1] >= bubble[1] - 1
                && box[0] + box[2] <= bubble[0] + bubble[2] + 1 && box[1] + box[3] <= bubble[1] + bubble[3] + 1
            #expect(inside, "\(text.role ?? "?") of \(text.id ?? "?") at \(box) outside its bubble \(bubble)")
        }
    }
}
