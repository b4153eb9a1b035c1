@_spi(ChatLayoutStages) import ChatLayoutModel

extension ThreadViewDecisions {
    /// The rows of the thread (the parent first with `first_message`) as a list's decisions:
    /// `explain` writes them as it writes a channel's, the thread's notes last.
    private var rowsExplained: MessageListDecisions {
        var list = MessageListDecisions(header: header, items: items, unreadCount: unreadCount, hidden: hidden,
                                        dateSeparatorStyle: dateSeparatorStyle, notes: notes)
        list.oldestDateSeparatorReason = oldestDateSeparatorReason
        return list
    }

    /// `explain --thread --format json`: the object `explain` writes for a list — `items`
    /// (the parent first with `first_message`), `hidden`, `notes` — with `parent` (the
    /// parent's message item, with `info_header`) and `thread`: `parent_id`,
    /// `parent_presentation` (`info_header`, `first_message`), `reply_count`,
    /// `replies_counter` (whether Stream's counter stands under the parent) and `opening`
    /// (`{"kind": "bottom"}`, `{"kind": "top"}` or `{"kind": "reply", "id": …}`), then
    /// `members`. Keys may be added; these never change.
    public func writeExplanationJSON(adding members: [(String, JSONValue)] = [], chunkSize: Int = JSONValue.chunkSize,
                                     to sink: (String) throws -> Void) rethrows {
        let list = rowsExplained
        var added: [(String, JSONValue)] = []
        if let parentInfo { added.append(("parent", list.json(.message(parentInfo.decision)))) }
        let opening: JSONValue = switch self.opening {
        case .bottom: .object([("kind", "bottom")])
        case .top: .object([("kind", "top")])
        case .reply(let id): .object([("kind", "reply"), ("id", .string(id))])
        }
        added.append(("thread", .object([
            ("parent_id", .string(parentID)),
            ("parent_presentation", .string(parentInfo == nil ? "first_message" : "info_header")),
            ("reply_count", .int(replyCount)),
            ("replies_counter", .bool(showsRepliesCounter)),
            ("opening", opening),
        ])))
        try list.writeExplanationJSON(adding: added + members, chunkSize: chunkSize, to: sink)
    }

    /// The lines of `explain --thread --format text`: the header ("Thread · Weekend Hikers"),
    /// the parent's line when it stands above the replies (`info_header`), one line per row as
    /// a channel's list explains it, then the notes: how the parent is presented, whether the
    /// replies are counted, where the view opens and why. Texts are cut by `truncate`, and
    /// every line is plain as in a list's explanation.
    package func explanationLines(width: Int, truncate: (String, Int) -> String) -> [String] {
        var lines = rowsExplained.explanationLines(width: width, truncate: truncate)
        if let parentInfo {
            let line = UntrustedText.plain("above the replies: " + MessageListDecisions.line(parentInfo.decision, width: width, truncate: truncate))
            lines.insert(line, at: min(1, lines.count))
        }
        return lines
    }
}
