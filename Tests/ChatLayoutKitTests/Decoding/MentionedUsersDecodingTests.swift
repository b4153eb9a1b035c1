import ChatLayoutDecoding
import ChatLayoutKit
import Testing

/// Stream's `mentioned_users` (user objects), which markdown turns into mention runs.
@Suite struct MentionedUsersDecodingTests {
    private func decode(_ mentioned: String) throws -> [User] {
        let json = """
            {"messages": [{"id": "m1", "text": "Hi @Han", "user": {"id": "leia"}, "created_at": "2024-03-05T09:00:00Z",
                           "mentioned_users": \(mentioned)}]}
            """
        return try ConversationDecoder.decode(Array(json.utf8)).conversation.messages[0].mentionedUsers
    }

    @Test func mentionedUsers_areDecoded_inOrder() throws {
        #expect(try decode(#"[{"id": "han", "name": "Han Solo"}, {"id": "chewie"}]"#) == [User(id: "han", name: "Han Solo"), User(id: "chewie")])
        #expect(try decode("[]").isEmpty)
        #expect(try decode("null").isEmpty)
    }

    @Test func aBadMentionedUser_isAnErrorNamingItsPath() {
        #expect {
            _ = try decode(#"[{"id": "han"}, {"name": "no id"}]"#)
        } throws: { error in
            (error as? DocumentError)?.path?.hasPrefix("messages[0].mentioned_users[1]") == true
        }
        #expect {
            _ = try decode(#""han""#)
        } throws: { error in
            (error as? DocumentError)?.path == "messages[0].mentioned_users"
        }
    }
}
