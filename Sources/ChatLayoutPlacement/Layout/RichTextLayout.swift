@_spi(ChatLayoutStages) import ChatLayoutModel
@_spi(ChatLayoutStages) import ChatLayoutDecisions
import ChatLayoutComposition

/// A message's rich text (`markdown_enabled`) stacked block under block, as Stream UIKit's
/// text view draws its markdown (`MarkdownFormatter`): paragraphs; headings in Stream's title
/// styles; list items with their marker hanging before their first line, indented per depth
/// (Stream indents `level × 28 − 12` points: here a marker column per depth); block quotes
/// with a gutter per depth; code blocks in the monospace style with a gutter, lines kept; a
/// thematic break as a rule; a blank line between blocks where Stream's parser puts one
/// (``blankLineBetween(_:_:)``). A paragraph's runs are wrapped together, each in its own style
/// (``TextMeasuring/wrap(spans:width:)``).
extension RowLayout {
    /// One box of a rich text, placed relative to the text's box.
    struct RichTextPart {
        var role: BoxRole
        var content: BoxContent?
        var text: String?
        var lines: [TextLine] = []
        var x: Int
        var y: Int
        var width: Int
        var height: Int
        var direction: TextDirection = .leftToRight
    }

    /// The text part of a message whose text is markdown: a ``BoxRole/text`` block whose boxes
    /// are its blocks, at most `width` wide.
    func richTextBlock(_ rich: RichText, plain: String, width: Int) -> Block {
        let gutter = max(1, measurer.width(of: "│ "))
        let gutterBar = max(1, measurer.width(of: "│"))
        // A list's marker column: room for "9." and a space.
        let markerColumn = max(1, measurer.width(of: "0. "))
        var parts: [RichTextPart] = []
        var y = 0
        var widest = 0
        var previous: RichTextBlock?
        for block in rich.blocks {
            if let previous, Self.blankLineBetween(previous, block) { y += lineHeight }
            previous = block
            let quoteIndent = gutter * max(0, block.quoteDepth)
            let listIndent = markerColumn * max(0, block.listDepth)
            var x = quoteIndent + listIndent
            let start = parts.count
            let height: Int
            switch block.kind {
            case .thematicBreak:
                height = lineHeight
                parts.append(RichTextPart(role: .thematicBreak, content: nil, text: nil, x: x, y: y, width: max(1, width - x), height: height))
                widest = max(widest, x + 1)
            default:
                var style = TextStyle.body
                if case .heading(let level) = block.kind { style = .heading(level: level) }
                if case .codeBlock = block.kind {
                    style = .monospace
                    parts.append(RichTextPart(role: .codeGutter, content: nil, text: nil, x: x, y: y, width: gutterBar, height: 0))
                    x += gutter
                }
                // A heading in a bold style is bold throughout; a code block is code throughout.
                var blockTraits: RichTextTraits = style.isBold ? .strong : []
                if style == .monospace { blockTraits.insert(.code) }
                let spans = block.runs.map { run in StyledSpan(text: run.text.string, style: style, traits: run.traits.union(blockTraits)) }
                let wrapped = measurer.wrap(spans: spans, width: max(1, width - x))
                let lineSpans = wrapped.pieces.map { pieces in
                    pieces.map { piece in
                        let run = block.runs[piece.span]
                        return PlacedSpan(start: piece.start, length: piece.length, traits: spans[piece.span].traits,
                                          destination: run.destination?.string)
                    }
                }
                let styleHeight = max(1, measurer.lineHeight(of: style, in: metrics))
                height = max(1, wrapped.wrapped.lines.count) * styleHeight
                let content = RichTextBlockContent(kind: block.kind, quoteDepth: block.quoteDepth, listDepth: block.listDepth,
                                                   lineSpans: lineSpans)
                parts.append(RichTextPart(role: .textBlock, content: .richTextBlock(content), text: spans.map(\.text).joined(),
                                          lines: wrapped.wrapped.lines, x: x, y: y, width: max(1, width - x), height: height,
                                          direction: wrapped.wrapped.direction))
                widest = max(widest, x + wrapped.wrapped.width)
                if case .codeBlock = block.kind { parts[start].height = height }
                if case .listItem(let marker) = block.kind {
                    let words: String = switch marker {
                    case .bullet: "•"
                    case .number(let number): "\(number)."
                    }
                    let line = measurer.wrap(words, width: markerColumn).lines.first
                        ?? TextLine(text: words, display: words, width: measurer.width(of: words))
                    parts.append(RichTextPart(role: .listMarker, content: .listMarker(marker), text: words, lines: [line],
                                              x: x - markerColumn, y: y, width: markerColumn, height: styleHeight))
                }
            }
            // A gutter before the block for each quote around it.
            for depth in 0 ..< max(0, block.quoteDepth) {
                parts.insert(RichTextPart(role: .quoteGutter, content: nil, text: nil, x: depth * gutter, y: y, width: gutterBar, height: height),
                             at: start)
            }
            y += height
        }
        var result = Block(role: .text, text: plain, content: nil, lines: [], width: min(width, max(1, widest)), height: y, alignment: .leading)
        result.richText = parts
        return result
    }

    /// Whether a blank line (the body's line height) stands between two blocks, as Stream's
    /// parser inserts line feeds between them: between paragraphs, around headings, code
    /// blocks, quotes and lists, two quotes included — but not between the items of a list
    /// (nested ones included), the paragraphs of one quote, nor next to a thematic break.
    static func blankLineBetween(_ above: RichTextBlock, _ below: RichTextBlock) -> Bool {
        if above.kind == .thematicBreak || below.kind == .thematicBreak { return false }
        if above.listDepth > 0 && below.listDepth > 0 { return false }
        if above.quoteDepth > 0 && below.continuesQuote { return false }
        return true
    }

    /// Writes a rich text's box at (x, y) of the row, `width` wide, and its blocks in it.
    func emitRichText<Sink: BoxSink>(_ parts: [RichTextPart], block: Block, id: String?, x: Int, y: Int, width: Int, into sink: inout Sink) {
        let token = sink.open(.text, id: id, frame: Frame(x: x, y: top + y, width: width, height: block.height), text: block.text,
                              content: nil, lines: [], alignment: .leading, direction: .leftToRight, tail: .none)
        for part in parts {
            let child = sink.open(part.role, id: id, frame: Frame(x: x + part.x, y: top + y + part.y, width: min(part.width, max(0, width - part.x)),
                                                                  height: part.height),
                                  text: part.text, content: part.content, lines: part.lines, alignment: .leading,
                                  direction: part.direction, tail: .none)
            sink.close(child, height: nil)
        }
        sink.close(token, height: nil)
    }
}
