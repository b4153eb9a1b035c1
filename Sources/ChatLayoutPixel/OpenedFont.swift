import ChatLayoutPixelShim

/// A font file opened for measuring: what it covers, its line metrics, and shaping with
/// HarfBuzz. Immutable once opened, so one instance serves every thread.
final class OpenedFont: @unchecked Sendable {  // the C font is immutable and thread-safe (clk_pixel.h)
    let file: FontFile
    let unitsPerEm: Int
    /// The face's family name ("Noto Sans Arabic").
    let family: String
    private let font: OpaquePointer

    init(_ file: FontFile) throws(FontError) {
        var code: Int32 = 0
        guard let font = clk_font_open(file.path, &code) else {
            if code == -2, let reason = clk_harfbuzz_error() { throw .harfBuzzUnavailable(reason: String(cString: reason)) }
            throw .cannotOpen(path: file.path, code: code)
        }
        self.file = file
        self.font = font
        self.unitsPerEm = Int(clk_font_units_per_em(font))
        self.family = String(cString: clk_font_family(font))
    }

    deinit { clk_font_close(font) }

    /// Ascender (positive), descender (negative) and line gap, in font units.
    var lineMetrics: (ascender: Int, descender: Int, lineGap: Int) {
        var ascender: Int32 = 0, descender: Int32 = 0, lineGap: Int32 = 0
        clk_font_line_metrics(font, &ascender, &descender, &lineGap)
        return (Int(ascender), Int(descender), Int(lineGap))
    }

    /// Whether the font's character map has a glyph for `scalar`.
    func hasGlyph(_ scalar: Unicode.Scalar) -> Bool {
        clk_font_has_glyph(font, scalar.value) != 0
    }

    /// Whether the font can draw the grapheme cluster: a glyph for each of its code points
    /// but those that are drawn as nothing (joiners, variation selectors, tags, …).
    func covers(_ cluster: String) -> Bool {
        // No code point below U+00AD (the soft hyphen) is default-ignorable: the property is
        // looked up only above it.
        cluster.unicodeScalars.allSatisfy { hasGlyph($0) || ($0.value >= 0xAD && $0.properties.isDefaultIgnorableCodePoint) }
    }

    /// `text` shaped as one run of `script` (an ISO 15924 tag from `Script`), in "und":
    /// the total advance and each glyph's advance with its cluster (the UTF-8 offset of the
    /// first character it draws), all in font units.
    func shape(_ text: String, script: UInt32) -> (total: Int, glyphs: [(advance: Int32, cluster: UInt32)]) {
        var text = text
        return text.withUTF8 { bytes -> (total: Int, glyphs: [(advance: Int32, cluster: UInt32)]) in
            var capacity = bytes.count + 8
            while true {
                var total: Int64 = 0
                var advances = [Int32](repeating: 0, count: capacity)
                var clusters = [UInt32](repeating: 0, count: capacity)
                let count = bytes.withMemoryRebound(to: CChar.self) { characters in
                    clk_font_shape(font, characters.baseAddress, Int32(characters.count), script, "und",
                                   &total, &advances, &clusters, Int32(capacity))
                }
                guard count >= 0 else { return (0, []) }  // HarfBuzz ran out of memory
                if Int(count) <= capacity {
                    return (Int(total), (0 ..< Int(count)).map { (advances[$0], clusters[$0]) })
                }
                capacity = Int(count)
            }
        }
    }
}

/// Unicode scripts as HarfBuzz names them (ISO 15924 tags packed big-endian).
enum Script {
    /// Spaces, digits, most punctuation and symbols: they take the script of the text around them.
    static let common: UInt32 = 0x5A79_7979  // "Zyyy"
    /// Combining marks: they take their base's script.
    static let inherited: UInt32 = 0x5A69_6E68  // "Zinh"
    /// Unassigned code points.
    static let unknown: UInt32 = 0x5A7A_7A7A  // "Zzzz"

    /// The script of a grapheme cluster: that of its first code point with a script of its
    /// own, else `common`.
    static func of(_ cluster: String) -> UInt32 {
        for scalar in cluster.unicodeScalars {
            let script = clk_script(scalar.value)
            if script != common && script != inherited && script != unknown { return script }
        }
        return common
    }
}
