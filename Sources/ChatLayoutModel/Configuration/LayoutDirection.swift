/// Which way a screen reads (`layout_direction`): left to right, or mirrored for a
/// right-to-left language. In a right-to-left layout the leading edge is the right one: others'
/// messages and their avatars sit at the right, the current user's at the left, and bubble
/// tails, reactions, footers, badges, banners and the header's title and subtitle follow.
///
/// Frames stay in one coordinate system (x grows to the right) in both: a right-to-left tree is
/// its left-to-right twin mirrored, box for box, and says so (``LaidOutScreen/direction``).
/// Text inside a box keeps its own direction: a line starts at the side its first strong
/// letter reads from, whatever the screen's direction.
public enum LayoutDirection: String, Hashable, Sendable, Codable, CaseIterable {
    /// Leading is left.
    case leftToRight = "ltr"
    /// Leading is right: the screen mirrored.
    case rightToLeft = "rtl"

    /// The direction of `locale`'s language: right to left for the languages written in
    /// Arabic, Hebrew, Syriac, Thaana, N'Ko and Adlam script (ar, fa, he, ur, ps, sd, ug, yi,
    /// ckb, dv, ks, syr, nqo, …, and the pseudo-locale ar_XB); left to right otherwise. A
    /// language written in either script takes the script its locale names ("pa_Arab",
    /// "ks_Deva").
    public init(locale: String) {
        let parts = Self.subtags(of: locale)
        guard let language = parts.first else {
            self = .leftToRight
            return
        }
        // The script, if any, comes right after the language ("pa_Arab_PK", "ks-Deva").
        if parts.count > 1, parts[1].count == 4 {
            self = Self.rightToLeftScripts.contains(parts[1]) ? .rightToLeft : .leftToRight
        } else {
            self = Self.rightToLeftLanguages.contains(language) ? .rightToLeft : .leftToRight
        }
    }

    /// A locale identifier's subtags, lowercased, before any encoding ("he_IL.utf8"), keywords
    /// ("ar_EG@calendar=islamic") or BCP 47 extension ("ar-EG-u-nu-latn": Western digits),
    /// which say nothing of the language, script or region: ["ar", "eg"].
    static func subtags(of locale: String) -> [String] {
        let identifier = locale.prefix { $0 != "." && $0 != "@" }
        var parts = identifier.split(whereSeparator: { $0 == "_" || $0 == "-" }).map { $0.lowercased() }
        if let singleton = parts.firstIndex(where: { $0.count == 1 }) { parts.removeSubrange(singleton...) }
        return parts
    }

    /// Languages whose default script is written right to left.
    private static let rightToLeftLanguages: Set<String> = [
        "ar", "arc", "ckb", "dv", "fa", "glk", "he", "iw", "ks", "lrc", "mzn", "nqo", "ps", "sd", "syr", "ug", "ur", "yi",
        "azb", "bal", "bqi", "khw", "sdh", "skr",
    ]

    /// ISO 15924 codes of right-to-left scripts, lowercased.
    private static let rightToLeftScripts: Set<String> = [
        "adlm", "arab", "aran", "hebr", "mand", "mend", "nkoo", "rohg", "samr", "syrc", "thaa", "yezi",
    ]

    /// The other direction.
    public var mirrored: LayoutDirection { self == .leftToRight ? .rightToLeft : .leftToRight }
}
