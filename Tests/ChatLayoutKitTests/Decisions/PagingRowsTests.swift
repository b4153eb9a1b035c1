import ChatLayoutDecoding
import ChatLayoutICU
import ChatLayoutKit
import ChatLayoutTestSupport
import Testing

/// The message list's loading rows while a page loads (Stream's pagination states,
/// `isLoadingPreviousMessages` and `isLoadingNextMessages`): above the oldest message while older
/// messages load, under the newest while newer ones do; in the decisions, the box tree, the
/// document and the incremental list.
@Suite struct PagingRowsTests {
    /// Leia and Han on one day, Leia the next; Han is typing.
    private let twoDays = ConversationBuilder()
        .config { $0.dateIndicatorPlacement = .messageList }
        .message("m1", by: "leia", at: 0)
        .message("m2", by: "han", at: 60)
        .message("m3", by: "leia", at: 86_400)
        .typing("han")

    // MARK: Decisions

    @Test func loadingOlder_standsAboveTheOldestMessage_aboveItsDateSeparator() throws {
        let rows = try twoDays.conversation { $0.isLoadingOlderMessages = true }.resolve().rows
        #expect(rows.first == "older Loading…")
        #expect(rows.dropFirst().first?.hasPrefix("date ") == true)
        #expect(rows.filter { $0.hasPrefix("older") }.count == 1)
        #expect(!rows.contains { $0.hasPrefix("newer") })
    }

    @Test func loadingNewer_standsUnderTheNewestMessage_aboveTheTypingIndicator() throws {
        let rows = try twoDays.conversation { $0.isLoadingNewerMessages = true }.resolve().rows
        let newer = try #require(rows.firstIndex(of: "newer Loading…"))
        #expect(rows[newer - 1] == "m3")
        #expect(rows[newer + 1].hasPrefix("typing "))
        #expect(!rows.contains { $0.hasPrefix("older") })
    }

    @Test func theStateLoadingMore_isTheOlderPageLoading() throws {
        let rows = try twoDays.conversation { $0.messageListState = .loadingMore }.resolve().rows
        #expect(rows.first == "older Loading…")
    }

    @Test func noMessages_orNothingLoadedYet_showNoPagingRow() throws {
        let empty = try ConversationBuilder().config { $0.showEmptyState = true }
            .conversation { $0.isLoadingOlderMessages = true; $0.isLoadingNewerMessages = true }.resolve().rows
        #expect(empty == ["empty No messages yet"])
        let loading = try twoDays.conversation {
            $0.messageListState = .loading; $0.isLoadingOlderMessages = true; $0.isLoadingNewerMessages = true
        }.resolve().rows
        #expect(loading == ["loading Loading…"])
    }

    @Test func withoutPaging_theListIsAsBefore() throws {
        let rows = try twoDays.resolve().rows
        #expect(!rows.contains { $0.hasPrefix("older") || $0.hasPrefix("newer") })
        #expect(rows.first?.hasPrefix("date ") == true)
    }

    @Test func explain_namesBothRows() throws {
        let decisions = try twoDays.conversation { $0.isLoadingOlderMessages = true; $0.isLoadingNewerMessages = true }
            .resolve(explain: true).decisions
        let lines = decisions.explanationLines(width: 80, measurer: ICUTextEngine())
        #expect(lines.contains("Loading…  loading older messages (message_list.loading_older)"))
        #expect(lines.contains("Loading…  loading newer messages (message_list.loading_newer)"))
        let json = decisions.explanationJSON().serialized()
        #expect(json.contains(#"{"kind":"loadingOlderIndicator","text":"Loading…"}"#))
        #expect(json.contains(#"{"kind":"loadingNewerIndicator","text":"Loading…"}"#))
    }

    // MARK: Layout

    private func environment(_ builder: ConversationBuilder) throws -> LayoutEnvironment {
        try LayoutEnvironment(config: builder.config, context: builder.context,
                              formatter: ICULocaleFormatter(locale: builder.context.locale, timeZone: builder.context.timeZone),
                              measurer: ICUTextEngine())
    }

    @Test func theRowsAreBoxesOfTheirOwn_centred_inListOrder() throws {
        let builder = twoDays.conversation { $0.isLoadingOlderMessages = true; $0.isLoadingNewerMessages = true }
        let screen = MessageListScreen.layout(builder.conversation, environment: try environment(builder), width: 40)
        let list = try #require(screen.root.children.first { $0.role == .messageList })
        let roles = list.children.map(\.role)
        #expect(roles.first == .loadingOlderIndicator)
        #expect(roles.dropLast().last == .loadingNewerIndicator)
        #expect(roles.last == .typingIndicator)
        for role in [BoxRole.loadingOlderIndicator, .loadingNewerIndicator] {
            let box = try #require(list.children.first { $0.role == role })
            #expect(box.text == "Loading…")
            #expect(abs(box.frame.x + box.frame.width / 2 - 20) <= 1, "centred: \(box.frame)")
        }
        // Rows never overlap, top to bottom.
        for (upper, lower) in zip(list.children, list.children.dropFirst()) { #expect(upper.frame.maxY <= lower.frame.y) }
    }

    // MARK: The document and the command line

    @Test func theDocumentSaysWhichPageLoads() throws {
        func decode(_ messageList: String) throws -> Conversation {
            let json = #"{"messages": [{"id": "m1", "text": "Hi", "user": {"id": "leia"}, "created_at": "2024-03-05T09:00:00Z"}], "message_list": "# + messageList + "}"
            return try ConversationDecoder.decode(Array(json.utf8)).conversation
        }
        let both = try decode(#"{"loading_older": true, "loading_newer": true}"#)
        #expect(both.isLoadingOlderMessages && both.isLoadingNewerMessages)
        let neither = try decode("{}")
        #expect(!neither.isLoadingOlderMessages && !neither.isLoadingNewerMessages)
        #expect {
            _ = try decode(#"{"loading_newer": "yes"}"#)
        } throws: { error in
            (error as? DocumentError)?.path == "message_list.loading_newer"
        }
    }

    // MARK: The incremental list

    private func incremental(_ builder: ConversationBuilder) throws -> IncrementalMessageList {
        try IncrementalMessageList(conversation: builder.conversation, environment: environment(builder), width: 40)
    }

    private func expectFullLayout(_ list: IncrementalMessageList, sourceLocation: SourceLocation = #_sourceLocation) {
        var probes = SplitMix64(seed: 7)
        #expect(IncrementalOracle.mismatch(list, probes: &probes) == nil, sourceLocation: sourceLocation)
    }

    @Test func incremental_olderPageLoading_insertsTheRow_followsThePageUp_andGoes() throws {
        var list = try incremental(twoDays)
        let started = try list.apply(.loadingOlderMessages(true))
        #expect(started.inserted.map(\.id) == [.loadingOlderIndicator])
        #expect(started.inserted.first?.index == 0)
        #expect(list.frame(of: .loadingOlderIndicator) != nil)
        expectFullLayout(list)
        // The page arrives while the next one loads: the row stands above the new oldest message.
        let older = Message(id: "m0", text: "Earlier", user: Cast.user("han"), createdAt: twoDays.at(-3600))
        let arrived = try list.apply(.prependPage([older]))
        #expect(list.items.first?.id == .loadingOlderIndicator)
        #expect(list.items.filter { $0.id == .loadingOlderIndicator }.count == 1)
        #expect(!arrived.removed.contains(.loadingOlderIndicator))
        expectFullLayout(list)
        let stopped = try list.apply(.loadingOlderMessages(false))
        #expect(stopped.removed == [.loadingOlderIndicator])
        #expect(list.frame(of: .loadingOlderIndicator) == nil)
        expectFullLayout(list)
    }

    @Test func incremental_newerPageLoading_insertsTheRowUnderTheNewest_andGoes() throws {
        var list = try incremental(twoDays)
        let started = try list.apply(.loadingNewerMessages(true))
        #expect(started.inserted.map(\.id) == [.loadingNewerIndicator])
        let frame = try #require(list.frame(of: .loadingNewerIndicator))
        let newest = try #require(list.frame(of: .message("m3")))
        #expect(frame.y >= newest.maxY)
        expectFullLayout(list)
        let appended = try list.apply(.append(Message(id: "m4", text: "Later", user: Cast.user("han"), createdAt: twoDays.at(90_000))))
        #expect(try #require(list.frame(of: .loadingNewerIndicator)).y >= #require(list.frame(of: .message("m4"))).maxY)
        #expect(appended.inserted.map(\.id).contains(.message("m4")))
        expectFullLayout(list)
        let stopped = try list.apply(.loadingNewerMessages(false))
        #expect(stopped.removed == [.loadingNewerIndicator])
        expectFullLayout(list)
    }

    @Test func incremental_removingTheOldestMessage_movesTheRowToTheNext() throws {
        var list = try incremental(twoDays.conversation { $0.isLoadingOlderMessages = true })
        #expect(list.items.first?.id == .loadingOlderIndicator)
        try list.apply(.remove(messageID: "m1"))
        #expect(list.items.first?.id == .loadingOlderIndicator)
        #expect(list.items.dropFirst().contains { $0.id == .message("m2") })
        expectFullLayout(list)
    }
}
