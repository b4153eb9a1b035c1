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
