import ChatLayoutDecoding
import ChatLayoutKit
import Foundation

/// Where a document comes from: a file of any kind but a directory — a regular file, a FIFO,
/// a character device such as /dev/null, the /dev/fd/N of a process substitution (`<(cat f)`)
/// — or standard input. It is read in chunks, up to a size cap (``SizeLimit``), so that an
/// endless input (`< /dev/zero`) is refused once past the cap instead of filling memory.
struct DocumentSource {
    /// The path, or nil for standard input.
    var path: String?

    /// How messages name it: the path, escaped whole (a line feed or an escape sequence in it is
    /// shown as `\u{A}`, `\u{1B}`, so that it can neither split the message nor act on the
    /// terminal) and cut when very long, or `<stdin>`.
    var name: String { path.map { UntrustedText.escaped(UntrustedText.shortened($0)) } ?? "<stdin>" }

    /// Why a document could not be read.
    enum Failure: Error {
        case noSuchFile
        case isDirectory
        /// `open(2)`, `fstat(2)` or `read(2)` failed with this `errno`.
        case unreadable(Int32)
        /// More bytes than the limit.
        case tooLarge(SizeLimit)

        /// "no such file", "is a directory", "cannot be read: Permission denied", "document
        /// larger than 1073741824 bytes (1 GiB), the most chat-layout reads".
        var description: String {
            switch self {
            case .noSuchFile: "no such file"
            case .isDirectory: "is a directory"
            case .unreadable(let number): "cannot be read: \(String(cString: strerror(number)))"
            case .tooLarge(let limit): "document larger than \(limit), the most chat-layout reads"
            }
        }
    }

    /// The whole document, read a chunk at a time and refused once past `limit`.
    func read(limit: SizeLimit) throws(Failure) -> [UInt8] {
        guard let path else { return try Self.read(descriptor: 0, limit: limit) }
        let descriptor = try Self.open(path)
        defer { close(descriptor) }
        return try Self.read(descriptor: descriptor, limit: limit)
    }

    /// `path` opened for reading.
    private static func open(_ path: String) throws(Failure) -> Int32 {
        let descriptor = Foundation.open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            let number = errno
            // A name too long for the system cannot name a file either.
            throw number == ENOENT || number == ENOTDIR || number == ENAMETOOLONG ? .noSuchFile : .unreadable(number)
        }
        return descriptor
    }

    /// Regular files from this size on are mapped (``readOrMap(limit:)``), not read.
    static let mappedSize = 1 << 20

    /// A document's contents: its bytes read, or its file mapped.
    enum Contents {
        case bytes([UInt8])
        case mapped(MappedDocument)
    }

    /// The whole document, opened once: mapped into memory when it is a regular file of at
    /// least ``mappedSize`` bytes that does not grow while it is mapped, else read as
    /// ``read(limit:)`` reads it (a FIFO, a device, standard input: opened only once, as their
    /// writers expect). Refused when larger than `limit`.
    func readOrMap(limit: SizeLimit) throws(Failure) -> Contents {
        guard let path else { return .bytes(try Self.read(descriptor: 0, limit: limit)) }
        let descriptor = try Self.open(path)
        defer { close(descriptor) }
        var status = stat()
        if fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG, Int(status.st_size) >= Self.mappedSize {
            let size = Int(status.st_size)
            guard size <= limit.bytes else { throw .tooLarge(limit) }
            if let mapped = MappedDocument.map(descriptor: descriptor, count: size) {
                // A file that grew since (a byte past the size it had) is read whole instead.
                var byte: UInt8 = 0
                if pread(descriptor, &byte, 1, off_t(size)) == 0 { return .mapped(mapped) }
            }
        }
        return .bytes(try Self.read(descriptor: descriptor, limit: limit))
    }

    /// Everything `descriptor` gives up to its end, at most `limit`.
    private static func read(descriptor: Int32, limit: SizeLimit) throws(Failure) -> [UInt8] {
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw .unreadable(errno) }
        if status.st_mode & S_IFMT == S_IFDIR { throw .isDirectory }
        var bytes: [UInt8] = []
        if status.st_mode & S_IFMT == S_IFREG {
            // A regular file says its size: refused before a byte is read when too large, else
            // read straight into the array the decoder reads (no `Data` and no copy of it: a
            // 367 MB document was held twice while it was copied).
            let size = Int(status.st_size)
            guard size <= limit.bytes else { throw .tooLarge(limit) }
            var failure: Int32?
            bytes = [UInt8](unsafeUninitializedCapacity: size) { buffer, count in
                count = 0
                while count < size {
                    let got = Foundation.read(descriptor, buffer.baseAddress! + count, size - count)
                    if got < 0 && errno == EINTR { continue }
                    if got < 0 { failure = errno }
                    guard got > 0 else { break } // an error, or shorter than it said
                    count += got
                }
            }
            if let failure { throw .unreadable(failure) }
        }
        // The rest — all of a pipe's or a device's bytes, what a regular file grew by — a chunk
        // at a time, so that the limit is met before memory is.
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let got = chunk.withUnsafeMutableBytes { Foundation.read(descriptor, $0.baseAddress, $0.count) }
            if got < 0 {
                if errno == EINTR { continue }
                throw .unreadable(errno)
            }
            if got == 0 { return bytes }
            guard got <= limit.bytes - bytes.count else { throw .tooLarge(limit) }
            bytes.append(contentsOf: chunk[..<got])
        }
    }
}

/// The most bytes the CLI reads as one document, or as one line of a text tool: 1 GiB, nearly
/// three times the million-message document of BENCHMARKS.md (367 MB), whose layout already
/// takes a gigabyte of memory. `CHAT_LAYOUT_MAX_DOCUMENT_BYTES` lowers it (for tests, or a
/// service that wants a tighter cap); nothing raises it.
struct SizeLimit: CustomStringConvertible {
    var bytes: Int
    /// Whether the environment variable set it.
    var fromEnvironment = false

    /// 1 GiB.
    static let maximum = 1 << 30

    /// The environment variable that lowers the limit.
    static let variable = "CHAT_LAYOUT_MAX_DOCUMENT_BYTES"

    /// The limit the environment sets: ``maximum``, or less with ``variable``; a value that is
    /// not a number of bytes from 0 to ``maximum`` is bad input naming the variable.
    static func fromEnvironment(_ environment: [String: String] = ProcessInfo.processInfo.environment) throws(BadInput) -> SizeLimit {
        guard let value = environment[variable] else { return SizeLimit(bytes: maximum) }
        guard let bytes = Int(value), (0 ... maximum).contains(bytes) else {
            throw BadInput(message: "the environment (\(variable)): expected a number of bytes from 0 to \(maximum), got '\(UntrustedText.shortened(value))'")
        }
        return SizeLimit(bytes: bytes, fromEnvironment: true)
    }

    /// "1073741824 bytes (1 GiB)", or "1000 bytes (CHAT_LAYOUT_MAX_DOCUMENT_BYTES)".
    var description: String {
        fromEnvironment ? "\(bytes) bytes (\(Self.variable))" : bytes == Self.maximum ? "\(bytes) bytes (1 GiB)" : "\(bytes) bytes"
    }
}
