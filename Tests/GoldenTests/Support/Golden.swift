import ChatLayoutGoldens
import Foundation
import Testing

/// Golden files under `Goldens/`: one drawing per scenario, compared line by line by
/// `ChatLayoutGoldens` — the same machinery the library's users call.
///
/// Record modes, from the environment variable `GOLDEN_RECORD` (``GoldenRecordMode``):
/// `missing` (the default locally), `all`, `failed`, `never` (always when `CI=true`).
/// Recording fails the test, so that the new golden is read before it is trusted.
enum Golden {
    static let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Goldens")

    /// Compares `actual` with `Goldens/<name>.<fileExtension>`, recording by the record mode.
    static func assertMatches(_ actual: String, named name: String, fileExtension: String = "txt",
                              sourceLocation: SourceLocation = #_sourceLocation) {
        let file = GoldenFile(path: directory.appendingPathComponent(name + "." + fileExtension).path)
        do {
            let outcome = try file.verify(actual, mode: .fromEnvironment())
            if let message = outcome.message(path: file.path, name: name) {
                Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
            }
        } catch {
            Issue.record(error, sourceLocation: sourceLocation)
        }
    }

    /// "line 7, column 12" of the first difference, then the differing lines.
    static func difference(expected: String, actual: String, name: String) -> String {
        GoldenDifference(expected: expected, actual: actual)?.report(name: name) ?? ""
    }
}
