/// Instants moved by seconds or by a `Duration`, and the `Duration` between two instants:
/// exact to the nanosecond (a `Duration`'s attoseconds are cut toward zero).
extension Timestamp {
    /// The instant `seconds` (and `nanoseconds`) later, or earlier when negative.
    ///
    /// ```swift
    /// let later = sent.adding(seconds: 61)   // just past Stream's 60-second grouping gap
    /// ```
    public func adding(seconds: Int64, nanoseconds: Int64 = 0) -> Timestamp {
        let total = Int64(self.nanoseconds) + nanoseconds
        var carry = total / 1_000_000_000, rest = total % 1_000_000_000
        if rest < 0 {
            rest += 1_000_000_000
            carry -= 1
        }
        return Timestamp(seconds: self.seconds + seconds + carry, nanoseconds: Int32(rest))
    }

    /// The instant `duration` later (earlier when negative): `now + .seconds(90)`.
    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    public static func + (instant: Timestamp, duration: Duration) -> Timestamp {
        let (seconds, attoseconds) = duration.components
        return instant.adding(seconds: seconds, nanoseconds: attoseconds / 1_000_000_000)
    }

    /// The instant `duration` earlier: `now - .seconds(3600)`.
    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    public static func - (instant: Timestamp, duration: Duration) -> Timestamp {
        let (seconds, attoseconds) = duration.components
        return instant.adding(seconds: -seconds, nanoseconds: -(attoseconds / 1_000_000_000))
    }

    /// Moves the instant `duration` later.
    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    public static func += (instant: inout Timestamp, duration: Duration) {
        instant = instant + duration
    }

    /// Moves the instant `duration` earlier.
    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    public static func -= (instant: inout Timestamp, duration: Duration) {
        instant = instant - duration
    }

    /// The exact time from `earlier` to `later` (negative when `later` is before): `now - sent`.
    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    public static func - (later: Timestamp, earlier: Timestamp) -> Duration {
        .seconds(later.seconds - earlier.seconds) + .nanoseconds(Int64(later.nanoseconds) - Int64(earlier.nanoseconds))
    }
}
