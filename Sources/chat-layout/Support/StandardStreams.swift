import ChatLayoutKit
import Foundation

/// Input that cannot be laid out: exit code 1, with a message that says where.
struct BadInput: Error {
    var message: String
}

enum StandardError {
    /// Writes `text` to stderr, each line made plain (``UntrustedText/plain(_:)``): error
    /// messages quote values from the document, and a document must not be able to drive the
    /// terminal, or reorder the rest of a message, through them either.
    static func write(_ text: String) {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { UntrustedText.plain(String($0)) }
        FileHandle.standardError.write(Data(lines.joined(separator: "\n").utf8))
    }
}

/// Buffered standard output: one write per 64 KiB, not one per line.
struct StandardOutput {
    private var buffer: [UInt8] = []

    init() { buffer.reserveCapacity(1 << 16) }

    mutating func write(_ text: String) {
        buffer.append(contentsOf: text.utf8)
        if buffer.count >= 1 << 16 { flush() }
    }

    mutating func flush() {
        guard !buffer.isEmpty else { return }
        buffer.withUnsafeBufferPointer { bytes in
            var offset = 0
            while offset < bytes.count {
                let written = Foundation.write(1, bytes.baseAddress! + offset, bytes.count - offset)
                if written <= 0 { break }
                offset += written
            }
        }
        buffer.removeAll(keepingCapacity: true)
    }
}

enum StandardInput {
    /// The lines of standard input: split at "\n", a "\r" before it dropped, no empty line
    /// after a final "\n"; invalid UTF-8 becomes U+FFFD.
    static func lines() -> [String] {
        let data = FileHandle.standardInput.readDataToEndOfFile()
        return splitLines(data)
    }

    static func splitLines(_ data: Data) -> [String] {
        var lines: [String] = []
        var start = data.startIndex
        var index = data.startIndex
        while index < data.endIndex {
            if data[index] == 0x0A {
                var end = index
                if end > start && data[end - 1] == 0x0D { end -= 1 }
                lines.append(String(decoding: data[start ..< end], as: UTF8.self))
                start = index + 1
            }
            index += 1
        }
        if start < data.endIndex {
            var end = data.endIndex
            if end > start && data[end - 1] == 0x0D { end -= 1 }
            lines.append(String(decoding: data[start ..< end], as: UTF8.self))
        }
        return lines
    }
}
