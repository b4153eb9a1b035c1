/// The pseudo-locales for testing a layout, as Android and Element X have them: words made
/// from English that show what a translation would break.
///
/// - `en-XA` (``accented``): every letter accented, every phrase bracketed and a third or more
///   longer ("[Ûñŕéåð ɱéššåĝéš one two]"), so a cut phrase, a hard-coded English word and a
///   part that does not grow show at once.
/// - `ar-XB` (``rightToLeft``): English words forced right to left (each word between
///   RLO and PDF, with right-to-left marks around it), so a layout that ignores the direction
///   shows it.
public enum PseudoLocale: String, CaseIterable, Sendable {
    /// `en-XA`: accented, bracketed, longer.
    case accented = "en-XA"
    /// `ar-XB`: English shown right to left.
    case rightToLeft = "ar-XB"

    /// `english`'s words made pseudo. Placeholders ("{name}") stay as they are, and so does
    /// a phrase without letters (the list separator, glyphs).
    public func strings(from english: ChatStrings) -> ChatStrings {
        var strings = english
        var table: [(String, ChatStringsValue)] = []
        for (key, value) in english.table {
            switch value {
            case .phrase(let text): table.append((key, .phrase(transform(text))))
            case .counted(let forms): table.append((key, .counted(forms.mapValues(transform))))
            }
        }
        // The transforms keep every placeholder, so the table is as valid as English's.
        try? strings.apply(table)
        return strings
    }

    /// One phrase made pseudo.
    public func transform(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { $0.properties.isAlphabetic }) else { return text }
        let pieces = Self.pieces(of: text)
        switch self {
        case .accented:
            // Leading and trailing spaces stay outside the brackets ("replied to: " keeps its
            // space after the quote's opening).
            let body = text.drop(while: { $0 == " " })
            let leading = String(repeating: " ", count: text.count - body.count)
            let trimmed = String(body.reversed().drop(while: { $0 == " " }).reversed())
            let trailing = String(repeating: " ", count: body.count - trimmed.count)
            var accented = ""
            for piece in Self.pieces(of: trimmed) {
                accented += piece.isPlaceholder ? piece.text : String(String.UnicodeScalarView(piece.text.unicodeScalars.map(Self.accent)))
            }
            let letters = pieces.filter { !$0.isPlaceholder }.reduce(0) { $0 + $1.text.count }
            var padding = ""
            var index = 0
            while padding.count < (letters * 35 + 99) / 100 {
                padding += " " + Self.fillerWords[index % Self.fillerWords.count]
                index += 1
            }
            return leading + "[" + accented + padding + "]" + trailing
        case .rightToLeft:
            var result = ""
            for piece in pieces {
                guard !piece.isPlaceholder else {
                    result += piece.text
                    continue
                }
                var word = ""
                for character in piece.text {
                    if character == " " {
                        if !word.isEmpty { result += Self.forcedRightToLeft(word) }
                        word = ""
                        result.append(character)
                    } else {
                        word.append(character)
                    }
                }
                if !word.isEmpty { result += Self.forcedRightToLeft(word) }
            }
            return result
        }
    }

    /// RLM RLO word PDF RLM: the word's letters shown right to left, the word set as
    /// right-to-left among its neighbours.
    private static func forcedRightToLeft(_ word: String) -> String {
        "\u{200F}\u{202E}\(word)\u{202C}\u{200F}"
    }

    /// The words that lengthen an accented phrase.
    private static let fillerWords = ["one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"]

    /// A letter of `a`–`z` or `A`–`Z` with an accent, as pseudo-localisation spells it; any
    /// other scalar as it is.
    private static func accent(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
        accents[Character(scalar)]?.unicodeScalars.first ?? scalar
    }

    private static let accents: [Character: Character] = [
            "a": "å", "b": "ƀ", "c": "ç", "d": "ð", "e": "é", "f": "ƒ", "g": "ĝ", "h": "ĥ", "i": "î", "j": "ĵ",
            "k": "ķ", "l": "ļ", "m": "ɱ", "n": "ñ", "o": "ö", "p": "þ", "q": "ǫ", "r": "ŕ", "s": "š", "t": "ţ",
            "u": "û", "v": "ṽ", "w": "ŵ", "x": "ẋ", "y": "ý", "z": "ž",
            "A": "Å", "B": "Ɓ", "C": "Ç", "D": "Ð", "E": "É", "F": "Ƒ", "G": "Ĝ", "H": "Ĥ", "I": "Î", "J": "Ĵ",
            "K": "Ķ", "L": "Ļ", "M": "Ṁ", "N": "Ñ", "O": "Ö", "P": "Þ", "Q": "Ǫ", "R": "Ŕ", "S": "Š", "T": "Ţ",
            "U": "Û", "V": "Ṽ", "W": "Ŵ", "X": "Ẋ", "Y": "Ý", "Z": "Ž",
        ]

    /// The phrase cut into placeholders ("{name}") and the text between them.
    private static func pieces(of text: String) -> [(text: String, isPlaceholder: Bool)] {
        var pieces: [(text: String, isPlaceholder: Bool)] = []
        var rest = text[...]
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}"),
              !rest[rest.index(after: open) ..< close].contains("{") {
            if open > rest.startIndex { pieces.append((String(rest[..<open]), false)) }
            pieces.append((String(rest[open ... close]), true))
            rest = rest[rest.index(after: close)...]
        }
        if !rest.isEmpty { pieces.append((String(rest), false)) }
        return pieces
    }
}
