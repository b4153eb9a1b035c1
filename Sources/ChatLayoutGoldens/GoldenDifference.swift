import ChatLayoutKit

/// How a drawing differs from its golden: where the first difference is (line and column),
/// and the differing lines, as a short report for a test log or a unified diff for a review.
///
/// Texts are compared by their Unicode scalars, so a golden differs from a drawing that is
/// only canonically equivalent to it (a precomposed "é" against "e" and a combining accent):
/// a golden is a byte-for-byte contract.
public struct GoldenDifference: Hashable, Sendable {
    /// The golden's text.
    public var expected: String
    /// The drawing's text.
    public var actual: String
    /// The 1-based line of the first difference.
    public var line: Int
    /// The 1-based column of the first difference on that line, in characters (grapheme
    /// clusters): a wide character is one column, as an editor counts.
    public var column: Int

    /// The difference between `expected` and `actual`, or nil when they are the same text.
    public init?(expected: String, actual: String) {
        guard !Self.same(expected, actual) else { return nil }
        let old = Self.lines(expected), new = Self.lines(actual)
        let common = min(old.count, new.count)
        let row = (0 ..< common).first(where: { !Self.same(old[$0], new[$0]) }) ?? common
        let before = row < old.count ? Array(old[row]) : []
        let after = row < new.count ? Array(new[row]) : []
        let shared = min(before.count, after.count)
        let column = (0 ..< shared).first(where: { !Self.same(String(before[$0]), String(after[$0])) }) ?? shared
        self.expected = expected
        self.actual = actual
        self.line = row + 1
        self.column = column + 1
    }

    /// "golden NAME differs at line 7, column 12 (characters)", then every differing line,
    /// numbered, expected (`-`) before actual (`+`): what a failing test prints.
    public func report(name: String) -> String {
        let old = Self.lines(expected), new = Self.lines(actual)
        var report = "golden \(name) differs at line \(line), column \(column) (characters)\n"
        for index in 0 ..< max(old.count, new.count) {
            let before = index < old.count ? old[index] : nil
            let after = index < new.count ? new[index] : nil
            if let before, let after, Self.same(before, after) { continue }
            if let before { report += Self.number(index + 1) + " - " + UntrustedText.neutralizeLine(before) + "\n" }
            if let after { report += Self.number(index + 1) + " + " + UntrustedText.neutralizeLine(after) + "\n" }
        }
        return report
    }

    /// The difference as a unified diff (`diff -u`): `---`/`+++` headers naming the golden and
    /// the drawing, then hunks of changed lines with `context` unchanged lines around them.
    public func unifiedDiff(expectedLabel: String, actualLabel: String, context: Int = 3) -> String {
        UnifiedDiff(old: Self.lines(expected), new: Self.lines(actual), same: Self.same)
            .text(oldLabel: expectedLabel, newLabel: actualLabel, context: context)
    }

    /// The lines of `text`, split at "\n" (a final "\n" is followed by an empty line, so a
    /// missing final line feed is a difference too).
    static func lines(_ text: String) -> [String] {
        text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    static func same(_ a: String, _ b: String) -> Bool {
        a.unicodeScalars.elementsEqual(b.unicodeScalars)
    }

    private static func number(_ value: Int) -> String {
        let digits = String(value)
        return String(repeating: " ", count: max(0, 4 - digits.count)) + digits
    }
}
