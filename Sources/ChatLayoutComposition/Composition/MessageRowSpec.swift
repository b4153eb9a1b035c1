@_spi(ChatLayoutStages) import ChatLayoutModel
@_spi(ChatLayoutStages) import ChatLayoutDecisions

/// A message row as composition makes it (``MessageComposer``): every part the row shows,
/// with its words and data chosen and its texts neutralised. The row layout only measures,
/// wraps, cuts and places these parts, where ``MessageAnatomy`` says; it chooses no word.
///
/// Small values, made one row at a time and dropped once the row is written: the strings are
/// the decision's and the strings table's, shared, not copied.
package struct MessageRowSpec: Sendable {
    /// The message's id, on every box of the row.
    package var id: String
    /// A system message: only this text, centred across the row.
    package var centeredText: String? {
        get { rareStorage?.value.centeredText ?? nil }
        set { if newValue != nil || rareStorage != nil { updateRare { $0.centeredText = newValue } } }
    }
    /// The current user's message: the bubble at the trailing edge, the footnote ending there.
    package var isFlipped = false
    /// The leading column beside the bubble is kept for an avatar (shown or not).
    package var keepsAvatarColumn = false
    /// The bubble around the content; nil when the message is drawn without one.
    package var bubble: BubbleSpec?
    /// The reactions (``MessageAnatomy/OutsidePart/reactions``).
    package var reactions: DataPartSpec?
    /// The annotations above the bubble, top to bottom: each its line and data (empty: none).
    package var annotations: [TextPartSpec] {
        get { rareStorage?.value.annotations ?? [] }
        set { if !newValue.isEmpty || rareStorage != nil { updateRare { $0.annotations = newValue } } }
    }
    /// The author's name in the header over a group's first message; nil for none.
    package var groupHeader: String? {
        get { rareStorage?.value.groupHeader ?? nil }
        set { if newValue != nil || rareStorage != nil { updateRare { $0.groupHeader = newValue } } }
    }
    /// The quoted message.
    package var quote: QuoteSpec? {
        get { quoteStorage?.value }
        set { quoteStorage = newValue.map(Indirect.init) }
    }
    /// `quote`, in a box of its own: most rows have none, and a spec is copied and destroyed
    /// whole (the quote's inline fields are three quarters of it otherwise).
    private var quoteStorage: Indirect<QuoteSpec>?
    /// Whether it has a quote (without copying it out).
    package var hasQuote: Bool { quoteStorage != nil }
    /// The quote's box: its fields read in place through `value`, not the whole quote copied
    /// out (its references retained and released) to read a few of them.
    package var quoteBox: Indirect<QuoteSpec>? { quoteStorage }
    /// A poll's question and options.
    package var poll: PollSpec? {
        get { rareStorage?.value.poll ?? nil }
        set { if newValue != nil || rareStorage != nil { updateRare { $0.poll = newValue } } }
    }
    /// A shared location.
    package var location: TextPartSpec? {
        get { rareStorage?.value.location ?? nil }
        set { if newValue != nil || rareStorage != nil { updateRare { $0.location = newValue } } }
    }
    /// The message's images and videos as one gallery, first of the attachments part; nil
    /// when it has none, or one with its size (drawn alone, at its aspect ratio).
    package var gallery: GallerySpec? {
        get { rareStorage?.value.gallery ?? nil }
        set { if newValue != nil || rareStorage != nil { updateRare { $0.gallery = newValue } } }
    }
    /// The attachments not in the gallery, in the message's order (empty: no storage).
    package var attachments: [AttachmentSpec] {
        get { rareStorage?.value.attachments ?? [] }
        set { if !newValue.isEmpty || rareStorage != nil { updateRare { $0.attachments = newValue } } }
    }
    /// The link preview's card under the text: the first link preview of a message with no
    /// media, giphy, file or recording (Stream's rule).
    package var linkPreview: AttachmentSpec? {
        get { linkPreviewStorage?.value }
        set { linkPreviewStorage = newValue.map(Indirect.init) }
    }
    /// `linkPreview`, in a box of its own (as `quote`).
    private var linkPreviewStorage: Indirect<AttachmentSpec>?
    /// Whether it has a link preview (without copying it out).
    package var hasLinkPreview: Bool { linkPreviewStorage != nil }
    /// The link preview's box (as ``quoteBox``).
    package var linkPreviewBox: Indirect<AttachmentSpec>? { linkPreviewStorage }

    /// Whether its bubble holds nothing but its text and a quote: no poll, location, media,
    /// link preview, rich text or translation (the rows a row layout sizes by arithmetic).
    package var bubbleHoldsOnlyTextAndQuote: Bool {
        guard !hasLinkPreview else { return false }
        guard let rare = rareStorage?.value else { return true }
        return rare.poll == nil && rare.location == nil && rare.gallery == nil && rare.attachments.isEmpty && rare.richText == nil
            && rare.translation == nil
    }

    /// The parts most rows have none of (a system message's text, annotations, a group
    /// header, a poll, a location, media and attachments, rich text, "(edited)", a translation,
    /// an error glyph, a thread info and its avatar), in a box of their own: nil when the row
    /// has none of them. A spec is made, passed and destroyed whole for every row written; its
    /// rare parts inline were most of its size, each checked as it was destroyed.
    private var rareStorage: Indirect<RareParts>?

    private struct RareParts: Sendable {
        var centeredText: String?
        var annotations: [TextPartSpec] = []
        var groupHeader: String?
        var poll: PollSpec?
        var location: TextPartSpec?
        var gallery: GallerySpec?
        var attachments: [AttachmentSpec] = []
        var richText: RichText?
        var editedInText: String?
        var translation: String?
        var errorGlyph: DataPartSpec?
        var threadInfo: TextPartSpec?
        var threadInfoAvatar: AvatarSpec?
    }

    /// Sets a rare part: the box copied, changed and boxed again (made the first time).
    private mutating func updateRare(_ change: (inout RareParts) -> Void) {
        var rare = rareStorage?.value ?? RareParts()
        change(&rare)
        rareStorage = Indirect(rare)
    }
    /// The text is a jumbomoji (the decision's): measured and drawn in the large emoji style.
    package var textIsJumbomoji = false
    /// The message's text.
    package var text: String?
    /// The text's markdown (`markdown_enabled`): its blocks and styled runs, laid out in place
    /// of ``text`` (which stays its plain words); nil: the text as written.
    package var richText: RichText? {
        get { rareStorage?.value.richText ?? nil }
        set { if newValue != nil || rareStorage != nil { updateRare { $0.richText = newValue } } }
    }
    /// "(edited)" after the text, on its last line (Sendbird's `addEditedStateIfNeeded`), where
    /// the anatomy has ``MessageAnatomy/ContentPart/edited``; the footnote's "Edited" otherwise.
    package var editedInText: String? {
        get { rareStorage?.value.editedInText ?? nil }
        set { if newValue != nil || rareStorage != nil { updateRare { $0.editedInText = newValue } } }
    }
    /// The translation under the text.
    package var translation: String? {
        get { rareStorage?.value.translation ?? nil }
        set { if newValue != nil || rareStorage != nil { updateRare { $0.translation = newValue } } }
    }
    /// The glyph beside a message whose last action failed: its words.
    package var errorGlyph: DataPartSpec? {
        get { rareStorage?.value.errorGlyph ?? nil }
        set { if newValue != nil || rareStorage != nil { updateRare { $0.errorGlyph = newValue } } }
    }
    /// The author's avatar.
    package var avatar: AvatarSpec?
    /// "3 replies · Leia, Han".
    package var threadInfo: TextPartSpec? {
        get { rareStorage?.value.threadInfo ?? nil }
        set { if newValue != nil || rareStorage != nil { updateRare { $0.threadInfo = newValue } } }
    }
    /// The footnote's parts.
    package var footnote = FootnoteSpec()
    /// The thread info's avatar: the last thread participant's (the author of the latest
    /// reply, Stream's `threadAvatarView`); nil without a thread info or participants.
    package var threadInfoAvatar: AvatarSpec? {
        get { rareStorage?.value.threadInfoAvatar ?? nil }
        set { if newValue != nil || rareStorage != nil { updateRare { $0.threadInfoAvatar = newValue } } }
    }

    /// A row of message `id` with no part yet (each part's default), as the composer starts it.
    package init(id: String) {
        self.id = id
    }
}

/// An immutable value in a box of its own: a large, rarely set field of a value that is
/// copied often costs it one reference.
package final class Indirect<Value> {
    package let value: Value

    package init(_ value: Value) {
        self.value = value
    }
}

/// Immutable: sendable when its value is.
extension Indirect: Sendable where Value: Sendable {}

/// A bubble: whose message it holds, and whether it has a tail (the last of a group).
package struct BubbleSpec: Hashable, Sendable {
    /// The current user's message.
    package var isFromCurrentUser: Bool
    /// It ends its group: the bubble points at its author.
    package var hasTail: Bool
}

/// A part drawn from its words: a location, a poll's question, the thread info, the reply counter.
package struct TextPartSpec: Sendable {
    /// What the part says, neutralised.
    package var text: String
    /// Its data.
    package var content: BoxContent?
}

/// An attachment and its label (its title, its file's name, or its kind in words).
package struct AttachmentSpec: Sendable {
    /// What its line says, neutralised.
    package var label: String
    /// Its data: a media is drawn at its aspect ratio.
    package var attachment: AttachmentContent
    /// The card it is drawn as (a link preview, a file, a voice recording, a giphy with its
    /// buttons); nil: a line naming it, or a media's frame.
    package var card: CardSpec?

    /// An attachment's part: its label, its data and its card.
    package init(label: String, attachment: AttachmentContent, card: CardSpec? = nil) {
        self.label = label
        self.attachment = attachment
        self.card = card
    }
}

/// An attachment's card as composition makes it: what kind of card, and its parts in order
/// with their words chosen; the row layout places them (`AttachmentCards`).
package struct CardSpec: Sendable {
    /// The kinds of card, each with its own arrangement.
    package enum Kind: Hashable, Sendable {
        /// Stream's `ChatMessageLinkPreviewView`: picture, author badge, title, description.
        case linkPreview
        /// Stream's file item: type icon, then the name over the size.
        case file
        /// Stream's voice recording item: play button, then the name over the duration and waveform.
        case voiceRecording
        /// Stream UIKit's `VoiceRecordingAttachmentQuotedPreview`, a voice recording in a quote:
        /// the name ("Recording") over the duration, the file icon at the trailing edge; no
        /// play button, no waveform.
        case quotedVoiceRecording
        /// Stream's `ChatMessageInteractiveAttachmentView`: the giphy, then a row of buttons.
        case giphyActions
        /// Stream's `PollAttachmentView`: the question and subtitle, the options (check
        /// circle, text, votes, progress bar), then its buttons.
        case poll
        /// Sendbird's `SBUCommonContentView`: the type icon, then the name, on one line.
        case fileMessage
        /// Sendbird's `SBUVoiceContentView`: the play button, and the time at the trailing edge.
        case voiceMessage
    }

    /// The card's kind.
    package var kind: Kind
    /// Its parts, in the order the card shows them.
    package var parts: [Part]

    /// One part: its words (nil: drawn from data alone) and data.
    package struct Part {
        /// What it says, neutralised.
        package var text: String?
        /// Its data.
        package var content: AttachmentCardPart
    }

    /// The first part of `kind`, if the card has one.
    package func part(_ kind: AttachmentCardPart.Kind) -> Part? {
        parts.first { $0.content.kind == kind }
    }
}

/// A message's gallery (Stream's `ChatMessageGalleryView`): one tile for one media, two side
/// by side, three as one tall beside two stacked, four and more as two by two, the fourth
/// saying how many more there are ("+2").
package struct GallerySpec: Sendable {
    /// How many images and videos the message has.
    package var mediaCount: Int
    /// The tiles, at most four, in the gallery's order.
    package var tiles: [GalleryTileContent]
}

/// A part drawn from its data alone (reactions, the error glyph, a delivery status): the
/// presentation draws it; `words` say what it is to the box tree.
package struct DataPartSpec: Sendable {
    /// Its data.
    package var content: BoxContent
    /// The plain words for it ("❤️ 2", "⚠").
    package var words: String
}

/// The quoted message: one line "author: text" and its data.
package struct QuoteSpec: Sendable {
    /// "Leia: Where are you?" — or "Leia: Poll" for a quote without text.
    package var line: String
    /// The quote's data (``QuotedContent``).
    package var content: BoxContent
    /// The quoted author's avatar, beside the quote's box.
    package var avatar: AvatarSpec? = nil
    /// The avatar stands at the box's trailing side (the quoted message is the current
    /// user's), else at its leading side.
    package var avatarAtTrailingSide = false
    /// The quoted attachment shown as a thumbnail before the text (Stream's
    /// `attachmentPreviewView`), its picture's URL in `imageURL`; nil for a quote without one.
    package var preview: AttachmentContent? = nil
    /// The quoted voice recording's card in place of the thumbnail and the text (Stream
    /// UIKit's `voiceRecordingAttachmentQuotedPreview`), its attachment's data in
    /// `recordingAttachment`; nil for a quote without one.
    package var recording: CardSpec? = nil
    /// The quoted voice recording's data, the card's box's content.
    package var recordingAttachment: AttachmentContent? = nil
}

/// A poll: its question (the part's line and data) and its options, texts neutralised.
package struct PollSpec: Sendable {
    /// The question's part.
    package var question: TextPartSpec
    /// One line each, under the question.
    package var options: [Poll.Option]
    /// The poll's card, as Stream's `PollAttachmentView` arranges it.
    package var card: CardSpec?
}

/// An avatar: whose, and its initials — neutralised, and shortened by composition when the
/// layout finds them too wide (``initials(droppingLast:)``).
package struct AvatarSpec: Sendable {
    /// The user it stands for.
    package let userID: String
    /// Its box's content (`.avatar(userID:)`), made once: an avatar remembered for its author
    /// is drawn in row after row without making it again.
    package let content: BoxContent
    /// The initials as they come, neutralised.
    package var initials: String { neutralInitials.string }
    /// The initials: the last ones give way, and a shortened one is neutralised again (a cut
    /// can leave an override unclosed).
    private var neutralInitials: NeutralText
    /// How many characters the initials have.
    package let characterCount: Int

    /// The avatar of `userID` with `initials`.
    package init(userID: String, initials: NeutralText) {
        self.userID = userID
        content = .avatar(userID: userID)
        neutralInitials = initials
        characterCount = initials.characterCount
    }

    /// The initials without their last `count` characters ("佐藤 由紀" → "佐"), neutralised:
    /// an ellipsis in their place would identify nobody.
    package func initials(droppingLast count: Int) -> String {
        neutralInitials.droppingLast(count).string
    }
}

/// The footnote's parts as composition chose them; nil where a part is not shown. The
/// anatomy orders them (``MessageAnatomy/footnote``).
package struct FootnoteSpec: Sendable {
    /// "Only visible to you".
    package var onlyVisibleToYou: String?
    /// The author's name, neutralised.
    package var author: String?
    /// The time.
    package var time: String?
    /// "Edited".
    package var edited: String?
    /// The delivery status and its words ("Read").
    package var deliveryStatus: DataPartSpec?
    /// "Translated to Portuguese" and the language's code.
    package var translation: TextPartSpec?

    /// It has no part at all.
    package var isEmpty: Bool {
        onlyVisibleToYou == nil && author == nil && time == nil && edited == nil && deliveryStatus == nil && translation == nil
    }
}
