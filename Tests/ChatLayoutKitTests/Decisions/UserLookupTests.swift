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

    /// The directory remembers the members whose messages came last (`add` answers them
    /// without hashing): an author whose id reads like a member's but is other bytes is no
    /// member, however often the member wrote just before, and more members than it
    /// remembers, in turn, are all still members.
    @Test func recentMembers_answerOnlyTheirOwnBytes() {
        let members = (0 ..< 12).map { User(id: "member\($0)", name: "Member \($0)") } + [User(id: "jos\u{E9}", name: "José")]
        var directory = UserDirectory(members: members.map(Member.init(user:)))
        var sequence = 0
        func add(_ user: User) -> Bool {
            defer { sequence += 1 }
            return directory.add(Message(id: "m\(sequence)", user: user, createdAt: Timestamp(seconds: Int64(sequence))), sequence: sequence)
        }
        for _ in 0 ..< 3 {
            for member in members { #expect(!add(member)) }
        }
        // "jose" and a combining accent: another id, whose first message names it.
        #expect(add(User(id: "jose\u{301}", name: "Impostor")))
        #expect(directory.user("jose\u{301}").name == "Impostor")
        #expect(directory.user("jos\u{E9}").name == "José")
        #expect(!add(members[12]))
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
