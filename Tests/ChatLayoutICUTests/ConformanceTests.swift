import ChatLayoutICU
import Testing

/// Unicode's own conformance files, every line (Unicode 15.0 = ICU 72).
struct ConformanceTests {
    let engine = ICUTextEngine()

    @Test func graphemeBreakTest_allCasesPass() throws {
        let cases = try Fixtures.breakCases("GraphemeBreakTest.txt")
        #expect(cases.count == 602)
        var failures: [String] = []
        for testCase in cases {
            let clusters = engine.graphemeClusters(testCase.text)
            if clusters.joined() != testCase.text || clusters.innerBoundaries != testCase.breaks {
                failures.append("\(testCase) → \(clusters.innerBoundaries)")
            }
        }
        #expect(failures.isEmpty, "\(failures.count) failures:\n\(failures.prefix(20).joined(separator: "\n"))")
    }

    @Test func lineBreakTest_allCasesPass() throws {
        let cases = try Fixtures.breakCases("LineBreakTest.txt")
        #expect(cases.count == 7654)
        var failures: [String] = []
        for testCase in cases {
            let segments = engine.lineBreakSegments(testCase.text, dictionary: false)
            if segments.joined() != testCase.text || segments.innerBoundaries != testCase.breaks {
                failures.append("\(testCase) → \(segments.innerBoundaries)")
            }
        }
        #expect(failures.isEmpty, "\(failures.count) failures:\n\(failures.prefix(30).joined(separator: "\n"))")
    }
}
