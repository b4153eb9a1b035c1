import ArgumentParser
import ChatLayoutKit

/// `chat-layout explain`: the decisions of a message list, top to bottom, and why.
struct ExplainCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "explain",
        abstract: "Show the decisions of a message list and why each was made.",
        discussion: """
            --format json prints the decisions for scripts: {"items": [...]} top to bottom, with \
            kinds dateSeparator (day, text), unreadSeparator (text, reason), message (id, position, \
            options sorted; gap_seconds and limit_seconds when a time gap decided its group) and \
            typingIndicator (text); "notes" says why an unread separator is missing and what the \
            channel turns off; "profile" names the profile whose defaults the options take, and \
            "config_sources" says for each option who gave it: the profile ("stream-uikit", \
            "stream-swiftui", "sendbird"), the "document" or a "flag"; "anatomy" names the message \
            anatomy rows are drawn in ("stream" or "sendbird"). --format text prints one \
            line per item with its reasons, intervals rounded for reading, then the notes, then \
            the profile and the options the document and the flags set. --markdown adds how each \
            message's text parses as markdown: per message, its blocks (paragraph, heading N, code, \
            •, N., rule), indented by their list depth and prefixed by a "> " per quote, each with \
            its quoted runs and their styles (JSON: "markdown": [{"id", "blocks": [{"kind", \
            "quote_depth", "list_depth", "runs": [{"text", "styles", "destination"?}]}]}]). \
            --thread ID explains the \
            thread view of that parent message instead: its rows as a list's, the parent's line \
            when it stands above the replies, then how the parent is presented, whether the \
            replies are counted and where the view opens; its JSON adds "parent" and "thread" \
            (parent_id, parent_presentation, reply_count, replies_counter, opening).
            """
    )

    enum Format: String, SpelledEnum { case text, json }

    @OptionGroup var flags: LayoutFlags
    @OptionGroup var messageList: MessageListFlags
    @OptionGroup var history: HistoryFlags
    @Option(help: "Explain the thread view of this parent message instead of the channel's list.")
    var thread: String?
    @OptionGroup var threadView: ThreadViewFlags
    @Option(help: "text (for people) or json (for scripts).")
    var format: Format = .text
    @Flag(help: "Also show how each message's markdown parses: its blocks and styled runs (markdown_enabled).")
    var markdown = false

    func validate() throws {
        if thread == nil && threadView.isGiven {
            throw ValidationError("--parent-presentation and --starting-point explain a thread view: give --thread too")
        }
        if thread != nil && history.isGiven {
            throw ValidationError("--[no-]history-loaded, --loading-older and --loading-newer are a channel's list's: a thread knows from its reply count whether every reply is loaded")
        }
    }

    func run() throws {
        if let thread { return try explainThread(thread) }
        let loaded = try flags.load(for: .messageList, overrides: messageList.overrides())
        let environment = try loaded.environment()
        let resolver = MessageListResolver(environment)
        let decisions = resolver.resolve(history.applied(to: loaded.document.conversation), explain: true)
        var output = StandardOutput()
        switch format {
        case .json:
            let provenance = loaded.input.provenance
            let sources = JSONValue.object(provenance.sources.map { ($0.key, .string($0.source.name)) })
            var members: [(String, JSONValue)] = [("direction", .string(environment.layoutDirection.rawValue)),
                                                  ("profile", .string(provenance.profile.rawValue)), ("config_sources", sources),
                                                  ("anatomy", .string(environment.config.messageAnatomy.rawValue))]
            if markdown {
                members.append(("markdown", .array(Self.richTexts(decisions).map { id, rich in
                    .object([("id", .string(id)), ("blocks", rich.explanationJSON)])
                })))
            }
            try decisions.writeExplanationJSON(adding: members) {
                try output.write($0)
            }
            try output.write("\n")
        case .text:
            var lines = decisions.explanationLines(width: flags.width, measurer: loaded.engine)
            // A mirrored screen says so, and why, under the header.
            if environment.layoutDirection == .rightToLeft {
                let why = environment.config.layoutDirection == nil ? "the locale \(environment.locale) reads right to left"
                    : "layout_direction rtl"
                let headed = !decisions.header.title.isEmpty || !decisions.header.subtitle.isEmpty
                lines.insert(UntrustedText.plain("laid out right to left, mirrored: \(why)"), at: headed ? 1 : 0)
            }
            // Under the header (if any): who "you" are, when only the payload's membership says so.
            if flags.currentUser == nil, loaded.document.context.currentUserFromMembership, let id = loaded.context.currentUserID {
                let headed = !decisions.header.title.isEmpty || !decisions.header.subtitle.isEmpty
                lines.insert(UntrustedText.plain("you are \(id) (the channel's membership)"), at: headed ? 1 : 0)
            }
            // Where the rows' parts go, when not Stream's default anatomy.
            if let anatomy = environment.config.anatomyExplanation { lines.append(UntrustedText.plain(anatomy)) }
            // Each message's markdown, parsed, when asked.
            if markdown {
                let parsed = Self.richTexts(decisions)
                if parsed.isEmpty {
                    lines.append(environment.config.markdownEnabled ? "markdown: no message has any" : "markdown: off (markdown_enabled)")
                }
                for (id, rich) in parsed {
                    lines.append(UntrustedText.plain("markdown of \(id):"))
                    lines += rich.explanationLines.map { "  " + $0 }
                }
            }
            // Last: whose defaults, and which options the document and the flags set.
            lines.append(UntrustedText.plain(loaded.input.provenance.summary))
            for line in lines { try output.write(line + "\n") }
        }
        try output.flush()
    }

    /// The messages whose text is markdown, top to bottom, with what it parses as.
    static func richTexts(_ decisions: MessageListDecisions) -> [(id: String, rich: RichText)] {
        decisions.items.compactMap { item in
            guard case .message(let decision) = item, let rich = decision.richText else { return nil }
            return (decision.message.id, rich)
        }
    }

    /// `--thread`: the thread view of `parentID`, explained.
    private func explainThread(_ parentID: String) throws {
        let loaded = try flags.load(for: .threadView(parentID: parentID), overrides: threadView.overrides(messageList.overrides()))
        let environment = try loaded.environment()
        let decisions: ThreadViewDecisions
        do {
            decisions = try ThreadViewResolver(environment).resolve(loaded.document.conversation, parentID: parentID, explain: true)
        } catch {
            throw BadInput(message: "\(error)")
        }
        var output = StandardOutput()
        let provenance = loaded.input.provenance
        switch format {
        case .json:
            let sources = JSONValue.object(provenance.sources.map { ($0.key, .string($0.source.name)) })
            try decisions.writeExplanationJSON(adding: [("direction", .string(environment.layoutDirection.rawValue)),
                                                        ("profile", .string(provenance.profile.rawValue)), ("config_sources", sources)]) {
                try output.write($0)
            }
            try output.write("\n")
        case .text:
            for line in decisions.explanationLines(width: flags.width, measurer: loaded.engine) + [UntrustedText.plain(provenance.summary)] {
                try output.write(line + "\n")
            }
        }
        try output.flush()
    }
}
