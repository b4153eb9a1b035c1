import ChatLayoutDecoding
import ChatLayoutKit
import Foundation
import Testing

/// The Profiles article's table of defaults is the code's: each cell, written into a document
/// of that profile, changes nothing, and every option has its row.
struct ProfilesArticleTests {
    private static let article = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources/ChatLayoutKit/ChatLayoutKit.docc/Profiles.md")

    /// The table's rows: the key, and its value in each column's profile, as written.
    private static func rows() throws -> [(key: String, values: [String])] {
        let text = try String(contentsOf: article, encoding: .utf8)
        return text.split(separator: "\n").compactMap { line -> (String, [String])? in
            let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count == 4, cells[0].contains("`"), !cells[0].hasPrefix("key") else { return nil }
            let unquoted = cells.map { $0.replacingOccurrences(of: "*", with: "").replacingOccurrences(of: "`", with: "") }
            return (unquoted[0], Array(unquoted.dropFirst()))
        }
    }

    private static let columns: [LayoutProfile] = [.streamUIKit, .streamSwiftUI, .sendbird]

    /// `{"profile": …}` with `key` set to `value` (nested at a dot), as JSON.
    private static func config(_ profile: LayoutProfile, key: String, value: String) -> String {
        let literal = ["true", "false", "null"].contains(value) || Double(value) != nil || value.hasPrefix("[") ? value : "\"\(value)\""
        let parts = key.split(separator: ".")
        let member = parts.count == 2 ? #""\#(parts[0])": {"\#(parts[1])": \#(literal)}"# : #""\#(key)": \#(literal)"#
        return #"{"profile": "\#(profile.rawValue)", \#(member)}"#
    }

    private static func decode(config: String) throws -> ConversationDocument {
        try ConversationDecoder.decode(Array(#"{"messages": [], "config": \#(config)}"#.utf8))
    }

    @Test func eachCell_isItsProfilesDefault() throws {
        let rows = try Self.rows()
        try #require(rows.count > 20)
        for (key, values) in rows {
            for (profile, value) in zip(Self.columns, values) {
                let written = try Self.decode(config: Self.config(profile, key: key, value: value))
                #expect(written.warnings.isEmpty, "\(key): \(written.warnings)")
                #expect(written.config == profile.defaults(), "\(key) is not \(value) in \(profile.rawValue)")
            }
        }
    }

    @Test func everyOption_hasItsRow() throws {
        let keys = Set(try Self.rows().map(\.key))
        let options = try Self.decode(config: "{}").configProvenance.keys.filter { $0 != "profile" }
        #expect(Set(options) == keys, "missing: \(Set(options).subtracting(keys).sorted()); unknown: \(keys.subtracting(options).sorted())")
    }
}
