import ArgumentParser
import ChatLayoutICU
import ChatLayoutKit
import ChatLayoutSVGRenderer
import ChatLayoutTextRenderer

/// The options of every command that draws a screen (`preview`, `threads`, `thread`): the
/// viewport and the output format.
struct ScreenOptions: ParsableArguments {
    enum Format: String, ExpressibleByArgument, CaseIterable { case text, tree, json, svg }

    // Numbers are read unconditionally: "-5" is a value to refuse by name, not a flag.
    @Option(parsing: .unconditional, help: "The screen height in rows, header included (1 to 10000; at least the header and one row): draws a viewport.")
    var height: Int?

    /// The tallest viewport: with the widest screen, a grid of 10⁸ cells at most.
    static let maximumHeight = 10_000
    @Option(parsing: .unconditional, help: "Rows scrolled down from the top of the list (with --height).")
    var scrollOffset: Int?
    @Option(help: "text (the drawing), tree (the box tree), json (the box tree as JSON) or svg (the drawing as vector graphics).")
    var format: Format = .text

    func validate() throws {
        if let height, height < 1 { throw ValidationError("--height must be 1 or more, got \(height)") }
        if let height, height > Self.maximumHeight {
            throw ValidationError("--height must be at most \(Self.maximumHeight), got \(height)")
        }
        if let scrollOffset, scrollOffset < 0 { throw ValidationError("--scroll-offset must be 0 or more, got \(scrollOffset)") }
        if scrollOffset != nil && height == nil { throw ValidationError("--scroll-offset needs --height") }
    }

    /// The words and glyphs around typed content: the terminal's for the drawing, the tree
    /// and the JSON (their `lines` are the drawing's); words alone for SVG, which draws rules,
    /// pills, cards and bars as shapes.
    var presentation: any BoxPresentation {
        format == .svg ? PlainPresentation() : TerminalPresentation()
    }

    /// The viewport, if any; without `--scroll-offset` it shows `defaultOffset`.
    func viewport(defaultOffset: Int) -> Viewport? {
        height.map { Viewport(scrollOffset: scrollOffset ?? defaultOffset, height: $0) }
    }

    /// Writes the screen in the chosen format to standard output; refuses a `--height` too
    /// short for the screen's header and one row of the list.
    func write(_ screen: LaidOutScreen, engine: ICUTextEngine) throws {
        // The header's height depends on the document (none, or a two-line thread header), so
        // this is known only after layout: a viewport never shrinks below the header and one
        // row, and a screen taller than asked means the height was too short.
        if let height, screen.height > height {
            throw ValidationError("--height must be at least \(screen.height) for this document (the header and one row), got \(height)")
        }
        var output = StandardOutput()
        switch format {
        case .text: TextRenderer(engine: engine).render(screen) { output.write($0) }
        case .svg: output.write(SVGRenderer().render(screen))
        case .tree: output.write(screen.root.treeDump().joined(separator: "\n") + "\n")
        case .json: output.write(screen.json().serialized() + "\n")
        }
        output.flush()
    }
}
