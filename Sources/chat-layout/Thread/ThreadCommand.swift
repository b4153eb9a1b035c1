import ArgumentParser
import ChatLayoutGoldens
import ChatLayoutKit

/// `chat-layout thread`: the thread of one message laid out and drawn as text, as a tree, or
/// as JSON: the parent message, then its replies grouped and dated as a channel's are.
struct ThreadCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "thread",
        abstract: "Lay out the thread of a message and draw it.",
        discussion: """
            The parent comes from the document's messages, else from its threads' parent_message; \
            the replies are the messages with that parent_id and the thread's latest_replies. \
            --format as for preview. With --height the screen is a viewport that opens where the \
            starting point says (none or max: the bottom; 0: the top — under the parent info, the \
            first reply at the top; an RFC 3339 timestamp: the first reply at or after it in the \
            middle, else the bottom), unless --scroll-offset is given.
            """
    )

    @OptionGroup var flags: LayoutFlags
    @OptionGroup var messageList: MessageListFlags
    @Option(help: "The parent message's id.")
    var parent: String
    @OptionGroup var threadView: ThreadViewFlags
    @OptionGroup var screen: ScreenOptions

    func run() throws {
        let overrides = threadView.overrides(messageList.overrides())
        var loaded = try flags.load(for: .threadView(parentID: parent), overrides: overrides)
        let environment = try screen.environment(&loaded)
        let laidOut: LaidOutScreen
        do {
            laidOut = try loaded.request.layout(loaded.document.conversation, environment: environment)
        } catch {
            throw BadInput(message: "\(error)")
        }
        try screen.write(laidOut, engine: loaded.engine, environment: environment)
        screen.hintWhenOverlayShowsNoDates(environment.config)
    }
}
