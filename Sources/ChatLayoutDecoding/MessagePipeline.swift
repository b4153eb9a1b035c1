import ChatLayoutKit
import Dispatch

/// The top-level `messages` array of a large document decoded on a second thread while the walk
/// goes on: the walk tapes elements a few hundred to a tape (a batch) and hands each full tape
/// over; the decoding thread decodes the batches in order, each element through
/// ``MessageListDecoding`` exactly as ``StreamedMessageList`` does, and gives the tape back.
/// A few tapes go round, so memory stays bounded whichever side is faster.
///
/// The walk and the decoding share nothing else: a batch's tape, its elements' roots and where
/// they are in the document (the array's path, worked out by the walk) travel with the batch,
/// and the two semaphores order every hand-over.
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

    init(bytes: UnsafeBufferPointer<UInt8>) {
        pipeline = MessagePipeline(bytes: bytes)
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
        pipeline.waitUntilDecoded()
    }

    /// The array's entry in the top-level tape, and its messages, once the walk is over.
    var decoded: (entry: Int, list: MessageListDecoding)? {
        entry.map { ($0, pipeline.list) }
    }

    var tapes: [JSONTape] { pipeline.tapes }
}

/// The batches, their tapes, and the thread that decodes them (see ``PipelinedMessageList``).
final class MessagePipeline: @unchecked Sendable {
    /// Tapes going round.
    static let batchCount = 4

    /// A tape of elements and where they are.
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
            tape.setOrigin(.streamed(path: path, first: first))
        }
    }

    private let batches: [Batch]
    /// The walk's side: the batch being filled.
    private var fillingIndex = 0
    /// The decoding side: the next batch to decode.
    private var decodingIndex = 0
    /// Batches the walk may fill (the one it fills is not counted).
    private let free = DispatchSemaphore(value: MessagePipeline.batchCount - 1)
    /// Batches handed over and not yet decoded.
    private let ready = DispatchSemaphore(value: 0)
    private let decodedAll = DispatchSemaphore(value: 0)
    /// The decoding side's list, read by the walk's side once `decodedAll` is signalled.
    private(set) var list = MessageListDecoding()
    private var listPath = ""

    init(bytes: UnsafeBufferPointer<UInt8>) {
        batches = (0 ..< Self.batchCount).map { _ in Batch(bytes: bytes) }
    }

    /// The walk's side: the batch being filled.
    var filling: Batch { batches[fillingIndex] }

    var tapes: [JSONTape] { batches.map(\.tape) }

    /// Starts the decoding thread: a serial queue of its own, whose work gets a thread even when
    /// the global ones are all busy (perhaps waiting for this decoding).
    func start() {
        DispatchQueue(label: "ChatLayoutDecoding.MessagePipeline", qos: .userInitiated).async { [self] in decodeBatches() }
    }

    /// The walk's side: hands the batch being filled over and, unless it was the last, waits
    /// for one to fill next.
    func handOver() {
        let isLast = filling.isLast
        ready.signal()
        if isLast { return }
        free.wait()
        fillingIndex = (fillingIndex + 1) % batches.count
    }

    /// The walk's side: waits for the last batch to be decoded.
    func waitUntilDecoded() {
        decodedAll.wait()
    }

    /// The decoding thread: every batch, in order, until the last.
    private func decodeBatches() {
        while true {
            ready.wait()
            let batch = batches[decodingIndex]
            decodingIndex = (decodingIndex + 1) % batches.count
            if batch.startsArray {
                list = MessageListDecoding()
                listPath = JSONPath.text(of: batch.path)
            }
            let listPath = listPath
            for (offset, root) in batch.tape.roots.prefix(batch.count).enumerated() {
                list.add(TapeReader(tape: batch.tape, index: Int(root)), index: batch.first + offset, listPath: { listPath })
            }
            let isLast = batch.isLast
            free.signal()
            if isLast { break }
        }
        decodedAll.signal()
    }
}
