@_spi(ChatLayoutStages) import ChatLayoutModel
@_spi(ChatLayoutStages) import ChatLayoutDecisions

/// Which part of a message row goes where, as data: the parts above the bubble, inside it top
/// to bottom, below it, and the order of the footnote's parts. The row layout places whatever
/// the anatomy lists, in its order; it decides nothing about where a part belongs. The
/// avatar stands in the leading column, its bottom at the bottom of the bubble's column (level
/// with the footnote line), and the error glyph on the bubble's bottom outer corner, half over it.
///
/// ``standard`` is the arrangement every golden shows; an SDK's anatomy (Stream's
/// `ChatMessageContentView`, Sendbird's cells) is another value of this type.
package struct MessageAnatomy: Hashable, Sendable {
    /// A part that stands outside the bubble, across the row's column: above or below it.
    package enum OutsidePart: Hashable, Sendable {
        /// The reactions, against the bubble's trailing edge (its leading edge for the current
        /// user's messages).
        case reactions
        /// "3 replies · Leia, Han" under a thread root or a reply also sent to the channel.
        case threadInfo
        /// One line of the footnote's parts (``FootnotePart``), in ``footnote``'s order.
        case footnote
    }

    /// A part inside the bubble.
    package enum ContentPart: Hashable, Sendable {
        /// The quoted message: "Leia: Where are you?".
        case quote
        /// A poll's question, then one line per option.
        case poll
        /// A shared location.
        case location
        /// The attachments, one part each.
        case attachments
        /// The message's text.
        case text
        /// The automatic translation under the text (an anatomy without it shows the text in
        /// translation and says so in the footnote).
        case translation
        /// The link preview's card under the text (Stream's `LinkAttachmentViewInjector`).
        case linkPreview
    }

    /// A part of the footnote line under the bubble.
    package enum FootnotePart: Hashable, Sendable {
        /// "Only visible to you".
        case onlyVisibleToYou
        /// The author's name.
        case author
        /// The time the message was sent.
        case time
        /// "Edited".
        case edited
        /// The delivery status of one of the current user's messages.
        case deliveryStatus
        /// "Translated to Portuguese" when the bubble shows the message in translation (the
        /// anatomy has no ``ContentPart/translation`` under the text).
        case translation
    }

    /// Outside the bubble, above it, top to bottom.
    package var aboveBubble: [OutsidePart]
    /// Inside the bubble, top to bottom.
    package var inBubble: [ContentPart]
    /// Outside the bubble, below it, top to bottom.
    package var belowBubble: [OutsidePart]
    /// The footnote's parts of others' messages, from the leading edge.
    package var footnote: [FootnotePart]
    /// The footnote's parts of the current user's messages, from their start (the line ends at
    /// the trailing edge).
    package var currentUserFootnote: [FootnotePart]

    /// Today's arrangement: reactions above the bubble; the quote, poll, location,
    /// attachments and text inside it (the text in translation when the message has one);
    /// the thread info and the footnote below it, in Stream's order (`ChatMessageContentView`):
    /// others' author, time, "• Edited", "Only visible to you", delivery status; the current
    /// user's the other way round with "Edited" still after the time — "✓ 12:01 AM • Edited";
    /// "Translated to Portuguese" last in both.
    static let standard = MessageAnatomy(
        aboveBubble: [.reactions],
        inBubble: [.quote, .poll, .location, .attachments, .text, .linkPreview],
        belowBubble: [.threadInfo, .footnote],
        footnote: [.author, .time, .edited, .onlyVisibleToYou, .deliveryStatus, .translation],
        currentUserFootnote: [.deliveryStatus, .onlyVisibleToYou, .time, .edited, .author, .translation]
    )

    /// The parent message of a thread view's `info_header` (Sendbird's parent message info):
    /// no bubble, its content as ``standard`` orders it and its translation under the text
    /// (it has no footnote to say so), the reactions under it.
    package static let parentInfo = MessageAnatomy(
        aboveBubble: [],
        inBubble: standard.inBubble + [.translation],
        belowBubble: [.reactions],
        footnote: [],
        currentUserFootnote: []
    )
}
