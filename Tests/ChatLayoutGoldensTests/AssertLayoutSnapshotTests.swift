import ChatLayoutGoldenTesting
import ChatLayoutGoldens
import ChatLayoutKit
import Foundation
import Testing
import XCTest

/// A small document, its golden written first (so that these tests never depend on recording,
/// which CI refuses), then asserted: equal passes, a changed rule fails with a readable diff.
enum AssertFixture {
    static let document = Array("""
        {"context": {"current_user_id": "leia", "now": "2024-03-05T10:00:00Z", "time_zone": "Europe/Berlin", "locale": "en_US"},
         "channel": {"name": "Rebels", "member_count": 3},
         "messages": [
           {"id": "m1", "text": "Where are you?", "user": {"id": "leia"}, "created_at": "2024-03-05T09:40:00Z"},
           {"id": "m2", "text": "On my way", "user": {"id": "han", "name": "Han Solo"}, "created_at": "2024-03-05T09:41:00Z"},
           {"id": "m3", "text": "Almost there", "user": {"id": "han", "name": "Han Solo"}, "created_at": "2024-03-05T09:41:30Z"}]}
        """.utf8)

    /// A fresh folder holding the golden `rebels.txt` of the document at width 36.
    static func folderWithGolden() throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("assert-\(UUID().uuidString)").path
        let snapshot = try LayoutSnapshot(name: "rebels", json: document, document: "rebels.json", width: 36)
        try GoldenFile(path: folder + "/rebels.txt").write(try snapshot.drawing())
        return folder
    }
}

struct AssertLayoutSnapshotTests {
    @Test func sameDrawing_passes() throws {
        assertLayoutSnapshot(of: AssertFixture.document, document: "rebels.json", width: 36, named: "rebels",
                             record: .never, goldenDirectory: try AssertFixture.folderWithGolden())
    }

    @Test func changedRule_failsWithTheLineAndColumn_andTheDifferingLines() throws {
        let folder = try AssertFixture.folderWithGolden()
        withKnownIssue {
            // Han's two messages no longer group: a rule of the drawing changed.
            assertLayoutSnapshot(of: AssertFixture.document, document: "rebels.json", width: 36, adjust: { $0.groupMessages = false },
                                 named: "rebels", record: .never, goldenDirectory: folder)
        } matching: { issue in
            let text = issue.comments.map(\.rawValue).joined()
            // The lines that differ, then the golden's path and how to accept the change.
            return text.hasPrefix("golden rebels differs at line ") && text.contains(" - \"") && text.contains(" + \"")
                && text.contains("golden: \(folder)/rebels.txt\n")
                && text.contains("GOLDEN_RECORD=failed swift test") && text.contains("record: .failed")
        }
        // Never recorded over.
        #expect(try GoldenFile(path: folder + "/rebels.txt").verify(
            try LayoutSnapshot(name: "rebels", json: AssertFixture.document, document: "rebels.json", width: 36).drawing(),
            mode: .never) == .matched)
    }

    @Test func missingGolden_failsAndIsNotRecorded_inModeNever() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("assert-\(UUID().uuidString)").path
        withKnownIssue {
            assertLayoutSnapshot(of: AssertFixture.document, width: 36, named: "absent", record: .never, goldenDirectory: folder)
        } matching: { $0.comments.map(\.rawValue).joined().hasPrefix("missing golden ") }
        #expect(!FileManager.default.fileExists(atPath: folder + "/absent.txt"))
    }

    @Test func badDocument_failsNamingThePath() {
        withKnownIssue {
            assertLayoutSnapshot(of: Array(#"{"messages": [{"id": 3}]}"#.utf8), document: "bad.json", width: 36, record: .never,
                                 goldenDirectory: "/nonexistent")
        } matching: { $0.comments.map(\.rawValue).joined() == "bad.json: messages[0].id: expected a string, got the number 3" }
    }

    @Test func goldenName_defaultsToTheTestFunction() {
        #expect(goldenName(forTestFunction: "drawsTheChannel()") == "drawsTheChannel")
    }
}

/// The same assertion from XCTest: a matching drawing passes (XCTest on Linux cannot expect a
/// failure, so the failing path is Swift Testing's above).
final class AssertLayoutSnapshotXCTests: XCTestCase {
    func test_sameDrawing_passes() throws {
        assertLayoutSnapshot(of: AssertFixture.document, document: "rebels.json", width: 36, named: "rebels",
                             record: .never, goldenDirectory: try AssertFixture.folderWithGolden())
    }
}
