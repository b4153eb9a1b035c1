import ChatLayoutDecoding
import ChatLayoutICU
@testable import ChatLayoutKit
@testable import ChatLayoutModel
@testable import ChatLayoutDecisions
@testable import ChatLayoutComposition
@testable import ChatLayoutPlacement
@testable import ChatLayoutTextRenderer
import Testing

/// Issue 26.5: a list drawn a band at a time made, for every band, every line of each message
/// the band touched, so that a message of a million lines cost its lines times the bands it
/// spans. A band now makes the lines it shows, and draws exactly what the whole screen does.
struct TallMessageBandTests {
    private let engine = ICUTextEngine()

    /// A list of a short message, a message of `lines` lines ("line 0" … with hard breaks) and
    /// a short one after it, at `width`.
    private func list(lines: Int, width: Int) throws -> LaidOutList {
        let text = (0 ..< lines).map { "line \($0)" }.joined(separator: "\\n")
        let document = try ConversationDecoder.decode(Array("""
            {"context": {"current_user_id": "me", "now": "2024-03-05T10:00:00Z", "time_zone": "UTC", "locale": "en_US"},
             "channel": {"cid": "messaging:x", "name": "X", "member_count": 3},
             "messages": [
              {"id": "m0", "text": "before", "user": {"id": "a", "name": "Ann"}, "created_at": "2024-03-05T09:00:00Z"},
              {"id": "tall", "text": "\(text)", "user": {"id": "b", "name": "Bo"}, "created_at": "2024-03-05T09:01:00Z",
               "attachments": [{"type": "image", "image_url": "https://example.com/a.png", "original_width": 40, "original_height": 20}]},
              {"id": "m2", "text": "after", "user": {"id": "me"}, "created_at": "2024-03-05T09:02:00Z"}]}
            """.utf8))
        let formatter = try ICULocaleFormatter(locale: "en_US", timeZone: "UTC")
        let context = LayoutContext(currentUserID: "me", now: Timestamp(rfc3339: "2024-03-05T10:00:00Z")!, timeZone: "UTC", locale: "en_US")
        let environment = try LayoutEnvironment(config: document.config, context: context, formatter: formatter, measurer: engine,
                                                presentation: TerminalPresentation())
        return MessageListScreen.list(document.conversation, environment: environment, width: width)
    }

    /// Every placed line of a screen's boxes, and the bytes of their texts.
    private func made(_ screen: LaidOutScreen) -> (lines: Int, textBytes: Int) {
        var lines = 0, bytes = 0
        screen.root.walk { box, _ in
            lines += box.placedLines.count
            bytes += box.text?.utf8.count ?? 0
        }
        return (lines, bytes)
    }

    @Test func aBandOfATallMessage_makesOnlyTheLinesItShows() throws {
        let list = try list(lines: 20_000, width: 30)
        let height = list.header.frame.height + list.contentHeight
        #expect(height > 20_000)
        // The whole screen holds every line; a band of 50 rows at most 50 lines of each box
        // (a row holds a few boxes side by side: a name, a time), and no message's whole text.
        #expect(made(list.screen()).lines > 20_000)
        for top in stride(from: 0, to: height, by: 997) {
            let band = top ..< min(height, top + 50)
            let made = made(list.bandScreen(meeting: band))
            #expect(made.lines <= 3 * band.count, "band \(band): \(made.lines) lines made")
            #expect(made.textBytes < 1_000, "band \(band): \(made.textBytes) bytes of text made")
            // As `screen(meeting:)` gave it: every line of the tall message in every band.
            if top > 1_000 && top < 19_000 { #expect(self.made(list.screen(meeting: band)).lines > 20_000) }
        }
    }

    @Test(arguments: [1, 7, 64])
    func aTallMessageDrawnInBands_isTheWholeScreensDrawing(bandHeight: Int) throws {
        let list = try list(lines: 300, width: 24)
        let renderer = TextRenderer(engine: engine)
        let whole = renderer.render(list.screen())
        var banded = ""
        renderer.render(list, bandHeight: bandHeight) { banded += $0 }
        #expect(banded == whole)
        #expect(whole.contains("line 299") && whole.contains("░"))
    }
}
