@_spi(ChatLayoutStages) import ChatLayoutModel

import Dispatch

/// Who a user id is, as ``Conversation/user(id:)`` answers it — a member, else the author of
/// the first message by that id in input order, else a user with only the id — for the typing
/// text and for thread participants without a name. The batch list builds it once, when a
/// lookup gets past the members (``Lazy``); the incremental list keeps it up to date as
/// messages come and go. Lookups are O(1).
package struct UserDirectory: Sendable {
    /// The first member with each id.
    private var members: IDDictionary<User> = [:]
    /// For authors who are not members: the input place and user of their first message.
    private var firstAuthors: IDDictionary<(sequence: Int, user: User)> = [:]
    /// Shown messages naming a thread participant without a name, by the participant's id:
    /// their names come from this directory.
    package private(set) var unnamedParticipants: IDDictionary<IDSet> = [:]
    /// The ids of the members whose messages were added last (`add`), a few, most recent
    /// last: an author found here is a member without hashing the id (the members never
    /// change, so an id here stays a member's).
    private var recentMembers: [String] = []
    private static let recentMemberCount = 8

    package init(members: [Member]) {
        for member in members where self.members[member.user.id] == nil {
            self.members[member.user.id] = member.user
        }
    }

    /// The member with an id (the first), if any.
    func member(_ id: String) -> User? { members[id] }

    /// The user with an id.
    package func user(_ id: String) -> User {
        members[id] ?? firstAuthors[id]?.user ?? User(id: id)
    }

    /// Notes a message joining the conversation at `sequence`; true when the user its author's
    /// id stands for changed.
    package mutating func add(_ message: Message, sequence: Int) -> Bool {
        let id = message.user.id
        if recentMembers.contains(where: { Identifier.same($0, id) }) { return false }
        guard members[id] == nil else {
            if recentMembers.count == Self.recentMemberCount { recentMembers.removeFirst() }
            recentMembers.append(id)
            return false
        }
        if let first = firstAuthors[id], first.sequence < sequence { return false }
        let before = user(id)
        firstAuthors[id] = (sequence, message.user)
        return user(id) != before
    }

    /// Notes a message leaving the conversation; when it was its author's first, `others`
    /// gives every remaining message with its input place (O(n), only then). True when the
    /// user its author's id stands for changed.
    package mutating func remove(_ message: Message, sequence: Int, others: () -> [(sequence: Int, message: Message)]) -> Bool {
        let id = message.user.id
        guard members[id] == nil, firstAuthors[id]?.sequence == sequence else { return false }
        let before = user(id)
        firstAuthors[id] = nil
        for (other, candidate) in others() where Identifier.same(candidate.user.id, id) && other != sequence {
            if let first = firstAuthors[id], first.sequence < other { continue }
            firstAuthors[id] = (other, candidate.user)
        }
        return user(id) != before
    }

    /// Notes a shown message's unnamed thread participants (`shown`), or forgets them.
    package mutating func index(_ message: Message, shown: Bool) {
        for participant in message.threadParticipants where participant.name == nil {
            if shown {
                unnamedParticipants[participant.id, default: []].insert(message.id)
            } else {
                unnamedParticipants[participant.id]?.remove(message.id)
                if unnamedParticipants[participant.id]?.isEmpty == true { unnamedParticipants[participant.id] = nil }
            }
        }
    }
}

extension UserDirectory {
    /// The directory of a conversation decided once (the batch list), built on the first
    /// lookup that gets past the members: only typing names and nameless thread participants
    /// ask, and they are mostly members. The members are indexed on the first lookup, so that
    /// any number of lookups costs one pass over the members and, at most, one over the messages.
    ///
    /// Copies share the directory, built once whichever copy asks first, from any thread: the
    /// decisions of a long list are made on all cores, each run with its copy.
    struct Lazy: Sendable {
        private let members: [Member]
        private let messages: [Message]
        private let built: Built

        /// The directories once built, behind a lock: the members', then the whole one.
        private final class Built: @unchecked Sendable {
            private let lock = DispatchSemaphore(value: 1)
            private var memberDirectory: UserDirectory?
            private var directory: UserDirectory?
            /// Members and messages indexed so far (for the tests).
            private(set) var indexed = 0

            /// The user with `id`: from the whole directory if built, else from the members'
            /// (built now if need be), else from the whole directory, built now.
            func user(_ id: String, members: [Member], messages: [Message]) -> User {
                lock.wait()
                defer { lock.signal() }
                if let directory { return directory.user(id) }
                let memberDirectory = self.memberDirectory ?? UserDirectory(members: members)
                if self.memberDirectory == nil {
                    self.memberDirectory = memberDirectory
                    indexed += members.count
                }
                if let member = memberDirectory.member(id) { return member }
                var directory = memberDirectory
                for (sequence, message) in messages.enumerated() { _ = directory.add(message, sequence: sequence) }
                indexed += messages.count
                self.directory = directory
                return directory.user(id)
            }

            var indexedCount: Int {
                lock.wait()
                defer { lock.signal() }
                return indexed
            }
        }

        init(_ conversation: Conversation) {
            members = conversation.members
            messages = conversation.messages
            built = Built()
        }

        /// The user with an id, as ``UserDirectory/user(_:)`` answers it.
        func user(_ id: String) -> User {
            built.user(id, members: members, messages: messages)
        }

        /// How many members and messages were indexed to answer the lookups so far (for the
        /// tests: each at most once, whatever the number of lookups).
        var indexedCount: Int { built.indexedCount }
    }
}
