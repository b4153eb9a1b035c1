@testable import ChatLayoutGoldens
import Testing

/// The unified diff's line matching: lines compared by number after one hash each, with the
/// same edits as the whole table of line comparisons gave (issue 26, item 10).
struct UnifiedDiffTests {
    /// Rows that each differ in their last cell (a wide drawing whose every row changed) once
    /// cost a comparison of every old row with every new one; now about one per row.
    @Test func rowsThatEachDifferAtTheirEnd_areComparedAboutOncePerRow() {
        let rows = 400
        let wide = String(repeating: "─", count: 300)
        let old = (0 ..< rows).map { "\"\($0) \(wide)a\"" }, new = (0 ..< rows).map { "\"\($0) \(wide)b\"" }
        var comparisons = 0
        let diff = UnifiedDiff(old: old, new: new) { a, b in
            comparisons += 1
            return a.unicodeScalars.elementsEqual(b.unicodeScalars)
        }
        #expect(diff.edits == (0 ..< rows).map { UnifiedDiff.Edit.removed(old: $0) } + (0 ..< rows).map { .added(new: $0) })
        #expect(comparisons <= 2 * (old.count + new.count), "\(comparisons) comparisons of \(rows) rows")
    }

    /// Equal lines repeated on both sides are numbered once each, not compared pair by pair.
    @Test func repeatedEqualLines_areComparedAboutOncePerLine() {
        let line = String(repeating: "│ ", count: 500)
        let old = ["x"] + Array(repeating: line, count: 300), new = ["y"] + Array(repeating: line, count: 250) + ["z"]
        var comparisons = 0
        _ = UnifiedDiff(old: old, new: new) { a, b in
            comparisons += 1
            return a.unicodeScalars.elementsEqual(b.unicodeScalars)
        }
        #expect(comparisons <= 2 * (old.count + new.count), "\(comparisons)")
    }

    /// On many small texts of a few repeated lines, unique lines and canonically equivalent
    /// spellings, the edits are those of the whole table of comparisons (the former diff).
    @Test func edits_areThoseOfTheWholeTable() {
        var generator = SplitMix(seed: 26)
        let pool = ["a", "b", "c", "caf\u{E9}", "cafe\u{301}", ""]
        for round in 0 ..< 500 {
            func text() -> [String] {
                (0 ..< Int(generator.next() % 12)).map { _ in
                    generator.next() % 4 == 0 ? "unique \(generator.next() % 1000)" : pool[Int(generator.next() % UInt64(pool.count))]
                }
            }
            let old = text(), new = text()
            let same: (String, String) -> Bool = { $0.unicodeScalars.elementsEqual($1.unicodeScalars) }
            #expect(UnifiedDiff(old: old, new: new, same: same).edits == Self.wholeTableEdits(old: old, new: new, same: same),
                    "round \(round): \(old) → \(new)")
        }
    }

    /// The former diff: common start and end, then a table comparing every old line of the
    /// middle with every new one.
    private static func wholeTableEdits(old: [String], new: [String], same: (String, String) -> Bool) -> [UnifiedDiff.Edit] {
        var prefix = 0
        while prefix < old.count, prefix < new.count, same(old[prefix], new[prefix]) { prefix += 1 }
        var suffix = 0
        while suffix < old.count - prefix, suffix < new.count - prefix,
              same(old[old.count - 1 - suffix], new[new.count - 1 - suffix]) { suffix += 1 }
        var edits = (0 ..< prefix).map { UnifiedDiff.Edit.same(old: $0, new: $0) }
        let oldRange = prefix ..< old.count - suffix, newRange = prefix ..< new.count - suffix
        let rows = oldRange.count, columns = newRange.count
        var lengths = [Int](repeating: 0, count: (rows + 1) * (columns + 1))
        func at(_ i: Int, _ j: Int) -> Int { i * (columns + 1) + j }
        for i in stride(from: rows - 1, through: 0, by: -1) {
            for j in stride(from: columns - 1, through: 0, by: -1) {
                lengths[at(i, j)] = same(old[oldRange.lowerBound + i], new[newRange.lowerBound + j])
                    ? lengths[at(i + 1, j + 1)] + 1 : max(lengths[at(i + 1, j)], lengths[at(i, j + 1)])
            }
        }
        var i = 0, j = 0
        while i < rows || j < columns {
            if i < rows, j < columns, same(old[oldRange.lowerBound + i], new[newRange.lowerBound + j]) {
                edits.append(.same(old: oldRange.lowerBound + i, new: newRange.lowerBound + j))
                i += 1; j += 1
            } else if i < rows, j == columns || lengths[at(i + 1, j)] >= lengths[at(i, j + 1)] {
                edits.append(.removed(old: oldRange.lowerBound + i)); i += 1
            } else {
                edits.append(.added(new: newRange.lowerBound + j)); j += 1
            }
        }
        edits += (0 ..< suffix).map { UnifiedDiff.Edit.same(old: oldRange.upperBound + $0, new: newRange.upperBound + $0) }
        return edits
    }
}

/// A small deterministic generator (SplitMix64), so that every run checks the same texts.
private struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
