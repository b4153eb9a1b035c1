/// An instant in time: nanoseconds precision, UTC, independent of any calendar or clock.
///
/// The library never reads the machine's clock; "now" is always an input.
public struct Timestamp: Hashable, Comparable, Sendable {
    /// Whole seconds since 1970-01-01T00:00:00Z (negative before).
    public var seconds: Int64
    /// The fraction of the second, 0 ..< 1_000_000_000.
    public var nanoseconds: Int32

    /// The instant `seconds` and `nanoseconds` after 1970-01-01T00:00:00Z; nanoseconds outside
    /// 0 ..< 1_000_000_000 carry into the seconds.
    public init(seconds: Int64, nanoseconds: Int32 = 0) {
        let carry = Int64(nanoseconds) / 1_000_000_000
        var nanos = Int64(nanoseconds) % 1_000_000_000
        var whole = seconds + carry
        if nanos < 0 {
            nanos += 1_000_000_000
            whole -= 1
        }
        self.seconds = whole
        self.nanoseconds = Int32(nanos)
    }

    /// Milliseconds since 1970, as ICU's `UDate` wants them.
    public var millisecondsSince1970: Double {
        Double(seconds) * 1000 + Double(nanoseconds / 1_000_000)
    }

    public static func < (lhs: Timestamp, rhs: Timestamp) -> Bool {
        (lhs.seconds, lhs.nanoseconds) < (rhs.seconds, rhs.nanoseconds)
    }

    /// `self − other` in seconds (fractions included): the nearest `Double` to the exact
    /// difference (17.918317, not 17.918317000000002) for differences under 104 days.
    public func seconds(since other: Timestamp) -> Double {
        let whole = seconds - other.seconds
        // Below 2⁵³ ns a difference is exact as a Double, and one division rounds it once.
        if whole.magnitude < 9_000_000 {
            return Double(whole * 1_000_000_000 + Int64(nanoseconds - other.nanoseconds)) / 1e9
        }
        return Double(whole) + Double(nanoseconds - other.nanoseconds) / 1e9
    }
}
