/// The words the layout writes. Dates, times and count digits come from the
/// `LocaleFormatting` in the document's locale; the words come from a table per language.
///
/// ``init()`` is English, as Stream's SDKs ship it; ``init(locale:)`` is the built-in table of a
/// locale's language (``builtInLanguages``), and a layout environment made without words uses
/// its locale's. Every phrase stays replaceable: set a property, or apply a table
/// (``apply(_:)``, ``tableKeys``) such as a JSON file the CLI reads with `--strings`.
public struct ChatStrings: Hashable, Sendable, CustomReflectable {
    /// The words, in one object shared by the copies of a table until one is changed: a table
    /// passed to a function (the layout passes it to every part's presentation) is one
    /// reference, not every phrase copied.
    @usableFromInline final class Words: @unchecked Sendable {
        @usableFromInline @exclusivity(unchecked) var fields: Fields

        @usableFromInline init(_ fields: Fields) {
            self.fields = fields
        }
    }

    /// Every phrase of the table, with its English default.
    @usableFromInline struct Fields: Hashable, Sendable {
        @usableFromInline var unreadMessages: String = "Unread messages"
        @usableFromInline var newMessages: String = "New messages"
        @usableFromInline var showOriginal: String = "Show original"
        @usableFromInline var noMessages: String = "No messages yet"
        @usableFromInline var loading: String = "Loading…"
        @usableFromInline var messageDeleted: String = "Message deleted"
        @usableFromInline var onlyVisibleToYou: String = "Only visible to you"
        @usableFromInline var edited: String = "Edited"
        @usableFromInline var translatedTo: String = "Translated to {language}"
        @usableFromInline var threadReply: String = "Thread reply"
        @usableFromInline var oneTyping: String = "{name} is typing…"
        @usableFromInline var twoTyping: String = "{first} and {second} are typing…"
        @usableFromInline var manyTyping: CountPhrase = CountPhrase(one: "{count} person is typing…", other: "{count} people are typing…")
        @usableFromInline var members: CountPhrase = CountPhrase(one: "{count} member", other: "{count} members")
        @usableFromInline var online: CountPhrase = CountPhrase(one: "{count} online", other: "{count} online")
        @usableFromInline var membersOnline: String = "{members}, {online}"
        @usableFromInline var replies: CountPhrase = CountPhrase(one: "{count} reply", other: "{count} replies")
        @usableFromInline var reactionGlyphs: [String: String] = ["love": "❤️", "haha": "😂", "like": "👍", "sad": "👎", "wow": "😮"]
        @usableFromInline var deliveryGlyphs: [DeliveryStatus: String] = [.pending: "🕓", .sent: "✓", .delivered: "✓✓", .read: "✓✓ Read"]
        @usableFromInline var deliveryWords: [DeliveryStatus: String] = [.pending: "Sending", .sent: "Sent", .delivered: "Delivered", .read: "Read"]
        @usableFromInline var errorGlyph: String = "⚠"
        @usableFromInline var threadGlyph: String = "💬"
        @usableFromInline var scrollToLatest: String = "↓"
        @usableFromInline var threadsTitle: String = "Threads"
        @usableFromInline var threadIcon: String = "🧵"
        @usableFromInline var noThreads: String = "No threads here yet..."
        @usableFromInline var errorLoadingThreads: String = "Error loading threads"
        @usableFromInline var retry: String = "Retry"
        @usableFromInline var repliedTo: String = "replied to: "
        @usableFromInline var messageWasDeleted: String = "This message was deleted."
        @usableFromInline var newThreads: CountPhrase = CountPhrase(one: "{count} new thread", other: "{count} new threads")
        @usableFromInline var jumpToUnread: CountPhrase = CountPhrase(one: "{count} unread", other: "{count} unread")
        @usableFromInline var threadTitle: String = "Thread"
        @usableFromInline var editedInText: String = "(edited)"
        @usableFromInline var channelFrozen: String = "Channel is frozen"
        @usableFromInline var twoMemberNames: String = "{first} and {second}"
        @usableFromInline var moreMemberNames: CountPhrase = CountPhrase(one: "{names} and {count} more", other: "{names} and {count} more")
        @usableFromInline var listSeparator: String = ", "
        @usableFromInline var poll: String = "Poll"
        @usableFromInline var pollClosed: String = "closed"
        @usableFromInline var attachmentNames: [String: String] = [
            "image": "image", "video": "video", "giphy": "giphy", "file": "file", "audio": "audio",
            "voiceRecording": "voice recording", "message": "message", "poll": "poll", "location": "location",
            "liveLocation": "live location",
        ]
        @usableFromInline var location: String = "Location"
        @usableFromInline var liveLocation: String = "Live location"
        @usableFromInline var pollSelectOne: String = "Select one"
        @usableFromInline var pollSelectOneOrMore: String = "Select one or more"
        @usableFromInline var pollSelectUpTo: CountPhrase = CountPhrase(one: "Select up to {count}", other: "Select up to {count}")
        @usableFromInline var pollVoteEnded: String = "Vote ended"
        @usableFromInline var pollViewResults: String = "View Results"
        @usableFromInline var pollEndVote: String = "End Vote"
        @usableFromInline var pollAddComment: String = "Add Comment"
        @usableFromInline var pollViewComments: CountPhrase = CountPhrase(one: "View {count} Comment", other: "View {count} Comments")
        @usableFromInline var pollAllOptions: CountPhrase = CountPhrase(one: "See {count} More Option", other: "See {count} More Options")
        @usableFromInline var pollSuggestOption: String = "Suggest an Option"
        @usableFromInline var unsupportedAttachment: String = "Unsupported Attachment"
        @usableFromInline var voiceRecordingName: String = "Recording"
        @usableFromInline var pinnedBy: String = "Pinned by {name}"
        @usableFromInline var pinnedByYou: String = "Pinned by you"
        @usableFromInline var pinnedByUnknown: String = "Pinned by unknown"
        @usableFromInline var reminderSet: String = "Reminder set"
        @usableFromInline var repliedToThread: String = "Replied to a thread"
        @usableFromInline var sentInChannel: String = "Also sent in channel"
        @usableFromInline var annotationView: String = "View"
        @usableFromInline var presenceOnline: String = "Online"
        @usableFromInline var presenceOffline: String = "Offline"
        @usableFromInline var lastSeenSeconds: CountPhrase = CountPhrase(one: "last seen just one second ago", other: "last seen {count} seconds ago")
        @usableFromInline var lastSeenMinutes: CountPhrase = CountPhrase(one: "last seen one minute ago", other: "last seen {count} minutes ago")
        @usableFromInline var lastSeenHours: CountPhrase = CountPhrase(one: "last seen one hour ago", other: "last seen {count} hours ago")
        @usableFromInline var lastSeenDays: CountPhrase = CountPhrase(one: "last seen one day ago", other: "last seen {count} days ago")
        @usableFromInline var lastSeenWeeks: CountPhrase = CountPhrase(one: "last seen one week ago", other: "last seen {count} weeks ago")
        @usableFromInline var lastSeenMonths: CountPhrase = CountPhrase(one: "last seen one month ago", other: "last seen {count} months ago")
        @usableFromInline var digits: String = "0123456789"

        @usableFromInline init() {}
    }

    @usableFromInline var words: Words

    /// Sets one phrase, the words made this table's own first (copied where another table
    /// still shares them).
    @usableFromInline mutating func setPhrase<Value>(_ phrase: WritableKeyPath<Fields, Value>, _ value: Value) {
        if !isKnownUniquelyReferenced(&words) { words = Words(words.fields) }
        words.fields[keyPath: phrase] = value
    }

    public static func == (lhs: ChatStrings, rhs: ChatStrings) -> Bool {
        lhs.words === rhs.words || lhs.words.fields == rhs.words.fields
    }

    public func hash(into hasher: inout Hasher) {
        words.fields.hash(into: &hasher)
    }

    /// Its phrases, by name, as if they were its stored properties: what a golden's header
    /// compares with the defaults to name the words an environment changed.
    public var customMirror: Mirror { Mirror(reflecting: words.fields) }

    /// The unread separator: "Unread messages".
    @inlinable public var unreadMessages: String {
        get { words.fields.unreadMessages }
        set { setPhrase(\.unreadMessages, newValue) }
    }
    /// Stream SwiftUI's words on the same separator: "New messages" (``UnreadSeparatorLabel``).
    @inlinable public var newMessages: String {
        get { words.fields.newMessages }
        set { setPhrase(\.newMessages, newValue) }
    }
    /// Stream SwiftUI's button after a translation's footnote: "Show original"
    /// (`show_original_translated_button`).
    @inlinable public var showOriginal: String {
        get { words.fields.showOriginal }
        set { setPhrase(\.showOriginal, newValue) }
    }
    /// The empty state of a message list: "No messages yet".
    @inlinable public var noMessages: String {
        get { words.fields.noMessages }
        set { setPhrase(\.noMessages, newValue) }
    }
    /// The loading state: "Loading…".
    @inlinable public var loading: String {
        get { words.fields.loading }
        set { setPhrase(\.loading, newValue) }
    }
    /// The text of a deleted message: "Message deleted".
    @inlinable public var messageDeleted: String {
        get { words.fields.messageDeleted }
        set { setPhrase(\.messageDeleted, newValue) }
    }
    /// Under an ephemeral message of the current user: "Only visible to you".
    @inlinable public var onlyVisibleToYou: String {
        get { words.fields.onlyVisibleToYou }
        set { setPhrase(\.onlyVisibleToYou, newValue) }
    }
    /// The edited label: "Edited".
    @inlinable public var edited: String {
        get { words.fields.edited }
        set { setPhrase(\.edited, newValue) }
    }
    /// The footnote of a message shown in translation: "Translated to Portuguese"; `{language}`
    /// stands for the language's name in the document's locale.
    @inlinable public var translatedTo: String {
        get { words.fields.translatedTo }
        set { setPhrase(\.translatedTo, newValue) }
    }
    /// The thread info of a thread reply also sent to the channel.
    @inlinable public var threadReply: String {
        get { words.fields.threadReply }
        set { setPhrase(\.threadReply, newValue) }
    }
    /// "Leia is typing…"; `{name}` stands for the name.
    @inlinable public var oneTyping: String {
        get { words.fields.oneTyping }
        set { setPhrase(\.oneTyping, newValue) }
    }
    /// "Leia and Han are typing…"
    @inlinable public var twoTyping: String {
        get { words.fields.twoTyping }
        set { setPhrase(\.twoTyping, newValue) }
    }
    /// "3 people are typing…"
    @inlinable public var manyTyping: CountPhrase {
        get { words.fields.manyTyping }
        set { setPhrase(\.manyTyping, newValue) }
    }
    /// The header's subtitle: "1 member" / "4 members".
    @inlinable public var members: CountPhrase {
        get { words.fields.members }
        set { setPhrase(\.members, newValue) }
    }
    /// How many watch a group channel now: "1 online" / "3 online".
    @inlinable public var online: CountPhrase {
        get { words.fields.online }
        set { setPhrase(\.online, newValue) }
    }
    /// A group channel's subtitle when the watchers are known: "4 members, 1 online".
    @inlinable public var membersOnline: String {
        get { words.fields.membersOnline }
        set { setPhrase(\.membersOnline, newValue) }
    }
    /// Thread info and the thread view's count: "1 reply" / "3 replies".
    @inlinable public var replies: CountPhrase {
        get { words.fields.replies }
        set { setPhrase(\.replies, newValue) }
    }

    /// Reaction glyphs by type: Stream's five default reactions (its "sad" is a thumbs down).
    @inlinable public var reactionGlyphs: [String: String] {
        get { words.fields.reactionGlyphs }
        set { setPhrase(\.reactionGlyphs, newValue) }
    }
    /// The glyph of reactions of `type` (``reactionGlyphs``), nil when it has none. Among a
    /// handful of glyphs (the defaults' five, up to eight) the type is compared with each one's
    /// in turn: a short name compared is cheaper than hashed, as a lookup by key hashes it.
    @inlinable public func reactionGlyph(for type: String) -> String? {
        let glyphs = words.fields.reactionGlyphs
        guard glyphs.count <= 8 else { return glyphs[type] }
        for (key, glyph) in glyphs where key == type { return glyph }
        return nil
    }
    /// Delivery status glyphs, as a terminal draws them (`TerminalPresentation`).
    @inlinable public var deliveryGlyphs: [DeliveryStatus: String] {
        get { words.fields.deliveryGlyphs }
        set { setPhrase(\.deliveryGlyphs, newValue) }
    }
    /// Delivery statuses in words, for front ends that draw their own icons
    /// (``PlainPresentation``) and as what a status box stands for.
    @inlinable public var deliveryWords: [DeliveryStatus: String] {
        get { words.fields.deliveryWords }
        set { setPhrase(\.deliveryWords, newValue) }
    }
    /// Beside a message whose last action failed: "⚠".
    @inlinable public var errorGlyph: String {
        get { words.fields.errorGlyph }
        set { setPhrase(\.errorGlyph, newValue) }
    }
    /// Before a thread root's info: "💬".
    @inlinable public var threadGlyph: String {
        get { words.fields.threadGlyph }
        set { setPhrase(\.threadGlyph, newValue) }
    }
    /// The scroll-to-latest button: "↓", or "↓ 3" with unread messages.
    @inlinable public var scrollToLatest: String {
        get { words.fields.scrollToLatest }
        set { setPhrase(\.scrollToLatest, newValue) }
    }

    // The thread list (Stream's ChatThreadListVC).
    /// The thread list's title: "Threads".
    @inlinable public var threadsTitle: String {
        get { words.fields.threadsTitle }
        set { setPhrase(\.threadsTitle, newValue) }
    }
    /// Before each thread's title: "🧵".
    @inlinable public var threadIcon: String {
        get { words.fields.threadIcon }
        set { setPhrase(\.threadIcon, newValue) }
    }
    /// The empty thread list: "No threads here yet..." (Stream's words).
    @inlinable public var noThreads: String {
        get { words.fields.noThreads }
        set { setPhrase(\.noThreads, newValue) }
    }
    /// The error banner of the thread list: "Error loading threads".
    @inlinable public var errorLoadingThreads: String {
        get { words.fields.errorLoadingThreads }
        set { setPhrase(\.errorLoadingThreads, newValue) }
    }
    /// The error banner's button: "Retry".
    @inlinable public var retry: String {
        get { words.fields.retry }
        set { setPhrase(\.retry, newValue) }
    }
    /// Before the parent message's preview: "replied to: Anyone up for coffee?".
    @inlinable public var repliedTo: String {
        get { words.fields.repliedTo }
        set { setPhrase(\.repliedTo, newValue) }
    }
    /// A deleted parent or reply in the thread list: "This message was deleted.".
    @inlinable public var messageWasDeleted: String {
        get { words.fields.messageWasDeleted }
        set { setPhrase(\.messageWasDeleted, newValue) }
    }
    /// The banner: "1 new thread" / "3 new threads" (not Stream's "1 new threads").
    @inlinable public var newThreads: CountPhrase {
        get { words.fields.newThreads }
        set { setPhrase(\.newThreads, newValue) }
    }
    /// The button over a message list whose first unread message is out of sight: "3 unread"
    /// (Stream's `JumpToUnreadMessagesButton`).
    @inlinable public var jumpToUnread: CountPhrase {
        get { words.fields.jumpToUnread }
        set { setPhrase(\.jumpToUnread, newValue) }
    }

    // The thread view (Sendbird's SBUMessageThreadViewController, Stream's ChatThreadVC).
    /// The thread view's title (its subtitle is the channel's name).
    @inlinable public var threadTitle: String {
        get { words.fields.threadTitle }
        set { setPhrase(\.threadTitle, newValue) }
    }
    /// After an edited message's text, on its last line, under Sendbird's anatomy
    /// (`SBUStringSet.Message_Edited`): "(edited)".
    @inlinable public var editedInText: String {
        get { words.fields.editedInText }
        set { setPhrase(\.editedInText, newValue) }
    }
    /// The banner over a frozen channel's thread (Sendbird's `SBUChannelStateBanner`,
    /// `SBUStringSet.Channel_State_Banner_Frozen`, with `frozen_banner`): "Channel is frozen".
    @inlinable public var channelFrozen: String {
        get { words.fields.channelFrozen }
        set { setPhrase(\.channelFrozen, newValue) }
    }

    // Names and previews.
    /// A direct channel's title from two other members: "Leia and Han".
    @inlinable public var twoMemberNames: String {
        get { words.fields.twoMemberNames }
        set { setPhrase(\.twoMemberNames, newValue) }
    }
    /// A direct channel's title from more: "Leia, Han and 3 more" (`{names}` is the first two,
    /// joined by ``listSeparator``).
    @inlinable public var moreMemberNames: CountPhrase {
        get { words.fields.moreMemberNames }
        set { setPhrase(\.moreMemberNames, newValue) }
    }
    /// Between names in a list (a title's first two names, a thread's participants): ", ".
    @inlinable public var listSeparator: String {
        get { words.fields.listSeparator }
        set { setPhrase(\.listSeparator, newValue) }
    }
    /// A poll where one line stands for it (thread list, quoted message): "Poll".
    @inlinable public var poll: String {
        get { words.fields.poll }
        set { setPhrase(\.poll, newValue) }
    }
    /// After a closed poll's question, in parentheses: "closed".
    @inlinable public var pollClosed: String {
        get { words.fields.pollClosed }
        set { setPhrase(\.pollClosed, newValue) }
    }
    /// An attachment's kind in words, by its type, where a drawing names it in brackets
    /// ("[image: beach.jpg]", a quoted message without text "Leia: [image]"); a type without an
    /// entry is shown as it is. "message" names a quoted message with neither text nor
    /// attachment; "poll", "location" and "liveLocation" a poll's and a shared location's
    /// line on a terminal ("[poll: Lunch?]").
    @inlinable public var attachmentNames: [String: String] {
        get { words.fields.attachmentNames }
        set { setPhrase(\.attachmentNames, newValue) }
    }
    /// A shared location where one line stands for it: "Location".
    @inlinable public var location: String {
        get { words.fields.location }
        set { setPhrase(\.location, newValue) }
    }
    /// A live shared location where one line stands for it: "Live location".
    @inlinable public var liveLocation: String {
        get { words.fields.liveLocation }
        set { setPhrase(\.liveLocation, newValue) }
    }

    // A poll's card (Stream's `PollAttachmentView`).
    /// The subtitle of a poll with one vote each: "Select one".
    @inlinable public var pollSelectOne: String {
        get { words.fields.pollSelectOne }
        set { setPhrase(\.pollSelectOne, newValue) }
    }
    /// The subtitle of a poll without a limit: "Select one or more".
    @inlinable public var pollSelectOneOrMore: String {
        get { words.fields.pollSelectOneOrMore }
        set { setPhrase(\.pollSelectOneOrMore, newValue) }
    }
    /// The subtitle of a poll with a limit: "Select up to 2".
    @inlinable public var pollSelectUpTo: CountPhrase {
        get { words.fields.pollSelectUpTo }
        set { setPhrase(\.pollSelectUpTo, newValue) }
    }
    /// The subtitle of a closed poll: "Vote ended".
    @inlinable public var pollVoteEnded: String {
        get { words.fields.pollVoteEnded }
        set { setPhrase(\.pollVoteEnded, newValue) }
    }
    /// The poll's results button: "View Results".
    @inlinable public var pollViewResults: String {
        get { words.fields.pollViewResults }
        set { setPhrase(\.pollViewResults, newValue) }
    }
    /// The button that closes the current user's poll: "End Vote".
    @inlinable public var pollEndVote: String {
        get { words.fields.pollEndVote }
        set { setPhrase(\.pollEndVote, newValue) }
    }
    /// The button that comments on a poll: "Add Comment".
    @inlinable public var pollAddComment: String {
        get { words.fields.pollAddComment }
        set { setPhrase(\.pollAddComment, newValue) }
    }
    /// The button that shows a poll's comments: "View 3 Comments".
    @inlinable public var pollViewComments: CountPhrase {
        get { words.fields.pollViewComments }
        set { setPhrase(\.pollViewComments, newValue) }
    }
    /// The button that shows the options past the tenth: "See 2 More Options".
    @inlinable public var pollAllOptions: CountPhrase {
        get { words.fields.pollAllOptions }
        set { setPhrase(\.pollAllOptions, newValue) }
    }
    /// The button that adds an option: "Suggest an Option".
    @inlinable public var pollSuggestOption: String {
        get { words.fields.pollSuggestOption }
        set { setPhrase(\.pollSuggestOption, newValue) }
    }

    /// An attachment of a type the SDK does not draw, on its file card (Stream UIKit's
    /// `UnsupportedAttachmentViewInjector`): "Unsupported Attachment".
    @inlinable public var unsupportedAttachment: String {
        get { words.fields.unsupportedAttachment }
        set { setPhrase(\.unsupportedAttachment, newValue) }
    }
    /// A voice recording's name in a quote, over its length (Stream UIKit's
    /// `VoiceRecordingAttachmentQuotedPreview`, `recording.presentation.name`): "Recording".
    @inlinable public var voiceRecordingName: String {
        get { words.fields.voiceRecordingName }
        set { setPhrase(\.voiceRecordingName, newValue) }
    }

    // Stream SwiftUI's annotations above a bubble (`MessageTopView`).
    /// A pinned message's pinner: "Pinned by Leia"; `{name}` stands for their name.
    @inlinable public var pinnedBy: String {
        get { words.fields.pinnedBy }
        set { setPhrase(\.pinnedBy, newValue) }
    }
    /// A message the current user pinned: "Pinned by you".
    @inlinable public var pinnedByYou: String {
        get { words.fields.pinnedByYou }
        set { setPhrase(\.pinnedByYou, newValue) }
    }
    /// A pinned message whose pinner the payload does not say: "Pinned by unknown".
    @inlinable public var pinnedByUnknown: String {
        get { words.fields.pinnedByUnknown }
        set { setPhrase(\.pinnedByUnknown, newValue) }
    }
    /// A message with the current user's reminder: "Reminder set".
    @inlinable public var reminderSet: String {
        get { words.fields.reminderSet }
        set { setPhrase(\.reminderSet, newValue) }
    }
    /// A thread reply also sent to the channel, in the channel's list: "Replied to a thread".
    @inlinable public var repliedToThread: String {
        get { words.fields.repliedToThread }
        set { setPhrase(\.repliedToThread, newValue) }
    }
    /// The same reply in its thread view: "Also sent in channel".
    @inlinable public var sentInChannel: String {
        get { words.fields.sentInChannel }
        set { setPhrase(\.sentInChannel, newValue) }
    }
    /// The button after an annotation that opens what it names: "View".
    @inlinable public var annotationView: String {
        get { words.fields.annotationView }
        set { setPhrase(\.annotationView, newValue) }
    }

    // A direct channel's header: its other member's presence (Stream's `ChatChannelHeaderView`).
    /// The other member is connected: "Online".
    @inlinable public var presenceOnline: String {
        get { words.fields.presenceOnline }
        set { setPhrase(\.presenceOnline, newValue) }
    }
    /// The other member is not, and the payload has no usable `last_active`: "Offline".
    @inlinable public var presenceOffline: String {
        get { words.fields.presenceOffline }
        set { setPhrase(\.presenceOffline, newValue) }
    }
    /// Last connected under a minute ago: "last seen just one second ago" / "last seen 12
    /// seconds ago" (Stream says "one" for 0 and 1).
    @inlinable public var lastSeenSeconds: CountPhrase {
        get { words.fields.lastSeenSeconds }
        set { setPhrase(\.lastSeenSeconds, newValue) }
    }
    /// Under an hour ago: "last seen one minute ago" / "last seen 5 minutes ago".
    @inlinable public var lastSeenMinutes: CountPhrase {
        get { words.fields.lastSeenMinutes }
        set { setPhrase(\.lastSeenMinutes, newValue) }
    }
    /// Under a day ago: "last seen one hour ago" / "last seen 3 hours ago".
    @inlinable public var lastSeenHours: CountPhrase {
        get { words.fields.lastSeenHours }
        set { setPhrase(\.lastSeenHours, newValue) }
    }
    /// Under a week ago: "last seen one day ago" / "last seen 2 days ago".
    @inlinable public var lastSeenDays: CountPhrase {
        get { words.fields.lastSeenDays }
        set { setPhrase(\.lastSeenDays, newValue) }
    }
    /// Under a month ago: "last seen one week ago" / "last seen 3 weeks ago".
    @inlinable public var lastSeenWeeks: CountPhrase {
        get { words.fields.lastSeenWeeks }
        set { setPhrase(\.lastSeenWeeks, newValue) }
    }
    /// A month or more ago: "last seen one month ago" / "last seen 4 months ago".
    @inlinable public var lastSeenMonths: CountPhrase {
        get { words.fields.lastSeenMonths }
        set { setPhrase(\.lastSeenMonths, newValue) }
    }

    /// The locale's ten digits, zero to nine, for the counts the layout writes without a phrase:
    /// reactions, poll votes, unread badges, the scroll-to-latest button ("٣" in Arabic). A
    /// ``LayoutEnvironment`` sets them from its formatter; ASCII digits by default.
    @inlinable public var digits: String {
        get { words.fields.digits }
        set { setPhrase(\.digits, newValue) }
    }

    /// The English words of Stream's SDKs; change the properties for another language.
    public init() {
        words = Words(Fields())
    }

    /// The unread separator's words for `label`: ``unreadMessages`` or ``newMessages``.
    public func unreadSeparator(_ label: UnreadSeparatorLabel) -> String {
        switch label {
        case .unreadMessages: unreadMessages
        case .newMessages: newMessages
        }
    }

    /// `count` in ``digits``: "12" in English, "١٢" in Arabic; the sign as it is.
    public func count(_ count: Int) -> String {
        let ascii = String(count)
        guard digits != "0123456789" else { return ascii }
        let localDigits = Array(digits)
        guard localDigits.count == 10 else { return ascii }
        return String(ascii.map { character in
            character.asciiValue.flatMap { $0 >= 48 && $0 <= 57 ? localDigits[Int($0 - 48)] : nil } ?? character
        })
    }
}

extension String {
    /// The template with `{key}` placeholders filled in, in one pass over the template: an
    /// inserted value is never searched for placeholders itself (a user named "{second}"
    /// stays "{second}", whatever order the dictionary iterates in).
    ///
    /// A value is set as a first-strong isolate (FSI … PDI, UAX #9) where it or the template
    /// could turn the other around: when either has a right-to-left letter or a bidi control
    /// (``BidiIsolation/turnsPhrases(_:)``). A Hebrew name keeps an English phrase in order,
    /// an English name or a count keeps a Hebrew phrase in order, and a phrase with neither
    /// stays plain text ("Leia is typing…").
    package func filling(_ values: [String: String]) -> String {
        let templateTurns = BidiIsolation.turnsPhrases(self)
        var result = ""
        var rest = self[...]
        while let open = rest.firstIndex(of: "{") {
            result += rest[..<open]
            let keyStart = rest.index(after: open)
            if let close = rest[keyStart...].firstIndex(of: "}"), let value = values[String(rest[keyStart ..< close])] {
                result += templateTurns || BidiIsolation.turnsPhrases(value) ? BidiIsolation.isolated(value) : value
                rest = rest[rest.index(after: close)...]
            } else {
                result += "{"
                rest = rest[keyStart...]
            }
        }
        return result + rest
    }

    /// Every occurrence of `target` replaced, matched by UTF-8 bytes (so a tab is found even
    /// where a combining mark follows it). Byte matching keeps this cheap: it runs for every
    /// count phrase and every drawn line.
    package func replacingAll(_ target: String, with replacement: String) -> String {
        let pattern = Array(target.utf8)
        guard let first = pattern.first, utf8.contains(first) else { return self }
        let bytes = Array(utf8)
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            if bytes[index] == first && index + pattern.count <= bytes.count
                && bytes[index ..< index + pattern.count].elementsEqual(pattern) {
                result.append(contentsOf: replacement.utf8)
                index += pattern.count
            } else {
                result.append(bytes[index])
                index += 1
            }
        }
        return String(decoding: result, as: UTF8.self)
    }
}
