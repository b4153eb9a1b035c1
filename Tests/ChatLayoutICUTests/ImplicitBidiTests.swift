@testable import ChatLayoutICU
import ChatLayoutKit
import ChatLayoutTestSupport
import Testing

/// Lines put in display order with levels resolved here (`ImplicitBidi`, through
/// `PreparedText.wrapWithImplicitBidi`) are exactly those ICU's levels give
/// (`PreparedText.wrapInGeneral`), whenever the implicit path takes a text; and it takes the
/// right-to-left chat text it is meant for.
struct ImplicitBidiTests {
    let engine = ICUTextEngine()

    /// Where the weak, bracket and neutral rules interact: Hebrew (R) and Arabic (AL) letters,
    /// Latin, European, Arabic-Indic (AN) and Persian (EN) digits, separators (ES, CS) and
    /// terminators (ET), marks (NSM), boundary neutrals (ZWNJ, ZWJ), spaces, brackets ASCII and
    /// not (one pair canonically equivalent), quotation marks, other neutrals, hard breaks.
    static let alphabet: [Unicode.Scalar] = [
        "a", "b", "Z", "1", "2", "0", " ", " ", " ", "(", ")", "[", "]", "{", "}", "<", ">", "+", "-", ",", ".", ":", "/",
        "$", "%", "#", "!", "\"", "\u{05D0}", "\u{05D1}", "\u{0639}", "\u{0644}", "\u{0661}", "\u{0662}", "\u{06F1}",
        "\u{064B}", "\u{0301}", "\u{200C}", "\u{200D}", "\u{00A0}", "\u{2003}", "\u{060C}", "\u{061F}", "\u{00AB}",
        "\u{00BB}", "\u{FF08}", "\u{FF09}", "\u{2329}", "\u{232A}", "\u{3008}", "\u{3009}", "\u{00B0}", "\u{20AC}",
        "\u{0660}", "\u{066B}", "\u{066C}", "\u{2212}", "\u{00B1}", "\n",
    ]

    /// Both ways of putting `prepared`'s lines in display order at `widths`; whether the
    /// implicit path took it.
    private func expectSame(_ prepared: PreparedText, widths: [Int], sourceLocation: SourceLocation = #_sourceLocation) -> Bool {
        guard prepared.isGeneral, let analyzed = prepared.analyzed else { return false }
        var taken = false
        for width in widths {
            guard let implicit = prepared.wrapWithImplicitBidi(width: width) else { continue }
            taken = true
            let icu = prepared.wrapInGeneral(width: width, analyzed)
            #expect(implicit == icu, "\(prepared.text.debugDescription) at \(width)", sourceLocation: sourceLocation)
        }
        return taken
    }

    /// The corpus's texts, and each with " (appended N)" as the append benchmark's arrivals, on
    /// both paths of preparing: each one the implicit path takes gives ICU's lines.
    @Test func corpus_implicitLevelsGiveICUsLines() throws {
        var rightToLeft = 0, taken = 0
        for (index, base) in try Fixtures.corpus().enumerated() {
            for text in [base, base + " (appended \(index))", "(\(index)) " + base + " [x]"] {
                guard text.unicodeScalars.contains(where: { CharacterPropertyTable.shared[$0].needsBidi }) else { continue }
                rightToLeft += 1
                if expectSame(engine.prepareInGeneral(text), widths: [1, 3, 7, 12, 20, 40, 200]) { taken += 1 }
                if let fast = SimpleTextWrapper.prepare(text, policy: engine.policy) {
                    _ = expectSame(fast, widths: [2, 9, 33])
                }
            }
        }
        #expect(rightToLeft > 100, "\(rightToLeft) right-to-left texts")
        #expect(taken * 10 > rightToLeft * 9, "the implicit path took \(taken) of \(rightToLeft) right-to-left texts")
    }

    /// Random texts of the alphabet above, at many widths.
    @Test func generatedTexts_implicitLevelsGiveICUsLines() {
        var random = SplitMix64(seed: 0x1B1D)
        var taken = 0, reordered = 0
        for round in 0 ..< 6000 {
            let text = GeneratedTexts.text(&random, length: 1 + Int(random.next() % 30), alphabet: Self.alphabet)
            let prepared = round % 2 == 0 ? engine.prepareInGeneral(text) : engine.prepare(text)
            if expectSame(prepared, widths: [1, 2, 4, 7, 11, 40]) { taken += 1 }
            if let lines = prepared.wrapWithImplicitBidi(width: 40)?.lines, lines.contains(where: { $0.display != $0.text }) { reordered += 1 }
        }
        #expect(taken > 3000, "the implicit path took \(taken) texts")
        #expect(reordered > 2000, "\(reordered) texts were reordered")
    }

    /// Right-to-left text with no left-to-right letter and no digit — letters, marks, boundary
    /// neutrals, spaces, brackets, separators, terminators, emoji, hard breaks — is every level
    /// 1: its lines are their clusters in reverse, with no levels resolved, as ICU has them.
    @Test func generatedRightToLeftTexts_linesInReverseAreICUs() {
        let alphabet: [Unicode.Scalar] = [
            "\u{05D0}", "\u{05D1}", "\u{05E9}", "\u{0639}", "\u{0644}", "\u{0628}", "\u{064B}", "\u{0301}", "\u{200C}", "\u{200D}",
            " ", " ", " ", "\u{00A0}", "(", ")", "[", "]", "{", "}", "<", ">", "\u{00AB}", "\u{00BB}", "\u{FF08}", "\u{FF09}",
            "+", "-", ",", ".", ":", "/", "$", "%", "#", "!", "?", "\"", "\u{060C}", "\u{061F}", "\u{00B0}", "\u{20AC}",
            "\u{2212}", "\u{1F600}", "\u{2764}", "\n",
        ]
        for scalar in alphabet where scalar != "\n" {
            #expect(ImplicitBidi.staysRightToLeft(CharacterPropertyTable.shared[scalar]), "U+\(String(scalar.value, radix: 16))")
        }
        var random = SplitMix64(seed: 0x5EB7)
        var taken = 0
        for round in 0 ..< 4000 {
            // Right to left from its first letter on: a letter first.
            let text = "\u{05D0}" + GeneratedTexts.text(&random, length: Int(random.next() % 40), alphabet: alphabet)
            let prepared = round % 2 == 0 ? engine.prepareInGeneral(text) : engine.prepare(text)
            #expect(prepared.direction == .rightToLeft)
            if expectSame(prepared, widths: [1, 2, 3, 5, 8, 13, 40]) { taken += 1 }
        }
        #expect(taken > 3000, "the implicit path took \(taken) texts")
    }

    /// Explicit formatting, controls among reordered text and brackets nested past BD16's
    /// depth (around a left-to-right word) are left to ICU; the same texts without them are
    /// taken.
    @Test func textsTheImplicitPathLeavesToICU() {
        let hebrew = "\u{05D0}\u{05D1}"
        for text in ["\u{202B}\(hebrew) abc\u{202C}", "\(hebrew)\u{200F} 12", "\(hebrew) \u{2067}abc\u{2069}", "\(hebrew)\tabc",
                     "\(hebrew) \u{200B}abc", String(repeating: "(", count: 64) + hebrew + " abc"] {
            #expect(engine.prepareInGeneral(text).wrapWithImplicitBidi(width: 20) == nil, "\(text.debugDescription)")
        }
        for text in ["\(hebrew) abc", "\(hebrew) (abc) 12", "abc \(hebrew)\u{200C}\(hebrew)", String(repeating: "(", count: 63) + hebrew, "\tabc",
                     // Right to left throughout: every level 1, however deep the brackets.
                     String(repeating: "(", count: 64) + hebrew] {
            let prepared = engine.prepareInGeneral(text)
            #expect(prepared.wrapWithImplicitBidi(width: 20) == prepared.wrapInGeneral(width: 20, prepared.analyzed!), "\(text.debugDescription)")
        }
    }

    /// Hand-checked lines: brackets take the direction of what they hold or of their context
    /// (N0), numbers after Arabic letters are Arabic numbers (W2), a terminator joins its
    /// number (W5), and mirrored characters of right-to-left runs are mirrored.
    @Test func knownLines() {
        let cases: [(text: String, display: String)] = [
            ("\u{05D0}\u{05D1} (abc) 12", "12 (abc) \u{05D1}\u{05D0}"),
            ("\u{0639}\u{0644} 12% (x)", "(x) %12 \u{0644}\u{0639}"),
            ("abc (\u{05D0}\u{05D1}) d", "abc (\u{05D1}\u{05D0}) d"),
            ("\u{05D0} (\u{05D1})", "(\u{05D1}) \u{05D0}"),
        ]
        for (text, display) in cases {
            let prepared = engine.prepareInGeneral(text)
            let lines = prepared.wrapWithImplicitBidi(width: 80)?.lines
            #expect(lines?.map(\.display) == [display], "\(text.debugDescription)")
            #expect(lines == prepared.wrapInGeneral(width: 80, prepared.analyzed!).lines)
        }
    }
}
