import ChatLayoutICUShim
import ChatLayoutKit
import Synchronization

/// Measurements remembered by (text, width): chats repeat themselves ("ok", "9:41 AM", the
/// same names on every group), and a text wrapped once at a width is wrapped the same way
/// forever — the engine is pure, so a remembered answer is always the right one.
///
/// A wrapped text is remembered with its prepared form (``PreparedText``), under the text
/// alone: at a width it was wrapped at before, the lines come back; at another one, they are
/// made from the prepared form by arithmetic, and the text is not measured again. The last
/// few widths of each text are kept (a text is wrapped at several widths in one list: in its
/// bubble, quoted, in a thread's preview).
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
        /// -1 for a one-line width; -2 - w for a truncation to w cells; ``textWidth`` for a
        /// text's prepared form and its wraps.
        var width: Int

        static let textWidth = Int.min
        /// The hash of the text's bytes and the width, computed once when the key is made:
        /// the shard, the current generation and the previous one (and a generation's growth)
        /// all hash the key, and each hashing of the bytes cost as much as the search.
        let hash: Int

        init(text: String, width: Int) {
            self.text = text
            self.width = width
            // A native string's bytes read in place (a small string's copied to the stack).
            if let hash = text.utf8.withContiguousStorageIfAvailable({ MeasurementCache.keyHash(UnsafeRawBufferPointer($0), width: width) }) {
                self.hash = hash
            } else {
                var bytes = text
                hash = bytes.withUTF8 { MeasurementCache.keyHash(UnsafeRawBufferPointer($0), width: width) }
            }
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

        /// What a dictionary hashes the key by: the hash computed once, mixed with the
        /// dictionary's seed — not the hash fed through a `Hasher` again (its finalisation)
        /// for each lookup and insertion.
        func _rawHashValue(seed: Int) -> Int {
            var mixed = UInt64(bitPattern: Int64(hash ^ seed))
            mixed ^= mixed >> 32
            mixed &*= 0xD6E8_FEB8_6659_FD93
            mixed ^= mixed >> 32
            return Int(Int64(bitPattern: mixed))
        }
    }

    /// The process's seed for ``keyHash(_:width:)``: from `Hasher`'s, so random in each
    /// process (as `Hasher`, deterministic under `SWIFT_DETERMINISTIC_HASHING`), and a text
    /// chosen to collide in one process does not in another.
    private static let seed: UInt64 = {
        var hasher = Hasher()
        hasher.combine(0x5EED_CAC4E as UInt64)
        return UInt64(UInt(bitPattern: hasher.finalize()))
    }()

    /// A key's text (its bytes) and width hashed by wyhash's folded multiplications, sixteen
    /// bytes a step: a few instructions for eight bytes where `Hasher`'s SipHash rounds take
    /// about twenty; the dictionaries mix it with their own seeds (`_rawHashValue(seed:)`).
    @inline(__always)
    static func keyHash(_ bytes: UnsafeRawBufferPointer, width: Int) -> Int {
        @inline(__always) func fold(_ left: UInt64, _ right: UInt64) -> UInt64 {
            let product = left.multipliedFullWidth(by: right)
            return product.high ^ product.low
        }
        let secret0: UInt64 = 0xA076_1D64_78BD_642F, secret1: UInt64 = 0xE703_7ED1_A0B4_28DB, secret2: UInt64 = 0x8EBC_6AF0_9C88_C6E3
        let count = bytes.count
        var state = seed ^ fold(seed ^ secret0, UInt64(UInt(bitPattern: width)) ^ secret1)
        var first: UInt64 = 0, second: UInt64 = 0
        if let base = bytes.baseAddress {
            if count <= 16 {
                if count >= 4 {
                    let last = count - 4, middle = (count >> 3) << 2
                    first = UInt64(base.loadUnaligned(as: UInt32.self)) << 32 | UInt64(base.loadUnaligned(fromByteOffset: middle, as: UInt32.self))
                    second = UInt64(base.loadUnaligned(fromByteOffset: last, as: UInt32.self)) << 32
                        | UInt64(base.loadUnaligned(fromByteOffset: last - middle, as: UInt32.self))
                } else if count > 0 {
                    first = UInt64(bytes[0]) << 16 | UInt64(bytes[count >> 1]) << 8 | UInt64(bytes[count - 1])
                }
            } else {
                var offset = 0
                while count - offset > 16 {
                    state = fold(base.loadUnaligned(fromByteOffset: offset, as: UInt64.self) ^ secret1,
                                 base.loadUnaligned(fromByteOffset: offset + 8, as: UInt64.self) ^ state)
                    offset += 16
                }
                first = base.loadUnaligned(fromByteOffset: count - 16, as: UInt64.self)
                second = base.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
            }
        }
        let mixed = fold(secret1 ^ UInt64(count), fold(first ^ secret1, second ^ state) ^ secret2)
        return Int(truncatingIfNeeded: mixed)
    }

    private enum Entry {
        case width(Int)
        case truncated(String)
    }

    private struct Generations<Value> {
        var current: [Key: Value] = [:]
        var previous: [Key: Value] = [:]
    }

    /// One lock and its generations. The cache is split into shards by the key's hash, so
    /// that a list laid out on several cores does not wait on one lock. Texts have generations
    /// of their own, apart from the labels' widths and truncations: a list laid out again at
    /// another width finds the texts it measured, whatever labels were measured in between
    /// (up to 65,536 to 131,072 distinct texts: the 100k-message benchmark document has 28,566).
    private final class Shard: Sendable {
        let generations = Mutex(Generations<Entry>())
        let texts = Mutex(Generations<PreparedWraps>())
    }

    private static let shardCount = 16
    private let shards: [Shard]
    let capacity: Int
    /// How many texts (prepared, with their wraps) a generation holds.
    let textCapacity: Int
    /// Each shard's share of `capacity` and of `textCapacity`.
    private let shardCapacity: Int
    private let textShardCapacity: Int

    init(capacity: Int = 65_536, textCapacity: Int = 65_536) {
        self.capacity = capacity
        self.textCapacity = textCapacity
        shardCapacity = max(1, capacity / Self.shardCount)
        textShardCapacity = max(1, textCapacity / Self.shardCount)
        shards = (0 ..< Self.shardCount).map { _ in Shard() }
    }

    /// How many widths and truncations are remembered (both generations of every shard).
    var count: Int {
        shards.reduce(0) { total, shard in total + shard.generations.withLock { $0.current.count + $0.previous.count } }
    }

    /// How many texts are remembered prepared.
    var preparedCount: Int {
        shards.reduce(0) { total, shard in total + shard.texts.withLock { $0.current.count + $0.previous.count } }
    }

    private func shard(_ key: Key) -> Shard { shards[Int(UInt(bitPattern: key.hash) % UInt(Self.shardCount))] }

    /// `text` wrapped at `width`: remembered, or else `wrap` of its prepared form, remembered
    /// or else made by `prepare`.
    func wrapped(_ text: String, width: Int, prepare: () -> PreparedText, wrap: (PreparedText) -> WrappedText) -> WrappedText {
        wrappedAndPrepared(text, width: width, prepare: prepare, wrap: wrap).wrapped
    }

    /// The same, with the text's prepared form.
    func wrappedAndPrepared(_ text: String, width: Int, prepare: () -> PreparedText,
                            wrap: (PreparedText) -> WrappedText) -> (wrapped: WrappedText, prepared: PreparedText) {
        let key = Key(text: text, width: Key.textWidth)
        let capacity = textShardCapacity
        let shard = shard(key)
        // Read in place: the entry is not copied out (its references retained and released)
        // only to give back one of them.
        let known = shard.texts.withLock { texts -> Known in
            if let index = texts.current.index(forKey: key) {
                // Through the values' `_modify`, in place: not the whole entry copied out (its
                // references retained and released) twice.
                let found = texts.current.values[index].lookUp(width: width)
                if let wrapped = found.wrapped { return .wrapped(wrapped, found.prepared) }
                return .prepared(found.prepared)
            }
            // Brought forward from the previous generation, if there.
            guard !texts.previous.isEmpty, let entry = texts.previous[key] else { return .none }
            Self.insert(key, entry, into: &texts, capacity: capacity)
            return entry.wrapped(at: width).map { .wrapped($0, entry.prepared) } ?? .prepared(entry.prepared)
        }
        let prepared: PreparedText
        switch known {
        case .wrapped(let wrapped, let prepared): return (wrapped, prepared)
        case .prepared(let known): prepared = known
        case .none: prepared = prepare()
        }
        let wrapped = wrap(prepared)
        shard.texts.withLock { texts in
            // A full generation is made the previous one first, unless it holds the text; then
            // the text's entry is found once and either kept or made (the default subscript's
            // `_modify`), not searched for and then searched for again to insert it.
            if texts.current.count >= capacity && texts.current.index(forKey: key) == nil {
                texts.previous = texts.current
                texts.current = [:]
            }
            texts.current[key, default: PreparedWraps(prepared: prepared)].remember(wrapped, at: width)
        }
        return (wrapped, prepared)
    }

    /// `text`'s prepared form: remembered, or else made by `prepare` and remembered.
    func prepared(_ text: String, prepare: () -> PreparedText) -> PreparedText {
        let key = Key(text: text, width: Key.textWidth)
        let capacity = textShardCapacity
        let shard = shard(key)
        let known = shard.texts.withLock { texts -> PreparedText? in
            if let index = texts.current.index(forKey: key) { return texts.current.values[index].lookUp(width: nil).prepared }
            guard !texts.previous.isEmpty, let entry = texts.previous[key] else { return nil }
            Self.insert(key, entry, into: &texts, capacity: capacity)
            return entry.prepared
        }
        if let known { return known }
        let prepared = prepare()
        shard.texts.withLock { texts in
            if texts.current.index(forKey: key) == nil {
                Self.insert(key, PreparedWraps(prepared: prepared), into: &texts, capacity: capacity)
            }
        }
        return prepared
    }

    private enum Known {
        case wrapped(WrappedText, PreparedText)
        case prepared(PreparedText)
        case none
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
        return shard(key).generations.withLock { Self.find(key, in: &$0, capacity: capacity) }
    }

    /// The value of `key`: in the current generation, or brought forward from the previous one.
    private static func find<Value>(_ key: Key, in generations: inout Generations<Value>, capacity: Int) -> Value? {
        if let entry = generations.current[key] { return entry }
        // Until the first generation fills, there is nothing older (and a miss in an empty
        // dictionary still hashes the key).
        guard !generations.previous.isEmpty, let entry = generations.previous[key] else { return nil }
        insert(key, entry, into: &generations, capacity: capacity)
        return entry
    }

    private func store(_ key: Key, _ entry: Entry) {
        let capacity = shardCapacity
        shard(key).generations.withLock { Self.insert(key, entry, into: &$0, capacity: capacity) }
    }

    private static func insert<Value>(_ key: Key, _ entry: Value, into generations: inout Generations<Value>, capacity: Int) {
        if generations.current.count >= capacity {
            generations.previous = generations.current
            generations.current = [:]
        }
        generations.current[key] = entry
    }
}
