import ChatLayoutKit
import ChatLayoutPixel
import Testing

/// Truncation in points, with "…".
struct TruncationTests {
    @Test func textThatFits_comesBackAsItIs() throws {
        let measurer = try Pixel.measurer()
        #expect(measurer.truncate("Luke Skywalker", width: 200) == "Luke Skywalker")
        #expect(measurer.truncate("Luke\nSkywalker", width: 200) == "Luke Skywalker")
    }

    @Test func longText_isCutWithAnEllipsis_andFits() throws {
        let measurer = try Pixel.measurer()
        let text = "The new place on 5th has great espresso ☕"
        for width in [14, 20, 40, 60, 100, 200, 300] {
            let cut = measurer.truncate(text, width: width)
            #expect(cut.hasSuffix("…"))
            #expect(measurer.width(of: cut) <= width, "\(cut) at \(width)")
            #expect(text.hasPrefix(String(cut.dropLast())))
            // As long as fits: up to the next character that is not a space, it would not.
            var next = cut.count
            while next < text.count && text.prefix(next).hasSuffix(" ") { next += 1 }
            let longer = String(text.prefix(next)) + "…"
            #expect(measurer.width(of: longer) > width, "\(longer) at \(width)")
        }
        // "The new pl…" is 99.79 points, "The new pla…" 109.327.
        #expect(measurer.truncate(text, width: 100) == "The new pl…")
    }

    @Test func spacesBeforeTheEllipsis_areDropped() throws {
        let measurer = try Pixel.measurer()
        // "Anyone" and three spaces leave room for "…" in 90 points; the spaces go.
        #expect(measurer.truncate("Anyone     up for coffee?", width: 90) == "Anyone…")
    }

    @Test func tooNarrowForTheEllipsis_isEmpty() throws {
        let measurer = try Pixel.measurer()
        #expect(measurer.width(of: "…") == 14)
        #expect(measurer.truncate("Hello", width: 13) == "")
        #expect(measurer.truncate("Hello", width: 14) == "…")
        #expect(measurer.truncate("Hello", width: 0) == "")
    }

    @Test func rightToLeftAndEmoji_areCutBetweenClusters() throws {
        let measurer = try Pixel.measurer()
        let family = "👩‍👩‍👧"
        let cut = measurer.truncate(String(repeating: family, count: 5), width: 60)
        #expect(cut == family + family + "…")
        let hebrew = measurer.truncate("שלום לכולם! (מה שלומכם?)", width: 80)
        #expect(hebrew.hasSuffix("…") && measurer.width(of: hebrew) <= 80)
    }

    /// A hard break becomes a space, and what follows it may join that space: "\n🏽" is two
    /// clusters, " 🏽" one, drawn in the emoji font (its space is 1.245 em). What is measured
    /// is the text as it comes back.
    @Test func textWhoseHardBreakBecomesASpace_isMeasuredAsItComesBack() throws {
        let measurer = try Pixel.measurer()
        #expect(measurer.width(of: "Hi 🏽") == 60)
        for width in 40 ... 70 {
            let cut = measurer.truncate("Hi\n🏽", width: width)
            #expect(measurer.width(of: cut) <= width, "\(cut) at \(width)")
        }
        #expect(measurer.truncate("Hi\n🏽", width: 60) == "Hi 🏽")
    }
}
