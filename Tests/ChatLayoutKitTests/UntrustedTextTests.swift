import ChatLayoutKit
import ChatLayoutTestSupport
import Testing

// Short names for the characters these tests are about.
private let esc = "\u{1B}", bel = "\u{07}", st = "\u{1B}\\", c1ST = "\u{9C}"
private let lre = "\u{202A}", rle = "\u{202B}", pdf = "\u{202C}", lro = "\u{202D}", rlo = "\u{202E}"
private let lri = "\u{2066}", rli = "\u{2067}", fsi = "\u{2068}", pdi = "\u{2069}"
private let lrm = "\u{200E}", rlm = "\u{200F}", alm = "\u{061C}"

private func neutralize(_ text: String) -> String { UntrustedText.neutralize(text) }

// MARK: - Rule 1: line endings

@Test func crlf_becomesLineFeed() {
    #expect(neutralize("one\r\ntwo\r\n") == "one\ntwo\n")
}

@Test func loneCarriageReturn_becomesLineFeed() {
    #expect(neutralize("progress 10%\rprogress 99%") == "progress 10%\nprogress 99%")
}

@Test func carriageReturnBeforeCRLF_givesTwoLineFeeds() {
    #expect(neutralize("a\r\r\nb") == "a\n\nb")
}

@Test func lineFeedAndTab_areKept() {
    #expect(neutralize("name:\tLeia\nname:\tHan") == "name:\tLeia\nname:\tHan")
}

// MARK: - Rule 2: escape sequences

@Test func csiColorSequence_isRemovedWhole() {
    #expect(neutralize("\(esc)[1;31mred\(esc)[0m text") == "red text")
}

@Test(arguments: ["\u{1B}[?25l", "\u{1B}[2J", "\u{1B}[1 q", "\u{1B}[>0;1c", "\u{1B}[38;2;255;0;0m"])
func csiWithPrivateParametersAndIntermediates_isRemovedWhole(sequence: String) {
    #expect(neutralize("a\(sequence)b") == "ab")
}

@Test func eightBitCSI_isRemovedWhole() {
    #expect(neutralize("a\u{9B}31mb") == "ab")
}

@Test func oscTerminatedByBell_isRemovedWhole() {
    #expect(neutralize("\(esc)]0;pwned title\(bel)hello") == "hello")
}

@Test func oscHyperlink_isRemovedButItsTextStays() {
    let link = "\(esc)]8;;https://evil.example\(st)click me\(esc)]8;;\(st)"
    #expect(neutralize(link) == "click me")
}

@Test func oscTerminatedByEightBitStringTerminator_isRemovedWhole() {
    #expect(neutralize("\(esc)]2;title\(c1ST)after") == "after")
}

@Test(arguments: ["P", "X", "^", "_"])
func stringSequences_areRemovedWhole(introducer: String) {
    #expect(neutralize("a\(esc)\(introducer)body 1;2\(st)b") == "ab")
    #expect(neutralize("a\(esc)\(introducer)body\(c1ST)b") == "ab")
}

@Test(arguments: ["\u{9D}0;title\u{07}", "\u{9D}0;title\u{9C}", "\u{90}q#0\u{9C}", "\u{98}sos\u{1B}\\",
                  "\u{9E}pm\u{9C}", "\u{9F}apc\u{9C}"])
func eightBitStringSequences_areRemovedWhole(sequence: String) {
    #expect(neutralize("a\(sequence)b") == "ab")
}

@Test(arguments: ["\u{1B}c", "\u{1B}(B", "\u{1B}7", "\u{1B}8", "\u{1B}#8", "\u{1B}=", "\u{1B}%G"])
func otherEscapeSequences_areRemovedWhole(sequence: String) {
    #expect(neutralize("a\(sequence)b") == "ab")
}

@Test func stringBodyWithLineBreaksAndBidi_isRemovedWithoutTrace() {
    #expect(neutralize("\(esc)]0;\(rlo)x\ny\(bel)hi") == "hi")
}

@Test func escInsideStringBody_doesNotEndIt() {
    #expect(neutralize("\(esc)]0;a\(esc)[31mb\(bel)c") == "c")
}

@Test func dcs_isNotTerminatedByBell() {
    #expect(neutralize("\(esc)Pq\(bel)text") == "␛Pq␇text")
}

@Test func unterminatedOSC_keepsFollowingTextVisible() {
    #expect(neutralize("\(esc)]0;hello world") == "␛]0;hello world")
}

@Test func unterminatedEightBitOSC_keepsFollowingTextVisible() {
    #expect(neutralize("\u{9D}0;hello") == "\u{FFFD}0;hello")
}

@Test(arguments: ["P", "X", "^", "_"])
func unterminatedStringSequence_keepsFollowingTextVisible(introducer: String) {
    #expect(neutralize("\(esc)\(introducer)secret") == "␛\(introducer)secret")
}

@Test func manyUnterminatedOSCs_allStayVisible() {
    let input = String(repeating: "\(esc)]x", count: 20_000)
    #expect(neutralize(input) == String(repeating: "␛]x", count: 20_000))
}

@Test func csiCutOffByEndOfText_keepsItsBytesVisible() {
    #expect(neutralize("a\(esc)[31") == "a␛[31")
}

@Test func csiCutOffByLineFeed_keepsFollowingTextVisible() {
    #expect(neutralize("\(esc)[31\nred") == "␛[31\nred")
}

@Test(arguments: ["\u{FF13}", "\u{0663}", "é"])
func csiParameterBytes_areASCIIOnly(nonASCII: String) {
    #expect(neutralize("\(esc)[3\(nonASCII)m") == "␛[3\(nonASCII)m")
    #expect(neutralize("\u{9B}3\(nonASCII)m") == "\u{FFFD}3\(nonASCII)m")
}

@Test func csiWithParameterAfterIntermediate_isNotASequence() {
    #expect(neutralize("\(esc)[1 2q") == "␛[1 2q")
}

@Test func escAtEndOfText_becomesVisible() {
    #expect(neutralize("abc\(esc)") == "abc␛")
}

@Test func escFollowedByNonFinal_becomesVisible() {
    #expect(neutralize("\(esc)é\(esc)(") == "␛é␛(")
}

@Test func escBeforeCompleteSequence_becomesVisibleAndSequenceIsRemoved() {
    #expect(neutralize("\(esc)\(esc)[31mred") == "␛red")
}

// MARK: - Rule 3: other control characters

@Test func c0Controls_becomeControlPictures() {
    #expect(neutralize("\u{00}\u{07}\u{08}\u{0B}\u{0C}\u{1A}\u{1F}") == "␀␇␈␋␌␚␟")
}

@Test func del_becomesControlPicture() {
    #expect(neutralize("a\u{7F}b") == "a␡b")
}

@Test func backspaceCannotEraseText() {
    #expect(neutralize("safe\u{08}\u{08}\u{08}\u{08}evil") == "safe␈␈␈␈evil")
}

@Test(arguments: [0x80, 0x85, 0x8D, 0x9A, 0x9C] as [UInt32])
func c1Controls_becomeReplacementCharacter(code: UInt32) {
    let control = String(Unicode.Scalar(code)!)
    #expect(neutralize("a\(control)b") == "a\u{FFFD}b")
}

// MARK: - Rule 4: bidi balance

@Test func lonePDF_isDropped() {
    #expect(neutralize("abc\(pdf)def") == "abcdef")
}

@Test func lonePDI_isDropped() {
    #expect(neutralize("abc\(pdi)def") == "abcdef")
}

@Test func unclosedRLO_isClosedAtParagraphEnd() {
    #expect(neutralize("\(rlo)abc\nxyz") == "\(rlo)abc\(pdf)\nxyz")
}

@Test func unclosedRLI_isClosedAtEndOfText() {
    #expect(neutralize("see \(rli)שלום") == "see \(rli)שלום\(pdi)")
}

@Test func unclosedControls_areClosedInReverseOrder() {
    #expect(neutralize("\(rle)a\(fsi)b\(lro)c") == "\(rle)a\(fsi)b\(lro)c\(pdf)\(pdi)\(pdf)")
}

@Test func pdfAfterIsolate_isDroppedAndOuterEmbeddingStaysOpen() {
    #expect(neutralize("\(rle)a\(lri)b\(pdf)c\(pdi)d\(pdf)") == "\(rle)a\(lri)bc\(pdi)d\(pdf)")
}

@Test func pdi_closesEmbeddingsOpenedInsideIsolate() {
    let text = "\(rli)\(lre)abc\(pdi) def"
    #expect(neutralize(text) == text)
}

@Test func pdfInsideIsolate_closesEmbeddingOpenedInsideIt() {
    let text = "\(rli)\(lre)abc\(pdf)def\(pdi)"
    #expect(neutralize(text) == text)
}

@Test func closerInNextParagraph_doesNotMatchOpenerOfPrevious() {
    #expect(neutralize("\(rle)a\nb\(pdf)") == "\(rle)a\(pdf)\nb")
}

@Test func carriageReturn_endsParagraphForBidi() {
    #expect(neutralize("\(rlo)a\rb") == "\(rlo)a\(pdf)\nb")
}

@Test func paragraphSeparator_endsParagraphAndIsKept() {
    #expect(neutralize("\(rlo)a\u{2029}b") == "\(rlo)a\(pdf)\u{2029}b")
}

@Test func lineSeparator_doesNotEndParagraph() {
    #expect(neutralize("\(rlo)a\u{2028}b") == "\(rlo)a\u{2028}b\(pdf)")
}

@Test func balancedControls_areKept() {
    let text = "\(lre)a\(pdf) \(rlo)b\(pdf) \(lri)c\(pdi) \(rli)d\(pdi) \(fsi)e\(pdi)"
    #expect(neutralize(text) == text)
}

@Test func bidiMarks_areKept() {
    let text = "\(lrm)abc\(rlm) مرحبا\(alm)1"
    #expect(neutralize(text) == text)
}

// MARK: - Rule 5: unchanged text, idempotence

@Test func plainText_isReturnedUnchanged() {
    let text = "Hi 👋🏽 שלום مرحبا 你好 👨‍👩‍👧 🇩🇪 ␛ \u{FFFD} tab\there\nnext line\u{2028}more"
    #expect(neutralize(text) == text)
}

@Test func unchangedText_sharesStorageWithInput() {
    let sentence = "A long message with nothing to neutralise, \(rli)שלום\(pdi). "
    let text = String(repeating: sentence, count: 8)
    #expect(storageAddress(of: neutralize(text)) == storageAddress(of: text))
}

@Test func neutralizedText_isUnchangedByASecondPass() {
    let once = neutralize("\(rlo)a\r\n\(esc)]0;t\(esc)é\u{85}\(pdi)\(lri)b")
    #expect(once == "\(rlo)a\(pdf)\n␛]0;t␛é\u{FFFD}\(lri)b\(pdi)")
    #expect(neutralize(once) == once)
}

private func storageAddress(of text: String) -> UInt? {
    text.utf8.withContiguousStorageIfAvailable { UInt(bitPattern: $0.baseAddress) }
}

// MARK: - Properties over generated text

@Test func generatedText_isIdempotent() {
    expectEvery(generatedInputs(seed: 1)) { input in
        let once = neutralize(input)
        return neutralize(once) == once
    }
}

@Test func generatedText_hasNoControlsButLineFeedAndTab() {
    expectEvery(generatedInputs(seed: 2)) { input in
        neutralize(input).unicodeScalars.allSatisfy {
            !(($0.value < 0x20 && $0 != "\n" && $0 != "\t") || (0x7F...0x9F).contains($0.value))
        }
    }
}

@Test func generatedText_hasBalancedBidiInEveryParagraph() {
    expectEvery(generatedInputs(seed: 3)) { input in
        paragraphs(of: neutralize(input)).allSatisfy { paragraph in
            var matcher = BidiMatcher()
            return paragraph.allSatisfy { matcher.matches($0) } && matcher.isEmpty
        }
    }
}

@Test func generatedTextWithoutEscapes_keepsEveryCharacterInOrder() {
    expectEvery(generatedInputs(seed: 4, includingEscapes: false)) { input in
        // Rules 1 and 3 applied, closers that match nothing dropped, nothing added.
        let expected = paragraphs(of: controlsShown(input)).map { paragraph in
            var matcher = BidiMatcher()
            return paragraph.filter { matcher.matches($0) }
        }
        let actual = paragraphs(of: neutralize(input))
        // The output is that, with closers appended at the end of some paragraphs.
        return actual.count == expected.count && zip(actual, expected).allSatisfy { got, want in
            Array(got.prefix(want.count)) == want
                && got.dropFirst(want.count).allSatisfy { $0 == "\u{202C}" || $0 == "\u{2069}" }
        }
    }
}

@Test func generatedText_completeEscapeSequencesVanishWithoutTrace() {
    var random = SplitMix64(seed: 5)
    let cases = (0..<1_500).map { _ in
        var withSequences = "", withoutSequences = ""
        for _ in 0..<random.int(0...12) {
            var plain = randomText(pieces: random.int(0...4), escapes: false, &random)
            // "\r" + sequence + "\n" is two line ends, "\r\n" one: keep that case out.
            while plain.hasSuffix("\r") { plain.removeLast() }
            withSequences += plain + completeSequence(&random)
            withoutSequences += plain
        }
        return (withSequences, withoutSequences)
    }
    expectEvery(cases, describedBy: { debug($0.0) }) { withSequences, withoutSequences in
        neutralize(withSequences) == neutralize(withoutSequences)
    }
}

@Test func generatedText_keepsPrintableCharactersInOrder() {
    expectEvery(generatedInputs(seed: 6)) { input in
        var source = printable(input)[...]
        return printable(neutralize(input)).allSatisfy { scalar in
            guard let found = source.firstIndex(of: scalar) else { return false }
            source = source[(found + 1)...]
            return true
        }
    }
}

/// Checks `property` on every case and reports the first counterexample, not all of them.
private func expectEvery<Case>(
    _ cases: [Case], describedBy describe: (Case) -> String = { debug("\($0)") },
    sourceLocation: SourceLocation = #_sourceLocation, _ property: (Case) -> Bool
) {
    let counterexample = cases.first { !property($0) }
    #expect(counterexample == nil, "counterexample: \(counterexample.map(describe) ?? "")",
            sourceLocation: sourceLocation)
}

// MARK: - Helpers: an independent UAX #9 matcher and text generator

/// UAX #9 X1–X8 matching, kept apart from the library's own: an opener opens; a PDF closes the
/// innermost entry if it is an embedding/override; a PDI closes the innermost isolate and
/// everything above it. `matches` is false for a closer that has nothing to close.
private struct BidiMatcher {
    private var stack: [Bool] = []  // true for an isolate

    var isEmpty: Bool { stack.isEmpty }

    mutating func matches(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "\u{202A}", "\u{202B}", "\u{202D}", "\u{202E}": stack.append(false)
        case "\u{2066}", "\u{2067}", "\u{2068}": stack.append(true)
        case "\u{202C}":
            guard stack.last == false else { return false }
            stack.removeLast()
        case "\u{2069}":
            guard let isolate = stack.lastIndex(of: true) else { return false }
            stack.removeSubrange(isolate...)
        default: break
        }
        return true
    }
}

/// Paragraphs as UAX #9 sees them, without their separators.
private func paragraphs(of text: String) -> [[Unicode.Scalar]] {
    Array(text.unicodeScalars).split(omittingEmptySubsequences: false) {
        $0 == "\n" || $0 == "\u{2029}"
    }.map(Array.init)
}

/// Rules 1 and 3 alone, for text without escape introducers.
private func controlsShown(_ text: String) -> String {
    var result = String.UnicodeScalarView()
    var scalars = Array(text.unicodeScalars)[...]
    while let scalar = scalars.popFirst() {
        switch scalar.value {
        case 0x0D:
            if scalars.first == "\n" { scalars.removeFirst() }
            result.append("\n")
        case 0x0A, 0x09: result.append(scalar)
        case 0x00...0x1F: result.append(Unicode.Scalar(0x2400 + scalar.value)!)
        case 0x7F: result.append("\u{2421}")
        case 0x80...0x9F: result.append("\u{FFFD}")
        default: result.append(scalar)
        }
    }
    return String(result)
}

/// The scalars a reader sees drawn as they are: no controls, no bidi controls, no stand-ins.
private func printable(_ text: String) -> [Unicode.Scalar] {
    text.unicodeScalars.filter { scalar in
        switch scalar.value {
        case 0x00...0x20, 0x7F...0x9F, 0x202A...0x202E, 0x2066...0x2069: false
        case 0x2400...0x2421, 0xFFFD: false
        default: true
        }
    }
}

/// `text` with everything but printable ASCII spelled out, for failure messages.
private func debug(_ text: String) -> String {
    text.unicodeScalars.map { $0.isASCII && $0.value >= 0x20 && $0.value < 0x7F
        ? String($0) : "\\u{\(String($0.value, radix: 16))}" }.joined()
}


private let plainPieces = [
    "a", "Z", "7", " ", "!", "[", "]", "\\", "m", ";", "Hello", "שלום", "مرحبا", "עִבְרִית", "٣",
    "👍", "👍🏽", "👨‍👩‍👧", "🇩🇪", "é", "你好", "\u{FF13}", "␛", "\u{FFFD}",
    "\n", "\r", "\r\n", "\t", "\u{2028}", "\u{2029}", "\u{85}",
    "\u{00}", "\u{07}", "\u{08}", "\u{0B}", "\u{1F}", "\u{7F}", "\u{80}", "\u{9A}", "\u{9C}",
    lre, rle, pdf, lro, rlo, lri, rli, fsi, pdi, pdf, pdi, lrm, rlm, alm,
]

private let escapePieces = [
    esc, "\(esc)[", "\(esc)[31m", "\(esc)[0", "\(esc)[?25", "\(esc)]", "\(esc)]0;", "\(esc)]8;;",
    "\(esc)\\", "\(esc)P", "\(esc)X", "\(esc)^", "\(esc)_", "\(esc)(", "\(esc)(B", "\(esc)c", "\(esc)7",
    "\u{9B}", "\u{9B}1", "\u{9D}", "\u{90}", "\u{98}", "\u{9E}", "\u{9F}", bel, "\u{9C}",
]

private func randomText(pieces: Int, escapes: Bool, _ random: inout SplitMix64) -> String {
    var text = ""
    for _ in 0..<pieces {
        text += escapes && random.int(0...3) == 0
            ? random.pick(escapePieces) : random.pick(plainPieces)
    }
    return text
}

/// A well-formed escape sequence, of any kind, whose body holds no terminator of its own.
private func completeSequence(_ random: inout SplitMix64) -> String {
    func body(excluding forbidden: Set<Unicode.Scalar>) -> String {
        let text = randomText(pieces: random.int(0...5), escapes: false, &random)
        return String(String.UnicodeScalarView(text.unicodeScalars.filter { !forbidden.contains($0) }))
    }
    let csiIntroducers = ["\(esc)[", "\u{9B}"], oscIntroducers = ["\(esc)]", "\u{9D}"]
    let stringIntroducers = ["\(esc)P", "\(esc)X", "\(esc)^", "\(esc)_", "\u{90}", "\u{98}", "\u{9E}", "\u{9F}"]
    switch random.int(0...3) {
    case 0:
        return random.pick(csiIntroducers)
            + random.pick(["", "1", "38;5;196", "?1049", ">"])
            + random.pick(["", " ", "!"])
            + random.pick(["m", "H", "q", "@", "~"])
    case 1:
        return random.pick(oscIntroducers) + body(excluding: ["\u{1B}", "\u{9C}", "\u{07}"])
            + random.pick([bel, st, c1ST])
    case 2:
        return random.pick(stringIntroducers) + body(excluding: ["\u{1B}", "\u{9C}"])
            + random.pick([st, c1ST])
    default:
        return esc + random.pick(["", "(", "#", " ", "%("])
            + random.pick(["c", "7", "B", "8", "=", "G"])
    }
}

/// 2,000 strings of up to 30 pieces, the same on every run for a given seed.
private func generatedInputs(seed: UInt64, includingEscapes: Bool = true) -> [String] {
    var random = SplitMix64(seed: seed)
    return (0..<2_000).map { _ in
        randomText(pieces: random.int(0...30), escapes: includingEscapes, &random)
    }
}

// MARK: - neutralizeLine

@Test func neutralizeLine_showsLineFeedsAsTheirControlPicture() {
    #expect(UntrustedText.neutralizeLine("one\ntwo\r\nthree\rfour") == "one\u{240A}two\u{240A}three\u{240A}four")
}

@Test func neutralizeLine_neutralisesAsNeutralizeDoes() {
    #expect(UntrustedText.neutralizeLine("\(esc)[2Jid\u{7F}\ttab") == "id\u{2421}\ttab")
    // The embedding opened before the line feed is closed before its picture.
    #expect(UntrustedText.neutralizeLine("\(rlo)abc\ndef") == "\(rlo)abc\(pdf)\u{240A}def")
    #expect(UntrustedText.neutralizeLine("plain") == "plain")
}

// MARK: - closingOpenBidi

@Test func closingOpenBidi_closesWhatIsOpenAtTheEnd_innermostFirst() {
    #expect(UntrustedText.closingOpenBidi("\(rli)a\(rlo)b") == "\(rli)a\(rlo)b\(pdf)\(pdi)")
    #expect(UntrustedText.closingOpenBidi("\(lre)a\(pdf)b") == "\(lre)a\(pdf)b")
}

@Test func closingOpenBidi_changesNothingElse() {
    // Controls stay as they are; what a paragraph end closed needs no closer.
    #expect(UntrustedText.closingOpenBidi("\u{0}\(esc)[2J\(rlo)a\nb") == "\u{0}\(esc)[2J\(rlo)a\nb")
    #expect(UntrustedText.closingOpenBidi("a\(pdf)\(pdi)") == "a\(pdf)\(pdi)")
}

// MARK: - Values quoted in messages (issue 12, 5-3)

@Test func shortened_keepsAValueOfUpTo200CharactersWhole() {
    let id = String(repeating: "a", count: 200)
    #expect(UntrustedText.shortened(id) == id)
    #expect(UntrustedText.shortened("") == "")
    #expect(UntrustedText.shortened("messaging:general") == "messaging:general")
}

@Test func shortened_cutsALongerValueToFortyCharactersAndItsSize() {
    #expect(UntrustedText.shortened(String(repeating: "b", count: 201)) == String(repeating: "b", count: 40) + "… (201 characters)")
    #expect(UntrustedText.shortened(String(repeating: "é", count: 10_000)) == String(repeating: "é", count: 40) + "… (10000 characters)")
}

@Test func shortened_countsCodePoints_soMarksCannotHideLength() {
    let zalgo = "Z" + String(repeating: "\u{301}", count: 500)
    #expect(UntrustedText.shortened(zalgo).hasSuffix("… (501 characters)"))
    #expect(UntrustedText.shortened(zalgo).unicodeScalars.count < 70)
}

@Test func shortened_withASmallerLimit_cutsThere() {
    #expect(UntrustedText.shortened(String(repeating: "c", count: 41), wholeUpTo: 40) == String(repeating: "c", count: 40) + "… (41 characters)")
    #expect(UntrustedText.shortened(String(repeating: "c", count: 40), wholeUpTo: 40) == String(repeating: "c", count: 40))
}

/// Printable ASCII is checked eight bytes at a time: a control anywhere in a word, at any
/// offset from the text's start, is still found, and what is allowed still passes.
@Test func aControlAtAnyOffset_isFound_whereASCIIIsCheckedAWordAtATime() {
    let filler = Array("The quick brown fox jumps over")
    for position in 0 ... 24 {
        let before = String(filler[..<position]), after = String(filler[position...])
        for control in ["\u{1B}", "\u{7F}", "\u{85}", "\u{202E}", "\u{0}", "\r"] {
            let text = before + control + after
            #expect(UntrustedText.neutralize(text) != text, "\(text.debugDescription)")
        }
        for allowed in ["\t", "\n", "é", "~", " ", "\u{2066}x\u{2069}"] {
            let text = before + allowed + after
            #expect(UntrustedText.neutralize(text) == text, "\(text.debugDescription)")
        }
    }
}

// MARK: - The word-at-a-time scan

/// Text is scanned eight bytes at a time, a word skipped when it has no byte that may start
/// something to neutralise (below 0x20, 0x7F, a lead byte 0xC2 or 0xE2): whatever the text
/// around it (other scripts' letters, whose lead bytes are skipped with the word) and wherever
/// it falls in a word, such a character is still found, and text with none is kept as it is.
@Test(arguments: [bel, "\u{7F}", "\u{85}", rlo, "\u{1B}[31m", "\r"])
func aCharacterToNeutralise_isFound_atEveryPlaceInAWord_amongOtherScripts(_ character: String) {
    for filler in ["漢字かな", "Привет", "مرحبا", "ab", "€…·"] {
        for offset in 0 ..< 16 {
            // `offset` bytes: the filler's characters that fit, then ASCII letters.
            var before = ""
            for scalar in String(repeating: filler, count: 8).unicodeScalars {
                guard before.utf8.count + String(scalar).utf8.count <= offset else { break }
                before.unicodeScalars.append(scalar)
            }
            before += String(repeating: "x", count: offset - before.utf8.count)
            let text = before + character + String(repeating: filler, count: 3)
            let neutral = neutralize(text)
            #expect(neutral != text, "\(offset) bytes of \(filler) before \(character.unicodeScalars.map { String($0.value, radix: 16) })")
            #expect(neutralize(neutral) == neutral)
        }
    }
}

@Test func otherScriptsAndPunctuation_areKeptAsTheyAre() {
    for text in ["漢字かな漢字かな漢字かな", "Привет, как дела? Всё хорошо.", "مرحبا بالعالم", "Preis: 5 € … ·—“quoted”", "ẞ ü ñ ç é à ø 𝄞 🎉🎉🎉"] {
        #expect(neutralize(text) == text)
        #expect(neutralize(text + lrm + text) == text + lrm + text)
    }
}
