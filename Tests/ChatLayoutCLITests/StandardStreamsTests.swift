import Foundation
import Testing

/// Issue 18: the standard streams in the states a shell can leave them in. A standard error
/// that cannot be written never crashes the program (it used to die of SIGILL: Foundation's
/// `FileHandle.write` traps on an error); the exit code stays the command's own. A standard
/// output that cannot be written is exit code 1 with a message, for every command and format
/// (it used to be exit 0: the output lost silently).
struct StandardStreamsTests {
    /// The ways a stream can refuse writes, by name (for the test's arguments).
    static let unwritable = ["closed", "/dev/full", "pipe without reader"]

    static func stream(_ name: String) -> SpawnedCLI.Stream {
        switch name {
        case "closed": .closed
        case "pipe without reader": .pipeWithoutReader
        default: .path(name)
        }
    }

    private static let document = Hostile.document([Hostile.message("m0", text: #""Hi""#)])

    // MARK: Standard error

    @Test(arguments: unwritable)
    func failingCommand_withAStandardErrorThatCannotBeWritten_exitsWithItsOwnCode(stderr: String) throws {
        for (arguments, code) in [(["preview", "/nonexistent/document.json"], Int32(1)), (["preview", "--width", "0"], 2)] {
            // SIGPIPE at its default: a standard error nobody reads must not kill the program.
            let result = try SpawnedCLI.run(arguments, stderr: Self.stream(stderr))
            #expect(result.signal == nil, "\(arguments) with stderr \(stderr): signal \(result.signal ?? 0)")
            #expect(result.exitCode == code, "\(arguments) with stderr \(stderr)")
            #expect(result.stdout.isEmpty)
        }
    }

    @Test(arguments: unwritable)
    func warning_withAStandardErrorThatCannotBeWritten_keepsTheDrawing(stderr: String) throws {
        let document = Hostile.document([Hostile.message("m0", text: #""Hi""#, extra: #", "type": "unheard_of""#)])
        let expected = try CLIRunner.run(["preview", "-", "--width", "30"], stdin: document)
        #expect(expected.stderr.contains("warning"))
        let result = try SpawnedCLI.run(["preview", "-", "--width", "30"], stdin: .contents(Data(document.utf8)),
                                        stderr: Self.stream(stderr))
        #expect(result.signal == nil && result.exitCode == 0, "stderr \(stderr)")
        #expect(result.stdout == expected.stdout)
    }

    // MARK: Standard output

    /// A folder with one payload and its golden drawing, for `golden check`.
    private static func goldenFolder() throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("streams-golden-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: CLIRunner.repository.appendingPathComponent("Samples/conversation.json"),
                                         to: folder.appendingPathComponent("coffee.json"))
        try Data(#"{"width": 40}"#.utf8).write(to: folder.appendingPathComponent("goldens.json"))
        var environment = ProcessInfo.processInfo.environment
        environment["CI"] = nil
        let record = try CLIRunner.run(["golden", "record", folder.path], environment: environment)
        #expect(record.status == 0, "\(record.stderr)")
        return folder.path
    }

    /// Every command, in every format that writes its own way (a drawing a line at a time, a
    /// viewport, JSON, SVG, the tree, explain's lines and JSON, the text tools, golden check,
    /// --help), each with what it reads on standard input.
    private static func everyCommand() throws -> [(arguments: [String], stdin: String)] {
        let conversation = CLIRunner.repository.appendingPathComponent("Samples/conversation.json").path
        let threads = CLIRunner.repository.appendingPathComponent("Samples/threads.json").path
        var commands: [(arguments: [String], stdin: String)] = []
        for format in ["text", "json", "svg", "tree"] {
            commands.append((["preview", conversation, "--format", format], ""))
        }
        commands.append((["preview", conversation, "--height", "12"], ""))
        commands.append((["explain", conversation], ""))
        commands.append((["explain", conversation, "--format", "json"], ""))
        commands.append((["thread", conversation, "--parent", "m5"], ""))
        commands.append((["threads", threads], ""))
        commands.append((["threads", threads, "--format", "json"], ""))
        for tool in [["width"], ["graphemes"], ["breaks"], ["wrap", "--width", "5"]] {
            commands.append((["text"] + tool, "Anyone up for coffee?\n中文\n"))
        }
        commands.append((["golden", "check", try goldenFolder()], ""))
        commands.append((["--help"], ""))
        commands.append((["preview", "--help"], ""))
        commands.append((["--version"], ""))
        return commands
    }

    @Test(arguments: [("/dev/full", "No space left on device"), ("closed", "Bad file descriptor"),
                      ("pipe without reader", "Broken pipe")])
    func everyCommand_withAStandardOutputThatCannotBeWritten_exits1SayingSo(stdout: String, reason: String) throws {
        for (arguments, stdin) in try Self.everyCommand() {
            // Each command writes as it does normally...
            let normal = try SpawnedCLI.run(arguments, stdin: .contents(Data(stdin.utf8)))
            #expect(normal.exitCode == 0 && !normal.stdout.isEmpty, "\(arguments): \(normal.stderr)")
            // ...and says when it cannot: SIGPIPE ignored, as a program that wants EPIPE has it.
            let result = try SpawnedCLI.run(arguments, stdin: .contents(Data(stdin.utf8)), stdout: Self.stream(stdout),
                                            ignoringSIGPIPE: true)
            #expect(result.signal == nil && result.exitCode == 1, "\(arguments) to \(stdout): \(result.exitCode ?? -1), \(result.stderr)")
            #expect(result.stderr.contains("chat-layout: cannot write to standard output: \(reason)\n"), "\(arguments) to \(stdout): \(result.stderr)")
        }
    }

    @Test func longDrawing_toAFullDevice_stopsAtTheFirstFailedWrite() throws {
        // Well over the 64 KiB buffer: the failure comes while drawing, not at the end.
        let messages = (0 ..< 2000).map { Hostile.message("m\($0)", text: #""message \#($0)""#) }
        let document = Data(Hostile.document(messages).utf8)
        for format in ["text", "json", "svg", "tree"] {
            let result = try SpawnedCLI.run(["preview", "-", "--width", "60", "--format", format], stdin: .contents(document),
                                            stdout: .path("/dev/full"))
            #expect(result.exitCode == 1, "\(format): \(result.stderr)")
            #expect(result.stderr == "chat-layout: cannot write to standard output: No space left on device\n", "\(format)")
        }
    }

    @Test func readerGone_withSIGPIPEAtItsDefault_endsAsSIGPIPEDoes() throws {
        // `chat-layout … | head`: the program ends quietly, as `cat` does; the signal is the report.
        let conversation = CLIRunner.repository.appendingPathComponent("Samples/conversation.json").path
        let result = try SpawnedCLI.run(["preview", conversation], stdout: .pipeWithoutReader)
        #expect(result.signal == SIGPIPE)
        #expect(result.stderr.isEmpty)
    }
}
