import ChatLayoutDecoding
import ChatLayoutICU
import ChatLayoutKit
import ChatLayoutSVGRenderer
import ChatLayoutTestSupport
@testable import ChatLayoutTextRenderer
import Dispatch
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing

/// Issue 7's end-to-end invariants, from JSON bytes to drawings: generated cases with hostile
/// text in a third of their texts and names (`HostileTextInjector`) are written as documents
/// (`DocumentWriter`), decoded, resolved, laid out and drawn as text and as SVG, as
/// `chat-layout preview` does. Nothing is lost, order is kept, no row is wider than the width,
/// no control reaches any output, and the same bytes in give the same bytes out.
///
/// Fewer seeds than the other property suites (each case is drawn twice, in two formats):
/// `CLK_PROPERTY_SEEDS` / `CLK_PROPERTY_SEED` choose them as there.
@Suite struct EndToEndPropertyTests {
    /// One case through the whole pipeline.
    struct Run: Sendable {
        var seed: UInt64
        var input: GeneratedCase
        var bytes: [UInt8]
        var decoded: Result<ConversationDocument, DocumentError>
        var width: Int
        var screen: LaidOutScreen?
        var rows: [String] = []
        var svg = ""
    }

    static let seedCount = 120

    static let seeds: [UInt64] = {
        let environment = ProcessInfo.processInfo.environment
        if let seed = environment["CLK_PROPERTY_SEED"].flatMap(UInt64.init) { return [seed] }
        let count = environment["CLK_PROPERTY_SEEDS"].flatMap(Int.init).map { min($0, seedCount) } ?? seedCount
        return (1 ... UInt64(max(1, count))).map { $0 }
    }()

    static let runs: [Run] = {
        var runs = [Run?](repeating: nil, count: seeds.count)
        runs.withUnsafeMutableBufferPointer { slots in
            let slots = UncheckedSlots(slots)
            DispatchQueue.concurrentPerform(iterations: seeds.count) { index in
                slots.buffer[index] = run(seed: seeds[index], engine: PropertyHarness.measurer)
            }
        }
        return runs.map { $0! }
    }()

    /// Generates, injects, writes, decodes, lays out (whole screen) and draws one case.
    static func run(seed: UInt64, engine: ICUTextEngine) -> Run {
        var injector = HostileTextInjector(seed: seed)
        let input = injector.inject(into: ConversationGenerator.makeCase(seed: seed))
        let bytes = DocumentWriter.bytes(input)
        var random = SplitMix64(seed: seed ^ 0xE2E)
        let width = random.weighted([(10, random.int(1 ... 4)), (30, random.int(5 ... 30)), (60, random.int(31 ... 160))])
        let decoded: Result<ConversationDocument, DocumentError>
        do throws(DocumentError) {
            decoded = .success(try ConversationDecoder.decode(bytes))
        } catch {
            decoded = .failure(error)
        }
        var run = Run(seed: seed, input: input, bytes: bytes, decoded: decoded, width: width)
        guard case .success(let document) = run.decoded,
              let formatter = try? ICULocaleFormatter(locale: input.context.locale, timeZone: input.context.timeZone) else { return run }
        let context = LayoutContext(currentUserID: document.context.currentUserID, now: document.context.now ?? input.context.now,
                                    timeZone: formatter.timeZone, locale: formatter.locale,
                                    translationLanguage: document.context.translationLanguage)
        let screen = MessageListScreen.layout(document.conversation, environment:
                try! LayoutEnvironment(config: document.config, context: context, formatter: formatter, measurer: engine,
                                      presentation: TerminalPresentation()), width: width)
        run.screen = screen
        run.rows = TextRenderer(engine: engine).rows(screen)
        run.svg = SVGRenderer().render(screen)
        return run
    }

    // MARK: - Properties

    @Test func decoding_givesTheCaseBack() {
        verify("decode(write(case)) == case") { run in
            let document: ConversationDocument
            switch run.decoded {
            case .failure(let error): return "does not decode: \(error)"
            case .success(let decoded): document = decoded
            }
            let input = run.input
            if document.conversation != input.conversation {
                let pairs = zip(document.conversation.messages, input.conversation.messages)
                if let (got, expected) = pairs.first(where: { $0.0 != $0.1 }) {
                    return "message \(expected.id) decodes as \(PropertyHarness.describe(got)), was \(PropertyHarness.describe(expected))"
                }
                return "the conversation differs (\(document.conversation.messages.count) of \(input.conversation.messages.count) messages)"
            }
            if document.config != input.config { return "the config differs: \(document.config) vs \(input.config)" }
            let context = document.context
            if context.currentUserID != input.context.currentUserID || context.now != input.context.now
                || context.timeZone != input.context.timeZone || context.locale != input.context.locale
                || context.translationLanguage != input.context.translationLanguage {
                return "the context differs: \(context)"
            }
            return document.warnings.isEmpty ? nil : "warnings: \(document.warnings)"
        }
    }

    /// Every message the channel shows has exactly one row, in order; no other message has one.
    @Test func everyShownMessage_hasOneRow_inOrder() {
        verify("every shown message once, in order") { run in
            guard let screen = run.screen else { return "not laid out" }
            var rows: [String] = []
            screen.root.walk { box, _ in if box.role == .messageRow, let id = box.id { rows.append(id) } }
            let expected = run.input.conversation.messageListState == .loading ? [] : run.input.expectedShownMessages.map(\.id)
            if rows == expected { return nil }
            let index = zip(rows, expected).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(rows.count, expected.count)
            return "row \(index): \(index < rows.count ? rows[index] : "none"), expected \(index < expected.count ? expected[index] : "none") (\(rows.count) rows, \(expected.count) shown)"
        }
    }

    @Test func drawnRows_fitTheWidth_andCarryNoControl() {
        verify("rows fit and are inert") { run in
            guard run.screen != nil else { return "not laid out" }
            for (index, row) in run.rows.enumerated() {
                if let scalar = row.unicodeScalars.first(where: Self.isForbidden) {
                    return "row \(index) has U+\(String(scalar.value, radix: 16, uppercase: true)): \(String(reflecting: row))"
                }
                let cells = PropertyHarness.measurer.width(of: row)
                if cells > run.width { return "row \(index) is \(cells) cells wide at width \(run.width): \(String(reflecting: row))" }
            }
            return nil
        }
    }

    @Test func svg_isWellFormed_andCarriesNoControl() {
        verify("SVG well-formed and inert") { run in
            guard run.screen != nil else { return "not laid out" }
            if let scalar = run.svg.unicodeScalars.first(where: { $0 != "\n" && Self.isForbidden($0) }) {
                return "SVG has U+\(String(scalar.value, radix: 16, uppercase: true))"
            }
            return XMLParser(data: Data(run.svg.utf8)).parse() ? nil : "SVG does not parse"
        }
    }

    /// The same bytes, decoded and drawn again with a new engine and formatter, give the same
    /// text and SVG bytes; and the JSON and tree outputs are inert too.
    @Test func sameBytesIn_sameBytesOut() {
        verify("determinism") { run in
            guard let screen = run.screen else { return "not laid out" }
            let again = Self.run(seed: run.seed, engine: ICUTextEngine())
            if again.bytes != run.bytes { return "the document is written differently" }
            if again.rows != run.rows { return "the text drawing differs" }
            if Array(again.svg.utf8) != Array(run.svg.utf8) { return "the SVG differs" }
            if let scalar = screen.json().serialized().unicodeScalars.first(where: Self.isForbidden) {
                return "JSON has U+\(String(scalar.value, radix: 16, uppercase: true))"
            }
            if let line = screen.root.treeDump().first(where: { $0.unicodeScalars.contains(where: Self.isForbidden) }) {
                return "tree dump line \(String(reflecting: line))"
            }
            return nil
        }
    }

    /// A tall screen is drawn a band of rows at a time: any band height gives the rows of
    /// the whole, for the whole screen and for a viewport (with its overlay and button).
    @Test func drawingInBands_givesTheSameRows() {
        verify("bands draw the whole") { run in
            guard let screen = run.screen, case .success(let document) = run.decoded else { return "not laid out" }
            var random = SplitMix64(seed: run.seed ^ 0xBA4D)
            let renderer = TextRenderer(engine: PropertyHarness.measurer)
            let input = run.input
            let viewport = Viewport(scrollOffset: random.int(0 ... max(0, screen.height)), height: random.int(1 ... 60))
            let formatter = PropertyHarness.formatters[input.context.locale + "|" + input.context.timeZone]!
            let framed = MessageListScreen.layout(document.conversation, environment:
                    try! LayoutEnvironment(config: document.config, context: input.context, formatter: formatter,
                                          measurer: PropertyHarness.measurer), width: run.width, viewport: viewport)
            for (name, shot, whole) in [("whole screen", screen, run.rows), ("viewport", framed, renderer.rows(framed))] {
                let bandHeight = random.pick([1, 2, 3, 5, 8, 13, 40])
                var banded: [String] = []
                renderer.forEachRow(shot, bandHeight: bandHeight, asLines: false) { banded.append($0) }
                if banded != whole {
                    let row = zip(banded, whole).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(banded.count, whole.count)
                    return "\(name) in bands of \(bandHeight): row \(row) differs (\(banded.count) rows, \(whole.count) whole)"
                }
            }
            return nil
        }
    }

    /// A whole list drawn from its flat rows a band at a time (boxes made only for the band)
    /// is the drawing of its whole screen, in any band height.
    @Test func drawingAListFromItsRows_orAPartAtATime_givesTheWholeScreensDrawing() throws {
        var drawn = 0
        verify("list drawn from its rows") { run in
            guard run.screen != nil, case .success(let document) = run.decoded else { return "not laid out" }
            let input = run.input
            let formatter = PropertyHarness.formatters[input.context.locale + "|" + input.context.timeZone]!
            let context = LayoutContext(currentUserID: document.context.currentUserID, now: document.context.now ?? input.context.now,
                                        timeZone: formatter.timeZone, locale: formatter.locale,
                                        translationLanguage: document.context.translationLanguage)
            guard let environment = try? LayoutEnvironment(config: document.config, context: context, formatter: formatter,
                                                           measurer: PropertyHarness.measurer, presentation: TerminalPresentation())
            else { return "no environment" }
            let list = MessageListLayout(environment).layout(MessageListResolver(environment).resolve(document.conversation),
                                                             width: run.width, dateIndicator: document.config.dateIndicatorPlacement)
            let renderer = TextRenderer(engine: PropertyHarness.measurer)
            let whole = renderer.render(list.screen())
            var random = SplitMix64(seed: run.seed ^ 0x11570)
            for bandHeight in [nil, 1, random.int(2 ... 9)] {
                var banded = ""
                renderer.render(list, bandHeight: bandHeight) { banded += $0 }
                if banded != whole { return "bands of \(bandHeight.map(String.init) ?? "default") differ from the whole screen's drawing" }
            }
            // As bytes (what the command line writes): the same text.
            var bytes: [UInt8] = []
            renderer.renderUTF8(list, rows: 0 ..< list.screen().height) { bytes += $0 }
            if bytes != Array(whole.utf8) { return "the drawing as UTF-8 differs from the whole screen's drawing" }
            // Laid out and drawn a part at a time: the parts cover the screen's rows in order,
            // and their drawings make the whole one.
            for messagesPerPart in [1, 2, random.int(3 ... 9), 2048] {
                var parted = "", next = 0, gap: Range<Int>?
                MessageListScreen.forEachPart(document.conversation, environment: environment, width: run.width,
                                              messagesPerPart: messagesPerPart) { part, rows in
                    if rows.lowerBound != next { gap = next ..< rows.lowerBound }
                    next = rows.upperBound
                    renderer.render(part, rows: rows, bandHeight: random.int(1 ... 9)) { parted += $0 }
                }
                if let gap { return "parts of \(messagesPerPart): rows \(gap) not handed out" }
                if next != list.screen().height { return "parts of \(messagesPerPart) end at row \(next), the screen at \(list.screen().height)" }
                if parted != whole { return "parts of \(messagesPerPart) draw differently from the whole screen" }
            }
            drawn += 1
            return nil
        }
        #expect(drawn > Self.runs.count / 2)
    }

    // MARK: - Helpers

    /// C0 (a row has no newline), DEL, C1, and bidi controls: drawings are in display order.
    static func isForbidden(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F ... 0x9F).contains(scalar.value) || UntrustedText.isBidiControl(scalar)
    }

    private func verify(_ name: String, sourceLocation: SourceLocation = #_sourceLocation, _ property: (Run) -> String?) {
        let failures = Self.runs.compactMap { run in property(run).map { (run, $0) } }
        guard let (first, detail) = failures.first else { return }
        let others = failures.dropFirst().prefix(5).map { "  seed \($0.0.seed) width \($0.0.width): \($0.1)" }.joined(separator: "\n")
        Issue.record("""
            \(name) fails for \(failures.count) of \(Self.runs.count) seeds.
            Seed \(first.seed), width \(first.width): \(detail)
            \(PropertyHarness.describe(first.input))
            Reproduce: CLK_PROPERTY_SEED=\(first.seed) swift test --filter EndToEndPropertyTests
            \(others.isEmpty ? "" : "Other seeds:\n" + others)
            """, sourceLocation: sourceLocation)
    }
}

/// Each slot is written by one task only.
private struct UncheckedSlots<Element>: @unchecked Sendable {
    var buffer: UnsafeMutableBufferPointer<Element>
    init(_ buffer: UnsafeMutableBufferPointer<Element>) { self.buffer = buffer }
}
