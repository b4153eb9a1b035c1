import ChatLayoutKit

/// The fast path of measurement for the texts most chat messages are: every code point its
/// own grapheme cluster, left to right, no dictionary breaking.
///
/// A text qualifies when each code point has Grapheme_Cluster_Break Other, LF, LV or LVT (no
/// marks, joiners, variation selectors, regional indicators, Hangul jamo, controls but the
/// line feed), is not a right-to-left, Arabic-number or bidi-control character and is not of
/// line-break class SA. Then the clusters are the code points (GB999; LV and LVT join only
/// jamo, which are excluded), each as wide as its width class, the base direction is left to
/// right and every line is drawn as it is written.
///
/// The results are exactly those of the general path (`AnalyzedText`, `GraphemeBreaker`,
/// `LineBreaker`, `LineWrapper`, `BidiReorderer`), which a test checks over the corpus and
/// generated texts; what it saves is their per-text arrays and passes: the code points are
/// decoded once into scratch memory on the stack, the break rules run over it, and each line
/// is sliced from the text's UTF-8 bytes.
enum SimpleTextWrapper {
    /// Grapheme_Cluster_Break values that make a code point its own cluster here.
    private static let simpleGraphemeBreaks: UInt32 =
        1 << GraphemeBreakProperty.other.rawValue | 1 << GraphemeBreakProperty.lf.rawValue
        | 1 << GraphemeBreakProperty.lv.rawValue | 1 << GraphemeBreakProperty.lvt.rawValue
    private static let bidiBits = CharacterProperties.needsBidiBit | CharacterProperties.bidiControlBit

    @inline(__always)
    private static func isSimple(_ properties: CharacterProperties) -> Bool {
        let graphemeBreak = (properties.rawValue >> CharacterProperties.graphemeShift) & 0x1F
        return (simpleGraphemeBreaks >> graphemeBreak) & 1 == 1
            && properties.rawValue & bidiBits == 0
            && properties.lineBreak != .SA
    }

    /// `text` wrapped to `width` cells, or nil when it needs the general path.
    static func wrap(_ text: String, width: Int, policy: CellWidthPolicy, table: CharacterPropertyTable = .shared) -> WrappedText? {
        prepare(text, policy: policy, table: table)?.wrap(width: width)
    }

    /// `text` prepared for wrapping (its code points' widths and break opportunities), or nil
    /// when it needs the general path.
    static func prepare(_ text: String, policy: CellWidthPolicy, table: CharacterPropertyTable = .shared) -> PreparedText? {
        var bytes = text
        return bytes.withUTF8 { bytes in
            withDecoded(bytes, table) { decoded in
                decoded.map { decoded in
                    PreparedText.make(text: text, count: decoded.count, direction: .leftToRight, analyzed: nil) {
                        writeUnits(decoded, byteCount: bytes.count, policy: policy, into: $0)
                    }
                }
            }
        }
    }

    /// The code points of `text` with their widths when each is a grapheme cluster of its own
    /// (Grapheme_Cluster_Break Other, LF, LV or LVT: no marks, joiners, controls but the line
    /// feed); nil otherwise. Bidi and line breaking play no part: this is for drawing lines
    /// already in display order.
    static func singleScalarClusters(_ text: String, policy: CellWidthPolicy,
                                     table: CharacterPropertyTable = .shared) -> [(scalar: Unicode.Scalar, width: Int)]? {
        var clusters: [(scalar: Unicode.Scalar, width: Int)] = []
        clusters.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            let properties = table[scalar]
            let graphemeBreak = (properties.rawValue >> CharacterProperties.graphemeShift) & 0x1F
            guard (simpleGraphemeBreaks >> graphemeBreak) & 1 == 1 else { return nil }
            clusters.append((scalar, CellWidth.scalarWidth(properties, policy)))
        }
        return clusters
    }

    /// The width of `text` on one line, or nil when it needs the general path.
    static func width(of text: String, policy: CellWidthPolicy, table: CharacterPropertyTable = .shared) -> Int? {
        var text = text
        return text.withUTF8 { bytes in
            var total = 0
            var index = 0
            while index < bytes.count {
                let (value, length) = decode(bytes, at: index)
                let properties = table[codePoint: value]
                guard isSimple(properties) else { return nil }
                total += CellWidth.scalarWidth(properties, policy)
                index += length
            }
            return total
        }
    }

    /// The code points of a valid UTF-8 text: where each starts, and its properties.
    ///
    /// Each buffer is exactly as long as the text (`offsets` one longer), never the whole
    /// scratch allocation: the break rules look ahead up to the end of `classes` (LB25), and
    /// scratch beyond the text holds whatever earlier work left there.
    struct Decoded {
        var offsets: UnsafeMutableBufferPointer<Int32>          // count + 1
        var properties: UnsafeMutableBufferPointer<CharacterProperties>
        var classes: UnsafeMutableBufferPointer<LineBreakClass>

        /// The number of code points.
        var count: Int { properties.count }
    }

    /// Decodes `bytes` into scratch memory and calls `body` with it, or with nil when a code
    /// point is not simple.
    private static func withDecoded<Result>(
        _ bytes: UnsafeBufferPointer<UInt8>, _ table: CharacterPropertyTable, _ body: (Decoded?) -> Result
    ) -> Result {
        let capacity = bytes.count + 1
        return withUnsafeTemporaryAllocation(of: Int32.self, capacity: capacity) { offsets in
            withUnsafeTemporaryAllocation(of: CharacterProperties.self, capacity: capacity) { properties in
                withUnsafeTemporaryAllocation(of: LineBreakClass.self, capacity: capacity) { classes in
                    var count = 0
                    var index = 0
                    while index < bytes.count {
                        let (value, length) = decode(bytes, at: index)
                        let scalarProperties = table[codePoint: value]
                        guard isSimple(scalarProperties) else { return body(nil) }
                        offsets.initializeElement(at: count, to: Int32(index))
                        properties.initializeElement(at: count, to: scalarProperties)
                        classes.initializeElement(at: count, to: LineBreaker.resolve(scalarProperties))
                        count += 1
                        index += length
                    }
                    offsets.initializeElement(at: count, to: Int32(bytes.count))
                    return body(Decoded(offsets: UnsafeMutableBufferPointer(rebasing: offsets[...count]),
                                        properties: UnsafeMutableBufferPointer(rebasing: properties[..<count]),
                                        classes: UnsafeMutableBufferPointer(rebasing: classes[..<count])))
                }
            }
        }
    }

    /// The code point at `index` of valid UTF-8 (Swift strings are) and its length in bytes.
    @inline(__always)
    private static func decode(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> (UInt32, Int) {
        let lead = UInt32(bytes[index])
        if lead < 0x80 { return (lead, 1) }
        if lead < 0xE0 {
            return ((lead & 0x1F) << 6 | UInt32(bytes[index + 1] & 0x3F), 2)
        }
        if lead < 0xF0 {
            return ((lead & 0x0F) << 12 | UInt32(bytes[index + 1] & 0x3F) << 6 | UInt32(bytes[index + 2] & 0x3F), 3)
        }
        return ((lead & 0x07) << 18 | UInt32(bytes[index + 1] & 0x3F) << 12
                | UInt32(bytes[index + 2] & 0x3F) << 6 | UInt32(bytes[index + 3] & 0x3F), 4)
    }

    /// The code points as units of a prepared text: each one's UTF-8 offset, width, and
    /// whether a line may break before it (UAX #14 over the code points, as the general path's
    /// `LineBreaker.actions`), is a line feed or a space; then the end.
    private static func writeUnits(_ text: Decoded, byteCount: Int, policy: CellWidthPolicy,
                                   into units: UnsafeMutablePointer<PreparedText.Unit>) {
        let count = text.count
        let classes = UnsafeBufferPointer(text.classes)
        let properties = UnsafeBufferPointer(text.properties)
        let offsets = text.offsets
        var state = LineBreaker.State()
        if count > 0 { state.start(classes[0], properties[0]) }
        for index in 0 ..< count {
            let cls = classes[index]
            var flags: UInt8 = 0
            if index > 0 && state.decide(at: index, classes, properties) != .prohibited { flags |= PreparedText.Unit.breakBefore }
            var width = CellWidth.scalarWidth(properties[index], policy)
            if cls == .LF {
                flags |= PreparedText.Unit.hardBreak
                width = 0
            } else if cls == .SP {
                flags |= PreparedText.Unit.hangingSpace
            }
            (units + index).initialize(to: PreparedText.Unit(start: offsets[index], width: Int16(width), flags: flags))
        }
        (units + count).initialize(to: PreparedText.Unit(start: Int32(byteCount), width: 0, flags: 0))
    }
}
