import ChatLayoutDecoding
import ChatLayoutKit
import ChatLayoutTestSupport
import Foundation
import Testing

/// The streaming decoder (`ConversationDecoder.decode`, which reads the bytes in place) against
/// the tree decoder (`decodeThroughTree`, which parses a whole tree first: the reference): on
/// every document, valid or damaged, the same `ConversationDocument` or the same error — its
/// message, path, line and column.
struct StreamingDecoderTests {
    // MARK: Documents

    /// A generated conversation, written as `chat-layout` reads it; every third with hostile
    /// text. At most `messages` of its messages (damage is tried on short documents).
    static func generated(seed: UInt64, messages: Int = .max) -> [UInt8] {
        var input = ConversationGenerator.makeCase(seed: seed)
        if seed % 3 == 0 {
            var injector = HostileTextInjector(seed: seed)
            input = injector.inject(into: input)
        }
        input.conversation.messages = Array(input.conversation.messages.suffix(messages))
        return DocumentWriter.bytes(input)
    }

    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// The golden documents, the samples and Stream's payloads.
    static let handWritten: [(name: String, bytes: [UInt8])] = {
        var documents: [(String, [UInt8])] = [
            ("channelState", Array(StreamPayloads.channelState.utf8)), ("channelsQuery", Array(StreamPayloads.channelsQuery.utf8)),
            ("threadList", Array(StreamPayloads.threadList.utf8)),
        ]
        for folder in ["Tests/GoldenTests/Documents", "Samples"] {
            let url = repository.appendingPathComponent(folder)
            let names = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
            for name in names.sorted() where name.hasSuffix(".json") {
                if let data = FileManager.default.contents(atPath: url.appendingPathComponent(name).path) { documents.append((name, Array(data))) }
            }
        }
        return documents
    }()

    /// A document whose lists pass the tape's elision threshold: `count` messages at the top
    /// level (streamed), members and reads by the thousand (elided, walked an element at a time).
    static func long(messages count: Int, seed: UInt64) -> [UInt8] {
        let input = ConversationGenerator.makeCase(seed: seed)
        let source = input.conversation.messages.isEmpty ? [Message(id: "m", user: User(id: "u"), createdAt: Timestamp(seconds: 0))]
            : input.conversation.messages
        guard case .object(var members) = DocumentWriter.document(input) else { return [] }
        let messages = (0 ..< count).map { index -> JSONValue in
            var message = source[index % source.count]
            message.id = "m\(index)"
            message.parentID = nil
            message.createdAt = Timestamp(seconds: 1_700_000_000 + Int64(index) * 37)
            return DocumentWriter.message(message)
        }
        let users = (0 ..< 2500).map { JSONValue.object([("user", .object([("id", .string("u\($0)")), ("name", .string("User \($0)"))]))]) }
        for index in members.indices {
            switch members[index].0 {
            case "messages": members[index].1 = .array(messages)
            case "members": members[index].1 = .array(users)
            default: break
            }
        }
        return Array(JSONValue.object(members).serialized().utf8)
    }

    /// The same document as a channels-query response: its state three times, with three cids.
    static func channelsQuery(of bytes: [UInt8]) -> [UInt8] {
        guard case .object(let members)? = try? JSONValue(JSONParser.parse(bytes)) else { return bytes }
        let states = ["messaging:a", "messaging:b", "messaging:c"].map { cid in
            JSONValue.object(members.map { $0.0 == "channel" ? ("channel", .object([("cid", .string(cid))])) : $0 })
        }
        return Array(JSONValue.object([("channels", .array(states))]).serialized().utf8)
    }

    // MARK: Comparison

    /// Nil when the streaming decoder — its messages decoded on the walk's thread, and on a
    /// second one — gives what the tree decoder gives; else what each gave.
    static func difference(_ bytes: [UInt8], channel: String? = nil) -> String? {
        let streamed = Result { () throws(DocumentError) in try ConversationDecoder.decode(bytes, channel: channel, pipelined: false) }
        let pipelined = Result { () throws(DocumentError) in try ConversationDecoder.decode(bytes, channel: channel, pipelined: true) }
        let tree = Result { () throws(DocumentError) in try ConversationDecoder.decodeThroughTree(bytes, channel: channel) }
        guard streamed != tree || pipelined != tree else { return nil }
        func describe(_ result: Result<ConversationDocument, DocumentError>) -> String {
            switch result {
            case .success(let document): "\(document.conversation.messages.count) messages, warnings \(document.warnings)"
            case .failure(let error): "error \(error.path.map { "path \($0.debugDescription) " } ?? "")line \(error.line.map(String.init) ?? "-") "
                + "column \(error.column.map(String.init) ?? "-"): \(error.message)"
            }
        }
        let shown = String(decoding: bytes.prefix(300), as: UTF8.self)
        return "streamed:  \(describe(streamed))\npipelined: \(describe(pipelined))\ntree:      \(describe(tree))\n"
            + "document (\(bytes.count) bytes): \(shown.debugDescription)"
    }

    /// Expects the same from both decoders on each of `documents`; stops at the first few
    /// differences.
    static func expectSame(_ documents: some Sequence<[UInt8]>, channel: String? = nil, _ what: String,
                           sourceLocation: SourceLocation = #_sourceLocation) {
        var differences = 0
        var compared = 0
        for document in documents {
            compared += 1
            if let difference = difference(document, channel: channel) {
                Issue.record("\(what), document \(compared):\n\(difference)", sourceLocation: sourceLocation)
                differences += 1
                if differences == 3 { return }
            }
        }
    }

    // MARK: Valid documents

    @Test(arguments: 1 ... 40 as ClosedRange<UInt64>)
    func generatedDocument_decodesAsTheTreeDoes(seed: UInt64) {
        let bytes = Self.generated(seed: seed)
        #expect(Self.difference(bytes) == nil)
        var mutator = DocumentMutator(seed: seed)
        #expect(Self.difference(mutator.respace(bytes)) == nil, "with whitespace between the tokens")
    }

    @Test func handWrittenDocuments_decodeAsTheTreeDoes() {
        #expect(Self.handWritten.count > 20)
        for (name, bytes) in Self.handWritten {
            #expect(Self.difference(bytes) == nil, "\(name)")
            for cid in ["messaging:general", "messaging:nope"] { #expect(Self.difference(bytes, channel: cid) == nil, "\(name), channel \(cid)") }
        }
    }

    @Test func longLists_elidedAndStreamed_decodeAsTheTreeDoes() {
        let bytes = Self.long(messages: 1200, seed: 7)
        #expect(Self.difference(bytes) == nil)
        let query = Self.channelsQuery(of: bytes)
        for cid in [nil, "messaging:b", "messaging:c", "messaging:z"] { #expect(Self.difference(query, channel: cid) == nil, "channel \(cid ?? "first")") }
    }

    // MARK: Damaged documents

    @Test(arguments: [2, 5, 11] as [UInt64])
    func truncatedDocuments_failAsTheTreeDoes(seed: UInt64) {
        let bytes = Self.generated(seed: seed, messages: 30)
        Self.expectSame(DocumentMutator.truncations(of: bytes, step: max(1, bytes.count / 150)), "cut")
        var mutator = DocumentMutator(seed: seed)
        let respaced = mutator.respace(bytes)
        Self.expectSame(DocumentMutator.truncations(of: respaced, step: max(1, respaced.count / 150)), "respaced, cut")
    }

    @Test func truncatedHandWrittenDocuments_failAsTheTreeDoes() {
        for (name, bytes) in Self.handWritten.prefix(12) {
            Self.expectSame(DocumentMutator.truncations(of: bytes, step: max(1, bytes.count / 60)), "\(name), cut")
        }
    }

    @Test(arguments: 1 ... 12 as ClosedRange<UInt64>)
    func changedBytes_decodeOrFailAsTheTreeDoes(seed: UInt64) {
        var mutator = DocumentMutator(seed: seed)
        let bytes = Self.generated(seed: seed, messages: 12)
        Self.expectSame((0 ..< 150).map { _ in mutator.changeByte(bytes) }, "one byte changed")
        Self.expectSame((0 ..< 40).map { _ in mutator.insertInvalidUTF8(bytes) }, "invalid UTF-8 in a string")
        let name = Self.handWritten[Int(seed) % Self.handWritten.count]
        Self.expectSame((0 ..< 60).map { _ in mutator.changeByte(name.bytes) }, "\(name.name), one byte changed")
    }

    /// The tape looks a member up from the one after the member found last in the same
    /// object, round to it: with every object's members in orders shuffled at random, each
    /// lookup finds what the tree finds, present, absent or repeated.
    @Test(arguments: 1 ... 8 as ClosedRange<UInt64>)
    func membersInAnyOrder_decodeAsTheTreeDoes(seed: UInt64) throws {
        var mutator = DocumentMutator(seed: seed)
        for bytes in [Self.generated(seed: seed, messages: 40), Self.handWritten[Int(seed * 3) % Self.handWritten.count].bytes,
                      Array(StreamPayloads.channelState.utf8)] {
            let value = JSONValue(try JSONParser.parse(bytes))
            Self.expectSame((0 ..< 6).map { _ in Array(mutator.shuffleMembers(value).serialized().utf8) }, "members shuffled")
            Self.expectSame((0 ..< 6).map { _ in Array(mutator.changeValue(mutator.shuffleMembers(value)).serialized().utf8) },
                            "members shuffled, then a value changed or a key repeated")
        }
    }

    @Test(arguments: 1 ... 12 as ClosedRange<UInt64>)
    func changedValues_decodeOrFailAsTheTreeDoes(seed: UInt64) throws {
        var mutator = DocumentMutator(seed: seed)
        for bytes in [Self.generated(seed: seed, messages: 12), Self.handWritten[Int(seed * 5) % Self.handWritten.count].bytes] {
            let value = JSONValue(try JSONParser.parse(bytes))
            Self.expectSame((0 ..< 120).map { _ in Array(mutator.changeValue(value).serialized().utf8) }, "a value changed, a key repeated")
            Self.expectSame((0 ..< 30).map { _ in
                Array(mutator.changeValue(mutator.changeValue(mutator.changeValue(value))).serialized().utf8)
            }, "three changes")
        }
    }

    @Test(arguments: 1 ... 6 as ClosedRange<UInt64>)
    func escapedKeys_matchAsTheTreeDoes(seed: UInt64) {
        var mutator = DocumentMutator(seed: seed)
        let keys = ["id", "messages", "created_at", "user", "text", "type", "reaction_scores", "latest_reactions", "attachments",
                    "message_text_updated_at", "config", "context", "channel", "members", "read", "thread_participants"]
        for bytes in [Self.generated(seed: seed, messages: 20), Self.handWritten[Int(seed) % Self.handWritten.count].bytes] {
            Self.expectSame((0 ..< 8).map { _ in mutator.escapeKeys(bytes, named: keys) }, "keys spelled with escapes")
        }
    }

    @Test func damagedLongLists_failAsTheTreeDoes() throws {
        let bytes = Self.long(messages: 400, seed: 3)
        var mutator = DocumentMutator(seed: 3)
        // Late in the streamed list, in the elided members, and past both.
        let late = (0 ..< 20).map { index -> [UInt8] in
            var changed = bytes
            let at = bytes.count - 1 - (index * 9973 % (bytes.count / 2))
            changed.replaceSubrange(at ... at, with: DocumentMutator.replacements[index % DocumentMutator.replacements.count])
            return changed
        }
        Self.expectSame(late, "a byte changed in the second half")
        let value = JSONValue(try JSONParser.parse(bytes))
        Self.expectSame((0 ..< 12).map { _ in Array(mutator.changeValue(value).serialized().utf8) }, "a value changed")
        let query = Self.channelsQuery(of: bytes)
        Self.expectSame((0 ..< 8).map { _ in mutator.changeByte(query) }, channel: "messaging:c", "channels query, one byte changed")
    }

    // MARK: What is held

    /// No whole tree: however many messages, the tapes hold a bounded number of entries (the
    /// top level, a few thousand of an elided list, one message) — a tree would grow with the
    /// document, as the tapes of a short document show they would.
    @Test func tapesStayBounded_howeverLongTheDocument() {
        // Pipelined, a few batch tapes of a few hundred messages go round: they are all in use
        // from a few thousand messages on.
        for (pipelined, shortCount) in [(false, 300), (true, 3000)] {
            let short = Self.long(messages: shortCount, seed: 9)
            let long = Self.long(messages: 6000, seed: 9)
            let heldShort = ConversationDecoder.tapeEntriesHeld(decoding: short, pipelined: pipelined)
            let heldLong = ConversationDecoder.tapeEntriesHeld(decoding: long, pipelined: pipelined)
            #expect(heldLong == heldShort, "tape entries: \(heldShort) for \(short.count) bytes, \(heldLong) for \(long.count) bytes")
            // Well under one entry per value of the document (a message has about 30): the top
            // level, an elided list's first 4096, and one message (or four batches of 256).
            #expect(heldLong < (pipelined ? 100_000 : 12_000), "pipelined: \(pipelined), \(heldLong) entries")
        }
    }
}

extension StreamingDecoderTests {
    /// Ids are told apart by their bytes in a table that grows with the list: a repeated id is
    /// found however far apart, and ids that only read alike are not repeats.
    @Test func repeatedIdFarDown_aLongList_isNamedWithItsFirst() {
        func document(_ ids: [String]) -> [UInt8] {
            let messages = ids.map { JSONValue.object([("id", .string($0)), ("created_at", "2024-03-05T09:00:00Z")]) }
            return Array(JSONValue.object([("messages", .array(messages))]).serialized().utf8)
        }
        var ids = (0 ..< 5000).map { "message-\($0)" }
        ids[4321] = "jos\u{E9}"
        ids.append("jose\u{301}")  // canonically equivalent, other bytes: not a repeat
        #expect(Self.difference(document(ids)) == nil)
        #expect(throws: Never.self) { try ConversationDecoder.decode(document(ids)) }
        ids.append("message-17")
        #expect(Self.difference(document(ids)) == nil)
        #expect(throws: DocumentError(path: "messages[5001].id", message: "duplicate message id 'message-17' (first at messages[17])")) {
            try ConversationDecoder.decode(document(ids))
        }
    }
}

extension StreamingDecoderTests {
    /// Pipelined, both threads decode batches (the walk takes one whenever every tape is in
    /// flight) and the merge keeps the list's order: three thousand messages, with a repeated id
    /// or a wrong value here and there, come out as the tree decoder's, run after run.
    @Test func pipelinedLongLists_decodeAsTheTreeDoes_runAfterRun() throws {
        let bytes = Self.long(messages: 3000, seed: 12)
        let value = JSONValue(try JSONParser.parse(bytes))
        guard case .object(var members) = value, let index = members.firstIndex(where: { $0.0 == "messages" }),
              case .array(let messages) = members[index].1 else { Issue.record("no messages"); return }
        var documents = [bytes]
        for (at, replacement) in [(2321, messages[1234]), (1600, JSONValue.int(7)), (2999, .object([("id", .string("m17"))]))] {
            var changed = messages
            changed[at] = replacement
            members[index].1 = .array(changed)
            documents.append(Array(JSONValue.object(members).serialized().utf8))
        }
        for _ in 0 ..< 2 { Self.expectSame(documents, "3000 messages, pipelined") }
    }
}

extension StreamingDecoderTests {
    /// Values read straight from the bytes when they have no escapes (timestamps, short
    /// strings kept by their bytes) read the same with escapes, invalid UTF-8, or a lone
    /// surrogate as the tree decoder reads them.
    @Test func escapedAndBrokenValues_readAsTheTreeReadsThem() {
        let values = [
            #""2024\u002d03-05T09:41:00Z""#, #""2024-03-05T09:41:00\u005a""#, "\"2024-03-05T09:41:00Z\u{FF}\"", #""\ud800""#,
            "\"u\u{C3}\"", #""\u0075\u0030""#, "\"\u{E9}t\u{E9}\"", #""regular""#, #""reg\u0075lar""#, "\"regular\u{80}\"",
        ]
        var documents: [[UInt8]] = []
        for value in values {
            for field in ["created_at", "id", "type", "text"] {
                documents.append(Array("""
                    {"messages": [{"id": "a", "created_at": "2024-03-05T09:00:00Z", "user": {"id": \(value), "name": \(value)}, "\(field)": \(value)},
                                  {"id": "b", "created_at": "2024-03-05T09:00:00Z", "type": \(value), "text": \(value)}]}
                    """.utf8))
            }
        }
        Self.expectSame(documents, "escaped and broken values")
    }
}

extension StreamingDecoderTests {
    /// A document mapped from its file, its pages handed back to the kernel as its messages are
    /// merged (here a page at a time), decodes as the tree decoder decodes its bytes: the
    /// messages, the keys read after the walk (from pages read again), and the errors with their
    /// lines and columns.
    @Test func mappedDocument_pagesHandedBack_decodesAsTheTreeDoes() throws {
        let bytes = Self.long(messages: 3000, seed: 12)
        let value = JSONValue(try JSONParser.parse(bytes))
        guard case .object(var members) = value, let index = members.firstIndex(where: { $0.0 == "messages" }),
              case .array(let messages) = members[index].1 else { Issue.record("no messages"); return }
        var documents = [bytes]
        for (at, replacement) in [(2321, messages[1234]), (2999, .object([("id", .string("m17"))]))] {
            var changed = messages
            changed[at] = replacement
            members[index].1 = .array(changed)
            documents.append(Array(JSONValue.object(members).serialized().utf8))
        }
        // Broken syntax near the end: its line and column are counted from the first byte.
        documents.append(Array(bytes.dropLast(2)))
        for (number, document) in documents.enumerated() {
            let path = FileManager.default.temporaryDirectory.appendingPathComponent("mapped-\(getpid())-\(number).json").path
            #expect(FileManager.default.createFile(atPath: path, contents: Data(document)))
            defer { try? FileManager.default.removeItem(atPath: path) }
            let descriptor = open(path, O_RDONLY)
            #expect(descriptor >= 0)
            defer { close(descriptor) }
            let mapped = try #require(MappedDocument.map(descriptor: descriptor, count: document.count))
            let fromFile = Result { () throws(DocumentError) in
                try ConversationDecoder.decode(mapped.bytes, pipelined: true, releasingPages: 1)
            }
            let tree = Result { () throws(DocumentError) in try ConversationDecoder.decodeThroughTree(document) }
            #expect(fromFile == tree, "document \(number)")
            if case .success(let decoded) = fromFile { #expect(decoded.conversation.messages.count == 3000) }
        }
    }
}
