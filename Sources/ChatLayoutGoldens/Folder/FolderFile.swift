import ChatLayoutKit
import Foundation

/// The most bytes a ``GoldenFolder`` reads from one of its files (the manifest, a payload, a
/// drawing), and how a message names that limit.
public struct FileSizeLimit: Hashable, Sendable, CustomStringConvertible {
    /// The most bytes read.
    public var bytes: Int
    /// How a message names the limit ("1073741824 bytes (1 GiB)").
    public var description: String

    /// A limit of `bytes`, named `description` (by default "N bytes").
    public init(bytes: Int, description: String? = nil) {
        self.bytes = bytes
        self.description = description ?? "\(bytes) bytes"
    }

    /// 1 GiB, the most `chat-layout` reads as one document.
    public static let standard = FileSizeLimit(bytes: 1 << 30, description: "1073741824 bytes (1 GiB)")
}

/// A file of a golden folder, read as `golden` reads every file it is given by a folder: by its
/// own name in the folder, never through a symbolic link (a link could lead out of the folder,
/// to a key or to `/proc/self/environ`, whose bytes a diff would print), only when it is a
/// regular file (a FIFO would never end, a device could be endless), and never past `limit`.
enum FolderFile {
    /// The bytes of the file at `path`, or nil when there is none.
    ///
    /// - Throws: a ``GoldenError`` naming the file (escaped) when it is a symbolic link, a
    ///   directory or anything but a regular file, larger than `limit`, or cannot be read.
    static func read(_ path: String, limit: FileSizeLimit) throws(GoldenError) -> [UInt8]? {
        // O_NOFOLLOW: a link as the last part of the path fails with ELOOP, dangling or not.
        // O_NONBLOCK: opening a FIFO does not wait for a writer (it is refused below).
        let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC | O_NOCTTY)
        guard descriptor >= 0 else {
            let number = errno
            if number == ENOENT { return nil }
            throw refusal(path, number == ELOOP
                ? "is a symbolic link; golden follows none (it could lead out of the folder): make it a copy"
                : "cannot be read: \(String(cString: strerror(number)))")
        }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw refusal(path, "cannot be read: \(String(cString: strerror(errno)))") }
        switch status.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: throw refusal(path, "is a directory")
        default: throw refusal(path, "is not a regular file (a FIFO, a device or a socket); golden reads only regular files")
        }
        // Refused by its size before a byte is read; then never more than the limit is read,
        // even from a file that grows meanwhile.
        let tooLarge = refusal(path, "larger than \(limit), the most chat-layout reads")
        guard Int(status.st_size) <= limit.bytes else { throw tooLarge }
        var bytes = [UInt8](repeating: 0, count: Int(status.st_size) + 1)
        var count = 0
        while true {
            if count == bytes.count {
                guard count <= limit.bytes else { throw tooLarge }
                bytes += [UInt8](repeating: 0, count: min(1 << 16, limit.bytes + 1 - count))
            }
            let got = bytes.withUnsafeMutableBytes { Foundation.read(descriptor, $0.baseAddress! + count, $0.count - count) }
            if got < 0 {
                if errno == EINTR { continue }
                throw refusal(path, "cannot be read: \(String(cString: strerror(errno)))")
            }
            if got == 0 { break }
            count += got
        }
        guard count <= limit.bytes else { throw tooLarge }
        bytes.removeLast(bytes.count - count)
        return bytes
    }

    private static func refusal(_ path: String, _ reason: String) -> GoldenError {
        GoldenError("\(UntrustedText.escaped(path)): \(reason)")
    }
}
