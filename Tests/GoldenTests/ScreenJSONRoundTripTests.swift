import ChatLayoutDecoding
import ChatLayoutKit
import ChatLayoutTextRenderer
import Foundation
import Testing

/// Issue 28.5: every golden scenario's screen, in the terminal's presentation and in words
/// alone, written as JSON reads back to an equal screen (by `LaidOutScreen(json:)` and by
/// `Codable`), which writes the same bytes and draws the same text.
struct ScreenJSONRoundTripTests {
    @Test(arguments: Scenarios.all)
    func screen_writtenAsJSON_readsBackEqual(_ scenario: Scenario) throws {
        let presentations: [any BoxPresentation] = [TerminalPresentation(), PlainPresentation()]
        for presentation in presentations {
            let screen = try scenario.snapshot().screen(presentation: presentation)
            let text = screen.json().serialized()
            let read = try LaidOutScreen(json: text)
            #expect(read == screen, "\(scenario.name)")
            #expect(read.json().serialized() == text, "\(scenario.name)")
            #expect(TextRenderer().render(read) == TextRenderer().render(screen), "\(scenario.name)")
            let coded = try JSONDecoder().decode(LaidOutScreen.self, from: try JSONEncoder().encode(screen))
            #expect(coded == screen, "\(scenario.name)")
        }
    }
}
