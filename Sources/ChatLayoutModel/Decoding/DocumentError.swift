/// Why an input document could not be read: malformed JSON (with the line and column of the
/// offending character) or a value of the wrong shape (with its JSON path).
///
/// The description reads the way a compiler reports a problem:
/// "line 3, column 14: expected ',' or '}' after an object member", or
/// "messages[3].created_at: expected an RFC 3339 timestamp, got the number 42".
public struct DocumentError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The JSON path of the value at fault ("messages[3].created_at"; "" for the top level), or
    /// nil when the problem is in the JSON text itself.
    public var path: String?
    /// The 1-based line of the offending character, for malformed JSON.
    public var line: Int?
    /// The 1-based column of the offending character, counted in Unicode scalars from the start
    /// of its line (what an editor shows), for malformed JSON.
    public var column: Int?
    /// What went wrong, in words: "unterminated string", "missing (required)".
    public var message: String

    /// An error with any of its locations.
    public init(path: String? = nil, line: Int? = nil, column: Int? = nil, message: String) {
        self.path = path
        self.line = line
        self.column = column
        self.message = message
    }

    /// "line 3, column 14: …", "messages[3].created_at: …", or both joined by ", ".
    public var description: String {
        var location: [String] = []
        if let path { location.append(Self.displayName(ofPath: path)) }
        if let line {
            location.append(column.map { "line \(line), column \($0)" } ?? "line \(line)")
        }
        return location.isEmpty ? message : location.joined(separator: ", ") + ": " + message
    }

    /// The empty path (the document's top-level value) has no name of its own.
    static func displayName(ofPath path: String) -> String {
        path.isEmpty ? "top level" : path
    }
}

/// A problem that does not stop decoding (an unknown message type laid out as `regular`, say),
/// reported next to the result so that nothing is lost silently.
public struct DocumentWarning: Hashable, Sendable, CustomStringConvertible {
    /// The JSON path of the value concerned ("messages[3].type"; "" for the top level).
    public var path: String
    /// What was noticed and what was done about it.
    public var message: String

    /// A warning about the value at `path`.
    public init(path: String, message: String) {
        self.path = path
        self.message = message
    }

    /// "messages[3].type: unknown message type "poll", laid out as regular".
    public var description: String {
        DocumentError.displayName(ofPath: path) + ": " + message
    }
}
