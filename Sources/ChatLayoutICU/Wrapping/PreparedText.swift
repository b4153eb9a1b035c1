import ChatLayoutICUShim
import ChatLayoutKit

/// A text measured once, ready to be wrapped at any width by arithmetic alone.
///
/// Preparing a text is the measuring: its code points decoded and looked up, its grapheme
/// clusters (UAX #29) and line-break opportunities (UAX #14, dictionaries for South-East Asian
/// scripts) found, each cluster's width in cells taken, its base direction read. Wrapping it
/// at a width then walks the clusters' widths and break flags greedily and slices the lines
/// out of the text; nothing is segmented or looked up again. The engine keeps prepared texts
/// by text, so a list laid out again at another width (a rotation, a split view, a resized
/// window) re-wraps every text without measuring one.
///
/// Two forms, one wrapping rule:
/// - **simple** (most chat text: left to right, no dictionary breaking, marks and emoji
///   sequences at most; `SimpleTextWrapper` decides): the units are grapheme clusters — most
///   of them a code point — each starting at a UTF-8 offset, and a line is drawn as it is
///   written;
/// - **general** (marks, joiners, emoji sequences, right to left, Thai…): the units are grapheme
///   clusters, each starting at a code-point offset of the text's `AnalyzedText`, and each
///   paragraph's lines are put in display order (UAX #9) when they are made. The general path
///   keeps the analysed text it made; a right-to-left text the fast path prepared makes it when
///   its lines are first made, and keeps it from then on.
///
/// One allocation a text: the units follow the header in the storage object itself. A text
/// grown from an earlier one (a streamed reply, `extended(to:policy:)`) makes only its last
/// paragraph's units and shares the earlier paragraphs' with the texts it grew from.
///
/// Made by ``ICUTextEngine/prepare(_:)``; the engine's own `wrap` keeps one per text.
public struct PreparedText: @unchecked Sendable {
    // Unchecked: the storage is written once, when made (`make`), and only read after; a
    // `ManagedBuffer` cannot say so itself.
    let storage: Storage

    final class Storage: ManagedBuffer<Header, Unit> {
        deinit {
            _ = withUnsafeMutablePointers { header, units in units.deinitialize(count: header.pointee.count - header.pointee.prefixCount + 1) }
        }
    }

    /// One unit lines are made of: a grapheme cluster (in the simple form most often a single
    /// code point).
    struct Unit: Equatable {
        /// Where it starts: a UTF-8 offset (simple) or a code-point offset (general).
        var start: Int32
        /// Its width in cells; 0 for a hard break.
        var width: Int16
        var flags: UInt8

        /// A line may break before it (a UAX #14 opportunity at its start).
        static let breakBefore: UInt8 = 1
        /// A hard break ("\n", CR LF, U+2028, …): it ends its line and belongs to none.
        static let hardBreak: UInt8 = 2
        /// A space that hangs at a line's end: in the line's text, not in its width.
        static let hangingSpace: UInt8 = 4
    }

    struct Header {
        /// The text as given.
        let text: String
        /// The base direction (the first strong character's; left to right when none).
        let direction: TextDirection
        /// The general form: units at code-point offsets, lines put in display order.
        let isGeneral: Bool
        /// The number of units (the end marker left out).
        let count: Int
        /// The units before this storage's own: the first units of earlier texts' storages, in
        /// order (a text grown from an earlier one shares the earlier one's paragraphs,
        /// ``extended(to:policy:)``); none for a text prepared whole. Each holds its units'
        /// end marker after them: the first unit of the next.
        var prefix: [Segment] = []
        /// How many units `prefix` holds: this storage's own units are the rest, from a
        /// paragraph's start.
        var prefixCount = 0
        /// The general form's analysed text: given when made (the general path), else (a
        /// right-to-left text the fast path prepared) made when first asked, by the one thread
        /// that moves `analyzedState` from `analyzedNone` to `analyzedMaking`, which sets it
        /// and then the state to `analyzedMade`. Read only in that state.
        var analyzed: AnalyzedText?
        /// `analyzedNone`, `analyzedMaking` or `analyzedMade`; read and set atomically, at
        /// `analyzedStateSlot`.
        var analyzedState: Int
    }
    static let analyzedNone = 0, analyzedMaking = 1, analyzedMade = 2

    /// The first `count` units of another text's storage (``Header/prefix``).
    struct Segment {
        let storage: Storage
        let count: Int
    }

    /// The address of a header's `analyzedState`, for the shim's atomic operations.
    @inline(__always)
    static func analyzedStateSlot(_ header: UnsafeMutablePointer<Header>) -> UnsafeMutablePointer<Int> {
        (UnsafeMutableRawPointer(header) + MemoryLayout<Header>.offset(of: \.analyzedState)!).assumingMemoryBound(to: Int.self)
    }

    /// A prepared text of `count` units, which `fill` writes (`count + 1` of them: the units,
    /// then one that only marks the end, its `start` the text's length). `isGeneral` when
    /// they are the general form's (at code-point offsets), which `analyzed`, when given, is
    /// the analysed text of; else the text's is made when first asked.
    static func make(text: String, count: Int, direction: TextDirection, analyzed: AnalyzedText?,
                     isGeneral: Bool, fill: (UnsafeMutablePointer<Unit>) -> Void) -> PreparedText {
        let storage = unsafeDowncast(Storage.create(minimumCapacity: count + 1) { _ in
            Header(text: text, direction: direction, isGeneral: isGeneral, count: count, analyzed: analyzed,
                   analyzedState: analyzed != nil ? analyzedMade : analyzedNone)
        }, to: Storage.self)
        storage.withUnsafeMutablePointerToElements(fill)
        return PreparedText(storage: storage)
    }

    /// A prepared text of the units `fill` writes, at most `capacity` of them (the end marker
    /// included) — their number (the end marker left out), the base direction, whether they
    /// are the general form's — or nil when `fill` gives nil. The units are written in place:
    /// no scratch memory, no copy.
    @inline(__always)
    static func make(text: String, capacity: Int,
                     fill: (UnsafeMutablePointer<Unit>) -> (count: Int, direction: TextDirection, isGeneral: Bool)?) -> PreparedText? {
        var made = false
        let storage = Storage.create(minimumCapacity: capacity) { buffer in
            let filled = buffer.withUnsafeMutablePointerToElements(fill)
            made = filled != nil
            // Not made: no unit is read, and the storage is let go at once.
            return Header(text: text, direction: filled?.direction ?? .leftToRight, isGeneral: filled?.isGeneral ?? false,
                          count: filled?.count ?? 0, analyzed: nil, analyzedState: analyzedNone)
        }
        return made ? PreparedText(storage: unsafeDowncast(storage, to: Storage.self)) : nil
    }

    /// The units and the end marker, as values (for tests).
    var unitValues: [Unit] { withUnits { Array($0) } }

    // Read through the pointer: the header is never written after `make`, and the class
    // property's accessor would check exclusive access dynamically on every read.
    /// The text, as given.
    public var text: String { storage.withUnsafeMutablePointerToHeader { $0.pointee.text } }
    var direction: TextDirection { storage.withUnsafeMutablePointerToHeader { $0.pointee.direction } }
    /// The general form: units at code-point offsets of `analyzed`.
    var isGeneral: Bool { storage.withUnsafeMutablePointerToHeader { $0.pointee.isGeneral } }
    /// The general form's analysed text (made now if the text was prepared without it, and kept);
    /// nil for the simple form.
    var analyzed: AnalyzedText? {
        storage.withUnsafeMutablePointerToHeader { header in
            guard header.pointee.isGeneral else { return nil }
            let state = Self.analyzedStateSlot(header)
            if clk_atomic_load_acquire(state) == Self.analyzedMade { return header.pointee.analyzed }
            let made = AnalyzedText(header.pointee.text)
            // Kept by the first thread to get here; another, meanwhile, uses its own.
            if clk_atomic_compare_exchange(state, Self.analyzedNone, Self.analyzedMaking) != 0 {
                header.pointee.analyzed = made
                clk_atomic_store_release(state, Self.analyzedMade)
            }
            return made
        }
    }
    var count: Int { storage.withUnsafeMutablePointerToHeader { $0.pointee.count } }

    /// Calls `body` with the units and the end marker: in place, or, for a text that shares
    /// an earlier one's units (``extended(to:policy:)``), copied together first.
    @inline(__always)
    func withUnits<Result>(_ body: (UnsafeBufferPointer<Unit>) -> Result) -> Result {
        storage.withUnsafeMutablePointers { header, units in
            let count = header.pointee.count
            guard header.pointee.prefixCount > 0 else { return body(UnsafeBufferPointer(start: units, count: count + 1)) }
            return Self.withJoinedUnits(header.pointee, units, body)
        }
    }

    /// The units of a text with a prefix, copied into one buffer for `body`.
    private static func withJoinedUnits<Result>(_ header: Header, _ own: UnsafeMutablePointer<Unit>,
                                                _ body: (UnsafeBufferPointer<Unit>) -> Result) -> Result {
        withUnsafeTemporaryAllocation(of: Unit.self, capacity: header.count + 1) { joined in
            var next = joined.baseAddress!
            for segment in header.prefix {
                segment.storage.withUnsafeMutablePointerToElements { next.initialize(from: $0, count: segment.count) }
                next += segment.count
            }
            next.initialize(from: own, count: header.count - header.prefixCount + 1)
            defer { joined.baseAddress!.deinitialize(count: header.count + 1) }
            return body(UnsafeBufferPointer(joined))
        }
    }

    /// Calls `body` with the units from `start` (a unit of the last paragraph, at or after
    /// ``lastParagraphStart``) and the end marker: in place, never copied.
    @inline(__always)
    func withUnits<Result>(from start: Int, _ body: (UnsafeBufferPointer<Unit>) -> Result) -> Result {
        storage.withUnsafeMutablePointers { header, units in
            let own = header.pointee.prefixCount
            guard start >= own else { return withUnits { body(UnsafeBufferPointer(rebasing: $0[start...])) } }
            return body(UnsafeBufferPointer(start: units + (start - own), count: header.pointee.count - start + 1))
        }
    }

    /// How many units this text holds of its own, not shared with an earlier text (for tests).
    var ownUnitCount: Int { storage.withUnsafeMutablePointerToHeader { $0.pointee.count - $0.pointee.prefixCount } }

    /// The number of lines the text takes at `width` cells (at least 1): arithmetic over
    /// the units alone, no line made — a height for a width, as a list that only needs its
    /// rows' heights asks.
    public func lineCount(width: Int) -> Int {
        var lines = 0
        withUnits { units in Self.forEachLine(units, width: width) { _, _, _, _ in lines += 1 } }
        return lines
    }

    /// Appends the text's runs between line-break opportunities to `segments`, as
    /// `LineSegments` says them (each hard break a run of its own), walking the units as
    /// ``forEachLine(_:width:_:)`` does; false, with nothing appended, when a run is wider than a
    /// segment holds.
    func appendLineSegments(to segments: inout [UInt32]) -> Bool {
        withUnits { units in
            let count = units.count - 1
            let start = segments.count
            // A run at most every unit: room made at once, growing as an array grows.
            if segments.capacity - start < count { segments.reserveCapacity(max(2 * segments.capacity, start + count)) }
            var core = 0, pending = 0
            var visibleUnits = 0, firstIsVisible = false, hasUnits = false
            var widest = 0
            for index in 0 ..< count {
                let unit = units[index]
                let flags = unit.flags
                if hasUnits && flags & (Unit.hardBreak | Unit.breakBefore) != 0 {
                    widest = max(widest, core, pending)
                    segments.append(LineSegments.segment(core: min(core, LineSegments.maximumWidth), trail: min(pending, LineSegments.maximumWidth),
                                                          hasVisible: visibleUnits > 0, single: firstIsVisible && visibleUnits == 1))
                    core = 0; pending = 0; visibleUnits = 0; firstIsVisible = false; hasUnits = false
                }
                if flags & Unit.hardBreak != 0 {
                    segments.append(LineSegments.hardBreak)
                    continue
                }
                let width = Int(unit.width)
                if flags & Unit.hangingSpace != 0 {
                    pending += width
                } else {
                    if !hasUnits { firstIsVisible = true }
                    core += pending + width
                    pending = 0
                    visibleUnits += 1
                }
                hasUnits = true
            }
            if hasUnits {
                widest = max(widest, core, pending)
                segments.append(LineSegments.segment(core: min(core, LineSegments.maximumWidth), trail: min(pending, LineSegments.maximumWidth),
                                                      hasVisible: visibleUnits > 0, single: firstIsVisible && visibleUnits == 1))
            }
            guard widest <= LineSegments.maximumWidth else {
                segments.removeSubrange(start...)
                return false
            }
            return true
        }
    }

    /// The text wrapped into lines no wider than `width` cells (at least 1), as
    /// `TextMeasuring.wrap(_:width:)` describes: exactly the engine's `wrap(_:width:)`.
    public func wrap(width: Int) -> WrappedText {
        if isGeneral {
            if let wrapped = wrapWithImplicitBidi(width: width) { return wrapped }
            if let analyzed { return wrapInGeneral(width: width, analyzed) }
        }
        var lines: [TextLine] = []
        // About as many lines as the units fill (a cell or more each): allocated once.
        lines.reserveCapacity(count / max(1, width) + 1)
        withUnits { appendSimpleLines(of: $0, width: width, to: &lines) }
        return WrappedText(lines: lines, direction: .leftToRight)
    }

    /// The lines at `width` of a text each of whose lines is drawn as written, left to right
    /// (not ``isGeneral``), as spans of its bytes: ``wrap(width:)``'s lines without a string
    /// made for each. Nil for a general text.
    func lineSpans(width: Int) -> LineSpans? {
        guard !isGeneral else { return nil }
        // The first lines gathered on the stack, then made into an array of exactly their
        // number at once (not an empty array's capacity reserved through its generic growth);
        // the lines past them, few texts', appended after.
        let gathered = 16
        return withUnsafeTemporaryAllocation(of: LineSpans.Line.self, capacity: gathered) { first in
            var count = 0
            var more: [LineSpans.Line] = []
            withUnits { units in
                Self.forEachLine(units, width: width) { span, visibleEnd, lineWidth, _ in
                    let line = LineSpans.Line(start: units[span.lowerBound].start, visibleEnd: units[visibleEnd].start,
                                              end: units[span.upperBound].start, width: Int32(truncatingIfNeeded: lineWidth))
                    if count < gathered {
                        first.initializeElement(at: count, to: line)
                        count += 1
                    } else {
                        more.append(line)
                    }
                }
            }
            var lines = Array(UnsafeBufferPointer(rebasing: first[..<count]))
            if !more.isEmpty { lines.append(contentsOf: more) }
            return LineSpans(lines: lines)
        }
    }

    /// The simple form's lines of `units` (all of the text's, or those from a paragraph's
    /// start on) at `width`, each sliced out of the text's bytes, appended to `lines`.
    private func appendSimpleLines(of units: UnsafeBufferPointer<Unit>, width: Int, to lines: inout [TextLine]) {
        let whole = text
        var text = whole
        text.withUTF8 { bytes in
            Self.forEachLine(units, width: width) { span, visibleEnd, lineWidth, _ in
                func string(_ upper: Int) -> String {
                    let lower = Int(units[span.lowerBound].start), upper = Int(units[upper].start)
                    // A text on one line is its own line: its storage shared, not copied.
                    if lower == 0 && upper == bytes.count { return whole }
                    return String(decoding: UnsafeBufferPointer(rebasing: bytes[lower ..< upper]), as: UTF8.self)
                }
                let display = string(visibleEnd)
                lines.append(TextLine(text: visibleEnd == span.upperBound ? display : string(span.upperBound),
                                      display: display, width: lineWidth))
            }
        }
    }

    /// The general form's lines: each paragraph's lines put in display order together.
    func wrapInGeneral(width: Int, _ analyzed: AnalyzedText) -> WrappedText {
        var lines: [TextLine] = []
        // The paragraph's lines so far: their drawn clusters and code points, and widths.
        var paragraphLines: [(clusters: [Range<Int>], span: Range<Int>)] = []
        var widths: [Int] = []
        var paragraphStart = 0
        withUnits { units in
            Self.forEachLine(units, width: width) { span, visibleEnd, lineWidth, endsParagraph in
                let drawn = (span.lowerBound ..< visibleEnd).map { Int(units[$0].start) ..< Int(units[$0 + 1].start) }
                let codePoints = Int(units[span.lowerBound].start) ..< Int(units[span.upperBound].start)
                paragraphLines.append((drawn, codePoints))
                widths.append(lineWidth)
                guard endsParagraph else { return }
                let paragraph = paragraphStart ..< codePoints.upperBound
                let displays = BidiReorderer.display(lines: paragraphLines, paragraph: paragraph, direction: direction, analyzed)
                for (index, display) in displays.enumerated() {
                    // Most lines draw exactly their text: then one string serves both.
                    let line = paragraphLines[index].span
                    let bytes = Int(analyzed.utf8Offsets[line.lowerBound]) ..< Int(analyzed.utf8Offsets[line.upperBound])
                    var drawnText = display
                    let same = drawnText.withUTF8 { drawnText in
                        analyzed.withUTF8 { all in
                            drawnText.count == bytes.count && clk_bytes_equal(drawnText.baseAddress, all.baseAddress! + bytes.lowerBound, bytes.count) != 0
                        }
                    }
                    lines.append(TextLine(text: same ? display : analyzed.string(line), display: display, width: widths[index]))
                }
                paragraphLines.removeAll(keepingCapacity: true)
                widths.removeAll(keepingCapacity: true)
                // The next paragraph starts after the hard break that ended this one.
                paragraphStart = span.upperBound < count ? Int(units[span.upperBound + 1].start) : analyzed.count
            }
        }
        return WrappedText(lines: lines, direction: direction)
    }

    // MARK: A text that grows (a streamed reply)

    /// The unit where the last paragraph starts: after the last hard break that something
    /// follows (a text ending in CR may yet become CR LF, one break); 0 for one paragraph.
    var lastParagraphStart: Int {
        storage.withUnsafeMutablePointers { header, units in
            // Read over this storage's own units: they start a paragraph, after the prefix's
            // last hard break (when there is a prefix).
            let own = header.pointee.prefixCount
            var index = header.pointee.count - own - 2 // the unit before the last one
            while index >= 0 {
                if units[index].flags & Unit.hardBreak != 0 { return own + index + 1 }
                index -= 1
            }
            return own
        }
    }

    /// `grown`, a text that begins with this one's bytes, prepared by measuring only what
    /// follows the last place in this text where the rules start afresh (``restartUnit(from:)``:
    /// the start of its last word of ASCII letters after a space, else of its last paragraph):
    /// the units before it are the same (no break rule, cluster or width reaches back over a
    /// space before a letter, nor over a hard break). Its own units are its last paragraph's,
    /// those before the restart copied from this text's; the paragraphs before are shared.
    /// Nil when there is no such place (one paragraph without a word after a space), when
    /// either part needs the general path, or when `grown` does not begin with this text.
    /// `knownToBegin`: the caller found that it does (``GrowingTexts/find(_:)``), and the
    /// texts are not read again (a streamed reply's whole text, each token).
    func extended(to grown: String, policy: CellWidthPolicy, knownToBegin: Bool = false) -> PreparedText? {
        guard !isGeneral else { return nil }
        let paragraph = lastParagraphStart
        guard let restart = restartUnit(from: paragraph), knownToBegin || Self.begins(grown, with: text) else { return nil }
        let offset = withUnits(from: restart) { Int($0[0].start) }
        var grownText = grown
        let tail = grownText.withUTF8 { bytes in String(decoding: UnsafeBufferPointer(rebasing: bytes[offset...]), as: UTF8.self) }
        // The rest in the simple form too (its units at UTF-8 offsets, as these).
        guard let rest = SimpleTextWrapper.prepare(tail, policy: policy), !rest.isGeneral else { return nil }
        // The units before the paragraph are shared, not copied: this text's prefix and those
        // of its own units that come before the paragraph.
        let prefix = storage.withUnsafeMutablePointerToHeader { header -> [Segment] in
            var prefix = header.pointee.prefix
            let before = paragraph - header.pointee.prefixCount
            if before > 0 { prefix.append(Segment(storage: storage, count: before)) }
            return prefix
        }
        let kept = restart - paragraph
        return rest.withUnits { restUnits in
            let storage = unsafeDowncast(Storage.create(minimumCapacity: kept + rest.count + 1) { _ in
                Header(text: grown, direction: .leftToRight, isGeneral: false, count: restart + rest.count, prefix: prefix,
                       prefixCount: paragraph, analyzed: nil, analyzedState: PreparedText.analyzedNone)
            }, to: Storage.self)
            storage.withUnsafeMutablePointerToElements { made in
                // The paragraph's units up to the restart, as this text has them.
                withUnits(from: paragraph) { own in made.initialize(from: own.baseAddress!, count: kept) }
                for index in 0 ... rest.count {
                    var unit = restUnits[index]
                    unit.start += Int32(offset)
                    // A line may break at the restart (after a hard break it must; a space
                    // before a letter is an opportunity): the whole text's rules say so, the
                    // rest alone starts without a break before it.
                    if index == 0 && rest.count > 0 { unit.flags |= Unit.breakBefore }
                    (made + kept + index).initialize(to: unit)
                }
            }
            return PreparedText(storage: storage)
        }
    }

    /// The last unit from `paragraph` (``lastParagraphStart``) on where a text that grows from
    /// this one can be measured afresh with the same units: the last that starts a word of
    /// ASCII letters right after a space (an opportunity to break before it: the state of the
    /// break, cluster and width rules there is the one any text starting with that letter has
    /// — no rule looks back over the space), else the paragraph's start when one comes before
    /// it; nil otherwise. Read back from the end over this text's own units.
    func restartUnit(from paragraph: Int) -> Int? {
        storage.withUnsafeMutablePointers { header, units -> Int? in
            let own = header.pointee.prefixCount
            var text = header.pointee.text
            return text.withUTF8 { bytes -> Int? in
                var index = header.pointee.count - 1
                while index > paragraph {
                    let unit = units[index - own]
                    let start = Int(unit.start)
                    if unit.flags & Unit.breakBefore != 0 && bytes[start - 1] == 0x20 && (bytes[start] | 0x20) &- 0x61 < 26 {
                        return index
                    }
                    index -= 1
                }
                return paragraph > 0 ? paragraph : nil
            }
        }
    }

    /// Whether `text`'s bytes begin with all of `prefix`'s, and it is longer.
    static func begins(_ text: String, with prefix: String) -> Bool {
        var text = text, prefix = prefix
        return text.withUTF8 { text in
            prefix.withUTF8 { prefix in
                text.count > prefix.count && clk_bytes_equal(text.baseAddress, prefix.baseAddress, prefix.count) != 0
            }
        }
    }

    /// Wrapped at `width` as ``wrap(width:)``, reusing `earlier` — a text this one grew from
    /// (``extended(to:policy:)``) wrapped at the same width: the lines of its paragraphs before
    /// its last are this text's too, and only the rest is wrapped.
    func wrap(width: Int, reusing earlier: (prepared: PreparedText, wrapped: WrappedText)) -> WrappedText {
        guard !isGeneral, !earlier.prepared.isGeneral else { return wrap(width: width) }
        let paragraph = earlier.prepared.lastParagraphStart
        guard paragraph > 0 else { return wrap(width: width) }
        // The earlier text's last paragraph: how many of its lines to drop.
        var dropped = 0
        earlier.prepared.withUnits(from: paragraph) { units in
            Self.forEachLine(units, width: width) { _, _, _, _ in dropped += 1 }
        }
        // Room for the last paragraph's lines made at once (as `wrap(width:)` makes it): the
        // earlier lines are not moved again when they come.
        let kept = max(0, earlier.wrapped.lines.count - dropped)
        var lines: [TextLine] = []
        lines.reserveCapacity(kept + (count - paragraph) / max(1, width) + 1)
        lines.append(contentsOf: earlier.wrapped.lines[..<kept])
        withUnits(from: paragraph) { appendSimpleLines(of: $0, width: width, to: &lines) }
        return WrappedText(lines: lines, direction: .leftToRight)
    }

    /// Its lines at `width` as spans of its bytes (``lineSpans(width:)``'s), with how many of
    /// them come before its last paragraph and the widest of those — reusing `earlier`'s, a
    /// text this one begins with (``extended(to:policy:)``, or prepared whole) and its lines at
    /// the same width: the lines before the earlier text's last paragraph are this text's too
    /// (the same units, the same offsets), and so are those of its last paragraph that were
    /// ended by units before its restart unit (``restartUnit(from:)``: the units before it are
    /// this text's, and a line's end is decided by its units up to the one that ended it).
    /// Only the rest is walked: most often the earlier text's last line or two. Nil for a
    /// general text.
    func grownLineSpans(width: Int, reusing earlier: (prepared: PreparedText, spans: GrownLineSpans)?) -> GrownLineSpans? {
        guard !isGeneral else { return nil }
        let last = lastParagraphStart
        var from = 0
        var kept: ArraySlice<LineSpans.Line> = []
        var made = GrownLineSpans(spans: LineSpans(lines: [], width: 0), linesBefore: 0, widestBefore: 0)
        if let earlier, !earlier.prepared.isGeneral {
            let paragraph = earlier.prepared.lastParagraphStart
            let spans = earlier.spans
            from = paragraph
            made.linesBefore = spans.linesBefore
            made.widestBefore = spans.widestBefore
            made.spans.width = spans.widestBefore
            made.paragraphLines.reserveCapacity(spans.paragraphLines.count + 4)
            var keptCount = spans.linesBefore
            if let restart = earlier.prepared.restartUnit(from: paragraph) {
                for line in spans.paragraphLines {
                    guard Int(line.decidedBy) < restart else {
                        from = Int(line.start)
                        break
                    }
                    let lineWidth = Int(spans.spans.lines[keptCount].width)
                    made.spans.width = max(made.spans.width, lineWidth)
                    if Int(line.start) < last {
                        made.linesBefore += 1
                        made.widestBefore = max(made.widestBefore, lineWidth)
                    } else {
                        made.paragraphLines.append(line)
                    }
                    keptCount += 1
                }
            }
            kept = spans.spans.lines[..<keptCount]
        }
        var lines: [LineSpans.Line] = []
        lines.reserveCapacity(kept.count + (count - from) / max(1, width) + 1)
        lines.append(contentsOf: kept)
        withUnits(from: from) { units in
            Self.forEachLine(units, width: width) { span, visibleEnd, lineWidth, _, decidedBy in
                made.spans.width = max(made.spans.width, lineWidth)
                // A line starts before the last paragraph: it ends before it too (a hard break
                // ends every line).
                if from + span.lowerBound < last {
                    made.linesBefore += 1
                    made.widestBefore = max(made.widestBefore, lineWidth)
                } else {
                    made.paragraphLines.append(GrownLineSpans.ParagraphLine(start: Int32(truncatingIfNeeded: from + span.lowerBound),
                                                                            decidedBy: Int32(truncatingIfNeeded: from + decidedBy)))
                }
                lines.append(LineSpans.Line(start: units[span.lowerBound].start, visibleEnd: units[visibleEnd].start,
                                            end: units[span.upperBound].start, width: Int32(truncatingIfNeeded: lineWidth)))
            }
        }
        made.spans.lines = lines
        return made
    }

    /// Greedy wrapping over the units' widths and flags, `body` called for each line in order
    /// with its units (hanging spaces included, its hard break not), the end of its drawn units
    /// (before the hanging spaces), its width, and whether a hard break or the text's end ends
    /// it (its paragraph's last line).
    ///
    /// Lines break at opportunities; a unit that does not fit a line that already holds one
    /// breaks the line at the last opportunity, or right before itself, and the units after
    /// the break are laid out again; spaces at a line's end hang; no line is wider than the
    /// width but one of a single unit wider than the whole width.
    @inline(__always)
    static func forEachLine(_ units: UnsafeBufferPointer<Unit>, width: Int,
                            _ body: (_ span: Range<Int>, _ visibleEnd: Int, _ width: Int, _ endsParagraph: Bool) -> Void) {
        forEachLine(units, width: width) { span, visibleEnd, width, endsParagraph, _ in body(span, visibleEnd, width, endsParagraph) }
    }

    /// The same, `body` also given the unit whose reading ended the line (`decidedBy`): its
    /// hard break, the unit that did not fit on it, or the end (`units.count - 1`). Where the
    /// line ends was decided by its units up to that one and no further: a text whose units
    /// are the same up to it has the same line there.
    @inline(__always)
    static func forEachLine(_ units: UnsafeBufferPointer<Unit>, width: Int,
                            _ body: (_ span: Range<Int>, _ visibleEnd: Int, _ width: Int, _ endsParagraph: Bool,
                                     _ decidedBy: Int) -> Void) {
        let count = units.count - 1
        let limit = max(1, width)
        var lineStart = 0
        var visibleWidth = 0       // width through the last unit that is not a hanging space
        var visibleEnd = 0         // the unit after it
        var pendingWidth = 0       // width of the hanging spaces after it
        // The last opportunity in the line: where it is, and the visible width and end before it.
        var opportunity = -1, opportunityWidth = 0, opportunityVisibleEnd = 0
        var index = 0
        while index < count {
            let unit = units[index]
            if unit.flags & Unit.hardBreak != 0 {
                body(lineStart ..< index, visibleEnd, visibleWidth, true, index)
                index += 1
                lineStart = index
                visibleWidth = 0; visibleEnd = index; pendingWidth = 0; opportunity = -1
                continue
            }
            if index > lineStart && unit.flags & Unit.breakBefore != 0 {
                opportunity = index; opportunityWidth = visibleWidth; opportunityVisibleEnd = visibleEnd
            }
            let unitWidth = Int(unit.width)
            if unit.flags & Unit.hangingSpace != 0 {
                pendingWidth += unitWidth
                index += 1
                continue
            }
            let newWidth = visibleWidth + pendingWidth + unitWidth
            if newWidth > limit && index > lineStart {
                if opportunity >= 0 {
                    body(lineStart ..< opportunity, opportunityVisibleEnd, opportunityWidth, false, index)
                    index = opportunity
                } else {
                    body(lineStart ..< index, visibleEnd, visibleWidth, false, index)
                }
                lineStart = index
                visibleWidth = 0; visibleEnd = index; pendingWidth = 0; opportunity = -1
                continue
            }
            visibleWidth = newWidth
            pendingWidth = 0
            index += 1
            // The rest of a word: units with no flag (no opportunity before them, no space, no
            // break) that fit add their widths, and nothing else changes.
            while index < count {
                let next = units[index]
                guard next.flags == 0 else { break }
                let widened = visibleWidth + Int(next.width)
                guard widened <= limit else { break }
                visibleWidth = widened
                index += 1
            }
            visibleEnd = index
        }
        body(lineStart ..< count, visibleEnd, visibleWidth, true, count)
    }
}

/// A growing text's lines as spans of its bytes (``PreparedText/grownLineSpans(width:reusing:)``):
/// how many come before its last paragraph, and the widest of those, are what the text grown
/// from it keeps; of its last paragraph's lines, those ended by units before where the grown
/// text is measured afresh (`paragraphLines`) too.
struct GrownLineSpans {
    var spans: LineSpans
    var linesBefore: Int
    var widestBefore: Int
    /// The last paragraph's lines (the lines from `linesBefore` on), in order: the unit each
    /// starts at, and the unit whose reading ended it (``PreparedText/forEachLine(_:width:_:)``'s
    /// `decidedBy`).
    var paragraphLines: [ParagraphLine] = []

    struct ParagraphLine {
        var start: Int32
        var decidedBy: Int32
    }
}

/// A text's prepared form and its lines at the last few widths it was wrapped at (the
/// engine's cache keeps one a text; its growing texts one each).
struct PreparedWraps {
    static let widthsKept = 4
    let prepared: PreparedText
    /// The width most texts are only ever wrapped at, kept inline (no array to allocate).
    var first: (width: Int, wrapped: WrappedText)?
    /// The later ones, oldest first.
    var more: [(width: Int, wrapped: WrappedText)] = []

    init(prepared: PreparedText, width: Int? = nil, wrapped: WrappedText? = nil) {
        self.prepared = prepared
        if let width, let wrapped { first = (width, wrapped) }
    }

    /// The prepared form, and the lines at `width` if kept. Mutating only to be reached in
    /// place through a dictionary's values (their `_modify`, not their getter's copy); it
    /// changes nothing.
    @inline(__always)
    mutating func lookUp(width: Int?) -> (prepared: PreparedText, wrapped: WrappedText?) {
        (prepared, width.flatMap { wrapped(at: $0) })
    }

    func wrapped(at width: Int) -> WrappedText? {
        if let first, first.width == width { return first.wrapped }
        for wrap in more where wrap.width == width { return wrap.wrapped }
        return nil
    }

    /// Keeps `wrapped` as the lines at `width`, the oldest other width let go past four.
    mutating func remember(_ wrapped: WrappedText, at width: Int) {
        guard self.wrapped(at: width) == nil else { return }
        guard first != nil else {
            first = (width, wrapped)
            return
        }
        if more.count >= Self.widthsKept - 1 { more.removeFirst() }
        more.append((width, wrapped))
    }
}
