import ChatLayoutICUShim

/// UAX #9's levels for a paragraph without explicit formatting (no embeddings, overrides,
/// isolates or marks, no segment separators or controls), computed here rather than by ICU's
/// `ubidi_setPara`: most right-to-left chat text is such a paragraph — letters, digits,
/// spaces, punctuation and brackets, "… (appended 12)" after an Arabic sentence — and then
/// the whole paragraph is one isolating run sequence at the paragraph level, and only the
/// weak (W1–W7), bracket (N0), neutral (N1–N2) and implicit (I1–I2) rules apply. Boundary
/// neutrals (ZWNJ, ZWJ) are left out of the sequence (X9). A paragraph the rules here do not
/// take gives nil, and ICU resolves it (`BidiReorderer.display`); `ImplicitBidiTests`
/// compare both over the corpus and generated texts.
enum ImplicitBidi {
    // Bidi classes as resolved here (not ICU's numbers).
    static let L: UInt8 = 0, R: UInt8 = 1, EN: UInt8 = 2, AN: UInt8 = 3, ON: UInt8 = 4, WS: UInt8 = 5
    static let AL: UInt8 = 6, ES: UInt8 = 7, ET: UInt8 = 8, CS: UInt8 = 9, NSM: UInt8 = 10, BN: UInt8 = 11
    /// A code point the rules here do not take (a bidi control, B, S, another control).
    static let unsupported: UInt8 = 0xFF

    /// The bidi class of a code point of a paragraph (not a hard break), or `unsupported`.
    @inline(__always)
    static func bidiClass(_ properties: CharacterProperties) -> UInt8 {
        let raw = properties.rawValue
        if raw & CharacterProperties.bidiControlBit != 0 { return unsupported }
        if raw & CharacterProperties.strongLeftBit != 0 { return L }
        if raw & CharacterProperties.strongRightBit != 0 { return properties.bidiField == BidiClassField.arabicLetter ? AL : R }
        if raw & CharacterProperties.needsBidiBit != 0 { return AN }
        // Controls (B and S among them: tab, the separators), which only the general path
        // prepares.
        let graphemeBreak = properties.graphemeBreak
        if graphemeBreak == .control || graphemeBreak == .cr || graphemeBreak == .lf { return unsupported }
        switch properties.bidiField {
        case BidiClassField.europeanNumber: return EN
        case BidiClassField.europeanSeparator: return ES
        case BidiClassField.europeanTerminator: return ET
        case BidiClassField.commonSeparator: return CS
        case BidiClassField.nonspacingMark: return NSM
        case BidiClassField.boundaryNeutral: return BN
        case BidiClassField.whitespace: return WS
        default: return ON
        }
    }

    /// Whether a code point of class `bidiClass` at a line's end takes the paragraph level
    /// (L1: whitespace and boundary neutrals, as ICU's `setLine` has it).
    @inline(__always)
    static func isTrailingWhitespace(_ bidiClass: UInt8) -> Bool { bidiClass == WS || bidiClass == BN }

    /// Whether a code point resolves to level 1 in a paragraph at level 1 of code points such
    /// as it, whatever comes around it: it is not strong left to right (L), a number (EN, AN)
    /// or one the rules here do not take. In a paragraph of these the weak rules change only
    /// marks (to the class before them, or the paragraph's R) and separators and terminators
    /// (to neutrals), brackets hold nothing but R (N0), every neutral lies between R's or
    /// the paragraph's ends (N1, N2), and R stays at level 1 (I2).
    @inline(__always)
    static func staysRightToLeft(_ properties: CharacterProperties) -> Bool {
        // A right-to-left letter (R, AL) at once: most of such text.
        let letterBits = CharacterProperties.strongLeftBit | CharacterProperties.strongRightBit | CharacterProperties.bidiControlBit
        if properties.rawValue & letterBits == CharacterProperties.strongRightBit { return true }
        let bidiClass = bidiClass(properties)
        return bidiClass != L && bidiClass != EN && bidiClass != AN && bidiClass != unsupported
    }

    /// The deepest nesting of brackets BD16 follows; past it, ICU decides.
    static let bracketDepth = 63

    /// Resolves the levels of the paragraph's `count` code points (their `properties`, and
    /// the `scalar` at each index for brackets) at `paragraphLevel` (0 or 1) into `levels`,
    /// with `types` and `positions` as scratch (`count` each). False when some code point is
    /// one the rules here do not take, or brackets nest deeper than BD16 follows: then
    /// `levels` says nothing.
    static func resolve(_ properties: UnsafePointer<CharacterProperties>, count: Int, paragraphLevel: UInt8,
                        scalar: (Int) -> UInt32,
                        levels: UnsafeMutablePointer<UInt8>, types: UnsafeMutablePointer<UInt8>,
                        positions: UnsafeMutablePointer<Int32>) -> Bool {
        let embedding: UInt8 = paragraphLevel & 1 == 0 ? L : R
        // The sequence without boundary neutrals (X9): each one's type, and where it is; W1 to
        // W3 applied on the way, each reading only what comes before — W1: a mark takes the
        // type of what it follows (sos at the start); W2 and W3: a European number after an
        // Arabic letter (the last strong type) is an Arabic number, Arabic letters are R.
        var length = 0
        var hasSeparators = false, hasBrackets = false
        var previousType = embedding // the type before, after W1
        var lastStrong = embedding   // the last strong type, for W2
        for index in 0 ..< count {
            var cls = bidiClass(properties[index])
            if cls == unsupported { return false }
            if cls == BN {
                // One that begins the paragraph begins a cluster, and ICU's level for it is
                // not the rule's to say.
                if index == 0 { return false }
                continue
            }
            if cls == ON && properties[index].isBidiMirrored { hasBrackets = true }
            if cls == NSM { cls = previousType }
            previousType = cls
            switch cls {
            case L, R: lastStrong = cls
            case AL:
                lastStrong = AL
                cls = R
            case EN where lastStrong == AL: cls = AN
            case ES, ET, CS: hasSeparators = true
            default: break
            }
            types[length] = cls
            positions[length] = Int32(truncatingIfNeeded: index)
            length += 1
        }
        if hasSeparators {
            // W4: one separator between two numbers of the same type.
            if length >= 3 {
                for index in 1 ..< length - 1 {
                    let type = types[index]
                    guard type == ES || type == CS else { continue }
                    let before = types[index - 1], after = types[index + 1]
                    if before == EN && after == EN {
                        types[index] = EN
                    } else if type == CS && before == AN && after == AN {
                        types[index] = AN
                    }
                }
            }
            // W5: terminators next to a European number.
            var index = 0
            while index < length {
                guard types[index] == ET else {
                    index += 1
                    continue
                }
                var end = index
                while end < length && types[end] == ET { end += 1 }
                if (index > 0 && types[index - 1] == EN) || (end < length && types[end] == EN) {
                    for position in index ..< end { types[position] = EN }
                }
                index = end
            }
            // W6: the other separators and terminators are neutral.
            for index in 0 ..< length where types[index] >= ES && types[index] <= CS { types[index] = ON }
        }
        if hasBrackets {
            // W7 before N0, which reads its types: in its scan for brackets.
            guard resolveBrackets(properties, types: types, positions: positions, length: length, embedding: embedding,
                                  scalar: scalar) else { return false }
        }
        // I1 and I2, a level for each of the four types left (L, R, EN, AN: 0 to 3); a boundary
        // neutral takes the level of what it follows: it never begins a cluster here (none
        // begins the paragraph), so no level of one is drawn.
        let even = paragraphLevel & 1 == 0
        let levelOf: (UInt8, UInt8, UInt8, UInt8) = even
            ? (paragraphLevel, paragraphLevel + 1, paragraphLevel + 2, paragraphLevel + 2)
            : (paragraphLevel + 1, paragraphLevel, paragraphLevel + 1, paragraphLevel + 1)
        @inline(__always) func level(_ type: UInt8) -> UInt8 {
            switch type {
            case L: levelOf.0
            case R: levelOf.1
            case EN: levelOf.2
            default: levelOf.3
            }
        }
        // In one pass: W7 (unless N0 needed it first: a European number after L, the last
        // strong type, is L); N1 and N2 (a run of neutrals between the same direction takes
        // it — numbers count as R, sos and eos are the paragraph's — any other the
        // paragraph's); and, with no boundary neutral left out (the sequence is the
        // paragraph), the levels.
        // Written straight, a neutral's level is first the paragraph's (N2), and changed only
        // for a run N1 gives the other direction; else each neutral's type is written.
        let direct = length == count
        let embeddingLevel = level(embedding)
        lastStrong = embedding
        var runStart = -1      // the first of the neutrals since the last other type
        var before = embedding // the direction before them
        for index in 0 ..< length {
            var type = types[index]
            if type == ON || type == WS {
                if runStart < 0 { runStart = index }
                if direct { levels[index] = embeddingLevel }
                continue
            }
            if !hasBrackets {
                if type == L || type == R {
                    lastStrong = type
                } else if type == EN && lastStrong == L {
                    type = L
                    types[index] = L
                }
            }
            let direction = type == L ? L : R
            if runStart >= 0 {
                let resolved = before == direction ? before : embedding
                if !direct {
                    for position in runStart ..< index { types[position] = resolved }
                } else if resolved != embedding {
                    let resolvedLevel = level(resolved)
                    for position in runStart ..< index { levels[position] = resolvedLevel }
                }
                runStart = -1
            }
            if direct { levels[index] = level(type) }
            before = direction
        }
        if direct { return true }
        if runStart >= 0 {
            // Neutrals before eos: between `before` and the paragraph's direction.
            for position in runStart ..< length { types[position] = embedding }
        }
        var previous = paragraphLevel
        var next = 0
        for index in 0 ..< count {
            if next < length && Int(positions[next]) == index {
                previous = level(types[next])
                next += 1
            }
            levels[index] = previous
        }
        return true
    }

    /// N0: paired brackets (BD16) take the direction of what they enclose, or of their context;
    /// W7 first, in the same scan (a European number after L, the last strong type, is L).
    private static func resolveBrackets(_ properties: UnsafePointer<CharacterProperties>, types: UnsafeMutablePointer<UInt8>,
                                        positions: UnsafePointer<Int32>, length: Int, embedding: UInt8,
                                        scalar: (Int) -> UInt32) -> Bool {
        // BD16: openers on a stack (the bracket each one pairs with, and where it is), at most
        // `bracketDepth`; the pairs, at most one for every two of the sequence. Scratch
        // memory, not arrays.
        withUnsafeTemporaryAllocation(of: (partner: UInt32, index: Int32).self, capacity: bracketDepth) { openers in
            withUnsafeTemporaryAllocation(of: (open: Int32, close: Int32).self, capacity: length / 2 + 1) { pairs in
                resolveBrackets(properties, types: types, positions: positions, length: length, embedding: embedding,
                                scalar: scalar, openers: openers.baseAddress!, pairs: pairs.baseAddress!)
            }
        }
    }

    private static func resolveBrackets(_ properties: UnsafePointer<CharacterProperties>, types: UnsafeMutablePointer<UInt8>,
                                        positions: UnsafePointer<Int32>, length: Int, embedding: UInt8,
                                        scalar: (Int) -> UInt32,
                                        openers: UnsafeMutablePointer<(partner: UInt32, index: Int32)>,
                                        pairs: UnsafeMutablePointer<(open: Int32, close: Int32)>) -> Bool {
        var openerCount = 0, pairCount = 0
        var lastStrong = embedding
        for index in 0 ..< length {
            let type = types[index]
            if type == L || type == R {
                lastStrong = type
                continue
            }
            if type == EN {
                if lastStrong == L { types[index] = L }
                continue
            }
            guard type == ON else { continue }
            let position = Int(positions[index])
            guard properties[position].isBidiMirrored else { continue }
            let (partner, kind) = pairedBracket(scalar(position))
            if kind == 1 {
                // The angle brackets U+2329 and U+3008 close with either of two canonically
                // equivalent brackets; ICU keeps an opener for each, and one may stay open after
                // the other closed: ICU decides.
                guard openerCount < bracketDepth, partner != 0x232A && partner != 0x3009 else { return false }
                openers[openerCount] = (partner, Int32(truncatingIfNeeded: index))
                openerCount += 1
            } else if kind == 2 {
                let value = scalar(position)
                var match = openerCount - 1
                while match >= 0 && openers[match].partner != value { match -= 1 }
                if match >= 0 {
                    // In the order of their openers (BD16 sorts them so): put in place.
                    let open = openers[match].index
                    var slot = pairCount
                    while slot > 0 && pairs[slot - 1].open > open {
                        pairs[slot] = pairs[slot - 1]
                        slot -= 1
                    }
                    pairs[slot] = (open, Int32(truncatingIfNeeded: index))
                    pairCount += 1
                    openerCount = match
                }
            }
        }
        guard pairCount > 0 else { return true }
        let opposite = embedding == L ? R : L
        // Within N0, numbers count as R.
        @inline(__always) func strong(_ type: UInt8) -> UInt8? {
            switch type {
            case L: L
            case R, EN, AN: R
            default: nil
            }
        }
        for pair in 0 ..< pairCount {
            let open = Int(pairs[pair].open), close = Int(pairs[pair].close)
            var enclosesEmbedding = false, enclosesOpposite = false
            for index in open + 1 ..< close {
                guard let direction = strong(types[index]) else { continue }
                if direction == embedding {
                    enclosesEmbedding = true
                    break
                }
                enclosesOpposite = true
            }
            let resolved: UInt8
            if enclosesEmbedding {
                resolved = embedding
            } else if enclosesOpposite {
                // The context: the first strong type before the opening bracket, sos if none.
                var context = embedding
                var index = open - 1
                while index >= 0 {
                    if let direction = strong(types[index]) {
                        context = direction
                        break
                    }
                    index -= 1
                }
                resolved = context == opposite ? opposite : embedding
            } else {
                continue
            }
            types[open] = resolved
            types[close] = resolved
            // Marks right after a bracket that changed (W1 made them ON) take its direction.
            @inline(__always) func marks(after bracket: Int) {
                var index = bracket + 1
                while index < length && bidiClass(properties[Int(positions[index])]) == NSM {
                    types[index] = resolved
                    index += 1
                }
            }
            marks(after: open)
            marks(after: close)
        }
        return true
    }

    /// The bracket a code point pairs with, and whether it opens (1) or closes (2) a pair (0:
    /// neither). ASCII here; any other from ICU.
    @inline(__always)
    private static func pairedBracket(_ value: UInt32) -> (UInt32, Int32) {
        switch value {
        case 0x28: return (0x29, 1)
        case 0x29: return (0x28, 2)
        case 0x5B: return (0x5D, 1)
        case 0x5D: return (0x5B, 2)
        case 0x7B: return (0x7D, 1)
        case 0x7D: return (0x7B, 2)
        case ..<0x80: return (value, 0)
        default:
            var type: Int32 = 0
            let partner = clk_icu_paired_bracket(Int32(bitPattern: value), &type)
            return (UInt32(bitPattern: partner), type)
        }
    }

    /// UAX #9 L2 over `levels` (`count` units, the levels of a line's clusters): the units'
    /// indices in display order, written to `order`. As `ubidi_reorderVisual`.
    static func reorder(_ levels: UnsafePointer<UInt8>, count: Int, into order: UnsafeMutablePointer<Int32>) {
        var highest: UInt8 = 0, lowestOdd: UInt8 = .max
        for index in 0 ..< count {
            order[index] = Int32(truncatingIfNeeded: index)
            let level = levels[index]
            highest = max(highest, level)
            if level & 1 == 1 { lowestOdd = min(lowestOdd, level) }
        }
        guard lowestOdd != .max else { return }
        var level = highest
        while level >= lowestOdd {
            var index = 0
            while index < count {
                guard levels[Int(order[index])] >= level else {
                    index += 1
                    continue
                }
                var end = index
                while end < count && levels[Int(order[end])] >= level { end += 1 }
                var low = index, high = end - 1
                while low < high {
                    order.swapAt(low, high)
                    low += 1
                    high -= 1
                }
                index = end
            }
            if level == 0 { break }
            level -= 1
        }
    }
}

extension UnsafeMutablePointer {
    @inline(__always)
    fileprivate func swapAt(_ first: Int, _ second: Int) {
        let value = self[first]
        self[first] = self[second]
        self[second] = value
    }
}
