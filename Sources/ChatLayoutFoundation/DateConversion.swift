import ChatLayoutKit
import Foundation

/// Seconds from 1970-01-01 to 2001-01-01, Foundation's reference date: a `Date` is counted from
/// there, a `Timestamp` from 1970, and the whole seconds move between them exactly.
private let secondsFrom1970To2001: Int64 = 978_307_200

extension Timestamp {
    /// The instant of `date`, to the nearest nanosecond of the `Double` a `Date` holds: within
    /// half a microsecond for the dates of a century either side of 2001, as `Date` itself.
    ///
    /// - Precondition: `date` is a finite instant (not built from an infinite or NaN interval).
    public init(_ date: Date) {
        let interval = date.timeIntervalSinceReferenceDate
        precondition(interval.isFinite, "a Timestamp needs a finite date")
        let whole = interval.rounded(.down)
        // Rounding may give 1_000_000_000 nanoseconds, which `init(seconds:nanoseconds:)` carries.
        self.init(seconds: Int64(whole) + secondsFrom1970To2001,
                  nanoseconds: Int32(((interval - whole) * 1e9).rounded()))
    }
}

extension Date {
    /// The instant `timestamp`, as near as a `Date`'s `Double` holds it.
    public init(_ timestamp: Timestamp) {
        self.init(timeIntervalSinceReferenceDate: Double(timestamp.seconds - secondsFrom1970To2001)
                  + Double(timestamp.nanoseconds) / 1e9)
    }
}
