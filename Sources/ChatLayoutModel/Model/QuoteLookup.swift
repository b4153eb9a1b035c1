/// Quotes given by id alone (`quoted_message_id` without `quoted_message`) looked up among
/// messages offered by id: the decoder's for a whole document
/// (``Conversation/resolveQuotedMessageIDs()``) and the incremental list's for the messages a
/// change brings, one rule for both. Only the ids wanted are kept, each as the first message
/// offered with it reads (a copy of every message kept here would make each quoting message
/// copy its storage when its quote is set).
package struct QuoteLookup {
    private var wanted = Set<IDKey>()
    private var quotes: [IDKey: QuotedMessage] = [:]

    package init() {}

    /// A message whose quote is given by id alone.
    package static func isUnresolved(_ message: Message) -> Bool { !message.hasQuotedMessage && message.quotedMessageID != nil }

    /// No message asked for a quote by id.
    package var isEmpty: Bool { wanted.isEmpty }

    /// Wants the ids that `messages` quote by id alone, with `replies` their latest replies'
    /// too (every generation).
    package mutating func want(_ messages: [Message], replies: Bool) {
        for message in messages {
            if Self.isUnresolved(message), let id = message.quotedMessageID { wanted.insert(IDKey(id)) }
            if replies && !message.latestReplies.isEmpty { want(message.latestReplies, replies: true) }
        }
    }

    /// Offers `messages` (not their replies) as quotes: for an id wanted, the first offered is kept.
    package mutating func offer(_ messages: [Message]) {
        for message in messages {
            let key = IDKey(message.id)
            if wanted.contains(key) && quotes[key] == nil { quotes[key] = QuotedMessage(quoting: message) }
        }
    }

    /// Gives each of `messages` that quotes by id alone (with `replies`, their latest replies
    /// too) the quote of the message offered with that id, else of the message `elsewhere`
    /// has with it; an id found nowhere stays unquoted.
    package func resolve(_ messages: inout [Message], replies: Bool, elsewhere: (String) -> Message? = { _ in nil }) {
        for position in messages.indices {
            if Self.isUnresolved(messages[position]), let id = messages[position].quotedMessageID,
               let quote = quotes[IDKey(id)] ?? elsewhere(id).map(QuotedMessage.init(quoting:)) {
                messages[position].quotedMessage = quote
            }
            if replies && messages[position].latestReplies.contains(where: Self.isUnresolved) {
                resolve(&messages[position].latestReplies, replies: true, elsewhere: elsewhere)
            }
        }
    }
}
