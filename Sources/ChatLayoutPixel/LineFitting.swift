import ChatLayoutKit

/// Greedy wrapping of one paragraph (no hard breaks) to a width in points, by the rules of
/// the ICU engine's wrapper:
///
/// - lines break at UAX #14 opportunities (that are grapheme-cluster boundaries);
/// - a word wider than the line is split at grapheme-cluster boundaries;
/// - spaces at the end of a line hang: they stay in the line's text but neither count toward
///   its width nor force a break;
/// - no line is wider than the width, except one of a single cluster wider than the width.
///
/// The greedy pass adds up cluster advances from the paragraph shaped whole; each line it
/// chooses is then shaped on its own (kerning, ligatures and joining differ at a line's ends)
/// and ends one opportunity earlier while that is wider than the width, or one later while
/// the longer line still fits.
struct LineFitting {
    /// The paragraph, shaped whole.
    let shaped: ShapedText
    /// `canBreakBefore[i]`: a line may start at cluster `i` (index 0 and `count` excluded).
    let canBreakBefore: [Bool]
    /// The width of a line's drawn clusters (a range of ``shaped``'s) shaped on their own, in
    /// whole points.
    let lineWidth: (Range<Int>) -> Int

    /// The paragraph's lines.
    func lines(width: Int) -> [TextLine] {
        let clusters = shaped.clusters
        guard !clusters.isEmpty else { return [TextLine(text: "", display: "", width: 0)] }
        var lines: [TextLine] = []
        var start = 0
        while start < clusters.count {
            var end = greedyEnd(from: start, limit: Double(width))
            var line = measure(start, end)
            if line.width > width {
                // Too wide on its own: end earlier, down to a single cluster.
                while line.width > width && line.drawnEnd - start > 1 {
                    end = earlierEnd(from: start, before: end)
                    line = measure(start, end)
                }
            } else {
                // Narrower on its own than its clusters' advances said: take more while it fits.
                while end < clusters.count {
                    let later = laterEnd(from: start, after: end)
                    let longer = measure(start, later)
                    guard longer.width <= width else { break }
                    end = later
                    line = longer
                }
            }
            let text = shaped.text(of: start ..< end)
            lines.append(TextLine(text: text, display: line.drawnEnd == end ? text : shaped.text(of: start ..< line.drawnEnd),
                                  width: line.width))
            start = end
        }
        return lines
    }

    /// The line from `start` to `end`: where its drawn clusters end and their width.
    private func measure(_ start: Int, _ end: Int) -> (drawnEnd: Int, width: Int) {
        let drawnEnd = self.drawnEnd(start, end)
        return (drawnEnd, lineWidth(start ..< drawnEnd))
    }

    /// Where a line starting at `start` ends by the clusters' advances: after the last
    /// cluster that fits, at the last break opportunity before the first that does not (else
    /// right before it); always after at least one cluster.
    private func greedyEnd(from start: Int, limit: Double) -> Int {
        var visible = 0.0, hanging = 0.0
        var opportunity: Int? = nil
        for index in start ..< shaped.clusters.count {
            if index > start && canBreakBefore[index] { opportunity = index }
            let advance = shaped.advances[index]
            if Self.hangs(shaped.clusters[index]) {
                hanging += advance
                continue
            }
            let width = visible + hanging + advance
            if width > limit + Self.tolerance && index > start {
                return opportunity ?? index
            }
            visible = width
            hanging = 0
        }
        return shaped.clusters.count
    }

    /// An end before `end` for a line starting at `start`: the last break opportunity
    /// before it, else one cluster less.
    private func earlierEnd(from start: Int, before end: Int) -> Int {
        var index = end - 1
        while index > start {
            if canBreakBefore[index] { return index }
            index -= 1
        }
        return max(start + 1, end - 1)
    }

    /// An end after `end` for a line starting at `start`: the next break opportunity (or the
    /// paragraph's end) when the line ends at one, else one cluster more (a word split).
    private func laterEnd(from start: Int, after end: Int) -> Int {
        let endsAtOpportunity = (start + 1 ... end).contains { canBreakBefore[$0] }
        guard endsAtOpportunity else { return end + 1 }
        var index = end + 1
        while index < shaped.clusters.count && !canBreakBefore[index] { index += 1 }
        return index
    }

    /// The end of a line's drawn clusters: its end without the spaces that hang there.
    private func drawnEnd(_ start: Int, _ end: Int) -> Int {
        var drawnEnd = end
        while drawnEnd > start && Self.hangs(shaped.clusters[drawnEnd - 1]) { drawnEnd -= 1 }
        return drawnEnd
    }

    /// Spaces hang at the end of a line, as in the ICU engine: U+0020 and tabs.
    static func hangs(_ cluster: String) -> Bool {
        cluster == " " || cluster == "\t"
    }

    /// Sums of advances carry rounding errors far below this, in points.
    static let tolerance = 1e-9
}
