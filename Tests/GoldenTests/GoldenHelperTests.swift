import Testing

/// The golden helper itself: its failure message names the first difference.
struct GoldenHelperTests {
    @Test func difference_namesTheFirstDifferingLineAndColumn() {
        let report = Golden.difference(expected: "header\n\"abc\"\n\"def\"\n", actual: "header\n\"abX\"\n\"def\"\n", name: "demo")
        #expect(report.hasPrefix("golden demo differs at line 2, column 4 (characters)"))
        #expect(report.contains("   2 - \"abc\""))
        #expect(report.contains("   2 + \"abX\""))
        #expect(!report.contains("\"def\""))
    }

    @Test func difference_reportsAddedAndRemovedLines() {
        let longer = Golden.difference(expected: "a\n", actual: "a\nb\n", name: "grow")
        #expect(longer.contains("at line 2"))
        #expect(longer.contains("   2 + b"))
        let shorter = Golden.difference(expected: "a\nb\nc", actual: "a\nb", name: "shrink")
        #expect(shorter.contains("at line 3"))
        #expect(shorter.contains("   3 - c"))
    }

    @Test func wideCharacters_countAsOneColumnEach_inTheReport() {
        let report = Golden.difference(expected: "\"中文a\"", actual: "\"中文b\"", name: "cjk")
        #expect(report.contains("line 1, column 4"))
    }
}
