import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// Helpers for the hostile-input tests (issue 7): documents with hostile values, and the checks
/// that what `chat-layout` prints is inert and fits its width.
enum Hostile {
    /// `text` as a JSON string literal: quotes, backslashes and every control character
    /// (C0, DEL, C1) escaped, everything else as it is.
    static func json(_ text: String) -> String {
        var literal = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": literal += "\\\""
            case "\\": literal += "\\\\"
            default:
                if scalar.value < 0x20 || (0x7F ... 0x9F).contains(scalar.value) {
                    let hex = String(scalar.value, radix: 16)
                    literal += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    literal.unicodeScalars.append(scalar)
                }
            }
        }
        return literal + "\""
    }

    /// One message object; `text` and `name` are JSON literals (use ``json(_:)``).
    static func message(_ id: String, text: String, user: String = "x", name: String = #""Xavier""#,
                        at time: String = "2024-03-05T09:00:00Z", extra: String = "") -> String {
        #"{"id": "\#(id)", "text": \#(text), "user": {"id": "\#(user)", "name": \#(name)}, "created_at": "\#(time)"\#(extra)}"#
    }

    /// A document of `messages` (JSON objects) seen by "me" at noon UTC, en_US, in a group channel.
    static func document(_ messages: [String], now: String = "2024-03-05T12:00:00Z", channelName: String = #""X""#,
                         config: String = "{}", extra: String = "") -> String {
        """
        {"context": {"current_user_id": "me", "now": "\(now)", "time_zone": "UTC", "locale": "en_US"},
         "config": \(config),
         "channel": {"cid": "messaging:x", "name": \(channelName), "member_count": 3},
         "messages": [\(messages.joined(separator: ",\n  "))]\(extra)}
        """
    }

    /// The bidi controls (UAX #9's Bidi_Control): ALM, LRM, RLM, embeddings, overrides, isolates.
    static func isBidiControl(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x061C, 0x200E, 0x200F, 0x202A ... 0x202E, 0x2066 ... 0x2069: true
        default: false
        }
    }

    /// What must not reach a terminal from a drawing, named: C0 controls but "\n" (so ESC, and
    /// with it every escape sequence), DEL, C1 controls, and bidi controls (a drawing is in
    /// display order already; left in it, they would reorder the terminal's line; JSON and
    /// SVG escape them). Nil when there is none.
    static func firstControl(in output: String) -> String? {
        for (number, line) in output.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            for scalar in line.unicodeScalars {
                let isControl = scalar.value < 0x20 || (0x7F ... 0x9F).contains(scalar.value)
                if isControl || isBidiControl(scalar) {
                    return "line \(number + 1) has U+\(String(scalar.value, radix: 16, uppercase: true)): \(String(reflecting: line))"
                }
            }
        }
        return nil
    }

    /// The drawing's rows (the output ends with one newline).
    static func rows(_ output: String) -> [String] {
        var rows = output.components(separatedBy: "\n")
        if rows.last == "" { rows.removeLast() }
        return rows
    }

    /// The rows of a drawing wider than `width` cells, measured by `chat-layout text width`
    /// (the engine the layout measures with), with their widths.
    static func rowsWiderThan(_ width: Int, in output: String) throws -> [(row: String, cells: Int)] {
        let drawn = rows(output)
        guard !drawn.isEmpty else { return [] }
        let result = try CLIRunner.run(["text", "width"], stdin: drawn.joined(separator: "\n") + "\n")
        let widths = result.stdout.split(separator: "\n").compactMap { Int($0) }
        guard result.status == 0, widths.count == drawn.count else { return [("(could not measure: \(result.stderr))", -1)] }
        return zip(drawn, widths).filter { $0.1 > width }.map { ($0.0, $0.1) }
    }

    /// Whether `data` is a well-formed XML document.
    static func isWellFormedXML(_ data: Data) -> Bool {
        XMLParser(data: data).parse()
    }
}
