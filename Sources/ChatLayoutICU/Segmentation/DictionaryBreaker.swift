import ChatLayoutICUShim
import Synchronization

/// Line breaks inside runs of South-East Asian scripts (UAX #14 class SA: Thai, Lao, Khmer,
/// Myanmar), which need a dictionary: asked of ICU's line break iterator, run by run.
final class DictionaryBreaker: Sendable {
    private let locale: String
    /// Opened ICU iterators ready for reuse (ICU iterators are not thread-safe), by locale,
    /// shared by every engine of the process: ICU builds its dictionary engines once a
    /// process, but opening an iterator costs some 50 k instructions, and an engine made
    /// afresh would open its own. Kept for the process's life: as many as ever ran at once.
    private static let idle = Mutex<[String: [OpaqueIterator]]>([:])

    private struct OpaqueIterator: @unchecked Sendable {
        let pointer: UnsafeMutableRawPointer
    }

    init(locale: String = "root") {
        self.locale = locale
    }

    /// Replaces the decisions strictly inside each SA run with ICU's.
    func refine(_ actions: UnsafeMutableBufferPointer<LineBreakAction>, _ text: AnalyzedText) {
        var index = 0
        let properties = text.properties
        while index < properties.count {
            guard properties[index].lineBreak == .SA else {
                index += 1
                continue
            }
            var end = index + 1
            while end < properties.count && properties[end].lineBreak == .SA { end += 1 }
            if end - index > 1 {
                refineRun(index ..< end, actions, text)
            }
            index = end
        }
    }

    private func refineRun(_ run: Range<Int>, _ actions: UnsafeMutableBufferPointer<LineBreakAction>, _ text: AnalyzedText) {
        let units = text.utf16(run)
        guard let iterator = checkout() else { return }
        defer { checkin(iterator) }
        var boundaries = [Int32](repeating: 0, count: units.count + 1)
        let found = clk_icu_break_boundaries(iterator.pointer, units, Int32(units.count), &boundaries, nil, Int32(boundaries.count))
        guard found >= 0 else { return }
        var opportunities = Set<Int>()
        for boundary in boundaries[0 ..< Int(found)] { opportunities.insert(Int(boundary)) }
        // Walk the run in UTF-16 offsets to map ICU's boundaries back to code points.
        var offset = 0
        for index in run {
            if index > run.lowerBound {
                actions[index] = opportunities.contains(offset) ? .allowed : .prohibited
            }
            offset += text.scalar(index).utf16.count
        }
    }

    private func checkout() -> OpaqueIterator? {
        if let iterator = Self.idle.withLock({ $0[locale]?.popLast() }) { return iterator }
        guard let pointer = clk_icu_break_open(Int32(CLK_BREAK_LINE), locale) else { return nil }
        return OpaqueIterator(pointer: pointer)
    }

    private func checkin(_ iterator: OpaqueIterator) {
        Self.idle.withLock { $0[locale, default: []].append(iterator) }
    }
}
