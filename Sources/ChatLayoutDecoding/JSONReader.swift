import ChatLayoutKit
@_spi(ChatLayoutStages) import ChatLayoutModel

/// A value of a parsed tree (``ParsedJSON``) — or its absence — together with the path that led
/// to it, for decoding with errors that name the place: "messages[3].created_at: expected an
/// RFC 3339 timestamp, got the number 42". The accessors are ``JSONValueReading``'s.
///
/// The reference reader: ``ConversationDecoder/decodeThroughTree(_:channel:)`` decodes through
/// it, for the tests that compare the streaming decoder with it.
package struct JSONReader: JSONValueReading, Sendable {
    /// The value here: nil when it is missing; `.null` when the document says `null`.
    package let value: ParsedJSON?
    private let location: Location
    /// The members of repeated keys the parser recorded, if it did.
    private let repeats: RepeatedKeys?

    /// A reader at the top of a document; `repeats`, what the parser recorded of repeated keys
    /// (``JSONParser/parseRecordingRepeats(_:)``), for ``repeatedMembers(_:)``.
    package init(_ root: ParsedJSON, repeats: RepeatedKeys? = nil) {
        self.init(value: root, location: .root, repeats: repeats)
    }

    private init(value: ParsedJSON?, location: Location, repeats: RepeatedKeys?) {
        self.value = value
        self.location = location
        self.repeats = repeats
    }

    /// From what the parser recorded: none when it recorded nothing.
    package func repeatedMembers(_ key: JSONKey) -> [(position: Int, value: JSONReader)] {
        guard let repeats, !repeats.byObjectPath.isEmpty, case .object? = value,
              let members = repeats.byObjectPath[IDKey(path)] else { return [] }
        let name = key.description
        return members.filter { $0.key.hasSameUTF8(as: name) }
            .map { (position: $0.position, value: JSONReader(value: $0.value, location: .key(location, name), repeats: repeats)) }
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
        return JSONReader(value: member, location: .key(location, key), repeats: repeats)
    }

    /// The member named `key`; see ``subscript(_:)-(String)``.
    package subscript(key: JSONKey) -> JSONReader {
        self[key.description]
    }

    /// The element at `index`, absent when this value is not an array or is too short.
    package subscript(index: Int) -> JSONReader {
        var element: ParsedJSON?
        if case .array(let elements)? = value, elements.indices.contains(index) {
            element = elements[index]
        }
        return JSONReader(value: element, location: .index(location, index), repeats: repeats)
    }

    /// Where this value is: "" at the top, then "context.now", "messages[3].created_at";
    /// a key that is not identifier-like is written `["odd key"]`.
    package var path: String { location.description }

    package var kind: JSONKind? {
        switch value {
        case nil: nil
        case .null?: .null
        case .bool?: .bool
        case .int?, .double?: .number
        case .string?: .string
        case .array?: .array
        case .object?: .object
        }
    }

    package func scalar() -> ParsedJSON? {
        switch value {
        case .array?, .object?: nil
        default: value
        }
    }

    package var isEmptyArray: Bool {
        if case .array(let elements)? = value { return elements.isEmpty }
        return false
    }

    /// The elements of the array here, each with its own path (`messages[0]`, `messages[1]`, …).
    package func elements() -> [JSONReader] {
        guard case .array(let elements)? = value else { return [] }
        return elements.enumerated().map { JSONReader(value: $0.element, location: .index(location, $0.offset), repeats: repeats) }
    }

    package func objectMembers() -> [(key: String, value: JSONReader)] {
        guard case .object(let members)? = value else { return [] }
        return members.map { (key: $0.0, value: JSONReader(value: $0.1, location: .key(location, $0.0), repeats: repeats)) }
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
        // `escaped` writes controls, bidi controls and separators as `\u{…}` and a backslash
        // as `\\`; here a double quote is escaped too, as it closes the quotes.
        var result = "\""
        for scalar in UntrustedText.escaped(text).unicodeScalars {
            if scalar == "\"" { result += "\\" }
            result.unicodeScalars.append(scalar)
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
        var steps: [JSONPath.Step] = []
        var current = self
        while true {
            switch current {
            case .root:
                return JSONPath.text(of: steps.reversed())
            case .key(let parent, let key):
                steps.append(.key(key))
                current = parent
            case .index(let parent, let index):
                steps.append(.index(index))
                current = parent
            }
        }
    }
}

/// How a path is written: "messages[3].created_at", `["odd key"]` for a key that is not
/// identifier-like.
enum JSONPath {
    enum Step {
        case key(String)
        case index(Int)
    }

    /// The path of `steps` from the top.
    static func text(of steps: some Sequence<Step>) -> String {
        var text = ""
        for step in steps { append(step, to: &text) }
        return text
    }

    /// `text` followed by `step`.
    static func append(_ step: Step, to text: inout String) {
        switch step {
        case .index(let index):
            text += "[\(index)]"
        case .key(let key):
            // An absurdly long key is quoted cut with its size, like any value.
            if isIdentifier(key) && key.utf8.count <= UntrustedText.longestQuotedWhole {
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
