import ChatLayoutKit
import ChatLayoutPixel
import Testing

/// Wrapping in points: the ICU engine's rules, each line's width its text shaped alone.
struct WrappingTests {
    @Test func linesBreakAtSpaces_spacesHang_andWidthsAreTheDrawnText() throws {
        let measurer = try Pixel.measurer()
        let wrapped = measurer.wrap("The new place on 5th has great espresso ☕", width: 120)
        #expect(wrapped.lines.map(\.text) == ["The new place ", "on 5th has ", "great espresso ", "☕"])
        #expect(wrapped.lines.map(\.display) == ["The new place", "on 5th has", "great espresso", "☕"])
        #expect(wrapped.lines.map(\.width) == wrapped.lines.map { measurer.width(of: $0.display) })
        #expect(wrapped.direction == .leftToRight)
    }

    @Test func noLineIsWiderThanTheWidth_butASingleClusterWiderThanIt() throws {
        let measurer = try Pixel.measurer()
        for text in try Pixel.multilingualLines() + ["مرحبا بكم في القناة العامة", "iiiiiiiiii MMMMMMMMMM"] {
            for width in [1, 10, 25, 40, 60, 100, 150, 240, 375] {
                let wrapped = measurer.wrap(text, width: width)
                for line in wrapped.lines where line.width > width {
                    #expect(measurer.wrap(line.display, width: 100_000).lines.count == 1)
                    #expect(line.display.count == 1, "\(text) at \(width): \(line)")
                }
                // The lines give the text back, in order.
                #expect(wrapped.lines.map(\.text).joined() == text)
            }
        }
    }

    @Test func linesFillGreedily() throws {
        let measurer = try Pixel.measurer()
        // Each line but the last would overflow with the next line's first word.
        let text = "Anyone up for coffee? The new place on 5th has great espresso"
        let lines = measurer.wrap(text, width: 150).lines
        for (line, next) in zip(lines, lines.dropFirst()) {
            let firstWord = next.text.split(separator: " ").first.map(String.init) ?? ""
            #expect(measurer.width(of: line.text + firstWord) > 150, "\(line.text) | \(firstWord)")
        }
    }

    @Test func hardBreaks_endLines() throws {
        let measurer = try Pixel.measurer()
        let wrapped = measurer.wrap("Where are you?\nOn my way\r\n\nsoon", width: 375)
        #expect(wrapped.lines.map(\.text) == ["Where are you?", "On my way", "", "soon"])
        #expect(wrapped.lines.map(\.width) == [measurer.width(of: "Where are you?"), measurer.width(of: "On my way"), 0,
                                              measurer.width(of: "soon")])
        #expect(measurer.wrap("", width: 100).lines == [TextLine(text: "", display: "", width: 0)])
        #expect(measurer.wrap("a\n", width: 100).lines.map(\.text) == ["a", ""])
    }

    @Test func wordLongerThanTheLine_isSplitBetweenGraphemeClusters() throws {
        let measurer = try Pixel.measurer()
        let url = "https://example.com/a/very/long/path/that/cannot/break/anywhere"
        let lines = measurer.wrap("see " + url, width: 100).lines
        #expect(lines.map(\.text) == ["see https://", "example.co", "m/a/very/", "long/path/", "that/", "cannot/", "break/",
                                       "anywhere"])
        #expect(lines.count > 3)
        #expect(lines.allSatisfy { $0.width <= 100 })
        // Clusters are never cut: a family emoji stays whole.
        let family = "👩‍👩‍👧"
        let emoji = measurer.wrap(family + family + family, width: 50).lines
        #expect(emoji.map(\.text) == [family + family, family])
    }

    @Test func clusterWiderThanTheWidth_isALineOfItsOwn() throws {
        let measurer = try Pixel.measurer()
        let wrapped = measurer.wrap("日本", width: 5)
        #expect(wrapped.lines.map(\.text) == ["日", "本"])
        #expect(wrapped.lines.map(\.width) == [17, 17])
    }

    @Test func rightToLeftText_keepsReadingOrder_andSaysItsDirection() throws {
        let measurer = try Pixel.measurer()
        let text = "שלום לכולם! (מה שלומכם?)"
        let wrapped = measurer.wrap(text, width: 100)
        #expect(wrapped.direction == .rightToLeft)
        #expect(wrapped.lines.count > 1)
        // Lines in logical order: a browser reorders them when it draws.
        #expect(wrapped.lines.map(\.text).joined() == text)
        #expect(wrapped.lines[0].display == "שלום לכולם!")
        #expect(measurer.wrap("123 שלום", width: 375).direction == .rightToLeft)
        #expect(measurer.wrap("123", width: 375).direction == .leftToRight)
    }

    @Test func thai_breaksBetweenWords_byDictionary() throws {
        let measurer = try Pixel.measurer()
        let lines = measurer.wrap("ภาษาไทยง่ายนิดเดียว", width: 60).lines
        #expect(lines.count > 1)
        // Every line ends where a word the ICU engine's dictionary finds ends.
        let words = ["ภาษา", "ไทย", "ง่าย", "นิด", "เดียว"]
        let wordEnds = Set(words.indices.map { words[...$0].joined().unicodeScalars.count })
        var offset = 0
        for line in lines {
            offset += line.text.unicodeScalars.count
            #expect(wordEnds.contains(offset), "\(line.text)")
        }
    }
}
