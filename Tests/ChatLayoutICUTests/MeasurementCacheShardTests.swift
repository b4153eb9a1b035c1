@testable import ChatLayoutICU
import Dispatch
import Synchronization
import Testing

/// The measurement cache is split into shards with a lock each, so that a list laid out on
/// several cores does not wait on one lock: used from several threads at once it answers each
/// key with its own measurement and stays within twice its capacity.
struct ShardedMeasurementCacheTests {
    @Test func manyThreads_manyKeys_rightAnswers_boundedMemory() {
        let cache = MeasurementCache(capacity: 64)
        let wrong = Mutex(0)
        DispatchQueue.concurrentPerform(iterations: 4) { thread in
            for index in 0 ..< 2_000 {
                let key = index % 700 // keys shared between threads, some evicted and measured again
                let answer = cache.width("text \(key)") { key * 3 + 1 }
                if answer != key * 3 + 1 { wrong.withLock { $0 += 1 } }
                _ = thread
            }
        }
        #expect(wrong.withLock { $0 } == 0)
        #expect(cache.count <= 2 * 64, "\(cache.count) remembered")
        #expect(cache.count > 0)
    }
}

/// Prepared texts are bounded too: two generations of their own capacity, whatever number of
/// texts is wrapped, and each answer still the text's own lines.
struct PreparedTextCacheBoundTests {
    @Test func manyTexts_fewPrepared_rightLines() {
        let cache = MeasurementCache(capacity: 64, textCapacity: 64)
        let engine = ICUTextEngine()
        var wrong = 0
        for round in 0 ..< 2 {
            for index in 0 ..< 700 {
                let text = "text number \(index) of the round"
                let lines = cache.wrapped(text, width: 7 + round, prepare: { engine.prepare(text) }) { $0.wrap(width: 7 + round) }
                if lines != engine.prepare(text).wrap(width: 7 + round) { wrong += 1 }
            }
        }
        #expect(wrong == 0)
        #expect(cache.preparedCount <= 2 * 64, "\(cache.preparedCount) prepared texts kept")
        #expect(cache.preparedCount > 0)
    }
}
