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
    ///
    /// Lines are compared by number, not text: each line is given the number of its class
    /// (lines of one hash, told apart by `same`), so that the table costs one comparison of two
    /// integers per cell, not one of two lines — a drawing 4000 cells wide whose rows each differ
    /// in their last cell once compared every old row with every new one, scalar by scalar. A
    /// line with no equal on the other side can never be in the common subsequence, so the table
    /// holds only the lines that can; its lengths are read through the maps `oldRank`, `newRank`,
    /// and the walk is the one the whole table gave, so the diff is the same, edit for edit.
    private static func middle(old: [String], oldRange: Range<Int>, new: [String], newRange: Range<Int>,
                               same: (String, String) -> Bool) -> [Edit] {
        let rows = oldRange.count, columns = newRange.count
        var classes = LineClasses()
        let oldIDs = oldRange.map { classes.number(of: old[$0], same: same) }
        let newIDs = newRange.map { classes.number(of: new[$0], same: same) }
        let inOld = Set(oldIDs), inNew = Set(newIDs)
        // The lines that can be matched, and for each position the count of them before it.
        let oldKept = oldIDs.filter(inNew.contains), newKept = newIDs.filter(inOld.contains)
        func ranks(_ ids: [Int], _ other: Set<Int>) -> [Int] {
            var ranks = [0], kept = 0
            for id in ids {
                if other.contains(id) { kept += 1 }
                ranks.append(kept)
            }
            return ranks
        }
        let oldRank = ranks(oldIDs, inNew), newRank = ranks(newIDs, inOld)
        let keptColumns = newKept.count
        // lengths[a][b]: the LCS of the kept old lines from a and the kept new lines from b —
        // the LCS of old's middle from i and new's middle from j, for a = oldRank[i], b = newRank[j].
        var lengths = [Int](repeating: 0, count: (oldKept.count + 1) * (keptColumns + 1))
        func at(_ a: Int, _ b: Int) -> Int { a * (keptColumns + 1) + b }
        for a in stride(from: oldKept.count - 1, through: 0, by: -1) {
            for b in stride(from: keptColumns - 1, through: 0, by: -1) {
                lengths[at(a, b)] = oldKept[a] == newKept[b]
                    ? lengths[at(a + 1, b + 1)] + 1 : max(lengths[at(a + 1, b)], lengths[at(a, b + 1)])
            }
        }
        func length(_ i: Int, _ j: Int) -> Int { lengths[at(oldRank[i], newRank[j])] }
        var edits: [Edit] = []
        var i = 0, j = 0
        while i < rows || j < columns {
            if i < rows, j < columns, oldIDs[i] == newIDs[j] {
                edits.append(.same(old: oldRange.lowerBound + i, new: newRange.lowerBound + j))
                i += 1; j += 1
            } else if i < rows, j == columns || length(i + 1, j) >= length(i, j + 1) {
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

/// Numbers lines so that two lines get one number exactly when `same` says they are equal:
/// by the hash of their UTF-8 bytes first (equal scalars are equal bytes), then `same` among
/// the few lines of one hash. Each line is hashed once; `same` runs about once per line.
private struct LineClasses {
    private var byHash: [Int: [(line: String, number: Int)]] = [:]
    private var count = 0

    mutating func number(of line: String, same: (String, String) -> Bool) -> Int {
        var hasher = Hasher()
        var line = line
        line.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
        let hash = hasher.finalize()
        if let match = byHash[hash]?.first(where: { same($0.line, line) }) { return match.number }
        count += 1
        byHash[hash, default: []].append((line, count))
        return count
    }
}
