import ChatLayoutDecoding
import ChatLayoutKit

/// A `config` object's members decoded alone: the configuration, or the error at its path.
enum ConfigSnippet {
    /// The configuration of a document whose `config` has these members (JSON text).
    static func config(_ members: String) throws -> MessageListConfig {
        try ConversationDecoder.decode(Array(#"{"config": {\#(members)}, "messages": []}"#.utf8)).config
    }

    /// The document error these members make, nil when they decode.
    static func error(_ members: String) -> DocumentError? {
        do {
            _ = try config(members)
            return nil
        } catch {
            return error as? DocumentError
        }
    }
}
