/// A JSON value with a deterministic, compact serialisation: object keys keep the order they
/// were given in (the output contracts list them in a fixed order), non-ASCII text is written
/// as UTF-8, and every control character — C0, DEL and C1 — is escaped, so JSON output can
/// never carry a terminal escape sequence.
public enum JSONValue: Hashable, Sendable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// An integer.
    case int(Int)
    /// A number with a fraction or an exponent, or one too large for `Int`.
    case double(Double)
    /// A string.
    case string(String)
    /// An array.
    case array([JSONValue])
    /// Key–value pairs in output order.
    case object([(String, JSONValue)])

    public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        lhs.serialized() == rhs.serialized()
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(serialized())
    }

    /// The size, in UTF-8 bytes, of the pieces the streaming writers hand to their sink
    /// (``write(chunkSize:to:)``): 64 KiB.
    public static let chunkSize = 1 << 16

    /// The compact JSON text of this value.
    public func serialized() -> String {
        var output = ""
        write(chunkSize: .max) { output += $0 }
        return output
    }

    /// Appends the compact JSON text of this value to `output`.
    public func write(to output: inout String) {
        write(to: &output, flushingAt: .max) { _ in }
    }

    /// The compact JSON text of this value, exactly as ``serialized()`` gives it, handed to
    /// `sink` a piece at a time as it is written: pieces of about `chunkSize` UTF-8 bytes (a
    /// little more when one string is longer), so that a large value is written out without
    /// its text ever being held whole. An error `sink` throws ends the writing.
    public func write(chunkSize: Int = JSONValue.chunkSize, to sink: (String) throws -> Void) rethrows {
        var buffer = ""
        try write(to: &buffer, flushingAt: chunkSize, into: sink)
        if !buffer.isEmpty { try sink(buffer) }
    }

    /// Appends this value's text to `buffer`, handing `buffer` to `sink` (and emptying it)
    /// whenever it reaches `limit` bytes between two elements or members.
    package func write(to buffer: inout String, flushingAt limit: Int, into sink: (String) throws -> Void) rethrows {
        switch self {
        case .null: buffer += "null"
        case .bool(let value): buffer += value ? "true" : "false"
        case .int(let value): buffer += String(value)
        case .double(let value): buffer += value.isFinite ? String(value) : "null"
        case .string(let value): Self.writeString(value, to: &buffer)
        case .array(let values):
            buffer += "["
            for (index, value) in values.enumerated() {
                if index > 0 { buffer += "," }
                try value.write(to: &buffer, flushingAt: limit, into: sink)
                try Self.flush(&buffer, at: limit, into: sink)
            }
            buffer += "]"
        case .object(let members):
            buffer += "{"
            try Self.writeMembers(members, to: &buffer, flushingAt: limit, into: sink)
            buffer += "}"
        }
    }

    /// An object's members without its braces: `"key":value,…`.
    package static func writeMembers(_ members: [(String, JSONValue)], to buffer: inout String, flushingAt limit: Int,
                             into sink: (String) throws -> Void) rethrows {
        for (index, (key, value)) in members.enumerated() {
            if index > 0 { buffer += "," }
            writeString(key, to: &buffer)
            buffer += ":"
            try value.write(to: &buffer, flushingAt: limit, into: sink)
            try flush(&buffer, at: limit, into: sink)
        }
    }

    /// Hands `buffer` to `sink` and empties it once it holds `limit` bytes or more.
    @inline(__always)
    package static func flush(_ buffer: inout String, at limit: Int, into sink: (String) throws -> Void) rethrows {
        guard buffer.utf8.count >= limit else { return }
        try sink(buffer)
        buffer.removeAll(keepingCapacity: true)
    }

    /// Writes `value` as a JSON string literal.
    public static func writeString(_ value: String, to output: inout String) {
        output += "\""
        var needsEscaping = false
        for scalar in value.unicodeScalars where scalar == "\"" || scalar == "\\" || isControl(scalar) {
            needsEscaping = true
            break
        }
        guard needsEscaping else {
            output += value
            output += "\""
            return
        }
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            default:
                if isControl(scalar) {
                    let hex = String(scalar.value, radix: 16)
                    output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    output.unicodeScalars.append(scalar)
                }
            }
        }
        output += "\""
    }

    @inline(__always)
    /// Escaped as `\u` rather than written: controls, the line and paragraph separators, and
    /// the bidi controls (JSON printed on a terminal must not reorder itself around them).
    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F ... 0x9F).contains(scalar.value) || scalar.value == 0x2028 || scalar.value == 0x2029
            || UntrustedText.isBidiControl(scalar)
    }
}

extension JSONValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByBooleanLiteral {
    public init(stringLiteral value: String) { self = .string(value) }
    public init(integerLiteral value: Int) { self = .int(value) }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
}

/// A ``JSONValue`` through `Codable`: what the box tree's `Codable` conformances write and
/// read, so that an encoder's JSON has the shape of ``LaidOutScreen/json()``.
package struct CodableJSONValue: Codable {
    var value: JSONValue

    package init(_ value: JSONValue) {
        self.value = value
    }

    private struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    package init(from decoder: any Decoder) throws {
        if let object = try? decoder.container(keyedBy: Key.self) {
            var members: [(String, JSONValue)] = []
            for key in object.allKeys { members.append((key.stringValue, try object.decode(CodableJSONValue.self, forKey: key).value)) }
            value = .object(members)
        } else if var array = try? decoder.unkeyedContainer() {
            var elements: [JSONValue] = []
            while !array.isAtEnd { elements.append(try array.decode(CodableJSONValue.self).value) }
            value = .array(elements)
        } else {
            let single = try decoder.singleValueContainer()
            if single.decodeNil() {
                value = .null
            } else if let flag = try? single.decode(Bool.self) {
                value = .bool(flag)
            } else if let number = try? single.decode(Int.self) {
                value = .int(number)
            } else if let number = try? single.decode(Double.self) {
                value = .double(number)
            } else {
                value = .string(try single.decode(String.self))
            }
        }
    }

    package func encode(to encoder: any Encoder) throws {
        switch value {
        case .object(let members):
            var object = encoder.container(keyedBy: Key.self)
            for (key, member) in members { try object.encode(CodableJSONValue(member), forKey: Key(stringValue: key)) }
        case .array(let elements):
            var array = encoder.unkeyedContainer()
            for element in elements { try array.encode(CodableJSONValue(element)) }
        case .null:
            var single = encoder.singleValueContainer()
            try single.encodeNil()
        case .bool(let flag):
            var single = encoder.singleValueContainer()
            try single.encode(flag)
        case .int(let number):
            var single = encoder.singleValueContainer()
            try single.encode(number)
        case .double(let number):
            // As the writer: a number JSON cannot hold is null.
            var single = encoder.singleValueContainer()
            if number.isFinite { try single.encode(number) } else { try single.encodeNil() }
        case .string(let text):
            var single = encoder.singleValueContainer()
            try single.encode(text)
        }
    }

    /// The value `read` makes of the JSON `decoder` holds; a problem of shape is the decoder's
    /// data corrupted, its description naming the path inside the value.
    package static func decode<Value>(from decoder: any Decoder, _ read: (JSONValue) throws(DocumentError) -> Value) throws -> Value {
        let value = try CodableJSONValue(from: decoder).value
        do {
            return try read(value)
        } catch {
            throw DecodingError.dataCorrupted(DecodingError.Context(codingPath: decoder.codingPath, debugDescription: error.description))
        }
    }
}
