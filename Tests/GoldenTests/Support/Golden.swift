import Foundation
import Testing

/// Golden files under `Goldens/` (SPEC §6): one drawing per scenario, compared line by line.
///
/// Record modes, from the environment variable `GOLDEN_RECORD`:
/// - `missing` (the default locally): record goldens that do not exist yet;
/// - `all`: record every golden again;
/// - `failed`: record the goldens that differ;
/// - `never` (always when `CI=true`): record nothing; a missing golden fails.
/// Recording fails the test, so that the new golden is read before it is trusted.
enum Golden {
    enum RecordMode: String { case missing, all, failed, never }

    static var recordMode: RecordMode {
        let environment = ProcessInfo.processInfo.environment
        if environment["CI"] == "true" { return .never }
        return environment["GOLDEN_RECORD"].flatMap(RecordMode.init(rawValue:)) ?? .missing
    }

    static let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Goldens")

    /// Compares `actual` with `Goldens/<name>.<fileExtension>`, recording by the record mode.
    static func assertMatches(_ actual: String, named name: String, fileExtension: String = "txt",
                              sourceLocation: SourceLocation = #_sourceLocation) {
        let url = directory.appendingPathComponent(name + "." + fileExtension)
        let mode = recordMode
        guard let expected = try? String(contentsOf: url, encoding: .utf8) else {
            if mode == .never {
                Issue.record("missing golden \(url.path) (record mode never)", sourceLocation: sourceLocation)
            } else {
                record(actual, to: url)
                Issue.record("recorded new golden \(url.path): read it, then run again", sourceLocation: sourceLocation)
            }
            return
        }
        if expected == actual {
            return
        }
        if mode == .all || mode == .failed {
            record(actual, to: url)
            Issue.record("re-recorded golden \(url.path): read the change, then run again", sourceLocation: sourceLocation)
            return
        }
        Issue.record(Comment(rawValue: difference(expected: expected, actual: actual, name: name)), sourceLocation: sourceLocation)
    }

    private static func record(_ content: String, to url: URL) {
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try? content.write(to: url, atomically: true, encoding: .utf8)
    }

    /// "row 7, column 12" of the first difference, then the differing lines.
    static func difference(expected: String, actual: String, name: String) -> String {
        let old = expected.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let new = actual.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var report = "golden \(name) differs"
        let common = min(old.count, new.count)
        if let row = (0 ..< common).first(where: { old[$0] != new[$0] }) ?? (old.count == new.count ? nil : common) {
            let before = row < old.count ? Array(old[row]) : []
            let after = row < new.count ? Array(new[row]) : []
            let shared = min(before.count, after.count)
            let column = ((0 ..< shared).first(where: { before[$0] != after[$0] }) ?? shared) + 1
            report += " at line \(row + 1), column \(column) (characters)\n"
        }
        for index in 0 ..< max(old.count, new.count) {
            let before = index < old.count ? old[index] : nil
            let after = index < new.count ? new[index] : nil
            guard before != after else { continue }
            if let before { report += String(format: "%4d - ", index + 1) + before + "\n" }
            if let after { report += String(format: "%4d + ", index + 1) + after + "\n" }
        }
        return report
    }
}
