@testable import ChatLayoutICU
import ChatLayoutKit
import ChatLayoutTestSupport
import Testing

/// The fast path of measurement (`SimpleTextWrapper`) must give exactly what the general path
/// gives, whenever it takes a text; and it must take the texts it is meant for.
struct FastPathTests {
    let engine = ICUTextEngine()
    let wideAmbiguous = ICUTextEngine(policy: CellWidthPolicy(ambiguousIsWide: true))

    private func expectSameAsGeneralPath(_ text: String, widths: [Int], engine: ICUTextEngine,
                                         sourceLocation: SourceLocation = #_sourceLocation) -> Bool {
        guard let fastWidth = SimpleTextWrapper.width(of: text, policy: engine.policy) else {
            // `prepare` (and so `wrap`) also takes marks and emoji sequences, which `width(of:)`
            // leaves to the general path: the same lines as the general path's when it does.
            if let fast = SimpleTextWrapper.wrap(text, width: 10, policy: engine.policy) {
                #expect(fast == engine.measureWrapInGeneral(text, width: 10), "\(text.debugDescription)", sourceLocation: sourceLocation)
            }
            return false
        }
        #expect(fastWidth == engine.measureWidthInGeneral(text), "width of \(text.debugDescription)",
                sourceLocation: sourceLocation)
        for width in widths {
            let fast = SimpleTextWrapper.wrap(text, width: width, policy: engine.policy)
            #expect(fast == engine.measureWrapInGeneral(text, width: width),
                    "\(text.debugDescription) at width \(width)", sourceLocation: sourceLocation)
        }
        return true
    }

    @Test func corpus_fastPathEqualsGeneralPath_atManyWidths() throws {
        var simple = 0
        let corpus = try Fixtures.corpus()
        for text in corpus {
            if expectSameAsGeneralPath(text, widths: [1, 2, 3, 5, 8, 13, 20, 28, 40, 80], engine: engine) { simple += 1 }
            _ = expectSameAsGeneralPath(text, widths: [3, 17], engine: wideAmbiguous)
        }
        // Most chat lines are Latin, Cyrillic, Greek or CJK without marks: the path must be
        // taken for them, or it saves nothing.
        #expect(simple * 3 > corpus.count, "fast path taken for \(simple) of \(corpus.count) texts")
    }

    /// Drawing's shortcut: one code point a cluster, the same widths as `clusterWidths`.
    @Test func singleScalarClusterWidths_equalClusterWidths_whenGiven() throws {
        var given = 0
        let texts = try Fixtures.corpus() + ["שלום עולם", "a\nb", "e\u{301}", "👍🏽 ok", "\t", "한국어", "日本"]
        for text in texts {
            // Refused texts take `clusterWidths`; the share given is checked below.
            guard let single = engine.singleScalarClusterWidths(text) else { continue }
            given += 1
            let clusters = engine.clusterWidths(text)
            #expect(single.map { String($0.scalar) } == clusters.map(\.cluster), "\(text.debugDescription)")
            #expect(single.map(\.width) == clusters.map(\.width), "\(text.debugDescription)")
        }
        #expect(given * 2 > texts.count)
    }

    @Test func whatTakesTheGeneralPath() {
        let general = [
            "abc \u{202E}def",     // a bidi override
            "abc \u{2067}def\u{2069}", // an isolate
            "a\u{200F}b",          // a right-to-left mark
            "สวัสดีครับ",            // Thai: dictionary breaking
            "a\r\nb",              // CR
            "a\tb",                // a tab (a control)
            "\u{1100}\u{1161}",    // conjoining jamo
            "\u{0600}1",           // a prepended concatenation mark
        ]
        for text in general {
            #expect(SimpleTextWrapper.width(of: text, policy: engine.policy) == nil, "\(text.debugDescription)")
            #expect(SimpleTextWrapper.wrap(text, width: 5, policy: engine.policy) == nil, "\(text.debugDescription)")
        }
        // Clusters of several code points (aksaras joined by a virama among them) and
        // right-to-left text: `width(of:)` leaves them to the general path, `prepare` takes them
        // (one unit a cluster; right to left in the general form, with its analysed text).
        let clusters = ["e\u{301}", "👍🏽", "❤️", "🇫🇷", "a\u{200D}b", "1️⃣", "👩\u{200D}👩\u{200D}👧", "\u{995}\u{9BE}",
                        "क्ष", "স্ত্রী", "क्\u{200D}ष", "শলোম", "שלום", "1\u{0660}", "مرحبا بالعالم"]
        for text in clusters {
            #expect(SimpleTextWrapper.width(of: text, policy: engine.policy) == nil, "\(text.debugDescription)")
        }
        for text in clusters {
            #expect(SimpleTextWrapper.prepare(text, policy: engine.policy) != nil, "\(text.debugDescription)")
        }
        let simple = ["", "plain ASCII, with punctuation: (1.5%)!", "Grüße, Ελλάδα, Привет", "日本語のテキスト", "한국어 문장",
                      "😀 ok", "line one\nline two\n", "   ", "1,234.56 $ -5 +3 a/b https://x.io/a?b=c"]
        for text in simple {
            #expect(SimpleTextWrapper.wrap(text, width: 5, policy: engine.policy) != nil, "\(text.debugDescription)")
        }
    }

    /// The Hangul fillers are default-ignorable letters with a width (issue 12): both paths
    /// must count them alike, whichever takes the text.
    @Test func hangulFillers_measureAlikeOnBothPaths() {
        for text in ["\u{3164}", "a\u{3164}b", "\u{FFA0}\u{FFA0}", "\u{3164} \u{FFA0} x", "\u{115F}\u{1160}", "\u{115F}a"] {
            _ = expectSameAsGeneralPath(text, widths: [1, 2, 3, 5], engine: engine)
            _ = expectSameAsGeneralPath(text, widths: [2, 4], engine: wideAmbiguous)
            #expect(engine.width(of: text) == engine.measureWidthInGeneral(text), "\(text.debugDescription)")
        }
        #expect(SimpleTextWrapper.width(of: "a\u{3164}b", policy: engine.policy) == 4, "the fast path takes the filler")
    }

    /// Random texts from an alphabet where the rules interact (`GeneratedTexts`).
    @Test func generatedTexts_fastPathEqualsGeneralPath() {
        var random = SplitMix64(seed: 14)
        var simple = 0
        for _ in 0 ..< 3000 {
            let length = Int(random.next() % 24)
            let text = GeneratedTexts.text(&random, length: length)
            if expectSameAsGeneralPath(text, widths: [1, 2, 3, 4, 6, 9, 14], engine: engine) { simple += 1 }
        }
        #expect(simple > 1500, "generated texts are mostly simple; \(simple) took the fast path")
    }

    /// A short label that fits (`ICUTextEngine.shortLine`, taken before the cache) is wrapped
    /// exactly as both paths wrap it, and measured as the cache measures it; texts it must not
    /// take are refused.
    @Test func shortLines_equalBothPaths_andRefuseOthers() {
        var random = SplitMix64(seed: 32)
        var taken = 0, nonASCII = 0
        // Non-ASCII: simple letters and symbols, wide ones, the narrow no-break space of ICU's
        // times; and code points the shortcut must leave (right to left, a mark, a joiner).
        let others: [Character] = ["é", "中", "\u{202F}", "\u{00A0}", "→", "✓", "Ж", "ש", "\u{301}", "\u{200D}", "👍", "٣", "\u{3000}"]
        for _ in 0 ..< 4000 {
            let length = 1 + Int(random.next() % 30)
            let text = String(String.UnicodeScalarView((0 ..< length).flatMap { _ -> [Unicode.Scalar] in
                switch random.next() % 40 {
                case 0 ... 5: return [" "]
                case 6: return random.next() % 3 == 0 ? ["\t"] : ["\n"]
                case 7 ... 10: return Array(String(others[Int(random.next() % UInt64(others.count))]).unicodeScalars)
                default: return [Unicode.Scalar(UInt8(0x21 + random.next() % 94))]
                }
            }))
            let engine = ICUTextEngine()
            for width in [1, 3, 7, 12, 20, 40, 60] {
                guard let short = engine.shortLine(text, width: width) else { continue }
                let line = WrappedText(lines: [short], direction: .leftToRight)
                taken += 1
                if !text.utf8.allSatisfy({ $0 < 0x80 }) { nonASCII += 1 }
                #expect(line == SimpleTextWrapper.wrap(text, width: width, policy: engine.policy), "\(text.debugDescription) at \(width)")
                #expect(line == engine.measureWrapInGeneral(text, width: width), "\(text.debugDescription) at \(width)")
            }
            #expect(engine.width(of: text) == engine.measureWidthInGeneral(text), "\(text.debugDescription)")
        }
        #expect(taken > 1000 && nonASCII > 300, "\(taken) labels took the shortcut, \(nonASCII) not ASCII")
        #expect(engine.shortLine("9:41\u{202F}AM", width: 7) != nil)
        for width in [1, 9] {
            let line = engine.shortLine("", width: width).map { WrappedText(lines: [$0], direction: .leftToRight) }
            #expect(line == SimpleTextWrapper.wrap("", width: width, policy: engine.policy))
            #expect(line == engine.measureWrapInGeneral("", width: width))
        }
        for (text, width) in [("9:41 AM", 6), (" ok", 5), ("ok ", 5), ("a\tb", 5), ("a\nb", 5), ("שלום", 9), ("e\u{301}", 9),
                              ("中文", 3), (String(repeating: "a", count: ICUTextEngine.shortLabelLimit + 1), 80)] {
            #expect(engine.shortLine(text, width: width) == nil, "\(text.debugDescription) at \(width)")
        }
    }

    /// A text's lines as spans of its bytes (`ICUTextEngine.measuredLines`, what the row table
    /// stores a bubble's text from) are the lines `wrap` gives, made into strings: for the
    /// corpus and for texts with runs of spaces and line feeds, at many widths. Right-to-left
    /// and other general texts, and texts whose lines at that width were wrapped already, come
    /// back as those lines; only spaces hang after a line's drawn part; a text as long as a
    /// growing one is left to `wrap` until it was wrapped once.
    @Test func measuredLines_areTheWrappedLines_asSpansWhereDrawnAsWritten() throws {
        var random = SplitMix64(seed: 33)
        var texts = try Fixtures.corpus()
        for _ in 0 ..< 300 {
            let words = (0 ..< 1 + Int(random.next() % 30)).map { _ in String(repeating: "ab", count: 1 + Int(random.next() % 9)) }
            texts.append(words.map { $0 + String(repeating: " ", count: Int(random.next() % 3)) + (random.next() % 9 == 0 ? "\n" : "") }
                .joined(separator: " "))
        }
        var spanned = 0, asLines = 0, long = 0
        for text in texts {
            for width in [1, 5, 13, 28, 40, 80] {
                let first = ICUTextEngine(), second = ICUTextEngine()
                let measured = first.measuredLines(text, width: width)
                let wrapped = first.wrap(text, width: width)
                // Wrapped first: the same lines, remembered as strings and given as they are (a
                // short label, which the cache never sees, as its span).
                #expect(second.wrap(text, width: width) == wrapped)
                let again = second.measuredLines(text, width: width)
                switch measured {
                case nil:
                    // A long text not seen before is left to `wrap`; wrapped, it is kept as a
                    // growing text, and its lines at that width come back as `wrap` made them.
                    long += 1
                    #expect(text.utf8.count >= GrowingTexts.minimumLength)
                    if case .lines(let lines)? = again { #expect(lines == wrapped) } else { Issue.record("\(text.debugDescription) again, long") }
                case .lines(let lines)?:
                    asLines += 1
                    #expect(lines == wrapped, "\(text.debugDescription) at \(width)")
                    if case .lines(let lines)? = again { #expect(lines == wrapped) } else { Issue.record("\(text.debugDescription) again") }
                case .spans(let spans)?:
                    spanned += 1
                    #expect(wrapped.direction == .leftToRight)
                    #expect(LineSpans.textLines(spans.lines, of: text) == wrapped.lines, "\(text.debugDescription) at \(width)")
                    #expect(spans.width == wrapped.width)
                    let bytes = Array(text.utf8)
                    for line in spans.lines {
                        #expect(line.start <= line.visibleEnd && line.visibleEnd <= line.end && Int(line.end) <= bytes.count)
                        #expect(bytes[Int(line.visibleEnd) ..< Int(line.end)].allSatisfy { $0 == 0x20 }, "\(text.debugDescription) at \(width)")
                    }
                    switch again {
                    case .spans(let short)?:
                        #expect(second.shortLine(text, width: width) != nil && short.lines == spans.lines)
                    case .lines(let lines)?:
                        #expect(lines == wrapped)
                    case nil:
                        Issue.record("\(text.debugDescription) at \(width): nothing measured the second time")
                    }
                }
            }
        }
        #expect(spanned > texts.count * 3 && asLines > 0 && long > 0, "\(spanned) spanned, \(asLines) as lines, \(long) long")
        for text in ["שלום עולם", "مرحبا بالعالم", "abc \u{202E}def"] {
            guard case .lines(let lines)? = ICUTextEngine().measuredLines(text, width: 7) else {
                Issue.record("\(text.debugDescription) as spans")
                continue
            }
            #expect(lines == ICUTextEngine().wrap(text, width: 7))
        }
    }

    /// The fast path's units are the general path's, unit for unit (UTF-8 offsets mapped to
    /// code points): every break opportunity, width, hard break and hanging space.
    private func expectSameUnits(_ text: String, engine: ICUTextEngine, sourceLocation: SourceLocation = #_sourceLocation) -> Bool {
        guard let fast = SimpleTextWrapper.prepare(text, policy: engine.policy) else { return false }
        let general = engine.prepareInGeneral(text)
        #expect(fast.direction == general.direction, "\(text.debugDescription)", sourceLocation: sourceLocation)
        if fast.analyzed != nil {
            // Right to left: the general form itself, at code-point offsets.
            #expect(fast.unitValues == general.unitValues, "\(text.debugDescription)", sourceLocation: sourceLocation)
            return true
        }
        var codePointAt: [Int32: Int32] = [:]
        var offset: Int32 = 0
        for (index, scalar) in text.unicodeScalars.enumerated() {
            codePointAt[offset] = Int32(index)
            offset += Int32(UTF8.width(scalar))
        }
        codePointAt[offset] = Int32(text.unicodeScalars.count)
        let mapped = fast.unitValues.map { unit in
            PreparedText.Unit(start: codePointAt[unit.start] ?? -1, width: unit.width, flags: unit.flags)
        }
        #expect(mapped == general.unitValues, "\(text.debugDescription)", sourceLocation: sourceLocation)
        return true
    }

    /// `scanASCII` (eight bytes a step) says what a byte-by-byte look says: every byte value
    /// at every position of buffers around a word's length.
    @Test func scanASCII_findsEveryControlAndEveryNonASCIIByte() {
        for length in 1 ... 20 {
            for position in 0 ..< length {
                for value in 0 ... 255 {
                    var bytes = [UInt8](repeating: 0x61, count: length)
                    bytes[position] = UInt8(value)
                    let scanned = bytes.withUnsafeBufferPointer { SimpleTextWrapper.scanASCII($0) }
                    #expect(scanned.hasControl == (value < 0x20 || value == 0x7F), "\(value) at \(position) of \(length)")
                    #expect(scanned.isASCII == (value < 0x80), "\(value) at \(position) of \(length)")
                }
            }
        }
        #expect(SimpleTextWrapper.scanASCII(UnsafeBufferPointer(start: nil, count: 0)) == (false, true))
    }

    /// Printable ASCII and the line feed are the only simple code points below U+0080, each
    /// one cell but the line feed, and A–Z, a–z letters (AL): what the fast path assumes of
    /// the table without looking at it.
    @Test func asciiAssumptions_holdInTheTable() {
        let table = CharacterPropertyTable.shared
        for byte in UInt8(0) ..< 0x80 {
            let text = String(UnicodeScalar(byte))
            let printable = byte >= 0x20 && byte < 0x7F
            #expect((SimpleTextWrapper.width(of: text, policy: engine.policy) != nil) == (printable || byte == 0x0A), "byte \(byte)")
            if printable {
                #expect(CellWidth.scalarWidth(table[codePoint: UInt32(byte)], engine.policy) == 1, "byte \(byte)")
            }
            let isLetter = (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
            if isLetter {
                #expect(LineBreaker.resolve(table[codePoint: UInt32(byte)]) == .AL, "byte \(byte)")
                #expect(table[codePoint: UInt32(byte)].isStrongLeft, "byte \(byte)")
            }
        }
    }

    /// The fast path writes its units straight into a prepared text made for as many units as
    /// `codePointCount` says the text has code points (a unit at most each): the count, eight
    /// bytes at a time, is the number of code points for code points of every encoded length at
    /// every offset, for texts of every length around a word's, and over the corpus.
    @Test func codePointCount_isTheNumberOfCodePoints() throws {
        let scalars: [Unicode.Scalar] = ["a", "\u{E9}", "\u{800}", "\u{5D0}", "\u{4E2D}", "\u{FFFD}", "\u{1F600}", "\u{10FFFF}", "\u{7F}"]
        var random = SplitMix64(seed: 47)
        var texts = try Fixtures.corpus()
        for length in 0 ..< 40 {
            for _ in 0 ..< 25 {
                var text = String.UnicodeScalarView()
                for _ in 0 ..< length { text.append(scalars[Int(random.next() % UInt64(scalars.count))]) }
                texts.append(String(text))
            }
        }
        for text in texts {
            var utf8 = text
            let counted = utf8.withUTF8 { SimpleTextWrapper.codePointCount($0) }
            #expect(counted == text.unicodeScalars.count, "\(text.debugDescription)")
        }
    }

    /// The fast path looks for an aksara (GB9c) only when a linking consonant follows a code
    /// point of property Extend or ZWJ: every virama and every one of ExtCccZwj in the table is
    /// one, so no aksara is missed.
    @Test func viramasAndExtCccZwj_areExtendOrZWJ_inTheTable() {
        let table = CharacterPropertyTable.shared
        var viramas = 0
        for value in UInt32(0) ... 0x10FFFF where !(0xD800 ... 0xDFFF).contains(value) {
            let properties = table[codePoint: value]
            guard properties.isVirama || properties.isExtendCombiningOrZWJ else { continue }
            if properties.isVirama { viramas += 1 }
            #expect(properties.graphemeBreak == .extend || properties.graphemeBreak == .zwj, "U+\(String(value, radix: 16))")
        }
        #expect(viramas >= 6, "the six aksara scripts' viramas are in the table")
    }

    /// The corpus and generated texts: the fast path's units equal the general path's.
    @Test func fastPathUnits_equalGeneralPathUnits() throws {
        var simple = 0
        var random = SplitMix64(seed: 46)
        var texts = try Fixtures.corpus()
        for _ in 0 ..< 3000 { texts.append(GeneratedTexts.text(&random, length: Int(random.next() % 40))) }
        // Marks, joiners, variation selectors, skin tones, keycaps and flags among the letters
        // and spaces: clusters the fast path makes of several code points; right-to-left
        // letters and digits; runs of ideographs, kana and Hangul beside punctuation.
        let sequences = GeneratedTexts.alphabet + ["\u{301}", "\u{308}", "\u{FE0F}", "\u{FE0E}", "\u{200D}", "\u{20E3}", "👍", "🏽",
                                                   "👩", "❤", "☺", "🇯", "🇵", "🇫", "#", "*", "\u{0903}", "ক", "\u{09BE}", "\u{200C}", "\u{E0067}",
                                                   "ש", "ל", "ع", "ب", "\u{64E}", "\u{0661}", "\u{06F1}", "؟", "،",
                                                   "漢", "字", "\u{2E80}", "Ｈ", "ァ", "ｱ", "한", "글", "\u{3164}", "〈", "〉", "%", "$",
                                                   // Aksaras: consonants, viramas, a nukta, vowel signs, a danda.
                                                   "क", "ष", "र", "\u{94D}", "\u{94D}", "\u{93C}", "\u{93F}", "\u{940}", "র", "\u{9CD}",
                                                   "\u{9CD}", "\u{9BC}", "\u{964}", "த", "\u{BCD}"]
        for _ in 0 ..< 3000 { texts.append(GeneratedTexts.text(&random, length: Int(random.next() % 30), alphabet: sequences)) }
        // Words of ASCII letters after and before every kind of neighbour (the fast path writes
        // the letters after a word's second without the break rules).
        let neighbours = ["é", "ß", "1", "$", "(", ")", "\"", "-", "/", ".", "日", "가", "\u{00A0}", "\u{2060}", "\u{200B}", "\u{3000}",
                          "\u{FFE8}", "«", "%", "+", "_", "\n", " ", "ж", "😀", "\u{E0000}", "\u{1FFFD}"]
        for left in neighbours {
            for right in neighbours {
                texts += ["\(left)ab\(right)", "\(left)abcdefg\(right)x", "a\(left)bcd\(right)9", "$(\(left)word\(right)(1"]
            }
        }
        // Aksaras (GB9c): a consonant, marks, joiners and viramas between, then what follows
        // (a linking consonant or not), in Devanagari, Bengali and Tamil (no aksara rule).
        let consonants = ["क", "ष", "ক", "র", "த", "a"]
        let between = ["\u{94D}", "\u{9CD}", "\u{BCD}", "\u{94D}\u{200D}", "\u{200D}\u{94D}", "\u{93C}\u{94D}", "\u{94D}\u{93C}",
                       "\u{94D}\u{94D}", "\u{93F}\u{94D}", "\u{94D} ", "\u{94D}\u{301}", "", "\u{93C}", "\u{200D}"]
        for first in consonants {
            for middle in between {
                for second in consonants + ["\u{93F}", "1", " ", "।"] {
                    texts += ["\(first)\(middle)\(second)", "ab \(first)\(middle)\(second)\(middle)\(first) cd"]
                }
            }
        }
        // Ideographs, kana and Hangul after spaces (the first of a run decides the direction
        // only when strong: U+2E80 is not), after an opener and its spaces (LB14).
        texts += [" \u{2E80}漢", "\u{2E80} \u{2E80}漢 x", "( 漢字", "(  한글 b", "a 한글 b", "x  ァｱ漢 \u{3164}", "\n 漢\n漢", "שלום 漢字"]
        for text in texts {
            if expectSameUnits(text, engine: engine) { simple += 1 }
            _ = expectSameUnits(text, engine: wideAmbiguous)
        }
        #expect(simple * 2 > texts.count, "fast path taken for \(simple) of \(texts.count) texts")
    }

    /// A text that leaves the fast path at any code point (a tab, Thai, a CR, a bidi mark or
    /// isolate) is prepared by the general path whole; one with a cluster of several code points
    /// there (a mark, an emoji sequence, a flag, a joiner, a virama and an aksara) or right-to-left text
    /// stays on the fast path with the general path's units. Either way the lines are the
    /// reference's at several widths, whatever the fast path had done before that point.
    @Test func textsLeavingTheFastPathAtEveryPosition_wrapAsTheReference() throws {
        let leavers = ["\t", "ก", "\r", "\u{200F}", "\u{2067}"]
        let clusters = ["\u{301}", "❤️", "👍🏽", "\u{200D}", "🇫🇷", "1\u{20E3}", "\u{903}", "ש", "\u{0660}", "عربي\u{64E}",
                        "\u{94D}", "\u{94D}क", "क्ष", "প্র\u{9BF}"]
        let bases = ["Hello, world! It's 3:45 (really).", "日本語のテキスト、句読点。", "$(12) abc-def/ghi", "line one\nline two"]
        for base in bases {
            let scalars = Array(base.unicodeScalars)
            for position in 0 ... scalars.count {
                for inserted in leavers + clusters {
                    var view = String.UnicodeScalarView()
                    view.append(contentsOf: scalars[..<position])
                    view.append(contentsOf: inserted.unicodeScalars)
                    view.append(contentsOf: scalars[position...])
                    let text = String(view)
                    if leavers.contains(inserted) {
                        #expect(SimpleTextWrapper.prepare(text, policy: engine.policy) == nil, "\(text.debugDescription)")
                        #expect(engine.prepare(text).unitValues == engine.prepareInGeneral(text).unitValues, "\(text.debugDescription)")
                    } else {
                        #expect(expectSameUnits(text, engine: engine), "the fast path takes \(text.debugDescription)")
                    }
                    let prepared = engine.prepare(text)
                    for width in [1, 4, 9, 40] {
                        #expect(prepared.wrap(width: width) == ReferenceWrapping.wrap(text, width: width, policy: engine.policy),
                                "\(text.debugDescription) at width \(width)")
                    }
                }
            }
        }
    }

    /// ICU's iterators are shared by every engine of the process: a Thai text segments alike
    /// on engines made one after another and on several threads at once.
    @Test func dictionaryBreaking_isTheSameOnFreshEngines() async {
        let text = "ภาษาไทยไม่มีช่องว่าง ระหว่างคำ ສະບາຍດີ ជំរាបសួរ"
        let expected = ICUTextEngine().lineBreakSegments(text)
        #expect(expected.count > 4)
        for _ in 0 ..< 3 { #expect(ICUTextEngine().lineBreakSegments(text) == expected) }
        let results = await withTaskGroup(of: [String].self) { group in
            for _ in 0 ..< 8 { group.addTask { ICUTextEngine().lineBreakSegments(text) } }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(results.allSatisfy { $0 == expected })
    }

    /// LB25 looks one character past an opener that follows a numeric prefix or postfix ("$(1"
    /// holds together, "$(a" may break); at the end of a text there is nothing to see, whatever
    /// the fast path's scratch memory held before. A run of digits as long in bytes, wrapped
    /// just before, leaves that memory full of numbers (texts over a kilobyte take it from the
    /// heap, where the same sizes come back to the same thread).
    @Test func textEndingInANumericAffixAndAnOpener_wrapsAsTheGeneralPath_afterARunOfDigits() {
        let alphabet = GeneratedTexts.alphabet.filter {
            $0 != "\n" && SimpleTextWrapper.width(of: String($0), policy: engine.policy) != nil
        }
        let endings = ["$(", "€[", "%{", "+(", "$〔", "%("]
        var random = SplitMix64(seed: 25)
        for length in [3, 20, 200, 700, 1500] {
            for ending in endings {
                let text = GeneratedTexts.text(&random, length: length, alphabet: alphabet) + ending
                let digits = String(repeating: "1", count: text.utf8.count)
                // The last line breaks before the final opener or earlier: at one cell less than
                // the whole text, and at narrow widths.
                for width in [engine.measureWidthInGeneral(text) - 1, 3, 9] {
                    _ = SimpleTextWrapper.wrap(digits, width: width, policy: engine.policy)
                    // Nothing in between: the general path's arrays would take the memory.
                    let fast = SimpleTextWrapper.wrap(text, width: width, policy: engine.policy)
                    #expect(fast != nil, "the fast path takes \(text.debugDescription)")
                    #expect(fast == engine.measureWrapInGeneral(text, width: width),
                            "\(text.utf8.count) bytes ending in \(ending.debugDescription) at width \(width)")
                }
            }
        }
    }
}


/// ICU's UTF-16 results are transcoded by hand (the standard library's generic path was a
/// quarter of a full layout's time).
struct ICUStringTranscodingTests {
    private func transcode(_ units: [UInt16]) -> String {
        units.withUnsafeBufferPointer { ICUFormattedString.utf8String($0) }
    }

    @Test func everyEncodedLength_roundTrips() {
        for text in ["", "9:41 AM", "9:41\u{202F}AM", "Grüße", "昨日", "한국어", "👩‍👩‍👧 🇫🇷", "a\u{10FFFF}z"] {
            #expect(transcode(Array(text.utf16)) == text)
            #expect(Array(transcode(Array(text.utf16)).utf8) == Array(text.utf8))
        }
    }

    @Test func unpairedSurrogates_becomeReplacementCharacters() {
        #expect(transcode([0x61, 0xD800, 0x62]) == "a\u{FFFD}b")
        #expect(transcode([0xDC00, 0x61]) == "\u{FFFD}a")
        #expect(transcode([0x61, 0xD83D]) == "a\u{FFFD}")
        #expect(transcode([0xD83D, 0xD83D, 0xDE00]) == "\u{FFFD}😀")
    }
}

/// Wall-clock fields by arithmetic from one offset per quarter hour, and short times by minute
/// of the day, must be exactly what ICU's calendar and formatter give.
struct LocalTimeMemoTests {
    /// Zones with daylight saving, half- and quarter-hour offsets, a 30-minute DST shift (Lord
    /// Howe), a skipped day (Apia, 2011), odd historical offsets (Monrovia until 1972).
    static let zones = ["UTC", "America/New_York", "Europe/London", "Asia/Kolkata", "Asia/Kathmandu", "Australia/Lord_Howe",
                        "Pacific/Chatham", "America/St_Johns", "Pacific/Apia", "Africa/Monrovia", "Europe/Berlin"]

    @Test(arguments: zones)
    func localDateTime_equalsICUsCalendar_aroundEveryTransition(zone: String) throws {
        let formatter = try ICULocaleFormatter(locale: "en_US", timeZone: zone)
        func check(_ seconds: Int64) {
            let expected = formatter.localDateTimeFromICU(Double(seconds) * 1000 + 250)
            #expect(formatter.localDateTime(of: Timestamp(seconds: seconds, nanoseconds: 250_000_000)) == expected,
                    "\(zone) at \(seconds)")
        }
        // A sweep every 37 minutes over years with transitions; where the offset changes
        // between two points, every 30 seconds in between.
        for (start, end) in [(Int64(1_293_840_000), Int64(1_325_376_000)), (1_704_067_200, 1_735_689_600), (60_000_000, 66_000_000)] {
            var previous: Int? = nil
            var seconds = start
            while seconds < end {
                let offset = formatter.localDateTimeFromICU(Double(seconds) * 1000).utcOffsetSeconds
                if let previous, previous != offset {
                    var inner = seconds - 37 * 60
                    while inner <= seconds { check(inner); inner += 30 }
                }
                check(seconds)
                previous = offset
                seconds += 37 * 60
            }
        }
        var random = SplitMix64(seed: 7)
        for _ in 0 ..< 500 {
            // 1900 ... 2100, and far outside (years 1 and 9999).
            check(Int64(random.next() % 6_311_390_400) - 2_208_988_800)
        }
        check(-62_135_596_800)
        check(253_402_300_799)
    }

    @Test func calendarDay_fromDays_isTheInverseOfDaysSince1970() {
        var days = -1_000_000
        while days < 1_000_000 {
            #expect(CalendarDay(daysSince1970: days).daysSince1970 == days)
            days += 997
        }
        #expect(CalendarDay(daysSince1970: 0) == CalendarDay(year: 1970, month: 1, day: 1))
        #expect(CalendarDay(daysSince1970: -1) == CalendarDay(year: 1969, month: 12, day: 31))
        #expect(CalendarDay(daysSince1970: 19_782) == CalendarDay(year: 2024, month: 2, day: 29))
        #expect(CalendarDay(daysSince1970: -719_528) == CalendarDay(year: 0, month: 1, day: 1))
    }

    @Test(arguments: ["en_US", "de_DE", "ja_JP", "zh_Hant_TW", "ar_EG", "hi_IN"])
    func shortTime_equalsICU_atEveryMinuteOfADay_andAcrossDST(locale: String) throws {
        let formatter = try ICULocaleFormatter(locale: locale, timeZone: "America/New_York")
        // 2024-03-10 (spring forward) and 2024-11-03 (fall back), every 7 minutes.
        for start in [Int64(1_710_043_200), 1_730_606_400] {
            var seconds = start
            while seconds < start + 86_400 {
                let instant = Timestamp(seconds: seconds)
                #expect(formatter.shortTime(instant) == formatter.shortTimeFromICU(instant), "\(locale) at \(seconds)")
                seconds += 7 * 60 + 3
            }
        }
    }
}
