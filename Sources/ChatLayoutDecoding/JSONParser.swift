import ChatLayoutKit
@_spi(ChatLayoutStages) import ChatLayoutModel

/// A strict RFC 8259 JSON parser that reports malformed input by line and column.
///
/// - One value, with optional whitespace around it; a UTF-8 byte order mark at the start is
///   skipped.
/// - Strings: invalid UTF-8 becomes U+FFFD (never an error); `\u` escapes that form a valid
///   surrogate pair combine, and a lone surrogate becomes U+FFFD. Unescaped control characters
///   (U+0000–U+001F) are errors, as the RFC says.
/// - Numbers: an integer that fits `Int` is `.int`; anything else (a fraction, an exponent, a
///   larger integer) is `.double`, correctly rounded. A number too large for `Double` is an
///   error rather than an infinity (which JSON cannot write back).
/// - Objects: when a key appears twice, the **last value wins**, kept at the position of the
///   key's first appearance (what JavaScript's `JSON.parse` does). Keys are compared by their
///   Unicode scalars, not by canonical equivalence.
/// - Nesting deeper than ``maximumDepth`` is an error. The parser keeps its own stack, so no
///   document, however deep, can overflow the call stack.
package enum JSONParser {
    /// The deepest nesting of arrays and objects accepted: 512 levels.
    package static let maximumDepth = 512

    /// The value of a JSON document given as UTF-8 bytes.
    ///
    /// - Throws: a `DocumentError` with the line and column of the first problem.
    package static func parse(_ bytes: [UInt8]) throws(DocumentError) -> ParsedJSON {
        try bytes.withUnsafeBufferPointer(parse).get()
    }

    /// The value of a JSON document given as text.
    ///
    /// - Throws: a `DocumentError` with the line and column of the first problem.
    package static func parse(_ text: String) throws(DocumentError) -> ParsedJSON {
        let result = text.utf8.withContiguousStorageIfAvailable(parse)
            ?? Array(text.utf8).withUnsafeBufferPointer(parse)
        return try result.get()
    }

    private static func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> Result<ParsedJSON, DocumentError> {
        parse(bytes, recordingRepeats: false).map(\.value)
    }

    /// ``parse(_:)``, with what the tree leaves out of an object whose keys repeat: each
    /// repeated key's members, values included (for ``JSONReader``, so that the reference
    /// decoder warns of repeated keys as the streaming one does).
    package static func parseRecordingRepeats(_ bytes: [UInt8]) throws(DocumentError) -> (value: ParsedJSON, repeats: RepeatedKeys) {
        try bytes.withUnsafeBufferPointer { parse($0, recordingRepeats: true) }.get()
    }

    private static func parse(_ bytes: UnsafeBufferPointer<UInt8>, recordingRepeats: Bool) -> Result<(value: ParsedJSON, repeats: RepeatedKeys), DocumentError> {
        var builder = TreeBuilder()
        if recordingRepeats { builder.repeats = [:] }
        do throws(DocumentError) {
            try JSONWalker.walkDocument(bytes, handler: &builder)
            return .success((builder.pending[0], RepeatedKeys(byObjectPath: builder.repeats ?? [:])))
        } catch {
            return .failure(error)
        }
    }

    /// The keys that appear more than once among `keys` (compared by their bytes), each with
    /// every place it has (its member numbers, in order): none for most objects.
    static func repeatedKeys(_ keys: some Collection<String>) -> [(key: String, positions: [Int])] {
        var positions: [IDKey: [Int]] = [:]
        var order: [String] = []
        for (position, key) in keys.enumerated() {
            if positions[IDKey(key)] == nil { order.append(key) }
            positions[IDKey(key), default: []].append(position)
        }
        return order.compactMap { key in
            let places = positions[IDKey(key)] ?? []
            return places.count > 1 ? (key, places) : nil
        }
    }

    /// Pairs keys with values; a repeated key keeps its first position and takes the last value.
    /// Keys are the same when their bytes are (``IDKey``): canonically equivalent keys are
    /// different keys. O(n) for n keys, whatever they are.
    static func members<Value>(keys: some Collection<String>, values: some Collection<Value>) -> [(String, Value)] {
        var comparisons = 0
        return members(keys: keys, values: values, comparisons: &comparisons)
    }

    /// ``members(keys:values:)``, counting into `comparisons` the keys it compares or looks up
    /// (for the tests: one lookup a key, where a linear search compared each key with every
    /// key before it).
    package static func members<Value>(keys: some Collection<String>, values: some Collection<Value>,
                                       comparisons: inout Int) -> [(String, Value)] {
        var members: [(String, Value)] = []
        members.reserveCapacity(keys.count)
        if keys.count <= 8 {
            for (key, value) in zip(keys, values) {
                var found: Int?
                for index in members.indices {
                    comparisons += 1
                    if Identifier.same(members[index].0, key) {
                        found = index
                        break
                    }
                }
                if let found { members[found].1 = value } else { members.append((key, value)) }
            }
            return members
        }
        // Hashed and compared by bytes: a key that only reads like another (canonically
        // equivalent, one bucket for Swift's `String` hashing) is found in a bucket of its own.
        var indexByKey: [IDKey: Int] = [:]
        indexByKey.reserveCapacity(keys.count)
        for (key, value) in zip(keys, values) {
            comparisons += 1
            if let index = indexByKey[IDKey(key)] {
                members[index].1 = value
            } else {
                indexByKey[IDKey(key)] = members.count
                members.append((key, value))
            }
        }
        return members
    }
}

/// Builds the tree from a walk: values of open containers wait on one shared `pending` stack
/// (object keys on `keys`); closing a container moves its slice out into a single `ParsedJSON`.
private struct TreeBuilder: JSONEventHandler {
    /// Where each open container's values start on `pending`, and its keys on `keys`.
    var frames: [(valueStart: Int, keyStart: Int, isObject: Bool)] = []
    var pending: [ParsedJSON] = []
    var keys: [String] = []
    /// When recording them: the members of repeated keys, by the path of their object.
    var repeats: [IDKey: [RepeatedKeys.Member]]?

    mutating func open(isObject: Bool, at offset: Int, depth: Int) {
        frames.append((pending.count, keys.count, isObject))
    }

    mutating func key(_ key: JSONToken, depth: Int, bytes: UnsafeBufferPointer<UInt8>) {
        keys.append(JSONString.value(bytes, key.start ..< key.end, hasEscapes: key.kind == .escapedString))
    }

    mutating func scalar(_ token: JSONToken, depth: Int, bytes: UnsafeBufferPointer<UInt8>) {
        switch token.kind {
        case .null: pending.append(.null)
        case .false: pending.append(.bool(false))
        case .true: pending.append(.bool(true))
        case .number, .integer:
            // Validated: a number too large was an error.
            pending.append(JSONNumber.value(bytes, token.start ..< token.end, isInteger: token.kind == .integer) ?? .null)
        case .string, .escapedString:
            pending.append(.string(JSONString.value(bytes, token.start ..< token.end, hasEscapes: token.kind == .escapedString)))
        }
    }

    mutating func close(isObject: Bool, end: Int, depth: Int) {
        guard let frame = frames.last else { return }  // the walk closes only what it opened
        let value: ParsedJSON
        if isObject {
            let members = JSONParser.members(keys: keys[frame.keyStart...], values: pending[frame.valueStart...])
            if repeats != nil && members.count < keys.count - frame.keyStart { recordRepeats(of: frame) }
            value = .object(members)
        } else {
            value = .array(Array(pending[frame.valueStart...]))
        }
        frames.removeLast()
        pending.removeSubrange(frame.valueStart...)
        if isObject { keys.removeSubrange(frame.keyStart...) }
        pending.append(value)
    }

    /// Records the repeated keys of the object `frame` (the innermost open container), under
    /// its path: the key or index by which each open container holds the next.
    private mutating func recordRepeats(of frame: (valueStart: Int, keyStart: Int, isObject: Bool)) {
        var steps: [JSONPath.Step] = []
        for (outer, inner) in zip(frames, frames.dropFirst()) {
            steps.append(outer.isObject ? .key(keys[inner.keyStart - 1]) : .index(inner.valueStart - outer.valueStart))
        }
        let values = pending[frame.valueStart...]
        let found = JSONParser.repeatedKeys(keys[frame.keyStart...]).flatMap { repeated in
            repeated.positions.map { RepeatedKeys.Member(key: repeated.key, position: $0, value: values[frame.valueStart + $0]) }
        }
        repeats?[IDKey(JSONPath.text(of: steps)), default: []] += found
    }
}

/// The members of repeated keys in a parsed document, which its tree keeps one of (the last
/// value, at the first place): what ``JSONReader`` tells of them.
package final class RepeatedKeys: Sendable {
    /// A member of an object whose key appears more than once in it.
    package struct Member: Sendable {
        /// The key.
        package var key: String
        /// Its place among the object's members (0 for the first), repeats counted.
        package var position: Int
        /// Its value.
        package var value: ParsedJSON
    }

    /// The members, by the path of their object (compared by its bytes), in document order.
    let byObjectPath: [IDKey: [Member]]

    /// Members by the path of their object.
    init(byObjectPath: [IDKey: [Member]]) {
        self.byObjectPath = byObjectPath
    }
}


