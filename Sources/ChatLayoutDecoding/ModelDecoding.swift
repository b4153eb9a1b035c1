import ChatLayoutKit
@_spi(ChatLayoutStages) import ChatLayoutModel

/// Decoding of the model from Stream-shaped JSON (snake_case; unknown fields ignored), through
/// either reader (``JSONValueReading``). Errors name the JSON path of the offending value; the
/// order in which fields are read is the order in which their errors are found.
struct ModelDecoder {
    /// Non-fatal problems met on the way (unknown message types, …).
    var warnings: [DocumentWarning] = []

    /// Warns of each of `keys` that `object` gives more than once: only its last value is read,
    /// so the messages, members or reads of the earlier ones would otherwise vanish without a
    /// word. The warning is at the path of the value read, and names the members by their
    /// places in the object.
    mutating func warnOfRepeatedKeys(_ keys: [JSONKey], in object: some JSONValueReading) {
        for key in keys {
            let members = object.repeatedMembers(key)
            guard let last = members.last else { continue }
            let earlier = members.dropLast()
            let places = members.prefix(6).map { String($0.position + 1) }
            let placesText = places.dropLast().joined(separator: ", ") + " and " + (places.last ?? "")
                + (members.count > 6 ? " and \(members.count - 6) more" : "")
            let ignored = earlier.prefix(3).map { Self.summary($0.value) }.joined(separator: ", ")
                + (earlier.count > 3 ? " and \(earlier.count - 3) more" : "")
            let which = earlier.count == 1 ? "the one before (\(ignored)) is" : "the \(earlier.count) before (\(ignored)) are"
            warnings.append(last.value.warning(
                "the key is repeated (members \(placesText) of its object): only the last value is read; \(which) ignored"))
        }
    }

    /// A value in a few words: "an array of 3 elements", "an object", "null".
    private static func summary(_ json: some JSONValueReading) -> String {
        switch json.kind {
        case .array?:
            let count = json.elements().reduce(0) { count, _ in count + 1 }
            return count == 0 ? "an empty array" : count == 1 ? "an array of 1 element" : "an array of \(count) elements"
        case .object?:
            return "an object"
        default:
            return json.scalar().map(JSONReader.describe) ?? "nothing"
        }
    }

    mutating func user(_ json: some JSONValueReading) throws(DocumentError) -> User {
        User(id: try json["id"].string(), name: try json["name"].optionalString(), imageURL: try json["image"].optionalString())
    }

    /// A message's author: `user`, else `user_id`, else an unknown user.
    private mutating func author(_ json: some JSONValueReading) throws(DocumentError) -> User {
        if !json["user"].isAbsent { return try user(json["user"]) }
        return User(id: try json["user_id"].optionalString() ?? "")
    }

    /// The authors met so far (at most ``sharedAuthorsKept``), each with its object's bytes as
    /// the document spells it (empty for an author decoded from `user_id` alone): a message by
    /// one of them shares its box, so one author's thousand messages hold one user (issue 32).
    private var sharedAuthors: [(bytes: [UInt8], user: SharedUser)] = []
    /// Which of ``sharedAuthors`` wrote the message before.
    private var lastSharedAuthor = 0
    /// The next of ``sharedAuthors`` to give way once it is full.
    private var nextSharedAuthorReplaced = 0
    /// How many authors are kept to share: a conversation's authors mostly repeat from a few.
    private static let sharedAuthorsKept = 16

    /// A message's author (``author(_:)``), shared with the earlier messages of the same user.
    /// An author object spelled byte for byte as one met before is that one, without being
    /// decoded again (the one before first: a conversation's messages come in runs of one
    /// author's); another is decoded and shared with an equal user met before (``User``'s `==`).
    private mutating func sharedAuthor(_ json: some JSONValueReading) throws(DocumentError) -> SharedUser {
        let object = json["user"]
        let spelledBefore: Int?? = object.withObjectBytes { bytes in
            if lastSharedAuthor < sharedAuthors.count, Self.same(sharedAuthors[lastSharedAuthor].bytes, bytes) { return lastSharedAuthor }
            return sharedAuthors.indices.first { Self.same(sharedAuthors[$0].bytes, bytes) }
        }
        if let known = spelledBefore ?? nil {
            lastSharedAuthor = known
            return sharedAuthors[known].user
        }
        let user = try author(json)
        if lastSharedAuthor < sharedAuthors.count, sharedAuthors[lastSharedAuthor].user.holds(user) {
            return sharedAuthors[lastSharedAuthor].user
        }
        if let known = sharedAuthors.indices.first(where: { sharedAuthors[$0].user.holds(user) }) {
            lastSharedAuthor = known
            return sharedAuthors[known].user
        }
        let shared = SharedUser(user)
        let bytes = object.withObjectBytes { Array($0) } ?? []
        if sharedAuthors.count < Self.sharedAuthorsKept {
            lastSharedAuthor = sharedAuthors.count
            sharedAuthors.append((bytes, shared))
        } else {
            lastSharedAuthor = nextSharedAuthorReplaced
            sharedAuthors[nextSharedAuthorReplaced] = (bytes, shared)
            nextSharedAuthorReplaced = (nextSharedAuthorReplaced + 1) % Self.sharedAuthorsKept
        }
        return shared
    }

    /// Whether `kept` holds the bytes `bytes` (an empty `kept` never matches).
    private static func same(_ kept: [UInt8], _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard kept.count == bytes.count, !kept.isEmpty, let right = UnsafeRawPointer(bytes.baseAddress) else { return false }
        return kept.withUnsafeBytes { left in
            // Eight bytes at a time, then the rest one by one.
            var index = 0
            while index + 8 <= left.count {
                guard left.loadUnaligned(fromByteOffset: index, as: UInt64.self) == right.loadUnaligned(fromByteOffset: index, as: UInt64.self)
                else { return false }
                index += 8
            }
            while index < left.count {
                guard left[index] == right.load(fromByteOffset: index, as: UInt8.self) else { return false }
                index += 1
            }
            return true
        }
    }

    /// A message's keys that hold messages or users: a repeat drops the earlier with a warning.
    static let messageListKeys: [JSONKey] = ["latest_replies", "quoted_message", "thread_participants"]

    mutating func message(_ json: some JSONValueReading) throws(DocumentError) -> Message {
        warnOfRepeatedKeys(Self.messageListKeys, in: json)
        let typeName = try json["type"].optionalString() ?? "regular"
        let type: MessageType
        if let known = MessageType(rawValue: typeName) {
            type = known
        } else {
            type = .regular
            warnings.append(DocumentWarning(path: json["type"].path, message: "unknown message type '\(JSONReader.shown(typeName))', laid out as regular"))
        }
        var localState: LocalState?
        if let stateName = try json["local_state"].optionalString() {
            guard let state = LocalState(rawValue: stateName) else {
                throw DocumentError(path: json["local_state"].path, line: nil, column: nil,
                                    message: "unknown local state '\(JSONReader.shown(stateName))' (expected one of \(LocalState.allCases.map(\.rawValue).joined(separator: ", ")))")
            }
            localState = state
        }
        var translations: [String: String] = [:]
        var language: String?
        if !json["i18n"].isAbsent {
            for (key, value) in try json["i18n"].members() {
                if key == "language" {
                    language = try value.optionalString()
                } else if key.hasSuffix("_text"), let text = try value.optionalString() {
                    translations[String(key.dropLast(5))] = text
                }
            }
        }
        var scores: [(type: String, score: Int)] = []
        if !json["reaction_scores"].isAbsent {
            var notDrawn: [(type: String, score: Int)] = []
            for (key, value) in try json["reaction_scores"].members() {
                let score = try value.int()
                // The server drops a type whose score falls to 0; the layout draws only positive scores.
                if score <= 0 { notDrawn.append((key, score)) }
                scores.append((key, score))
            }
            // One warning a message, its path found once: a path is found by walking the object.
            if let first = notDrawn.first {
                let which = "'\(JSONReader.shown(first.type))' (\(first.score))"
                warnings.append(json["reaction_scores"].warning(notDrawn.count == 1
                    ? "the score of \(which) is not drawn (only scores above 0 are)"
                    : "\(notDrawn.count) scores of 0 or below are not drawn, the first \(which) (only scores above 0 are)"))
            }
        }
        let id = try json["id"].string()
        let parentID = try json["parent_id"].optionalString()
        if Identifier.same(parentID, id) {
            // A reply to itself: a thread with no root, which no screen can show.
            throw DocumentError(path: json["parent_id"].path, line: nil, column: nil,
                                message: "a message cannot be its own parent ('\(JSONReader.shown(id))')")
        }
        var message = Message(
            id: id,
            text: try json["text"].optionalString() ?? "",
            type: type,
            sharedUser: try sharedAuthor(json),
            createdAt: try json["created_at"].timestamp(),
            deletedAt: try json["deleted_at"].optionalTimestamp(),
            messageTextUpdatedAt: try json["message_text_updated_at"].optionalTimestamp(),
            parentID: parentID,
            showInChannel: try json["show_in_channel"].optionalBool() ?? false,
            replyCount: try json["reply_count"].optionalInt() ?? 0,
            threadParticipants: try users(json["thread_participants"]),
            quotedMessage: try quoted(json["quoted_message"]),
            latestReactions: try reactions(json["latest_reactions"]),
            reactionScores: scores,
            attachments: try attachments(json["attachments"]),
            command: try json["command"].optionalString(),
            language: language,
            translations: translations,
            pinned: try json["pinned"].optionalBool() ?? false,
            localState: localState,
            isBounced: try Self.isBounced(json)
        )
        // The rarer fields are set only when they differ from their defaults: a message that
        // sets none has no extras (`Message.Extras`).
        if try json["deleted_for_me"].optionalBool() == true { message.deletedForMe = true }
        if try json["shadowed"].optionalBool() == true { message.isShadowed = true }
        if let poll = try poll(json["poll"]) { message.poll = poll }
        if let location = try sharedLocation(json["shared_location"]) { message.sharedLocation = location }
        if let quotedID = try json["quoted_message_id"].optionalString() { message.quotedMessageID = quotedID }
        let ownReactions = try reactions(json["own_reactions"])
        if !ownReactions.isEmpty { message.ownReactions = ownReactions }
        var replies: [Message] = []
        for element in try json["latest_replies"].optionalArray() { replies.append(try self.message(element)) }
        if !replies.isEmpty { message.latestReplies = replies }
        // Who pinned it (`pinned_by`, a user), until when (`pin_expires`), and the current user's reminder (`reminder`, with
        // its `remind_at`; none: saved for later), which Stream SwiftUI 5 writes above the bubble.
        if !json["pinned_by"].isAbsent { message.pinnedBy = try user(json["pinned_by"]) }
        // The users it mentions (`mentioned_users`, user objects): mention runs of rich text.
        let mentioned = try users(json["mentioned_users"])
        if !mentioned.isEmpty { message.mentionedUsers = mentioned }
        if let pinExpires = try json["pin_expires"].optionalTimestamp() { message.pinExpires = pinExpires }
        if !json["reminder"].isAbsent {
            let reminder = json["reminder"]
            guard reminder.kind == .object else { throw reminder.error("a reminder is an object (with its `remind_at`)") }
            message.reminder = MessageReminder(remindAt: try reminder["remind_at"].optionalTimestamp())
        }
        // `draft` (an unsent reply in the composer) is the user's own bookkeeping, not content
        // of the message: ignored.
        return message
    }

    /// Stream's `poll`: the question (`name`), the options with their votes
    /// (`vote_counts_by_option`, by option id) and latest voters (`latest_votes_by_option`),
    /// `is_closed`, its creator (`created_by_id`, else `created_by`'s `id`), its rules
    /// (`enforce_unique_vote`, `max_votes_allowed`, `voting_visibility`,
    /// `allow_user_suggested_options`, `allow_answers`), its comments (`answers_count`,
    /// `latest_answers`) and the current user's votes (`own_votes`). Votes for an option the
    /// poll does not list, and a visibility other than "public" or "anonymous", are errors.
    private func poll(_ json: some JSONValueReading) throws(DocumentError) -> Poll? {
        guard !json.isAbsent else { return nil }
        var votes: [String: Int] = [:]
        if !json["vote_counts_by_option"].isAbsent {
            for (id, count) in try json["vote_counts_by_option"].members() { votes[id] = try count.optionalInt() ?? 0 }
        }
        var voters: [String: [Poll.Voter]] = [:]
        let latestVotes = try json["latest_votes_by_option"].optionalMembers()
        for (id, list) in latestVotes {
            for vote in try list.optionalArray() where !vote.isAbsent { voters[id, default: []].append(try voter(vote)) }
        }
        var options: [Poll.Option] = []
        var ids: Set<String> = []
        for option in try json["options"].optionalArray() {
            let id = try option["id"].optionalString()
            if let id { ids.insert(id) }
            options.append(Poll.Option(text: try option["text"].optionalString() ?? "", voteCount: id.flatMap { votes[$0] } ?? 0, id: id,
                                       latestVoters: id.flatMap { voters[$0] } ?? []))
        }
        for (id, list) in latestVotes where !ids.contains(id) {
            throw list.error("votes for an option the poll does not list (\"\(id)\")")
        }
        var poll = Poll(question: try json["name"].optionalString() ?? "", options: options,
                        isClosed: try json["is_closed"].optionalBool() ?? false)
        let creator = try json["created_by"]["id"].optionalString()
        poll.createdByID = try json["created_by_id"].optionalString() ?? creator
        poll.enforceUniqueVote = try json["enforce_unique_vote"].optionalBool() ?? false
        poll.maxVotesAllowed = try json["max_votes_allowed"].optionalInt()
        if let visibility = try json["voting_visibility"].optionalString() {
            guard let value = Poll.VotingVisibility(rawValue: visibility) else {
                throw json["voting_visibility"].error("expected \"public\" or \"anonymous\", got \"\(visibility)\"")
            }
            poll.votingVisibility = value
        }
        poll.allowsUserSuggestedOptions = try json["allow_user_suggested_options"].optionalBool() ?? false
        poll.allowsAnswers = try json["allow_answers"].optionalBool() ?? false
        poll.answersCount = try json["answers_count"].optionalInt() ?? 0
        for answer in try json["latest_answers"].optionalArray() where !answer.isAbsent {
            poll.latestAnswerUserIDs.append(try voter(answer).userID)
        }
        for vote in try json["own_votes"].optionalArray() where !vote.isAbsent {
            // A comment (`is_answer`) votes for no option.
            guard let option = try vote["option_id"].optionalString() else { continue }
            guard ids.contains(option) else { throw vote["option_id"].error("a vote for an option the poll does not list (\"\(option)\")") }
            poll.ownVoteOptionIDs.append(option)
        }
        return poll
    }

    /// A poll vote's user: its `user` (`id`, `name`, `image`), else its `user_id`.
    private func voter(_ vote: some JSONValueReading) throws(DocumentError) -> Poll.Voter {
        let user = vote["user"]
        if let id = try user["id"].optionalString() {
            return Poll.Voter(userID: id, name: try user["name"].optionalString(), imageURL: try user["image"].optionalString())
        }
        guard let id = try vote["user_id"].optionalString() else { throw vote["user_id"].error("missing (a vote names its user)") }
        return Poll.Voter(userID: id)
    }

    /// Stream's `shared_location`: `latitude`, `longitude`, and `end_at` for a live location.
    private func sharedLocation(_ json: some JSONValueReading) throws(DocumentError) -> SharedLocation? {
        guard !json.isAbsent else { return nil }
        return SharedLocation(latitude: try json["latitude"].double(), longitude: try json["longitude"].double(),
                              endAt: try json["end_at"].optionalTimestamp())
    }

    /// Stream marks a moderation bounce in `moderation_details.action`
    /// ("MESSAGE_RESPONSE_ACTION_BOUNCE") or, with moderation v2, `moderation.action` ("bounce").
    private static func isBounced(_ json: some JSONValueReading) throws(DocumentError) -> Bool {
        // Both read (either may be of the wrong type) before either is looked at.
        let actions = (try json["moderation_details"]["action"].optionalString(), try json["moderation"]["action"].optionalString())
        func isBounce(_ action: String?) -> Bool { action?.lowercased().contains("bounce") == true }
        return isBounce(actions.0) || isBounce(actions.1)
    }

    private func reactions(_ json: some JSONValueReading) throws(DocumentError) -> [Reaction] {
        var result: [Reaction] = []
        for element in try json.optionalArray() {
            var userID = try element["user_id"].optionalString()
            if userID == nil { userID = try element["user"]["id"].optionalString() }
            result.append(Reaction(type: try element["type"].string(), userID: userID))
        }
        return result
    }

    private mutating func users(_ json: some JSONValueReading) throws(DocumentError) -> [User] {
        var result: [User] = []
        for element in try json.optionalArray() {
            // Stream sends users, sometimes wrapped as {"user": {...}}, sometimes only as
            // {"user_id": "..."} (thread participants).
            if !element["user"].isAbsent {
                result.append(try user(element["user"]))
            } else if element["id"].isAbsent, let id = try element["user_id"].optionalString() {
                result.append(User(id: id))
            } else {
                result.append(try user(element))
            }
        }
        return result
    }

    private func attachments(_ json: some JSONValueReading) throws(DocumentError) -> [Attachment] {
        var result: [Attachment] = []
        for element in try json.optionalArray() {
            var title = try element["title"].optionalString()
            if title == nil { title = try element["fallback"].optionalString() }
            // Stream's link previews carry no type, only the scraped URL.
            var type = try element["type"].optionalString()
            if type == nil, !element["og_scrape_url"].isAbsent { type = "linkPreview" }
            let assetURL = try element["asset_url"].optionalString(), imageURL = try element["image_url"].optionalString()
            let asset = assetURL ?? imageURL
            var link = try element["og_scrape_url"].optionalString()
            if link == nil { link = try element["title_link"].optionalString() }
            if link == nil { link = asset }
            var width = try element["original_width"].optionalDouble(), height = try element["original_height"].optionalDouble()
            // A giphy's size is its rendition's, numbers written as strings ("480").
            if width == nil || height == nil, type == "giphy" {
                let rendition = element["giphy"]["original"].isAbsent ? element["giphy"]["fixed_height"] : element["giphy"]["original"]
                width = try Self.lenientNumber(rendition["width"])
                height = try Self.lenientNumber(rendition["height"])
            }
            var attachment = Attachment(
                type: type ?? "file", title: title, fileName: asset.flatMap(Self.fileName(ofURL:)),
                fileSize: try element["file_size"].optionalDouble().flatMap(Self.wholeNumber),
                urlHost: link.flatMap(Self.host(ofURL:)),
                originalSize: width.flatMap(Self.wholeNumber).flatMap { w in height.flatMap(Self.wholeNumber).flatMap { PixelSize(width: w, height: $0) } },
                imageURL: imageURL, thumbURL: try element["thumb_url"].optionalString(), assetURL: assetURL
            )
            try cardFields(element, into: &attachment)
            result.append(attachment)
        }
        return result
    }

    /// What an attachment's card shows besides its title: a link preview's author badge
    /// (`author_name`), description (`text`) and link (`og_scrape_url`, else `title_link`); a
    /// voice recording's `duration` (seconds) and the number of its `waveform_data` samples;
    /// an ephemeral attachment's buttons (`actions`: `name`, `value`, `text`, `style`); a
    /// file's `local_download_state` (our extension: a ``AttachmentDownloadState``).
    private func cardFields(_ element: some JSONValueReading, into attachment: inout Attachment) throws(DocumentError) {
        attachment.author = try element["author_name"].optionalString()
        attachment.text = try element["text"].optionalString()
        var link = try element["og_scrape_url"].optionalString()
        if link == nil { link = try element["title_link"].optionalString() }
        attachment.linkURL = link
        attachment.duration = try element["duration"].optionalDouble().flatMap { $0.isFinite && $0 >= 0 ? $0 : nil }
        if !element["waveform_data"].isAbsent {
            var samples = 0
            for _ in try element["waveform_data"].array() { samples += 1 }
            attachment.waveformSampleCount = samples
        }
        for action in try element["actions"].optionalArray() {
            attachment.actions.append(AttachmentAction(name: try action["name"].optionalString() ?? "", value: try action["value"].optionalString() ?? "",
                                                       text: try action["text"].optionalString() ?? "",
                                                       isPrimary: try action["style"].optionalString() == "primary"))
        }
        if let stateName = try element["local_download_state"].optionalString() {
            guard let state = AttachmentDownloadState(rawValue: stateName) else {
                throw DocumentError(path: element["local_download_state"].path, line: nil, column: nil,
                                    message: "unknown local download state '\(JSONReader.shown(stateName))' (expected one of \(AttachmentDownloadState.allCases.map(\.rawValue).joined(separator: ", ")))")
            }
            attachment.localDownloadState = state
        }
    }

    /// A number written as a number or as a string of one ("480"); nil when absent or not one.
    static func lenientNumber(_ json: some JSONValueReading) throws(DocumentError) -> Double? {
        if json.isAbsent { return nil }
        if let text = try? json.string() { return Double(text) }
        return try json.double()
    }

    /// A non-negative finite number as an integer (sizes come as 1200 or 1200.0), capped at
    /// 2⁵³; nil otherwise.
    static func wholeNumber(_ value: Double) -> Int? {
        guard value.isFinite, value >= 0 else { return nil }
        return Int(min(value, 9_007_199_254_740_992).rounded())
    }

    /// "example.com" of "https://user@example.com:443/a?b": the authority without user and port.
    static func host(ofURL url: String) -> String? {
        guard let scheme = url.utf8.firstRange(of: "://".utf8) else { return nil }
        var authority = url[scheme.upperBound...].prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        if let at = authority.lastIndex(of: "@") { authority = authority[authority.index(after: at)...] }
        if authority.first == "[" { // an IPv6 literal keeps its colons
            authority = authority.prefix { $0 != "]" } + (authority.contains("]") ? "]" : "")
        } else if let colon = authority.firstIndex(of: ":") {
            authority = authority[..<colon]
        }
        return authority.isEmpty ? nil : String(authority.prefix(253))
    }

    /// "beach.jpg" of "https://cdn.example.com/x/beach.jpg?sig=1": the path's last part.
    static func fileName(ofURL url: String) -> String? {
        let afterScheme = url.utf8.firstRange(of: "://".utf8).map { url[$0.upperBound...] } ?? url[...]
        let path = afterScheme.prefix { $0 != "?" && $0 != "#" }.drop { $0 != "/" }
        guard let slash = path.lastIndex(of: "/") else { return nil }
        let name = path[path.index(after: slash)...]
        return name.isEmpty ? nil : String(name.prefix(255))
    }

    private mutating func quoted(_ json: some JSONValueReading) throws(DocumentError) -> QuotedMessage? {
        guard !json.isAbsent else { return nil }
        let deletedAt = try json["deleted_at"].optionalTimestamp()
        let type = try json["type"].optionalString()
        let deleted = deletedAt != nil || type == "deleted"
        var quoted = QuotedMessage(id: try json["id"].optionalString() ?? "", text: try json["text"].optionalString() ?? "",
                                   user: try author(json), attachments: try attachments(json["attachments"]), isDeleted: deleted)
        // A quoted poll may come as its id alone.
        quoted.hasPoll = !json["poll"].isAbsent || !json["poll_id"].isAbsent
        quoted.sharedLocation = try sharedLocation(json["shared_location"])
        return quoted
    }

    mutating func channel(_ json: some JSONValueReading) throws(DocumentError) -> Channel {
        let config = json["config"]
        // Stream's channel config payload: `delivery_events` is optional and false when
        // missing; the others are always sent (true here when a hand-written document leaves
        // them out).
        let features = ChannelFeatures(
            replies: try config["replies"].optionalBool() ?? true,
            reactions: try config["reactions"].optionalBool() ?? true,
            readEvents: try config["read_events"].optionalBool() ?? true,
            deliveryEvents: try config["delivery_events"].optionalBool() ?? false,
            typingEvents: try config["typing_events"].optionalBool() ?? true
        )
        var cid = try json["cid"].optionalString()
        if cid == nil, let type = try json["type"].optionalString(), let id = try json["id"].optionalString() {
            cid = "\(type):\(id)"
        }
        var channel = Channel(cid: cid ?? "", name: try json["name"].optionalString(),
                              memberCount: try json["member_count"].optionalInt(),
                              watcherCount: try json["watcher_count"].optionalInt(), features: features,
                              truncatedAt: try json["truncated_at"].optionalTimestamp())
        // Stream's channel says `frozen`; Sendbird's Platform API group channel, `freeze`.
        if let frozen = try json["frozen"].optionalBool() {
            channel.isFrozen = frozen
        } else {
            channel.isFrozen = try json["freeze"].optionalBool() ?? false
        }
        return channel
    }

    mutating func members(_ json: some JSONValueReading) throws(DocumentError) -> [Member] {
        var result: [Member] = []
        for element in try json.optionalArray() {
            if !element["user"].isAbsent {
                var member = try user(element["user"])
                // The presence a direct channel's header shows (only members' is read: a
                // message's author carries the presence of when it was sent).
                member.online = try element["user"]["online"].optionalBool()
                member.lastActive = try element["user"]["last_active"].optionalTimestamp()
                result.append(Member(user: member))
            } else {
                result.append(Member(user: User(id: try element["user_id"].string())))
            }
        }
        return result
    }

    mutating func reads(_ json: some JSONValueReading) throws(DocumentError) -> [ReadState] {
        var result: [ReadState] = []
        for element in try json.optionalArray() {
            let reader = element["user"].isAbsent ? User(id: try element["user_id"].string()) : try user(element["user"])
            result.append(ReadState(
                user: reader,
                lastRead: try element["last_read"].optionalTimestamp(),
                lastReadMessageID: try element["last_read_message_id"].optionalString(),
                unreadMessages: try element["unread_messages"].optionalInt(),
                lastDeliveredAt: try element["last_delivered_at"].optionalTimestamp()
            ))
        }
        return result
    }

    /// A thread's keys that hold messages, users or reads: a repeat drops the earlier with a
    /// warning.
    static let threadListKeys: [JSONKey] = ["parent_message", "latest_replies", "read", "thread_participants"]

    mutating func thread(_ json: some JSONValueReading) throws(DocumentError) -> ChatThread {
        warnOfRepeatedKeys(Self.threadListKeys, in: json)
        let parent = json["parent_message"].isAbsent ? nil : try message(json["parent_message"])
        let parentID = try json["parent_message_id"].optionalString() ?? parent?.id
        guard let parentID else {
            throw DocumentError(path: json["parent_message_id"].path, line: nil, column: nil, message: "missing (required)")
        }
        var replies: [Message] = []
        var firstReply: [IDKey: Int] = [:]
        for (index, element) in try json["latest_replies"].optionalArray().enumerated() {
            let reply = try message(element)
            if Identifier.same(reply.id, parentID) {
                throw DocumentError(path: element["id"].path, line: nil, column: nil,
                                    message: "a reply cannot be the thread's own parent message '\(JSONReader.shown(parentID))'")
            }
            if let first = firstReply[IDKey(reply.id)] {
                throw DocumentError(path: element["id"].path, line: nil, column: nil,
                                    message: "duplicate reply id '\(JSONReader.shown(reply.id))' (first at \(json["latest_replies"].path)[\(first)])")
            }
            firstReply[IDKey(reply.id)] = index
            replies.append(reply)
        }
        return ChatThread(
            parentMessageID: parentID, parentMessage: parent,
            channel: json["channel"].isAbsent ? nil : try channel(json["channel"]),
            title: try json["title"].optionalString(),
            replyCount: try json["reply_count"].optionalInt() ?? 0,
            participantCount: try json["participant_count"].optionalInt() ?? 0,
            threadParticipants: try users(json["thread_participants"]),
            latestReplies: replies, read: try reads(json["read"]),
            lastMessageAt: try json["last_message_at"].optionalTimestamp(),
            createdAt: try json["created_at"].optionalTimestamp(),
            updatedAt: try json["updated_at"].optionalTimestamp()
        )
    }
}
