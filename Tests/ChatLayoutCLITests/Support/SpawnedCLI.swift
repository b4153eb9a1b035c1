import Foundation

/// Runs the built `chat-layout` with its standard streams as a shell can leave them — closed
/// (`2>&-`), a device (`>/dev/full`), a pipe whose reader is gone — and SIGPIPE either at its
/// default or ignored (`trap '' PIPE`), which `Process` cannot arrange.
enum SpawnedCLI {
    /// What a standard stream of the program is.
    enum Stream {
        /// Closed (`>&-`).
        case closed
        /// A file or device opened for reading (standard input) or writing (the others).
        case path(String)
        /// A file holding these bytes (standard input only).
        case contents(Data)
        /// A pipe whose reading end is closed before the program starts: a write fails
        /// with EPIPE, or raises SIGPIPE.
        case pipeWithoutReader
        /// A temporary file read back after the run (standard output and error only).
        case captured
    }

    /// How the run ended.
    struct Result {
        /// The exit code, or nil when a signal ended the program.
        var exitCode: Int32?
        /// The signal that ended the program, if one did.
        var signal: Int32?
        var stdout: String
        var stderr: String
    }

    /// Runs `chat-layout arguments` with the streams given; `ignoringSIGPIPE` starts it with
    /// SIGPIPE ignored (through `sh -c "trap '' PIPE; exec …"`), else at its default.
    /// `descriptor3`, when given, is readable on descriptor 3 (`/dev/fd/3`) through a pipe.
    /// `memoryLimitGiB` caps the program's address space (`ulimit -v`), so that a program that
    /// would read without end fails instead of taking the machine's memory.
    static func run(_ arguments: [String], stdin: Stream = .path("/dev/null"), stdout: Stream = .captured,
                    stderr: Stream = .captured, ignoringSIGPIPE: Bool = false, descriptor3: Data? = nil,
                    memoryLimitGiB: Int? = nil, environment: [String: String]? = nil) throws -> Result {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("spawned-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        var parentEnds: [Int32] = [] // closed once the program is started
        defer { parentEnds.forEach { close($0) } }

        for (descriptor, stream) in [(Int32(0), stdin), (1, stdout), (2, stderr)] {
            let writes = descriptor != 0
            switch stream {
            case .closed:
                posix_spawn_file_actions_addclose(&actions, descriptor)
            case .path(let path):
                posix_spawn_file_actions_addopen(&actions, descriptor, path, writes ? O_WRONLY : O_RDONLY, 0)
            case .contents(let data):
                let file = folder.appendingPathComponent("stdin")
                try data.write(to: file)
                posix_spawn_file_actions_addopen(&actions, descriptor, file.path, O_RDONLY, 0)
            case .captured:
                let file = folder.appendingPathComponent("\(descriptor)")
                posix_spawn_file_actions_addopen(&actions, descriptor, file.path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
            case .pipeWithoutReader:
                let (reading, writing) = try pipe(in: folder, name: "\(descriptor)")
                close(reading)
                parentEnds.append(writing)
                posix_spawn_file_actions_adddup2(&actions, writing, descriptor)
            }
        }
        // Opening /dev/fd/3 opens the pipe anew, which waits for a writer: the writing end
        // stays open here until the program has read what it holds.
        var descriptor3Writer: Int32?
        if let descriptor3 {
            let (reading, writing) = try pipe(in: folder, name: "3")
            parentEnds.append(reading)
            posix_spawn_file_actions_adddup2(&actions, reading, 3)
            // Small enough for the pipe's buffer: written before the program starts.
            precondition(descriptor3.count < 1 << 16)
            _ = descriptor3.withUnsafeBytes { write(writing, $0.baseAddress, $0.count) }
            descriptor3Writer = writing
            _ = fcntl(reading, F_SETFL, 0) // the program reads it blocking
        }
        defer { descriptor3Writer.map { _ = close($0) } }

        // SIGPIPE at its default in the program (or in the shell that ignores it for it), and
        // no signal blocked, whatever the test runner does with them.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var defaults = sigset_t(), mask = sigset_t()
        sigemptyset(&defaults)
        sigaddset(&defaults, SIGPIPE)
        sigemptyset(&mask)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setsigmask(&attributes, &mask)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))

        let program = CLIRunner.executable.path
        var shell = ignoringSIGPIPE ? "trap '' PIPE; " : ""
        if let memoryLimitGiB { shell += "ulimit -v \(memoryLimitGiB << 20); " }
        let argv = shell.isEmpty ? [program] + arguments : ["/bin/sh", "-c", shell + "exec \"$0\" \"$@\"", program] + arguments
        let environ = (environment ?? ProcessInfo.processInfo.environment).map { "\($0.key)=\($0.value)" }
        let cArguments = argv.map { strdup($0) } + [nil]
        let cEnvironment = environ.map { strdup($0) } + [nil]
        defer { (cArguments + cEnvironment).forEach { free($0) } }

        var pid = pid_t()
        let spawned = posix_spawn(&pid, argv[0], &actions, &attributes, cArguments, cEnvironment)
        guard spawned == 0 else { throw POSIXError(POSIXErrorCode(rawValue: spawned) ?? .EINVAL) }
        parentEnds.forEach { close($0) }
        parentEnds = []

        var status: Int32 = 0
        var exited = false
        if let writer = descriptor3Writer {
            // Until the program has read the pipe empty, or has ended without reading it.
            var unread: Int32 = 1
            while !exited && ioctl(writer, UInt(FIONREAD), &unread) == 0 && unread > 0 {
                exited = waitpid(pid, &status, WNOHANG) == pid
                usleep(1000)
            }
            close(writer)
            descriptor3Writer = nil
        }
        while !exited && waitpid(pid, &status, 0) == -1 && errno == EINTR {}
        let signal = status & 0x7F
        func captured(_ descriptor: Int) -> String {
            (try? String(contentsOf: folder.appendingPathComponent("\(descriptor)"), encoding: .utf8)) ?? ""
        }
        return Result(exitCode: signal == 0 ? (status >> 8) & 0xFF : nil, signal: signal == 0 ? nil : signal,
                      stdout: captured(1), stderr: captured(2))
    }

    /// The two ends of a new pipe (a FIFO in `folder`), both close-on-exec from the start, so
    /// that no program another test starts meanwhile can hold one open (`pipe2` is not
    /// visible to Swift).
    private static func pipe(in folder: URL, name: String) throws -> (reading: Int32, writing: Int32) {
        let path = folder.appendingPathComponent("fifo-\(name)").path
        guard mkfifo(path, 0o600) == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        // Opening the reading end first, without waiting, lets the writing end open at once.
        let reading = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        let writing = open(path, O_WRONLY | O_CLOEXEC)
        guard reading >= 0, writing >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        return (reading, writing)
    }
}
