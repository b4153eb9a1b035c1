import ChatLayoutKit

/// A strict RFC 8259 JSON parser that reports malformed input by line and column.
///
/// - One value, with optional whitespace around it; a UTF-8 byte order mark at the start is
///   skipped.
/// - Strings: invalid UTF-8 becomes U+FFFD (never an error); `\u` escapes that form a valid
///   surrogate pair combine, and a lone surrogate becomes U+FFFD. Unescaped control characters
///   (U+0000–U+001F) are errors, as the RFC says.
/// - Numbers: an integer that fits `Int` is `.int`; anything else (a fraction, an exponent, a
///   larger integer) is `.double`, correctly rounded. A number too large for `Double` is an
///   error rather than an infinity (which JSON cannot write back).
/// - Objects: when a key appears twice, the **last value wins**, kept at the position of the
///   key's first appearance (what JavaScript's `JSON.parse` does). Keys are compared by their
///   Unicode scalars, not by canonical equivalence.
/// - Nesting deeper than ``maximumDepth`` is an error. The parser keeps its own stack, so no
///   document, however deep, can overflow the call stack.
package enum JSONParser {
    /// The deepest nesting of arrays and objects accepted: 512 levels.
    package static let maximumDepth = 512

    /// The value of a JSON document given as UTF-8 bytes.
    ///
    /// - Throws: a `DocumentError` with the line and column of the first problem.
    package static func parse(_ bytes: [UInt8]) throws(DocumentError) -> ParsedJSON {
        try bytes.withUnsafeBufferPointer(parse).get()
    }

    /// The value of a JSON document given as text.
    ///
    /// - Throws: a `DocumentError` with the line and column of the first problem.
    package static func parse(_ text: String) throws(DocumentError) -> ParsedJSON {
        let result = text.utf8.withContiguousStorageIfAvailable(parse)
            ?? Array(text.utf8).withUnsafeBufferPointer(parse)
        return try result.get()
    }

    private static func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> Result<ParsedJSON, DocumentError> {
        var parser = Parser(bytes: bytes)
        do throws(DocumentError) {
            return .success(try parser.parseDocument())
        } catch {
            return .failure(error)
        }
    }
}

/// One parse: a cursor over the bytes and an explicit stack of open containers.
///
/// Values of open containers wait on one shared `pending` stack (object keys on `keys`); closing
/// a container moves its slice out into a single `ParsedJSON`.
private struct Parser {
    /// An array or object that has been opened and not yet closed.
    struct Frame {
        var isObject: Bool
        /// Where this container's values start on `pending`.
        var valueStart: Int
        /// Where this object's keys start on `keys`.
        var keyStart: Int
    }

    let bytes: UnsafeBufferPointer<UInt8>
    /// Where the document starts: 0, or 3 after a byte order mark.
    let documentStart: Int
    var position: Int
    var frames: [Frame] = []
    var pending: [ParsedJSON] = []
    var keys: [String] = []

    init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
        let hasByteOrderMark = bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF
        documentStart = hasByteOrderMark ? 3 : 0
        position = documentStart
    }

    // MARK: Structure

    mutating func parseDocument() throws(DocumentError) -> ParsedJSON {
        skipWhitespace()
        guard position < bytes.count else { throw failure("the document is empty", at: position) }
        nextValue: while true {
            skipWhitespace()
            guard position < bytes.count else { throw unexpectedEnd() }
            var value: ParsedJSON
            switch bytes[position] {
            case UInt8(ascii: "["):
                try open(isObject: false)
                skipWhitespace()
                guard position < bytes.count, bytes[position] == UInt8(ascii: "]") else { continue nextValue }
                position += 1
                frames.removeLast()
                value = .array([])
            case UInt8(ascii: "{"):
                try open(isObject: true)
                skipWhitespace()
                guard position < bytes.count, bytes[position] == UInt8(ascii: "}") else {
                    try parseKeyAndColon(expectation: "expected an object key in double quotes or '}'")
                    continue nextValue
                }
                position += 1
                frames.removeLast()
                value = .object([])
            default:
                value = try parseScalar()
            }
            // A value is complete: hand it to its container, closing every container that ends.
            while let frame = frames.last {
                pending.append(value)
                skipWhitespace()
                guard position < bytes.count else { throw unexpectedEnd() }
                let closer = UInt8(ascii: frame.isObject ? "}" : "]")
                switch bytes[position] {
                case UInt8(ascii: ","):
                    let comma = position
                    position += 1
                    skipWhitespace()
                    if position < bytes.count, bytes[position] == closer {
                        throw failure(frame.isObject ? "trailing comma in an object" : "trailing comma in an array", at: comma)
                    }
                    if frame.isObject { try parseKeyAndColon(expectation: "expected an object key in double quotes") }
                    continue nextValue
                case closer:
                    position += 1
                    value = close(frame)
                    frames.removeLast()
                default:
                    throw failure(
                        frame.isObject ? "expected ',' or '}' after an object member" : "expected ',' or ']' after an array element",
                        at: position)
                }
            }
            skipWhitespace()
            guard position == bytes.count else {
                throw failure("unexpected \(describeCharacter(at: position)) after the end of the document's value", at: position)
            }
            return value
        }
    }

    mutating func open(isObject: Bool) throws(DocumentError) {
        guard frames.count < JSONParser.maximumDepth else {
            throw failure("nesting deeper than \(JSONParser.maximumDepth) levels", at: position)
        }
        frames.append(Frame(isObject: isObject, valueStart: pending.count, keyStart: keys.count))
        position += 1
    }

    /// Reads `"key"` and `:` (whitespace skipped before the key).
    mutating func parseKeyAndColon(expectation: String) throws(DocumentError) {
        guard position < bytes.count else { throw unexpectedEnd() }
        guard bytes[position] == UInt8(ascii: "\"") else { throw failure(expectation, at: position) }
        keys.append(try parseString())
        skipWhitespace()
        guard position < bytes.count else { throw unexpectedEnd() }
        guard bytes[position] == UInt8(ascii: ":") else { throw failure("expected ':' after an object key", at: position) }
        position += 1
    }

    mutating func close(_ frame: Frame) -> ParsedJSON {
        defer {
            pending.removeSubrange(frame.valueStart...)
            if frame.isObject { keys.removeSubrange(frame.keyStart...) }
        }
        guard frame.isObject else { return .array(Array(pending[frame.valueStart...])) }
        return .object(Self.members(keys: keys[frame.keyStart...], values: pending[frame.valueStart...]))
    }

    /// Pairs keys with values; a repeated key keeps its first position and takes the last value.
    static func members(keys: ArraySlice<String>, values: ArraySlice<ParsedJSON>) -> [(String, ParsedJSON)] {
        var members: [(String, ParsedJSON)] = []
        members.reserveCapacity(keys.count)
        func sameScalars(_ a: String, _ b: String) -> Bool { a.hasSameUTF8(as: b) }
        if keys.count <= 8 {
            for (key, value) in zip(keys, values) {
                if let index = members.firstIndex(where: { sameScalars($0.0, key) }) {
                    members[index].1 = value
                } else {
                    members.append((key, value))
                }
            }
            return members
        }
        // String hashing follows canonical equivalence, so a hit is confirmed scalar by scalar.
        var indexByKey: [String: Int] = [:]
        indexByKey.reserveCapacity(keys.count)
        for (key, value) in zip(keys, values) {
            if let index = indexByKey[key] {
                if sameScalars(members[index].0, key) {
                    members[index].1 = value
                } else if let index = members.firstIndex(where: { sameScalars($0.0, key) }) {
                    members[index].1 = value
                } else {
                    members.append((key, value))
                }
            } else {
                indexByKey[key] = members.count
                members.append((key, value))
            }
        }
        return members
    }

    // MARK: Scalars

    mutating func parseScalar() throws(DocumentError) -> ParsedJSON {
        switch bytes[position] {
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): try parseLiteral("true"); return .bool(true)
        case UInt8(ascii: "f"): try parseLiteral("false"); return .bool(false)
        case UInt8(ascii: "n"): try parseLiteral("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0") ... UInt8(ascii: "9"): return try parseNumber()
        default: throw failure("unexpected \(describeCharacter(at: position)); expected a value", at: position)
        }
    }

    mutating func parseLiteral(_ word: StaticString) throws(DocumentError) {
        let expected = UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
        for byte in expected {
            guard position < bytes.count else { throw unexpectedEnd() }
            guard bytes[position] == byte else {
                throw failure("unexpected \(describeCharacter(at: position)); expected '\(word)'", at: position)
            }
            position += 1
        }
    }

    // MARK: Numbers

    mutating func parseNumber() throws(DocumentError) -> ParsedJSON {
        let start = position
        let isNegative = bytes[position] == UInt8(ascii: "-")
        if isNegative { position += 1 }
        guard position < bytes.count else { throw unexpectedEnd() }
        guard isDigit(bytes[position]) else {
            throw failure("expected a digit after '-', found \(describeCharacter(at: position))", at: position)
        }
        if bytes[position] == UInt8(ascii: "0") {
            position += 1
            if position < bytes.count, isDigit(bytes[position]) {
                throw failure("numbers cannot have leading zeros", at: position - 1)
            }
        } else {
            skipDigits()
        }
        let integerEnd = position
        var isInteger = true
        if position < bytes.count, bytes[position] == UInt8(ascii: ".") {
            isInteger = false
            position += 1
            try requireDigit("expected a digit after the decimal point")
        }
        if position < bytes.count, bytes[position] | 0x20 == UInt8(ascii: "e") {
            isInteger = false
            position += 1
            if position < bytes.count, bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-") {
                position += 1
            }
            try requireDigit("expected a digit in the exponent")
        }
        if isInteger, let value = integer(from: isNegative ? start + 1 : start, to: integerEnd, negative: isNegative) {
            return .int(value)
        }
        guard let value = double(from: start, to: position), value.isFinite else {
            throw failure("the number is too large to represent", at: start)
        }
        return .double(value)
    }

    mutating func requireDigit(_ message: String) throws(DocumentError) {
        guard position < bytes.count else { throw unexpectedEnd() }
        guard isDigit(bytes[position]) else { throw failure("\(message), found \(describeCharacter(at: position))", at: position) }
        skipDigits()
    }

    mutating func skipDigits() {
        while position < bytes.count, isDigit(bytes[position]) { position += 1 }
    }

    /// The digits in `start..<end` as an `Int`, or nil when they overflow it.
    func integer(from start: Int, to end: Int, negative: Bool) -> Int? {
        var value = 0
        for index in start ..< end {
            let digit = Int(bytes[index] &- UInt8(ascii: "0"))
            let (shifted, overflowA) = value.multipliedReportingOverflow(by: 10)
            let (next, overflowB) = negative
                ? shifted.subtractingReportingOverflow(digit) : shifted.addingReportingOverflow(digit)
            if overflowA || overflowB { return nil }
            value = next
        }
        return value
    }

    /// The number in `start..<end` (already validated) as the nearest `Double`.
    ///
    /// Clinger's fast path — at most 15 significant digits and a power of ten up to 10^22 are
    /// both exact in a `Double`, so one multiplication or division rounds correctly — covers
    /// the numbers chat payloads carry; the rest go through the standard library's parser.
    func double(from start: Int, to end: Int) -> Double? {
        var index = start
        let isNegative = bytes[index] == UInt8(ascii: "-")
        if isNegative { index += 1 }
        var mantissa: UInt64 = 0
        var significantDigits = 0
        var exponent = 0
        var isExact = true
        var inFraction = false
        while index < end {
            let byte = bytes[index]
            if byte == UInt8(ascii: ".") {
                inFraction = true
            } else if isDigit(byte) {
                let digit = UInt64(byte &- UInt8(ascii: "0"))
                if mantissa == 0 && digit == 0 {
                    if inFraction { exponent -= 1 }
                } else if significantDigits < 19 {
                    mantissa = mantissa * 10 + digit
                    significantDigits += 1
                    if inFraction { exponent -= 1 }
                } else {
                    isExact = false
                    if !inFraction { exponent += 1 }
                }
            } else {
                break  // the exponent
            }
            index += 1
        }
        if mantissa == 0 { return isNegative ? -0.0 : 0.0 }
        if index < end {
            index += 1
            var sign = 1
            if bytes[index] == UInt8(ascii: "-") { sign = -1; index += 1 } else if bytes[index] == UInt8(ascii: "+") { index += 1 }
            var written = 0
            while index < end {
                written = min(written * 10 + Int(bytes[index] &- UInt8(ascii: "0")), 1_000_000)
                index += 1
            }
            exponent += sign * written
        }
        if isExact, mantissa <= 1 << 53, (-22 ... 22).contains(exponent) {
            let magnitude = exponent < 0
                ? Double(mantissa) / Self.powersOfTen[-exponent] : Double(mantissa) * Self.powersOfTen[exponent]
            return isNegative ? -magnitude : magnitude
        }
        return Double(String(decoding: UnsafeBufferPointer(rebasing: bytes[start ..< end]), as: UTF8.self))
    }

    static let powersOfTen: [Double] = [
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
        1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
    ]

    // MARK: Strings

    /// Reads a string literal starting at its opening quote.
    mutating func parseString() throws(DocumentError) -> String {
        let openingQuote = position
        position += 1
        let contentStart = position
        // Most strings have no escapes: decode the bytes between the quotes in one go.
        while position < bytes.count {
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") {
                position += 1
                return String(decoding: UnsafeBufferPointer(rebasing: bytes[contentStart ..< position - 1]), as: UTF8.self)
            }
            if byte == UInt8(ascii: "\\") || byte < 0x20 { break }
            position += 1
        }
        var buffer = Array(bytes[contentStart ..< position])
        while position < bytes.count {
            let byte = bytes[position]
            switch byte {
            case UInt8(ascii: "\""):
                position += 1
                // Escapes only ever add complete UTF-8 sequences, so repair (invalid bytes →
                // U+FFFD) happens here exactly as it would have for the raw bytes alone.
                return String(decoding: buffer, as: UTF8.self)
            case UInt8(ascii: "\\"):
                try parseEscape(into: &buffer, openingQuote: openingQuote)
            case 0 ..< 0x20:
                throw failure("unescaped control character \(hex(UInt32(byte))) in a string", at: position)
            default:
                buffer.append(byte)
                position += 1
            }
        }
        throw failure("unterminated string", at: openingQuote)
    }

    mutating func parseEscape(into buffer: inout [UInt8], openingQuote: Int) throws(DocumentError) {
        let backslash = position
        position += 1
        guard position < bytes.count else { throw failure("unterminated string", at: openingQuote) }
        let simple: UInt8
        switch bytes[position] {
        case UInt8(ascii: "\""): simple = UInt8(ascii: "\"")
        case UInt8(ascii: "\\"): simple = UInt8(ascii: "\\")
        case UInt8(ascii: "/"): simple = UInt8(ascii: "/")
        case UInt8(ascii: "b"): simple = 0x08
        case UInt8(ascii: "f"): simple = 0x0C
        case UInt8(ascii: "n"): simple = 0x0A
        case UInt8(ascii: "r"): simple = 0x0D
        case UInt8(ascii: "t"): simple = 0x09
        case UInt8(ascii: "u"):
            position += 1
            try parseUnicodeEscape(into: &buffer, backslash: backslash, openingQuote: openingQuote)
            return
        default:
            let escaped = isPrintableASCII(bytes[position]) ? "'\\\(Character(Unicode.Scalar(bytes[position])))'" : describeCharacter(at: position)
            throw failure("invalid escape \(escaped) in a string", at: backslash)
        }
        buffer.append(simple)
        position += 1
    }

    /// After `\u`: one code unit, or two when they form a surrogate pair. A surrogate without
    /// its partner becomes U+FFFD.
    mutating func parseUnicodeEscape(into buffer: inout [UInt8], backslash: Int, openingQuote: Int) throws(DocumentError) {
        var unit = try parseHexDigits(backslash: backslash, openingQuote: openingQuote)
        while true {
            switch unit {
            case 0xD800 ..< 0xDC00:
                guard position + 1 < bytes.count, bytes[position] == UInt8(ascii: "\\"), bytes[position + 1] == UInt8(ascii: "u") else {
                    appendUTF8(0xFFFD, to: &buffer)
                    return
                }
                let nextBackslash = position
                position += 2
                let next = try parseHexDigits(backslash: nextBackslash, openingQuote: openingQuote)
                if (0xDC00 ..< 0xE000).contains(next) {
                    appendUTF8(0x10000 + ((unit - 0xD800) << 10) + (next - 0xDC00), to: &buffer)
                    return
                }
                appendUTF8(0xFFFD, to: &buffer)
                unit = next  // which may itself start a pair
            case 0xDC00 ..< 0xE000:
                appendUTF8(0xFFFD, to: &buffer)
                return
            default:
                appendUTF8(unit, to: &buffer)
                return
            }
        }
    }

    mutating func parseHexDigits(backslash: Int, openingQuote: Int) throws(DocumentError) -> UInt32 {
        var unit: UInt32 = 0
        for _ in 0 ..< 4 {
            guard position < bytes.count else { throw failure("unterminated string", at: openingQuote) }
            let byte = bytes[position]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0") ... UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a") ... UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A") ... UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw failure("invalid \\u escape: expected four hexadecimal digits", at: backslash)
            }
            unit = unit << 4 | UInt32(digit)
            position += 1
        }
        return unit
    }

    func appendUTF8(_ value: UInt32, to buffer: inout [UInt8]) {
        switch value {
        case ..<0x80:
            buffer.append(UInt8(value))
        case ..<0x800:
            buffer.append(UInt8(0xC0 | value >> 6))
            buffer.append(UInt8(0x80 | value & 0x3F))
        case ..<0x10000:
            buffer.append(UInt8(0xE0 | value >> 12))
            buffer.append(UInt8(0x80 | value >> 6 & 0x3F))
            buffer.append(UInt8(0x80 | value & 0x3F))
        default:
            buffer.append(UInt8(0xF0 | value >> 18))
            buffer.append(UInt8(0x80 | value >> 12 & 0x3F))
            buffer.append(UInt8(0x80 | value >> 6 & 0x3F))
            buffer.append(UInt8(0x80 | value & 0x3F))
        }
    }

    // MARK: Whitespace, characters, errors

    mutating func skipWhitespace() {
        while position < bytes.count {
            switch bytes[position] {
            case UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "\t"): position += 1
            default: return
            }
        }
    }

    func isDigit(_ byte: UInt8) -> Bool { byte &- UInt8(ascii: "0") < 10 }

    func isPrintableASCII(_ byte: UInt8) -> Bool { (0x20 ..< 0x7F).contains(byte) }

    func hex(_ value: UInt32) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }

    /// "character 'x'", "character U+00E9", "byte 0xFF": never the raw character when it could
    /// be invisible or act on a terminal.
    func describeCharacter(at offset: Int) -> String {
        let byte = bytes[offset]
        if isPrintableASCII(byte) { return "character '\(Character(Unicode.Scalar(byte)))'" }
        var decoder = UTF8()
        var iterator = bytes[offset...].makeIterator()
        if case .scalarValue(let scalar) = decoder.decode(&iterator) { return "character \(hex(scalar.value))" }
        return "byte 0x" + String(byte, radix: 16, uppercase: true)
    }

    func unexpectedEnd() -> DocumentError {
        failure("unexpected end of the document", at: bytes.count)
    }

    /// An error at a byte offset, located by line and by column in Unicode scalars. A line
    /// ends at "\n", "\r\n" or a lone "\r".
    func failure(_ message: String, at offset: Int) -> DocumentError {
        var line = 1
        var column = 1
        var index = documentStart
        while index < offset {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\n") || (byte == UInt8(ascii: "\r") && (index + 1 == bytes.count || bytes[index + 1] != UInt8(ascii: "\n"))) {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 && byte != UInt8(ascii: "\r") {
                column += 1
            }
            index += 1
        }
        return DocumentError(line: line, column: column, message: message)
    }
}
