import ChatLayoutTestSupport
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

    /// The page faults the process has taken so far that needed no file (getrusage's
    /// `ru_minflt`): pages of memory touched for the first time, each some microseconds of the
    /// kernel's on this machine.
    static func minorPageFaults() -> Int {
        Int(minor_page_faults())
    }
}

/// The benchmark's seeded generator: the same offsets on every run, so runs compare.
typealias SeededGenerator = SplitMix64
