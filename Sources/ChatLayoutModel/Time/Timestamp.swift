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

    @inlinable public static func < (lhs: Timestamp, rhs: Timestamp) -> Bool {
        (lhs.seconds, lhs.nanoseconds) < (rhs.seconds, rhs.nanoseconds)
    }

    // Written out, not synthesised, so that the later stages (other modules) compare and
    // hash timestamps inline.
    @inlinable public static func == (lhs: Timestamp, rhs: Timestamp) -> Bool {
        lhs.seconds == rhs.seconds && lhs.nanoseconds == rhs.nanoseconds
    }

    @inlinable public func hash(into hasher: inout Hasher) {
        hasher.combine(seconds)
        hasher.combine(nanoseconds)
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

/// An instant is coded as its RFC 3339 text in UTC ("2024-03-05T09:41:00.120Z"): exact to the
/// nanosecond, readable, and the form Stream's payloads use.
extension Timestamp: Codable {
    /// The instants RFC 3339 can write and read back: years 0000 to 9999.
    private static let codableSeconds = Int64(CalendarDay(year: 0, month: 1, day: 1).daysSince1970) * 86_400
        ..< Int64(CalendarDay(year: 10_000, month: 1, day: 1).daysSince1970) * 86_400

    /// Reads an RFC 3339 string (see ``init(rfc3339:)``).
    ///
    /// - Throws: `DecodingError.dataCorrupted` when the string is not an RFC 3339 timestamp.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let timestamp = Timestamp(rfc3339: text) else {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "expected an RFC 3339 timestamp, got \(UntrustedText.shortened(text).debugDescription)")
        }
        self = timestamp
    }

    /// Writes ``rfc3339``.
    ///
    /// - Throws: `EncodingError.invalidValue` for an instant outside the years 0000–9999,
    ///   which RFC 3339 cannot write.
    public func encode(to encoder: any Encoder) throws {
        guard Self.codableSeconds.contains(seconds) else {
            throw EncodingError.invalidValue(self, EncodingError.Context(
                codingPath: encoder.codingPath, debugDescription: "\(rfc3339) is outside the years 0000–9999 of RFC 3339"))
        }
        var container = encoder.singleValueContainer()
        try container.encode(rfc3339)
    }
}
