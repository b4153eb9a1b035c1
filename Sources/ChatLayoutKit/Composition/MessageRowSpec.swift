/// A message row as composition makes it (``MessageComposer``): every part the row shows,
/// with its words and data chosen and its texts neutralised. The row layout only measures,
/// wraps, cuts and places these parts, where ``MessageAnatomy`` says; it chooses no word.
///
/// Small values, made one row at a time and dropped once the row is written: the strings are
/// the decision's and the strings table's, shared, not copied.
struct MessageRowSpec {
    /// The message's id, on every box of the row.
    var id: String
    /// A system message: only this text, centred across the row.
    var centeredText: String?
    /// The current user's message: the bubble at the trailing edge, the footnote ending there.
    var isFlipped = false
    /// The leading column beside the bubble is kept for an avatar (shown or not).
    var keepsAvatarColumn = false
    /// The bubble around the content; nil when the message is drawn without one.
    var bubble: BubbleSpec?
    /// The reactions (``MessageAnatomy/OutsidePart/reactions``).
    var reactions: DataPartSpec?
    /// The quoted message.
    var quote: QuoteSpec?
    /// A poll's question and options.
    var poll: PollSpec?
    /// A shared location.
    var location: TextPartSpec?
    /// The attachments, in the message's order (empty: no storage).
    var attachments: [AttachmentSpec] = []
    /// The message's text.
    var text: String?
    /// The translation under the text.
    var translation: String?
    /// The glyph beside a message whose last action failed: its words.
    var errorGlyph: DataPartSpec?
    /// The author's avatar.
    var avatar: AvatarSpec?
    /// "3 replies · Leia, Han".
    var threadInfo: TextPartSpec?
    /// The footnote's parts.
    var footnote = FootnoteSpec()
}

/// A bubble: whose message it holds, and whether it has a tail (the last of a group).
struct BubbleSpec: Hashable {
    /// The current user's message.
    var isFromCurrentUser: Bool
    /// It ends its group: the bubble points at its author.
    var hasTail: Bool
}

/// A part drawn from its words: a location, a poll's question, the thread info, the reply counter.
struct TextPartSpec {
    /// What the part says, neutralised.
    var text: String
    /// Its data.
    var content: BoxContent?
}

/// An attachment and its label (its title, its file's name, or its kind in words).
struct AttachmentSpec {
    /// What its line says, neutralised.
    var label: String
    /// Its data: a media is drawn at its aspect ratio.
    var attachment: AttachmentContent
}

/// A part drawn from its data alone (reactions, the error glyph, a delivery status): the
/// presentation draws it; `words` say what it is to the box tree.
struct DataPartSpec {
    /// Its data.
    var content: BoxContent
    /// The plain words for it ("❤️ 2", "⚠").
    var words: String
}

/// The quoted message: one line "author: text" and its data.
struct QuoteSpec {
    /// "Leia: Where are you?" — or "Leia: Poll" for a quote without text.
    var line: String
    /// The quote's data (``QuotedContent``).
    var content: BoxContent
}

/// A poll: its question (the part's line and data) and its options, texts neutralised.
struct PollSpec {
    /// The question's part.
    var question: TextPartSpec
    /// One line each, under the question.
    var options: [Poll.Option]
}

/// An avatar: whose, and its initials — neutralised, and shortened by composition when the
/// layout finds them too wide (``initials(droppingLast:)``).
struct AvatarSpec {
    /// The user it stands for.
    var userID: String
    /// The initials as they come, neutralised.
    var initials: String { neutralInitials.string }
    /// The initials: the last ones give way, and a shortened one is neutralised again (a cut
    /// can leave an override unclosed).
    private var neutralInitials: NeutralText
    /// How many characters the initials have.
    let characterCount: Int

    /// The avatar of `userID` with `initials`.
    init(userID: String, initials: NeutralText) {
        self.userID = userID
        neutralInitials = initials
        characterCount = initials.characterCount
    }

    /// The initials without their last `count` characters ("佐藤 由紀" → "佐"), neutralised:
    /// an ellipsis in their place would identify nobody.
    func initials(droppingLast count: Int) -> String {
        neutralInitials.droppingLast(count).string
    }
}

/// The footnote's parts as composition chose them; nil where a part is not shown. The
/// anatomy orders them (``MessageAnatomy/footnote``).
struct FootnoteSpec {
    /// "Only visible to you".
    var onlyVisibleToYou: String?
    /// The author's name, neutralised.
    var author: String?
    /// The time.
    var time: String?
    /// "Edited".
    var edited: String?
    /// The delivery status and its words ("Read").
    var deliveryStatus: DataPartSpec?
}
