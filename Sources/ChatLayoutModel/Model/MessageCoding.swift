/// A message is coded with its properties' Swift names, like the synthesised conformances of the
/// other model types; `reactionScores` as `[{"type": "love", "score": 3}]`. Written by hand
/// because the fields live in shared storage: a field added to `Message` is added here too (the
/// round-trip test sets every field).
extension Message: Codable {
    private enum CodingKeys: String, CodingKey {
        case id, text, type, user, createdAt, deletedAt, messageTextUpdatedAt, parentID, showInChannel, replyCount
        case threadParticipants, quotedMessage, latestReactions, reactionScores, attachments, command, language
        case translations, pinned, localState, isBounced, deletedForMe, isShadowed, latestReplies, poll, sharedLocation
        case quotedMessageID, ownReactions, pinnedBy, pinExpires, reminder, mentionedUsers
    }

    /// One entry of `reactionScores`.
    private struct ReactionScore: Codable {
        var type: String
        var score: Int
    }

    /// Reads a message written by ``encode(to:)``.
    ///
    /// - Throws: `DecodingError` when a field is missing (optional ones may be) or of the
    ///   wrong type.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            id: try container.decode(String.self, forKey: .id),
            text: try container.decode(String.self, forKey: .text),
            type: try container.decode(MessageType.self, forKey: .type),
            user: try container.decode(User.self, forKey: .user),
            createdAt: try container.decode(Timestamp.self, forKey: .createdAt),
            deletedAt: try container.decodeIfPresent(Timestamp.self, forKey: .deletedAt),
            messageTextUpdatedAt: try container.decodeIfPresent(Timestamp.self, forKey: .messageTextUpdatedAt),
            parentID: try container.decodeIfPresent(String.self, forKey: .parentID),
            showInChannel: try container.decode(Bool.self, forKey: .showInChannel),
            replyCount: try container.decode(Int.self, forKey: .replyCount),
            threadParticipants: try container.decode([User].self, forKey: .threadParticipants),
            quotedMessage: try container.decodeIfPresent(QuotedMessage.self, forKey: .quotedMessage),
            latestReactions: try container.decode([Reaction].self, forKey: .latestReactions),
            reactionScores: try container.decode([ReactionScore].self, forKey: .reactionScores).map { ($0.type, $0.score) },
            attachments: try container.decode([Attachment].self, forKey: .attachments),
            command: try container.decodeIfPresent(String.self, forKey: .command),
            language: try container.decodeIfPresent(String.self, forKey: .language),
            translations: try container.decode([String: String].self, forKey: .translations),
            pinned: try container.decode(Bool.self, forKey: .pinned),
            localState: try container.decodeIfPresent(LocalState.self, forKey: .localState),
            isBounced: try container.decode(Bool.self, forKey: .isBounced)
        )
        deletedForMe = try container.decode(Bool.self, forKey: .deletedForMe)
        isShadowed = try container.decode(Bool.self, forKey: .isShadowed)
        latestReplies = try container.decode([Message].self, forKey: .latestReplies)
        poll = try container.decodeIfPresent(Poll.self, forKey: .poll)
        sharedLocation = try container.decodeIfPresent(SharedLocation.self, forKey: .sharedLocation)
        quotedMessageID = try container.decodeIfPresent(String.self, forKey: .quotedMessageID)
        ownReactions = try container.decodeIfPresent([Reaction].self, forKey: .ownReactions) ?? []
        pinnedBy = try container.decodeIfPresent(User.self, forKey: .pinnedBy)
        pinExpires = try container.decodeIfPresent(Timestamp.self, forKey: .pinExpires)
        reminder = try container.decodeIfPresent(MessageReminder.self, forKey: .reminder)
        mentionedUsers = try container.decodeIfPresent([User].self, forKey: .mentionedUsers) ?? []
    }

    /// Writes every field under its property's name; a `nil` one is left out.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(text, forKey: .text)
        try container.encode(type, forKey: .type)
        try container.encode(user, forKey: .user)
        try container.encode(createdAt, forKey: .createdAt)
        try container.encodeIfPresent(deletedAt, forKey: .deletedAt)
        try container.encodeIfPresent(messageTextUpdatedAt, forKey: .messageTextUpdatedAt)
        try container.encodeIfPresent(parentID, forKey: .parentID)
        try container.encode(showInChannel, forKey: .showInChannel)
        try container.encode(replyCount, forKey: .replyCount)
        try container.encode(threadParticipants, forKey: .threadParticipants)
        try container.encodeIfPresent(quotedMessage, forKey: .quotedMessage)
        try container.encode(latestReactions, forKey: .latestReactions)
        try container.encode(reactionScores.map { ReactionScore(type: $0.type, score: $0.score) }, forKey: .reactionScores)
        try container.encode(attachments, forKey: .attachments)
        try container.encodeIfPresent(command, forKey: .command)
        try container.encodeIfPresent(language, forKey: .language)
        try container.encode(translations, forKey: .translations)
        try container.encode(pinned, forKey: .pinned)
        try container.encodeIfPresent(localState, forKey: .localState)
        try container.encode(isBounced, forKey: .isBounced)
        try container.encode(deletedForMe, forKey: .deletedForMe)
        try container.encode(isShadowed, forKey: .isShadowed)
        try container.encode(latestReplies, forKey: .latestReplies)
        try container.encodeIfPresent(poll, forKey: .poll)
        try container.encodeIfPresent(sharedLocation, forKey: .sharedLocation)
        try container.encodeIfPresent(quotedMessageID, forKey: .quotedMessageID)
        if !ownReactions.isEmpty { try container.encode(ownReactions, forKey: .ownReactions) }
        try container.encodeIfPresent(pinnedBy, forKey: .pinnedBy)
        try container.encodeIfPresent(pinExpires, forKey: .pinExpires)
        try container.encodeIfPresent(reminder, forKey: .reminder)
        if !mentionedUsers.isEmpty { try container.encode(mentionedUsers, forKey: .mentionedUsers) }
    }
}
