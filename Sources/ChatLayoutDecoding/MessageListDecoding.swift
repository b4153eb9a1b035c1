import ChatLayoutKit
@_spi(ChatLayoutStages) import ChatLayoutModel

/// A list of messages decoded one element at a time — the document's `messages` — with
/// duplicate ids refused and the first error kept: the same steps whether the elements come
/// from a loop over a decoded array, streamed from the walk that validates the document
/// (``StreamingTapeBuilder``), or decoded a batch at a time on two threads and merged in order
/// (``MessagePipeline``). The ids are checked for repeats once the list is whole
/// (``checkIDs(listPath:)``), all at once: a table of a million ids, filled one id at a time
/// as the messages came, cost a cache miss an id.
struct MessageListDecoding {
    /// The messages so far.
    private(set) var messages: [Message] = []
    /// The decoder of the messages, with its warnings.
    private(set) var decoder = ModelDecoder()
    /// The first error; no element is decoded after an element's error. A repeated id is found
    /// by ``checkIDs(listPath:)``, which keeps it if it comes first.
    private(set) var error: DocumentError?
    /// How many elements the list has had.
    private(set) var count = 0
    /// Each message's id hashed (``RepeatedIDs/hash(_:)``), by number.
    private var idHashes: [UInt64] = []
    /// What the whole-list checks after decoding need to know, noted as each message is decoded.
    private(set) var notes = MessageNotes()

    /// Decodes element `index` of the list.
    mutating func add(_ element: some JSONValueReading, index: Int) {
        count += 1
        guard error == nil else { return }
        do throws(DocumentError) {
            let message = try decoder.message(element)
            notes.note(message)
            idHashes.append(RepeatedIDs.hash(message.id))
            messages.append(message)
        } catch {
            self.error = error
        }
    }

    /// The elements of `batch`, decoded alone, in order. Only warnings of a list without
    /// errors count, so a batch's come whole.
    mutating func merge(_ batch: DecodedBatch) {
        decoder.warnings += batch.warnings
        notes.add(batch.notes)
        count += batch.count
        guard error == nil else { return } // after the list's error: never decoded, as in the list's
        messages += batch.messages
        idHashes += batch.idHashes
        if let failure = batch.error { error = failure.error }
    }

    /// Refuses the first message whose id an earlier message has (element `n` of the list at
    /// `listPath`: the error names `listPath[n].id` and the earlier one), unless an element's
    /// error comes before it; on any error the messages are let go. The list is whole: no
    /// element is added after this.
    mutating func checkIDs(listPath: String) {
        var probes = 0
        if let (first, repeated) = RepeatedIDs.firstRepeat(hashes: idHashes, probes: &probes, idOf: { messages[$0].id }) {
            error = DocumentError(path: "\(listPath)[\(repeated)].id", line: nil, column: nil,
                                  message: "duplicate message id '\(JSONReader.shown(messages[repeated].id))' (first at \(listPath)[\(first)])")
        }
        idHashes = []
        if error != nil { messages = [] }
    }
}

/// What the checks of a whole list after its decoding need to know of its messages, noted as
/// each is decoded, while it is in the cache: a pass over a million messages afterwards reads
/// each one's storage from memory again (some 60 ms), and most documents need none of them.
/// A note may be set by a message the list then refuses (a duplicate id): it only says a
/// pass is needed, never what it finds.
struct MessageNotes {
    /// Some message is a reply (`parent_id`): the reply chains are checked (``ReplyChains``).
    var hasReplies = false
    /// Some message quotes by id (`quoted_message_id`) or has latest replies (which may):
    /// quotes by id are looked up (``Conversation/resolveQuotedMessageIDs()``).
    var mayQuoteByID = false

    mutating func note(_ message: Message) {
        if message.parentID != nil { hasReplies = true }
        if message.quotedMessageID != nil || !message.latestReplies.isEmpty { mayQuoteByID = true }
    }

    mutating func add(_ other: MessageNotes) {
        hasReplies = hasReplies || other.hasReplies
        mayQuoteByID = mayQuoteByID || other.mayQuoteByID
    }
}

/// The messages of a batch of a list's elements, decoded alone (on either thread) and merged
/// into the list in order (``MessageListDecoding/merge(_:)``).
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
    /// Its messages' ids hashed (``RepeatedIDs/hash(_:)``), in order.
    var idHashes: [UInt64] = []
    /// Noted of its messages as they were decoded.
    var notes = MessageNotes()

    /// No elements.
    init() {}

    /// Decodes the elements at `roots` of `tape`.
    init(tape: JSONTape, roots: some Collection<Int32>, first: Int) {
        self.first = first
        count = roots.count
        messages.reserveCapacity(count)
        idHashes.reserveCapacity(count)
        var decoder = ModelDecoder()
        for (offset, root) in roots.enumerated() {
            do throws(DocumentError) {
                let message = try decoder.message(TapeReader(tape: tape, index: Int(root)))
                notes.note(message)
                idHashes.append(RepeatedIDs.hash(message.id))
                messages.append(message)
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

    init(bytes: UnsafeBufferPointer<UInt8>) {
        tape = JSONTape(bytes: bytes)
    }

    mutating func begin(entry: Int, path: [JSONPath.Step]) {
        decoded = (entry, MessageListDecoding())
        tape.setOrigin(.streamed(path: path))
    }

    mutating func consume(root: Int, index: Int) -> Bool {
        tape.firstElement = index
        decoded?.list.add(TapeReader(tape: tape, index: root), index: index)
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

/// The first repeated id of a list of message ids, found once the list is whole from each id's
/// keyed hash (ids are the same when their bytes are, ``Identifier``). The ids are split by
/// their hashes' top bits into parts of some 2,048, each checked with a table of its own that
/// stays in the core's cache (32 KB); a table of every id, filled one id at a time, cost a
/// cache miss an id (a million ids: 8 MB of slots, and 4 MB of hashes read back on each
/// probe). Linear: two passes over the hashes, then one over each part.
package enum RepeatedIDs {
    /// Ids a part holds, about: its table has twice as many slots.
    static let partSize = 2048

    /// A hash of the id's bytes under the process's random key (Swift's `Hasher`, SipHash-1-3):
    /// the slots are probed linearly, so under a hash anyone could compute, ids chosen to share
    /// a part and a cluster would make checking N ids cost N² probes. Nothing is iterated in
    /// slot order, so the key never shows in any output.
    package static func hash(_ id: String) -> UInt64 {
        var hasher = Hasher()
        Identifier.hash(id, into: &hasher)
        return UInt64(UInt(bitPattern: hasher.finalize()))
    }

    /// The first id (by number) that an earlier one repeats, with the number of that earlier one
    /// (all the ids before it differ, so it is the only one); nil when all differ. `hashes`: each
    /// id's ``hash(_:)``, by number; `idOf` gives the id of a number, read only when two hashes
    /// are equal. `probes` counts the slots looked at (for the tests that count the work chosen
    /// ids can cause).
    package static func firstRepeat(hashes: [UInt64], probes: inout Int, idOf: (Int) -> String) -> (first: Int, repeated: Int)? {
        let count = hashes.count
        guard count > 1 else { return nil }
        precondition(count <= Int(UInt32.max), "a number fits in 32 bits")
        // Parts by the hashes' top bits; a slot keeps the hash's low half and the number.
        var bits = 0
        while count >> bits > partSize { bits += 1 }
        let shift = UInt64(64 - bits)
        let partOf = { (hash: UInt64) in bits == 0 ? 0 : Int(truncatingIfNeeded: hash >> shift) }
        var starts = [Int](repeating: 0, count: (1 << bits) + 1)
        for hash in hashes { starts[partOf(hash) + 1] += 1 }
        for part in 0 ..< 1 << bits { starts[part + 1] += starts[part] }
        // Each part's entries in number order.
        var entries = [UInt64](repeating: 0, count: count)
        var next = starts
        for (number, hash) in hashes.enumerated() {
            let part = partOf(hash)
            entries[next[part]] = hash << 32 | UInt64(number)
            next[part] += 1
        }
        let largest = (0 ..< 1 << bits).map { starts[$0 + 1] - starts[$0] }.max() ?? 0
        var slotCount = 64
        while slotCount < 2 * largest { slotCount *= 2 }
        let empty = UInt64.max // no entry: a number is below 2³² - 1
        var table = [UInt64](repeating: empty, count: slotCount)
        var found: (first: Int, repeated: Int)?
        for part in 0 ..< 1 << bits where starts[part] < starts[part + 1] {
            var mask = 63
            while mask + 1 < 2 * (starts[part + 1] - starts[part]) { mask = 2 * mask + 1 }
            for slot in 0 ... mask { table[slot] = empty }
            entryLoop: for entry in entries[starts[part] ..< starts[part + 1]] {
                let number = Int(entry & 0xFFFF_FFFF)
                // A repeat later than the one found cannot come first.
                if let found, number > found.repeated { break }
                let key = entry >> 32
                var slot = Int(truncatingIfNeeded: key) & mask
                probes += 1
                while table[slot] != empty {
                    let other = table[slot]
                    if other >> 32 == key, Identifier.same(idOf(Int(other & 0xFFFF_FFFF)), idOf(number)) {
                        found = (Int(other & 0xFFFF_FFFF), number)
                        break entryLoop
                    }
                    probes += 1
                    slot = (slot + 1) & mask
                }
                table[slot] = entry
            }
        }
        return found
    }
}
