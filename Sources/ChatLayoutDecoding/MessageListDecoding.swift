import ChatLayoutKit
@_spi(ChatLayoutStages) import ChatLayoutModel

/// A list of messages decoded one element at a time — the document's `messages` — with
/// duplicate ids refused and the first error kept: the same steps whether the elements come
/// from a loop over a decoded array, streamed from the walk that validates the document
/// (``StreamingTapeBuilder``), or decoded a batch at a time on two threads and merged in order
/// (``MessagePipeline``).
struct MessageListDecoding {
    /// The messages so far.
    private(set) var messages: [Message] = []
    /// The decoder of the messages, with its warnings.
    private(set) var decoder = ModelDecoder()
    /// The first error; no element is decoded after it.
    private(set) var error: DocumentError?
    /// How many elements the list has had.
    private(set) var count = 0
    /// The messages by id.
    private var ids = MessageIDIndex()

    /// Decodes element `index` of the list whose path `listPath` gives.
    mutating func add(_ element: some JSONValueReading, index: Int, listPath: () -> String) {
        guard error == nil else {
            count += 1
            return
        }
        let outcome: Result<Message, DocumentError>
        do throws(DocumentError) {
            outcome = .success(try decoder.message(element))
        } catch {
            outcome = .failure(error)
        }
        accept(outcome, listPath: listPath, idPath: { element["id"].path })
    }

    /// The next element's outcome: its message is kept unless its id repeats an earlier
    /// message's (an error at `idPath`); the first error ends the list.
    private mutating func accept(_ outcome: Result<Message, DocumentError>, listPath: () -> String, idPath: () -> String) {
        count += 1
        guard error == nil else { return }
        switch outcome {
        case .success(let message):
            if let first = ids.insert(message.id, number: messages.count, idOf: { messages[$0].id }) {
                fail(DocumentError(path: idPath(), line: nil, column: nil,
                                   message: "duplicate message id '\(JSONReader.shown(message.id))' (first at \(listPath())[\(first)])"))
            } else {
                messages.append(message)
            }
        case .failure(let error):
            fail(error)
        }
    }

    private mutating func fail(_ error: DocumentError) {
        self.error = error
        messages = []
        ids = MessageIDIndex()
    }

    /// The elements of `batch` (from element `batch.first` of the list at `listSteps`), decoded
    /// alone, in order. Only warnings of a list without errors count, so a batch's come whole.
    mutating func merge(_ batch: DecodedBatch, listSteps: [JSONPath.Step]) {
        decoder.warnings += batch.warnings
        for offset in 0 ..< batch.count {
            let outcome: Result<Message, DocumentError>
            if offset < batch.messages.count {
                outcome = .success(batch.messages[offset])
            } else if let failure = batch.error, failure.offset == offset {
                outcome = .failure(failure.error)
            } else {
                count += 1  // after the batch's error: never decoded, as in the list's
                continue
            }
            accept(outcome, listPath: { JSONPath.text(of: listSteps) },
                   idPath: { JSONPath.text(of: listSteps + [.index(batch.first + offset), .key("id")]) })
        }
    }
}

/// The messages of a batch of a list's elements, decoded alone (on either thread) and merged
/// into the list in order (``MessageListDecoding/merge(_:listSteps:)``).
struct DecodedBatch {
    /// The index of the batch's first element in the list.
    var first = 0
    /// How many elements the batch has.
    var count = 0
    /// Its messages, in order, up to its first error.
    var messages: [Message] = []
    /// The first error, and the element's offset in the batch.
    var error: (offset: Int, error: DocumentError)?
    var warnings: [DocumentWarning] = []

    /// No elements.
    init() {}

    /// Decodes the elements at `roots` of `tape`.
    init(tape: JSONTape, roots: some Collection<Int32>, first: Int) {
        self.first = first
        count = roots.count
        messages.reserveCapacity(count)
        var decoder = ModelDecoder()
        for (offset, root) in roots.enumerated() {
            do throws(DocumentError) {
                messages.append(try decoder.message(TapeReader(tape: tape, index: Int(root))))
            } catch {
                self.error = (offset, error)
                break
            }
        }
        warnings = decoder.warnings
    }
}

/// The top-level `messages` array as the walk reaches it: each element decoded at once, on the
/// walk's thread, from a tape that then takes the next one (the top-level messages of a small
/// document; ``MessagePipeline`` for a large one).
struct StreamedMessageList: DecodedMessagesConsumer {
    static let key: JSONKey = "messages"
    let tape: JSONTape
    /// The array's entry in the top-level tape, once one has started, and its messages.
    private(set) var decoded: (entry: Int, list: MessageListDecoding)?
    private var listPath = ""

    init(bytes: UnsafeBufferPointer<UInt8>) {
        tape = JSONTape(bytes: bytes)
    }

    mutating func begin(entry: Int, path: [JSONPath.Step]) {
        decoded = (entry, MessageListDecoding())
        listPath = JSONPath.text(of: path)
        tape.setOrigin(.streamed(path: path))
    }

    mutating func consume(root: Int, index: Int) -> Bool {
        tape.firstElement = index
        let listPath = listPath
        decoded?.list.add(TapeReader(tape: tape, index: root), index: index, listPath: { listPath })
        return true
    }

    mutating func finish() {}

    var tapes: [JSONTape] { [tape] }
}

/// What consumes the top-level `messages` array: its messages once the walk is over.
protocol DecodedMessagesConsumer: JSONElementConsumer {
    /// The array's entry in the top-level tape (the last array of the key), and its messages.
    var decoded: (entry: Int, list: MessageListDecoding)? { get }
    /// The tapes it used (for ``ConversationDecoder/tapeEntriesHeld(decoding:channel:pipelined:)``).
    var tapes: [JSONTape] { get }
}

/// Message ids, each with the number of its message: an open-addressed table of numbers, by a
/// keyed hash of the id's bytes (ids are the same when their bytes are, ``Identifier``). Four bytes a
/// slot and four a message's hash, where a dictionary keyed by `IDKey` takes some forty.
package struct MessageIDIndex {
    /// Message numbers; -1 for an empty slot. A power of two long, at most half full.
    private var slots = [Int32](repeating: -1, count: 64)
    /// Each message's hash, by its number.
    private var hashes: [UInt32] = []
    /// The slots looked at so far, by inserts and by growth (for the tests that count the work
    /// chosen ids can cause).
    package private(set) var probes = 0

    /// An empty index.
    package init() {}

    /// Adds `id`, the id of message `number` (the next one), unless an earlier message has it:
    /// then that message's number. `idOf` gives the id of an earlier message.
    package mutating func insert(_ id: String, number: Int, idOf: (Int) -> String) -> Int? {
        precondition(number == hashes.count, "messages are added in order")
        let hash = Self.hash(id)
        if 2 * (hashes.count + 1) > slots.count { grow() }
        let mask = slots.count - 1
        var slot = Int(hash) & mask
        probes += 1
        while slots[slot] >= 0 {
            probes += 1
            let other = Int(slots[slot])
            if hashes[other] == hash, Identifier.same(idOf(other), id) { return other }
            slot = (slot + 1) & mask
        }
        slots[slot] = Int32(number)
        hashes.append(hash)
        return nil
    }

    private mutating func grow() {
        slots = [Int32](repeating: -1, count: slots.count * 2)
        let mask = slots.count - 1
        for (number, hash) in hashes.enumerated() {
            var slot = Int(hash) & mask
            probes += 1
            while slots[slot] >= 0 {
                probes += 1
                slot = (slot + 1) & mask
            }
            slots[slot] = Int32(number)
        }
    }

    /// A hash of the id's bytes under the process's random key (Swift's `Hasher`, SipHash-1-3):
    /// the slots are probed linearly, so under a hash anyone could compute, ids chosen to share
    /// a cluster would make inserting N ids cost N² probes. Nothing is iterated in slot order,
    /// so the key never shows in any output.
    static func hash(_ id: String) -> UInt32 {
        var hasher = Hasher()
        Identifier.hash(id, into: &hasher)
        return UInt32(truncatingIfNeeded: hasher.finalize())
    }
}
