import ChatLayoutICUShim
import ChatLayoutKit
import Synchronization

/// Measurements remembered by (text, width): chats repeat themselves ("ok", "9:41 AM", the
/// same names on every group), and a text wrapped once at a width is wrapped the same way
/// forever — the engine is pure, so a remembered answer is always the right one.
///
/// Bounded, in two generations: lookups search the current one, then the previous one (and
/// bring what they find forward); when the current one is full it becomes the previous one and
/// the oldest is dropped. Recently used measurements survive; memory stays within
/// `2 × capacity` entries without the bookkeeping of an LRU list. Split into 16 shards by
/// the key's hash, each with its lock and its share of the capacity.
final class MeasurementCache: Sendable {
    /// Texts are told apart by their exact UTF-8 bytes, not by Swift's `String` equality:
    /// "é" and "e\u{301}" are equal strings but wrap into different code points, and a
    /// measurement must give back exactly the text it was given. (Bytes also hash faster than
    /// the canonical equivalence of non-ASCII strings.)
    private struct Key: Hashable {
        var text: String
        /// The wrapping width; -1 for a one-line width; -2 - w for a truncation to w cells.
        var width: Int
        /// The hash of the text's bytes and the width, computed once when the key is made:
        /// the shard, the current generation and the previous one (and a generation's growth)
        /// all hash the key, and each hashing of the bytes cost as much as the search.
        let hash: Int

        init(text: String, width: Int) {
            self.text = text
            self.width = width
            var hasher = Hasher()
            hasher.combine(width)
            var bytes = text
            bytes.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
            hash = hasher.finalize()
        }

        static func == (lhs: Key, rhs: Key) -> Bool {
            guard lhs.hash == rhs.hash, lhs.width == rhs.width, lhs.text.utf8.count == rhs.text.utf8.count else { return false }
            // Over the contiguous bytes: `UTF8View.elementsEqual` goes byte by byte through
            // the view's generic iterator.
            var left = lhs.text
            var right = rhs.text
            return left.withUTF8 { left in
                right.withUTF8 { right in clk_bytes_equal(left.baseAddress, right.baseAddress, left.count) != 0 }
            }
        }

        func hash(into hasher: inout Hasher) {
            hasher.combine(hash)
        }
    }

    private enum Entry {
        case wrapped(WrappedText)
        case width(Int)
        case truncated(String)
    }

    private struct Generations {
        var current: [Key: Entry] = [:]
        var previous: [Key: Entry] = [:]
    }

    /// One lock and its generations. The cache is split into shards by the key's hash, so
    /// that a list laid out on several cores does not wait on one lock.
    private final class Shard: Sendable {
        let generations = Mutex(Generations())
    }

    private static let shardCount = 16
    private let shards: [Shard]
    let capacity: Int
    /// Each shard's share of `capacity`.
    private let shardCapacity: Int

    init(capacity: Int = 65_536) {
        self.capacity = capacity
        shardCapacity = max(1, capacity / Self.shardCount)
        shards = (0 ..< Self.shardCount).map { _ in Shard() }
    }

    /// How many measurements are remembered (both generations of every shard).
    var count: Int {
        shards.reduce(0) { total, shard in total + shard.generations.withLock { $0.current.count + $0.previous.count } }
    }

    private func shard(_ key: Key) -> Shard { shards[Int(UInt(bitPattern: key.hash) % UInt(Self.shardCount))] }

    func wrapped(_ text: String, width: Int, measure: () -> WrappedText) -> WrappedText {
        let key = Key(text: text, width: width)
        if case .wrapped(let known)? = lookup(key) { return known }
        let measured = measure()
        store(key, .wrapped(measured))
        return measured
    }

    func width(_ text: String, measure: () -> Int) -> Int {
        let key = Key(text: text, width: -1)
        if case .width(let known)? = lookup(key) { return known }
        let measured = measure()
        store(key, .width(measured))
        return measured
    }

    func truncated(_ text: String, width: Int, measure: () -> String) -> String {
        let key = Key(text: text, width: -2 - width)
        if case .truncated(let known)? = lookup(key) { return known }
        let measured = measure()
        store(key, .truncated(measured))
        return measured
    }

    private func lookup(_ key: Key) -> Entry? {
        let capacity = shardCapacity
        return shard(key).generations.withLock { generations in
            if let entry = generations.current[key] { return entry }
            guard let entry = generations.previous[key] else { return nil }
            Self.insert(key, entry, into: &generations, capacity: capacity)
            return entry
        }
    }

    private func store(_ key: Key, _ entry: Entry) {
        let capacity = shardCapacity
        shard(key).generations.withLock { Self.insert(key, entry, into: &$0, capacity: capacity) }
    }

    private static func insert(_ key: Key, _ entry: Entry, into generations: inout Generations, capacity: Int) {
        if generations.current.count >= capacity {
            generations.previous = generations.current
            generations.current = [:]
        }
        generations.current[key] = entry
    }
}
