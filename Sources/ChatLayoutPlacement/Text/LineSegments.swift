@_spi(ChatLayoutStages) import ChatLayoutModel

/// A measurer that can summarise a text's lines as ``LineSegments``: what a list laid out
/// again at another width needs of a text to know its line count and its last line's width by
/// arithmetic, kept with the row rather than looked up by the text (``PreparedRows``). The ICU
/// engine is one; a measurer that is not (HarfBuzz's: a line's width is shaped, not summed) has
/// its rows laid out again from their composition.
package protocol LineSegmentMeasuring: TextMeasuring {
    /// Appends `text`'s segments to `segments`, as its `wrap(_:width:)` breaks it at every
    /// width; false, with nothing appended, when a segment is too wide to be said in one.
    func appendLineSegments(of text: String, to segments: inout [UInt32]) -> Bool

    /// `text` wrapped as `wrap(_:width:)` wraps it, its segments appended to `segments` from
    /// the same lookup (false: as ``appendLineSegments(of:to:)`` says).
    func wrap(_ text: String, width: Int, appendingSegmentsTo segments: inout [UInt32]) -> (wrapped: WrappedText, appended: Bool)
}

/// What a list that keeps its rows prepared (``PreparedRows``) records of a row as it writes
/// it (``RowLayout/recorder``): its text's line segments, from the lookup that wraps it, and
/// its footnotes' widths whole and their heights on a line that wide — so that preparing the
/// row measures nothing again. One a run of rows, used on that run's thread alone, then handed
/// with the run's rows to the thread that stacks the runs (hence unchecked).
final class PreparedRowRecorder: @unchecked Sendable {
    let segmenter: any LineSegmentMeasuring
    /// Every row's segments, one after another.
    var segments: [UInt32] = []
    /// The row's text's segments in ``segments`` (nil: not recorded, or none to say).
    private(set) var text: Range<Int>?
    /// The footnote, and the parts beside the bubble, whole (nil: not written on a line that
    /// wide; then the row's preparing works it out).
    private var main: (width: Int, height: Int)?
    private var beside: (width: Int, height: Int)?

    init(segmenter: any LineSegmentMeasuring) { self.segmenter = segmenter }

    /// Forgets the row before.
    func beginRow() {
        text = nil
        main = nil
        beside = nil
    }

    /// `text` wrapped at `width`, its segments recorded.
    func wrap(_ text: String, width: Int) -> WrappedText {
        let start = segments.count
        let (wrapped, appended) = segmenter.wrap(text, width: width, appendingSegmentsTo: &segments)
        self.text = appended ? start ..< segments.count : nil
        return wrapped
    }

    /// The footnote's (or, `beside`, the parts beside the bubble's) width whole, and its height
    /// on a line that wide or wider (nil: it was written on a narrower line, its height there
    /// says nothing of a wider one).
    func recordFootnote(beside isBeside: Bool, width: Int, height: Int?) {
        let whole = height.map { (width, $0) }
        if isBeside { beside = whole } else { main = whole }
    }

    /// The footnote recorded whole, when its height is known.
    func wholeFootnote(beside isBeside: Bool) -> (width: Int, height: Int)? { isBeside ? beside : main }
}

/// A text's lines summarised by the runs between its line-break opportunities, one `UInt32`
/// each: the run's width through its last unit that is not a hanging space (`core`), the
/// hanging spaces' width after it (`trail`), whether it has a unit that is not a hanging space,
/// and whether its first unit is its only such one (a run wider than the line that a line may
/// hold alone); a hard break is a run of its own. Wrapping the runs greedily as the measurer
/// wraps its units gives the same lines — a run that fits a line adds to it, one that does
/// not starts the next, its start being the line's last opportunity — except where a run is
/// wider than a whole line and must be cut between its units: then the summary says nothing
/// (nil), and the row is laid out from its composition.
package enum LineSegments {
    static let widthMask: UInt32 = 0x3FFF
    static let trailShift: UInt32 = 14
    package static let hasVisible: UInt32 = 1 << 28
    package static let single: UInt32 = 1 << 29
    package static let hardBreak: UInt32 = 1 << 30
    /// The widest `core` or `trail` a segment holds.
    package static let maximumWidth = Int(widthMask)

    /// A run of `core` and `trail` cells (at most ``maximumWidth`` each).
    package static func segment(core: Int, trail: Int, hasVisible: Bool, single: Bool) -> UInt32 {
        UInt32(core) | UInt32(trail) << trailShift | (hasVisible ? Self.hasVisible : 0) | (single ? Self.single : 0)
    }

    /// The number of lines of the text `segments` summarise at `width` (at least 1), and its
    /// last line's width; nil where a run must be cut between its units.
    package static func lineMetrics(_ segments: UnsafeBufferPointer<UInt32>, width: Int) -> (count: Int, lastWidth: Int)? {
        let limit = max(1, width)
        var count = 0
        var visible = 0, pending = 0
        var lineHasUnits = false
        for segment in segments {
            if segment & hardBreak != 0 {
                count += 1
                visible = 0; pending = 0; lineHasUnits = false
                continue
            }
            let core = Int(segment & widthMask), trail = Int(segment >> trailShift & widthMask)
            guard segment & hasVisible != 0 else {
                pending += trail
                lineHasUnits = true
                continue
            }
            if visible + pending + core <= limit {
                visible += pending + core
                pending = trail
                lineHasUnits = true
                continue
            }
            // Too wide for what the line holds: the line ends at the run's start (its last
            // opportunity), and the run starts the next.
            if lineHasUnits {
                count += 1
                visible = 0; pending = 0
            }
            guard core <= limit || segment & single != 0 else { return nil }
            visible = core
            pending = trail
            lineHasUnits = true
        }
        return (count + 1, visible)
    }
}
