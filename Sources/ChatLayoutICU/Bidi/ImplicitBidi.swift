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
        // The sequence without boundary neutrals (X9): each one's type, and where it is.
        var length = 0
        var hasMarks = false, hasSeparators = false, hasBrackets = false
        for index in 0 ..< count {
            let cls = bidiClass(properties[index])
            if cls == unsupported { return false }
            if cls == BN {
                // One that begins the paragraph begins a cluster, and ICU's level for it is
                // not the rule's to say.
                if index == 0 { return false }
                continue
            }
            if cls == NSM { hasMarks = true }
            if cls >= ES { hasSeparators = true }
            if cls == ON && properties[index].isBidiMirrored { hasBrackets = true }
            types[length] = cls
            positions[length] = Int32(truncatingIfNeeded: index)
            length += 1
        }
        // W1: a mark takes the type of what it follows (sos at the start).
        if hasMarks {
            for index in 0 ..< length where types[index] == NSM {
                types[index] = index == 0 ? embedding : types[index - 1]
            }
        }
        // W2 and W3: a European number after an Arabic letter (the last strong type) is an
        // Arabic number; Arabic letters are R.
        var lastStrong = embedding
        for index in 0 ..< length {
            switch types[index] {
            case L, R: lastStrong = types[index]
            case AL:
                lastStrong = AL
                types[index] = R
            case EN where lastStrong == AL: types[index] = AN
            default: break
            }
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
        // W7: a European number after L (the last strong type) is L.
        lastStrong = embedding
        for index in 0 ..< length {
            let type = types[index]
            if type == L || type == R {
                lastStrong = type
            } else if type == EN && lastStrong == L {
                types[index] = L
            }
        }
        if hasBrackets {
            guard resolveBrackets(properties, types: types, positions: positions, length: length, embedding: embedding,
                                  scalar: scalar) else { return false }
        }
        // N1 and N2: a run of neutrals between the same direction takes it (numbers count as
        // R, sos and eos are the paragraph's), any other the paragraph's.
        var index = 0
        while index < length {
            guard types[index] == ON || types[index] == WS else {
                index += 1
                continue
            }
            var end = index
            while end < length && (types[end] == ON || types[end] == WS) { end += 1 }
            let before = index == 0 ? embedding : (types[index - 1] == L ? L : R)
            let after = end == length ? embedding : (types[end] == L ? L : R)
            let resolved = before == after ? before : embedding
            for position in index ..< end { types[position] = resolved }
            index = end
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
        if length == count {
            // No boundary neutral: the sequence is the paragraph.
            for index in 0 ..< count { levels[index] = level(types[index]) }
            return true
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

    /// N0: paired brackets (BD16) take the direction of what they enclose, or of their context.
    private static func resolveBrackets(_ properties: UnsafePointer<CharacterProperties>, types: UnsafeMutablePointer<UInt8>,
                                        positions: UnsafePointer<Int32>, length: Int, embedding: UInt8,
                                        scalar: (Int) -> UInt32) -> Bool {
        // BD16: openers on a stack (the bracket each one pairs with, and where it is).
        var openers: [(partner: UInt32, index: Int)] = []
        var pairs: [(open: Int, close: Int)] = []
        for index in 0 ..< length where types[index] == ON {
            let position = Int(positions[index])
            guard properties[position].isBidiMirrored else { continue }
            let (partner, type) = pairedBracket(scalar(position))
            if type == 1 {
                // The angle brackets U+2329 and U+3008 close with either of two canonically
                // equivalent brackets; ICU keeps an opener for each, and one may stay open after
                // the other closed: ICU decides.
                guard openers.count < bracketDepth, partner != 0x232A && partner != 0x3009 else { return false }
                openers.append((partner, index))
            } else if type == 2 {
                let value = scalar(position)
                if let match = openers.lastIndex(where: { $0.partner == value }) {
                    pairs.append((openers[match].index, index))
                    openers.removeSubrange(match...)
                }
            }
        }
        guard !pairs.isEmpty else { return true }
        pairs.sort { $0.open < $1.open }
        let opposite = embedding == L ? R : L
        // Within N0, numbers count as R.
        @inline(__always) func strong(_ type: UInt8) -> UInt8? {
            switch type {
            case L: L
            case R, EN, AN: R
            default: nil
            }
        }
        for (open, close) in pairs {
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
            for bracket in [open, close] {
                var index = bracket + 1
                while index < length && bidiClass(properties[Int(positions[index])]) == NSM {
                    types[index] = resolved
                    index += 1
                }
            }
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
