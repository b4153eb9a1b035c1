import ChatLayoutKit

/// What the model decoder reads a document through: a JSON value — or its absence — and the
/// path that led to it. Two readers conform: ``JSONReader`` over a parsed tree (the reference),
/// and ``TapeReader`` over the document's bytes (what ``ConversationDecoder`` uses). The
/// decoding, its order and its error messages are written once, over this protocol.
///
/// Navigation never fails: `json["messages"]["created_at"]` is absent when any step is missing
/// or of the wrong kind. Only the accessors throw, and the optional ones throw only for a value
/// that is present with the wrong type, never for one that is missing or `null`.
package protocol JSONValueReading {
    /// The elements of an array, in order, each with its path.
    associatedtype Elements: Sequence where Elements.Element == Self

    /// The member named `key` (the last one, should the object have several), absent when
    /// this value is not an object or has no such member. Keys match by Unicode scalars.
    subscript(key: JSONKey) -> Self { get }

    /// What is here; nil when it is missing.
    var kind: JSONKind? { get }

    /// The scalar here as ``JSONParser`` reads it; nil for an array, an object or nothing.
    func scalar() -> ParsedJSON?

    /// Whether the array here has no elements.
    var isEmptyArray: Bool { get }

    /// The elements of the array here; none when this is not an array.
    func elements() -> Elements

    /// The members of the object here (it is one), in document order; a repeated key appears
    /// once, at its first place, with its last value (as ``JSONParser`` keeps them).
    func objectMembers() -> [(key: String, value: Self)]

    /// Every member named `key` of the object here, in document order, each with its place
    /// among the object's members (0 for the first) — when the key appears more than once;
    /// none when it appears once or not at all, or this is not an object. The last is the one
    /// `self[key]` reads.
    func repeatedMembers(_ key: JSONKey) -> [(position: Int, value: Self)]

    /// Where this value is: "" at the top, then "context.now", "messages[3].created_at";
    /// a key that is not identifier-like is written `["odd key"]`.
    var path: String { get }

    /// The string here.
    /// - Throws: when it is missing, or not a string.
    func string() throws(DocumentError) -> String

    /// The instant here, written as an RFC 3339 string (see `Timestamp(rfc3339:)`).
    /// - Throws: when it is missing, or not such a string.
    func timestamp() throws(DocumentError) -> Timestamp

    /// The Boolean here.
    /// - Throws: when it is missing, or not `true` or `false`.
    func bool() throws(DocumentError) -> Bool

    /// Whether there is nothing here: the value is missing or JSON `null`.
    var isAbsent: Bool { get }

    /// `body` given the object here as the document spells it, from its `{` to its `}`; nil
    /// (and `body` not called) when this is not an object or the reader does not keep the
    /// document's bytes. Two objects spelled alike decode alike: the decoder shares what it
    /// made of the first (a message's author).
    func withObjectBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result?
}

/// The kind of a JSON value.
package enum JSONKind: Sendable {
    case null, bool, number, string, array, object
}

/// A member name the decoder asks for: a string literal, whose bytes are at hand without
/// making a `String`. ASCII only (document keys are compared with it byte for byte).
package struct JSONKey: ExpressibleByStringLiteral, Sendable, CustomStringConvertible {
    /// The name.
    package let name: StaticString

    /// The key `name`.
    package init(stringLiteral name: StaticString) {
        precondition(name.hasPointerRepresentation && name.isASCII, "a key is an ASCII string literal")
        self.name = name
    }

    /// The name's UTF-8 bytes.
    @inline(__always)
    var bytes: UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount)
    }

    /// The name.
    package var description: String { name.description }
}

extension JSONValueReading {
    /// No bytes: a parsed tree keeps none.
    package func withObjectBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result? { nil }

    /// Whether there is nothing here: the value is missing or JSON `null`.
    @inline(__always)
    package var isAbsent: Bool {
        switch kind {
        case nil, .null?: true
        default: false
        }
    }

    // MARK: Required values

    /// The string here.
    /// - Throws: when it is missing, or not a string.
    package func string() throws(DocumentError) -> String {
        if case .string(let text)? = scalar() { return text }
        throw mismatch(expected: "a string")
    }

    /// The integer here; a number written with a zero fraction or exponent (`3.0`, `1e3`)
    /// counts when it fits `Int`.
    /// - Throws: when it is missing, or not an integer.
    package func int() throws(DocumentError) -> Int {
        switch scalar() {
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
        switch scalar() {
        case .double(let number)?: return number
        case .int(let number)?: return Double(number)
        default: throw mismatch(expected: "a number")
        }
    }

    /// The Boolean here.
    /// - Throws: when it is missing, or not `true` or `false`.
    package func bool() throws(DocumentError) -> Bool {
        if case .bool(let flag)? = scalar() { return flag }
        throw mismatch(expected: "true or false")
    }

    /// The instant here, written as an RFC 3339 string (see `Timestamp(rfc3339:)`).
    /// - Throws: when it is missing, or not such a string.
    package func timestamp() throws(DocumentError) -> Timestamp {
        if case .string(let text)? = scalar(), let timestamp = Timestamp(rfc3339: text) { return timestamp }
        throw mismatch(expected: "an RFC 3339 timestamp")
    }

    /// The elements of the array here, each with its own path (`messages[0]`, `messages[1]`, …).
    /// - Throws: when it is missing, or not an array.
    package func array() throws(DocumentError) -> Elements {
        guard kind == .array else { throw mismatch(expected: "an array") }
        return elements()
    }

    /// The members of the object here, in document order, each value with its own path.
    /// - Throws: when it is missing, or not an object.
    package func members() throws(DocumentError) -> [(key: String, value: Self)] {
        guard kind == .object else { throw mismatch(expected: "an object") }
        return objectMembers()
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
    package func optionalArray() throws(DocumentError) -> Elements {
        isAbsent ? elements() : try array()
    }

    /// The members of the object here, or none when it is missing or `null`.
    /// - Throws: when it is present and not an object.
    package func optionalMembers() throws(DocumentError) -> [(key: String, value: Self)] {
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
    package func mismatch(expected: String) -> DocumentError {
        let found: String
        switch kind {
        case nil: return error("missing (required)")
        case .array?: found = isEmptyArray ? "an empty array" : "an array"
        case .object?: found = "an object"
        default: found = scalar().map(JSONReader.describe) ?? "nothing"
        }
        return error("expected \(expected), got \(found)")
    }
}
