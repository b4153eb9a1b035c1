@_spi(ChatLayoutStages) import ChatLayoutModel

/// Users whose id or name reads like another user's: what `explain` warns about, since an id
/// compared by its bytes lets "jose\u{301}" post beside "jos\u{E9}" and look the same, and
/// anyone may take another member's name.
///
/// One note per kind, whatever the number of look-alikes: "author name also used by a, b, c
/// and 9996 more". Ten thousand authors named "Alex" give each message one note of a few ids,
/// not ten thousand, and every note is made once, when the users are indexed: a message's
/// notes cost a lookup.
package struct LookalikeUsers: Sendable {
    /// The most ids a note lists; the rest are counted ("and 9996 more").
    static let listedIDs = 3

    /// The known users (members, then authors, then the current user's id), each id once.
    private var users: [User] = []
    /// Each user's index by id (its bytes).
    private var index = IDDictionary<Int>()
    /// Users by id and by name as Swift's `==` compares strings (canonical equivalence), so
    /// that look-alikes meet in one group, in the users' order; each string is hashed once,
    /// when its user joins, and everything after that is keyed by group numbers.
    private var idGroups = Groups(), nameGroups = Groups()
    /// Each user's id group and name group.
    private var groupsOfUser: [GroupPair] = []
    /// Per id group and name group: the first users of the name whose id does not read like
    /// the id, and how many there are. The users whose id does read like it are warned of as
    /// look-alike ids instead.
    private var nameSharers: [GroupPair: Sharers] = [:]
    /// Each user's notes, for a message whose author is the user as listed.
    private var notesOfUser: [[String]] = []

    /// Strings that `==` finds equal, numbered, with the users of each.
    private struct Groups: Sendable {
        var numbers: [String: Int] = [:]
        var members: [[Int]] = []

        /// Adds `user` to the group of `key`, which is made when it is new; its number.
        mutating func join(_ key: String, _ user: Int) -> Int {
            if let number = numbers[key] {
                members[number].append(user)
                return number
            }
            numbers[key] = members.count
            members.append([user])
            return members.count - 1
        }
    }

    private struct GroupPair: Hashable, Sendable {
        var id: Int?
        var name: Int?
    }

    private struct Sharers: Sendable {
        var first: [Int]
        var count: Int
    }

    init(_ conversation: Conversation, currentUserID: String?) {
        for user in conversation.members.map(\.user) + conversation.messages.map(\.user) { add(user) }
        if let currentUserID { add(User(id: currentUserID)) }
        var byNameAndID: [GroupPair: [Int]] = [:]
        for (index, user) in users.enumerated() {
            let groups = GroupPair(id: idGroups.join(user.id, index), name: Self.name(of: user).map { nameGroups.join($0, index) })
            groupsOfUser.append(groups)
            if groups.name != nil { byNameAndID[groups, default: []].append(index) }
        }
        // The first sharers of each name but those of the look-alike ids: one walk over the
        // name's users as far as the look-alikes and the listed ones reach.
        for (key, lookalikes) in byNameAndID {
            guard let nameGroup = key.name else { continue }
            let named = nameGroups.members[nameGroup]
            var first: [Int] = [], next = 0
            for user in named {
                if next < lookalikes.count && lookalikes[next] == user {
                    next += 1
                    continue
                }
                first.append(user)
                if first.count == Self.listedIDs { break }
            }
            nameSharers[key] = Sharers(first: first, count: named.count - lookalikes.count)
        }
        notesOfUser = users.indices.map { makeNotes(for: users[$0], groups: groupsOfUser[$0]) }
    }

    private mutating func add(_ user: User) {
        guard index[user.id] == nil else { return }
        index[user.id] = users.count
        users.append(user)
    }

    /// A name worth comparing: present and not empty.
    private static func name(of user: User) -> String? {
        guard let name = user.name, !name.isEmpty else { return nil }
        return name
    }

    /// What a reader should know about `author`: an id that reads like other users' ids, a
    /// name that other users have too; at most one note of each.
    func notes(for author: User) -> [String] {
        if let known = index[author.id], Self.name(of: users[known]) == Self.name(of: author) { return notesOfUser[known] }
        // A message's author named otherwise than the user listed.
        let groups = GroupPair(id: idGroups.numbers[author.id], name: Self.name(of: author).flatMap { nameGroups.numbers[$0] })
        return makeNotes(for: author, groups: groups)
    }

    private func makeNotes(for author: User, groups: GroupPair) -> [String] {
        var notes: [String] = []
        // The users whose id reads like the author's, the author's own id left out.
        let sameID = groups.id.map { idGroups.members[$0] } ?? []
        let lookalikes = sameID.lazy.filter { !Identifier.same(users[$0].id, author.id) }
        let lookalikeCount = sameID.count - (index[author.id] == nil ? 0 : 1)
        if lookalikeCount > 0 {
            let listed = Self.list(lookalikes.prefix(Self.listedIDs).map { users[$0].id }, of: lookalikeCount)
            notes.append("author id \(Identifier.spelled(author.id)) only reads like \(listed): "
                         + (lookalikeCount == 1 ? "another user" : "other users"))
        }
        if let nameGroup = groups.name {
            let named = nameGroups.members[nameGroup]
            let sharers = nameSharers[groups] ?? Sharers(first: Array(named.prefix(Self.listedIDs)), count: named.count)
            if sharers.count > 0 {
                notes.append("author name also used by \(Self.list(sharers.first.map { users[$0].id }, of: sharers.count))")
            }
        }
        return notes
    }

    /// "a", "a, b, c" or "a, b, c and 7 more": the ids spelled (``Identifier/spelled(_:)``),
    /// quoted where a space, a comma or nothing would blur where one ends.
    private static func list(_ ids: [String], of count: Int) -> String {
        let spelled = ids.map { id in
            let spelled = Identifier.spelled(id)
            return spelled.isEmpty || spelled.contains(" ") || spelled.contains(",") ? "\"\(spelled)\"" : spelled
        }
        let more = count - ids.count
        return spelled.joined(separator: ", ") + (more > 0 ? " and \(more) more" : "")
    }
}
