import ChatLayoutDecoding
import ChatLayoutKit
import Testing

/// Decoding documents and Stream's own payloads.
struct ConversationDecoderTests {
    private func decode(_ json: String, channel: String? = nil) throws(DocumentError) -> ConversationDocument {
        try ConversationDecoder.decode(Array(json.utf8), channel: channel)
    }

    private func error(_ json: String) -> DocumentError? {
        do {
            _ = try decode(json)
            return nil
        } catch {
            return error
        }
    }

    @Test func streamChannelState_decodesAsItIs() throws {
        let document = try decode(StreamPayloads.channelState)
        let conversation = document.conversation
        #expect(conversation.channel.cid == "messaging:general")
        #expect(conversation.channel.name == "The water cooler")
        #expect(conversation.memberCount == 3)
        #expect(conversation.channel.features.replies == false)
        #expect(conversation.channel.features.deliveryEvents == false)
        #expect(conversation.members.map(\.user.id) == ["luke", "leia", "han"])
        #expect(conversation.messages.map(\.id) == ["luke-1", "leia-1", "han-1", "luke-2"])
        let leia = conversation.messages[1]
        #expect(leia.attachments == [Attachment(type: "image", title: "a.jpg", fileName: "a.jpg", urlHost: "example.com",
                                                   imageURL: "https://example.com/a.jpg")])
        #expect(leia.latestReactions == [Reaction(type: "love", userID: "luke")])
        #expect(leia.replyCount == 2)
        #expect(leia.threadParticipants.map(\.id) == ["leia", "han"])
        #expect(leia.language == "en")
        #expect(leia.translations == ["fr": "Bonjour", "de": "Hallo"])
        #expect(conversation.messages[0].createdAt == Timestamp(rfc3339: "2024-03-05T09:41:00.123456Z"))
        #expect(conversation.messages[2].isDeleted)
        let quoting = conversation.messages[3]
        #expect(quoting.type == .reply)
        #expect(quoting.parentID == "leia-1" && quoting.showInChannel)
        #expect(quoting.quotedMessage?.user.id == "leia")
        #expect(quoting.isBounced)
        #expect(conversation.reads.first?.lastReadMessageID == "luke-1")
        #expect(conversation.reads.first?.unreadMessages == 2)
        #expect(document.warnings.isEmpty)
    }

    @Test func attachments_keepTheirSizeFileAndHost() throws {
        let document = try decode("""
        {"messages": [{"id": "m1", "user": {"id": "leia"}, "created_at": "2024-03-05T09:00:00Z", "attachments": [
          {"type": "image", "image_url": "https://cdn.example.com:8443/a/beach.jpg?sig=x", "original_width": 1600, "original_height": 1200.0},
          {"type": "file", "title": "Plan", "asset_url": "https://user@files.example.org/plans/plan%201.pdf#p2", "file_size": 52000},
          {"og_scrape_url": "https://[2001:db8::1]:80/post", "title": "A post"},
          {"type": "video", "asset_url": "not a url", "original_width": 0, "original_height": 720},
          {"type": "image", "image_url": "https://example.com", "original_width": -4, "original_height": 3}
        ]}]}
        """)
        let attachments = try #require(document.conversation.messages.first).attachments
        #expect(attachments[0] == Attachment(type: "image", fileName: "beach.jpg", urlHost: "cdn.example.com",
                                             originalSize: PixelSize(width: 1600, height: 1200),
                                             imageURL: "https://cdn.example.com:8443/a/beach.jpg?sig=x"))
        #expect(attachments[1] == Attachment(type: "file", title: "Plan", fileName: "plan%201.pdf", fileSize: 52000,
                                             urlHost: "files.example.org", assetURL: "https://user@files.example.org/plans/plan%201.pdf#p2"))
        var post = Attachment(type: "linkPreview", title: "A post", urlHost: "[2001:db8::1]")
        post.linkURL = "https://[2001:db8::1]:80/post"
        #expect(attachments[2] == post)
        // No size without two positive sides; no name or host without a URL's shape (the URLs
        // are kept as they came, for the front end to load).
        #expect(attachments[3] == Attachment(type: "video", assetURL: "not a url"))
        #expect(attachments[4] == Attachment(type: "image", urlHost: "example.com", imageURL: "https://example.com"))
    }

    @Test func channelsQuery_takesTheFirstChannel_orTheOneAskedFor() throws {
        #expect(try decode(StreamPayloads.channelsQuery).conversation.messages.map(\.id) == ["f1"])
        let second = try decode(StreamPayloads.channelsQuery, channel: "messaging:second").conversation
        #expect(second.channel.name == "Second")
        #expect(second.messages.map(\.id) == ["s1", "s2"])
        let missing = try #require(error(#"{"channels": []}"#))
        #expect(missing.description.contains("no channels"))
    }

    @Test func threadListResponse_decodesThreadsAndTheCursor() throws {
        let conversation = try decode(StreamPayloads.threadList).conversation
        #expect(conversation.threads.count == 1)
        let thread = conversation.threads[0]
        #expect(thread.parentMessageID == "p1")
        #expect(thread.parentMessage?.text == "Thread root")
        #expect(thread.title == "Coffee plans")
        #expect(thread.replyCount == 4 && thread.participantCount == 2)
        #expect(thread.threadParticipants.map(\.id) == ["luke", "leia"])
        #expect(thread.latestReplies.map(\.id) == ["r1"])
        #expect(thread.read.first?.unreadMessages == 1)
        #expect(conversation.threadsNext == "eyJwYWdlIjoyfQ==")
    }

    /// Threads without `parent_message` take their parent from `messages`, found by its id's
    /// bytes: many such threads cost one index of the messages (issue 18), and a parent whose
    /// id only reads like the thread's is not its parent.
    @Test func threadsWithoutParentMessage_findTheirParentAmongTheMessages_byItsBytes() throws {
        let messages = (0 ..< 3000).map { #"{"id": "m\#($0)", "user": {"id": "u"}, "created_at": "2024-03-05T09:00:00Z"}"# }
        let threads = (0 ..< 3000).map { #"{"parent_message_id": "m\#(2999 - $0)"}"# }
        let document = try decode(#"{"messages": [\#(messages.joined(separator: ","))], "threads": [\#(threads.joined(separator: ","))]}"#)
        #expect(document.conversation.threads.count == 3000)
        #expect(document.conversation.threads.allSatisfy { $0.parentMessage?.id == $0.parentMessageID })
        let lookalike = #"{"messages": [{"id": "caf\u00e9", "user": {"id": "u"}, "created_at": "2024-03-05T09:00:00Z"}], "threads": [{"parent_message_id": "cafe\u0301"}]}"#
        #expect(throws: DocumentError.self) { try decode(lookalike) }
    }

    @Test func document_readsContextAndEveryConfigOption() throws {
        let document = try decode("""
            {"context": {"current_user_id": "me", "now": "2024-03-05T10:00:00Z", "time_zone": "Europe/Berlin",
                         "locale": "de_DE", "translation_language": "pt"},
             "config": {"group_messages": false, "max_time_interval_between_messages_in_group": 120.5,
                        "grouping_rule": "same_minute", "date_indicator_placement": "message_list",
                        "date_separator_style": "sendbird", "typing_indicator_placement": "navigation_bar",
                        "message_list_type": "livestream", "message_list_alignment": "left_aligned",
                        "message_display_options": {"show_avatars": false, "show_avatars_in_groups": true,
                                                    "show_message_date": false, "show_author_name": false},
                        "message_paddings": {"horizontal": 16}, "edited_label_enabled": true,
                        "auto_translation_enabled": true, "unread_separator_enabled": false, "page_size": 25},
             "typing_user_ids": ["leia"], "message_list": {"state": "loading"}, "thread_list": {"state": "loading_more"}}
            """)
        #expect(document.context == DocumentContext(currentUserID: "me", now: Timestamp(rfc3339: "2024-03-05T10:00:00Z"),
                                                    timeZone: "Europe/Berlin", locale: "de_DE", translationLanguage: "pt"))
        let config = document.config
        #expect(!config.groupMessages)
        #expect(config.maxTimeIntervalBetweenMessagesInGroup == 120.5)
        #expect(config.groupingRule == .sameMinute)
        #expect(config.dateIndicatorPlacement == .messageList)
        #expect(config.dateSeparatorStyle == .sendbird)
        #expect(config.typingIndicatorPlacement == .navigationBar)
        #expect(config.messageListType == .livestream)
        #expect(config.messageListAlignment == .leftAligned)
        #expect(config.displayOptions == MessageDisplayOptions(showAvatars: false, showAvatarsInGroups: true, showMessageDate: false, showAuthorName: false))
        #expect(config.horizontalPadding == 16)
        #expect(config.editedLabelEnabled && config.autoTranslationEnabled && !config.unreadSeparatorEnabled)
        #expect(config.pageSize == 25)
        #expect(document.conversation.typingUserIDs == ["leia"])
        #expect(document.conversation.messageListState == .loading)
        #expect(document.conversation.threadListState == .loadingMore)
    }

    @Test func emptyDocument_hasTheAnchorsDefaults() throws {
        let document = try decode(#"{"config": {}}"#)
        #expect(document.config == MessageListConfig())
        #expect(document.config.maxTimeIntervalBetweenMessagesInGroup == 60)
        #expect(document.config.dateIndicatorPlacement == .overlay)
        #expect(document.config.dateSeparatorStyle == .relative)
        #expect(document.config.typingIndicatorPlacement == .bottomOverlay)
        #expect(document.config.pageSize == 50 && document.config.horizontalPadding == 8)
        #expect(document.config.unreadSeparatorEnabled && !document.config.editedLabelEnabled && !document.config.autoTranslationEnabled)
        #expect(document.conversation.messages.isEmpty)
    }

    @Test func rawStreamPayload_withoutOurConfig_getsStreamsDateLabels() throws {
        // Stream labels its date separators "Mar 05" (MMMdd); our `relative` style is for
        // documents that say so, or that carry a config of ours.
        #expect(try decode("{}").config.dateSeparatorStyle == .stream)
        #expect(try decode(#"{"config": {"group_messages": true}}"#).config.dateSeparatorStyle == .relative)
    }

    @Test func timestamps_acceptZeroToNineFractionalDigits() throws {
        for fraction in ["", ".1", ".12", ".123", ".1234", ".12345", ".123456", ".1234567", ".12345678", ".123456789"] {
            let document = try decode(#"{"messages": [{"id": "a", "user": {"id": "u"}, "created_at": "2024-03-05T09:41:00\#(fraction)Z"}]}"#)
            let digits = String(fraction.dropFirst())
            let expected = fraction.isEmpty ? 0 : Int32(digits + String(repeating: "0", count: 9 - digits.count))!
            #expect(document.conversation.messages[0].createdAt.nanoseconds == expected, "\(fraction)")
        }
    }

    @Test func malformedJSON_namesLineAndColumn() throws {
        let problem = try #require(error("{\n  \"messages\": [\n    {\"id\": \"a\",,}\n  ]\n}"))
        #expect(problem.line == 3)
        #expect(problem.column == 16)
    }

    @Test func wrongType_namesTheJSONPath() throws {
        let problem = try #require(error(#"{"messages": [{"id": "a", "user": {"id": "u"}, "created_at": "2024-03-05T09:41:00Z"}, {"id": "b", "user": {"id": "u"}, "created_at": 42}]}"#))
        #expect(problem.path == "messages[1].created_at")
        #expect(problem.description.hasPrefix("messages[1].created_at: "))
        let nested = try #require(error(#"{"messages": [{"id": "a", "user": {"id": 7}, "created_at": "2024-03-05T09:41:00Z"}]}"#))
        #expect(nested.path == "messages[0].user.id")
        let config = try #require(error(#"{"config": {"group_messages": "yes"}}"#))
        #expect(config.path == "config.group_messages")
    }

    @Test func missingRequiredFields_nameTheirPath() throws {
        #expect(error(#"{"messages": [{"user": {"id": "u"}, "created_at": "2024-03-05T09:41:00Z"}]}"#)?.path == "messages[0].id")
        #expect(error(#"{"messages": [{"id": "a", "user": {"id": "u"}}]}"#)?.path == "messages[0].created_at")
    }

    @Test func duplicateMessageIDs_areAnErrorNamingTheID() throws {
        let problem = try #require(error(#"{"messages": [{"id": "m1", "user": {"id": "u"}, "created_at": "2024-03-05T09:41:00Z"}, {"id": "m1", "user": {"id": "v"}, "created_at": "2024-03-05T09:42:00Z"}]}"#))
        #expect(problem.description.contains("duplicate message id 'm1'"))
        #expect(problem.path == "messages[1].id")
    }

    @Test func unknownMessageType_isRegular_withAWarning() throws {
        let document = try decode(#"{"messages": [{"id": "a", "type": "poll", "user": {"id": "u"}, "created_at": "2024-03-05T09:41:00Z"}]}"#)
        #expect(document.conversation.messages[0].type == .regular)
        #expect(document.warnings.map(\.path) == ["messages[0].type"])
        #expect(document.warnings[0].description.contains("poll"))
    }

    @Test func unknownEnumerationValues_nameTheAllowedOnes() throws {
        let placement = try #require(error(#"{"config": {"date_indicator_placement": "sideways"}}"#))
        #expect(placement.path == "config.date_indicator_placement")
        #expect(placement.description.contains("overlay, message_list, none"))
        #expect(error(#"{"messages": [{"id": "a", "user": {"id": "u"}, "created_at": "2024-03-05T09:41:00Z", "local_state": "flying"}]}"#)?.path == "messages[0].local_state")
    }

    @Test func impossibleConfigValues_areErrors() throws {
        #expect(error(#"{"config": {"max_time_interval_between_messages_in_group": -1}}"#)?.path == "config.max_time_interval_between_messages_in_group")
        #expect(error(#"{"config": {"page_size": 0}}"#)?.path == "config.page_size")
    }

    @Test func nonObjectDocument_isAnError() throws {
        #expect(error("[1, 2]")?.description.contains("must be a JSON object") == true)
        #expect(error("") != nil)
    }

    @Test func messageWithoutUser_isKeptWithAnUnknownAuthor() throws {
        let document = try decode(#"{"messages": [{"id": "a", "created_at": "2024-03-05T09:41:00Z"}, {"id": "b", "user_id": "u2", "created_at": "2024-03-05T09:42:00Z"}]}"#)
        #expect(document.conversation.messages.map(\.user.id) == ["", "u2"])
    }
}

/// `Message` shares its fields between copies until one is changed (copy on write).
struct MessageValueSemanticsTests {
    @Test func changingACopy_leavesTheOriginalAlone() {
        let original = Message(id: "m1", text: "Hi", user: User(id: "u"), createdAt: Timestamp(seconds: 0),
                               latestReactions: [Reaction(type: "like")])
        var copy = original
        copy.text = "Changed"
        copy.latestReactions.append(Reaction(type: "love"))
        #expect(original.text == "Hi")
        #expect(original.latestReactions.count == 1)
        #expect(copy.text == "Changed")
        #expect(copy.latestReactions.count == 2)
        #expect(copy != original)
        var again = copy
        again.text = "Changed"
        #expect(again == copy)
    }

    /// The rarer fields live apart (`Message.Extras`): a copy's change to one of them, or to a
    /// boxed one (a quote, a poll, who pinned it), leaves the original's alone, and setting one
    /// back to its default reads as the default.
    @Test func changingACopysRareFields_leavesTheOriginalAlone() {
        var original = Message(id: "m1", user: User(id: "u"), createdAt: Timestamp(seconds: 0), parentID: "root", replyCount: 2)
        original.pinnedBy = User(id: "p")
        var copy = original
        copy.parentID = nil
        copy.replyCount = 0
        copy.pinnedBy = User(id: "q")
        copy.quotedMessage = QuotedMessage(id: "m0", text: "Quoted", user: User(id: "u"))
        copy.poll = Poll(question: "Lunch?")
        copy.deletedForMe = true
        copy.translations = ["de": "Hallo"]
        #expect(original.parentID == "root" && original.replyCount == 2 && original.pinnedBy?.id == "p")
        #expect(original.quotedMessage == nil && original.poll == nil && !original.deletedForMe && original.translations.isEmpty)
        #expect(copy.parentID == nil && copy.replyCount == 0 && copy.pinnedBy?.id == "q")
        #expect(copy.quotedMessage?.text == "Quoted" && copy.poll?.question == "Lunch?" && copy.deletedForMe)
        #expect(copy.translations == ["de": "Hallo"])
        copy.deletedForMe = false
        copy.poll = nil
        #expect(!copy.deletedForMe && copy.poll == nil)
        // Set back, every field equal: the copy is the original again.
        copy.parentID = "root"
        copy.replyCount = 2
        copy.pinnedBy = User(id: "p")
        copy.quotedMessage = nil
        copy.translations = [:]
        #expect(copy == original)
    }

    /// One author's decoded messages share one boxed user; another author, or the same id with
    /// another name, gets its own.
    @Test func decodedMessagesOfOneAuthor_shareTheirUser() throws {
        let document = try ConversationDecoder.decode(Array(#"""
            {"messages": [
              {"id": "a", "user": {"id": "u1", "name": "Ann"}, "created_at": "2024-03-05T09:41:00Z"},
              {"id": "b", "user": {"id": "u2", "name": "Bo"}, "created_at": "2024-03-05T09:42:00Z"},
              {"id": "c", "user": {"id": "u1", "name": "Ann"}, "created_at": "2024-03-05T09:43:00Z"},
              {"id": "d", "user": {"id": "u1", "name": "Ann B."}, "created_at": "2024-03-05T09:44:00Z"}
            ]}
            """#.utf8))
        let messages = document.conversation.messages
        #expect(messages[0].sharedUser === messages[2].sharedUser)
        #expect(messages[0].sharedUser !== messages[1].sharedUser)
        #expect(messages[0].sharedUser !== messages[3].sharedUser)
        #expect(messages.map(\.user.name) == ["Ann", "Bo", "Ann", "Ann B."])
        var renamed = messages[2]
        renamed.user.name = "Annie"
        #expect(messages[0].user.name == "Ann" && renamed.user.name == "Annie")
    }

    /// An author object spelled byte for byte as one before is that author without being
    /// decoded again; one spelled otherwise (its keys in another order, an escape, spaces) is
    /// decoded and still shares an equal user's box; one differing in a single byte past the
    /// first eight (the comparison goes eight bytes at a time), or a byte longer, is another
    /// user; more authors than are kept, and authors named by `user_id` alone, still decode.
    @Test func authorsSpelledAlikeOrOtherwise_shareOnlyEqualUsers() throws {
        var lines = [
            #"{"id": "a", "user": {"id": "u1", "name": "Annabelle Smith"}, "created_at": "2024-03-05T09:41:00Z"}"#,
            #"{"id": "b", "user": {"name": "Annabelle Smith", "id": "u1"}, "created_at": "2024-03-05T09:42:00Z"}"#,
            #"{"id": "c", "user": {"id": "u1", "name": "Annabelle Smit\u0068"}, "created_at": "2024-03-05T09:43:00Z"}"#,
            #"{"id": "d", "user": {"id": "u1", "name": "Annabelle Smitt"}, "created_at": "2024-03-05T09:44:00Z"}"#,
            #"{"id": "e", "user": {"id": "u1", "name": "Annabelle Smithy"}, "created_at": "2024-03-05T09:45:00Z"}"#,
            #"{"id": "f", "user_id": "u1", "created_at": "2024-03-05T09:46:00Z"}"#,
        ]
        for index in 0 ..< 20 {
            lines.append(#"{"id": "g\#(index)", "user": {"id": "w\#(index)", "name": "Writer \#(index)"}, "created_at": "2024-03-05T10:\#(10 + index):00Z"}"#)
        }
        lines.append(#"{"id": "h", "user": {"id": "u1", "name": "Annabelle Smith"}, "created_at": "2024-03-05T11:00:00Z"}"#)
        lines.append(#"{"id": "i", "user": {"id": "w19", "name": "Writer 19"}, "created_at": "2024-03-05T11:01:00Z"}"#)
        let document = try ConversationDecoder.decode(Array(("{\"messages\": [" + lines.joined(separator: ",\n") + "]}").utf8))
        let messages = document.conversation.messages
        #expect(messages.map(\.user.name) == ["Annabelle Smith", "Annabelle Smith", "Annabelle Smith", "Annabelle Smitt", "Annabelle Smithy", nil]
            + (0 ..< 20).map { "Writer \($0)" as String? } + ["Annabelle Smith", "Writer 19"] as [String?])
        #expect(messages[1].sharedUser === messages[0].sharedUser)
        #expect(messages[2].sharedUser === messages[0].sharedUser)
        #expect(messages[3].sharedUser !== messages[0].sharedUser)
        #expect(messages[4].sharedUser !== messages[0].sharedUser && messages[4].sharedUser !== messages[3].sharedUser)
        #expect(messages[5].user.id == "u1" && messages[5].sharedUser !== messages[0].sharedUser)
        // The first author was given way to by the twenty after it: decoded again, equal.
        #expect(messages[26].user == messages[0].user)
        #expect(messages[27].sharedUser === messages[25].sharedUser)
        #expect(Set(messages[6 ..< 26].map { ObjectIdentifier($0.sharedUser) }).count == 20)
    }
}
