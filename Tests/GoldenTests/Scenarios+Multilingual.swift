/// Goldens for the text engine on real chat lines: the chatterbot corpus's CJK,
/// Thai, Indic, Hebrew and Persian lines in group conversations of several authors, emoji
/// sequences, a long URL and hard line breaks, a hostile message that must come out inert, and
/// one conversation in three locales, with ambiguous characters wide, and very narrow and wide.
extension Scenarios {
    static let multilingual: [Scenario] = cjk + rightToLeft + thaiAndIndic + emoji + hostile + locales

    /// Chinese, Japanese (「」, kana and Latin mixed) and Korean: two-cell characters, no line
    /// starting with closing punctuation; a Korean reply quoting Japanese; a Chinese thread reply.
    static let cjk: [Scenario] = [
        Scenario(name: "corpus-cjk-w24", document: "multilingual-cjk.json", width: 24),
        Scenario(name: "corpus-cjk-w40", document: "multilingual-cjk.json", width: 40),
        Scenario(name: "corpus-cjk-w80", document: "multilingual-cjk.json", width: 80),
    ]

    /// Hebrew and Persian in a he_IL channel: right-aligned right-to-left lines, mirrored
    /// brackets across a line break, digits (Western and Persian) and Latin words inside
    /// right-to-left text, English quoting Persian and Hebrew quoting Persian, a Hebrew thread reply.
    static let rightToLeft: [Scenario] = [
        Scenario(name: "multilingual-rtl-mixed-w24", document: "multilingual-rtl.json", width: 24),
        Scenario(name: "multilingual-rtl-mixed-w40", document: "multilingual-rtl.json", width: 40, tree: true, svg: true),
        Scenario(name: "multilingual-rtl-mixed-w80", document: "multilingual-rtl.json", width: 80),
    ]

    /// Thai broken between dictionary words; Devanagari (Hindi, Marathi) with conjuncts, Bengali
    /// and Tamil, whose long words split only between grapheme clusters; a Tamil message quoting
    /// Bengali; a Marathi thread reply.
    static let thaiAndIndic: [Scenario] = [
        Scenario(name: "corpus-thai-indic-w24", document: "multilingual-indic-thai.json", width: 24),
        Scenario(name: "corpus-thai-indic-w40", document: "multilingual-indic-thai.json", width: 40),
        Scenario(name: "corpus-thai-indic-w80", document: "multilingual-indic-thai.json", width: 80),
    ]

    /// ZWJ families, skin tones, flags (a tag-sequence flag too), keycaps, VS15/VS16, two
    /// jumbomoji, a long URL that must split, and a code snippet with hard line breaks.
    static let emoji: [Scenario] = [
        Scenario(name: "emoji-sequences-url-breaks-w24", document: "emoji-sequences.json", width: 24),
        Scenario(name: "emoji-sequences-url-breaks-w40", document: "emoji-sequences.json", width: 40),
        Scenario(name: "emoji-sequences-url-breaks-w80", document: "emoji-sequences.json", width: 80),
    ]

    /// ANSI colours, an OSC title change and hyperlink, C0 and C1 controls, a carriage return,
    /// unclosed right-to-left overrides in a message, a name, an attachment title and a quote:
    /// all shown inert, none reaching past its own text.
    static let hostile: [Scenario] = [
        Scenario(name: "hostile-text-neutralised-w24", document: "hostile-text.json", width: 24),
        Scenario(name: "hostile-text-neutralised-w40", document: "hostile-text.json", width: 40),
    ]

    /// One conversation over four months (Russian, German, Japanese, Hebrew, English): date
    /// separators and times through ICU in en_US, de_DE and ja_JP; East Asian Ambiguous
    /// characters (Cyrillic, "ü", "ß", "…") two cells wide; the narrowest and a wide screen.
    static let locales: [Scenario] = [
        Scenario(name: "multilingual-tour-en-us-w40", document: "multilingual-tour.json", width: 40),
        Scenario(name: "multilingual-tour-de-de-w40", document: "multilingual-tour.json", width: 40, overrides: .init(locale: "de_DE")),
        Scenario(name: "multilingual-tour-ja-jp-w40", document: "multilingual-tour.json", width: 40, overrides: .init(locale: "ja_JP")),
        Scenario(name: "multilingual-tour-ja-jp-ambiguous-wide-w40", document: "multilingual-tour.json", width: 40,
                 ambiguousIsWide: true, overrides: .init(locale: "ja_JP")),
        Scenario(name: "multilingual-tour-narrow-w20", document: "multilingual-tour.json", width: 20),
        Scenario(name: "multilingual-tour-wide-w120", document: "multilingual-tour.json", width: 120),
    ]
}
