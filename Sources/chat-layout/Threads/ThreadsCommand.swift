import ArgumentParser
import ChatLayoutGoldens
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
        var loaded = try flags.load(for: .threadList)
        let environment = try screen.environment(&loaded)
        let laidOut = try loaded.request.layout(loaded.document.conversation, environment: environment)
        try screen.write(laidOut, engine: loaded.engine, environment: environment)
        if loaded.context.currentUserID == nil {
            // Unread badges and the order (unread threads first) are the current user's.
            StandardError.write("chat-layout: note: no current user (--current-user, or the document's context.current_user_id): no thread shows an unread badge, and the threads are ordered by their latest reply alone\n")
        }
    }
}
