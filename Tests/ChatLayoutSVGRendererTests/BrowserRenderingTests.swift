import ChatLayoutKit
import ChatLayoutSVGRenderer
import ChatLayoutTestSupport
import Foundation
import Testing

/// A real browser draws the SVG: headless Chromium renders it to PNG through
/// `Scripts/render-svg-png.sh`, and the PNG has the SVG's size and is not blank.
///
/// Skipped, saying so, where no Chromium is installed (`apt-get install -y chromium`;
/// `Scripts/test.sh` installs it).
@Suite(.enabled(if: Chromium.path != nil,
                "SKIPPED: no chromium on PATH (apt-get install -y chromium); the SVG is not checked in a browser"))
struct BrowserRenderingTests {
    /// Renders `svg` to a PNG through the script; its exit status, output and the PNG.
    private func renderPNG(_ svg: String, scale: Int = 1) throws -> (status: Int32, message: String, png: Data) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("svg-browser-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let input = folder.appendingPathComponent("screen.svg"), output = folder.appendingPathComponent("screen.png")
        try Data(svg.utf8).write(to: input)
        let (status, message) = try Chromium.runScript("render-svg-png.sh", [input.path, output.path, "\(scale)"])
        return (status, message, (try? Data(contentsOf: output)) ?? Data())
    }

    /// Width and height from the PNG's IHDR chunk.
    private func pngSize(_ png: Data) throws -> (width: Int, height: Int) {
        let bytes = [UInt8](png)
        try #require(bytes.count > 24 && bytes[0 ..< 8] == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A], "not a PNG")
        try #require(Array(bytes[12 ..< 16]) == Array("IHDR".utf8))
        let number = { (offset: Int) in bytes[offset ..< offset + 4].reduce(0) { $0 << 8 | Int($1) } }
        return (number(16), number(20))
    }

    @Test func sampleConversation_rendersToAPNGOfTheSVGsSize() throws {
        let screen = try Screens.sample("conversation.json", width: 44)
        let (status, message, png) = try renderPNG(SVGRenderer().render(screen), scale: 2)
        #expect(status == 0, "\(message)")
        let size = try pngSize(png)
        #expect(size.width == 44 * 10 * 2 && size.height == screen.height * 20 * 2)
    }

    @Test func drawing_isNotBlank_itsPNGOutweighsAnEmptyScreensOfTheSameSize() throws {
        // A blank PNG compresses to almost nothing; bubbles, avatars and text do not.
        let screen = try Screens.sample("threads.json", width: 44, threadList: true)
        let blank = LaidOutScreen(width: screen.width, height: screen.height,
                                  root: Box(role: .root, frame: Frame(x: 0, y: 0, width: screen.width, height: screen.height)))
        let drawn = try renderPNG(SVGRenderer().render(screen))
        let empty = try renderPNG(SVGRenderer().render(blank))
        #expect(drawn.status == 0, "\(drawn.message)")
        // The script itself calls an empty drawing blank where python3 can decode the PNG.
        #expect(empty.status == 0 || empty.message.contains("blank"), "\(empty.message)")
        #expect(try pngSize(drawn.png) == pngSize(empty.png))
        #expect(drawn.png.count > 4 * empty.png.count, "drawn \(drawn.png.count) bytes, blank \(empty.png.count)")
    }

    private struct DrawnText: Decodable {
        var text: String
        var rtl: Bool
        var order: String
        var joined: Bool?
    }

    /// What the browser drew for each text with right-to-left letters in `screen`'s SVG.
    private func drawnTexts(_ screen: LaidOutScreen) throws -> [DrawnText] {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("svg-bidi-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let input = folder.appendingPathComponent("screen.svg")
        try Data(SVGRenderer().render(screen).utf8).write(to: input)
        let (status, output) = try Chromium.runScript("svg-bidi-check.sh", [input.path])
        try #require(status == 0, "\(output)")
        return try JSONDecoder().decode([DrawnText].self, from: Data(output.utf8))
    }

    /// Issue 15, item 6: right-to-left text goes to the SVG in reading order with its
    /// direction, so a browser shapes it: Chromium draws every right-to-left line's letters in
    /// the order the layout displays them (the terminal's order), and joins Arabic (in a
    /// monospace font it would draw each letter isolated). Screens: the sample in Arabic
    /// (mirrored, Arabic words and Arabic-Indic digits) and in Persian-speaking Hebrew.
    @Test func rightToLeftText_isDrawnInDisplayOrder_andArabicIsJoined() throws {
        for locale in ["ar_EG", "he_IL", "en_US"] {
            let screen = try Screens.sample("conversation.json", width: 40, locale: locale)
            var displays: [String: String] = [:]
            screen.root.walk { box, _ in
                for line in box.placedLines { displays[line.text.trimmingCharacters(in: .whitespaces)] = line.display }
            }
            let drawn = try drawnTexts(screen)
            // In en_US the sample's Hebrew message shows in its English translation: no
            // right-to-left text is left to draw.
            if locale != "en_US" { #expect(!drawn.isEmpty, "\(locale): no right-to-left text drawn") }
            for text in drawn {
                let display = try #require(displays[text.text], "\(locale): \(text.text) is not a line of the layout")
                let letters = String(display.unicodeScalars.filter(\.properties.isAlphabetic).filter { !$0.properties.isGraphemeExtend }.map(Character.init))
                #expect(text.order == letters, "\(locale): the browser drew \(text.order), the layout displays \(letters)")
                // Two Arabic letters side by side join.
                let scalars = Array(text.text.unicodeScalars)
                let joins = zip(scalars, scalars.dropFirst()).contains { (0x0620 ... 0x064A).contains($0.value) && (0x0620 ... 0x064A).contains($1.value) }
                if joins { #expect(text.joined == true, "\(locale): \(text.text) drawn unjoined") }
            }
            if locale == "ar_EG" { #expect(drawn.contains { $0.joined == true && $0.rtl }) }
        }
    }
}
