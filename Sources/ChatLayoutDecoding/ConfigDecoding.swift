import ChatLayoutKit

/// The document's `config`: a profile's defaults (`profile`, else stream-uikit), every option the
/// document gives over them, and who gave each (``ConfigProvenance``). A key that is not an
/// option is a warning naming the closest one.
enum ConfigDecoding {
    /// What `config` decodes to.
    struct Decoded {
        var config: MessageListConfig
        var provenance: ConfigProvenance
        var warnings: [DocumentWarning]
    }

    /// Every option of `config`, in the order they are read (and listed by `explain`): one
    /// line each. A nested option names its object (`in:`).
    static let options: [ConfigOption] = [
        .bool("group_messages", \.groupMessages),
        .double("max_time_interval_between_messages_in_group", \.maxTimeIntervalBetweenMessagesInGroup),
        .choice("grouping_rule", \.groupingRule),
        .choice("date_indicator_placement", \.dateIndicatorPlacement),
        .bool("end_group_at_date_separator", \.endGroupAtDateSeparator),
        .choice("date_separator_style", \.dateSeparatorStyle),
        .choice("typing_indicator_placement", \.typingIndicatorPlacement),
        .choice("message_list_type", \.messageListType),
        .choice("message_list_alignment", \.messageListAlignment),
        .bool("show_avatars", in: "message_display_options", \.displayOptions.showAvatars),
        .optionalBool("show_avatars_in_groups", in: "message_display_options", \.displayOptions.showAvatarsInGroups),
        .bool("show_message_date", in: "message_display_options", \.displayOptions.showMessageDate),
        .bool("show_author_name", in: "message_display_options", \.displayOptions.showAuthorName),
        .double("horizontal", in: "message_paddings", \.horizontalPadding),
        .bool("edited_label_enabled", \.editedLabelEnabled),
        .bool("auto_translation_enabled", \.autoTranslationEnabled),
        .bool("unread_separator_enabled", \.unreadSeparatorEnabled),
        .int("page_size", \.pageSize),
        .bool("show_shadowed_messages", \.showShadowedMessages),
        .bool("unread_last_read_fallback", \.unreadLastReadFallback),
        .bool("show_empty_state", \.showEmptyState),
        .choice("layout_direction", \.layoutDirection, [("auto", nil)] + LayoutDirection.allCases.map { ($0.rawValue, LayoutDirection?.some($0)) }),
        .bool("thread_replies_counter_enabled", \.threadView.repliesCounterEnabled),
        .bool("thread_replies_counter_requires_all_replies", \.threadView.repliesCounterRequiresAllReplies),
        .choice("parent_presentation", \.threadView.parentPresentation),
        .bool("frozen_banner", \.threadView.frozenBanner),
        .custom("starting_point", expected: #"expected "none", "max", 0 or an RFC 3339 timestamp"#, \.threadView.startingPoint,
                startingPoint),
        // Stream SwiftUI's rules where they differ from UIKit's, each an option of its own.
        .bool("date_separator_on_oldest_message", \.dateSeparatorOnOldestMessage),
        .choice("reactions_rule", \.reactionsRule),
        .bool("failure_indicator_requires_text", \.failureIndicatorRequiresText),
        .bool("avatar_on_top_most_row", \.avatarOnTopMostRow),
        .choice("direct_channel_rule", \.directChannelRule),
        .bool("show_outgoing_message_avatar", \.showOutgoingMessageAvatar),
        .strings("message_types", in: "skip_edited_message_label", expected: "a message type (\(MessageType.allCases.map(\.rawValue).joined(separator: ", ")))") {
            guard let type = MessageType(rawValue: $0) else { return false }
            $1.skipEditedMessageLabel.messageTypes.insert(type)
            return true
        },
        .strings("message_ids", in: "skip_edited_message_label", expected: "a message id") {
            $1.skipEditedMessageLabel.messageIDs.insert($0)
            return true
        },
        .points("single_bottom", in: "message_paddings", \.singleBottomPadding),
        .points("group_bottom", in: "message_paddings", \.groupBottomPadding),
        .choice("message_time_format", \.messageTimeFormat),
        .choice("header_presence", \.headerPresence),
        .choice("message_anatomy", \.messageAnatomy),
        .choice("reactions_placement", in: "message_display_options", \.reactionsPlacement),
        .choice("unsupported_attachments", \.unsupportedAttachments),
        // Stream SwiftUI's remaining layout options.
        .choice("unread_separator_label", \.unreadSeparatorLabel),
        .points("new_messages_separator_size", \.newMessagesSeparatorSize),
        .points("overlay_date_label_size", \.overlayDateLabelSize),
        .points("reactions_top_padding", \.reactionsTopPadding),
        .points("spacer_width", \.spacerWidth),
        .points("quoted_view", in: "message_paddings", \.quotedViewPadding),
        .bool("should_messages_start_at_the_top", \.shouldMessagesStartAtTheTop),
        .bool("show_original_translated_button", \.showOriginalTranslatedButton),
        // Stream SwiftUI's annotations, its group header and its reaction styles.
        .bool("pinned_annotation_enabled", \.pinnedAnnotationEnabled),
        .bool("reminder_annotation_enabled", \.reminderAnnotationEnabled),
        .choice("thread_reply_placement", \.threadReplyPlacement),
        .points("last_in_group_header_size", \.lastInGroupHeaderSize),
        .choice("reactions_style", \.reactionsStyle),
        // Navigation: the jump-to-unread button, opening at the first unread message, where a jump lands.
        .bool("jump_to_unread_enabled", \.jumpToUnreadEnabled),
        .bool("jump_to_unread_when_opening", \.jumpToUnreadWhenOpening),
        .choice("scrolling_anchor", \.scrollingAnchor),
        .bool("highlight_message_when_jumping", \.highlightMessageWhenJumping),
        .bool("download_file_attachments_enabled", \.downloadFileAttachmentsEnabled),
        // Rich text: message text laid out as markdown.
        .bool("markdown_enabled", \.markdownEnabled),
    ]

    /// The objects holding options, in their first option's order.
    static let parentKeys: [JSONKey] = options.reduce(into: []) { keys, option in
        if let parent = option.parentKey, !keys.contains(where: { $0.description == parent.description }) { keys.append(parent) }
    }

    /// The key naming the profile.
    static let profileKey = "profile"

    /// `json` (the document's `config`, perhaps absent) over the defaults of `profile`, else of
    /// the profile it names.
    static func decode(_ json: some JSONValueReading, profile override: LayoutProfile?) throws(DocumentError) -> Decoded {
        let named: LayoutProfile? = try ConversationDecoder.enumeration(json["profile"])
        let profile = override ?? named ?? .default
        var config = profile.defaults(documentHasConfig: !json.isAbsent)
        var provenance = ConfigProvenance(profile: profile, keys: [profileKey] + options.map(\.key))
        if override != nil {
            provenance.explicit[profileKey] = .flag
        } else if named != nil {
            provenance.explicit[profileKey] = .document
        }
        // An object of options (`message_paddings`…) is an object or nothing.
        for parent in parentKeys { _ = try json[parent].optionalMembers() }
        for option in options {
            if try option.read(json, into: &config) { provenance.explicit[option.key] = .document }
        }
        if config.maxTimeIntervalBetweenMessagesInGroup < 0 || !config.maxTimeIntervalBetweenMessagesInGroup.isFinite {
            throw DocumentError(path: json["max_time_interval_between_messages_in_group"].path, line: nil, column: nil,
                                message: "must be a finite number of seconds, 0 or more")
        }
        if config.pageSize < 1 {
            throw DocumentError(path: json["page_size"].path, line: nil, column: nil, message: "must be 1 or more")
        }
        return Decoded(config: config, provenance: provenance, warnings: unknownKeys(in: json))
    }

    // MARK: Unknown keys

    /// A warning for each key of `config` (and of its objects of options) that is no option,
    /// naming the closest one when one is close: a misspelt option would otherwise be ignored
    /// without a word. Only `config` is ours: a payload's other fields are Stream's, and stay
    /// silently ignored.
    static func unknownKeys(in json: some JSONValueReading) -> [DocumentWarning] {
        guard json.kind == .object else { return [] }
        var warnings: [DocumentWarning] = []
        let parents = Set(options.compactMap(\.parent))
        let topLevel = Set([profileKey] + options.map { $0.parent ?? $0.name })
        for member in json.objectMembers() {
            if parents.contains(member.key) {
                guard member.value.kind == .object else { continue } // not an object: no option of it is read
                let known = options.filter { $0.parent == member.key }.map(\.name)
                for nested in member.value.objectMembers() where !known.contains(nested.key) {
                    warnings.append(warning(nested.value, key: nested.key, candidates: known.map { ($0, $0) }))
                }
            } else if !topLevel.contains(member.key) {
                // A top-level key is compared with every option, a nested one by its own name too.
                let candidates = topLevel.sorted().map { ($0, $0) } + options.filter { $0.parent != nil }.flatMap { [($0.key, $0.key), ($0.name, $0.key)] }
                warnings.append(warning(member.value, key: member.key, candidates: candidates))
            }
        }
        return warnings
    }

    /// "not an option, ignored (did you mean 'show_avatars'?)"; `candidates` are (the text
    /// compared, the key suggested).
    private static func warning(_ json: some JSONValueReading, key: String, candidates: [(String, String)]) -> DocumentWarning {
        guard let suggestion = closest(to: key, among: candidates) else { return json.warning("not an option, ignored") }
        return json.warning("not an option, ignored (did you mean '\(suggestion)'?)")
    }

    /// The suggested key of the candidate nearest `key` by edit distance, when it is near
    /// enough to be a slip (1 edit for a short key, up to 3 for a long one); ties go to the first.
    static func closest(to key: String, among candidates: [(String, String)]) -> String? {
        let typed = Array(key.unicodeScalars)
        let limit = min(3, max(1, typed.count / 4))
        var best: (distance: Int, key: String)?
        for (text, suggested) in candidates {
            let distance = editDistance(typed, Array(text.unicodeScalars))
            if distance <= limit, distance < best?.distance ?? .max { best = (distance, suggested) }
        }
        return best?.key
    }

    /// Levenshtein distance: insertions, deletions and substitutions.
    static func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var previous = Array(0 ... b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1 ... a.count {
            current[0] = i
            for j in 1 ... b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }

    // MARK: Values

    /// `starting_point`: "none" or "max" (the bottom), 0 (the top), or an RFC 3339 timestamp.
    private static func startingPoint(_ value: ParsedJSON) -> ThreadStartingPoint? {
        switch value {
        case .int(0): return .top
        case .string(let text):
            if text == "none" || text == "max" { return .bottom }
            return Timestamp(rfc3339: text).map(ThreadStartingPoint.timestamp)
        default: return nil
        }
    }
}

/// One option of the document's `config`: where it is and how its value is read into the
/// configuration.
struct ConfigOption: Sendable {
    /// Its name in its object ("show_avatars").
    let nameKey: JSONKey
    /// The object it is in ("message_display_options"), nil at the top of `config`.
    let parentKey: JSONKey?
    /// What reads it.
    let reader: Reader

    /// Its name in its object.
    var name: String { nameKey.description }
    /// The name of the object it is in.
    var parent: String? { parentKey?.description }

    /// How a value is read, and into which property.
    enum Reader: Sendable {
        case bool(WritableKeyPath<MessageListConfig, Bool> & Sendable)
        case optionalBool(WritableKeyPath<MessageListConfig, Bool?> & Sendable)
        case double(WritableKeyPath<MessageListConfig, Double> & Sendable)
        case int(WritableKeyPath<MessageListConfig, Int> & Sendable)
        /// A string among `names`; `set` stores the one at that index.
        case choice(names: [String], set: @Sendable (Int, inout MessageListConfig) -> Void)
        /// A length in points, finite and 0 or more.
        case points(WritableKeyPath<MessageListConfig, Double?> & Sendable)
        /// An array of strings, each one `add` accepts (true), else an error at it saying what
        /// was `expected`.
        case strings(expected: String, add: @Sendable (String, inout MessageListConfig) -> Bool)
        /// Any value `set` accepts (true), else an error saying what was `expected`.
        case custom(expected: String, set: @Sendable (ParsedJSON, inout MessageListConfig) -> Bool)
    }

    /// Its key as `explain` and warnings write it: "message_display_options.show_avatars".
    var key: String { parent.map { "\($0).\(name)" } ?? name }

    /// Reads the option from `config` into `target`: whether the document gave it (present and
    /// not `null`).
    /// - Throws: a value of the wrong type, or not among the allowed ones.
    func read(_ config: some JSONValueReading, into target: inout MessageListConfig) throws(DocumentError) -> Bool {
        let json = parentKey.map { config[$0][nameKey] } ?? config[nameKey]
        switch reader {
        case .bool(let path):
            guard let value = try json.optionalBool() else { return false }
            target[keyPath: path] = value
        case .optionalBool(let path):
            guard let value = try json.optionalBool() else { return false }
            target[keyPath: path] = value
        case .double(let path):
            guard let value = try json.optionalDouble() else { return false }
            target[keyPath: path] = value
        case .int(let path):
            guard let value = try json.optionalInt() else { return false }
            target[keyPath: path] = value
        case .points(let path):
            guard let value = try json.optionalDouble() else { return false }
            guard value.isFinite && value >= 0 else { throw json.error("must be a finite number of points, 0 or more") }
            target[keyPath: path] = value
        case .strings(let expected, let add):
            if json.isAbsent { return false }
            for element in try json.optionalArray() {
                guard try add(element.string(), &target) else { throw element.error("expected \(expected)") }
            }
        case .choice(let names, let set):
            guard let text = try json.optionalString() else { return false }
            guard let index = names.firstIndex(of: text) else {
                throw json.error("unknown value '\(JSONReader.shown(text))' (expected one of: \(names.joined(separator: ", ")))")
            }
            set(index, &target)
        case .custom(let expected, let set):
            if json.isAbsent { return false }
            guard let value = json.scalar(), set(value, &target) else { throw json.error(expected) }
        }
        return true
    }

    static func bool(_ name: JSONKey, in parent: JSONKey? = nil, _ path: WritableKeyPath<MessageListConfig, Bool> & Sendable) -> ConfigOption {
        ConfigOption(nameKey: name, parentKey: parent, reader: .bool(path))
    }

    static func optionalBool(_ name: JSONKey, in parent: JSONKey? = nil,
                             _ path: WritableKeyPath<MessageListConfig, Bool?> & Sendable) -> ConfigOption {
        ConfigOption(nameKey: name, parentKey: parent, reader: .optionalBool(path))
    }

    static func double(_ name: JSONKey, in parent: JSONKey? = nil, _ path: WritableKeyPath<MessageListConfig, Double> & Sendable) -> ConfigOption {
        ConfigOption(nameKey: name, parentKey: parent, reader: .double(path))
    }

    static func int(_ name: JSONKey, in parent: JSONKey? = nil, _ path: WritableKeyPath<MessageListConfig, Int> & Sendable) -> ConfigOption {
        ConfigOption(nameKey: name, parentKey: parent, reader: .int(path))
    }

    /// A length in points, finite and 0 or more.
    static func points(_ name: JSONKey, in parent: JSONKey? = nil, _ path: WritableKeyPath<MessageListConfig, Double?> & Sendable) -> ConfigOption {
        ConfigOption(nameKey: name, parentKey: parent, reader: .points(path))
    }

    /// An array of strings, each one `add` accepts.
    static func strings(_ name: JSONKey, in parent: JSONKey? = nil, expected: String,
                        _ add: @escaping @Sendable (String, inout MessageListConfig) -> Bool) -> ConfigOption {
        ConfigOption(nameKey: name, parentKey: parent, reader: .strings(expected: expected, add: add))
    }

    /// A string naming one of `values`.
    static func choice<Value: Sendable>(_ name: JSONKey, in parent: JSONKey? = nil, _ path: WritableKeyPath<MessageListConfig, Value> & Sendable,
                                        _ values: [(String, Value)]) -> ConfigOption {
        ConfigOption(nameKey: name, parentKey: parent, reader: .choice(names: values.map(\.0)) { index, config in
            config[keyPath: path] = values[index].1
        })
    }

    /// A string naming a case of `Value` by its raw value.
    static func choice<Value: RawRepresentable & CaseIterable & Sendable>(
        _ name: JSONKey, in parent: JSONKey? = nil, _ path: WritableKeyPath<MessageListConfig, Value> & Sendable
    ) -> ConfigOption where Value.RawValue == String {
        choice(name, in: parent, path, Value.allCases.map { ($0.rawValue, $0) })
    }

    /// A value `parse` reads (nil: not one, an error saying what was `expected`).
    static func custom<Value: Sendable>(_ name: JSONKey, in parent: JSONKey? = nil, expected: String,
                                        _ path: WritableKeyPath<MessageListConfig, Value> & Sendable,
                                        _ parse: @escaping @Sendable (ParsedJSON) -> Value?) -> ConfigOption {
        ConfigOption(nameKey: name, parentKey: parent, reader: .custom(expected: expected) { json, config in
            guard let value = parse(json) else { return false }
            config[keyPath: path] = value
            return true
        })
    }
}
