import ChatLayoutICU
import ChatLayoutKit
import ChatLayoutTextRenderer
import Testing

/// Thread-view scenarios on top of `ConversationBuilder`:
///
///     let thread = try ConversationBuilder()
///         .message("p1", by: "leia", at: 0)
///         .threadReply("r1", to: "p1", by: "han", at: 60)
///         .resolveThread("p1")
///     #expect(thread.replyIDs == ["r1"])
extension ConversationBuilder {
    /// A reply to `parentID` by `author`, `offset` seconds after `start`.
    func threadReply(_ id: String, to parentID: String, by author: String, at offset: Double, text: String = "Reply",
               _ adjust: (inout Message) -> Void = { _ in }) -> Self {
        message(id, by: author, at: offset, text: text) { message in
            message.type = .reply
            message.parentID = parentID
            adjust(&message)
        }
    }

    /// A reply at an RFC 3339 instant.
    func threadReply(_ id: String, to parentID: String, by author: String, at rfc3339: String, text: String = "Reply") -> Self {
        message(id, by: author, at: rfc3339, text: text) { message in
            message.type = .reply
            message.parentID = parentID
        }
    }

    /// A Stream thread payload (an entry of `threads`).
    func threadPayload(_ thread: ChatThread) -> Self {
        conversation { $0.threads.append(thread) }
    }

    /// The thread view's options.
    func threadView(_ adjust: (inout ThreadViewConfig) -> Void) -> Self {
        config { adjust(&$0.threadView) }
    }

    /// The decisions of the thread of `parentID` (with their reasons and notes when `explain`).
    func resolveThread(_ parentID: String, explain: Bool = false) throws -> ThreadViewDecisions {
        let formatter = try ICULocaleFormatter(locale: context.locale, timeZone: context.timeZone)
        return try ThreadViewResolver(try LayoutEnvironment(config: config, context: context, formatter: formatter,
                                                            measurer: ICUTextEngine()))
            .resolve(conversation, parentID: parentID, explain: explain)
    }

    /// The laid-out thread of `parentID` at `width`, whole or through a viewport.
    func threadScreen(_ parentID: String, width: Int = 40, height: Int? = nil, scrollOffset: Int? = nil,
                      isScrolling: Bool = false) throws -> LaidOutScreen {
        let formatter = try ICULocaleFormatter(locale: context.locale, timeZone: context.timeZone)
        return try ThreadViewScreen.layout(conversation, parentID: parentID, environment:
                try LayoutEnvironment(config: config, context: context, formatter: formatter, measurer: ICUTextEngine(),
                                      presentation: TerminalPresentation()), width: width, height: height, scrollOffset: scrollOffset,
                isScrolling: isScrolling)
    }
}

extension ThreadViewDecisions {
    /// The reply ids, top to bottom.
    var replyIDs: [String] { replies.map(\.message.id) }

    /// The list's rows in short, as `ResolvedMessageList.rows`: "date Today", "r1".
    var rows: [String] { items.map(ResolvedMessageList.row) }

    /// The decision of one message of the list; a missing one fails the test.
    func decision(_ id: String, sourceLocation: SourceLocation = #_sourceLocation) -> MessageDecision? {
        let decision = messages.first { $0.message.id == id }
        if decision == nil { Issue.record("no message \(id) in the thread \(rows)", sourceLocation: sourceLocation) }
        return decision
    }
}

extension LaidOutScreen {
    /// Every box of the screen with the given role, parents first.
    func boxesWithRole(_ role: BoxRole) -> [Box] {
        var found: [Box] = []
        root.walk { box, _ in if box.role == role { found.append(box) } }
        return found
    }

    /// The drawing's rows.
    var drawnRows: [String] { TextRenderer().rows(self) }
}
