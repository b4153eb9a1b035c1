/// Makes text that came from a message or a document safe to measure and draw.
///
/// Message text is written by other people. Drawn as it is, it could drive the reader's
/// terminal (escape sequences that move the cursor, retitle the window, or plant hyperlinks),
/// hide or fake parts of the screen (carriage returns, backspaces), or reorder text outside
/// the message (a right-to-left override that is never closed). Such text is neutralised once,
/// where it enters the model: the model values store it as ``NeutralText`` (made only by
/// ``neutralize(_:)``), and the stages after the model take it as it is. The CLI's text tools
/// neutralise the lines they read the same way.
public enum UntrustedText {
    /// `text` with everything that could act on a terminal or on text outside it made inert.
    ///
    /// 1. Line endings: "\r\n" and a lone "\r" become "\n"; "\n" and "\t" are kept.
    /// 2. Terminal escape sequences (CSI, OSC, DCS/SOS/PM/APC, other ESC sequences, in their
    ///    7-bit and 8-bit forms) are removed whole. One that is cut off or never terminated is
    ///    not removed, so that it cannot swallow the rest of the message: only its introducer
    ///    is made visible (rule 3) and the text after it stays.
    /// 3. Every other control character is shown instead of dropped, so that nothing is hidden:
    ///    C0 and DEL as their Control Pictures ("␛", "␀", "␡"), C1 as U+FFFD.
    /// 4. Bidi embeddings, overrides and isolates are balanced per paragraph (UAX #9 matching):
    ///    unmatched closers are dropped, and what is still open at a paragraph's end ("\n" or
    ///    U+2029) or at the end of the text is closed there. The text's own bidi intent stays;
    ///    it can never reorder anything outside itself. LRM, RLM and ALM are kept.
    ///
    /// The result is stable: `neutralize(neutralize(x)) == neutralize(x)`. Text with nothing to
    /// neutralise is returned as it is, after one scan of its UTF-8 bytes, without a copy.
    public static func neutralize(_ text: String) -> String {
        let isAlreadyNeutral = text.utf8.withContiguousStorageIfAvailable(isNeutral)
            ?? Array(text.utf8).withUnsafeBufferPointer(isNeutral)
        if isAlreadyNeutral { return text }
        return rewrite(Array(text.unicodeScalars))
    }

    /// `text` as one line printed as it is, which no layout reorders for display (an id in the
    /// tree dump, a line of `explain`, a line of an error message): neutralised, a line feed
    /// shown as "␊" (so that it cannot start a line of its own that passes for another; so
    /// are U+2028 and U+2029), and
    /// every bidi control (ALM, LRM, RLM, embeddings, overrides, isolates) removed, so that
    /// nothing in it, cut or whole, can reorder the rest of the line around it.
    public static func plain(_ text: String) -> String {
        let neutral = neutralize(text)
        // Every bidi control is encoded from a lead byte 0xD8 (U+061C) or 0xE2 (U+2000–U+2FFF).
        guard neutral.utf8.contains(where: { $0 == 0x0A || $0 == 0xE2 || $0 == 0xD8 }),
              // Most such bytes lead punctuation ("·", "—", "…"): copy only when there is work.
              neutral.unicodeScalars.contains(where: { isBidiControl($0) || isLineBreak($0) })
        else { return neutral }
        var scalars = String.UnicodeScalarView()
        for scalar in neutral.unicodeScalars where !isBidiControl(scalar) {
            scalars.append(isLineBreak(scalar) ? "\u{240A}" : scalar)
        }
        return String(scalars)
    }

    /// The longest value an error message quotes whole, in code points: an id, a channel cid,
    /// a locale or a time zone up to this length can be copied from the message as it is.
    public static let longestQuotedWhole = 200

    /// How much of a longer value an error message keeps, in code points, before its size.
    public static let shortenedLength = 40

    /// `text` as an error message may quote it: whole when it has at most `limit` code points
    /// (``longestQuotedWhole`` by default), else its first ``shortenedLength`` and its size —
    /// `"xxxx… (10000 characters)"` — so that a hostile value cannot flood the message. Only
    /// the length: make the result plain or escaped as the message needs.
    public static func shortened(_ text: String, wholeUpTo limit: Int = longestQuotedWhole) -> String {
        let count = text.unicodeScalars.count
        guard count > limit else { return text }
        let kept = text.unicodeScalars.prefix(min(shortenedLength, limit))
        return String(String.UnicodeScalarView(kept)) + "… (\(count) characters)"
    }

    /// UAX #9's Bidi_Control: ALM, LRM, RLM, LRE, RLE, PDF, LRO, RLO, LRI, RLI, FSI, PDI.
    public static func isBidiControl(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x061C, 0x200E, 0x200F, 0x202A ... 0x202E, 0x2066 ... 0x2069: true
        default: false
        }
    }

    /// As ``neutralize(_:)``, for text shown inside one line of output (an id in a tree dump,
    /// a name in an `explain` line, a value in a warning): line feeds, U+2028 and U+2029 are
    /// shown as "␊" too,
    /// so that the text cannot start a line of its own that passes for another.
    public static func neutralizeLine(_ text: String) -> String {
        let neutral = neutralize(text)
        // U+2028 and U+2029 are encoded from a lead byte 0xE2.
        guard neutral.utf8.contains(where: { $0 == 0x0A || $0 == 0xE2 }) else { return neutral }
        return String(String.UnicodeScalarView(neutral.unicodeScalars.map { isLineBreak($0) ? "\u{240A}" : $0 }))
    }

    /// `text` as one field of a line that other fields follow (an id in the tree dump or in
    /// `explain`): as ``neutralizeLine(_:)`` gives it when it reads as one word — not empty, no
    /// space, tab or other blank, nothing invisible, no `"` or `\` — else in double quotes as
    /// ``quotedInLine(_:)`` writes it. An ordinary id ("m1", "msg-42") is shown as it is; an
    /// id like `m2 0,9 60×3 "hi"` cannot pass for the frame and the text of another box.
    public static func lineField(_ text: String) -> String {
        needsQuotes(text, singleSpaces: false) ? quotedInLine(text) : neutralizeLine(text)
    }

    /// As ``lineField(_:)`` for a name, which may hold single spaces between its words ("Luke
    /// Skywalker" is shown as it is): quoted when it is empty, starts or ends with a space,
    /// holds two spaces in a row, or anything else ``lineField(_:)`` quotes.
    public static func nameField(_ text: String) -> String {
        needsQuotes(text, singleSpaces: true) ? quotedInLine(text) : neutralizeLine(text)
    }

    /// `text` in double quotes, on one line: neutralised as ``neutralizeLine(_:)``, with `"`
    /// and `\` escaped (`\"`, `\\`) and a tab written `\t`, so that the quotes end where the
    /// text does and a tab cannot pass for the spaces between fields.
    public static func quotedInLine(_ text: String) -> String {
        var quoted = "\""
        for scalar in neutralizeLine(text).unicodeScalars {
            switch scalar {
            case "\"": quoted += "\\\""
            case "\\": quoted += "\\\\"
            case "\t": quoted += "\\t"
            default: quoted.unicodeScalars.append(scalar)
            }
        }
        return quoted + "\""
    }

    /// Whether a field must be quoted to read as one: empty, or holding a quote, a backslash,
    /// a control, a blank of any kind (a space but single ones between words when
    /// `singleSpaces`), or a character drawn as nothing.
    private static func needsQuotes(_ text: String, singleSpaces: Bool) -> Bool {
        guard !text.isEmpty else { return true }
        // Printable ASCII but space, quote and backslash: the common case, byte by byte.
        if text.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\") }) { return false }
        var previousIsSpace = true  // a leading space counts as a second one
        for scalar in text.unicodeScalars {
            if scalar == " " {
                if !singleSpaces || previousIsSpace { return true }
                previousIsSpace = true
                continue
            }
            previousIsSpace = false
            let properties = scalar.properties
            if scalar == "\"" || scalar == "\\" || scalar.value < 0x20 || (0x7F ... 0x9F).contains(scalar.value)
                || properties.isWhitespace || properties.isDefaultIgnorableCodePoint || scalar == "\u{2800}" {  // Braille blank
                return true
            }
        }
        return previousIsSpace  // a trailing space
    }

    /// A line feed, or the line and paragraph separators (U+2028, U+2029) that end a line
    /// in editors, browsers and JavaScript alike: each is shown as "␊" where text is printed
    /// as a line of its own.
    static func isLineBreak(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "\n" || scalar == "\u{2028}" || scalar == "\u{2029}"
    }

    /// `text` with the closers of the bidi embeddings, overrides and isolates it leaves open
    /// at its end appended (rule 4 at the end of the text), and nothing else changed: for a
    /// piece cut out of a text, so that it cannot reorder what is drawn after it.
    public static func closingOpenBidi(_ text: String) -> String {
        var bidi = BidiBalance()
        for scalar in text.unicodeScalars {
            if isParagraphEnd(scalar) {
                _ = bidi.closeAll()  // UAX #9 ends them with the paragraph
            } else {
                _ = bidi.admits(scalar)
            }
        }
        if bidi.isBalanced { return text }
        var closed = text.unicodeScalars
        closed.append(contentsOf: bidi.closeAll())
        return String(closed)
    }

    // MARK: - Fast path

    /// Whether `neutralize` would return these bytes unchanged: no control character to
    /// convert and every paragraph's bidi controls already balanced.
    private static func isNeutral(_ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
        var bidi = BidiBalance()
        var index = 0
        let base = UnsafeRawPointer(utf8.baseAddress)
        // Valid UTF-8: a lead byte is always followed by its continuation bytes, and no
        // continuation byte (0x80–0xBF) matches a case below.
        while index < utf8.count {
            // Eight bytes none of which a case below matches at a time: no byte below 0x20,
            // no 0x7F and no lead byte 0xC2 or 0xE2 (printable ASCII, and the letters of other
            // scripts: CJK, Cyrillic, Arabic… lead with other bytes), tested on the word at
            // once; a word that may have one is read a byte at a time, then the next word is
            // tried.
            var stop = utf8.count
            if let base, index + 8 <= utf8.count {
                let word = base.loadUnaligned(fromByteOffset: index, as: UInt64.self)
                let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
                // A high bit set in a byte that is below 0x20 (an ASCII byte's), or equal to
                // the byte given (a zero after the exclusive or); a borrow may set it in a
                // byte above one that is, never in a word without one.
                let below = (word &- ones &* 0x20) & ~word & highs
                func has(_ byte: UInt64) -> UInt64 {
                    let other = word ^ (ones &* byte)
                    return (other &- ones) & ~other & highs
                }
                if below | has(0x7F) | has(0xC2) | has(0xE2) == 0 {
                    index += 8
                    continue
                }
                stop = index + 8
            }
            while index < stop {
                switch utf8[index] {
                case 0x0A:
                    guard bidi.isBalanced else { return false }
                case 0x09:
                    break
                case 0x00..<0x20, 0x7F:
                    return false
                case 0xC2 where utf8[index + 1] < 0xA0:  // U+0080–U+009F, C1
                    return false
                case 0xE2:  // U+2000–U+2FFF: the bidi controls and U+2029
                    let scalar = Unicode.Scalar(
                        0x2000 | UInt32(utf8[index + 1] & 0x3F) << 6 | UInt32(utf8[index + 2] & 0x3F))!
                    if isParagraphEnd(scalar) {
                        guard bidi.isBalanced else { return false }
                    } else if !bidi.admits(scalar) {
                        return false
                    }
                default:
                    break
                }
                index += 1
            }
        }
        return bidi.isBalanced
    }

    // MARK: - Rewriting

    private static func rewrite(_ input: [Unicode.Scalar]) -> String {
        var output = NeutralOutput()
        var escapes = EscapeSequenceScanner(input)
        var index = 0
        while index < input.count {
            let scalar = input[index]
            switch scalar.value {
            case 0x0D:  // rule 1
                output.append("\n")
                index += index + 1 < input.count && input[index + 1] == "\n" ? 2 : 1
            case 0x1B, 0x90, 0x98, 0x9B, 0x9D, 0x9E, 0x9F:  // rule 2
                if let end = escapes.endOfSequence(startingAt: index) {
                    index = end
                } else {
                    output.append(visible(scalar))
                    index += 1
                }
            default:
                output.append(visible(scalar))
                index += 1
            }
        }
        return output.finish()
    }

    /// Rule 3: a control character as something that is drawn, not obeyed.
    private static func visible(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
        switch scalar.value {
        case 0x0A, 0x09: scalar
        case 0x00..<0x20: Unicode.Scalar(0x2400 + scalar.value)!  // "␀" … "␟"
        case 0x7F: "\u{2421}"  // "␡"
        case 0x80...0x9F: "\u{FFFD}"
        default: scalar
        }
    }

    /// Where UAX #9 starts a new paragraph in text that has been through rules 1–3: "\n" and
    /// U+2029. (U+2028 is only a line break; the paragraph, and its embeddings, go on.)
    private static func isParagraphEnd(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "\n" || scalar == "\u{2029}"
    }

    /// The neutralised text as it is built, with rule 4 applied on the way.
    private struct NeutralOutput {
        private var scalars = String.UnicodeScalarView()
        private var bidi = BidiBalance()

        mutating func append(_ scalar: Unicode.Scalar) {
            if isParagraphEnd(scalar) {
                scalars.append(contentsOf: bidi.closeAll())
            } else if !bidi.admits(scalar) {
                return
            }
            scalars.append(scalar)
        }

        mutating func finish() -> String {
            scalars.append(contentsOf: bidi.closeAll())
            return String(scalars)
        }
    }
}

// MARK: - Rule 4: bidi balance

/// The embeddings, overrides and isolates open in the current paragraph, matched the way
/// UAX #9 (X1–X8) matches them. The depth limit of 125 is not modelled: it only decides which
/// openers take effect, not which closers match.
private struct BidiBalance {
    private enum Opened { case embedding, isolate }

    private var open: [Opened] = []
    private var openIsolates = 0

    var isBalanced: Bool { open.isEmpty }

    /// Records `scalar` and says whether it stays: false for a closer that matches nothing.
    mutating func admits(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x202A, 0x202B, 0x202D, 0x202E:  // LRE, RLE, LRO, RLO
            open.append(.embedding)
        case 0x2066, 0x2067, 0x2068:  // LRI, RLI, FSI
            open.append(.isolate)
            openIsolates += 1
        case 0x202C:  // PDF: only the innermost embedding, and not across an isolate
            guard open.last == .embedding else { return false }
            open.removeLast()
        case 0x2069:  // PDI: the innermost isolate, with the embeddings opened inside it
            guard openIsolates > 0 else { return false }
            while open.removeLast() == .embedding {}
            openIsolates -= 1
        default:
            break
        }
        return true
    }

    /// The closers for everything still open, innermost first; the paragraph starts afresh.
    mutating func closeAll() -> [Unicode.Scalar] {
        defer {
            open.removeAll(keepingCapacity: true)
            openIsolates = 0
        }
        return open.reversed().map { $0 == .embedding ? "\u{202C}" : "\u{2069}" }
    }
}

// MARK: - Rule 2: escape sequences

/// Finds where a terminal escape sequence ends (ECMA-48 and its 8-bit C1 forms).
private struct EscapeSequenceScanner {
    private let text: [Unicode.Scalar]
    /// Positions from which no string terminator follows, remembered so that many
    /// unterminated introducers in one text cost one scan, not one each.
    private var noTerminatorFrom = Int.max
    private var noTerminatorOrBellFrom = Int.max

    init(_ text: [Unicode.Scalar]) {
        self.text = text
    }

    /// The index just past the complete sequence introduced at `start`, or nil when there is
    /// none (cut off, never terminated, or not an introducer).
    mutating func endOfSequence(startingAt start: Int) -> Int? {
        switch text[start].value {
        case 0x1B:
            guard start + 1 < text.count else { return nil }
            switch text[start + 1] {
            case "[": return endOfControlSequence(bodyStart: start + 2)
            case "]": return endOfCommandString(bodyStart: start + 2, bellTerminates: true)
            case "P", "X", "^", "_":
                return endOfCommandString(bodyStart: start + 2, bellTerminates: false)
            default: return endOfEscape(afterEsc: start + 1)
            }
        case 0x9B: return endOfControlSequence(bodyStart: start + 1)  // CSI
        case 0x9D: return endOfCommandString(bodyStart: start + 1, bellTerminates: true)  // OSC
        case 0x90, 0x98, 0x9E, 0x9F:  // DCS, SOS, PM, APC
            return endOfCommandString(bodyStart: start + 1, bellTerminates: false)
        default: return nil
        }
    }

    /// CSI: parameter bytes 0x30–0x3F, intermediate bytes 0x20–0x2F, a final byte 0x40–0x7E;
    /// all ASCII, so a fullwidth or Arabic-Indic digit ends it as malformed.
    private func endOfControlSequence(bodyStart: Int) -> Int? {
        var index = skip(0x30...0x3F, from: bodyStart)
        index = skip(0x20...0x2F, from: index)
        return index < text.count && (0x40...0x7E).contains(text[index].value) ? index + 1 : nil
    }

    /// Other escape sequences ("ESC c", "ESC ( B", "ESC 7"): intermediates 0x20–0x2F, then a
    /// final byte 0x30–0x7E.
    private func endOfEscape(afterEsc: Int) -> Int? {
        let index = skip(0x20...0x2F, from: afterEsc)
        return index < text.count && (0x30...0x7E).contains(text[index].value) ? index + 1 : nil
    }

    private func skip(_ range: ClosedRange<UInt32>, from start: Int) -> Int {
        var index = start
        while index < text.count && range.contains(text[index].value) { index += 1 }
        return index
    }

    /// OSC, DCS, SOS, PM, APC: a body of anything up to the string terminator, ESC "\" or
    /// U+009C (for OSC also BEL, as xterm accepts). An ESC not followed by "\" is body.
    private mutating func endOfCommandString(bodyStart: Int, bellTerminates: Bool) -> Int? {
        if bodyStart >= (bellTerminates ? noTerminatorOrBellFrom : noTerminatorFrom) { return nil }
        var index = bodyStart
        while index < text.count {
            switch text[index].value {
            case 0x07 where bellTerminates, 0x9C:
                return index + 1
            case 0x1B where index + 1 < text.count && text[index + 1] == "\\":
                return index + 2
            default:
                index += 1
            }
        }
        noTerminatorFrom = min(noTerminatorFrom, bodyStart)
        if bellTerminates { noTerminatorOrBellFrom = min(noTerminatorOrBellFrom, bodyStart) }
        return nil
    }
}
