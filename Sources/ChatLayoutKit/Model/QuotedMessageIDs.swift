extension QuotedMessage {
    /// The quote of `message` as a message quoting it shows it: its id, text, author,
    /// attachments, poll and location, and whether it was deleted.
    public init(quoting message: Message) {
        self.init(id: message.id, text: message.text, user: message.user, attachments: message.attachments,
                  isDeleted: message.isDeleted)
        hasPoll = message.poll != nil
        sharedLocation = message.sharedLocation
    }
}

extension Conversation {
    /// Quotes given by id alone (`quoted_message_id` without `quoted_message`, which Stream
    /// sends for a quote inside a quote) become the quote of the document's own message with
    /// that id — in `messages`, the latest replies or the threads — as Stream's client quotes
    /// the message it has stored, as that message reads now: the quote is taken once, like a
    /// quote the payload sends whole, and a later edit of the quoted message does not change
    /// it. An id the document does not hold stays unquoted: the message is drawn without a
    /// quote, and `explain` says why (rule 11 of <doc:LayoutOptions>). A quote the payload sends whole is
    /// kept as sent. The decoder calls this, and ``IncrementalMessageList`` does the same for
    /// each message it is given; so can a program that builds a conversation with
    /// ``Message/quotedMessageID`` alone.
    public mutating func resolveQuotedMessageIDs() {
        // Most documents have no such quote: one scan, no index.
        func unresolved(_ message: Message) -> Bool { message.quotedMessage == nil && message.quotedMessageID != nil }
        func anyUnresolved(_ messages: [Message]) -> Bool {
            messages.contains { unresolved($0) || $0.latestReplies.contains(where: unresolved) }
        }
        guard anyUnresolved(messages)
            || threads.contains(where: { anyUnresolved($0.latestReplies) || $0.parentMessage.map { anyUnresolved([$0]) } == true })
        else { return }
        // The ids quoted, so that only their messages' quotes are kept (a copy of a message
        // kept here would make each quoting message copy its storage when its quote is set).
        var wanted = Set<IDKey>()
        func want(_ messages: [Message]) {
            for message in messages {
                if unresolved(message), let id = message.quotedMessageID { wanted.insert(IDKey(id)) }
                if !message.latestReplies.isEmpty { want(message.latestReplies) }
            }
        }
        want(messages)
        for thread in threads {
            want(thread.latestReplies)
            want(thread.parentMessage.map { [$0] } ?? [])
        }
        // Ids are unique in a valid document, but a reply may stand in `messages` and in a
        // root's `latest_replies` alike: the channel's own copy is quoted, then a latest
        // reply's, then a thread's (the first found in that order).
        var byID: [IDKey: QuotedMessage] = [:]
        func index(_ messages: [Message]) {
            for message in messages {
                let key = IDKey(message.id)
                if wanted.contains(key) && byID[key] == nil { byID[key] = QuotedMessage(quoting: message) }
            }
        }
        index(messages)
        for message in messages where !message.latestReplies.isEmpty { index(message.latestReplies) }
        for thread in threads {
            index(thread.parentMessage.map { [$0] } ?? [])
            index(thread.latestReplies)
        }
        func resolve(_ messages: inout [Message]) {
            for position in messages.indices {
                if unresolved(messages[position]), let id = messages[position].quotedMessageID, let quoted = byID[IDKey(id)] {
                    messages[position].quotedMessage = quoted
                }
                if messages[position].latestReplies.contains(where: unresolved) { resolve(&messages[position].latestReplies) }
            }
        }
        resolve(&messages)
        for position in threads.indices {
            resolve(&threads[position].latestReplies)
            if var parent = threads[position].parentMessage {
                var single = [parent]
                resolve(&single)
                parent = single[0]
                threads[position].parentMessage = parent
            }
        }
    }
}
