import ChatLayoutICU
import Testing

/// The cell-width policy `clk-width-2` (README: "Cell width policy").
struct CellWidthTests {
    let engine = ICUTextEngine()

    struct HardCase: CustomTestStringConvertible, Sendable {
        var text: String
        var width: Int
        var why: String
        var testDescription: String { "\(why) → \(width)" }
    }

    /// The table of hard cases, as README documents it.
    static let hardCases: [HardCase] = [
        HardCase(text: "👩‍👩‍👧", width: 2, why: "ZWJ family: one cluster"),
        HardCase(text: "👨‍👩‍👧‍👦", width: 2, why: "ZWJ family of four"),
        HardCase(text: "🏳️‍🌈", width: 2, why: "ZWJ sequence with VS16"),
        HardCase(text: "👍🏽", width: 2, why: "skin tone on an emoji"),
        HardCase(text: "☝🏽", width: 2, why: "skin tone on a text-default base"),
        HardCase(text: "🏽", width: 2, why: "lone skin-tone modifier"),
        HardCase(text: "🇯🇵", width: 2, why: "flag: a pair of regional indicators"),
        HardCase(text: "🇯", width: 2, why: "lone regional indicator (Emoji_Presentation)"),
        HardCase(text: "🇯🇵🇩", width: 4, why: "flag then a lone regional indicator"),
        HardCase(text: "🏴󠁧󠁢󠁳󠁣󠁴󠁿", width: 2, why: "tag sequence flag (Scotland)"),
        HardCase(text: "1️⃣", width: 2, why: "keycap with VS16"),
        HardCase(text: "#⃣", width: 2, why: "keycap without VS16"),
        HardCase(text: "❤️", width: 2, why: "VS16 on a text-default emoji"),
        HardCase(text: "❤", width: 1, why: "text-default emoji without VS16"),
        HardCase(text: "⌚", width: 2, why: "Emoji_Presentation"),
        HardCase(text: "⌚︎", width: 1, why: "VS15 asks for text presentation"),
        HardCase(text: "©️", width: 2, why: "VS16 on ©"),
        HardCase(text: "©", width: 1, why: "© alone"),
        HardCase(text: "e\u{301}", width: 1, why: "combining acute on e"),
        HardCase(text: "\u{301}", width: 0, why: "lone combining mark"),
        HardCase(text: "a\u{301}\u{302}\u{303}\u{304}\u{305}", width: 1, why: "stacked combining marks (zalgo)"),
        HardCase(text: "각", width: 2, why: "precomposed Hangul syllable"),
        HardCase(text: "\u{1100}\u{1161}\u{11A8}", width: 2, why: "conjoining jamo L V T"),
        HardCase(text: "\u{1161}", width: 0, why: "lone medial jamo"),
        HardCase(text: "ｈ", width: 2, why: "fullwidth Latin"),
        HardCase(text: "ｶ", width: 1, why: "halfwidth katakana"),
        HardCase(text: "中文", width: 4, why: "CJK ideographs"),
        HardCase(text: "\u{3000}", width: 2, why: "ideographic space"),
        HardCase(text: "α", width: 1, why: "East Asian ambiguous (Greek) by default"),
        HardCase(text: "…", width: 1, why: "ellipsis is ambiguous"),
        HardCase(text: "\u{200B}", width: 0, why: "zero width space"),
        HardCase(text: "\u{200D}", width: 0, why: "lone ZWJ"),
        HardCase(text: "\u{00AD}", width: 0, why: "soft hyphen (invisible unless broken)"),
        HardCase(text: "\u{FEFF}", width: 0, why: "byte order mark"),
        HardCase(text: "\u{202E}", width: 0, why: "bidi override control"),
        HardCase(text: "\t", width: 1, why: "tab is one blank cell"),
        HardCase(text: "\u{3164}", width: 2, why: "Hangul filler: a blank as wide as terminals draw it"),
        HardCase(text: "\u{FFA0}", width: 1, why: "halfwidth Hangul filler"),
        HardCase(text: "\u{115F}", width: 2, why: "Hangul choseong filler"),
        HardCase(text: "\u{115F}\u{1160}", width: 2, why: "choseong and jungseong fillers: one cluster, like a syllable"),
        HardCase(text: "\u{1160}", width: 0, why: "lone jungseong filler: a medial jamo"),
        HardCase(text: "का", width: 2, why: "Devanagari consonant + spacing vowel sign (Mc)"),
        HardCase(text: "क्", width: 1, why: "consonant + virama (Mn)"),
        HardCase(text: "क्ष", width: 2, why: "aksara conjunct: one cluster, capped at 2"),
        HardCase(text: "ที่", width: 1, why: "Thai consonant with two marks"),
        HardCase(text: "\u{0600}\u{0661}", width: 1, why: "prepended Arabic number sign"),
        HardCase(text: "שָׁלוֹם", width: 4, why: "Hebrew with points"),
        HardCase(text: "مرحبا", width: 5, why: "Arabic letters, one cell each"),
    ]

    @Test(arguments: hardCases)
    func hardCase_hasDocumentedWidth(_ hardCase: HardCase) {
        #expect(engine.width(of: hardCase.text) == hardCase.width)
    }

    @Test func ambiguousOption_countsAmbiguousAsTwo() {
        let wide = ICUTextEngine(policy: CellWidthPolicy(ambiguousIsWide: true))
        #expect(wide.width(of: "α") == 2)
        #expect(wide.width(of: "…") == 2)
        #expect(wide.width(of: "a") == 1)
        #expect(wide.width(of: "中") == 2)
    }

    @Test func everyFullyQualifiedEmoji_isOneClusterOfWidthTwo() throws {
        var checked = 0
        var failures: [String] = []
        for line in try Fixtures.text("emoji-test.txt").split(separator: "\n") where line.contains("; fully-qualified") {
            let codes = line.split(separator: ";")[0].split(separator: " ")
            var scalars = String.UnicodeScalarView()
            for code in codes { scalars.append(Unicode.Scalar(UInt32(code, radix: 16)!)!) }
            let emoji = String(scalars)
            let clusters = engine.graphemeClusters(emoji)
            let width = engine.width(of: emoji)
            if clusters.count != 1 || width != 2 {
                failures.append("\(codes.joined(separator: " ")) \(emoji): \(clusters.count) clusters, width \(width)")
            }
            checked += 1
        }
        #expect(checked == 3655, "emoji-test.txt 15.0 lists 3655 fully-qualified sequences")
        #expect(failures.isEmpty, "\(failures.count) failures: \(failures.prefix(10))")
    }

    @Test func widthOfText_isTheSumOfItsClusters() throws {
        for text in try Fixtures.corpus().prefix(2000) {
            let sum = engine.clusterWidths(text).reduce(0) { $0 + $1.width }
            #expect(engine.width(of: text) == sum)
        }
    }

    @Test func policyVersion_isNamed() {
        #expect(CellWidthPolicy.version == "clk-width-2")
        #expect(ICUTextEngine.unicodeVersion == "15.0")
    }
}
