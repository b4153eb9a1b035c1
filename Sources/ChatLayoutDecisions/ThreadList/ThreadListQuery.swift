@_spi(ChatLayoutStages) import ChatLayoutModel

/// A page request of Stream's thread list (`POST /threads`), with Stream's defaults.
public struct ThreadListQuery: Hashable, Sendable {
    /// Threads per page. Default 20.
    public var limit: Int
    /// Latest replies returned per thread. Default 3.
    public var replyLimit: Int
    /// Participants returned per thread. Default 10.
    public var participantLimit: Int
    /// The cursor of the next page (`next` from the previous response).
    public var next: String?
    /// Watch the threads for events.
    public var watch: Bool

    /// A query; the defaults are Stream's.
    public init(limit: Int = 20, replyLimit: Int = 3, participantLimit: Int = 10, next: String? = nil, watch: Bool = true) {
        self.limit = limit
        self.replyLimit = replyLimit
        self.participantLimit = participantLimit
        self.next = next
        self.watch = watch
    }

    /// The sort, as Stream's API spells it: unread threads first, then the most recent reply,
    /// then the parent message id; all descending. `ThreadListState.sorted` applies it.
    public static let sort: [(field: String, direction: Int)] = [
        ("has_unread", -1), ("last_message_at", -1), ("parent_message_id", -1),
    ]

    /// The request body.
    public func json() -> JSONValue {
        var members: [(String, JSONValue)] = [
            ("limit", .int(limit)), ("reply_limit", .int(replyLimit)), ("participant_limit", .int(participantLimit)),
        ]
        if let next { members.append(("next", .string(next))) }
        members.append(("watch", .bool(watch)))
        members.append(("sort", .array(Self.sort.map { .object([("field", .string($0.field)), ("direction", .int($0.direction))]) })))
        return .object(members)
    }

    /// The query for the page after a response that gave `next`; nil when there is none.
    public func nextPage(_ next: String?) -> ThreadListQuery? {
        guard let next, !next.isEmpty else { return nil }
        var query = self
        query.next = next
        return query
    }
}
