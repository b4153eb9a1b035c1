import ChatLayoutKit
import ChatLayoutTestSupport

// Deterministic, seeded generation of whole message-list inputs (conversation, configuration,
// context) for the property tests. The same seed always gives the same case, on every machine
// and Swift version: the generator has its own PRNG and its own range reduction, and reads
// nothing from the environment.


/// One generated input of the message list: what `MessageListResolver` is given.
struct GeneratedCase: Sendable {
    var seed: UInt64
    var conversation: Conversation
    var config: MessageListConfig
    var context: LayoutContext

    /// One line that says what kind of case this is, for failure reports.
    var summary: String {
        let c = config
        let parts: [String] = [
            "seed \(seed): \(conversation.messages.count) messages, \(conversation.members.count) members",
            "member_count \(conversation.channel.memberCount.map(String.init) ?? "nil")",
            "current user \(context.currentUserID ?? "nil")", context.timeZone, context.locale,
            "now \(context.now.iso8601)", "state \(conversation.messageListState.rawValue)",
            "group_messages \(c.groupMessages)",
            "\(c.groupingRule.rawValue) max \(c.maxTimeIntervalBetweenMessagesInGroup) s",
            "dates \(c.dateIndicatorPlacement.rawValue)/\(c.dateSeparatorStyle.rawValue)",
            "end_group_at_date_separator \(c.endGroupAtDateSeparator)",
            "typing \(c.typingIndicatorPlacement.rawValue)", c.messageListAlignment.rawValue,
            "edited_label \(c.editedLabelEnabled)", "unread_separator \(c.unreadSeparatorEnabled)", "empty_state \(c.showEmptyState)",
            "auto_translation \(c.autoTranslationEnabled) to \(context.translationLanguage ?? "nil")",
            "\(c.displayOptions)", "\(conversation.channel.features)",
        ]
        return parts.joined(separator: ", ")
    }
}

/// Makes `GeneratedCase`s from seeds. Cases look like real channels (bursts, day changes,
/// threads, reactions, failed sends…) but lean on the edges: equal timestamps, gaps of exactly
/// the grouping interval, midnight and DST changes, dangling references, hostile names.
struct ConversationGenerator {
    static let timeZones = ["UTC", "Europe/Berlin", "America/New_York", "Asia/Tokyo", "Australia/Lord_Howe"]
    /// English often, every bundled language, and the two pseudo-locales.
    static let locales = ["en_US", "en_US", "en_US", "ar_EG", "de_DE", "es_ES", "fr_FR", "he_IL", "hi_IN", "it_IT", "ja_JP",
                          "ko_KR", "nl_NL", "pl_PL", "pt_BR", "ru_RU", "tr_TR", "uk_UA", "zh_CN", "zh_TW", "en_XA", "ar_XB"]

    /// Message texts: many scripts, bidi, multi-line, escape sequences, and emoji (1–3 emoji
    /// alone are jumbomoji; 4, or text presentation, or emoji with words are not).
    static let texts = [
        "Hi", "On my way 🚀", "Anyone up for coffee?", "The new place on 5th has great espresso ☕",
        "今日は本当にありがとうございました。", "你好，世界！我们明天见。", "안녕하세요, 반갑습니다",
        "สวัสดีครับ ยินดีที่ได้รู้จัก", "مرحبا بالعالم", "שלום עולם, מה שלומך?", "سلام دنیا", "کیا حال ہے؟",
        "नमस्ते दुनिया", "Привет, как дела?", "Ça va ? Très bien, merci.", "Zoë’s naïve café",
        "first line\nsecond line\n\nfourth", "tab\tseparated", "   ", "",
        "Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor incididunt ut labore",
        "\u{1B}[31mred alert\u{1B}[0m", "\u{1B}]0;pwned\u{07}title", "\u{202E}reversed without a close",
        "Count me in! 🎉", "ok 👍🏽",
        // Jumbomoji (1–3 emoji, nothing else).
        "😀", "👍🏽", "👩‍👩‍👧", "🇯🇵", "1️⃣", "❤️", "😀😀", "🎉🎉🎉", "🇯🇵🇫🇷🇧🇷", "👨‍💻🧑🏿‍🚀",
        // Not jumbomoji.
        "😀😀😀😀", "☺", "#", "1", "😀 hi",
    ]

    /// Display names: distinct, none contained in another (the typing property looks for them).
    static let names = [
        "Luke Skywalker", "Leia Organa", "Han Solo", "Chewbacca", "Ahsoka Tano", "Din Djarin", "李小龙",
        "山田太郎", "김민준", "محمد علي", "דנה לוי", "Zoë Ångström", "José Núñez", "Ольга Петрова", "สมชาย ใจดี",
    ]
    /// Names other members may have (never the current user): none, blank, hostile, or
    /// template-like.
    static let oddNames: [String?] = [nil, "   ", "\u{1B}]0;pwned\u{07}Mallory\u{1B}[2J", "{second}", "{count}", "\u{202E}evE"]

    static let reactionTypes = ["like", "love", "haha", "wow", "sad", "surfing", "fire"]
    static let attachmentTypes = [("image", "beach.jpg"), ("video", "launch.mp4"), ("file", "report-q3.pdf"),
                                  ("audio", "voice-note.m4a"), ("giphy", "party"), ("voiceRecording", "rec.aac")]

    /// Instants where the offset of a zone changes (2023–2025), UTC seconds.
    static let offsetChanges: [String: [Int64]] = [
        "Europe/Berlin": [1_679_792_400, 1_698_541_200, 1_711_846_800, 1_729_990_800, 1_743_296_400, 1_761_440_400],
        "America/New_York": [1_678_604_400, 1_699_164_000, 1_710_054_000, 1_730_613_600, 1_741_503_600, 1_762_063_200],
        "Australia/Lord_Howe": [1_680_361_200, 1_696_087_800, 1_712_415_600, 1_728_142_200, 1_743_865_200, 1_759_591_800],
    ]
    /// Standard offsets (seconds east of UTC), to aim at local midnights.
    static let standardOffsets: [String: Int64] = [
        "UTC": 0, "Europe/Berlin": 3600, "America/New_York": -18_000, "Asia/Tokyo": 32_400, "Australia/Lord_Howe": 37_800,
    ]

    static let nanosPerSecond: Int64 = 1_000_000_000

    private var random: SplitMix64
    let seed: UInt64

    init(seed: UInt64) {
        self.seed = seed
        // Spread nearby seeds apart.
        random = SplitMix64(seed: seed &* 0x2545_F491_4F6C_DD1D ^ 0xC0FF_EE00_DEAD_BEEF)
    }

    /// The case of this generator's seed.
    static func makeCase(seed: UInt64) -> GeneratedCase {
        var generator = ConversationGenerator(seed: seed)
        return generator.make()
    }

    mutating func make() -> GeneratedCase {
        var config = makeConfig()
        let timeZone = random.pick(Self.timeZones)
        let users = makeUsers()
        let currentUserID: String? = random.weighted([(85, "u0"), (5, nil), (5, "observer"), (5, "u1")])
        let count = random.weighted([(4, 0), (10, random.int(1 ... 5)), (50, random.int(6 ... 60)), (36, random.int(61 ... 300))])
        let times = makeTimes(count: count, timeZone: timeZone, interval: config.maxTimeIntervalBetweenMessagesInGroup)
        var messages = makeMessages(times: times, users: users, currentUserID: currentUserID)
        reorder(&messages)

        let lastTime = times.last ?? Self.anchor(in: timeZone, random: &random)
        let now: Int64 = random.weighted([
            (70, lastTime + random.int64(0 ... 3 * 86_400 * Self.nanosPerSecond)),
            (10, lastTime + random.int64(5 ... 12) * 86_400 * Self.nanosPerSecond),
            (10, lastTime + random.int64(300 ... 500) * 86_400 * Self.nanosPerSecond),
            (10, lastTime - random.int64(0 ... 2 * 86_400 * Self.nanosPerSecond)),
        ])
        let context = LayoutContext(
            currentUserID: currentUserID, now: Self.timestamp(now), timeZone: timeZone,
            locale: random.pick(Self.locales), translationLanguage: random.pick([nil, "pt", "de", "en", ""])
        )

        let memberCount: Int? = random.weighted([
            (20, nil), (60, users.count), (20, users.count + random.int(0 ... 40)),
        ])
        let features = ChannelFeatures(
            replies: random.chance(0.85), reactions: random.chance(0.85), readEvents: random.chance(0.8),
            deliveryEvents: random.chance(0.7), typingEvents: random.chance(0.85)
        )
        // Now and then a truncation somewhere in the history: the older messages go.
        let truncatedAt = random.chance(0.08) && !times.isEmpty ? Self.timestamp(random.pick(times)) : nil
        let channel = Channel(
            cid: random.pick(["messaging:property-\(seed)", "messaging:!members-property-\(seed)"]),
            name: random.pick([nil, "", "General", "General", "  ", "🚀 Launch", "\u{1B}[2Jchannel"]),
            memberCount: memberCount, features: features, truncatedAt: truncatedAt
        )
        var members = users.map(Member.init(user:))
        if currentUserID == "observer" && random.chance(0.5) {
            members.append(Member(user: User(id: "observer", name: "Observer")))
        }
        var conversation = Conversation(
            channel: channel, members: members, messages: messages,
            reads: makeReads(messages: messages, users: users, currentUserID: currentUserID),
            typingUserIDs: makeTyping(users: users, currentUserID: currentUserID),
            messageListState: random.weighted([(90, ListLoadingState.loaded), (4, .loading), (2, .error),
                                               (2, .loadingMore), (2, .reloading)])
        )
        conversation.historyLoaded = random.chance(0.7)
        // Drawn last, so that every earlier draw (and so each seed's case) stays as it was.
        config.endGroupAtDateSeparator = random.chance(0.5)
        conversation.isLoadingOlderMessages = random.chance(0.1)
        conversation.isLoadingNewerMessages = random.chance(0.1)
        return GeneratedCase(seed: seed, conversation: conversation, config: config, context: context)
    }

    // MARK: - Configuration

    private mutating func makeConfig() -> MessageListConfig {
        let display = MessageDisplayOptions(
            showAvatars: random.chance(0.8), showAvatarsInGroups: random.pick([nil, nil, true, false]),
            showMessageDate: random.chance(0.8), showAuthorName: random.chance(0.8)
        )
        var config = MessageListConfig(
            groupMessages: random.chance(0.85),
            maxTimeIntervalBetweenMessagesInGroup: random.pick([60, 60, 60, 0, 0.5, 1, 30, 61, 300, 3600]),
            groupingRule: random.chance(0.7) ? .timeInterval : .sameMinute,
            dateIndicatorPlacement: random.pick([.messageList, .messageList, .overlay, .none, .both]),
            dateSeparatorStyle: random.pick(DateSeparatorStyle.allCases),
            typingIndicatorPlacement: random.chance(0.75) ? .bottomOverlay : .navigationBar,
            messageListType: random.pick(MessageListType.allCases),
            messageListAlignment: random.chance(0.8) ? .standard : .leftAligned,
            displayOptions: display,
            horizontalPadding: random.pick([0, 8, 16]),
            editedLabelEnabled: random.chance(0.3),
            autoTranslationEnabled: random.chance(0.4),
            unreadSeparatorEnabled: random.chance(0.85),
            pageSize: random.pick([25, 50, 100])
        )
        config.showShadowedMessages = random.chance(0.2)
        config.unreadLastReadFallback = random.chance(0.3)
        config.showEmptyState = random.chance(0.5)
        return config
    }

    // MARK: - People

    /// 1–8 authors; a quarter of the channels are direct (two members).
    private mutating func makeUsers() -> [User] {
        let count = random.chance(0.25) ? random.int(1 ... 2) : random.int(1 ... 8)
        var pool = Self.names
        random.shuffle(&pool)
        return (0 ..< count).map { index in
            // Odd names only for others: the current user is "u0" (or "u1" in a few cases).
            let name: String? = index >= 2 && random.chance(0.25) ? random.pick(Self.oddNames) : pool[index]
            return User(id: "u\(index)", name: name)
        }
    }

    private mutating func makeTyping(users: [User], currentUserID: String?) -> [String] {
        var ids = users.map(\.id).filter { _ in random.chance(0.25) }
        if let currentUserID, random.chance(0.3) { ids.append(currentUserID) }
        if random.chance(0.1) { ids.append("ghost") }
        if let first = ids.first, random.chance(0.15) { ids.append(first) } // duplicates happen
        random.shuffle(&ids)
        return ids
    }

    // MARK: - Time

    /// An instant worth being near: a change of UTC offset, a local midnight (sometimes New
    /// Year's), or anywhere in 2022–2026. UTC nanoseconds.
    static func anchor(in timeZone: String, random: inout SplitMix64) -> Int64 {
        let changes = offsetChanges[timeZone] ?? []
        let day = random.int64(19_000 ... 20_800) // days since 1970: 2022-01-08 … 2026-12-14
        let midnight = day * 86_400 - (standardOffsets[timeZone] ?? 0) + random.int64(-7200 ... 7200)
        let newYear = random.pick([1_672_531_200, 1_704_067_200, 1_735_689_600] as [Int64])
            - (standardOffsets[timeZone] ?? 0) + random.int64(-7200 ... 7200)
        let seconds: Int64 = random.weighted([
            (changes.isEmpty ? 0 : 30, changes.isEmpty ? 0 : random.pick(changes) + random.int64(-5400 ... 5400)),
            (35, midnight), (10, newYear), (25, day * 86_400 + random.int64(0 ... 86_399)),
        ])
        return seconds * nanosPerSecond
    }

    /// `count` instants, oldest first, placed so that the anchor falls inside them.
    private mutating func makeTimes(count: Int, timeZone: String, interval: Double) -> [Int64] {
        guard count > 0 else { return [] }
        let second = Self.nanosPerSecond
        let intervalNanos = Int64(interval * 1e9)
        var offsets: [Int64] = [0]
        for _ in 1 ..< count {
            let gap: Int64 = random.weighted([
                (8, 0), // equal timestamps
                (28, random.int64(1 ... 10) * second + (random.chance(0.3) ? random.int64(0 ... second - 1) : 0)),
                (6, 60 * second), (6, 61 * second),
                (4, intervalNanos), (2, intervalNanos + 1), (2, max(0, intervalNanos - 1)),
                (14, random.int64(11 ... 59) * second),
                (14, random.int64(62 ... 900) * second + (random.chance(0.3) ? random.int64(0 ... second - 1) : 0)),
                (10, random.int64(3600 ... 6 * 3600) * second),
                (4, random.int64(86_400 ... 3 * 86_400) * second),
                (2, random.int64(0 ... 999) * 1_000_000), // sub-second
            ])
            offsets.append(offsets[offsets.count - 1] + gap)
        }
        let anchor = Self.anchor(in: timeZone, random: &random)
        let span = offsets[offsets.count - 1]
        let start = anchor - (span == 0 ? 0 : random.int64(0 ... span))
        let fraction: Int64 = random.weighted([(60, 0), (20, random.int64(0 ... 999) * 1_000_000), (20, random.int64(0 ... second - 1))])
        return offsets.map { start + fraction + $0 }
    }

    static func timestamp(_ nanos: Int64) -> Timestamp {
        let seconds = nanos >= 0 ? nanos / nanosPerSecond : (nanos + 1) / nanosPerSecond - 1
        return Timestamp(seconds: seconds, nanoseconds: Int32(nanos - seconds * nanosPerSecond))
    }

    // MARK: - Messages

    private mutating func makeMessages(times: [Int64], users: [User], currentUserID: String?) -> [Message] {
        var messages: [Message] = []
        var roots: [String] = []
        var author = random.pick(users)
        let chattiness = random.pick([0.2, 0.4, 0.7])
        for (index, time) in times.enumerated() {
            if random.chance(chattiness) { author = random.pick(users) }
            let createdAt = Self.timestamp(time)
            let isMine = author.id == currentUserID
            var message = Message(id: messageID(index), text: random.pick(Self.texts), user: author, createdAt: createdAt)

            switch random.int(0 ... 99) {
            case 0 ..< 4:
                message.type = .system
                message.text = "\(author.displayName) joined the channel"
            case 4 ..< 7:
                message.type = .error
                message.text = "Message was blocked by moderation policies"
                message.isBounced = random.chance(0.4)
            case 7 ..< 10:
                message.type = .ephemeral
                message.text = "/giphy party"
                message.command = "giphy"
                if !isMine, let currentUserID, random.chance(0.7) {
                    message.user = users.first { $0.id == currentUserID } ?? User(id: currentUserID)
                }
            case 10 ..< 14:
                message.type = .deleted
            case 14 ..< 18:
                message.type = .reply
            default:
                break
            }
            if random.chance(0.04) { message.deletedAt = Self.timestamp(time + 5 * Self.nanosPerSecond) }
            if random.chance(0.02) { message.deletedForMe = true }
            if random.chance(0.04) { message.isShadowed = true }
            if random.chance(0.02) {
                message.poll = Poll(question: random.pick(Self.texts), options: [Poll.Option(text: "Yes", voteCount: random.int(0 ... 3), id: "o0"),
                                                                                 Poll.Option(text: random.pick(Self.texts), id: "o1")],
                                    isClosed: random.chance(0.3))
            } else if random.chance(0.02) {
                message.sharedLocation = SharedLocation(latitude: Double(random.int(-90_000 ... 90_000)) / 1000,
                                                        longitude: Double(random.int(-180_000 ... 180_000)) / 1000,
                                                        endAt: random.chance(0.5) ? Self.timestamp(time + 3600 * Self.nanosPerSecond) : nil)
            }
            if random.chance(isMine ? 0.25 : 0.05) { message.localState = random.pick(LocalState.allCases) }

            // Threads: roots with replies, replies to earlier roots (some also in the channel).
            if random.chance(0.05) {
                message.replyCount = random.int(1 ... 120)
                message.threadParticipants = (0 ..< random.int(1 ... 3)).map { _ in random.pick(users) }
                roots.append(message.id)
            } else if random.chance(0.1), !roots.isEmpty || random.chance(0.2) {
                message.parentID = roots.isEmpty || random.chance(0.1) ? "gone-root" : random.pick(roots)
                message.showInChannel = random.chance(0.35)
                if random.chance(0.7) { message.type = message.type == .regular ? .reply : message.type }
            }
            if random.chance(0.06), !messages.isEmpty {
                let quoted = random.pick(messages)
                message.quotedMessage = QuotedMessage(
                    id: random.chance(0.1) ? "gone" : quoted.id, text: quoted.text, user: quoted.user,
                    attachments: quoted.attachments, isDeleted: quoted.isDeleted
                )
            }
            if random.chance(0.15) {
                var types = Self.reactionTypes
                random.shuffle(&types)
                let chosen = Array(types.prefix(random.int(1 ... 3)))
                message.latestReactions = chosen.map { Reaction(type: $0, userID: random.pick(users).id) }
                message.reactionScores = chosen.map { (type: $0, score: random.int(1 ... 9)) }
            }
            if random.chance(0.08) {
                let (type, title) = random.pick(Self.attachmentTypes)
                message.attachments = [Attachment(type: type, title: title)]
                if random.chance(0.4) { message.text = "" }
            }
            if random.chance(0.15) {
                message.language = random.pick(["en", "pt", "de", "ja", nil])
                for language in ["pt", "de", "en"] where random.chance(0.5) {
                    message.translations[language] = random.pick(["Oi, tudo bem?", "Hallo zusammen", "", message.text, "Hi there"])
                }
            }
            if random.chance(0.03) { message.command = random.pick(["giphy", "mute"]) }
            if random.chance(0.05) { message.messageTextUpdatedAt = Self.timestamp(time + 30 * Self.nanosPerSecond) }
            message.pinned = random.chance(0.02)
            messages.append(message)
        }
        return messages
    }

    /// Input order: mostly chronological, sometimes with neighbours swapped, sometimes
    /// shuffled or reversed (the resolver sorts by time, ties in input order).
    private mutating func reorder(_ messages: inout [Message]) {
        switch random.int(0 ... 9) {
        case 0 ... 5: break
        case 6, 7:
            for _ in 0 ..< messages.count / 4 where messages.count > 1 {
                let index = random.int(0 ... messages.count - 2)
                messages.swapAt(index, index + 1)
            }
        case 8: random.shuffle(&messages)
        default: messages.reverse()
        }
    }

    // MARK: - Reads

    private mutating func makeReads(messages: [Message], users: [User], currentUserID: String?) -> [ReadState] {
        var reads: [ReadState] = []
        let times = messages.map(\.createdAt).sorted()
        func someTime(_ random: inout SplitMix64) -> Timestamp? {
            guard let first = times.first, let last = times.last else { return nil }
            return random.weighted([
                (50, random.pick(times)), (20, first), (20, last),
                (10, Self.timestamp(random.int64(0 ... 1) == 0 ? first.nanos - 1 : last.nanos + 1)),
            ])
        }
        if let currentUserID, random.chance(0.8) {
            let lastMessage = messages.isEmpty ? nil : random.pick(messages)
            let lastID: String? = random.weighted([(60, lastMessage?.id), (10, "gone"), (30, nil)])
            let lastRead: Timestamp? = random.weighted([(40, lastMessage?.createdAt), (30, someTime(&random)), (30, nil)])
            let unread: Int? = random.weighted([(20, nil), (25, 0), (55, random.int(1 ... max(1, messages.count)))])
            reads.append(ReadState(user: User(id: currentUserID), lastRead: lastRead, lastReadMessageID: lastID,
                                   unreadMessages: unread, lastDeliveredAt: someTime(&random)))
        }
        for user in users where user.id != currentUserID && random.chance(0.6) {
            reads.append(ReadState(
                user: user, lastRead: random.chance(0.7) ? someTime(&random) : nil,
                lastReadMessageID: messages.isEmpty || random.chance(0.5) ? nil : random.pick(messages).id,
                unreadMessages: random.chance(0.5) ? random.int(0 ... 20) : nil,
                lastDeliveredAt: random.chance(0.6) ? someTime(&random) : nil
            ))
        }
        random.shuffle(&reads)
        return reads
    }
}

/// "m007": message ids that sort like their creation order (never like the input order).
private func messageID(_ index: Int) -> String {
    let digits = String(index)
    return "m" + String(repeating: "0", count: max(0, 3 - digits.count)) + digits
}

extension Timestamp {
    /// Nanoseconds since 1970.
    var nanos: Int64 { seconds * ConversationGenerator.nanosPerSecond + Int64(nanoseconds) }

    /// RFC 3339 in UTC ("2024-10-27T00:59:30.5Z"), for failure reports.
    var iso8601: String {
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let secondOfDay = seconds - days * 86_400
        // Howard Hinnant's civil_from_days.
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        func pad(_ value: Int64, _ width: Int = 2) -> String {
            let text = String(value)
            return String(repeating: "0", count: max(0, width - text.count)) + text
        }
        var fraction = ""
        if nanoseconds > 0 {
            fraction = "." + pad(Int64(nanoseconds), 9)
            while fraction.hasSuffix("0") { fraction.removeLast() }
        }
        return "\(pad(year, 4))-\(pad(month))-\(pad(day))T\(pad(secondOfDay / 3600)):\(pad(secondOfDay / 60 % 60)):\(pad(secondOfDay % 60))\(fraction)Z"
    }
}
