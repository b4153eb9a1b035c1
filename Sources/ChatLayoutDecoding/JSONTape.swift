import ChatLayoutKit
@_spi(ChatLayoutStages) import ChatLayoutModel

/// Where the values of one JSON value's subtree are in the document: one entry a value (and
/// one a key), in document order, 32 bytes each, pointing into the document's bytes. Nothing is
/// decoded: a string is read when it is asked for.
///
/// A long array is **elided**: once its entries pass ``elisionThreshold`` they are dropped and
/// the array keeps only its place in the bytes; its elements are taped one at a time, each into
/// the same reused tape (``elementTape(of:)``), when it is walked. So a tape holds a bounded
/// part of the document, however long its lists: the streaming decoder's memory is the
/// document's bytes, the model it builds, and a few tapes.
final class JSONTape {
    /// An array whose subtree passes this many entries is elided.
    static let elisionThreshold = 4096

    /// The entries and the rest of what readers use, at an address that does not move.
    let state: UnsafeMutablePointer<TapeState>
    /// Where this tape's values are, when they are elements of an array: nil for a document's
    /// top-level tape.
    private(set) var origin: Origin?
    /// Where the tape's values start, when it holds several elements of an array one after the
    /// other (a streamed array's); empty for one value, at entry 0.
    private(set) var roots: [Int32] = []
    /// A streamed array's: the index of the tape's first element in the array.
    var firstElement = 0
    /// The tapes elements of this tape's elided arrays are read into, by the array's entry.
    private var elementTapes: [(array: Int, tape: JSONTape)] = []

    /// Where a tape's values are in the document.
    enum Origin {
        /// Element `element` of the elided array at entry `array` of `tape` (which owns this one).
        case elided(tape: Unmanaged<JSONTape>, array: Int, element: Int)
        /// Elements ``firstElement``, `firstElement + 1`, … (one a root) of the array at `path`.
        case streamed(path: [JSONPath.Step])
    }

    /// An empty tape over `bytes`, a whole document.
    init(bytes: UnsafeBufferPointer<UInt8>) {
        state = .allocate(capacity: 1)
        state.initialize(to: TapeState(bytes: bytes))
        state.pointee.tape = self
    }

    deinit {
        state.pointee.deallocate()
        state.deinitialize(count: 1)
        state.deallocate()
    }

    var bytes: UnsafeBufferPointer<UInt8> { state.pointee.bytes }

    /// Places this tape's values in the document; they start afresh.
    func setOrigin(_ origin: Origin?) {
        self.origin = origin
        roots.removeAll(keepingCapacity: true)
    }

    /// Records that the next element (of a streamed array) starts at `entry`.
    func addRoot(_ entry: Int) {
        roots.append(Int32(entry))
    }

    /// Tapes the value at `offset` (in a validated document), for `origin`; returns where the
    /// value ends.
    func fill(from offset: Int, origin: Origin?) -> Int {
        setOrigin(origin)
        var builder = JSONTapeBuilder(tape: self)
        let end = JSONWalker.walkValidatedValue(bytes, at: offset, handler: &builder)
        builder.finish()
        return end
    }

    /// The reused tape that elements of the elided array at `entry` are read into.
    func elementTape(of entry: Int) -> JSONTape {
        if let found = elementTapes.first(where: { $0.array == entry }) { return found.tape }
        let tape = JSONTape(bytes: bytes)
        elementTapes.append((entry, tape))
        return tape
    }

    /// The most entries this tape, and each tape of its elided arrays' elements, has held.
    var capacities: [Int] {
        [state.pointee.capacity] + elementTapes.flatMap(\.tape.capacities)
    }

    /// The key at `index`, decoded.
    func key(at index: Int) -> String {
        let entry = state.pointee.entries[index]
        return JSONString.value(bytes, Int(entry.start) ..< Int(entry.end), hasEscapes: entry.kind == .escapedKey)
    }

    /// The steps from the document's top to the value at `index`.
    func steps(to index: Int) -> [JSONPath.Step] {
        var steps: [JSONPath.Step] = []
        var root = 0
        switch origin {
        case nil:
            break
        case .elided(let tape, let array, let element)?:
            steps = tape.takeUnretainedValue().steps(to: array)
            steps.append(.index(element))
        case .streamed(let path)?:
            // The last element that starts at or before `index`.
            var low = 0, high = roots.count
            while high - low > 1 {
                let middle = (low + high) / 2
                if Int(roots[middle]) <= index { low = middle } else { high = middle }
            }
            root = roots.isEmpty ? 0 : Int(roots[low])
            steps = path
            steps.append(.index(firstElement + low))
        }
        let entries = state.pointee.entries
        // A container still open (while the walk that fills the tape goes on) ends with the
        // tape for now.
        func after(_ index: Int) -> Int {
            entries[index].isContainer && entries[index].link == 0 ? state.pointee.count : state.pointee.next(after: index)
        }
        var current = root
        while current != index {
            precondition(entries[current].isContainer && index < after(current), "a tape entry inside the tape's value")
            let isObject = entries[current].kind == .object
            var child = current + 1
            var position = 0
            while true {
                let value = isObject ? child + 1 : child
                let valueEnd = after(value)
                if index < valueEnd {
                    steps.append(isObject ? .key(key(at: child)) : .index(position))
                    current = value
                    break
                }
                child = valueEnd
                position += 1
            }
        }
        return steps
    }
}

/// What a tape's readers use: its entries (a buffer grown by hand, so that the state's address
/// never moves), the document's bytes, and the keys readers asked for and did not find (for
/// the paths of errors).
struct TapeState {
    // The entries, their number and room are written by the builder only (JSONTapeBuilder).
    var entries = UnsafeMutablePointer<TapeEntry>.allocate(capacity: 64)
    var count = 0
    var capacity = 64
    /// The builder's stack of open containers' entries (one a level).
    let openContainers = UnsafeMutablePointer<Int32>.allocate(capacity: JSONParser.maximumDepth + 1)
    /// Missing keys, each after a present entry or after another missing key.
    private(set) var missingKeys = UnsafeMutablePointer<MissingKey>.allocate(capacity: 16)
    private var missingCount = 0
    private var missingCapacity = 16
    let bytes: UnsafeBufferPointer<UInt8>
    /// The tape, for what is not on the hot path.
    unowned(unsafe) var tape: JSONTape!
    /// Incremented each time the tape is filled again: readers of an earlier fill are stale.
    private(set) var generation = 0
    /// Short strings read from this tape (kept from fill to fill: they are the document's).
    var strings = ShortStrings()

    init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    func deallocate() {
        entries.deallocate()
        missingKeys.deallocate()
        openContainers.deallocate()
        strings.deallocate()
    }

    /// Empties the tape for a new fill.
    mutating func reset() {
        count = 0
        missingCount = 0
        generation += 1
        hintObject = -1
    }


    /// Records `key`, missing after the missing key `parent` (or after a present value when
    /// negative); its number.
    @inline(__always)
    mutating func addMissingKey(_ key: MissingKey) -> Int32 {
        if missingCount == missingCapacity { growMissingKeys() }
        (missingKeys + missingCount).initialize(to: key)
        missingCount += 1
        return Int32(missingCount - 1)
    }

    private mutating func growMissingKeys() {
        missingKeys = missingKeys.doubled(count: missingCount, capacity: &missingCapacity)
    }

    /// The entry after `index`'s subtree.
    @inline(__always)
    func next(after index: Int) -> Int {
        entries[index].isContainer ? Int(entries[index].link) : index + 1
    }

    /// The value of member `key` of the object at `index`: the last such member; nil when it
    /// has none. Most absent keys are known from the object's filters; otherwise the object's
    /// keys are compared by their length and first sixteen bytes, hopping from key to key —
    /// from the one after the member found last in the same object, round to it (a decoder
    /// asks for an object's members mostly in the order a document gives them), or from the
    /// first, to the end, where the object may repeat a key (the last one counts).
    @inline(__always)
    mutating func member(_ key: JSONKey, ofObjectAt index: Int) -> Int? {
        let object = entries[index]
        let wanted = key.signature
        guard object.mayHoldKey(wanted) else { return nil }
        @inline(__always) func matches(_ candidate: TapeEntry) -> Bool {
            candidate.keyPrefix == wanted.prefix && candidate.keySuffix == wanted.suffix && candidate.keyLength == wanted.length
                && (wanted.length <= 16 || sameKey(candidate, key.bytes))
        }
        let first = index + 1, end = Int(object.link)
        if object.mayRepeatKeys {
            var found: Int?
            var member = first
            while member < end {
                if matches(entries[member]) { found = member + 1 }
                member = Int(entries[member].link)
            }
            return found
        }
        var member = hintObject == index && hintMember < end ? hintMember : first
        let stop = member
        repeat {
            let candidate = entries[member]
            if matches(candidate) {
                hintObject = index
                hintMember = Int(candidate.link)
                return member + 1
            }
            member = Int(candidate.link)
            if member == end { member = first }
        } while member != stop
        return nil
    }

    /// The object whose member was found last, and the key after that member (its object's end
    /// after its last): where ``member(_:ofObjectAt:)`` starts looking in the same object.
    private var hintObject = -1, hintMember = 0

    /// Every member `key` of the object at `index` when it has more than one (none otherwise,
    /// found without allocating): the entry of each one's value and its place among the
    /// object's members, in document order.
    func repeatedMembers(_ key: JSONKey, ofObjectAt index: Int) -> [(entry: Int, position: Int)] {
        let wanted = key.signature
        func forEachMember(_ body: (_ entry: Int, _ position: Int) -> Void) {
            var member = index + 1
            var position = 0
            while member < Int(entries[index].link) {
                let candidate = entries[member]
                if candidate.keyPrefix == wanted.prefix && candidate.keySuffix == wanted.suffix && candidate.keyLength == wanted.length
                    && (wanted.length <= 16 || sameKey(candidate, key.bytes)) {
                    body(member + 1, position)
                }
                member = Int(candidate.link)
                position += 1
            }
        }
        var count = 0
        forEachMember { _, _ in count += 1 }
        guard count > 1 else { return [] }
        var found: [(entry: Int, position: Int)] = []
        forEachMember { found.append(($0, $1)) }
        return found
    }

    /// Whether the key `entry` is `wanted` (whose first sixteen bytes match already).
    private func sameKey(_ entry: TapeEntry, _ wanted: UnsafeBufferPointer<UInt8>) -> Bool {
        let content = UnsafeBufferPointer(rebasing: bytes[Int(entry.start) + 1 ..< Int(entry.end) - 1])
        if entry.kind == .escapedKey { return JSONString.unescaped(content).elementsEqual(wanted) }
        return Identifier.equalBytes(content, wanted)
    }
}

/// A key asked for and not found.
struct MissingKey {
    /// The key's bytes (a string literal's).
    var name: UnsafePointer<UInt8>
    var length: Int32
    /// The missing key it comes after, or -1.
    var parent: Int32

    /// The key.
    var text: String { String(decoding: UnsafeBufferPointer(start: name, count: Int(length)), as: UTF8.self) }
}

/// One value or key of a ``JSONTape``.
struct TapeEntry {
    enum Kind: UInt8 {
        case null, `false`, `true`, number, integer, string, escapedString
        case array, object, key, escapedKey
        /// An array whose elements are not on the tape (see ``JSONTape``).
        case elidedArray

        /// A scalar token's kind.
        @inline(__always)
        init(_ kind: JSONToken.Kind) {
            switch kind {
            case .null: self = .null
            case .false: self = .false
            case .true: self = .true
            case .number: self = .number
            case .integer: self = .integer
            case .string: self = .string
            case .escapedString: self = .escapedString
            }
        }
    }

    /// The first byte (a string's or key's opening quote, a container's bracket).
    var start: UInt32
    /// After the last byte.
    var end: UInt32
    /// A container's: the entry after its subtree. A key's: the next key of its object, or the
    /// object's end.
    var link: UInt32
    var kind: Kind
    /// An object's: two of its keys may be the same.
    var mayRepeatKeys = false
    /// A key's: its length in bytes (decoded), at most `UInt16.max`.
    var keyLength: UInt16 = 0
    /// A key's: its first eight bytes (decoded), zero-padded. An object's: one bit for each of
    /// its keys (``KeySignature/filterBit``), so that most absent keys are known at once.
    var keyPrefix: UInt64 = 0
    /// A key's: its bytes 8 to 15, zero-padded. An object's: a second bit for each of its keys
    /// (``KeySignature/secondFilterBit``), from another hash of the whole key.
    var keySuffix: UInt64 = 0

    /// An object's filters may hold `signature`'s key (false: the object has no such key).
    @inline(__always)
    func mayHoldKey(_ signature: KeySignature) -> Bool {
        keyPrefix & signature.filterBit != 0 && keySuffix & signature.secondFilterBit != 0
    }

    @inline(__always)
    var isContainer: Bool { kind.rawValue >= Kind.array.rawValue && kind != .key && kind != .escapedKey }
}

/// What a key is compared by first: its length, its first sixteen bytes, and a bit for an
/// object's filter.
struct KeySignature {
    var length: UInt16
    var prefix: UInt64
    var suffix: UInt64

    @inline(__always)
    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        length = UInt16(clamping: bytes.count)
        prefix = Self.word(of: bytes, from: 0)
        suffix = Self.word(of: bytes, from: 8)
    }

    /// Bytes `start ..< start + 8` of `bytes`, zero-padded.
    @inline(__always)
    static func word(of bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> UInt64 {
        var word: UInt64 = 0
        var index = start
        while index < min(start + 8, bytes.count) {
            word |= UInt64(bytes[index]) << UInt64((index - start) * 8)
            index += 1
        }
        return word
    }

    /// The signature of the key between the quotes of the string token at `token` in `bytes`.
    @inline(__always)
    init(_ bytes: UnsafeBufferPointer<UInt8>, contentOf token: Range<Int>) {
        let start = token.lowerBound + 1
        let length = token.upperBound - 1 - start
        self.length = UInt16(clamping: length)
        if start + 16 <= bytes.count {
            // Two loads, the bytes after the key masked off.
            let base = UnsafeRawPointer(bytes.baseAddress! + start)
            let first = UInt64(littleEndian: base.loadUnaligned(as: UInt64.self))
            let second = UInt64(littleEndian: base.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
            prefix = length >= 8 ? first : first & ((UInt64(1) &<< UInt64(length &* 8)) &- 1)
            suffix = length >= 16 ? second : length <= 8 ? 0 : second & ((UInt64(1) &<< UInt64((length &- 8) &* 8)) &- 1)
        } else {
            let content = UnsafeBufferPointer(rebasing: bytes[start ..< start + length])
            prefix = Self.word(of: content, from: 0)
            suffix = Self.word(of: content, from: 8)
        }
    }

    @inline(__always)
    var filterBit: UInt64 {
        UInt64(1) &<< (((prefix ^ UInt64(length)) &* 0x9E37_79B9_7F4A_7C15) &>> 58)
    }

    /// The bit of the object's second filter: from the key's first sixteen bytes and its length
    /// (keys alike in their first eight bytes and length, "reaction_counts" and
    /// "reaction_scores", mostly differ here).
    @inline(__always)
    var secondFilterBit: UInt64 {
        let mixed = (prefix &* 0xC2B2_AE3D_27D4_EB4F) ^ suffix ^ (UInt64(length) &<< 48)
        return UInt64(1) &<< ((mixed &* 0x1656_67B1_9E37_79F9) &>> 58)
    }
}

extension JSONKey {
    @inline(__always)
    var signature: KeySignature { KeySignature(bytes) }
}

extension UnsafeMutablePointer {
    /// A buffer of twice `capacity` holding this one's first `count` elements, moved; this one
    /// is freed and `capacity` doubled (the tapes' growth).
    func doubled(count: Int, capacity: inout Int) -> UnsafeMutablePointer {
        let grown = UnsafeMutablePointer.allocate(capacity: capacity * 2)
        grown.moveInitialize(from: self, count: count)
        deallocate()
        capacity *= 2
        return grown
    }
}
