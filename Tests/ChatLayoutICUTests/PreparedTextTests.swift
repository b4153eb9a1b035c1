@testable import ChatLayoutICU
import ChatLayoutKit
import Testing

/// A text is measured once (prepared) and wrapped at any width by arithmetic over what was
/// measured: the lines must be exactly those of wrapping the text afresh at that width, as
/// the engine did before texts were prepared (`ReferenceWrapping`, each cluster measured as
/// the line reaches it), and a width change must measure nothing again.
struct PreparedTextTests {
    let engine = ICUTextEngine()

    /// Texts every path must get right: hard breaks of every kind, hanging spaces and tabs,
    /// words wider than the line, marks, emoji sequences, right to left, Thai.
    static let edgeTexts = [
        "", " ", "\n", "a\n", "\na", "a\n\nb", "a\r\nb", "a\rb", "a\u{2028}b", "a\u{85}b", "a\u{B}b", "a\u{C}b",
        "a   b    c", "tab\tin\ttext", "trailing   ", "   leading", "supercalifragilisticexpialidocious word",
        "e\u{301}e\u{301}e\u{301} cafe\u{301}", "👍🏽 👨‍👩‍👧 🇫🇷🇩🇪 1️⃣", "שלום עולם (ab) cd", "مرحبا بالعالم 123",
        "ภาษาไทยไม่มีช่องว่าง ระหว่างคำ", "日本語のテキスト、句読点。", "한국어 텍스트", "x\u{200B}y\u{2060}z",
        "a\u{202E}bc\u{202C}d \u{2067}ef\u{2069}", "https://example.com/a/very/long/path?with=query&and=more",
    ]

    @Test func preparedTexts_wrapAsTheReference_atEveryWidth() throws {
        var texts = Self.edgeTexts
        let corpus = try Fixtures.corpus()
        // Every 40th text of the corpus at every width 1–200; the edge texts too.
        texts += stride(from: 0, to: corpus.count, by: 40).map { corpus[$0] }
        for text in texts {
            let prepared = engine.prepare(text)
            for width in 1 ... 200 {
                #expect(prepared.wrap(width: width) == ReferenceWrapping.wrap(text, width: width, policy: engine.policy),
                        "\(text.debugDescription) at width \(width)")
            }
        }
    }

    @Test func wholeCorpus_wrapsAsTheReference_atSomeWidths() throws {
        let wide = ICUTextEngine(policy: CellWidthPolicy(ambiguousIsWide: true))
        for text in try Fixtures.corpus() {
            let prepared = engine.prepare(text)
            for width in [1, 3, 8, 21, 40, 144] {
                #expect(prepared.wrap(width: width) == ReferenceWrapping.wrap(text, width: width, policy: engine.policy),
                        "\(text.debugDescription) at width \(width)")
            }
            #expect(wide.prepare(text).wrap(width: 17) == ReferenceWrapping.wrap(text, width: 17, policy: wide.policy),
                    "\(text.debugDescription), ambiguous wide")
        }
    }

    /// The engine keeps one prepared text per text: wrapping it at many widths measures it
    /// once, and what it gives at a width does not depend on the widths asked before. (A
    /// short label that fits a width is one line without the cache, `shortLine`: only the
    /// texts some width leaves to the cache are prepared.)
    @Test func aWidthChange_measuresNothingAgain() throws {
        let texts = Array(try Fixtures.corpus().prefix(300)) + Self.edgeTexts
        let widths = [1, 7, 39, 41, 120]
        func distinct(leftToTheCacheAt widths: [Int]) -> Int {
            Set(texts.filter { text in widths.contains { engine.shortLine(text, width: $0) == nil } }.map { Array($0.utf8) }).count
        }
        for text in texts { _ = engine.wrap(text, width: 40) }
        #expect(engine.cache.preparedCount == distinct(leftToTheCacheAt: [40]))
        for width in widths {
            for text in texts {
                #expect(engine.wrap(text, width: width) == ICUTextEngine().wrap(text, width: width), "\(text.debugDescription) at \(width)")
            }
        }
        #expect(engine.cache.preparedCount == distinct(leftToTheCacheAt: [40] + widths), "a width change prepared texts again")
        #expect(distinct(leftToTheCacheAt: [40]) > 200, "most of the corpus goes through the cache")
    }

    /// Texts told apart by their bytes, not by `String` equality: "é" and "e + U+0301" are
    /// one string to Swift but two texts to wrap.
    @Test func canonicallyEqualTexts_arePreparedApart() {
        let composed = "caf\u{E9} ", decomposed = "cafe\u{301} "
        #expect(composed == decomposed)
        #expect(engine.wrap(composed, width: 3).lines.map(\.text) == ["caf", "\u{E9} "])
        #expect(engine.wrap(decomposed, width: 3).lines.map(\.text) == ["caf", "e\u{301} "])
        #expect(engine.cache.preparedCount == 2)
    }
}
