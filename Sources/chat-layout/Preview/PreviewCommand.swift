import ArgumentParser
import ChatLayoutKit
import ChatLayoutTextRenderer

/// `chat-layout preview`: a document laid out and drawn as text, as a tree, or as JSON.
struct PreviewCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "preview",
        abstract: "Lay out a message list and draw it.",
        discussion: """
            --format text draws the screen; tree prints the box tree indented (role, id, frame); \
            json prints SPEC §4's contract: {"width", "height", "root"} with boxes {"role", "id"?, \
            "frame": {"x", "y", "width", "height"}, "text"?, "lines"?, "children"?}. With \
            --height the screen is a viewport of that many rows (header included), scrolled \
            --scroll-offset rows down the list (default: the bottom), with the date overlay and \
            the scroll-to-latest button.
            """
    )

    enum Format: String, ExpressibleByArgument, CaseIterable { case text, tree, json }

    @OptionGroup var flags: LayoutFlags
    @Option(help: "The screen height in rows, header included: draws a viewport.")
    var height: Int?
    @Option(help: "Rows scrolled down from the top of the list (with --height; default: the bottom).")
    var scrollOffset: Int?
    @Option(help: "text, tree or json.")
    var format: Format = .text

    func validate() throws {
        if let height, height < 1 { throw ValidationError("--height must be 1 or more, got \(height)") }
        if let scrollOffset, scrollOffset < 0 { throw ValidationError("--scroll-offset must be 0 or more, got \(scrollOffset)") }
        if scrollOffset != nil && height == nil { throw ValidationError("--scroll-offset needs --height") }
    }

    func run() throws {
        let loaded = try flags.load()
        let viewport = height.map { Viewport(scrollOffset: scrollOffset ?? Int.max, height: $0) }
        let screen = MessageListScreen.layout(
            loaded.document.conversation, config: loaded.config, context: loaded.context,
            formatter: loaded.formatter, measurer: loaded.engine, width: flags.width, viewport: viewport
        )
        var output = StandardOutput()
        switch format {
        case .text: output.write(TextRenderer(engine: loaded.engine).render(screen))
        case .tree: output.write(screen.root.treeDump().joined(separator: "\n") + "\n")
        case .json: output.write(screen.json().serialized() + "\n")
        }
        output.flush()
    }
}
