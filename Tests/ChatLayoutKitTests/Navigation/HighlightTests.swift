import ChatLayoutDecoding
import ChatLayoutICU
import ChatLayoutKit
import ChatLayoutTestSupport
import ChatLayoutTextRenderer
import Testing

/// Issue 31: the message a jump lands on drawn highlighted (Stream UIKit's `highlightCell(at:)`
/// after `jumpToMessage(id:)`, Stream SwiftUI's `highlightMessageWhenJumping`), in both list
/// engines, and the incremental list's jumps and viewport across changes.
@Suite struct HighlightTests {
    /// Twenty messages by Leia and Han, a minute apart.
    private func long(_ adjust: @escaping (inout MessageListConfig) -> Void = { _ in }) -> ConversationBuilder {
        var builder = ConversationBuilder().config(adjust)
        for index in 0 ..< 20 {
            builder = builder.message("m\(index)", by: index % 2 == 0 ? "leia" : "han", at: Double(index) * 60,
                                      text: "Message number \(index), long enough to take a line or two of the bubble")
        }
        return builder
    }

    private func environment(_ builder: ConversationBuilder) throws -> LayoutEnvironment {
        try ParityLayout.environment(config: builder.config, context: builder.context)
    }

    private func list(_ builder: ConversationBuilder) throws -> LaidOutList {
        MessageListScreen.list(builder.conversation, environment: try environment(builder), width: 360)
    }

    private func listBox(_ screen: LaidOutScreen) throws -> Box {
        try #require(screen.root.children.first { $0.role == .messageList })
    }

    @Test func highlight_isABoxBehindTheMessagesRow_withItsFrame() throws {
        let list = try list(long())
        let offset = try #require(list.scrollOffset(showing: "m7", at: .center, height: 400))
        let screen = list.screen(Viewport(scrollOffset: offset, height: 400, highlightedMessageID: "m7"))
        let children = try listBox(screen).children
        let index = try #require(children.firstIndex { $0.role == .highlight })
        #expect(children[index].id == "m7")
        #expect(children[index + 1].role == .messageRow && children[index + 1].id == "m7", "drawn right before the row: behind it")
        #expect(children[index].frame == children[index + 1].frame)
        #expect(children.filter { $0.role == .highlight }.count == 1)
        // Without a highlight, the same screen has none and the same rows.
        let plain = try listBox(list.screen(Viewport(scrollOffset: offset, height: 400))).children
        #expect(!plain.contains { $0.role == .highlight })
        #expect(plain == children.filter { $0.role != .highlight })
    }

    @Test func highlight_isAbsent_whileTheMessageIsOutOfSight() throws {
        let list = try list(long())
        let screen = list.screen(Viewport(scrollOffset: .max, height: 300, highlightedMessageID: "m0"))
        #expect(try !listBox(screen).children.contains { $0.role == .highlight })
    }

    @Test func highlight_survivesAnEdit_inTheIncrementalList() throws {
        let builder = long()
        var incremental = try IncrementalMessageList(conversation: builder.conversation, environment: try environment(builder), width: 360)
        let offset = try #require(incremental.scrollOffset(showing: "m7", at: .center, height: 400))
        let viewport = Viewport(scrollOffset: offset, height: 400, highlightedMessageID: "m7")
        var edited = try #require(builder.conversation.messages.first { $0.id == "m7" })
        edited.text = "Edited: a much longer text now, so that the row grows by a line or two in the bubble, and then some more"
        _ = try incremental.apply(.edit(edited))
        let children = try listBox(incremental.screen(viewport)).children
        let highlight = try #require(children.first { $0.role == .highlight })
        let row = try #require(children.first { $0.role == .messageRow && $0.id == "m7" })
        #expect(highlight.frame == row.frame, "the highlight follows the edited row's new height")
        #expect(try listBox(incremental.list.screen(viewport)) == listBox(incremental.screen(viewport)))
    }

    @Test func appendWhileJumpedFarUp_leavesTheViewportWhereItIs() throws {
        let builder = long()
        var incremental = try IncrementalMessageList(conversation: builder.conversation, environment: try environment(builder), width: 360)
        let offset = try #require(incremental.scrollOffset(showing: "m2", at: .top, height: 300))
        let viewport = Viewport(scrollOffset: offset, height: 300)
        let before = incremental.screen(viewport)
        var message = try #require(builder.conversation.messages.last)
        message.id = "m20"
        message.createdAt = Timestamp(seconds: message.createdAt.seconds + 60)
        _ = try incremental.apply(.append(message))
        let after = incremental.screen(viewport)
        #expect(try listBox(after).children == listBox(before).children, "the rows in sight neither move nor change")
        #expect(incremental.scrollOffset(showing: "m2", at: .top, height: 300) == offset)
    }

    @Test func incrementalJump_isTheBatchListsJump_forEveryMessageAndAnchor() throws {
        let builder = long { $0.dateIndicatorPlacement = .messageList }
        let list = try list(builder)
        let incremental = try IncrementalMessageList(conversation: builder.conversation, environment: try environment(builder), width: 360)
        for index in 0 ..< 20 {
            for anchor in ScrollAnchor.allCases {
                for height in [100, 400] {
                    let expected = list.scrollOffset(showing: "m\(index)", at: anchor, height: height)
                    #expect(expected != nil)
                    #expect(incremental.scrollOffset(showing: "m\(index)", at: anchor, height: height) == expected, "m\(index) \(anchor) \(height)")
                }
            }
        }
        #expect(incremental.scrollOffset(showing: "nowhere", at: .center, height: 400) == nil)
    }

    @Test func jump_placesTheMessageAlone_whenItsSeparatorsAndItOverflowTheViewport() throws {
        // A date separator over every message, and a viewport one message row tall: the top
        // anchor puts the message's own top at the top, not the separator's.
        let builder = long { $0.dateIndicatorPlacement = .messageList }
        let list = try list(builder)
        let row = list.rowFrame(at: try #require(list.rowIndex(ofMessage: "m0")))
        let height = list.header.frame.height + row.height
        let offset = try #require(list.scrollOffset(showing: "m0", at: .top, height: height))
        #expect(offset == row.y)
    }

    @Test func textRenderer_marksTheHighlightedRow_atItsLeadingEdge() throws {
        let builder = long()
        let environment = try ParityLayout.environment(config: builder.config, context: builder.context, points: false)
        let list = MessageListScreen.list(builder.conversation, environment: environment, width: 40)
        let offset = try #require(list.scrollOffset(showing: "m7", at: .center, height: 20))
        let drawn = TextRenderer().render(list.screen(Viewport(scrollOffset: offset, height: 20, highlightedMessageID: "m7")))
        let lines = drawn.split(separator: "\n", omittingEmptySubsequences: false)
        let marked = lines.filter { $0.hasPrefix("▌") }
        #expect(!marked.isEmpty)
        #expect(lines.contains { $0.hasPrefix("▌") && $0.contains("number 7") })
        #expect(!lines.contains { $0.hasPrefix("▌") && $0.contains("number 6") })
        let plain = TextRenderer().render(list.screen(Viewport(scrollOffset: offset, height: 20)))
        #expect(!plain.contains("▌"))
    }

    @Test func option_isOn_inEveryProfile_asTheSDKs() {
        #expect(MessageListConfig().highlightMessageWhenJumping)
        for profile in LayoutProfile.allCases { #expect(profile.defaults().highlightMessageWhenJumping, "\(profile)") }
    }
}
