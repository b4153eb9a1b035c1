import ChatLayoutDecoding
import ChatLayoutGoldens
import ChatLayoutKit
import Testing

/// The parts of Sendbird's thread view drawn after its anatomy: "(edited)" after the text
/// (`SBUUserMessageTextViewModel.addEditedStateIfNeeded`), the bubble's maximum width
/// (`SBUConstant.messageCellMaxWidth`), the frozen channel's banner (`SBUChannelStateBanner`)
/// and the parent's more button (`SBUParentMessageInfoView.moreButton`) — each under the
/// `sendbird` profile, and Stream's profiles without them.
struct SendbirdThreadPartsTests {
    private typealias Anatomy = SendbirdAnatomyTests

    // MARK: "(edited)"

    private static func edited(_ text: String) -> String {
        Anatomy.message("e1", by: "han", at: "2024-03-05T10:00:00Z", text: text,
                        extra: #", "message_text_updated_at": "2024-03-05T10:05:00Z""#)
    }

    @Test func sendbird_edited_standsOnTheTextsLastLine_afterIt_aSpaceApart() throws {
        let row = try Anatomy.row("e1", in: try Anatomy.boxes(Anatomy.document(messages: [Self.edited("On my way")]), profile: .sendbird))
        let bubble = try #require(Anatomy.part(.bubble, of: row))
        let text = try #require(Anatomy.part(.text, of: bubble))
        let label = try #require(Anatomy.part(.editedLabel, of: bubble))
        #expect(label.text == "(edited)")
        #expect(label.frame.y == text.frame.y + text.frame.height - 1, "on the text's last line")
        let line = try #require(text.placedLines.last)
        #expect(label.frame.x == text.frame.x + line.x + line.width + 1, "after the text, a space apart")
        // The bubble is one line tall inside its border, and as wide as the text with the word.
        #expect(bubble.frame.height == 3)
        #expect(bubble.frame.x + bubble.frame.width - 2 == label.frame.x + label.frame.width)
    }

    @Test func sendbird_edited_withNoRoomOnTheLastLine_takesALineUnderIt() throws {
        // 60 cells: the widest bubble is 31 cells (244 points), 27 inside its border and padding.
        let text = String(repeating: "x", count: 27)
        let row = try Anatomy.row("e1", in: try Anatomy.boxes(Anatomy.document(messages: [Self.edited(text)]), profile: .sendbird))
        let bubble = try #require(Anatomy.part(.bubble, of: row))
        let textBox = try #require(Anatomy.part(.text, of: bubble))
        let label = try #require(Anatomy.part(.editedLabel, of: bubble))
        #expect(label.frame.y == Anatomy.bottom(textBox) && label.frame.x == textBox.frame.x)
        #expect(bubble.frame.height == 4)
    }

    @Test func streamProfiles_writeEditedInTheFootnote_underTheBubble() throws {
        let json = Anatomy.document(config: #"{"edited_label_enabled": true}"#, messages: [Self.edited("On my way")])
        let row = try Anatomy.row("e1", in: try Anatomy.boxes(json))
        let bubble = try #require(Anatomy.part(.bubble, of: row))
        #expect(Anatomy.part(.editedLabel, of: bubble) == nil)
        let label = try #require(Anatomy.part(.editedLabel, of: row))
        #expect(label.frame.y >= Anatomy.bottom(bubble) && label.text == "Edited")
    }

    // MARK: messageCellMaxWidth

    @Test func sendbird_theBubble_isAtMost244PointsWide_whateverTheRow() throws {
        let long = Anatomy.message("l1", by: "han", at: "2024-03-05T10:00:00Z", text: String(repeating: "word ", count: 80))
        let widths = { (profile: LayoutProfile?, points: Bool, width: Int) throws -> Int in
            let row = try Anatomy.row("l1", in: try Anatomy.boxes(Anatomy.document(messages: [long]), profile: profile, width: width, points: points))
            return try #require(Anatomy.part(.bubble, of: row)).frame.width
        }
        #expect(try widths(.sendbird, true, 1000) <= 244)
        #expect(try widths(.sendbird, true, 1000) > 200, "the text fills it")
        #expect(try widths(nil, true, 1000) > 244, "Stream's three quarters of the row")
        // In cells: 244 points are 31 cells (8 points a cell).
        #expect(try widths(.sendbird, false, 100) <= 31)
        #expect(try widths(nil, false, 100) > 31)
    }

    // MARK: The frozen banner

    private static func threadBoxes(profile: LayoutProfile? = .sendbird, config: String = "{}", channel: String,
                                    points: Bool = true) throws -> [Box] {
        try Anatomy.boxes(Anatomy.thread(config: config, channelExtra: channel), profile: profile, screen: .threadView(parentID: "p"),
                          width: 375, points: points)
    }

    @Test func sendbird_aFrozenChannelsThread_showsTheBanner_8PointsIn_24Tall_overTheListsTop() throws {
        let boxes = try Self.threadBoxes(channel: #", "frozen": true"#)
        let banner = try #require(boxes.first { $0.role == .frozenBanner })
        let list = try #require(boxes.first { $0.role == .messageList })
        #expect(banner.text == "Channel is frozen")
        #expect(banner.frame == Frame(x: 8, y: list.frame.y + 8, width: 375 - 16, height: 24))
        let line = try #require(banner.placedLines.first)
        #expect(line.x == (banner.frame.width - line.width) / 2, "its words centred")
        // Sendbird's payload says `freeze`.
        #expect(try Self.threadBoxes(channel: #", "freeze": true"#).contains { $0.role == .frozenBanner })
    }

    @Test func noBanner_withoutAFrozenChannel_orUnderStreamsProfiles() throws {
        #expect(try !Self.threadBoxes(channel: "").contains { $0.role == .frozenBanner })
        #expect(try !Self.threadBoxes(channel: #", "frozen": false"#).contains { $0.role == .frozenBanner })
        for profile in [LayoutProfile.streamUIKit, .streamSwiftUI] {
            #expect(try !Self.threadBoxes(profile: profile, channel: #", "frozen": true"#).contains { $0.role == .frozenBanner }, "\(profile)")
            #expect(!profile.defaults().threadView.frozenBanner)
        }
        // The key brings it to a Stream profile.
        #expect(try Self.threadBoxes(profile: .streamUIKit, config: #"{"frozen_banner": true}"#, channel: #", "frozen": true"#)
            .contains { $0.role == .frozenBanner })
    }

    @Test func theBanner_inCells_isALineOverTheListsFirstLine_andSaysItInTheDocumentsLanguage() throws {
        let json = Anatomy.thread(channelExtra: #", "frozen": true"#).replacingOccurrences(of: "en_US", with: "de_DE")
        let boxes = try Anatomy.boxes(json, profile: .sendbird, screen: .threadView(parentID: "p"), width: 40)
        let banner = try #require(boxes.first { $0.role == .frozenBanner })
        let list = try #require(boxes.first { $0.role == .messageList })
        #expect(banner.text == "Kanal ist eingefroren")
        #expect(banner.frame == Frame(x: 1, y: list.frame.y, width: 38, height: 1))
    }

    // MARK: The parent's more button

    @Test func sendbird_theParentsMoreButton_endsTheSendersLine_andTheNameGivesItRoom() throws {
        let name = String(repeating: "Leia ", count: 20)
        let json = Anatomy.thread().replacingOccurrences(of: #""name": "leia""#, with: #""name": "\#(name)""#)
        let parent = try Anatomy.parent(json)
        let more = try #require(parent.children.first { $0.role == .moreButton })
        #expect(more.frame.width == 17 && more.frame.height == 34)
        #expect(more.frame.x + more.frame.width == 375 - 8, "at the row's trailing padding")
        let author = try #require(parent.children.first { $0.role == .authorName })
        #expect(author.frame.x + author.frame.width <= more.frame.x - 8, "8 points apart")
        #expect(try Anatomy.parent(json, profile: nil).children.allSatisfy { $0.role != .moreButton }, "Stream's parent info has none")
    }
    // MARK: File cells

    /// The bubble of Han's reply `f1` with `attachment`, in points 375 wide.
    private static func fileCell(_ attachment: String, profile: LayoutProfile? = .sendbird) throws -> Box {
        let reply = Anatomy.message("f1", by: "han", at: "2024-03-05T10:00:00Z", text: "",
                                    extra: #", "attachments": [\#(attachment)]"#)
        let row = try Anatomy.row("f1", in: try Anatomy.boxes(Anatomy.document(messages: [reply]), profile: profile, width: 375, points: true))
        return try #require(Anatomy.part(.bubble, of: row))
    }

    @Test func sendbird_aPicture_standsIn240By160_acrossTheBubble_whateverItsSize() throws {
        for image in [#"{"type": "image", "image_url": "https://x.org/a.jpg", "original_width": 600, "original_height": 1200}"#,
                      #"{"type": "image", "image_url": "https://x.org/a.jpg"}"#] {
            let bubble = try Self.fileCell(image)
            let picture = try #require(bubble.children.first { $0.role == .attachment || $0.role == .gallery }, "\(image)")
            #expect(picture.frame.width == 240 && picture.frame.height == 160, "\(picture.frame)")
            #expect(picture.frame.x == bubble.frame.x + 1, "inside the border, no padding")
        }
        let stream = try Self.fileCell(#"{"type": "image", "image_url": "https://x.org/a.jpg", "original_width": 600, "original_height": 1200}"#,
                                       profile: nil)
        let picture = try #require(stream.children.first { $0.role == .attachment })
        #expect(picture.frame.height > picture.frame.width, "Stream keeps its aspect")
    }

    @Test func sendbird_aVoiceMessage_is136By44_itsPlayButtonAndTime() throws {
        let bubble = try Self.fileCell(#"{"type": "voiceRecording", "title": "note.aac", "duration": 12}"#)
        let card = try #require(bubble.children.first { $0.role == .attachment })
        #expect(card.frame.width == 136 && card.frame.height == 44, "\(card.frame)")
        let kinds = card.children.compactMap { if case .cardPart(let part) = $0.content { part.kind } else { nil } }
        #expect(kinds == [.playButton, .duration], "no name, no waveform")
        let time = try #require(card.children.last)
        #expect(time.frame.x + time.frame.width == card.frame.x + 136 - 13, "the time 12 points in from the trailing edge, inside the border")
    }

    @Test func sendbird_aFile_isItsIconAndName_44Tall_noSize() throws {
        let bubble = try Self.fileCell(#"{"type": "file", "title": "route.gpx", "file_size": 2048}"#)
        let card = try #require(bubble.children.first { $0.role == .attachment })
        #expect(card.frame.height == 44)
        let kinds = card.children.compactMap { if case .cardPart(let part) = $0.content { part.kind } else { nil } }
        #expect(kinds == [.fileIcon, .fileName])
        #expect(card.children.first?.frame.width == 28)
        // Stream's file card has the size under the name.
        let stream = try #require(try Self.fileCell(#"{"type": "file", "title": "route.gpx", "file_size": 2048}"#, profile: nil)
            .children.first { $0.role == .attachment })
        #expect(stream.children.contains { if case .cardPart(let part) = $0.content { part.kind == .fileSize } else { false } })
    }
}
