import ChatLayoutICUShim
import ChatLayoutKit
@_spi(ChatLayoutStages) import ChatLayoutModel
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
    ///
    /// A dictionary's search compares the key of every bucket it passes: the key is two plain
    /// integers (the text's hash and the width), compared without reading the text — no
    /// reference retained and released, no cache line of a text far away read for each bucket.
    /// The text itself is kept in the key's slot and compared once, where the key matched.
    private struct Key: Hashable {
        /// -1 for a one-line width; -2 - w for a truncation to w cells; ``textWidth`` for a
        /// text's prepared form and its wraps.
        let width: Int

        static let textWidth = Int.min
        /// The hash of the text's bytes and the width, computed once when the key is made:
        /// the shard, the current generation and the previous one (and a generation's growth)
        /// all hash the key, and each hashing of the bytes cost as much as the search.
        let hash: Int

        init(text: String, width: Int) {
            self.width = width
            hash = ByteHash.hash(text, width: width)
        }

        static func == (lhs: Key, rhs: Key) -> Bool {
            lhs.hash == rhs.hash && lhs.width == rhs.width
        }

        func hash(into hasher: inout Hasher) {
            hasher.combine(hash)
        }

        /// What a dictionary hashes the key by: the hash computed once, mixed with the
        /// dictionary's seed (``ByteHash/mixed(_:seed:)``).
        func _rawHashValue(seed: Int) -> Int { ByteHash.mixed(hash, seed: seed) }
    }

    private enum Entry {
        case width(Int)
        case truncated(String)
    }

    /// What a key holds: the text it was made of and what is remembered of it. Two texts whose
    /// keys are equal (the same width and 64-bit hash, from a seed random in each process)
    /// share a slot: the one stored last replaces the other, which is measured again when next
    /// asked for — a cache forgets, it never answers for another text.
    private struct Slot<Value: Sendable>: Sendable {
        let text: String
        var value: Value

        /// Whether the slot is `text`'s: the same bytes (``Identifier/same(_:_:)``). Mutating
        /// only to be reached in place through a dictionary's values (their `_modify`, not
        /// their getter's copy of the slot); it changes nothing.
        mutating func holds(_ text: String) -> Bool { Identifier.same(self.text, text) }
    }

    private struct Generations<Value: Sendable> {
        var current: [Key: Slot<Value>] = [:]
        var previous: [Key: Slot<Value>] = [:]
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
        let known = shard.texts.withLock { Self.known(key, text, width: width, in: &$0, capacity: capacity) }
        let prepared: PreparedText
        switch known {
        case .wrapped(let wrapped, let prepared): return (wrapped, prepared)
        case .prepared(let known): prepared = known
        case .none: prepared = prepare()
        }
        let wrapped = wrap(prepared)
        shard.texts.withLock { Self.remember(wrapped, of: prepared, key, text, width: width, in: &$0, capacity: capacity) }
        return (wrapped, prepared)
    }

    /// `text`'s lines at `width` in one lookup: remembered as strings, else as spans of its
    /// bytes by `spans` of its prepared form (remembered, or else made by `prepare` and
    /// remembered; the spans are not), else `wrap` of that form, remembered as
    /// ``wrappedAndPrepared(_:width:prepare:wrap:)`` remembers it.
    func lines(_ text: String, width: Int, prepare: () -> PreparedText, spans: (PreparedText) -> LineSpans?,
               wrap: (PreparedText) -> WrappedText) -> MeasuredLines {
        let key = Key(text: text, width: Key.textWidth)
        let capacity = textShardCapacity
        let shard = shard(key)
        let known = shard.texts.withLock { Self.known(key, text, width: width, in: &$0, capacity: capacity) }
        let prepared: PreparedText
        let isNew: Bool
        switch known {
        case .wrapped(let wrapped, _): return .lines(wrapped)
        case .prepared(let known): (prepared, isNew) = (known, false)
        case .none: (prepared, isNew) = (prepare(), true)
        }
        if let spans = spans(prepared) {
            if isNew { shard.texts.withLock { Self.keep(prepared, key, text, in: &$0, capacity: capacity) } }
            return .spans(spans)
        }
        let wrapped = wrap(prepared)
        shard.texts.withLock { Self.remember(wrapped, of: prepared, key, text, width: width, in: &$0, capacity: capacity) }
        return .lines(wrapped)
    }

    /// What the texts' generations hold of `text` (its key `key`) at `width`: its lines, else
    /// its prepared form (brought forward from the previous generation, if there), else none.
    @inline(__always)
    private static func known(_ key: Key, _ text: String, width: Int, in texts: inout Generations<PreparedWraps>, capacity: Int) -> Known {
        if let index = texts.current.index(forKey: key) {
            // Through the values' `_modify`, in place: not the whole entry copied out (its
            // references retained and released) twice.
            guard texts.current.values[index].holds(text) else { return .none }
            let found = texts.current.values[index].value.lookUp(width: width)
            if let wrapped = found.wrapped { return .wrapped(wrapped, found.prepared) }
            return .prepared(found.prepared)
        }
        guard !texts.previous.isEmpty, var slot = texts.previous[key], slot.holds(text) else { return .none }
        insert(key, slot, into: &texts, capacity: capacity)
        return slot.value.wrapped(at: width).map { .wrapped($0, slot.value.prepared) } ?? .prepared(slot.value.prepared)
    }

    /// Keeps `wrapped`, `text`'s lines at `width` made of `prepared`: in the text's entry,
    /// found once; else in a new entry (a full generation made the previous one first).
    @inline(__always)
    private static func remember(_ wrapped: WrappedText, of prepared: PreparedText, _ key: Key, _ text: String, width: Int,
                                 in texts: inout Generations<PreparedWraps>, capacity: Int) {
        guard texts.current.count < capacity else {
            if let index = texts.current.index(forKey: key), texts.current.values[index].holds(text) {
                texts.current.values[index].value.remember(wrapped, at: width)
            } else {
                insert(key, Slot(text: text, value: PreparedWraps(prepared: prepared, width: width, wrapped: wrapped)), into: &texts,
                       capacity: capacity)
            }
            return
        }
        // Room in the generation: one search finds the text's slot (the lines kept in it) or
        // makes it with them; a slot another text holds is given to this one, as `insert` does.
        var made = false
        func newSlot() -> Slot<PreparedWraps> {
            made = true
            return Slot(text: text, value: PreparedWraps(prepared: prepared, width: width, wrapped: wrapped))
        }
        // `made` read inside, once the slot is reached (an argument beside it would be read
        // before the slot is made).
        func remember(in slot: inout Slot<PreparedWraps>) {
            if made { return }
            if slot.holds(text) {
                slot.value.remember(wrapped, at: width)
            } else {
                slot = Slot(text: text, value: PreparedWraps(prepared: prepared, width: width, wrapped: wrapped))
            }
        }
        remember(in: &texts.current[key, default: newSlot()])
    }

    /// Keeps `prepared`, `text`'s prepared form, in a new entry unless the text has one by now.
    @inline(__always)
    private static func keep(_ prepared: PreparedText, _ key: Key, _ text: String, in texts: inout Generations<PreparedWraps>,
                             capacity: Int) {
        guard texts.current.count < capacity else {
            if let index = texts.current.index(forKey: key), texts.current.values[index].holds(text) { return }
            insert(key, Slot(text: text, value: PreparedWraps(prepared: prepared)), into: &texts, capacity: capacity)
            return
        }
        // Room in the generation: one search finds the key's slot or makes it (a new text's,
        // the usual case); a slot another text holds is given to this one, as `insert` does.
        keepSlot(&texts.current[key, default: Slot(text: text, value: PreparedWraps(prepared: prepared))], prepared, text)
    }

    @inline(__always)
    private static func keepSlot(_ slot: inout Slot<PreparedWraps>, _ prepared: PreparedText, _ text: String) {
        if !slot.holds(text) { slot = Slot(text: text, value: PreparedWraps(prepared: prepared)) }
    }

    /// `text`'s prepared form: remembered, or else made by `prepare` and remembered.
    func prepared(_ text: String, prepare: () -> PreparedText) -> PreparedText {
        let key = Key(text: text, width: Key.textWidth)
        let capacity = textShardCapacity
        let shard = shard(key)
        let known = shard.texts.withLock { texts -> PreparedText? in
            if let index = texts.current.index(forKey: key) {
                guard texts.current.values[index].holds(text) else { return nil }
                return texts.current.values[index].value.lookUp(width: nil).prepared
            }
            guard !texts.previous.isEmpty, var slot = texts.previous[key], slot.holds(text) else { return nil }
            Self.insert(key, slot, into: &texts, capacity: capacity)
            return slot.value.prepared
        }
        if let known { return known }
        let prepared = prepare()
        shard.texts.withLock { Self.keep(prepared, key, text, in: &$0, capacity: capacity) }
        return prepared
    }

    private enum Known {
        case wrapped(WrappedText, PreparedText)
        case prepared(PreparedText)
        case none
    }

    func width(_ text: String, measure: () -> Int) -> Int {
        let key = Key(text: text, width: -1)
        if case .width(let known)? = lookup(key, text) { return known }
        let measured = measure()
        store(key, Slot(text: text, value: .width(measured)))
        return measured
    }

    func truncated(_ text: String, width: Int, measure: () -> String) -> String {
        let key = Key(text: text, width: -2 - width)
        if case .truncated(let known)? = lookup(key, text) { return known }
        let measured = measure()
        store(key, Slot(text: text, value: .truncated(measured)))
        return measured
    }

    private func lookup(_ key: Key, _ text: String) -> Entry? {
        let capacity = shardCapacity
        return shard(key).generations.withLock { Self.find(key, text, in: &$0, capacity: capacity) }
    }

    /// The value of `text` (its key `key`): in the current generation, or brought forward from
    /// the previous one.
    private static func find<Value: Sendable>(_ key: Key, _ text: String, in generations: inout Generations<Value>, capacity: Int) -> Value? {
        if var slot = generations.current[key] { return slot.holds(text) ? slot.value : nil }
        // Until the first generation fills, there is nothing older (and a miss in an empty
        // dictionary still hashes the key).
        guard !generations.previous.isEmpty, var slot = generations.previous[key], slot.holds(text) else { return nil }
        insert(key, slot, into: &generations, capacity: capacity)
        return slot.value
    }

    private func store(_ key: Key, _ slot: Slot<Entry>) {
        let capacity = shardCapacity
        shard(key).generations.withLock { Self.insert(key, slot, into: &$0, capacity: capacity) }
    }

    private static func insert<Value: Sendable>(_ key: Key, _ slot: Slot<Value>, into generations: inout Generations<Value>, capacity: Int) {
        if generations.current.count >= capacity && generations.current.index(forKey: key) == nil {
            generations.previous = generations.current
            generations.current = [:]
        }
        generations.current[key] = slot
    }
}

