import ChatLayoutKit
import ChatLayoutSVGRenderer
import Testing

/// Issue 18: the SVG document written a piece at a time to a sink: the same bytes as
/// `render(_:)`, in more than one piece for a long conversation, each piece whole lines and
/// none much larger than the chunk size.
struct SVGStreamingTests {
    private let renderer = SVGRenderer()

    private func pieces(_ screen: LaidOutScreen, chunkSize: Int = SVGRenderer.chunkSize) -> [String] {
        var pieces: [String] = []
        renderer.render(screen, chunkSize: chunkSize) { pieces.append($0) }
        return pieces
    }

    @Test func longConversation_streamed_isTheWholeDocument_inPiecesOfWholeLines() throws {
        let screen = try Screens.conversation(2000, width: 40)
        let whole = renderer.render(screen)
        for chunkSize in [SVGRenderer.chunkSize, 1000] {
            let pieces = pieces(screen, chunkSize: chunkSize)
            #expect(pieces.count > 1, "\(whole.utf8.count) bytes in \(pieces.count) piece")
            #expect(Array(pieces.joined().utf8) == Array(whole.utf8))
            for piece in pieces.dropLast() {
                #expect(piece.hasSuffix("\n"))
                #expect(piece.utf8.count >= chunkSize && piece.utf8.count < chunkSize + 8192, "a piece of \(piece.utf8.count) bytes")
            }
        }
    }

    @Test(arguments: [("conversation.json", false), ("threads.json", true)])
    func samples_streamed_areTheirDocuments(_ sample: String, _ threadList: Bool) throws {
        for width in [20, 44, 80] {
            let screen = try Screens.sample(sample, width: width, threadList: threadList)
            #expect(pieces(screen) == [renderer.render(screen)], "one piece: smaller than a chunk")
            #expect(pieces(screen, chunkSize: 1).joined() == renderer.render(screen))
        }
    }

    @Test func anErrorFromTheSink_endsTheDrawing() throws {
        struct Full: Error {}
        let screen = try Screens.conversation(2000, width: 40)
        var calls = 0
        #expect(throws: Full.self) {
            try renderer.render(screen) { _ in
                calls += 1
                throw Full()
            }
        }
        #expect(calls == 1)
    }
}
