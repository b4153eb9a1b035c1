#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import ChatLayoutKit

/// A document file's bytes mapped into memory read-only (`mmap`), for the command line's large
/// documents: no copy of them is made on the heap (reading the million-message document's
/// 367 MB into an array took 0.23 s), and its pages are the kernel's file cache, which the
/// process does not have to fill or free — and hands back as soon as the messages in them are
/// decoded (`MADV_DONTNEED`: the decoder's memory is then the model's, not the document's too).
/// Unmapped when the last reference goes.
///
/// A mapped file cut shorter by another process while it is read faults (`SIGBUS`) where a read
/// copy would not; the command line maps only regular files, and turns that signal into an error
/// naming the file while it decodes one (`MappedReadGuard`).
package final class MappedDocument: @unchecked Sendable {
    /// The file's bytes as they were mapped.
    package let bytes: UnsafeBufferPointer<UInt8>

    private init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    /// The first `count` bytes of the file open at `descriptor`, mapped and read ahead
    /// (`MAP_POPULATE`); nil when it cannot be mapped (the caller then reads it) or `count` is 0.
    package static func map(descriptor: Int32, count: Int) -> MappedDocument? {
        guard count > 0 else { return nil }
        #if os(Linux)
        let flags = MAP_PRIVATE | MAP_POPULATE
        #else
        let flags = MAP_PRIVATE
        #endif
        guard let address = mmap(nil, count, PROT_READ, flags, descriptor, 0), address != MAP_FAILED else { return nil }
        return MappedDocument(bytes: UnsafeBufferPointer(start: address.assumingMemoryBound(to: UInt8.self), count: count))
    }

    deinit {
        munmap(UnsafeMutableRawPointer(mutating: bytes.baseAddress), bytes.count)
    }
}

extension ConversationDecoder {
    /// Decodes a mapped document as ``decode(_:channel:profile:)`` decodes its bytes.
    package static func decode(_ document: MappedDocument, channel cid: String? = nil,
                               profile: LayoutProfile? = nil) throws(DocumentError) -> ConversationDocument {
        try decode(document.bytes, channel: cid, profile: profile, releasingPages: MessagePipeline.releasedAtOnce)
    }
}
