import ChatLayoutICU
import ChatLayoutKit
import Testing

/// Wrapping: behaviour by example, then properties over the whole corpus.
struct WrappingTests {
    let engine = ICUTextEngine()

    private func lines(_ text: String, _ width: Int) -> [String] {
        engine.wrap(text, width: width).lines.map(\.text)
    }

    @Test func wordsBreakAtSpaces_andSpacesHangAtTheLineEnd() {
        let wrapped = engine.wrap("Anyone up for coffee?", width: 10)
        #expect(wrapped.lines.map(\.text) == ["Anyone up ", "for ", "coffee?"])
        #expect(wrapped.lines.map(\.display) == ["Anyone up", "for", "coffee?"])
        #expect(wrapped.lines.map(\.width) == [9, 3, 7])
    }

    @Test func greedyFill_putsAsManyWordsAsFit() {
        #expect(lines("The new place on 5th has great espresso", 24) == ["The new place on 5th has ", "great espresso"])
        #expect(lines("The new place on 5th has great espresso", 23) == ["The new place on 5th ", "has great espresso"])
    }

    @Test func hangingSpaces_neverForceABreak() {
        // "abcd" fits 4 cells exactly; the spaces after it hang.
        #expect(lines("abcd    efgh", 4) == ["abcd    ", "efgh"])
        #expect(engine.wrap("abcd    efgh", width: 4).lines.map(\.width) == [4, 4])
    }

    @Test func wordLongerThanTheLine_isSplitAtGraphemeBoundaries() {
        #expect(lines("see https://example.com/abc", 8) == ["see ", "https://", "example.", "com/abc"])
        #expect(lines("👩‍👩‍👧👩‍👩‍👧👩‍👩‍👧", 4) == ["👩‍👩‍👧👩‍👩‍👧", "👩‍👩‍👧"])
    }

    @Test func longWord_startsOnAFreshLine() {
        #expect(lines("hi abcdefghij", 5) == ["hi ", "abcde", "fghij"])
    }

    @Test func hardBreaks_endLines_andTheirCharactersBelongToNoLine() {
        #expect(lines("a\nb\r\nc\u{2028}d", 10) == ["a", "b", "c", "d"])
        #expect(lines("a\n\nb", 10) == ["a", "", "b"])
        #expect(lines("a\n", 10) == ["a", ""])
        #expect(lines("", 10) == [""])
    }

    @Test func clusterWiderThanTheWidth_isTheOnlyLineAllowedToOverflow() {
        let wrapped = engine.wrap("中文", width: 1)
        #expect(wrapped.lines.map(\.text) == ["中", "文"])
        #expect(wrapped.lines.map(\.width) == [2, 2])
    }

    @Test func nonPositiveWidth_isTreatedAsOneCell() {
        #expect(lines("abc", 0) == ["a", "b", "c"])
        #expect(lines("abc", -5) == ["a", "b", "c"])
    }

    @Test func cjk_breaksBetweenIdeographs_butNotBeforeClosingPunctuation() {
        #expect(lines("那是我的名字。", 8) == ["那是我的", "名字。"])
        #expect(lines("那是我的名字。", 6) == ["那是我", "的名", "字。"])
    }

    @Test func thai_breaksBetweenDictionaryWords() {
        #expect(lines("ภาษาไทยง่ายนิดเดียว", 8) == ["ภาษาไทย", "ง่ายนิด", "เดียว"])
    }

    @Test func rightToLeftText_isReorderedForDisplay_andReportsItsDirection() {
        let wrapped = engine.wrap("שלום עולם", width: 20)
        #expect(wrapped.direction == .rightToLeft)
        #expect(wrapped.lines.map(\.display) == ["םלוע םולש"])
        #expect(wrapped.lines.map(\.text) == ["שלום עולם"])
    }

    @Test func mixedDirection_keepsNumbersAndLatinRunsInOrder() {
        let wrapped = engine.wrap("עברית abc 123", width: 40)
        #expect(wrapped.direction == .rightToLeft)
        // W7: the number follows the Latin run, so "abc 123" is one left-to-right run.
        #expect(wrapped.lines[0].display == "abc 123 תירבע")
    }

    @Test func brackets_areMirroredInRightToLeftRuns() {
        #expect(engine.wrap("שלום (עולם)", width: 40).lines[0].display == "(םלוע) םולש")
    }

    @Test func leftToRightMessage_withHebrewWord_staysLeftToRight() {
        let wrapped = engine.wrap("Hello שלום!", width: 40)
        #expect(wrapped.direction == .leftToRight)
        #expect(wrapped.lines[0].display == "Hello םולש!")
    }

    @Test func bidiControls_areNeverDrawn() {
        let wrapped = engine.wrap("a\u{202E}bc\u{202C}d", width: 40)
        #expect(wrapped.lines[0].display == "acbd")
        #expect(wrapped.lines[0].width == 4)
    }

    @Test func truncation_fitsTheWidthWithAnEllipsis() {
        #expect(engine.truncate("Luke Skywalker", width: 8) == "Luke Sk…")
        #expect(engine.truncate("Luke Skywalker", width: 6) == "Luke…")
        #expect(engine.truncate("Luke Skywalker", width: 14) == "Luke Skywalker")
        #expect(engine.truncate("李小龙的名字", width: 5) == "李小…")
        #expect(engine.truncate("a\nb", width: 5) == "a b")
        #expect(engine.truncate("abc", width: 0) == "")
        #expect(engine.truncate("abcdef", width: 1) == "…")
        for width in 1 ... 12 {
            #expect(engine.width(of: engine.truncate("👩‍👩‍👧 family photo 🇯🇵", width: width)) <= width)
        }
    }

    /// Truncation is, cluster by cluster, the text's longest prefix that leaves room for the
    /// ellipsis (a line break drawn as a space, spaces and breaks at the cut dropped), then "…";
    /// the whole text, breaks as spaces, when it fits. Checked against that reading over the
    /// corpus and a few multi-line texts, at widths 1–40.
    @Test func truncation_isTheClustersThatFit_overTheCorpus() throws {
        let texts = try Array(Fixtures.corpus().prefix(600)) + ["a\nb c\r\nd", "line one\nline two\nthree", "\n\nx", "עברית\nand 日本語 text"]
        let breaks: Set<Unicode.Scalar> = ["\n", "\r", "\u{0B}", "\u{0C}", "\u{85}", "\u{2028}", "\u{2029}"]
        for text in texts {
            let clusters = engine.clusterWidths(text).map { cluster in
                let isBreak = cluster.cluster.unicodeScalars.first.map(breaks.contains) ?? false
                return (text: isBreak ? " " : cluster.cluster, width: isBreak ? 1 : cluster.width, cut: isBreak || cluster.cluster == " ")
            }
            for width in 1 ... 40 {
                let expected: String
                if clusters.reduce(0, { $0 + $1.width }) <= width {
                    expected = clusters.map(\.text).joined()
                } else {
                    var kept = 0, used = 0
                    while kept < clusters.count && used + clusters[kept].width <= width - 1 { used += clusters[kept].width; kept += 1 }
                    while kept > 0 && clusters[kept - 1].cut { kept -= 1 }
                    expected = UntrustedText.closingOpenBidi(clusters[..<kept].map(\.text).joined() + "…")
                }
                #expect(engine.truncate(text, width: width) == expected, "\(String(reflecting: text)) at \(width)")
            }
        }
    }

    // MARK: Properties over the corpus

    /// Checks every promise of `wrap` for one text at one width; returns what broke.
    private func violations(_ text: String, width: Int) -> [String] {
        var problems: [String] = []
        let wrapped = engine.wrap(text, width: width)
        let scalars = Array(text.unicodeScalars)
        let graphemeBoundaries = Set(engine.graphemeClusters(text).innerBoundaries)
        let opportunities = Set(engine.lineBreakSegments(text).innerBoundaries)
        let hardBreaks: Set<Unicode.Scalar> = ["\n", "\r", "\u{0B}", "\u{0C}", "\u{85}", "\u{2028}", "\u{2029}"]

        func trimmedWidth(_ line: String) -> Int {
            var trimmed = Substring(line)
            while let last = trimmed.unicodeScalars.last, last == " " || last == "\t" { trimmed = trimmed.dropLast() }
            return engine.width(of: String(trimmed))
        }

        var offset = 0
        for (index, line) in wrapped.lines.enumerated() {
            let lineScalars = Array(line.text.unicodeScalars)
            // Nothing lost, nothing reordered: the line is the text at this offset.
            guard offset + lineScalars.count <= scalars.count,
                  Array(scalars[offset ..< offset + lineScalars.count]) == lineScalars else {
                return ["line \(index) \(line.text.debugDescription) is not the text at \(offset)"]
            }
            offset += lineScalars.count
            // Width: as measured, without hanging spaces; the drawn line is as wide.
            if line.width != trimmedWidth(line.text) { problems.append("line \(index) width \(line.width) ≠ measured") }
            if engine.width(of: line.display) != line.width { problems.append("line \(index) display width differs") }
            // No line wider than the width, but for a single wide cluster.
            if line.width > width && engine.graphemeClusters(line.display).count != 1 {
                problems.append("line \(index) \(line.text.debugDescription) is \(line.width) > \(width)")
            }
            guard index + 1 < wrapped.lines.count else { continue }
            if offset < scalars.count && hardBreaks.contains(scalars[offset]) {
                // A hard break: skip its characters (CR LF together).
                offset += (scalars[offset] == "\r" && offset + 1 < scalars.count && scalars[offset + 1] == "\n") ? 2 : 1
                continue
            }
            // A soft break: at a grapheme boundary, at an opportunity or where the line was full,
            // and greedy: the piece after it (up to the next opportunity) would not have fitted,
            // unless that piece is wider than a whole line (it then starts on a fresh line).
            if !graphemeBoundaries.contains(offset) { problems.append("break at \(offset) splits a cluster") }
            let hanging = engine.width(of: line.text) - trimmedWidth(line.text)
            var pieceEnd = offset + 1
            if opportunities.contains(offset) {
                while pieceEnd < scalars.count && !(opportunities.contains(pieceEnd) && graphemeBoundaries.contains(pieceEnd))
                    && !hardBreaks.contains(scalars[pieceEnd]) {
                    pieceEnd += 1
                }
            } else {
                while pieceEnd < scalars.count && !graphemeBoundaries.contains(pieceEnd) { pieceEnd += 1 }
            }
            var piece = String.UnicodeScalarView()
            piece.append(contentsOf: scalars[offset ..< pieceEnd])
            let pieceWidth = trimmedWidth(String(piece))
            let startsFreshLine = opportunities.contains(offset) && pieceWidth > width
            if !startsFreshLine && line.width + hanging + pieceWidth <= width {
                problems.append("line \(index) broke early: \(String(piece).debugDescription) would fit")
            }
        }
        if offset != scalars.count { problems.append("text ends at \(scalars.count), lines at \(offset)") }
        return problems
    }

    @Test(arguments: [1, 2, 3, 7, 16, 40, 80])
    func wrapping_keepsItsPromises_overTheWholeCorpus(width: Int) throws {
        var failures: [String] = []
        for text in try Fixtures.corpus() {
            let problems = violations(text, width: width)
            if !problems.isEmpty { failures.append("\(text.debugDescription): \(problems.prefix(2))") }
        }
        #expect(failures.isEmpty, "\(failures.count) texts:\n\(failures.prefix(8).joined(separator: "\n"))")
    }

    @Test func wrapping_keepsItsPromises_onEdgeCases() {
        let texts = ["", " ", "   leading", "trailing   ", "a  \n  b", "\n\n", "\r\n", "x\u{200B}y\u{200B}z",
                     "\u{301}\u{301}abc", "🇯🇵🇯🇵🇯🇵🇯", "ab\tcd\tef", "中文、English。日本語", "a-b-c-d-e-f"]
        for text in texts {
            for width in 1 ... 6 {
                #expect(violations(text, width: width).isEmpty, "\(text.debugDescription) at \(width)")
            }
        }
    }
}

/// The measurement cache never confuses canonically equivalent texts.
struct MeasurementCacheTests {
    @Test func equivalentTexts_keepTheirOwnCodePoints() {
        let engine = ICUTextEngine()
        let composed = "caf\u{E9} au lait"
        let decomposed = "cafe\u{301} au lait"
        #expect(composed == decomposed) // Swift's String equality
        let first = engine.wrap(composed, width: 40).lines.map(\.text)
        let second = engine.wrap(decomposed, width: 40).lines.map(\.text)
        #expect(first.joined().unicodeScalars.elementsEqual(composed.unicodeScalars))
        #expect(second.joined().unicodeScalars.elementsEqual(decomposed.unicodeScalars))
        #expect(engine.width(of: composed) == engine.width(of: decomposed))
    }

    @Test func repeatedWraps_giveEqualResults() {
        let engine = ICUTextEngine()
        for text in ["Anyone up for coffee?", "那是我的名字。", "שלום עולם", ""] {
            for width in [3, 10, 40] {
                #expect(engine.wrap(text, width: width) == engine.wrap(text, width: width))
                #expect(engine.wrap(text, width: width) == ICUTextEngine().wrap(text, width: width))
            }
        }
    }

    /// Truncations, wraps and widths of one text are remembered apart, by width, and a warm
    /// engine answers exactly as a new one.
    @Test func truncationsWrapsAndWidths_ofOneText_neverMix() {
        let engine = ICUTextEngine()
        let texts = ["Luke Skywalker", "caf\u{E9} au lait", "cafe\u{301} au lait", "那是我的名字。", "שלום עולם", "👩‍👩‍👧 family"]
        for _ in 0 ..< 2 {
            for text in texts {
                for width in [1, 2, 4, 8, 40] {
                    let fresh = ICUTextEngine()
                    #expect(engine.truncate(text, width: width) == fresh.truncate(text, width: width), "\(text) \(width)")
                    #expect(engine.wrap(text, width: width) == fresh.wrap(text, width: width))
                    #expect(engine.width(of: text) == fresh.width(of: text))
                    #expect(engine.truncate(text, width: width).unicodeScalars.elementsEqual(
                        fresh.truncate(text, width: width, ellipsis: "…").unicodeScalars))
                }
            }
        }
        #expect(engine.truncate("Luke Skywalker", width: 0) == "")
        #expect(engine.truncate("Luke Skywalker", width: -3) == "")
    }
}
