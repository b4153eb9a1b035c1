@testable import ChatLayoutICU
import ChatLayoutKit
import ChatLayoutTestSupport
import Testing

/// A text that grows a few characters at a time (a streamed reply) is measured from its last
/// paragraph on: the prepared text and the lines must be exactly those of the whole text
/// measured afresh, at every step.
struct GrowingTextTests {
    /// A reply: corpus lines run together into paragraphs, with the breaks a reply has.
    /// `simpleOnly`: lines of the fast path alone (no marks, emoji sequences, right to left,
    /// Thai), as a reply in English, Russian or Chinese is.
    static func reply(seed: UInt64, length: Int, simpleOnly: Bool = false) throws -> String {
        let engine = ICUTextEngine()
        let corpus = try Fixtures.corpus().filter { !simpleOnly || engine.prepare($0).analyzed == nil }
        var random = SplitMix64(seed: seed)
        var text = ""
        // CR LF takes the general path (a cluster of two code points): not in a simple reply.
        let breaks = ["\n\n", "\n", simpleOnly ? "\n" : "\r\n", " ", " ", " ", " "]
        while text.utf8.count < length {
            text += corpus[random.int(0 ... corpus.count - 1)]
            text += breaks[random.int(0 ... breaks.count - 1)]
        }
        return text
    }

    /// Every other reply is of simple lines only, so that the extension is taken.
    @Test(arguments: [UInt64(1), 2, 3, 4, 5, 6])
    func aGrowingText_wrapsAsTheWholeText_atEveryStep(seed: UInt64) throws {
        let engine = ICUTextEngine()
        let whole = try Self.reply(seed: seed, length: 3_000, simpleOnly: seed % 2 == 0)
        let characters = Array(whole)
        var random = SplitMix64(seed: seed &* 31)
        var count = 60
        var steps = 0
        while count < characters.count {
            count = min(characters.count, count + random.int(1 ... 12))
            let text = String(characters[..<count])
            for width in [1, 9, 40] {
                let grown = engine.wrap(text, width: width)
                let fresh = ICUTextEngine().wrap(text, width: width)
                if grown != fresh {
                    Issue.record("seed \(seed), \(count) characters, width \(width): the grown text wraps differently")
                    return
                }
            }
            steps += 1
        }
        #expect(steps > 100)
        // Replies of simple lines grow from the earlier text (most steps: not the first
        // paragraph, nor a step that ends in CR); the others are measured whole.
        let extended = engine.growing.extendedCount.load(ordering: .relaxed)
        if seed % 2 == 0 { #expect(extended * 2 > steps, "\(extended) of \(steps) steps extended") }
    }

    /// A growing text's lines as spans of its bytes (`measuredLines`, what a streamed reply's
    /// row is written from) are, at every step, the lines of the whole text wrapped afresh:
    /// those before the earlier text's last paragraph kept from its spans, the rest walked.
    /// Replies of simple lines keep them at most steps; the others come as lines.
    @Test(arguments: [UInt64(1), 2, 3, 4])
    func aGrowingText_measuresAsTheWholeText_atEveryStep(seed: UInt64) throws {
        let whole = try Self.reply(seed: seed, length: 3_000, simpleOnly: seed % 2 == 0)
        let characters = Array(whole)
        for width in [1, 9, 40] {
            // One engine a width: a list measures its texts at one.
            let engine = ICUTextEngine()
            var random = SplitMix64(seed: seed &* 17)
            var count = 60, steps = 0, spanned = 0
            while count < characters.count {
                count = min(characters.count, count + random.int(1 ... 12))
                let text = String(characters[..<count])
                let fresh = ICUTextEngine().wrap(text, width: width)
                switch engine.measuredLines(text, width: width) {
                case .spans(let spans)?:
                    spanned += 1
                    #expect(fresh.direction == .leftToRight && spans.width == fresh.width)
                    guard LineSpans.textLines(spans.lines, of: text) == fresh.lines else {
                        Issue.record("seed \(seed), \(count) characters, width \(width): the grown text's spans differ")
                        return
                    }
                case .lines(let lines)?:
                    #expect(lines == fresh, "seed \(seed), \(count) characters, width \(width)")
                case nil:
                    // Long, and not known yet: `wrap` measures it, and keeps it.
                    #expect(text.utf8.count >= GrowingTexts.minimumLength)
                    #expect(engine.wrap(text, width: width) == fresh)
                }
                steps += 1
            }
            let reused = engine.growing.reusedSpansCount.load(ordering: .relaxed)
            if seed % 2 == 0 {
                #expect(reused * 2 > steps && spanned >= reused, "width \(width): \(reused) of \(steps) steps kept earlier spans")
            }
        }
    }

    /// A grown text keeps the earlier text's lines of its last paragraph only where they were
    /// ended by units before its restart: ASCII words, numbers and punctuation whose breaks
    /// look ahead (a hyphen, a parenthesis, a number's point) grown a character or two at a
    /// time, at narrow widths, are at every step the whole text's lines.
    @Test(arguments: [UInt64(1), 2, 3, 4, 5, 6, 7, 8])
    func aGrownText_keepsOnlyTheLinesItsKeptUnitsDecided(seed: UInt64) {
        let pieces = ["ab", "cd", "efgh", "ijklmnopq", " ", " ", " ", "-", "(", ")", "$", "1", "2.5", ",", "/", "%", ".", "\n", "'s", "e.g."]
        var random = SplitMix64(seed: seed)
        var whole = ""
        while whole.utf8.count < 900 { whole += pieces[random.int(0 ... pieces.count - 1)] }
        let characters = Array(whole)
        for width in [3, 5, 8, 13] {
            let engine = ICUTextEngine()
            var count = 270, reused = 0
            while count < characters.count {
                count = min(characters.count, count + random.int(1 ... 3))
                let text = String(characters[..<count])
                let fresh = ICUTextEngine().wrap(text, width: width)
                if case .spans(let spans)? = engine.measuredLines(text, width: width) {
                    guard LineSpans.textLines(spans.lines, of: text) == fresh.lines, spans.width == fresh.width else {
                        Issue.record("seed \(seed), \(count) characters, width \(width): the grown text's spans differ")
                        return
                    }
                } else {
                    _ = engine.wrap(text, width: width) // known from now on
                }
                reused = engine.growing.reusedSpansCount.load(ordering: .relaxed)
            }
            #expect(reused > 50, "seed \(seed), width \(width): \(reused) steps kept earlier spans")
        }
    }

    /// The extension is taken for a text of several paragraphs, and prepares the very units
    /// the whole text has.
    @Test func anExtendedText_hasTheUnitsOfTheWholeText() throws {
        let engine = ICUTextEngine()
        var extended = 0
        for seed in UInt64(1) ... 40 {
            let text = try Self.reply(seed: seed, length: 600, simpleOnly: true)
            let cut = text.index(text.startIndex, offsetBy: text.count * 2 / 3)
            let earlier = engine.prepare(String(text[..<cut]))
            guard let grown = earlier.extended(to: text, policy: engine.policy) else { continue }
            extended += 1
            #expect(grown.unitValues == engine.prepare(text).unitValues, "seed \(seed)")
            for width in [1, 13, 40] {
                let reused = grown.wrap(width: width, reusing: (earlier, earlier.wrap(width: width)))
                #expect(reused == engine.prepare(text).wrap(width: width), "seed \(seed) width \(width)")
            }
        }
        // Texts of simple code points, with a hard break before the cut, extend.
        #expect(extended >= 10, "extended \(extended) of 40")
    }

    /// Extended paragraph after paragraph, a text shares the earlier texts' units instead of
    /// copying them: its own are those of its last paragraph alone, while its units, its lines
    /// at any width and its line counts are still those of the whole text prepared afresh.
    @Test(arguments: [UInt64(7), 8, 9])
    func aTextExtendedManyTimes_ownsOnlyItsLastParagraph(seed: UInt64) throws {
        let engine = ICUTextEngine()
        let whole = try Self.reply(seed: seed, length: 4_000, simpleOnly: true)
        let characters = Array(whole)
        var random = SplitMix64(seed: seed)
        var prepared = engine.prepare(String(characters[..<80]))
        var count = 80, extensions = 0, shared = 0
        while count < characters.count {
            count = min(characters.count, count + random.int(1 ... 40))
            let text = String(characters[..<count])
            guard let grown = prepared.extended(to: text, policy: engine.policy) else {
                prepared = engine.prepare(text)
                continue
            }
            extensions += 1
            #expect(grown.ownUnitCount == grown.count - prepared.lastParagraphStart, "\(count) characters: only the last paragraph's units made")
            if grown.ownUnitCount < grown.count { shared += 1 }
            prepared = grown
        }
        #expect(extensions > 50 && shared > 50, "\(extensions) extensions, \(shared) sharing units")
        let fresh = engine.prepare(whole)
        #expect(prepared.text == whole)
        #expect(prepared.unitValues == fresh.unitValues)
        #expect(prepared.lastParagraphStart == fresh.lastParagraphStart)
        for width in [1, 7, 40, 200] {
            #expect(prepared.wrap(width: width) == fresh.wrap(width: width), "width \(width)")
            #expect(prepared.lineCount(width: width) == fresh.lineCount(width: width), "width \(width)")
        }
    }

    /// A grown text is measured from the start of the earlier text's last word of ASCII
    /// letters after a space — in one paragraph too — else from its last paragraph; the units
    /// before are the earlier text's (copied, or shared), the whole text's units at every step.
    @Test func aGrownText_isMeasuredFromTheLastWordAfterASpace() {
        let engine = ICUTextEngine()
        func unit(_ prepared: PreparedText, at offset: Int) -> Int? {
            prepared.unitValues.firstIndex { Int($0.start) == offset }
        }
        let cases: [(text: String, restartsAt: String?)] = [
            ("the train leaves at nine", "nine"),
            ("first paragraph\n\nthe train leaves at nine", "nine"),
            ("first paragraph\n\nquatre-vingt-dix", "quatre"), // no space before "vingt", "dix"
            ("first paragraph\n\n中文字中文字", "\n中"),         // the paragraph's start (after its break)
            ("price: $100 and 42", "and"),                      // not before a number
            ("the end.  ", "end."),                             // the space at the end: no word after it
            ("中文字中文字", nil),
        ]
        for (text, word) in cases {
            let prepared = engine.prepare(text)
            let restart = prepared.restartUnit(from: prepared.lastParagraphStart)
            // The unit of the word's first letter (its last occurrence; a line feed before it
            // left out).
            let expected = word.flatMap { word in
                text.range(of: word, options: .backwards).flatMap { found in
                    unit(prepared, at: text.utf8.distance(from: text.startIndex, to: found.lowerBound) + (word.hasPrefix("\n") ? 1 : 0))
                }
            }
            #expect(restart == expected, "\(text.debugDescription): \(String(describing: restart)), not \(String(describing: expected))")
            for more in ["s", " and ten", "\n\nnext", "-ish", " 42", "\u{301}"] {
                let grown = prepared.extended(to: text + more, policy: engine.policy)
                guard restart != nil, !more.hasPrefix("\u{301}") else { continue }
                #expect(grown?.unitValues == engine.prepare(text + more).unitValues, "\(text.debugDescription) + \(more.debugDescription)")
            }
        }
    }

    @Test func whatIsNotExtended() {
        let engine = ICUTextEngine()
        let one = engine.prepare(String(repeating: "中文字", count: 100))
        #expect(one.extended(to: one.text + "more", policy: engine.policy) == nil, "one paragraph, no word after a space")
        let two = engine.prepare("first\nsecond")
        #expect(two.extended(to: "first\nsecond more", policy: engine.policy) != nil)
        #expect(two.extended(to: "first\nsecond", policy: engine.policy) == nil, "not longer")
        #expect(two.extended(to: "firsT\nsecond more", policy: engine.policy) == nil, "not the same beginning")
        #expect(two.extended(to: "first\nsecond שלום", policy: engine.policy) == nil, "the rest needs the general path")
    }
}
