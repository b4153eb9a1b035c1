import ChatLayoutKit

/// Fills a tape from a walk (``JSONWalker``), eliding long arrays. It holds the tape's buffer
/// while the walk lasts (``finish()`` hands it back), so that the walk keeps its counters in
/// registers.
struct JSONTapeBuilder: JSONEventHandler {
    private let state: UnsafeMutablePointer<TapeState>
    private var entries: UnsafeMutablePointer<TapeEntry>
    private var count = 0
    private var capacity: Int
    /// The entries of the open containers, and how many there are.
    private let open: UnsafeMutablePointer<Int32>
    private var openCount = 0
    /// The depth of an elided array that is still open: events inside it are not taped.
    private var elidedDepth = 0
    /// How much deeper the walk's depths are than this tape's (for a value met inside
    /// another's walk).
    private let depthOffset: Int

    /// A builder that fills `tape` from its start, for a walk that starts `depthOffset` levels
    /// deeper than the value taped.
    init(tape: JSONTape, depthOffset: Int = 0) {
        state = tape.state
        state.pointee.reset()
        entries = state.pointee.entries
        capacity = state.pointee.capacity
        open = state.pointee.openContainers
        self.depthOffset = depthOffset
    }

    /// Starts again from an empty tape (the same one).
    mutating func restart() {
        state.pointee.reset()
        count = 0
        openCount = 0
        elidedDepth = 0
    }

    @inline(__always)
    private mutating func append(_ entry: TapeEntry) {
        if count == capacity { grow() }
        (entries + count).initialize(to: entry)
        count += 1
    }

    private mutating func grow() {
        entries = entries.doubled(count: count, capacity: &capacity)
        state.pointee.entries = entries  // the state owns the buffer, even mid-walk
        state.pointee.capacity = capacity
    }

    @inline(__always)
    mutating func open(isObject: Bool, at offset: Int, depth: Int) {
        guard elidedDepth == 0 else { return }
        open[openCount] = Int32(count)
        openCount += 1
        append(TapeEntry(start: UInt32(offset), end: 0, link: 0, kind: isObject ? .object : .array))
    }

    /// Opens an array whose elements are not taped (they are streamed elsewhere).
    mutating func openElided(at offset: Int, depth: Int) {
        open[openCount] = Int32(count)
        openCount += 1
        append(TapeEntry(start: UInt32(offset), end: 0, link: 0, kind: .elidedArray))
        elidedDepth = depth - depthOffset
    }

    /// The entry the next value will have.
    var nextEntry: Int { count }

    @inline(__always)
    mutating func key(_ key: JSONToken, depth: Int, bytes: UnsafeBufferPointer<UInt8>) {
        guard elidedDepth == 0 else { return }
        let signature = key.kind == .escapedString
            ? JSONString.unescaped(UnsafeBufferPointer(rebasing: bytes[key.start + 1 ..< key.end - 1])).withUnsafeBufferPointer { KeySignature($0) }
            : KeySignature(bytes, contentOf: key.start ..< key.end)
        let object = entries + Int(open[openCount - 1])
        if object.pointee.mayHoldKey(signature) { object.pointee.mayRepeatKeys = true }
        object.pointee.keyPrefix |= signature.filterBit
        object.pointee.keySuffix |= signature.secondFilterBit
        append(TapeEntry(start: UInt32(key.start), end: UInt32(key.end), link: 0, kind: key.kind == .escapedString ? .escapedKey : .key,
                         keyLength: signature.length, keyPrefix: signature.prefix, keySuffix: signature.suffix))
    }

    @inline(__always)
    mutating func scalar(_ token: JSONToken, depth: Int, bytes: UnsafeBufferPointer<UInt8>) {
        guard elidedDepth == 0 else { return }
        append(TapeEntry(start: UInt32(token.start), end: UInt32(token.end), link: 0, kind: TapeEntry.Kind(token.kind)))
        valueEnded(entry: count - 1, depth: depth - depthOffset)
    }

    @inline(__always)
    mutating func close(isObject: Bool, end: Int, depth: Int) {
        if elidedDepth != 0 {
            guard depth - depthOffset == elidedDepth else { return }
            elidedDepth = 0
        }
        openCount -= 1
        let index = Int(open[openCount])
        entries[index].end = UInt32(end)
        entries[index].link = UInt32(count)
        valueEnded(entry: index, depth: depth - depthOffset - 1)
    }

    /// The value at `entry`, in the container at `depth`, is complete: a member's key links to
    /// the next key; an element of an array grown too long has the array elided.
    @inline(__always)
    private mutating func valueEnded(entry: Int, depth: Int) {
        guard openCount > 0 else { return }
        let container = Int(open[openCount - 1])
        if entries[container].kind == .object {
            entries[entry - 1].link = UInt32(count)
        } else if count - container > JSONTape.elisionThreshold, entries[container].kind == .array {
            count = container + 1
            entries[container].kind = .elidedArray
            elidedDepth = depth
        }
    }

    /// Hands the entries back to the tape (also after a walk stopped by an error, which leaves
    /// containers open).
    func finish() {
        state.pointee.entries = entries
        state.pointee.capacity = capacity
        state.pointee.count = count
    }
}
