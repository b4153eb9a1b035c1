import ChatLayoutKit

extension ChatStrings {
    /// The entries of a string table in JSON: a file like the bundled translations
    /// (`{"language": "de", "strings": {"unread_messages": "…", "members": {"one": "…",
    /// "other": "…"}}}`) or the `strings` object alone. A phrase is a string, a count phrase
    /// an object of forms by CLDR plural category (`zero`, `one`, `two`, `few`, `many`,
    /// `other`).
    ///
    /// - Throws: `DocumentError` with line and column for malformed JSON, with the JSON path
    ///   ("strings.members.fiew") for a value of the wrong kind, an unknown category, an
    ///   unknown key or a placeholder the phrase does not take.
    public static func table(json bytes: [UInt8]) throws(DocumentError) -> [(String, ChatStringsValue)] {
        let root = try JSONParser.parse(bytes)
        guard case .object(let members) = root else {
            throw DocumentError(path: "", message: "a string table is an object (of phrases, or with \"strings\")")
        }
        var prefix = ""
        var phrases = members
        if members.contains(where: { $0.0 == "strings" || $0.0 == "language" }) {
            guard case .object(let inner) = members.first(where: { $0.0 == "strings" })?.1 ?? .object([]) else {
                throw DocumentError(path: "strings", message: "expected an object of phrases")
            }
            if let (key, _) = members.first(where: { $0.0 != "strings" && $0.0 != "language" }) {
                throw DocumentError(path: member(key, of: ""), message: "unknown key (a table file has \"language\" and \"strings\")")
            }
            prefix = "strings"
            phrases = inner
        }
        var table: [(String, ChatStringsValue)] = []
        for (key, value) in phrases {
            let path = member(key, of: prefix)
            switch value {
            case .string(let text):
                table.append((key, .phrase(text)))
            case .object(let forms):
                var counted: [PluralCategory: String] = [:]
                for (name, form) in forms {
                    guard let category = PluralCategory(rawValue: name) else {
                        throw DocumentError(path: member(name, of: path),
                                            message: "unknown plural category (expected zero, one, two, few, many or other)")
                    }
                    guard case .string(let text) = form else {
                        throw DocumentError(path: member(name, of: path), message: "expected a string")
                    }
                    counted[category] = text
                }
                table.append((key, .counted(counted)))
            default:
                throw DocumentError(path: path, message: "expected a string, or an object of plural forms")
            }
        }
        // Checked here so an error names the file's path, not only the key.
        var scratch = ChatStrings()
        for entry in table {
            do {
                try scratch.apply([entry])
            } catch {
                throw DocumentError(path: member(entry.0, of: prefix), message: error.message)
            }
        }
        return table
    }

    /// `path` followed by the member `key`, written as decoding errors write paths.
    private static func member(_ key: String, of path: String) -> String {
        var text = path
        JSONPath.append(.key(key), to: &text)
        return text
    }
}
