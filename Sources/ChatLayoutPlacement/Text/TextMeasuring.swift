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

    /// The style's size in points where the body is 17 (Stream's `Appearance.Fonts`: body,
    /// footnote and its bold, subheadline, the 50-point emoji font).
    public var streamPointSize: Double {
        switch self {
        case .body, .monospace, .link: 17
        case .footnote, .authorName: 13
        case .largeEmoji: 50
        case .subheadline: 15
        }
    }

    /// How much larger than the body the style is drawn (1 for the body).
    public var scaleFromBody: Double { streamPointSize / TextStyle.body.streamPointSize }
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
