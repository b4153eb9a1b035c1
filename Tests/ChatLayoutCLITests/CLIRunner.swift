import Foundation

/// Runs the built `chat-layout` executable, as a user's script would.
struct CLIRunner {
    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
        var stdoutBytes: Data
    }

    /// `chat-layout` sits next to the test bundle in SwiftPM's products folder.
    static let executable: URL = {
        let testBinary = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        var folder = testBinary.deletingLastPathComponent()
        while folder.path != "/" {
            let candidate = folder.appendingPathComponent("chat-layout")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            folder = folder.deletingLastPathComponent()
        }
        return testBinary.deletingLastPathComponent().appendingPathComponent("chat-layout")
    }()

    /// The repository root, for bundled samples and fixtures.
    static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Runs `chat-layout` with `arguments`; `environment` replaces the test's own, when given.
    static func run(_ arguments: [String], stdin: Data = Data(), environment: [String: String]? = nil) throws -> Result {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if let environment { process.environment = environment }
        let input = Pipe(), output = Pipe(), error = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = error
        try process.run()
        // Write and read concurrently so that large inputs cannot deadlock on full pipes.
        feed(stdin, to: input.fileHandleForWriting)
        let errorData = ErrorCollector(error.fileHandleForReading)
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(status: process.terminationStatus, stdout: String(decoding: outputData, as: UTF8.self),
                      stderr: String(decoding: errorData.wait(), as: UTF8.self), stdoutBytes: outputData)
    }

    static func run(_ arguments: [String], stdin: String) throws -> Result {
        try run(arguments, stdin: Data(stdin.utf8))
    }

    /// Writes `data` to a child's standard input, then closes it, on a thread of its own with
    /// SIGPIPE blocked: a child that exits before reading it all (a bad flag refused at once)
    /// leaves the write an EPIPE, not a SIGPIPE that would end the whole test process. (A
    /// write's SIGPIPE goes to the thread that wrote; blocked, it stays pending there and goes
    /// with the thread. The test process's own disposition, which its children inherit, is
    /// left alone.)
    static func feed(_ data: Data, to handle: FileHandle) {
        Thread {
            blockSIGPIPEOnThisThread()
            try? handle.write(contentsOf: data)
            try? handle.close()
        }.start()
    }

    /// Blocks SIGPIPE for the calling thread (one that writes to a child and ends: see
    /// `feed(_:to:)`).
    static func blockSIGPIPEOnThisThread() {
        var pipeSignal = sigset_t()
        sigemptyset(&pipeSignal)
        sigaddset(&pipeSignal, SIGPIPE)
        pthread_sigmask(SIG_BLOCK, &pipeSignal, nil)
    }
}

/// Reads a pipe to its end on a thread of its own.
private final class ErrorCollector: @unchecked Sendable {
    private var data = Data()
    private let done = DispatchSemaphore(value: 0)

    init(_ handle: FileHandle) {
        Thread {
            self.data = handle.readDataToEndOfFile()
            self.done.signal()
        }.start()
    }

    func wait() -> Data {
        done.wait()
        return data
    }
}
