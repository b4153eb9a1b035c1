@testable import ChatLayoutKit
@testable import ChatLayoutModel
@testable import ChatLayoutDecisions
@testable import ChatLayoutComposition
@testable import ChatLayoutPlacement
import Testing

/// Filling the UI strings' templates.
struct ChatStringsTests {
    @Test func replacingAll_replacesEveryOccurrence_andLeavesTheRest() {
        #expect("{count} of {count}".replacingAll("{count}", with: "3") == "3 of 3")
        #expect("no placeholder".replacingAll("{count}", with: "3") == "no placeholder")
        #expect("{coun {count}}".replacingAll("{count}", with: "٣") == "{coun ٣}")
        #expect("".replacingAll("{count}", with: "3") == "")
        #expect("{count}".replacingAll("{count}", with: "") == "")
        #expect("a\tb\t".replacingAll("\t", with: " ") == "a b ")
    }

    /// Matching is by bytes, not by Character: a tab followed by a combining mark is still a
    /// tab to replace (a Character-wise search would miss it).
    @Test func replacingAll_findsTheTargetInsideAGraphemeCluster() {
        #expect("a\t\u{301}b".replacingAll("\t", with: " ") == "a \u{301}b")
    }

    @Test func countPhrase_fillsTheCountOfTheRightForm() {
        let phrase = CountPhrase(one: "{count} reply", other: "{count} replies")
        #expect(phrase.text(1, using: FixedFormatter()) == "1 reply")
        #expect(phrase.text(12, using: FixedFormatter()) == "12 replies")
    }

    /// A reaction's glyph, found by comparing types among a handful of glyphs and by hashing
    /// among more, is the dictionary's own for every type, and none for a type it lacks —
    /// names alike but for a letter's case, a combining mark or a byte's length, and names
    /// long enough to be kept outside the string itself.
    @Test(arguments: [0, 1, 5, 7, 8, 40])
    func reactionGlyph_isTheDictionarysGlyph(count: Int) {
        var strings = ChatStrings()
        var glyphs: [String: String] = [:]
        for index in 0 ..< count {
            glyphs[index.isMultiple(of: 3) ? "reaction number \(index) with a long name" : "r\(index)"] = "<\(index)>"
        }
        if count > 0 { glyphs["love"] = "❤️" }
        strings.reactionGlyphs = glyphs
        #expect(strings.reactionGlyphs.count == glyphs.count)
        for (type, glyph) in glyphs {
            #expect(strings.reactionGlyph(for: type) == glyph, "\(type)")
        }
        for missing in ["Love", "love\u{301}", "lov", "love ", "r", "reaction number 0 with a long nam", ""] {
            #expect(strings.reactionGlyph(for: missing) == nil, "\(missing)")
        }
        // The plain words of a row's reactions name each by its glyph, else by its type.
        let reactions = [ReactionCount(type: "love", count: 2), ReactionCount(type: "zzz", count: 1)]
        #expect(PlainPresentation.reactions(reactions, strings: strings) == (count > 0 ? "❤️ 2 zzz 1" : "love 2 zzz 1"))
    }
}

/// English plural rules and plain digits, for tests that need no ICU.
private struct FixedFormatter: LocaleFormatting {
    var locale: String { "en_US" }
    var timeZone: String { "UTC" }
    func localDateTime(of timestamp: Timestamp) -> LocalDateTime { fatalError("not used") }
    func format(_ timestamp: Timestamp, skeleton: String) -> String { fatalError("not used") }
    func format(_ timestamp: Timestamp, pattern: String) -> String { fatalError("not used") }
    func shortTime(_ timestamp: Timestamp) -> String { fatalError("not used") }
    func relativeDayName(_ offset: Int) -> String { fatalError("not used") }
    func pluralCategory(_ count: Int) -> PluralCategory { count == 1 ? .one : .other }
    func formatCount(_ count: Int) -> String { String(count) }
}
