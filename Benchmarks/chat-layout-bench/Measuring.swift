import HeapStatistics

/// How the benchmark measures: a monotonic clock, medians, a seeded random generator and the
/// heap in use. Nothing here knows about chat layout.
enum Measuring {
    private static let clock = ContinuousClock()

    /// The milliseconds `body` takes, on the monotonic clock.
    static func milliseconds(_ body: () -> Void) -> Double {
        let elapsed = clock.measure(body)
        let (seconds, attoseconds) = elapsed.components
        return Double(seconds) * 1e3 + Double(attoseconds) / 1e15
    }

    /// The median of `runs` timings of `body` in milliseconds.
    static func medianMilliseconds(runs: Int, _ body: () -> Void) -> Double {
        median((0 ..< max(1, runs)).map { _ in milliseconds(body) })
    }

    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }

    /// Bytes the allocator has handed out and not had back (glibc `mallinfo2`: small-chunk
    /// arena bytes in use plus mmap'd blocks). Freed memory the allocator keeps does not count.
    static func heapBytesInUse() -> Int {
        Int(heap_bytes_in_use())
    }
}

/// SplitMix64: the same offsets on every run, so runs compare.
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
