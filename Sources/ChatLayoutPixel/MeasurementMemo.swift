import Synchronization

/// A text told apart from another by its exact UTF-8 bytes, not by Swift's `String` equality:
/// "é" and "e\u{301}" are equal strings but different code points, which shape differently
/// (a precomposed glyph, or a letter and a mark), and a wrapped text must give back exactly
/// the text it was given.
struct ExactText: Hashable, Sendable {
    var text: String

    static func == (lhs: ExactText, rhs: ExactText) -> Bool {
        lhs.text.utf8.count == rhs.text.utf8.count && lhs.text.utf8.elementsEqual(rhs.text.utf8)
    }

    func hash(into hasher: inout Hasher) {
        var text = text
        text.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
    }
}

/// Answers remembered by their question: the measurer is pure, so a remembered answer is
/// always the right one, and the core asks the same widths again and again (names, times, the
/// same text at the same width).
///
/// Bounded, in two generations like the ICU engine's cache: lookups search the current one,
/// then the previous one (bringing what they find forward); when the current one is full it
/// becomes the previous one and the oldest is dropped.
final class MeasurementMemo<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    private struct Generations: Sendable {
        var current: [Key: Value] = [:]
        var previous: [Key: Value] = [:]
    }

    private let generations = Mutex(Generations())
    private let capacity: Int

    init(capacity: Int = 16_384) {
        self.capacity = capacity
    }

    /// How many answers are remembered (both generations).
    var count: Int { generations.withLock { $0.current.count + $0.previous.count } }

    /// The remembered value for `key`, or `compute()`'s, remembered. `compute` runs outside the
    /// lock: two threads may compute the same value, and both get the same answer.
    func value(_ key: Key, compute: () -> Value) -> Value {
        let known: Value? = generations.withLock { generations in
            if let value = generations.current[key] { return value }
            guard let value = generations.previous[key] else { return nil }
            Self.insert(key, value, into: &generations, capacity: capacity)
            return value
        }
        if let known { return known }
        let computed = compute()
        generations.withLock { Self.insert(key, computed, into: &$0, capacity: capacity) }
        return computed
    }

    private static func insert(_ key: Key, _ value: Value, into generations: inout Generations, capacity: Int) {
        if generations.current.count >= capacity {
            generations.previous = generations.current
            generations.current = [:]
        }
        generations.current[key] = value
    }
}
