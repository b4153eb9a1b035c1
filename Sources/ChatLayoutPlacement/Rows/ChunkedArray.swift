@_spi(ChatLayoutStages) import ChatLayoutModel
@_spi(ChatLayoutStages) import ChatLayoutDecisions
import ChatLayoutComposition

/// An array kept in chunks of 4,096 elements: appending never copies what is stored (an array
/// that doubles holds its old and new storage at once, and up to half of it unused), so a
/// long list peaks at what it holds plus one chunk. The first chunk grows as an array does,
/// so a short list takes little.
///
/// The last chunk, the one appended to, is held apart from the full ones: an append checks
/// and grows one array, not the array of chunks and then the chunk in it.
struct ChunkedArray<Element: Sendable>: Sendable {
    private static var shift: Int { 12 }
    private static var chunkLength: Int { 1 << shift }
    private static var mask: Int { chunkLength - 1 }

    /// The full chunks, each `chunkLength` long.
    private var full: [[Element]] = []
    /// The chunk after them, not full: where elements are appended.
    private var last: [Element] = []

    var count: Int { full.count &<< Self.shift &+ last.count }

    /// How many elements it holds without making room again.
    var capacity: Int { full.count &<< Self.shift &+ last.capacity }

    init() {}

    @inline(__always)
    mutating func append(_ element: Element) {
        if last.count == Self.chunkLength { startChunk() }
        last.append(element)
    }

    /// Appends `elements` a chunk's run at a time (each run copied at once), as appending each
    /// in turn does.
    mutating func append(contentsOf elements: [Element]) {
        var start = 0
        while start < elements.count {
            if last.count == Self.chunkLength { startChunk() }
            let end = Swift.min(elements.count, start + Self.chunkLength - last.count)
            last.append(contentsOf: elements[start ..< end])
            start = end
        }
    }

    /// Puts the full last chunk with the others and starts the next, of a chunk's capacity.
    private mutating func startChunk() {
        var next: [Element] = []
        next.reserveCapacity(Self.chunkLength)
        swap(&next, &last)
        full.append(next)
    }

    /// Makes room for `capacity` elements in the first chunk (at most a chunk's length): a
    /// short table that knows its size grows without copying.
    mutating func reserveCapacity(_ capacity: Int) {
        guard full.isEmpty else { return }
        last.reserveCapacity(Swift.min(capacity, Self.chunkLength))
    }

    /// Keeps the first `count` elements (a chunk's run removed at once).
    mutating func truncate(to count: Int) {
        precondition(count >= 0 && count <= self.count, "keeping \(count) of \(self.count) elements")
        while self.count > count {
            if last.isEmpty { last = full.removeLast() }
            last.removeLast(Swift.min(last.count, self.count - count))
        }
    }

    /// Removes the last `count` elements, one by one (a row's few records).
    mutating func removeLast(_ count: Int) {
        precondition(count <= self.count, "removing \(count) of \(self.count) elements")
        for _ in 0 ..< count {
            if last.isEmpty { last = full.removeLast() }
            last.removeLast()
        }
    }

    /// Changes the element at `index` in place (one access, where a read and a write of the
    /// subscript are two).
    @inline(__always)
    mutating func modify<Result>(_ index: Int, _ body: (inout Element) -> Result) -> Result {
        let chunk = index &>> Self.shift
        return chunk < full.count ? body(&full[chunk][index & Self.mask]) : body(&last[index &- full.count &<< Self.shift])
    }

    subscript(index: Int) -> Element {
        get {
            let chunk = index &>> Self.shift
            // Past the full chunks, counted from the last one's start: an index beyond the
            // array is out of its bounds, not taken modulo a chunk.
            return chunk < full.count ? full[chunk][index & Self.mask] : last[index &- full.count &<< Self.shift]
        }
        set { modify(index) { $0 = newValue } }
    }
}
