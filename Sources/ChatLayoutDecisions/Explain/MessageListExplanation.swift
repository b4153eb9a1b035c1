@_spi(ChatLayoutStages) import ChatLayoutModel

extension MessageListDecisions {
    /// `explain --format json`: `{"items": [...]}` top to bottom. Kinds
    /// `dateSeparator` (day, text), `unreadSeparator` (text, and `reason` when explained), `message` (id, position, options
    /// sorted by name), `typingIndicator` (text), plus `emptyState` and `loadingState` (text).
    /// A message grouped by time also carries the exact seconds to the next message,
    /// `gap_seconds`, and, when that gap ended its group, `limit_seconds` (the longest gap
    /// within a group). `hidden` lists the messages the list leaves out (`id`, `reason`:
    /// `thread_reply`, `shadowed`, `deleted_ephemeral`, `truncated`). `notes`, when there are
    /// any, says why the unread separator is missing and what the channel turns off
    /// (``unreadExplanation``, ``notes``). Keys may be added; these never change.
    public func explanationJSON() -> JSONValue {
        .object([("items", .array(items.map { json($0) })), hiddenMember] + notesMembers)
    }

    /// The text of ``explanationJSON()`` with `members` added after its own keys — exactly as
    /// that object serialised (``JSONValue/serialized()``) — handed to `sink` a piece at a time
    /// as it is written: pieces of about `chunkSize` UTF-8 bytes, each item's JSON made only
    /// when it is written, so that neither the JSON tree of a long list nor its text is held
    /// whole. An error `sink` throws ends the writing.
    public func writeExplanationJSON(adding members: [(String, JSONValue)] = [], chunkSize: Int = JSONValue.chunkSize,
                                     to sink: (String) throws -> Void) rethrows {
        var buffer = "{\"items\":["
        for (index, item) in items.enumerated() {
            if index > 0 { buffer += "," }
            try json(item).write(to: &buffer, flushingAt: chunkSize, into: sink)
            try JSONValue.flush(&buffer, at: chunkSize, into: sink)
        }
        buffer += "],"
        try JSONValue.writeMembers([hiddenMember] + notesMembers + members, to: &buffer, flushingAt: chunkSize, into: sink)
        buffer += "}"
        try sink(buffer)
    }

    /// `hidden`: `[{"id", "reason"}]`.
    private var hiddenMember: (String, JSONValue) {
        ("hidden", .array(hidden.map { .object([("id", .string($0.id)), ("reason", .string($0.reason.rawValue))]) }))
    }

    /// `notes`, when there are any: a missing unread separator's reason, then the list's notes.
    private var notesMembers: [(String, JSONValue)] {
        let listNotes = (firstUnreadSeparator == nil ? unreadExplanation.map { [$0] } ?? [] : []) + notes
        return listNotes.isEmpty ? [] : [("notes", .array(listNotes.map(JSONValue.string)))]
    }

    /// Whether a row is the unread separator, at which index.
    private var firstUnreadSeparator: Int? {
        items.firstIndex { if case .unreadSeparator = $0 { true } else { false } }
    }

    func json(_ item: MessageListItem) -> JSONValue {
        switch item {
        case .dateSeparator(let day, let text):
            return .object([("kind", "dateSeparator"), ("day", .string(day.description)), ("text", .string(text))])
        case .unreadSeparator(let text):
            var members: [(String, JSONValue)] = [("kind", "unreadSeparator"), ("text", .string(text))]
            if let unreadExplanation { members.append(("reason", .string(unreadExplanation))) }
            return .object(members)
        case .message(let decision):
            var members: [(String, JSONValue)] = [
                ("kind", "message"), ("id", .string(decision.message.id)),
                ("position", .string(decision.position.rawValue)),
                ("options", .array(decision.options.names.map(JSONValue.string))),
            ]
            // An author whose id or name reads like another user's (only when explained).
            if !decision.notes.isEmpty { members.append(("notes", .array(decision.notes.map(JSONValue.string)))) }
            // The exact intervals that `explain`'s text rounds for people.
            switch decision.groupBoundary {
            case .gap(let seconds, let limit):
                members += [("gap_seconds", .double(seconds)), ("limit_seconds", .double(limit))]
            case .continues(let seconds):
                members.append(("gap_seconds", .double(seconds)))
            default:
                break
            }
            return .object(members)
        case .typingIndicator(let text):
            return .object([("kind", "typingIndicator"), ("text", .string(text))])
        case .emptyState(let text):
            return .object([("kind", "emptyState"), ("text", .string(text))])
        case .loadingState(let text):
            return .object([("kind", "loadingState"), ("text", .string(text))])
        case .loadingOlderIndicator(let text):
            return .object([("kind", "loadingOlderIndicator"), ("text", .string(text))])
        case .loadingNewerIndicator(let text):
            return .object([("kind", "loadingNewerIndicator"), ("text", .string(text))])
        }
    }

    /// The lines of `explain --format text` (``explanationLines(width:measurer:)``), with
    /// message texts cut to fit `width` by `truncate` (a text and a width in the measurer's
    /// units): the decisions need no measurer of their own.
    package func explanationLines(width: Int, truncate: (String, Int) -> String) -> [String] {
        explanationLinesAsWritten(width: width, truncate: truncate).map(UntrustedText.plain)
    }

    private func explanationLinesAsWritten(width: Int, truncate: (String, Int) -> String) -> [String] {
        // The header's title and subtitle, as far as there are any: no line for a document
        // without a channel.
        let heading = [header.title, header.subtitle].filter { !$0.isEmpty }
        var lines = heading.isEmpty ? [] : [heading.joined(separator: " · ")]
        let style = Self.styleNote(dateSeparatorStyle)
        for (index, item) in items.enumerated() {
            switch item {
            case .dateSeparator(let day, let text):
                let why = index == 0 ? oldestDateSeparatorReason ?? "oldest message, the whole history loaded" : "first message of the day"
                lines.append("── \(text) ──  date separator \(day): \(why); \(style)")
            case .unreadSeparator(let text):
                lines.append("── \(text) ──  unread separator: \(unreadExplanation ?? "first message after your last read")")
            case .message(let decision):
                lines.append(Self.line(decision, width: width, truncate: truncate))
            case .typingIndicator(let text):
                lines.append("\(UntrustedText.neutralizeLine(text))  typing indicator")
            case .emptyState(let text):
                lines.append("\(text)  empty state")
            case .loadingState(let text):
                lines.append("\(text)  loading state")
            case .loadingOlderIndicator(let text):
                lines.append("\(text)  loading older messages (message_list.loading_older)")
            case .loadingNewerIndicator(let text):
                lines.append("\(text)  loading newer messages (message_list.loading_newer)")
            }
        }
        for message in hidden {
            lines.append("\(UntrustedText.lineField(message.id)) hidden: \(message.reason.explanation)")
        }
        if firstUnreadSeparator == nil, let unreadExplanation { lines.append(unreadExplanation) }
        lines += notes
        return lines
    }

    /// Which date label style is in force, and which one is Stream's.
    private static func styleNote(_ style: DateSeparatorStyle) -> String {
        switch style {
        case .stream: "style stream (Stream's own label, MMMdd)"
        case .relative: "style relative (Stream's own label is the stream style)"
        case .sendbird: "style sendbird (Sendbird's label)"
        }
    }

    static func line(_ decision: MessageDecision, width: Int, truncate: (String, Int) -> String) -> String {
        let message = decision.message
        let quoted = truncate(decision.text, max(8, width / 3))
        var parts = [
            "\(UntrustedText.lineField(message.id)) \(decision.position.rawValue)",
            "\(UntrustedText.nameField(message.user.displayName)) \(decision.timeText)",
            UntrustedText.quotedInLine(quoted),
            "[\(decision.options.names.joined(separator: " "))]",
        ]
        var reasons = [decision.groupBoundary.explanation]
        reasons += decision.reasons.map(\.explanation)
        reasons += decision.notes.map { "⚠ " + $0 }
        parts.append(reasons.joined(separator: "; "))
        return parts.joined(separator: "  ")
    }
}
