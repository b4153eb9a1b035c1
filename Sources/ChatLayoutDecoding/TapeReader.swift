import ChatLayoutKit

/// A value of a document read in place through a ``JSONTape`` — or its absence — and the way
/// to its path: the streaming decoder's ``JSONValueReading``. Four words, copied freely; reading
/// allocates nothing but the values asked for (a `String` for a string); a path is spelled
/// only for an error.
///
/// A reader is valid while its tape holds what it held when the reader was made: the tape of
/// an elided array's elements is filled again for each element, so a reader of one element is
/// stale once the walk has moved to the next (checked in debug builds). The decoder never keeps
/// an element's reader past its turn.
package struct TapeReader: JSONValueReading {
    private let state: UnsafeMutablePointer<TapeState>
    /// The value's entry; when it is missing, the last entry present on the way here.
    private let index: Int32
    /// When the value is missing, the keys asked for before the last one, past `index`
    /// (``TapeState/missingKeys``, -1 for none).
    private let missingBefore: Int32
    /// When the value is missing, the last key asked for; nil when it is present.
    private let missingName: UnsafePointer<UInt8>?
    private let missingLength: Int32
    #if DEBUG
    private let generation: Int
    #endif

    /// The value at `index` of `tape`.
    init(tape: JSONTape, index: Int) {
        self.init(state: tape.state, index: Int32(index))
    }

    @inline(__always)
    private init(state: UnsafeMutablePointer<TapeState>, index: Int32,
                 missing name: UnsafePointer<UInt8>? = nil, length: Int32 = 0, before: Int32 = -1) {
        self.state = state
        self.index = index
        missingName = name
        missingLength = length
        missingBefore = before
        #if DEBUG
        generation = state.pointee.generation
        #endif
    }

    @inline(__always)
    private var entry: TapeEntry {
        #if DEBUG
        precondition(generation == state.pointee.generation, "a reader of a tape that has been filled again")
        #endif
        return state.pointee.entries[Int(index)]
    }

    @inline(__always)
    private var isPresent: Bool { missingName == nil }

    /// The bytes of the scalar token at `entry` (a string's with its quotes).
    @inline(__always)
    private func range(of entry: TapeEntry) -> Range<Int> { Int(entry.start) ..< Int(entry.end) }

    // MARK: JSONValueReading

    @inline(__always)
    package subscript(key: JSONKey) -> TapeReader {
        guard let missingName else {
            if entry.kind == .object, let member = state.pointee.member(key, ofObjectAt: Int(index)) {
                return TapeReader(state: state, index: Int32(member))
            }
            return TapeReader(state: state, index: index, missing: key.name.utf8Start, length: Int32(key.name.utf8CodeUnitCount))
        }
        // A key past a missing one: the one before goes to the tape's record.
        let before = state.pointee.addMissingKey(MissingKey(name: missingName, length: missingLength, parent: missingBefore))
        return TapeReader(state: state, index: index, missing: key.name.utf8Start, length: Int32(key.name.utf8CodeUnitCount), before: before)
    }

    package var isAbsent: Bool {
        missingName != nil || entry.kind == .null
    }

    package func bool() throws(DocumentError) -> Bool {
        if isPresent {
            switch entry.kind {
            case .true: return true
            case .false: return false
            default: break
            }
        }
        throw mismatch(expected: "true or false")
    }

    package var kind: JSONKind? {
        guard isPresent else { return nil }
        switch entry.kind {
        case .null: return .null
        case .false, .true: return .bool
        case .number, .integer: return .number
        case .string, .escapedString: return .string
        case .array, .elidedArray: return .array
        case .object: return .object
        case .key, .escapedKey: preconditionFailure("a reader is never at a key")
        }
    }

    package func scalar() -> ParsedJSON? {
        guard isPresent else { return nil }
        let entry = entry
        switch entry.kind {
        case .null: return .null
        case .false: return .bool(false)
        case .true: return .bool(true)
        case .number, .integer: return JSONNumber.value(state.pointee.bytes, range(of: entry), isInteger: entry.kind == .integer)
        case .string, .escapedString: return .string(JSONString.value(state.pointee.bytes, range(of: entry), hasEscapes: entry.kind == .escapedString))
        case .array, .object, .elidedArray, .key, .escapedKey: return nil
        }
    }

    package var isEmptyArray: Bool {
        isPresent && entry.kind == .array && Int(entry.link) == Int(index) + 1
    }

    @inline(__always)
    package func elements() -> TapeElements {
        guard isPresent, entry.kind == .array || entry.kind == .elidedArray else { return TapeElements(array: nil) }
        return TapeElements(array: self)
    }

    package func objectMembers() -> [(key: String, value: TapeReader)] {
        guard isPresent, entry.kind == .object, Int(entry.link) > Int(index) + 1 else { return [] }
        var members: [(key: String, value: TapeReader)] = []
        var member = Int(index) + 1
        while member < Int(entry.link) {
            members.append((state.pointee.tape.key(at: member), TapeReader(state: state, index: Int32(member + 1))))
            member = Int(state.pointee.entries[member].link)
        }
        guard entry.mayRepeatKeys else { return members }
        return JSONParser.members(keys: members.map(\.key), values: members.map(\.value)).map { (key: $0.0, value: $0.1) }
    }

    /// Found on the tape: at once none for an object whose keys all differ in the filter.
    package func repeatedMembers(_ key: JSONKey) -> [(position: Int, value: TapeReader)] {
        guard isPresent, entry.kind == .object, entry.mayRepeatKeys else { return [] }
        return state.pointee.repeatedMembers(key, ofObjectAt: Int(index)).map { (position: $0.position, value: TapeReader(state: state, index: Int32($0.entry))) }
    }

    package var path: String {
        var steps = state.pointee.tape.steps(to: Int(index))
        var keys: [String] = []
        if let missingName {
            keys.append(MissingKey(name: missingName, length: missingLength, parent: missingBefore).text)
        }
        var next = missingBefore
        while next >= 0 {
            keys.append(state.pointee.missingKeys[Int(next)].text)
            next = state.pointee.missingKeys[Int(next)].parent
        }
        steps += keys.reversed().map(JSONPath.Step.key)
        return JSONPath.text(of: steps)
    }

    package func withObjectBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result? {
        guard isPresent else { return nil }
        let entry = entry
        guard entry.kind == .object, entry.end > entry.start else { return nil }
        return body(UnsafeBufferPointer(rebasing: state.pointee.bytes[Int(entry.start) ..< Int(entry.end)]))
    }

    package func string() throws(DocumentError) -> String {
        if isPresent {
            let entry = entry
            if entry.kind == .string {
                let start = Int(entry.start) + 1, length = Int(entry.end) - 1 - start
                if length <= 16 && start + 16 <= state.pointee.bytes.count {
                    return state.pointee.strings.string(at: state.pointee.bytes.baseAddress! + start, length: length)
                }
            }
            if entry.kind == .string || entry.kind == .escapedString {
                return JSONString.value(state.pointee.bytes, range(of: entry), hasEscapes: entry.kind == .escapedString)
            }
        }
        throw mismatch(expected: "a string")
    }

    package func timestamp() throws(DocumentError) -> Timestamp {
        if isPresent {
            let entry = entry
            // Straight from the bytes (the grammar is ASCII: invalid UTF-8, repaired or not,
            // never parses).
            if entry.kind == .string,
               let timestamp = Timestamp(rfc3339UTF8: UnsafeBufferPointer(rebasing: state.pointee.bytes[Int(entry.start) + 1 ..< Int(entry.end) - 1])) {
                return timestamp
            }
            if entry.kind == .escapedString, let timestamp = Timestamp(rfc3339: JSONString.value(state.pointee.bytes, range(of: entry), hasEscapes: true)) {
                return timestamp
            }
        }
        throw mismatch(expected: "an RFC 3339 timestamp")
    }

    /// Whether this is the value at `entry` of `tape`.
    func isValue(at entry: Int, of tape: JSONTape) -> Bool {
        isPresent && state == tape.state && Int(index) == entry
    }

    // MARK: Elements

    fileprivate var entryIndex: Int { Int(index) }
    fileprivate var tape: JSONTape { state.pointee.tape }
    fileprivate var tapeState: UnsafeMutablePointer<TapeState> { state }

    /// The element at `entry` of this (array) reader's tape.
    fileprivate func element(at entry: Int) -> TapeReader {
        TapeReader(state: state, index: Int32(entry))
    }
}

/// The elements of an array on a tape: its element entries, or — for an elided array — its
/// elements taped one at a time as the walk reaches them. Its own iterator.
package struct TapeElements: Sequence, IteratorProtocol {
    private let array: TapeReader?
    /// The next element's entry (an array on the tape), or its first byte (an elided one).
    private var upcoming = 0
    /// The array's end: its entry's end, or its closing bracket.
    private var end = 0
    private var elementIndex = 0
    private var isElided = false

    /// The elements of the array `array` (nil for none).
    @inline(__always)
    init(array: TapeReader?) {
        self.array = array
        guard let array else { return }
        let entry = array.tapeState.pointee.entries[array.entryIndex]
        if entry.kind == .elidedArray {
            isElided = true
            var scanner = JSONScanner(bytes: array.tapeState.pointee.bytes)
            scanner.position = Int(entry.start) + 1
            scanner.skipWhitespace()
            upcoming = scanner.position
            end = Int(entry.end) - 1
        } else {
            upcoming = array.entryIndex + 1
            end = Int(entry.link)
        }
    }

    @inline(__always)
    package mutating func next() -> TapeReader? {
        guard upcoming < end, let array else { return nil }
        defer { elementIndex += 1 }
        guard isElided else {
            let element = array.element(at: upcoming)
            upcoming = array.tapeState.pointee.next(after: upcoming)
            return element
        }
        return nextElided(of: array)
    }

    /// The next element of an elided array: taped, into the array's element tape.
    private mutating func nextElided(of array: TapeReader) -> TapeReader {
        let tape = array.tape
        let elementTape = tape.elementTape(of: array.entryIndex)
        let elementEnd = elementTape.fill(from: upcoming, origin: .elided(tape: .passUnretained(tape), array: array.entryIndex, element: elementIndex))
        // After the element: whitespace, then a comma (and whitespace) or the closing bracket.
        var scanner = JSONScanner(bytes: tape.bytes)
        scanner.position = elementEnd
        scanner.skipWhitespace()
        if scanner.position < end { scanner.position += 1 }  // the comma
        scanner.skipWhitespace()
        upcoming = scanner.position
        return TapeReader(tape: elementTape, index: 0)
    }
}
