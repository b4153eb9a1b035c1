import ChatLayoutKit
import Synchronization

/// Measurements remembered by (text, width): chats repeat themselves ("ok", "9:41 AM", the
/// same names on every group), and a text wrapped once at a width is wrapped the same way
/// forever — the engine is pure, so a remembered answer is always the right one.
///
/// Bounded: when it holds `capacity` entries it starts again empty, which keeps memory flat
/// without the bookkeeping of an LRU list.
final class MeasurementCache: Sendable {
    private struct Key: Hashable {
        var text: String
        /// The wrapping width, or -1 for a one-line width.
        var width: Int
    }

    private enum Entry {
        case wrapped(WrappedText)
        case width(Int)
    }

    private let entries = Mutex<[Key: Entry]>([:])
    let capacity: Int

    init(capacity: Int = 16_384) {
        self.capacity = capacity
    }

    func wrapped(_ text: String, width: Int, measure: () -> WrappedText) -> WrappedText {
        let key = Key(text: text, width: width)
        if case .wrapped(let known)? = entries.withLock({ $0[key] }) { return known }
        let measured = measure()
        store(key, .wrapped(measured))
        return measured
    }

    func width(_ text: String, measure: () -> Int) -> Int {
        let key = Key(text: text, width: -1)
        if case .width(let known)? = entries.withLock({ $0[key] }) { return known }
        let measured = measure()
        store(key, .width(measured))
        return measured
    }

    private func store(_ key: Key, _ entry: Entry) {
        entries.withLock { entries in
            if entries.count >= capacity { entries.removeAll(keepingCapacity: true) }
            entries[key] = entry
        }
    }
}
