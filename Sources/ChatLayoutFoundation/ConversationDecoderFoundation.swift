import ChatLayoutDecoding
import ChatLayoutKit
import Foundation

extension ConversationDecoder {
    /// A document or a Stream payload decoded from `Data` (a file's contents, a response's
    /// body), as `ConversationDecoder.decode(_:channel:)` decodes its bytes.
    ///
    /// ```swift
    /// let (body, _) = try await URLSession.shared.data(for: request)
    /// let decoded = try ConversationDecoder.decode(body)
    /// ```
    ///
    /// - Throws: a `DocumentError` locating the problem by line and column or JSON path.
    public static func decode(_ data: Data, channel cid: String? = nil) throws(DocumentError) -> ConversationDocument {
        try decode(Array(data), channel: cid)
    }
}
