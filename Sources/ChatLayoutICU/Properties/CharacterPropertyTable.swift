import ChatLayoutICUShim

/// A two-stage lookup table of `CharacterProperties` for every code point, from ICU's
/// property data, read without calling ICU.
///
/// Stage 1 maps each block of 128 code points to a block of stage 2; identical blocks are
/// stored once (most of the code space is a handful of distinct blocks).
///
/// The table for ICU 72 is generated at build time and checked in
/// (`CharacterPropertyTable+Generated.swift`, written by `swift run generate-character-table`):
/// a process decodes it in well under a millisecond instead of asking ICU about every code
/// point (~30 ms). With another system ICU the table is built from that ICU, so one Unicode
/// version still rules everything measured.
package struct CharacterPropertyTable: Sendable, Equatable {
    static let blockShift = 7
    static let blockMask = (1 << blockShift) - 1

    package let stage1: [UInt16]
    package let stage2: [UInt32]

    /// The table for the system ICU: the generated one where it was generated from this ICU,
    /// else built from ICU on first use.
    static let shared: CharacterPropertyTable = {
        if ICUTextEngine.icuVersion == generatedICUVersion && ICUTextEngine.unicodeVersion == generatedUnicodeVersion,
           let generated = generated() {
            return generated
        }
        return fromICU()
    }()

    package init(stage1: [UInt16], stage2: [UInt32]) {
        self.stage1 = stage1
        self.stage2 = stage2
    }

    /// The generated table, decoded; nil if its text is damaged.
    package static func generated() -> CharacterPropertyTable? {
        guard let first = Base64.decode(generatedStage1), let second = Base64.decode(generatedStage2),
              first.count == 2 * (0x110000 >> blockShift), second.count % (4 << blockShift) == 0 else { return nil }
        var stage1: [UInt16] = []
        stage1.reserveCapacity(first.count / 2)
        for index in stride(from: 0, to: first.count, by: 2) {
            let low = UInt16(first[index]), high = UInt16(first[index + 1])
            stage1.append(low | high << 8)
        }
        var stage2: [UInt32] = []
        stage2.reserveCapacity(second.count / 4)
        for index in stride(from: 0, to: second.count, by: 4) {
            var value: UInt32 = 0
            for byte in 0 ..< 4 { value |= UInt32(second[index + byte]) << UInt32(8 * byte) }
            stage2.append(value)
        }
        guard stage1.allSatisfy({ (Int($0) + 1) << blockShift <= stage2.count }) else { return nil }
        return CharacterPropertyTable(stage1: stage1, stage2: stage2)
    }

    /// The table as the generated file's text: both stages in base64, little-endian.
    package var generatedText: (stage1: String, stage2: String) {
        var first: [UInt8] = []
        first.reserveCapacity(stage1.count * 2)
        for value in stage1 { first += [UInt8(truncatingIfNeeded: value), UInt8(truncatingIfNeeded: value >> 8)] }
        var second: [UInt8] = []
        second.reserveCapacity(stage2.count * 4)
        for value in stage2 { for shift in stride(from: 0, to: 32, by: 8) { second.append(UInt8(truncatingIfNeeded: value >> UInt32(shift))) } }
        return (Base64.encode(first), Base64.encode(second))
    }

    @inline(__always)
    subscript(_ scalar: Unicode.Scalar) -> CharacterProperties {
        let codePoint = Int(scalar.value)
        let block = Int(stage1[codePoint >> Self.blockShift])
        return CharacterProperties(rawValue: stage2[(block << Self.blockShift) | (codePoint & Self.blockMask)])
    }

    /// The properties of a code point given by its value (a valid scalar value).
    @inline(__always)
    subscript(codePoint codePoint: UInt32) -> CharacterProperties {
        let value = Int(codePoint)
        let block = Int(stage1[value >> Self.blockShift])
        return CharacterProperties(rawValue: stage2[(block << Self.blockShift) | (value & Self.blockMask)])
    }

    /// The table built from the system ICU's property data, code point by code point.
    package static func fromICU() -> CharacterPropertyTable {
        var flat = [UInt32](repeating: 0, count: 0x110000)
        flat.withUnsafeMutableBufferPointer { table in
            Self.fill(&table)
        }
        var blockIndex: [ArraySlice<UInt32>: UInt16] = [:]
        var stage1: [UInt16] = []
        var stage2: [UInt32] = []
        stage1.reserveCapacity(0x110000 >> Self.blockShift)
        let blockSize = 1 << Self.blockShift
        for start in stride(from: 0, to: 0x110000, by: blockSize) {
            let block = flat[start ..< start + blockSize]
            if let index = blockIndex[block] {
                stage1.append(index)
            } else {
                let index = UInt16(stage2.count >> Self.blockShift)
                blockIndex[block] = index
                stage2.append(contentsOf: block)
                stage1.append(index)
            }
        }
        return CharacterPropertyTable(stage1: stage1, stage2: stage2)
    }

    private static func forEachRange(
        of property: Int32, _ body: (_ range: ClosedRange<Int>, _ value: Int32) -> Void
    ) {
        var start: Int32 = 0
        while start <= 0x10FFFF {
            var end: Int32 = 0
            let value = clk_icu_int_property_range(property, start, &end)
            guard value >= 0, end >= start else { break }
            body(Int(start) ... Int(end), value)
            start = end + 1
        }
    }

    private static func forEachRange(ofBinary property: Int32, _ body: (ClosedRange<Int>) -> Void) {
        var capacity: Int32 = 4096
        while true {
            var ranges = [Int32](repeating: 0, count: Int(capacity))
            let count = clk_icu_binary_property_ranges(property, &ranges, capacity)
            if count < 0 {
                capacity = -count * 2 + 2
                continue
            }
            for i in 0 ..< Int(count) {
                body(Int(ranges[2 * i]) ... Int(ranges[2 * i + 1]))
            }
            return
        }
    }

    private static func forEachRange(ofPattern pattern: String, _ body: (ClosedRange<Int>) -> Void) {
        let units = Array(pattern.utf16)
        var capacity: Int32 = 4096
        while true {
            var ranges = [Int32](repeating: 0, count: Int(capacity))
            let count = clk_icu_pattern_ranges(units, Int32(units.count), &ranges, capacity)
            if count < 0 {
                capacity = -count * 2 + 2
                continue
            }
            for i in 0 ..< Int(count) {
                body(Int(ranges[2 * i]) ... Int(ranges[2 * i + 1]))
            }
            return
        }
    }

    /// The scripts of CLDR's aksara grapheme tailoring (ICU's `char.txt`, rule 9.3).
    private static let aksaraScripts = #"[\p{sc=Gujr}\p{sc=Telu}\p{sc=Mlym}\p{sc=Orya}\p{sc=Beng}\p{sc=Deva}]"#

    private static func fill(_ table: inout UnsafeMutableBufferPointer<UInt32>) {
        func set(_ range: ClosedRange<Int>, _ bits: UInt32) {
            if bits == 0 { return }
            for codePoint in range { table[codePoint] |= bits }
        }
        forEachRange(of: Int32(CLK_PROP_LINE_BREAK)) { range, value in
            set(range, UInt32(value) << CharacterProperties.lineBreakShift)
        }
        forEachRange(of: Int32(CLK_PROP_GRAPHEME_CLUSTER_BREAK)) { range, value in
            set(range, UInt32(value) << CharacterProperties.graphemeShift)
        }
        // Width classes start as "one"; the passes below refine them. Two bits, so a later
        // pass overwrites rather than ORs.
        var width = [UInt8](repeating: ScalarWidthClass.one.rawValue, count: 0x110000)
        forEachRange(of: Int32(CLK_PROP_EAST_ASIAN_WIDTH)) { range, value in
            switch value {
            case 1: // Ambiguous
                for codePoint in range { width[codePoint] = ScalarWidthClass.ambiguous.rawValue }
            case 3, 5: // Fullwidth, Wide
                for codePoint in range { width[codePoint] = ScalarWidthClass.two.rawValue }
                set(range, CharacterProperties.eastAsianFWHBit)
            case 2: // Halfwidth
                set(range, CharacterProperties.eastAsianFWHBit)
            default:
                break
            }
        }
        forEachRange(ofBinary: Int32(CLK_BIN_EMOJI_PRESENTATION)) { range in
            for codePoint in range { width[codePoint] = ScalarWidthClass.two.rawValue }
            set(range, CharacterProperties.emojiPresentationBit)
        }
        forEachRange(of: Int32(CLK_PROP_GENERAL_CATEGORY)) { range, value in
            switch value {
            case 0: // Cn, unassigned
                set(range, CharacterProperties.unassignedBit)
            case 6, 7: // Mn, Me
                for codePoint in range { width[codePoint] = ScalarWidthClass.zero.rawValue }
                if value == 6 { set(range, CharacterProperties.markBit) }
            case 8: // Mc: a spacing mark takes a cell of its own
                set(range, CharacterProperties.markBit)
            case 13, 14, 15, 16: // Zl, Zp, Cc, Cf
                for codePoint in range { width[codePoint] = ScalarWidthClass.zero.rawValue }
            default:
                break
            }
        }
        // Default-ignorable characters take no cell, but for the letters among them, the
        // Hangul fillers (U+115F, U+1160, U+3164, U+FFA0): terminals draw those with their
        // East Asian width, as blanks (U+1160, a medial jamo, is zeroed below).
        forEachRange(ofPattern: #"[\p{Default_Ignorable_Code_Point}-\p{gc=Lo}]"#) { range in
            for codePoint in range { width[codePoint] = ScalarWidthClass.zero.rawValue }
        }
        forEachRange(of: Int32(CLK_PROP_GRAPHEME_CLUSTER_BREAK)) { range, value in
            // Hangul medial vowels and final consonants join the syllable before them.
            if value == Int32(GraphemeBreakProperty.v.rawValue) || value == Int32(GraphemeBreakProperty.t.rawValue) {
                for codePoint in range { width[codePoint] = ScalarWidthClass.zero.rawValue }
            }
        }
        width[0x09] = ScalarWidthClass.one.rawValue // a tab is drawn as one blank cell
        for codePoint in 0 ..< 0x110000 {
            table[codePoint] |= UInt32(width[codePoint]) << CharacterProperties.widthShift
        }

        let binaries: [(Int32, UInt32)] = [
            (Int32(CLK_BIN_EXTENDED_PICTOGRAPHIC), CharacterProperties.extendedPictographicBit),
            (Int32(CLK_BIN_EMOJI), CharacterProperties.emojiBit),
            (Int32(CLK_BIN_EMOJI_MODIFIER), CharacterProperties.emojiModifierBit),
            (Int32(CLK_BIN_EMOJI_MODIFIER_BASE), CharacterProperties.emojiModifierBaseBit),
            (Int32(CLK_BIN_BIDI_MIRRORED), CharacterProperties.bidiMirroredBit),
        ]
        for (property, bit) in binaries {
            forEachRange(ofBinary: property) { set($0, bit) }
        }
        forEachRange(of: Int32(CLK_PROP_BIDI_CLASS)) { range, value in
            // ICU's UCharDirection: L 0, R 1, AN 5, LRE 11, LRO 12, AL 13, RLE 14, RLO 15,
            // PDF 16, FSI 19, LRI 20, RLI 21, PDI 22.
            // The 3-bit field (`BidiClassField`): EN 2, ES 3, ET 4, CS 6, NSM 17, BN 18, WS 9;
            // AL 13 among the strong right-to-left.
            let field: UInt8
            switch value {
            case 2: field = BidiClassField.europeanNumber
            case 3: field = BidiClassField.europeanSeparator
            case 4: field = BidiClassField.europeanTerminator
            case 6: field = BidiClassField.commonSeparator
            case 17: field = BidiClassField.nonspacingMark
            case 18: field = BidiClassField.boundaryNeutral
            case 9: field = BidiClassField.whitespace
            case 13: field = BidiClassField.arabicLetter
            default: field = BidiClassField.other
            }
            set(range, UInt32(field) << CharacterProperties.bidiFieldShift)
            switch value {
            case 0: set(range, CharacterProperties.strongLeftBit)
            case 1, 13: set(range, CharacterProperties.strongRightBit | CharacterProperties.needsBidiBit)
            case 5: set(range, CharacterProperties.needsBidiBit)
            case 14, 15, 21:
                set(range, CharacterProperties.needsBidiBit | CharacterProperties.bidiControlBit)
            case 11, 12, 16, 19, 20, 22: set(range, CharacterProperties.bidiControlBit)
            default: break
            }
        }
        let aksara: [(String, UInt32)] = [
            ("[\(aksaraScripts)&\\p{InSC=Consonant}]", CharacterProperties.linkingConsonantBit),
            ("[\(aksaraScripts)&\\p{InSC=Virama}]", CharacterProperties.viramaBit),
            (#"[[\p{gcb=Extend}-\p{ccc=0}]\u200D]"#, CharacterProperties.extendCombiningOrZWJBit),
        ]
        for (pattern, bit) in aksara {
            forEachRange(ofPattern: pattern) { set($0, bit) }
        }
        // Implicit directional marks: zero width, never drawn.
        for codePoint in [0x200E, 0x200F, 0x061C] {
            table[codePoint] |= CharacterProperties.bidiControlBit
        }
    }
}
