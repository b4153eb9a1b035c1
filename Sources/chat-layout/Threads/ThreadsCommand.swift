import ArgumentParser
import ChatLayoutKit

/// `chat-layout threads`: the thread list of a document (Stream's thread-list response, or a
/// conversation document with `threads`), after its `events`.
struct ThreadsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "threads",
        abstract: "Lay out a thread list and draw it.",
        discussion: """
            Reads `threads` (and `next`), applies the document's `events` (Stream websocket \
            payloads: notification.thread_message_new, thread.updated, message.read, \
            message.deleted) and draws the list in its `thread_list.state`. Formats as for \
            preview; a viewport opens at the top.
            """
    )

    @OptionGroup var flags: LayoutFlags
    @OptionGroup var screen: ScreenOptions

    func run() throws {
        let loaded = try flags.load(for: .threadList)
        let measurer = try screen.measurer(cells: loaded.engine)
        let laidOut = ThreadListScreen.layout(
            loaded.document.conversation, config: loaded.config, context: loaded.context,
            formatter: loaded.formatter, measurer: measurer, metrics: screen.metrics(for: loaded.config, measurer: measurer),
            width: flags.width, viewport: screen.viewport(defaultOffset: 0), presentation: screen.presentation
        )
        try screen.write(laidOut, engine: loaded.engine, measurer: measurer)
    }
}
