import ChatLayoutICU
import ChatLayoutKit

/// Draws a laid-out screen as an SVG document: the same box tree the text renderer draws into
/// a grid, as vectors, with a cell of the layout a fixed rectangle of pixels
/// (``SVGMetrics``).
///
/// Every box is one `<g>` with `data-role`, `data-id` (when it belongs to a message) and
/// `data-frame` (its frame in pixels: "x y width height"), nested as the boxes are, so the
/// document can be checked against the tree. Inside: the box's shape (`BoxStyle`), then its
/// text, then its children's groups. Text from messages is neutralised and escaped
/// (``XMLText``); the output is the same bytes for the same screen.
public struct SVGRenderer: Sendable {
    /// The text engine that measured the layout: it places clusters in cells.
    public var engine: ICUTextEngine
    /// How cells map to pixels, and the fonts.
    public var metrics: SVGMetrics
    /// The colours.
    public var palette: SVGPalette

    /// A renderer; the defaults draw a cell as 10×20 pixels in a light theme.
    public init(engine: ICUTextEngine = ICUTextEngine(), metrics: SVGMetrics = SVGMetrics(), palette: SVGPalette = SVGPalette()) {
        self.engine = engine
        self.metrics = metrics
        self.palette = palette
    }

    /// The SVG document of `screen`, `screen.width × cellWidth` by `screen.height × cellHeight`
    /// pixels.
    public func render(_ screen: LaidOutScreen) -> String {
        let width = max(0, screen.width) * metrics.cellWidth, height = max(0, screen.height) * metrics.cellHeight
        var document = SVGDocument()
        document.raw("<?xml version=\"1.0\" encoding=\"UTF-8\"?>")
        document.element("svg", [
            ("xmlns", "http://www.w3.org/2000/svg"), ("width", "\(width)"), ("height", "\(height)"),
            ("viewBox", "0 0 \(width) \(height)"), ("font-family", metrics.fontFamily), ("font-size", "\(metrics.fontSize)"),
            ("data-columns", "\(screen.width)"), ("data-rows", "\(screen.height)"),
            ("data-cell-width", "\(metrics.cellWidth)"), ("data-cell-height", "\(metrics.cellHeight)"),
        ], open: true)
        document.element("rect", [("width", "\(width)"), ("height", "\(height)"), ("fill", palette.background)])
        var clips = 0
        draw(screen.root, screenWidth: screen.width, into: &document, clips: &clips)
        document.close("svg")
        return document.text
    }

    private func draw(_ box: Box, screenWidth: Int, into document: inout SVGDocument, clips: inout Int) {
        let style = BoxStyle.of(box.role)
        let frame = metrics.pixels(box.frame)
        var attributes = [("data-role", box.role.rawValue)]
        if let id = box.id { attributes.append(("data-id", id)) }
        attributes.append(("data-frame", "\(frame.x) \(frame.y) \(frame.width) \(frame.height)"))
        if box.role == .bubble { attributes.append(("data-tail", box.tail.rawValue)) }
        let drawsText = !box.lines.isEmpty || (style.text == .centered && box.text != nil)
        if drawsText {
            attributes.append(("fill", style.onFill ? palette.background : palette[keyPath: style.color]))
            if style.bold { attributes.append(("font-weight", "bold")) }
            if style.italic { attributes.append(("font-style", "italic")) }
        }
        var clipID: String?
        if style.clips {
            clips += 1
            clipID = "clip-\(clips)"
            attributes.append(("clip-path", "url(#\(clipID!))"))
        }
        document.element("g", attributes, open: true)
        if let clipID {
            document.element("clipPath", [("id", clipID)], open: true)
            document.element("rect", [("x", "\(frame.x)"), ("y", "\(frame.y)"), ("width", "\(frame.width)"), ("height", "\(frame.height)")])
            document.close("clipPath")
        }
        drawShape(style.shape, box: box, frame: frame, into: &document)
        if drawsText {
            switch style.text {
            case .cells, .separator: drawLines(box, style: style, screenWidth: screenWidth, into: &document)
            case .centered: drawCentered(box, style: style, frame: frame, into: &document)
            }
        }
        for child in box.children { draw(child, screenWidth: screenWidth, into: &document, clips: &clips) }
        document.close("g")
    }

    // MARK: Shapes

    private func drawShape(_ shape: BoxStyle.Shape, box: Box, frame: Frame, into document: inout SVGDocument) {
        switch shape {
        case .none:
            break
        case .bubble:
            let d = SVGShapes.bubblePath(frame, tail: box.tail, inset: metrics.cellWidth / 2, radius: metrics.cellHeight / 2)
            document.element("path", [("d", d), ("fill", palette.bubble)])
        case .panel:
            document.element("rect", rect(frame) + [("fill", palette.header)])
            document.element("rect", [("x", "\(frame.x)"), ("y", "\(frame.maxY - 1)"), ("width", "\(frame.width)"),
                                      ("height", "1"), ("fill", palette.rule)])
        case .card:
            // Half a cell beyond the text on either side (inside the bubble's padding), a pixel
            // inside the row above and below, so that attachments in a column stay apart.
            let card = Frame(x: frame.x - metrics.cellWidth / 2, y: frame.y + 1,
                             width: frame.width + metrics.cellWidth / 2 * 2, height: max(0, frame.height - 2))
            document.element("rect", rect(card) + [("rx", "\(metrics.cellWidth / 2)"), ("fill", palette.attachment)])
        case .band:
            document.element("rect", rect(frame) + [("fill", palette.errorBanner)])
        case .pill(let fill, let stroke):
            // A reaction's text fills its frame: its pill reaches half a cell beyond.
            let outset = box.role == .reactions ? metrics.cellWidth / 2 : 0
            var attributes = SVGShapes.pill(frame, inset: metrics.cellHeight / 10, outset: outset) + [("fill", palette[keyPath: fill])]
            if stroke { attributes += [("stroke", palette.rule), ("stroke-width", "1")] }
            document.element("rect", attributes)
        case .circle:
            let radius = min(frame.width, frame.height) / 2
            document.element("circle", [("cx", "\(frame.x + frame.width / 2)"), ("cy", "\(frame.y + frame.height / 2)"),
                                        ("r", "\(radius)"),
                                        ("fill", SVGShapes.avatarColor(box.lines.first ?? box.text ?? "", palette: palette.avatars))])
        }
    }

    private func rect(_ frame: Frame) -> [(String, String)] {
        [("x", "\(frame.x)"), ("y", "\(frame.y)"), ("width", "\(frame.width)"), ("height", "\(frame.height)")]
    }

    // MARK: Text

    /// Each line where the text renderer draws it: aligned in the frame by the line's width in
    /// cells, each run in its cells (``CellText``).
    private func drawLines(_ box: Box, style: BoxStyle, screenWidth: Int, into document: inout SVGDocument) {
        for (index, line) in box.lines.enumerated() {
            let row = box.frame.y + index
            let lineWidth = engine.width(of: line)
            let column: Int
            switch box.alignment {
            case .leading: column = box.frame.x
            case .trailing: column = box.frame.maxX - lineWidth
            case .center: column = box.frame.x + max(0, (box.frame.width - lineWidth) / 2)
            }
            let y = row * metrics.cellHeight + metrics.baseline
            var rule: (start: Int, end: Int)?
            for run in CellText.runs(line, column: column, screenWidth: screenWidth, engine: engine) {
                if style.text == .separator && run.text == "─" {
                    if let open = rule, open.end == run.column {
                        rule = (open.start, run.column + run.width)
                    } else {
                        if let open = rule { drawRule(open, row: row, style: style, into: &document) }
                        rule = (run.column, run.column + run.width)
                    }
                    continue
                }
                drawRun(run, y: y, into: &document)
            }
            if let open = rule { drawRule(open, row: row, style: style, into: &document) }
        }
    }

    private func drawRun(_ run: CellText, y: Int, into document: inout SVGDocument) {
        let x = run.column * metrics.cellWidth
        switch run.kind {
        case .word:
            var attributes = [("x", "\(x)"), ("y", "\(y)")]
            // The word's length fixed to its cells: a font a little wider or narrower than a
            // cell still ends where the layout says (spacing only: glyphs keep their shape).
            if run.width > 1 {
                attributes += [("textLength", "\(run.width * metrics.cellWidth)"), ("lengthAdjust", "spacing")]
            }
            document.element("text", attributes, content: run.text)
        case .cluster, .emoji:
            let center = x + run.width * metrics.cellWidth / 2
            var attributes = [("x", "\(center)"), ("y", "\(y)"), ("text-anchor", "middle")]
            if run.kind == .emoji { attributes.append(("font-family", metrics.emojiFontFamily)) }
            document.element("text", attributes, content: run.text)
        }
    }

    /// A rule across cells `start ..< end` of `row`, through the middle of the row.
    private func drawRule(_ cells: (start: Int, end: Int), row: Int, style: BoxStyle, into document: inout SVGDocument) {
        let y = row * metrics.cellHeight + metrics.cellHeight / 2
        document.element("rect", [("x", "\(cells.start * metrics.cellWidth)"), ("y", "\(y)"),
                                  ("width", "\((cells.end - cells.start) * metrics.cellWidth)"), ("height", "1"),
                                  ("fill", palette[keyPath: style.ruleColor])])
    }

    /// The content of a pill or an avatar centred in its frame: the box's `text` when it fits
    /// (a badge's "2", not the grid's "(2)"), else its first line.
    private func drawCentered(_ box: Box, style: BoxStyle, frame: Frame, into document: inout SVGDocument) {
        var content = box.lines.first ?? box.text ?? ""
        if let text = box.text, engine.width(of: text) <= box.frame.width { content = text }
        let fontSize = style.shape.isCircle ? metrics.fontSize * 3 / 4 : metrics.fontSize
        // The baseline a third of the font size below the centre: the middle of lower case.
        let y = frame.y + frame.height / 2 + fontSize * 35 / 100
        var attributes = [("x", "\(frame.x + frame.width / 2)"), ("y", "\(y)"), ("text-anchor", "middle")]
        if fontSize != metrics.fontSize { attributes.append(("font-size", "\(fontSize)")) }
        document.element("text", attributes, content: content)
    }
}

extension BoxStyle.Shape {
    var isCircle: Bool {
        if case .circle = self { return true }
        return false
    }
}
