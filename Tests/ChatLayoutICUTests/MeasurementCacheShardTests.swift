@testable import ChatLayoutICU
@_spi(ChatLayoutStages) import ChatLayoutModel
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

/// The key's hash (`ByteHash.hash`, wyhash's folded multiplications over the
/// bytes): every byte of a text of any length, and the width, change it; and texts that differ
/// in one byte anywhere each get their own measurement from the cache.
struct MeasurementKeyHashTests {
    @Test func everyByteAndTheWidth_changeTheHash() {
        func hash(_ bytes: [UInt8], width: Int = 0) -> Int {
            bytes.withUnsafeBytes { ByteHash.hash($0, width: width) }
        }
        var seen = Set<Int>()
        var hashes = 0
        for length in 0 ... 70 {
            let base = (0 ..< length).map { UInt8(truncatingIfNeeded: 0x41 + $0 % 26) }
            for width in [Int.min, -1, 0, 7] {
                #expect(hash(base, width: width) == hash(base, width: width), "the same bytes, the same hash")
                seen.insert(hash(base, width: width))
                hashes += 1
            }
            for position in 0 ..< length {
                var changed = base
                changed[position] ^= 0x01
                seen.insert(hash(changed))
                hashes += 1
            }
        }
        // 64-bit hashes of distinct keys: no two alike.
        #expect(seen.count == hashes, "\(hashes - seen.count) collisions")
    }

    @Test func textsDifferingInOneByte_eachGetTheirOwnLines() {
        let cache = MeasurementCache()
        let engine = ICUTextEngine()
        for length in [1, 3, 4, 8, 15, 16, 17, 31, 32, 33, 47, 48, 49, 80] {
            let base = String(repeating: "ab cd ", count: 20).prefix(length)
            for position in 0 ..< length {
                var bytes = Array(base.utf8)
                bytes[position] = bytes[position] == 0x20 ? 0x78 : 0x20
                let text = String(decoding: bytes, as: UTF8.self)
                for round in 0 ..< 2 {
                    let lines = cache.wrapped(text, width: 4, prepare: { engine.prepare(text) }) { $0.wrap(width: 4) }
                    #expect(lines == engine.prepare(text).wrap(width: 4), "\(text.debugDescription), round \(round)")
                }
            }
        }
    }
}
