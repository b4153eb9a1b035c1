import Foundation
import Testing

/// `explain` names the message anatomy: always in JSON (`anatomy`), and in text when it is not
/// Stream's default (Sendbird's, or Stream's with the reactions under the bubble), whose
/// output stays as it was.
struct AnatomyExplainTests {
    private static let document = """
        {"context": {"current_user_id": "me", "now": "2024-03-05T12:00:00Z", "time_zone": "UTC", "locale": "en_US"},
         "channel": {"cid": "messaging:x", "name": "X", "member_count": 3},
         "messages": [{"id": "a", "text": "hi", "user": {"id": "leia"}, "created_at": "2024-03-05T09:00:50Z"}]}
        """

    private struct Explanation: Decodable { var anatomy: String }

    private static func explain(_ flags: [String]) throws -> String {
        let result = try CLIRunner.run(["explain", "-"] + flags, stdin: document)
        try #require(result.status == 0, "\(result.stderr)")
        return result.stdout
    }

    @Test func json_namesTheAnatomy_theProfilesOrTheDocuments() throws {
        let anatomy = { (flags: [String]) throws -> String in
            try JSONDecoder().decode(Explanation.self, from: Data(try Self.explain(["--format", "json"] + flags).utf8)).anatomy
        }
        #expect(try anatomy([]) == "stream")
        #expect(try anatomy(["--profile", "sendbird"]) == "sendbird")
    }

    @Test func text_namesSendbirdsAnatomy_butNotStreamsDefault() throws {
        let sendbird = try Self.explain(["--profile", "sendbird"])
        #expect(sendbird.contains("anatomy sendbird (SBUContentBaseMessageCell)"), "\(sendbird)")
        #expect(sendbird.contains("authorName: first in group, not yours (message_anatomy sendbird)"), "\(sendbird)")
        let stream = try Self.explain([])
        #expect(!stream.contains("anatomy"), "\(stream)")
    }
}
