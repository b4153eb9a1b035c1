import ChatLayoutDecoding
import ChatLayoutICU
import ChatLayoutKit
import Foundation
import Testing

/// Issue 29, point 11: Stream's thread list (`ChatThreadListVC`, `ChatThreadListItemView`),
/// each test re-expressing one of Stream UIKit's snapshot tests (named in its doc comment) as a
/// document, laid out in points at the test's width and asserted on the box tree. Stream's
/// facts: the banner of new threads is the table's header view, a 56-point bar across the list
/// with its words at the leading edge (16 points in); the error view is a 56-point bar pinned to
/// the bottom of the screen; the loading and empty states stand in the middle of the screen; a
/// reload shows a spinner above the items. Stream's screen has no title bar of its own in these
/// tests (the navigation bar's "Threads" is ours: the header), so the assertions are on the list.
struct ThreadListParityTests {
    /// Stream's two mock threads: "Star Wars Channel" (three replies, the last Yoda's "Third
    /// Message"; Yoda, the current user, has six unread) and "Marvel Channel" (one reply, Vader's
    /// "First Message").
    private static let threads = #"""
    [{"parent_message_id": "p1", "channel": {"cid": "messaging:star-wars", "name": "Star Wars Channel"},
      "parent_message": {"id": "p1", "text": "Parent Message", "user": {"id": "yoda", "name": "Yoda"}, "created_at": "1970-01-01T00:00:10Z"},
      "reply_count": 3, "participant_count": 2, "last_message_at": "1970-01-01T00:01:00Z",
      "thread_participants": [{"id": "yoda", "name": "Yoda"}, {"id": "vader", "name": "Vader"}],
      "latest_replies": [
        {"id": "r1", "text": "First Message", "user": {"id": "yoda", "name": "Yoda"}, "parent_id": "p1", "created_at": "1970-01-01T00:00:20Z"},
        {"id": "r2", "text": "Second Message", "user": {"id": "vader", "name": "Vader"}, "parent_id": "p1", "created_at": "1970-01-01T00:00:30Z"},
        {"id": "r3", "text": "Third Message", "user": {"id": "yoda", "name": "Yoda"}, "parent_id": "p1", "created_at": "1970-01-01T00:01:00Z"}],
      "read": [{"user": {"id": "yoda"}, "unread_messages": 6}]},
     {"parent_message_id": "p2", "channel": {"cid": "messaging:marvel", "name": "Marvel Channel"},
      "parent_message": {"id": "p2", "text": "Parent Message 2", "user": {"id": "yoda", "name": "Yoda"}, "created_at": "1970-01-01T00:00:10Z"},
      "reply_count": 3, "participant_count": 2, "last_message_at": "1970-01-01T00:01:00Z",
      "thread_participants": [{"id": "yoda", "name": "Yoda"}, {"id": "vader", "name": "Vader"}],
      "latest_replies": [
        {"id": "r4", "text": "First Message", "user": {"id": "vader", "name": "Vader"}, "parent_id": "p2", "created_at": "1970-01-01T00:01:00Z"}],
      "read": []}]
    """#

    /// Replies in two threads the list does not hold: Stream's `newAvailableThreadIds` of two.
    private static let twoNewThreads = #"""
    [{"type": "notification.thread_message_new", "cid": "messaging:x", "message": {"id": "x1", "text": "New", "parent_id": "p8",
      "user": {"id": "vader", "name": "Vader"}, "created_at": "1970-01-01T00:02:00Z"}},
     {"type": "notification.thread_message_new", "cid": "messaging:x", "message": {"id": "x2", "text": "New", "parent_id": "p9",
      "user": {"id": "vader", "name": "Vader"}, "created_at": "1970-01-01T00:02:00Z"}}]
    """#

    /// The document: `threads` (Stream's two, or none), `state`, `events`, Yoda the current user.
    private func document(threads: String = Self.threads, state: String = "loaded", events: String = "[]") -> String {
        #"{"context": {"current_user_id": "yoda", "now": "1970-01-01T00:10:00Z", "time_zone": "UTC", "locale": "en_US"}, "#
            + #""thread_list": {"state": "\#(state)"}, "threads": \#(threads), "events": \#(events)}"#
    }

    /// Stream's snapshots are 360 × 700 points (its item tests 400 points wide); lines 24 points.
    private func screen(_ json: String, width: Int = 360, height: Int? = 700) throws -> LaidOutScreen {
        let (document, environment) = try ParityLayout.document(json)
        return ThreadListScreen.layout(document.conversation, environment: environment, width: width,
                                       viewport: height.map { Viewport(scrollOffset: 0, height: $0) })
    }

    private func boxes(_ role: BoxRole, in screen: LaidOutScreen) -> [Box] {
        var found: [Box] = []
        screen.root.walk { box, _ in if box.role == role { found.append(box) } }
        return found
    }

    /// The list's box (under the header).
    private func list(_ screen: LaidOutScreen) throws -> Box {
        try #require(screen.root.children.first { $0.role == .messageList })
    }

    // MARK: - ChatThreadListVC_Tests

    /// `ChatThreadListVC_Tests.test_defaultAppearance`: the two items from the top of the list,
    /// the thread with unread replies first, its badge on its "replied to" line; no banner, no
    /// error bar.
    @Test func defaultAppearance_twoItemsFromTheTop_unreadFirst() throws {
        let screen = try screen(document())
        let list = try list(screen)
        let items = list.children.filter { $0.role == .threadListItem }
        #expect(items.count == 2 && list.children.count == 2)
        #expect(items.map(\.id) == ["p1", "p2"])
        #expect(items[0].frame.y - list.frame.y <= 12 && items[1].frame.y >= items[0].frame.maxY)
        let badges = boxes(.unreadBadge, in: screen)
        let description = try #require(items[0].children.first { $0.role == .threadDescription })
        #expect(badges.count == 1 && badges[0].text == "6" && badges[0].frame.y == description.frame.y && badges[0].frame.maxX == 360 - 8)
        #expect(boxes(.newThreadsBanner, in: screen).isEmpty && boxes(.errorBanner, in: screen).isEmpty)
    }

    /// `ChatThreadListVC_Tests.test_newThreadsAppearance`: a 56-point bar across the list above
    /// the first item, "2 new threads" at its leading edge, 16 points in, centred on its height.
    @Test func newThreadsAppearance_aBarAcrossTheTop_itsWordsLeading() throws {
        let screen = try screen(document(events: Self.twoNewThreads))
        let list = try list(screen)
        let bar = try #require(list.children.first)
        #expect(bar.role == .newThreadsBanner)
        #expect(bar.frame.x == 0 && bar.frame.width == 360 && bar.frame.height == 56)
        let label = try #require(bar.children.first)
        #expect(label.text == "2 new threads" && label.frame.x == 16 && label.frame.midY == bar.frame.midY)
        let firstItem = try #require(list.children.first { $0.role == .threadListItem })
        #expect(firstItem.frame.y >= bar.frame.maxY)
    }

    /// `ChatThreadListVC_Tests.test_errorAppearance`: no items, the error bar pinned to the
    /// bottom of the screen, 56 points tall across it, its words leading and its retry trailing.
    @Test func errorAppearance_aBarPinnedToTheBottom() throws {
        let screen = try screen(document(threads: "[]", state: "error"))
        let bar = try #require(screen.root.children.last)
        #expect(bar.role == .errorBanner)
        #expect(bar.frame == Frame(x: 0, y: 700 - 56, width: 360, height: 56))
        #expect(bar.children.map(\.role) == [.errorBanner, .retryButton])
        #expect(bar.children[0].text == "Error loading threads" && bar.children[0].frame.x == 16)
        #expect(bar.children[1].frame.maxX == 360 - 16 && bar.children[1].frame.midY == bar.frame.midY)
        #expect(try list(screen).children.isEmpty)
    }

    /// `ChatThreadListVC_Tests.test_emptyAppearance`: "No threads here yet..." in the middle of
    /// the screen (the picture above it is the front end's).
    @Test func emptyAppearance_theWordsInTheMiddle() throws {
        let screen = try screen(document(threads: "[]"))
        let empty = try #require(boxes(.emptyState, in: screen).first)
        #expect(empty.text == "No threads here yet...")
        let list = try list(screen)
        #expect(abs(empty.frame.midX - 180) <= 10 && abs(empty.frame.midY - list.frame.midY) <= 12)
    }

    /// `ChatThreadListVC_Tests.test_loadingAppearance` and
    /// `test_didTapOnErrorView_shouldShowLoadingView` (a retry with no threads loads them from
    /// scratch): the spinner in the middle of the screen and nothing else.
    @Test func loadingAppearance_theSpinnerInTheMiddle() throws {
        let screen = try screen(document(threads: "[]", state: "loading"))
        let list = try list(screen)
        #expect(list.children.map(\.role) == [.loadingState])
        let spinner = list.children[0]
        #expect(abs(spinner.frame.midX - 180) <= 10 && abs(spinner.frame.midY - list.frame.midY) <= 12)
    }

    /// `ChatThreadListVC_Tests.test_didTapOnHeaderBannerView_shouldShowLoadingHeaderBannerView`
    /// and `test_didTapOnErrorView_whenThreadsNotEmpty_shouldShowLoadingHeaderBannerView` (a
    /// reload of a list that holds threads): the spinner centred above the items, which stay.
    @Test func reloading_theSpinnerAboveTheItems() throws {
        let screen = try screen(document(state: "reloading"))
        let list = try list(screen)
        #expect(list.children.map(\.role) == [.reloadingIndicator, .threadListItem, .threadListItem])
        let spinner = list.children[0]
        #expect(abs(spinner.frame.midX - 180) <= 10 && spinner.frame.maxY <= list.children[1].frame.y)
    }

    // MARK: - ChatThreadListItemView_Tests (400 points wide)

    /// One item of Stream's first mock thread, changed by `adjust` (the thread's JSON object).
    private func item(_ adjust: (inout [String: Any]) -> Void) throws -> (item: Box, screen: LaidOutScreen) {
        var threads = try #require(try JSONSerialization.jsonObject(with: Data(Self.threads.utf8)) as? [[String: Any]])
        var thread = threads[0]
        thread["read"] = []
        adjust(&thread)
        threads = [thread]
        let json = String(decoding: try JSONSerialization.data(withJSONObject: threads), as: UTF8.self)
        let screen = try screen(document(threads: json), width: 400, height: nil)
        return (try #require(boxes(.threadListItem, in: screen).first), screen)
    }

    private func text(_ role: BoxRole, in item: Box) -> String? {
        item.children.first { $0.role == role }?.text
    }

    /// `ChatThreadListItemView_Tests.test_defaultAppearance`: title, "replied to: Parent
    /// Message", no badge, the last reply's author over its text beside the avatar, its time at
    /// the end of the text's line.
    @Test func item_defaultAppearance() throws {
        let (item, _) = try item { _ in }
        #expect(text(.threadTitle, in: item) == "Star Wars Channel")
        #expect(text(.threadDescription, in: item) == "replied to: Parent Message")
        #expect(text(.replyAuthor, in: item) == "Yoda" && text(.replyPreview, in: item) == "Third Message")
        #expect(!item.children.contains { $0.role == .unreadBadge })
        let avatar = try #require(item.children.first { $0.role == .replyAvatar })
        let author = try #require(item.children.first { $0.role == .replyAuthor })
        let preview = try #require(item.children.first { $0.role == .replyPreview })
        let time = try #require(item.children.first { $0.role == .replyTimestamp })
        #expect(author.frame.x > avatar.frame.maxX && author.frame.y == avatar.frame.y && preview.frame.y == author.frame.maxY)
        #expect(time.frame.y == preview.frame.y && time.frame.maxX == 400 - 8)
    }

    /// `ChatThreadListItemView_Tests.test_defaultAppearance_withThreadTitle`: the thread's title
    /// after "replied to: ".
    @Test func item_withThreadTitle() throws {
        let (item, _) = try item { $0["title"] = "Thread Title" }
        #expect(text(.threadDescription, in: item) == "replied to: Thread Title")
        #expect(text(.threadTitle, in: item) == "Star Wars Channel")
    }

    /// `ChatThreadListItemView_Tests.test_defaultAppearance_withParentMessageDeleted`.
    @Test func item_withParentMessageDeleted() throws {
        let (item, _) = try item { thread in
            var parent = thread["parent_message"] as? [String: Any] ?? [:]
            parent["deleted_at"] = "1970-01-01T00:05:00Z"
            thread["parent_message"] = parent
        }
        #expect(text(.threadDescription, in: item) == "replied to: This message was deleted.")
        #expect(text(.replyPreview, in: item) == "Third Message")
    }

    /// `ChatThreadListItemView_Tests.test_defaultAppearance_withLastReplyDeleted`.
    @Test func item_withLastReplyDeleted() throws {
        let (item, _) = try item { thread in
            var replies = thread["latest_replies"] as? [[String: Any]] ?? []
            replies[2]["deleted_at"] = "1970-01-01T00:05:00Z"
            thread["latest_replies"] = replies
        }
        #expect(text(.replyAuthor, in: item) == "Yoda" && text(.replyPreview, in: item) == "This message was deleted.")
    }

    /// `ChatThreadListItemView_Tests.test_defaultAppearance_whenAttachments`: a parent of only a
    /// giphy is "replied to: giphy" (Stream names the parent's attachment by its raw type); a
    /// reply of only an audio file is "Audio".
    @Test func item_whenAttachments() throws {
        let (item, _) = try item { thread in
            var parent = thread["parent_message"] as? [String: Any] ?? [:]
            parent["text"] = ""
            parent["attachments"] = [["type": "giphy"]]
            thread["parent_message"] = parent
            thread["latest_replies"] = [["id": "r9", "text": "", "user": ["id": "yoda", "name": "Yoda"], "parent_id": "p1",
                                         "created_at": "1970-01-01T00:01:00Z", "attachments": [["type": "audio"]]]]
        }
        #expect(text(.threadDescription, in: item) == "replied to: giphy")
        #expect(text(.replyPreview, in: item) == "Audio")
    }
}

extension Frame {
    /// The middle of the frame, across and down (rounded down).
    var midX: Int { x + width / 2 }
    var midY: Int { y + height / 2 }
}
