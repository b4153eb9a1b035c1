import ChatLayoutKit
import ChatLayoutSVGRenderer
import ChatLayoutTestSupport
import Foundation
import Testing

/// A real browser draws the SVG: headless Chromium renders it to PNG through
/// `Scripts/render-svg-png.sh`, and the PNG has the SVG's size and is not blank.
///
/// Skipped, saying so, where no Chromium is installed (`apt-get install -y chromium`;
/// `.ci/run` installs it).
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
}
