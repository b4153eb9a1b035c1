import ChatLayoutKit

/// A list of messages decoded one element at a time — the document's `messages` — with
/// duplicate ids refused and the first error kept: the same steps whether the elements come
/// from a loop over a decoded array or, streamed, from the walk that validates the document
/// (``StreamingTapeBuilder``).
struct MessageListDecoding {
    /// The messages so far.
    private(set) var messages: [Message] = []
    /// The decoder of the messages, with its warnings.
    private(set) var decoder = ModelDecoder()
    /// The first error; no element is decoded after it.
    private(set) var error: DocumentError?
    /// How many elements the list has had.
    private(set) var count = 0
    /// The index of each id's first message.
    private var firstIndex: [IDKey: Int] = [:]

    /// Decodes element `index` of the list whose path `listPath` gives.
    mutating func add(_ element: some JSONValueReading, index: Int, listPath: () -> String) {
        count += 1
        guard error == nil else { return }
        do throws(DocumentError) {
            let message = try decoder.message(element)
            if let first = firstIndex.updateValue(index, forKey: IDKey(message.id)) {
                throw DocumentError(path: element["id"].path, line: nil, column: nil,
                                    message: "duplicate message id '\(JSONReader.shown(message.id))' (first at \(listPath())[\(first)])")
            }
            messages.append(message)
        } catch {
            self.error = error
            messages = []
            firstIndex = [:]
        }
    }
}

/// ``MessageListDecoding`` as the consumer of the top-level `messages` array's elements.
struct StreamedMessageList: JSONElementConsumer {
    static let key: JSONKey = "messages"
    /// The array's entry in the top-level tape, once one has started.
    private(set) var entry: Int?
    private(set) var list = MessageListDecoding()

    mutating func begin(entry: Int) {
        self.entry = entry
        list = MessageListDecoding()
    }

    mutating func consume(_ element: TapeReader, index: Int) {
        list.add(element, index: index, listPath: { String(element.path.dropLast("[\(index)]".count)) })
    }
}
