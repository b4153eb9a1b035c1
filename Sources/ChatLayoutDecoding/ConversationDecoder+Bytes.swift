import ChatLayoutKit

extension ConversationDecoder {
    /// As `decode(_:channel:)` on a `[UInt8]`, for any collection of bytes: an `ArraySlice`, a
    /// `ContiguousArray`, a `Data` (or use `ChatLayoutFoundation`'s `decode(_:channel:)` for
    /// `Data`), the bytes of a `String` (`text.utf8`).
    ///
    /// - Throws: a `DocumentError` locating the problem by line and column or JSON path.
    public static func decode(_ bytes: some Collection<UInt8>, channel cid: String? = nil) throws(DocumentError) -> ConversationDocument {
        try decode(Array(bytes), channel: cid)
    }
}
