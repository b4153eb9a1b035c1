import ChatLayoutKit

/// How the layout's units map to pixels: a horizontal unit is `cellWidth` pixels, a vertical
/// unit `cellHeight` (a terminal cell is 10 × 20 by default; ``points(fontSize:lineHeight:fontFamily:)`` maps a layout in
/// points one to one), and the font text is set in.
public struct SVGMetrics: Hashable, Sendable {
    /// A horizontal unit's width in pixels (a cell's, or 1 for points).
    public var cellWidth: Int
    /// A vertical unit's height in pixels (a row's, or 1 for points).
    public var cellHeight: Int
    /// The font size in pixels.
    public var fontSize: Int
    /// The text baseline, in pixels below the top of its line.
    public var baseline: Int
    /// The CSS font-family list: monospace fonts first, the generic family last.
    public var fontFamily: String
    /// The font-family list for emoji: colour emoji fonts first.
    public var emojiFontFamily: String
    /// The font-family list put before ``fontFamily`` for a line with letters of a joining
    /// script (Arabic, Syriac, N'Ko): a monospace font that covers them draws each letter
    /// isolated (DejaVu Sans Mono does), so a shaping font comes first and the browser joins
    /// them; the line is still fitted to its cells.
    public var joiningScriptFontFamily: String = "'Noto Sans Arabic', 'Noto Naskh Arabic', 'Noto Sans Syriac', 'Noto Sans NKo', 'DejaVu Sans', 'Geeza Pro', 'Segoe UI', Tahoma"
    /// The font-family list of rich text's code (inline code, code blocks): the font the
    /// HarfBuzz measurer measures code in first.
    public var monospaceFontFamily: String = "'Noto Sans Mono', 'DejaVu Sans Mono', Menlo, monospace"
    /// How far a bubble's outline sits inside its frame, in pixels: half a cell, where the
    /// terminal draws its border; none in points.
    public var bubbleInset: Int
    /// The radius of round corners (bubbles, cards), in pixels.
    public var cornerRadius: Int
    /// How far a card, a reaction's pill or a quote's bar reaches beyond the text it holds,
    /// in pixels.
    public var outset: Int

    /// Metrics; a cell size or font size below 1 pixel counts as 1. Without a bubble inset,
    /// corner radius or outset: half a cell, half a row and half a cell.
    public init(cellWidth: Int = 10, cellHeight: Int = 20, fontSize: Int = 16, baseline: Int = 15,
                fontFamily: String = "'DejaVu Sans Mono', 'Noto Sans Mono', Menlo, Consolas, 'Liberation Mono', monospace",
                emojiFontFamily: String = "'Noto Color Emoji', 'Apple Color Emoji', 'Segoe UI Emoji', sans-serif",
                bubbleInset: Int? = nil, cornerRadius: Int? = nil, outset: Int? = nil) {
        self.bubbleInset = bubbleInset ?? max(1, cellWidth) / 2
        self.cornerRadius = cornerRadius ?? max(1, cellHeight) / 2
        self.outset = outset ?? min(max(1, cellWidth) / 2, 6)
        self.cellWidth = max(1, cellWidth)
        self.cellHeight = max(1, cellHeight)
        self.fontSize = max(1, fontSize)
        self.baseline = baseline
        self.fontFamily = fontFamily
        self.emojiFontFamily = emojiFontFamily
    }

    /// A layout in points drawn one to one in `fontFamily` at `fontSize` pixels, lines
    /// `lineHeight` tall (the measurer's): the pixel front end's drawing.
    public static func points(fontSize: Int = 17, lineHeight: Int = 24,
                              fontFamily: String = "'Noto Sans', 'Noto Sans Hebrew', 'Noto Sans Arabic', 'Noto Sans Thai', 'Droid Sans Fallback', sans-serif")
        -> SVGMetrics {
        // The baseline where the font's ascent puts it: centred in the line, a fifth of the
        // font size below the middle.
        SVGMetrics(cellWidth: 1, cellHeight: 1, fontSize: fontSize, baseline: lineHeight / 2 + fontSize * 35 / 100,
                   fontFamily: fontFamily, bubbleInset: 0, cornerRadius: 16, outset: 6)
    }

    /// A frame in the layout's units as a rectangle in pixels.
    public func pixels(_ frame: Frame) -> Frame {
        Frame(x: frame.x * cellWidth, y: frame.y * cellHeight, width: frame.width * cellWidth, height: frame.height * cellHeight)
    }
}

/// The colours of the drawing: a light theme, one colour per kind of thing drawn.
public struct SVGPalette: Hashable, Sendable {
    /// The page.
    public var background = "#ffffff"
    /// Message text, titles.
    public var ink = "#1f2328"
    /// Timestamps, author names, secondary lines.
    public var muted = "#656d76"
    /// Delivery status, buttons, banners.
    public var accent = "#0969da"
    /// Error indicators, unread badges and the unread separator.
    public var danger = "#cf222e"
    /// Bubbles.
    public var bubble = "#e9edf1"
    /// The current user's bubbles: a light accent.
    public var ownBubble = "#d3e4fd"
    /// The header's background.
    public var header = "#f6f8fa"
    /// Borders and separator lines.
    public var rule = "#d0d7de"
    /// Attachment boxes.
    public var attachment = "#dbe3ea"
    /// The place of an image, a video or a giphy.
    public var media = "#b6c2cf"
    /// The thread list's error banner before it became a bar as Stream draws it; no longer drawn.
    @available(*, deprecated, message: "the error banner is drawn as a bar in `banner`")
    public var errorBanner = "#ffebe9"
    /// The thread list's bars (new threads, errors): dark, their words in white.
    public var banner = "#72767e"
    /// A highlighted message's background (Stream UIKit's `backgroundCoreHighlight`, light).
    public var highlight = "#fef9da"
    /// Avatars take one of these, picked from their initials.
    public var avatars = ["#0969da", "#8250df", "#bf3989", "#cf222e", "#bc4c00", "#1a7f37", "#0a7ea4", "#6639ba"]

    /// The light theme.
    public init() {}
}
