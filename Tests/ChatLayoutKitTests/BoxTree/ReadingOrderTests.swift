@_spi(ChatLayoutStages) @testable import ChatLayoutModel
@testable import ChatLayoutComposition
import Testing

/// A placed line's reading order leaves out the spaces, tabs and line feeds it ends in, each
/// a character of its own: read from the text's bytes, it trims what characters trim — not a
/// line feed after a carriage return, nor a space after a prepended mark, which join the
/// character before them.
@Suite struct ReadingOrderTests {
    /// The rule in characters, as the reading order states it.
    private static func trimmedByCharacters(_ text: String) -> String {
        var reading = Substring(text)
        while let last = reading.last, last == " " || last == "\t" || last == "\n" { reading.removeLast() }
        return String(reading)
    }

    /// Texts ending in every kind of character before their trailing spaces, tabs and line
    /// feeds, their displays the same or not.
    private static let stems = ["word", "mot\u{E9}", "中文", "👍🏽", "e\u{301}", "\u{600}", "\u{600}\u{600}", "x\u{600}", "\u{6DD}",
                                "a\r", "\r", "", "שלום", "\u{110BD}", "🇫🇷", "Z\u{200D}"]
    private static let tails = [" ", "  ", "\t", "\n", " \n", "\n ", "\r\n", " \t ", "\n\n"]

    @Test func theReadingOrder_trimsWhatCharactersTrim_andIsNoneWhereItIsTheDisplay() {
        for stem in Self.stems {
            for tail in Self.tails {
                let text = stem + tail
                let expected = Self.trimmedByCharacters(text)
                for display in [expected, stem, "other"] {
                    let line = PlacedLine(display: display, text: text, x: 0, width: 1)
                    #expect(Array(line.text.utf8) == Array(expected.utf8), "\(Array(text.unicodeScalars)) shown as \(Array(display.unicodeScalars))")
                    #expect((line.reading == nil) == Identifier.same(expected, display), "\(Array(text.unicodeScalars))")
                }
            }
        }
    }

    /// What a row table stores of a line, the reading order's length (nil: the display), is
    /// the reading order's own, for texts that end in nothing to trim too, short (kept in
    /// the string itself) and long.
    @Test func theReadingLength_isTheReadingOrders() {
        let long = String(repeating: "a long line of words ", count: 4)
        for stem in Self.stems + [long, long + "\u{600}"] {
            for tail in Self.tails + ["", "x"] {
                let text = stem + tail
                for display in [Self.trimmedByCharacters(text), stem, text, "other"] {
                    let expected = PlacedLine.readingOrder(text, display: display)?.utf8.count
                    #expect(PlacedLine.readingLength(text, display: display) == expected,
                            "\(Array(text.unicodeScalars)) shown as \(Array(display.unicodeScalars))")
                }
            }
        }
    }

    /// A line drawn as its own text reads as drawn exactly where its reading length says so,
    /// told from its last byte or, ending in a space, tab or line feed, as that length finds.
    @Test func aLineDrawnAsItsOwnText_readsAsDrawn_asItsReadingLengthSays() {
        let long = String(repeating: "a long line of words ", count: 4)
        for stem in Self.stems + [long, long + "\u{600}"] {
            for tail in Self.tails + ["", "x"] {
                let text = stem + tail
                #expect(PlacedLine.readsAsDrawn(text) == (PlacedLine.readingLength(text, display: text) == nil),
                        "\(Array(text.unicodeScalars))")
            }
        }
        #expect(PlacedLine.readsAsDrawn("12:26 PM"))
        #expect(!PlacedLine.readsAsDrawn("Leia "))
    }

    @Test func aSpaceAfterAPrependedMark_joinsIt_andStays() {
        // U+0600 (an Arabic number sign) prepends to the character after it, a space too.
        let line = PlacedLine(display: "\u{600}", text: "\u{600} ", x: 0, width: 1)
        #expect(Array(line.text.utf8) == Array("\u{600} ".utf8))
        let plain = PlacedLine(display: "\u{5D0}", text: "\u{5D0} ", x: 0, width: 1)
        #expect(plain.reading == nil)
    }
}
