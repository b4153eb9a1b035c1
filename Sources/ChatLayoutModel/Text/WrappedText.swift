/// The reading direction of a paragraph.
public enum TextDirection: String, Hashable, Sendable, Codable {
    /// Left to right (Latin, CJK, …).
    case leftToRight
    /// Right to left (Hebrew, Arabic, …).
    case rightToLeft
}

/// One line of wrapped text.
public struct TextLine: Hashable, Sendable {
    /// The line's characters in logical (reading) order, including any spaces that hang at its
    /// end. Concatenating the lines of a paragraph gives the paragraph back.
    public var text: String
    /// The line as the measurer's front end draws it, bidi control characters and hanging
    /// spaces removed. A measurer for a monospace grid (`ChatLayoutICU`'s engine, in cells)
    /// reorders it for display (UAX #9, visual order, left to right); one for a text system
    /// that applies bidi when it draws (`ChatLayoutPixel`'s HarfBuzz measurer, Core Text)
    /// keeps it in reading order, as <doc:AppleFrontEnd> does.
    public var display: String
    /// The width of `display` in the measurer's units (cells for the ICU engine, points for a
    /// front end's). Hanging spaces do not count.
    public var width: Int

    /// A line.
    public init(text: String, display: String, width: Int) {
        self.text = text
        self.display = display
        self.width = width
    }
}

/// A text wrapped to a width: its lines, top to bottom, and its base direction.
public struct WrappedText: Hashable, Sendable {
    /// The lines, top to bottom.
    public var lines: [TextLine]
    /// The base direction, from the text's first strong character (left to right when none).
    /// Right-to-left text aligns to the trailing edge of its box.
    public var direction: TextDirection

    /// A wrapped text.
    public init(lines: [TextLine], direction: TextDirection) {
        self.lines = lines
        self.direction = direction
    }

    /// The width of the widest line, in the measurer's units.
    @inlinable public var width: Int { lines.reduce(0) { max($0, $1.width) } }
}
