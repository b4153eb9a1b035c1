import Foundation
import Testing

/// Issue 18: the standard streams in the states a shell can leave them in. A standard error
/// that cannot be written never crashes the program (it used to die of SIGILL: Foundation's
/// `FileHandle.write` traps on an error); the exit code stays the command's own.
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
}
