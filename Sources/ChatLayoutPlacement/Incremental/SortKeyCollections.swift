@_spi(ChatLayoutStages) import ChatLayoutDecisions

/// How many keys a change's collections hold in an array, searched in order, before they hash
/// them: an append or an edit names two or three entries, and hashing a key costs more than
/// comparing a dozen; a page of older messages names hundreds.
private let smallKeyCount = 16

/// A set of sort keys, as a change collects them (``ChangeRecord``): an array while it is
/// small, a hashed set once it is not.
struct SortKeySet: Sendable {
    private var small: [SortKey] = []
    private var large: Set<SortKey>?

    init() {}

    /// Whether it holds `key`.
    func contains(_ key: SortKey) -> Bool {
        if let large { return large.contains(key) }
        return small.contains(key)
    }

    /// Whether it holds no key.
    var isEmpty: Bool { large?.isEmpty ?? small.isEmpty }

    /// Calls `body` with each key, in no particular order (no array of them made).
    func forEach(_ body: (SortKey) -> Void) {
        if let large {
            for key in large { body(key) }
        } else {
            for key in small { body(key) }
        }
    }

    /// How many keys it holds.
    var count: Int { large?.count ?? small.count }

    /// Empties it, keeping the array's room for the next change (a few keys, taken off one
    /// by one: `removeAll(keepingCapacity:)` replaces a subrange, which costs more).
    mutating func removeAll() {
        while !small.isEmpty { small.removeLast() }
        large = nil
    }

    /// Adds `key` if it is not there yet.
    mutating func insert(_ key: SortKey) {
        if large != nil {
            large!.insert(key)
            return
        }
        guard !small.contains(key) else { return }
        if small.count < smallKeyCount {
            if small.isEmpty { small.reserveCapacity(4) }
            small.append(key)
        } else {
            var set = Set(small)
            set.insert(key)
            large = set
            small = []
        }
    }

    /// The keys, in order.
    func sorted() -> [SortKey] {
        if let large { return large.sorted() }
        return small.sorted()
    }
}

/// A dictionary keyed by sort keys, as a change keeps the entries it touched as they were
/// (``ChangeRecord/before``): pairs in an array while it is small, hashed once it is not.
struct SortKeyMap<Value: Sendable>: Sendable {
    private var small: [(key: SortKey, value: Value)] = []
    private var large: [SortKey: Value]?

    init() {}

    private func index(of key: SortKey) -> Int? {
        small.firstIndex { $0.key == key }
    }

    /// The value of `key`, if it has one; set to nil, the key goes.
    subscript(key: SortKey) -> Value? {
        get {
            if let large { return large[key] }
            return index(of: key).map { small[$0].value }
        }
        set {
            if large != nil {
                large![key] = newValue
                return
            }
            if let index = index(of: key) {
                if let newValue { small[index].value = newValue } else { small.remove(at: index) }
            } else if let newValue {
                if small.count < smallKeyCount {
                    if small.isEmpty { small.reserveCapacity(4) }
                    small.append((key, newValue))
                } else {
                    var dictionary = Dictionary(uniqueKeysWithValues: small.map { ($0.key, $0.value) })
                    dictionary[key] = newValue
                    large = dictionary
                    small = []
                }
            }
        }
    }

    /// Adds `value` for `key`, which it must not have yet (no search for it).
    mutating func insertNew(_ key: SortKey, _ value: Value) {
        if large != nil {
            large![key] = value
        } else if small.count < smallKeyCount {
            if small.capacity == 0 { small.reserveCapacity(4) }
            small.append((key, value))
        } else {
            self[key] = value
        }
    }

    /// Changes the value of `key`, which it must have, in place.
    mutating func modify(_ key: SortKey, _ body: (inout Value) -> Void) {
        if large != nil {
            body(&large![key]!)
        } else if let index = index(of: key) {
            body(&small[index].value)
        } else {
            preconditionFailure("no value for the key")
        }
    }

    /// Whether it has a value for `key`.
    func contains(_ key: SortKey) -> Bool {
        if let large { return large[key] != nil }
        return index(of: key) != nil
    }

    /// How many keys it has.
    var count: Int { large?.count ?? small.count }

    /// Empties it, keeping the array's room for the next change (a few keys, taken off one
    /// by one: `removeAll(keepingCapacity:)` replaces a subrange, which costs more).
    mutating func removeAll() {
        while !small.isEmpty { small.removeLast() }
        large = nil
    }

    /// Calls `body` with each key, in no particular order (no array of them made).
    func forEachKey(_ body: (SortKey) -> Void) {
        if let large {
            for key in large.keys { body(key) }
        } else {
            for entry in small { body(entry.key) }
        }
    }

    /// Its keys, in no particular order.
    var keys: [SortKey] {
        if let large { return Array(large.keys) }
        return small.map(\.key)
    }
}
