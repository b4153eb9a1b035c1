/// Goldens of the thread list (Stream's `ChatThreadListVC`): every state, the banner
/// of new threads, every rule of an item's text, direct-channel titles, websocket events applied
/// before layout, and a viewport. Each at widths 40 and 24; the inbox also at 80.
extension Scenarios {
    static let threadList: [Scenario] = threadListItems + threadListStates + threadListEvents + threadListViewport

    /// A thread list at `width`, from a document of `Documents/`.
    private static func threads(_ name: String, _ document: String, width: Int, height: Int? = nil,
                                scrollOffset: Int? = nil, tree: Bool = false, svg: Bool = false) -> Scenario {
        Scenario(name: "threads-\(name)-w\(width)", document: document, width: width, height: height,
                 scrollOffset: scrollOffset, tree: tree, svg: svg, threadList: true)
    }

    /// Item text: channel names; "replied to:" a parent's text, a thread title, a deleted parent
    /// and an attachment-only parent; replies as text, "Video" and "This message was deleted.";
    /// reply times today, "Yesterday", a weekday and a short date; unread badges (another user's
    /// unread ignored); nameless direct channels titled by the others' names; long names cut.
    static let threadListItems: [Scenario] = [
        threads("inbox", "threads-inbox.json", width: 80),
        threads("inbox", "threads-inbox.json", width: 40, tree: true, svg: true),
        threads("inbox", "threads-inbox.json", width: 24),
        threads("direct-channel-titles", "threads-direct.json", width: 40),
        threads("direct-channel-titles", "threads-direct.json", width: 24),
        threads("long-names-truncated", "threads-long-names.json", width: 40),
        threads("long-names-truncated", "threads-long-names.json", width: 24),
        // Berlin is past midnight while UTC is not: 00:05 is today, 23:50 "Yesterday".
        threads("times-across-midnight", "threads-across-midnight.json", width: 40),
        threads("times-across-midnight", "threads-across-midnight.json", width: 24),
    ]

    /// `thread_list.state`: loading and empty in a screen (centred), the error banner alone and
    /// over the threads, the footer spinner while loading more, the header spinner while
    /// reloading.
    static let threadListStates: [Scenario] = [
        threads("state-loading", "threads-state-loading.json", width: 40, height: 12),
        threads("state-loading", "threads-state-loading.json", width: 24, height: 12),
        threads("state-empty", "threads-state-empty.json", width: 40, height: 12),
        threads("state-empty", "threads-state-empty.json", width: 24, height: 12),
        threads("state-error", "threads-state-error.json", width: 40),
        threads("state-error", "threads-state-error.json", width: 24),
        threads("state-error-with-threads", "threads-state-error-with-threads.json", width: 40),
        threads("state-error-with-threads", "threads-state-error-with-threads.json", width: 24),
        threads("state-loading-more", "threads-state-loading-more.json", width: 40),
        threads("state-loading-more", "threads-state-loading-more.json", width: 24),
        threads("state-reloading", "threads-state-reloading.json", width: 40),
        threads("state-reloading", "threads-state-reloading.json", width: 24),
    ]

    /// Events applied before layout: a reply from someone else lifts a thread to the top with an
    /// unread badge; `thread.updated` retitles one; a hard-deleted reply gives way to the one
    /// before; `message.read` clears a badge; a deleted parent; your own reply moves a thread up
    /// without a badge; a reply in an unlisted thread → "1 new thread". Then four replies in three
    /// unlisted threads → "3 new threads".
    static let threadListEvents: [Scenario] = [
        threads("events-applied", "threads-events.json", width: 40),
        threads("events-applied", "threads-events.json", width: 24),
        threads("banner-three-new-threads", "threads-banner.json", width: 40),
        threads("banner-three-new-threads", "threads-banner.json", width: 24),
    ]

    /// A screen of 14 rows over the inbox, at the top (the list opens there) and scrolled so that
    /// items are cut at both edges.
    static let threadListViewport: [Scenario] = [
        threads("viewport-top", "threads-inbox.json", width: 40, height: 14),
        threads("viewport-top", "threads-inbox.json", width: 24, height: 14),
        threads("viewport-scrolled", "threads-inbox.json", width: 40, height: 14, scrollOffset: 6),
        threads("viewport-scrolled", "threads-inbox.json", width: 24, height: 14, scrollOffset: 6),
    ]
}
