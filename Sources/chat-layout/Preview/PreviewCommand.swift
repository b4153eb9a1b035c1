import ArgumentParser
import ChatLayoutGoldens
import ChatLayoutKit

/// `chat-layout preview`: a document laid out and drawn as text or SVG, as a tree, or as JSON.
struct PreviewCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "preview",
        abstract: "Lay out a message list and draw it.",
        discussion: """
            --format text draws the screen; svg draws it as an SVG document (a cell is 10×20 \
            pixels, a point one pixel; one <g data-role data-id data-frame> per box); tree prints the box tree \
            indented (role, id, frame); \
            json prints the box tree as JSON, schema version \(LaidOutScreen.jsonSchemaVersion): {"width", "height", \
            "line_height", "schema_version", "direction", "decorated_roles"?, "root"} with boxes {"role", "id"?, \
            "frame": {"x", "y", "width", "height"}, "text"?, "content"?, "lines"?, "placed_lines"?, "children"?}. With \
            --height the screen is a viewport of that many rows (header included), scrolled \
            --scroll-offset rows down the list (default: the bottom; the first unread message with \
            jump_to_unread_when_opening), or to the message --jump-to names, with the scroll-to-latest \
            button, the jump-to-unread button (jump_to_unread_enabled), and the floating date with \
            --scrolling (Stream shows it only while the list scrolls).
            """
    )

    @OptionGroup var flags: LayoutFlags
    @OptionGroup var messageList: MessageListFlags
    @OptionGroup var history: HistoryFlags
    @OptionGroup var screen: ScreenOptions
    @Option(help: "With --height: scroll to the message with this id, placed by --anchor (as Stream's jumpToMessage); not with --scroll-offset.")
    var jumpTo: String?
    @Option(help: "Where --jump-to's message lands: top, center or bottom (default: the config's scrolling_anchor, center).")
    var anchor: AnchorFlag?
    @Option(help: "With --height: draw the message with this id highlighted (by default --jump-to's message is, with the config's highlight_message_when_jumping).")
    var highlight: String?

    func validate() throws {
        if jumpTo != nil && screen.height == nil { throw ValidationError("--jump-to needs --height") }
        if jumpTo != nil && screen.scrollOffset != nil { throw ValidationError("--jump-to and --scroll-offset both say where the viewport is: give one") }
        if anchor != nil && jumpTo == nil { throw ValidationError("--anchor needs --jump-to") }
        if highlight != nil && screen.height == nil { throw ValidationError("--highlight needs --height") }
    }

    func run() throws {
        var loaded = try flags.load(for: .messageList, overrides: messageList.overrides())
        let conversation = history.applied(to: loaded.document.conversation)
        loaded.request.jumpTo = jumpTo
        loaded.request.anchor = anchor?.anchor
        loaded.request.highlight = highlight
        let environment = try screen.environment(&loaded)
        let request = loaded.request
        if request.viewport != nil {
            let laidOut: LaidOutScreen
            do {
                laidOut = try request.layout(conversation, environment: environment)
            } catch {
                throw BadInput(message: "\(error)") // a --jump-to to a message the list does not show
            }
            try screen.write(laidOut, engine: loaded.engine, environment: environment)
        } else {
            // The whole list: as text, laid out and drawn a part at a time.
            try screen.writeWholeList(conversation, width: request.screenWidth, engine: loaded.engine, environment: environment)
        }
        if !conversation.messages.isEmpty { screen.hintWhenOverlayShowsNoDates(environment.config) }
        // Messages Stream hides are left out on purpose; say so, so that none seems lost.
        let hidden = MessageListResolver(environment).hiddenMessages(in: conversation).filter { $0.reason != .threadReply }
        if !hidden.isEmpty {
            StandardError.write("chat-layout: note: \(hidden.count) message\(hidden.count == 1 ? "" : "s") hidden as Stream hides them (\(HiddenMessage.summary(hidden))); `chat-layout explain` lists them\n")
        }
        // The process ends here: the model is left to the exit, not freed a message at a time
        // (a million messages took 0.13 s to free).
        KeptUntilExit.keep(loaded, conversation)
    }
}
