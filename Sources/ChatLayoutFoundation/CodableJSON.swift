import ChatLayoutDecoding
import ChatLayoutKit
import Foundation

/// ChatLayoutKit's `Codable` values — a `Conversation`, a `MessageListConfig`, the decisions —
/// as JSON through Foundation's `JSONEncoder` and `JSONDecoder`: for a server that sends them to
/// a Swift client, or an app that stores them.
///
/// The shape is the Swift one (property names, `"createdAt": "2024-03-05T09:41:00Z"`), not
/// Stream's: Stream payloads and conversation documents are read by `ConversationDecoder`
/// (`ChatLayoutDecoding`). Decoding keeps that decoder's promises: invalid UTF-8 becomes
/// U+FFFD, and an error is a `DocumentError` with the line and column of malformed JSON or the
/// path of a wrong value ("messages[3].createdAt: …").
public enum CodableJSON {
    /// `value` as JSON, keys sorted (one value always gives the same bytes) and slashes
    /// unescaped.
    ///
    /// - Throws: `EncodingError` for a value JSON cannot hold (a NaN, a timestamp after the year
    ///   9999).
    public static func encode(_ value: some Encodable) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(value)
    }

    /// A value of `type` read from JSON in the shape ``encode(_:)`` writes.
    ///
    /// - Throws: a `DocumentError`: for malformed JSON with its line and column, for a value
    ///   that is missing or of the wrong type with its path.
    public static func decode<Value: Decodable>(_ type: Value.Type, from data: Data) throws(DocumentError) -> Value {
        // Invalid UTF-8 becomes U+FFFD first, as ConversationDecoder reads it.
        let repaired = Data(String(decoding: data, as: UTF8.self).utf8)
        do {
            return try JSONDecoder().decode(type, from: repaired)
        } catch let error as DecodingError {
            throw documentError(error, in: repaired)
        } catch {
            throw DocumentError(path: "", message: "\(error)")
        }
    }

    /// The same problem as a `DocumentError`, its path spelled as `ConversationDecoder` spells
    /// paths. Malformed JSON is parsed again by ChatLayoutDecoding's parser for its line and
    /// column (only then: the well-formed path pays nothing).
    private static func documentError(_ error: DecodingError, in data: Data) -> DocumentError {
        switch error {
        case .keyNotFound(let key, let context):
            return DocumentError(path: path(context.codingPath + [key]), message: "missing (required)")
        case .valueNotFound(_, let context), .typeMismatch(_, let context):
            return DocumentError(path: path(context.codingPath), message: message(context))
        case .dataCorrupted(let context):
            if context.codingPath.isEmpty {
                do throws(DocumentError) {
                    _ = try JSONParser.parse(Array(data))
                } catch {
                    return error
                }
            }
            return DocumentError(path: path(context.codingPath), message: message(context))
        @unknown default:
            return DocumentError(path: "", message: "\(error)")
        }
    }

    /// "messages[3].createdAt", with odd keys quoted as the decoder quotes them.
    private static func path(_ codingPath: [any CodingKey]) -> String {
        var reader = JSONReader(.null)
        for key in codingPath {
            reader = key.intValue.map { reader[$0] } ?? reader[key.stringValue]
        }
        return reader.path
    }

    /// Foundation's description of the problem, made safe to print (it may quote the document).
    private static func message(_ context: DecodingError.Context) -> String {
        UntrustedText.plain(UntrustedText.shortened(context.debugDescription, wholeUpTo: 400))
    }
}
