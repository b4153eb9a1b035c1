import ChatLayoutKit

/// A line diff of two texts (a longest common subsequence of lines), written as `diff -u`
/// writes it.
struct UnifiedDiff {
    enum Edit: Equatable { case same(old: Int, new: Int), removed(old: Int), added(new: Int) }

    let old: [String]
    let new: [String]
    let edits: [Edit]

    /// The largest middle part (lines after the common start and end, old × new) diffed line
    /// by line; past it the middle is shown as removed, then added, whole — still a correct
    /// diff, only a longer one, and never quadratic memory on a huge drawing.
    static let largestTable = 4_000_000

    init(old: [String], new: [String], same: (String, String) -> Bool) {
        self.old = old
        self.new = new
        var prefix = 0
        while prefix < old.count, prefix < new.count, same(old[prefix], new[prefix]) { prefix += 1 }
        var suffix = 0
        while suffix < old.count - prefix, suffix < new.count - prefix,
              same(old[old.count - 1 - suffix], new[new.count - 1 - suffix]) { suffix += 1 }
        var edits = (0 ..< prefix).map { Edit.same(old: $0, new: $0) }
        let oldMiddle = prefix ..< old.count - suffix, newMiddle = prefix ..< new.count - suffix
        if oldMiddle.count * newMiddle.count <= Self.largestTable {
            edits += Self.middle(old: old, oldRange: oldMiddle, new: new, newRange: newMiddle, same: same)
        } else {
            edits += oldMiddle.map { Edit.removed(old: $0) } + newMiddle.map { Edit.added(new: $0) }
        }
        edits += (0 ..< suffix).map { Edit.same(old: oldMiddle.upperBound + $0, new: newMiddle.upperBound + $0) }
        self.edits = edits
    }

    /// The edits of the middle parts, from a table of longest common subsequence lengths.
    private static func middle(old: [String], oldRange: Range<Int>, new: [String], newRange: Range<Int>,
                               same: (String, String) -> Bool) -> [Edit] {
        let rows = oldRange.count, columns = newRange.count
        // lengths[i][j]: the LCS of old's middle from i and new's middle from j.
        var lengths = [Int](repeating: 0, count: (rows + 1) * (columns + 1))
        func at(_ i: Int, _ j: Int) -> Int { i * (columns + 1) + j }
        for i in stride(from: rows - 1, through: 0, by: -1) {
            for j in stride(from: columns - 1, through: 0, by: -1) {
                lengths[at(i, j)] = same(old[oldRange.lowerBound + i], new[newRange.lowerBound + j])
                    ? lengths[at(i + 1, j + 1)] + 1 : max(lengths[at(i + 1, j)], lengths[at(i, j + 1)])
            }
        }
        var edits: [Edit] = []
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
        return edits
    }

    /// `--- oldLabel`, `+++ newLabel`, then one `@@ -a,b +c,d @@` hunk per run of changes with
    /// `context` unchanged lines around it (hunks closer than twice that are joined). Every
    /// line is neutralised, so a golden cannot drive the terminal it is printed to.
    func text(oldLabel: String, newLabel: String, context: Int) -> String {
        let changed = edits.indices.filter { if case .same = edits[$0] { return false } else { return true } }
        guard !changed.isEmpty else { return "" }
        var output = "--- \(UntrustedText.neutralizeLine(oldLabel))\n+++ \(UntrustedText.neutralizeLine(newLabel))\n"
        var start = 0
        while start < changed.count {
            var end = start
            while end + 1 < changed.count, changed[end + 1] - changed[end] <= 2 * context + 1 { end += 1 }
            let first = max(0, changed[start] - context), last = min(edits.count - 1, changed[end] + context)
            output += hunk(edits[first ... last])
            start = end + 1
        }
        return output
    }

    private func hunk(_ slice: ArraySlice<Edit>) -> String {
        var body = "", oldStart: Int?, newStart: Int?, oldCount = 0, newCount = 0
        // Where a hunk with no line on one side starts: after the lines before it.
        var oldBefore = 0, newBefore = 0
        for edit in edits[..<slice.startIndex] {
            switch edit {
            case .same: oldBefore += 1; newBefore += 1
            case .removed: oldBefore += 1
            case .added: newBefore += 1
            }
        }
        for edit in slice {
            switch edit {
            case .same(let o, let n):
                oldStart = oldStart ?? o; newStart = newStart ?? n
                oldCount += 1; newCount += 1
                body += " " + UntrustedText.neutralizeLine(old[o]) + "\n"
            case .removed(let o):
                oldStart = oldStart ?? o
                oldCount += 1
                body += "-" + UntrustedText.neutralizeLine(old[o]) + "\n"
            case .added(let n):
                newStart = newStart ?? n
                newCount += 1
                body += "+" + UntrustedText.neutralizeLine(new[n]) + "\n"
            }
        }
        // diff -u numbers an empty side by the line before it.
        let oldFrom = oldCount == 0 ? oldBefore : (oldStart ?? oldBefore) + 1
        let newFrom = newCount == 0 ? newBefore : (newStart ?? newBefore) + 1
        return "@@ -\(oldFrom),\(oldCount) +\(newFrom),\(newCount) @@\n" + body
    }
}
