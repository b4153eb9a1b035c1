import ChatLayoutICUShim

/// ICU's own break iterators, called directly: the oracle that the table-driven engine is
/// checked against (differential tests) and measured against (benchmarks).
///
/// ICU 72's default line rules tailor UAX #14 in a few places (no break in "-#" or ",0",
/// none in "a.2"); the engine follows the Unicode standard and its conformance file there.
public enum ICUOracle {
    /// The extended grapheme clusters of `text` by ICU's character break iterator.
    public static func graphemeClusters(_ text: String, locale: String = "root") -> [String] {
        pieces(text, kind: Int32(CLK_BREAK_CHARACTER), locale: locale)
    }

    /// The segments between line-break opportunities by ICU's line break iterator.
    public static func lineBreakSegments(_ text: String, locale: String = "root") -> [String] {
        pieces(text, kind: Int32(CLK_BREAK_LINE), locale: locale)
    }

    private static func pieces(_ text: String, kind: Int32, locale: String) -> [String] {
        let units = Array(text.utf16)
        guard !units.isEmpty, let iterator = clk_icu_break_open(kind, locale) else { return [] }
        defer { clk_icu_break_close(iterator) }
        var boundaries = [Int32](repeating: 0, count: units.count + 1)
        let count = clk_icu_break_boundaries(iterator, units, Int32(units.count), &boundaries, nil, Int32(boundaries.count))
        guard count > 0 else { return [text] }
        var result: [String] = []
        var start = 0
        for boundary in boundaries[0 ..< Int(count)] {
            let end = Int(boundary)
            result.append(String(decoding: units[start ..< end], as: UTF16.self))
            start = end
        }
        return result
    }
}
