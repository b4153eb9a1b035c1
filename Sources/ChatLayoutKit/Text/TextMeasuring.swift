/// The reading direction of a paragraph.
public enum TextDirection: String, Hashable, Sendable, Codable {
    /// Left to right (Latin, CJK, …).
    case leftToRight
    /// Right to left (Hebrew, Arabic, …).
    case rightToLeft
}

/// One line of wrapped text.
public struct TextLine: Hashable, Sendable {
    /// The line's characters in logical (reading) order, including any spaces that hang at its
    /// end. Concatenating the lines of a paragraph gives the paragraph back.
    public var text: String
    /// The line as the measurer's front end draws it, bidi control characters and hanging
    /// spaces removed. A measurer for a monospace grid (`ChatLayoutICU`'s engine, in cells)
    /// reorders it for display (UAX #9, visual order, left to right); one for a text system
    /// that applies bidi when it draws (`ChatLayoutPixel`'s HarfBuzz measurer, Core Text)
    /// keeps it in reading order, as <doc:AppleFrontEnd> does.
    public var display: String
    /// The width of `display` in the measurer's units (cells for the ICU engine, points for a
    /// front end's). Hanging spaces do not count.
    public var width: Int

    /// A line.
    public init(text: String, display: String, width: Int) {
        self.text = text
        self.display = display
        self.width = width
    }
}

/// A text wrapped to a width: its lines, top to bottom, and its base direction.
public struct WrappedText: Hashable, Sendable {
    /// The lines, top to bottom.
    public var lines: [TextLine]
    /// The base direction, from the text's first strong character (left to right when none).
    /// Right-to-left text aligns to the trailing edge of its box.
    public var direction: TextDirection

    /// A wrapped text.
    public init(lines: [TextLine], direction: TextDirection) {
        self.lines = lines
        self.direction = direction
    }

    /// The width of the widest line, in the measurer's units.
    public var width: Int { lines.reduce(0) { max($0, $1.width) } }
}

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
}

extension TextMeasuring {
    /// The text renderer's cells for `config` (``Metrics/cells(for:)``): a measurer in other
    /// units implements ``TextMeasuring/metrics(for:)``.
    public func metrics(for config: MessageListConfig) -> Metrics { .cells(for: config) }

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
