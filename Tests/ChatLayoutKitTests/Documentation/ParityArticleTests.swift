import ChatLayoutDecoding
import ChatLayoutKit
import Foundation
import Testing

/// The Parity article's tables say what the code does: every option key they name is an
/// option, every `key: value` they name decodes, every row not supported says why, and the
/// counts — in the article and in the README — are the rows'.
struct ParityArticleTests {
    private static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    private static func text(_ path: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    }

    private struct Row {
        var feature: String
        var ours: String
        var status: String
        var note: String
    }

    /// The rows of each section ("Stream UIKit", "Stream SwiftUI", "Sendbird's thread view").
    private static func sections() throws -> [String: [Row]] {
        var sections: [String: [Row]] = [:]
        var current: String?
        for line in try text("Sources/ChatLayoutKit/ChatLayoutKit.docc/Parity.md").split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("## ") { current = String(line.dropFirst(3)); continue }
            guard let current, names.contains(current), line.hasPrefix("| "), !line.hasPrefix("| SDK option"), !line.hasPrefix("|---") else { continue }
            let cells = line.dropFirst(2).dropLast(2).components(separatedBy: " | ")
            guard cells.count == 5 else {
                Issue.record("a row of \(cells.count) cells: \(line)")
                continue
            }
            sections[current, default: []].append(Row(feature: cells[0], ours: cells[2], status: cells[3], note: cells[4]))
        }
        return sections
    }

    private static let names = ["Stream UIKit", "Stream SwiftUI", "Sendbird's thread view"]

    @Test func everyRow_hasAStatus_andEveryRowNotSupported_saysWhy() throws {
        let sections = try Self.sections()
        #expect(Set(sections.keys) == Set(Self.names))
        for (name, rows) in sections {
            #expect(rows.count >= 30, "\(name)")
            for row in rows {
                #expect(["✔", "partial", "✘"].contains(row.status), "\(name): \(row.feature)")
                if row.status != "✔" { #expect(!row.note.isEmpty, "\(name): \(row.feature) says what is missing") }
            }
        }
    }

    /// The option keys of the configuration, as `config_sources` names them.
    private static func keys() throws -> Set<String> {
        Set(try ConversationDecoder.decode(Array(#"{"messages": [], "config": {}}"#.utf8)).configProvenance.keys)
    }

    /// Every `key` and `key: value` the tables name in their "ChatLayoutKit" column is an
    /// option of the configuration, and the value one it takes.
    @Test func everyKeyNamed_isAnOption_andEveryValueNamed_decodes() throws {
        let keys = try Self.keys()
        let keyPattern = /^[a-z][a-z0-9]*(_[a-z0-9]+)+(\.[a-z_]+)?$|^[a-z_]+\.[a-z_]+$/
        var checked = 0
        for rows in try Self.sections().values {
            for row in rows {
                for token in row.ours.split(separator: "`", omittingEmptySubsequences: false).enumerated().filter({ $0.offset % 2 == 1 }).map({ String($0.element) }) {
                    let parts = token.components(separatedBy: ": ")
                    guard parts[0].wholeMatch(of: keyPattern) != nil, !parts[0].contains(" ") else { continue }
                    // A field of the decisions (`MessageListDecisions.hidden`) is not an option.
                    guard parts[0].first?.isLowercase == true, !parts[0].contains("Decisions") else { continue }
                    #expect(keys.contains(parts[0]), "\(row.feature): `\(parts[0])` is not an option")
                    checked += 1
                    guard parts.count == 2 else { continue }
                    let value = Int(parts[1]) != nil ? parts[1] : "\"\(parts[1])\""
                    let path = parts[0].split(separator: ".")
                    let member = path.count == 2 ? #""\#(path[0])": {"\#(path[1])": \#(value)}"# : #""\#(parts[0])": \#(value)"#
                    #expect(throws: Never.self, "\(row.feature): \(token)") {
                        try ConversationDecoder.decode(Array(#"{"messages": [], "config": {\#(member)}}"#.utf8))
                    }
                }
            }
        }
        #expect(checked > 60)
    }

    /// The counts of the rows: ✔, partial, ✘ and all.
    private static func counts(_ rows: [Row]) -> (supported: Int, partial: Int, missing: Int, all: Int) {
        (rows.filter { $0.status == "✔" }.count, rows.filter { $0.status == "partial" }.count,
         rows.filter { $0.status == "✘" }.count, rows.count)
    }

    @Test func theSummary_countsTheRows() throws {
        let sections = try Self.sections()
        let article = try Self.text("Sources/ChatLayoutKit/ChatLayoutKit.docc/Parity.md")
        for (name, summary) in zip(Self.names, ["Stream UIKit", "Stream SwiftUI", "Sendbird thread view"]) {
            let rows = try #require(sections[name])
            let (supported, partial, missing, all) = Self.counts(rows)
            let share = Int((100 * Double(supported) / Double(all)).rounded())
            #expect(article.contains("| \(summary) | \(supported) | \(partial) | \(missing) | \(all) | \(share) % |"), "\(summary)")
        }
    }

    @Test func theReadme_claimsWhatTheTableCounts() throws {
        let readme = try Self.text("README.md").split(whereSeparator: \.isWhitespace).joined(separator: " ")
        let sections = try Self.sections()
        let uikit = Self.counts(try #require(sections["Stream UIKit"]))
        let swiftUI = Self.counts(try #require(sections["Stream SwiftUI"]))
        let sendbird = Self.counts(try #require(sections["Sendbird's thread view"]))
        #expect(readme.contains("\(uikit.supported) of Stream UIKit's \(uikit.all) layout options and features"))
        #expect(readme.contains("\(swiftUI.supported) of Stream SwiftUI's \(swiftUI.all)"))
        #expect(readme.contains("\(sendbird.supported) of the \(sendbird.all) of Sendbird's thread view"))
    }
}
