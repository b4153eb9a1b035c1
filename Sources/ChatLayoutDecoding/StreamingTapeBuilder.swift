import ChatLayoutKit
@_spi(ChatLayoutStages) import ChatLayoutModel

/// What takes the elements of one array of the document's top-level object as the validating
/// walk reaches them (``StreamingTapeBuilder``): each element is taped on the consumer's tape,
/// handed over, and forgotten, so that the longest list of a document is read once and never
/// held.
protocol JSONElementConsumer {
    /// The member of the top-level object whose array is consumed.
    static var key: JSONKey { get }
    /// An array under that key starts (again, should the key repeat: the last one counts), at
    /// `entry` of the top-level tape, at `path`.
    mutating func begin(entry: Int, path: [JSONPath.Step])
    /// The tape the next element goes on.
    var tape: JSONTape { get }
    /// Element `index` of the array is on ``tape``, from entry `root`. True when the next
    /// element goes on a tape started afresh (``tape``, or another one now).
    mutating func consume(root: Int, index: Int) -> Bool
    /// The walk is over, done or stopped by an error: there are no more elements.
    mutating func finish()
}

/// A walk's handler that fills the top-level tape, with the array of the top-level member
/// `Consumer.key` elided, and hands that array's elements one by one to `consumer`, taped on the
/// consumer's tape. The walk validates as it goes, so a syntax error after an element still
/// wins over anything the consumer found (the caller checks the walk first).
struct StreamingTapeBuilder<Consumer: JSONElementConsumer>: JSONEventHandler {
    private(set) var consumer: Consumer
    private var root: JSONTapeBuilder
    private let rootTape: JSONTape
    private var element: JSONTapeBuilder
    /// The document's value is an object.
    private var rootIsObject = false
    /// The top-level member being read is `Consumer.key`.
    private var atConsumedKey = false
    /// Inside the consumed array.
    private var streaming = false
    /// The entry where the element being taped starts.
    private var elementRoot = 0
    private var elementIndex = 0

    init(root: JSONTape, consumer: Consumer) {
        self.consumer = consumer
        rootTape = root
        self.root = JSONTapeBuilder(tape: root)
        // An element of the array is at depth 3 of the walk (top-level object, array, element).
        element = JSONTapeBuilder(tape: consumer.tape, depthOffset: 2)
    }

    @inline(__always)
    mutating func open(isObject: Bool, at offset: Int, depth: Int) {
        if streaming {
            if depth == 3 { elementRoot = element.nextEntry }
            element.open(isObject: isObject, at: offset, depth: depth)
            return
        }
        if depth == 1 { rootIsObject = isObject }
        if depth == 2 && !isObject && rootIsObject && atConsumedKey {
            streaming = true
            let entry = root.nextEntry
            root.openElided(at: offset, depth: depth)
            root.finish()  // the array's path goes through the top-level tape
            consumer.begin(entry: entry, path: rootTape.steps(to: entry))
            element = JSONTapeBuilder(tape: consumer.tape, depthOffset: 2)
            elementIndex = 0
            return
        }
        root.open(isObject: isObject, at: offset, depth: depth)
    }

    @inline(__always)
    mutating func key(_ key: JSONToken, depth: Int, bytes: UnsafeBufferPointer<UInt8>) {
        if streaming {
            element.key(key, depth: depth, bytes: bytes)
            return
        }
        if depth == 1 { atConsumedKey = Consumer.key.isNamed(by: key, in: bytes) }
        root.key(key, depth: depth, bytes: bytes)
    }

    @inline(__always)
    mutating func scalar(_ token: JSONToken, depth: Int, bytes: UnsafeBufferPointer<UInt8>) {
        guard streaming else { return root.scalar(token, depth: depth, bytes: bytes) }
        if depth == 2 { elementRoot = element.nextEntry }
        element.scalar(token, depth: depth, bytes: bytes)
        if depth == 2 { deliver() }
    }

    @inline(__always)
    mutating func close(isObject: Bool, end: Int, depth: Int) {
        guard streaming else { return root.close(isObject: isObject, end: end, depth: depth) }
        if depth == 2 {
            streaming = false
            root.close(isObject: isObject, end: end, depth: depth)
            return
        }
        element.close(isObject: isObject, end: end, depth: depth)
        if depth == 3 { deliver() }
    }

    /// An element is complete: to the consumer.
    private mutating func deliver() {
        element.finish()
        if consumer.consume(root: elementRoot, index: elementIndex) {
            element = JSONTapeBuilder(tape: consumer.tape, depthOffset: 2)
        }
        elementIndex += 1
    }

    /// Hands the tapes' entries back, and tells the consumer the walk is over (also after a
    /// walk stopped by an error).
    mutating func finish() {
        root.finish()
        element.finish()
        consumer.finish()
    }
}

extension JSONKey {
    /// Whether the string token `token` (a key) is this key: the same Unicode scalars.
    func isNamed(by token: JSONToken, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let content = UnsafeBufferPointer(rebasing: bytes[token.start + 1 ..< token.end - 1])
        if token.kind == .escapedString { return JSONString.unescaped(content).elementsEqual(self.bytes) }
        return Identifier.equalBytes(content, self.bytes)
    }
}
