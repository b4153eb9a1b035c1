import ChatLayoutKit

/// A cursor over a JSON document's bytes with the RFC 8259 rules for its tokens (whitespace,
/// literals, numbers, strings), and the wording and location of every syntax error.
///
/// Scanning a token validates it and allocates nothing; what the token holds (a `String`, an
/// `Int`) is read from its bytes afterwards, only when wanted (``JSONToken``). The structure —
/// brackets, commas, colons, nesting — is ``JSONWalker``'s.
struct JSONScanner {
    let bytes: UnsafeBufferPointer<UInt8>
    /// Where the document starts: 0, or 3 after a byte order mark.
    let documentStart: Int
    var position: Int

    init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
        let hasByteOrderMark = bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF
        documentStart = hasByteOrderMark ? 3 : 0
        position = documentStart
    }

    // MARK: Whitespace

    @inline(__always)
    mutating func skipWhitespace() {
        while position < bytes.count {
            let byte = bytes[position]
            if byte > 0x20 { return }  // every token starts above the space
            if byte == 0x20 {
                // Indentation comes in runs of spaces: eight at a time.
                if position + 8 <= bytes.count {
                    let spaces = load8(at: position) ^ 0x2020_2020_2020_2020
                    position += spaces == 0 ? 8 : spaces.trailingZeroBitCount >> 3
                    continue
                }
                position += 1
            } else if byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") || byte == UInt8(ascii: "\t") {
                position += 1
            } else {
                return
            }
        }
    }

    /// Eight bytes from `offset` (which has eight bytes after it), the first in the lowest bits.
    @inline(__always)
    func load8(at offset: Int) -> UInt64 {
        UInt64(littleEndian: UnsafeRawPointer(bytes.baseAddress! + offset).loadUnaligned(as: UInt64.self))
    }

    // MARK: Literals

    mutating func scanLiteral(_ word: StaticString) throws(DocumentError) {
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

    /// Reads a number from its first byte (`-` or a digit); `isInteger` when it has neither
    /// fraction nor exponent. A number too large for `Double` is an error.
    mutating func scanNumber() throws(DocumentError) -> (start: Int, isInteger: Bool) {
        let start = position
        if bytes[position] == UInt8(ascii: "-") { position += 1 }
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
        // Up to 18 digits always fit `Int`; anything else must at least fit `Double`.
        if !isInteger || position - start > 18, JSONNumber.value(bytes, start ..< position, isInteger: isInteger) == nil {
            throw failure("the number is too large to represent", at: start)
        }
        return (start, isInteger)
    }

    mutating func requireDigit(_ message: String) throws(DocumentError) {
        guard position < bytes.count else { throw unexpectedEnd() }
        guard isDigit(bytes[position]) else { throw failure("\(message), found \(describeCharacter(at: position))", at: position) }
        skipDigits()
    }

    mutating func skipDigits() {
        while position < bytes.count, isDigit(bytes[position]) { position += 1 }
    }

    // MARK: Strings

    /// Reads a string literal from its opening quote to after its closing one; whether it has
    /// escapes. Invalid UTF-8 is not an error (it becomes U+FFFD when read).
    @inline(__always)
    mutating func scanString() throws(DocumentError) -> Bool {
        let openingQuote = position
        position += 1
        // Most strings have no escapes: eight bytes at a time to the closing quote.
        while position + 8 <= bytes.count {
            let word = load8(at: position)
            let stops = Self.stopBytes(word)
            if stops == 0 {
                position += 8
                continue
            }
            position += stops.trailingZeroBitCount >> 3
            if bytes[position] == UInt8(ascii: "\"") {
                position += 1
                return false
            }
            break
        }
        return try scanStringSlowly(openingQuote: openingQuote)
    }

    /// The high bit of every byte of `word` that is `"`, `\` or a control character (below the
    /// first such byte, exactly; above it, possibly more).
    @inline(__always)
    static func stopBytes(_ word: UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
        let quote = word ^ (ones &* UInt64(UInt8(ascii: "\"")))
        let backslash = word ^ (ones &* UInt64(UInt8(ascii: "\\")))
        let zeroQuote = (quote &- ones) & ~quote
        let zeroBackslash = (backslash &- ones) & ~backslash
        let control = (word &- ones &* 0x20) & ~word
        return (zeroQuote | zeroBackslash | control) & highs
    }

    /// From `position` in the string that opened at `openingQuote`: byte by byte, escapes
    /// checked.
    mutating func scanStringSlowly(openingQuote: Int) throws(DocumentError) -> Bool {
        var hasEscapes = false
        while position < bytes.count {
            let byte = bytes[position]
            switch byte {
            case UInt8(ascii: "\""):
                position += 1
                return hasEscapes
            case UInt8(ascii: "\\"):
                hasEscapes = true
                try scanEscape(openingQuote: openingQuote)
            case 0 ..< 0x20:
                throw failure("unescaped control character \(hex(UInt32(byte))) in a string", at: position)
            default:
                position += 1
            }
        }
        throw failure("unterminated string", at: openingQuote)
    }

    mutating func scanEscape(openingQuote: Int) throws(DocumentError) {
        let backslash = position
        position += 1
        guard position < bytes.count else { throw failure("unterminated string", at: openingQuote) }
        switch bytes[position] {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
             UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
            position += 1
        case UInt8(ascii: "u"):
            position += 1
            for _ in 0 ..< 4 {
                guard position < bytes.count else { throw failure("unterminated string", at: openingQuote) }
                guard JSONString.hexDigit(bytes[position]) != nil else {
                    throw failure("invalid \\u escape: expected four hexadecimal digits", at: backslash)
                }
                position += 1
            }
        default:
            let escaped = isPrintableASCII(bytes[position]) ? "'\\\(Character(Unicode.Scalar(bytes[position])))'" : describeCharacter(at: position)
            throw failure("invalid escape \(escaped) in a string", at: backslash)
        }
    }

    // MARK: Characters and errors

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
