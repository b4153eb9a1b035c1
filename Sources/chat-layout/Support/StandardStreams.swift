import ChatLayoutKit
import Foundation

/// Input that cannot be laid out: exit code 1, with a message that says where.
struct BadInput: Error {
    var message: String
}

/// Standard output could not take what was written (a full disk, a closed descriptor, a reader
/// that went away while SIGPIPE was ignored): exit code 1, said on standard error, so that no
/// output is lost silently.
struct OutputFailure: Error {
    /// The `errno` of the failed `write(2)`.
    var errorNumber: Int32

    var message: String { "cannot write to standard output: \(String(cString: strerror(errorNumber)))" }
}

/// The process's standard streams, as the CLI sets them up before any work.
enum StandardStreams {
    /// Whether SIGPIPE was ignored when the program started (`trap '' PIPE`): only then is a
    /// reader that went away an error to report; otherwise the program dies of SIGPIPE, as
    /// `cat` does under `| head`. Set once by ``prepare()``, before anything else runs.
    nonisolated(unsafe) private(set) static var sigpipeWasIgnored = false

    /// Makes the standard streams safe to use, whatever state they were left in:
    /// - a closed descriptor 0, 1 or 2 is held by /dev/null opened the wrong way round (stdin
    ///   for writing, stdout and stderr for reading), so that a file the program opens cannot
    ///   take its number (and receive its output), and every read or write on it fails;
    /// - SIGPIPE is ignored: a standard error that nobody reads is a failed write, not a
    ///   death. Standard output's reader going away ends the program as SIGPIPE would
    ///   (`endAsSIGPIPEWould()`), unless SIGPIPE was ignored at start: then it is an
    ///   ``OutputFailure`` like any other.
    static func prepare() {
        for (descriptor, mode) in [(Int32(0), O_WRONLY), (1, O_RDONLY), (2, O_RDONLY)] where fcntl(descriptor, F_GETFD) == -1 {
            let placeholder = open("/dev/null", mode | O_CLOEXEC)
            if placeholder >= 0 && placeholder != descriptor {
                dup2(placeholder, descriptor)
                close(placeholder)
            }
        }
        let previous = signal(SIGPIPE, SIG_IGN)
        sigpipeWasIgnored = unsafeBitCast(previous, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self)
    }

    /// Dies of SIGPIPE, as a program that does not ignore it does when its reader goes away
    /// (`chat-layout … | head`), unless SIGPIPE was ignored when the program started.
    static func endAsSIGPIPEWould() {
        guard !sigpipeWasIgnored else { return }
        signal(SIGPIPE, SIG_DFL)
        raise(SIGPIPE)
    }

    /// Writes all of `bytes` to `descriptor`, again after an interruption and after a partial
    /// write; the `errno` of the write that failed, nil when all were written.
    static func write(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32) -> Int32? {
        var offset = 0
        while offset < bytes.count {
            let written = Foundation.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                return errno
            }
            // Nothing written and no error: the device takes no more.
            if written == 0 { return EIO }
            offset += written
        }
        return nil
    }
}

enum StandardError {
    /// Writes `text` to stderr, each line made plain (``UntrustedText/plain(_:)``): error
    /// messages quote values from the document, and a document must not be able to drive the
    /// terminal, or reorder the rest of a message, through them either.
    ///
    /// The text is split at its own line feeds before each line is made plain, so a value
    /// quoted in it must come already escaped whole — a file name through
    /// ``UntrustedText/escaped(_:)`` (`DocumentSource.name`, `golden`'s messages), a value from
    /// a document made plain or quoted — or a line feed in it would start a line of its own.
    ///
    /// A standard error that is closed, full or read by nobody drops the text: there is no
    /// other place to report it, and the exit code still says how the command ended.
    static func write(_ text: String) {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { UntrustedText.plain(String($0)) }
        let bytes = Array(lines.joined(separator: "\n").utf8)
        _ = bytes.withUnsafeBytes { StandardStreams.write($0, to: 2) }
    }
}

/// Buffered standard output: one write per 64 KiB, not one per line. A write that fails
/// throws ``OutputFailure``, and every later one too: nothing is written after a loss.
struct StandardOutput {
    private var buffer: [UInt8] = []

    init() { buffer.reserveCapacity(1 << 16) }

    mutating func write(_ text: String) throws {
        buffer.append(contentsOf: text.utf8)
        if buffer.count >= 1 << 16 { try flush() }
    }

    /// Writes UTF-8 bytes as they are (the text renderer's lines).
    mutating func write(utf8 bytes: UnsafeBufferPointer<UInt8>) throws {
        buffer.append(contentsOf: bytes)
        if buffer.count >= 1 << 16 { try flush() }
    }

    mutating func flush() throws {
        guard !buffer.isEmpty else { return }
        let failure = buffer.withUnsafeBytes { StandardStreams.write($0, to: 1) }
        buffer.removeAll(keepingCapacity: true)
        if let failure { throw OutputFailure(errorNumber: failure) }
    }
}

enum StandardInput {
    /// Hands `body` each line of standard input as it arrives — split at "\n", a "\r" before
    /// it dropped, no empty line after a final "\n", invalid UTF-8 as U+FFFD — and calls
    /// `afterEachRead` once the lines of each read are handled, before the next read waits
    /// for more: an answer can be written there before the next line is typed. Memory stays
    /// bounded whatever comes in: a line longer than `limit` is bad input.
    static func forEachLine(limit: SizeLimit, _ body: (String) throws -> Void, afterEachRead: () throws -> Void) throws {
        var pending: [UInt8] = [] // the start of a line whose end has not arrived
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        var number = 0
        func tooLong() -> BadInput {
            BadInput(message: "<stdin>: line \(number + 1) longer than \(limit), the most chat-layout reads")
        }
        while true {
            let got = chunk.withUnsafeMutableBytes { read(0, $0.baseAddress, $0.count) }
            if got < 0 {
                if errno == EINTR { continue }
                throw BadInput(message: "<stdin>: cannot be read: \(String(cString: strerror(errno)))")
            }
            if got == 0 { break }
            let received = chunk[..<got]
            var start = received.startIndex
            while let end = received[start...].firstIndex(of: 0x0A) {
                guard pending.count + (end - start) <= limit.bytes else { throw tooLong() }
                if pending.isEmpty {
                    try body(line(received[start ..< end]))
                } else {
                    pending.append(contentsOf: received[start ..< end])
                    try body(line(pending[...]))
                    pending.removeAll(keepingCapacity: true)
                }
                number += 1
                start = end + 1
            }
            guard pending.count + (received.endIndex - start) <= limit.bytes else { throw tooLong() }
            pending.append(contentsOf: received[start...])
            try afterEachRead()
        }
        if !pending.isEmpty { try body(line(pending[...])) }
    }

    /// A line's bytes without its "\n" as text: a "\r" at its end dropped, invalid UTF-8 as
    /// U+FFFD.
    private static func line(_ bytes: ArraySlice<UInt8>) -> String {
        String(decoding: bytes.last == 0x0D ? bytes.dropLast() : bytes, as: UTF8.self)
    }
}
