/// The words the layout writes. Dates, times and count digits come from the
/// `LocaleFormatting` in the document's locale; the words come from a table per language.
///
/// ``init()`` is English, as Stream's SDKs ship it; ``init(locale:)`` is the built-in table of a
/// locale's language (``builtInLanguages``), and a layout environment made without words uses
/// its locale's. Every phrase stays replaceable: set a property, or apply a table
/// (``apply(_:)``, ``tableKeys``) such as a JSON file the CLI reads with `--strings`.
public struct ChatStrings: Hashable, Sendable {
    /// The unread separator: "Unread messages".
    public var unreadMessages = "Unread messages"
    /// Stream SwiftUI's words on the same separator: "New messages" (``UnreadSeparatorLabel``).
    public var newMessages = "New messages"
    /// Stream SwiftUI's button after a translation's footnote: "Show original"
    /// (`show_original_translated_button`).
    public var showOriginal = "Show original"
    /// The empty state of a message list: "No messages yet".
    public var noMessages = "No messages yet"
    /// The loading state: "Loading…".
    public var loading = "Loading…"
    /// The text of a deleted message: "Message deleted".
    public var messageDeleted = "Message deleted"
    /// Under an ephemeral message of the current user: "Only visible to you".
    public var onlyVisibleToYou = "Only visible to you"
    /// The edited label: "Edited".
    public var edited = "Edited"
    /// The footnote of a message shown in translation: "Translated to Portuguese"; `{language}`
    /// stands for the language's name in the document's locale.
    public var translatedTo = "Translated to {language}"
    /// The thread info of a thread reply also sent to the channel.
    public var threadReply = "Thread reply"
    /// "Leia is typing…"; `{name}` stands for the name.
    public var oneTyping = "{name} is typing…"
    /// "Leia and Han are typing…"
    public var twoTyping = "{first} and {second} are typing…"
    /// "3 people are typing…"
    public var manyTyping = CountPhrase(one: "{count} person is typing…", other: "{count} people are typing…")
    /// The header's subtitle: "1 member" / "4 members".
    public var members = CountPhrase(one: "{count} member", other: "{count} members")
    /// How many watch a group channel now: "1 online" / "3 online".
    public var online = CountPhrase(one: "{count} online", other: "{count} online")
    /// A group channel's subtitle when the watchers are known: "4 members, 1 online".
    public var membersOnline = "{members}, {online}"
    /// Thread info and the thread view's count: "1 reply" / "3 replies".
    public var replies = CountPhrase(one: "{count} reply", other: "{count} replies")

    /// Reaction glyphs by type: Stream's five default reactions (its "sad" is a thumbs down).
    public var reactionGlyphs: [String: String] = ["love": "❤️", "haha": "😂", "like": "👍", "sad": "👎", "wow": "😮"]
    /// Delivery status glyphs, as a terminal draws them (`TerminalPresentation`).
    public var deliveryGlyphs: [DeliveryStatus: String] = [.pending: "🕓", .sent: "✓", .delivered: "✓✓", .read: "✓✓ Read"]
    /// Delivery statuses in words, for front ends that draw their own icons
    /// (``PlainPresentation``) and as what a status box stands for.
    public var deliveryWords: [DeliveryStatus: String] = [.pending: "Sending", .sent: "Sent", .delivered: "Delivered", .read: "Read"]
    /// Beside a message whose last action failed: "⚠".
    public var errorGlyph = "⚠"
    /// Before a thread root's info: "💬".
    public var threadGlyph = "💬"
    /// The scroll-to-latest button: "↓", or "↓ 3" with unread messages.
    public var scrollToLatest = "↓"

    // The thread list (Stream's ChatThreadListVC).
    /// The thread list's title: "Threads".
    public var threadsTitle = "Threads"
    /// Before each thread's title: "🧵".
    public var threadIcon = "🧵"
    /// The empty thread list: "No threads here yet..." (Stream's words).
    public var noThreads = "No threads here yet..."
    /// The error banner of the thread list: "Error loading threads".
    public var errorLoadingThreads = "Error loading threads"
    /// The error banner's button: "Retry".
    public var retry = "Retry"
    /// Before the parent message's preview: "replied to: Anyone up for coffee?".
    public var repliedTo = "replied to: "
    /// A deleted parent or reply in the thread list: "This message was deleted.".
    public var messageWasDeleted = "This message was deleted."
    /// The banner: "1 new thread" / "3 new threads" (not Stream's "1 new threads").
    public var newThreads = CountPhrase(one: "{count} new thread", other: "{count} new threads")
    /// The button over a message list whose first unread message is out of sight: "3 unread"
    /// (Stream's `JumpToUnreadMessagesButton`).
    public var jumpToUnread = CountPhrase(one: "{count} unread", other: "{count} unread")

    // The thread view (Sendbird's SBUMessageThreadViewController, Stream's ChatThreadVC).
    /// The thread view's title (its subtitle is the channel's name).
    public var threadTitle = "Thread"
    /// After an edited message's text, on its last line, under Sendbird's anatomy
    /// (`SBUStringSet.Message_Edited`): "(edited)".
    public var editedInText = "(edited)"
    /// The banner over a frozen channel's thread (Sendbird's `SBUChannelStateBanner`,
    /// `SBUStringSet.Channel_State_Banner_Frozen`, with `frozen_banner`): "Channel is frozen".
    public var channelFrozen = "Channel is frozen"

    // Names and previews.
    /// A direct channel's title from two other members: "Leia and Han".
    public var twoMemberNames = "{first} and {second}"
    /// A direct channel's title from more: "Leia, Han and 3 more" (`{names}` is the first two,
    /// joined by ``listSeparator``).
    public var moreMemberNames = CountPhrase(one: "{names} and {count} more", other: "{names} and {count} more")
    /// Between names in a list (a title's first two names, a thread's participants): ", ".
    public var listSeparator = ", "
    /// A poll where one line stands for it (thread list, quoted message): "Poll".
    public var poll = "Poll"
    /// After a closed poll's question, in parentheses: "closed".
    public var pollClosed = "closed"
    /// An attachment's kind in words, by its type, where a drawing names it in brackets
    /// ("[image: beach.jpg]", a quoted message without text "Leia: [image]"); a type without an
    /// entry is shown as it is. "message" names a quoted message with neither text nor
    /// attachment; "poll", "location" and "liveLocation" a poll's and a shared location's
    /// line on a terminal ("[poll: Lunch?]").
    public var attachmentNames: [String: String] = [
        "image": "image", "video": "video", "giphy": "giphy", "file": "file", "audio": "audio",
        "voiceRecording": "voice recording", "message": "message", "poll": "poll", "location": "location",
        "liveLocation": "live location",
    ]
    /// A shared location where one line stands for it: "Location".
    public var location = "Location"
    /// A live shared location where one line stands for it: "Live location".
    public var liveLocation = "Live location"

    // A poll's card (Stream's `PollAttachmentView`).
    /// The subtitle of a poll with one vote each: "Select one".
    public var pollSelectOne = "Select one"
    /// The subtitle of a poll without a limit: "Select one or more".
    public var pollSelectOneOrMore = "Select one or more"
    /// The subtitle of a poll with a limit: "Select up to 2".
    public var pollSelectUpTo = CountPhrase(one: "Select up to {count}", other: "Select up to {count}")
    /// The subtitle of a closed poll: "Vote ended".
    public var pollVoteEnded = "Vote ended"
    /// The poll's results button: "View Results".
    public var pollViewResults = "View Results"
    /// The button that closes the current user's poll: "End Vote".
    public var pollEndVote = "End Vote"
    /// The button that comments on a poll: "Add Comment".
    public var pollAddComment = "Add Comment"
    /// The button that shows a poll's comments: "View 3 Comments".
    public var pollViewComments = CountPhrase(one: "View {count} Comment", other: "View {count} Comments")
    /// The button that shows the options past the tenth: "See 2 More Options".
    public var pollAllOptions = CountPhrase(one: "See {count} More Option", other: "See {count} More Options")
    /// The button that adds an option: "Suggest an Option".
    public var pollSuggestOption = "Suggest an Option"

    /// An attachment of a type the SDK does not draw, on its file card (Stream UIKit's
    /// `UnsupportedAttachmentViewInjector`): "Unsupported Attachment".
    public var unsupportedAttachment = "Unsupported Attachment"
    /// A voice recording's name in a quote, over its length (Stream UIKit's
    /// `VoiceRecordingAttachmentQuotedPreview`, `recording.presentation.name`): "Recording".
    public var voiceRecordingName = "Recording"

    // Stream SwiftUI's annotations above a bubble (`MessageTopView`).
    /// A pinned message's pinner: "Pinned by Leia"; `{name}` stands for their name.
    public var pinnedBy = "Pinned by {name}"
    /// A message the current user pinned: "Pinned by you".
    public var pinnedByYou = "Pinned by you"
    /// A pinned message whose pinner the payload does not say: "Pinned by unknown".
    public var pinnedByUnknown = "Pinned by unknown"
    /// A message with the current user's reminder: "Reminder set".
    public var reminderSet = "Reminder set"
    /// A thread reply also sent to the channel, in the channel's list: "Replied to a thread".
    public var repliedToThread = "Replied to a thread"
    /// The same reply in its thread view: "Also sent in channel".
    public var sentInChannel = "Also sent in channel"
    /// The button after an annotation that opens what it names: "View".
    public var annotationView = "View"

    // A direct channel's header: its other member's presence (Stream's `ChatChannelHeaderView`).
    /// The other member is connected: "Online".
    public var presenceOnline = "Online"
    /// The other member is not, and the payload has no usable `last_active`: "Offline".
    public var presenceOffline = "Offline"
    /// Last connected under a minute ago: "last seen just one second ago" / "last seen 12
    /// seconds ago" (Stream says "one" for 0 and 1).
    public var lastSeenSeconds = CountPhrase(one: "last seen just one second ago", other: "last seen {count} seconds ago")
    /// Under an hour ago: "last seen one minute ago" / "last seen 5 minutes ago".
    public var lastSeenMinutes = CountPhrase(one: "last seen one minute ago", other: "last seen {count} minutes ago")
    /// Under a day ago: "last seen one hour ago" / "last seen 3 hours ago".
    public var lastSeenHours = CountPhrase(one: "last seen one hour ago", other: "last seen {count} hours ago")
    /// Under a week ago: "last seen one day ago" / "last seen 2 days ago".
    public var lastSeenDays = CountPhrase(one: "last seen one day ago", other: "last seen {count} days ago")
    /// Under a month ago: "last seen one week ago" / "last seen 3 weeks ago".
    public var lastSeenWeeks = CountPhrase(one: "last seen one week ago", other: "last seen {count} weeks ago")
    /// A month or more ago: "last seen one month ago" / "last seen 4 months ago".
    public var lastSeenMonths = CountPhrase(one: "last seen one month ago", other: "last seen {count} months ago")

    /// The locale's ten digits, zero to nine, for the counts the layout writes without a phrase:
    /// reactions, poll votes, unread badges, the scroll-to-latest button ("٣" in Arabic). A
    /// ``LayoutEnvironment`` sets them from its formatter; ASCII digits by default.
    public var digits = "0123456789"

    /// The English words of Stream's SDKs; change the properties for another language.
    public init() {}

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
