import ChatLayoutKit
import Testing

/// `date_indicator_placement: both`: Stream UIKit's `messageListDateSeparatorEnabled` and
/// `messageListDateOverlayEnabled` on together — the separators in the list and the date
/// floating over it while it scrolls.
@Suite struct BothDateIndicatorsTests {
    /// Two days of messages, three a day, with `placement`.
    private func twoDays(_ placement: DateIndicatorPlacement) -> ConversationBuilder {
        ConversationBuilder()
            .config { $0.dateIndicatorPlacement = placement }
            .message("a1", by: "leia", at: "2024-03-04T08:00:00Z")
            .message("a2", by: "han", at: "2024-03-04T09:00:00Z")
            .message("a3", by: "leia", at: "2024-03-04T10:00:00Z")
            .message("b1", by: "leia", at: "2024-03-05T08:00:00Z")
            .message("b2", by: "han", at: "2024-03-05T08:30:00Z")
            .message("b3", by: "leia", at: "2024-03-05T09:00:00Z")
    }

    @Test func both_saysWhichIndicatorsItDraws() {
        #expect(DateIndicatorPlacement.both.showsSeparators && DateIndicatorPlacement.both.showsOverlay)
        #expect(DateIndicatorPlacement.messageList.showsSeparators && !DateIndicatorPlacement.messageList.showsOverlay)
        #expect(!DateIndicatorPlacement.overlay.showsSeparators && DateIndicatorPlacement.overlay.showsOverlay)
        #expect(!DateIndicatorPlacement.none.showsSeparators && !DateIndicatorPlacement.none.showsOverlay)
    }

    @Test func both_putsTheMessageListSeparatorsInTheList() throws {
        let both = try twoDays(.both).resolve()
        let listed = try twoDays(.messageList).resolve()
        #expect(both.rows == ["date Yesterday", "a1", "a2", "a3", "date Today", "b1", "b2", "b3"])
        #expect(both.rows == listed.rows)
        #expect(both.messages.map(\.dateLabel) == ["Yesterday", "Yesterday", "Yesterday", "Today", "Today", "Today"])
    }

    @Test func both_floatsTheDateOverAScrollingViewport_besideTheSeparators() throws {
        let builder = twoDays(.both)
        let environment = try ParityLayout.environment(config: builder.config, context: builder.context, points: false)
        let list = MessageListScreen.list(builder.conversation, environment: environment, width: 40)
        // Scrolled to the top, a few rows tall: the first day's separator shows, and over it
        // the date of the message row under the overlay.
        let scrolling = list.screen(Viewport(scrollOffset: 0, height: 8, isScrolling: true))
        let overlays = scrolling.boxesWithRole(.dateOverlay)
        #expect(overlays.map(\.text) == [list.dateOverlayLabel(scrollOffset: 0, visibleHeight: 8)])
        #expect(overlays.first?.text == "Yesterday")
        #expect(scrolling.boxesWithRole(.dateSeparator).map(\.text) == ["Yesterday"])
        // At rest the overlay hides, as UIKit's; the separators stay.
        let rest = list.screen(Viewport(scrollOffset: 0, height: 8))
        #expect(rest.boxesWithRole(.dateOverlay).isEmpty)
        #expect(rest.boxesWithRole(.dateSeparator).map(\.text) == ["Yesterday"])
        // The whole list: both separators.
        #expect(list.screen().boxesWithRole(.dateSeparator).map(\.text) == ["Yesterday", "Today"])
    }

    @Test func messageList_alone_floatsNoDate() throws {
        let builder = twoDays(.messageList)
        let environment = try ParityLayout.environment(config: builder.config, context: builder.context, points: false)
        let list = MessageListScreen.list(builder.conversation, environment: environment, width: 40)
        #expect(list.screen(Viewport(scrollOffset: 0, height: 8, isScrolling: true)).boxesWithRole(.dateOverlay).isEmpty)
    }

    @Test func incrementalList_withBoth_drawsWhatTheWholeListDraws() throws {
        let builder = twoDays(.both)
        let environment = try ParityLayout.environment(config: builder.config, context: builder.context, points: false)
        let whole = MessageListScreen.list(builder.conversation, environment: environment, width: 40)
        let incremental = try IncrementalMessageList(conversation: builder.conversation, environment: environment, width: 40)
        for offset in stride(from: 0, through: whole.contentHeight, by: 3) {
            let viewport = Viewport(scrollOffset: offset, height: 8, isScrolling: true)
            #expect(incremental.dateOverlayLabel(scrollOffset: offset, visibleHeight: 8)
                == whole.dateOverlayLabel(scrollOffset: offset, visibleHeight: 8))
            #expect(incremental.screen(viewport) == whole.screen(viewport), "offset \(offset)")
            #expect(incremental.screen(viewport).boxesWithRole(.dateOverlay).count == 1, "offset \(offset)")
        }
    }

    @Test func streamProfiles_keepTheirDefaults() {
        #expect(LayoutProfile.streamUIKit.defaults().dateIndicatorPlacement == .overlay)
        #expect(LayoutProfile.streamSwiftUI.defaults().dateIndicatorPlacement == .overlay)
        #expect(LayoutProfile.sendbird.defaults().dateIndicatorPlacement == .messageList)
    }
}
