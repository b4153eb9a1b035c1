#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A mapped document's pages fault (`SIGBUS`) when another process cuts the file shorter while
/// it is read. While one is decoded, that signal ends the command as bad input does — a line on
/// standard error naming the file, exit status 2 — instead of a crash.
///
/// The handler may only call what is safe in a signal handler: it writes a message made before
/// it was installed and leaves with `_exit`.
enum MappedReadGuard {
    /// Runs `body` with the handler installed when `isMapped`, and the one before it restored
    /// after. `name` is the document's name as errors print it.
    static func run<Result>(name: String, isMapped: Bool, _ body: () throws -> Result) rethrows -> Result {
        guard isMapped else { return try body() }
        let line = "chat-layout: \(name): the file was cut shorter while it was read\n"
        guardMessage = strdup(line)
        guardMessageLength = strlen(guardMessage!)
        let previous = signal(SIGBUS, { _ in
            if let message = guardMessage { _ = write(2, message, guardMessageLength) }
            _exit(2)
        })
        defer {
            signal(SIGBUS, previous)
            free(guardMessage)
            guardMessage = nil
        }
        return try body()
    }
}

/// The handler's message and its length, set before it is installed (a signal handler must not
/// make a string, nor start a lazy global).
nonisolated(unsafe) private var guardMessage: UnsafeMutablePointer<CChar>?
nonisolated(unsafe) private var guardMessageLength = 0
