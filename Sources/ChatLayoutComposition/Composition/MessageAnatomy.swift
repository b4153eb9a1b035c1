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
        /// The author's name on a line of its own, from the bubble's leading edge (Sendbird's
        /// `userNameView` above the first bubble of a group).
        case authorName
        /// The quoted message above the bubble, outside it, against the bubble's leading edge
        /// (its trailing edge for the current user's): Sendbird's `quotedMessageView`.
        case quote
        /// The annotations, a line each, from the bubble's leading edge (its trailing edge for
        /// the current user's): Stream SwiftUI's `MessageTopView` over the bubble.
        case annotations
        /// The header over the first message of others' groups, the author's name in it, from
        /// the bubble's leading edge (Stream SwiftUI's `lastInGroupHeaderSize`).
        case groupHeader
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
        /// "(edited)" after the text, a space apart, on its last line where it fits, else on a
        /// line of its own under it — as Sendbird appends it to the text
        /// (`SBUUserMessageTextViewModel.addEditedStateIfNeeded`), so the bubble is as wide as
        /// the text with it.
        case edited
        /// The reactions at the bubble's bottom, inside it (Sendbird's `reactionView` in the
        /// bubble's `additionContainerView`).
        case reactions
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
    /// The parts on one line beside the bubble, level with its bottom, after its trailing
    /// edge, for others' messages (Sendbird's `stateView`). A row too narrow for them beside a
    /// bubble has them on a line under it.
    package var besideBubble: [FootnotePart] = []
    /// The same for the current user's messages: the line ends before the bubble's leading edge.
    package var currentUserBesideBubble: [FootnotePart] = []
    /// The avatar's bottom level with the bubble's (Sendbird's bottom-aligned
    /// `contentHStackView`), not with the parts under it.
    package var avatarAtBubbleBottom = false
    /// How the thread view's `info_header` composes the parent message.
    package var parentInfoStyle: ParentInfoStyle = .besideAvatar
    /// How an attachment of a type the SDK does not draw is shown (`unsupported_attachments`).
    package var unsupportedAttachments: UnsupportedAttachmentStyle = .fileCard
    /// How the reactions hanging over the bubble are drawn (`reactions_style`).
    package var reactionsStyle: ReactionsStyle = .icons
    /// A file's card ends in a download (or share) button (`download_file_attachments_enabled`).
    package var downloadButtons = false
    /// Sendbird's file message cells: one picture or video in its fixed frame
    /// (`SBUConstant.imageSize`, 240 × 160 points), a file as `SBUCommonContentView` (its icon
    /// and name on one line, 44 points tall) and a voice message as `SBUVoiceContentView`
    /// (136 × 44 points: the play button and the time), each across the bubble.
    package var sendbirdFileCells = false

    /// How the `info_header` parent is composed.
    package enum ParentInfoStyle: Hashable, Sendable {
        /// Its content in the column beside the avatar, as ``parentInfo`` orders it.
        case besideAvatar
        /// Sendbird's `SBUParentMessageInfoView`: the content under the avatar across the row,
        /// a picture in a fixed frame (240 × 160 points), a file, a voice message or the text
        /// with its link preview, then the reactions.
        case sendbird
    }

    /// Today's arrangement: above the bubble the group's header and the annotations where a
    /// configuration asks for them (Stream SwiftUI's), then the reactions; the quote, poll, location,
    /// attachments and text inside it (the text in translation when the message has one);
    /// the thread info and the footnote below it, in Stream's order (`ChatMessageContentView`):
    /// others' author, time, "• Edited", "Only visible to you", delivery status; the current
    /// user's the other way round with "Edited" still after the time — "✓ 12:01 AM • Edited";
    /// "Translated to Portuguese" last in both.
    package static let standard = MessageAnatomy(
        aboveBubble: [.groupHeader, .annotations, .reactions],
        inBubble: [.quote, .poll, .location, .attachments, .text, .linkPreview],
        belowBubble: [.threadInfo, .footnote],
        footnote: [.author, .time, .edited, .onlyVisibleToYou, .deliveryStatus, .translation],
        currentUserFootnote: [.deliveryStatus, .onlyVisibleToYou, .time, .edited, .author, .translation]
    )

    /// Sendbird's cells (`SBUContentBaseMessageCell`): the nickname above the bubble (the
    /// decisions give it to the first message of a group), then the quoted message, outside
    /// the bubble; inside it the content, "(edited)", the link preview (`webView`) and the reactions; beside it the time,
    /// after the delivery status for the current user's (`stateView`); under it the thread
    /// info and, for what Sendbird has no place for ("Only visible to you", "Translated to …"),
    /// a line; the avatar level with the bubble's bottom.
    package static let sendbird = MessageAnatomy(
        aboveBubble: [.authorName, .annotations, .quote],
        inBubble: [.poll, .location, .attachments, .text, .edited, .linkPreview, .reactions],
        belowBubble: [.threadInfo, .footnote],
        footnote: [.onlyVisibleToYou, .translation],
        currentUserFootnote: [.onlyVisibleToYou, .translation],
        besideBubble: [.time],
        currentUserBesideBubble: [.deliveryStatus, .time],
        avatarAtBubbleBottom: true,
        parentInfoStyle: .sendbird,
        sendbirdFileCells: true
    )

    /// The anatomy a configuration draws its rows in: `message_anatomy`, with the reactions
    /// under the bubble where `reactions_placement` is `bottom` (Stream's anatomy; Sendbird's
    /// has them in the bubble), and its unsupported attachments as `unsupported_attachments`
    /// says. The one place a configuration chooses an anatomy.
    package static func forConfig(_ config: MessageListConfig) -> MessageAnatomy {
        var anatomy: MessageAnatomy
        switch config.messageAnatomy {
        case .sendbird:
            anatomy = .sendbird
        case .stream:
            anatomy = .standard
            if config.reactionsPlacement == .bottom {
                anatomy.aboveBubble.removeAll { $0 == .reactions }
                anatomy.belowBubble.insert(.reactions, at: 0)
            }
        }
        anatomy.unsupportedAttachments = config.unsupportedAttachments
        anatomy.reactionsStyle = config.reactionsStyle
        anatomy.downloadButtons = config.downloadFileAttachmentsEnabled
        return anatomy
    }

    /// The parent message of the `info_header` as Sendbird's `SBUParentMessageInfoView` composes
    /// it (its `contentVStackView`): a file message's one picture, file or voice message, or the
    /// text and its link preview (`webView`) under it; no quote; the reactions under the content.
    package static let sendbirdParentInfo = MessageAnatomy(
        aboveBubble: [],
        inBubble: [.attachments, .poll, .location, .text, .translation, .linkPreview],
        belowBubble: [.reactions],
        footnote: [],
        currentUserFootnote: [],
        parentInfoStyle: .sendbird
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
