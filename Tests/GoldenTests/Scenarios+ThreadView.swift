import ChatLayoutKit

/// Goldens of the thread view: a hiking group's threads with many replies (over
/// two days, grouped, one with a quote and reactions, one also sent to the channel, some from
/// the thread's `latest_replies`), one reply and none; both parent presentations; the three
/// starting points in a viewport; and a Stream thread-list payload whose parent is from last
/// year.
extension Scenarios {
    static let threadView: [Scenario] = threadReplies + threadPresentations + threadStartingPoints + threadPayloads

    private static let hike = "weekend-hike-threads.json"

    /// 6 replies, 1 reply, none, in the default `info_header` presentation.
    static let threadReplies: [Scenario] = [
        Scenario(name: "thread-many-replies-w40", document: hike, width: 40, tree: true, svg: true, threadParent: "p1"),
        Scenario(name: "thread-many-replies-w24", document: hike, width: 24, threadParent: "p1"),
        Scenario(name: "thread-many-replies-w80", document: hike, width: 80, threadParent: "p1"),
        Scenario(name: "thread-one-reply-w40", document: hike, width: 40, threadParent: "p2"),
        Scenario(name: "thread-one-reply-w24", document: hike, width: 24, threadParent: "p2"),
        Scenario(name: "thread-no-replies-w40", document: hike, width: 40, threadParent: "p3"),
        Scenario(name: "thread-no-replies-w24", document: hike, width: 24, threadParent: "p3"),
    ]

    /// Stream's presentation: the parent is the first message of the list.
    static let threadPresentations: [Scenario] = [
        Scenario(name: "thread-first-message-presentation-w40", document: hike, width: 40, threadParent: "p1") { config in
            config.threadView.parentPresentation = .firstMessage
        },
        Scenario(name: "thread-first-message-presentation-w24", document: hike, width: 24, threadParent: "p1") { config in
            config.threadView.parentPresentation = .firstMessage
        },
        Scenario(name: "thread-first-message-one-reply-w40", document: hike, width: 40, threadParent: "p2") { config in
            config.threadView.parentPresentation = .firstMessage
        },
    ]

    /// A 20-row viewport with the date overlay: none opens at the bottom, 0 at the top, a
    /// timestamp with its first reply at or after it in the middle, a timestamp after every reply at
    /// the bottom; with date separators in the list, Stream's presentation; and a short thread
    /// in a tall viewport.
    static let threadStartingPoints: [Scenario] = [
        Scenario(name: "thread-starting-point-none-bottom-w40", document: hike, width: 40, height: 20, threadParent: "p1") { config in
            config.dateIndicatorPlacement = .overlay
        },
        Scenario(name: "thread-starting-point-zero-top-w40", document: hike, width: 40, height: 20, threadParent: "p1") { config in
            config.dateIndicatorPlacement = .overlay
            config.threadView.startingPoint = .top
        },
        Scenario(name: "thread-starting-point-timestamp-w40", document: hike, width: 40, height: 20, threadParent: "p1") { config in
            config.dateIndicatorPlacement = .overlay
            config.threadView.startingPoint = .timestamp(Timestamp(rfc3339: "2024-03-04T17:05:00Z")!)
        },
        Scenario(name: "thread-starting-point-timestamp-w24", document: hike, width: 24, height: 20, threadParent: "p1") { config in
            config.dateIndicatorPlacement = .overlay
            config.threadView.startingPoint = .timestamp(Timestamp(rfc3339: "2024-03-04T17:05:00Z")!)
        },
        Scenario(name: "thread-starting-point-after-every-reply-bottom-w40", document: hike, width: 40, height: 20,
                 threadParent: "p1") { config in
            config.dateIndicatorPlacement = .overlay
            config.threadView.startingPoint = .timestamp(Timestamp(rfc3339: "2024-03-06T00:00:00Z")!)
        },
        // Exactly the first reply's time: it opens with that reply on top, the parent above it.
        Scenario(name: "thread-starting-point-exact-timestamp-first-message-w40", document: hike, width: 40, height: 20,
                 threadParent: "p1") { config in
            config.threadView.parentPresentation = .firstMessage
            config.threadView.startingPoint = .timestamp(Timestamp(rfc3339: "2024-03-04T17:02:00Z")!)
        },
        // A thread shorter than the viewport: Sendbird's parent info heads the screen; Stream's
        // list sits at the bottom like a channel.
        Scenario(name: "thread-short-in-tall-viewport-sits-under-header-w40", document: hike, width: 40, height: 28,
                 threadParent: "p2"),
        Scenario(name: "thread-short-in-tall-viewport-first-message-sits-at-bottom-w40", document: hike, width: 40,
                 height: 28, threadParent: "p2") { config in
            config.threadView.parentPresentation = .firstMessage
        },
    ]

    /// A Stream thread-list response: the parent from `parent_message`, the replies from
    /// `latest_replies`, the channel from the thread; the parent's date with its year.
    static let threadPayloads: [Scenario] = [
        Scenario(name: "thread-payload-parent-last-year-w40", document: "book-club-thread-payload.json", width: 40,
                 threadParent: "q1"),
        Scenario(name: "thread-payload-parent-last-year-w24", document: "book-club-thread-payload.json", width: 24,
                 threadParent: "q1"),
    ]
}
