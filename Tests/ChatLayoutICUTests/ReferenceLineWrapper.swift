@testable import ChatLayoutICU
import ChatLayoutKit

/// The engine's wrapping as it was before texts were prepared, kept as an oracle: a text
/// analysed, segmented and wrapped in one pass, each cluster measured as the line reaches it.
/// `PreparedTextTests` checks that a prepared text wraps exactly like this at every width.
enum ReferenceWrapping {
    /// `text` wrapped to `width` by the general path, measured afresh.
    static func wrap(_ text: String, width: Int, policy: CellWidthPolicy) -> WrappedText {
        let analyzed = AnalyzedText(text)
        let wrapper = LineWrapper(
            text: analyzed,
            clusters: GraphemeBreaker.boundaries(analyzed),
            actions: LineBreaker.actions(analyzed, dictionary: DictionaryBreaker()),
            policy: policy
        )
        let direction = BidiReorderer.baseDirection(analyzed)
        var lines: [TextLine] = []
        for (paragraph, paragraphLines) in wrapper.wrap(width: width) {
            let displays = BidiReorderer.display(
                lines: paragraphLines.map { ($0.drawn, $0.span) }, paragraph: paragraph,
                direction: direction, analyzed
            )
            for (line, display) in zip(paragraphLines, displays) {
                let bytes = Int(analyzed.utf8Offsets[line.span.lowerBound]) ..< Int(analyzed.utf8Offsets[line.span.upperBound])
                var drawn = display
                let same = drawn.withUTF8 { drawn in analyzed.withUTF8 { drawn.elementsEqual($0[bytes]) } }
                lines.append(TextLine(text: same ? display : analyzed.string(line.span), display: display, width: line.width))
            }
        }
        return WrappedText(lines: lines, direction: direction)
    }
}

/// Greedy wrapping of an analysed text to a width in cells.
///
/// - Lines break at UAX #14 opportunities that are also grapheme-cluster boundaries.
/// - A word wider than the line is split at grapheme-cluster boundaries.
/// - Mandatory breaks (`\n`, CR LF, U+2028, …) end a line; the break characters belong to
///   no line.
/// - Spaces at the end of a line hang: they stay in the line's text but neither count
///   toward its width nor force a break.
/// - No line is wider than the width, except one made of a single cluster wider than the
///   whole width.
struct LineWrapper {
    let text: AnalyzedText
    let clusters: [Int]
    let actions: [LineBreakAction]
    let policy: CellWidthPolicy

    struct Line {
        /// Code points of the line, hard-break characters excluded, hanging spaces included.
        var span: Range<Int>
        /// Its clusters without the hanging spaces, as drawn.
        var drawn: [Range<Int>]
        var width: Int
    }

    /// The lines of each paragraph (paragraphs are separated by mandatory breaks).
    func wrap(width maxWidth: Int) -> [(paragraph: Range<Int>, lines: [Line])] {
        let limit = max(1, maxWidth)
        var paragraphs: [(paragraph: Range<Int>, lines: [Line])] = []
        var lines: [Line] = []
        var paragraphStart = 0

        var lineStart = 0            // code point where the current line starts
        var lineClusters: [Range<Int>] = []
        // Room for a line's clusters from the start (a cell or more each, as a rule), not
        // grown a few times per text.
        lineClusters.reserveCapacity(min(clusters.count, 2 * limit + 8))
        var visibleWidth = 0         // width through the last non-space cluster
        var visibleClusterCount = 0  // clusters through the last non-space cluster
        var pendingWidth = 0         // width of the spaces after it
        // The last place the line may break: cluster index in `lineClusters`, and the
        // visible width before it.
        var opportunity: (clusterIndex: Int, width: Int, visibleCount: Int)? = nil


        var clusterIndex = 0
        while clusterIndex < clusters.count - 1 {
            let start = clusters[clusterIndex]
            let end = clusters[clusterIndex + 1]
            let cluster = start ..< end
            clusterIndex += 1

            if isHardBreak(cluster) {
                lines.append(Line(span: lineStart ..< start, drawn: Array(lineClusters[0 ..< visibleClusterCount]), width: visibleWidth))
                lineClusters.removeAll(keepingCapacity: true)
                paragraphs.append((paragraphStart ..< start, lines))
                lines = []
                paragraphStart = end
                lineStart = end
                visibleWidth = 0; visibleClusterCount = 0; pendingWidth = 0; opportunity = nil
                continue
            }
            if !lineClusters.isEmpty && actions[start] != .prohibited {
                opportunity = (lineClusters.count, visibleWidth, visibleClusterCount)
            }
            let width = CellWidth.width(cluster, text, policy)
            lineClusters.append(cluster)
            if isHangingSpace(cluster) {
                pendingWidth += width
                continue
            }
            let newWidth = visibleWidth + pendingWidth + width
            if newWidth > limit && lineClusters.count > 1 {
                // Break at the last opportunity, or else right before this cluster, and lay
                // out again from the break: what moved may itself need breaking.
                let breakAt = opportunity?.clusterIndex ?? lineClusters.count - 1
                let breakCode = lineClusters[breakAt].lowerBound
                let visibleCount = opportunity?.visibleCount ?? visibleClusterCount
                lines.append(Line(span: lineStart ..< breakCode, drawn: Array(lineClusters[0 ..< visibleCount]),
                                  width: opportunity?.width ?? visibleWidth))
                lineStart = breakCode
                clusterIndex -= lineClusters.count - breakAt
                lineClusters.removeAll(keepingCapacity: true)
                visibleWidth = 0; visibleClusterCount = 0; pendingWidth = 0; opportunity = nil
                continue
            }
            visibleWidth = newWidth
            visibleClusterCount = lineClusters.count
            pendingWidth = 0
        }
        lines.append(Line(span: lineStart ..< text.count, drawn: Array(lineClusters[0 ..< visibleClusterCount]), width: visibleWidth))
        paragraphs.append((paragraphStart ..< text.count, lines))
        return paragraphs
    }

    private func isHardBreak(_ cluster: Range<Int>) -> Bool {
        switch text.properties[cluster.lowerBound].lineBreak {
        case .BK, .CR, .LF, .NL: return true
        default: return false
        }
    }

    private func isHangingSpace(_ cluster: Range<Int>) -> Bool {
        cluster.count == 1 && (text.properties[cluster.lowerBound].lineBreak == .SP || text.scalar(cluster.lowerBound) == "\t")
    }
}
