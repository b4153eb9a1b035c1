import ArgumentParser
import ChatLayoutGoldens
import ChatLayoutICU
import ChatLayoutKit
import ChatLayoutPixel
import ChatLayoutSVGRenderer
import ChatLayoutTextRenderer

/// The options of every command that draws a screen (`preview`, `threads`, `thread`): the
/// viewport and the output format.
struct ScreenOptions: ParsableArguments {
    enum Format: String, SpelledEnum { case text, tree, json, svg }
    enum Units: String, SpelledEnum { case cells, points }

    // Numbers are read unconditionally: "-5" is a value to refuse by name, not a flag.
    @Option(parsing: .unconditional, help: "The screen height in rows, header included (1 to 10000; at least the header and one row): draws a viewport.")
    var height: Int?

    /// The tallest viewport: with the widest screen, a grid of 10⁸ cells at most.
    static let maximumHeight = 10_000
    @Option(parsing: .unconditional, help: "Rows scrolled down from the top of the list (with --height).")
    var scrollOffset: Int?
    @Flag(help: "Draw the viewport while the list scrolls: the date floats over it (with the overlay date indicator), which Stream hides at rest (with --height).")
    var scrolling = false
    @Option(help: "text (the drawing), tree (the box tree), json (the box tree as JSON) or svg (the drawing as vector graphics).")
    var format: Format = .text
    @Option(help: "cells (a terminal's: the default) or points (a phone's: text measured by HarfBuzz in Noto Sans at 17 points, --width and --height in points, --width 375 unless given: the narrowest current iPhones', as the README's images; --format svg, json or tree).")
    var units: Units = .cells

    /// The point size text is measured and drawn at with `--units points`.
    static let pointSize = 17

    /// The width of a screen in points without `--width`: 375, the narrowest current iPhones
    /// (SE, mini) and the README's images; 80 points would be a fifth of a phone.
    static let phoneWidth = ScreenRequest.defaultPointWidth

    func validate() throws {
        if units == .points && format == .text {
            throw ValidationError("--format text draws terminal cells; with --units points use --format svg, json or tree")
        }
        if let height, height < 1 { throw ValidationError("--height must be 1 or more, got \(height)") }
        if let height, height > Self.maximumHeight {
            throw ValidationError("--height must be at most \(Self.maximumHeight), got \(height)")
        }
        if let scrollOffset, scrollOffset < 0 { throw ValidationError("--scroll-offset must be 0 or more, got \(scrollOffset)") }
        if scrollOffset != nil && height == nil { throw ValidationError("--scroll-offset needs --height") }
        if scrolling && height == nil { throw ValidationError("--scrolling needs --height") }
    }

    /// The words and glyphs around typed content: the terminal's for the drawing, the tree
    /// and the JSON in cells (their `lines` are the drawing's); words alone for SVG and in
    /// points, where rules, pills, cards and bars are shapes.
    var presentation: any BoxPresentation {
        format == .svg || units == .points ? PlainPresentation() : TerminalPresentation()
    }

    /// The request's units: cells (the ICU engine), or points measured by HarfBuzz on the Noto
    /// fonts at ``pointSize``.
    func requestUnits() throws -> ScreenRequest.Units {
        switch units {
        case .cells: return .cells()
        case .points:
            do {
                return .points(measurer: try HarfBuzzTextMeasurer(pointSize: Double(Self.pointSize)), pointSize: Self.pointSize)
            } catch {
                throw BadInput(message: "--units points: \(error)")
            }
        }
    }

    /// Everything the screen is laid out with: the document's options, context and formatter,
    /// and this command's measurer (whose units and line height the lengths follow:
    /// ``TextMeasuring/metrics(for:)``) and presentation.
    func environment(_ loaded: inout LayoutFlags.Loaded) throws -> LayoutEnvironment {
        loaded.request.units = try requestUnits()
        loaded.request.height = height
        loaded.request.scrollOffset = scrollOffset
        loaded.request.isScrolling = scrolling
        return try loaded.environment(presentation: presentation)
    }

    /// A hint on stderr when `config` floats the dates over the list (`overlay`) and the
    /// screen shows none: the whole list without a viewport (no `--height`), or a viewport at
    /// rest (no `--scrolling`), where Stream hides the floating date.
    func hintWhenOverlayShowsNoDates(_ config: MessageListConfig) {
        guard config.dateIndicatorPlacement == .overlay else { return } // `both` draws its separators anyway
        if height == nil {
            StandardError.write("chat-layout: hint: no dates are drawn: the date indicator is overlay, a date floating over a viewport while it scrolls, and there is no --height; pass --height and --scrolling to draw a scrolling viewport with its date, or --date-indicator message-list for date separators in the list\n")
        } else if !scrolling {
            StandardError.write("chat-layout: hint: no dates are drawn: the date indicator is overlay, and the floating date shows only while the list scrolls, as Stream's; pass --scrolling to draw it, or --date-indicator message-list for date separators in the list\n")
        }
    }

    /// Writes the whole list of `conversation` in the chosen format; as text, decided, laid out
    /// and drawn a part at a time (`MessageListScreen.forEachPart`), so that a long
    /// conversation is drawn at constant memory beyond its model.
    func writeWholeList(_ conversation: Conversation, width: Int, engine: ICUTextEngine, environment: LayoutEnvironment) throws {
        guard format == .text else {
            return try write(MessageListScreen.layout(conversation, environment: environment, width: width),
                             engine: engine, environment: environment)
        }
        var output = StandardOutput()
        let renderer = TextRenderer(engine: engine)
        try MessageListScreen.forEachPart(conversation, environment: environment, width: width) { part, rows in
            try renderer.renderUTF8(part, rows: rows) { try output.write(utf8: $0) }
        }
        try output.flush()
    }

    /// Writes the screen in the chosen format to standard output, as it is drawn (a line, a
    /// box, a piece at a time: never the whole text at once); refuses a `--height` too short
    /// for the screen's header and one row of the list.
    func write(_ screen: LaidOutScreen, engine: ICUTextEngine, environment: LayoutEnvironment) throws {
        let measurer = environment.measurer
        // The header's height depends on the document (none, or a two-line thread header), so
        // this is known only after layout: a viewport never shrinks below the header and one
        // row, and a screen taller than asked means the height was too short.
        if let height, screen.height > height {
            throw ValidationError("--height must be at least \(screen.height) for this document (the header and one row), got \(height)")
        }
        var output = StandardOutput()
        switch format {
        case .text: try TextRenderer(engine: engine).render(screen) { try output.write($0) }
        case .svg:
            var metrics = SVGMetrics()
            if let pixel = measurer as? HarfBuzzTextMeasurer {
                metrics = .points(fontSize: Self.pointSize, lineHeight: screen.lineHeight, fontFamily: pixel.cssFontFamily)
            }
            try SVGRenderer(metrics: metrics).render(screen) { try output.write($0) }
        case .tree: try screen.root.treeDump { try output.write($0 + "\n") }
        case .json:
            try screen.writeJSON { try output.write($0) }
            try output.write("\n")
        }
        try output.flush()
    }
}
