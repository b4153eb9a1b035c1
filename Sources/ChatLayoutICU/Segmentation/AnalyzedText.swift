/// A text split into code points with their properties: the common input of segmentation,
/// width and wrapping. Indices are code-point offsets.
struct AnalyzedText {
    let properties: [CharacterProperties]
    /// The text, whose UTF-8 bytes (`withUTF8`) pieces are sliced out of, and where each code
    /// point starts in them (plus the end): pieces are not rebuilt scalar by scalar, and the
    /// bytes are not copied.
    let text: String
    let utf8Offsets: [Int32]

    init(_ text: String, table: CharacterPropertyTable = .shared) {
        var text = text
        // A native string's own bytes (a small string's, copied to the stack): read through
        // while the arrays are filled, not kept.
        let (properties, offsets) = text.withUTF8 { bytes in Self.analyze(bytes, table) }
        self.text = text
        self.properties = properties
        self.utf8Offsets = offsets
    }

    private static func analyze(_ bytes: UnsafeBufferPointer<UInt8>, _ table: CharacterPropertyTable)
        -> ([CharacterProperties], [Int32]) {
        // At most a code point a byte: each array allocated once at that size, written
        // through its buffer (no append's capacity check and growth a code point), the code
        // points decoded from the bytes and looked up through the table's buffers; the code
        // points themselves are decoded again where asked (`scalar(_:)`), not kept.
        var count = 0
        var offsets: [Int32] = []
        let properties = [CharacterProperties](unsafeUninitializedCapacity: bytes.count) { propertyBuffer, propertyCount in
            offsets = [Int32](unsafeUninitializedCapacity: bytes.count + 1) { offsetBuffer, offsetCount in
                do {
                    table.stage1.withUnsafeBufferPointer { stage1 in
                        table.stage2.withUnsafeBufferPointer { stage2 in
                            var index = 0
                            while index < bytes.count {
                                let (value, length) = SimpleTextWrapper.decode(bytes, at: index)
                                let block = Int(stage1[Int(value) >> CharacterPropertyTable.blockShift])
                                let raw = stage2[block << CharacterPropertyTable.blockShift | Int(value) & CharacterPropertyTable.blockMask]
                                propertyBuffer.initializeElement(at: count, to: CharacterProperties(rawValue: raw))
                                offsetBuffer.initializeElement(at: count, to: Int32(truncatingIfNeeded: index))
                                index += length
                                count += 1
                            }
                            offsetBuffer.initializeElement(at: count, to: Int32(truncatingIfNeeded: bytes.count))
                        }
                    }
                }
                offsetCount = count + 1
            }
            propertyCount = count
        }
        return (properties, offsets)
    }

    var count: Int { properties.count }

    /// Calls `body` with the text's UTF-8 bytes.
    @inline(__always)
    func withUTF8<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        var text = text
        return text.withUTF8(body)
    }

    /// The code point at `index`, decoded from the bytes (no array of them is kept: most
    /// texts never ask).
    @inline(__always)
    func scalar(_ index: Int) -> Unicode.Scalar {
        withUTF8 { bytes in
            // Valid UTF-8 (a Swift string's) decodes to scalar values only.
            unsafeBitCast(SimpleTextWrapper.decode(bytes, at: Int(utf8Offsets[index])).0, to: Unicode.Scalar.self)
        }
    }

    /// The code points in `range` as a string.
    func string(_ range: Range<Int>) -> String {
        guard !range.isEmpty else { return "" }
        return withUTF8 { String(decoding: UnsafeBufferPointer(rebasing: $0[Int(utf8Offsets[range.lowerBound]) ..< Int(utf8Offsets[range.upperBound])]), as: UTF8.self) }
    }

    /// UTF-16 code units of the code points in `range`, for ICU.
    func utf16(_ range: Range<Int>) -> [UInt16] {
        // Encoded here, a unit or a surrogate pair each (as `UTF16.encode`, whose generic
        // `append(contentsOf:)` cost more than the encoding), from the bytes read once (not a
        // `scalar(_:)`, and its look at the bytes, for each code point).
        withUTF8 { bytes in
            [UInt16](unsafeUninitializedCapacity: 2 * range.count) { units, count in
                var written = 0
                for index in range {
                    let value = SimpleTextWrapper.decode(bytes, at: Int(utf8Offsets[index])).0
                    if value < 0x1_0000 {
                        units[written] = UInt16(truncatingIfNeeded: value)
                        written += 1
                    } else {
                        let offset = value - 0x1_0000
                        units[written] = UInt16(truncatingIfNeeded: 0xD800 + (offset >> 10))
                        units[written + 1] = UInt16(truncatingIfNeeded: 0xDC00 + (offset & 0x3FF))
                        written += 2
                    }
                }
                count = written
            }
        }
    }
}
