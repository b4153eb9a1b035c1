import ChatLayoutICU
import ChatLayoutKit
import ChatLayoutTestSupport
import Testing

/// The engine is pure on any thread: what many tasks measure at once through one engine (its
/// cache, its pool of ICU dictionary iterators, the fast path's scratch memory) is what one
/// task measures alone.
struct ConcurrentMeasurementTests {
    /// Everything the engine tells about one text.
    private struct Measurement: Equatable, Sendable {
        var width: Int
        var wrapped: [WrappedText]
        var truncated: [String]
    }

    private static let widths = [1, 3, 6, 14]

    private static func measure(_ text: String, _ engine: ICUTextEngine) -> Measurement {
        Measurement(width: engine.width(of: text),
                    wrapped: widths.map { engine.wrap(text, width: $0) },
                    truncated: widths.map { engine.truncate(text, width: $0) })
    }

    /// The generator's texts, some with words that take the general path's other branches:
    /// Thai (ICU's dictionary iterators), Hebrew (bidi), a combining mark, a flag.
    private static func texts() -> [String] {
        let words = ["สวัสดีครับ", "שלום", "e\u{301}", "🇫🇷", "ภาษาไทย"]
        var random = SplitMix64(seed: 31)
        return (0 ..< 400).map { index in
            let text = GeneratedTexts.text(&random, length: Int(random.next() % 40))
            return index % 4 == 0 ? text + words[Int(random.next() % UInt64(words.count))] : text
        }
    }

    @Test func measurementsFromManyTasksAtOnce_equalThoseOfOneTask() async {
        let texts = Self.texts()
        let serial = texts.map { Self.measure($0, ICUTextEngine()) }
        let shared = ICUTextEngine()
        let concurrent = await withTaskGroup(of: [Measurement].self) { group in
            for task in 0 ..< 8 {
                group.addTask {
                    // Each task in its own order: tasks meet on different texts, and on the
                    // same ones.
                    var order = Array(texts.indices)
                    var random = SplitMix64(seed: UInt64(task))
                    order.shuffle(using: &random)
                    var measured = serial
                    for index in order { measured[index] = Self.measure(texts[index], shared) }
                    return measured
                }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(concurrent.count == 8)
        for measured in concurrent {
            for (index, text) in texts.enumerated() where measured[index] != serial[index] {
                Issue.record("\(text.debugDescription): \(measured[index]) from many tasks, \(serial[index]) from one")
            }
        }
    }

    /// A right-to-left text the fast path prepares makes its analysed text (for the display
    /// order) only when its lines are first made, and keeps it: prepared texts wrapped from
    /// many tasks at once, which race to make it, give the lines one task gives.
    @Test func preparedRightToLeftTexts_wrappedFromManyTasksAtOnce_equalThoseOfOneTask() async {
        let texts = ["שלום עולם, מה שלומך היום?", "مرحبا بالعالم 123 كيف حالك؟", "abc שלום def (ghi)",
                     "سلام! 😀 چطوری؟\nخوبم ممنون", "עברית 12.5% ו-English"]
        let engine = ICUTextEngine()
        let serial = texts.map { text in Self.widths.map { engine.prepare(text).wrap(width: $0) } }
        for round in 0 ..< 20 {
            let prepared = texts.map { engine.prepare($0) }
            let concurrent = await withTaskGroup(of: [[WrappedText]].self) { group in
                for _ in 0 ..< 8 {
                    group.addTask { prepared.map { text in Self.widths.map { text.wrap(width: $0) } } }
                }
                return await group.reduce(into: []) { $0.append($1) }
            }
            #expect(concurrent.count == 8)
            for wrapped in concurrent where wrapped != serial {
                Issue.record("round \(round): \(wrapped) from many tasks, \(serial) from one")
            }
        }
    }
}
