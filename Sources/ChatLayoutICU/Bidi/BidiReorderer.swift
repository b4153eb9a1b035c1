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
            switch text.scalar(index).value {
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
        /// A line whose clusters are drawn in their order: a slice of the text unless a bidi
        /// control has to be dropped.
        func inReadingOrder(_ line: (clusters: [Range<Int>], span: Range<Int>)) -> String {
            guard let first = line.clusters.first, let last = line.clusters.last else { return "" }
            let run = first.lowerBound ..< last.upperBound
            if !text.properties[run].contains(where: { $0.isBidiControl }) { return text.string(run) }
            return joined(line.clusters.map { (cluster: $0, mirrored: false) }, text)
        }
        let needsReordering = direction == .rightToLeft
            || text.properties[paragraph].contains(where: { $0.needsBidi })
        guard needsReordering, !paragraph.isEmpty else { return lines.map(inReadingOrder) }
        // UTF-16 offsets of the paragraph's code points, for ICU.
        let units = text.utf16(paragraph)
        var unitOffset = [Int](repeating: 0, count: paragraph.count + 1)
        // A code point of four UTF-8 bytes is two UTF-16 units (a surrogate pair), any other one.
        text.utf8Offsets.withUnsafeBufferPointer { offsets in
            for index in paragraph {
                let local = index - paragraph.lowerBound
                unitOffset[local + 1] = unitOffset[local] + (offsets[index + 1] - offsets[index] == 4 ? 2 : 1)
            }
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
            // A left-to-right line of a paragraph with right-to-left text elsewhere.
            if clusterLevels.allSatisfy({ $0 == 0 }) { return inReadingOrder(line) }
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
    ///
    /// Only such meetings are checked: two clusters that stood side by side in the text, with
    /// nothing dropped between them, were already apart there (grapheme rules look back no
    /// further than the cluster before), so a line reordered at two run edges is checked at two
    /// places, not segmented again whole.
    private static func joined(_ clusters: [(cluster: Range<Int>, mirrored: Bool)], _ text: AnalyzedText) -> String {
        var bytes: [UInt8] = []
        // The text's bytes and its code points' properties read in place once, not for each
        // cluster.
        text.withUTF8 { source in
            text.properties.withUnsafeBufferPointer { properties in
                text.utf8Offsets.withUnsafeBufferPointer { offsets in
                    bytes.reserveCapacity(clusters.reduce(0) { $0 + Int(offsets[$1.cluster.upperBound] - offsets[$1.cluster.lowerBound]) })
                    // The last piece written: its bytes, its last code point, and the end of its
                    // cluster in the text. A bidi control is a cluster of its own
                    // (Grapheme_Cluster_Break=Control), so a dropped one leaves a piece out, and
                    // the next piece does not start where the last one ended.
                    var previous: (bytes: Range<Int>, last: Int, end: Int)?
                    for (cluster, mirrored) in clusters {
                        let start = bytes.count
                        guard let kept = append(cluster, mirrored: mirrored, source, properties, offsets, &bytes) else { continue }
                        var piece = start ..< bytes.count
                        if let previous, previous.end != cluster.lowerBound,
                           !GraphemeBreaker.alwaysBreaks(after: properties[previous.last], before: properties[kept.first]),
                           !isBoundary(between: bytes[previous.bytes], and: bytes[piece]) {
                            bytes.insert(contentsOf: [0xE2, 0x80, 0x8B], at: start) // U+200B ZERO WIDTH SPACE
                            piece = start + 3 ..< bytes.count
                        }
                        previous = (piece, kept.last, cluster.upperBound)
                    }
                }
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Whether UAX #29 breaks between two clusters put side by side (UTF-8 bytes).
    static func isBoundary(between first: some Collection<UInt8>, and second: some Collection<UInt8>) -> Bool {
        let firstText = String(decoding: first, as: UTF8.self)
        let pair = AnalyzedText(firstText + String(decoding: second, as: UTF8.self))
        return GraphemeBreaker.boundaries(pair).contains(firstText.unicodeScalars.count)
    }

    /// Appends the UTF-8 of `cluster`'s code points, bidi controls dropped and, when
    /// `mirrored`, mirrored characters mirrored. Says which code points the piece begins and
    /// ends with (nil when it kept none).
    private static func append(_ cluster: Range<Int>, mirrored: Bool, _ source: UnsafeBufferPointer<UInt8>,
                               _ properties: UnsafeBufferPointer<CharacterProperties>, _ offsets: UnsafeBufferPointer<Int32>,
                               _ bytes: inout [UInt8]) -> (first: Int, last: Int)? {
        guard !cluster.isEmpty else { return nil }
        var changes = false
        for index in cluster where properties[index].isBidiControl || (mirrored && properties[index].isBidiMirrored) {
            changes = true
            break
        }
        guard changes else {
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: source[Int(offsets[cluster.lowerBound]) ..< Int(offsets[cluster.upperBound])]))
            return (cluster.lowerBound, cluster.upperBound - 1)
        }
        var first: Int?, last = 0
        for index in cluster where !properties[index].isBidiControl {
            var scalar = unsafeBitCast(SimpleTextWrapper.decode(source, at: Int(offsets[index])).0, to: Unicode.Scalar.self)
            if mirrored && properties[index].isBidiMirrored,
               let mirror = Unicode.Scalar(UInt32(clk_icu_mirror(Int32(scalar.value)))) {
                scalar = mirror
            }
            bytes.append(contentsOf: UTF8.encode(scalar)!)
            if first == nil { first = index }
            last = index
        }
        guard let first else { return nil }
        return (first, last)
    }
}
