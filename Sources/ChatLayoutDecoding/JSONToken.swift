/// What a scalar token holds, read from its bytes after ``JSONScanner`` has validated them:
/// numbers as `Int` or `Double`, strings as `String` (escapes decoded, invalid UTF-8 repaired).
/// Both the tree parser and the streaming decoder read tokens here, so that a value reads the
/// same through either.
enum JSONNumber {
    /// The number in `range` (validated): `.int` when it is written as an integer that fits
    /// `Int`, else `.double`, correctly rounded; nil when it is too large for `Double`.
    static func value(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, isInteger: Bool) -> ParsedJSON? {
        let isNegative = bytes[range.lowerBound] == UInt8(ascii: "-")
        if isInteger, let value = integer(bytes, (isNegative ? range.lowerBound + 1 : range.lowerBound) ..< range.upperBound, negative: isNegative) {
            return .int(value)
        }
        guard let value = double(bytes, range), value.isFinite else { return nil }
        return .double(value)
    }

    /// The digits in `range` as an `Int`, or nil when they overflow it.
    static func integer(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, negative: Bool) -> Int? {
        var value = 0
        for index in range {
            let digit = Int(bytes[index] &- UInt8(ascii: "0"))
            let (shifted, overflowA) = value.multipliedReportingOverflow(by: 10)
            let (next, overflowB) = negative
                ? shifted.subtractingReportingOverflow(digit) : shifted.addingReportingOverflow(digit)
            if overflowA || overflowB { return nil }
            value = next
        }
        return value
    }

    /// The number in `range` (validated) as the nearest `Double`.
    ///
    /// Clinger's fast path — at most 15 significant digits and a power of ten up to 10^22 are
    /// both exact in a `Double`, so one multiplication or division rounds correctly — covers
    /// the numbers chat payloads carry; the rest go through the standard library's parser.
    static func double(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Double? {
        let end = range.upperBound
        var index = range.lowerBound
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
            } else if byte &- UInt8(ascii: "0") < 10 {
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
                ? Double(mantissa) / powersOfTen[-exponent] : Double(mantissa) * powersOfTen[exponent]
            return isNegative ? -magnitude : magnitude
        }
        return Double(String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self))
    }

    static let powersOfTen: [Double] = [
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
        1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
    ]
}

/// Reading a validated string token.
enum JSONString {
    /// The text between the quotes of the string token in `range` (quotes included).
    @inline(__always)
    static func value(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, hasEscapes: Bool) -> String {
        let content = UnsafeBufferPointer(rebasing: bytes[range.lowerBound + 1 ..< range.upperBound - 1])
        guard hasEscapes else { return String(decoding: content, as: UTF8.self) }
        return String(decoding: unescaped(content), as: UTF8.self)
    }

    /// The bytes of a string's content with its escapes decoded. Escapes only ever add
    /// complete UTF-8 sequences, so repair (invalid bytes → U+FFFD) happens afterwards exactly
    /// as it would have for the raw bytes alone.
    static func unescaped(_ content: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        var buffer: [UInt8] = []
        buffer.reserveCapacity(content.count)
        var index = 0
        while index < content.count {
            let byte = content[index]
            guard byte == UInt8(ascii: "\\") else {
                buffer.append(byte)
                index += 1
                continue
            }
            let escape = content[index + 1]
            index += 2
            switch escape {
            case UInt8(ascii: "b"): buffer.append(0x08)
            case UInt8(ascii: "f"): buffer.append(0x0C)
            case UInt8(ascii: "n"): buffer.append(0x0A)
            case UInt8(ascii: "r"): buffer.append(0x0D)
            case UInt8(ascii: "t"): buffer.append(0x09)
            case UInt8(ascii: "u"):
                // One code unit, or two when they form a surrogate pair; a surrogate without its
                // partner becomes U+FFFD (and the unit after it may itself start a pair).
                var unit = hexUnit(content, at: index)
                index += 4
                while true {
                    if (0xD800 ..< 0xDC00).contains(unit) {
                        guard index + 1 < content.count, content[index] == UInt8(ascii: "\\"), content[index + 1] == UInt8(ascii: "u") else {
                            appendUTF8(0xFFFD, to: &buffer)
                            break
                        }
                        let next = hexUnit(content, at: index + 2)
                        index += 6
                        if (0xDC00 ..< 0xE000).contains(next) {
                            appendUTF8(0x10000 + ((unit - 0xD800) << 10) + (next - 0xDC00), to: &buffer)
                            break
                        }
                        appendUTF8(0xFFFD, to: &buffer)
                        unit = next
                    } else if (0xDC00 ..< 0xE000).contains(unit) {
                        appendUTF8(0xFFFD, to: &buffer)
                        break
                    } else {
                        appendUTF8(unit, to: &buffer)
                        break
                    }
                }
            default: buffer.append(escape)  // `"`, `\`, `/`
            }
        }
        return buffer
    }

    /// The four hexadecimal digits at `index` (validated) as a UTF-16 code unit.
    static func hexUnit(_ content: UnsafeBufferPointer<UInt8>, at index: Int) -> UInt32 {
        var unit: UInt32 = 0
        for offset in 0 ..< 4 { unit = unit << 4 | UInt32(hexDigit(content[index + offset]) ?? 0) }
        return unit
    }

    static func hexDigit(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0") ... UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a") ... UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A") ... UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    static func appendUTF8(_ value: UInt32, to buffer: inout [UInt8]) {
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
}
