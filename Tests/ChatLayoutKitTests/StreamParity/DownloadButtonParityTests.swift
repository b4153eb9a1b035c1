import ChatLayoutDecoding
import ChatLayoutKit
import ChatLayoutTextRenderer
import Testing

/// `download_file_attachments_enabled`: Stream UIKit's `isDownloadFileAttachmentsEnabled`
/// (`ChatMessageFileAttachmentListView.ItemView`'s `actionIconImageView`, its icon from
/// `fileAttachmentActionIcon`) and Stream SwiftUI's `downloadFileAttachmentsEnabled`. Facts from
/// UIKit's `ChatFileAttachmentListView+ItemView_Tests.test_appearance_pdf_whenDownloadedThenShareIcon`
/// snapshot: the icon stands at the card's trailing edge inside its 8-point margin, 19 points
/// wide (the card grows by 19 points), centred down; the name and size end where it starts.
struct DownloadButtonParityTests {
    /// The chat attachment (Swift Testing has an `Attachment` of its own).
    private typealias Attachment = ChatLayoutKit.Attachment

    private func file(_ name: String = "Sample.pdf", bytes: Int? = 120, state: AttachmentDownloadState? = nil) -> Attachment {
        var file = Attachment(type: "file", title: name, fileName: name, fileSize: bytes, assetURL: "https://example.com/\(name)")
        file.localDownloadState = state
        return file
    }

    /// A direct channel where Leia sends `attachments`; Luke is the current user.
    private func message(_ attachments: [Attachment], enabled: Bool = true, localState: LocalState? = nil) -> ConversationBuilder {
        ConversationBuilder()
            .direct()
            .config { $0.downloadFileAttachmentsEnabled = enabled }
            .message("m1", by: "leia", at: 0, text: "") {
                $0.attachments = attachments
                $0.localState = localState
            }
    }

    private func cards(_ screen: LaidOutScreen) -> [Box] {
        var cards: [Box] = []
        screen.root.walk { box, _ in if box.role == .attachment && !box.children.isEmpty { cards.append(box) } }
        return cards
    }

    private func part(_ card: Box, _ kind: AttachmentCardPart.Kind) -> Box? {
        card.children.first { if case .cardPart(let part) = $0.content { part.kind == kind } else { false } }
    }

    private func kinds(_ card: Box) -> [AttachmentCardPart.Kind] {
        card.children.compactMap { if case .cardPart(let part) = $0.content { part.kind } else { nil } }
    }

    private func card(_ builder: ConversationBuilder, points: Bool = true, width: Int = 360) throws -> Box {
        try #require(cards(try ParityLayout.screen(builder, points: points, width: width)).first)
    }

    @Test func off_byDefault_inEveryProfile_noButton() throws {
        for profile in LayoutProfile.allCases { #expect(!profile.defaults().downloadFileAttachmentsEnabled, "\(profile)") }
        #expect(kinds(try card(message([file()], enabled: false))) == [.fileIcon, .fileName, .fileSize])
    }

    @Test func on_theButtonAtTheTrailingEdge_centredDown_theWordsBeforeIt() throws {
        let card = try card(message([file()]))
        #expect(kinds(card) == [.fileIcon, .fileName, .fileSize, .downloadButton])
        let button = try #require(part(card, .downloadButton)), icon = try #require(part(card, .fileIcon))
        let name = try #require(part(card, .fileName)), size = try #require(part(card, .fileSize))
        #expect(button.frame.width == 19 && button.frame.height == 19)
        #expect(button.frame.maxX == card.frame.maxX - 1 - 8)
        #expect(abs((button.frame.y + button.frame.maxY) - (icon.frame.y + icon.frame.maxY)) <= 1)
        #expect(name.frame.maxX == button.frame.x && size.frame.maxX == button.frame.x)
        // The card keeps its height: the 40-point icon is the tallest part.
        let without = try self.card(message([file()], enabled: false))
        #expect(card.frame.height == without.frame.height)
        #expect(try #require(part(without, .fileName)).frame.maxX == name.frame.maxX + 19)
        if case .cardPart(let data) = button.content { #expect(data.attachmentIndex == 0) }
    }

    /// UIKit's `fileAttachmentDownloadActionIcons`: share once downloaded, download when not or
    /// when the download failed; none while it downloads (a spinner, not laid out), none for a
    /// file without a size.
    @Test func theButtonFollowsTheDownloadState() throws {
        func button(_ attachment: Attachment) throws -> [AttachmentCardPart.Kind] {
            kinds(try card(message([attachment]))).filter { $0 == .downloadButton || $0 == .shareButton }
        }
        #expect(try button(file(state: nil)) == [.downloadButton])
        #expect(try button(file(state: .downloaded)) == [.shareButton])
        #expect(try button(file(state: .downloadingFailed)) == [.downloadButton])
        #expect(try button(file(state: .downloading)) == [])
        #expect(try button(file(bytes: 0)) == [])
        #expect(try button(file(bytes: nil)) == [])
    }

    /// An attachment still being uploaded shows its upload's state in UIKit, not the button;
    /// an unsupported attachment's card has none either.
    @Test func noButton_whileTheMessageIsBeingSent_orOnAnUnsupportedCard() throws {
        for state: LocalState in [.pendingSend, .sending, .sendingFailed] {
            #expect(part(try card(message([file()], localState: state)), .downloadButton) == nil, "\(state)")
        }
        #expect(part(try card(message([file()], localState: .pendingSync)), .downloadButton) != nil)
        let custom = Attachment(type: "product", title: "Boots", fileSize: 300)
        #expect(kinds(try card(message([custom]))) == [.fileIcon, .fileName])
    }

    @Test func cells_theButtonInBracketsAtTheCardsEnd() throws {
        let builder = message([file()])
        let screen = try ParityLayout.screen(builder, points: false, width: 40)
        let card = try #require(cards(screen).first)
        let button = try #require(part(card, .downloadButton)), name = try #require(part(card, .fileName))
        #expect(button.lines == ["[↓]"] && button.frame.maxX == card.frame.maxX - 2)
        #expect(name.frame.maxX < button.frame.x)
        let drawn = TextRenderer().render(screen)
        #expect(drawn.contains("Sample.pdf") && drawn.contains("[↓]"))
        let shared = try ParityLayout.screen(message([file(state: .downloaded)]), points: false, width: 40)
        #expect(TextRenderer().render(shared).contains("[↑]"))
    }

    @Test func decoding_theKeyAndTheLocalDownloadState() throws {
        let document = try ConversationDecoder.decode(Array("""
            {"config": {"download_file_attachments_enabled": true},
             "messages": [{"id": "m1", "created_at": "2024-03-05T09:00:00Z", "user": {"id": "leia"},
                           "attachments": [{"type": "file", "title": "a.pdf", "file_size": 10, "local_download_state": "downloaded"},
                                           {"type": "file", "title": "b.pdf", "file_size": 10}]}]}
            """.utf8))
        #expect(document.config.downloadFileAttachmentsEnabled)
        #expect(document.conversation.messages[0].attachments.map(\.localDownloadState) == [.downloaded, nil])
        let bad = """
            {"messages": [{"id": "m1", "created_at": "2024-03-05T09:00:00Z", "user": {"id": "leia"},
                           "attachments": [{"type": "file", "local_download_state": "done"}]}]}
            """
        do {
            _ = try ConversationDecoder.decode(Array(bad.utf8))
            Issue.record("an unknown download state decoded")
        } catch {
            #expect((error as? DocumentError)?.path == "messages[0].attachments[0].local_download_state")
        }
    }
}
