import ChatLayoutDecoding
import ChatLayoutICU
import ChatLayoutKit
import ChatLayoutTestSupport
import Testing

/// Issue 30: the navigation Stream's SDKs offer around unread messages — the jump-to-unread
/// button (Stream UIKit's `isJumpToUnreadEnabled` and `JumpToUnreadMessagesButton`, Stream
/// SwiftUI's `JumpToUnreadButton`), opening at the first unread message (UIKit's
/// `shouldJumpToUnreadWhenOpeningChannel`) and a jump to a message placed by the scrolling
/// anchor (SwiftUI's `scrollingAnchor`, UIKit's `.middle`). Laid out in points at 360, lines 24
/// points tall.
@Suite struct JumpToUnreadTests {
    // MARK: Helpers

    /// Twenty messages by Leia and Han, a minute apart; Luke has read up to `lastRead`, and
    /// `unread` are unread.
    private func long(lastRead: Int = 4, unread: Int = 15, _ adjust: @escaping (inout MessageListConfig) -> Void = { _ in }) -> ConversationBuilder {
        var builder = ConversationBuilder().config(adjust)
        for index in 0 ..< 20 {
            builder = builder.message("m\(index)", by: index % 2 == 0 ? "leia" : "han", at: Double(index) * 60,
                                      text: "Message number \(index), long enough to take a line or two of the bubble")
        }
        return builder.read(by: "luke", lastReadMessageID: "m\(lastRead)", unreadMessages: unread)
    }

    private func environment(_ builder: ConversationBuilder) throws -> LayoutEnvironment {
        try ParityLayout.environment(config: builder.config, context: builder.context)
    }

    private func screen(_ builder: ConversationBuilder, _ viewport: Viewport) throws -> LaidOutScreen {
        MessageListScreen.layout(builder.conversation, environment: try environment(builder), width: 360, viewport: viewport)
    }

    private func list(_ builder: ConversationBuilder) throws -> LaidOutList {
        MessageListScreen.list(builder.conversation, environment: try environment(builder), width: 360)
    }

    private func buttons(_ screen: LaidOutScreen) -> [Box] {
        screen.root.children.filter { $0.role == .jumpToUnreadButton }
    }

    /// The ids of the message rows a screen shows.
    private func shownIDs(_ screen: LaidOutScreen) throws -> [String] {
        try #require(screen.root.children.first { $0.role == .messageList }).children.filter { $0.role == .messageRow }.compactMap(\.id)
    }

    private let bottom = Viewport(scrollOffset: .max, height: 400)

    // MARK: The jump-to-unread button

    @Test func button_isOff_byDefault_asStreamUIKit() throws {
        #expect(buttons(try screen(long(), bottom)).isEmpty)
        #expect(MessageListConfig().jumpToUnreadEnabled == false)
    }

    @Test func button_saysTheUnreadCount_atTheTopCentre_whileTheFirstUnreadMessageIsOutOfSight() throws {
        let screen = try screen(long { $0.jumpToUnreadEnabled = true }, bottom)
        #expect(try !shownIDs(screen).contains("m5"), "the first unread message is above the viewport")
        let button = try #require(buttons(screen).first)
        #expect(button.text == "15 unread")
        #expect(button.content == .count(15))
        let header = try #require(screen.root.children.first { $0.role == .channelHeader })
        #expect(button.frame.y == header.frame.maxY, "at the top of the list")
        let middle = button.frame.x + button.frame.width / 2
        #expect(abs(middle - screen.width / 2) <= 1, "centred")
    }

    @Test func button_hides_whileTheFirstUnreadMessageOrItsSeparatorShows() throws {
        let builder = long { $0.jumpToUnreadEnabled = true }
        let list = try list(builder)
        let offset = try #require(list.scrollOffset(showing: "m5", at: .center, height: 400))
        let atIt = try screen(builder, Viewport(scrollOffset: offset, height: 400))
        #expect(try shownIDs(atIt).contains("m5"))
        #expect(buttons(atIt).isEmpty)
        // Scrolled to the top: the first unread message is below the viewport, out of sight
        // too, and the button shows (Stream UIKit: whenever the message is not visible).
        let top = try screen(builder, Viewport(scrollOffset: 0, height: 200))
        #expect(try !shownIDs(top).contains("m5"))
        #expect(buttons(top).count == 1)
    }

    @Test func button_isAbsent_withNothingUnread() throws {
        #expect(buttons(try screen(long(lastRead: 19, unread: 0) { $0.jumpToUnreadEnabled = true }, bottom)).isEmpty)
    }

    @Test func button_findsTheFirstUnreadMessage_withoutTheUnreadSeparator() throws {
        let builder = long {
            $0.jumpToUnreadEnabled = true
            $0.unreadSeparatorEnabled = false
        }
        let list = try list(builder)
        #expect(list.firstUnreadMessageID == "m5")
        #expect(!list.rows.contains { $0.role == .unreadSeparator })
        let offset = try #require(list.scrollOffset(showing: "m5", at: .center, height: 400))
        #expect(buttons(try screen(builder, Viewport(scrollOffset: offset, height: 400))).isEmpty)
        #expect(buttons(try screen(builder, bottom)).count == 1)
    }

    @Test func button_givesWayToTheScrollToLatestButton_whereTheyMeet() throws {
        let builder = long { $0.jumpToUnreadEnabled = true }
        let environment = try environment(builder)
        let header = MessageListScreen.list(builder.conversation, environment: environment, width: 120).header.frame.height
        // One line of list, 120 points wide: the centred pill and the trailing button meet.
        let screen = MessageListScreen.layout(builder.conversation, environment: environment, width: 120,
                                              viewport: Viewport(scrollOffset: 0, height: header + 24))
        #expect(screen.root.children.contains { $0.role == .scrollToLatestButton })
        #expect(buttons(screen).isEmpty)
        // 360 wide, they stand side by side on that line.
        let wide = try self.screen(builder, Viewport(scrollOffset: 0, height: header + 24))
        #expect(wide.root.children.contains { $0.role == .scrollToLatestButton } && buttons(wide).count == 1)
    }

    @Test func button_isOn_inTheStreamSwiftUIProfile_only() {
        #expect(LayoutProfile.streamSwiftUI.defaults().jumpToUnreadEnabled)
        #expect(!LayoutProfile.streamUIKit.defaults().jumpToUnreadEnabled)
        #expect(!LayoutProfile.sendbird.defaults().jumpToUnreadEnabled)
    }

    @Test func button_neverShowsInAThread() throws {
        var builder = ConversationBuilder().config { $0.jumpToUnreadEnabled = true }.message("p", by: "leia", at: 0)
        for index in 0 ..< 20 {
            builder = builder.message("r\(index)", by: index % 2 == 0 ? "han" : "leia", at: Double(index + 1) * 60) { $0.parentID = "p" }
        }
        builder = builder.read(by: "luke", lastReadMessageID: "r2", unreadMessages: 17)
        let thread = try ThreadViewScreen.layout(builder.conversation, parentID: "p", environment: try environment(builder), width: 360,
                                                 height: 300)
        var found = false
        thread.root.walk { box, _ in if box.role == .jumpToUnreadButton { found = true } }
        #expect(!found)
    }

    @Test func button_isTheSame_inTheIncrementalList() throws {
        let builder = long { $0.jumpToUnreadEnabled = true }
        let incremental = try IncrementalMessageList(conversation: builder.conversation, environment: try environment(builder), width: 360)
        for offset in [0, 300, 900, Int.max] {
            let viewport = Viewport(scrollOffset: offset, height: 400)
            #expect(incremental.screen(viewport) == (try list(builder)).screen(viewport), "offset \(offset)")
        }
    }

    // MARK: Opening at the first unread message

    @Test func opening_atTheBottom_byDefault_atTheFirstUnreadMessage_withJumpToUnreadWhenOpening() throws {
        let atBottom = try screen(long(), bottom)
        #expect(try shownIDs(atBottom).last == "m19")
        let builder = long { $0.jumpToUnreadWhenOpening = true }
        let opened = try screen(builder, bottom)
        let list = try list(builder)
        let offset = try #require(list.scrollOffset(showing: "m5", at: .center, height: 400))
        #expect(offset < list.contentHeight - 400, "not the bottom")
        #expect(opened == list.screen(Viewport(scrollOffset: offset, height: 400)), "the first unread message in the middle, as UIKit's jump")
        #expect(try shownIDs(opened).contains("m5"))
    }

    @Test func opening_atTheBottom_withNothingUnread() throws {
        let builder = long(lastRead: 19, unread: 0) { $0.jumpToUnreadWhenOpening = true }
        #expect(try screen(builder, bottom) == screen(long(lastRead: 19, unread: 0), bottom))
    }

    // MARK: Jumping to a message

    @Test func scrollOffset_placesTheMessage_atEachAnchor() throws {
        let list = try list(long())
        let index = try #require(list.rowIndex(ofMessage: "m9"))
        let frame = list.rowFrame(at: index)
        let visible = 400 - list.header.frame.height
        let top = try #require(list.scrollOffset(showing: "m9", at: .top, height: 400))
        let center = try #require(list.scrollOffset(showing: "m9", at: .center, height: 400))
        let bottomOffset = try #require(list.scrollOffset(showing: "m9", at: .bottom, height: 400))
        #expect(top == frame.y)
        #expect(bottomOffset == frame.maxY - visible)
        #expect(abs((center + visible / 2) - (frame.y + frame.height / 2)) <= 1)
        #expect(list.scrollOffset(showing: "nobody", at: .center, height: 400) == nil)
    }

    @Test func scrollOffset_takesTheSeparatorsAboveTheMessage_andClampsToTheList() throws {
        let list = try list(long())
        let index = try #require(list.rowIndex(ofMessage: "m5"))
        #expect(list.rowRole(at: index - 1) == .unreadSeparator)
        #expect(list.scrollOffset(showing: "m5", at: .top, height: 400) == list.rowFrame(at: index - 1).y)
        #expect(list.scrollOffset(showing: "m0", at: .bottom, height: 400) == 0, "clamped at the top")
        #expect(list.scrollOffset(showing: "m19", at: .top, height: 400) == list.contentHeight - (400 - list.header.frame.height),
                "clamped at the bottom")
    }

    @Test func scrollingAnchor_decodes_andIsCenterByDefault() throws {
        #expect(MessageListConfig().scrollingAnchor == .center)
        #expect(try ConfigSnippet.config(#""scrolling_anchor": "top""#).scrollingAnchor == .top)
        #expect(try ConfigSnippet.config(#""jump_to_unread_enabled": true, "jump_to_unread_when_opening": true"#).jumpToUnreadWhenOpening)
        #expect(ConfigSnippet.error(#""scrolling_anchor": "middle""#)?.path == "config.scrolling_anchor")
    }
}
