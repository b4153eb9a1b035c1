import ChatLayoutDecoding
import ChatLayoutKit
import Testing

private func reader(_ json: String) throws -> JSONReader { JSONReader(try JSONParser.parse(json)) }

private func failure(_ path: String, _ message: String) -> DocumentError {
    DocumentError(path: path, message: message)
}

private let conversation = #"""
{
  "context": {"now": "2024-03-05T10:00:00Z", "current_user_id": "luke"},
  "messages": [
    {"id": "m0", "created_at": "2024-03-05T09:41:00Z", "reply_count": 2, "pinned": false},
    {"id": "m1", "user": {"id": 7}, "created_at": 42, "score": 2.5},
    {"id": "m2", "deleted_at": null, "reply_count": 3.0, "reaction_scores": {"like": 1, "love": 2}}
  ],
  "odd key": {"a.b": [[10, 20], [30]]}
}
"""#

// MARK: - Paths

@Test func paths_nameKeysWithDotsAndIndexesInBrackets() throws {
    let root = try reader(conversation)
    #expect(root.path == "")
    #expect(root["context"]["now"].path == "context.now")
    #expect(root["messages"][3]["created_at"].path == "messages[3].created_at")
    #expect(root["_private"]["x9"].path == "_private.x9")
    #expect(root[0][1].path == "[0][1]")
}

@Test func paths_bracketKeysThatAreNotIdentifiers() throws {
    let root = try reader(conversation)
    #expect(root["odd key"].path == #"["odd key"]"#)
    #expect(root["odd key"]["a.b"][1][0].path == #"["odd key"]["a.b"][1][0]"#)
    #expect(root["context"]["1st"].path == #"context["1st"]"#)
    #expect(root["say \"hi\""].path == #"["say \"hi\""]"#)
    #expect(root["é"].path == #"["é"]"#)
    #expect(root[""].path == #"[""]"#)
    #expect(root["\u{1B}[2J"].path == #"["\u{1B}[2J"]"#)
}

@Test func array_givesEachElementItsPath() throws {
    let messages = try reader(conversation)["messages"].array()
    #expect(messages.map(\.path) == ["messages[0]", "messages[1]", "messages[2]"])
    #expect(try messages.map { try $0["id"].string() } == ["m0", "m1", "m2"])
}

@Test func members_keepDocumentOrderAndPaths() throws {
    let scores = try reader(conversation)["messages"][2]["reaction_scores"].members()
    #expect(scores.map(\.key) == ["like", "love"])
    #expect(scores.map(\.value.path) == ["messages[2].reaction_scores.like", "messages[2].reaction_scores.love"])
    #expect(try scores.map { try $0.value.int() } == [1, 2])
}

@Test func errorsInNestedValues_nameTheFullPath() throws {
    let root = try reader(conversation)
    #expect(throws: failure("messages[1].user.id", "expected a string, got the number 7")) {
        try root["messages"].array()[1]["user"]["id"].string()
    }
    #expect(throws: failure(#"["odd key"]["a.b"][1][0]"#, "expected a string, got the number 30")) {
        try root["odd key"]["a.b"].array()[1].array()[0].string()
    }
    #expect(throws: failure(#"["odd key"]["a.b"][1]"#, "expected an object, got an array")) {
        try root["odd key"]["a.b"][1].members()
    }
}

// MARK: - Presence

@Test func navigation_neverFailsAndEndsAbsent() throws {
    let root = try reader(conversation)
    #expect(root["nope"].isAbsent && root["nope"].value == nil)
    #expect(root["context"]["now"]["deeper"].isAbsent)  // a string has no members
    #expect(root["context"][0].isAbsent)  // an object has no elements
    #expect(root["messages"][3].isAbsent && root["messages"][-1].isAbsent)
    #expect(!root["messages"][2].isAbsent)
}

@Test func null_isAbsentButHasAValue() throws {
    let deleted = try reader(conversation)["messages"][2]["deleted_at"]
    #expect(deleted.isAbsent)
    #expect(deleted.value == .null)
}

@Test func falseZeroAndEmpty_areNotAbsent() throws {
    let root = try reader(#"{"f": false, "z": 0, "s": "", "a": [], "o": {}}"#)
    for key in ["f", "z", "s", "a", "o"] {
        #expect(!root[key].isAbsent, "\(key)")
    }
}

@Test func missingRequiredValue_saysMissing() throws {
    let root = try reader(conversation)
    let error = failure("messages[3].created_at", "missing (required)")
    #expect(throws: error) { try root["messages"][3]["created_at"].timestamp() }
    #expect(error.description == "messages[3].created_at: missing (required)")
}

@Test func nullRequiredValue_saysItWasNull() throws {
    #expect(throws: failure("messages[2].deleted_at", "expected an RFC 3339 timestamp, got null")) {
        try reader(conversation)["messages"][2]["deleted_at"].timestamp()
    }
}

// MARK: - Typed accessors

@Test func accessors_readTheirTypes() throws {
    let root = try reader(conversation)
    #expect(try root["context"]["current_user_id"].string() == "luke")
    #expect(try root["messages"][0]["reply_count"].int() == 2)
    #expect(try root["messages"][1]["score"].double() == 2.5)
    #expect(try root["messages"][0]["pinned"].bool() == false)
    #expect(try root["context"]["now"].timestamp() == Timestamp(rfc3339: "2024-03-05T10:00:00Z"))
}

@Test func int_acceptsWholeDoublesInRange() throws {
    #expect(try reader(conversation)["messages"][2]["reply_count"].int() == 3)
    #expect(try reader("[1e3, -0.0, -9223372036854775808.0]")[0].int() == 1000)
    #expect(try reader("[1e3, -0.0, -9223372036854775808.0]")[1].int() == 0)
    #expect(try reader("[1e3, -0.0, -9223372036854775808.0]")[2].int() == .min)
}

@Test func int_rejectsFractionsAndOutOfRangeNumbers() throws {
    #expect(throws: failure("[0]", "expected an integer, got the number 1.5")) { try reader("[1.5]")[0].int() }
    #expect(throws: failure("[0]", "expected an integer, got the number 1e+30")) { try reader("[1e30]")[0].int() }
    #expect(throws: failure("[0]", "expected an integer, got the number 9.223372036854776e+18")) {
        try reader("[9223372036854775808]")[0].int()
    }
    #expect(throws: failure("n", #"expected an integer, got the string "3""#)) { try reader(#"{"n": "3"}"#)["n"].int() }
}

@Test func double_acceptsIntegers() throws {
    #expect(try reader("[7]")[0].double() == 7)
    #expect(throws: failure("[0]", "expected a number, got true")) { try reader("[true]")[0].double() }
}

@Test func wrongType_saysWhatWasExpectedAndWhatWasFound() throws {
    let root = try reader(conversation)
    let cases: [(DocumentError, () throws -> Void)] = [
        (failure("context", "expected a string, got an object"), { _ = try root["context"].string() }),
        (failure("messages", "expected an object, got an array"), { _ = try root["messages"].members() }),
        (failure("context.now", "expected an array, got the string \"2024-03-05T10:00:00Z\""),
         { _ = try root["context"]["now"].array() }),
        (failure("messages[0].pinned", "expected a string, got false"), { _ = try root["messages"][0]["pinned"].string() }),
        (failure("messages[0].id", "expected true or false, got the string \"m0\""), { _ = try root["messages"][0]["id"].bool() }),
        (failure("", "expected an array, got an object"), { _ = try root.array() }),
    ]
    for (expected, access) in cases {
        #expect(throws: expected) { try access() }
    }
}

@Test func timestamp_namesTheBadValue() throws {
    let root = try reader(conversation)
    let error = failure("messages[1].created_at", "expected an RFC 3339 timestamp, got the number 42")
    #expect(throws: error) { try root["messages"][1]["created_at"].timestamp() }
    #expect(error.description == "messages[1].created_at: expected an RFC 3339 timestamp, got the number 42")
    #expect(throws: failure("t", #"expected an RFC 3339 timestamp, got the string "2024-02-30T00:00:00Z""#)) {
        try reader(#"{"t": "2024-02-30T00:00:00Z"}"#)["t"].timestamp()
    }
}

@Test func foundStrings_areShortenedWithTheirSizeAndMadeHarmless() throws {
    let long = String(repeating: "x", count: 50)
    #expect(throws: failure("[0]", "expected an integer, got the string \"\(String(repeating: "x", count: 40))… (50 characters)\"")) {
        try JSONReader(.array([.string(long)]))[0].int()
    }
    #expect(throws: failure("[0]", #"expected an integer, got the string "\u{1B}[2J\u{202E}\"\\""#)) {
        try JSONReader(.array([.string("\u{1B}[2J\u{202E}\"\\")]))[0].int()
    }
}

// MARK: - Optional accessors

@Test func optionals_areNilForMissingAndNull() throws {
    let root = try reader(#"{"n": null}"#)
    for field in [root["n"], root["missing"]] {
        #expect(try field.optionalString() == nil)
        #expect(try field.optionalInt() == nil)
        #expect(try field.optionalDouble() == nil)
        #expect(try field.optionalBool() == nil)
        #expect(try field.optionalTimestamp() == nil)
        #expect(try field.optionalArray().isEmpty)
        #expect(try field.optionalMembers().isEmpty)
    }
}

@Test func optionals_readPresentValues() throws {
    let root = try reader(conversation)
    #expect(try root["context"]["current_user_id"].optionalString() == "luke")
    #expect(try root["messages"][0]["reply_count"].optionalInt() == 2)
    #expect(try root["messages"][1]["score"].optionalDouble() == 2.5)
    #expect(try root["messages"][0]["pinned"].optionalBool() == false)
    #expect(try root["messages"][0]["created_at"].optionalTimestamp() == Timestamp(seconds: 1_709_631_660))
    #expect(try root["messages"].optionalArray().count == 3)
}

@Test func optionals_stillRejectTheWrongType() throws {
    let root = try reader(conversation)
    #expect(throws: failure("messages[1].user", "expected a string, got an object")) {
        try root["messages"][1]["user"].optionalString()
    }
    #expect(throws: failure("messages[1].created_at", "expected an RFC 3339 timestamp, got the number 42")) {
        try root["messages"][1]["created_at"].optionalTimestamp()
    }
    #expect(throws: failure("context", "expected an array, got an object")) { try root["context"].optionalArray() }
    #expect(throws: failure("context.now", "expected an integer, got the string \"2024-03-05T10:00:00Z\"")) {
        try root["context"]["now"].optionalInt()
    }
    #expect(throws: failure("messages[1].score", "expected true or false, got the number 2.5")) {
        try root["messages"][1]["score"].optionalBool()
    }
    #expect(throws: failure("messages[0].id", "expected a number, got the string \"m0\"")) {
        try root["messages"][0]["id"].optionalDouble()
    }
}

// MARK: - Errors and warnings as text

@Test func descriptions_placeTheLocationFirst() {
    #expect(DocumentError(path: "", message: "expected an object, got an array").description
        == "top level: expected an object, got an array")
    #expect(DocumentError(line: 3, column: 14, message: "unterminated string").description == "line 3, column 14: unterminated string")
    #expect(DocumentError(message: "no messages").description == "no messages")
    #expect(DocumentWarning(path: "messages[3].type", message: "unknown message type \"poll\", laid out as regular").description
        == "messages[3].type: unknown message type \"poll\", laid out as regular")
}

@Test func readerMadeErrorsAndWarnings_carryThePath() throws {
    let zone = try reader(#"{"context": {"time_zone": "Mars/Olympus"}}"#)["context"]["time_zone"]
    #expect(zone.error("unknown time zone").description == "context.time_zone: unknown time zone")
    #expect(zone.warning("ignored") == DocumentWarning(path: "context.time_zone", message: "ignored"))
}
