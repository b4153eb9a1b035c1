@testable import ChatLayoutICU
import Testing

/// The character-property table is generated from ICU 72 and checked in; a process decodes
/// it instead of asking ICU about every code point. It must be what ICU answers today.
struct CharacterPropertyTableTests {
    @Test func theGeneratedTable_isWhatTheSystemICUAnswers_forEveryCodePoint() throws {
        let generated = try #require(CharacterPropertyTable.generated(), "the generated text decodes")
        let icu = CharacterPropertyTable.fromICU()
        var differences: [String] = []
        for codePoint in UInt32(0) ... 0x10FFFF where generated[codePoint: codePoint] != icu[codePoint: codePoint] {
            differences.append(String(codePoint, radix: 16, uppercase: true))
            if differences.count == 10 { break }
        }
        #expect(differences.isEmpty, "U+\(differences.joined(separator: ", U+")) differ: run `swift run generate-character-table`")
        #expect(generated == icu)
    }

    @Test func theProcess_usesTheGeneratedTable_whenTheSystemICUIsTheOneItCameFrom() throws {
        // This machine's ICU is the one the table came from (CI installs libicu-dev 72).
        #expect(CharacterPropertyTable.generatedICUVersion == ICUTextEngine.icuVersion)
        #expect(CharacterPropertyTable.generatedUnicodeVersion == ICUTextEngine.unicodeVersion)
        #expect(CharacterPropertyTable.shared == (try #require(CharacterPropertyTable.generated())))
    }

    @Test func theGeneratedText_roundTrips() throws {
        let table = try #require(CharacterPropertyTable.generated())
        let text = table.generatedText
        var first = text.stage1, second = text.stage2
        #expect(first.withUTF8 { Base64.decode($0) } != nil && second.withUTF8 { Base64.decode($0) } != nil)
        #expect(text.stage1.count % 4 == 0 && text.stage2.utf8.count > 100_000)
    }

    @Test(arguments: [
        ([UInt8](), ""), ([0x4D], "TQ=="), ([0x4D, 0x61], "TWE="), ([0x4D, 0x61, 0x6E], "TWFu"), ([0xFF, 0x00, 0x10, 0x80], "/wAQgA=="),
    ])
    func base64_encodesAndDecodes(bytes: [UInt8], text: String) {
        #expect(Base64.encode(bytes) == text)
        var copy = text
        #expect(copy.withUTF8 { Base64.decode($0) } == bytes)
    }

    @Test func base64_refusesWhatIsNotBase64() {
        for bad in ["TQ=", "T@==", "TQ==TQ==x", "=QQQ", "TQ=A"] {
            var copy = bad
            #expect(copy.withUTF8 { Base64.decode($0) } == nil, "\(bad)")
        }
    }
}
