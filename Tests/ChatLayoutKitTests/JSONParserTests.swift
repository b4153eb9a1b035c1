import ChatLayoutDecoding
import ChatLayoutKit
import ChatLayoutTestSupport
import Testing

private func parse(_ text: String) throws(DocumentError) -> ParsedJSON { try JSONParser.parse(text) }

/// The error a malformed document must give: where, and what.
private func failure(_ line: Int, _ column: Int, _ message: String) -> DocumentError {
    DocumentError(line: line, column: column, message: message)
}

private let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

// MARK: - Malformed documents: line, column and message

@Test func emptyDocument_isReportedAsEmpty() {
    #expect(throws: failure(1, 1, "the document is empty")) { try parse("") }
    #expect(throws: failure(2, 3, "the document is empty")) { try parse("  \n  ") }
    #expect(throws: failure(1, 1, "the document is empty")) { try JSONParser.parse(byteOrderMark) }
}

@Test(arguments: [
    ("[1, 2", 1, 6), ("{\"a\": ", 1, 7), ("{\"a\"", 1, 5), ("{", 1, 2), ("[", 1, 2), ("tru", 1, 4),
    ("-", 1, 2), ("1e+", 1, 4), ("1.", 1, 3), ("{\"a\":1,", 1, 8), ("[\n  1,\n", 3, 1),
])
func truncatedDocument_endsUnexpectedly(text: String, line: Int, column: Int) {
    #expect(throws: failure(line, column, "unexpected end of the document")) { try parse(text) }
}

@Test func unterminatedString_pointsAtItsOpeningQuote() {
    #expect(throws: failure(1, 2, "unterminated string")) { try parse("[\"abc") }
    #expect(throws: failure(2, 8, "unterminated string")) { try parse("{\n  \"a\": \"never closed, 1]}") }
    #expect(throws: failure(1, 1, "unterminated string")) { try parse("\"ends in an escape\\") }
    #expect(throws: failure(1, 1, "unterminated string")) { try parse("\"\\u12") }
}

@Test func badEscape_pointsAtItsBackslash() {
    #expect(throws: failure(1, 3, "invalid escape '\\q' in a string")) { try parse("\"a\\qb\"") }
    #expect(throws: failure(1, 2, "invalid escape '\\U' in a string")) { try parse("\"\\U0041\"") }
    #expect(throws: failure(1, 2, "invalid escape character U+00E9 in a string")) { try parse("\"\\é\"") }
    #expect(throws: failure(1, 2, "invalid \\u escape: expected four hexadecimal digits")) { try parse("\"\\u12G4\"") }
    #expect(throws: failure(1, 8, "invalid \\u escape: expected four hexadecimal digits")) { try parse("\"\\uD83D\\u00\"") }
}

@Test func controlCharacterInString_isAnError() {
    #expect(throws: failure(1, 3, "unescaped control character U+000A in a string")) { try parse("\"a\nb\"") }
    #expect(throws: failure(1, 2, "unescaped control character U+0009 in a string")) { try parse("\"\tindented\"") }
    #expect(throws: failure(1, 4, "unescaped control character U+001B in a string")) { try parse("\"\\n\u{1B}[31m\"") }
}

@Test func trailingComma_pointsAtTheComma() {
    #expect(throws: failure(1, 5, "trailing comma in an array")) { try parse("[1,2,]") }
    #expect(throws: failure(1, 7, "trailing comma in an object")) { try parse("{\"a\":1,}") }
    #expect(throws: failure(2, 7, "trailing comma in an array")) { try parse("[\n  1, 2,\n]") }
}

@Test func missingComma_saysWhatWasExpected() {
    #expect(throws: failure(1, 4, "expected ',' or ']' after an array element")) { try parse("[1 2]") }
    #expect(throws: failure(3, 3, "expected ',' or '}' after an object member")) {
        try parse("{\n  \"a\": 1\n  \"b\": 2\n}")
    }
}

@Test func missingColonOrKey_saysWhatWasExpected() {
    #expect(throws: failure(1, 6, "expected ':' after an object key")) { try parse("{\"a\" 1}") }
    #expect(throws: failure(1, 2, "expected an object key in double quotes or '}'")) { try parse("{a:1}") }
    #expect(throws: failure(1, 8, "expected an object key in double quotes")) { try parse("{\"a\":1,2}") }
    #expect(throws: failure(1, 2, "expected an object key in double quotes or '}'")) { try parse("{'a':1}") }
}

@Test func leadingZeros_areRejected() {
    #expect(throws: failure(1, 1, "numbers cannot have leading zeros")) { try parse("01") }
    #expect(throws: failure(1, 3, "numbers cannot have leading zeros")) { try parse("[-00.5]") }
}

@Test func badNumbers_sayWhatIsMissing() {
    #expect(throws: failure(1, 2, "expected a digit after '-', found character 'a'")) { try parse("-a") }
    #expect(throws: failure(1, 4, "expected a digit after the decimal point, found character ']'")) { try parse("[1.]") }
    #expect(throws: failure(1, 4, "expected a digit in the exponent, found character ']'")) { try parse("[1e]") }
    #expect(throws: failure(1, 5, "expected a digit in the exponent, found character ','")) { try parse("[1e-,2]") }
    #expect(throws: failure(1, 1, "unexpected character '.'; expected a value")) { try parse(".5") }
    #expect(throws: failure(1, 1, "unexpected character '+'; expected a value")) { try parse("+1") }
    #expect(throws: failure(1, 2, "the number is too large to represent")) { try parse("[1e400]") }
    #expect(throws: failure(1, 1, "unexpected character 'I'; expected a value")) { try parse("Infinity") }
}

@Test func unexpectedCharacters_areNamedSafely() {
    #expect(throws: failure(1, 4, "unexpected character ','; expected a value")) { try parse("[1,,2]") }
    #expect(throws: failure(1, 1, "unexpected character ']'; expected a value")) { try parse("]") }
    #expect(throws: failure(1, 1, "unexpected character U+00E9; expected a value")) { try parse("é") }
    #expect(throws: failure(1, 1, "unexpected character U+0000; expected a value")) { try parse("\u{0}") }
    #expect(throws: failure(1, 2, "unexpected character U+FEFF; expected a value")) { try parse("[\u{FEFF}1]") }
    #expect(throws: failure(1, 1, "unexpected byte 0xFF; expected a value")) { try JSONParser.parse([0xFF]) }
    #expect(throws: failure(1, 4, "unexpected character 'x'; expected 'null'")) { try parse("nulx") }
    #expect(throws: failure(1, 2, "unexpected character 'R'; expected 'true'")) { try parse("tRue") }
}

@Test func trailingGarbage_isAnError() {
    #expect(throws: failure(1, 4, "unexpected character 'x' after the end of the document's value")) { try parse("{} x") }
    #expect(throws: failure(1, 3, "unexpected character '2' after the end of the document's value")) { try parse("1 2") }
    #expect(throws: failure(2, 1, "unexpected character ']' after the end of the document's value")) { try parse("[]\n]") }
    #expect(throws: failure(1, 5, "unexpected character 'e' after the end of the document's value")) { try parse("truee") }
}

@Test func columns_countUnicodeScalarsNotBytes() {
    #expect(throws: failure(1, 7, "unexpected character 'x'; expected a value")) { try parse("[\"é\", x]") }
    #expect(throws: failure(1, 7, "unexpected character 'x'; expected a value")) { try parse("[\"😀\", x]") }
    #expect(throws: failure(2, 5, "expected ',' or ']' after an array element")) { try parse("[\"日本\",\n\"語\" 1]") }
}

@Test func lineEndings_crlfIsOneBreakAndLoneCRIsOne() {
    #expect(throws: failure(2, 2, "trailing comma in an array")) { try parse("[\r\n1,\r\n]") }
    #expect(throws: failure(2, 3, "expected ',' or ']' after an array element")) { try parse("[\r1 2]") }
}

@Test func byteOrderMark_isSkippedAndNotCounted() throws {
    #expect(try JSONParser.parse(byteOrderMark + Array("{\"a\":1}".utf8)) == .object([("a", 1)]))
    #expect(throws: failure(1, 2, "unexpected character 'x'; expected a value")) {
        try JSONParser.parse(byteOrderMark + Array("[x]".utf8))
    }
    // Only at the start: a second one is content.
    #expect(throws: failure(1, 1, "unexpected character U+FEFF; expected a value")) {
        try JSONParser.parse(byteOrderMark + byteOrderMark + Array("1".utf8))
    }
}

@Test func errorDescription_namesLineAndColumn() {
    #expect(failure(3, 14, "expected ',' or '}' after an object member").description
        == "line 3, column 14: expected ',' or '}' after an object member")
}

// MARK: - Nesting

private func nestedArrays(_ depth: Int) -> String {
    String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
}

@Test func nesting512Deep_parses() throws {
    var value = try parse(nestedArrays(512))
    var depth = 0
    while case .array(let elements) = value {
        depth += 1
        value = elements.first ?? .null
    }
    #expect(depth == 512)
    let objects = String(repeating: "{\"a\":", count: 511) + "[]" + String(repeating: "}", count: 511)
    #expect(try parse(objects).serialized() == objects)
}

@Test func nesting513Deep_isAnError() {
    #expect(throws: failure(1, 513, "nesting deeper than 512 levels")) { try parse(nestedArrays(513)) }
    let objects = String(repeating: "{\"a\":", count: 512) + "[]" + String(repeating: "}", count: 512)
    #expect(throws: failure(1, 2561, "nesting deeper than 512 levels")) { try parse(objects) }
}

@Test func hundredThousandOpenBrackets_failWithoutCrashing() {
    #expect(throws: failure(1, 513, "nesting deeper than 512 levels")) {
        try parse(String(repeating: "[", count: 100_000))
    }
    // "[{\"k\":" opens two levels in 6 columns: level 513 is the '[' at column 6 × 256 + 1.
    #expect(throws: failure(1, 1537, "nesting deeper than 512 levels")) {
        try parse(String(repeating: "[{\"k\":", count: 50_000))
    }
}

// MARK: - Values

private func kind(of value: ParsedJSON) -> String {
    switch value {
    case .null: "null"
    case .bool: "bool"
    case .int: "int"
    case .double: "double"
    case .string: "string"
    case .array: "array"
    case .object: "object"
    }
}

@Test(arguments: [
    ("null", ParsedJSON.null), ("true", .bool(true)), ("false", .bool(false)),
    ("0", .int(0)), ("-0", .int(0)), ("42", .int(42)), ("-42", .int(-42)),
    ("9223372036854775807", .int(.max)), ("-9223372036854775808", .int(.min)),
    ("9223372036854775808", .double(9_223_372_036_854_775_808)),
    ("-9223372036854775809", .double(-0x1p63)),  // one below Int.min, rounded to the nearest Double
    ("100000000000000000000000", .double(1e23)),
    ("1.5", .double(1.5)), ("-0.0", .double(-0.0)), ("1e3", .double(1000)), ("1E-2", .double(0.01)),
    ("2.5e+2", .double(250)), ("0.1", .double(0.1)), ("1.0", .double(1)),
    ("0.000001234", .double(0.000001234)), ("123456789.123456789", .double(123_456_789.123456789)),
    ("1.7976931348623157e308", .double(.greatestFiniteMagnitude)),
    ("5e-324", .double(.leastNonzeroMagnitude)), ("1e-400", .double(0)), ("0e999999", .double(0)),
    ("3.141592653589793238462643383279", .double(.pi)),
])
func numbers_areIntWhenTheyFitAndDoubleOtherwise(text: String, expected: ParsedJSON) throws {
    let value = try parse(text)
    #expect(value == expected)
    #expect(kind(of: value) == kind(of: expected))
}

@Test func strings_decodeEveryEscape() throws {
    #expect(try parse(#""\"\\\/\b\f\n\r\t""#) == .string("\"\\/\u{8}\u{C}\n\r\t"))
    #expect(try parse(#""caf\u00e9 \u65E5\u672C""#) == .string("café 日本"))
    #expect(try parse(#""\u0000""#) == .string("\u{0}"))
    #expect(try parse("\"日本語 😀 e\u{301}\"") == .string("日本語 😀 e\u{301}"))
    #expect(try parse(#""""#) == .string(""))
}

@Test func surrogatePairs_combine() throws {
    #expect(try parse(#""\uD83D\uDE00""#) == .string("😀"))
    #expect(try parse(#""\ud83d\ude00!""#) == .string("😀!"))
    #expect(try parse(#""\uDBFF\uDFFF""#) == .string("\u{10FFFF}"))
}

@Test func loneSurrogates_becomeReplacementCharacters() throws {
    #expect(try parse(#""\uD83Dx""#) == .string("\u{FFFD}x"))
    #expect(try parse(#""\uD83D""#) == .string("\u{FFFD}"))
    #expect(try parse(#""\uDE00\uD83D""#) == .string("\u{FFFD}\u{FFFD}"))
    #expect(try parse(#""\uD83D\uD83D\uDE00""#) == .string("\u{FFFD}😀"))
    #expect(try parse(#""\uD83D\u0041""#) == .string("\u{FFFD}A"))
    #expect(try parse(#""\uD83D\n""#) == .string("\u{FFFD}\n"))
}

@Test func invalidUTF8_becomesReplacementCharacters() throws {
    func string(_ content: [UInt8]) throws -> ParsedJSON { try JSONParser.parse([0x22] + content + [0x22]) }
    #expect(try string([0x61, 0xFF, 0x62]) == .string("a\u{FFFD}b"))
    #expect(try string([0xE2, 0x82]) == .string("\u{FFFD}"))  // a truncated sequence is one U+FFFD
    #expect(try string([0xC0, 0xAF]) == .string("\u{FFFD}\u{FFFD}"))  // overlong
    #expect(try string([0xED, 0xA0, 0x80]) == .string("\u{FFFD}\u{FFFD}\u{FFFD}"))  // an encoded surrogate
    #expect(try string([0xC3, 0x5C, 0x6E]) == .string("\u{FFFD}\n"))  // next to an escape
    #expect(try string([0xF4, 0x90, 0x80, 0x80]) == .string("\u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD}"))  // > U+10FFFF
    #expect(try JSONParser.parse(Array("{\"".utf8) + [0xFE] + Array("\":[\"".utf8) + [0x80] + Array("\"]}".utf8))
        == .object([("\u{FFFD}", .array(["\u{FFFD}"]))]))
}

@Test func whitespace_isAllowedAroundEveryToken() throws {
    let value = try parse(" \t\r\n[ 1 ,\t{ \"a\" :\n[ ] } , \"x\" ]\r\n ")
    #expect(value == .array([1, .object([("a", .array([]))]), "x"]))
}

@Test func objects_keepKeyOrder() throws {
    let value = try parse(#"{"zeta":1,"alpha":2,"mid":3}"#)
    guard case .object(let members) = value else { Issue.record("not an object"); return }
    #expect(members.map(\.0) == ["zeta", "alpha", "mid"])
}

@Test func duplicateKeys_keepTheLastValueAtTheFirstPosition() throws {
    #expect(try parse(#"{"a":1,"b":2,"a":3}"#) == .object([("a", 3), ("b", 2)]))
    let many = (0 ..< 20).map { "\"k\($0)\":\($0)" }.joined(separator: ",")
    let value = try parse("{" + many + ",\"k3\":\"last\",\"k19\":null}")
    guard case .object(let members) = value else { Issue.record("not an object"); return }
    #expect(members.count == 20)
    #expect(members[3].0 == "k3" && members[3].1 == "last")
    #expect(members[19].0 == "k19" && members[19].1 == .null)
}

@Test func canonicallyEquivalentKeys_areDistinctKeys() throws {
    #expect(try parse("{\"é\":1,\"e\u{301}\":2}") == .object([("é", 1), ("e\u{301}", 2)]))
    let filler = (0 ..< 10).map { "\"f\($0)\":0" }.joined(separator: ",")
    let value = try parse("{" + filler + ",\"é\":1,\"e\u{301}\":2,\"é\":3}")
    guard case .object(let members) = value else { Issue.record("not an object"); return }
    #expect(members.suffix(2).map(\.0).map { Array($0.unicodeScalars) } == [["é"], ["e", "\u{301}"]])
    #expect(members.suffix(2).map(\.1) == [3, 2])
}

/// Issue 18: a key canonically equivalent to an earlier one (the same `String` hash) was
/// searched for among all the keys before it, so 40k such keys took 51 s. Now one lookup a key,
/// by its bytes, and still the last value at the first position.
@Test func canonicallyEquivalentKeys_costOneLookupEach_andKeepTheLastValueRule() throws {
    var keys: [String] = [], values: [Int] = []
    for index in 0 ..< 2000 {
        keys += ["k\(index)\u{E9}", "k\(index)e\u{301}"]
        values += [2 * index, 2 * index + 1]
    }
    keys += ["k7\u{E9}", "k7e\u{301}"] // repeated: the last value wins, at the first position
    values += [-1, -2]
    var comparisons = 0
    let members = JSONParser.members(keys: keys, values: values, comparisons: &comparisons)
    #expect(comparisons == keys.count, "one lookup a key, not a search of the keys before it")
    #expect(members.count == 4000)
    #expect(members[14].0.unicodeScalars.elementsEqual("k7\u{E9}".unicodeScalars) && members[14].1 == -1)
    #expect(members[15].0.unicodeScalars.elementsEqual("k7e\u{301}".unicodeScalars) && members[15].1 == -2)
    #expect(members[16].1 == 16)
    // The same through the parser, also with escapes spelling the same bytes.
    let text = "{" + keys.indices.map { "\"\(keys[$0])\":\(values[$0])" }.joined(separator: ",") + ",\"k9\\u00e9\":-3}"
    guard case .object(let parsed) = try parse(text) else { Issue.record("not an object"); return }
    #expect(parsed.count == 4000 && parsed[14].1 == -1 && parsed[15].1 == -2 && parsed[18].1 == -3 && parsed[19].1 == 19)
}

// MARK: - Round trips

private let documents = [
    "null", "true", "false", "0", "-17", "9223372036854775807", "-9223372036854775808", "1.5", "-0.0",
    "6.02214076e23", "1e-7", "18446744073709551616", "\"\"", #""a \"quoted\" \\ word""#,
    #""\u0001\u001f\u007f\u0080\u009f\u2028\u2029""#, "\"日本語 😀 e\u{301} \u{202E}\"", "[]", "{}",
    "[1,[2,[3,[]]],{}]", #"{"a":{"b":{"c":[null,true,false]}},"":"empty key","😀":"emoji key"}"#,
    #"{"context":{"now":"2024-03-05T10:00:00Z"},"messages":[{"id":"m1","reply_count":0,"score":0.25}]}"#,
]

@Test(arguments: documents)
func validDocument_roundTripsThroughSerialization(text: String) throws {
    let value = try parse(text)
    let serialized = value.serialized()
    let reparsed = try parse(serialized)
    #expect(reparsed == value)
    #expect(reparsed.serialized() == serialized)
}


private func randomString(_ random: inout SplitMix64) -> String {
    let pools: [ClosedRange<UInt32>] = [
        0x20 ... 0x7E, 0x20 ... 0x7E, 0x00 ... 0x1F, 0x7F ... 0x9F, 0xA0 ... 0x24F,
        0x2000 ... 0x206F, 0x3040 ... 0x9FFF, 0xE000 ... 0xFFFD, 0x1F300 ... 0x1FAFF, 0x10000 ... 0x10FFFF,
    ]
    var text = ""
    for _ in 0 ..< Int.random(in: 0 ... 12, using: &random) {
        let pool = pools.randomElement(using: &random)!
        if let scalar = Unicode.Scalar(UInt32.random(in: pool, using: &random)) {
            text.unicodeScalars.append(scalar)
        }
    }
    return text
}

private func randomNumber(_ random: inout SplitMix64) -> ParsedJSON {
    switch Int.random(in: 0 ..< 6, using: &random) {
    case 0: return .int(Int.random(in: .min ... .max, using: &random))
    case 1: return .int(Int.random(in: -1000 ... 1000, using: &random))
    case 2: return .int([Int.min, Int.max, 0, -1].randomElement(using: &random)!)
    case 3: return .double(Double(Int.random(in: -100_000 ... 100_000, using: &random)) / 64)
    case 4: return .double(Double.random(in: -1e6 ... 1e6, using: &random))
    default:
        var value = Double(bitPattern: random.next())
        while !value.isFinite { value = Double(bitPattern: random.next()) }
        return .double(value)
    }
}

private func randomValue(_ random: inout SplitMix64, depth: Int) -> ParsedJSON {
    switch Int.random(in: 0 ..< (depth > 4 ? 5 : 8), using: &random) {
    case 0: return .null
    case 1: return .bool(Bool.random(using: &random))
    case 2, 3: return randomNumber(&random)
    case 4: return .string(randomString(&random))
    case 5: return .array((0 ..< Int.random(in: 0 ... 5, using: &random)).map { _ in randomValue(&random, depth: depth + 1) })
    default:
        var members: [(String, ParsedJSON)] = []
        for _ in 0 ..< Int.random(in: 0 ... 12, using: &random) {
            let key = randomString(&random)
            if members.contains(where: { $0.0.unicodeScalars.elementsEqual(key.unicodeScalars) }) { continue }
            members.append((key, randomValue(&random, depth: depth + 1)))
        }
        return .object(members)
    }
}

@Test func generatedValues_surviveSerializeThenParse() throws {
    var random = SplitMix64(seed: 20_240_305)
    for _ in 0 ..< 2000 {
        let value = randomValue(&random, depth: 0)
        let text = value.serialized()
        let parsed = try parse(text)
        #expect(parsed == value, "\(text)")
    }
}

@Test func largeDocument_parsesEveryMessage() throws {
    let message = #"{"id":"m#","text":"Hello \"there\" \u00e9 😀","user":{"id":"leia"},"created_at":"2024-03-05T09:41:00.123Z","reply_count":3,"score":1.25}"#
    let count = 20_000
    let text = "{\"messages\":[" + (0 ..< count).map { message.replacingOccurrences("#", with: String($0)) }.joined(separator: ",") + "]}"
    let value = try parse(text)
    guard case .object(let root) = value, case .array(let messages) = root.first?.1 else {
        Issue.record("no messages array")
        return
    }
    #expect(messages.count == count)
    guard case .object(let last)? = messages.last else {
        Issue.record("the last message is not an object")
        return
    }
    #expect(last.first?.1 == "m19999")
    // Written back, each "\u00e9" (6 bytes) becomes "é" (2 bytes); nothing else changes.
    #expect(value.serialized().utf8.count == text.utf8.count - count * 4)
}

extension String {
    fileprivate func replacingOccurrences(_ target: Character, with replacement: String) -> String {
        var result = ""
        for character in self {
            if character == target { result += replacement } else { result.append(character) }
        }
        return result
    }
}
