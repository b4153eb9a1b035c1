/// Base64 (RFC 4648, with padding) for the generated character table: the module does not
/// import Foundation.
enum Base64 {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    static func encode(_ bytes: [UInt8]) -> String {
        var out: [UInt8] = []
        out.reserveCapacity((bytes.count + 2) / 3 * 4)
        var index = 0
        while index < bytes.count {
            let chunk = [bytes[index], index + 1 < bytes.count ? bytes[index + 1] : 0, index + 2 < bytes.count ? bytes[index + 2] : 0]
            let value = UInt32(chunk[0]) << 16 | UInt32(chunk[1]) << 8 | UInt32(chunk[2])
            let left = bytes.count - index
            for position in 0 ..< 4 {
                out.append(position <= min(left, 3) ? alphabet[Int(value >> UInt32(18 - 6 * position)) & 0x3F] : UInt8(ascii: "="))
            }
            index += 3
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The bytes of `text`; nil where it is not base64.
    static func decode(_ text: StaticString) -> [UInt8]? {
        text.withUTF8Buffer { decode($0) }
    }

    static func decode(_ text: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
        var values = [UInt8](repeating: 0xFF, count: 256)
        for (index, byte) in alphabet.enumerated() { values[Int(byte)] = UInt8(index) }
        guard text.count % 4 == 0 else { return nil }
        var out: [UInt8] = []
        out.reserveCapacity(text.count / 4 * 3)
        var index = 0
        while index < text.count {
            var value: UInt32 = 0
            var padding = 0
            for position in 0 ..< 4 {
                let byte = text[index + position]
                if byte == UInt8(ascii: "=") && position >= 2 {
                    padding += 1
                    value <<= 6
                    continue
                }
                let digit = values[Int(byte)]
                guard digit != 0xFF, padding == 0 else { return nil }
                value = value << 6 | UInt32(digit)
            }
            out.append(UInt8(truncatingIfNeeded: value >> 16))
            if padding < 2 { out.append(UInt8(truncatingIfNeeded: value >> 8)) }
            if padding < 1 { out.append(UInt8(truncatingIfNeeded: value)) }
            index += 4
        }
        return out
    }
}
