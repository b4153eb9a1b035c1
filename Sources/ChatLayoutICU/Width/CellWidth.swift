/// The cell-width policy: how many cells of a monospace grid each grapheme cluster takes.
///
/// Version `clk-width-2` (Unicode 15.0, ICU 72). <doc:CellWidths> documents it with its table
/// of hard cases and the comparison with `wcwidth`; `Tests/ChatLayoutICUTests/CellWidthTests.swift`
/// pins them.
///
/// A cluster is measured as a whole:
/// 1. emoji presentation takes 2 cells: a VS16 (U+FE0F) after an emoji character, a keycap
///    sequence (`[0-9#*] FE0F? 20E3`), a pair of regional indicators (a flag), an emoji
///    modifier sequence (a skin tone), a ZWJ sequence of pictographs;
/// 2. a VS15 (U+FE0E) after an emoji character asks for text presentation: 1 cell;
/// 3. otherwise the cluster's code points add up, capped at 2: East Asian Wide/Fullwidth and
///    Emoji_Presentation 2, East Asian Ambiguous 1 (2 with `ambiguousIsWide`), marks (Mn, Me),
///    format and default-ignorable characters, controls and Hangul medial/final jamo 0,
///    everything else (spacing marks Mc included) 1. A tab counts 1;
/// 4. the Hangul fillers, default-ignorable letters, are blanks as wide as terminals draw them:
///    U+3164 2, U+FFA0 1, U+115F 2 (their East Asian width).
public struct CellWidthPolicy: Hashable, Sendable {
    /// The policy's version, printed in golden headers; it changes whenever a width changes.
    public static let version = "clk-width-2"

    /// Count East Asian Ambiguous characters (Greek, Cyrillic and box drawing in CJK legacy
    /// encodings, "…") as 2 cells, as terminals in CJK locales do. Default: 1.
    public var ambiguousIsWide: Bool

    /// The policy; East Asian Ambiguous characters take 1 cell unless `ambiguousIsWide`.
    public init(ambiguousIsWide: Bool = false) {
        self.ambiguousIsWide = ambiguousIsWide
    }
}

enum CellWidth {
    static let variationSelector16: UInt32 = 0xFE0F
    static let variationSelector15: UInt32 = 0xFE0E
    static let combiningKeycap: UInt32 = 0x20E3
    static let zeroWidthJoiner: UInt32 = 0x200D

    /// The width of the cluster `range` of `text`.
    static func width(_ range: Range<Int>, _ text: AnalyzedText, _ policy: CellWidthPolicy) -> Int {
        let first = range.lowerBound
        if range.count == 1 {
            return scalarWidth(text.properties[first], policy)
        }
        // The base: the first code point that is not a Prepend.
        var base = first
        while base < range.upperBound - 1, text.properties[base].graphemeBreak == .prepend { base += 1 }
        let baseProperties = text.properties[base]
        let baseValue = text.scalar(base).value
        var sum = 0
        var index = first
        while index < range.upperBound {
            let value = text.scalar(index).value
            let properties = text.properties[index]
            if index > base {
                if value == variationSelector16 && baseProperties.isEmoji { return 2 }
                if value == variationSelector15 && baseProperties.isEmoji { return 1 }
                if value == combiningKeycap && isKeycapBase(baseValue) { return 2 }
                if properties.isEmojiModifier && baseProperties.isEmojiModifierBase { return 2 }
                if properties.graphemeBreak == .regionalIndicator && baseProperties.graphemeBreak == .regionalIndicator {
                    return 2
                }
                if properties.isExtendedPictographic && baseProperties.isExtendedPictographic
                    && text.scalar(index - 1).value == zeroWidthJoiner {
                    return 2
                }
            }
            sum += scalarWidth(properties, policy)
            index += 1
        }
        return min(sum, 2)
    }

    @inline(__always)
    static func scalarWidth(_ properties: CharacterProperties, _ policy: CellWidthPolicy) -> Int {
        // The classes zero, one and two are their widths (`ScalarWidthClass`'s raw values):
        // arithmetic, not a switch (a jump table, its indirect branch mispredicted in mixed text).
        let widthClass = Int(truncatingIfNeeded: properties.rawValue >> CharacterProperties.widthShift & 0x3)
        return widthClass == Int(ScalarWidthClass.ambiguous.rawValue) ? (policy.ambiguousIsWide ? 2 : 1) : widthClass
    }

    static func isKeycapBase(_ value: UInt32) -> Bool {
        (0x30 ... 0x39).contains(value) || value == 0x23 || value == 0x2A
    }
}

extension CellWidth {
    /// The cluster is an emoji drawn as an emoji: an emoji character with emoji presentation
    /// by default or by sequence (VS16, keycap, skin tone, flag, ZWJ sequence).
    static func isEmoji(_ range: Range<Int>, _ text: AnalyzedText) -> Bool {
        let first = text.properties[range.lowerBound]
        guard first.isEmoji || first.graphemeBreak == .regionalIndicator else { return false }
        if first.isEmojiPresentation && !range.contains(where: { text.scalar($0).value == variationSelector15 }) { return true }
        return range.count > 1 && width(range, text, CellWidthPolicy()) == 2
    }
}
