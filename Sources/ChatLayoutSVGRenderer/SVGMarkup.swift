import ChatLayoutKit

/// Text made safe for an XML 1.0 document: for character data and for attribute values in
/// double quotes.
public enum XMLText {
    /// `text` neutralised (`UntrustedText.neutralize(_:)`), then escaped: `&`, `<`, `>` and
    /// `"` as entities (so "]]>" and "<script>" are inert), "\n", "\t", U+2028, U+2029 and
    /// bidi controls as character references (an attribute value keeps them), and every code point XML 1.0 does not allow
    /// (U+FFFE, U+FFFF; controls never survive neutralising) as U+FFFD.
    public static func escaped(_ text: String) -> String {
        let neutral = UntrustedText.neutralize(text)
        if neutral.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F && !isSpecial($0) }) { return neutral }
        var output = String.UnicodeScalarView()
        for scalar in neutral.unicodeScalars {
            switch scalar {
            case "&": output.append(contentsOf: "&amp;".unicodeScalars)
            case "<": output.append(contentsOf: "&lt;".unicodeScalars)
            case ">": output.append(contentsOf: "&gt;".unicodeScalars)
            case "\"": output.append(contentsOf: "&quot;".unicodeScalars)
            case "\n": output.append(contentsOf: "&#10;".unicodeScalars)
            case "\t": output.append(contentsOf: "&#9;".unicodeScalars)
            default:
                if UntrustedText.isBidiControl(scalar) || scalar == "\u{2028}" || scalar == "\u{2029}" {
                    // Kept, but as a character reference: the SVG's source printed on a
                    // terminal must not reorder itself around it, nor break its lines.
                    output.append(contentsOf: "&#x\(String(scalar.value, radix: 16, uppercase: true));".unicodeScalars)
                } else {
                    output.append(isXMLChar(scalar) ? scalar : "\u{FFFD}")
                }
            }
        }
        return String(output)
    }

    private static func isSpecial(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "&") || byte == UInt8(ascii: "<") || byte == UInt8(ascii: ">")
            || byte == UInt8(ascii: "\"")
    }

    /// XML 1.0's `Char` production (surrogates cannot occur in a Swift string).
    static func isXMLChar(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x9, 0xA, 0xD, 0x20 ... 0xD7FF, 0xE000 ... 0xFFFD, 0x1_0000 ... 0x10_FFFF: true
        default: false
        }
    }
}

/// An SVG document as it is written: one element a line, indented by depth, attributes in the
/// order given, so that the same drawing is always the same bytes. Its text can be taken a
/// piece at a time (`take()`), so that a long document is never held whole.
struct SVGDocument {
    private var text = ""
    private var depth = 0

    /// The UTF-8 size of the text not yet taken.
    var byteCount: Int { text.utf8.count }

    /// The text written since the last take, which the document lets go.
    mutating func take() -> String {
        defer { text = "" }
        return text
    }

    /// `<name a="v" …/>`, or `<name …>` when `open` (closed by ``close(_:)``).
    mutating func element(_ name: String, _ attributes: [(String, String)], open: Bool = false) {
        line("<" + name + Self.attributes(attributes) + (open ? ">" : "/>"))
        if open { depth += 1 }
    }

    /// `<name …>content</name>` on one line; `content` is escaped here.
    mutating func element(_ name: String, _ attributes: [(String, String)], content: String) {
        line("<" + name + Self.attributes(attributes) + ">" + XMLText.escaped(content) + "</" + name + ">")
    }

    /// `<name …><tspan …>piece</tspan>…</name>` on one line: each piece escaped here, in its
    /// own attributes.
    mutating func element(_ name: String, _ attributes: [(String, String)], pieces: [(attributes: [(String, String)], content: String)]) {
        line("<" + name + Self.attributes(attributes) + ">"
             + pieces.map { "<tspan" + Self.attributes($0.attributes) + ">" + XMLText.escaped($0.content) + "</tspan>" }.joined()
             + "</" + name + ">")
    }

    mutating func close(_ name: String) {
        depth -= 1
        line("</" + name + ">")
    }

    /// A line written as it is: for the prolog only.
    mutating func raw(_ markup: String) {
        line(markup)
    }

    private mutating func line(_ markup: String) {
        text += String(repeating: " ", count: 2 * depth) + markup + "\n"
    }

    private static func attributes(_ attributes: [(String, String)]) -> String {
        attributes.map { " \($0.0)=\"\(XMLText.escaped($0.1))\"" }.joined()
    }
}
