import ChatLayoutKit
import Testing

/// The thread-list query (Stream's `POST /threads`): its defaults, its request body and
/// the query of the next page.
struct ThreadListQueryTests {
    @Test func defaults_areStreams() {
        let query = ThreadListQuery()
        #expect(query.limit == 20)
        #expect(query.replyLimit == 3)
        #expect(query.participantLimit == 10)
        #expect(query.next == nil)
        #expect(query.watch == true)
    }

    @Test func sort_isUnreadThenLastMessageThenParentID_allDescending() {
        #expect(ThreadListQuery.sort.map(\.field) == ["has_unread", "last_message_at", "parent_message_id"])
        #expect(ThreadListQuery.sort.map(\.direction) == [-1, -1, -1])
    }

    @Test func json_ofTheFirstPage_hasNoCursor() {
        #expect(ThreadListQuery().json().serialized() == """
            {"limit":20,"reply_limit":3,"participant_limit":10,"watch":true,\
            "sort":[{"field":"has_unread","direction":-1},{"field":"last_message_at","direction":-1},\
            {"field":"parent_message_id","direction":-1}]}
            """)
    }

    @Test func json_ofALaterPage_carriesTheCursor() {
        let body = ThreadListQuery(next: "eyJwYWdlIjoyfQ").json()
        guard case .object(let members) = body else {
            Issue.record("the body is not an object: \(body.serialized())")
            return
        }
        #expect(members.map(\.0) == ["limit", "reply_limit", "participant_limit", "next", "watch", "sort"])
        #expect(members.first { $0.0 == "next" }?.1 == .string("eyJwYWdlIjoyfQ"))
    }

    @Test func json_carriesChangedLimitsAndWatch() {
        let body = ThreadListQuery(limit: 50, replyLimit: 1, participantLimit: 4, watch: false).json().serialized()
        #expect(body.hasPrefix(#"{"limit":50,"reply_limit":1,"participant_limit":4,"watch":false,"#))
    }

    @Test func nextPage_isTheSameQueryWithTheCursor() {
        let query = ThreadListQuery(limit: 50, replyLimit: 1)
        #expect(query.nextPage("page-2") == ThreadListQuery(limit: 50, replyLimit: 1, next: "page-2"))
    }

    @Test func nextPage_replacesAnEarlierCursor() {
        #expect(ThreadListQuery(next: "page-2").nextPage("page-3")?.next == "page-3")
    }

    @Test func nextPage_withoutACursor_isNone() {
        #expect(ThreadListQuery().nextPage(nil) == nil)
        #expect(ThreadListQuery(next: "page-2").nextPage("") == nil)
    }
}
