import ChatLayoutGoldens
import Foundation
import Testing

/// Record modes on a golden file in a temporary folder: what each writes and reports.
struct GoldenFileTests {
    private func temporaryGolden() throws -> GoldenFile {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("golden-file-\(UUID().uuidString)")
        return GoldenFile(path: folder.appendingPathComponent("nested/demo.txt").path)
    }

    @Test func missingGolden_isRecordedUnlessTheModeIsNever() throws {
        let file = try temporaryGolden()
        #expect(try file.verify("a\n", mode: .never) == .missing)
        #expect(try file.read() == nil)
        #expect(try file.verify("a\n", mode: .missing) == .recorded)
        #expect(try file.read() == "a\n")
        #expect(try file.verify("a\n", mode: .never) == .matched)
    }

    @Test func differingGolden_isRecordedOnlyByFailedAndAll() throws {
        let file = try temporaryGolden()
        try file.write("a\n")
        for mode in [GoldenRecordMode.missing, .never] {
            guard case .differs(let difference) = try file.verify("b\n", mode: mode) else {
                Issue.record("mode \(mode) should not record"); continue
            }
            #expect(difference.line == 1 && difference.column == 1)
        }
        #expect(try file.read() == "a\n")
        guard case .rerecorded = try file.verify("b\n", mode: .failed) else { Issue.record("not re-recorded"); return }
        #expect(try file.read() == "b\n")
        #expect(try file.verify("b\n", mode: .all) == .matched)
    }

    @Test func goldenThatIsNotUTF8_differsRatherThanCountingAsMissing() throws {
        let file = try temporaryGolden()
        try file.write("")
        try Data([0x61, 0xFF, 0x0A]).write(to: URL(fileURLWithPath: file.path))
        guard case .differs(let difference) = try file.verify("a\n", mode: .missing) else { Issue.record("no difference"); return }
        #expect(difference.column == 2)
    }

    @Test func recordMode_comesFromTheEnvironment_neverOnCI() {
        #expect(GoldenRecordMode.fromEnvironment([:]) == .missing)
        #expect(GoldenRecordMode.fromEnvironment(["GOLDEN_RECORD": "failed"]) == .failed)
        #expect(GoldenRecordMode.fromEnvironment(["GOLDEN_RECORD": "all", "CI": "true"]) == .never)
        #expect(GoldenRecordMode.fromEnvironment(["GOLDEN_RECORD": "bogus"]) == .missing)
    }
}
