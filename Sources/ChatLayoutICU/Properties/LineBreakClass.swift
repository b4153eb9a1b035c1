/// UAX #14 line-break classes, numbered as ICU's `ULineBreak` (stable API values).
enum LineBreakClass: UInt8, Sendable {
    case XX = 0, AI, AL, B2, BA, BB, BK, CB, CL, CM, CR, EX, GL, HY, ID, IN, IS, LF, NS, NU, OP,
         PO, PR, QU, SA, SG, SP, SY, ZW, NL, WJ, H2, H3, JL, JT, JV, CP, CJ, HL, RI, EB, EM, ZWJ
}

/// UAX #29 Grapheme_Cluster_Break values, numbered as ICU's `UGraphemeClusterBreak`.
enum GraphemeBreakProperty: UInt8, Sendable {
    case other = 0, control, cr, extend, l, lf, lv, lvt, t, v, spacingMark, prepend,
         regionalIndicator, eBase, eBaseGAZ, eModifier, glueAfterZWJ, zwj
}

/// The width class of a single code point under the cell-width policy (see `CellWidth`).
enum ScalarWidthClass: UInt8, Sendable {
    /// Marks, format and default-ignorable characters, controls, Hangul medial/final jamo.
    case zero = 0
    case one = 1
    /// East Asian Wide/Fullwidth, Emoji_Presentation.
    case two = 2
    /// East Asian Ambiguous: one cell, or two under `CellWidthPolicy.ambiguousIsWide`.
    case ambiguous = 3
}
