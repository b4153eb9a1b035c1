/// One font file of a ``FontSet``.
public struct FontFile: Hashable, Sendable {
    /// The path of the file (TrueType or OpenType; its first face is used).
    public var path: String
    /// Whether this is a color emoji font: grapheme clusters drawn as emoji ("🎉", "❤️",
    /// "👍🏽", "🇯🇵", "1️⃣") try emoji fonts before the rest of the set.
    public var isEmoji: Bool

    /// A font file.
    public init(path: String, isEmoji: Bool = false) {
        self.path = path
        self.isEmoji = isEmoji
    }
}

/// The fonts a ``HarfBuzzTextMeasurer`` measures with, in fallback order.
///
/// Each grapheme cluster is measured with the first font that has a glyph for every one of its
/// code points (emoji fonts first for clusters drawn as emoji); spaces, digits, punctuation and
/// combining marks stay in the font of the text around them when it has them. The first font
/// is the primary one: its line metrics give the line height. A cluster that no font covers is
/// measured as one em wide.
///
/// A front end draws with the same files, in the same order (a CSS `font-family` list), so
/// that what it draws is what was measured.
public struct FontSet: Hashable, Sendable {
    /// The fonts, in fallback order; the first is the primary font.
    public var fonts: [FontFile]

    /// A font set; the first font is the primary one.
    public init(_ fonts: [FontFile]) {
        self.fonts = fonts
    }

    /// Where Debian and Ubuntu install `fonts-noto-core`.
    public static let notoDirectory = "/usr/share/fonts/truetype/noto"

    /// Noto Sans for Latin, Greek and Cyrillic, then Noto Sans Arabic and Hebrew, Noto Color
    /// Emoji, the Noto Sans fonts of the other scripts a chat most often carries (South and
    /// South-East Asian, Armenian, Georgian, Ethiopic, Thaana, Syriac, math and symbols), and
    /// Droid Sans Fallback for Chinese, Japanese and Korean (its two files: the full one lacks
    /// most Hangul syllables, the other has them all).
    ///
    /// The Debian packages `fonts-noto-core`, `fonts-noto-color-emoji` and
    /// `fonts-droid-fallback` install these files (Droid Sans Fallback rather than Noto CJK: a
    /// tenth of the size).
    public static let noto = FontSet(
        ["NotoSans", "NotoSansArabic", "NotoSansHebrew"].map { FontFile(path: "\(notoDirectory)/\($0)-Regular.ttf") }
            + [FontFile(path: "\(notoDirectory)/NotoColorEmoji.ttf", isEmoji: true)]
            + [
                "NotoSansThai", "NotoSansLao", "NotoSansKhmer", "NotoSansMyanmar", "NotoSansDevanagari",
                "NotoSansBengali", "NotoSansGurmukhi", "NotoSansGujarati", "NotoSansOriya", "NotoSansTamil",
                "NotoSansTelugu", "NotoSansKannada", "NotoSansMalayalam", "NotoSansSinhala", "NotoSansArmenian",
                "NotoSansGeorgian", "NotoSansEthiopic", "NotoSansThaana", "NotoSansSyriac", "NotoSansMath",
                "NotoSansSymbols", "NotoSansSymbols2",
            ].map { FontFile(path: "\(notoDirectory)/\($0)-Regular.ttf") }
            + [
                // The file fontconfig knows (ideographs, kana, CJK extension A), then the one
                // beside it that has every Hangul syllable the first lacks.
                FontFile(path: "/usr/share/fonts/truetype/droid/DroidSansFallbackFull.ttf"),
                FontFile(path: "/usr/share/fonts-droid-fallback/truetype/DroidSansFallback.ttf"),
            ]
    )
}

/// Why a ``HarfBuzzTextMeasurer`` cannot be made.
public enum FontError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A font file could not be opened: it is missing, unreadable or not a font (FreeType's
    /// error code, or -1 when HarfBuzz could not load it).
    case cannotOpen(path: String, code: Int32)
    /// The font set has no fonts.
    case noFonts
    /// The system's HarfBuzz library, which shapes the text, cannot be loaded: the reason
    /// names what is missing (the library, or a function an older HarfBuzz lacks).
    case harfBuzzUnavailable(reason: String)
    /// The point size is not a positive, finite number.
    case invalidPointSize(Double)

    /// A sentence naming the problem.
    public var description: String {
        switch self {
        case .cannotOpen(let path, let code):
            return "cannot open the font file \(path) (error \(code)); on Debian or Ubuntu, install fonts-noto-core, fonts-noto-color-emoji and fonts-droid-fallback"
        case .noFonts:
            return "the font set has no fonts"
        case .harfBuzzUnavailable(let reason):
            return "cannot measure in points: \(reason)"
        case .invalidPointSize(let size):
            return "the point size must be positive and finite, not \(size)"
        }
    }
}
