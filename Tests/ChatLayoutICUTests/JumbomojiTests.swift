@testable import ChatLayoutICU
import ChatLayoutKit
import Testing

/// Stream's jumbomoji test (its `Character.isEmoji`): a character is an emoji when its first
/// code point has the Emoji property and is above U+238C, or others follow it.
@Suite struct JumbomojiTests {
    private let engine = ICUTextEngine()

    @Test(arguments: [
        ("❤", 1), ("☺", 1), ("✔", 1), ("☀", 1), ("♥", 1), // text-style, above U+238C
        ("😀", 1), ("❤️", 1), ("1️⃣", 1), ("🇩🇪", 1), ("👩‍👩‍👧", 1), ("😀😀😀", 3), ("#️⃣", 1),
        ("😀1️⃣", 2), ("😀#️⃣*️⃣", 3), // ASCII keycap bases after an emoji
    ])
    func emoji_byStreamsRule(text: String, count: Int) {
        #expect(engine.jumbomojiClusterCount(text) == count)
    }

    @Test(arguments: ["#", "1", "™", "©", "‼", "⌚", "a", "😀 😀", "", "😀a", "😀1", "😀*", "😀\n😀", "😀 lol"])
    func notEmoji_byStreamsRule(text: String) {
        // "⌚" (U+231A) is an emoji by Unicode but below Stream's threshold; "#" and "1" have the
        // Emoji property alone.
        #expect(engine.jumbomojiClusterCount(text) == nil)
    }

    /// A text is turned down from its first byte when that is ASCII but a keycap's base: the
    /// property table gives no other ASCII code point the Emoji property, and a keycap after
    /// one (what could make an emoji of it) does not either.
    @Test func anASCIIFirstCharacter_otherThanAKeycapBase_isNeverAnEmoji() {
        for value in UInt8(0) ..< 0x80 {
            let character = String(UnicodeScalar(value))
            let keycapBase = (0x30 ... 0x39).contains(value) || value == 0x23 || value == 0x2A
            #expect(CharacterPropertyTable.shared[Unicode.Scalar(value)].isEmoji == keycapBase, "U+\(String(value, radix: 16))")
            #expect((engine.jumbomojiClusterCount(character + "\u{FE0F}\u{20E3}") != nil) == keycapBase, "U+\(String(value, radix: 16))")
            #expect(engine.jumbomojiClusterCount(character + "😀") == nil, "U+\(String(value, radix: 16))")
        }
    }

    @Test func theStandardLibraryClassifier_agreesOnTheseCases() {
        for text in ["❤", "☺", "1️⃣", "😀😀", "#", "⌚", "a"] {
            #expect(StandardLibraryEmoji().jumbomojiClusterCount(text) == engine.jumbomojiClusterCount(text), "\(text)")
        }
    }
}
