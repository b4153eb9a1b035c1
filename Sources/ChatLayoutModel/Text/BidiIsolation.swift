/// Where a value inserted into a phrase is set apart for bidi (UAX #9): a name, a title or a
/// count put into "{name} is typing…" or its Hebrew translation.
public enum BidiIsolation {
    /// Whether `text` could turn a phrase around it, or be turned by one: it has a letter of
    /// a right-to-left script (Hebrew, Arabic, Syriac, Thaana, N'Ko, Samaritan, Mandaic and
    /// the other scripts of U+0590–U+08FF, their presentation forms, and the right-to-left
    /// ranges of the supplementary planes) or a bidi control (ALM, RLM, the embeddings,
    /// overrides and isolates).
    public static func turnsPhrases(_ text: String) -> Bool {
        text.unicodeScalars.contains { scalar in
            switch scalar.value {
            case 0x0590 ... 0x08FF, 0xFB1D ... 0xFDFF, 0xFE70 ... 0xFEFF, 0x10800 ... 0x10FFF, 0x1E800 ... 0x1EFFF,
                 0x061C, 0x200F, 0x202A ... 0x202E, 0x2066 ... 0x2069: true
            default: false
            }
        }
    }

    /// `text` between FSI (U+2068) and PDI (U+2069): it takes its direction from its own
    /// first strong letter and leaves the phrase's order alone.
    public static func isolated(_ text: String) -> String {
        "\u{2068}\(text)\u{2069}"
    }
}
