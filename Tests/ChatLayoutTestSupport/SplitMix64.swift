// One seeded generator for every test target and the benchmark: a failure can always be
// replayed, and runs compare.

/// SplitMix64 (Steele, Lea, Flood 2014): tiny, fast, and good enough to drive a generator.
public struct SplitMix64: RandomNumberGenerator, Sendable {
    private var state: UInt64

    /// A generator whose sequence is fixed by `seed`.
    public init(seed: UInt64) { state = seed }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A value in `range` (multiply-high reduction; its bias is far below what a test notices).
    public mutating func int(_ range: ClosedRange<Int>) -> Int {
        let span = UInt64(range.upperBound - range.lowerBound) + 1
        return range.lowerBound + Int(next().multipliedFullWidth(by: span).high)
    }

    /// A value in `range`.
    public mutating func int64(_ range: ClosedRange<Int64>) -> Int64 {
        let span = UInt64(range.upperBound - range.lowerBound) + 1
        return range.lowerBound + Int64(next().multipliedFullWidth(by: span).high)
    }

    /// True with probability `p`.
    public mutating func chance(_ p: Double) -> Bool {
        Double(next() >> 11) / Double(1 << 53) < p
    }

    /// One of `values`, each as likely.
    public mutating func pick<T>(_ values: [T]) -> T { values[int(0 ... values.count - 1)] }

    /// One of `choices`, each with its weight.
    public mutating func weighted<T>(_ choices: [(weight: Int, value: T)]) -> T {
        var roll = int(0 ... choices.reduce(0) { $0 + $1.weight } - 1)
        for choice in choices {
            if roll < choice.weight { return choice.value }
            roll -= choice.weight
        }
        return choices[choices.count - 1].value
    }

    /// `values` in a random order (Fisher–Yates).
    public mutating func shuffle<T>(_ values: inout [T]) {
        guard values.count > 1 else { return }
        for index in stride(from: values.count - 1, to: 0, by: -1) {
            values.swapAt(index, int(0 ... index))
        }
    }
}
