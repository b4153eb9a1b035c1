import ChatLayoutGoldens
import Testing

/// The difference report and the unified diff.
struct GoldenDifferenceTests {
    @Test func sameText_isNoDifference() {
        #expect(GoldenDifference(expected: "a\nb\n", actual: "a\nb\n") == nil)
    }

    @Test func canonicallyEquivalentText_stillDiffers() throws {
        let difference = try #require(GoldenDifference(expected: "caf\u{E9}\n", actual: "cafe\u{301}\n"))
        #expect(difference.line == 1)
        #expect(difference.column == 4)
    }

    @Test func unifiedDiff_hasHeadersHunksAndContext() throws {
        let old = (1 ... 10).map { "line \($0)" }.joined(separator: "\n") + "\n"
        let new = old.replacingOccurrences(of: "line 5", with: "line five")
        let diff = try #require(GoldenDifference(expected: old, actual: new)).unifiedDiff(expectedLabel: "a.txt", actualLabel: "a.txt (drawn)")
        #expect(diff == """
            --- a.txt
            +++ a.txt (drawn)
            @@ -2,7 +2,7 @@
             line 2
             line 3
             line 4
            -line 5
            +line five
             line 6
             line 7
             line 8

            """)
    }

    @Test func unifiedDiff_ofAddedAndRemovedLines_numbersEachSide() throws {
        let added = try #require(GoldenDifference(expected: "a\n", actual: "a\nb\n")).unifiedDiff(expectedLabel: "x", actualLabel: "y")
        #expect(added.contains("@@ -1,2 +1,3 @@\n a\n+b\n \n"))
        let removed = try #require(GoldenDifference(expected: "a\nb\nc\n", actual: "c\n")).unifiedDiff(expectedLabel: "x", actualLabel: "y", context: 0)
        #expect(removed.contains("@@ -1,2 +0,0 @@\n-a\n-b\n"))
    }

    @Test func unifiedDiff_neutralisesTerminalEscapes() throws {
        let diff = try #require(GoldenDifference(expected: "\u{1B}[31mred\n", actual: "red\n")).unifiedDiff(expectedLabel: "x", actualLabel: "y")
        #expect(!diff.contains("\u{1B}"))
    }
}
