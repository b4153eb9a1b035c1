import ChatLayoutDecoding
import ChatLayoutICU
import ChatLayoutKit
import ChatLayoutTestSupport
import Testing

/// Issue 30: Stream SwiftUI's remaining layout options — the new-messages separator's words and
/// size, the list date's size, the reactions' top padding, the spacer beside a bubble, the
/// quote's padding, where a short list sits, SwiftUI 5's typing placements. Each test lays the
/// same conversation out with the option off (today's layout) and on, and reads the difference
/// in the decisions and in the box tree (in points at 360, lines 24 points tall, unless it says
/// cells).
@Suite struct SwiftUIOptionsTests {
    // MARK: Helpers

    private func screen(_ builder: ConversationBuilder, points: Bool = true, width: Int = 360) throws -> LaidOutScreen {
        try ParityLayout.screen(builder, points: points, width: width)
    }

    /// The screen through `viewport`.
    private func screen(_ builder: ConversationBuilder, viewport: Viewport) throws -> LaidOutScreen {
        MessageListScreen.layout(builder.conversation, environment: try ParityLayout.environment(config: builder.config, context: builder.context),
                                 width: 360, viewport: viewport)
    }

    /// The message list's rows, top to bottom.
    private func rows(_ screen: LaidOutScreen) throws -> [Box] {
        try #require(screen.root.children.first { $0.role == .messageList }).children
    }

    /// The first box of `role` anywhere in the screen.
    private func first(_ role: BoxRole, in screen: LaidOutScreen) -> Box? {
        var found: Box?
        screen.root.walk { box, _ in if box.role == role && found == nil { found = box } }
        return found
    }

    private func config(_ members: String) throws -> MessageListConfig { try ConfigSnippet.config(members) }

    private func error(_ members: String) -> DocumentError? { ConfigSnippet.error(members) }

    // MARK: 1. The new-messages separator

    /// Leia, Han and Leia; Luke has read the first.
    private func unread(_ adjust: @escaping (inout MessageListConfig) -> Void = { _ in }) -> ConversationBuilder {
        ConversationBuilder()
            .config(adjust)
            .message("m1", by: "leia", at: 0)
            .message("m2", by: "han", at: 60)
            .message("m3", by: "leia", at: 120)
            .read(by: "luke", lastReadMessageID: "m1", unreadMessages: 2)
    }

    @Test func unreadSeparator_saysUnreadMessages_byDefault() throws {
        #expect(try unread().resolve().rows == ["m1", "unread Unread messages", "m2", "m3"])
        let separator = try #require(try rows(screen(unread())).first { $0.role == .unreadSeparator })
        #expect(separator.text == "Unread messages")
    }

    @Test func unreadSeparator_saysNewMessages_withTheNewMessagesLabel() throws {
        let builder = unread { $0.unreadSeparatorLabel = .newMessages }
        #expect(try builder.resolve().rows == ["m1", "unread New messages", "m2", "m3"], "where it stands is the same")
        let separator = try #require(try rows(screen(builder)).first { $0.role == .unreadSeparator })
        #expect(separator.text == "New messages")
    }

    @Test func newMessagesLabel_isTranslated() throws {
        let german = unread { $0.unreadSeparatorLabel = .newMessages }.context { $0.locale = "de_DE" }
        #expect(try german.resolve().rows.contains("unread Neue Nachrichten"))
        #expect(ChatStrings(locale: "ja_JP").unreadSeparator(.newMessages) == "新着メッセージ")
        #expect(ChatStrings().unreadSeparator(.unreadMessages) == ChatStrings().unreadMessages)
    }

    @Test func newMessagesLabel_theIncrementalListWritesItToo() throws {
        let builder = unread { $0.unreadSeparatorLabel = .newMessages }
        let environment = try ParityLayout.environment(config: builder.config, context: builder.context)
        let incremental = try IncrementalMessageList(conversation: builder.conversation, environment: environment, width: 360)
        let separator = try #require(incremental.list.rows.first { $0.role == .unreadSeparator })
        #expect(separator.text == "New messages")
        #expect(incremental.screen() == (try screen(builder)))
    }

    @Test func unreadSeparator_isALineTall_byDefault() throws {
        let list = try rows(screen(unread()))
        let separator = try #require(list.first { $0.role == .unreadSeparator })
        #expect(separator.frame.height == ParityLayout.lineHeight)
    }

    @Test func newMessagesSeparatorSize_makesTheSeparatorsRowThatTall_itsWordsOnItsFirstLine() throws {
        let plain = try rows(screen(unread()))
        let sized = try rows(screen(unread { $0.newMessagesSeparatorSize = 50 }))
        let separator = try #require(sized.first { $0.role == .unreadSeparator })
        #expect(separator.frame.height == 50)
        #expect(separator.placedLines.count == 1 && separator.text == "Unread messages")
        // Every row under it moves down by what it grew; the rows above stay.
        let grown = 50 - ParityLayout.lineHeight
        #expect(zip(plain, sized).map { $1.frame.y - $0.frame.y } == [0, 0, grown, grown])
    }

    @Test func newMessagesSeparatorSize_isAtLeastALine() throws {
        let separator = try #require(try rows(screen(unread { $0.newMessagesSeparatorSize = 4 })).first { $0.role == .unreadSeparator })
        #expect(separator.frame.height == ParityLayout.lineHeight)
    }

    @Test func newMessagesSeparatorSize_cellsKeepALine() throws {
        let plain = try screen(unread(), points: false, width: 40)
        let sized = try screen(unread { $0.newMessagesSeparatorSize = 50 }, points: false, width: 40)
        #expect(plain == sized)
    }

    // MARK: 2. The list date's size

    private func dated(_ adjust: @escaping (inout MessageListConfig) -> Void = { _ in }) -> ConversationBuilder {
        ConversationBuilder()
            .config { $0.dateIndicatorPlacement = .messageList; adjust(&$0) }
            .message("m1", by: "leia", at: "2024-03-04T09:00:00Z")
            .message("m2", by: "han", at: "2024-03-05T09:00:00Z")
    }

    @Test func dateSeparators_areALineTall_byDefault() throws {
        let dates = try rows(screen(dated())).filter { $0.role == .dateSeparator }
        #expect(dates.map(\.text) == ["Yesterday", "Today"])
        #expect(dates.allSatisfy { $0.frame.height == ParityLayout.lineHeight })
    }

    @Test func overlayDateLabelSize_makesEachDateSeparatorThatTall() throws {
        let list = try rows(screen(dated { $0.overlayDateLabelSize = 40 }))
        let dates = list.filter { $0.role == .dateSeparator }
        #expect(dates.map(\.text) == ["Yesterday", "Today"])
        #expect(dates.allSatisfy { $0.frame.height == 40 && $0.placedLines.count == 1 })
        // The unread separator keeps its line: each size is its own separator's.
        let both = try rows(screen(unread { $0.overlayDateLabelSize = 40 }))
        #expect(both.first { $0.role == .unreadSeparator }?.frame.height == ParityLayout.lineHeight)
    }

    @Test func overlayDateLabelSize_cellsKeepALine() throws {
        #expect(try screen(dated(), points: false, width: 40) == screen(dated { $0.overlayDateLabelSize = 40 }, points: false, width: 40))
    }

    // MARK: 3. The reactions' top padding

    /// Leia's message with Han's like.
    private func liked(_ adjust: @escaping (inout MessageListConfig) -> Void = { _ in }) -> ConversationBuilder {
        ConversationBuilder().config(adjust).message("m1", by: "leia", at: 0) { message in
            message.reactionScores = [(type: "like", score: 1)]
            message.latestReactions = [Reaction(type: "like", userID: "han")]
        }
    }

    /// The row, its bubble and its reactions.
    private func reactionParts(_ builder: ConversationBuilder) throws -> (row: Box, bubble: Box, reactions: Box) {
        let screen = try screen(builder)
        let row = try #require(try rows(screen).first { $0.role == .messageRow })
        return (row, try #require(first(.bubble, in: screen)), try #require(first(.reactions, in: screen)))
    }

    @Test func reactions_takeTheLayoutsOwn24Points_overTheBubble_byDefault() throws {
        let parts = try reactionParts(liked())
        #expect(parts.bubble.frame.y - parts.row.frame.y == 24)
        #expect(parts.reactions.frame.y == parts.row.frame.y)
    }

    @Test(arguments: [0, 10, 24, 50])
    func reactionsTopPadding_startsTheBubbleThatFarDown_theReactionsAtTheRowsTop(_ padding: Int) throws {
        let parts = try reactionParts(liked { $0.reactionsTopPadding = Double(padding) })
        #expect(parts.bubble.frame.y - parts.row.frame.y == padding)
        #expect(parts.reactions.frame.y == parts.row.frame.y)
        // Taller than the reactions' bubble (38 points): a gap between them.
        #expect(parts.bubble.frame.y - parts.reactions.frame.maxY == padding - parts.reactions.frame.height)
    }

    @Test func reactionsTopPadding_withoutReactions_changesNothing() throws {
        let plain = ConversationBuilder().message("m1", by: "leia", at: 0)
        #expect(try screen(plain) == screen(plain.config { $0.reactionsTopPadding = 50 }))
    }

    @Test func reactionsTopPadding_cellsKeepTheReactionsRow() throws {
        #expect(try screen(liked(), points: false, width: 40) == screen(liked { $0.reactionsTopPadding = 50 }, points: false, width: 40))
    }

    // MARK: 4. The spacer beside a bubble

    private func longText(_ adjust: @escaping (inout MessageListConfig) -> Void = { _ in }) -> ConversationBuilder {
        ConversationBuilder().config(adjust)
            .message("m1", by: "leia", at: 0, text: String(repeating: "a long message that wraps ", count: 12))
            .message("m2", by: "luke", at: 30, text: String(repeating: "my long answer that wraps ", count: 12))
    }

    /// The bubbles' widths, top to bottom.
    private func bubbleWidths(_ screen: LaidOutScreen) -> [Int] {
        var widths: [Int] = []
        screen.root.walk { box, _ in if box.role == .bubble { widths.append(box.frame.width) } }
        return widths
    }

    @Test func widestBubble_isThreeQuartersOfTheRow_lessPaddingsAndAvatar_byDefault() throws {
        // 360 × 75 % − 2 × 8 − (32 + 8) = 214 for Leia's; Luke's has no avatar column: 254.
        let widths = bubbleWidths(try screen(longText()))
        #expect(widths.count == 2 && widths[0] <= 214 && widths[0] > 214 - 30 && widths[1] <= 254 && widths[1] > 254 - 30)
    }

    @Test func spacerWidth_leavesThatMuchFree_besideTheWidestBubble() throws {
        // 360 − 2 × 8 − 40 − 20 = 284 for Leia's; 324 for Luke's.
        let wide = bubbleWidths(try screen(longText { $0.spacerWidth = 20 }))
        #expect(wide[0] > 214 && wide[0] <= 284 && wide[1] > 254 && wide[1] <= 324)
        // 360 − 16 − 40 − 200 = 104.
        let narrow = bubbleWidths(try screen(longText { $0.spacerWidth = 200 }))
        #expect(narrow[0] <= 104 && narrow[0] > 104 - 30 && narrow[1] <= 144)
    }

    @Test func spacerWidth_inCells_takesEightPointsACell() throws {
        // 60 cells: 55 beside the avatar column and paddings; 80 % of it is 44; a 40-point
        // spacer keeps 5 cells free: 50.
        let plain = bubbleWidths(try screen(longText(), points: false, width: 60))
        let spaced = bubbleWidths(try screen(longText { $0.spacerWidth = 40 }, points: false, width: 60))
        #expect(plain[0] == 44 && spaced[0] == 50)
    }

    // MARK: 5. The quote's padding

    private func quoting(_ adjust: @escaping (inout MessageListConfig) -> Void = { _ in }) -> ConversationBuilder {
        ConversationBuilder().config(adjust).message("m1", by: "leia", at: 0, text: "Some long text goes here.") { message in
            message.quotedMessage = QuotedMessage(id: "q1", text: "Thought to be quoted.", user: Cast.user("luke"))
        }
    }

    /// The quote's box and its text's box.
    private func quoteParts(_ builder: ConversationBuilder) throws -> (quote: Box, text: Box) {
        let quote = try #require(first(.quotedMessage, in: try screen(builder)))
        return (quote, try #require(quote.children.first { $0.role == .text }))
    }

    @Test(arguments: [(nil, 8), (4.0, 4), (12.0, 12)] as [(Double?, Int)])
    func quotedViewPadding_isTheSpaceAroundTheQuotesText(_ option: Double?, _ padding: Int) throws {
        let parts = try quoteParts(quoting { $0.quotedViewPadding = option })
        #expect(parts.text.frame.x == parts.quote.frame.x + padding)
        #expect(parts.text.frame.y == parts.quote.frame.y + padding)
        #expect(parts.quote.frame.height == parts.text.frame.height + 2 * padding)
    }

    @Test func quotedViewPadding_cellsHaveNone() throws {
        #expect(try screen(quoting(), points: false, width: 40) == screen(quoting { $0.quotedViewPadding = 20 }, points: false, width: 40))
    }

    // MARK: 6. Where a short list sits

    private func short(_ adjust: @escaping (inout MessageListConfig) -> Void = { _ in }) -> ConversationBuilder {
        ConversationBuilder().config(adjust).message("m1", by: "leia", at: 0).message("m2", by: "han", at: 60)
    }

    @Test func shortList_sitsAtTheBottom_byDefault_atTheTop_withShouldMessagesStartAtTheTop() throws {
        let viewport = Viewport(scrollOffset: 0, height: 600)
        let whole = try rows(screen(short()))
        let bottom = try rows(screen(short(), viewport: viewport))
        let top = try rows(screen(short { $0.shouldMessagesStartAtTheTop = true }, viewport: viewport))
        #expect(top.map(\.frame.y) == whole.map(\.frame.y), "as the whole list has them, under the header")
        let list = try #require(try screen(short(), viewport: viewport).root.children.first { $0.role == .messageList })
        #expect(try #require(bottom.last).frame.maxY == list.frame.maxY, "at the viewport's bottom")
        #expect(top.map(\.frame.y).allSatisfy { y in bottom.contains { $0.frame.y > y } })
    }

    @Test func shouldMessagesStartAtTheTop_aLongListStillOffersTheScrollToLatestButton() throws {
        var builder = ConversationBuilder().config { $0.shouldMessagesStartAtTheTop = true }
        for index in 0 ..< 30 { builder = builder.message("m\(index)", by: index % 2 == 0 ? "leia" : "han", at: Double(index) * 30) }
        let scrolled = try screen(builder, viewport: Viewport(scrollOffset: 0, height: 400))
        #expect(first(.scrollToLatestButton, in: scrolled) != nil)
        #expect(try screen(builder, viewport: Viewport(scrollOffset: 0, height: 400))
            == screen(builder.config { $0.shouldMessagesStartAtTheTop = false }, viewport: Viewport(scrollOffset: 0, height: 400)),
            "a list taller than its viewport is laid out as before")
    }

    @Test func emptyState_staysInTheMiddle_withShouldMessagesStartAtTheTop() throws {
        let empty = ConversationBuilder().config { $0.showEmptyState = true }
        let viewport = Viewport(scrollOffset: 0, height: 600)
        #expect(try screen(empty, viewport: viewport) == screen(empty.config { $0.shouldMessagesStartAtTheTop = true }, viewport: viewport))
    }

    // MARK: 7. SwiftUI 5's typing placements

    private func typing(_ placement: TypingIndicatorPlacement, messages: Int = 2) -> ConversationBuilder {
        var builder = ConversationBuilder().config { $0.typingIndicatorPlacement = placement }.typing("leia")
        for index in 0 ..< messages { builder = builder.message("m\(index)", by: index % 2 == 0 ? "leia" : "han", at: Double(index) * 30) }
        return builder
    }

    private func subtitle(_ screen: LaidOutScreen) -> String? {
        first(.headerSubtitle, in: screen)?.text
    }

    @Test func inline_isTheRowUnderTheNewestMessage_asBottomOverlayIs() throws {
        let inline = try typing(.inline).resolve()
        #expect(inline.rows == ["m0", "m1", "typing Leia is typing…"])
        #expect(inline.header.subtitle == "4 members")
        #expect(try screen(typing(.inline)) == screen(typing(.bottomOverlay)))
    }

    @Test func automatic_hasTheRow_andTheHeaderKeepsItsSubtitle_whileTheRowShows() throws {
        let automatic = typing(.automatic, messages: 40)
        #expect(try automatic.resolve().rows.last == "typing Leia is typing…")
        #expect(try automatic.resolve().header.subtitle == "4 members")
        #expect(try screen(automatic) == screen(typing(.inline, messages: 40)), "the whole list shows the row")
        let atTheBottom = try screen(automatic, viewport: Viewport(scrollOffset: 1_000_000, height: 400))
        #expect(subtitle(atTheBottom) == "4 members")
        #expect(first(.typingIndicator, in: atTheBottom) != nil)
    }

    @Test func automatic_isExplained_whenThereIsARow() throws {
        let automatic = try typing(.automatic).resolve(explain: true).decisions.notes
        #expect(automatic.contains { $0.hasPrefix("typing: automatic, the row under the newest message") })
        #expect(try typing(.inline).resolve(explain: true).decisions.notes.allSatisfy { !$0.hasPrefix("typing:") })
        let nobodyTyping = ConversationBuilder().config { $0.typingIndicatorPlacement = .automatic }.message("m1", by: "leia")
        #expect(try nobodyTyping.resolve(explain: true).decisions.notes.allSatisfy { !$0.hasPrefix("typing:") })
    }

    @Test func automatic_movesTheWordsToTheHeader_whenTheViewportDoesNotShowTheRow() throws {
        let viewport = Viewport(scrollOffset: 0, height: 400)
        let scrolledUp = try screen(typing(.automatic, messages: 40), viewport: viewport)
        #expect(first(.typingIndicator, in: scrolledUp) == nil)
        #expect(subtitle(scrolledUp) == "Leia is typing…")
        // The header's title and height stay; only the subtitle changes.
        let inline = try screen(typing(.inline, messages: 40), viewport: viewport)
        #expect(subtitle(inline) == "4 members")
        #expect(first(.headerTitle, in: scrolledUp)?.text == first(.headerTitle, in: inline)?.text)
        #expect(first(.channelHeader, in: scrolledUp)?.frame == first(.channelHeader, in: inline)?.frame)
        #expect(try rows(scrolledUp) == rows(inline))
    }

    @Test func automatic_theIncrementalListMovesItToo() throws {
        let builder = typing(.automatic, messages: 40)
        let environment = try ParityLayout.environment(config: builder.config, context: builder.context)
        let incremental = try IncrementalMessageList(conversation: builder.conversation, environment: environment, width: 360)
        let viewport = Viewport(scrollOffset: 0, height: 400)
        #expect(subtitle(incremental.screen(viewport)) == "Leia is typing…")
        #expect(incremental.screen(viewport) == (try screen(builder, viewport: viewport)))
    }

    @Test func navigationBar_isUnchanged() throws {
        let bar = try typing(.navigationBar).resolve()
        #expect(bar.rows == ["m0", "m1"] && bar.header.subtitle == "Leia is typing…")
    }

    // MARK: 8. "Show original" under a translation

    /// Leia's "Hello", shown in Portuguese.
    private func translated(locale: String = "en_US", _ adjust: @escaping (inout MessageListConfig) -> Void = { _ in }) -> ConversationBuilder {
        ConversationBuilder()
            .config { $0.autoTranslationEnabled = true; adjust(&$0) }
            .context { $0.translationLanguage = "pt"; $0.locale = locale }
            .message("m1", by: "leia", at: 0, text: "Hello") { $0.language = "en"; $0.translations = ["pt": "Olá"] }
    }

    @Test func translationLabel_alone_byDefault() throws {
        #expect(try translated().resolve().decision("m1")?.translationLabel == "Translated to Portuguese")
        #expect(first(.translationLabel, in: try screen(translated()))?.text == "Translated to Portuguese")
    }

    @Test func showOriginalTranslatedButton_followsTheLabel() throws {
        let builder = translated { $0.showOriginalTranslatedButton = true }
        #expect(try builder.resolve().decision("m1")?.translationLabel == "Translated to Portuguese · Show original")
        let label = try #require(first(.translationLabel, in: try screen(builder)))
        #expect(label.text == "Translated to Portuguese · Show original" && label.content == .translatedTo(language: "pt"))
        let german = translated(locale: "de_DE") { $0.showOriginalTranslatedButton = true }
        #expect(try german.resolve().decision("m1")?.translationLabel?.hasSuffix(" · Original anzeigen") == true)
    }

    @Test func showOriginalTranslatedButton_withoutATranslation_writesNothing() throws {
        let untranslated = translated { $0.showOriginalTranslatedButton = true; $0.autoTranslationEnabled = false }
        #expect(try untranslated.resolve().decision("m1")?.translationLabel == nil)
    }

    // MARK: Keys, values, profile

    @Test func options_decodeFromTheirKeys() throws {
        let decoded = try config("""
            "unread_separator_label": "new_messages", "new_messages_separator_size": 50, "overlay_date_label_size": 40,
            "reactions_top_padding": 20, "spacer_width": 60.5, "message_paddings": {"quoted_view": 6},
            "should_messages_start_at_the_top": true, "typing_indicator_placement": "automatic",
            "show_original_translated_button": true
            """)
        #expect(decoded.unreadSeparatorLabel == .newMessages && decoded.newMessagesSeparatorSize == 50)
        #expect(decoded.overlayDateLabelSize == 40 && decoded.reactionsTopPadding == 20 && decoded.spacerWidth == 60.5)
        #expect(decoded.quotedViewPadding == 6 && decoded.shouldMessagesStartAtTheTop && decoded.typingIndicatorPlacement == .automatic)
        #expect(decoded.showOriginalTranslatedButton)
        #expect(try config(#""typing_indicator_placement": "inline""#).typingIndicatorPlacement == .inline)
    }

    @Test func options_absent_keepTodaysLayout() throws {
        let decoded = try config(#""group_messages": true"#)
        #expect(decoded == MessageListConfig())
        #expect(decoded.unreadSeparatorLabel == .unreadMessages && decoded.newMessagesSeparatorSize == nil)
        #expect(decoded.overlayDateLabelSize == nil && decoded.reactionsTopPadding == nil && decoded.spacerWidth == nil)
        #expect(decoded.quotedViewPadding == nil && !decoded.shouldMessagesStartAtTheTop)
        #expect(decoded.typingIndicatorPlacement == .bottomOverlay && !decoded.showOriginalTranslatedButton)
    }

    @Test func badValues_areErrorsAtTheirPath() {
        let label = error(#""unread_separator_label": "fresh""#)
        #expect(label?.path == "config.unread_separator_label")
        #expect(label?.message == "unknown value 'fresh' (expected one of: unread_messages, new_messages)")
        for key in ["new_messages_separator_size", "overlay_date_label_size", "reactions_top_padding", "spacer_width"] {
            let negative = error(#""\#(key)": -1"#)
            #expect(negative?.path == "config.\(key)")
            #expect(negative?.message == "must be a finite number of points, 0 or more")
            #expect(error(#""\#(key)": "50""#)?.path == "config.\(key)")
        }
        #expect(error(#""message_paddings": {"quoted_view": -2}"#)?.path == "config.message_paddings.quoted_view")
        #expect(error(#""should_messages_start_at_the_top": "yes""#)?.path == "config.should_messages_start_at_the_top")
        #expect(error(#""show_original_translated_button": 1"#)?.path == "config.show_original_translated_button")
        let typing = error(#""typing_indicator_placement": "header""#)
        #expect(typing?.message == "unknown value 'header' (expected one of: bottom_overlay, navigation_bar, inline, automatic)")
    }

    @Test func streamSwiftUIProfile_writesNewMessages_inItsReservedSizes() throws {
        let defaults = LayoutProfile.streamSwiftUI.defaults()
        #expect(defaults.unreadSeparatorLabel == .newMessages)
        #expect(defaults.newMessagesSeparatorSize == 50 && defaults.overlayDateLabelSize == 40)
        #expect(defaults.reactionsTopPadding == nil && defaults.spacerWidth == nil && defaults.quotedViewPadding == nil)
        #expect(!defaults.shouldMessagesStartAtTheTop && defaults.typingIndicatorPlacement == .bottomOverlay)
        let document = try ParityLayout.document("""
            {"config": {"profile": "stream-swiftui"}, "context": {"current_user_id": "luke", "now": "2024-03-05T10:00:00Z",
             "time_zone": "UTC", "locale": "en_US"},
             "messages": [{"id": "m1", "text": "Hi", "user": {"id": "leia"}, "created_at": "2024-03-05T09:00:00Z"},
                          {"id": "m2", "text": "Hello", "user": {"id": "han"}, "created_at": "2024-03-05T09:01:00Z"}],
             "read": [{"user": {"id": "luke"}, "last_read_message_id": "m1", "unread_messages": 1}]}
            """)
        let screen = MessageListScreen.layout(document.document.conversation, environment: document.environment, width: 360)
        let separator = try #require(try rows(screen).first { $0.role == .unreadSeparator })
        #expect(separator.text == "New messages" && separator.frame.height == 50)
        // UIKit's profile: as before.
        let uikit = LayoutProfile.streamUIKit.defaults()
        #expect(uikit.unreadSeparatorLabel == .unreadMessages && uikit.newMessagesSeparatorSize == nil && uikit.overlayDateLabelSize == nil)
    }
}
