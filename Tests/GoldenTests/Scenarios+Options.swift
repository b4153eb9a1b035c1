/// Goldens for every configuration option (the document's `config`), layout option, message
/// kind and local state, group boundary, date indicator, overlay position, unread and typing
/// row, and the empty and loading states. Each document is a small conversation of its own;
/// the scenarios built on one document differ in one setting, so their drawings compare.
extension Scenarios {
    static let options: [Scenario] = grouping + dates + overlay + unread + kinds + parts + display + states

    /// Group boundaries on one hiking-group evening: 60 s stays, 61 s splits, an
    /// author change splits; then the same chat with each grouping setting.
    static let grouping: [Scenario] = [
        Scenario(name: "grouping-gap-60s-stays-61s-splits-w40", document: "trail-meetup.json", width: 40),
        Scenario(name: "grouping-gap-60s-stays-61s-splits-w80", document: "trail-meetup.json", width: 80),
        Scenario(name: "grouping-off-every-message-alone-w40", document: "trail-meetup.json", width: 40) { config in
            config.groupMessages = false
        },
        Scenario(name: "grouping-max-interval-5min-joins-61s-gap-w40", document: "trail-meetup.json", width: 40) { config in
            config.maxTimeIntervalBetweenMessagesInGroup = 300
        },
        Scenario(name: "grouping-same-minute-sendbird-w40", document: "trail-meetup.json", width: 40) { config in
            config.groupingRule = .sameMinute
        },
    ]

    /// Date separators on a book club spanning last December to today: each style, and no dates
    /// at all.
    static let dates: [Scenario] = [
        Scenario(name: "dates-relative-style-w40", document: "book-club-dates.json", width: 40),
        Scenario(name: "dates-stream-style-w40", document: "book-club-dates.json", width: 40) { config in
            config.dateSeparatorStyle = .stream
        },
        Scenario(name: "dates-sendbird-style-w40", document: "book-club-dates.json", width: 40) { config in
            config.dateSeparatorStyle = .sendbird
        },
        Scenario(name: "dates-none-no-separators-w40", document: "book-club-dates.json", width: 40) { config in
            config.dateIndicatorPlacement = .none
        },
        Scenario(name: "dates-message-list-midnight-splits-group-w40", document: "release-night.json", width: 40) { config in
            config.dateIndicatorPlacement = .messageList
            config.endGroupAtDateSeparator = true
        },
        // By default a separator ends no group, as in both Stream SDKs: Kofi's 11:59 PM and
        // 12:00 AM messages are one group across "Today".
        Scenario(name: "dates-message-list-group-runs-past-midnight-w40", document: "release-night.json", width: 40) { config in
            config.dateIndicatorPlacement = .messageList
        },
    ]

    /// The floating date overlay over a release night that runs past midnight, in a
    /// 22-row viewport: the top; the day change in mid-screen (still yesterday on top); the
    /// last offset that reads yesterday and the first that reads today (the first message of
    /// today just under the overlay); the bottom.
    static let overlay: [Scenario] = [
        Scenario(name: "overlay-scrolled-to-top-w40", document: "release-night.json", width: 40, height: 22, scrollOffset: 0, scrolling: true),
        Scenario(name: "overlay-scrolled-to-middle-across-day-change-w40", document: "release-night.json", width: 40,
                 height: 22, scrollOffset: 30, scrolling: true),
        Scenario(name: "overlay-last-row-of-yesterday-under-overlay-w40", document: "release-night.json", width: 40,
                 height: 22, scrollOffset: 40, scrolling: true),
        Scenario(name: "overlay-label-switches-to-today-w40", document: "release-night.json", width: 40,
                 height: 22, scrollOffset: 41, scrolling: true),
        Scenario(name: "overlay-scrolled-to-bottom-w40", document: "release-night.json", width: 40, height: 22, scrolling: true),
        Scenario(name: "overlay-scrolled-to-middle-w24", document: "release-night.json", width: 24, height: 22, scrollOffset: 30, scrolling: true),
        // At rest the date is hidden, as Stream hides it until the list scrolls: the middle again.
        Scenario(name: "overlay-at-rest-hidden-w40", document: "release-night.json", width: 40, height: 22, scrollOffset: 30),
    ]

    /// The unread separator and the scroll-to-latest button.
    static let unread: [Scenario] = [
        Scenario(name: "unread-separator-skips-own-and-deleted-w40", document: "community-garden.json", width: 40),
        Scenario(name: "unread-separator-disabled-w40", document: "community-garden.json", width: 40) { config in
            config.unreadSeparatorEnabled = false
        },
        Scenario(name: "scroll-to-latest-with-unread-count-w40", document: "community-garden.json", width: 40,
                 height: 16, scrollOffset: 0),
        Scenario(name: "scroll-to-latest-without-unread-w40", document: "trail-meetup.json", width: 40,
                 height: 16, scrollOffset: 0),
        // Stream SwiftUI's options together (issue 30): João's unread language exchange under the
        // stream-swiftui profile — its "New messages" separator, "Show original" after each
        // translation, a 40-point spacer (5 cells), and the short list at the viewport's top.
        Scenario(name: "stream-swiftui-new-messages-show-original-list-at-top-w64", document: "language-exchange-translation.json",
                 width: 64, height: 50, scrollOffset: 0,
                 overrides: .init(currentUserID: "joao", profile: .streamSwiftUI)) { config in
            config.shouldMessagesStartAtTheTop = true
            config.showOriginalTranslatedButton = true
            config.spacerWidth = 40
        },
    ]

    /// Every message kind (regular, reply shown in the channel, system, error, bounced error,
    /// ephemeral, deleted) in a design team's afternoon.
    static let kinds: [Scenario] = [
        Scenario(name: "message-kinds-w24", document: "design-team-kinds.json", width: 24),
        Scenario(name: "message-kinds-w40", document: "design-team-kinds.json", width: 40, tree: true),
        Scenario(name: "message-kinds-w80", document: "design-team-kinds.json", width: 80),
    ]

    /// The parts of a message (its layout options): reactions, thread info, quotes (of a deleted
    /// message too), attachments, jumbomoji with and without a quote, an unsupported reaction.
    static let parts: [Scenario] = [
        Scenario(name: "message-parts-reactions-threads-quotes-w24", document: "photo-walk-rich.json", width: 24),
        Scenario(name: "message-parts-reactions-threads-quotes-w40", document: "photo-walk-rich.json", width: 40, tree: true),
        Scenario(name: "message-parts-reactions-threads-quotes-w80", document: "photo-walk-rich.json", width: 80),
        Scenario(name: "edited-label-enabled-ends-group-w40", document: "family-recipes-edited.json", width: 40),
        Scenario(name: "edited-label-enabled-narrow-footer-w24", document: "family-recipes-edited.json", width: 24),
        Scenario(name: "edited-label-off-w40", document: "family-recipes-edited.json", width: 40) { config in
            config.editedLabelEnabled = false
        },
        Scenario(name: "auto-translation-w40", document: "language-exchange-translation.json", width: 40),
        Scenario(name: "auto-translation-w24", document: "language-exchange-translation.json", width: 24),
        // Stream SwiftUI 5's parts (issue 30), set in the document over the stream-swiftui
        // profile: the pin, the reminder and the thread reply as annotations above their
        // bubbles, the author's header over each group of others (28 points: a line here), the
        // reactions a pill each with their counts.
        Scenario(name: "stream-swiftui-v5-annotations-group-header-segmented-reactions-w44", document: "rebels-pins-reminders.json",
                 width: 44, tree: true, svg: true),
    ]

    /// `message_display_options`, paddings, alignment, and a direct channel against a group.
    static let display: [Scenario] = [
        Scenario(name: "display-no-avatars-in-groups-w40", document: "trail-meetup.json", width: 40) { config in
            config.displayOptions.showAvatarsInGroups = false
        },
        Scenario(name: "display-no-author-names-w40", document: "trail-meetup.json", width: 40) { config in
            config.displayOptions.showAuthorName = false
        },
        Scenario(name: "display-no-message-dates-w40", document: "trail-meetup.json", width: 40) { config in
            config.displayOptions.showMessageDate = false
        },
        Scenario(name: "padding-horizontal-0-w40", document: "trail-meetup.json", width: 40) { config in
            config.horizontalPadding = 0
        },
        Scenario(name: "padding-horizontal-24-w40", document: "trail-meetup.json", width: 40) { config in
            config.horizontalPadding = 24
        },
        Scenario(name: "direct-channel-delivery-read-delivered-sent-pending-w40", document: "lunch-direct.json", width: 40),
        Scenario(name: "direct-channel-w24", document: "lunch-direct.json", width: 24),
        Scenario(name: "display-no-avatars-in-direct-channel-w40", document: "lunch-direct.json", width: 40) { config in
            config.displayOptions.showAvatars = false
        },
        Scenario(name: "left-aligned-direct-channel-w40", document: "lunch-direct.json", width: 40) { config in
            config.messageListAlignment = .leftAligned
        },
        Scenario(name: "left-aligned-group-channel-w40", document: "trail-meetup.json", width: 40) { config in
            config.messageListAlignment = .leftAligned
        },
        // The other member's presence in a direct channel's header (issue 30): "last seen 12 minutes ago".
        Scenario(name: "presence-direct-channel-last-seen-w40", document: "lunch-direct-presence.json", width: 40),
    ]

    /// Local send states, typing, empty and loading.
    static let states: [Scenario] = [
        Scenario(name: "local-states-all-eight-w40", document: "train-wifi-states.json", width: 40),
        Scenario(name: "local-states-all-eight-w24", document: "train-wifi-states.json", width: 24),
        Scenario(name: "typing-three-people-bottom-overlay-w40", document: "standup-typing.json", width: 40),
        Scenario(name: "typing-in-navigation-bar-w40", document: "standup-typing.json", width: 40) { config in
            config.typingIndicatorPlacement = .navigationBar
        },
        Scenario(name: "empty-channel-w40", document: "new-project-empty.json", width: 40),
        Scenario(name: "empty-channel-in-viewport-w40", document: "new-project-empty.json", width: 40, height: 12),
        Scenario(name: "empty-channel-with-empty-state-w40", document: "new-project-empty.json", width: 40, height: 12) { config in
            config.showEmptyState = true
        },
        Scenario(name: "loading-state-w40", document: "support-loading.json", width: 40, height: 12),
        // A page of older messages loading above the oldest, and of newer ones under the newest.
        Scenario(name: "paging-older-and-newer-w40", document: "lunch-direct-paging.json", width: 40, tree: true),
        Scenario(name: "paging-older-in-viewport-w40", document: "lunch-direct-paging.json", width: 40, height: 10, scrollOffset: 0),
    ]
}
