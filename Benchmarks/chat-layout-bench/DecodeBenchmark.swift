import ChatLayoutDecoding
import ChatLayoutKit
import Foundation

/// `--decode-only`: `ConversationDecoder.decode` of the document alone — its time, and the
/// memory it needs at its peak next to the document's bytes (issue 14: at most twice the
/// document).
///
/// - `decode_first_ms`: the process's first decoding (fresh memory: the model's pages are
///   faulted in, as in a `chat-layout` run); `decode_ms`: the median of `--runs` more.
/// - `decode_peak_rss_bytes`: the document's bytes plus the most resident memory above the
///   resident memory before the first decoding (the kernel's exact high-water mark, `VmHWM`,
///   reset through `/proc/self/clear_refs`). It counts what the allocator keeps after a free
///   too.
/// - `decode_peak_bytes`: the document's bytes plus the most heap in use above what was in use
///   before a decoding (glibc `mallinfo2`), sampled every 2 ms on another thread during one
///   more decoding, untimed (the sampling takes the allocator's lock); a spike shorter than
///   that can be missed.
/// - `model_bytes`: the heap the decoded document keeps (in use after minus before).
enum DecodeBenchmark {
    /// Decodes the document at `path` once, `runs` times more, and once sampling the heap;
    /// prints one line of figures.
    static func run(path: String, runs: Int, pipelined: Bool?) {
        self.pipelined = pipelined
        guard let bytes = readWhole(path) else { fail("cannot read \(path)") }
        let heapBefore = Measuring.heapBytesInUse()
        let rssBefore = residentBytes(field: "VmRSS")
        var (document, firstMilliseconds, rssPeak) = decodeFirst(bytes)
        let modelBytes = Measuring.heapBytesInUse() - heapBefore
        let messages = document?.conversation.messages.count ?? 0
        document = nil

        let timings = (0 ..< runs).map { _ in
            var again: ConversationDocument?
            let milliseconds = Measuring.milliseconds { again = decodeAgain(bytes) }
            precondition(again?.conversation.messages.count == messages, "every run decodes the same document")
            again = nil
            return milliseconds
        }
        let heapPeak = decodeSamplingTheHeap(bytes)
        print([
            "messages=\(messages)", "runs=\(runs)",
            "decode_ms=\(String(format: "%.2f", Measuring.median(timings)))",
            "decode_ms_min=\(String(format: "%.2f", timings.min() ?? firstMilliseconds))",
            "decode_first_ms=\(String(format: "%.2f", firstMilliseconds))",
            "decode_peak_bytes=\(bytes.count + heapPeak)",
            "decode_peak_rss_bytes=\(bytes.count + max(0, rssPeak - rssBefore))",
            "document_bytes=\(bytes.count)",
            "model_bytes=\(modelBytes)",
        ].joined(separator: " "))
        withExtendedLifetime(bytes) {}
    }

    /// The first decoding: the document, its milliseconds, and the resident memory's
    /// high-water mark while it ran.
    @inline(never) static func decodeFirst(_ bytes: [UInt8]) -> (ConversationDocument?, Double, Int) {
        resetResidentHighWaterMark()
        var document: ConversationDocument?
        let milliseconds = Measuring.milliseconds { document = decode(bytes) }
        return (document, milliseconds, residentBytes(field: "VmHWM"))
    }

    /// A decoding with the heap sampled: the most in use above the level before it.
    @inline(never) static func decodeSamplingTheHeap(_ bytes: [UInt8]) -> Int {
        let before = Measuring.heapBytesInUse()
        let sampler = HeapSampler()
        sampler.start()
        var document: ConversationDocument? = decode(bytes)
        let peak = max(sampler.stop(), Measuring.heapBytesInUse())
        document = nil
        withExtendedLifetime(document) {}
        return peak - before
    }

    /// A timed decoding, alone on its thread: what `valgrind --tool=callgrind
    /// --toggle-collect='*DecodeBenchmark*decodeAgain*' … --decode-only --runs 1` counts.
    @inline(never) static func decodeAgain(_ bytes: [UInt8]) -> ConversationDocument {
        decode(bytes)
    }

    /// Whether a large document's messages are decoded on a second thread: nil, the decoder's
    /// own choice (`ConversationDecoder.decode`).
    nonisolated(unsafe) static var pipelined: Bool?

    static func decode(_ bytes: [UInt8]) -> ConversationDocument {
        do {
            if let pipelined { return try ConversationDecoder.decode(bytes, pipelined: pipelined) }
            return try ConversationDecoder.decode(bytes)
        } catch {
            fail("\(error)")
        }
    }

    /// The file's bytes, read straight into one array (no second copy through `Data`).
    static func readWhole(_ path: String) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { return nil }
        let size = Int(status.st_size)
        var failed = false
        let bytes = [UInt8](unsafeUninitializedCapacity: size) { buffer, count in
            while count < size {
                let read = Glibc.read(descriptor, buffer.baseAddress! + count, size - count)
                guard read > 0 else { failed = true; break }
                count += read
            }
        }
        return failed ? nil : bytes
    }

    /// `VmRSS` or `VmHWM` of `/proc/self/status`, in bytes.
    static func residentBytes(field: String) -> Int {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return 0 }
        for line in status.split(separator: "\n") where line.hasPrefix(field + ":") {
            let kilobytes = line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first.flatMap { Int($0) }
            return (kilobytes ?? 0) * 1024
        }
        return 0
    }

    /// Makes `VmHWM` start again from the resident memory now.
    static func resetResidentHighWaterMark() {
        let descriptor = open("/proc/self/clear_refs", O_WRONLY)
        guard descriptor >= 0 else { return }
        _ = write(descriptor, "5", 1)
        close(descriptor)
    }
}

/// The most heap in use while it runs, sampled on a thread of its own.
final class HeapSampler: @unchecked Sendable {
    private let lock = NSLock()
    private var running = true
    private var peak = 0
    private var thread: Thread?

    func start() {
        peak = Measuring.heapBytesInUse()
        let thread = Thread { [self] in
            while true {
                let now = Measuring.heapBytesInUse()
                lock.lock()
                peak = max(peak, now)
                let keepGoing = running
                lock.unlock()
                if !keepGoing { return }
                usleep(2000)
            }
        }
        self.thread = thread
        thread.start()
    }

    /// Stops sampling; the most seen.
    func stop() -> Int {
        lock.lock()
        running = false
        let seen = peak
        lock.unlock()
        return seen
    }
}
