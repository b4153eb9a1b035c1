extension UntrustedText {
    /// `text` as a message quotes a name it did not choose (a file name, a path): every
    /// character that is invisible or could act on a terminal or break the line — C0 and C1
    /// controls, DEL, line and paragraph separators, bidi controls — written as `\u{…}`, and a
    /// backslash as `\\`, so that the name is shown whole, on one line, and can be read back
    /// exactly (an escape sequence in it is shown, not removed). Other text is unchanged.
    /// Shorten it first where it could be long (``shortened(_:wholeUpTo:)``).
    public static func escaped(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: needsEscape) else { return text }
        var result = ""
        for scalar in text.unicodeScalars {
            if scalar == "\\" {
                result += "\\\\"
            } else if needsEscape(scalar) {
                result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    private static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x5C, 0 ..< 0x20, 0x7F ... 0x9F, 0x2028, 0x2029: true
        default: isBidiControl(scalar)
        }
    }
}
