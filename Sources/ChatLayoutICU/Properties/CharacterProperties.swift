/// Everything the text engine needs to know about one code point, packed into 32 bits.
///
/// From ICU's own property data (`CharacterPropertyTable`, generated at build time), so the
/// segmentation, width and wrapping code runs over a flat table with ICU as the oracle.
struct CharacterProperties: Hashable, Sendable {
    var rawValue: UInt32

    init(rawValue: UInt32) { self.rawValue = rawValue }

    // Bit layout.
    static let lineBreakShift: UInt32 = 0        // 6 bits
    static let graphemeShift: UInt32 = 6         // 5 bits
    static let widthShift: UInt32 = 11           // 2 bits
    static let extendedPictographicBit: UInt32 = 1 << 13
    static let emojiBit: UInt32 = 1 << 14
    static let emojiPresentationBit: UInt32 = 1 << 15
    static let emojiModifierBit: UInt32 = 1 << 16
    static let emojiModifierBaseBit: UInt32 = 1 << 17
    static let unassignedBit: UInt32 = 1 << 18
    /// General category Mn or Mc (UAX #14 LB1: such SA characters resolve to CM).
    static let markBit: UInt32 = 1 << 19
    static let strongLeftBit: UInt32 = 1 << 20
    static let strongRightBit: UInt32 = 1 << 21
    /// Bidi classes that can make a line need reordering: R, AL, AN, RLE, RLO, RLI.
    static let needsBidiBit: UInt32 = 1 << 22
    /// Explicit bidi formatting characters and marks, never drawn.
    static let bidiControlBit: UInt32 = 1 << 23
    static let bidiMirroredBit: UInt32 = 1 << 24
    /// East_Asian_Width F, W or H (UAX #14 LB30 excludes these OP/CP).
    static let eastAsianFWHBit: UInt32 = 1 << 25

    /// CLDR's aksara tailoring of grapheme clusters, as ICU has it (and Unicode 15.1's GB9c
    /// later standardised): consonants and viramas of Devanagari, Bengali, Gujarati, Oriya,
    /// Telugu and Malayalam, and the extending marks between them.
    static let linkingConsonantBit: UInt32 = 1 << 26
    static let viramaBit: UInt32 = 1 << 27
    static let extendCombiningOrZWJBit: UInt32 = 1 << 28
    /// The bidi class beyond the bits above (3 bits, `BidiClassField`): for a code point
    /// neither strong nor AN nor a bidi control, EN, ES, ET, CS, NSM, BN, WS, or 0 for any other
    /// (ON, B, S); for a strong right-to-left one, whether it is AL (1) or R (0). The implicit
    /// bidi levels (`ImplicitBidi`) read it.
    static let bidiFieldShift: UInt32 = 29

    @inline(__always) var lineBreak: LineBreakClass {
        // The classes are numbered 0 … ZWJ without gaps: a value in range is the class itself
        // (`init(rawValue:)` is a switch over all of them, on every code point).
        let raw = UInt8(truncatingIfNeeded: rawValue & 0x3F)
        return raw <= LineBreakClass.ZWJ.rawValue ? unsafeBitCast(raw, to: LineBreakClass.self) : .XX
    }
    @inline(__always) var graphemeBreak: GraphemeBreakProperty {
        // Numbered 0 … zwj without gaps, as the line-break classes.
        let raw = UInt8(truncatingIfNeeded: (rawValue >> 6) & 0x1F)
        return raw <= GraphemeBreakProperty.zwj.rawValue ? unsafeBitCast(raw, to: GraphemeBreakProperty.self) : .other
    }
    @inline(__always) var widthClass: ScalarWidthClass {
        // Two bits: every value is a class (0 … 3), no need for `init(rawValue:)`'s switch.
        unsafeBitCast(UInt8(truncatingIfNeeded: (rawValue >> 11) & 0x3), to: ScalarWidthClass.self)
    }
    @inline(__always) func has(_ bit: UInt32) -> Bool { rawValue & bit != 0 }
    @inline(__always) var isExtendedPictographic: Bool { has(Self.extendedPictographicBit) }
    @inline(__always) var isEmoji: Bool { has(Self.emojiBit) }
    @inline(__always) var isEmojiPresentation: Bool { has(Self.emojiPresentationBit) }
    @inline(__always) var isEmojiModifier: Bool { has(Self.emojiModifierBit) }
    @inline(__always) var isEmojiModifierBase: Bool { has(Self.emojiModifierBaseBit) }
    @inline(__always) var isUnassigned: Bool { has(Self.unassignedBit) }
    @inline(__always) var isMark: Bool { has(Self.markBit) }
    @inline(__always) var isStrongLeft: Bool { has(Self.strongLeftBit) }
    @inline(__always) var isStrongRight: Bool { has(Self.strongRightBit) }
    @inline(__always) var needsBidi: Bool { has(Self.needsBidiBit) }
    @inline(__always) var isBidiControl: Bool { has(Self.bidiControlBit) }
    @inline(__always) var isBidiMirrored: Bool { has(Self.bidiMirroredBit) }
    @inline(__always) var isEastAsianFWH: Bool { has(Self.eastAsianFWHBit) }
    @inline(__always) var isLinkingConsonant: Bool { has(Self.linkingConsonantBit) }
    @inline(__always) var isVirama: Bool { has(Self.viramaBit) }
    @inline(__always) var isExtendCombiningOrZWJ: Bool { has(Self.extendCombiningOrZWJBit) }
    /// The 3-bit bidi field (see `bidiFieldShift`).
    @inline(__always) var bidiField: UInt8 { UInt8(truncatingIfNeeded: rawValue >> Self.bidiFieldShift) }
}

/// The values of `CharacterProperties.bidiField`.
enum BidiClassField {
    /// ON, B, S (and anything else not below) for a code point that is not strong; R for a
    /// strong right-to-left one.
    static let other: UInt8 = 0
    static let europeanNumber: UInt8 = 1
    /// A strong right-to-left code point's field: AL (Arabic letters), not R.
    static let arabicLetter: UInt8 = 1
    static let europeanSeparator: UInt8 = 2
    static let europeanTerminator: UInt8 = 3
    static let commonSeparator: UInt8 = 4
    static let nonspacingMark: UInt8 = 5
    static let boundaryNeutral: UInt8 = 6
    static let whitespace: UInt8 = 7
}
