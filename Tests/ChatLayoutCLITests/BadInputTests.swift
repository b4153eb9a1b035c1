import Foundation
import Testing

/// Issue 7: every bad document is answered with exit code 1 and a message that says where
/// (line and column for malformed JSON, the JSON path for a bad value), every bad flag with
/// exit code 2 naming the flag; never a crash, a hang, or a message silently dropped.
struct BadInputTests {
    /// A bad document and what its error must say.
    struct BadDocument: CustomTestStringConvertible, Sendable {
        var name: String
        var bytes: Data
        var says: [String]
        var testDescription: String { name }

        init(_ name: String, _ text: String, says: [String]) {
            self.init(name, Data(text.utf8), says: says)
        }

        init(_ name: String, _ bytes: Data, says: [String]) {
            self.name = name
            self.bytes = bytes
            self.says = says
        }
    }

    private static let valid = Hostile.document([
        Hostile.message("m0", text: #""first""#),
        Hostile.message("m1", text: #""second""#, at: "2024-03-05T09:01:00Z"),
    ])

    /// `valid` with its first message's `"text": "first"` replaced by `replacement`.
    private static func withFirstMessage(_ replacement: String) -> String {
        valid.replacingOccurrences(of: #""text": "first""#, with: replacement)
    }

    static let badDocuments: [BadDocument] = [
        // Malformed and truncated JSON: line and column.
        BadDocument("truncated in a string", String(valid.prefix(200)), says: ["line 4, column 2", "unterminated string"]),
        BadDocument("truncated between values", String(valid.prefix(valid.range(of: "\"m1\"")!.lowerBound.utf16Offset(in: valid))),
                    says: ["line 5, column", "unexpected end of the document"]),
        BadDocument("missing comma", #"{"messages": [{"id": "a"} {"id": "b"}]}"#, says: ["line 1, column 27", "expected ',' or ']'"]),
        BadDocument("deep nesting", #"{"messages": "# + String(repeating: "[", count: 600), says: ["line 1, column 525", "nesting deeper than 512 levels"]),
        BadDocument("100k open brackets", String(repeating: "[", count: 100_000), says: ["line 1, column 513", "nesting deeper than 512 levels"]),
        BadDocument("raw NUL in a string", "{\"messages\": [{\"id\": \"a\u{0}\"}]}", says: ["line 1, column 24", "unescaped control character U+0000"]),
        BadDocument("invalid UTF-8 outside a string", Data(#"{"messages": ["#.utf8) + Data([0xFF, 0xFE]) + Data("]}".utf8),
                    says: ["line 1, column 15", "unexpected byte 0xFF"]),
        BadDocument("not an object", "[1, 2]", says: ["the document must be a JSON object"]),
        // Wrong types: the JSON path.
        BadDocument("messages not an array", #"{"messages": {"id": "a"}}"#, says: ["messages:", "expected an array"]),
        BadDocument("text a number", withFirstMessage(#""text": 42"#), says: ["messages[0].text", "expected a string"]),
        BadDocument("user a string", #"{"messages": [{"id": "a", "user": "x", "created_at": "2024-03-05T09:00:00Z"}]}"#,
                    says: ["messages[0].user.id", "missing"]),
        BadDocument("attachments an object", withFirstMessage(#""text": "first", "attachments": {"type": "image"}"#),
                    says: ["messages[0].attachments", "expected an array"]),
        BadDocument("reaction score a string", withFirstMessage(#""text": "first", "reaction_scores": {"like": "many"}"#),
                    says: ["messages[0].reaction_scores.like", "expected an integer"]),
        BadDocument("now a number", valid.replacingOccurrences(of: #""now": "2024-03-05T12:00:00Z""#, with: #""now": 1709640000"#),
                    says: ["context.now", "RFC 3339"]),
        // Missing and duplicate ids: never a message dropped without a word.
        BadDocument("missing id", valid.replacingOccurrences(of: #""id": "m1", "#, with: ""), says: ["messages[1].id", "missing"]),
        BadDocument("empty-string ids twice", valid.replacingOccurrences(of: #""id": "m0""#, with: #""id": """#)
                    .replacingOccurrences(of: #""id": "m1""#, with: #""id": """#),
                    says: ["messages[1].id", "duplicate message id ''", "first at messages[0])"]),
        BadDocument("duplicate id", valid.replacingOccurrences(of: #""id": "m1""#, with: #""id": "m0""#),
                    says: ["messages[1].id", "duplicate message id 'm0'", "first at messages[0])"]),
        BadDocument("duplicate thread", #"{"threads": [\#(["p", "q", "p"].map { #"{"parent_message_id": "\#($0)", "parent_message": {"id": "\#($0)", "user": {"id": "x"}, "created_at": "2024-03-05T09:00:00Z"}}"# }.joined(separator: ", "))]}"#,
                    says: ["threads[2]", "duplicate thread for parent message 'p'", "first at threads[0]"]),
        BadDocument("duplicate reply id", #"{"messages": [{"id": "p", "user": {"id": "x"}, "created_at": "2024-03-05T09:00:00Z"}], "threads": [{"parent_message_id": "p", "latest_replies": [\#(["A", "B"].map { #"{"id": "r", "text": "\#($0)", "user": {"id": "y"}, "created_at": "2024-03-05T09:00:00Z"}"# }.joined(separator: ", "))]}]}"#,
                    says: ["threads[0].latest_replies[1].id", "duplicate reply id 'r'", "first at threads[0].latest_replies[0]"]),
        // Timestamps outside RFC 3339.
        BadDocument("February 30", valid.replacingOccurrences(of: "2024-03-05T09:00:00Z", with: "2024-02-30T09:00:00Z"),
                    says: ["messages[0].created_at", "RFC 3339"]),
        BadDocument("year 10000", valid.replacingOccurrences(of: "2024-03-05T09:00:00Z", with: "10000-01-01T00:00:00Z"),
                    says: ["messages[0].created_at", "RFC 3339"]),
        BadDocument("negative year", valid.replacingOccurrences(of: "2024-03-05T09:00:00Z", with: "-0001-01-01T00:00:00Z"),
                    says: ["messages[0].created_at", "RFC 3339"]),
        BadDocument("no zone", valid.replacingOccurrences(of: "2024-03-05T09:00:00Z", with: "2024-03-05T09:00:00"),
                    says: ["messages[0].created_at", "RFC 3339"]),
        // Unknown time zones and locales in the document: the field.
        BadDocument("unknown time zone", valid.replacingOccurrences(of: #""time_zone": "UTC""#, with: #""time_zone": "Mars/Olympus""#),
                    says: ["context.time_zone", "unknown time zone 'Mars/Olympus'"]),
        BadDocument("unknown locale", valid.replacingOccurrences(of: #""locale": "en_US""#, with: #""locale": "qq_ZZ""#),
                    says: ["context.locale", "unknown locale 'qq_ZZ'"]),
        BadDocument("hostile unknown time zone", valid.replacingOccurrences(of: #""time_zone": "UTC""#, with: #""time_zone": "\u001b]0;pwned\u0007""#),
                    says: ["context.time_zone", "unknown time zone"]),
    ]

    @Test(arguments: badDocuments)
    func badDocument_exitsOne_sayingWhere(_ bad: BadDocument) throws {
        for command in [["preview"], ["explain"], ["preview", "--format", "svg"]] {
            let result = try CLIRunner.run(command + ["-", "--width", "40"], stdin: bad.bytes)
            #expect(result.status == 1, "\(command): \(result.stderr)")
            #expect(result.stdout.isEmpty, "\(command)")
            for words in bad.says { #expect(result.stderr.contains(words), "\(command): expected \(words.debugDescription) in \(result.stderr.debugDescription)") }
            #expect(Hostile.firstControl(in: result.stderr) == nil, "\(command): \(result.stderr.debugDescription)")
        }
    }

    // MARK: - Flags

    @Test(arguments: [
        (["--width", "0"], "--width must be 1 or more"),
        (["--width=-5"], "--width must be 1 or more"),
        (["--width", "10001"], "--width must be at most 10000"),
        (["--width", "1000000"], "--width must be at most 10000"),
        (["--width", "9223372036854775807"], "--width must be at most 10000"),
        (["--width", "99999999999999999999"], "--width"),
        (["--height", "0"], "--height must be 1 or more"),
        (["--height", "10001"], "--height must be at most 10000"),
        (["--height", "100000000"], "--height must be at most 10000"),
        (["--height", "10", "--scroll-offset", "-1"], "--scroll-offset"),
        (["--time-zone", "Mars/Olympus"], "--time-zone: unknown time zone 'Mars/Olympus'"),
        (["--locale", "qq_ZZ"], "--locale: unknown locale 'qq_ZZ'"),
        (["--now", "10000-01-01T00:00:00Z"], "--now must be an RFC 3339 timestamp"),
        (["--now", "\u{1B}[2Jyesterday"], "--now must be an RFC 3339 timestamp"),
    ])
    func badFlag_exitsTwo_namingTheFlag(flags: [String], says: String) throws {
        let result = try CLIRunner.run(["preview", "-"] + flags, stdin: Self.valid)
        #expect(result.status == 2, "\(flags): \(result.stderr)")
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains(says), "\(flags): \(result.stderr.debugDescription)")
        #expect(Hostile.firstControl(in: result.stderr) == nil, "\(flags): \(result.stderr.debugDescription)")
    }

    /// A flag refused before the input is read leaves the input unread: a writer still
    /// writing gets EPIPE. Eight megabytes (far more than a pipe holds) make that certain; the
    /// tests' runner must survive it (a SIGPIPE ended the whole test process when a refusal
    /// came before the runner's write, under load).
    @Test func badFlag_refusedBeforeAHugeInputIsRead_endsTheRunOnlyForIt() throws {
        let result = try CLIRunner.run(["preview", "-", "--width", "0"], stdin: Data(repeating: 0x20, count: 8 << 20))
        #expect(result.status == 2, "\(result.stderr)")
        #expect(result.stderr.contains("--width"), "\(result.stderr)")
    }

    @Test func badTimeZoneFromTheEnvironment_isNamedAsSuch() throws {
        let document = #"{"messages": [{"id": "a", "text": "hi", "user": {"id": "x"}, "created_at": "2024-03-05T09:00:00Z"}]}"#
        let process = Process()
        process.executableURL = CLIRunner.executable
        process.arguments = ["explain", "-", "--now", "2024-03-05T12:00:00Z", "--locale", "en_US"]
        process.environment = ["TZ": "Nowhere/Land"]
        let input = Pipe(), error = Pipe()
        process.standardInput = input
        process.standardOutput = FileHandle.nullDevice
        process.standardError = error
        try process.run()
        CLIRunner.feed(Data(document.utf8), to: input.fileHandleForWriting)
        let message = String(decoding: error.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 1)
        #expect(message.contains("the environment (TZ): unknown time zone 'Nowhere/Land'"), "\(message)")
    }

    @Test func widestScreen_isDrawnWithinIt() throws {
        let result = try CLIRunner.run(["preview", "-", "--width", "10000"], stdin: Self.valid)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try Hostile.rowsWiderThan(10_000, in: result.stdout).isEmpty)
        #expect(Hostile.rows(result.stdout).first?.count == 10_000, "the header spans the width")
    }

    @Test func tallestViewport_isAsTallAsAsked() throws {
        let result = try CLIRunner.run(["preview", "-", "--width", "30", "--height", "10000", "--scroll-offset", "0"], stdin: Self.valid)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(Hostile.rows(result.stdout).count == 10_000)
    }

    @Test func textWrap_atAHugeWidth_givesOneLine() throws {
        let result = try CLIRunner.run(["text", "wrap", "--width", "9223372036854775807"], stdin: "a few words\n")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == #"["a few words"]"# + "\n")
        for width in ["0", "-1"] {
            let bad = try CLIRunner.run(["text", "wrap", "--width", width], stdin: "x\n")
            #expect(bad.status == 2)
            #expect(bad.stderr.contains("--width"))
        }
    }
}
