import ChatLayoutKit

/// The fast path of measurement for the texts most chat messages are: left to right, no
/// dictionary breaking, most code points a grapheme cluster of their own.
///
/// A text is simple when each code point has Grapheme_Cluster_Break Other, LF, LV or LVT (no
/// marks, joiners, variation selectors, regional indicators, Hangul jamo, controls but the
/// line feed), is not a right-to-left, Arabic-number or bidi-control character and is not of
/// line-break class SA. Then the clusters are the code points (GB999; LV and LVT join only
/// jamo, which are excluded), each as wide as its width class, the base direction is left to
/// right and every line is drawn as it is written. `width(of:)` and `singleScalarClusters`
/// take those texts.
///
/// `prepare` also takes, among them, code points that extend or join clusters — marks
/// (Extend, SpacingMark, viramas: the aksara a virama makes of two consonants is one cluster,
/// GB9c, as ICU has it), variation selectors, skin tones, the keycap, the zero-width joiner,
/// regional indicators: emoji sequences, flags, accented letters and Indic conjuncts. It
/// follows UAX #29 for them as `GraphemeBreaker` does and measures
/// each such cluster by `CellWidth`'s rules; its units are then clusters, each starting at a
/// UTF-8 offset, and lines are still drawn as they are written.
///
/// The results are exactly those of the general path (`AnalyzedText`, `GraphemeBreaker`,
/// `LineBreaker`, `LineWrapper`, `BidiReorderer`), which tests check over the corpus and
/// generated texts, unit for unit; what it saves is their per-text arrays and passes: one
/// pass over the bytes, the units written straight into the prepared text, and each line
/// sliced from the text's UTF-8 bytes.
enum SimpleTextWrapper {
    /// Grapheme_Cluster_Break values that make a code point its own cluster here.
    private static let simpleGraphemeBreaks: UInt32 =
        1 << GraphemeBreakProperty.other.rawValue | 1 << GraphemeBreakProperty.lf.rawValue
        | 1 << GraphemeBreakProperty.lv.rawValue | 1 << GraphemeBreakProperty.lvt.rawValue
    private static let bidiBits = CharacterProperties.needsBidiBit | CharacterProperties.bidiControlBit
    /// Grapheme_Cluster_Break values `prepare` also takes: a code point that extends the
    /// cluster before it (marks, variation selectors, skin tones, the keycap), a joiner, a
    /// regional indicator.
    private static let clusterGraphemeBreaks: UInt32 = simpleGraphemeBreaks
        | 1 << GraphemeBreakProperty.extend.rawValue | 1 << GraphemeBreakProperty.zwj.rawValue
        | 1 << GraphemeBreakProperty.regionalIndicator.rawValue | 1 << GraphemeBreakProperty.spacingMark.rawValue

    private static let plainLetterMask: UInt32 = 0x3F << CharacterProperties.lineBreakShift | 0x1F << CharacterProperties.graphemeShift
        | CharacterProperties.extendedPictographicBit | CharacterProperties.eastAsianFWHBit
        | CharacterProperties.bidiControlBit | CharacterProperties.viramaBit
    private static let plainLetterValue: UInt32 = UInt32(LineBreakClass.AL.rawValue) << CharacterProperties.lineBreakShift
        | UInt32(GraphemeBreakProperty.other.rawValue) << CharacterProperties.graphemeShift

    /// The classes of LB13 (CL, CP, EX, IS, SY), a bit each: printable ASCII of these (closing
    /// brackets, "!", "?", ",", ".", ":", ";", "/") is kept to a letter before it.
    private static let closingClasses: UInt64 = 1 << LineBreakClass.CL.rawValue | 1 << LineBreakClass.CP.rawValue
        | 1 << LineBreakClass.EX.rawValue | 1 << LineBreakClass.IS.rawValue | 1 << LineBreakClass.SY.rawValue

    /// A letter of class AL (as it is, not resolved) and Grapheme_Cluster_Break Other, neither
    /// pictographic nor East Asian F/W/H (nor a bidi control or virama, which no such letter
    /// is): after one, another leaves the break rules' state as it was (see `measure`).
    @inline(__always)
    private static func isPlainLetter(_ properties: CharacterProperties) -> Bool {
        properties.rawValue & plainLetterMask == plainLetterValue
    }

    /// A code point of class ID, H2 or H3 (as it is) and Grapheme_Cluster_Break Other, LV or
    /// LVT, not pictographic (nor a bidi control or virama, which no such code point is): one
    /// after another, the break is allowed, each is a cluster, and the break rules' state is the
    /// last one's alone (see `measure`). Ideographs, kana, Hangul syllables.
    @inline(__always)
    private static func isPlainIdeograph(_ properties: CharacterProperties) -> Bool {
        let lineBreak = properties.lineBreak
        let graphemeBreak = (properties.rawValue >> CharacterProperties.graphemeShift) & 0x1F
        return (lineBreak == .ID || lineBreak == .H2 || lineBreak == .H3)
            && (plainIdeographGraphemeBreaks >> graphemeBreak) & 1 == 1
            && properties.rawValue & (CharacterProperties.extendedPictographicBit | CharacterProperties.bidiControlBit
                                      | CharacterProperties.viramaBit | CharacterProperties.needsBidiBit) == 0
    }
    private static let plainIdeographGraphemeBreaks: UInt32 = 1 << GraphemeBreakProperty.other.rawValue
        | 1 << GraphemeBreakProperty.lv.rawValue | 1 << GraphemeBreakProperty.lvt.rawValue

    /// A code point `prepare` takes: simple, or one of `clusterGraphemeBreaks` (a virama among
    /// them: the aksara it may make is looked for, GB9c), or right to left; no bidi control, no
    /// SA.
    @inline(__always)
    private static func isPreparedOnFastPath(_ properties: CharacterProperties) -> Bool {
        let graphemeBreak = (properties.rawValue >> CharacterProperties.graphemeShift) & 0x1F
        return (clusterGraphemeBreaks >> graphemeBreak) & 1 == 1
            && properties.rawValue & CharacterProperties.bidiControlBit == 0
            && properties.lineBreak != .SA
    }

    @inline(__always)
    private static func isSimple(_ properties: CharacterProperties) -> Bool {
        let graphemeBreak = (properties.rawValue >> CharacterProperties.graphemeShift) & 0x1F
        return (simpleGraphemeBreaks >> graphemeBreak) & 1 == 1
            && properties.rawValue & bidiBits == 0
            && properties.lineBreak != .SA
    }

    /// `text` wrapped to `width` cells, or nil when it needs the general path.
    static func wrap(_ text: String, width: Int, policy: CellWidthPolicy, table: CharacterPropertyTable = .shared) -> WrappedText? {
        prepare(text, policy: policy, table: table)?.wrap(width: width)
    }

    /// `text` prepared for wrapping (its code points' widths and break opportunities), or nil
    /// when it needs the general path.
    ///
    /// One pass over the bytes: each code point decoded (printable ASCII by a range check and
    /// one load from the table's first block), its break opportunity decided (UAX #14 over the
    /// code points, as the general path's `LineBreaker.actions`) and its unit written straight
    /// into the prepared text, made for as many units as the text has code points (at most a
    /// unit each; the bytes that continue none counted first): no scratch memory and no copy;
    /// the first code point that is not simple stops it. Inside a word of ASCII letters the
    /// break rules' state no longer changes: the letters after the first are written alone.
    static func prepare(_ text: String, policy: CellWidthPolicy, table: CharacterPropertyTable = .shared) -> PreparedText? {
        // A native string's bytes read in place (a small string's copied to the stack), without
        // a copy of the string, whose reference count `withUTF8` on a `var` took and gave back.
        if let prepared = text.utf8.withContiguousStorageIfAvailable({ prepare(text, $0, policy, table) }) { return prepared }
        var bytes = text
        return bytes.withUTF8 { prepare(text, $0, policy, table) }
    }

    /// `prepare(_:policy:table:)` over `text`'s UTF-8 `bytes`.
    @inline(__always)
    private static func prepare(_ text: String, _ bytes: UnsafeBufferPointer<UInt8>, _ policy: CellWidthPolicy,
                                _ table: CharacterPropertyTable) -> PreparedText? {
        PreparedText.make(text: text, capacity: codePointCount(bytes) + 1) { units in
            guard let measured = measure(bytes, table, policy, into: units) else { return nil }
            let count = measured.count
            guard measured.needsBidi else { return (count, .leftToRight, false) }
            // Right-to-left letters or Arabic digits: the general form, its lines put in
            // display order when made — units at code-point offsets; the analysed text the
            // reordering needs is made when the lines first are, not here. A cluster as long as
            // the sequence its first byte leads is one code point (most are); in another, the
            // code points are the bytes that continue none. (Counted byte by byte, every
            // cluster's loop of one to four steps was a branch mispredicted.)
            var codePoints: Int32 = 0
            var next = 0
            for index in 0 ..< count {
                let start = next
                next = Int(units[index + 1].start)
                units[index].start = codePoints
                let lead = bytes[start]
                let length = lead < 0x80 ? 1 : (~lead).leadingZeroBitCount
                if next - start == length {
                    codePoints += 1
                } else {
                    for byte in start ..< next where bytes[byte] & 0xC0 != 0x80 { codePoints += 1 }
                }
            }
            units[count].start = codePoints
            return (count, measured.direction, true)
        }
    }

    /// What `measure` found besides the units.
    struct Measured {
        /// The number of units.
        var count: Int
        /// Some code point is right to left or an Arabic number: the lines need reordering.
        var needsBidi: Bool
        /// The base direction: the first strong code point's.
        var direction: TextDirection
    }

    /// Writes the units of `bytes` (each cluster's UTF-8 offset, width and flags, then the
    /// end) into `units`: their number and what bidi needs, or nil at the first code point the
    /// fast path does not take.
    @inline(__always)
    private static func measure(_ bytes: UnsafeBufferPointer<UInt8>, _ table: CharacterPropertyTable, _ policy: CellWidthPolicy,
                                into units: UnsafeMutablePointer<PreparedText.Unit>) -> Measured? {
        table.stage1.withUnsafeBufferPointer { stage1 in
            table.stage2.withUnsafeBufferPointer { stage2 -> Measured? in
                let stage2 = UnsafeRawPointer(stage2.baseAddress!).assumingMemoryBound(to: CharacterProperties.self)
                // The block of U+0000–U+007F: printable ASCII and the line feed are the only
                // simple code points below U+0080, and A–Z, a–z are letters (AL); a test checks
                // that the table agrees.
                let ascii = stage2 + Int(stage1[0]) << CharacterPropertyTable.blockShift
                @inline(__always) func properties(of value: UInt32) -> CharacterProperties {
                    let block = Int(stage1[Int(value) >> CharacterPropertyTable.blockShift])
                    return stage2[block << CharacterPropertyTable.blockShift | Int(value) & CharacterPropertyTable.blockMask]
                }
                @inline(__always) func isLetter(_ byte: UInt8) -> Bool { (byte | 0x20) &- 0x61 < 26 }
                // LB25's lookahead from the byte at `start`: the next code point, past combining
                // marks, is NU. (A code point read here that is not simple fails the text later.)
                func nextIsNumber(from start: Int) -> Bool {
                    var index = start
                    while index < bytes.count {
                        let (value, length) = decode(bytes, at: index)
                        let cls = LineBreaker.resolve(properties(of: value))
                        if cls != .CM && cls != .ZWJ { return cls == .NU }
                        index += length
                    }
                    return false
                }
                // GB9c (ICU's aksara rule): the code points before the byte at `end` are
                // "LinkingConsonant (ExtCccZwj | Virama)*" with a virama among them (as
                // `GraphemeBreaker`'s states 1 and 2 have it), read back over the bytes; asked only for a
                // linking consonant after a mark or a joiner, on the general steps (a run of
                // letters holds no virama, so none there follows one).
                func followsVirama(_ end: Int) -> Bool {
                    var position = end
                    var virama = false
                    while position > 0 {
                        var start = position - 1
                        while bytes[start] & 0xC0 == 0x80 { start -= 1 }
                        let before = properties(of: decode(bytes, at: start).0)
                        if before.isLinkingConsonant { return virama }
                        if before.isVirama {
                            virama = true
                        } else if !before.isExtendCombiningOrZWJ {
                            return false
                        }
                        position = start
                    }
                    return false
                }
                var state = LineBreaker.State()
                var previous = LineBreakClass.XX // the class of the code point before, as resolved
                // The grapheme rules' state (as `GraphemeBreaker`): the property of the code point
                // before, GB11's (1 inside "ExtPict Extend*", 2 right after its ZWJ), GB12–13's.
                var graphemeBreak = GraphemeBreakProperty.other
                var pictographicState = 0
                var regionalIndicators = 0
                var count = 0
                // Any right-to-left or Arabic-number code point; the first strong one's direction
                // (no isolate is taken: no bidi control).
                var needsBidi = false
                var direction: TextDirection?
                var index = 0
                // The unit of the code point (or cluster) of `length` bytes at `index`; then past it.
                @inline(__always) func write(width: Int16, flags: UInt8, length: Int) {
                    (units + count).initialize(to: PreparedText.Unit(start: Int32(truncatingIfNeeded: index), width: width, flags: flags))
                    count += 1
                    index += length
                }
                // The text's direction from its first strong code point.
                @inline(__always) func noteDirection(_ properties: CharacterProperties) {
                    if direction == nil {
                        if properties.isStrongLeft { direction = .leftToRight } else if properties.isStrongRight { direction = .rightToLeft }
                    }
                }
                // The plain letters after one (see below), each a unit of its own.
                @inline(__always) func writeRunOfLetters() {
                    while index < bytes.count {
                        let byte = bytes[index]
                        if byte < 0x80 {
                            guard isLetter(byte) else { break }
                            // A–Z and a–z are strong left to right.
                            if direction == nil { direction = .leftToRight }
                            write(width: 1, flags: 0, length: 1)
                            continue
                        }
                        let (value, letterLength) = decode(bytes, at: index)
                        let letter = properties(of: value)
                        guard isPlainLetter(letter) else { break }
                        if letter.needsBidi { needsBidi = true }
                        noteDirection(letter)
                        write(width: Int16(truncatingIfNeeded: CellWidth.scalarWidth(letter, policy)), flags: 0, length: letterLength)
                    }
                }
                while index < bytes.count {
                    let lead = bytes[index]
                    // The commonest steps of ASCII text, taken here as the rules take them: a
                    // space after anything but a hard break (LB7, before all but LB4–LB6; it
                    // hangs), and a letter after spaces (LB18, but for OP SP* ×: LB14), then the
                    // rest of its word. Both are clusters of their own (GB999: no CR, no Prepend
                    // here), and leave the grapheme rules' state as any ASCII does.
                    if lead == 0x20 && count > 0 && previous != .LF {
                        state.advance(.SP, ascii[0x20])
                        write(width: 1, flags: PreparedText.Unit.hangingSpace, length: 1)
                        previous = .SP
                        graphemeBreak = .other; pictographicState = 0; regionalIndicators = 0
                        continue
                    }
                    if previous == .SP && isLetter(lead) {
                        let flags = state.beforeSpaces == .OP ? 0 : PreparedText.Unit.breakBefore
                        state.advance(.AL, ascii[Int(lead)])
                        if direction == nil { direction = .leftToRight }
                        write(width: 1, flags: flags, length: 1)
                        previous = .AL
                        graphemeBreak = .other; pictographicState = 0; regionalIndicators = 0
                        writeRunOfLetters()
                        continue
                    }
                    // Closing punctuation, "!", "?", ",", ".", ":", ";", "/" after a letter (LB13:
                    // kept to it, as `LineBreaker.State.decideCommon` says; the letter is no hard
                    // break and no ZW), each a cluster of its own as any ASCII.
                    if previous == .AL && lead < 0x80 {
                        let punctuation = ascii[Int(lead)]
                        let cls = punctuation.lineBreak
                        if (Self.closingClasses >> UInt64(cls.rawValue)) & 1 == 1 {
                            state.advance(cls, punctuation)
                            noteDirection(punctuation)
                            write(width: 1, flags: 0, length: 1)
                            previous = cls
                            graphemeBreak = .other; pictographicState = 0; regionalIndicators = 0
                            continue
                        }
                    }
                    // Likewise a plain letter of another script after spaces (`isPlainLetter`: of
                    // class AL as it is, so LB14 and LB18 decide as for an ASCII letter; property
                    // Other, not pictographic, so a cluster of its own after the space, GB999),
                    // then the rest of its word: the words of Cyrillic, Greek, Arabic, Hebrew…
                    // text, which went through all the steps below.
                    if previous == .SP && lead >= 0x80 {
                        let (value, letterLength) = decode(bytes, at: index)
                        let letter = properties(of: value)
                        if isPlainLetter(letter) {
                            let flags = state.beforeSpaces == .OP ? 0 : PreparedText.Unit.breakBefore
                            state.advance(.AL, letter)
                            if letter.needsBidi { needsBidi = true }
                            noteDirection(letter)
                            write(width: Int16(truncatingIfNeeded: CellWidth.scalarWidth(letter, policy)), flags: flags, length: letterLength)
                            previous = .AL
                            graphemeBreak = .other; pictographicState = 0; regionalIndicators = 0
                            writeRunOfLetters()
                            continue
                        }
                        // An ideograph, kana or Hangul syllable (`isPlainIdeograph`) likewise: no
                        // rule from LB8 to LB18 names ID, H2 or H3 after SP, so LB14 or LB18; a
                        // cluster of its own (GB999); then the rest of its run, the state that of
                        // the last (see below).
                        if isPlainIdeograph(letter) {
                            let flags = state.beforeSpaces == .OP ? 0 : PreparedText.Unit.breakBefore
                            noteDirection(letter)
                            write(width: Int16(truncatingIfNeeded: CellWidth.scalarWidth(letter, policy)), flags: flags, length: letterLength)
                            var last = letter
                            while index < bytes.count && bytes[index] >= 0x80 {
                                let (value, ideographLength) = decode(bytes, at: index)
                                let ideograph = properties(of: value)
                                guard isPlainIdeograph(ideograph) else { break }
                                noteDirection(ideograph)
                                last = ideograph
                                write(width: Int16(truncatingIfNeeded: CellWidth.scalarWidth(ideograph, policy)), flags: PreparedText.Unit.breakBefore,
                                      length: ideographLength)
                            }
                            let lastClass = last.lineBreak
                            state.advance(lastClass, last)
                            previous = lastClass
                            graphemeBreak = last.graphemeBreak; pictographicState = 0; regionalIndicators = 0
                            continue
                        }
                    }
                    let scalarProperties: CharacterProperties
                    let width: Int16
                    let length: Int
                    if lead < 0x80 {
                        guard (lead &- 0x20) < 0x5F || lead == 0x0A else { return nil }
                        scalarProperties = ascii[Int(lead)]
                        width = lead == 0x0A ? 0 : 1
                        length = 1
                        // Printable ASCII and the line feed: property Other or LF, never
                        // pictographic, so a cluster of their own (GB4, GB999).
                        graphemeBreak = lead == 0x0A ? .lf : .other
                        pictographicState = 0
                        regionalIndicators = 0
                    } else {
                        let (value, decodedLength) = decode(bytes, at: index)
                        scalarProperties = properties(of: value)
                        guard isPreparedOnFastPath(scalarProperties) else { return nil }
                        if scalarProperties.needsBidi { needsBidi = true }
                        width = Int16(truncatingIfNeeded: CellWidth.scalarWidth(scalarProperties, policy))
                        length = decodedLength
                        // UAX #29 as `GraphemeBreaker`, with its aksara rule (GB9c): a linking
                        // consonant joins the cluster when a virama and a linking consonant come
                        // before it, with only extending marks and joiners between (`followsVirama`);
                        // looked for only after a code point of property Extend or ZWJ, which every
                        // virama and every one of ExtCccZwj is (a test checks the table).
                        let current = scalarProperties.graphemeBreak
                        let isPictographic = scalarProperties.isExtendedPictographic
                        var startsCluster = count == 0
                            || GraphemeBreaker.isBoundary(graphemeBreak, current, isPictographic, pictographicState, regionalIndicators)
                        if startsCluster && scalarProperties.isLinkingConsonant && (graphemeBreak == .extend || graphemeBreak == .zwj)
                            && followsVirama(index) {
                            startsCluster = false
                        }
                        regionalIndicators = current == .regionalIndicator ? regionalIndicators + 1 : 0
                        if isPictographic {
                            pictographicState = 1
                        } else if pictographicState == 1 && current == .zwj {
                            pictographicState = 2
                        } else if !(pictographicState == 1 && current == .extend) {
                            pictographicState = 0
                        }
                        graphemeBreak = current
                        if !startsCluster {
                            noteDirection(scalarProperties)
                            // Joins the cluster of the last unit: the break rules still step over it
                            // (LB9 and the others read it), its opportunity is inside a cluster and
                            // not kept; the cluster is measured again whole, and is no single space.
                            let cls = LineBreaker.resolve(scalarProperties)
                            // The closures capture a constant, not `index`: a variable a closure
                            // captures was checked for exclusive access at run time, and kept in
                            // memory, on every step.
                            let next = index + decodedLength
                            _ = state.decide(raw: previous, current: cls, scalarProperties, nextIsNumber: { nextIsNumber(from: next) })
                            let last = units + count - 1
                            last.pointee.width = clusterWidth(bytes, from: Int(last.pointee.start), to: index + decodedLength, properties(of:), policy)
                            last.pointee.flags &= ~PreparedText.Unit.hangingSpace
                            previous = cls
                            index += decodedLength
                            continue
                        }
                    }
                    noteDirection(scalarProperties)
                    let cls = LineBreaker.resolve(scalarProperties)
                    var flags: UInt8 = 0
                    if count == 0 {
                        state.start(cls, scalarProperties)
                    } else {
                        let action = state.decideCommon(raw: previous, current: cls, scalarProperties)
                            ?? state.decideByRules(raw: previous, current: cls, scalarProperties, nextIsNumber: { [next = index + length] in nextIsNumber(from: next) })
                        if action != .prohibited { flags = PreparedText.Unit.breakBefore }
                    }
                    if cls == .LF {
                        flags |= PreparedText.Unit.hardBreak
                    } else if cls == .SP {
                        flags |= PreparedText.Unit.hangingSpace
                    }
                    write(width: width, flags: flags, length: length)
                    // A run of letters. After a plain letter (`isPlainLetter`: class AL, property
                    // Other, neither pictographic nor East Asian F/W/H) the break rules' state is
                    // what any further plain letter leaves it — the previous class AL, no number,
                    // no regional indicators, neither East Asian nor pictographic — but for the
                    // class before the previous, which only LB21a reads, after HY or BA, and the
                    // next step sets again; no break falls between letters (LB28), each is a
                    // cluster (GB999), and the grapheme rules' state stays. So the plain letters
                    // that follow are written alone: ASCII ones by a range check, others by a
                    // lookup.
                    if isPlainLetter(scalarProperties) { writeRunOfLetters() }
                    // A run of ASCII digits after one: LB25 keeps a digit to the digit before it
                    // (`LineBreaker.State.decideCommon`'s second step), each is a cluster of its own
                    // (GB999) of one cell, and none is strong (no direction, no bidi).
                    if cls == .NU && lead < 0x80 {
                        while index < bytes.count && bytes[index] &- 0x30 < 10 {
                            state.advance(.NU, ascii[Int(bytes[index])])
                            write(width: 1, flags: 0, length: 1)
                        }
                    }
                    previous = cls
                    // A run of ideographs, kana and Hangul syllables (class ID, H2 or H3, property
                    // Other, LV or LVT, not pictographic, as `isPlainIdeograph` says): between two
                    // of them a line may break (LB31: no rule before it names these pairs but LB26,
                    // of jamo), each is a cluster (GB999: LV and LVT join only jamo), and the
                    // break rules' state after the last is that of the last alone, set once.
                    if isPlainIdeograph(scalarProperties) {
                        var last: CharacterProperties?
                        while index < bytes.count && bytes[index] >= 0x80 {
                            let (value, ideographLength) = decode(bytes, at: index)
                            let ideograph = properties(of: value)
                            guard isPlainIdeograph(ideograph) else { break }
                            noteDirection(ideograph)
                            last = ideograph
                            write(width: Int16(truncatingIfNeeded: CellWidth.scalarWidth(ideograph, policy)), flags: PreparedText.Unit.breakBefore,
                                  length: ideographLength)
                        }
                        if let last {
                            let lastClass = LineBreaker.resolve(last)
                            state.advance(lastClass, last)
                            previous = lastClass
                            graphemeBreak = last.graphemeBreak
                        }
                    }
                }
                (units + count).initialize(to: PreparedText.Unit(start: Int32(truncatingIfNeeded: bytes.count), width: 0, flags: 0))
                return Measured(count: count, needsBidi: needsBidi, direction: direction ?? .leftToRight)
            }
        }
    }

    /// The width of the cluster of the code points in `bytes[start ..< end]`, by
    /// `CellWidth.width`'s rules (its base the first code point: no Prepend is taken).
    private static func clusterWidth(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int,
                                     _ properties: (UInt32) -> CharacterProperties, _ policy: CellWidthPolicy) -> Int16 {
        let (baseValue, baseLength) = decode(bytes, at: start)
        let base = properties(baseValue)
        var sum = CellWidth.scalarWidth(base, policy)
        var previousValue = baseValue
        var index = start + baseLength
        while index < end {
            let (value, length) = decode(bytes, at: index)
            let current = properties(value)
            if value == CellWidth.variationSelector16 && base.isEmoji { return 2 }
            if value == CellWidth.variationSelector15 && base.isEmoji { return 1 }
            if value == CellWidth.combiningKeycap && CellWidth.isKeycapBase(baseValue) { return 2 }
            if current.isEmojiModifier && base.isEmojiModifierBase { return 2 }
            if current.graphemeBreak == .regionalIndicator && base.graphemeBreak == .regionalIndicator { return 2 }
            if current.isExtendedPictographic && base.isExtendedPictographic && previousValue == CellWidth.zeroWidthJoiner { return 2 }
            sum += CellWidth.scalarWidth(current, policy)
            previousValue = value
            index += length
        }
        return Int16(min(sum, 2))
    }

    /// The code points of `text` with their widths when each is a grapheme cluster of its own
    /// (Grapheme_Cluster_Break Other, LF, LV or LVT: no marks, joiners, controls but the line
    /// feed); nil otherwise. Bidi and line breaking play no part: this is for drawing lines
    /// already in display order.
    static func singleScalarClusters(_ text: String, policy: CellWidthPolicy,
                                     table: CharacterPropertyTable = .shared) -> [(scalar: Unicode.Scalar, width: Int)]? {
        var clusters: [(scalar: Unicode.Scalar, width: Int)] = []
        clusters.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            let properties = table[scalar]
            let graphemeBreak = (properties.rawValue >> CharacterProperties.graphemeShift) & 0x1F
            guard (simpleGraphemeBreaks >> graphemeBreak) & 1 == 1 else { return nil }
            clusters.append((scalar, CellWidth.scalarWidth(properties, policy)))
        }
        return clusters
    }

    /// The width of `text` on one line, or nil when it needs the general path.
    static func width(of text: String, policy: CellWidthPolicy, table: CharacterPropertyTable = .shared) -> Int? {
        // A native string's bytes read in place (a small string's copied to the stack).
        if let width = text.utf8.withContiguousStorageIfAvailable({ width(ofUTF8: $0, policy: policy, table: table) }) { return width }
        var text = text
        return text.withUTF8 { width(ofUTF8: $0, policy: policy, table: table) }
    }

    /// The width of the text of UTF-8 `bytes` on one line, or nil when it needs the general
    /// path: printable ASCII a cell a byte, without a lookup (`asciiAssumptions_holdInTheTable`),
    /// any other code point looked up through the table's buffers.
    static func width(ofUTF8 bytes: UnsafeBufferPointer<UInt8>, policy: CellWidthPolicy, table: CharacterPropertyTable = .shared) -> Int? {
        table.stage1.withUnsafeBufferPointer { stage1 in
            table.stage2.withUnsafeBufferPointer { stage2 -> Int? in
                var total = 0
                var index = 0
                while index < bytes.count {
                    if bytes[index] &- 0x20 < 0x5F {
                        total += 1
                        index += 1
                        continue
                    }
                    let (value, length) = decode(bytes, at: index)
                    let block = Int(stage1[Int(value) >> CharacterPropertyTable.blockShift])
                    let properties = CharacterProperties(rawValue: stage2[block << CharacterPropertyTable.blockShift | Int(value) & CharacterPropertyTable.blockMask])
                    guard isSimple(properties) else { return nil }
                    total += CellWidth.scalarWidth(properties, policy)
                    index += length
                }
                return total
            }
        }
    }

    /// Whether `bytes` hold a control character (below U+0020, or U+007F) and whether every
    /// byte is ASCII: eight bytes a step, for a label's bytes.
    @inline(__always)
    static func scanASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> (hasControl: Bool, isASCII: Bool) {
        let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080, lows: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
        var controls: UInt64 = 0, high: UInt64 = 0
        var index = 0
        if let base = bytes.baseAddress {
            while index + 8 <= bytes.count {
                let word = UnsafeRawPointer(base).loadUnaligned(fromByteOffset: index, as: UInt64.self)
                // Each ASCII byte plus one, in its low seven bits: 0x00–0x20 exactly for the
                // controls (0x7F wraps to 0), then below 0x21 when 0x5F more stays below 0x80.
                let next = ((word & lows) &+ ones) & lows
                controls |= ~(next &+ 0x5F5F_5F5F_5F5F_5F5F) & ~word & highs
                high |= word
                index += 8
            }
        }
        while index < bytes.count {
            let byte = bytes[index]
            if byte < 0x20 || byte == 0x7F { controls = 1 }
            high |= UInt64(byte)
            index += 1
        }
        return (controls != 0, high & highs == 0)
    }

    /// The number of code points in `bytes`, valid UTF-8: the bytes that continue none (whose
    /// top bits are not 10), counted eight at a time.
    @inline(__always)
    static func codePointCount(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        guard let base = bytes.baseAddress else { return 0 }
        var continuing = 0
        var index = 0
        while index + 8 <= bytes.count {
            let word = UnsafeRawPointer(base).loadUnaligned(fromByteOffset: index, as: UInt64.self)
            // Bit 7 of each byte that is 10xxxxxx; then their number, summed by a multiplication
            // into the top byte.
            let marks = word & ~(word << 1) & 0x8080_8080_8080_8080
            continuing &+= Int(truncatingIfNeeded: ((marks >> 7) &* 0x0101_0101_0101_0101) >> 56)
            index += 8
        }
        while index < bytes.count {
            if bytes[index] & 0xC0 == 0x80 { continuing &+= 1 }
            index += 1
        }
        return bytes.count - continuing
    }

    /// The code point at `index` of valid UTF-8 (Swift strings are) and its length in bytes.
    @inline(__always)
    static func decode(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> (UInt32, Int) {
        let lead = UInt32(bytes[index])
        if lead < 0x80 { return (lead, 1) }
        if lead < 0xE0 {
            return ((lead & 0x1F) << 6 | UInt32(bytes[index + 1] & 0x3F), 2)
        }
        if lead < 0xF0 {
            return ((lead & 0x0F) << 12 | UInt32(bytes[index + 1] & 0x3F) << 6 | UInt32(bytes[index + 2] & 0x3F), 3)
        }
        return ((lead & 0x07) << 18 | UInt32(bytes[index + 1] & 0x3F) << 12
                | UInt32(bytes[index + 2] & 0x3F) << 6 | UInt32(bytes[index + 3] & 0x3F), 4)
    }
}
