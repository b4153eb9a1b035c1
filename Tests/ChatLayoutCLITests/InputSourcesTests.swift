import Foundation
import Testing

/// Issue 18: where a document can come from, and how much of it is read. Any readable file but
/// a directory is a document — a FIFO, /dev/null (empty, as an empty file is), the /dev/fd/N of
/// a process substitution — and no document is read past the size limit (1 GiB;
/// `CHAT_LAYOUT_MAX_DOCUMENT_BYTES` lowers it), from a file, a redirect or a pipe.
struct InputSourcesTests {
    private static let conversation = CLIRunner.repository.appendingPathComponent("Samples/conversation.json").path
    private static let flags = ["--width", "40", "--now", "2024-03-05T12:00:00Z"]

    /// The test's environment with the document size limit lowered to `bytes`.
    private static func limited(to bytes: Int) -> [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment["CHAT_LAYOUT_MAX_DOCUMENT_BYTES"] = String(bytes)
        return environment
    }

    /// A new FIFO, fed `data` by a thread of its own once the program opens it.
    private static func fifo(feeding data: Data) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("document-\(UUID().uuidString).fifo").path
        #expect(mkfifo(path, 0o600) == 0)
        Thread {
            // A reader that stops early (a document past the limit) leaves the write an EPIPE.
            CLIRunner.blockSIGPIPEOnThisThread()
            // Opening for writing waits for the reader.
            guard let handle = FileHandle(forWritingAtPath: path) else { return }
            try? handle.write(contentsOf: data)
            try? handle.close()
        }.start()
        return path
    }

    private static func tooLarge(_ name: String, _ limit: Int) -> String {
        "chat-layout: \(name): document larger than \(limit) bytes (CHAT_LAYOUT_MAX_DOCUMENT_BYTES), the most chat-layout reads\n"
    }

    // MARK: Files that are not regular files

    @Test func fifo_isReadAsADocument() throws {
        let expected = try CLIRunner.run(["preview", Self.conversation] + Self.flags)
        let path = try Self.fifo(feeding: try Data(contentsOf: URL(fileURLWithPath: Self.conversation)))
        defer { unlink(path) }
        let result = try CLIRunner.run(["preview", path] + Self.flags)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == expected.stdout)
    }

    @Test func devFdDescriptor_isReadAsADocument() throws {
        let expected = try CLIRunner.run(["preview", Self.conversation] + Self.flags)
        let document = try Data(contentsOf: URL(fileURLWithPath: Self.conversation))
        let result = try SpawnedCLI.run(["preview", "/dev/fd/3"] + Self.flags, descriptor3: document)
        #expect(result.exitCode == 0, "\(result.stderr)")
        #expect(result.stdout == expected.stdout)
    }

    @Test func processSubstitution_isReadAsADocument() throws {
        // bash's `<(cat FILE)`: a /dev/fd/N path to a pipe.
        let expected = try CLIRunner.run(["preview", Self.conversation] + Self.flags)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["-c", #"exec "$0" preview <(cat "$1") "${@:2}""#, CLIRunner.executable.path, Self.conversation] + Self.flags
        let output = Pipe(), error = Pipe()
        process.standardOutput = output
        process.standardError = error
        try process.run()
        let drawing = output.fileHandleForReading.readDataToEndOfFile()
        let message = error.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(String(decoding: message, as: UTF8.self))")
        #expect(String(decoding: drawing, as: UTF8.self) == expected.stdout)
    }

    @Test(arguments: [["preview"], ["explain"], ["threads"], ["thread", "--parent", "p"]])
    func devNull_isAnEmptyDocument(command: [String]) throws {
        let empty = FileManager.default.temporaryDirectory.appendingPathComponent("empty-\(UUID().uuidString).json")
        try Data().write(to: empty)
        defer { try? FileManager.default.removeItem(at: empty) }
        let emptyFile = try CLIRunner.run(command + [empty.path])
        let devNull = try CLIRunner.run(command + ["/dev/null"])
        #expect(devNull.status == 1)
        #expect(devNull.stderr == emptyFile.stderr.replacingOccurrences(of: empty.path, with: "/dev/null"), "\(devNull.stderr)")
        #expect(devNull.stderr.contains("the document is empty"))
    }

    @Test func directory_isStillRefused() throws {
        let result = try CLIRunner.run(["preview", FileManager.default.temporaryDirectory.path])
        #expect(result.status == 1)
        #expect(result.stderr.hasSuffix(": is a directory\n"), "\(result.stderr)")
    }

    // MARK: The size limit

    @Test func endlessInput_isRefusedPastTheLimit() throws {
        // The address space is capped: without a limit of its own, the program would fail
        // there, not take the machine's memory.
        let limit = 100_000
        let piped = try SpawnedCLI.run(["preview", "-"], stdin: .path("/dev/zero"), memoryLimitGiB: 2,
                                       environment: Self.limited(to: limit))
        #expect(piped.exitCode == 1)
        #expect(piped.stderr == Self.tooLarge("<stdin>", limit))
        let named = try SpawnedCLI.run(["preview", "/dev/zero"], memoryLimitGiB: 2, environment: Self.limited(to: limit))
        #expect(named.exitCode == 1)
        #expect(named.stderr == Self.tooLarge("/dev/zero", limit))
    }

    @Test func documentOneByteOverTheLimit_isRefused_fromEverySource() throws {
        let document = try Data(contentsOf: URL(fileURLWithPath: Self.conversation))
        let over = Self.limited(to: document.count - 1), exact = Self.limited(to: document.count)
        // A named file and a redirected one (regular files: refused by their size) ...
        let named = try SpawnedCLI.run(["preview", Self.conversation] + Self.flags, environment: over)
        #expect(named.exitCode == 1 && named.stderr == Self.tooLarge(Self.conversation, document.count - 1), "\(named.stderr)")
        let redirected = try SpawnedCLI.run(["preview", "-"] + Self.flags, stdin: .contents(document), environment: over)
        #expect(redirected.exitCode == 1 && redirected.stderr == Self.tooLarge("<stdin>", document.count - 1), "\(redirected.stderr)")
        // ... a pipe and a FIFO (read until past the limit) ...
        let piped = try CLIRunner.run(["preview", "-"] + Self.flags, stdin: document, environment: over)
        #expect(piped.status == 1 && piped.stderr == Self.tooLarge("<stdin>", document.count - 1), "\(piped.stderr)")
        let fifo = try Self.fifo(feeding: document)
        defer { unlink(fifo) }
        let fed = try CLIRunner.run(["preview", fifo] + Self.flags, environment: over)
        #expect(fed.status == 1 && fed.stderr == Self.tooLarge(fifo, document.count - 1), "\(fed.stderr)")
        // ... while a document of exactly the limit is read.
        #expect(try CLIRunner.run(["preview", "-"] + Self.flags, stdin: document, environment: exact).status == 0)
        #expect(try SpawnedCLI.run(["preview", Self.conversation] + Self.flags, environment: exact).exitCode == 0)
    }

    /// A regular file of a megabyte or more is mapped, not read (issue 32): it draws what the
    /// same bytes piped draw, its warnings included, and one byte over the limit is refused by
    /// its size as a file that is read.
    @Test func largeFile_mapped_drawsAsItsBytesPiped() throws {
        var document = try Data(contentsOf: URL(fileURLWithPath: Self.conversation))
        // Padded past a megabyte with whitespace after the document (still one JSON value).
        document.append(Data(repeating: 0x20, count: (1 << 20) + 17))
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("large-\(UUID().uuidString).json").path
        #expect(FileManager.default.createFile(atPath: path, contents: document))
        defer { unlink(path) }
        let mapped = try CLIRunner.run(["preview", path] + Self.flags)
        let piped = try CLIRunner.run(["preview", "-"] + Self.flags, stdin: document)
        #expect(mapped.status == 0 && mapped.stdout == piped.stdout && !mapped.stdout.isEmpty)
        #expect(mapped.stderr == piped.stderr.replacingOccurrences(of: "<stdin>", with: path))
        let over = try SpawnedCLI.run(["preview", path] + Self.flags, environment: Self.limited(to: document.count - 1))
        #expect(over.exitCode == 1 && over.stderr == Self.tooLarge(path, document.count - 1), "\(over.stderr)")
    }

    @Test func fileLargerThanOneGiB_isRefusedBeforeItIsRead() throws {
        // A sparse file one byte over 1 GiB: refused by its size, without reading a byte (the
        // address space is capped in case it were read).
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("huge-\(UUID().uuidString).json").path
        #expect(FileManager.default.createFile(atPath: path, contents: nil))
        defer { unlink(path) }
        #expect(truncate(path, (1 << 30) + 1) == 0)
        let result = try SpawnedCLI.run(["preview", path], memoryLimitGiB: 2)
        #expect(result.exitCode == 1)
        #expect(result.stderr == "chat-layout: \(path): document larger than 1073741824 bytes (1 GiB), the most chat-layout reads\n")
    }

    @Test(arguments: ["2000000000", "-1", "lots", String(repeating: "9", count: 10_000)])
    func limitVariable_outsideZeroToOneGiB_isBadInputNamingIt(value: String) throws {
        var environment = ProcessInfo.processInfo.environment
        environment["CHAT_LAYOUT_MAX_DOCUMENT_BYTES"] = value
        let result = try CLIRunner.run(["preview", Self.conversation], environment: environment)
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("chat-layout: the environment (CHAT_LAYOUT_MAX_DOCUMENT_BYTES): expected a number of bytes from 0 to 1073741824, got '"))
        #expect(result.stderr.count < 200)
    }
}
