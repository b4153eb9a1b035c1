import ChatLayoutFoundation
import Foundation
import Testing

/// Encodes `value` and decodes it again, through ``CodableJSON`` (sorted keys) and through a
/// plain `JSONEncoder`/`JSONDecoder`; both must give back an equal value. Returns the JSON text
/// of the first, for assertions on the shape.
@discardableResult
func expectRoundTrip<Value: Codable & Equatable>(_ value: Value, sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
    let data = try CodableJSON.encode(value)
    let decoded = try CodableJSON.decode(Value.self, from: data)
    #expect(decoded == value, "\(String(decoding: data, as: UTF8.self))", sourceLocation: sourceLocation)
    let plain = try JSONDecoder().decode(Value.self, from: JSONEncoder().encode(value))
    #expect(plain == value, sourceLocation: sourceLocation)
    return String(decoding: data, as: UTF8.self)
}
