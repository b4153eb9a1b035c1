@_spi(ChatLayoutStages) import ChatLayoutModel

/// A channel's title, by Stream's default channel namer: the channel's name when it has one;
/// for a nameless direct-message channel (``Channel/isDirectMessageChannel``), the other
/// members' names — at most two, sorted, "Leia", "Leia and Han", "Han, Leia and 3 more";
/// every other nameless channel has no title.
enum ChannelNamer {
    /// The title of `channel` whose members are `members`, for `currentUserID`: names from
    /// the model, neutral; an id neutralised by the model (``User/neutralID``). The count in "and 3 more" is in `formatter`'s digits and plural form.
    static func title(of channel: Channel, members: [User], currentUserID: String?, strings: ChatStrings,
                      formatter: any LocaleFormatting) -> String {
        if let name = channel.name, !name.isEmpty { return name }
        guard channel.isDirectMessageChannel else { return "" }
        // Stream names members that have a name; members without one are left out.
        let names = members.filter { !Identifier.same($0.id, currentUserID) }.compactMap(\.name).sorted()
        switch names.count {
        case 0:
            // Alone in the channel (or only nameless others): the current user's own name.
            guard let me = members.first(where: { Identifier.same($0.id, currentUserID) }) else { return "" }
            return me.name.flatMap { $0.isEmpty ? nil : $0 } ?? me.neutralID.string
        case 1:
            return names[0]
        case 2:
            return strings.twoMemberNames.filling(["first": names[0], "second": names[1]])
        default:
            let first = names.prefix(2).map {
                BidiIsolation.turnsPhrases($0) ? BidiIsolation.isolated($0) : $0
            }.joined(separator: strings.listSeparator)
            return strings.moreMemberNames.text(names.count - 2, using: formatter, values: ["names": first])
        }
    }
}
