@testable import ChatLayoutKit
@testable import ChatLayoutModel
@testable import ChatLayoutDecisions
@testable import ChatLayoutComposition
@testable import ChatLayoutPlacement
import ChatLayoutTestSupport
import Testing

/// Who an id is (`Conversation.user(id:)`): the batch list's lazy directory, which answers
/// members before building anything, must answer as the incremental list's full directory.
@Suite struct UserLookupTests {
    @Test func lazyDirectory_answersAsTheFullOne_inAnyOrderOfLookups() {
        let ids = ["leia", "han", "luke", "chewie", "nobody"]
        for seed in 1 ... 300 {
            var random = SplitMix64(seed: UInt64(seed))
            var conversation = Conversation()
            conversation.members = (0 ..< random.int(0 ... 4)).map { index in
                Member(user: User(id: random.pick(ids), name: "member \(index)")) // an id may come twice
            }
            conversation.messages = (0 ..< random.int(0 ... 6)).map { index in
                Message(id: "m\(index)", user: User(id: random.pick(ids), name: "author \(index)"),
                        createdAt: Timestamp(seconds: Int64(random.int(0 ... 9))))
            }
            var full = UserDirectory(members: conversation.members)
            for (sequence, message) in conversation.messages.enumerated() { _ = full.add(message, sequence: sequence) }
            let lazy = UserDirectory.Lazy(conversation)
            for _ in 0 ..< 6 {
                let id = random.pick(ids)
                #expect(lazy.user(id) == full.user(id), "seed \(seed), \(id)")
            }
        }
    }

    @Test func member_comesBeforeAnAuthorOfTheSameID_evenBeforeTheDirectoryIsBuilt() {
        var conversation = Conversation()
        conversation.members = [Member(user: User(id: "leia", name: "Leia Organa")), Member(user: User(id: "leia", name: "Other"))]
        conversation.messages = [Message(id: "m", user: User(id: "leia", name: "Leia"), createdAt: Timestamp(seconds: 0))]
        let lazy = UserDirectory.Lazy(conversation)
        #expect(lazy.user("leia").name == "Leia Organa")
        #expect(lazy.user("han") == User(id: "han"))
        #expect(lazy.user("leia").name == "Leia Organa")
    }

    /// Issue 18: typing ids and nameless thread participants looked up one by one scanned the
    /// members each time. However many lookups, each member and message is indexed once.
    @Test func manyLookups_indexEachMemberAndMessageOnce() {
        var conversation = Conversation()
        conversation.members = (0 ..< 500).map { Member(user: User(id: "member\($0)", name: "Member \($0)")) }
        conversation.messages = (0 ..< 500).map { Message(id: "m\($0)", user: User(id: "author\($0)"), createdAt: Timestamp(seconds: Int64($0))) }
        let lazy = UserDirectory.Lazy(conversation)
        for index in 0 ..< 500 { #expect(lazy.user("member\(index)").name == "Member \(index)") }
        #expect(lazy.indexedCount == 500, "the members alone, once")
        for index in 0 ..< 500 {
            #expect(lazy.user("author\(index)") == User(id: "author\(index)"))
            #expect(lazy.user("nobody\(index)") == User(id: "nobody\(index)"))
            #expect(lazy.user("member\(index)").name == "Member \(index)")
        }
        #expect(lazy.indexedCount == 1000)
        #expect(lazy.user("jos\u{E9}") == User(id: "jos\u{E9}"))
    }
}
