import ChatLayoutICU
import ChatLayoutKit

/// The faces a ``HarfBuzzTextMeasurer`` measures rich text's styled runs in: bold, italic,
/// bold italic and monospace (code), each put before the measurer's own fonts (which cover
/// what the face does not). A face whose file is missing is measured in the regular fonts.
public struct StyledFontFiles: Hashable, Sendable {
    /// Strong emphasis, and the bold heading styles.
    public var bold: FontFile?
    /// Emphasis.
    public var italic: FontFile?
    /// Both.
    public var boldItalic: FontFile?
    /// Inline code and code blocks.
    public var monospace: FontFile?

    /// Faces for styled runs.
    public init(bold: FontFile? = nil, italic: FontFile? = nil, boldItalic: FontFile? = nil, monospace: FontFile? = nil) {
        self.bold = bold
        self.italic = italic
        self.boldItalic = boldItalic
        self.monospace = monospace
    }

    /// Noto Sans Bold, Italic and Bold Italic (`fonts-noto-core`) and Noto Sans Mono
    /// (`fonts-noto-mono`).
    public static let noto = StyledFontFiles(
        bold: FontFile(path: "\(FontSet.notoDirectory)/NotoSans-Bold.ttf"),
        italic: FontFile(path: "\(FontSet.notoDirectory)/NotoSans-Italic.ttf"),
        boldItalic: FontFile(path: "\(FontSet.notoDirectory)/NotoSans-BoldItalic.ttf"),
        monospace: FontFile(path: "\(FontSet.notoDirectory)/NotoSansMono-Regular.ttf")
    )

    /// Which face a run is measured in.
    enum Face: Hashable, Sendable {
        case regular, bold, italic, boldItalic, monospace
    }

    /// A run's face: code in monospace, else by its weight and slant (a bold style is bold).
    static func face(of span: StyledSpan) -> Face {
        if span.style == .monospace || span.traits.contains(.code) { return .monospace }
        let bold = span.traits.contains(.strong) || span.style.isBold, italic = span.traits.contains(.emphasis)
        switch (bold, italic) {
        case (true, true): return .boldItalic
        case (true, false): return .bold
        case (false, true): return .italic
        case (false, false): return .regular
        }
    }

    func file(_ face: Face) -> FontFile? {
        switch face {
        case .regular: nil
        case .bold: bold
        case .italic: italic
        case .boldItalic: boldItalic
        case .monospace: monospace
        }
    }
}

/// A face's measurer, made when first needed (nil: its file cannot be opened).
struct FaceMeasurer: Sendable {
    var measurer: HarfBuzzTextMeasurer?
}

extension HarfBuzzTextMeasurer {
    /// The measurer of `face`: this one for the regular face, else one with the face's file
    /// first and this one's fonts after it, made once.
    func measurer(for face: StyledFontFiles.Face) -> HarfBuzzTextMeasurer {
        guard face != .regular, let file = styles?.file(face) else { return self }
        return faceMeasurers.value(face) {
            FaceMeasurer(measurer: try? HarfBuzzTextMeasurer(pointSize: pointSize, fonts: FontSet([file] + fonts.fonts), styles: nil))
        }.measurer ?? self
    }

    /// The width of `span` on one line, in its face and at its style's size, in points.
    public func preciseWidth(span: StyledSpan) -> Double {
        measurer(for: StyledFontFiles.face(of: span)).preciseWidth(of: span.text) * span.style.scaleFromBody
    }

    /// Styled runs wrapped together to `width` points: each cluster advances as its run's face
    /// shapes it at its style's size, and lines break where the ICU engine's rules allow in
    /// the runs' joined text, as ``wrap(_:width:)`` breaks plain text. A line's width is its
    /// clusters' advances added up (kerning across a run's edge is not counted).
    public func wrap(spans: [StyledSpan], width: Int) -> StyledWrappedText {
        let width = max(1, width)
        var clusters: [String] = [], owners: [Int] = []
        for (index, span) in spans.enumerated() {
            for cluster in engine.graphemeClusters(span.text) {
                clusters.append(cluster)
                owners.append(index)
            }
        }
        var lines: [TextLine] = []
        var start = 0
        while start <= clusters.count {
            var end = start
            while end < clusters.count && !Self.isHardBreak(clusters[end]) { end += 1 }
            lines += styledLines(Array(clusters[start ..< end]), owners: Array(owners[start ..< end]), spans: spans, width: width)
            start = end + 1
        }
        let joined = spans.map(\.text).joined()
        return .mapping(WrappedText(lines: lines, direction: engine.baseDirection(of: joined)), onto: spans)
    }

    /// One paragraph's lines (no hard break in it).
    private func styledLines(_ clusters: [String], owners: [Int], spans: [StyledSpan], width: Int) -> [TextLine] {
        var advances = [Double](repeating: 0, count: clusters.count)
        var index = 0
        while index < clusters.count {
            var end = index
            while end < clusters.count && owners[end] == owners[index] { end += 1 }
            let span = spans[owners[index]]
            let shaped = measurer(for: StyledFontFiles.face(of: span)).shaper.shape(Array(clusters[index ..< end]))
            for offset in index ..< end { advances[offset] = shaped.advances[offset - index] * span.style.scaleFromBody }
            index = end
        }
        let shaped = ShapedText(clusters: clusters, advances: advances,
                                runs: [ShapedRun(font: nil, script: 0, clusters: 0 ..< clusters.count, width: advances.reduce(0, +))])
        return LineFitting(shaped: shaped, canBreakBefore: breakOpportunities(clusters)) { range in
            Self.wholePoints(advances[range].reduce(0, +))
        }.lines(width: width)
    }
}
