import ChatLayoutFoundation
import ChatLayoutKit
import Foundation
import Testing

private func data(_ text: String) -> Data { Data(text.utf8) }

/// `CodableJSON`: deterministic bytes, and decoding errors located as `ConversationDecoder`
/// locates them.
struct CodableJSONTests {
    @Test func encoding_isDeterministic_withSortedKeys() throws {
        let first = try CodableJSON.encode(Samples.conversation)
        for _ in 0 ..< 5 { #expect(try CodableJSON.encode(Samples.conversation) == first) }
        #expect(String(decoding: try CodableJSON.encode(Samples.leia), as: UTF8.self)
            == #"{"id":"leia","imageURL":"https://example.com/leia.png","name":"Leia Organa"}"#)
    }

    @Test func aMissingField_isNamedByItsPath() {
        let json = #"{"id":"m1","text":"","type":"regular","user":{"id":"han"},"createdAt":"2024-03-05T09:41:00Z"}"#
        #expect(throws: DocumentError(path: "showInChannel", message: "missing (required)")) {
            try CodableJSON.decode(Message.self, from: data(json))
        }
        #expect(throws: DocumentError(path: "members[1].user.id", message: "missing (required)")) {
            try CodableJSON.decode([String: [Member]].self, from: data(#"{"members":[{"user":{"id":"a"}},{"user":{}}]}"#))
        }
    }

    @Test func aValueOfTheWrongType_isNamedByItsPath() throws {
        let error = try #require(throws: DocumentError.self) {
            try CodableJSON.decode([User].self, from: data(#"[{"id":"a"},{"id":42}]"#))
        }
        #expect(error.path == "[1].id" && error.line == nil)
    }

    @Test func aBadTimestamp_saysWhatWasExpected() throws {
        let error = try #require(throws: DocumentError.self) {
            try CodableJSON.decode(ReadState.self, from: data(#"{"user":{"id":"a"},"lastRead":"yesterday"}"#))
        }
        #expect(error.path == "lastRead")
        #expect(error.message.contains("expected an RFC 3339 timestamp, got \"yesterday\""))
    }

    @Test func anUnknownRawValue_isNamedByItsPath() throws {
        let error = try #require(throws: DocumentError.self) {
            try CodableJSON.decode(MessageListConfig.self, from: try CodableJSON.encode(MessageListConfig())
                .replacing(data(#""groupingRule":"time_interval""#), with: data(#""groupingRule":"hourly""#)))
        }
        #expect(error.path == "groupingRule")
        let options = try #require(throws: DocumentError.self) {
            try CodableJSON.decode(MessageLayoutOptions.self, from: data(#"["avatar","sparkles"]"#))
        }
        #expect(options.message.contains("unknown layout option \"sparkles\""))
    }

    @Test func malformedJSON_isLocatedByLineAndColumn() {
        #expect(throws: DocumentError(line: 2, column: 13, message: "expected ',' or '}' after an object member")) {
            try CodableJSON.decode(User.self, from: data("{\n  \"id\": \"a\" \"name\": \"b\"}"))
        }
        #expect(throws: DocumentError(line: 1, column: 1, message: "the document is empty")) {
            try CodableJSON.decode(User.self, from: Data())
        }
    }

    @Test func invalidUTF8_becomesReplacementCharacters() throws {
        let bytes = Data(#"{"id":"a"#.utf8) + Data([0xFF]) + Data(#"b","name":"x"#.utf8) + Data([0xE2, 0x82]) + Data(#""}"#.utf8)
        let user = try CodableJSON.decode(User.self, from: bytes)
        #expect(user == User(id: "a\u{FFFD}b", name: "x\u{FFFD}"))
    }

    @Test func errorText_cannotActOnATerminal() throws {
        let error = try #require(throws: DocumentError.self) {
            try CodableJSON.decode(ReadState.self, from: data(#"{"user":{"id":"a"},"lastRead":"\u001b[2J\u202e"}"#))
        }
        #expect(!error.description.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x202E })
    }

    @Test func aTimestampBeyondTheYear9999_cannotBeEncoded() {
        #expect(throws: EncodingError.self) {
            try CodableJSON.encode([Timestamp(seconds: 253_402_300_800)])
        }
        #expect(throws: EncodingError.self) {
            try CodableJSON.encode([Timestamp(seconds: -62_167_219_201)])
        }
    }
}
