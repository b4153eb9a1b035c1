/// Ids — of users, messages, channels and threads — are compared by their bytes, as Stream's
/// server compares them. Swift's `String ==` compares canonical equivalence instead, so that
/// "jos\u{E9}" (é as one code point) and "jose\u{301}" (e and a combining accent) would be one
/// user: someone could post as the current user, or two messages would collide. Every identity
/// decision goes through here; names are shown as they are given.
@_spi(ChatLayoutStages) public enum Identifier {
    /// The same representation: one string's copy, or two small strings of the same bytes (a
    /// quick test that `same(_:_:)` begins with; false says nothing).
    @inlinable public static func same(representation lhs: String, _ rhs: String) -> Bool {
        MemoryLayout<String>.size == 16 && withUnsafeBytes(of: lhs) { left in
            withUnsafeBytes(of: rhs) { right in
                left.loadUnaligned(as: UInt64.self) == right.loadUnaligned(as: UInt64.self)
                    && left.loadUnaligned(fromByteOffset: 8, as: UInt64.self) == right.loadUnaligned(fromByteOffset: 8, as: UInt64.self)
            }
        }
    }

    /// Both strings are small: stored inline, up to 15 bytes (where a String is 16 bytes, the
    /// top word's bit 61 says so; false says nothing).
    @inlinable public static func bothSmall(_ lhs: String, _ rhs: String) -> Bool {
        MemoryLayout<String>.size == 16 && withUnsafeBytes(of: lhs) { left in
            withUnsafeBytes(of: rhs) { right in
                (left.loadUnaligned(fromByteOffset: 8, as: UInt64.self) & right.loadUnaligned(fromByteOffset: 8, as: UInt64.self)) &>> 61 & 1 == 1
            }
        }
    }

    /// The same id: the same UTF-8 bytes.
    @inlinable public static func same(_ lhs: String, _ rhs: String) -> Bool {
        // The same representation is the same bytes: a copy of one string, or two small
        // strings (up to 15 bytes, stored inline) with the same content. Two 64-bit loads
        // (where a String is 16 bytes: 64-bit platforms).
        if same(representation: lhs, rhs) { return true }
        // Two small strings hold the same bytes only in the same representation (the bytes
        // after a small string's content are zero): most ids are small.
        if bothSmall(lhs, rhs) { return false }
        guard lhs.utf8.count == rhs.utf8.count else { return false }
        // Compared as contiguous buffers where the strings have them (native strings do): the
        // generic walk over two UTF8Views cost a tenth of a whole layout's instructions.
        let compared = lhs.utf8.withContiguousStorageIfAvailable { left in
            rhs.utf8.withContiguousStorageIfAvailable { right in equalBytes(left, right) }
        }
        if let compared, let result = compared { return result }
        return lhs.utf8.elementsEqual(rhs.utf8)
    }

    /// Two buffers hold the same bytes: compared eight at a time.
    @inlinable public static func equalBytes(_ left: UnsafeBufferPointer<UInt8>, _ right: UnsafeBufferPointer<UInt8>) -> Bool {
        guard left.count == right.count else { return false }
        let a = UnsafeRawBufferPointer(left), b = UnsafeRawBufferPointer(right)
        var offset = 0
        while offset + 8 <= a.count {
            if a.loadUnaligned(fromByteOffset: offset, as: UInt64.self) != b.loadUnaligned(fromByteOffset: offset, as: UInt64.self) { return false }
            offset += 8
        }
        while offset < a.count {
            if a[offset] != b[offset] { return false }
            offset += 1
        }
        return true
    }

    /// The same id, where a missing id is the same as no other.
    @inlinable public static func same(_ lhs: String?, _ rhs: String?) -> Bool {
        guard let lhs, let rhs else { return false }
        return same(lhs, rhs)
    }

    /// Equal values byte for byte, both missing included (for the equality of values that
    /// carry ids and texts, not for matching an id).
    @inlinable public static func equal(_ lhs: String?, _ rhs: String?) -> Bool {
        guard let lhs, let rhs else { return lhs == nil && rhs == nil }
        return same(lhs, rhs)
    }

    /// Feeds a string's bytes to a hasher (the hash that goes with `same`).
    @inlinable public static func hash(_ text: String?, into hasher: inout Hasher) {
        guard let text else { return hasher.combine(0 as UInt8) }
        let hashed: Void? = text.utf8.withContiguousStorageIfAvailable { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
        if hashed == nil { Array(text.utf8).withUnsafeBytes { hasher.combine(bytes: $0) } } // the same bytes, the same hash
        hasher.combine(1 as UInt8)
    }

    /// Two ids that read alike (canonically equivalent) but are different ids.
    public static func lookAlike(_ lhs: String, _ rhs: String) -> Bool {
        lhs == rhs && !same(lhs, rhs)
    }

    /// An id written so that a difference in code points shows: anything beyond printable
    /// ASCII as `\u{…}` ("jose\u{301}"), and so are `"` and `\` (`\u{22}`, `\u{5C}`), so that
    /// an id cannot close the quotes it is shown in or pass for an escape it does not hold.
    public static func spelled(_ id: String) -> String {
        var result = ""
        for scalar in id.unicodeScalars.prefix(40) {
            if scalar.value >= 0x20 && scalar.value < 0x7F && scalar != "\"" && scalar != "\\" {
                result.unicodeScalars.append(scalar)
            } else {
                result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            }
        }
        return id.unicodeScalars.count > 40 ? result + "…" : result
    }
}

/// An id as a dictionary key or a set member, hashed and compared by its bytes
/// (``Identifier``).
@_spi(ChatLayoutStages) public struct IDKey: Hashable, Sendable {
    /// The id.
    public let id: String
    /// Its bytes' hash (``ByteHash``), made once: a dictionary's search compares it before
    /// the bytes, and hashes no bytes again for a lookup, an insertion or its growth.
    @usableFromInline let hash: Int

    @inlinable public init(_ id: String) {
        self.id = id
        hash = ByteHash.hash(id)
    }

    @inlinable public static func == (lhs: IDKey, rhs: IDKey) -> Bool { lhs.hash == rhs.hash && Identifier.same(lhs.id, rhs.id) }

    @inlinable public func hash(into hasher: inout Hasher) { hasher.combine(hash) }

    /// The kept hash mixed with the dictionary's seed (``ByteHash/mixed(_:seed:)``).
    @inlinable public func _rawHashValue(seed: Int) -> Int { ByteHash.mixed(hash, seed: seed) }
}

/// A dictionary keyed by ids compared by their bytes (``Identifier``), read and written with the
/// ids themselves.
@_spi(ChatLayoutStages) public struct IDDictionary<Value> {
    @usableFromInline var storage: [IDKey: Value] = [:]

    @inlinable public init() {}

    @inlinable public subscript(id: String) -> Value? {
        get { storage[IDKey(id)] }
        set { storage[IDKey(id)] = newValue }
    }

    @inlinable public subscript(id: String, default value: @autoclosure () -> Value) -> Value {
        get { storage[IDKey(id), default: value()] }
        _modify { yield &storage[IDKey(id), default: value()] }
    }

    /// Sets the value of `id`, returning the one it replaced (one search of the dictionary).
    @discardableResult
    @inlinable public mutating func updateValue(_ value: Value, forKey id: String) -> Value? {
        storage.updateValue(value, forKey: IDKey(id))
    }

    @discardableResult
    @inlinable public mutating func removeValue(forKey id: String) -> Value? {
        storage.removeValue(forKey: IDKey(id))
    }

    @inlinable public var values: Dictionary<IDKey, Value>.Values { storage.values }
    @inlinable public var count: Int { storage.count }
}

extension IDDictionary: Sendable where Value: Sendable {}

extension IDDictionary: ExpressibleByDictionaryLiteral {
    @inlinable public init(dictionaryLiteral elements: (String, Value)...) {
        for (id, value) in elements { storage[IDKey(id)] = value }
    }
}

/// A set of ids compared by their bytes (``Identifier``).
@_spi(ChatLayoutStages) public struct IDSet: Sendable, Sequence, ExpressibleByArrayLiteral {
    @usableFromInline var storage: Set<IDKey> = []

    @inlinable public init(arrayLiteral ids: String...) {
        storage = Set(ids.map(IDKey.init))
    }

    @discardableResult
    @inlinable public mutating func insert(_ id: String) -> (inserted: Bool, memberAfterInsert: String) {
        let result = storage.insert(IDKey(id))
        return (result.inserted, result.memberAfterInsert.id)
    }

    @inlinable public mutating func remove(_ id: String) { storage.remove(IDKey(id)) }
    @inlinable public func contains(_ id: String) -> Bool { storage.contains(IDKey(id)) }
    @inlinable public var isEmpty: Bool { storage.isEmpty }

    public func makeIterator() -> some IteratorProtocol<String> {
        storage.lazy.map(\.id).makeIterator()
    }
}
