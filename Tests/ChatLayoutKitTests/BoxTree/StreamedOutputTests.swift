import ChatLayoutICU
@testable import ChatLayoutKit
@testable import ChatLayoutModel
@testable import ChatLayoutDecisions
@testable import ChatLayoutComposition
@testable import ChatLayoutPlacement
import Testing

/// Issue 18: the JSON of a screen, of `explain` and of any value, and the tree dump, written a
/// piece at a time to a sink: the same bytes as the whole text, in more than one piece for a
/// long conversation, none much larger than the chunk size.
struct StreamedOutputTests {
    /// A conversation of `count` messages by three authors, with a thread reply the list hides,
    /// an emoji and text that must be escaped.
    private static func scenario(_ count: Int) -> ConversationBuilder {
        var builder = ConversationBuilder()
        for index in 0 ..< count {
            builder = builder.message("m\(index)", by: ["leia", "han", "luke"][index % 3], at: Double(index * 50),
                                      text: index % 7 == 0 ? "Line one\nline \"two\" 🎉 \u{202E}rtl" : "Message number \(index)")
        }
        return builder.message("r0", by: "han", at: 10) { $0.parentID = "m0" }
    }

    private static func screen(_ builder: ConversationBuilder, width: Int = 40) throws -> LaidOutScreen {
        let formatter = try ICULocaleFormatter(locale: builder.context.locale, timeZone: builder.context.timeZone)
        return MessageListScreen.layout(builder.conversation, environment:
                try LayoutEnvironment(config: builder.config, context: builder.context, formatter: formatter,
                                      measurer: ICUTextEngine()), width: width)
    }

    /// What `write` hands its sink, piece by piece.
    private static func pieces(_ write: ((String) -> Void) -> Void) -> [String] {
        var pieces: [String] = []
        write { pieces.append($0) }
        return pieces
    }

    /// The checks every streamed output passes: the same bytes as `whole`; every piece but
    /// the last at least `chunkSize` bytes and, beyond it, no more than `slack`.
    private func expectStreamed(_ pieces: [String], equal whole: String, chunkSize: Int, slack: Int,
                                sourceLocation: SourceLocation = #_sourceLocation) {
        let joined = pieces.joined()
        #expect(Array(joined.utf8) == Array(whole.utf8), "\(joined.utf8.count) bytes streamed, \(whole.utf8.count) whole",
                sourceLocation: sourceLocation)
        for piece in pieces.dropLast() {
            #expect(piece.utf8.count >= chunkSize && piece.utf8.count < chunkSize + slack, "a piece of \(piece.utf8.count) bytes",
                    sourceLocation: sourceLocation)
        }
    }

    @Test func screenJSON_streamed_isTheWholeJSON_inPieces() throws {
        let screen = try Self.screen(Self.scenario(2000))
        let whole = screen.json().serialized()
        let pieces = Self.pieces { sink in screen.writeJSON(to: sink) }
        #expect(pieces.count > 1, "\(whole.utf8.count) bytes in \(pieces.count) piece")
        expectStreamed(pieces, equal: whole, chunkSize: JSONValue.chunkSize, slack: 4096)
        // Small pieces too: every box flushes.
        expectStreamed(Self.pieces { sink in screen.writeJSON(chunkSize: 100, to: sink) }, equal: whole, chunkSize: 100, slack: 4096)
    }

    @Test func screenJSON_ofSmallScreens_isOnePiece() throws {
        for width in [12, 40, 80] {
            let screen = try Self.screen(Self.scenario(5), width: width)
            let pieces = Self.pieces { sink in screen.writeJSON(to: sink) }
            #expect(pieces == [screen.json().serialized()])
        }
    }

    @Test func explanationJSON_streamed_isTheWholeJSON_withTheAddedMembers() throws {
        let builder = Self.scenario(2000)
        let formatter = try ICULocaleFormatter(locale: builder.context.locale, timeZone: builder.context.timeZone)
        let decisions = MessageListResolver(try LayoutEnvironment(config: builder.config, context: builder.context,
                                                                  formatter: formatter, measurer: ICUTextEngine())).resolve(builder.conversation, explain: true)
        #expect(!decisions.hidden.isEmpty)
        let added: [(String, JSONValue)] = [("direction", "ltr"), ("more", .array([1, 2]))]
        guard case .object(let members) = decisions.explanationJSON() else { Issue.record("not an object"); return }
        let whole = JSONValue.object(members + added).serialized()
        let pieces = Self.pieces { sink in decisions.writeExplanationJSON(adding: added, to: sink) }
        #expect(pieces.count > 1)
        expectStreamed(pieces, equal: whole, chunkSize: JSONValue.chunkSize, slack: 1024)
        #expect(Self.pieces { sink in decisions.writeExplanationJSON(to: sink) }.joined() == decisions.explanationJSON().serialized())
    }

    @Test func jsonValue_streamed_isItsSerialization() {
        let nested: JSONValue = .object([("a", .array((0 ..< 5000).map { .object([("i", .int($0)), ("s", .string("\u{1B}x\($0)\u{2028}"))]) })),
                                         ("b", .null), ("c", .double(1.5)), ("d", .object([])), ("e", .array([]))])
        let whole = nested.serialized()
        var appended = ""
        nested.write(to: &appended)
        #expect(appended == whole)
        let pieces = Self.pieces { sink in nested.write(chunkSize: 1000, to: sink) }
        #expect(pieces.count > 10)
        expectStreamed(pieces, equal: whole, chunkSize: 1000, slack: 100)
        for value: JSONValue in [.null, .int(-3), .string("é\n"), .array([]), .object([])] {
            #expect(Self.pieces { sink in value.write(chunkSize: 1, to: sink) }.joined() == value.serialized())
        }
    }

    @Test func treeDump_lineByLine_isTheWholeDump() throws {
        let screen = try Self.screen(Self.scenario(300))
        var lines: [String] = []
        screen.root.treeDump { lines.append($0) }
        #expect(lines == screen.root.treeDump())
        #expect(lines.count > 300)
    }

    @Test func anErrorFromTheSink_endsTheWriting() throws {
        struct Full: Error {}
        let screen = try Self.screen(Self.scenario(2000))
        var calls = 0
        #expect(throws: Full.self) {
            try screen.writeJSON { _ in
                calls += 1
                throw Full()
            }
        }
        #expect(calls == 1)
    }
}
