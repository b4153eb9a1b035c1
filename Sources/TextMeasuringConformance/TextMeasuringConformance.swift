import ChatLayoutKit

/// Runs the documented contract of `TextMeasuring` over a corpus and reports every place a
/// measurer breaks it: for a custom measurer (Core Text, HarfBuzz, a test double) before the
/// layout trusts it.
///
/// ```swift
/// let report = TextMeasuringConformance.check(CoreTextMeasurer(font: font))
/// #expect(report.violations.isEmpty, "\(report)")
/// ```
///
/// Each text is neutralised first (``UntrustedText/neutralize(_:)``), as the layout does
/// before it measures: the measurer never sees another kind of text. The invariants are those
/// of ``Invariant``; the article "Building an Apple front end" states the whole contract.
public enum TextMeasuringConformance {
    /// One promise of the `TextMeasuring` contract.
    public enum Invariant: String, CaseIterable, Hashable, Sendable {
        /// The same question gets the same answer: `width(of:)`, `wrap(_:width:)` and
        /// `truncate(_:width:)` asked twice agree (results are cached by text and width).
        case pure
        /// `width(of:)` counts hard breaks ("\n", U+2028, U+2029) as nothing: a text measures as
        /// wide as the same text without them.
        case widthIgnoresHardBreaks = "width ignores hard breaks"
        /// `wrap` ends a line at every hard break, and the break's character belongs to no
        /// line: no line holds one, an empty paragraph is one empty line, and a paragraph with
        /// text has no empty line.
        case hardBreaksEndLines = "hard breaks end lines"
        /// The lines' `text`, paragraph by paragraph, concatenated give the text back: nothing
        /// lost, nothing added, nothing reordered (reading order).
        case linesConcatenateToTheText = "lines concatenate to the text"
        /// Spaces (and tabs) at the end of a line hang: kept in the line's `text`, not counted in its
        /// `width`, not drawn in its `display`; and a line after a soft break never starts with
        /// a space (the spaces stay on the line before it, however many there are).
        case spacesHang = "spaces hang"
        /// A line's `width` is the width of its `display` (`width(of: line.display)`).
        case widthIsTheDisplaysWidth = "width is the display's width"
        /// No line is wider than the width asked for, except a line of a single grapheme
        /// cluster wider than the width itself.
        case linesFitTheWidth = "lines fit the width"
        /// `truncate(_:width:)` gives one line no wider than the width: no hard break in it,
        /// and its measured width at most the width.
        case truncationFits = "truncation fits"
        /// Text that fits (hard breaks read as spaces) comes back as it is, hard breaks as
        /// spaces; text that does not is cut at a grapheme cluster boundary and ends with "…"
        /// (after it, only the closers of bidi controls the cut left open), or is empty when
        /// not even "…" fits.
        case truncationCutsWithAnEllipsis = "truncation cuts with an ellipsis"
        /// `wrap(spans:width:)` of styled pieces (the text cut in two, the second half bold) says
        /// which pieces each line holds: in order, one after another from the line's first
        /// character, covering its characters but the hanging spaces exactly once.
        case piecesCoverTheLines = "pieces cover the lines"
    }

    /// One broken promise: which, for which text at which width, and what was seen.
    public struct Violation: Hashable, Sendable, CustomStringConvertible {
        /// The invariant broken.
        public var invariant: Invariant
        /// The (neutralised) text measured.
        public var text: String
        /// The width asked for, or nil for `width(of:)`.
        public var width: Int?
        /// What the measurer answered, and why that breaks the invariant.
        public var detail: String

        /// A violation.
        public init(invariant: Invariant, text: String, width: Int?, detail: String) {
            self.invariant = invariant
            self.text = text
            self.width = width
            self.detail = detail
        }

        /// "[lines fit the width] "abc def" at width 3: line 0 "abc def" is 7 wide" — the text
        /// escaped (`debugDescription`) so that it cannot drive a terminal, and shortened.
        public var description: String {
            let quoted = UntrustedText.shortened(text, wholeUpTo: 80).debugDescription
            return "[\(invariant.rawValue)] \(quoted)" + (width.map { " at width \($0)" } ?? "") + ": \(detail)"
        }
    }

    /// What a check found.
    public struct Report: Hashable, Sendable, CustomStringConvertible {
        /// The violations, in the order found (at most the check's limit).
        public var violations: [Violation]
        /// The texts checked.
        public var textCount: Int
        /// The widths each text was wrapped and cut at.
        public var widths: [Int]
        /// Whether more violations were found than kept.
        public var isTruncated: Bool

        /// Whether the measurer kept every promise.
        public var conforms: Bool { violations.isEmpty }

        /// The invariants broken at least once.
        public var brokenInvariants: Set<Invariant> { Set(violations.map(\.invariant)) }

        /// A summary line, then one line per violation (the first 20).
        public var description: String {
            guard !conforms else { return "conforms: \(textCount) texts at widths \(widths)" }
            let counts = Invariant.allCases.compactMap { invariant -> String? in
                let count = violations.filter { $0.invariant == invariant }.count
                return count == 0 ? nil : "\(invariant.rawValue) ×\(count)"
            }
            var lines = ["\(violations.count)\(isTruncated ? "+" : "") violations over \(textCount) texts at widths \(widths): "
                + counts.joined(separator: ", ")]
            lines += violations.prefix(20).map(\.description)
            return lines.joined(separator: "\n")
        }
    }

    /// The hard breaks a neutralised text can hold: line feed, line separator, paragraph
    /// separator ("\r" and the other controls are gone by then).
    public static let hardBreaks: Set<Unicode.Scalar> = ["\n", "\u{2028}", "\u{2029}"]

    /// The widths a text is wrapped and cut at, in the measurer's units: 1 and 1, 2, 3, 7,
    /// 16, 40 and 80 times the width of "0" (a cell for a terminal measurer, about a digit's
    /// width in points for a proportional one).
    public static func defaultWidths(for measurer: some TextMeasuring) -> [Int] {
        let unit = max(1, measurer.width(of: "0"))
        return Array(Set([1] + [1, 2, 3, 7, 16, 40, 80].map { $0 * unit })).sorted()
    }

    /// Checks `measurer` against every invariant over `texts` (by default ``corpus``) at
    /// `widths` (by default ``defaultWidths(for:)``), keeping at most `limit` violations.
    public static func check(_ measurer: some TextMeasuring, texts: [String] = corpus, widths: [Int]? = nil,
                             limit: Int = 200) -> Report {
        let widths = widths ?? defaultWidths(for: measurer)
        var checker = Checker(measurer: measurer, limit: limit)
        for raw in texts {
            let text = UntrustedText.neutralize(raw)
            checker.checkWidth(text)
            for width in widths {
                checker.checkWrap(text, width: width)
                checker.checkTruncation(text, width: width)
                checker.checkStyledWrap(text, width: width)
            }
        }
        return Report(violations: checker.violations, textCount: texts.count, widths: widths, isTruncated: checker.isTruncated)
    }
}
