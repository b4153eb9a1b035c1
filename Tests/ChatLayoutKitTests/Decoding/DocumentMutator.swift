import ChatLayoutDecoding
import ChatLayoutKit
import ChatLayoutTestSupport

/// Seeded damage to a JSON document, for comparing the streaming decoder with the tree
/// decoder on what is not a valid conversation: cut short, bytes changed, keys repeated or
/// spelled with escapes, invalid UTF-8, values of the wrong type, whitespace of every kind.
struct DocumentMutator {
    private var random: SplitMix64

    init(seed: UInt64) {
        random = SplitMix64(seed: seed &* 0x9E37_79B9_7F4A_7C15 ^ 0x5EED_D0C5)
    }

    // MARK: Bytes

    /// The document cut after every `step`-th byte (and after each of the last few).
    static func truncations(of bytes: [UInt8], step: Int) -> [[UInt8]] {
        let cuts = Array(stride(from: 0, to: bytes.count, by: max(1, step))) + (max(0, bytes.count - 4) ..< bytes.count)
        return Set(cuts).sorted().map { Array(bytes[..<$0]) }
    }

    /// Bytes a change puts in: structure, quotes and escapes, digits and letters, invalid UTF-8,
    /// controls.
    static let replacements: [[UInt8]] = [
        [0x7B], [0x7D], [0x5B], [0x5D], [0x2C], [0x3A], [0x22], [0x5C], [0x20], [0x0A], [0x31], [0x2D], [0x2E], [0x65],
        [0x74], [0x6E], [0x78], [0x00], [0x1F], [0xFF], [0xC3], [0x80], [0xED, 0xA0, 0x80], [0xC0, 0x80], [0xF4, 0x90, 0x80, 0x80],
        Array(#"\u"#.utf8), Array(#"\uD83D"#.utf8), Array(#"\u00e9"#.utf8), Array(#"\""#.utf8), Array("null".utf8), Array("[]".utf8),
        Array("{}".utf8), Array(#""x""#.utf8), Array("1e400".utf8), Array("01".utf8), Array("-".utf8), [],
    ]

    /// `bytes` with one byte replaced (or removed) at a random place.
    mutating func changeByte(_ bytes: [UInt8]) -> [UInt8] {
        guard !bytes.isEmpty else { return random.pick(Self.replacements) }
        var changed = bytes
        let at = random.int(0 ... bytes.count - 1)
        changed.replaceSubrange(at ... at, with: random.pick(Self.replacements))
        return changed
    }

    /// `bytes` with invalid UTF-8 put inside a string (or a key) at a random place.
    mutating func insertInvalidUTF8(_ bytes: [UInt8]) -> [UInt8] {
        let quotes = bytes.indices.filter { bytes[$0] == UInt8(ascii: "\"") }
        guard let quote = quotes.isEmpty ? nil : random.pick(quotes) else { return bytes }
        var changed = bytes
        changed.insert(contentsOf: random.pick([[0xFF], [0xC3], [0xE2, 0x82], [0xED, 0xA0, 0x80], [0xC0, 0xAF], [0x80, 0x80]]), at: quote + 1)
        return changed
    }

    /// `bytes` with the keys `"name"` spelled with `\u` escapes (the first character, and
    /// others by chance).
    mutating func escapeKeys(_ bytes: [UInt8], named names: [String]) -> [UInt8] {
        var output = bytes
        for name in names where random.chance(0.5) {
            let target = Array("\"\(name)\":".utf8)
            let escaped = Array(("\"" + name.unicodeScalars.enumerated().map { index, scalar in
                index == 0 || random.chance(0.3) ? "\\u" + Self.hex4(scalar.value) : String(scalar)
            }.joined() + "\":").utf8)
            var result: [UInt8] = []
            result.reserveCapacity(output.count)
            var index = 0
            while index < output.count {
                if output[index] == target[0], index + target.count <= output.count, output[index ..< index + target.count].elementsEqual(target) {
                    result += escaped
                    index += target.count
                } else {
                    result.append(output[index])
                    index += 1
                }
            }
            output = result
        }
        return output
    }

    private static func hex4(_ value: UInt32) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }

    /// The document written again with whitespace between every token: spaces, newlines,
    /// carriage returns, tabs.
    mutating func respace(_ bytes: [UInt8]) -> [UInt8] {
        let spaces: [[UInt8]] = [[0x20], [0x0A, 0x20, 0x20], [0x0D, 0x0A, 0x09], [0x0D], [0x09, 0x09], Array(repeating: 0x20, count: 13)]
        var output: [UInt8] = []
        var inString = false, escaped = false
        for byte in bytes {
            if inString {
                output.append(byte)
                if escaped { escaped = false } else if byte == UInt8(ascii: "\\") { escaped = true } else if byte == UInt8(ascii: "\"") { inString = false }
                continue
            }
            if byte == UInt8(ascii: "\"") { inString = true }
            let structural = [UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: ","), UInt8(ascii: ":")].contains(byte)
            if structural, random.chance(0.7) { output += random.pick(spaces) }
            output.append(byte)
            if structural, random.chance(0.7) { output += random.pick(spaces) }
        }
        return output
    }

    // MARK: Values

    /// Values of every kind, for a member that expects another.
    static let wrongValues: [JSONValue] = [
        .null, .bool(true), .bool(false), .int(0), .int(42), .int(-1), .double(2.5), .double(1e300), .string(""), .string("x"),
        .string("2024-13-01T00:00:00Z"), .string("2024-03-05T09:41:00Z"), .string("regular"), .string("bounce"), .array([]),
        .array([.int(1)]), .array([.object([])]), .object([]), .object([("id", .string("u9"))]), .string("\u{1B}[2J"),
    ]

    /// `value` with one change deep inside: a member's value replaced, a member repeated (its
    /// last value wins), removed, or moved; an array element repeated or replaced.
    mutating func changeValue(_ value: JSONValue) -> JSONValue {
        var containers = 0
        Self.countContainers(value, &containers)
        guard containers > 0 else { return random.pick(Self.wrongValues) }
        var target = random.int(0 ... containers - 1)
        return change(value, target: &target)
    }

    /// `value` with the members of every object in another order (the same members: a valid
    /// document stays valid, and means the same where no key repeats).
    mutating func shuffleMembers(_ value: JSONValue) -> JSONValue {
        switch value {
        case .array(let elements):
            return .array(elements.map { shuffleMembers($0) })
        case .object(let members):
            var shuffled = members.map { ($0.0, shuffleMembers($0.1)) }
            shuffled.shuffle(using: &random)
            return .object(shuffled)
        default:
            return value
        }
    }

    private static func countContainers(_ value: JSONValue, _ count: inout Int) {
        switch value {
        case .array(let elements):
            count += 1
            for element in elements { countContainers(element, &count) }
        case .object(let members):
            count += 1
            for member in members { countContainers(member.1, &count) }
        default:
            break
        }
    }

    /// Changes the container numbered `target` (in document order).
    private mutating func change(_ value: JSONValue, target: inout Int) -> JSONValue {
        switch value {
        case .array(var elements):
            if target == 0 {
                target = -1
                return .array(changeElements(elements))
            }
            target -= 1
            for index in elements.indices where target >= 0 { elements[index] = change(elements[index], target: &target) }
            return .array(elements)
        case .object(var members):
            if target == 0 {
                target = -1
                return .object(changeMembers(members))
            }
            target -= 1
            for index in members.indices where target >= 0 { members[index].1 = change(members[index].1, target: &target) }
            return .object(members)
        default:
            return value
        }
    }

    private mutating func changeMembers(_ members: [(String, JSONValue)]) -> [(String, JSONValue)] {
        var members = members
        guard !members.isEmpty else { return [("id", random.pick(Self.wrongValues))] }
        let index = random.int(0 ... members.count - 1)
        switch random.int(0 ... 5) {
        case 0, 1: members[index].1 = random.pick(Self.wrongValues)
        case 2: members.insert((members[index].0, random.pick(Self.wrongValues)), at: random.int(0 ... members.count))
        case 3: members.append(members[index])
        case 4: members.remove(at: index)
        default: members.insert((members[index].0 + "\u{301}", members[index].1), at: index)  // canonically equivalent only
        }
        return members
    }

    private mutating func changeElements(_ elements: [JSONValue]) -> [JSONValue] {
        var elements = elements
        guard !elements.isEmpty else { return [random.pick(Self.wrongValues)] }
        let index = random.int(0 ... elements.count - 1)
        switch random.int(0 ... 3) {
        case 0: elements[index] = random.pick(Self.wrongValues)
        case 1: elements.insert(elements[index], at: random.int(0 ... elements.count))
        case 2: elements.remove(at: index)
        default: elements.append(random.pick(Self.wrongValues))
        }
        return elements
    }
}
