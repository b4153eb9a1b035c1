import ChatLayoutDecoding
import ChatLayoutGoldens
import ChatLayoutKit
import Testing

/// Sendbird's message anatomy (`message_anatomy: sendbird`, the `sendbird` profile's):
/// `SBUContentBaseMessageCell` puts the nickname above the first bubble of a group, the time
/// beside the last one and the avatar level with its bottom; its thread cells use no receipts;
/// `SBUParentMessageInfoView` composes the parent's content under its avatar. And Stream
/// SwiftUI's `reactions_placement: bottom`. Each on a laid-out screen.
struct SendbirdAnatomyTests {
    // MARK: Documents

    static func document(config: String = "{}", members: Int = 3, channelExtra: String = "", messages: [String]) -> String {
        """
        {"context": {"current_user_id": "me", "now": "2024-03-05T12:00:00Z", "time_zone": "UTC", "locale": "en_US"},
         "config": \(config),
         "channel": {"cid": "messaging:x", "name": "X", "member_count": \(members)\(channelExtra)},
         "messages": [\(messages.joined(separator: ",\n"))]}
        """
    }

    static func message(_ id: String, by user: String = "leia", at time: String, text: String? = nil,
                                extra: String = "") -> String {
        #"{"id": "\#(id)", "text": "\#(text ?? "Message \(id)")", "user": {"id": "\#(user)", "name": "\#(user)"}, "created_at": "\#(time)"\#(extra)}"#
    }

    /// Leia's three messages in one minute (one group), Han's one, then the current user's.
    private static let groups = [
        message("m1", at: "2024-03-05T10:00:05Z"), message("m2", at: "2024-03-05T10:00:20Z"),
        message("m3", at: "2024-03-05T10:00:40Z"), message("m4", by: "han", at: "2024-03-05T10:01:10Z"),
        message("m5", by: "me", at: "2024-03-05T10:02:00Z"),
    ]

    /// Every box of `json` laid out as `screen`, `width` units wide: in cells, or in points
    /// (Stream's point metrics, lines 24 points tall; the ICU engine's widths stand for points).
    static func boxes(_ json: String, profile: LayoutProfile? = nil, screen: ScreenRequest.Screen = .messageList,
                              width: Int = 60, points: Bool = false) throws -> [Box] {
        let request = ScreenRequest(document: .init(name: "doc.json", bytes: Array(json.utf8)), overrides: .init(profile: profile),
                                    screen: screen, width: width)
        let input = try request.input()
        var environment = try request.environment(input)
        if points { environment.metrics = .points(lineHeight: 24, for: environment.config) }
        var all: [Box] = []
        try request.layout(input.document.conversation, environment: environment).root.walk { box, _ in all.append(box) }
        return all
    }

    static func row(_ id: String, in boxes: [Box]) throws -> Box {
        try #require(boxes.first { $0.role == .messageRow && $0.id == id }, "no row \(id)")
    }

    /// The first box of `role` in `box` (itself included).
    static func part(_ role: BoxRole, of box: Box) -> Box? {
        var found: Box?
        box.walk { child, _ in if found == nil && child.role == role { found = child } }
        return found
    }

    static func bottom(_ box: Box) -> Int { box.frame.y + box.frame.height }

    // MARK: The nickname, the time, the avatar

    @Test func sendbird_theNickname_isAboveTheFirstBubbleOfAGroupOnly() throws {
        let boxes = try Self.boxes(Self.document(messages: Self.groups), profile: .sendbird)
        for id in ["m1", "m4"] { // the top of a group, and a single message
            let row = try Self.row(id, in: boxes)
            let name = try #require(Self.part(.authorName, of: row), "\(id) has no nickname")
            let bubble = try #require(Self.part(.bubble, of: row))
            #expect(Self.bottom(name) <= bubble.frame.y, "\(id): the nickname ends above the bubble")
            #expect(name.frame.x == bubble.frame.x, "\(id): from the bubble's leading edge")
        }
        for id in ["m2", "m3", "m5"] { // the middle and bottom of a group; the current user's
            #expect(Self.part(.authorName, of: try Self.row(id, in: boxes)) == nil, "\(id) names no author")
        }
        // Stream's anatomy names the author under the last bubble of the group, in its footnote.
        let stream = try Self.boxes(Self.document(config: #"{"grouping_rule": "same_minute"}"#, messages: Self.groups))
        let last = try Self.row("m3", in: stream)
        let name = try #require(Self.part(.authorName, of: last))
        #expect(name.frame.y >= Self.bottom(try #require(Self.part(.bubble, of: last))))
        #expect(Self.part(.authorName, of: try Self.row("m1", in: stream)) == nil)
    }

    @Test func sendbird_theTime_isBesideTheLastBubble_levelWithItsBottom_withNoLineUnderIt() throws {
        let boxes = try Self.boxes(Self.document(messages: Self.groups), profile: .sendbird)
        let row = try Self.row("m3", in: boxes)
        let bubble = try #require(Self.part(.bubble, of: row))
        let time = try #require(Self.part(.timestamp, of: row))
        #expect(time.frame.x > bubble.frame.x + bubble.frame.width, "after the bubble's trailing edge")
        #expect(time.frame.y >= bubble.frame.y && Self.bottom(time) == Self.bottom(bubble), "on the bubble's bottom rows")
        #expect(Self.bottom(row) == Self.bottom(bubble), "no footnote line under the bubble")
        let avatar = try #require(Self.part(.avatar, of: row))
        #expect(Self.bottom(avatar) == Self.bottom(bubble), "the avatar level with the bubble's bottom")
        for id in ["m1", "m2"] { #expect(Self.part(.timestamp, of: try Self.row(id, in: boxes)) == nil, "\(id) shows no time") }
        // The current user's: the time before the bubble's leading edge, the status with it.
        let mine = try Self.row("m5", in: boxes)
        let myBubble = try #require(Self.part(.bubble, of: mine))
        let myTime = try #require(Self.part(.timestamp, of: mine))
        #expect(myTime.frame.x + myTime.frame.width < myBubble.frame.x)
        #expect(Self.bottom(myTime) == Self.bottom(myBubble))
        let status = try #require(Self.part(.deliveryStatus, of: mine), "the receipt beside the bubble in the channel")
        #expect(status.frame.x + status.frame.width <= myTime.frame.x && status.frame.y == myTime.frame.y)
    }

    @Test func sendbird_inPoints_theTimeIsBesideTheBubble_too() throws {
        let boxes = try Self.boxes(Self.document(messages: Self.groups), profile: .sendbird, width: 375, points: true)
        let row = try Self.row("m4", in: boxes)
        let bubble = try #require(Self.part(.bubble, of: row))
        let time = try #require(Self.part(.timestamp, of: row))
        #expect(time.frame.x > bubble.frame.x + bubble.frame.width && Self.bottom(time) == Self.bottom(bubble))
        #expect(Self.bottom(try #require(Self.part(.authorName, of: row))) <= bubble.frame.y)
    }

    @Test func sendbird_editedAndReactions_areInsideTheBubble() throws {
        let edited = Self.message("e1", by: "han", at: "2024-03-05T10:00:00Z",
                                  extra: #", "message_text_updated_at": "2024-03-05T10:05:00Z", "reaction_scores": {"love": 2}, "latest_reactions": [{"type": "love", "user_id": "leia"}]"#)
        let row = try Self.row("e1", in: try Self.boxes(Self.document(messages: [edited]), profile: .sendbird))
        let bubble = try #require(Self.part(.bubble, of: row))
        for role in [BoxRole.editedLabel, .reactions] {
            let part = try #require(Self.part(role, of: bubble), "\(role) inside the bubble")
            #expect(part.frame.y >= bubble.frame.y && Self.bottom(part) <= Self.bottom(bubble))
        }
    }

    @Test func sendbird_aQuote_standsAboveTheBubble_outsideIt_andNamesNoAuthor() throws {
        let quoting = Self.message("q", by: "han", at: "2024-03-05T10:05:00Z", extra: #", "quoted_message_id": "m1""#)
        let row = try Self.row("q", in: try Self.boxes(Self.document(messages: [Self.groups[0], quoting]), profile: .sendbird))
        let bubble = try #require(Self.part(.bubble, of: row))
        let quote = try #require(Self.part(.quotedMessage, of: row))
        #expect(Self.bottom(quote) <= bubble.frame.y && quote.frame.x == bubble.frame.x)
        #expect(Self.part(.quotedMessage, of: bubble) == nil, "not inside the bubble")
        #expect(Self.part(.authorName, of: row) == nil, "the quote says who replied")
    }

    @Test func sendbird_everyMessageOfTheCurrentUsersGroup_hasItsReceipt_onlyTheLastItsTime() throws {
        let mine = [Self.message("a", by: "me", at: "2024-03-05T10:00:05Z"), Self.message("b", by: "me", at: "2024-03-05T10:00:30Z")]
        let boxes = try Self.boxes(Self.document(messages: mine), profile: .sendbird)
        let first = try Self.row("a", in: boxes), last = try Self.row("b", in: boxes)
        #expect(Self.part(.deliveryStatus, of: first) != nil && Self.part(.timestamp, of: first) == nil)
        #expect(Self.part(.deliveryStatus, of: last) != nil && Self.part(.timestamp, of: last) != nil)
        // Stream's: the status with the time, on the last only.
        let stream = try Self.boxes(Self.document(config: #"{"grouping_rule": "same_minute"}"#, messages: mine))
        #expect(Self.part(.deliveryStatus, of: try Self.row("a", in: stream)) == nil)
    }

    /// The plain presentation with `reactions` as the reactions' line ("": nothing drawn, as
    /// for a type without a glyph).
    private struct ReactionGlyphs: BoxPresentation {
        var reactions: String
        func line(_ role: BoxRole, text: String?, content: BoxContent?, strings: ChatStrings) -> String {
            role == .reactions ? reactions : PlainPresentation().line(role, text: text, content: content, strings: strings)
        }
    }

    @Test func sendbird_reactionsThatDrawNothing_takeNoLineInTheBubble() throws {
        let reacted = Self.message("e1", by: "han", at: "2024-03-05T10:00:00Z",
                                   extra: #", "reaction_scores": {"fire": 1}, "latest_reactions": [{"type": "fire", "user_id": "leia"}]"#)
        let bubble = { (message: String, presentation: any BoxPresentation) throws -> Box in
            let json = Self.document(config: #"{"reactions_rule": "any_score"}"#, messages: [message])
            let request = ScreenRequest(document: .init(name: "doc.json", bytes: Array(json.utf8)), overrides: .init(profile: .sendbird), width: 60)
            let screen = try request.layout(try request.input(), presentation: presentation)
            var found: Box?
            screen.root.walk { box, _ in if found == nil && box.role == .bubble { found = box } }
            return try #require(found)
        }
        let drawn = try bubble(reacted, ReactionGlyphs(reactions: "fire 1"))
        #expect(Self.part(.reactions, of: drawn) != nil, "a reaction the presentation draws has its line")
        let undrawn = try bubble(reacted, ReactionGlyphs(reactions: ""))
        #expect(Self.part(.reactions, of: undrawn) == nil)
        let plain = try bubble(Self.message("e1", by: "han", at: "2024-03-05T10:00:00Z"), ReactionGlyphs(reactions: ""))
        #expect(undrawn.frame.height == plain.frame.height, "no blank line")
    }

    @Test func theKeyStream_underTheSendbirdProfile_bringsStreamsAnatomyBack() throws {
        let json = Self.document(config: #"{"message_anatomy": "stream"}"#, messages: Self.groups)
        let document = try ConversationDecoder.decode(Array(json.utf8), profile: .sendbird)
        #expect(document.config.messageAnatomy == .stream)
        #expect(document.configProvenance.source(of: "message_anatomy") == .document)
        #expect(try ConversationDecoder.decode(Array(Self.document(messages: []).utf8), profile: .sendbird).config.messageAnatomy == .sendbird)
        let boxes = try Self.boxes(json, profile: .sendbird)
        let row = try Self.row("m3", in: boxes)
        let bubble = try #require(Self.part(.bubble, of: row))
        let time = try #require(Self.part(.timestamp, of: row))
        #expect(time.frame.y >= Self.bottom(bubble), "the time in the footnote line under the bubble")
        #expect(Self.part(.authorName, of: try Self.row("m1", in: boxes)) == nil)
        #expect(MessageListConfig().anatomyExplanation == nil)
        #expect(LayoutProfile.sendbird.defaults().anatomyExplanation?.hasPrefix("anatomy sendbird") == true)
    }

    // MARK: The thread view

    /// Leia's parent `p` with `parentExtra`, the current user's reply and Leia's.
    static func thread(parentText: String = "Plans?", parentExtra: String = "", config: String = "{}", channelExtra: String = "") -> String {
        document(config: config, channelExtra: channelExtra, messages: [
            message("p", at: "2024-03-05T09:00:00Z", text: parentText, extra: #", "reply_count": 2\#(parentExtra)"#),
            message("r1", by: "me", at: "2024-03-05T09:10:00Z", extra: #", "parent_id": "p""#),
            message("r2", at: "2024-03-05T09:20:00Z", extra: #", "parent_id": "p""#),
        ])
    }

    @Test func sendbird_threadCells_showNoReceipt() throws {
        let thread = ScreenRequest.Screen.threadView(parentID: "p")
        let stream = try Self.boxes(Self.thread(), screen: thread)
        #expect(Self.part(.deliveryStatus, of: try Self.row("r1", in: stream)) != nil, "Stream's thread shows the reply's status")
        let sendbird = try Self.boxes(Self.thread(), profile: .sendbird, screen: thread)
        let reply = try Self.row("r1", in: sendbird)
        #expect(Self.part(.deliveryStatus, of: reply) == nil)
        #expect(Self.part(.timestamp, of: reply) != nil, "the time stays")
    }

    /// The parent's box of the thread of `json`, in points 375 wide.
    static func parent(_ json: String, profile: LayoutProfile? = .sendbird) throws -> Box {
        let boxes = try boxes(json, profile: profile, screen: .threadView(parentID: "p"), width: 375, points: true)
        return try #require(boxes.first { $0.role == .parentMessage })
    }

    @Test func sendbird_parentPicture_standsInA240By160Frame_underTheAvatar() throws {
        let image = #", "attachments": [{"type": "image", "image_url": "https://x.org/a.jpg", "original_width": 1200, "original_height": 600}]"#
        let parent = try Self.parent(Self.thread(parentText: "", parentExtra: image))
        let picture = try #require(parent.children.first { $0.role == .attachment || $0.role == .gallery })
        #expect(picture.frame.width == 240 && picture.frame.height == 160, "\(picture.frame) \(parent.children.map(\.role))")
        let avatar = try #require(Self.part(.avatar, of: parent))
        #expect(picture.frame.x == avatar.frame.x, "from the row's padding, under the avatar")
        #expect(picture.frame.y >= Self.bottom(avatar))
        // Stream's parent info keeps the picture at its aspect, beside the avatar.
        let stream = try Self.parent(Self.thread(parentText: "", parentExtra: image), profile: nil)
        let streamPicture = try #require(stream.children.first { $0.role == .attachment || $0.role == .gallery })
        #expect(streamPicture.frame.x > avatar.frame.x + avatar.frame.width)
    }

    @Test func sendbird_parentFileAndVoice_areTheirCards_underTheAvatar() throws {
        for attachment in [#"{"type": "file", "title": "route.gpx", "file_size": 2048}"#,
                           #"{"type": "voiceRecording", "title": "note.aac", "duration": 12}"#] {
            let parent = try Self.parent(Self.thread(parentText: "", parentExtra: #", "attachments": [\#(attachment)]"#))
            let card = try #require(parent.children.first { $0.role == .attachment }, "\(attachment)")
            let avatar = try #require(Self.part(.avatar, of: parent))
            #expect(card.frame.x == avatar.frame.x && card.frame.y >= Self.bottom(avatar), "\(attachment)")
            #expect(!card.children.isEmpty, "a card of parts: \(attachment)")
        }
    }

    @Test func sendbird_parentLinkPreview_isUnderItsText() throws {
        let link = #", "attachments": [{"og_scrape_url": "https://x.org", "title": "Trail map", "text": "All the trails"}]"#
        let parent = try Self.parent(Self.thread(parentText: "See https://x.org", parentExtra: link))
        let text = try #require(parent.children.first { $0.role == .text })
        let card = try #require(parent.children.first { $0.role == .attachment })
        #expect(card.frame.y >= Self.bottom(text) && card.frame.x == text.frame.x)
    }

    // MARK: Stream SwiftUI's reactions placement

    @Test func reactionsPlacementBottom_putsTheReactionsUnderTheBubble() throws {
        let reacted = Self.message("m1", by: "han", at: "2024-03-05T10:00:00Z",
                                   extra: #", "reaction_scores": {"love": 2}, "latest_reactions": [{"type": "love", "user_id": "leia"}]"#)
        let placed = { (config: String) throws -> (reactions: Box, bubble: Box) in
            let row = try Self.row("m1", in: try Self.boxes(Self.document(config: config, messages: [reacted])))
            return (try #require(Self.part(.reactions, of: row)), try #require(Self.part(.bubble, of: row)))
        }
        let top = try placed("{}")
        #expect(top.reactions.frame.y < top.bubble.frame.y)
        let bottom = try placed(#"{"message_display_options": {"reactions_placement": "bottom"}}"#)
        #expect(bottom.reactions.frame.y >= Self.bottom(bottom.bubble))
        #expect(LayoutProfile.streamSwiftUI.defaults().reactionsPlacement == .top, "SwiftUI's default is top")
    }
}
