import ChatLayoutICUShim
import ChatLayoutKit

/// The text engine: grapheme clusters (UAX #29), line breaking (UAX #14), cell widths,
/// wrapping, truncation and bidi (UAX #9), all on Unicode 15.0 from the system ICU.
///
/// It measures in cells of a monospace grid under ``CellWidthPolicy`` and implements the
/// core's `TextMeasuring`. Character properties come from a table built once from ICU's
/// data; ICU itself is called only for dictionary line breaking (Thai, Lao, Khmer, Myanmar)
/// and for bidi levels of lines that contain right-to-left text.
///
/// Pure: the same input gives the same output, on any thread.
public struct ICUTextEngine: TextMeasuring, EmojiClassifying, LineSegmentMeasuring, ShortLineMeasuring {
    /// The cell-width policy.
    public var policy: CellWidthPolicy
    private let dictionary: DictionaryBreaker
    let cache: MeasurementCache
    /// The last long texts wrapped, to recognise one that grows.
    let growing: GrowingTexts

    /// The Unicode version of the character data ("15.0").
    public static var unicodeVersion: String { versions.unicode }
    /// The version of the system ICU ("72.1").
    public static var icuVersion: String { versions.icu }

    private static let versions: (icu: String, unicode: String) = {
        var icu = [CChar](repeating: 0, count: 32)
        var unicode = [CChar](repeating: 0, count: 32)
        clk_icu_versions(&icu, 32, &unicode, 32)
        func trimmed(_ version: String) -> String {
            // "72.1.0.0" → "72.1"; "15.0.0.0" → "15.0"
            let parts = version.split(separator: ".")
            return parts.prefix(2).joined(separator: ".")
        }
        return (trimmed(String(decoding: icu.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)),
                trimmed(String(decoding: unicode.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)))
    }()

    /// An engine with the given width policy.
    public init(policy: CellWidthPolicy = CellWidthPolicy()) {
        self.policy = policy
        self.dictionary = DictionaryBreaker()
        self.cache = MeasurementCache()
        self.growing = GrowingTexts()
    }

    // MARK: Segmentation

    /// The extended grapheme clusters of `text` (UAX #29), in order.
    public func graphemeClusters(_ text: String) -> [String] {
        let analyzed = AnalyzedText(text)
        let boundaries = GraphemeBreaker.boundaries(analyzed)
        return zip(boundaries, boundaries.dropFirst()).map { analyzed.string($0 ..< $1) }
    }

    /// The pieces of `text` between its line-break opportunities (UAX #14, dictionary
    /// breaking for South-East Asian scripts), in order; concatenated they give `text` back.
    public func lineBreakSegments(_ text: String) -> [String] {
        lineBreakSegments(text, dictionary: true)
    }

    /// As ``lineBreakSegments(_:)``; without `dictionary`, South-East Asian letters are
    /// treated as alphabetic (UAX #14 LB1), as Unicode's conformance test expects.
    public func lineBreakSegments(_ text: String, dictionary: Bool) -> [String] {
        let analyzed = AnalyzedText(text)
        let actions = LineBreaker.actions(analyzed, dictionary: dictionary ? self.dictionary : nil)
        var segments: [String] = []
        var start = 0
        for index in 1 ... max(1, analyzed.count) where index <= analyzed.count && actions[index] != .prohibited {
            segments.append(analyzed.string(start ..< index))
            start = index
        }
        return segments
    }

    /// The width in cells of each grapheme cluster of `text`.
    public func clusterWidths(_ text: String) -> [(cluster: String, width: Int)] {
        let analyzed = AnalyzedText(text)
        let boundaries = GraphemeBreaker.boundaries(analyzed)
        return zip(boundaries, boundaries.dropFirst()).map {
            (analyzed.string($0 ..< $1), CellWidth.width($0 ..< $1, analyzed, policy))
        }
    }

    /// The code points of `text` with their widths in cells, when every code point is a
    /// grapheme cluster of its own (most text: no combining marks, joiners, variation
    /// selectors, flags or controls other than "\n"); nil when some cluster has several code
    /// points, and then ``clusterWidths(_:)`` is the way. The same widths as
    /// ``clusterWidths(_:)``, without a string per cluster: for drawing lines cell by cell.
    public func singleScalarClusterWidths(_ text: String) -> [(scalar: Unicode.Scalar, width: Int)]? {
        SimpleTextWrapper.singleScalarClusters(text, policy: policy)
    }

    // MARK: TextMeasuring

    /// The number of clusters when `text` is emoji only (each drawn as an emoji), else nil.
    public func emojiOnlyClusterCount(_ text: String) -> Int? {
        // Cheap rejection first: every code point must be able to belong to an emoji.
        let table = CharacterPropertyTable.shared
        for scalar in text.unicodeScalars {
            let properties = table[scalar]
            let canBelong = properties.isEmoji || properties.isExtendedPictographic || properties.isEmojiModifier
                || properties.graphemeBreak == .extend || properties.graphemeBreak == .zwj
                || properties.graphemeBreak == .regionalIndicator
            if !canBelong { return nil }
        }
        let analyzed = AnalyzedText(text)
        let boundaries = GraphemeBreaker.boundaries(analyzed)
        guard boundaries.count > 1 else { return nil }
        for (start, end) in zip(boundaries, boundaries.dropFirst()) where !CellWidth.isEmoji(start ..< end, analyzed) {
            return nil
        }
        return boundaries.count - 1
    }

    /// The number of clusters when every one is an emoji by Stream's rule (its
    /// `Character.isEmoji`): the cluster's first code point has the Emoji property and is
    /// above U+238C, or is followed by other code points. "❤" and "☺" count; "#", "™" and
    /// "⌚" alone do not; "1️⃣" does. Nil when any cluster is something else, or `text` is
    /// empty.
    public func jumbomojiClusterCount(_ text: String) -> Int? {
        // Cheap rejection: most texts start with a letter. An ASCII first byte is no emoji but
        // for a keycap's base (a digit, "#", "*"): told from the byte, no code point decoded.
        if let lead = text.utf8.first, lead < 0x80, lead &- 0x30 >= 10, lead != 0x23, lead != 0x2A { return nil }
        let table = CharacterPropertyTable.shared
        guard let firstScalar = text.unicodeScalars.first, table[firstScalar].isEmoji else { return nil }
        // An ASCII character other than a keycap's base (a digit, "#", "*") is a cluster of
        // its own that is no emoji, or continues none: a text after an emoji ("😂 lol") is
        // turned down without being segmented.
        let hasOtherASCII = text.utf8.withContiguousStorageIfAvailable { bytes in
            bytes.contains { $0 < 0x80 && !($0 >= 0x30 && $0 <= 0x39) && $0 != 0x23 && $0 != 0x2A }
        }
        if hasOtherASCII == true { return nil }
        let analyzed = AnalyzedText(text, table: table)
        let boundaries = GraphemeBreaker.boundaries(analyzed)
        guard boundaries.count > 1 else { return nil }
        for (start, end) in zip(boundaries, boundaries.dropFirst()) {
            let first = analyzed.scalar(start)
            guard analyzed.properties[start].isEmoji && (first.value > 0x238C || end - start > 1) else { return nil }
        }
        return boundaries.count - 1
    }

    /// The width in cells of `text` on one line: the sum of its clusters' widths (hard breaks
    /// and other controls count 0, trailing spaces count).
    public func width(of text: String) -> Int {
        let measured = text.utf8.withContiguousStorageIfAvailable { bytes -> Int? in
            // Printable ASCII is one cell a character: no need to look anything up.
            let scanned = SimpleTextWrapper.scanASCII(bytes)
            if scanned.isASCII && !scanned.hasControl { return bytes.count }
            // A short label ("9:41\u{202F}AM"): measured on the simple path for less than the
            // cache's hashing costs.
            return bytes.count <= Self.shortLabelLimit ? SimpleTextWrapper.width(ofUTF8: bytes, policy: policy) : nil
        }
        if let measured = measured ?? nil { return measured }
        if measured == nil {
            // Not contiguous: the same steps through the string.
            if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return text.utf8.count }
            if text.utf8.count <= Self.shortLabelLimit, let width = SimpleTextWrapper.width(of: text, policy: policy) { return width }
        }
        return cache.width(text) { measureWidth(text) }
    }

    private func measureWidth(_ text: String) -> Int {
        SimpleTextWrapper.width(of: text, policy: policy) ?? measureWidthInGeneral(text)
    }

    /// The width by the general path, for any text (`measureWidth` takes the fast path when it can).
    func measureWidthInGeneral(_ text: String) -> Int {
        let analyzed = AnalyzedText(text)
        let boundaries = GraphemeBreaker.boundaries(analyzed)
        var total = 0
        for (start, end) in zip(boundaries, boundaries.dropFirst()) {
            total += CellWidth.width(start ..< end, analyzed, policy)
        }
        return total
    }

    /// `text` wrapped to `width` cells (at least 1). See `TextMeasuring.wrap(_:width:)` in `ChatLayoutKit`.
    ///
    /// A text is measured once, whatever the width: its prepared form (clusters, widths, break
    /// opportunities) is kept, and wrapping it at another width is arithmetic over it.
    ///
    /// A long text that begins with one wrapped a moment ago (a streamed reply, edited a few
    /// characters at a time) is measured from the earlier text's last word after a space, or
    /// else its last paragraph, and keeps the earlier text's lines before that paragraph.
    public func wrap(_ text: String, width: Int) -> WrappedText {
        if let line = shortLine(text, width: width) { return WrappedText(lines: [line], direction: .leftToRight) }
        guard text.utf8.count >= GrowingTexts.minimumLength else {
            return cache.wrapped(text, width: width, prepare: { prepare(text) }) { $0.wrap(width: width) }
        }
        var earlier: PreparedWraps?
        var made: PreparedText?
        let wrapped = cache.wrapped(text, width: width, prepare: {
            if let base = growing.base(of: text) {
                earlier = base
                if let extended = base.prepared.extended(to: text, policy: policy, knownToBegin: true) {
                    growing.extendedCount.add(1, ordering: .relaxed)
                    return extended
                }
            }
            return prepare(text)
        }) { prepared in
            made = prepared
            if let earlier, let lines = earlier.wrapped(at: width) {
                return prepared.wrap(width: width, reusing: (earlier.prepared, lines))
            }
            return prepared.wrap(width: width)
        }
        if let made { growing.remember(made, width: width, wrapped: wrapped, replacing: earlier?.prepared) }
        return wrapped
    }

    /// A short label that fits `width` on one line ("9:41 AM", "Edited", initials, "2 ✓✓"), or
    /// the empty text (one empty line):
    /// no control character, no space at either end, and every code point a cluster of its
    /// own, left to right (`SimpleTextWrapper.width(of:policy:table:)` takes it; printable
    /// ASCII a cell a character). Then it is one line drawn as written, as wide as it measures
    /// — exactly the simple path's lines (`FastPathTests`) — made without the cache's lookup,
    /// whose key hashes the text. Nil for any other text.
    @inline(__always)
    package func shortLine(_ text: String, width: Int) -> TextLine? {
        shortWidth(text, width: width).map { TextLine(text: text, display: text, width: $0) }
    }

    /// The width of that line (``shortLine(_:width:)``), without the line made.
    @inline(__always)
    package func shortWidth(_ text: String, width: Int) -> Int? {
        let count = text.utf8.count
        guard count > 0 else { return 0 }
        guard count <= Self.shortLabelLimit else { return nil }
        let measured = text.utf8.withContiguousStorageIfAvailable { bytes -> Int? in
            guard bytes[0] != 0x20, bytes[count - 1] != 0x20 else { return nil }
            let scanned = SimpleTextWrapper.scanASCII(bytes)
            guard !scanned.hasControl else { return nil }
            // The bytes measured where they are, not found again through the string.
            return scanned.isASCII ? count : SimpleTextWrapper.width(ofUTF8: bytes, policy: policy)
        }
        guard let measured = measured ?? nil, measured <= width else { return nil }
        return measured
    }

    /// `text` wrapped at `width` as ``wrap(_:width:)`` wraps it, in one lookup: its lines as
    /// spans of its bytes (``LineSpans``) when each is drawn as written, left to right — a
    /// short label that fits (``shortLine(_:width:)``: one span of it all, no cache), or a text
    /// of the fast path shorter than a growing text whose lines at `width` are not remembered
    /// as strings (the spans are arithmetic over its prepared form, remembered or made and
    /// remembered; they are not) — else its lines as `wrap` gives them. Nil for a text as long
    /// as a growing text (then wrap it), unless the growing texts know it (``grownLines(_:width:)``).
    package func measuredLines(_ text: String, width: Int) -> MeasuredLines? {
        if let lineWidth = shortWidth(text, width: width) {
            let end = Int32(truncatingIfNeeded: text.utf8.count)
            return .spans(LineSpans(lines: [LineSpans.Line(start: 0, visibleEnd: end, end: end, width: Int32(truncatingIfNeeded: lineWidth))]))
        }
        guard text.utf8.count < GrowingTexts.minimumLength else { return grownLines(text, width: width) }
        return cache.lines(text, width: width, prepare: { prepare(text) }, spans: { $0.lineSpans(width: width) }) { $0.wrap(width: width) }
    }

    /// A long text's lines at `width` where the growing texts hold it, or a text it begins
    /// with (a streamed reply's next token): as spans of its bytes, the lines before the
    /// earlier text's last paragraph kept from its spans, and those of that paragraph ended by
    /// units before the restart, and only the rest walked, the text
    /// prepared from the earlier one's last word on; as lines where the text takes the
    /// general path (or its lines at `width` are kept as strings). Nil for a long text they
    /// do not know: then `wrap` measures it (and keeps it for the next token).
    private func grownLines(_ text: String, width: Int) -> MeasuredLines? {
        switch growing.find(text) {
        case .same(let entry)?:
            if let spans = entry.spans(at: width) { return .spans(spans.spans) }
            if let wrapped = entry.wraps.wrapped(at: width) { return .lines(wrapped) }
            guard let spans = entry.prepared.grownLineSpans(width: width, reusing: nil) else { return nil }
            growing.remember(entry.prepared, width: width, spans: spans, replacing: nil)
            return .spans(spans.spans)
        case .grownFrom(let base)?:
            let prepared: PreparedText
            if let extended = base.prepared.extended(to: text, policy: policy, knownToBegin: true) {
                growing.extendedCount.add(1, ordering: .relaxed)
                prepared = extended
            } else {
                prepared = prepare(text)
            }
            let earlier = base.spans(at: width)
            guard let spans = prepared.grownLineSpans(width: width, reusing: earlier.map { (base.prepared, $0) }) else {
                let wrapped = prepared.wrap(width: width)
                growing.remember(prepared, width: width, wrapped: wrapped, replacing: base.prepared)
                return .lines(wrapped)
            }
            if earlier != nil { growing.reusedSpansCount.add(1, ordering: .relaxed) }
            growing.remember(prepared, width: width, spans: spans, replacing: base.prepared)
            return .spans(spans.spans)
        case nil:
            return nil
        }
    }

    /// The longest text measured without the cache (``shortLine(_:width:)``,
    /// ``width(of:)``): a label's, not a message's.
    static let shortLabelLimit = 48

    /// `text` measured once for wrapping at any width (Pretext's `prepare`): its grapheme
    /// clusters, line-break opportunities, each cluster's width and its base direction; then
    /// ``PreparedText/wrap(width:)`` and ``PreparedText/lineCount(width:)`` are arithmetic.
    /// Not remembered: `wrap(_:width:)` keeps its own prepared texts.
    public func prepare(_ text: String) -> PreparedText {
        SimpleTextWrapper.prepare(text, policy: policy) ?? prepareInGeneral(text)
    }

    /// Appends `text`'s line segments (its runs between line-break opportunities) to
    /// `segments`, from its prepared form (remembered, or made and remembered); false when a
    /// run is too wide to be said in one.
    package func appendLineSegments(of text: String, to segments: inout [UInt32]) -> Bool {
        cache.prepared(text) { prepare(text) }.appendLineSegments(to: &segments)
    }

    /// `text` wrapped at `width` as ``wrap(_:width:)`` wraps it, its line segments appended to
    /// `segments` from the same lookup.
    package func wrap(_ text: String, width: Int, appendingSegmentsTo segments: inout [UInt32]) -> (wrapped: WrappedText, appended: Bool) {
        guard text.utf8.count < GrowingTexts.minimumLength else {
            // A long text may grow: wrapped as any other, then looked up again.
            return (wrap(text, width: width), appendLineSegments(of: text, to: &segments))
        }
        let (wrapped, prepared) = cache.wrappedAndPrepared(text, width: width, prepare: { prepare(text) }) { $0.wrap(width: width) }
        return (wrapped, prepared.appendLineSegments(to: &segments))
    }

    /// Wrapping by the general path, for any text (`wrap` takes the fast path when it can).
    func measureWrapInGeneral(_ text: String, width: Int) -> WrappedText {
        prepareInGeneral(text).wrap(width: width)
    }

    /// `text` prepared by the general path: grapheme clusters, line-break opportunities (with
    /// the dictionaries), each cluster's width, the base direction; the analysed text kept for
    /// the lines' display order.
    func prepareInGeneral(_ text: String) -> PreparedText {
        let analyzed = AnalyzedText(text)
        let codePoints = analyzed.count
        // The clusters' starts, the break actions and the resolved classes in one piece of
        // scratch memory (on the stack for most texts), not three arrays.
        let byteCount = (codePoints + 1) * (MemoryLayout<Int>.stride + MemoryLayout<LineBreakAction>.stride + MemoryLayout<LineBreakClass>.stride)
        return withUnsafeTemporaryAllocation(byteCount: byteCount, alignment: MemoryLayout<Int>.alignment) { scratch in
            let base = scratch.baseAddress!
            let clusters = base.bindMemory(to: Int.self, capacity: codePoints + 1)
            let actionStart = base + (codePoints + 1) * MemoryLayout<Int>.stride
            let actions = UnsafeMutableBufferPointer(start: actionStart.bindMemory(to: LineBreakAction.self, capacity: codePoints + 1),
                                                     count: codePoints + 1)
            let classes = UnsafeMutableBufferPointer(
                start: (actionStart + (codePoints + 1) * MemoryLayout<LineBreakAction>.stride).bindMemory(to: LineBreakClass.self, capacity: codePoints + 1),
                count: codePoints + 1)
            let count = GraphemeBreaker.fill(clusters, analyzed) - 1
            LineBreaker.fill(actions, classes: classes, analyzed, dictionary: dictionary)
            return PreparedText.make(text: text, count: count, direction: BidiReorderer.baseDirection(analyzed), analyzed: analyzed,
                                     isGeneral: true) { units in
                analyzed.properties.withUnsafeBufferPointer { properties in
                    for index in 0 ..< count {
                        let start = clusters[index], end = clusters[index + 1]
                        var flags: UInt8 = actions[start] != .prohibited ? PreparedText.Unit.breakBefore : 0
                        var width = 0
                        switch properties[start].lineBreak {
                        case .BK, .CR, .LF, .NL:
                            flags |= PreparedText.Unit.hardBreak
                        default:
                            width = end - start == 1 ? CellWidth.scalarWidth(properties[start], policy)
                                                     : CellWidth.width(start ..< end, analyzed, policy)
                            // A tab is of class BA.
                            if end - start == 1 && (properties[start].lineBreak == .SP
                                                    || properties[start].lineBreak == .BA && analyzed.scalar(start) == "\t") {
                                flags |= PreparedText.Unit.hangingSpace
                            }
                        }
                        (units + index).initialize(to: PreparedText.Unit(start: Int32(start), width: Int16(clamping: width), flags: flags))
                    }
                }
                (units + count).initialize(to: PreparedText.Unit(start: Int32(analyzed.count), width: 0, flags: 0))
            }
        }
    }

    /// `text` on one line, cut at a cluster boundary and ended with "…" so that it fits
    /// `width` cells. Hard breaks become spaces; text that fits comes back as it is
    /// (apart from those); trailing spaces before the ellipsis are dropped; bidi embeddings
    /// and isolates left open by the cut are closed after the ellipsis.
    public func truncate(_ text: String, width: Int) -> String {
        guard width > 0 else { return "" }
        return cache.truncated(text, width: width) { truncate(text, width: width, ellipsis: "…") }
    }

    /// As ``truncate(_:width:)`` with a chosen ellipsis.
    public func truncate(_ text: String, width: Int, ellipsis: String) -> String {
        guard width > 0 else { return "" }
        let analyzed = AnalyzedText(text)
        let boundaries = GraphemeBreaker.boundaries(analyzed)
        var pieces: [(range: Range<Int>, width: Int, isBreak: Bool)] = []
        pieces.reserveCapacity(max(0, boundaries.count - 1))
        var total = 0
        for (start, end) in zip(boundaries, boundaries.dropFirst()) {
            let isBreak: Bool
            switch analyzed.properties[start].lineBreak {
            case .BK, .CR, .LF, .NL: isBreak = true
            default: isBreak = false
            }
            let clusterWidth = isBreak ? 1 : CellWidth.width(start ..< end, analyzed, policy)
            pieces.append((start ..< end, clusterWidth, isBreak))
            total += clusterWidth
            // Past the width the text is cut: the clusters after this one are not kept.
            if total > width { break }
        }
        // The clusters' text, a line break as a space: each run between breaks made at once,
        // not a string a cluster.
        func render(_ slice: ArraySlice<(range: Range<Int>, width: Int, isBreak: Bool)>) -> String {
            guard let first = slice.first, let last = slice.last else { return "" }
            var result = ""
            var runStart = first.range.lowerBound
            for piece in slice where piece.isBreak {
                result += analyzed.string(runStart ..< piece.range.lowerBound)
                result += " "
                runStart = piece.range.upperBound
            }
            result += analyzed.string(runStart ..< last.range.upperBound)
            return result
        }
        if total <= width { return render(pieces[...]) }
        let ellipsisWidth = self.width(of: ellipsis)
        guard ellipsisWidth <= width else { return "" }
        var used = 0
        var count = 0
        while count < pieces.count && used + pieces[count].width <= width - ellipsisWidth {
            used += pieces[count].width
            count += 1
        }
        while count > 0 && (pieces[count - 1].isBreak || analyzed.properties[pieces[count - 1].range.lowerBound].lineBreak == .SP) {
            count -= 1
        }
        // What is cut off may hold the closers of bidi embeddings and isolates opened in what
        // is kept: they are closed, so that the cut text cannot reorder what follows it; after
        // the ellipsis, which stays at the cut (the left end of a cut right-to-left run).
        return UntrustedText.closingOpenBidi(render(pieces[0 ..< count]) + ellipsis)
    }
}
