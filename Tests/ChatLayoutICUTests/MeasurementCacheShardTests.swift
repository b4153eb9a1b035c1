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
