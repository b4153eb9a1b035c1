/// Users whose id or name reads like another user's: what `explain` warns about, since an id
/// compared by its bytes lets "jose\u{301}" post beside "jos\u{E9}" and look the same, and
/// anyone may take another member's name.
///
/// One note per kind, whatever the number of look-alikes: "author name also used by a, b, c
/// and 9996 more". Ten thousand authors named "Alex" give each message one note of a few ids,
/// not ten thousand, and every note is made once, when the users are indexed: a message's
/// notes cost a lookup.
struct LookalikeUsers: Sendable {
    /// The most ids a note lists; the rest are counted ("and 9996 more").
    static let listedIDs = 3

    /// The known users (members, then authors, then the current user's id), each id once.
    private var users: [User] = []
    /// Each user's index by id (its bytes).
    private var index = IDDictionary<Int>()
    /// Users by id and by name as Swift's `==` compares strings (canonical equivalence), so
    /// that look-alikes meet in one bucket; in the users' order.
    private var byID: [String: [Int]] = [:]
    private var byName: [String: [Int]] = [:]
    /// Per id and name (both as `==` compares them): the first users of the name whose id
    /// does not read like the id, and how many there are. The users whose id does read like
    /// it are warned of as look-alike ids instead.
    private var nameSharers: [NameOfID: Sharers] = [:]
    /// Each user's notes, for a message whose author is the user as listed.
    private var notesOfUser: [[String]] = []

    private struct NameOfID: Hashable, Sendable {
        var id: String
        var name: String
    }

    private struct Sharers: Sendable {
        var first: [Int]
        var count: Int
    }

    init(_ conversation: Conversation, currentUserID: String?) {
        for user in conversation.members.map(\.user) + conversation.messages.map(\.user) { add(user) }
        if let currentUserID { add(User(id: currentUserID)) }
        var byNameAndID: [NameOfID: [Int]] = [:]
        for (index, user) in users.enumerated() {
            byID[user.id, default: []].append(index)
            if let name = Self.name(of: user) {
                byName[name, default: []].append(index)
                byNameAndID[NameOfID(id: user.id, name: name), default: []].append(index)
            }
        }
        // The first sharers of each name but those of the look-alike ids: one walk over the
        // name's users as far as the look-alikes and the listed ones reach.
        for (key, lookalikes) in byNameAndID {
            let named = byName[key.name] ?? []
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
        notesOfUser = users.map { makeNotes(for: $0) }
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
        return makeNotes(for: author)  // a message's author named otherwise than the user listed
    }

    private func makeNotes(for author: User) -> [String] {
        var notes: [String] = []
        // The users whose id reads like the author's, the author's own id left out.
        let sameID = byID[author.id] ?? []
        let lookalikes = sameID.lazy.filter { !Identifier.same(users[$0].id, author.id) }
        let lookalikeCount = sameID.count - (index[author.id] == nil ? 0 : 1)
        if lookalikeCount > 0 {
            let listed = Self.list(lookalikes.prefix(Self.listedIDs).map { users[$0].id }, of: lookalikeCount)
            notes.append("author id \(Identifier.spelled(author.id)) only reads like \(listed): "
                         + (lookalikeCount == 1 ? "another user" : "other users"))
        }
        if let name = Self.name(of: author) {
            let sharers = nameSharers[NameOfID(id: author.id, name: name)]
                ?? (byName[name]).map { Sharers(first: Array($0.prefix(Self.listedIDs)), count: $0.count) }
            if let sharers, sharers.count > 0 {
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
