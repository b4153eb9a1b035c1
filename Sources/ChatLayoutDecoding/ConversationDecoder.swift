import ChatLayoutKit
@_spi(ChatLayoutStages) import ChatLayoutModel

/// Decodes a conversation document (Stream's REST shape in snake_case, every field optional) — or, as they are, a Stream channel-state
/// response, a channels-query response (`{"channels": [...]}`) or a thread-list response.
public enum ConversationDecoder {
    /// Decodes `bytes`. From a channels-query response it takes the channel `cid`, or the
    /// first one. Malformed JSON is reported by line and column, wrong values by JSON path.
    ///
    /// The document is read in place, never as a whole tree: one walk validates it (every
    /// syntax error, wherever it is, comes before any wrong value) and records where its values
    /// are, long lists elided (`JSONTape`); the top-level `messages` are decoded as the walk
    /// reaches them — from 1 MiB on, on a second thread as well — and the rest is then read from
    /// the bytes, a list's elements one at a time. Memory: the document's bytes, the model, and
    /// a few tapes.
    public static func decode(_ bytes: [UInt8], channel cid: String? = nil) throws(DocumentError) -> ConversationDocument {
        try decode(bytes, channel: cid, pipelined: nil)
    }

    /// Decodes `bytes` as ``decode(_:channel:)-([UInt8],_)`` does, with the defaults of `profile` whatever
    /// profile the document's `config` names (nil: the one it names, else stream-uikit). The
    /// options the document gives still override the profile's defaults.
    public static func decode(_ bytes: [UInt8], channel cid: String? = nil, profile: LayoutProfile?) throws(DocumentError) -> ConversationDocument {
        try decode(bytes, channel: cid, profile: profile, pipelined: nil)
    }

    /// The most tape entries (32 bytes each) the streaming decoder held at once for `bytes`,
    /// over all its tapes: what it keeps of the document besides the bytes themselves (for the
    /// tests that check that it never holds a whole tree).
    package static func tapeEntriesHeld(decoding bytes: [UInt8], channel cid: String? = nil, pipelined: Bool = false) -> Int {
        var held = 0
        _ = bytes.withUnsafeBufferPointer { buffer in
            decodeInPlace(buffer, channel: cid, pipelined: pipelined) { tapes in held = tapes.flatMap(\.capacities).reduce(0, +) }
        }
        return held
    }

    /// ``decode(_:channel:)`` with the top-level messages decoded on the walk's thread or,
    /// `pipelined`, on a second one too, whatever the document's size (for the tests that
    /// compare both ways with the tree decoder); nil: by the document's size.
    package static func decode(_ bytes: [UInt8], channel cid: String? = nil, profile: LayoutProfile? = nil,
                               pipelined: Bool?) throws(DocumentError) -> ConversationDocument {
        // Tape entries address bytes with 32 bits: a document of 4 GiB or more goes through the tree.
        guard bytes.count < Int(UInt32.max) else { return try decodeThroughTree(bytes, channel: cid, profile: profile) }
        return try bytes.withUnsafeBufferPointer { buffer in
            decodeInPlace(buffer, channel: cid, profile: profile, pipelined: pipelined)
        }.get()
    }

    /// ``decode(_:channel:profile:)`` of bytes the caller keeps for the call (a mapped file's).
    /// `releasingPages`: the bytes are a read-only file mapping starting at a page, whose pages
    /// the pipelined decoder hands back to the kernel (`MADV_DONTNEED`), at least this many
    /// bytes at a time, once the messages in them are decoded — a page read again is read from
    /// the file again; nil: none are.
    package static func decode(_ bytes: UnsafeBufferPointer<UInt8>, channel cid: String? = nil, profile: LayoutProfile? = nil,
                               pipelined: Bool? = nil, releasingPages: Int? = nil) throws(DocumentError) -> ConversationDocument {
        guard bytes.count < Int(UInt32.max) else { return try decodeThroughTree(Array(bytes), channel: cid, profile: profile) }
        return try decodeInPlace(bytes, channel: cid, profile: profile, pipelined: pipelined, releasingPages: releasingPages).get()
    }

    /// Documents from this size on have their top-level messages decoded on a second thread
    /// while the walk goes on (`PipelinedMessageList`).
    static let pipelinedSize = 1 << 20

    private static func decodeInPlace(_ bytes: UnsafeBufferPointer<UInt8>, channel cid: String?, profile: LayoutProfile? = nil,
                                      pipelined: Bool? = nil, releasingPages: Int? = nil,
                                      inspect: ([JSONTape]) -> Void = { _ in }) -> Result<ConversationDocument, DocumentError> {
        if pipelined ?? (bytes.count >= pipelinedSize) {
            return decodeInPlace(bytes, channel: cid, profile: profile, consumer: PipelinedMessageList(bytes: bytes, releasingPages: releasingPages), inspect: inspect)
        }
        return decodeInPlace(bytes, channel: cid, profile: profile, consumer: StreamedMessageList(bytes: bytes), inspect: inspect)
    }

    /// The walk validates the whole document and fills the top-level tape; as it goes,
    /// `consumer` decodes the top-level `messages` one element at a time. Then the rest of the
    /// document is read from the tape.
    private static func decodeInPlace<Consumer: DecodedMessagesConsumer>(
        _ bytes: UnsafeBufferPointer<UInt8>, channel cid: String?, profile: LayoutProfile?, consumer: Consumer,
        inspect: ([JSONTape]) -> Void
    ) -> Result<ConversationDocument, DocumentError> {
        let root = JSONTape(bytes: bytes)
        var builder = StreamingTapeBuilder(root: root, consumer: consumer)
        defer { inspect([root] + builder.consumer.tapes) }
        do throws(DocumentError) {
            defer { builder.finish() }
            try JSONWalker.walkDocument(bytes, handler: &builder)
        } catch {
            return .failure(error)
        }
        let streamed = builder.consumer.decoded
        do throws(DocumentError) {
            let document = try decode(root: TapeReader(tape: root, index: 0), channel: cid, profile: profile) { list in
                streamed.flatMap { list.isValue(at: $0.entry, of: root) ? $0.list : nil }
            }
            return .success(document)
        } catch {
            return .failure(error)
        }
    }

    /// Decodes `bytes` as ``decode(_:channel:)`` does, through a whole parsed tree
    /// (`JSONParser`, `JSONReader`): the reference the streaming decoder is tested against.
    package static func decodeThroughTree(_ bytes: [UInt8], channel cid: String? = nil,
                                          profile: LayoutProfile? = nil) throws(DocumentError) -> ConversationDocument {
        let parsed = try JSONParser.parseRecordingRepeats(bytes)
        return try decode(root: JSONReader(parsed.value, repeats: parsed.repeats), channel: cid, profile: profile) { _ in nil }
    }

    /// The document whose top is `root`, its `config` over the defaults of `profile` (nil: the
    /// one it names); `decoded` gives the messages of an array already decoded while the
    /// document was read.
    static func decode<JSON: JSONValueReading>(root: JSON, channel cid: String?, profile: LayoutProfile? = nil,
                                               decoded: (JSON) -> MessageListDecoding?) throws(DocumentError) -> ConversationDocument {
        guard root.kind == .object else {
            // A wrong type names its path: here "", the top level.
            throw root.error("the document must be a JSON object, got \(describe(root.kind))")
        }
        let keys = try root.members().map(\.key)
        if let key = keys.first(where: { unreadCountsKeys.contains($0) }) {
            throw DocumentError(path: "", line: nil, column: nil, message: """
                a Stream unread-counts response (it has \(key)): it counts unread messages and threads \
                but holds none to lay out (expected messages, channels, channel or message for a \
                message list; threads or thread for a thread list)
                """)
        }
        var decoder = ModelDecoder()
        let state = try channelState(root, cid: cid)
        decoder.warnOfRepeatedKeys(documentKeys, in: root)
        if !root["channels"].isAbsent { decoder.warnOfRepeatedKeys(channelStateKeys, in: state) }
        var conversation = Conversation()
        if !state["channel"].isAbsent { conversation.channel = try decoder.channel(state["channel"]) }
        conversation.members = try decoder.members(state["members"])
        conversation.reads = try decoder.reads(state["read"])
        // A single-message response (`{"message": {…}}`) is a list of one.
        let messageCount: Int
        // Whether a message of `messages` may quote by id (a single message: looked up).
        var mayQuoteByID = true
        if state["messages"].isAbsent && !root["message"].isAbsent {
            conversation.messages = [try decoder.message(root["message"])]
            messageCount = 1
        } else {
            let messages = state["messages"]
            var list: MessageListDecoding
            if let decoded = decoded(messages) {
                list = decoded
            } else {
                list = MessageListDecoding()
                for (index, element) in try messages.optionalArray().enumerated() {
                    list.add(element, index: index)
                    if list.error != nil { break }
                }
            }
            list.checkIDs(listPath: messages.path)
            decoder.warnings += list.decoder.warnings
            if let error = list.error { throw error }
            conversation.messages = list.messages
            messageCount = list.count
            mayQuoteByID = list.notes.mayQuoteByID
            // Without replies there is no chain to check (a pass over every message saved).
            if list.notes.hasReplies {
                let chains = ReplyChains(conversation.messages)
                if let (position, cycle) = chains.firstCycle() {
                    throw DocumentError(path: "\(messages.path)[\(position)].parent_id", line: nil, column: nil,
                                        message: "replies form a cycle (\(ReplyChains.describe(cycle))): no thread has a root to show them under")
                }
                for (position, parent) in chains.nestedReplies() {
                    decoder.warnings.append(DocumentWarning(path: "\(messages.path)[\(position)].parent_id", message: """
                        a reply to the thread reply '\(JSONReader.shown(parent))': threads do not nest, so its root's \
                        thread does not show it, only the thread view of that reply
                        """))
                }
            }
        }
        if state["channel"].isAbsent && !root["message"].isAbsent {
            // A single message knows its channel by `cid` (or carries it whole).
            if !root["message"]["channel"].isAbsent {
                conversation.channel = try decoder.channel(root["message"]["channel"])
            } else if let cid = try root["message"]["cid"].optionalString() {
                conversation.channel.cid = cid
            }
        }
        let typing = state["typing_user_ids"].isAbsent ? root["typing_user_ids"] : state["typing_user_ids"]
        conversation.typingUserIDs = try typing.optionalArray().map { (id) throws(DocumentError) in try id.string() }
        conversation.messageListState = try enumeration(root["message_list"]["state"]) ?? .loaded
        conversation.threadListState = try enumeration(root["thread_list"]["state"]) ?? .loaded
        // One thread a parent: a second would shadow the first's replies in the thread view.
        var firstThread: [IDKey: Int] = [:]
        // The messages by id, made on the first thread that needs its parent from them.
        var messageByID: [IDKey: Int]?
        func decodeThread(_ element: JSON, index: Int?) throws(DocumentError) {
            var thread = try decoder.thread(element)
            if let first = firstThread[IDKey(thread.parentMessageID)] {
                throw DocumentError(path: element.path, line: nil, column: nil,
                                    message: "duplicate thread for parent message '\(JSONReader.shown(thread.parentMessageID))' (first at \(root["threads"].path)[\(first)])")
            }
            if thread.parentMessage == nil {
                // Stream's thread payload always has its parent; a document may give it among its
                // messages instead. Without either, the thread list and view would be blank.
                if messageByID == nil {
                    var byID: [IDKey: Int] = [:]
                    for (index, message) in conversation.messages.enumerated().reversed() { byID[IDKey(message.id)] = index } // the first wins
                    messageByID = byID
                }
                guard let parent = messageByID?[IDKey(thread.parentMessageID)].map({ conversation.messages[$0] }) else {
                    throw DocumentError(path: element["parent_message"].path, line: nil, column: nil, message: """
                        missing: thread '\(JSONReader.shown(thread.parentMessageID))' has no parent message \
                        (no parent_message, and no message with its id in messages)
                        """)
                }
                thread.parentMessage = parent
            }
            if let index { firstThread[IDKey(thread.parentMessageID)] = index }
            conversation.threads.append(thread)
        }
        // A single-thread response (`{"thread": {…}}`) is a list of one.
        if root["threads"].isAbsent && !root["thread"].isAbsent {
            try decodeThread(root["thread"], index: nil)
        } else {
            for (index, element) in try root["threads"].optionalArray().enumerated() { try decodeThread(element, index: index) }
        }
        // A quote by id alone quotes the document's message with that id (nested quotes). Only
        // messages and threads ask for one: when neither may, the pass over the messages is saved.
        if mayQuoteByID || !conversation.threads.isEmpty { conversation.resolveQuotedMessageIDs() }
        conversation.threadsNext = try root["next"].optionalString()
        conversation.events = try decoder.events(root["events"])
        let decodedConfig = try ConfigDecoding.decode(root["config"], profile: profile)
        decoder.warnings += decodedConfig.warnings
        let config = decodedConfig.config
        // Stream's paging: a page shorter than its limit is the last one (the whole history).
        conversation.historyLoaded = try root["message_list"]["history_loaded"].optionalBool()
            ?? (messageCount < config.pageSize)
        conversation.isLoadingOlderMessages = try root["message_list"]["loading_older"].optionalBool() ?? false
        conversation.isLoadingNewerMessages = try root["message_list"]["loading_newer"].optionalBool() ?? false
        var context = try context(root["context"])
        if context.currentUserID == nil, let member = try membershipUserID(state["membership"]) {
            context.currentUserID = member
            context.currentUserFromMembership = true
        }
        var document = ConversationDocument(conversation: conversation, context: context, config: config,
                                            warnings: decoder.warnings, topLevelKeys: keys)
        document.configProvenance = decodedConfig.provenance
        return document
    }

    /// The keys of the document that are read: should one repeat, only its last value counts,
    /// and the earlier ones (messages, members, reads, threads, settings) are named in a
    /// warning. Keys that are not read lose nothing by repeating.
    private static let documentKeys: [JSONKey] = [
        "channels", "channel", "members", "read", "messages", "message", "membership", "typing_user_ids",
        "threads", "thread", "next", "events", "message_list", "thread_list", "config", "context",
    ]

    /// The keys of a channels-query response's channel state that are read (as the document's).
    private static let channelStateKeys: [JSONKey] = ["channel", "members", "read", "messages", "membership", "typing_user_ids"]

    /// Keys only Stream's unread-counts response has.
    private static let unreadCountsKeys: Set<String> = ["total_unread_count", "total_unread_threads_count", "total_unread_count_by_team"]

    /// The current user's membership of the channel (`membership`, in channel-state and
    /// channels-query responses): its `user.id`, else its `user_id`.
    private static func membershipUserID(_ json: some JSONValueReading) throws(DocumentError) -> String? {
        guard !json.isAbsent else { return nil }
        if let id = try json["user"]["id"].optionalString() { return id }
        return try json["user_id"].optionalString()
    }

    /// The channel state to read: the document itself, or one of its `channels`.
    private static func channelState<JSON: JSONValueReading>(_ root: JSON, cid: String?) throws(DocumentError) -> JSON {
        guard !root["channels"].isAbsent else {
            if let cid, let own = try root["channel"]["cid"].optionalString(), !Identifier.same(own, cid) {
                throw DocumentError(path: "channel.cid", line: nil, column: nil, message: "the document is channel '\(JSONReader.shown(own))', not '\(JSONReader.shown(cid))'")
            }
            return root
        }
        let channels = try root["channels"].array()
        guard let cid else {
            guard let first = channels.first(where: { _ in true }) else {
                throw DocumentError(path: "channels", line: nil, column: nil, message: "the channels query response has no channels")
            }
            return first
        }
        var found: [String] = []
        for state in channels {
            let own = try state["channel"]["cid"].optionalString()
            if Identifier.same(own, cid) { return state }
            if let own { found.append(own) }
        }
        // The first few, as the keys of a document of the wrong shape: a response of thousands
        // of channels must not flood the message.
        let listed = found.isEmpty ? "none" : found.prefix(12).map(JSONReader.shown).joined(separator: ", ")
            + (found.count > 12 ? " and \(found.count - 12) more" : "")
        throw DocumentError(path: "channels", line: nil, column: nil, message: "no channel '\(JSONReader.shown(cid))' (the response has: \(listed))")
    }

    private static func context(_ json: some JSONValueReading) throws(DocumentError) -> DocumentContext {
        DocumentContext(
            currentUserID: try json["current_user_id"].optionalString(),
            now: try json["now"].optionalTimestamp(),
            timeZone: try json["time_zone"].optionalString(),
            locale: try json["locale"].optionalString(),
            translationLanguage: try json["translation_language"].optionalString()
        )
    }

    /// A string option with a fixed set of values; an unknown value names the allowed ones.
    static func enumeration<Value: RawRepresentable & CaseIterable>(_ json: some JSONValueReading) throws(DocumentError) -> Value?
    where Value.RawValue == String {
        guard let name = try json.optionalString() else { return nil }
        guard let value = Value(rawValue: name) else {
            let allowed = Value.allCases.map(\.rawValue).joined(separator: ", ")
            throw DocumentError(path: json.path, line: nil, column: nil, message: "unknown value '\(JSONReader.shown(name))' (expected one of: \(allowed))")
        }
        return value
    }

    private static func describe(_ kind: JSONKind?) -> String {
        switch kind {
        case nil: "nothing"
        case .null?: "null"
        case .bool?: "a boolean"
        case .number?: "a number"
        case .string?: "a string"
        case .array?: "an array"
        case .object?: "an object"
        }
    }
}
