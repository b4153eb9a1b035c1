/// One value of a string table (``ChatStrings/apply(_:)``): a phrase, or the forms of a count
/// phrase by plural category.
public enum ChatStringsValue: Hashable, Sendable {
    /// A phrase: "Unread messages", "{name} is typing…".
    case phrase(String)
    /// A count phrase's forms: `[.one: "{count} reply", .other: "{count} replies"]`.
    case counted([PluralCategory: String])
}

extension ChatStringsValue {
    /// The value with its phrases neutralised (``NeutralText``).
    var neutral: ChatStringsValue {
        switch self {
        case .phrase(let text): .phrase(NeutralText(text).string)
        case .counted(let forms): .counted(forms.mapValues { NeutralText($0).string })
        }
    }
}

/// What is wrong with one entry of a string table; `key` names it.
public struct ChatStringsError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The table's key ("typing_one").
    public var key: String
    /// What is wrong, in words.
    public var message: String

    /// An error about `key`.
    public init(key: String, message: String) {
        self.key = key
        self.message = message
    }

    /// "typing_one: unknown placeholder {nam} (this phrase takes {name})".
    public var description: String { "\(UntrustedText.shortened(key)): \(message)" }
}

extension ChatStrings {
    /// The keys of a string table, in the order of the bundled files (`en.json`).
    public static var tableKeys: [String] { entries.map(\.key) }

    /// The languages with a built-in table: "ar", "de", …, "zh-Hans", "zh-Hant", and the
    /// pseudo-locales "en-XA" and "ar-XB" (see ``init(locale:)``).
    public static var builtInLanguages: [String] { ["en"] + BuiltInStringTables.tables.map(\.language) + PseudoLocale.allCases.map(\.rawValue) }

    /// The built-in words of `locale`'s language: "de_DE" and "de" German, "zh_TW" and
    /// "zh-Hant-HK" traditional Chinese, "zh_CN" simplified, "pt_BR" Portuguese, "iw" Hebrew;
    /// English for a language without a table. `en_XA` and `ar_XB` are pseudo-locales for
    /// testing: English accented, bracketed and a third longer; English shown right to left.
    public init(locale: String) {
        self.init()
        guard let language = Self.builtInLanguage(for: locale) else { return }
        if let pseudo = PseudoLocale(rawValue: language) {
            self = pseudo.strings(from: self)
            return
        }
        guard let table = BuiltInStringTables.tables.first(where: { $0.language == language }) else { return }
        // The bundled tables are checked by the tests: every key known, every placeholder right.
        try? apply(Self.table(lines: table.lines))
    }

    /// A bundled table's lines ("members.one={count} member") as entries, in their order.
    static func table(lines: [String]) -> [(String, ChatStringsValue)] {
        var entries: [(String, ChatStringsValue)] = []
        for line in lines {
            guard let equals = line.firstIndex(of: "=") else { continue }
            let name = line[..<equals]
            let text = String(line[line.index(after: equals)...])
            if let dot = name.firstIndex(of: "."), let category = PluralCategory(rawValue: String(name[name.index(after: dot)...])) {
                let key = String(name[..<dot])
                if let last = entries.last, last.0 == key, case .counted(var forms) = last.1 {
                    forms[category] = text
                    entries[entries.count - 1].1 = .counted(forms)
                } else {
                    entries.append((key, .counted([category: text])))
                }
            } else {
                entries.append((String(name), .phrase(text)))
            }
        }
        return entries
    }

    /// The built-in table `locale` takes ("de_DE" → "de", "zh_Hant_TW" → "zh-Hant"), or nil
    /// for English and for a language without one.
    public static func builtInLanguage(for locale: String) -> String? {
        let parts = LayoutDirection.subtags(of: locale)
        guard var language = parts.first else { return nil }
        if language == "iw" { language = "he" }
        let rest = parts.dropFirst()
        if language == "en" && rest.first == "xa" { return PseudoLocale.accented.rawValue }
        if language == "ar" && rest.first == "xb" { return PseudoLocale.rightToLeft.rawValue }
        if language == "zh" {
            let traditional = rest.contains("hant") || (!rest.contains("hans") && rest.contains { ["tw", "hk", "mo"].contains($0) })
            return traditional ? "zh-Hant" : "zh-Hans"
        }
        return BuiltInStringTables.tables.contains { $0.language == language } ? language : nil
    }

    /// Every word as a table, key by key in ``tableKeys`` order.
    public var table: [(key: String, value: ChatStringsValue)] {
        Self.entries.map { ($0.key, $0.get(self)) }
    }

    /// Sets the words `table` names and keeps the others; a table may name any subset of
    /// ``tableKeys``. Nothing is set when an entry is wrong. A table is read from outside
    /// (`--strings`): its words are neutralised (``NeutralText``), as a message's are.
    ///
    /// - Throws: ``ChatStringsError`` for an unknown key, a phrase where a count phrase belongs
    ///   (or the reverse), a count phrase without its `other` form, or a placeholder the
    ///   phrase does not take ("{nam}" where "{name}" goes).
    public mutating func apply(_ table: some Sequence<(String, ChatStringsValue)>) throws(ChatStringsError) {
        var result = self
        for (key, value) in table {
            guard let entry = Self.entries.first(where: { $0.key == key }) else {
                throw ChatStringsError(key: key, message: "unknown key (expected one of \(Self.tableKeys.joined(separator: ", ")))")
            }
            try entry.check(value)
            entry.set(&result, value.neutral)
        }
        self = result
    }

    /// One key of a table: what it sets and which placeholders its phrases take.
    struct Entry: Sendable {
        let key: String
        let counted: Bool
        let placeholders: [String]
        let get: @Sendable (ChatStrings) -> ChatStringsValue
        let set: @Sendable (inout ChatStrings, ChatStringsValue) -> Void

        static func phrase(_ key: String, _ path: WritableKeyPath<ChatStrings, String> & Sendable, _ placeholders: [String] = []) -> Entry {
            Entry(key: key, counted: false, placeholders: placeholders,
                  get: { .phrase($0[keyPath: path]) },
                  set: { strings, value in if case .phrase(let text) = value { strings[keyPath: path] = text } })
        }

        static func counted(_ key: String, _ path: WritableKeyPath<ChatStrings, CountPhrase> & Sendable, _ placeholders: [String] = ["count"]) -> Entry {
            Entry(key: key, counted: true, placeholders: placeholders,
                  get: { .counted($0[keyPath: path].forms) },
                  set: { strings, value in if case .counted(let forms) = value { strings[keyPath: path].forms = forms } })
        }

        /// An entry of a dictionary property (`deliveryWords[.read]`).
        static func keyed<Key: Hashable & Sendable>(_ key: String, _ path: WritableKeyPath<ChatStrings, [Key: String]> & Sendable, _ member: Key) -> Entry {
            Entry(key: key, counted: false, placeholders: [],
                  get: { .phrase($0[keyPath: path][member] ?? "") },
                  set: { strings, value in if case .phrase(let text) = value { strings[keyPath: path][member] = text } })
        }

        func check(_ value: ChatStringsValue) throws(ChatStringsError) {
            let texts: [String]
            switch value {
            case .phrase(let text):
                guard !counted else { throw ChatStringsError(key: key, message: "a count phrase: give its forms by plural category ({\"one\": …, \"other\": …})") }
                texts = [text]
            case .counted(let forms):
                guard counted else { throw ChatStringsError(key: key, message: "a phrase, not a count phrase: give one string") }
                guard forms[.other] != nil else { throw ChatStringsError(key: key, message: "the \"other\" form is missing (every language has it)") }
                texts = PluralCategory.allCases.compactMap { forms[$0] }
            }
            for text in texts {
                for name in text.placeholderNames where !placeholders.contains(name) {
                    let takes = placeholders.isEmpty ? "no placeholder" : placeholders.map { "{\($0)}" }.joined(separator: ", ")
                    throw ChatStringsError(key: key, message: "unknown placeholder {\(UntrustedText.shortened(name))} (this phrase takes \(takes))")
                }
            }
        }
    }

    /// The keys in the order of the bundled files.
    static let entries: [Entry] = [
        .phrase("unread_messages", \.unreadMessages),
        .phrase("new_messages", \.newMessages),
        .phrase("show_original", \.showOriginal),
        .phrase("no_messages", \.noMessages),
        .phrase("loading", \.loading),
        .phrase("message_deleted", \.messageDeleted),
        .phrase("only_visible_to_you", \.onlyVisibleToYou),
        .phrase("edited", \.edited),
        .phrase("thread_reply", \.threadReply),
        .phrase("typing_one", \.oneTyping, ["name"]),
        .phrase("typing_two", \.twoTyping, ["first", "second"]),
        .counted("typing_many", \.manyTyping),
        .counted("members", \.members),
        .counted("online", \.online),
        .phrase("members_online", \.membersOnline, ["members", "online"]),
        .counted("replies", \.replies),
        .keyed("delivery_pending", \.deliveryWords, DeliveryStatus.pending),
        .keyed("delivery_sent", \.deliveryWords, DeliveryStatus.sent),
        .keyed("delivery_delivered", \.deliveryWords, DeliveryStatus.delivered),
        .keyed("delivery_read", \.deliveryWords, DeliveryStatus.read),
        .keyed("delivery_read_mark", \.deliveryGlyphs, DeliveryStatus.read),
        .phrase("threads_title", \.threadsTitle),
        .phrase("no_threads", \.noThreads),
        .phrase("error_loading_threads", \.errorLoadingThreads),
        .phrase("retry", \.retry),
        .phrase("replied_to", \.repliedTo),
        .phrase("message_was_deleted", \.messageWasDeleted),
        .counted("new_threads", \.newThreads),
        .counted("jump_to_unread", \.jumpToUnread),
        .phrase("thread_title", \.threadTitle),
        .phrase("two_member_names", \.twoMemberNames, ["first", "second"]),
        .counted("more_member_names", \.moreMemberNames, ["names", "count"]),
        .phrase("list_separator", \.listSeparator),
        .phrase("poll", \.poll),
        .phrase("poll_closed", \.pollClosed),
        .phrase("location", \.location),
        .phrase("live_location", \.liveLocation),
        .keyed("attachment_image", \.attachmentNames, "image"),
        .keyed("attachment_video", \.attachmentNames, "video"),
        .keyed("attachment_giphy", \.attachmentNames, "giphy"),
        .keyed("attachment_file", \.attachmentNames, "file"),
        .keyed("attachment_audio", \.attachmentNames, "audio"),
        .keyed("attachment_voice_recording", \.attachmentNames, "voiceRecording"),
        .keyed("attachment_message", \.attachmentNames, "message"),
        .keyed("attachment_poll", \.attachmentNames, "poll"),
        .keyed("attachment_location", \.attachmentNames, "location"),
        .keyed("attachment_live_location", \.attachmentNames, "liveLocation"),
        .phrase("translated_to", \.translatedTo, ["language"]),
        .phrase("poll_select_one", \.pollSelectOne),
        .phrase("poll_select_one_or_more", \.pollSelectOneOrMore),
        .counted("poll_select_up_to", \.pollSelectUpTo),
        .phrase("poll_vote_ended", \.pollVoteEnded),
        .phrase("poll_view_results", \.pollViewResults),
        .phrase("poll_end_vote", \.pollEndVote),
        .phrase("poll_add_comment", \.pollAddComment),
        .counted("poll_view_comments", \.pollViewComments),
        .counted("poll_all_options", \.pollAllOptions),
        .phrase("poll_suggest_option", \.pollSuggestOption),
        .phrase("unsupported_attachment", \.unsupportedAttachment),
        .phrase("voice_recording_name", \.voiceRecordingName),
        .phrase("presence_online", \.presenceOnline),
        .phrase("presence_offline", \.presenceOffline),
        .counted("last_seen_seconds", \.lastSeenSeconds),
        .counted("last_seen_minutes", \.lastSeenMinutes),
        .counted("last_seen_hours", \.lastSeenHours),
        .counted("last_seen_days", \.lastSeenDays),
        .counted("last_seen_weeks", \.lastSeenWeeks),
        .counted("last_seen_months", \.lastSeenMonths),
        .phrase("pinned_by", \.pinnedBy, ["name"]),
        .phrase("pinned_by_you", \.pinnedByYou),
        .phrase("pinned_by_unknown", \.pinnedByUnknown),
        .phrase("reminder_set", \.reminderSet),
        .phrase("replied_to_thread", \.repliedToThread),
        .phrase("sent_in_channel", \.sentInChannel),
        .phrase("annotation_view", \.annotationView),
        .phrase("edited_in_text", \.editedInText),
        .phrase("channel_frozen", \.channelFrozen),
    ]
}

extension String {
    /// The names between braces ("{name} is typing…" → ["name"]), as ``filling(_:)`` reads
    /// them: an opening brace, then anything up to the next closing one.
    var placeholderNames: [String] {
        var names: [String] = []
        var rest = self[...]
        while let open = rest.firstIndex(of: "{") {
            let start = rest.index(after: open)
            guard let close = rest[start...].firstIndex(of: "}") else { break }
            let name = rest[start ..< close]
            if !name.contains("{") { names.append(String(name)) }
            rest = rest[(name.contains("{") ? start : rest.index(after: close))...]
        }
        return names
    }
}
