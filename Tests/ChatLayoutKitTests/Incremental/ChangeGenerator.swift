@testable import ChatLayoutKit
@testable import ChatLayoutModel
@testable import ChatLayoutDecisions
@testable import ChatLayoutComposition
@testable import ChatLayoutPlacement
import ChatLayoutTestSupport

/// Random changes to a generated conversation, for the incremental property test: a case's
/// messages are split into a starting list, older pages to prepend, newer messages to append
/// and a few held back to insert; the rest of the changes edit, delete and remove messages,
/// change typing users, read states and the width, and try invalid changes.
struct ChangeGenerator {
    var random: SplitMix64
    /// Messages not yet in the conversation.
    var older: [Message]
    var newer: [Message]
    var late: [Message]
    let users: [User]
    let currentUserID: String?
    var made = 0

    /// Splits `input`'s messages; returns the generator and the starting conversation.
    static func start(_ input: GeneratedCase, random: inout SplitMix64, keep: Int) -> (ChangeGenerator, Conversation) {
        let sorted = input.conversation.messages.sorted { $0.createdAt < $1.createdAt }
        let count = min(sorted.count, keep)
        let start = sorted.isEmpty ? 0 : random.int(0 ... sorted.count - count)
        var middle = Array(sorted[start ..< start + count])
        var late: [Message] = []
        for _ in 0 ..< min(3, middle.count / 4) { late.append(middle.remove(at: random.int(0 ... middle.count - 1))) }
        var conversation = input.conversation
        conversation.messages = middle.shuffledLightly(&random)
        var users = input.conversation.members.map(\.user)
        users.append(User(id: "stranger")) // an author who is no member and has no name
        let generator = ChangeGenerator(random: random, older: Array(sorted[..<start].suffix(20)),
                                        newer: Array(sorted[(start + count)...].prefix(20)), late: late, users: users,
                                        currentUserID: input.context.currentUserID)
        return (generator, conversation)
    }

    /// A change to `conversation` (as it is now) and whether it must be refused.
    mutating func next(_ conversation: Conversation) -> (MessageListChange, valid: Bool) {
        let messages = conversation.messages
        let pick = random.weighted([
            (20, 0), (8, 1), (6, 2), (22, 3), (6, 4), (6, 5), (4, 6), (6, 7), (10, 8), (2, 9), (2, 10), (8, 11),
        ])
        switch pick {
        case 0: // append: the next newer message, or a copy of one a few seconds after the newest
            if !newer.isEmpty && random.chance(0.6) { return (.append(newer.removeFirst()), true) }
            return (.append(fresh(after: messages.map(\.createdAt).max())), true)
        case 1: // insert a held-back message, or a copy at the time of an existing one (a tie)
            if !late.isEmpty { return (.insert(late.removeFirst()), true) }
            var message = fresh(after: nil)
            if let other = messages.randomElement(using: &random) { message.createdAt = other.createdAt }
            return (.insert(message), true)
        case 2: // a page of older messages, in any order
            let page = Array(older.suffix(random.int(1 ... 4)))
            older.removeLast(page.count)
            var shuffled = page.isEmpty ? [fresh(after: nil, before: messages.map(\.createdAt).min())] : page
            if random.chance(0.2), let other = messages.randomElement(using: &random) {
                var overlapping = fresh(after: nil) // a page that reaches into the list: sorted in one by one
                overlapping.createdAt = other.createdAt
                shuffled.append(overlapping)
            }
            random.shuffle(&shuffled)
            return (.prependPage(shuffled), true)
        case 3: // edit
            guard var message = messages.randomElement(using: &random) else { return next(conversation) }
            edit(&message, among: messages)
            return (.edit(message), true)
        case 4:
            guard let message = messages.randomElement(using: &random) else { return next(conversation) }
            return (.softDelete(messageID: message.id, at: Timestamp(seconds: message.createdAt.seconds + 9)), true)
        case 5:
            guard let message = messages.randomElement(using: &random) else { return next(conversation) }
            return (.remove(messageID: message.id), true)
        case 6:
            return (.width(random.weighted([(2, random.int(1 ... 6)), (8, random.int(7 ... 120))])), true)
        case 7:
            var ids = users.map(\.id).filter { _ in random.chance(0.3) }
            if random.chance(0.2) { ids.append("ghost") }
            random.shuffle(&ids)
            return (.typingUsers(ids), true)
        case 8:
            // Now and then the last page of history arrives, or the list says it is partial.
            if random.chance(0.2) { return (.historyLoaded(!conversation.historyLoaded), true) }
            // Or a page starts or stops loading, above or below.
            if random.chance(0.15) { return (.loadingOlderMessages(!conversation.isLoadingOlderMessages), true) }
            if random.chance(0.15) { return (.loadingNewerMessages(!conversation.isLoadingNewerMessages), true) }
            return (.reads(reads(conversation)), true)
        case 11: // a streamed token: the newest message's text grows (now and then another message's)
            let newest = messages.indices.max { messages[$0].createdAt < messages[$1].createdAt || messages[$0].createdAt == messages[$1].createdAt && $0 < $1 }
            guard let index = random.chance(0.9) ? newest : messages.indices.randomElement(using: &random) else { return next(conversation) }
            var message = messages[index]
            message.text += random.pick([" and", " then 👍🏽", ",\n\nNext", " שלום", "."])
            if random.chance(0.3) { edit(&message, among: messages) } // and something else with it (not a text edit alone)
            return (.edit(message), true)
        case 9: // an id the list already has
            guard let message = messages.randomElement(using: &random) else { return next(conversation) }
            return (random.chance(0.5) ? .append(message) : .prependPage([fresh(after: nil), message]), false)
        default:
            let ghost = "no-such-message"
            return (random.pick([.edit(Message(id: ghost, user: users[0], createdAt: Timestamp(seconds: 0))),
                                 .remove(messageID: ghost), .softDelete(messageID: ghost, at: Timestamp(seconds: 0))]), false)
        }
    }

    /// A new message copied from the case's kind of messages, with a new id.
    private mutating func fresh(after newest: Timestamp?, before oldest: Timestamp? = nil) -> Message {
        made += 1
        let author = random.pick(users)
        var message = Message(id: "new\(made)", text: random.pick(ConversationGenerator.texts), user: author,
                              createdAt: Timestamp(seconds: 1_700_000_000))
        if let newest {
            message.createdAt = Timestamp(seconds: newest.seconds + Int64(random.pick([0, 1, 30, 60, 61, 3600, 90_000])),
                                          nanoseconds: newest.nanoseconds)
        } else if let oldest {
            message.createdAt = Timestamp(seconds: oldest.seconds - Int64(random.pick([0, 5, 61, 86_400])), nanoseconds: oldest.nanoseconds)
        }
        if random.chance(0.1) { message.type = random.pick([.system, .error, .ephemeral, .reply]) }
        if random.chance(0.1) { message.latestReactions = [Reaction(type: "like", userID: "u1")] }
        if random.chance(0.05) { message.parentID = "gone-root"; message.showInChannel = random.chance(0.5) }
        return message
    }

    /// Changes one or two things of a message, as edits and events do.
    private mutating func edit(_ message: inout Message, among messages: [Message]) {
        for _ in 0 ..< random.int(1 ... 2) {
            switch random.int(0 ... 11) {
            case 0: message.text = random.pick(ConversationGenerator.texts)
            case 1:
                message.latestReactions = message.latestReactions.isEmpty ? [Reaction(type: random.pick(["love", "fire"]), userID: "u2")] : []
                message.reactionScores = message.latestReactions.map { ($0.type, 2) }
            case 2: message.localState = random.pick([nil, nil] + LocalState.allCases)
            case 3: message.type = random.pick(MessageType.allCases)
            case 4: message.messageTextUpdatedAt = message.messageTextUpdatedAt == nil ? message.createdAt : nil
            case 5:
                message.replyCount = message.replyCount > 0 ? 0 : random.int(1 ... 9)
                message.threadParticipants = [random.pick(users), User(id: random.pick(["stranger", "u1", "nobody"]))]
            case 6:
                message.parentID = message.parentID == nil ? "gone-root" : nil
                message.showInChannel = random.chance(0.5)
            case 7: // moves it
                message.createdAt = Timestamp(seconds: message.createdAt.seconds + Int64(random.pick([-86_400, -61, -1, 1, 61, 3600])),
                                              nanoseconds: message.createdAt.nanoseconds)
            case 8: message.user = random.pick(users)
            case 9: message.deletedAt = message.deletedAt == nil ? message.createdAt : nil
            case 10:
                if let other = messages.randomElement(using: &random) {
                    message.quotedMessage = QuotedMessage(id: other.id, text: other.text, user: other.user)
                }
            default: message.user.name = random.pick([nil, "Renamed", "Zoë"])
            }
        }
    }

    /// New read states: the current user's and the others' moved around the messages.
    private mutating func reads(_ conversation: Conversation) -> [ReadState] {
        var reads = conversation.reads
        let times = conversation.messages.map(\.createdAt)
        func someTime() -> Timestamp? {
            guard let time = times.randomElement(using: &random) else { return nil }
            return random.chance(0.2) ? nil : Timestamp(seconds: time.seconds + Int64(random.int(-1 ... 1)), nanoseconds: time.nanoseconds)
        }
        if let currentUserID, random.chance(0.6) {
            reads.removeAll { $0.user.id == currentUserID }
            if random.chance(0.9) {
                let lastID = random.chance(0.6) ? conversation.messages.randomElement(using: &random)?.id : random.pick([nil, "gone"])
                reads.append(ReadState(user: User(id: currentUserID), lastRead: someTime(), lastReadMessageID: lastID,
                                       unreadMessages: random.pick([nil, 0, 1, 5]), lastDeliveredAt: someTime()))
            }
        }
        for user in users.prefix(4) where user.id != currentUserID && random.chance(0.5) {
            reads.removeAll { $0.user.id == user.id }
            if random.chance(0.85) {
                reads.append(ReadState(user: user, lastRead: someTime(), lastReadMessageID: nil, unreadMessages: nil,
                                       lastDeliveredAt: someTime()))
            }
        }
        random.shuffle(&reads)
        return reads
    }
}

extension Array {
    /// Mostly in order, a few neighbours swapped (input order is not time order).
    fileprivate func shuffledLightly(_ random: inout SplitMix64) -> [Element] {
        var copy = self
        for _ in 0 ..< count / 5 where count > 1 {
            let index = random.int(0 ... count - 2)
            copy.swapAt(index, index + 1)
        }
        return copy
    }
}
