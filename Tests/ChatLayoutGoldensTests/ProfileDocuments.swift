/// Small documents for the profile tests: a fixed context (now 2024-03-05T12:00:00Z, UTC,
/// en_US, "me"), an optional `config` object, a channel and messages as JSON text.
enum ProfileDocuments {
    /// A document in the fixed context; `config` is its `config` object (nil: none, a raw payload).
    static func document(config: String? = nil, channel: String = #"{"cid": "messaging:x", "name": "X", "member_count": 3}"#,
                         messages: [String]) -> String {
        """
        {"context": {"current_user_id": "me", "now": "2024-03-05T12:00:00Z", "time_zone": "UTC", "locale": "en_US"},
         \(config.map { #""config": \#($0),"# } ?? "")
         "channel": \(channel),
         "messages": [\(messages.joined(separator: ",\n"))]}
        """
    }

    /// A message "Message <id>" by `user` at `time`, with `extra` members.
    static func message(_ id: String, by user: String = "leia", at time: String, extra: String = "") -> String {
        #"{"id": "\#(id)", "text": "Message \#(id)", "user": {"id": "\#(user)", "name": "\#(user)"}, "created_at": "\#(time)"\#(extra)}"#
    }
}
