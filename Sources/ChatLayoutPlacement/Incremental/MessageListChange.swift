@_spi(ChatLayoutStages) import ChatLayoutModel
@_spi(ChatLayoutStages) import ChatLayoutDecisions
import ChatLayoutComposition

/// A change to the conversation behind an ``IncrementalMessageList``: what a front end learns
/// from its websocket or its own actions, applied with ``IncrementalMessageList/apply(_:)``.
public enum MessageListChange: Sendable {
    /// A new message. It joins the end of the conversation's input order and is usually the
    /// newest, so it goes to the bottom; an older one is sorted in by `created_at`, as
    /// ``insert(_:)`` does.
    case append(Message)
    /// A message that arrived late, sorted in by `created_at` (after the messages of the same
    /// instant, as it joins the end of the input order).
    case insert(Message)
    /// A page of older messages loaded above the list, in any order. They come before every
    /// message loaded so far in input order (so before messages of the same instant).
    case prependPage([Message])
    /// A message changed: the same id with new content (text, reactions, local state, type,
    /// `deleted_at`, thread replies…). A changed `created_at` moves it.
    case edit(Message)
    /// A soft delete: the message gets `deleted_at` and stays as the "Message deleted"
    /// placeholder.
    case softDelete(messageID: String, at: Timestamp)
    /// A hard delete: the message leaves the conversation.
    case remove(messageID: String)
    /// Another width: every row is laid out again (O(n)).
    case width(Int)
    /// The users typing now (`typing_user_ids`).
    case typingUsers([String])
    /// The members' read states now (`read`): delivery status and the unread separator.
    case reads([ReadState])
    /// Whether the oldest message loaded is the channel's first now (a page of older messages
    /// came back short): its date separator and the unread separator without a last read
    /// message depend on it (``Conversation/historyLoaded``).
    case historyLoaded(Bool)
    /// Whether a page of older messages is loading now (Stream's `isLoadingPreviousMessages`):
    /// the loading row above the oldest message (``Conversation/isLoadingOlderMessages``).
    case loadingOlderMessages(Bool)
    /// Whether a page of newer messages is loading now (Stream's `isLoadingNextMessages`):
    /// the loading row under the newest message (``Conversation/isLoadingNewerMessages``).
    case loadingNewerMessages(Bool)
}

/// Why a change could not be applied, or a conversation could not be kept incrementally. The
/// list is left as it was.
public enum MessageListChangeError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Two messages with one id: rows are identified by message id.
    case duplicateMessageID(String)
    /// No message of the conversation has this id.
    case unknownMessageID(String)

    /// A sentence for a developer: "no message with id 'm7'". The id comes from a document: it
    /// is quoted on one line, cut to its first characters and its size when long
    /// (``UntrustedText/shortened(_:wholeUpTo:)``).
    public var description: String {
        switch self {
        case .duplicateMessageID(let id): "duplicate message id '\(Self.quoted(id))'"
        case .unknownMessageID(let id): "no message with id '\(Self.quoted(id))'"
        }
    }

    private static func quoted(_ id: String) -> String {
        UntrustedText.neutralizeLine(UntrustedText.shortened(id))
    }
}
