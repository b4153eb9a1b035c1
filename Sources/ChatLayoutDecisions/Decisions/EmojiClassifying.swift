@_spi(ChatLayoutStages) import ChatLayoutModel

/// The Unicode data the decisions read: whether a message's text is a jumbomoji, 1–3 emoji
/// alone that are drawn large and without a bubble. The decisions measure no text; this is all
/// they ask of the text engine.
///
/// The ICU engine (`ICUTextEngine`) classifies with the same Unicode version it segments and
/// measures with, so that one version rules both; ``StandardLibraryEmoji`` uses the Swift
/// standard library's character properties, for front ends that bring no Unicode data.
public protocol EmojiClassifying: Sendable {
    /// The number of grapheme clusters of `text` when every one is an emoji by Stream's rule
    /// for jumbomoji (its `Character.isEmoji`): the cluster's first code point has the Emoji
    /// property and is above U+238C, or other code points follow it in the cluster — so
    /// text-style "❤" or "☺" counts, "#" or "™" alone does not. `nil` when the text has
    /// anything else, or is empty.
    func jumbomojiClusterCount(_ text: String) -> Int?
}

/// Jumbomoji by the Swift standard library's character properties: for a decision environment
/// made without a text engine's Unicode data.
public struct StandardLibraryEmoji: EmojiClassifying {
    /// The classifier.
    public init() {}

    /// Stream's rule (``EmojiClassifying/jumbomojiClusterCount(_:)``) over the standard
    /// library's grapheme clusters and `Unicode.Scalar.Properties`.
    public func jumbomojiClusterCount(_ text: String) -> Int? {
        var count = 0
        for character in text {
            let scalars = character.unicodeScalars
            guard let first = scalars.first, first.properties.isEmoji,
                  first.value > 0x238C || scalars.count > 1 else { return nil }
            count += 1
        }
        return count == 0 ? nil : count
    }
}
