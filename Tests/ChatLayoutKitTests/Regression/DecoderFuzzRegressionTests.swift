import ChatLayoutDecoding
import ChatLayoutKit
import Testing

/// Inputs the decoder fuzz target (Fuzz/, FUZZING.md) found to break an invariant: an error
/// or warning must name where, and must not be able to act on the terminal it is printed to
/// or start a line of its own. Document values in them are shown with `\u{…}` escapes.
struct DecoderFuzzRegressionTests {
    private func error(_ json: String, channel: String? = nil) -> String? {
        do {
            _ = try ConversationDecoder.decode(Array(json.utf8), channel: channel)
            return nil
        } catch {
            return error.description
        }
    }

    private func warnings(_ json: String) throws -> [String] {
        try ConversationDecoder.decode(Array(json.utf8)).warnings.map(\.description)
    }

    /// FuzzDecoder, crash-7204ce87: the document's own cid, with a carriage return, went into
    /// the error as it was.
    @Test func channelMismatch_showsTheDocumentsCidEscaped() {
        #expect(error(#"{"channel": {"cid": "mess\raging:garden"}}"#, channel: "messaging:general")
            == #"channel.cid: the document is channel 'mess\u{D}aging:garden', not 'messaging:general'"#)
    }

    /// The same hole, found by the decoder target's invariant on a hand-made input: every other
    /// message that quotes a document value.
    @Test func unknownMessageType_warnsWithTheTypeEscaped() throws {
        #expect(try warnings(#"{"messages": [{"id": "a", "type": "poll\nchat-layout: error: fake", "created_at": "2024-03-05T09:00:00Z"}]}"#)
            == [#"messages[0].type: unknown message type 'poll\u{A}chat-layout: error: fake', laid out as regular"#])
    }

    @Test func unknownLocalState_showsTheValueEscaped() {
        #expect(error(#"{"messages": [{"id": "a", "local_state": "\u001b[2Jsent", "created_at": "2024-03-05T09:00:00Z"}]}"#)?
            .hasPrefix(#"messages[0].local_state: unknown local state '\u{1B}[2Jsent' (expected one of "#) == true)
    }

    @Test func duplicateMessageId_showsTheIdEscaped() {
        #expect(error(#"""
            {"messages": [{"id": "\u202em1", "created_at": "2024-03-05T09:00:00Z"},
                          {"id": "\u202em1", "created_at": "2024-03-05T09:01:00Z"}]}
            """#) == #"messages[1].id: duplicate message id '\u{202E}m1' (first at messages[0])"#)
    }

    @Test func unknownChannel_showsTheAskedAndFoundCidsEscaped() {
        #expect(error(#"{"channels": [{"channel": {"cid": "a\u0007"}}]}"#, channel: "b\u{9B}")
            == #"channels: no channel 'b\u{9B}' (the response has: a\u{7})"#)
    }

    @Test func unknownEnumerationValue_showsTheValueEscaped() {
        #expect(error(#"{"config": {"grouping_rule": "time\u2028interval"}}"#)?
            .hasPrefix(#"config.grouping_rule: unknown value 'time\u{2028}interval' (expected one of: "#) == true)
    }
}

extension DecoderFuzzRegressionTests {
    /// FuzzDecoder, crash-356a192b (the document "1"): the one wrong type reported without a
    /// JSON path; it names the top level, as every other wrong type names its place.
    @Test(arguments: [("1", "a number"), ("[]", "an array"), ("\"hi\"", "a string"), ("null", "null")])
    func documentThatIsNotAnObject_isAWrongTypeAtTheTopLevel(_ json: String, _ got: String) throws {
        do {
            _ = try ConversationDecoder.decode(Array(json.utf8))
            Issue.record("\(json) decoded")
        } catch {
            #expect(error.path == "")
            #expect(error.description == "top level: the document must be a JSON object, got \(got)")
        }
    }
}
