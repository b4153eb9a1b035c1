import ChatLayoutKit

/// Draws a laid-out screen as an SVG document, in whatever units it was laid out in: a
/// terminal's cells (each ``SVGMetrics/cellWidth`` × ``SVGMetrics/cellHeight`` pixels) or
/// points (``SVGMetrics/points(fontSize:lineHeight:fontFamily:)``, one to one).
///
/// Every box is one `<g>` with `data-role`, `data-id` (when it belongs to a message) and
/// `data-frame` (its frame in pixels: "x y width height"), nested as the boxes are, so the
/// document can be checked against the tree. Inside: the box's shape (`BoxStyle`), then its
/// lines, then its children's groups. Each line is one `<text>` where the layout placed it,
/// in reading order with its direction (the browser shapes it: Arabic joins), its length
/// fixed to the width the layout measured: nothing is measured here. Text from messages is
/// neutralised and escaped (``XMLText``); the output is the same bytes for the same screen.
public struct SVGRenderer: Sendable {
    /// How units map to pixels, and the fonts.
    public var metrics: SVGMetrics
    /// The colours.
    public var palette: SVGPalette

    /// A renderer; the defaults draw a cell as 10×20 pixels in a light theme.
    public init(metrics: SVGMetrics = SVGMetrics(), palette: SVGPalette = SVGPalette()) {
        self.metrics = metrics
        self.palette = palette
    }

    /// The size, in UTF-8 bytes, of the pieces ``render(_:chunkSize:to:)`` hands to its sink:
    /// 64 KiB.
    public static let chunkSize = 1 << 16

    /// The SVG document of `screen`, `screen.width × cellWidth` by `screen.height × cellHeight`
    /// pixels.
    public func render(_ screen: LaidOutScreen) -> String {
        var document = ""
        render(screen, chunkSize: .max) { document += $0 }
        return document
    }

    /// The SVG document of `screen`, exactly as ``render(_:)`` gives it, handed to `sink` a
    /// piece at a time as it is drawn: pieces of whole lines, of about `chunkSize` UTF-8 bytes
    /// (more when one box's own elements are longer), so that the drawing of a long
    /// conversation is written out without ever being held whole. An error `sink` throws ends
    /// the drawing.
    public func render(_ screen: LaidOutScreen, chunkSize: Int = SVGRenderer.chunkSize, to sink: (String) throws -> Void) rethrows {
        let width = max(0, screen.width) * metrics.cellWidth, height = max(0, screen.height) * metrics.cellHeight
        var document = SVGDocument()
        document.raw("<?xml version=\"1.0\" encoding=\"UTF-8\"?>")
        document.element("svg", [
            ("xmlns", "http://www.w3.org/2000/svg"), ("width", "\(width)"), ("height", "\(height)"),
            ("viewBox", "0 0 \(width) \(height)"), ("font-family", "\(metrics.fontFamily), \(metrics.emojiFontFamily)"),
            ("font-size", "\(metrics.fontSize)"),
            ("data-columns", "\(screen.width)"), ("data-rows", "\(screen.height)"),
            ("data-cell-width", "\(metrics.cellWidth)"), ("data-cell-height", "\(metrics.cellHeight)"),
            ("data-line-height", "\(screen.lineHeight)"),
        ] + (screen.direction == .rightToLeft ? [("data-direction", "rtl")] : []), open: true)
        document.element("rect", [("width", "\(width)"), ("height", "\(height)"), ("fill", palette.background)])
        let context = DrawingContext(screenWidth: screen.width, lineHeight: screen.lineHeight, direction: screen.direction,
                                     decoratedRoles: screen.decoratedRoles)
        try withoutActuallyEscaping(sink) { sink in
            var drawer = Drawer(renderer: self, context: context, document: document, limit: chunkSize, sink: sink)
            defer { document = drawer.document }
            try screen.root.walk(&drawer)
        }
        document.close("svg")
        try sink(document.take())
    }

    /// What drawing a box needs besides the box.
    private struct DrawingContext {
        var screenWidth: Int
        var lineHeight: Int
        /// Which side a bubble tail's leading corner is on.
        var direction: LayoutDirection
        /// The roles whose lines the presentation decorated (``LaidOutScreen/decoratedRoles``).
        var decoratedRoles: Set<BoxRole>
        var clips = 0
    }

    /// The drawing as a walk: a box's group, shape and text on the way down, the group closed
    /// on the way up; what is written goes to `sink` after each child, once it holds `limit`
    /// bytes.
    private struct Drawer: BoxVisitor {
        typealias Failure = any Error
        let renderer: SVGRenderer
        var context: DrawingContext
        var document: SVGDocument
        let limit: Int
        let sink: (String) throws -> Void

        mutating func visit(_ box: Box, depth: Int, frame: Frame) -> BoxWalk {
            renderer.drawBox(box, frame: frame, context: &context, into: &document)
            return .visitChildren
        }

        mutating func leave(_ box: Box, depth: Int, frame: Frame) throws {
            document.close("g")
            if depth > 0 && document.byteCount >= limit { try sink(document.take()) }
        }
    }

    /// Opens `box`'s group (at `frame`, in the layout's units) and draws its shape and its text.
    private func drawBox(_ box: Box, frame unitFrame: Frame, context: inout DrawingContext, into document: inout SVGDocument) {
        let style = BoxStyle.of(box.role)
        let frame = metrics.pixels(unitFrame)
        var attributes = [("data-role", box.role.rawValue)]
        if let id = box.id { attributes.append(("data-id", id)) }
        attributes.append(("data-frame", "\(frame.x) \(frame.y) \(frame.width) \(frame.height)"))
        if box.role == .bubble { attributes.append(("data-tail", box.tail.rawValue)) }
        switch box.content {
        case .attachment(let attachment):
            attributes.append(("data-kind", attachment.kind.rawValue))
        case .galleryTile(let tile):
            // A front end's image view: which attachment, where in the gallery, how many more.
            attributes += [("data-kind", tile.attachment.kind.rawValue), ("data-attachment-index", "\(tile.attachmentIndex)"),
                           ("data-position", "\(tile.position)")]
            if tile.hiddenCount > 0 { attributes.append(("data-hidden-count", "\(tile.hiddenCount)")) }
        case .cardPart(let part):
            // A front end's view of a card's part: which part, of which attachment.
            attributes += [("data-card-part", part.kind.rawValue), ("data-attachment-index", "\(part.attachmentIndex)")]
        default:
            break
        }
        let drawsText = !box.placedLines.isEmpty || (style.text == .centered && box.text != nil)
        if drawsText {
            attributes.append(("fill", style.onFill ? palette.background : palette[keyPath: style.color]))
            if style.bold { attributes.append(("font-weight", "bold")) }
            if style.italic { attributes.append(("font-style", "italic")) }
        }
        var clipID: String?
        if style.clips {
            context.clips += 1
            clipID = "clip-\(context.clips)"
            attributes.append(("clip-path", "url(#\(clipID!))"))
        }
        document.element("g", attributes, open: true)
        if let clipID {
            document.element("clipPath", [("id", clipID)], open: true)
            document.element("rect", [("x", "\(frame.x)"), ("y", "\(frame.y)"), ("width", "\(frame.width)"), ("height", "\(frame.height)")])
            document.close("clipPath")
        }
        let decorated = context.decoratedRoles.contains(box.role)
        drawShape(style.shape, box: box, frame: frame, decorated: decorated, direction: context.direction, into: &document)
        // Rules beside a separator's label where the presentation drew none of its own.
        if style.text == .separator && !decorated { drawRules(box, frame: unitFrame, style: style, context: context, into: &document) }
        if drawsText {
            switch style.text {
            case .cells, .separator: drawLines(box, frame: unitFrame, lineHeight: context.lineHeight, into: &document)
            case .centered: drawCentered(box, style: style, frame: frame, decorated: decorated, into: &document)
            }
        }
    }

    // MARK: Shapes

    /// `decorated`: the box's lines carry the presentation's brackets around its words.
    private func drawShape(_ shape: BoxStyle.Shape, box: Box, frame: Frame, decorated: Bool, direction: LayoutDirection,
                           into document: inout SVGDocument) {
        switch shape {
        case .none:
            break
        case .gutter:
            // A bar three pixels wide (one in cells of a narrow font) down the frame's leading edge.
            document.element("rect", [("x", "\(frame.x)"), ("y", "\(frame.y)"), ("width", "\(max(1, min(3, frame.width)))"),
                                      ("height", "\(frame.height)"), ("fill", palette.rule)])
        case .rule:
            document.element("rect", [("x", "\(frame.x)"), ("y", "\(frame.y + frame.height / 2)"), ("width", "\(frame.width)"),
                                      ("height", "1"), ("fill", palette.rule)])
        case .bubble:
            let d = SVGShapes.bubblePath(frame, tail: box.tail, direction: direction, inset: metrics.bubbleInset, radius: metrics.cornerRadius)
            let own = box.content == .bubble(fromCurrentUser: true)
            document.element("path", [("d", d), ("fill", own ? palette.ownBubble : palette.bubble)])
        case .panel:
            document.element("rect", rect(frame) + [("fill", palette.header)])
            document.element("rect", [("x", "\(frame.x)"), ("y", "\(frame.maxY - 1)"), ("width", "\(frame.width)"),
                                      ("height", "1"), ("fill", palette.rule)])
        case .card:
            if case .galleryTile(let tile) = box.content {
                // A gallery's tile fills its frame (the gallery keeps the gaps); the last of
                // more is dimmed under its "+N".
                document.element("rect", rect(frame) + [("rx", "\(max(2, metrics.cornerRadius / 2))"), ("fill", palette.media)])
                if tile.hiddenCount > 0 {
                    document.element("rect", rect(frame) + [("rx", "\(max(2, metrics.cornerRadius / 2))"), ("fill", palette.ink),
                                                            ("fill-opacity", "0.45")])
                }
                break
            }
            if case .cardPart(let part) = box.content {
                drawCardPart(part, frame: frame, into: &document)
                break
            }
            if !box.children.isEmpty, case .attachment(let attachment) = box.content {
                // A card: a file's or a recording's is bordered; a link preview's, a giphy's and
                // a poll's lie on the bubble (their parts draw themselves).
                if attachment.kind != .linkPreview && attachment.kind != .giphy && attachment.kind != .poll {
                    document.element("rect", rect(frame) + [("rx", "\(max(2, metrics.cornerRadius))"), ("fill", palette.background),
                                                            ("stroke", palette.rule), ("stroke-width", "1")])
                }
                break
            }
            if case .attachment(let attachment) = box.content, attachment.isFramedMedia {
                // A media's place at its size (the picture would fill it), two pixels in from
                // above and below so that media in a column stay apart.
                let place = Frame(x: frame.x, y: frame.y + 2, width: frame.width, height: max(0, frame.height - 4))
                document.element("rect", rect(place) + [("rx", "\(max(2, metrics.cornerRadius / 2))"), ("fill", palette.media)])
                break
            }
            // Half a cell beyond the text on either side (inside the bubble's padding), a pixel
            // inside the row above and below, so that attachments in a column stay apart.
            let outset = metrics.outset
            let card = Frame(x: frame.x - outset, y: frame.y + 1, width: frame.width + 2 * outset, height: max(0, frame.height - 2))
            document.element("rect", rect(card) + [("rx", "\(max(2, metrics.cornerRadius / 2))"), ("fill", palette.attachment)])
        case .band(let fill):
            document.element("rect", rect(frame) + [("fill", palette[keyPath: fill])])
        case .pill(let fill, let stroke):
            // A reaction's text fills its frame, as does a line of words without brackets
            // ("Scroll to latest", not "( Scroll to latest )"): the pill reaches beyond them.
            let wordsFillFrame = !decorated && !box.placedLines.isEmpty
            let outset = box.role == .reactions || (wordsFillFrame && box.role != .unreadBadge) ? metrics.outset : 0
            var attributes = SVGShapes.pill(frame, inset: max(1, min(metrics.cellHeight, frame.height) / 10), outset: outset)
                + [("fill", palette[keyPath: fill])]
            if stroke { attributes += [("stroke", palette.rule), ("stroke-width", "1")] }
            document.element("rect", attributes)
        case .bar:
            // At the leading edge: the right one in a right-to-left screen.
            let width = max(2, metrics.outset / 2), gap = max(2, metrics.outset / 2)
            let x = direction == .rightToLeft ? frame.maxX + gap : frame.x - width - gap
            document.element("rect", [("x", "\(x)"), ("y", "\(frame.y + 1)"),
                                      ("width", "\(width)"), ("height", "\(max(0, frame.height - 2))"), ("fill", palette.accent)])
        case .dots:
            guard box.placedLines.isEmpty else { break }
            // Stream's: 5 points each, a dot's width apart, in the row's middle.
            let size = max(2, min(frame.height / 4, frame.width / 5))
            let left = frame.x + (frame.width - 5 * size) / 2
            for index in 0 ..< 3 {
                document.element("circle", [("cx", "\(left + size / 2 + 2 * size * index)"), ("cy", "\(frame.y + frame.height / 2)"),
                                            ("r", "\(max(1, size / 2))"), ("fill", palette.muted)])
            }
        case .circle:
            let radius = min(frame.width, frame.height) / 2
            document.element("circle", [("cx", "\(frame.x + frame.width / 2)"), ("cy", "\(frame.y + frame.height / 2)"),
                                        ("r", "\(radius)"),
                                        ("fill", SVGShapes.avatarColor(box.lines.first ?? box.text ?? "", palette: palette.avatars))])
        }
    }

    /// A card's part from its data: the picture's place, the author badge's pill (reaching
    /// beyond its words: 8 pixels before and above, 12 after, 4 below), the file icon, the play
    /// button, the waveform's bar, a button's rule; the words are the box's lines.
    private func drawCardPart(_ part: AttachmentCardPart, frame: Frame, into document: inout SVGDocument) {
        let radius = "\(max(2, metrics.cornerRadius / 2))"
        switch part.kind {
        case .image:
            document.element("rect", rect(frame) + [("rx", radius), ("fill", palette.media)])
        case .author:
            let badge = Frame(x: frame.x - 8, y: frame.y - 8, width: frame.width + 20, height: frame.height + 12)
            document.element("rect", rect(badge) + [("rx", radius), ("fill", palette.header)])
        case .fileIcon:
            document.element("rect", rect(frame) + [("rx", radius), ("fill", palette.accent), ("fill-opacity", "0.25")])
        case .playButton:
            let size = min(frame.width, frame.height)
            document.element("circle", [("cx", "\(frame.x + frame.width / 2)"), ("cy", "\(frame.y + frame.height / 2)"), ("r", "\(size / 2)"),
                                        ("fill", palette.accent), ("fill-opacity", "0.25")])
        case .waveform:
            document.element("rect", [("x", "\(frame.x)"), ("y", "\(frame.y + frame.height / 2 - 1)"), ("width", "\(frame.width)"),
                                      ("height", "2"), ("fill", palette.muted)])
        case .action:
            document.element("rect", [("x", "\(frame.x)"), ("y", "\(frame.y)"), ("width", "\(frame.width)"), ("height", "1"),
                                      ("fill", palette.rule)])
        case .pollCheck:
            let size = min(frame.width, frame.height)
            if part.isChosen == true {
                // The current user's vote: a filled circle.
                document.element("circle", [("cx", "\(frame.x + frame.width / 2)"), ("cy", "\(frame.y + frame.height / 2)"), ("r", "\(max(1, size / 2 - 1))"),
                                            ("fill", palette.accent)])
            } else {
                document.element("circle", [("cx", "\(frame.x + frame.width / 2)"), ("cy", "\(frame.y + frame.height / 2)"), ("r", "\(max(1, size / 2 - 1))"),
                                            ("fill", "none"), ("stroke", palette.muted), ("stroke-width", "1")])
            }
        case .pollVoters:
            // One circle per voter, each overlapping the one before it, as wide as the frame allows.
            let count = max(1, part.voters?.count ?? 1)
            let size = min(frame.height, count == 1 ? frame.width : frame.width * 5 / (4 * count + 1))
            let step = count == 1 ? 0 : (frame.width - size) / (count - 1)
            for index in 0 ..< count {
                document.element("circle", [("cx", "\(frame.x + index * step + size / 2)"), ("cy", "\(frame.y + frame.height / 2)"),
                                            ("r", "\(max(1, size / 2))"), ("fill", palette.media), ("stroke", palette.background),
                                            ("stroke-width", "1")])
            }
        case .recordingIcon:
            document.element("rect", rect(frame) + [("rx", radius), ("fill", palette.accent), ("fill-opacity", "0.25")])
        case .downloadButton, .shareButton:
            // An arrow down (download) or up (share) in the accent colour, over a short tray.
            let centreX = frame.x + frame.width / 2, top = frame.y + 2, bottom = frame.y + frame.height - 2
            let head = max(2, frame.width / 3)
            let tip = part.kind == .downloadButton ? bottom - 3 : top
            let tail = part.kind == .downloadButton ? top : bottom - 3
            let back = part.kind == .downloadButton ? tip - head : tip + head
            let stroke: [(String, String)] = [("fill", "none"), ("stroke", palette.accent), ("stroke-width", "2"), ("stroke-linecap", "round")]
            document.element("path", [("d", "M\(centreX) \(tail) L\(centreX) \(tip) M\(centreX - head) \(back) L\(centreX) \(tip) L\(centreX + head) \(back) M\(frame.x + 2) \(bottom) L\(frame.x + frame.width - 2) \(bottom)")] + stroke)
        case .pollProgress:
            document.element("rect", rect(frame) + [("rx", "\(max(1, frame.height / 2))"), ("fill", palette.rule)])
            if let votes = part.votes, let most = part.maxVotes, most > 0, votes > 0 {
                let filled = Frame(x: frame.x, y: frame.y, width: max(1, frame.width * votes / most), height: frame.height)
                document.element("rect", rect(filled) + [("rx", "\(max(1, frame.height / 2))"), ("fill", palette.accent)])
            }
        case .title, .description, .fileName, .fileSize, .duration, .pollQuestion, .pollSubtitle, .pollOption, .pollVotes:
            break
        }
    }

    private func rect(_ frame: Frame) -> [(String, String)] {
        [("x", "\(frame.x)"), ("y", "\(frame.y)"), ("width", "\(frame.width)"), ("height", "\(frame.height)")]
    }

    // MARK: Text

    /// Each line where the layout placed it: one `<text>` in reading order, its direction the
    /// box's, its length the width the layout measured.
    private func drawLines(_ box: Box, frame: Frame, lineHeight: Int, into document: inout SVGDocument) {
        let rightToLeft = box.textDirection == .rightToLeft
        // A message's lines taller than the body's (Stream's large emoji) are drawn at the size
        // the layout measured them in: the font scaled by their height, the baseline in their middle.
        var lineHeight = lineHeight, fontSize = metrics.fontSize, baseline = metrics.baseline
        let count = box.placedLines.count
        if box.role == .text || box.role == .textBlock, count > 0, frame.height % count == 0, frame.height / count > lineHeight, lineHeight > 0 {
            let tall = frame.height / count
            fontSize = metrics.fontSize * tall / lineHeight
            baseline = tall * metrics.cellHeight / 2 + fontSize * 35 / 100
            lineHeight = tall
        }
        for (index, line) in box.placedLines.enumerated() {
            // Hanging spaces take no width in the layout: they are not drawn.
            var text = Substring(line.text)
            while let last = text.last, last == " " || last == "\t" || last == "\n" { text.removeLast() }
            guard !text.isEmpty, line.width > 0 else { continue }
            let top = (frame.y + index * lineHeight) * metrics.cellHeight
            let left = (frame.x + line.x) * metrics.cellWidth, width = line.width * metrics.cellWidth
            var attributes = [("x", "\(rightToLeft ? left + width : left)"), ("y", "\(top + baseline)")]
            if fontSize != metrics.fontSize { attributes.append(("font-size", "\(fontSize)")) }
            if rightToLeft { attributes.append(("direction", "rtl")) }
            if Self.hasJoiningLetters(text) {
                attributes.append(("font-family", "\(metrics.joiningScriptFontFamily), \(metrics.fontFamily), \(metrics.emojiFontFamily)"))
            }
            attributes += [("textLength", "\(width)"), ("lengthAdjust", "spacingAndGlyphs")]
            if let spans = line.spans, !spans.isEmpty {
                document.element("text", attributes, pieces: styledPieces(text, spans: spans))
                continue
            }
            document.element("text", attributes, content: String(text))
        }
    }

    /// A rich text line's pieces as `<tspan>`s: bold, italic, struck through, code in the
    /// monospace family, links and mentions in the accent colour. Characters outside every
    /// span (none, from the layout) are drawn plain.
    private func styledPieces(_ text: Substring, spans: [PlacedSpan]) -> [(attributes: [(String, String)], content: String)] {
        let characters = Array(text)
        var pieces: [(attributes: [(String, String)], content: String)] = []
        var cursor = 0
        func plain(upTo end: Int) {
            if cursor < end { pieces.append(([], String(characters[cursor ..< end]))) }
            cursor = max(cursor, end)
        }
        for span in spans {
            let start = min(max(span.start, cursor), characters.count), end = min(characters.count, span.start + span.length)
            plain(upTo: start)
            guard start < end else { continue }
            var attributes: [(String, String)] = []
            if span.traits.contains(.strong) { attributes.append(("font-weight", "bold")) }
            if span.traits.contains(.emphasis) { attributes.append(("font-style", "italic")) }
            if span.traits.contains(.strikethrough) { attributes.append(("text-decoration", "line-through")) }
            if span.traits.contains(.code) { attributes.append(("font-family", metrics.monospaceFontFamily)) }
            if !span.traits.isDisjoint(with: [.link, .mention]) { attributes.append(("fill", palette.accent)) }
            pieces.append((attributes, String(characters[start ..< end])))
            cursor = end
        }
        plain(upTo: characters.count)
        return pieces
    }

    /// Whether `text` has a letter of a script whose letters join (Arabic with its
    /// supplements and presentation forms, Syriac, N'Ko): it is drawn in
    /// ``SVGMetrics/joiningScriptFontFamily``.
    static func hasJoiningLetters(_ text: Substring) -> Bool {
        text.unicodeScalars.contains { scalar in
            switch scalar.value {
            case 0x0600 ... 0x08FF, 0xFB50 ... 0xFDFF, 0xFE70 ... 0xFEFF: scalar.properties.isAlphabetic
            default: false
            }
        }
    }

    /// A separator's rules (the presentation drew none of its own): drawn as lines on either
    /// side of its label, across the screen with a margin.
    private func drawRules(_ box: Box, frame unitFrame: Frame, style: BoxStyle, context: DrawingContext, into document: inout SVGDocument) {
        let frame = metrics.pixels(unitFrame)
        let margin = max(metrics.cellWidth, 8), screenWidth = context.screenWidth * metrics.cellWidth
        let lineHeight = context.lineHeight * metrics.cellHeight
        let y = frame.y + lineHeight / 2
        for (from, to) in [(margin, frame.x - margin), (frame.maxX + margin, screenWidth - margin)] where to > from {
            document.element("rect", [("x", "\(from)"), ("y", "\(y)"), ("width", "\(to - from)"), ("height", "1"),
                                      ("fill", palette[keyPath: style.ruleColor])])
        }
    }

    /// The content of a pill or an avatar centred in its frame: the box's words where its line
    /// is `decorated` with the presentation's brackets (a badge's "2", not the terminal's
    /// "(2)"), else its line (the words, or as much of them as fitted), else its words.
    private func drawCentered(_ box: Box, style: BoxStyle, frame: Frame, decorated: Bool, into document: inout SVGDocument) {
        let line = box.placedLines.first?.text ?? ""
        let drawsLine = !line.isEmpty && !(decorated && !(box.text ?? "").isEmpty)
        let content = drawsLine ? line : box.text ?? ""
        let fontSize = style.shape.isCircle ? metrics.fontSize * 3 / 4 : metrics.fontSize
        // The baseline a third of the font size below the centre: the middle of lower case.
        let y = frame.y + frame.height / 2 + fontSize * 35 / 100
        var attributes = [("x", "\(frame.x + frame.width / 2)"), ("y", "\(y)"), ("text-anchor", "middle")]
        if fontSize != metrics.fontSize { attributes.append(("font-size", "\(fontSize)")) }
        // The measured line drawn whole (bold is wider than the regular face it was measured
        // in): its length fixed to the measured width.
        if drawsLine, let placed = box.placedLines.first, placed.width > 0, fontSize == metrics.fontSize {
            attributes += [("textLength", "\(placed.width * metrics.cellWidth)"), ("lengthAdjust", "spacingAndGlyphs")]
        }
        document.element("text", attributes, content: content)
    }
}

extension BoxStyle.Shape {
    var isCircle: Bool {
        if case .circle = self { return true }
        return false
    }
}
