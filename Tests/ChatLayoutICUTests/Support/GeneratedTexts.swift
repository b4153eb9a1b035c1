import ChatLayoutTestSupport

/// Random texts from an alphabet where the line-breaking rules interact: numbers and their
/// prefixes, quotes, brackets, spaces, hyphens, wide and ambiguous characters, line feeds.
enum GeneratedTexts {
    static let alphabet: [Unicode.Scalar] = [
        "a", "Z", "é", "ß", "1", "9", "0", " ", " ", " ", "-", "‐", "/", ".", ",", ":", ";", "!", "?", "%", "$", "€",
        "(", ")", "[", "]", "{", "}", "\"", "'", "«", "»", "“", "”", "\n", "日", "本", "。", "、", "ー", "가", "😀", "…",
        "\u{00A0}", "\u{2060}", "\u{200B}", "#", "+", "=", "_", "\u{3000}", "〔", "〕", "Ω", "ж", "\u{00B4}", "^", "`",
        "\u{3164}", "\u{FFA0}",
    ]

    /// `length` code points drawn from `alphabet`.
    static func text(_ random: inout SplitMix64, length: Int, alphabet: [Unicode.Scalar] = alphabet) -> String {
        var scalars = String.UnicodeScalarView()
        for _ in 0 ..< length { scalars.append(alphabet[Int(random.next() % UInt64(alphabet.count))]) }
        return String(scalars)
    }
}
