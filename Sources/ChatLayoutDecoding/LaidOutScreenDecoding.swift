import ChatLayoutKit

extension LaidOutScreen {
    /// The screen a JSON document holds, in the shape `preview --format json` and
    /// `LaidOutScreen.json()` write (schema `LaidOutScreen.jsonSchemaVersion` or earlier): a
    /// server lays a screen out and sends it, a client reads it back to an equal screen.
    /// Invalid UTF-8 becomes U+FFFD.
    ///
    /// - Throws: a `DocumentError`: for malformed JSON with its line and column, for a value
    ///   that is missing, of the wrong type or unknown with its path ("root.children[2].frame.x").
    public init(json bytes: [UInt8]) throws(DocumentError) {
        try self.init(jsonValue: JSONValue(try JSONParser.parse(bytes)))
    }

    /// The screen the JSON text `json` holds (see ``init(json:)-([UInt8])``).
    ///
    /// - Throws: a `DocumentError`, as ``init(json:)-([UInt8])`` does.
    public init(json text: String) throws(DocumentError) {
        try self.init(jsonValue: JSONValue(try JSONParser.parse(text)))
    }
}
