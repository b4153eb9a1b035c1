import ChatLayoutGoldens
import ChatLayoutKit
import Testing

/// `ScreenRequest.highlight` and a jump's highlight (`highlight_message_when_jumping`), as
/// `chat-layout preview --jump-to/--highlight` lay them out.
@Suite struct ScreenRequestHighlightTests {
    private func request(_ json: String, height: Int = 20) -> ScreenRequest {
        var request = ScreenRequest(document: .init(name: "doc.json", bytes: Array(json.utf8)), width: 40)
        request.height = height
        return request
    }

    private let document = """
        {"context": {"current_user_id": "luke", "now": "2024-05-01T12:00:00Z", "locale": "en_US", "time_zone": "UTC"},
         "messages": [\((0 ..< 20).map { #"{"id": "m\#($0)", "text": "Message \#($0) with enough words to wrap", "user": {"id": "leia"}, "created_at": "2024-05-01T10:\#(10 + $0):00Z"}"# }.joined(separator: ","))]}
        """

    private func highlighted(_ request: ScreenRequest) throws -> [String] {
        var ids: [String] = []
        try request.layout(try request.input()).root.walk { box, _ in if box.role == .highlight, let id = box.id { ids.append(id) } }
        return ids
    }

    @Test func request_jumpTo_highlightsTheMessage_unlessTheConfigSaysNot() throws {
        var jump = request(document)
        jump.jumpTo = "m3"
        #expect(try highlighted(jump) == ["m3"])
        let off = document.replacingOccurrences(of: #""messages":"#, with: #""config": {"highlight_message_when_jumping": false}, "messages":"#)
        var quiet = request(off)
        quiet.jumpTo = "m3"
        #expect(try highlighted(quiet).isEmpty)
        quiet.highlight = "m3"
        #expect(try highlighted(quiet) == ["m3"], "an explicit highlight whatever the config says")
    }

    @Test func request_highlight_withoutAJump_atTheBottom() throws {
        var bottom = request(document)
        bottom.highlight = "m19"
        #expect(try highlighted(bottom) == ["m19"])
        bottom.highlight = "m0"
        #expect(try highlighted(bottom).isEmpty, "out of sight at the bottom")
    }

    @Test func request_highlightOfAnUnknownMessage_isAnErrorNamingIt() throws {
        var bad = request(document)
        bad.highlight = "zz\u{1B}[31m"
        #expect {
            _ = try bad.layout(try bad.input())
        } throws: { error in
            let text = "\(error)"
            return text.contains("doc.json") && text.contains("to highlight") && !text.contains("\u{1B}")
        }
    }

}
