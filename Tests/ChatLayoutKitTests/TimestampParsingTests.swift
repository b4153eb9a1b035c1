import ChatLayoutKit
import ChatLayoutTestSupport
import Testing

/// 2024-03-05T09:41:00Z.
private let keynote: Int64 = 1_709_631_660

private func timestamp(_ text: String) -> Timestamp? { Timestamp(rfc3339: text) }

// MARK: - Accepted forms

@Test func utcTimestamp_parses() {
    #expect(timestamp("2024-03-05T09:41:00Z") == Timestamp(seconds: keynote))
    #expect(timestamp("1970-01-01T00:00:00Z") == Timestamp(seconds: 0))
    #expect(timestamp("1969-12-31T23:59:59Z") == Timestamp(seconds: -1))
}

@Test(arguments: [
    ("", 0), (".1", 100_000_000), (".12", 120_000_000), (".123", 123_000_000), (".1234", 123_400_000),
    (".12345", 123_450_000), (".123456", 123_456_000), (".1234567", 123_456_700),
    (".12345678", 123_456_780), (".123456789", 123_456_789), (".000000001", 1), (".000", 0),
])
func fractionOfZeroToNineDigits_givesNanoseconds(fraction: String, nanoseconds: Int32) {
    #expect(timestamp("2024-03-05T09:41:00\(fraction)Z") == Timestamp(seconds: keynote, nanoseconds: nanoseconds))
}

@Test(arguments: [
    "2024-03-05T10:41:00+01:00", "2024-03-05T04:11:00-05:30", "2024-03-05T09:41:00-00:00",
    "2024-03-05T09:41:00+00:00", "2024-03-06T09:40:00+23:59", "2024-03-04T09:42:00-23:59",
    "2024-03-05t09:41:00z", "2024-03-05 09:41:00Z",
])
func offsetsAndSeparators_allMeanTheSameInstant(text: String) {
    #expect(timestamp(text) == Timestamp(seconds: keynote))
}

@Test func offsetWithFraction_keepsTheFraction() {
    #expect(timestamp("2024-03-05T10:41:00.5+01:00") == Timestamp(seconds: keynote, nanoseconds: 500_000_000))
}

@Test func extremeYears_parse() {
    #expect(timestamp("1900-01-01T00:00:00Z") == Timestamp(seconds: -2_208_988_800))
    #expect(timestamp("9999-12-31T23:59:59.999999999Z") == Timestamp(seconds: 253_402_300_799, nanoseconds: 999_999_999))
    #expect(timestamp("0000-01-01T00:00:00Z") == Timestamp(seconds: -62_167_219_200))
}

@Test func leapDays_followTheGregorianRules() {
    #expect(timestamp("2024-02-29T00:00:00Z") != nil)
    #expect(timestamp("2000-02-29T00:00:00Z") != nil)
    #expect(timestamp("2023-02-29T00:00:00Z") == nil)
    #expect(timestamp("1900-02-29T00:00:00Z") == nil)
    #expect(timestamp("2024-03-01T00:00:00Z")! == Timestamp(seconds: timestamp("2024-02-29T00:00:00Z")!.seconds + 86_400))
}

@Test func leapSecond_isTheLastNanosecondOfItsMinute() {
    let leap = timestamp("2016-12-31T23:59:60Z")
    #expect(leap == Timestamp(seconds: 1_483_228_799, nanoseconds: 999_999_999))
    #expect(timestamp("2016-12-31T23:59:60.5Z") == leap)
    #expect(leap! > timestamp("2016-12-31T23:59:59.999999998Z")!)
    #expect(leap! < timestamp("2017-01-01T00:00:00Z")!)
}

@Test func substring_isAccepted() {
    let field = "created_at=2024-03-05T09:41:00Z"
    #expect(Timestamp(rfc3339: field.dropFirst("created_at=".count)) == Timestamp(seconds: keynote))
}

// MARK: - Rejected forms

@Test(arguments: [
    "2024-02-30T00:00:00Z",  // February 30
    "2024-04-31T00:00:00Z",  // April 31
    "2024-03-05T24:00:00Z",  // hour 24
    "2024-13-05T09:41:00Z",  // month 13
    "2024-00-05T09:41:00Z",  // month 0
    "2024-03-00T09:41:00Z",  // day 0
    "2024-03-05T09:60:00Z",  // minute 60
    "2024-03-05T09:41:61Z",  // second 61
    "2024-03-05T09:41:00",  // no zone
    "2024-03-05T09:41:00.1234567891Z",  // ten fraction digits
    "2024-03-05T09:41:00.Z",  // a point without digits
    "2024-03-05T09:41:00+24:00",  // offset hour 24
    "2024-03-05T09:41:00+01:60",  // offset minute 60
    "2024-03-05T09:41:00+0100",  // offset without colon
    "2024-03-05T09:41:00+01",  // offset without minutes
    "2024-03-05T09:41Z",  // no seconds
    "2024-03-05",  // a date only
    "24-03-05T09:41:00Z",  // a two-digit year
    "12024-03-05T09:41:00Z",  // a five-digit year
    "-2024-03-05T09:41:00Z",  // a negative year
    "2024-3-5T09:41:00Z",  // unpadded fields
    "2024-03-05X09:41:00Z",  // another separator
    "2024-03-05T09:41:00ZZ",  // trailing text
    " 2024-03-05T09:41:00Z",  // leading space
    "2024-03-05T09:41:00,5Z",  // a comma before the fraction
    "２０２４-03-05T09:41:00Z",  // fullwidth digits
    "",
])
func invalidTimestamp_isRejected(text: String) {
    #expect(timestamp(text) == nil)
}

// MARK: - Writing

@Test func rfc3339_writesUTCWithTheShortestExactFraction() {
    #expect(Timestamp(seconds: keynote).rfc3339 == "2024-03-05T09:41:00Z")
    #expect(Timestamp(seconds: keynote, nanoseconds: 120_000_000).rfc3339 == "2024-03-05T09:41:00.120Z")
    #expect(Timestamp(seconds: keynote, nanoseconds: 123_456_000).rfc3339 == "2024-03-05T09:41:00.123456Z")
    #expect(Timestamp(seconds: keynote, nanoseconds: 1).rfc3339 == "2024-03-05T09:41:00.000000001Z")
    #expect(Timestamp(seconds: keynote, nanoseconds: 999_999_999).rfc3339 == "2024-03-05T09:41:00.999999999Z")
}

@Test func rfc3339_writesInstantsBefore1970() {
    #expect(Timestamp(seconds: -1).rfc3339 == "1969-12-31T23:59:59Z")
    #expect(Timestamp(seconds: -1, nanoseconds: 500_000_000).rfc3339 == "1969-12-31T23:59:59.500Z")
    #expect(Timestamp(seconds: -2_208_988_800).rfc3339 == "1900-01-01T00:00:00Z")
    #expect(Timestamp(seconds: -62_167_219_200).rfc3339 == "0000-01-01T00:00:00Z")
    #expect(Timestamp(seconds: 253_402_300_799).rfc3339 == "9999-12-31T23:59:59Z")
}

@Test func rfc3339_writesAParsedOffsetTimestampInUTC() {
    #expect(timestamp("2024-03-05T23:30:00-02:00")?.rfc3339 == "2024-03-06T01:30:00Z")
}


@Test func rfc3339_roundTripsEveryInstantInYears0000To9999() {
    var random = SplitMix64(seed: 3339)
    let precisions: [Int32] = [1, 1000, 1_000_000, 1_000_000_000]
    var mismatches: [String] = []
    for _ in 0 ..< 20_000 {
        let seconds = Int64.random(in: -62_167_219_200 ... 253_402_300_799, using: &random)
        let step = precisions.randomElement(using: &random)!
        let nanoseconds = Int32.random(in: 0 ..< 1_000_000_000, using: &random) / step * step
        let original = Timestamp(seconds: seconds, nanoseconds: nanoseconds)
        if Timestamp(rfc3339: original.rfc3339) != original { mismatches.append(original.rfc3339) }
    }
    #expect(mismatches.isEmpty)
}

@Test func rfc3339_roundTripsEveryDayBoundaryAcrossCenturies() {
    // Every midnight from 1899 to 2101 (leap and century years included) reads back as itself.
    var midnight = Timestamp(rfc3339: "1899-01-01T00:00:00Z")!
    let end = Timestamp(rfc3339: "2101-01-01T00:00:00Z")!
    var days = 0
    var mismatches: [String] = []
    while midnight < end {
        let text = midnight.rfc3339
        if !text.hasSuffix("T00:00:00Z") || Timestamp(rfc3339: text) != midnight { mismatches.append(text) }
        midnight = Timestamp(seconds: midnight.seconds + 86_400)
        days += 1
    }
    #expect(mismatches.isEmpty)
    #expect(days == 73_779)  // 202 years, 49 of them leap (1900 and 2100 are not)
}

/// Issue 12: an interval is the nearest Double to the exact difference, without the noise of
/// adding the seconds and the fraction apart (17.918317, not 17.918317000000002).
@Test func secondsSince_isTheNearestDoubleToTheExactDifference() {
    let start = Timestamp(rfc3339: "2024-03-05T09:00:00Z")!
    #expect(Timestamp(rfc3339: "2024-03-05T09:00:17.918317Z")!.seconds(since: start) == 17.918317)
    #expect(Timestamp(rfc3339: "2024-03-05T09:01:00.000000001Z")!.seconds(since: start) == 60.000000001)
    #expect(start.seconds(since: Timestamp(rfc3339: "2024-03-05T09:00:00.25Z")!) == -0.25)
    // Beyond 104 days, the sum of the parts (sub-nanosecond noise at that size).
    #expect(Timestamp(rfc3339: "2025-03-05T09:00:00.5Z")!.seconds(since: start) == 31_536_000.5)
}
