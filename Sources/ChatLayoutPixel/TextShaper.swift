import ChatLayoutICU

/// A text measured cluster by cluster: its grapheme clusters, the runs of one font and one
/// script they were shaped in, and what each cluster advances.
struct ShapedText {
    /// The grapheme clusters, in order.
    var clusters: [String]
    /// Each cluster's advance in points: the advances of the glyphs that start in it. Shaping
    /// is not additive (kerning, ligatures and joining cross cluster boundaries), so a slice's
    /// sum is an estimate; the width of a run of clusters is that run shaped on its own.
    var advances: [Double]
    /// The runs, in logical order, covering every cluster.
    var runs: [ShapedRun]

    /// The width in points: the runs' widths added up.
    var width: Double { runs.reduce(0) { $0 + $1.width } }
}

/// A run of clusters shaped together: one font (nil: no font covers them, one em each) and
/// one script.
struct ShapedRun {
    var font: Int?
    var script: UInt32
    var clusters: Range<Int>
    /// The run's advance in points.
    var width: Double
}

/// Splits text into runs of one font and one script, shapes each with HarfBuzz, and scales
/// font units to points. Runs shaped once are remembered.
struct TextShaper: Sendable {
    let fonts: [OpenedFont]
    let pointSize: Double
    let engine: ICUTextEngine

    private struct RunKey: Hashable, Sendable {
        var font: Int
        var script: UInt32
        var text: ExactText
    }

    private struct RunShape: Sendable {
        var total: Int
        var glyphs: [(advance: Int32, cluster: UInt32)]
    }

    private let shapes = MeasurementMemo<RunKey, RunShape>()

    init(fonts: [OpenedFont], pointSize: Double, engine: ICUTextEngine) {
        self.fonts = fonts
        self.pointSize = pointSize
        self.engine = engine
    }

    /// `clusters` (grapheme clusters of one line of text, no hard breaks) shaped run by run.
    func shape(_ clusters: [String]) -> ShapedText {
        var shaped = ShapedText(clusters: clusters, advances: [Double](repeating: 0, count: clusters.count), runs: [])
        for var run in itemize(clusters) {
            guard let fontIndex = run.font else {
                // No font has these: one em a cluster, as a front end's last-resort font might.
                for index in run.clusters { shaped.advances[index] = pointSize }
                run.width = pointSize * Double(run.clusters.count)
                shaped.runs.append(run)
                continue
            }
            let font = fonts[fontIndex]
            // Each glyph's advance goes to the cluster its first character is in: `starts`.
            let (text, starts) = Self.shaperInput(clusters[run.clusters])
            let shape = shapes.value(RunKey(font: fontIndex, script: run.script, text: ExactText(text: text))) {
                let (total, glyphs) = font.shape(text, script: run.script)
                return RunShape(total: total, glyphs: glyphs)
            }
            // Font units to points: multiplied first, so that whole points come out exact.
            let unitsPerEm = Double(font.unitsPerEm)
            for glyph in shape.glyphs {
                let local = Self.lastIndex(in: starts, notAbove: glyph.cluster)
                shaped.advances[run.clusters.lowerBound + local] += Double(glyph.advance) * pointSize / unitsPerEm
            }
            run.width = Double(shape.total) * pointSize / unitsPerEm
            shaped.runs.append(run)
        }
        return shaped
    }

    // MARK: Bounded clusters

    /// The most combining marks in a row that are shaped; those after them measure nothing.
    /// HarfBuzz (6.0) shapes a base with n marks in time that grows with n², while no script
    /// stacks more than a handful: a cluster of a base and 10,000 marks is measured as the
    /// base and its first 32.
    static let shapedMarksInARow = 32

    /// The text handed to HarfBuzz for `clusters`, each bounded by ``bounded(_:)``, and where
    /// each cluster starts in it (UTF-8 offsets).
    static func shaperInput(_ clusters: ArraySlice<String>) -> (text: String, starts: [UInt32]) {
        var text = ""
        var starts: [UInt32] = []
        starts.reserveCapacity(clusters.count)
        for cluster in clusters {
            starts.append(UInt32(text.utf8.count))
            text += bounded(cluster)
        }
        return (text, starts)
    }

    /// `cluster` with every run of combining marks (general category M) cut to its first
    /// ``shapedMarksInARow``: the cluster as it is shaped.
    static func bounded(_ cluster: String) -> String {
        // Too short to hold that many marks after anything (every scalar takes a byte or more).
        guard cluster.utf8.count > shapedMarksInARow + 1 else { return cluster }
        // A copy only for a cluster that has too many marks in a row (emoji sequences are long too).
        var marksInARow = 0
        func overLimit(_ scalar: Unicode.Scalar) -> Bool {
            switch scalar.properties.generalCategory {
            case .nonspacingMark, .spacingMark, .enclosingMark: marksInARow += 1
            default: marksInARow = 0
            }
            return marksInARow > shapedMarksInARow
        }
        guard cluster.unicodeScalars.contains(where: overLimit) else { return cluster }
        marksInARow = 0
        var kept = String.UnicodeScalarView()
        for scalar in cluster.unicodeScalars where !overLimit(scalar) { kept.append(scalar) }
        return String(kept)
    }

    /// The index of the last element of the sorted `starts` that is not above `value`.
    private static func lastIndex(in starts: [UInt32], notAbove value: UInt32) -> Int {
        var low = 0, high = starts.count  // the answer is in low ..< high
        while high - low > 1 {
            let middle = (low + high) / 2
            if starts[middle] <= value { low = middle } else { high = middle }
        }
        return low
    }

    // MARK: Font runs

    /// The runs of `clusters`: each cluster in the font that `font(for:)` picks, runs broken
    /// where the font changes or the script does (spaces, digits, punctuation and marks belong
    /// to the script around them).
    func itemize(_ clusters: [String]) -> [ShapedRun] {
        var runs: [ShapedRun] = []
        for (index, cluster) in clusters.enumerated() {
            let script = Script.of(cluster)
            let font = font(for: cluster, script: script, after: runs.last)
            if var run = runs.last, run.font == font,
               script == Script.common || run.script == Script.common || run.script == script {
                if run.script == Script.common { run.script = script }
                run.clusters = run.clusters.lowerBound ..< index + 1
                runs[runs.count - 1] = run
            } else {
                runs.append(ShapedRun(font: font, script: script, clusters: index ..< index + 1, width: 0))
            }
        }
        return runs
    }

    /// The font a cluster is drawn in (an index in `fonts`), or nil when no font has it.
    ///
    /// 1. A cluster drawn as an emoji: the first emoji font that has it.
    /// 2. A cluster of the script of the run before it, or of none (a space, a digit, a
    ///    mark): that run's font, if it has the cluster (a space after an emoji goes back to
    ///    the text fonts).
    /// 3. The first font that has a glyph for each of its code points.
    /// 4. The first font that has its base character.
    private func font(for cluster: String, script: UInt32, after run: ShapedRun?) -> Int? {
        let isEmoji = isDrawnAsEmoji(cluster)
        if isEmoji, let index = fonts.firstIndex(where: { $0.file.isEmoji && $0.covers(cluster) }) {
            return index
        }
        if let run, let index = run.font, script == Script.common || script == run.script,
           isEmoji || !fonts[index].file.isEmoji, fonts[index].covers(cluster) {
            return index
        }
        if let index = fonts.firstIndex(where: { $0.covers(cluster) }) { return index }
        guard let base = cluster.unicodeScalars.first(where: { !$0.properties.isDefaultIgnorableCodePoint }) else {
            return nil
        }
        return fonts.firstIndex { $0.hasGlyph(base) }
    }

    /// Whether the cluster is drawn as an emoji (emoji presentation, VS16, keycaps, flags,
    /// modifier and ZWJ sequences), by the ICU engine's rule, which the cell widths follow.
    private func isDrawnAsEmoji(_ cluster: String) -> Bool {
        guard let first = cluster.unicodeScalars.first, first.properties.isEmoji else { return false }
        // "#", "*" and digits have the Emoji property but alone are text.
        if first.isASCII && cluster.utf8.count == 1 { return false }
        return engine.emojiOnlyClusterCount(cluster) == 1
    }
}
