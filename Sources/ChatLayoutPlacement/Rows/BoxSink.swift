@_spi(ChatLayoutStages) import ChatLayoutModel
@_spi(ChatLayoutStages) import ChatLayoutDecisions
import ChatLayoutComposition

/// Where the row layout writes the boxes of a row, parents before children: into a tree of
/// ``Box`` values (`BoxBuilder`, for rows kept one by one) or straight into a list's flat
/// records (`RowTable`, for a whole list: no box is made).
protocol BoxSink {
    /// Opens a box: the boxes opened until it is closed are its children. `lines` are placed
    /// in its frame by `alignment`. Returns the token that closes it.
    mutating func open(_ role: BoxRole, id: String?, frame: Frame, text: String?, content: BoxContent?, lines: [TextLine],
                       alignment: TextAlignment, direction: TextDirection, tail: BubbleTail) -> Int
    /// Opens a box of one line, as `open` does with `[line]` (no array made where the sink
    /// stores lines itself).
    mutating func open(_ role: BoxRole, id: String?, frame: Frame, text: String?, content: BoxContent?, line: TextLine,
                       alignment: TextAlignment, direction: TextDirection, tail: BubbleTail) -> Int
    /// Opens a box of a short label's one line, left to right: the line drawn as `drawn` is
    /// and as wide as `width` (``ShortLineMeasuring/shortWidth(_:width:)``), as `open` does
    /// with that line (no line made where the sink stores lines itself).
    mutating func open(_ role: BoxRole, id: String?, frame: Frame, text: String?, content: BoxContent?, drawn: String, width: Int,
                       alignment: TextAlignment) -> Int
    /// Opens a box whose lines are spans of its words' bytes (``LineSpans``), as `open` does
    /// with those lines (no string made for a line where the sink stores bytes itself).
    mutating func open(_ role: BoxRole, id: String?, frame: Frame, text: String, content: BoxContent?, lineSpans: [LineSpans.Line],
                       alignment: TextAlignment, direction: TextDirection, tail: BubbleTail) -> Int
    /// Closes the box `token` opened; `height`, when given, is its frame's height (a row's,
    /// known only once its parts are placed).
    mutating func close(_ token: Int, height: Int?)
    /// Mirrors the row just written in a screen `width` wide (``Box/mirrored(inWidth:)``).
    mutating func mirrorRow(inWidth width: Int)
    /// The bubble of row `row` (a row this sink holds, written left to right) when it is
    /// `width` by `height`: a token for ``copyBubbleContent(of:toX:y:)``; nil when the sink
    /// keeps no rows or that row has no such bubble.
    func bubble(ofRow row: Int, width: Int, height: Int) -> Int?
    /// Writes again, into the box open now, the boxes inside `bubble` (``bubble(ofRow:width:height:)``),
    /// moved with it to (`x`, `y`): the same records as writing that bubble's content there.
    mutating func copyBubbleContent(of bubble: Int, toX x: Int, y: Int)
}

extension BoxSink {
    mutating func open(_ role: BoxRole, id: String?, frame: Frame, text: String?, content: BoxContent?, line: TextLine,
                       alignment: TextAlignment, direction: TextDirection, tail: BubbleTail) -> Int {
        open(role, id: id, frame: frame, text: text, content: content, lines: [line], alignment: alignment, direction: direction, tail: tail)
    }

    mutating func open(_ role: BoxRole, id: String?, frame: Frame, text: String?, content: BoxContent?, drawn: String, width: Int,
                       alignment: TextAlignment) -> Int {
        open(role, id: id, frame: frame, text: text, content: content, line: TextLine(text: drawn, display: drawn, width: width),
             alignment: alignment, direction: .leftToRight, tail: .none)
    }

    mutating func open(_ role: BoxRole, id: String?, frame: Frame, text: String, content: BoxContent?, lineSpans: [LineSpans.Line],
                       alignment: TextAlignment, direction: TextDirection, tail: BubbleTail) -> Int {
        open(role, id: id, frame: frame, text: text, content: content, lines: LineSpans.textLines(lineSpans, of: text),
             alignment: alignment, direction: direction, tail: tail)
    }

    func bubble(ofRow row: Int, width: Int, height: Int) -> Int? { nil }

    mutating func copyBubbleContent(of bubble: Int, toX x: Int, y: Int) {}

    /// Opens a box without text.
    mutating func open(_ role: BoxRole, id: String?, frame: Frame, content: BoxContent? = nil, tail: BubbleTail = .none) -> Int {
        open(role, id: id, frame: frame, text: nil, content: content, lines: [], alignment: .leading, direction: .leftToRight, tail: tail)
    }
}

/// Lines placed in a frame `width` wide: the x of a line of `lineWidth` at the leading edge,
/// centred, or at the trailing edge.
func placedX(_ lineWidth: Int, in width: Int, alignment: TextAlignment) -> Int {
    switch alignment {
    case .leading: 0
    case .trailing: width - lineWidth
    case .center: max(0, (width - lineWidth) / 2)
    }
}

/// Builds boxes as values: a stack of the boxes still open.
struct BoxBuilder: BoxSink {
    /// A row nests three deep (row, bubble, part): room for that from the start, so that the
    /// stack is allocated once, not grown twice.
    private var stack: [Box] = { var stack: [Box] = []; stack.reserveCapacity(3); return stack }()
    /// The last box closed at the bottom of the stack: the row.
    private(set) var result: Box?
    /// Moves every box down by this much: a row kept by the incremental list is built where it
    /// stands, not built at 0 and then copied there.
    var dy = 0

    init(dy: Int = 0) { self.dy = dy }

    mutating func open(_ role: BoxRole, id: String?, frame: Frame, text: String?, content: BoxContent?, lines: [TextLine],
                       alignment: TextAlignment, direction: TextDirection, tail: BubbleTail) -> Int {
        var placed = RowLayout.place(lines, in: frame.width, alignment: alignment)
        Box.attachingSpans(&placed, content: content)
        stack.append(Box(role: role, id: id, frame: frame.offsetBy(dy: dy), composedText: text, content: content, placedLines: placed,
                         alignment: alignment, textDirection: direction, tail: tail))
        return stack.count - 1
    }

    mutating func close(_ token: Int, height: Int?) {
        precondition(token == stack.count - 1, "boxes close in the order they were opened")
        var box = stack.removeLast()
        if let height { box.frame.height = height }
        if stack.isEmpty {
            result = box
        } else {
            stack[stack.count - 1].children.append(box)
        }
    }

    mutating func mirrorRow(inWidth width: Int) {
        result = result?.mirrored(inWidth: width)
    }
}

