import ChatLayoutICU
import Testing

/// The table-driven engine against ICU's own iterators, over real chat text.
struct DifferentialTests {
    let engine = ICUTextEngine()

    @Test func graphemeClusters_matchICU_overTheWholeCorpus() throws {
        var differences: [String] = []
        for text in try Fixtures.corpus() where engine.graphemeClusters(text) != ICUOracle.graphemeClusters(text) {
            differences.append(text)
        }
        #expect(differences.isEmpty, "\(differences.count) texts differ, e.g. \(differences.prefix(3))")
    }

    /// ICU 72's line rules go beyond Unicode 15.0 in two places, both later standardised
    /// (Unicode 15.1, LB20a and LB25): no break after a word-initial hyphen ("-r", "->") and
    /// none between ":"/","/"." and a digit outside a number ("python:3.10"). The engine
    /// follows Unicode 15.0 (its conformance file expects those breaks); every other
    /// opportunity must be ICU's.
    @Test func lineBreakSegments_matchICU_overTheWholeCorpus_exceptICUsTailorings() throws {
        var unexplained: [String] = []
        var tailored = 0
        for text in try Fixtures.corpus() {
            let ours = Set(engine.lineBreakSegments(text).innerBoundaries)
            let icu = Set(ICUOracle.lineBreakSegments(text).innerBoundaries)
            let scalars = Array(text.unicodeScalars)
            for offset in ours.symmetricDifference(icu).sorted() {
                let before = scalars[offset - 1]
                let after = scalars[offset]
                let isTailoring = ours.contains(offset)
                    && (before == "-" || (",.:".unicodeScalars.contains(before) && after.properties.numericType == .decimal))
                if isTailoring {
                    tailored += 1
                } else {
                    unexplained.append("\(text.debugDescription) at \(offset) (ours: \(ours.contains(offset)))")
                }
            }
        }
        #expect(unexplained.isEmpty, "\(unexplained.count) differences:\n\(unexplained.prefix(10).joined(separator: "\n"))")
        #expect(tailored < 20, "ICU's tailorings should be rare in chat text, found \(tailored)")
    }

    @Test func graphemeClusters_matchICU_onTheConformanceFile() throws {
        for testCase in try Fixtures.breakCases("GraphemeBreakTest.txt") {
            #expect(engine.graphemeClusters(testCase.text) == ICUOracle.graphemeClusters(testCase.text), "\(testCase)")
        }
    }
}
