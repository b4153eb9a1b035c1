@_spi(ChatLayoutStages) import ChatLayoutModel
@_spi(ChatLayoutStages) import ChatLayoutDecisions
import ChatLayoutComposition

/// An array kept in chunks of 4,096 elements: appending never copies what is stored (an array
/// that doubles holds its old and new storage at once, and up to half of it unused), so a
/// long list peaks at what it holds plus one chunk. The first chunk grows as an array does,
/// so a short list takes little.
struct ChunkedArray<Element: Sendable>: Sendable {
    private static var shift: Int { 12 }
    private static var chunkLength: Int { 1 << shift }
    private static var mask: Int { chunkLength - 1 }

    private var chunks: [[Element]] = []
    private(set) var count = 0

    init() {}

    mutating func append(_ element: Element) {
        startChunkIfFull()
        chunks[chunks.count - 1].append(element)
        count += 1
    }

    /// Appends `elements` a chunk's run at a time (each run copied at once), as appending each
    /// in turn does.
    mutating func append(contentsOf elements: [Element]) {
        var start = 0
        while start < elements.count {
            startChunkIfFull()
            let end = Swift.min(elements.count, start + Self.chunkLength - (count & Self.mask))
            chunks[chunks.count - 1].append(contentsOf: elements[start ..< end])
            count += end - start
            start = end
        }
    }

    /// Starts a chunk (of a chunk's capacity, after the first) when the last one is full or
    /// there is none (a first chunk may be reserved already).
    @inline(__always)
    private mutating func startChunkIfFull() {
        guard count & Self.mask == 0 && chunks.count == count >> Self.shift else { return }
        var chunk: [Element] = []
        if count > 0 { chunk.reserveCapacity(Self.chunkLength) }
        chunks.append(chunk)
    }

    /// Makes room for `capacity` elements in the first chunk (at most a chunk's length): a
    /// short table that knows its size grows without copying.
    mutating func reserveCapacity(_ capacity: Int) {
        guard chunks.count <= 1 else { return }
        if chunks.isEmpty { chunks.append([]) }
        chunks[0].reserveCapacity(min(capacity, Self.chunkLength))
    }

    /// Changes the element at `index` in place (one access, where a read and a write of the
    /// subscript are two).
    @inline(__always)
    mutating func modify<Result>(_ index: Int, _ body: (inout Element) -> Result) -> Result {
        body(&chunks[index >> Self.shift][index & Self.mask])
    }

    subscript(index: Int) -> Element {
        get { chunks[index >> Self.shift][index & Self.mask] }
        set { chunks[index >> Self.shift][index & Self.mask] = newValue }
    }
}
