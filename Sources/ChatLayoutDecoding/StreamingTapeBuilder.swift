import ChatLayoutKit

/// What takes the elements of one array of the document's top-level object as the validating
/// walk reaches them (``StreamingTapeBuilder``): each element is taped alone, handed over, and
/// forgotten, so that the longest list of a document is read once and never held.
protocol JSONElementConsumer {
    /// The member of the top-level object whose array is consumed.
    static var key: JSONKey { get }
    /// An array under that key starts (again, should the key repeat: the last one counts), at
    /// `entry` of the top-level tape.
    mutating func begin(entry: Int)
    /// Element `index` of the array, read through `element`, which is valid during the call only.
    mutating func consume(_ element: TapeReader, index: Int)
}

/// A walk's handler that fills the top-level tape, with the array of the top-level member
/// `Consumer.key` elided, and hands that array's elements one by one to `consumer`, each taped
/// into the same reused tape. The walk validates as it goes, so a syntax error after an element
/// still wins over anything the consumer found (the caller checks the walk first).
struct StreamingTapeBuilder<Consumer: JSONElementConsumer>: JSONEventHandler {
    private(set) var consumer: Consumer
    private var root: JSONTapeBuilder
    private let rootTape: JSONTape
    private var element: JSONTapeBuilder
    private let elementTape: JSONTape
    /// The document's value is an object.
    private var rootIsObject = false
    /// The top-level member being read is `Consumer.key`.
    private var atConsumedKey = false
    /// Inside the consumed array.
    private var streaming = false
    private var arrayEntry = 0
    private var elementIndex = 0

    init(root: JSONTape, elements: JSONTape, consumer: Consumer) {
        self.consumer = consumer
        rootTape = root
        self.root = JSONTapeBuilder(tape: root)
        elementTape = elements
        // An element of the array is at depth 3 of the walk (top-level object, array, element).
        element = JSONTapeBuilder(tape: elements, depthOffset: 2)
    }

    @inline(__always)
    mutating func open(isObject: Bool, at offset: Int, depth: Int) {
        if streaming {
            if depth == 3 { element.restart() }
            element.open(isObject: isObject, at: offset, depth: depth)
            return
        }
        if depth == 1 { rootIsObject = isObject }
        if depth == 2 && !isObject && rootIsObject && atConsumedKey {
            streaming = true
            arrayEntry = root.nextEntry
            elementIndex = 0
            root.openElided(at: offset, depth: depth)
            consumer.begin(entry: arrayEntry)
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
        if depth == 2 { element.restart() }
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
        root.finish()  // the element's path goes through the top-level tape
        elementTape.setOrigin(JSONTape.Origin(tape: rootTape, array: arrayEntry, element: elementIndex))
        consumer.consume(TapeReader(tape: elementTape, index: 0), index: elementIndex)
        elementIndex += 1
    }

    /// Hands the tapes' entries back (also after a walk stopped by an error).
    func finish() {
        root.finish()
        element.finish()
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
