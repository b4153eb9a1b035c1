import ArgumentParser
import ChatLayoutKit

/// `chat-layout explain`: the decisions of a message list, top to bottom, and why.
struct ExplainCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "explain",
        abstract: "Show the decisions of a message list and why each was made.",
        discussion: """
            --format json prints the decisions for scripts: {"items": [...]} top to bottom, with \
            kinds dateSeparator (day, text), unreadSeparator (text), message (id, position, \
            options sorted; gap_seconds and limit_seconds when a time gap decided its group) and \
            typingIndicator (text). --format text prints one line per item with its reasons, \
            intervals rounded for reading.
            """
    )

    enum Format: String, ExpressibleByArgument, CaseIterable { case text, json }

    @OptionGroup var flags: LayoutFlags
    @OptionGroup var messageList: MessageListFlags
    @Option(help: "text (for people) or json (for scripts).")
    var format: Format = .text

    func run() throws {
        let loaded = try flags.load()
        let resolver = MessageListResolver(config: messageList.applied(to: loaded.config), context: loaded.context,
                                           formatter: loaded.formatter, measurer: loaded.engine)
        let decisions = resolver.resolve(loaded.document.conversation, explain: format == .text)
        var output = StandardOutput()
        switch format {
        case .json:
            output.write(decisions.explanationJSON().serialized() + "\n")
        case .text:
            for line in decisions.explanationLines(width: flags.width, measurer: loaded.engine) {
                output.write(line + "\n")
            }
        }
        output.flush()
    }
}
