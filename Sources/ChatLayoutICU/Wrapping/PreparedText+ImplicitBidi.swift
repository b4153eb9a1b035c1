import ChatLayoutICUShim
import ChatLayoutKit

extension PreparedText {
    /// The general form's lines, each paragraph's put in display order with levels from
    /// `ImplicitBidi` rather than ICU — the same lines as ``wrapInGeneral(width:_:)`` — or nil
    /// when the text holds a bidi control or a paragraph to reorder that the implicit rules do
    /// not take (controls, brackets nested too deep): then ``wrapInGeneral(width:_:)`` makes
    /// them.
    ///
    /// The text's code points are decoded once into scratch memory (their UTF-8 offsets and
    /// properties: no analysed text is made, kept or needed), each paragraph's levels resolved
    /// there, and each line's display string written at once from its clusters in display
    /// order (no arrays of clusters, levels or bytes a line).
    func wrapWithImplicitBidi(width: Int) -> WrappedText? {
        let whole = text
        if let wrapped = whole.utf8.withContiguousStorageIfAvailable({ wrapWithImplicitBidi(width: width, $0) }) { return wrapped }
        var copy = whole
        return copy.withUTF8 { wrapWithImplicitBidi(width: width, $0) }
    }

    private func wrapWithImplicitBidi(width: Int, _ bytes: UnsafeBufferPointer<UInt8>) -> WrappedText? {
        let direction = self.direction
        return withUnits { units -> WrappedText? in
            let count = units.count - 1
            let codePoints = Int(units[count].start)
            // Scratch: each code point's UTF-8 offset (and the end's), properties, place in the
            // resolved sequence, level and type; each cluster's place in display order and level.
            let words = 3 * codePoints + 1 + count
            let byteCount = 4 * words + 2 * codePoints + count
            return withUnsafeTemporaryAllocation(byteCount: max(1, byteCount), alignment: 4) { scratch -> WrappedText? in
                let base = scratch.baseAddress!
                let offsets = base.bindMemory(to: Int32.self, capacity: codePoints + 1)
                let properties = (base + 4 * (codePoints + 1)).bindMemory(to: CharacterProperties.self, capacity: codePoints)
                let positions = (base + 4 * (2 * codePoints + 1)).bindMemory(to: Int32.self, capacity: codePoints)
                let order = (base + 4 * (3 * codePoints + 1)).bindMemory(to: Int32.self, capacity: count)
                let levels = (base + 4 * words).bindMemory(to: UInt8.self, capacity: 2 * codePoints + count)
                let types = levels + codePoints
                let clusterLevels = types + codePoints
                guard let staysRightToLeft = Self.decode(bytes, codePoints: codePoints, direction: direction, offsets: offsets,
                                                         properties: properties) else { return nil }

                @inline(__always) func slice(_ lower: Int, _ upper: Int) -> String {
                    guard lower < upper else { return "" }
                    return String(decoding: UnsafeBufferPointer(rebasing: bytes[Int(offsets[lower]) ..< Int(offsets[upper])]), as: UTF8.self)
                }
                let paragraphLevel: UInt8 = direction == .rightToLeft ? 1 : 0
                var lines: [TextLine] = []
                lines.reserveCapacity(count / max(1, width) + 1)
                // The paragraph's lines so far: their units (hanging spaces included), the end of
                // their drawn units, their widths.
                var paragraph: [(start: Int, visibleEnd: Int, end: Int, width: Int)] = []
                var failed = false
                Self.forEachLine(units, width: width) { span, visibleEnd, lineWidth, endsParagraph in
                    guard !failed else { return }
                    paragraph.append((span.lowerBound, visibleEnd, span.upperBound, lineWidth))
                    guard endsParagraph else { return }
                    let first = Int(units[paragraph[0].start].start), last = Int(units[span.upperBound].start)
                    var reorders = direction == .rightToLeft
                    if !reorders {
                        for index in first ..< last where properties[index].needsBidi {
                            reorders = true
                            break
                        }
                    }
                    // A right-to-left text that is right to left throughout (most right-to-left
                    // chat text: letters, spaces, punctuation; no left-to-right letter, no digit):
                    // every level is 1, and each line is its clusters in reverse, with no levels
                    // resolved.
                    var reversed = false
                    if reorders && last > first {
                        if staysRightToLeft {
                            reversed = true
                        } else if !ImplicitBidi.resolve(properties + first, count: last - first, paragraphLevel: paragraphLevel,
                                                        scalar: { SimpleTextWrapper.decode(bytes, at: Int(offsets[first + $0])).0 },
                                                        levels: levels + first, types: types + first, positions: positions + first) {
                            failed = true
                            return
                        }
                    } else {
                        reorders = false
                    }
                    for line in paragraph {
                        let drawnStart = Int(units[line.start].start), drawnEnd = Int(units[line.visibleEnd].start)
                        let spanEnd = Int(units[line.end].start)
                        var display: String?
                        if reversed && line.visibleEnd > line.start {
                            // Every cluster at level 1: in reverse.
                            let clusters = line.visibleEnd - line.start
                            for index in 0 ..< clusters {
                                clusterLevels[index] = 1
                                order[index] = Int32(truncatingIfNeeded: clusters - 1 - index)
                            }
                            display = Self.displayString(units, line.start ..< line.visibleEnd, clusterLevels: clusterLevels, inOrder: order,
                                                         bytes, offsets, properties)
                        } else if reorders && line.visibleEnd > line.start {
                            // L1: the whitespace at the line's end takes the paragraph's level.
                            var index = spanEnd - 1
                            while index >= drawnStart && ImplicitBidi.isTrailingWhitespace(ImplicitBidi.bidiClass(properties[index])) {
                                levels[index] = paragraphLevel
                                index -= 1
                            }
                            var inOrder = true
                            for unit in line.start ..< line.visibleEnd {
                                let level = levels[Int(units[unit].start)]
                                clusterLevels[unit - line.start] = level
                                if level != 0 { inOrder = false }
                            }
                            if !inOrder {
                                display = Self.displayString(units, line.start ..< line.visibleEnd, clusterLevels: clusterLevels, order: order,
                                                             bytes, offsets, properties)
                            }
                        }
                        guard let display else {
                            // Drawn as written: the line's text is the same unless spaces hang.
                            let drawn = slice(drawnStart, drawnEnd)
                            lines.append(TextLine(text: drawnEnd == spanEnd ? drawn : slice(drawnStart, spanEnd), display: drawn, width: line.width))
                            continue
                        }
                        var drawn = display
                        let same = drawn.withUTF8 { drawn in
                            let lower = Int(offsets[drawnStart]), upper = Int(offsets[spanEnd])
                            return drawn.count == upper - lower && clk_bytes_equal(drawn.baseAddress, bytes.baseAddress! + lower, drawn.count) != 0
                        }
                        lines.append(TextLine(text: same ? display : slice(drawnStart, spanEnd), display: display, width: line.width))
                    }
                    paragraph.removeAll(keepingCapacity: true)
                }
                return failed ? nil : WrappedText(lines: lines, direction: direction)
            }
        }
    }

    /// Writes each code point's UTF-8 offset (and the end's) and properties; returns whether
    /// the text is right to left (`direction`) and every code point but line feeds and
    /// carriage returns stays right to left (`ImplicitBidi.staysRightToLeft`). Nil when there
    /// are not `codePoints` of them, or one is a bidi control (dropped when drawn: the general
    /// path draws those).
    private static func decode(_ bytes: UnsafeBufferPointer<UInt8>, codePoints: Int, direction: TextDirection,
                               offsets: UnsafeMutablePointer<Int32>, properties: UnsafeMutablePointer<CharacterProperties>) -> Bool? {
        let table = CharacterPropertyTable.shared
        return table.stage1.withUnsafeBufferPointer { stage1 in
            table.stage2.withUnsafeBufferPointer { stage2 -> Bool? in
                var index = 0, codePoint = 0
                // Looked for in right-to-left text alone: only its paragraphs are at level 1.
                var staysRightToLeft = direction == .rightToLeft
                while index < bytes.count {
                    guard codePoint < codePoints else { return nil }
                    let (value, length) = SimpleTextWrapper.decode(bytes, at: index)
                    let block = Int(stage1[Int(value) >> CharacterPropertyTable.blockShift])
                    let found = CharacterProperties(rawValue: stage2[block << CharacterPropertyTable.blockShift | Int(value) & CharacterPropertyTable.blockMask])
                    if found.isBidiControl { return nil }
                    // A hard break between paragraphs is in none of them.
                    if staysRightToLeft && !ImplicitBidi.staysRightToLeft(found) && value != 0x0A && value != 0x0D { staysRightToLeft = false }
                    offsets[codePoint] = Int32(truncatingIfNeeded: index)
                    properties[codePoint] = found
                    index += length
                    codePoint += 1
                }
                offsets[codePoint] = Int32(truncatingIfNeeded: bytes.count)
                return codePoint == codePoints ? staysRightToLeft : nil
            }
        }
    }

    /// The clusters `drawn` (units) in display order as one string: their levels in
    /// `clusterLevels` (from index 0), reordered by L2 (into `order`), the mirrored
    /// characters of right-to-left clusters mirrored; a ZERO WIDTH SPACE between two clusters
    /// that the reordering brought together and that would otherwise run into one, as
    /// `BidiReorderer.joined` has it.
    private static func displayString(_ units: UnsafeBufferPointer<Unit>, _ drawn: Range<Int>, clusterLevels: UnsafePointer<UInt8>,
                                      order: UnsafeMutablePointer<Int32>, _ bytes: UnsafeBufferPointer<UInt8>,
                                      _ offsets: UnsafePointer<Int32>, _ properties: UnsafePointer<CharacterProperties>) -> String {
        ImplicitBidi.reorder(clusterLevels, count: drawn.count, into: order)
        return displayString(units, drawn, clusterLevels: clusterLevels, inOrder: order, bytes, offsets, properties)
    }

    /// The clusters `drawn` (units) as one string in the display order `order` says (each
    /// place's cluster, from 0), their levels in `clusterLevels`, as
    /// `displayString(_:_:clusterLevels:order:_:_:_:)` has them.
    private static func displayString(_ units: UnsafeBufferPointer<Unit>, _ drawn: Range<Int>, clusterLevels: UnsafePointer<UInt8>,
                                      inOrder order: UnsafePointer<Int32>, _ bytes: UnsafeBufferPointer<UInt8>,
                                      _ offsets: UnsafePointer<Int32>, _ properties: UnsafePointer<CharacterProperties>) -> String {
        let clusters = drawn.count
        let lower = Int(offsets[Int(units[drawn.lowerBound].start)]), upper = Int(offsets[Int(units[drawn.upperBound].start)])
        // A mirrored code point is at most twice as long as its mirror (ASCII mirrors ASCII);
        // a ZERO WIDTH SPACE is three bytes.
        return String(unsafeUninitializedCapacity: 2 * (upper - lower) + 3 * clusters) { out in
            let target = out.baseAddress!
            var written = 0
            // The last piece written: its bytes, its last code point, the end of its cluster.
            var previous: (bytes: Range<Int>, last: Int, end: Int)?
            for visual in 0 ..< clusters {
                let logical = Int(order[visual])
                let unit = drawn.lowerBound + logical
                let first = Int(units[unit].start), end = Int(units[unit + 1].start)
                let start = written
                var mirrors = false
                if clusterLevels[logical] & 1 == 1 {
                    for index in first ..< end where properties[index].isBidiMirrored {
                        mirrors = true
                        break
                    }
                }
                if mirrors {
                    for index in first ..< end {
                        var value = SimpleTextWrapper.decode(bytes, at: Int(offsets[index])).0
                        if properties[index].isBidiMirrored { value = mirror(value) }
                        written += encode(value, into: target + written)
                    }
                } else {
                    // A cluster is a few bytes: copied here, not by a call to `memcpy`.
                    let from = Int(offsets[first]), to = Int(offsets[end])
                    let source = bytes.baseAddress! + from
                    if to - from == 2 {
                        // Most of a right-to-left line: a letter of two bytes, moved as one word.
                        UnsafeMutableRawPointer(target + written).storeBytes(of: UnsafeRawPointer(source).loadUnaligned(as: UInt16.self),
                                                                            as: UInt16.self)
                    } else {
                        for index in 0 ..< to - from { target[written + index] = source[index] }
                    }
                    written += to - from
                }
                var piece = start ..< written
                if let previous, previous.end != first,
                   !GraphemeBreaker.alwaysBreaks(after: properties[previous.last], before: properties[first]),
                   !BidiReorderer.isBoundary(between: UnsafeBufferPointer(rebasing: out[previous.bytes]),
                                             and: UnsafeBufferPointer(rebasing: out[piece])) {
                    // U+200B ZERO WIDTH SPACE before the piece: the piece moved up three bytes.
                    var index = written - 1
                    while index >= start {
                        target[index + 3] = target[index]
                        index -= 1
                    }
                    target[start] = 0xE2
                    target[start + 1] = 0x80
                    target[start + 2] = 0x8B
                    written += 3
                    piece = start + 3 ..< written
                }
                previous = (piece, end - 1, end)
            }
            return written
        }
    }

    /// The mirrored counterpart of a code point (itself when it has none): ASCII's here.
    @inline(__always)
    private static func mirror(_ value: UInt32) -> UInt32 {
        switch value {
        case 0x28: 0x29
        case 0x29: 0x28
        case 0x3C: 0x3E
        case 0x3E: 0x3C
        case 0x5B: 0x5D
        case 0x5D: 0x5B
        case 0x7B: 0x7D
        case 0x7D: 0x7B
        case ..<0x80: value
        default: UInt32(bitPattern: clk_icu_mirror(Int32(bitPattern: value)))
        }
    }

    /// Writes the UTF-8 of a scalar value at `target`; its length.
    @inline(__always)
    private static func encode(_ value: UInt32, into target: UnsafeMutablePointer<UInt8>) -> Int {
        if value < 0x80 {
            target[0] = UInt8(truncatingIfNeeded: value)
            return 1
        }
        if value < 0x800 {
            target[0] = UInt8(truncatingIfNeeded: 0xC0 | value >> 6)
            target[1] = UInt8(truncatingIfNeeded: 0x80 | value & 0x3F)
            return 2
        }
        if value < 0x1_0000 {
            target[0] = UInt8(truncatingIfNeeded: 0xE0 | value >> 12)
            target[1] = UInt8(truncatingIfNeeded: 0x80 | (value >> 6) & 0x3F)
            target[2] = UInt8(truncatingIfNeeded: 0x80 | value & 0x3F)
            return 3
        }
        target[0] = UInt8(truncatingIfNeeded: 0xF0 | value >> 18)
        target[1] = UInt8(truncatingIfNeeded: 0x80 | (value >> 12) & 0x3F)
        target[2] = UInt8(truncatingIfNeeded: 0x80 | (value >> 6) & 0x3F)
        target[3] = UInt8(truncatingIfNeeded: 0x80 | value & 0x3F)
        return 4
    }
}
