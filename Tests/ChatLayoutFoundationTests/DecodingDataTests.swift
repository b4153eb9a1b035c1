import ChatLayoutDecoding
import ChatLayoutFoundation
import ChatLayoutKit
import Foundation
import Testing

struct DecodingDataTests {
    @Test func decode_fromData() throws {
        let json = #"{"context": {"now": "2024-03-05T10:00:00Z"}, "messages": [{"id": "m1", "text": "hi", "user": {"id": "a"}, "created_at": "2024-03-05T09:00:00Z"}]}"#
        let data = Data(json.utf8)
        #expect(try ConversationDecoder.decode(data) == (try ConversationDecoder.decode(Array(json.utf8))))
        // A Data slice that does not start at index 0 decodes the same.
        let padded = Data(("xx" + json).utf8)
        #expect(try ConversationDecoder.decode(padded.dropFirst(2)).conversation.messages.map(\.id) == ["m1"])
    }
}
