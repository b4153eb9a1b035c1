/// The typing indicator text (SPEC §3.4): the current user excluded. Names are neutralised
/// (SPEC §2): they are other people's text, like messages. A name with right-to-left letters
/// or bidi controls is set in the phrase as a first-strong isolate (FSI … PDI, UAX #9): it
/// keeps its own direction without turning the phrase around it ("שרה is typing…" stays an
/// English sentence). Other names are set as they are, so the text stays plain for them.
enum TypingText {
    /// `user` finds a user by id (``Conversation/user(id:)``).
    static func text(_ userIDs: [String], user: (String) -> User, currentUserID: String?,
                     strings: ChatStrings, formatter: any LocaleFormatting) -> String? {
        var seen = Set<IDKey>()
        let names = userIDs.filter { !Identifier.same($0, currentUserID) && seen.insert(IDKey($0)).inserted }
            .map { isolatedIfNeeded(UntrustedText.neutralize(user($0).displayName)) }
        switch names.count {
        case 0: return nil
        case 1: return strings.oneTyping.filling(["name": names[0]])
        case 2: return strings.twoTyping.filling(["first": names[0], "second": names[1]])
        default: return strings.manyTyping.text(names.count, using: formatter)
        }
    }

    /// `name` between FSI and PDI when it could turn the phrase around it: it has a letter of
    /// a right-to-left script (Hebrew, Arabic, Syriac, Thaana, N'Ko, Samaritan, Mandaic and
    /// the other scripts of U+0590–U+08FF, their presentation forms, and the right-to-left
    /// ranges of the supplementary planes) or a bidi control.
    static func isolatedIfNeeded(_ name: String) -> String {
        let turnsPhrases = name.unicodeScalars.contains { scalar in
            switch scalar.value {
            case 0x0590 ... 0x08FF, 0xFB1D ... 0xFDFF, 0xFE70 ... 0xFEFF, 0x10800 ... 0x10FFF, 0x1E800 ... 0x1EFFF,
                 0x061C, 0x200F, 0x202A ... 0x202E, 0x2066 ... 0x2069: true
            default: false
            }
        }
        return turnsPhrases ? "\u{2068}\(name)\u{2069}" : name
    }
}

/// The channel header (SPEC §3.4).
enum HeaderResolver {
    static func header(_ conversation: Conversation, currentUserID: String?, typing: String?,
                       config: MessageListConfig, strings: ChatStrings, formatter: any LocaleFormatting) -> ChannelHeader {
        let title = ChannelNamer.title(of: conversation.channel, members: conversation.members.map(\.user),
                                       currentUserID: currentUserID, strings: strings)
        let count = conversation.memberCount
        // No member count known (an export without members): no count rather than "0 members".
        var subtitle = count > 0 ? strings.members.text(count, using: formatter) : ""
        if config.typingIndicatorPlacement == .navigationBar, let typing { subtitle = typing }
        return ChannelHeader(title: UntrustedText.neutralize(title), subtitle: subtitle, memberCount: count)
    }
}
