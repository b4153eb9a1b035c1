import ChatLayoutKit

/// A scalar that ``JSONWalker`` has met and validated: its kind and where its bytes are.
struct JSONToken {
    enum Kind: UInt8 {
        case null, `false`, `true`, number, integer, string, escapedString
    }

    var kind: Kind
    /// The first byte (a string's opening quote).
    var start: Int
    /// After the last byte (a string's closing quote).
    var end: Int
}

/// What listens to a ``JSONWalker``: the events of one walk, in document order. The tree
/// parser builds values from them (``JSONParser``); the streaming decoder records where things
/// are (``JSONTapeBuilder``). `depth` is the number of containers open around the event's
/// value (0 for the document's value; a container's own events count it).
protocol JSONEventHandler {
    /// An array or object opens at `offset`, its bracket; `depth` is 1 for the document's value.
    mutating func open(isObject: Bool, at offset: Int, depth: Int)
    /// An object's key (a string token), before its value; the object is at `depth`.
    mutating func key(_ key: JSONToken, depth: Int, bytes: UnsafeBufferPointer<UInt8>)
    /// A scalar value, in the container at `depth` (0: it is the whole value walked).
    mutating func scalar(_ token: JSONToken, depth: Int, bytes: UnsafeBufferPointer<UInt8>)
    /// The array or object at `depth` closes; `end` is after its bracket.
    mutating func close(isObject: Bool, end: Int, depth: Int)
}

/// The structure of a JSON document: one value, with optional whitespace around it, arrays and
/// objects nested at most ``JSONParser/maximumDepth`` levels, their commas and colons. Every
/// syntax error is found in document order and reported by line and column, with the words of
/// RFC 8259's rules; the handler hears of everything valid before it.
///
/// An explicit stack of open containers (one bit each), so that no document, however deep,
/// can overflow the call stack.
enum JSONWalker {
    /// Walks the whole document in `bytes` (a byte order mark skipped).
    ///
    /// - Throws: a `DocumentError` with the line and column of the first problem.
    static func walkDocument<Handler: JSONEventHandler>(_ bytes: UnsafeBufferPointer<UInt8>, handler: inout Handler) throws(DocumentError) {
        var scanner = JSONScanner(bytes: bytes)
        scanner.skipWhitespace()
        guard scanner.position < bytes.count else { throw scanner.failure("the document is empty", at: scanner.position) }
        try walkValue(&scanner, handler: &handler)
        scanner.skipWhitespace()
        guard scanner.position == bytes.count else {
            throw scanner.failure("unexpected \(scanner.describeCharacter(at: scanner.position)) after the end of the document's value",
                                  at: scanner.position)
        }
    }

    /// Walks the value that starts at `offset` in a document already walked without error;
    /// returns where it ends.
    static func walkValidatedValue<Handler: JSONEventHandler>(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int,
                                                              handler: inout Handler) -> Int {
        var scanner = JSONScanner(bytes: bytes)
        scanner.position = offset
        do throws(DocumentError) {
            try walkValue(&scanner, handler: &handler)
        } catch {
            preconditionFailure("a validated document walks without error: \(error)")
        }
        return scanner.position
    }

    /// One value from `scanner.position`, which is not at the end.
    @inline(__always)
    private static func walkValue<Handler: JSONEventHandler>(_ scanner: inout JSONScanner, handler: inout Handler) throws(DocumentError) {
        let bytes = scanner.bytes
        var kinds = ContainerKinds()
        var depth = 0
        nextValue: while true {
            scanner.skipWhitespace()
            guard scanner.position < bytes.count else { throw scanner.unexpectedEnd() }
            let start = scanner.position
            switch bytes[start] {
            case UInt8(ascii: "\""):
                let hasEscapes = try scanner.scanString()
                handler.scalar(JSONToken(kind: hasEscapes ? .escapedString : .string, start: start, end: scanner.position), depth: depth, bytes: bytes)
            case UInt8(ascii: "{"):
                try open(isObject: true, &scanner, &kinds, &depth, &handler)
                scanner.skipWhitespace()
                guard scanner.position < bytes.count, bytes[scanner.position] == UInt8(ascii: "}") else {
                    try keyAndColon(expectation: "expected an object key in double quotes or '}'", &scanner, depth, &handler)
                    continue nextValue
                }
                scanner.position += 1
                handler.close(isObject: true, end: scanner.position, depth: depth)
                depth -= 1
            case UInt8(ascii: "["):
                try open(isObject: false, &scanner, &kinds, &depth, &handler)
                scanner.skipWhitespace()
                guard scanner.position < bytes.count, bytes[scanner.position] == UInt8(ascii: "]") else { continue nextValue }
                scanner.position += 1
                handler.close(isObject: false, end: scanner.position, depth: depth)
                depth -= 1
            case UInt8(ascii: "-"), UInt8(ascii: "0") ... UInt8(ascii: "9"):
                let (_, isInteger) = try scanner.scanNumber()
                handler.scalar(JSONToken(kind: isInteger ? .integer : .number, start: start, end: scanner.position), depth: depth, bytes: bytes)
            case UInt8(ascii: "t"):
                try scanner.scanLiteral("true")
                handler.scalar(JSONToken(kind: .true, start: start, end: scanner.position), depth: depth, bytes: bytes)
            case UInt8(ascii: "f"):
                try scanner.scanLiteral("false")
                handler.scalar(JSONToken(kind: .false, start: start, end: scanner.position), depth: depth, bytes: bytes)
            case UInt8(ascii: "n"):
                try scanner.scanLiteral("null")
                handler.scalar(JSONToken(kind: .null, start: start, end: scanner.position), depth: depth, bytes: bytes)
            default:
                throw scanner.failure("unexpected \(scanner.describeCharacter(at: start)); expected a value", at: start)
            }
            // A value is complete: on to the next one of its container, closing every container
            // that ends.
            while depth > 0 {
                let inObject = kinds.isObject(depth)
                scanner.skipWhitespace()
                guard scanner.position < bytes.count else { throw scanner.unexpectedEnd() }
                let byte = bytes[scanner.position]
                if byte == UInt8(ascii: ",") {
                    let comma = scanner.position
                    scanner.position += 1
                    scanner.skipWhitespace()
                    if scanner.position < bytes.count, bytes[scanner.position] == (inObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
                        throw scanner.failure(inObject ? "trailing comma in an object" : "trailing comma in an array", at: comma)
                    }
                    if inObject { try keyAndColon(expectation: "expected an object key in double quotes", &scanner, depth, &handler) }
                    continue nextValue
                } else if byte == (inObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
                    scanner.position += 1
                    handler.close(isObject: inObject, end: scanner.position, depth: depth)
                    depth -= 1
                } else {
                    throw scanner.failure(
                        inObject ? "expected ',' or '}' after an object member" : "expected ',' or ']' after an array element",
                        at: scanner.position)
                }
            }
            return
        }
    }

    @inline(__always)
    private static func open<Handler: JSONEventHandler>(isObject: Bool, _ scanner: inout JSONScanner, _ kinds: inout ContainerKinds,
                                                        _ depth: inout Int, _ handler: inout Handler) throws(DocumentError) {
        guard depth < JSONParser.maximumDepth else {
            throw scanner.failure("nesting deeper than \(JSONParser.maximumDepth) levels", at: scanner.position)
        }
        depth += 1
        kinds.set(depth, isObject: isObject)
        handler.open(isObject: isObject, at: scanner.position, depth: depth)
        scanner.position += 1
    }

    /// Reads `"key"` and `:` (whitespace skipped before the key) in the object at `depth`.
    @inline(__always)
    private static func keyAndColon<Handler: JSONEventHandler>(expectation: StaticString, _ scanner: inout JSONScanner, _ depth: Int,
                                                               _ handler: inout Handler) throws(DocumentError) {
        let bytes = scanner.bytes
        guard scanner.position < bytes.count else { throw scanner.unexpectedEnd() }
        guard bytes[scanner.position] == UInt8(ascii: "\"") else { throw scanner.failure(expectation.description, at: scanner.position) }
        let start = scanner.position
        let hasEscapes = try scanner.scanString()
        handler.key(JSONToken(kind: hasEscapes ? .escapedString : .string, start: start, end: scanner.position), depth: depth, bytes: bytes)
        // Pretty-printed and compact documents alike have at most a space before the colon.
        if scanner.position < bytes.count, bytes[scanner.position] == UInt8(ascii: ":") {
            scanner.position += 1
            return
        }
        scanner.skipWhitespace()
        guard scanner.position < bytes.count else { throw scanner.unexpectedEnd() }
        guard bytes[scanner.position] == UInt8(ascii: ":") else {
            throw scanner.failure("expected ':' after an object key", at: scanner.position)
        }
        scanner.position += 1
    }
}

/// Whether each open container is an object: one bit a level, the first 64 levels in a word
/// and the deeper ones (up to ``JSONParser/maximumDepth``) in an array made when first needed.
private struct ContainerKinds {
    private var shallow: UInt64 = 0
    private var deep: [UInt64] = []

    @inline(__always)
    func isObject(_ depth: Int) -> Bool {
        depth < 64 ? (shallow &>> UInt64(depth)) & 1 == 1 : (deep[depth >> 6 - 1] &>> UInt64(depth & 63)) & 1 == 1
    }

    @inline(__always)
    mutating func set(_ depth: Int, isObject: Bool) {
        guard depth < 64 else { return setDeep(depth, isObject: isObject) }
        let bit = UInt64(1) &<< UInt64(depth)
        shallow = isObject ? shallow | bit : shallow & ~bit
    }

    private mutating func setDeep(_ depth: Int, isObject: Bool) {
        if deep.isEmpty { deep = [UInt64](repeating: 0, count: JSONParser.maximumDepth / 64 + 1) }
        let bit = UInt64(1) &<< UInt64(depth & 63)
        deep[depth >> 6 - 1] = isObject ? deep[depth >> 6 - 1] | bit : deep[depth >> 6 - 1] & ~bit
    }
}
