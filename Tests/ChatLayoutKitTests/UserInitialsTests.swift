@testable import ChatLayoutKit
@testable import ChatLayoutModel
@testable import ChatLayoutDecisions
@testable import ChatLayoutComposition
@testable import ChatLayoutPlacement
import ChatLayoutTestSupport
import Testing

/// Avatar initials: the first letter or digit of the first two words that have one, else the
/// first character of the first two words.
struct UserInitialsTests {
    /// The rule as written, Character by Character: what the byte-wise path for ASCII names
    /// must match.
    private func reference(_ name: String) -> String {
        let words = name.split(whereSeparator: { $0.isWhitespace })
        var letters = Array(words.compactMap { $0.first(where: { $0.isLetter || $0.isNumber }) }.prefix(2))
        if letters.isEmpty { letters = words.prefix(2).compactMap(\.first) }
        return letters.isEmpty ? "?" : String(letters).uppercased()
    }

    @Test func examples() {
        #expect(User(id: "u", name: "Luke Skywalker").initials == "LS")
        #expect(User(id: "u", name: "han solo the pilot").initials == "HS")
        #expect(User(id: "u", name: "  leia  ").initials == "L")
        #expect(User(id: "u", name: " \t\r\n ").initials == "U") // a blank name shows the id
        #expect(User(id: "u", name: "élodie durand").initials == "ÉD")
        #expect(User(id: "u", name: "佐藤 由紀").initials == "佐由")
        // Punctuation and symbols do not stand for a word.
        #expect(User(id: "u", name: "Ada (Support)").initials == "AS")
        #expect(User(id: "u", name: "Dr. Evil").initials == "DE")
        #expect(User(id: "u", name: "- - Leia").initials == "L")
        #expect(User(id: "u", name: "«Élodie» “Durand”").initials == "ÉD")
        #expect(User(id: "u", name: "🎉 party time").initials == "PT")
        #expect(User(id: "u", name: "🎉 ✨").initials == "🎉✨")
    }

    @Test func asciiNames_matchTheCharacterRule() {
        let alphabet = Array("ab Z9_-\t\n\r\u{0B}\u{0C}\u{1C}\u{1F}\u{7F}.'")
        var random = SplitMix64(seed: 3)
        for _ in 0 ..< 5000 {
            let name = String((0 ..< Int(random.next() % 12)).map { _ in alphabet[Int(random.next() % UInt64(alphabet.count))] })
            let user = User(id: "u", name: name)
            #expect(user.initials == reference(user.displayName), "\(name.debugDescription)")
        }
    }
}

/// A reply preview's attachment word is capitalised as the locale writes capitals.
struct CapitalisedAttachmentWordTests {
    @Test func turkishDottedI_keepsItsDot() {
        #expect(ThreadListResolver.capitalizingFirstLetter("imza", locale: "tr_TR") == "İmza")
        #expect(ThreadListResolver.capitalizingFirstLetter("ıslak", locale: "tr") == "Islak")
        // Azerbaijani has no table: its words are English, capitalised in English.
        #expect(ThreadListResolver.capitalizingFirstLetter("image", locale: "az_AZ") == "Image")
        #expect(ThreadListResolver.capitalizingFirstLetter("image", locale: "en_US") == "Image")
        #expect(ThreadListResolver.capitalizingFirstLetter("ärger", locale: "de_DE") == "Ärger")
        #expect(ThreadListResolver.capitalizingFirstLetter("", locale: "tr") == "")
    }
}
