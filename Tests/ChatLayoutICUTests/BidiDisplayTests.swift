@testable import ChatLayoutICU
import ChatLayoutKit
import ChatLayoutTestSupport
import Testing

/// A drawn line (`TextLine.display`): reordered, bidi controls dropped, and segmenting into
/// exactly the clusters that were measured, wherever reordering or a dropped control brings
/// two clusters together.
struct BidiDisplayTests {
    let engine = ICUTextEngine()

    /// Texts where reordering and dropped controls bring clusters together that could join:
    /// Hangul jamo, regional indicators, emoji with ZWJ and VS16, combining marks, mirrored
    /// brackets, right-to-left letters and digits, every kind of bidi control.
    static let alphabet: [Unicode.Scalar] = [
        "a", "b", "1", " ", " ", "(", ")", "[", "<", "-", "\u{05D0}", "\u{05D1}", "\u{0639}", "\u{0644}", "\u{0661}",
        "\u{1100}", "\u{110F}", "\u{1161}", "\u{11A8}", "\u{1F1E6}", "\u{1F1E7}", "\u{1F468}", "\u{200D}", "\u{1F469}",
        "\u{2764}", "\u{FE0F}", "\u{0301}", "\u{200E}", "\u{200F}", "\u{061C}", "\u{202A}", "\u{202B}", "\u{202C}",
        "\u{202D}", "\u{202E}", "\u{2066}", "\u{2067}", "\u{2068}", "\u{2069}", "\n",
        // Prepend, SpacingMark, an aksara (consonant, virama), Hangul LV and LVT syllables, an
        // emoji modifier and a tag character: the rules that join across more than a pair.
        "\u{0600}", "\u{093F}", "\u{0915}", "\u{0924}", "\u{094D}", "\u{AC00}", "\u{AC01}", "\u{1F3FB}", "\u{E0067}",
    ]

    /// The clusters a display string segments into, ZERO WIDTH SPACEs left out.
    func clusters(_ display: String) -> [String] {
        engine.graphemeClusters(display).filter { $0 != "\u{200B}" }
    }

    @Test func everyDrawnLine_keepsItsClusters_andMeasuresAsWideAsItsWidth() {
        var random = SplitMix64(seed: 0xB1D1)
        var reordered = 0, separated = 0
        for _ in 0 ..< 3000 {
            let text = GeneratedTexts.text(&random, length: 1 + Int(random.next() % 24), alphabet: Self.alphabet)
            for width in [1, 3, 7, 40] {
                for line in engine.measureWrapInGeneral(text, width: width).lines {
                    #expect(engine.measureWidthInGeneral(line.display) == line.width,
                            "\(text.debugDescription) at \(width): \(line.display.debugDescription)")
                    #expect(!line.display.unicodeScalars.contains { CharacterPropertyTable.shared[$0].isBidiControl },
                            "\(line.display.debugDescription) keeps a bidi control")
                    // As many clusters as the line's own, controls left out: none ran into another
                    // (a width alone misses joins that keep the width: "a" LRM U+0301).
                    let own = clusters(line.text).filter { !$0.unicodeScalars.allSatisfy { CharacterPropertyTable.shared[$0].isBidiControl } }
                        .filter { !$0.unicodeScalars.allSatisfy { $0.properties.isWhitespace } }
                    let drawn = clusters(line.display).filter { !$0.unicodeScalars.allSatisfy { $0.properties.isWhitespace } }
                    #expect(drawn.count == own.count, "\(text.debugDescription) at \(width): \(line.display.debugDescription)")
                    if line.display != line.text { reordered += 1 }
                    if line.display.unicodeScalars.contains("\u{200B}") { separated += 1 }
                }
            }
        }
        // The cases the test is for were reached.
        #expect(reordered > 1000)
        #expect(separated > 50)
    }

    @Test func aDroppedControl_doesNotLetTwoClustersRunIntoOne() {
        let cases: [(text: String, display: String)] = [
            ("\u{110F}\u{202C}\u{1100}", "\u{110F}\u{200B}\u{1100}"),  // two jamo L would make one syllable block
            ("\u{2764}\u{202C}\u{FE0F}", "\u{2764}\u{200B}\u{FE0F}"),  // VS16 would make the heart an emoji
            ("\u{1F1E6}\u{2066}\u{2069}\u{1F1E7}", "\u{1F1E6}\u{200B}\u{1F1E7}"),  // two indicators would make a flag
            ("a\u{200E}b", "ab"),                                       // nothing to keep apart
            ("a\u{200E}\u{0301}", "a\u{200B}\u{0301}"),                  // the accent would join the "a"
            ("\u{0915}\u{094D}\u{200E}\u{0924}", "\u{0915}\u{094D}\u{200B}\u{0924}"),  // GB9c would make one conjunct
            ("\u{0600}\u{200E}1", "\u{0600}\u{200B}1"),                   // a Prepend joins what follows it
        ]
        for (text, display) in cases {
            let lines = engine.measureWrapInGeneral(text, width: 40).lines
            #expect(lines.map(\.display) == [display], "\(text.debugDescription)")
        }
    }

    @Test func reorderedLines_areDrawnRightToLeft_withMirroredBrackets() {
        let lines = engine.measureWrapInGeneral("ab (\u{05D0}\u{05D1}) [\u{05D2}] cd", width: 40).lines
        #expect(lines.map(\.display) == ["ab (\u{05D1}\u{05D0}) [\u{05D2}] cd"])
        let rightToLeft = engine.measureWrapInGeneral("\u{05D0} (ab) \u{05D1}", width: 40).lines
        #expect(rightToLeft.map(\.display) == ["\u{05D1} (ab) \u{05D0}"])
        // A left-to-right line of a paragraph whose other line is right to left stays a slice.
        let mixed = engine.measureWrapInGeneral("abc def \u{05D0}\u{05D1}\u{05D2} \u{05D3}\u{05D4}", width: 8).lines
        #expect(mixed.first?.display == "abc def")
    }
}
