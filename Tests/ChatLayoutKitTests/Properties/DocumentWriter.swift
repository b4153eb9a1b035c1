import ChatLayoutKit
import ChatLayoutTestSupport

/// Writes a generated case as a conversation document (Stream's snake_case shape), so
/// that the end-to-end properties start from JSON bytes, as `chat-layout` does. Everything the
/// generator sets is written, and nothing else: decoding the bytes must give the case back.
enum DocumentWriter {
    static func bytes(_ input: GeneratedCase) -> [UInt8] {
        Array(document(input).serialized().utf8)
    }

    static func document(_ input: GeneratedCase) -> JSONValue {
        let c = input.config, context = input.context, conversation = input.conversation
        var contextMembers: [(String, JSONValue)] = [
            ("now", .string(context.now.rfc3339)), ("time_zone", .string(context.timeZone)), ("locale", .string(context.locale)),
        ]
        if let id = context.currentUserID { contextMembers.append(("current_user_id", .string(id))) }
        if let language = context.translationLanguage { contextMembers.append(("translation_language", .string(language))) }
        let display = c.displayOptions
        let config: JSONValue = .object([
            ("group_messages", .bool(c.groupMessages)),
            ("max_time_interval_between_messages_in_group", .double(c.maxTimeIntervalBetweenMessagesInGroup)),
            ("grouping_rule", .string(c.groupingRule.rawValue)),
            ("date_indicator_placement", .string(c.dateIndicatorPlacement.rawValue)),
            ("end_group_at_date_separator", .bool(c.endGroupAtDateSeparator)),
            ("date_separator_style", .string(c.dateSeparatorStyle.rawValue)),
            ("typing_indicator_placement", .string(c.typingIndicatorPlacement.rawValue)),
            ("message_list_type", .string(c.messageListType.rawValue)),
            ("message_list_alignment", .string(c.messageListAlignment.rawValue)),
            ("message_display_options", .object([
                ("show_avatars", .bool(display.showAvatars)),
                ("show_avatars_in_groups", display.showAvatarsInGroups.map(JSONValue.bool) ?? .null),
                ("show_message_date", .bool(display.showMessageDate)), ("show_author_name", .bool(display.showAuthorName)),
            ])),
            ("message_paddings", .object([("horizontal", .double(c.horizontalPadding))])),
            ("edited_label_enabled", .bool(c.editedLabelEnabled)), ("auto_translation_enabled", .bool(c.autoTranslationEnabled)),
            ("unread_separator_enabled", .bool(c.unreadSeparatorEnabled)), ("page_size", .int(c.pageSize)),
            ("show_shadowed_messages", .bool(c.showShadowedMessages)), ("unread_last_read_fallback", .bool(c.unreadLastReadFallback)),
            ("show_empty_state", .bool(c.showEmptyState)),
            ("thread_replies_counter_enabled", .bool(c.threadView.repliesCounterEnabled)),
            ("thread_replies_counter_requires_all_replies", .bool(c.threadView.repliesCounterRequiresAllReplies)),
            ("frozen_banner", .bool(c.threadView.frozenBanner)),
        ])
        let features = conversation.channel.features
        var channel: [(String, JSONValue)] = [
            ("cid", .string(conversation.channel.cid)),
            ("config", .object([
                ("replies", .bool(features.replies)), ("reactions", .bool(features.reactions)),
                ("read_events", .bool(features.readEvents)), ("delivery_events", .bool(features.deliveryEvents)),
                ("typing_events", .bool(features.typingEvents)),
            ])),
        ]
        if let name = conversation.channel.name { channel.append(("name", .string(name))) }
        if let count = conversation.channel.memberCount { channel.append(("member_count", .int(count))) }
        if let truncatedAt = conversation.channel.truncatedAt { channel.append(("truncated_at", timestamp(truncatedAt))) }
        if conversation.channel.isFrozen { channel.append(("frozen", .bool(true))) }
        return .object([
            ("context", .object(contextMembers)), ("config", config), ("channel", .object(channel)),
            ("members", .array(conversation.members.map { .object([("user", user($0.user))]) })),
            ("messages", .array(conversation.messages.map(message))),
            ("read", .array(conversation.reads.map(read))),
            ("typing_user_ids", .array(conversation.typingUserIDs.map(JSONValue.string))),
            ("message_list", .object([("state", .string(conversation.messageListState.rawValue)),
                                      ("history_loaded", .bool(conversation.historyLoaded)),
                                      ("loading_older", .bool(conversation.isLoadingOlderMessages)),
                                      ("loading_newer", .bool(conversation.isLoadingNewerMessages))])),
        ])
    }

    static func user(_ user: User) -> JSONValue {
        var members: [(String, JSONValue)] = [("id", .string(user.id))]
        if let name = user.name { members.append(("name", .string(name))) }
        if let image = user.imageURL { members.append(("image", .string(image))) }
        return .object(members)
    }

    static func timestamp(_ value: Timestamp?) -> JSONValue {
        value.map { .string($0.rfc3339) } ?? .null
    }

    static func message(_ message: Message) -> JSONValue {
        var members: [(String, JSONValue)] = [
            ("id", .string(message.id)), ("text", .string(message.text)), ("type", .string(message.type.rawValue)),
            ("user", user(message.user)), ("created_at", timestamp(message.createdAt)),
            ("deleted_at", timestamp(message.deletedAt)), ("message_text_updated_at", timestamp(message.messageTextUpdatedAt)),
            ("parent_id", message.parentID.map(JSONValue.string) ?? .null), ("show_in_channel", .bool(message.showInChannel)),
            ("reply_count", .int(message.replyCount)), ("thread_participants", .array(message.threadParticipants.map(user))),
            ("latest_reactions", .array(message.latestReactions.map { reaction in
                .object([("type", .string(reaction.type))] + (reaction.userID.map { [("user_id", JSONValue.string($0))] } ?? []))
            })),
            ("reaction_scores", .object(message.reactionScores.map { ($0.type, JSONValue.int($0.score)) })),
            ("attachments", .array(message.attachments.map(attachment))),
            ("command", message.command.map(JSONValue.string) ?? .null), ("pinned", .bool(message.pinned)),
            ("local_state", message.localState.map { .string($0.rawValue) } ?? .null),
        ]
        if let quoted = message.quotedMessage {
            members.append(("quoted_message", .object([
                ("id", .string(quoted.id)), ("text", .string(quoted.text)), ("user", user(quoted.user)),
                ("attachments", .array(quoted.attachments.map(attachment))), ("type", .string(quoted.isDeleted ? "deleted" : "regular")),
            ])))
        }
        if message.language != nil || !message.translations.isEmpty {
            var i18n: [(String, JSONValue)] = message.language.map { [("language", JSONValue.string($0))] } ?? []
            i18n += message.translations.sorted { $0.key < $1.key }.map { ($0.key + "_text", JSONValue.string($0.value)) }
            members.append(("i18n", .object(i18n)))
        }
        if message.isBounced { members.append(("moderation", .object([("action", "bounce")]))) }
        if message.deletedForMe { members.append(("deleted_for_me", .bool(true))) }
        if message.isShadowed { members.append(("shadowed", .bool(true))) }
        if let pinner = message.pinnedBy { members.append(("pinned_by", user(pinner))) }
        if !message.mentionedUsers.isEmpty { members.append(("mentioned_users", .array(message.mentionedUsers.map(user)))) }
        if let expires = message.pinExpires { members.append(("pin_expires", timestamp(expires))) }
        if let reminder = message.reminder {
            members.append(("reminder", .object(reminder.remindAt.map { [("remind_at", timestamp($0))] } ?? [])))
        }
        if let poll = message.poll {
            let options = poll.options.enumerated().map { index, option in
                JSONValue.object([("id", .string("o\(index)")), ("text", .string(option.text))])
            }
            let votes = poll.options.enumerated().map { ("o\($0.offset)", JSONValue.int($0.element.voteCount)) }
            members.append(("poll", .object([("name", .string(poll.question)), ("options", .array(options)),
                                             ("vote_counts_by_option", .object(votes)), ("is_closed", .bool(poll.isClosed))])))
        }
        if let location = message.sharedLocation {
            members.append(("shared_location", .object([("latitude", .double(location.latitude)), ("longitude", .double(location.longitude)),
                                                         ("end_at", timestamp(location.endAt))])))
        }
        return .object(members)
    }

    static func attachment(_ attachment: Attachment) -> JSONValue {
        .object([("type", .string(attachment.type))] + (attachment.title.map { [("title", JSONValue.string($0))] } ?? []))
    }

    static func read(_ read: ReadState) -> JSONValue {
        .object([
            ("user", user(read.user)), ("last_read", timestamp(read.lastRead)),
            ("last_read_message_id", read.lastReadMessageID.map(JSONValue.string) ?? .null),
            ("unread_messages", read.unreadMessages.map(JSONValue.int) ?? .null),
            ("last_delivered_at", timestamp(read.lastDeliveredAt)),
        ])
    }
}

/// Hostile text put into a generated case: terminal escape sequences (7- and 8-bit), every
/// control, bidi controls left open or closing nothing, zalgo, wide and emoji clusters, long
/// words, noncharacters. Seeded like the case, so a failure reproduces.
struct HostileTextInjector {
    static let pieces: [String] = [
        "\u{1B}[31mred\u{1B}[0m", "\u{1B}]0;title\u{07}", "\u{1B}]8;;http://e.example\u{1B}\\link\u{1B}]8;;\u{1B}\\",
        "\u{1B}P1;2q\u{1B}\\", "\u{1B}[?1049h", "\u{1B}c", "\u{1B}", "\u{9B}2J", "\u{9D}0;t\u{9C}", "\u{85}\u{80}\u{9F}",
        "\u{0}", "\u{7}", "\u{8}", "\u{7F}", "\r", "\r\n", "\n", "\t", "\u{2028}", "\u{2029}", "\u{B}\u{C}",
        "\u{202E}", "\u{202B}", "\u{202D}", "\u{202A}", "\u{2067}", "\u{2068}", "\u{2066}", "\u{202C}", "\u{2069}",
        "\u{200F}", "\u{200E}", "\u{061C}", "עברית", "مرحبا", "\u{202E}over\u{202C}",
        "Z" + String(String.UnicodeScalarView((0 ..< 300).map { Unicode.Scalar(0x300 + UInt32($0 % 0x70))! })),
        "ｗｉｄｅ　全角", "👩‍👩‍👧‍👦", "🏳️‍🌈", "🇺🇳🇯", "e\u{301}\u{302}", "\u{1100}\u{1161}\u{11A8}", "\u{200B}\u{200D}",
        String(repeating: "x", count: 150), "\u{FFFE}\u{FFFF}\u{FFFD}", "สวัสดีครับ", "a b  c   ", " ",
    ]

    private var random: SplitMix64

    init(seed: UInt64) {
        random = SplitMix64(seed: seed &* 0xD1B5_4A32_D192_ED03 ^ 0x0BAD_5EED)
    }

    /// One to four pieces, sometimes between words.
    mutating func text() -> String {
        (0 ..< random.int(1 ... 4)).map { _ in random.chance(0.3) ? "word" : random.pick(Self.pieces) }.joined()
    }

    /// A short hostile name (so that it fits where names go): one short piece and a word.
    mutating func name() -> String {
        if random.chance(0.5) { return random.pick(["\u{202E}", "\u{202B}", "\u{202D}", "\u{2067}", "\u{2068}"]) + "Name" }
        let short = Self.pieces.filter { $0.unicodeScalars.count <= 12 }
        return random.chance(0.5) ? random.pick(short) + "Name" : "Name" + random.pick(short)
    }

    /// `input` with hostile text in about a third of its texts and names; half the cases show
    /// who is typing in the header, where a name meets the channel's.
    mutating func inject(into input: GeneratedCase) -> GeneratedCase {
        var output = input
        var names: [String: String] = [:]
        for member in input.conversation.members where random.chance(0.4) { names[member.user.id] = random.chance(0.7) ? name() : text() }
        if random.chance(0.5) {
            output.config.typingIndicatorPlacement = .navigationBar
            output.conversation.typingUserIDs = input.conversation.members.map(\.user.id)
                .filter { names[$0] != nil ? random.chance(0.8) : random.chance(0.2) }
        }
        func renamed(_ user: User) -> User {
            var user = user
            if let name = names[user.id] { user.name = name }
            return user
        }
        output.conversation.members = input.conversation.members.map { Member(user: renamed($0.user)) }
        output.conversation.messages = input.conversation.messages.map { original in
            var message = original
            message.user = renamed(message.user)
            if random.chance(0.35) { message.text = text() }
            if !message.attachments.isEmpty, random.chance(0.5) {
                message.attachments = message.attachments.map { Attachment(type: random.chance(0.3) ? text() : $0.type, title: text()) }
            }
            if var quoted = message.quotedMessage, random.chance(0.5) {
                quoted.text = text()
                quoted.user = renamed(quoted.user)
                message.quotedMessage = quoted
            }
            if !message.translations.isEmpty, random.chance(0.5) {
                // In key order: a dictionary's own order differs from one instance to the next.
                for language in message.translations.keys.sorted() { message.translations[language] = text() }
            }
            return message
        }
        if random.chance(0.3) { output.conversation.channel.name = text() }
        return output
    }
}
