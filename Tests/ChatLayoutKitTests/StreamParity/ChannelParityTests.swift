import ChatLayoutDecoding
import ChatLayoutICU
import ChatLayoutKit
import Testing

/// Issue 29: Stream's channel screen (`ChatChannelVC`, its message list), each test
/// re-expressing one of Stream UIKit's `ChatChannelVC_Tests` snapshot tests (named in its doc
/// comment) as a document, laid out in points at the test's width (360) and asserted on the box
/// tree: which messages stand in one group (one footnote and one avatar under its last), on
/// which side, which rows stand between them. Stream's mock channel has no members
/// (`member_count` 0: no author names), read events on, and the mock messages are a minute
/// past midnight; the current user is "me".
struct ChannelParityTests {
    /// One message: `id`, `text`, by `user`, `seconds` after midnight (1 January 2024), with
    /// `extra` members of its JSON object.
    private func message(_ id: String, _ text: String, by user: String, at seconds: Int, _ extra: String = "") -> String {
        let time = "2024-01-01T00:\(String(format: "%02d", seconds / 60)):\(String(format: "%02d", seconds % 60))Z"
        return #"{"id": "\#(id)", "text": "\#(text)", "user": {"id": "\#(user)"}, "created_at": "\#(time)"\#(extra)}"#
    }

    /// The screen of `messages` (JSON objects) with `config` members and `extra` top-level members.
    private func screen(_ messages: [String], config: String = "", extra: String = "") throws -> LaidOutScreen {
        let json = #"{"context": {"current_user_id": "me", "now": "2024-01-01T00:30:00Z", "time_zone": "UTC", "locale": "en_US"}, "#
            + #""channel": {"cid": "messaging:mock", "member_count": 0}, "config": {\#(config)}, "#
            + #""messages": [\#(messages.joined(separator: ", "))]\#(extra)}"#
        let (document, environment) = try ParityLayout.document(json)
        return MessageListScreen.layout(document.conversation, environment: environment, width: 360)
    }

    /// The list's rows, top to bottom.
    private func rows(_ screen: LaidOutScreen) throws -> [Box] {
        try #require(screen.root.children.first { $0.role == .messageList }).children
    }

    /// A message row's parts of `role`, anywhere in it.
    private func parts(_ role: BoxRole, of row: Box) -> [Box] {
        var found: [Box] = []
        row.walk { box, _ in if box.role == role { found.append(box) } }
        return found
    }

    private func bubble(_ row: Box) throws -> Box { try #require(parts(.bubble, of: row).first) }

    /// Each message row: whether it ends its group (a timestamp under it), and its avatar.
    private func grouping(_ rows: [Box]) -> [(id: String?, closes: Bool, avatar: Bool)] {
        rows.filter { $0.role == .messageRow }.map { ($0.id, !parts(.timestamp, of: $0).isEmpty, !parts(.avatar, of: $0).isEmpty) }
    }

    // MARK: - Grouping

    /// `ChatChannelVC_Tests.test_whenTimeIntervalBetween2MessagesFromAnotherUserIs1minOrLess_messagesAreGrouped`:
    /// three bubbles at the leading side, one group: the time and the avatar under and beside the
    /// last only, the first two kept in the avatar's column.
    @Test func anotherUser_withinAMinute_oneGroup() throws {
        let rows = try rows(try screen([message("m1", "Opens the group", by: "yoda", at: 0),
                                         message("m2", "Included into the group", by: "yoda", at: 60),
                                         message("m3", "Closes the group", by: "yoda", at: 90)]))
        #expect(grouping(rows).map(\.closes) == [false, false, true])
        #expect(grouping(rows).map(\.avatar) == [false, false, true])
        let bubbles = try rows.map(bubble)
        #expect(Set(bubbles.map(\.frame.x)).count == 1 && bubbles[0].frame.x == 8 + 32 + 8)
        // Grouped bubbles stand close: nearer than separate groups do.
        #expect(bubbles[1].frame.y - bubbles[0].frame.maxY < 8 && bubbles[2].frame.y - bubbles[1].frame.maxY < 8)
    }

    /// `ChatChannelVC_Tests.test_whenTimeIntervalBetween2MessagesFromAnotherUserIsMoreThan1min_messagesAreNotGrouped`.
    @Test func anotherUser_moreThanAMinuteApart_twoGroups() throws {
        let rows = try rows(try screen([message("m1", "Separate message 2", by: "yoda", at: 0),
                                         message("m2", "Separate message 1", by: "yoda", at: 121)]))
        #expect(grouping(rows).map(\.closes) == [true, true] && grouping(rows).map(\.avatar) == [true, true])
    }

    /// `ChatChannelVC_Tests.test_whenTimeIntervalBetween2MessagesFromTheCurrentUserIs1minOrLess_messagesAreGrouped`:
    /// three bubbles at the trailing side, one footnote (the status and the time) under the last.
    @Test func currentUser_withinAMinute_oneGroup_atTheTrailingSide() throws {
        let rows = try rows(try screen([message("m1", "Opens the group", by: "me", at: 0),
                                         message("m2", "Included into the group", by: "me", at: 60),
                                         message("m3", "Closes the group", by: "me", at: 90)]))
        #expect(grouping(rows).map(\.closes) == [false, false, true])
        #expect(grouping(rows).allSatisfy { !$0.avatar })
        #expect(try rows.map(bubble).allSatisfy { $0.frame.maxX == 360 - 8 })
        #expect(parts(.deliveryStatus, of: rows[2]).count == 1 && parts(.deliveryStatus, of: rows[0]).isEmpty)
    }

    /// `ChatChannelVC_Tests.test_whenTimeIntervalBetween2MessagesFromTheCurrentUserIsMoreThan1min_messagesAreNotGrouped`.
    @Test func currentUser_moreThanAMinuteApart_twoGroups() throws {
        let rows = try rows(try screen([message("m1", "Separate message 2", by: "me", at: 0),
                                         message("m2", "Separate message 1", by: "me", at: 121)]))
        #expect(grouping(rows).map(\.closes) == [true, true])
        #expect(rows.allSatisfy { parts(.deliveryStatus, of: $0).count == 1 })
    }

    /// `ChatChannelVC_Tests.test_whenMessageFromCurrentUserIsFollowedByErrorMessage_messagesAreNotGrouped`:
    /// the message ends its group; the error message is one centred line of small text, no bubble.
    @Test func followedByAnErrorMessage_endsTheGroup() throws {
        let rows = try rows(try screen([message("m1", "When the message is followed by error message, it ends the group", by: "me", at: 0),
                                         message("m2", "Message didn't pass moderation", by: "me", at: 30, #", "type": "error""#)]))
        #expect(rows.count == 2 && grouping(rows).first?.closes == true)
        #expect(parts(.bubble, of: rows[1]).isEmpty && parts(.text, of: rows[1]).first?.text == "Message didn't pass moderation")
        let text = try #require(parts(.text, of: rows[1]).first)
        #expect(abs(text.frame.x + text.frame.width / 2 - 180) <= 10)
    }

    /// `ChatChannelVC_Tests.test_whenMessageFromCurrentUserIsFollowedBySystemMessage_messagesAreNotGrouped`.
    @Test func followedByASystemMessage_endsTheGroup() throws {
        let rows = try rows(try screen([message("m1", "When the message is followed by system message, it ends the group", by: "me", at: 0),
                                         message("m2", "Cooldown was changed to 10 sec", by: "me", at: 30, #", "type": "system""#)]))
        #expect(rows.count == 2 && grouping(rows).first?.closes == true)
        let text = try #require(parts(.text, of: rows[1]).first)
        #expect(parts(.bubble, of: rows[1]).isEmpty && text.text == "Cooldown was changed to 10 sec")
        #expect(abs(text.frame.x + text.frame.width / 2 - 180) <= 10)
    }

    /// `ChatChannelVC_Tests.test_whenMessageFromCurrentUserIsFollowedByEphemeralMessage_messagesAreNotGrouped`:
    /// the message ends its group; the ephemeral giphy under it says "Only visible to you" in
    /// its footnote, beside its time.
    @Test func followedByAnEphemeralMessage_endsTheGroup() throws {
        let giphy = #", "type": "ephemeral", "command": "giphy", "attachments": [{"type": "giphy", "title": "wow", "thumb_url": "https://example.com/wow.gif", "actions": [{"name": "image_action", "text": "Send", "value": "send", "type": "button", "style": "primary"}, {"name": "image_action", "text": "Shuffle", "value": "shuffle", "type": "button"}, {"name": "image_action", "text": "Cancel", "value": "cancel", "type": "button"}]}]"#
        let rows = try rows(try screen([message("m1", "When the message is followed by ephemeral message, it ends the group", by: "me", at: 0),
                                         message("m2", "/giffy wow", by: "me", at: 30, giphy)]))
        #expect(grouping(rows).map(\.closes) == [true, true])
        let footnote = try #require(parts(.onlyVisibleToYou, of: rows[1]).first)
        let time = try #require(parts(.timestamp, of: rows[1]).first)
        #expect(footnote.frame.y == time.frame.y && footnote.frame.maxX < time.frame.x)
    }

    /// `ChatChannelVC_Tests.test_whenMessageEditedAt_editedMessageIsNotGrouped` (the edited
    /// label on): the edited message ends its group, with "Edited" in its footnote.
    @Test func anEditedMessage_endsItsGroup() throws {
        let rows = try rows(try screen([message("m1", "Opens the group", by: "me", at: 0),
                                         message("m2", "Ignores group because it is edited", by: "me", at: 60,
                                                 #", "message_text_updated_at": "2024-01-01T00:05:00Z""#),
                                         message("m3", "Closes the group", by: "me", at: 90)], config: #""edited_label_enabled": true"#))
        #expect(grouping(rows).map(\.closes) == [false, true, true])
        #expect(parts(.editedLabel, of: rows[1]).first?.text == "Edited" && parts(.editedLabel, of: rows[2]).isEmpty)
    }

    // MARK: - The list

    /// `ChatChannelVC_Tests.test_defaultAppearance`: three messages by three people, each its
    /// own group with its avatar and time, no names (no members).
    @Test func defaultAppearance_threeGroupsWithAvatars() throws {
        let rows = try rows(try screen([message("m1", "One", by: "a", at: 60), message("m2", "Two", by: "b", at: 60),
                                         message("m3", "Three", by: "c", at: 60)]))
        #expect(grouping(rows).map(\.closes) == [true, true, true] && grouping(rows).map(\.avatar) == [true, true, true])
        #expect(rows.allSatisfy { parts(.authorName, of: $0).isEmpty })
    }

    /// `TypingIndicatorView_Tests.test_defaultAppearance`: the three dots, then "Luke Skywalker
    /// is typing" from the leading edge, on one line at the bottom of the list; right to left
    /// (Stream's `rightToLeftLayout` variants of the view), the dots at the right.
    @Test func typingIndicator_theDotsThenTheWords() throws {
        for direction in ["ltr", "rtl"] {
            let rows = try rows(try screen([message("m1", "Hi", by: "luke", at: 0)], config: #""layout_direction": "\#(direction)""#,
                                           extra: #", "typing_user_ids": ["luke"], "members": [{"user": {"id": "luke", "name": "Luke Skywalker"}}]"#))
            let typing = try #require(rows.last)
            let dots = try #require(typing.children.first)
            #expect(typing.role == .typingIndicator && dots.role == .typingDots && dots.lines.isEmpty, "\(direction)")
            #expect(typing.text?.hasPrefix("Luke Skywalker is typing") == true && dots.frame.y == typing.frame.y, "\(direction)")
            let words = try #require(typing.placedLines.first)
            if direction == "ltr" {
                #expect(typing.frame.x == 8 && dots.frame.x == 8 && typing.frame.x + words.x > dots.frame.maxX)
            } else {
                #expect(typing.frame.maxX == 360 - 8 && dots.frame.maxX == 360 - 8 && typing.frame.x + words.x + words.width < dots.frame.x)
            }
        }
    }

    /// `ChatChannelVC_Tests.test_staticDateSeparatorsAppearance` (Stream's "MMM dd" dates, the
    /// whole history loaded): a date above each day's first message, the oldest too, centred.
    @Test func staticDateSeparators_oneAboveEachDay() throws {
        let json = [#"{"id": "m4", "text": "Four", "user": {"id": "a"}, "created_at": "1970-01-01T00:13:20Z"}"#,
                    #"{"id": "m3", "text": "Three", "user": {"id": "b"}, "created_at": "1970-01-12T13:46:40Z"}"#,
                    #"{"id": "m2", "text": "Two", "user": {"id": "c"}, "created_at": "1970-01-12T13:46:40Z"}"#,
                    #"{"id": "m1", "text": "One", "user": {"id": "d"}, "created_at": "1973-03-03T09:46:40Z"}"#]
        let rows = try rows(try screen(json, config: #""date_indicator_placement": "message_list", "date_separator_style": "stream""#,
                                       extra: #", "message_list": {"history_loaded": true}"#))
        #expect(rows.map(\.role) == [.dateSeparator, .messageRow, .dateSeparator, .messageRow, .messageRow, .dateSeparator, .messageRow])
        #expect(rows.filter { $0.role == .dateSeparator }.map(\.text) == ["Jan 01", "Jan 12", "Mar 03"])
        for separator in rows where separator.role == .dateSeparator {
            #expect(abs(separator.frame.x + separator.frame.width / 2 - 180) <= 10)
        }
    }

    /// `ChatChannelVC_Tests.test_deletedMessagesWithAttachmentsAppearance`: the current user's
    /// deleted messages are "Message deleted" bubbles at the trailing side with their time and
    /// no status, their attachments gone. (Stream's mock gives each its own author, so each is
    /// its own group; here the second is two minutes later.)
    @Test func deletedMessagesWithAttachments_sayMessageDeleted() throws {
        let rows = try rows(try screen([message("m1", "One", by: "a", at: 60),
                                         message("m2", "Two", by: "me", at: 60,
                                                 #", "deleted_at": "2024-01-01T00:13:20Z", "attachments": [{"type": "image", "image_url": "https://example.com/yoda.jpg"}]"#),
                                         message("m3", "Three", by: "me", at: 200,
                                                 #", "deleted_at": "2024-01-01T00:30:00Z", "attachments": [{"type": "link", "og_scrape_url": "https://www.yoda.com"}]"#)]))
        for row in rows.suffix(2) {
            #expect(parts(.text, of: row).first?.text == "Message deleted")
            #expect(try bubble(row).frame.maxX == 360 - 8)
            #expect(parts(.attachment, of: row).isEmpty && parts(.gallery, of: row).isEmpty)
            #expect(parts(.timestamp, of: row).count == 1 && parts(.deliveryStatus, of: row).isEmpty)
        }
    }

    /// `ChatChannelVC_Tests.test_whenThereIsAnUnreadMessage_whenFeatureIsEnabled_shouldShowABannerOnTopOfIt`:
    /// the unread separator between the read message and the unread one, centred.
    @Test func unreadMessage_theSeparatorAboveIt() throws {
        let rows = try rows(try screen([message("m1", "Read message", by: "a", at: 0), message("m2", "Unread message", by: "b", at: 30)],
                                       extra: #", "read": [{"user": {"id": "me"}, "last_read_message_id": "m1", "unread_messages": 1}]"#))
        #expect(rows.map(\.role) == [.messageRow, .unreadSeparator, .messageRow])
        #expect(abs(rows[1].frame.x + rows[1].frame.width / 2 - 180) <= 10)
    }

    /// `ChatChannelVC_Tests.test_whenThereIsAnUnreadMessage_whenFeatureIsDisabled_shouldShowABannerOnTopOfIt`:
    /// with the unread separator off, the two messages and nothing between them.
    @Test func unreadMessage_separatorOff_nothingBetween() throws {
        let rows = try rows(try screen([message("m1", "Read message", by: "a", at: 0), message("m2", "Unread message", by: "b", at: 30)],
                                       config: #""unread_separator_enabled": false"#,
                                       extra: #", "read": [{"user": {"id": "me"}, "last_read_message_id": "m1", "unread_messages": 1}]"#))
        #expect(rows.map(\.role) == [.messageRow, .messageRow])
    }

    /// `ChatChannelVC_Tests.test_headerViewForMessage_whenUnreadSeparatorIsDisabled_whenMessageShouldShowDateSeparator_AndIsMarkedAsUnread`:
    /// the dates alone.
    @Test func unreadMessageOnANewDay_separatorOff_theDateAlone() throws {
        let json = [#"{"id": "m1", "text": "First message", "user": {"id": "a"}, "created_at": "1970-01-01T00:00:00Z"}"#,
                    #"{"id": "m2", "text": "Second message", "user": {"id": "b"}, "created_at": "1970-01-02T00:00:00Z"}"#]
        let rows = try rows(try screen(json, config: #""date_indicator_placement": "message_list", "date_separator_style": "stream", "unread_separator_enabled": false"#,
                                       extra: #", "message_list": {"history_loaded": true}, "read": [{"user": {"id": "me"}, "last_read_message_id": "m1", "unread_messages": 1}]"#))
        #expect(rows.map(\.role) == [.dateSeparator, .messageRow, .dateSeparator, .messageRow])
    }

    /// `ChatMessageContentView_Tests.test_appearanceForSystemMessage` and
    /// `test_appearanceForErrorMessage`: "Some member was added" centred across the row, no
    /// bubble, no avatar, no footnote.
    @Test(arguments: ["system", "error"])
    func systemAndErrorMessages_oneCentredLine(type: String) throws {
        let rows = try rows(try screen([message("m1", "Some member was added", by: "a", at: 0, #", "type": "\#(type)""#)]))
        let row = try #require(rows.first)
        let text = try #require(parts(.text, of: row).first)
        #expect(rows.count == 1 && text.text == "Some member was added" && text.lines.count == 1)
        #expect(abs(text.frame.x + text.frame.width / 2 - 180) <= 10)
        #expect(parts(.bubble, of: row).isEmpty && parts(.avatar, of: row).isEmpty && parts(.timestamp, of: row).isEmpty)
    }

    /// `ChatChannelVC_Tests.test_headerViewForMessage_whenUnreadSeparatorIsEnabled_whenMessageShouldShowDateSeparator_AndIsMarkedAsUnread`:
    /// a new day's first message that is the first unread one has its date, then the unread
    /// separator, above it.
    @Test func unreadMessageOnANewDay_theDateThenTheSeparator() throws {
        let json = [#"{"id": "m1", "text": "First message", "user": {"id": "a"}, "created_at": "1970-01-01T00:00:00Z"}"#,
                    #"{"id": "m2", "text": "Second message", "user": {"id": "b"}, "created_at": "1970-01-02T00:00:00Z"}"#]
        let rows = try rows(try screen(json, config: #""date_indicator_placement": "message_list", "date_separator_style": "stream""#,
                                       extra: #", "message_list": {"history_loaded": true}, "read": [{"user": {"id": "me"}, "last_read_message_id": "m1", "unread_messages": 1}]"#))
        #expect(rows.map(\.role) == [.dateSeparator, .messageRow, .dateSeparator, .unreadSeparator, .messageRow])
    }

    // MARK: - The empty channel

    /// `ChatChannelVC_Tests.test_emptyAppearance` (and its `rightToLeftLayout` variant): Stream's
    /// mock channel has no name, no members, no watchers and no messages. Its header stays, the
    /// subtitle "0 members, 0 online" centred (the title view of the navigation bar; the
    /// channel's avatar beside it is the bar's button, the front end's), and the list under it
    /// is blank: no "No messages yet" row.
    @Test(arguments: ["ltr", "rtl"])
    func emptyChannel_theHeaderAlone_andNoPlaceholder(direction: String) throws {
        let json = #"{"context": {"current_user_id": "me", "now": "2024-01-01T00:30:00Z", "time_zone": "UTC", "locale": "en_US"}, "#
            + #""channel": {"cid": "messaging:mock", "member_count": 0, "watcher_count": 0}, "#
            + #""config": {"layout_direction": "\#(direction)"}, "messages": []}"#
        let (document, environment) = try ParityLayout.document(json)
        let screen = MessageListScreen.layout(document.conversation, environment: environment, width: 360,
                                              viewport: Viewport(scrollOffset: .max, height: 700))
        let header = try #require(screen.root.children.first { $0.role == .channelHeader })
        #expect(header.children.map(\.role) == [.headerSubtitle], "no title: a nameless channel that is not a direct one")
        let subtitle = try #require(header.children.first)
        #expect(subtitle.text == "0 members, 0 online")
        #expect(abs(subtitle.frame.x + subtitle.frame.width / 2 - 180) <= 1, "centred, both ways")
        #expect(try rows(screen).isEmpty)
        // Asked for, the placeholder comes back in the middle.
        var showing = environment
        showing.config.showEmptyState = true
        let asked = MessageListScreen.layout(document.conversation, environment: showing, width: 360,
                                             viewport: Viewport(scrollOffset: .max, height: 700))
        #expect(try rows(asked).map(\.role) == [.emptyState])
    }

    /// The header of `ChatChannelVC_Tests.test_defaultAppearance` in points: a named channel's
    /// title over its subtitle, both centred; without `watcher_count` the subtitle is the members alone.
    @Test func header_inPoints_theTitleOverTheSubtitle_centred() throws {
        let json = #"{"context": {"current_user_id": "me", "now": "2024-01-01T00:30:00Z", "time_zone": "UTC", "locale": "en_US"}, "#
            + #""channel": {"cid": "messaging:crew", "name": "Crew", "member_count": 4, "watcher_count": 1}, "messages": []}"#
        let (document, environment) = try ParityLayout.document(json)
        let header = MessageListScreen.layout(document.conversation, environment: environment, width: 360).root.children[0]
        let (title, subtitle) = (header.children[0], header.children[1])
        #expect(header.role == .channelHeader && title.role == .headerTitle && subtitle.role == .headerSubtitle)
        #expect(title.text == "Crew" && subtitle.text == "4 members, 1 online")
        #expect(title.frame.maxY == subtitle.frame.y, "one over the other")
        #expect(abs(title.frame.x + title.frame.width / 2 - 180) <= 1 && abs(subtitle.frame.x + subtitle.frame.width / 2 - 180) <= 1)
    }
}
