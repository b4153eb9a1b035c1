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
        // Most documents have no such quote: one scan, nothing kept.
        var lookup = QuoteLookup()
        lookup.want(messages, replies: true)
        for thread in threads {
            lookup.want(thread.latestReplies, replies: true)
            lookup.want(thread.parentMessage.map { [$0] } ?? [], replies: true)
        }
        guard !lookup.isEmpty else { return }
        // Ids are unique in a valid document, but a reply may stand in `messages` and in a
        // root's `latest_replies` alike: the channel's own copy is quoted, then a latest
        // reply's, then a thread's (the first found in that order).
        lookup.offer(messages)
        for message in messages where !message.latestReplies.isEmpty { lookup.offer(message.latestReplies) }
        for thread in threads {
            lookup.offer(thread.parentMessage.map { [$0] } ?? [])
            lookup.offer(thread.latestReplies)
        }
        lookup.resolve(&messages, replies: true)
        for position in threads.indices {
            lookup.resolve(&threads[position].latestReplies, replies: true)
            if let parent = threads[position].parentMessage {
                var single = [parent]
                lookup.resolve(&single, replies: true)
                threads[position].parentMessage = single[0]
            }
        }
    }
}
