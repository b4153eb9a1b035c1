import ChatLayoutKit
import ChatLayoutPixel
import Testing

/// Widths in points: shaped, proportional, with a font for each script.
struct WidthTests {
    @Test func proportionalFont_narrowLettersMeasureNarrower() throws {
        let measurer = try Pixel.measurer()
        #expect(measurer.width(of: "iiii") < measurer.width(of: "MMMM"))
        #expect(measurer.width(of: "iiii") * 3 < measurer.width(of: "MMMM"))
    }

    /// Noto Sans 2.0 (Debian's fonts-noto-core 20201225-1): "Hello" advances 2426 units of
    /// 1000 to the em, 41.242 points at 17. A different value means a different font file.
    @Test func hello_at17Points_isTheRecordedWidth() throws {
        let measurer = try Pixel.measurer()
        #expect(measurer.preciseWidth(of: "Hello") == 41.242)
        #expect(measurer.width(of: "Hello") == 42)
        #expect((30 ... 50).contains(measurer.width(of: "Hello")))
    }

    @Test func widthsRoundUp_toWholePoints() throws {
        let measurer = try Pixel.measurer()
        for text in ["Hello", "iiii", "MMMM", "שלום", "Count me in! 🎉"] {
            let precise = measurer.preciseWidth(of: text)
            #expect(Double(measurer.width(of: text)) >= precise)
            #expect(Double(measurer.width(of: text)) < precise + 1)
        }
    }

    @Test func widthScalesWithThePointSize() throws {
        let small = try HarfBuzzTextMeasurer(pointSize: 17)
        let large = try HarfBuzzTextMeasurer(pointSize: 34)
        #expect(abs(large.preciseWidth(of: "Hello") - 2 * small.preciseWidth(of: "Hello")) < 1e-9)
    }

    @Test func arabic_isMeasuredJoined() throws {
        let measurer = try Pixel.measurer()
        let word = "مرحبا"
        let lettersAlone = word.map { measurer.preciseWidth(of: String($0)) }.reduce(0, +)
        // Joined forms are narrower than isolated ones: 35.768 points against 46.257.
        #expect(measurer.preciseWidth(of: word) < lettersAlone - 5)
        #expect(measurer.fontRuns(of: word).map { $0.font?.path } == [FontSet.notoDirectory + "/NotoSansArabic-Regular.ttf"])
    }

    @Test func emoji_isMeasuredWithTheEmojiFont_aboutOneEmWide() throws {
        let measurer = try Pixel.measurer()
        for emoji in ["🎉", "👩‍👩‍👧", "🇯🇵", "👍🏽", "1️⃣", "❤️"] {
            let runs = measurer.fontRuns(of: emoji)
            #expect(runs.count == 1 && runs[0].font?.isEmoji == true, "\(emoji): \(runs)")
            // Noto Color Emoji advances 2550 units of 2048: 1.245 em.
            let width = measurer.preciseWidth(of: emoji)
            #expect(width > 17 * 0.9 && width < 17 * 1.4, "\(emoji): \(width)")
        }
    }

    @Test func eachScriptGetsItsFont_andSpacesStayWithTheTextAroundThem() throws {
        let measurer = try Pixel.measurer()
        func fonts(_ text: String) -> [String] {
            measurer.fontRuns(of: text).map { $0.font.map { String($0.path.split(separator: "/").last!) } ?? "none" }
        }
        #expect(fonts("Hello Γειά Привет") == ["NotoSans-Regular.ttf", "NotoSans-Regular.ttf", "NotoSans-Regular.ttf"])
        #expect(measurer.fontRuns(of: "Hello Γειά Привет").map(\.text) == ["Hello ", "Γειά ", "Привет"])
        #expect(fonts("שלום עולם") == ["NotoSansHebrew-Regular.ttf"])
        #expect(fonts("On my way 🚀 now") == ["NotoSans-Regular.ttf", "NotoColorEmoji.ttf", "NotoSans-Regular.ttf"])
        #expect(fonts("ภาษาไทย") == ["NotoSansThai-Regular.ttf"])
        #expect(fonts("मैं ठीक हूँ") == ["NotoSansDevanagari-Regular.ttf"])
        // Han and kana are runs of their own scripts, in one font; Hangul is in the other file.
        #expect(fonts("今日は何時") == ["DroidSansFallbackFull.ttf", "DroidSansFallbackFull.ttf", "DroidSansFallbackFull.ttf"])
        #expect(fonts("사전적 의미") == ["DroidSansFallback.ttf"])
    }

    @Test func runs_addUpToTheWidth() throws {
        let measurer = try Pixel.measurer()
        for line in try Pixel.multilingualLines() {
            let sum = measurer.fontRuns(of: line).map(\.width).reduce(0, +)
            #expect(abs(sum - measurer.preciseWidth(of: line)) < 1e-9, "\(line)")
            #expect(measurer.fontRuns(of: line).map(\.text).joined() == line)
        }
    }

    @Test func cjk_isFullWidth_oneEmACharacter() throws {
        let measurer = try Pixel.measurer()
        // Droid Sans Fallback draws ideographs and kana one em wide.
        #expect(measurer.preciseWidth(of: "日本語") == 51)
        #expect(measurer.preciseWidth(of: "こんにちは") == 85)
    }

    @Test func clusterNoFontHas_countsOneEm() throws {
        let measurer = try Pixel.measurer()
        // U+0378 is unassigned: no font has it.
        let runs = measurer.fontRuns(of: "\u{378}\u{378}")
        #expect(runs.count == 1 && runs[0].font == nil)
        #expect(measurer.preciseWidth(of: "\u{378}\u{378}") == 34)
        #expect(measurer.preciseWidth(of: "a\u{378}") == measurer.preciseWidth(of: "a") + 17)
    }

    @Test func hardBreaks_countAsNothing() throws {
        let measurer = try Pixel.measurer()
        #expect(measurer.preciseWidth(of: "ab\ncd") == measurer.preciseWidth(of: "abcd"))
        #expect(measurer.width(of: "\n") == 0)
        #expect(measurer.width(of: "") == 0)
    }

    @Test func lineHeight_isTheFontsAscenderDescenderAndGap() throws {
        let measurer = try Pixel.measurer()
        // Noto Sans: 1069 above the baseline, 293 below, no gap, 1000 units to the em.
        #expect(abs(measurer.lineMetrics.ascender - 18.173) < 1e-9)
        #expect(abs(measurer.lineMetrics.descender + 4.981) < 1e-9)
        #expect(measurer.lineMetrics.lineGap == 0)
        #expect(measurer.lineHeight == 24)
    }

    @Test func jumbomoji_areTheICUEnginesAnswers() throws {
        let measurer = try Pixel.measurer()
        #expect(measurer.emojiOnlyClusterCount("🎉🎉") == 2)
        #expect(measurer.emojiOnlyClusterCount("hi 🎉") == nil)
        #expect(measurer.jumbomojiClusterCount("❤") == 1)
        #expect(measurer.jumbomojiClusterCount("#") == nil)
    }

    @Test func badFontsAndSizes_areErrorsThatSayWhat() throws {
        #expect(throws: FontError.cannotOpen(path: "/nonexistent/Font.ttf", code: 1)) {
            try HarfBuzzTextMeasurer(fonts: FontSet([FontFile(path: "/nonexistent/Font.ttf")]))
        }
        // Not a font: FreeType's "unknown file format".
        let readme = Pixel.repository.appendingPathComponent("README.md").path
        #expect(throws: FontError.cannotOpen(path: readme, code: 2)) {
            try HarfBuzzTextMeasurer(fonts: FontSet([FontFile(path: readme)]))
        }
        #expect(throws: FontError.noFonts) { try HarfBuzzTextMeasurer(fonts: FontSet([])) }
        #expect(throws: FontError.invalidPointSize(0)) { try HarfBuzzTextMeasurer(pointSize: 0) }
        #expect(throws: FontError.invalidPointSize(.infinity)) { try HarfBuzzTextMeasurer(pointSize: .infinity) }
        #expect(FontError.cannotOpen(path: "/x.ttf", code: 1).description.contains("/x.ttf"))
    }
}
