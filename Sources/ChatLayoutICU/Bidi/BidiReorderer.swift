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
                var bytes: [UInt8] = []
                for cluster in line.clusters { append(cluster, mirrored: false, text, &bytes) }
                return String(decoding: bytes, as: UTF8.self)
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
            var bytes: [UInt8] = []
            bytes.reserveCapacity(Int(text.utf8Offsets[line.span.upperBound] - text.utf8Offsets[line.span.lowerBound]))
            guard resolved >= 0, !line.clusters.isEmpty else {
                for cluster in line.clusters { append(cluster, mirrored: false, text, &bytes) }
                return String(decoding: bytes, as: UTF8.self)
            }
            let clusterLevels = line.clusters.map { levels[unitOffset[$0.lowerBound - paragraph.lowerBound]] }
            var visualToLogical = [Int32](repeating: 0, count: line.clusters.count)
            _ = clk_icu_bidi_reorder(clusterLevels, Int32(clusterLevels.count), &visualToLogical)
            for logical in visualToLogical {
                let index = Int(logical)
                append(line.clusters[index], mirrored: clusterLevels[index] & 1 == 1, text, &bytes)
            }
            return String(decoding: bytes, as: UTF8.self)
        }
    }

    /// The UTF-8 of a cluster's code points (mirrored when asked), bidi controls dropped.
    private static func append(_ cluster: Range<Int>, mirrored: Bool, _ text: AnalyzedText, _ bytes: inout [UInt8]) {
        // Usually nothing to drop or mirror: the cluster's bytes at once.
        if !cluster.contains(where: { text.properties[$0].isBidiControl || (mirrored && text.properties[$0].isBidiMirrored) }) {
            bytes.append(contentsOf: text.utf8[Int(text.utf8Offsets[cluster.lowerBound]) ..< Int(text.utf8Offsets[cluster.upperBound])])
            return
        }
        for index in cluster where !text.properties[index].isBidiControl {
            if mirrored && text.properties[index].isBidiMirrored,
               let mirror = Unicode.Scalar(UInt32(clk_icu_mirror(Int32(text.scalars[index].value)))) {
                bytes.append(contentsOf: UTF8.encode(mirror)!)
            } else {
                bytes.append(contentsOf: text.utf8[Int(text.utf8Offsets[index]) ..< Int(text.utf8Offsets[index + 1])])
            }
        }
    }
}
