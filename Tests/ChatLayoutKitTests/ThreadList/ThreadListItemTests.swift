import ChatLayoutICU
import ChatLayoutKit
import ChatLayoutTextRenderer
import Testing

/// What a thread-list item says (Stream's `ChatThreadListItemView`): title,
/// "replied to: …", unread badge, the latest reply and its time; the banner of new threads; and
/// how an item fits a narrow row. Formatting through ICU 72 in fixed zones.
struct ThreadListItemTests {
    // MARK: - Title

    @Test func title_isTheChannelName() throws {
        #expect(try item(thread(channelName: "Weekend Hikers")).title == "Weekend Hikers")
    }

    // The channel named as Stream's channel namer does; a thread payload lists no members, so
    // a nameless direct channel is named after the thread's participants.

    @Test func title_ofANamelessDirectChannel_isTheOtherParticipantsNames_withoutTheCurrentUser() throws {
        let participants = [User(id: "han", name: "Han Solo"), User(id: me, name: "Mia Wallace"), User(id: "leia", name: "Leia Organa")]
        #expect(try item(thread(channelName: nil, direct: true, participants: participants)).title == "Han Solo and Leia Organa")
    }

    @Test func title_ofADirectChannel_isTheOtherPersonsName() throws {
        let participants = [User(id: me, name: "Mia Wallace"), User(id: "han", name: "Han Solo")]
        #expect(try item(thread(channelName: nil, direct: true, participants: participants)).title == "Han Solo")
    }

    @Test func title_ofANamelessGroupChannel_isEmpty() throws {
        let participants = [User(id: me, name: "Mia Wallace"), User(id: "han", name: "Han Solo")]
        #expect(try item(thread(channelName: nil, participants: participants)).title == "")
        #expect(try item(thread(channelName: "", participants: participants)).title == "")
    }

    @Test func title_leavesOutParticipantsWithoutAName() throws {
        let participants = [User(id: "chewie"), User(id: me, name: "Mia Wallace"), User(id: "han", name: "Han Solo")]
        #expect(try item(thread(channelName: nil, direct: true, participants: participants)).title == "Han Solo")
        // Nobody else named: the current user's own name, as Stream's namer.
        #expect(try item(thread(channelName: nil, direct: true, participants: [User(id: "chewie"), User(id: me, name: "Mia Wallace")])).title
            == "Mia Wallace")
    }

    // MARK: - Description: "replied to: " + the parent

    @Test func description_isRepliedToAndTheParentsText() throws {
        #expect(try item(thread(parent: parent(text: "Who's in for the Saturday hike?"))).description
            == "replied to: Who's in for the Saturday hike?")
    }

    @Test func description_prefersTheThreadTitleToTheParentsText() throws {
        let thread = thread(parent: parent(text: "Here's the draft for Q2"), title: "Q2 roadmap review")
        #expect(try item(thread).description == "replied to: Q2 roadmap review")
    }

    @Test func description_ofABlankThreadTitle_isTheParentsText() throws {
        let thread = thread(parent: parent(text: "Here's the draft for Q2"), title: " ")
        #expect(try item(thread).description == "replied to: Here's the draft for Q2")
    }

    @Test func description_ofADeletedParent_isThisMessageWasDeleted_evenWithATitle() throws {
        var deleted = parent(text: "Original text")
        deleted.deletedAt = at(2024, 3, 4, 12, 0)
        #expect(try item(thread(parent: deleted, title: "Q2 roadmap review")).description == "replied to: This message was deleted.")
    }

    @Test func description_ofAParentOfTypeDeleted_isThisMessageWasDeleted() throws {
        var deleted = parent(text: "")
        deleted.type = .deleted
        #expect(try item(thread(parent: deleted)).description == "replied to: This message was deleted.")
    }

    @Test func description_ofAnAttachmentOnlyParent_isItsFirstAttachmentsType() throws {
        var photo = parent(text: "")
        photo.attachments = [Attachment(type: "image", title: "sunset.jpg"), Attachment(type: "file", title: "notes.pdf")]
        #expect(try item(thread(parent: photo)).description == "replied to: image")
    }

    // MARK: - Unread badge: the current user's unread replies

    @Test func unread_isTheCurrentUsersUnreadMessages() throws {
        let reads = [ReadState(user: User(id: "luke"), unreadMessages: 9), ReadState(user: User(id: me), unreadMessages: 4)]
        #expect(try item(thread(reads: reads)).unreadCount == 4)
    }

    @Test func unread_ofOtherUsers_isIgnored() throws {
        let reads = [ReadState(user: User(id: "luke"), unreadMessages: 9)]
        #expect(try item(thread(reads: reads)).unreadCount == 0)
    }

    @Test func unread_withoutACurrentUser_isZero() throws {
        let reads = [ReadState(user: User(id: me), unreadMessages: 4)]
        #expect(try item(thread(reads: reads), currentUserID: nil).unreadCount == 0)
    }

    @Test func unreadBadge_showsTheCountAndIsHiddenAtZero() throws {
        let unread = try layout([thread("p1", reads: [ReadState(user: User(id: me), unreadMessages: 4)])], width: 40)
        #expect(boxes(.unreadBadge, in: unread).map { $0.lines } == [["(4)"]])
        let read = try layout([thread("p1", reads: [ReadState(user: User(id: me), unreadMessages: 0)])], width: 40)
        #expect(boxes(.unreadBadge, in: read).isEmpty)
    }

    // MARK: - The latest reply

    @Test func latestReply_isTheNewestOfLatestReplies_whateverTheirOrder() throws {
        let replies = [reply("r2", "Second", at: at(2024, 3, 5, 8, 0)), reply("r3", "Newest", at: at(2024, 3, 5, 9, 0)),
                       reply("r1", "First", at: at(2024, 3, 5, 7, 0))]
        let summary = try #require(try item(thread(replies: replies)).reply)
        #expect(summary.messageID == "r3")
        #expect(summary.preview == "Newest")
    }

    @Test func reply_showsItsAuthorsNameAndInitials() throws {
        let summary = try #require(try item(thread(replies: [reply("r1", "Hi", by: User(id: "han", name: "Han Solo"))])).reply)
        #expect(summary.authorName == "Han Solo")
        #expect(summary.authorInitials == "HS")
    }

    @Test func noReplies_noReplySummary_andATwoLineItem() throws {
        #expect(try item(thread(replies: [])).reply == nil)
        let list = try layout([thread("p1", replies: [])], width: 40)
        #expect(boxes(.threadListItem, in: list).map(\.frame.height) == [2])
        #expect(boxes(.replyPreview, in: list).isEmpty)
    }

    @Test func preview_isTheRepliesText() throws {
        #expect(try item(thread(replies: [reply("r1", "Count me in!")])).reply?.preview == "Count me in!")
    }

    @Test(arguments: [("image", "Image"), ("video", "Video"), ("file", "File"), ("giphy", "Giphy")])
    func preview_ofAnAttachmentOnlyReply_isItsTypeCapitalised(type: String, shown: String) throws {
        var photo = reply("r1", "")
        photo.attachments = [Attachment(type: type, title: "x")]
        #expect(try item(thread(replies: [photo])).reply?.preview == shown)
    }

    @Test func preview_ofADeletedReply_isThisMessageWasDeleted() throws {
        var deleted = reply("r1", "Oops, wrong thread")
        deleted.deletedAt = at(2024, 3, 5, 9, 0)
        var typed = reply("r2", "Gone", at: at(2024, 3, 5, 9, 30))
        typed.type = .deleted
        #expect(try item(thread(replies: [deleted])).reply?.preview == "This message was deleted.")
        #expect(try item(thread(replies: [typed])).reply?.preview == "This message was deleted.")
    }

    @Test func preview_ofADeletedAttachmentReply_withoutText_isItsType_asStreamChecksTheTextFirst() throws {
        var deleted = reply("r1", "")
        deleted.attachments = [Attachment(type: "image")]
        deleted.deletedAt = at(2024, 3, 5, 9, 0)
        #expect(try item(thread(replies: [deleted])).reply?.preview == "Image")
    }

    @Test func preview_ofAPollOrALocation_namesIt() throws {
        var poll = reply("r1", "")
        poll.poll = Poll(question: "Where?", options: [Poll.Option(text: "Here")])
        #expect(try item(thread(replies: [poll])).reply?.preview == "Poll")
        var location = reply("r1", "")
        location.sharedLocation = SharedLocation(latitude: 52.5, longitude: 13.4, endAt: at(2024, 3, 5, 12, 0))
        #expect(try item(thread(replies: [location])).reply?.preview == "Live location")
        #expect(try item(thread(parent: poll)).description == "replied to: Poll")
    }

    // MARK: - The reply's time (now: Tuesday 2024-03-05, 11:00 in Berlin)

    @Test func time_today_isTheShortTime_withICUsNarrowNoBreakSpace() throws {
        #expect(try replyTime(at(2024, 3, 5, 8, 41)) == "9:41\u{202F}AM")
    }

    @Test func time_yesterday_isYesterday() throws {
        #expect(try replyTime(at(2024, 3, 4, 8, 41)) == "Yesterday")
    }

    @Test(arguments: [(3, 3, "Sunday"), (3, 2, "Saturday"), (3, 1, "Friday"), (2, 29, "Thursday"), (2, 28, "Wednesday")])
    func time_twoToSixDaysAgo_isTheWeekday(month: Int, day: Int, weekday: String) throws {
        #expect(try replyTime(at(2024, month, day, 12, 0)) == weekday)
    }

    @Test func time_withinSevenDaysAsAnInstant_isTheWeekday_andEarlier_theShortDate() throws {
        // Stream's "last week": later than now − 7 days (2024-02-27 10:00 UTC), not calendar days.
        #expect(try replyTime(at(2024, 2, 28, 12, 0)) == "Wednesday")
        #expect(try replyTime(at(2024, 2, 27, 12, 0)) == "Tuesday")
        #expect(try replyTime(at(2024, 2, 27, 9, 0)) == "2/27/24")
    }

    @Test func time_theIssuesExample_isTuesday() throws {
        // now 03-19 10:00Z, reply 03-12 10:37Z: 6 days 23 hours before.
        #expect(try replyTime(at(2024, 3, 12, 10, 37), now: at(2024, 3, 19, 10, 0), zone: "UTC") == "Tuesday")
    }

    @Test func time_lastYear_isTheShortDateWithTheYear() throws {
        #expect(try replyTime(at(2023, 12, 24, 18, 0)) == "12/24/23")
    }

    @Test func time_isReadInTheDocumentsZone_acrossMidnight() throws {
        // 23:20 UTC is already 00:20 on Wednesday in Berlin.
        let now = at(2024, 3, 5, 23, 20)
        #expect(try replyTime(at(2024, 3, 5, 23, 5), now: now, zone: "Europe/Berlin") == "12:05\u{202F}AM")
        #expect(try replyTime(at(2024, 3, 5, 22, 50), now: now, zone: "Europe/Berlin") == "Yesterday")
        // The same instants in UTC are both today.
        #expect(try replyTime(at(2024, 3, 5, 22, 50), now: now, zone: "UTC") == "10:50\u{202F}PM")
    }

    @Test func time_westOfUTC_isStillTheDayBefore() throws {
        // 04:30 UTC on the 6th is 23:30 on the 5th in New York: 05:10 UTC on the 5th is today there.
        let now = at(2024, 3, 6, 4, 30)
        #expect(try replyTime(at(2024, 3, 5, 5, 10), now: now, zone: "America/New_York") == "12:10\u{202F}AM")
        #expect(try replyTime(at(2024, 3, 5, 4, 50), now: now, zone: "America/New_York") == "Yesterday")
        #expect(try replyTime(at(2024, 3, 5, 5, 10), now: now, zone: "UTC") == "Yesterday")
    }

    @Test func time_inGerman_isWrittenInGerman() throws {
        #expect(try replyTime(at(2024, 3, 5, 8, 41), locale: "de_DE") == "09:41")
        #expect(try replyTime(at(2024, 3, 3, 12, 0), locale: "de_DE") == "Sonntag")
        let shortDate = try replyTime(at(2024, 2, 20, 12, 0), locale: "de_DE")
        #expect(shortDate == "20.2.24")
    }

    // MARK: - The banner of new threads, after the document's events

    @Test func banner_oneUnknownThread_isOneNewThread() throws {
        let decisions = try screenDecisions(threads: [thread("p1")], events: [newReply("x1", in: "p9")])
        #expect(decisions.newThreadsBanner == "1 new thread")
    }

    @Test func banner_threeUnknownThreads_isThreeNewThreads_countingEachOnce() throws {
        let events = [newReply("x1", in: "p7"), newReply("x2", in: "p8"), newReply("x3", in: "p7"), newReply("x4", in: "p9")]
        let decisions = try screenDecisions(threads: [thread("p1")], events: events)
        #expect(decisions.newThreadsBanner == "3 new threads")
    }

    @Test func banner_repliesInListedThreads_showNoBanner() throws {
        let decisions = try screenDecisions(threads: [thread("p1")], events: [newReply("x1", in: "p1")])
        #expect(decisions.newThreadsBanner == nil)
        #expect(decisions.items.first?.reply?.messageID == "x1")
    }

    /// Stream's banner of new threads (`ChatThreadListHeaderBannerView`): a bar across the whole
    /// width above the first item, its words at the leading edge.
    @Test func banner_isABarAcrossTheList_aboveTheFirstItem_itsWordsAtTheLeadingEdge() throws {
        let conversation = Conversation(threads: [thread("p1")], events: [newReply("x1", in: "p9"), newReply("x2", in: "p8")])
        let list = try layout(conversation, width: 40)
        let banners = boxes(.newThreadsBanner, in: list)
        let bar = try #require(banners.first)
        let label = try #require(bar.children.first)
        #expect(bar.frame.x == 0 && bar.frame.width == 40 && bar.frame.height == 1)
        #expect(label.role == .newThreadsBanner && label.lines == ["2 new threads"] && label.frame.x == 2 && label.frame.y == bar.frame.y)
        let firstItem = try #require(boxes(.threadListItem, in: list).first)
        #expect(bar.frame.maxY <= firstItem.frame.y)
        // Right to left: the words at the right.
        let mirrored = try layout(conversation, width: 40, direction: .rightToLeft)
        let rtlLabel = try #require(boxes(.newThreadsBanner, in: mirrored).dropFirst().first)
        #expect(rtlLabel.frame.maxX == 38)
    }

    /// In points the bars are Stream's 56 points tall, the words centred on that height.
    @Test func bars_inPoints_areFiftySixPointsTall() throws {
        let conversation = Conversation(threads: [thread("p1")], threadListState: .error,
                                        events: [newReply("x1", in: "p9")])
        let screen = try layout(conversation, width: 360, points: true)
        for role in [BoxRole.newThreadsBanner, .errorBanner] {
            let bar = try #require(boxes(role, in: screen).first)
            let label = try #require(bar.children.first { $0.role == role })
            #expect(bar.frame.height == 56 && bar.frame.width == 360, "\(role)")
            #expect(label.frame.x == 16 && label.frame.y - bar.frame.y == (56 - 24) / 2, "\(role)")
        }
    }

    @Test func events_reorderTheItems_andBumpTheUnreadBadge() throws {
        let threads = [thread("p1", lastAt: at(2024, 3, 5, 9, 0)), thread("p2", lastAt: at(2024, 3, 4, 9, 0))]
        let decisions = try screenDecisions(threads: threads, events: [newReply("x1", in: "p2")])
        #expect(decisions.items.map(\.parentMessageID) == ["p2", "p1"])
        #expect(decisions.items.map(\.unreadCount) == [1, 0])
    }

    // MARK: - Phases: which items a state shows

    @Test(arguments: [ListLoadingState.loading, .loaded])
    func loadingAndEmpty_showNoItems(state: ListLoadingState) throws {
        let decisions = try screenDecisions(threads: [], state: state)
        #expect(decisions.items.isEmpty)
        #expect(decisions.phase == (state == .loading ? .loading : .empty))
    }

    @Test(arguments: [ListLoadingState.error, .loadingMore, .reloading])
    func errorLoadingMoreAndReloading_keepTheThreadsOnScreen(state: ListLoadingState) throws {
        let decisions = try screenDecisions(threads: [thread("p1"), thread("p2", lastAt: at(2024, 3, 4, 9, 0))], state: state)
        #expect(decisions.items.map(\.parentMessageID) == ["p1", "p2"])
    }

    @Test func states_drawTheirRows() throws {
        func roles(_ state: ListLoadingState, _ threads: [ChatThread]) throws -> [BoxRole] {
            try layout(Conversation(threads: threads, threadListState: state), width: 40).root.children[1].children.map(\.role)
        }
        let one = [thread("p1")]
        #expect(try roles(.loading, []) == [.loadingState])
        #expect(try roles(.loaded, []) == [.emptyState])
        // The error bar is not a row: it is pinned to the bottom of the screen.
        #expect(try roles(.error, []) == [])
        #expect(try roles(.error, one) == [.threadListItem])
        #expect(try roles(.loadingMore, one) == [.threadListItem, .loadingMoreIndicator])
        #expect(try roles(.reloading, one) == [.reloadingIndicator, .threadListItem])
        #expect(try roles(.loaded, one) == [.threadListItem])
    }

    /// Stream's `ChatThreadListVC` pins its error view to the bottom of the screen: under the
    /// whole list on a screen without a viewport, over the last line of a viewport.
    @Test func errorBar_isPinnedToTheBottomOfTheScreen() throws {
        let conversation = Conversation(threads: [thread("p1"), thread("p2", lastAt: at(2024, 3, 4, 9, 0))], threadListState: .error)
        let whole = try layout(conversation, width: 40)
        let bar = try #require(whole.root.children.last)
        #expect(bar.role == .errorBanner && bar.frame.maxY == whole.height && bar.frame.x == 0 && bar.frame.width == 40)
        let list = whole.root.children[1]
        #expect(list.frame.maxY == bar.frame.y)
        #expect(bar.children.map(\.role) == [.errorBanner, .retryButton])
        #expect(bar.children[1].frame.maxX == 38 && bar.children[0].frame.x == 2)
        for height in [6, 9, 30] {
            let screen = try layout(conversation, width: 40, viewport: Viewport(scrollOffset: 0, height: height))
            let pinned = try #require(screen.root.children.last)
            #expect(pinned.role == .errorBanner && pinned.frame.maxY == height, "height \(height)")
        }
    }

    @Test func states_sayWhatStreamSays() throws {
        let empty = try layout(Conversation(threadListState: .loaded), width: 40)
        #expect(boxes(.emptyState, in: empty).first?.lines == ["No threads here yet..."])
        let error = try layout(Conversation(threadListState: .error), width: 40)
        #expect(boxes(.errorBanner, in: error).first?.text == "Error loading threads")
        #expect(boxes(.retryButton, in: error).first?.lines == ["[ Retry ]"])
    }

    // MARK: - Fitting a row

    @Test func narrowRows_cutLongTitlesAndNames_andKeepTheUnreadBadge() throws {
        let long = thread("p1", channelName: "Neighbourhood Community Garden Volunteers of Kreuzberg",
                          replies: [reply("r1", "Count me in, I can bring two wheelbarrows",
                                          by: User(id: "max", name: "Maximilian Alexander von Habsburg-Lothringen"))],
                          reads: [ReadState(user: User(id: me), unreadMessages: 120)])
        for width in 12 ... 60 {
            let list = try layout([long], width: width)
            let row = try #require(boxes(.threadListItem, in: list).first)
            let badge = try #require(boxes(.unreadBadge, in: list).first, "no badge at width \(width)")
            let title = try #require(boxes(.threadTitle, in: list).first)
            let description = try #require(boxes(.threadDescription, in: list).first)
            let author = try #require(boxes(.replyAuthor, in: list).first)
            #expect(badge.lines == ["(99+)"], "width \(width)")
            #expect(badge.frame.maxX <= width - 1, "badge outside the row at width \(width)")
            #expect(badge.frame.y == description.frame.y, "badge off the \"replied to\" line at width \(width)")
            #expect(description.frame.maxX < badge.frame.x, "\"replied to\" runs into the badge at width \(width)")
            // Whole where the line holds them (the title and the name each have a line), else cut.
            #expect(title.lines.first?.hasSuffix("…") == true || title.lines == ["Neighbourhood Community Garden Volunteers of Kreuzberg"],
                    "title at width \(width)")
            #expect(author.lines.first?.hasSuffix("…") == true || author.lines == ["Maximilian Alexander von Habsburg-Lothringen"],
                    "author at width \(width)")
            if width <= 40 {
                #expect(title.lines.first?.hasSuffix("…") == true && author.lines.first?.hasSuffix("…") == true, "not cut at width \(width)")
            }
            #expect(title.frame.maxX <= width - 1 && author.frame.maxX <= width - 1, "width \(width)")
            for child in row.children {
                #expect(row.frame.contains(child.frame), "\(child.role) outside its row at width \(width)")
                for other in row.children where other != child {
                    #expect(!child.frame.intersects(other.frame), "\(child.role) overlaps \(other.role) at width \(width)")
                }
            }
        }
    }

    /// Stream's `ChatThreadListItemView_Tests.test_defaultAppearance_withUnreads`, re-expressed:
    /// the icon and title on the first line; "replied to: …" under them from the leading edge,
    /// the unread badge at its trailing end; the reply's avatar two lines tall at the leading
    /// edge, beside the author's name over the preview, the time at the end of the preview's line.
    @Test func item_isStreamsArrangement_titleThenRepliedToAndBadge_thenAvatarBesideAuthorOverPreviewAndTime() throws {
        let han = thread("p1", replies: [reply("r1", "Me! Saving a seat for Chewie too", by: User(id: "han", name: "Han Solo"))],
                         reads: [ReadState(user: User(id: me), unreadMessages: 4)])
        for width in [24, 40, 80] {
            let list = try layout([han], width: width)
            let row = try #require(boxes(.threadListItem, in: list).first)
            let icon = try #require(boxes(.threadIcon, in: list).first)
            let title = try #require(boxes(.threadTitle, in: list).first)
            let description = try #require(boxes(.threadDescription, in: list).first)
            let badge = try #require(boxes(.unreadBadge, in: list).first)
            let avatar = try #require(boxes(.replyAvatar, in: list).first, "no avatar at width \(width)")
            let author = try #require(boxes(.replyAuthor, in: list).first)
            let preview = try #require(boxes(.replyPreview, in: list).first)
            let time = try #require(boxes(.replyTimestamp, in: list).first)
            #expect(icon.frame.y == row.frame.y && title.frame.y == row.frame.y && icon.frame.maxX < title.frame.x)
            #expect(description.frame.y == row.frame.y + 1 && description.frame.x == icon.frame.x, "width \(width)")
            #expect(badge.frame.y == description.frame.y && badge.frame.maxX == width - 1, "width \(width)")
            #expect(avatar.frame.x == icon.frame.x && avatar.frame.y == row.frame.y + 2 && avatar.frame.height == 2, "width \(width)")
            #expect(avatar.frame.width == 4 && avatar.lines == ["HS"], "width \(width)")
            #expect(author.frame.y == avatar.frame.y && preview.frame.y == avatar.frame.y + 1, "width \(width)")
            #expect(author.frame.x == preview.frame.x && author.frame.x > avatar.frame.maxX, "width \(width)")
            #expect(time.frame.y == preview.frame.y && time.frame.maxX == width - 1 && preview.frame.maxX < time.frame.x, "width \(width)")
            #expect(row.frame.height == 4, "width \(width)")
        }
        let wide = try layout([han], width: 80)
        #expect(boxes(.replyPreview, in: wide).first?.lines == ["Me! Saving a seat for Chewie too"])
        let narrow = try layout([han], width: 24)
        #expect(boxes(.replyPreview, in: narrow).first?.lines.first?.hasSuffix("…") == true)
    }

    /// Too narrow for the avatar and a line's worth beside it: the name and the preview keep
    /// the line from the leading edge, and the avatar gives its place up.
    @Test func narrowRows_dropTheAvatar_ratherThanSqueezeTheNameAndPreview() throws {
        let han = thread("p1", replies: [reply("r1", "Me! Saving a seat for Chewie too", by: User(id: "han", name: "Han Solo"))])
        let narrow = try layout([han], width: 14)
        #expect(boxes(.replyAvatar, in: narrow).isEmpty)
        let author = try #require(boxes(.replyAuthor, in: narrow).first)
        let description = try #require(boxes(.threadDescription, in: narrow).first)
        #expect(author.frame.x == description.frame.x)
        #expect(try #require(boxes(.replyPreview, in: narrow).first).frame.x == author.frame.x)
    }

    @Test func replyAvatar_ofWideInitials_keepsTheFirstInitial() throws {
        let yuki = thread("p1", replies: [reply("r1", "ありがとう", by: User(id: "yuki", name: "佐藤 由紀"))])
        let list = try layout([yuki], width: 40)
        #expect(boxes(.replyAvatar, in: list).first?.lines == ["佐"])
    }

    @Test func items_areThreadListItemBoxes_identifiedByTheParentMessage() throws {
        let list = try layout([thread("p1"), thread("p2", lastAt: at(2024, 3, 4, 9, 0))], width: 40)
        let items = boxes(.threadListItem, in: list)
        #expect(items.map(\.id) == ["p1", "p2"])
        #expect(items[0].children.map(\.role).sorted { $0.rawValue < $1.rawValue }
            == [.replyAuthor, .replyAvatar, .replyPreview, .replyTimestamp, .threadDescription, .threadIcon, .threadTitle])
    }

    // MARK: - Helpers

    private let me = "mia"
    private let now = at(2024, 3, 5, 10, 0)

    private func formatter(locale: String = "en_US", zone: String = "Europe/Berlin") throws -> ICULocaleFormatter {
        try ICULocaleFormatter(locale: locale, timeZone: zone)
    }

    private func context(currentUserID: String? = "mia", now: Timestamp? = nil, zone: String = "Europe/Berlin",
                         locale: String = "en_US") -> LayoutContext {
        LayoutContext(currentUserID: currentUserID, now: now ?? self.now, timeZone: zone, locale: locale)
    }

    private func item(_ thread: ChatThread, currentUserID: String? = "mia") throws -> ThreadListItem {
        ThreadListResolver(try LayoutEnvironment(config: MessageListConfig(), context: context(currentUserID: currentUserID),
                                                 formatter: try formatter(), measurer: ICUTextEngine())).item(thread)
    }

    private func replyTime(_ instant: Timestamp, now: Timestamp? = nil, zone: String = "Europe/Berlin",
                           locale: String = "en_US") throws -> String? {
        let resolver = ThreadListResolver(try LayoutEnvironment(config: MessageListConfig(),
                                                                context: context(now: now, zone: zone, locale: locale),
                                                                formatter: try formatter(locale: locale, zone: zone),
                                                                measurer: ICUTextEngine()))
        return resolver.item(thread(replies: [reply("r1", "Hi", at: instant)])).reply?.timestamp
    }

    private func screenDecisions(threads: [ChatThread], events: [ThreadEvent] = [], state: ListLoadingState = .loaded) throws -> ThreadListDecisions {
        ThreadListScreen.decisions(Conversation(threads: threads, threadListState: state, events: events), environment:
                try LayoutEnvironment(config: MessageListConfig(), context: context(), formatter: try formatter(),
                                      measurer: ICUTextEngine()))
    }

    private func layout(_ threads: [ChatThread], width: Int) throws -> LaidOutScreen {
        try layout(Conversation(threads: threads), width: width)
    }

    private func layout(_ conversation: Conversation, width: Int, direction: LayoutDirection? = nil, points: Bool = false,
                        viewport: Viewport? = nil) throws -> LaidOutScreen {
        var config = MessageListConfig()
        config.layoutDirection = direction
        let measurer: any TextMeasuring = points ? TenfoldMeasurer(pointsLineHeight: 24) : ICUTextEngine()
        return ThreadListScreen.layout(conversation, environment: try LayoutEnvironment(config: config, context: context(),
                                                                                        formatter: try formatter(), measurer: measurer,
                                                                                        presentation: points ? PlainPresentation() : TerminalPresentation()),
                                       width: width, viewport: viewport)
    }

    private func boxes(_ role: BoxRole, in screen: LaidOutScreen) -> [Box] {
        var found: [Box] = []
        screen.root.walk { box, _ in if box.role == role { found.append(box) } }
        return found
    }

    private func parent(_ id: String = "p1", text: String) -> Message {
        Message(id: id, text: text, user: User(id: "luke", name: "Luke Skywalker"), createdAt: at(2024, 3, 4, 16, 58))
    }

    private func reply(_ id: String, _ text: String, by user: User = User(id: "leia", name: "Leia Organa"),
                       at instant: Timestamp? = nil, in parentID: String = "p1") -> Message {
        Message(id: id, text: text, type: .reply, user: user, createdAt: instant ?? at(2024, 3, 5, 8, 41), parentID: parentID)
    }

    private func thread(_ parentID: String = "p1", channelName: String? = "Weekend Hikers", direct: Bool = false, participants: [User] = [],
                        parent: Message? = nil, title: String? = nil, replies: [Message]? = nil, reads: [ReadState] = [],
                        lastAt: Timestamp? = nil) -> ChatThread {
        let replies = replies ?? [reply("\(parentID)-r1", "Count me in!", in: parentID)]
        return ChatThread(parentMessageID: parentID, parentMessage: parent ?? self.parent(parentID, text: "Who's in?"),
                          channel: Channel(cid: direct ? "messaging:!members-\(parentID)" : "messaging:\(parentID)", name: channelName), title: title,
                          replyCount: replies.count, threadParticipants: participants, latestReplies: replies, read: reads,
                          lastMessageAt: lastAt ?? replies.map(\.createdAt).max() ?? at(2024, 3, 5, 9, 0))
    }

    private func newReply(_ id: String, in parentID: String) -> ThreadEvent {
        .threadMessageNew(reply: reply(id, "New reply", at: at(2024, 3, 5, 9, 30), in: parentID), parentMessageID: parentID,
                          thread: nil, createdAt: at(2024, 3, 5, 9, 30))
    }
}

/// An instant given in UTC.
private func at(_ year: Int, _ month: Int, _ day: Int, _ hour: Int, _ minute: Int) -> Timestamp {
    let text = String(format: "%04d-%02d-%02dT%02d:%02d:00Z", year, month, day, hour, minute)
    return Timestamp(rfc3339: text)!
}
