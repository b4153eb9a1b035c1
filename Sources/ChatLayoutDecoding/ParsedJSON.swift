import ChatLayoutKit

/// A JSON value as ``JSONParser`` reads it: the parser's own tree, not part of any module's
/// public API. The core's `JSONValue` is what the library *writes*; the two meet only where a
/// test or a fuzz target writes a parsed value back out (`serialized()`).
package enum ParsedJSON: Sendable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// An integer that fits `Int`.
    case int(Int)
    /// A number with a fraction or an exponent, or an integer too large for `Int`.
    case double(Double)
    /// A string (invalid UTF-8 already replaced by U+FFFD).
    case string(String)
    /// An array.
    case array([ParsedJSON])
    /// Key–value pairs in document order; a repeated key appears once (see ``JSONParser``).
    case object([(String, ParsedJSON)])

    /// The compact JSON text of this value, written as the library writes its output.
    package func serialized() -> String {
        JSONValue(self).serialized()
    }
}

extension JSONValue {
    /// The parsed value `parsed`, to be written out.
    package init(_ parsed: ParsedJSON) {
        switch parsed {
        case .null: self = .null
        case .bool(let flag): self = .bool(flag)
        case .int(let number): self = .int(number)
        case .double(let number): self = .double(number)
        case .string(let text): self = .string(text)
        case .array(let elements): self = .array(elements.map(JSONValue.init))
        case .object(let members): self = .object(members.map { ($0.0, JSONValue($0.1)) })
        }
    }
}

extension ParsedJSON: Equatable {
    /// The same JSON text: `1` and `1.0` differ, as `-0.0` and `0` do.
    package static func == (lhs: ParsedJSON, rhs: ParsedJSON) -> Bool {
        lhs.serialized() == rhs.serialized()
    }
}

extension ParsedJSON: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByBooleanLiteral {
    package init(stringLiteral value: String) { self = .string(value) }
    package init(integerLiteral value: Int) { self = .int(value) }
    package init(booleanLiteral value: Bool) { self = .bool(value) }
}
