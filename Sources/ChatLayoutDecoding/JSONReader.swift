import ChatLayoutKit

/// A JSON value — or its absence — together with the path that led to it, for decoding with
/// errors that name the place: "messages[3].created_at: expected an RFC 3339 timestamp, got the
/// number 42".
///
/// Navigation never fails: `reader["messages"][3]["created_at"]` is absent when any step is
/// missing or of the wrong kind. Only the accessors throw, and the optional ones throw only for
/// a value that is present with the wrong type, never for one that is missing or `null`.
package struct JSONReader: Sendable {
    /// The value here: nil when it is missing; `.null` when the document says `null`.
    package let value: ParsedJSON?
    private let location: Location

    /// A reader at the top of a document.
    package init(_ root: ParsedJSON) {
        self.init(value: root, location: .root)
    }

    private init(value: ParsedJSON?, location: Location) {
        self.value = value
        self.location = location
    }

    /// The member named `key` (the last one, should the object have several), absent when this
    /// value is not an object or has no such member. Keys match by Unicode scalars.
    package subscript(key: String) -> JSONReader {
        var member: ParsedJSON?
        if case .object(let members)? = value {
            // From the end, looking at keys only (a closure over the pairs would copy each value).
            var index = members.endIndex
            while index > members.startIndex {
                index -= 1
                if members[index].0.hasSameUTF8(as: key) {
                    member = members[index].1
                    break
                }
            }
        }
        return JSONReader(value: member, location: .key(location, key))
    }

    /// The element at `index`, absent when this value is not an array or is too short.
    package subscript(index: Int) -> JSONReader {
        var element: ParsedJSON?
        if case .array(let elements)? = value, elements.indices.contains(index) {
            element = elements[index]
        }
        return JSONReader(value: element, location: .index(location, index))
    }

    /// Where this value is: "" at the top, then "context.now", "messages[3].created_at";
    /// a key that is not identifier-like is written `["odd key"]`.
    package var path: String { location.description }

    /// Whether there is nothing here: the value is missing or JSON `null`.
    package var isAbsent: Bool {
        switch value {
        case nil, .null?: true
        default: false
        }
    }

    // MARK: Required values

    /// The string here.
    /// - Throws: when it is missing, or not a string.
    package func string() throws(DocumentError) -> String {
        if case .string(let text)? = value { return text }
        throw mismatch(expected: "a string")
    }

    /// The integer here; a number written with a zero fraction or exponent (`3.0`, `1e3`)
    /// counts when it fits `Int`.
    /// - Throws: when it is missing, or not an integer.
    package func int() throws(DocumentError) -> Int {
        switch value {
        case .int(let number)?:
            return number
        // Range first (NaN fails it), then a lossless conversion: no libm call needed.
        case .double(let number)? where number >= -0x1p63 && number < 0x1p63 && Double(Int(number)) == number:
            return Int(number)
        default:
            throw mismatch(expected: "an integer")
        }
    }

    /// The number here, integer or not.
    /// - Throws: when it is missing, or not a number.
    package func double() throws(DocumentError) -> Double {
        switch value {
        case .double(let number)?: return number
        case .int(let number)?: return Double(number)
        default: throw mismatch(expected: "a number")
        }
    }

    /// The Boolean here.
    /// - Throws: when it is missing, or not `true` or `false`.
    package func bool() throws(DocumentError) -> Bool {
        if case .bool(let flag)? = value { return flag }
        throw mismatch(expected: "true or false")
    }

    /// The instant here, written as an RFC 3339 string (see `Timestamp(rfc3339:)`).
    /// - Throws: when it is missing, or not such a string.
    package func timestamp() throws(DocumentError) -> Timestamp {
        if case .string(let text)? = value, let timestamp = Timestamp(rfc3339: text) { return timestamp }
        throw mismatch(expected: "an RFC 3339 timestamp")
    }

    /// The elements of the array here, each with its own path (`messages[0]`, `messages[1]`, …).
    /// - Throws: when it is missing, or not an array.
    package func array() throws(DocumentError) -> [JSONReader] {
        guard case .array(let elements)? = value else { throw mismatch(expected: "an array") }
        return elements.enumerated().map { JSONReader(value: $0.element, location: .index(location, $0.offset)) }
    }

    /// The members of the object here, in document order, each value with its own path.
    /// - Throws: when it is missing, or not an object.
    package func members() throws(DocumentError) -> [(key: String, value: JSONReader)] {
        guard case .object(let members)? = value else { throw mismatch(expected: "an object") }
        return members.map { (key: $0.0, value: JSONReader(value: $0.1, location: .key(location, $0.0))) }
    }

    // MARK: Optional values

    /// The string here, or nil when it is missing or `null`.
    /// - Throws: when it is present and not a string.
    package func optionalString() throws(DocumentError) -> String? {
        isAbsent ? nil : try string()
    }

    /// The integer here, or nil when it is missing or `null`.
    /// - Throws: when it is present and not an integer.
    package func optionalInt() throws(DocumentError) -> Int? {
        isAbsent ? nil : try int()
    }

    /// The number here, or nil when it is missing or `null`.
    /// - Throws: when it is present and not a number.
    package func optionalDouble() throws(DocumentError) -> Double? {
        isAbsent ? nil : try double()
    }

    /// The Boolean here, or nil when it is missing or `null`.
    /// - Throws: when it is present and not `true` or `false`.
    package func optionalBool() throws(DocumentError) -> Bool? {
        isAbsent ? nil : try bool()
    }

    /// The instant here, or nil when it is missing or `null`.
    /// - Throws: when it is present and not an RFC 3339 string.
    package func optionalTimestamp() throws(DocumentError) -> Timestamp? {
        isAbsent ? nil : try timestamp()
    }

    /// The elements of the array here, or none when it is missing or `null`.
    /// - Throws: when it is present and not an array.
    package func optionalArray() throws(DocumentError) -> [JSONReader] {
        isAbsent ? [] : try array()
    }

    /// The members of the object here, or none when it is missing or `null`.
    /// - Throws: when it is present and not an object.
    package func optionalMembers() throws(DocumentError) -> [(key: String, value: JSONReader)] {
        isAbsent ? [] : try members()
    }

    // MARK: Errors

    /// An error at this path, for a problem the caller finds in a well-typed value
    /// ("unknown time zone \"Mars/Olympus\"").
    package func error(_ message: String) -> DocumentError {
        DocumentError(path: path, message: message)
    }

    /// A warning at this path.
    package func warning(_ message: String) -> DocumentWarning {
        DocumentWarning(path: path, message: message)
    }

    /// "missing (required)" for a missing value; otherwise what was expected and what was found.
    private func mismatch(expected: String) -> DocumentError {
        guard let value else { return error("missing (required)") }
        return error("expected \(expected), got \(Self.describe(value))")
    }

    /// A found value in words: "the number 42", "the string \"soon\"", "an object", "null".
    static func describe(_ value: ParsedJSON) -> String {
        switch value {
        case .null: "null"
        case .bool(let flag): flag ? "true" : "false"
        case .int, .double: "the number " + value.serialized()
        case .string(let text): "the string " + quoted(UntrustedText.shortened(text, wholeUpTo: UntrustedText.shortenedLength))
        case .array(let elements): elements.isEmpty ? "an empty array" : "an array"
        case .object: "an object"
        }
    }

    /// A value from the document as a message quotes it between single quotes ("unknown value
    /// '…'"): whole up to 200 characters, else cut with its size
    /// (`UntrustedText.shortened(_:wholeUpTo:)`), and escaped as ``quoted(_:)`` without the
    /// double quotes, so that it cannot act on a terminal or break the message's line.
    static func shown(_ text: String) -> String {
        String(quoted(UntrustedText.shortened(text)).dropFirst().dropLast())
    }

    /// `text` in double quotes for a message, with anything invisible or able to act on a
    /// terminal (controls, bidi formatting, line separators) as `\u{…}`. Shorten it first.
    static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x22, 0x5C:
                result += "\\"
                result.unicodeScalars.append(scalar)
            case 0 ..< 0x20, 0x7F ... 0x9F, 0x061C, 0x200E, 0x200F, 0x2028 ... 0x202E, 0x2066 ... 0x2069:
                result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            default:
                result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}

/// The path from the top of a document to a value, built one step per subscript and spelled
/// out only when asked (usually for an error).
private indirect enum Location: Sendable, CustomStringConvertible {
    case root
    case key(Location, String)
    case index(Location, Int)

    var description: String {
        var steps: [Location] = []
        var current = self
        while true {
            switch current {
            case .root:
                return steps.reversed().reduce(into: "") { text, step in step.appendStep(to: &text) }
            case .key(let parent, _), .index(let parent, _):
                steps.append(current)
                current = parent
            }
        }
    }

    private func appendStep(to text: inout String) {
        switch self {
        case .root:
            break
        case .index(_, let index):
            text += "[\(index)]"
        case .key(_, let key):
            // An absurdly long key is quoted cut with its size, like any value.
            if Self.isIdentifier(key) && key.utf8.count <= UntrustedText.longestQuotedWhole {
                text += text.isEmpty ? key : "." + key
            } else {
                text += "[" + JSONReader.quoted(UntrustedText.shortened(key)) + "]"
            }
        }
    }

    /// `[A-Za-z_][A-Za-z0-9_]*`: keys that read unambiguously after a dot.
    private static func isIdentifier(_ key: String) -> Bool {
        guard let first = key.utf8.first, first == UInt8(ascii: "_") || (first | 0x20) &- UInt8(ascii: "a") < 26 else {
            return false
        }
        return key.utf8.allSatisfy { byte in
            byte == UInt8(ascii: "_") || (byte | 0x20) &- UInt8(ascii: "a") < 26 || byte &- UInt8(ascii: "0") < 10
        }
    }
}

extension String {
    /// Whether both strings are the same bytes of UTF-8 (not merely canonically equivalent, as
    /// `==` says). The lengths first, which differ for most keys; then the bytes, contiguous.
    func hasSameUTF8(as other: String) -> Bool {
        guard utf8.count == other.utf8.count else { return false }
        var left = self
        var right = other
        return left.withUTF8 { left in right.withUTF8 { right in left.elementsEqual(right) } }
    }
}
