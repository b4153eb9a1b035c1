import ChatLayoutKit
import Testing

/// Layout options, after the rules: `message_display_options` and `message_list_alignment`.
@Suite struct DisplayOptionsDecisionsTests {
    /// Leia's two grouped messages: the first gets `avatarSizePadding`, the second `avatar`.
    private func leiasPair(_ builder: ConversationBuilder) throws -> ResolvedMessageList {
        try builder
            .message("m1", by: "leia", at: 0)
            .message("m2", by: "leia", at: 10)
            .resolve()
    }

    private func display(_ adjust: @escaping (inout MessageDisplayOptions) -> Void) -> ConversationBuilder {
        ConversationBuilder().config { adjust(&$0.displayOptions) }
    }

    // MARK: Avatars

    @Test func showAvatarsOff_inADirectChannel_removesAvatarAndPadding() throws {
        let list = try leiasPair(display { $0.showAvatars = false }.direct())
        #expect(!list.options("m1").contains(.avatarSizePadding))
        #expect(!list.options("m2").contains(.avatar))
    }

    @Test func showAvatarsOff_inAGroupChannel_isFollowedWhenGroupsHaveNoSetting() throws {
        let list = try leiasPair(display { $0.showAvatars = false })
        #expect(!list.options("m1").contains(.avatarSizePadding))
        #expect(!list.options("m2").contains(.avatar))
    }

    @Test func showAvatarsOff_butOnInGroups_keepsAvatarsInAGroupChannel() throws {
        let list = try leiasPair(display { $0.showAvatars = false; $0.showAvatarsInGroups = true })
        #expect(list.options("m1").contains(.avatarSizePadding))
        #expect(list.options("m2").contains(.avatar))
    }

    @Test func showAvatarsInGroupsOff_removesAvatarsInAGroupChannel() throws {
        let list = try leiasPair(display { $0.showAvatarsInGroups = false })
        #expect(!list.options("m1").contains(.avatarSizePadding))
        #expect(!list.options("m2").contains(.avatar))
    }

    @Test func showAvatarsInGroupsOff_keepsAvatarsInADirectChannel() throws {
        let list = try leiasPair(display { $0.showAvatarsInGroups = false }.direct())
        #expect(list.options("m1").contains(.avatarSizePadding))
        #expect(list.options("m2").contains(.avatar))
    }

    @Test func threeMembers_isAGroupChannelForAvatars() throws {
        let list = try leiasPair(display { $0.showAvatarsInGroups = false }.members("luke", "leia", "han"))
        #expect(!list.options("m2").contains(.avatar))
    }

    // MARK: Author name, date, alignment

    @Test func showAuthorNameOff_removesAuthorName() throws {
        let list = try leiasPair(display { $0.showAuthorName = false })
        #expect(!list.options("m2").contains(.authorName))
        #expect(list.options("m2").contains(.avatar))
    }

    @Test func showMessageDateOff_removesTimestamp() throws {
        let list = try leiasPair(display { $0.showMessageDate = false })
        #expect(!list.options("m2").contains(.timestamp))
        #expect(list.options("m2").contains(.avatar))
    }

    @Test func leftAlignedList_removesFlipped() throws {
        let options = try ConversationBuilder()
            .config { $0.messageListAlignment = .leftAligned }
            .message("m", by: "luke")
            .options(of: "m")
        #expect(!options.contains(.flipped))
        #expect(options.contains(.bubble))
    }

    @Test func standardList_keepsFlipped() throws {
        let options = try ConversationBuilder().message("m", by: "luke").options(of: "m")
        #expect(options.contains(.flipped))
    }
}
