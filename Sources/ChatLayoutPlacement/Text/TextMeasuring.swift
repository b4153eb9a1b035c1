@_spi(ChatLayoutStages) import ChatLayoutModel
@_spi(ChatLayoutStages) import ChatLayoutDecisions
import ChatLayoutComposition

/// Measures text for layout. The core asks through this protocol and never measures itself:
/// the ICU engine (`ChatLayoutICU`) implements it in cells for the text renderer; an Apple
/// front end can implement it with its platform's text system, in its own units.
///
/// Implementations must be pure: the same text and width always give the same answer, so
/// results can be cached by (text, width). Text is passed already neutralised
/// (``UntrustedText/neutralize(_:)``). A long list is laid out on all cores, so a measurer is
/// called from several threads at once; one bound to a thread is used with
/// ``MessageListLayout/laysOutOnAllCores`` false.
public protocol TextMeasuring: Sendable {
    /// The width of `text` drawn on one line (hard breaks count as nothing).
    func width(of text: String) -> Int
    /// `text` wrapped into lines no wider than `width` (the only exception: a single
    /// unbreakable unit, such as a wide character, wider than `width` itself).
    func wrap(_ text: String, width: Int) -> WrappedText
    /// `text` on one line, cut with an ellipsis so that it fits `width`.
    func truncate(_ text: String, width: Int) -> String
    /// The number of grapheme clusters of `text` when every one of them is an emoji drawn as
    /// an emoji (for jumbomoji: 1–3 emoji alone are drawn large, without a bubble); `nil`
    /// when the text has anything else, or is empty.
    func emojiOnlyClusterCount(_ text: String) -> Int?
    /// The lengths of a layout measured by this measurer, for `config`: its units and its line
    /// height. A ``LayoutEnvironment`` (or a thread list layout) made without metrics takes
    /// these, so that a measurer in points is never laid out with cell metrics. The default is
    /// the text renderer's cells (``Metrics/cells(for:)``); a measurer in points returns
    /// ``Metrics/points(lineHeight:for:)`` with its font's line height.
    func metrics(for config: MessageListConfig) -> Metrics
    /// The width of `text` on one line drawn in `style`. The default ignores the style (a
    /// terminal's cells are one size); a measurer in points scales by the style's size.
    func width(of text: String, style: TextStyle) -> Int
    /// `text` wrapped into lines no wider than `width`, drawn in `style` (the default ignores
    /// the style).
    func wrap(_ text: String, width: Int, style: TextStyle) -> WrappedText
    /// The height of a line drawn in `style`, in `metrics`' vertical units: the default is
    /// `metrics.lineHeight` (every style one row on a terminal); a measurer in points gives a
    /// larger style taller lines.
    func lineHeight(of style: TextStyle, in metrics: Metrics) -> Int
    /// Styled pieces of one paragraph (a markdown paragraph's runs: bold beside code) wrapped
    /// TOGETHER into lines no wider than `width`, each piece measured in its own style and
    /// traits; each line says which pieces it holds. The default wraps the pieces' plain text
    /// joined, in the first piece's style (right for cells, where bold is as wide as regular),
    /// and maps the pieces back onto the lines (``StyledWrappedText/mapping(_:onto:)``).
    func wrap(spans: [StyledSpan], width: Int) -> StyledWrappedText
}

/// The styles text is drawn in. A measurer in points sizes each (Stream's fonts: the body 17
/// points, the footnote and the author's name 13, a jumbomoji 50); a terminal draws them all
/// in its cells. Measured one text at a time today; a run of styled pieces (markdown) is a
/// sequence of `(text, style)` measured piece by piece on the same protocol.
public enum TextStyle: String, Hashable, Sendable, CaseIterable {
    /// A message's text.
    case body
    /// The footnote under a bubble (the time, "Edited").
    case footnote
    /// The author's name in the footnote.
    case authorName
    /// 1–3 emoji alone, drawn large (Stream's jumbomoji).
    case largeEmoji
    /// Code.
    case monospace
    /// A link in a text.
    case link
    /// A quoted message's text (Stream's subheadline, 15 points where the body is 17).
    case subheadline
    /// A level-1 heading (Stream's markdown `h1Font`: `Appearance.Fonts.title`, title 1, 28 points).
    case title1
    /// A level-2 heading (`title2`, 22 points).
    case title2
    /// A level-3 heading (`title3`, 20 points, bold).
    case title3
    /// A level-4 heading (`headline`, 17 points, semibold); levels 5 and 6 take the
    /// subheadline (15) and the footnote (13), as Stream's `MarkdownFormatter`.
    case headline

    /// The style's size in points where the body is 17 (Stream's `Appearance.Fonts`: body,
    /// footnote and its bold, subheadline, the 50-point emoji font).
    public var streamPointSize: Double {
        switch self {
        case .body, .monospace, .link: 17
        case .footnote, .authorName: 13
        case .largeEmoji: 50
        case .subheadline: 15
        case .title1: 28
        case .title2: 22
        case .title3: 20
        case .headline: 17
        }
    }

    /// How much larger than the body the style is drawn (1 for the body).
    public var scaleFromBody: Double { streamPointSize / TextStyle.body.streamPointSize }

    /// The style of a markdown heading of `level` (1–6), as Stream's `MarkdownFormatter` sets
    /// its fonts: title 1, title 2, title 3, headline, subheadline, footnote.
    public static func heading(level: Int) -> TextStyle {
        switch level {
        case ...1: .title1
        case 2: .title2
        case 3: .title3
        case 4: .headline
        case 5: .subheadline
        default: .footnote
        }
    }

    /// Whether the style's face is bold by itself (Stream's title 3 and headline).
    public var isBold: Bool { self == .title3 || self == .headline }
}

/// A piece of a paragraph in one style: a markdown run's words, its block's style and its own
/// traits (bold, italic, code).
public struct StyledSpan: Hashable, Sendable {
    /// The words, neutralised.
    public var text: String
    /// The block's style (the body, a heading's, monospace for a code block).
    public var style: TextStyle
    /// The run's own styles.
    public var traits: RichTextTraits

    /// A piece.
    public init(text: String, style: TextStyle = .body, traits: RichTextTraits = []) {
        self.text = text
        self.style = style
        self.traits = traits
    }
}

/// Where one styled piece lies in a wrapped line.
public struct StyledPiece: Hashable, Sendable {
    /// The index of the piece in the spans wrapped.
    public var span: Int
    /// Its first character (grapheme cluster) in the line's reading order.
    public var start: Int
    /// How many characters of it the line holds.
    public var length: Int

    /// A piece of a line.
    public init(span: Int, start: Int, length: Int) {
        self.span = span
        self.start = start
        self.length = length
    }
}

/// Styled pieces wrapped together: the lines, and which pieces each line holds.
public struct StyledWrappedText: Hashable, Sendable {
    /// The lines, top to bottom.
    public var wrapped: WrappedText
    /// For each line, the pieces on it in logical order (empty pieces left out).
    public var pieces: [[StyledPiece]]

    /// Wrapped pieces.
    public init(wrapped: WrappedText, pieces: [[StyledPiece]]) {
        self.wrapped = wrapped
        self.pieces = pieces
    }

    /// `wrapped`, the spans' texts joined and wrapped, with the spans mapped onto its lines:
    /// each line's characters (its hanging spaces left out) cut where a span ends. A hard
    /// break between lines belongs to none.
    public static func mapping(_ wrapped: WrappedText, onto spans: [StyledSpan]) -> StyledWrappedText {
        var bounds: [Int] = [0]
        bounds.reserveCapacity(spans.count + 1)
        var whole: [Character] = []
        for span in spans {
            whole.append(contentsOf: span.text)
            bounds.append(whole.count)
        }
        var cursor = 0
        // The first span that may reach a line: lines come in order, so a span that ends before
        // one line starts is before every later line too (thousands of links in one paragraph
        // cost a pass over the spans, not a pass per line).
        var first = 0
        var pieces: [[StyledPiece]] = []
        pieces.reserveCapacity(wrapped.lines.count)
        for line in wrapped.lines {
            let characters = Array(line.text)
            // A hard break ends the line before: it is in no line.
            while cursor < whole.count, whole[cursor].isNewline, characters.first != whole[cursor] { cursor += 1 }
            var reading = characters.count
            while reading > 0, characters[reading - 1] == " " || characters[reading - 1] == "\t" || characters[reading - 1].isNewline {
                reading -= 1
            }
            let lower = cursor, upper = cursor + reading
            var onLine: [StyledPiece] = []
            while first < spans.count, bounds[first + 1] <= lower { first += 1 }
            var index = first
            while index < spans.count, bounds[index] < upper {
                let start = max(lower, bounds[index]), end = min(upper, bounds[index + 1])
                if start < end { onLine.append(StyledPiece(span: index, start: start - lower, length: end - start)) }
                index += 1
            }
            pieces.append(onLine)
            cursor += characters.count
        }
        return StyledWrappedText(wrapped: wrapped, pieces: pieces)
    }
}

extension TextMeasuring {
    /// The text renderer's cells for `config` (``Metrics/cells(for:)``): a measurer in other
    /// units implements ``TextMeasuring/metrics(for:)``.
    public func metrics(for config: MessageListConfig) -> Metrics { .cells(for: config) }

    /// The body's width: the style is ignored.
    public func width(of text: String, style: TextStyle) -> Int { width(of: text) }

    /// The body's lines: the style is ignored.
    public func wrap(_ text: String, width: Int, style: TextStyle) -> WrappedText { wrap(text, width: width) }

    /// One line of the metrics, whatever the style.
    public func lineHeight(of style: TextStyle, in metrics: Metrics) -> Int { metrics.lineHeight }

    /// The pieces' text joined, wrapped in the first piece's style, the pieces mapped back
    /// onto its lines: one width for every trait (a terminal's cells).
    public func wrap(spans: [StyledSpan], width: Int) -> StyledWrappedText {
        let text = spans.count == 1 ? spans[0].text : spans.map(\.text).joined()
        return .mapping(wrap(text, width: width, style: spans.first?.style ?? .body), onto: spans)
    }

    /// A default from the Swift standard library's character properties, for measurers
    /// that have no Unicode data of their own.
    public func emojiOnlyClusterCount(_ text: String) -> Int? {
        var count = 0
        for character in text {
            let scalars = character.unicodeScalars
            guard let first = scalars.first, first.properties.isEmoji else { return nil }
            let presented = first.properties.isEmojiPresentation
                || scalars.contains { $0.value == 0xFE0F || $0.value == 0x20E3 || $0.properties.isEmojiModifier }
                || (scalars.count > 1 && first.properties.isEmojiModifierBase)
            guard presented else { return nil }
            count += 1
        }
        return count == 0 ? nil : count
    }
}

/// A measurer that can say at once that a short label is one line drawn as written ("9:41 AM",
/// a name, initials): the line `wrap(_:width:)` would give, without the array of lines around
/// it. The row layout asks it first for every one-line part (``RowLayout/fittedLine(_:maxWidth:)``).
///
/// It may also give a text's lines as ranges of its bytes (``LineSpans``) where each is drawn
/// as it reads: the row layout asks for a bubble's text so, and the row table stores its lines
/// from the text's own bytes, with no string made for each.
package protocol ShortLineMeasuring: Sendable {
    /// `text` as its one line, left to right, when it is a short label that fits `width` whole
    /// and `wrap(_:width:)` gives exactly that line; nil otherwise (then wrap it).
    func shortLine(_ text: String, width: Int) -> TextLine?
    /// The width of `text`'s one line where ``shortLine(_:width:)`` gives it, nil where that
    /// gives none: the same answer without the line made (its line is `text` itself).
    func shortWidth(_ text: String, width: Int) -> Int?
    /// `text` wrapped at `width` exactly as `wrap(_:width:)` wraps it: as spans of its bytes
    /// where its lines read left to right and each is drawn as written but for the spaces that
    /// hang at its end, else as `wrap` gives them; nil where it says neither (then wrap it).
    /// None by default.
    func measuredLines(_ text: String, width: Int) -> MeasuredLines?
}

extension ShortLineMeasuring {
    package func measuredLines(_ text: String, width: Int) -> MeasuredLines? { nil }
    package func shortWidth(_ text: String, width: Int) -> Int? { shortLine(text, width: width)?.width }
}

/// A text's lines as ``ShortLineMeasuring/measuredLines(_:width:)`` gives them.
package enum MeasuredLines: Sendable {
    /// As spans of the text's bytes, each line drawn as written.
    case spans(LineSpans)
    /// As `wrap(_:width:)` gives them.
    case lines(WrappedText)
}

/// A measurer that says no short line at once: every label is wrapped (a row layout whose
/// measurer is not a ``ShortLineMeasuring``).
struct NoShortLines: ShortLineMeasuring {
    func shortLine(_ text: String, width: Int) -> TextLine? { nil }
}

/// A text's lines as ranges of its UTF-8 bytes, each drawn as it reads: what `wrap(_:width:)`
/// gives for a text whose every line is drawn as written, left to right, without a string
/// made for each line. A line's text is `start ..< end` (the spaces hanging at its end
/// included), its drawn part `start ..< visibleEnd` (they are spaces alone).
package struct LineSpans: Sendable {
    package struct Line: Sendable, Equatable {
        package var start: Int32
        package var visibleEnd: Int32
        package var end: Int32
        package var width: Int32

        package init(start: Int32, visibleEnd: Int32, end: Int32, width: Int32) {
            self.start = start
            self.visibleEnd = visibleEnd
            self.end = end
            self.width = width
        }
    }

    package var lines: [Line]
    /// The widest line's width.
    package var width: Int

    package init(lines: [Line]) {
        self.lines = lines
        var widest: Int32 = 0
        for line in lines { widest = max(widest, line.width) }
        width = Int(widest)
    }

    /// Lines whose widest is known already (`width`).
    package init(lines: [Line], width: Int) {
        self.lines = lines
        self.width = width
    }

    /// The lines `lines` of `text` (the text they were made of) as `wrap(_:width:)` gives them.
    package static func textLines(_ lines: [Line], of text: String) -> [TextLine] {
        var copy = text
        return copy.withUTF8 { bytes in
            lines.map { line in
                func string(_ end: Int32) -> String {
                    String(decoding: UnsafeBufferPointer(rebasing: bytes[Int(line.start) ..< Int(end)]), as: UTF8.self)
                }
                let display = string(line.visibleEnd)
                return TextLine(text: line.end == line.visibleEnd ? display : string(line.end), display: display, width: Int(line.width))
            }
        }
    }
}
