import ChatLayoutKit
import Dispatch
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The top-level `messages` array of a large document decoded on two threads while the walk
/// goes on: the walk tapes elements a few hundred to a tape (a batch) and hands each full tape
/// over; a second thread decodes the batches and merges them into the list in order
/// (``MessageListDecoding/merge(_:)``, the same steps as one element at a time). When
/// every tape is in flight, the walk decodes one of them itself instead of waiting. A few tapes
/// go round, so memory stays bounded whichever side is faster.
///
/// The walk and the decoding share nothing else: a batch's tape, its elements' roots and where
/// they are in the document (the array's path, worked out by the walk) travel with the batch,
/// and semaphores order every hand-over.
struct PipelinedMessageList: DecodedMessagesConsumer {
    static let key: JSONKey = "messages"
    /// Elements a batch holds at most.
    static let batchElements = 256
    /// Entries a batch's tape holds before it is handed over with fewer elements.
    static let batchEntries = 1 << 16

    private let pipeline: MessagePipeline
    /// The array's entry in the top-level tape, and its path (the walk's side).
    private var entry: Int?
    private var path: [JSONPath.Step] = []
    private var started = false

    /// `releasingPages`: see ``MessagePipeline/releasedAtOnce``.
    init(bytes: UnsafeBufferPointer<UInt8>, releasingPages: Int? = nil) {
        pipeline = MessagePipeline(bytes: bytes, releasingPages: releasingPages)
    }

    var tape: JSONTape { pipeline.filling.tape }

    mutating func begin(entry: Int, path: [JSONPath.Step]) {
        if !started {
            started = true
            pipeline.start()
        } else if pipeline.filling.count > 0 {
            pipeline.handOver()  // the elements of an earlier array of the same key
        }
        self.entry = entry
        self.path = path
        pipeline.filling.start(first: 0, path: path, startsArray: true)
    }

    mutating func consume(root: Int, index: Int) -> Bool {
        let batch = pipeline.filling
        batch.tape.addRoot(root)
        batch.count += 1
        guard batch.count == Self.batchElements || batch.tape.state.pointee.count >= Self.batchEntries else { return false }
        pipeline.handOver()
        pipeline.filling.start(first: index + 1, path: path, startsArray: false)
        return true
    }

    mutating func finish() {
        guard started else { return }
        started = false
        pipeline.filling.isLast = true
        pipeline.handOver()
        pipeline.waitUntilMerged()
    }

    /// The array's entry in the top-level tape, and its messages, once the walk is over.
    var decoded: (entry: Int, list: MessageListDecoding)? {
        entry.map { ($0, pipeline.list) }
    }

    var tapes: [JSONTape] { pipeline.tapes }
}

/// The batches, their tapes, and the thread that decodes and merges them (see
/// ``PipelinedMessageList``).
final class MessagePipeline: @unchecked Sendable {
    /// Tapes going round.
    static let batchCount = 4

    /// A tape of elements, where they are, and — once decoded — their messages.
    final class Batch {
        let tape: JSONTape
        /// The index of the first element in its array.
        var first = 0
        /// How many elements the tape holds.
        var count = 0
        /// The batch starts an array (another one of the same key, maybe).
        var startsArray = false
        /// The path of the array the batch's elements are in.
        var path: [JSONPath.Step] = []
        /// No batch follows.
        var isLast = false
        /// Taken by the thread that decodes the batch: signalled once when the batch is handed
        /// over, so that exactly one thread's try succeeds.
        let claim = DispatchSemaphore(value: 0)
        /// Signalled when the walk's thread has decoded the batch.
        let decodedByWalk = DispatchSemaphore(value: 0)
        /// The batch decoded.
        var decoded = DecodedBatch()

        init(bytes: UnsafeBufferPointer<UInt8>) {
            tape = JSONTape(bytes: bytes)
        }

        /// Empties the batch for elements from `first` of the array at `path`.
        func start(first: Int, path: [JSONPath.Step], startsArray: Bool) {
            self.first = first
            count = 0
            self.path = path
            self.startsArray = startsArray
            isLast = false
            tape.setOrigin(.streamed(path: path))
            tape.firstElement = first
        }

        /// Decodes the batch (on whichever thread claimed it).
        func decode() {
            decoded = DecodedBatch(tape: tape, roots: tape.roots.prefix(count), first: first)
        }
    }

    private let batches: [Batch]
    /// The walk's side: the batch being filled, and the one it handed over last.
    private var fillingIndex = 0
    private var lastHandedOver = 0
    /// Batches the walk may fill (the one it fills is not counted).
    private let free = DispatchSemaphore(value: MessagePipeline.batchCount - 1)
    /// Batches handed over and not yet merged.
    private let ready = DispatchSemaphore(value: 0)
    private let mergedAll = DispatchSemaphore(value: 0)
    /// The merging side's list, read by the walk's side once `mergedAll` is signalled.
    private(set) var list = MessageListDecoding()
    /// Set when the document is a read-only file mapping from a page on: the pages of the
    /// messages merged are handed back to the kernel (`MADV_DONTNEED`) as the merge goes, at
    /// least this many bytes at a time (a page read again later — the document's other keys,
    /// an error's line — is read from the file again).
    private let releasingPages: Int?
    private let bytes: UnsafeBufferPointer<UInt8>
    /// The bytes before this were handed back.
    private var releasedUpTo = 0
    /// The fewest bytes a mapped document's decoding hands back at once: each call stops the
    /// other thread to flush its mappings.
    static let releasedAtOnce = 8 << 20

    init(bytes: UnsafeBufferPointer<UInt8>, releasingPages: Int? = nil) {
        self.bytes = bytes
        self.releasingPages = releasingPages
        batches = (0 ..< Self.batchCount).map { _ in Batch(bytes: bytes) }
    }

    /// The merging thread: hands back the whole pages before the end of `batch`'s last element.
    private func releasePages(before batch: Batch) {
        guard let releasingPages, batch.count > 0, let base = bytes.baseAddress else { return }
        let state = batch.tape.state.pointee
        let end = Int(state.entries[Int(batch.tape.roots[batch.count - 1])].end)
        let page = Int(sysconf(Int32(_SC_PAGESIZE)))
        let upTo = end / page * page
        guard upTo - releasedUpTo >= max(releasingPages, page) else { return }
        _ = madvise(UnsafeMutableRawPointer(mutating: base + releasedUpTo), upTo - releasedUpTo, MADV_DONTNEED)
        releasedUpTo = upTo
    }

    /// The walk's side: the batch being filled.
    var filling: Batch { batches[fillingIndex] }

    var tapes: [JSONTape] { batches.map(\.tape) }

    /// Starts the decoding thread: a serial queue of its own, whose work gets a thread even when
    /// the global ones are all busy (perhaps waiting for this decoding).
    func start() {
        DispatchQueue(label: "ChatLayoutDecoding.MessagePipeline", qos: .userInitiated).async { [self] in decodeAndMerge() }
    }

    /// The walk's side: hands the batch being filled over and, unless it was the last, takes
    /// the next one to fill — decoding batches in flight while there is none.
    func handOver() {
        let batch = filling
        let isLast = batch.isLast
        lastHandedOver = fillingIndex
        batch.claim.signal()
        ready.signal()
        if isLast { return }
        fillingIndex = (fillingIndex + 1) % batches.count
        while free.wait(timeout: .now()) != .success {
            guard decodeABatchInFlight() else {
                free.wait()
                break
            }
        }
    }

    /// The walk's side: helps with the last batches, then waits for the merge to end.
    func waitUntilMerged() {
        while decodeABatchInFlight() {}
        mergedAll.wait()
    }

    /// The walk's side: decodes the newest batch handed over that no thread has claimed;
    /// false when there is none. (Only a batch handed over and not yet claimed has a claim to
    /// take.)
    private func decodeABatchInFlight() -> Bool {
        // The newest first: the merging thread works from the oldest.
        for back in 0 ..< batches.count {
            let batch = batches[(lastHandedOver - back + batches.count) % batches.count]
            if batch.claim.wait(timeout: .now()) == .success {
                batch.decode()
                batch.decodedByWalk.signal()
                return true
            }
        }
        return false
    }

    /// The merging thread: every batch, in order, until the last: decoded here unless the walk
    /// claimed it first, then merged.
    private func decodeAndMerge() {
        var index = 0
        while true {
            ready.wait()
            let batch = batches[index]
            index = (index + 1) % batches.count
            if batch.claim.wait(timeout: .now()) == .success {
                batch.decode()
            } else {
                batch.decodedByWalk.wait()
            }
            if batch.startsArray { list = MessageListDecoding() }
            list.merge(batch.decoded)
            releasePages(before: batch)
            batch.decoded = DecodedBatch()
            let isLast = batch.isLast
            free.signal()
            if isLast { break }
        }
        mergedAll.signal()
    }
}
