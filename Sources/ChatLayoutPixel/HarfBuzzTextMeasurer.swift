import ChatLayoutICU
import ChatLayoutKit

/// Measures text in points with proportional fonts, shaped by HarfBuzz: the core's
/// `TextMeasuring` for a front end that draws with real fonts (a browser, a canvas, an
/// image), where the ICU engine measures in terminal cells.
///
/// Text is split into grapheme clusters, line-break opportunities and a base direction by the
/// ICU engine (`ICUTextEngine`), so both measurers break lines at the same
/// places; each cluster is given a font from a ``FontSet`` (Noto Sans, Noto Sans Arabic and
/// Hebrew, Noto Color Emoji, …), runs of one font and one script are shaped with HarfBuzz
/// (kerning, ligatures, Arabic joining), and their advances are added up.
///
/// Widths are whole points, rounded up, so that drawn text never overflows its measured box;
/// ``preciseWidth(of:)`` gives the exact figure. Advances are the fonts' own (unhinted), the
/// same at every size and on every machine with the same font files. Lines are in reading
/// order: the front end's text system reorders right-to-left text when it draws.
///
/// Pure and `Sendable`: the same text gives the same answer on any thread; answers are
/// remembered.
///
/// ```swift
/// let measurer = try HarfBuzzTextMeasurer(pointSize: 17)
/// // In points, lines `measurer.lineHeight` tall: the environment takes `metrics(for:)`.
/// let environment = try LayoutEnvironment(context: context, formatter: formatter, measurer: measurer)
/// let screen = MessageListScreen.layout(conversation, environment: environment, width: 375)
/// ```
public struct HarfBuzzTextMeasurer: TextMeasuring, EmojiClassifying {
    /// The font size in points (an em).
    public let pointSize: Double
    /// The fonts, in fallback order.
    public let fonts: FontSet
    /// The primary font's line metrics at ``pointSize``.
    public let lineMetrics: LineMetrics
    /// The height of a line of text in whole points (rounded up): the primary font's
    /// ascender, descender and line gap at ``pointSize``. A front end spaces lines by it.
    public var lineHeight: Int { Self.wholePoints(lineMetrics.height) }
    /// The fonts' family names in fallback order, once each, as a CSS `font-family` list
    /// ("'Noto Sans', 'Noto Sans Arabic', …, sans-serif"): a browser drawing with it uses the
    /// fonts that were measured.
    public let cssFontFamily: String

    let engine: ICUTextEngine
    let shaper: TextShaper
    /// The faces of rich text's styled runs (``wrap(spans:width:)``); nil:
    /// every run in the regular fonts.
    public let styles: StyledFontFiles?
    let faceMeasurers = MeasurementMemo<StyledFontFiles.Face, FaceMeasurer>()
    private let widths = MeasurementMemo<ExactText, Double>()
    private let wrapped = MeasurementMemo<WidthKey, WrappedText>()
    private let truncated = MeasurementMemo<WidthKey, String>()
    /// Each text prepared once for wrapping at any width: its paragraphs shaped whole, with
    /// their break opportunities, and its direction. A width change wraps from these.
    let preparedTexts = MeasurementMemo<ExactText, PreparedParagraphs>()
    /// The width of each line shaped on its own, by its text: lines at nearby widths are
    /// mostly the same lines, shaped once.
    private let lineWidths = MeasurementMemo<LineKey, Int>(capacity: 65_536)

    /// A line by its text and how many clusters it holds (the clusters it was cut into).
    private struct LineKey: Hashable, Sendable {
        var text: ExactText
        var clusters: Int
    }

    /// A text's paragraphs shaped whole, with where a line may start in each.
    struct PreparedParagraphs: @unchecked Sendable {
        // Unchecked: made once and only read (ShapedText's runs name fonts by index).
        var paragraphs: [(shaped: ShapedText, canBreakBefore: [Bool])]
        var direction: TextDirection
    }

    private struct WidthKey: Hashable, Sendable {
        var text: ExactText
        var width: Int
    }

    /// A measurer at `pointSize` with `fonts`, measuring rich text's bold, italic and code in
    /// `styles` (opened when first needed; a face whose file is missing is measured in
    /// `fonts`). Throws when the size is not positive and finite, the set is empty, or a font
    /// file of `fonts` cannot be opened.
    public init(pointSize: Double = 17, fonts: FontSet = .noto, styles: StyledFontFiles? = .noto) throws(FontError) {
        guard pointSize.isFinite && pointSize > 0 else { throw .invalidPointSize(pointSize) }
        guard !fonts.fonts.isEmpty else { throw .noFonts }
        var opened: [OpenedFont] = []
        for file in fonts.fonts { opened.append(try OpenedFont(file)) }
        let primary = opened[0]
        let (ascender, descender, lineGap) = primary.lineMetrics
        let unitsPerEm = Double(primary.unitsPerEm)
        self.pointSize = pointSize
        self.fonts = fonts
        self.styles = styles
        self.lineMetrics = LineMetrics(ascender: Double(ascender) * pointSize / unitsPerEm,
                                       descender: Double(descender) * pointSize / unitsPerEm,
                                       lineGap: Double(lineGap) * pointSize / unitsPerEm)
        self.engine = ICUTextEngine()
        self.shaper = TextShaper(fonts: opened, pointSize: pointSize, engine: engine)
        var families: [String] = []
        for font in opened where !font.family.isEmpty && !families.contains(font.family) { families.append(font.family) }
        // Quoted as CSS strings: a quote or backslash in a family name is escaped.
        self.cssFontFamily = (families.map { family in
            "'" + family.map { $0 == "'" || $0 == "\\" ? "\\\($0)" : String($0) }.joined() + "'"
        } + ["sans-serif"]).joined(separator: ", ")
    }

    // MARK: Widths

    /// The width of `text` on one line in whole points, rounded up (hard breaks count as
    /// nothing).
    public func width(of text: String) -> Int {
        Self.wholePoints(preciseWidth(of: text))
    }

    /// The width of `text` on one line in points, as shaped (hard breaks count as nothing).
    public func preciseWidth(of text: String) -> Double {
        widths.value(ExactText(text: text)) {
            shaper.shape(engine.graphemeClusters(text).filter { !Self.isHardBreak($0) }).width
        }
    }

    /// The runs `text` is measured in (hard breaks left out): each a piece of the text in one
    /// font and one script, with its width in points. A front end that places glyphs itself
    /// draws each run with its font; the widths add up to ``preciseWidth(of:)``.
    public func fontRuns(of text: String) -> [FontRun] {
        let clusters = engine.graphemeClusters(text).filter { !Self.isHardBreak($0) }
        return shaper.shape(clusters).runs.map { run in
            FontRun(text: clusters[run.clusters].joined(), font: run.font.map { fonts.fonts[$0] }, width: run.width)
        }
    }

    // MARK: Wrapping

    /// `text` wrapped into lines no wider than `width` points (at least 1): at line-break
    /// opportunities (UAX #14), a word wider than a line split between grapheme clusters,
    /// a line ended at each hard break ("\n", CR LF, U+2028, …; the break belongs to no line).
    /// Spaces at a line's end hang: in its `text`, not in its `display` nor its `width`. A
    /// line's `display` is its text in reading order and its `width` that text shaped on its
    /// own, in whole points. The direction is that of the text's first strong character.
    ///
    /// The text is segmented and its paragraphs shaped once, whatever the width (the
    /// measurer keeps them); at another width only the lines it has there are shaped, each
    /// line's width remembered by its text.
    public func wrap(_ text: String, width: Int) -> WrappedText {
        let width = max(1, width)
        return wrapped.value(WidthKey(text: ExactText(text: text), width: width)) {
            let prepared = prepare(text)
            var lines: [TextLine] = []
            for paragraph in prepared.paragraphs {
                lines += fitting(paragraph.shaped, canBreakBefore: paragraph.canBreakBefore).lines(width: width)
            }
            return WrappedText(lines: lines, direction: prepared.direction)
        }
    }

    /// `text` prepared for wrapping: remembered, or segmented and its paragraphs shaped.
    func prepare(_ text: String) -> PreparedParagraphs {
        preparedTexts.value(ExactText(text: text)) {
            PreparedParagraphs(paragraphs: Self.paragraphs(engine.graphemeClusters(text)).map { clusters in
                (shaper.shape(clusters), breakOpportunities(clusters))
            }, direction: engine.baseDirection(of: text))
        }
    }

    /// The paragraph shaped, with its break opportunities, ready to be fitted to widths.
    private func fitting(_ shaped: ShapedText, canBreakBefore: [Bool]) -> LineFitting {
        LineFitting(shaped: shaped, canBreakBefore: canBreakBefore) { range in
            let text = shaped.text(of: range)
            return lineWidths.value(LineKey(text: ExactText(text: text), clusters: range.count)) {
                Self.wholePoints(shaper.shape(range, of: shaped, text: text).width)
            }
        }
    }

    /// Where a line may start among a paragraph's `clusters` (UAX #14 opportunities that are
    /// cluster boundaries): `count + 1` flags.
    func breakOpportunities(_ clusters: [String]) -> [Bool] {
        // Cluster starts as UTF-8 offsets, to find the line-break opportunities among them:
        // both ascend, so one walk matches them.
        let (paragraph, starts) = ShapedText.joined(clusters)
        var canBreakBefore = [Bool](repeating: false, count: clusters.count + 1)
        var offset = 0, index = 0
        for segment in engine.lineBreakSegments(paragraph) {
            offset += segment.utf8.count
            while index < clusters.count && starts[index] < offset { index += 1 }
            if index < clusters.count && starts[index] == offset { canBreakBefore[index] = true }
        }
        return canBreakBefore
    }

    // MARK: Truncation

    /// `text` on one line, cut between grapheme clusters and ended with "…" so that it fits
    /// `width` points. Hard breaks become spaces; text that fits comes back as it is (apart
    /// from those); spaces before the ellipsis are dropped; bidi embeddings and isolates left
    /// open by the cut are closed after it. Empty when not even "…" fits.
    public func truncate(_ text: String, width: Int) -> String {
        guard width > 0 else { return "" }
        return truncated.value(WidthKey(text: ExactText(text: text), width: width)) { cut(text, toFit: width) }
    }

    private func cut(_ text: String, toFit width: Int) -> String {
        let clusters = engine.graphemeClusters(text).map { Self.isHardBreak($0) ? " " : $0 }
        // Measured as it will be drawn: a mark after a hard break joins the space it became.
        let oneLine = clusters.joined()
        if self.width(of: oneLine) <= width { return oneLine }
        let ellipsis = "…"
        guard self.width(of: ellipsis) <= width else { return "" }
        func cut(_ count: Int) -> String {
            var kept = count
            while kept > 0 && LineFitting.hangs(clusters[kept - 1]) { kept -= 1 }
            return UntrustedText.closingOpenBidi(clusters[0 ..< kept].joined() + ellipsis)
        }
        func fits(_ count: Int) -> Bool { self.width(of: cut(count)) <= width }

        // A first guess from the clusters' advances: the longest prefix that leaves room for
        // the ellipsis. Then, shaped with it: longer while that fits, or shorter until it
        // does ("…" alone does).
        let whole = shaper.shape(clusters)
        let room = Double(width) - preciseWidth(of: ellipsis) + LineFitting.tolerance
        var count = 0, used = 0.0
        while count < clusters.count && used + whole.advances[count] <= room {
            used += whole.advances[count]
            count += 1
        }
        if fits(count) {
            while count + 1 < clusters.count && fits(count + 1) { count += 1 }
        } else {
            while count > 0 && !fits(count) { count -= 1 }
        }
        return cut(count)
    }

    // MARK: Styles

    /// The width of `text` drawn in `style`: its width at ``pointSize`` scaled by the style's
    /// size (`TextStyle.scaleFromBody`: a jumbomoji is about three times the body's).
    public func width(of text: String, style: TextStyle) -> Int {
        style.scaleFromBody == 1 ? width(of: text) : Self.wholePoints(preciseWidth(of: text) * style.scaleFromBody)
    }

    /// `text` wrapped to `width` points drawn in `style`: wrapped at the body's size to the
    /// width the style's scale leaves, each line's width scaled back.
    public func wrap(_ text: String, width: Int, style: TextStyle) -> WrappedText {
        let scale = style.scaleFromBody
        guard scale != 1 else { return wrap(text, width: width) }
        let body = wrap(text, width: max(1, Int((Double(max(1, width)) / scale).rounded(.down))))
        return WrappedText(lines: body.lines.map { line in
            TextLine(text: line.text, display: line.display, width: Self.wholePoints(preciseWidth(of: line.display) * scale))
        }, direction: body.direction)
    }

    /// A line of `style`: this font's line height scaled by the style's size.
    public func lineHeight(of style: TextStyle, in metrics: Metrics) -> Int {
        style.scaleFromBody == 1 ? metrics.lineHeight : max(1, Self.wholePoints(lineMetrics.height * style.scaleFromBody))
    }

    // MARK: Metrics

    /// Stream's lengths in points with this font's line height
    /// (`Metrics.points(lineHeight:for:)` with ``lineHeight``): what an environment made
    /// with this measurer and no metrics lays out with.
    public func metrics(for config: MessageListConfig) -> Metrics {
        .points(lineHeight: lineHeight, for: config)
    }

    // MARK: Emoji

    /// The number of clusters when `text` is emoji only (each drawn as an emoji), else nil;
    /// the ICU engine's answer.
    public func emojiOnlyClusterCount(_ text: String) -> Int? {
        engine.emojiOnlyClusterCount(text)
    }

    /// The number of clusters when every one is an emoji by Stream's jumbomoji rule, else
    /// nil; the ICU engine's answer.
    public func jumbomojiClusterCount(_ text: String) -> Int? {
        engine.jumbomojiClusterCount(text)
    }

    // MARK: Helpers

    /// Points rounded up to whole points; sums of advances carry rounding errors far below a
    /// point, which must not add one.
    static func wholePoints(_ points: Double) -> Int {
        max(0, Int((points - LineFitting.tolerance).rounded(.up)))
    }

    /// Mandatory line breaks (UAX #14 classes BK, CR, LF and NL): "\n", "\r", CR LF, VT, FF,
    /// NEL, U+2028 and U+2029.
    static func isHardBreak(_ cluster: String) -> Bool {
        guard let first = cluster.unicodeScalars.first else { return false }
        switch first.value {
        case 0x0A, 0x0B, 0x0C, 0x0D, 0x85, 0x2028, 0x2029: return true
        default: return false
        }
    }

    /// The clusters between hard breaks: one paragraph more than there are breaks.
    static func paragraphs(_ clusters: [String]) -> [[String]] {
        var paragraphs: [[String]] = [[]]
        for cluster in clusters {
            if isHardBreak(cluster) { paragraphs.append([]) } else { paragraphs[paragraphs.count - 1].append(cluster) }
        }
        return paragraphs
    }
}

/// A font's vertical metrics at a size, in points.
public struct LineMetrics: Hashable, Sendable {
    /// How far the font reaches above the baseline (positive).
    public var ascender: Double
    /// How far the font reaches below the baseline (negative).
    public var descender: Double
    /// The space the font asks for between one line's descender and the next one's ascender.
    public var lineGap: Double

    /// Line metrics.
    public init(ascender: Double, descender: Double, lineGap: Double) {
        self.ascender = ascender
        self.descender = descender
        self.lineGap = lineGap
    }

    /// The distance from one baseline to the next: ascender − descender + line gap.
    public var height: Double { ascender - descender + lineGap }
}

/// A piece of text measured in one font and one script.
public struct FontRun: Hashable, Sendable {
    /// The text of the run, in reading order.
    public var text: String
    /// The font it is measured in; nil when no font of the set has its characters (then each
    /// grapheme cluster counts one em).
    public var font: FontFile?
    /// Its advance in points.
    public var width: Double

    /// A run.
    public init(text: String, font: FontFile?, width: Double) {
        self.text = text
        self.font = font
        self.width = width
    }
}
