import ChatLayoutKit
import ChatLayoutICUShim

/// Display order of lines (UAX #9), by cluster: clusters never split, mirrored glyphs in
/// right-to-left runs, bidi controls dropped.
enum BidiReorderer {
    /// The base direction of a text: its first strong character outside isolates (UAX #9
    /// P2–P3); left to right when there is none.
    static func baseDirection(_ text: AnalyzedText) -> TextDirection {
        var isolateDepth = 0
        for (index, properties) in text.properties.enumerated() {
            switch text.scalars[index].value {
            case 0x2066, 0x2067, 0x2068: isolateDepth += 1; continue
            case 0x2069: isolateDepth = max(0, isolateDepth - 1); continue
            default: break
            }
            guard isolateDepth == 0 else { continue }
            if properties.isStrongLeft { return .leftToRight }
            if properties.isStrongRight { return .rightToLeft }
        }
        return .leftToRight
    }

    /// The display strings of the lines of one paragraph. Each line is its drawn clusters
    /// (code-point ranges, logical order) and the code-point range it covers in the
    /// paragraph (hanging spaces included, which rule L1 needs).
    static func display(
        lines: [(clusters: [Range<Int>], span: Range<Int>)], paragraph: Range<Int>,
        direction: TextDirection, _ text: AnalyzedText
    ) -> [String] {
        let needsReordering = direction == .rightToLeft
            || text.properties[paragraph].contains(where: { $0.needsBidi })
        guard needsReordering, !paragraph.isEmpty else {
            return lines.map { line in
                // In reading order already: the drawn clusters are one run of the text, sliced
                // out of it unless a bidi control has to be dropped.
                guard let first = line.clusters.first, let last = line.clusters.last else { return "" }
                let run = first.lowerBound ..< last.upperBound
                if !text.properties[run].contains(where: { $0.isBidiControl }) { return text.string(run) }
                return joined(line.clusters.map { (cluster: $0, mirrored: false) }, text)
            }
        }
        // UTF-16 offsets of the paragraph's code points, for ICU.
        let units = text.utf16(paragraph)
        var unitOffset = [Int](repeating: 0, count: paragraph.count + 1)
        for index in paragraph {
            let local = index - paragraph.lowerBound
            unitOffset[local + 1] = unitOffset[local] + text.scalars[index].utf16.count
        }
        let limits = lines.map { Int32(unitOffset[$0.span.upperBound - paragraph.lowerBound]) }
        var levels = [UInt8](repeating: 0, count: units.count)
        let paragraphLevel: Int32 = direction == .rightToLeft ? 1 : 0
        let resolved = clk_icu_bidi_levels(units, Int32(units.count), paragraphLevel, limits, Int32(limits.count), &levels)
        return lines.map { line in
            guard resolved >= 0, !line.clusters.isEmpty else {
                return joined(line.clusters.map { (cluster: $0, mirrored: false) }, text)
            }
            let clusterLevels = line.clusters.map { levels[unitOffset[$0.lowerBound - paragraph.lowerBound]] }
            var visualToLogical = [Int32](repeating: 0, count: line.clusters.count)
            _ = clk_icu_bidi_reorder(clusterLevels, Int32(clusterLevels.count), &visualToLogical)
            return joined(visualToLogical.map { (cluster: line.clusters[Int($0)], mirrored: clusterLevels[Int($0)] & 1 == 1) }, text)
        }
    }

    /// The clusters in display order as one string, bidi controls dropped. Where two clusters
    /// that a dropped control or the reordering brought together would run into one ("ᄏ" PDF
    /// "ᄀ" → "ᄏᄀ", one Hangul cluster two cells wide instead of two; "❤" PDF VS16 → "❤️", two
    /// cells instead of one), a ZERO WIDTH SPACE keeps them apart: the drawn line segments into
    /// exactly the clusters that were measured, so it is as wide as its width says.
    private static func joined(_ clusters: [(cluster: Range<Int>, mirrored: Bool)], _ text: AnalyzedText) -> String {
        var pieces: [String.UnicodeScalarView] = []
        pieces.reserveCapacity(clusters.count)
        for (cluster, mirrored) in clusters {
            var piece = String.UnicodeScalarView()
            append(cluster, mirrored: mirrored, text, &piece)
            if !piece.isEmpty { pieces.append(piece) }
        }
        let whole = String(String.UnicodeScalarView(pieces.joined()))
        if GraphemeBreaker.boundaries(AnalyzedText(whole)).count - 1 == pieces.count { return whole }
        var view = String.UnicodeScalarView()
        for (index, piece) in pieces.enumerated() {
            if index > 0 && !isBoundary(between: pieces[index - 1], and: piece) { view.append("\u{200B}") }
            view.append(contentsOf: piece)
        }
        return String(view)
    }

    /// Whether UAX #29 breaks between two clusters put side by side.
    private static func isBoundary(between first: String.UnicodeScalarView, and second: String.UnicodeScalarView) -> Bool {
        var pair = first
        pair.append(contentsOf: second)
        return GraphemeBreaker.boundaries(AnalyzedText(String(pair))).contains(first.count)
    }

    private static func append(_ cluster: Range<Int>, mirrored: Bool, _ text: AnalyzedText, _ view: inout String.UnicodeScalarView) {
        for index in cluster where !text.properties[index].isBidiControl {
            var scalar = text.scalars[index]
            if mirrored && text.properties[index].isBidiMirrored,
               let mirror = Unicode.Scalar(UInt32(clk_icu_mirror(Int32(scalar.value)))) {
                scalar = mirror
            }
            view.append(scalar)
        }
    }
}
