import ChatLayoutFoundation
import ChatLayoutKit
import Foundation
import Testing

struct DateConversionTests {
    @Test func aDate_becomesTheSameInstant() {
        #expect(Timestamp(Date(timeIntervalSince1970: 1_709_631_660)) == Timestamp(rfc3339: "2024-03-05T09:41:00Z"))
        #expect(Timestamp(Date(timeIntervalSince1970: 0)) == Timestamp(seconds: 0))
        #expect(Timestamp(Date(timeIntervalSinceReferenceDate: 0)) == Timestamp(rfc3339: "2001-01-01T00:00:00Z"))
    }

    @Test func fractions_keepTheirMicroseconds() {
        #expect(Timestamp(Date(timeIntervalSince1970: 1_709_631_660.25)) == Timestamp(rfc3339: "2024-03-05T09:41:00.25Z"))
        #expect(Timestamp(Date(timeIntervalSinceReferenceDate: 731_324_460.123456)).nanoseconds / 1000 == 123_456)
    }

    @Test func instantsBefore1970_keepAPositiveFraction() {
        let timestamp = Timestamp(Date(timeIntervalSince1970: -0.25))
        #expect(timestamp == Timestamp(rfc3339: "1969-12-31T23:59:59.75Z"))
        #expect(timestamp.seconds == -1 && timestamp.nanoseconds == 750_000_000)
    }

    @Test func aTimestamp_becomesTheSameDate() {
        #expect(Date(Timestamp(rfc3339: "2024-03-05T09:41:00.5Z")!) == Date(timeIntervalSince1970: 1_709_631_660.5))
        #expect(Date(Timestamp(seconds: -1, nanoseconds: 750_000_000)) == Date(timeIntervalSince1970: -0.25))
    }

    /// A `Date` is a `Double`: within a century of 2001 it holds an instant to better than
    /// half a microsecond, not to the nanosecond.
    @Test func roundTrips_keepTheMicrosecond() {
        var seconds: Int64 = -2_000_000_000
        while seconds < 4_000_000_000 {
            let timestamp = Timestamp(seconds: seconds, nanoseconds: Int32(truncatingIfNeeded: seconds % 1_000_000) * 1000)
            #expect(abs(Timestamp(Date(timestamp)).seconds(since: timestamp)) < 0.5e-6, "\(timestamp)")
            seconds += 123_456_789
        }
    }
}
