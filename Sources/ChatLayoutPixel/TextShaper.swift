import ChatLayoutICU

/// A text measured cluster by cluster: its grapheme clusters, the runs of one font and one
/// script they were shaped in, and what each cluster advances.
struct ShapedText {
    /// The grapheme clusters, in order.
    var clusters: [String]
    /// What itemizing found of each cluster (its script, whether it is drawn as an emoji,
    /// which fonts were asked whether they cover it): a line cut from the text is itemized
    /// again from these, by the same rules, without looking at its characters again.
    var traits: [ClusterTraits]
    /// The clusters run together, and where each starts in it (UTF-8 offsets; one more at the
    /// end): a run of clusters' text is a slice of it.
    var text: String
    var offsets: [Int]
    /// Each cluster's advance in points: the advances of the glyphs that start in it. Shaping
    /// is not additive (kerning, ligatures and joining cross cluster boundaries), so a slice's
    /// sum is an estimate; the width of a run of clusters is that run shaped on its own.
    var advances: [Double]
    /// The runs, in logical order, covering every cluster.
    var runs: [ShapedRun]

    /// The width in points: the runs' widths added up.
    var width: Double { runs.reduce(0) { $0 + $1.width } }

    /// The text of the clusters `range`: their characters, as `joined()` makes them.
    func text(of range: Range<Int>) -> String {
        let utf8 = text.utf8
        return String(Substring(utf8[utf8.index(utf8.startIndex, offsetBy: offsets[range.lowerBound])
                                     ..< utf8.index(utf8.startIndex, offsetBy: offsets[range.upperBound])]))
    }
}

extension ShapedText {
    /// Clusters measured elsewhere (no traits: not itemized again).
    init(clusters: [String], advances: [Double], runs: [ShapedRun]) {
        let (text, offsets) = Self.joined(clusters)
        self.init(clusters: clusters, traits: [], text: text, offsets: offsets, advances: advances, runs: runs)
    }

    /// The clusters run together, and where each starts (one more offset at the end).
    static func joined(_ clusters: [String]) -> (text: String, offsets: [Int]) {
        var offsets: [Int] = []
        offsets.reserveCapacity(clusters.count + 1)
        var text = ""
        for cluster in clusters {
            offsets.append(text.utf8.count)
            text += cluster
        }
        offsets.append(text.utf8.count)
        return (text, offsets)
    }
}

/// What itemizing a grapheme cluster finds: its script, whether it is drawn as an emoji, and
/// of the first 64 fonts, which were asked whether they cover it (`checked`) and which do
/// (`covered`).
struct ClusterTraits {
    var script: UInt32
    var isEmoji: Bool
    var checked: UInt64 = 0
    var covered: UInt64 = 0
    /// The cluster's code point when it is one that is not default-ignorable (most are): a
    /// font covers it when it has a glyph for it. Nil: ask the font about the whole cluster.
    var single: Unicode.Scalar?
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
        let (text, offsets) = ShapedText.joined(clusters)
        var traits = clusters.map(traits(of:))
        let runs = itemize(clusters[...], traits: &traits)
        return shape(ShapedText(clusters: clusters, traits: traits, text: text, offsets: offsets, advances: [], runs: []), runs: runs)
    }

    /// The clusters `range` of `shaped` (a text ``shape(_:)`` made, with its traits) shaped on
    /// their own, as ``shape(_:)`` shapes them (itemized again by the same rules, from what
    /// itemizing `shaped` found of each).
    /// `text` is those clusters' text (`shaped.text(of: range)`), when the caller has it.
    func shape(_ range: Range<Int>, of shaped: ShapedText, text: String? = nil) -> ShapedText {
        precondition(shaped.traits.count == shaped.clusters.count, "a text shaped here, with its traits")
        let clusters = Array(shaped.clusters[range])
        var traits = Array(shaped.traits[range])
        let runs = itemize(clusters[...], traits: &traits)
        let offsets = shaped.offsets[range.lowerBound ... range.upperBound].map { $0 - shaped.offsets[range.lowerBound] }
        return shape(ShapedText(clusters: clusters, traits: traits, text: text ?? shaped.text(of: range), offsets: offsets, advances: [],
                                runs: []), runs: runs)
    }

    /// `unshaped`'s clusters shaped in `runs`: their advances and the runs' widths.
    private func shape(_ unshaped: ShapedText, runs: [ShapedRun]) -> ShapedText {
        var shaped = unshaped
        let clusters = shaped.clusters
        shaped.advances = [Double](repeating: 0, count: clusters.count)
        shaped.runs.reserveCapacity(runs.count)
        for var run in runs {
            guard let fontIndex = run.font else {
                // No font has these: one em a cluster, as a front end's last-resort font might.
                for index in run.clusters { shaped.advances[index] = pointSize }
                run.width = pointSize * Double(run.clusters.count)
                shaped.runs.append(run)
                continue
            }
            let font = fonts[fontIndex]
            // Each glyph's advance goes to the cluster its first character is in: `starts`.
            let (text, starts) = Self.shaperInput(run.clusters, of: shaped)
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

    /// The same for the clusters `range` of `shaped`: a slice of its text when no cluster is
    /// long enough to be bounded.
    static func shaperInput(_ range: Range<Int>, of shaped: ShapedText) -> (text: String, starts: [UInt32]) {
        let base = shaped.offsets[range.lowerBound]
        var starts: [UInt32] = []
        starts.reserveCapacity(range.count)
        for index in range {
            // Too short to be bounded (see `bounded(_:)`).
            guard shaped.offsets[index + 1] - shaped.offsets[index] <= shapedMarksInARow + 1 else {
                return shaperInput(shaped.clusters[range])
            }
            starts.append(UInt32(shaped.offsets[index] - base))
        }
        return (shaped.text(of: range), starts)
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
    /// to the script around them). Read from each cluster's `traits` (one a cluster, from
    /// index 0), in which the fonts asked are recorded.
    private func itemize(_ clusters: ArraySlice<String>, traits: inout [ClusterTraits]) -> [ShapedRun] {
        var runs: [ShapedRun] = []
        for (index, cluster) in zip(0..., clusters) {
            let script = traits[index].script
            let font = font(for: cluster, traits: &traits[index], after: runs.last)
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
    private func font(for cluster: String, traits: inout ClusterTraits, after run: ShapedRun?) -> Int? {
        let isEmoji = traits.isEmoji, script = traits.script
        // Whether font `index` covers the cluster: asked once a cluster (the first 64 fonts).
        let single = traits.single
        func covers(_ index: Int) -> Bool {
            guard index < 64 else { return fonts[index].covers(cluster) }
            let bit: UInt64 = 1 << UInt64(index)
            if traits.checked & bit == 0 {
                traits.checked |= bit
                if single.map(fonts[index].hasGlyph) ?? fonts[index].covers(cluster) { traits.covered |= bit }
            }
            return traits.covered & bit != 0
        }
        if isEmoji, let index = fonts.indices.first(where: { fonts[$0].file.isEmoji && covers($0) }) {
            return index
        }
        if let run, let index = run.font, script == Script.common || script == run.script,
           isEmoji || !fonts[index].file.isEmoji, covers(index) {
            return index
        }
        if let index = fonts.indices.first(where: covers) { return index }
        guard let base = cluster.unicodeScalars.first(where: { !$0.properties.isDefaultIgnorableCodePoint }) else {
            return nil
        }
        return fonts.firstIndex { $0.hasGlyph(base) }
    }

    /// What itemizing needs of a cluster before any font is asked.
    private func traits(of cluster: String) -> ClusterTraits {
        var traits = ClusterTraits(script: Script.of(cluster), isEmoji: isDrawnAsEmoji(cluster))
        let scalars = cluster.unicodeScalars
        // No code point below U+00AD (the soft hyphen) is default-ignorable.
        if let first = scalars.first, scalars.index(after: scalars.startIndex) == scalars.endIndex,
           first.value < 0xAD || !first.properties.isDefaultIgnorableCodePoint {
            traits.single = first
        }
        return traits
    }

    /// Whether the cluster is drawn as an emoji (emoji presentation, VS16, keycaps, flags,
    /// modifier and ZWJ sequences), by the ICU engine's rule, which the cell widths follow.
    private func isDrawnAsEmoji(_ cluster: String) -> Bool {
        guard let first = cluster.unicodeScalars.first else { return false }
        // Below U+00A9 (©) only "#", "*" and the digits have the Emoji property: the property
        // is looked up only from there on.
        if first.value < 0xA9 && first != "#" && first != "*" && !("0" ... "9").contains(first) { return false }
        guard first.properties.isEmoji else { return false }
        // "#", "*" and digits have the Emoji property but alone are text.
        if first.isASCII && cluster.utf8.count == 1 { return false }
        return engine.emojiOnlyClusterCount(cluster) == 1
    }
}
