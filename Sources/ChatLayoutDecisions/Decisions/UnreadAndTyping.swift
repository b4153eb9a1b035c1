@_spi(ChatLayoutStages) import ChatLayoutModel

/// The typing indicator text: the current user excluded. Names are neutralised
/// (``UntrustedText``): they are other people's text, like messages. The phrase sets each name as
/// ``ChatStrings`` sets every inserted value: as a first-strong isolate where either could
/// turn the other around (`String.filling(_:)`), so "שרה is typing…" stays an English sentence.
enum TypingText {
    /// `user` finds a user by id (``Conversation/user(id:)``).
    static func text(_ userIDs: [String], user: (String) -> User, currentUserID: String?,
                     strings: ChatStrings, formatter: any LocaleFormatting) -> String? {
        let names = typingUserIDs(userIDs, currentUserID: currentUserID).map { user($0).neutralDisplayName.string }
        switch names.count {
        case 0: return nil
        case 1: return strings.oneTyping.filling(["name": names[0]])
        case 2: return strings.twoTyping.filling(["first": names[0], "second": names[1]])
        default: return strings.manyTyping.text(names.count, using: formatter)
        }
    }

    /// The users the indicator names: each once, the current user left out.
    static func typingUserIDs(_ userIDs: [String], currentUserID: String?) -> [String] {
        var seen = Set<IDKey>()
        return userIDs.filter { !Identifier.same($0, currentUserID) && seen.insert(IDKey($0)).inserted }
    }
}

/// The channel header: its title (`ChannelNamer`), under it the member count ("4 members";
/// "4 members, 1 online" when the payload counts the watchers, as Stream's group channels
/// say), a direct channel's other member's presence when the payload has it
/// (``PresenceSubtitle``: "Online", "last seen 5 minutes ago" as of `now`), or who is typing
/// with `navigation_bar`.
enum HeaderResolver {
    static func header(_ conversation: Conversation, currentUserID: String?, now: Timestamp, typing: String?,
                       config: MessageListConfig, strings: ChatStrings, formatter: any LocaleFormatting) -> ChannelHeader {
        let title = ChannelNamer.title(of: conversation.channel, members: conversation.members.map(\.user),
                                       currentUserID: currentUserID, strings: strings, formatter: formatter)
        let count = conversation.memberCount
        var subtitle = ""
        if let watchers = conversation.channel.watcherCount, conversation.channel.memberCount != nil || count > 0 {
            // Stream's group subtitle, "0 members, 0 online" included: both counts are the server's.
            subtitle = strings.membersOnline.filling(["members": strings.members.text(count, using: formatter),
                                                      "online": strings.online.text(watchers, using: formatter)])
        } else if count > 0 {
            // No member count known (an export without members): no count rather than "0 members".
            subtitle = strings.members.text(count, using: formatter)
        }
        if let presence = PresenceSubtitle.decide(conversation, currentUserID: currentUserID, now: now, rule: config.headerPresence,
                                                  strings: strings, formatter: formatter) {
            subtitle = presence.text
        }
        if config.typingIndicatorPlacement == .navigationBar, let typing { subtitle = typing }
        return ChannelHeader(title: title, subtitle: subtitle, memberCount: count)
    }
}
