import ChatLayoutDecoding
import ChatLayoutICU
import ChatLayoutKit
import ChatLayoutTextRenderer
import Testing

/// Issue 29, points 1 and 2: Stream's media anatomy, each test re-expressing one of Stream
/// UIKit's snapshot tests (named in its doc comment) as a document, asserting the arrangement
/// on the box tree. Stream's facts (`ChatMessageGalleryView`, `GalleryAttachmentViewInjector`):
/// images and videos form one gallery at the top of the bubble, across it, 1.32 times as wide as
/// tall; one tile fills it, two stand side by side, three are one tall tile beside two stacked,
/// four and more are two by two, "+N" over the fourth; tiles 2 points apart and from the edges.
struct GalleryParityTests {
    /// Points: Stream's lengths, lines 24 points tall (a measurer ten points a cell).
    private static let lineHeight = ParityLayout.lineHeight

    /// A direct channel where Leia (not the current user) sends `media`, and nothing else.
    private func gallery(_ count: Int, type: String = "image", text: String = "", from author: String = "leia",
                         direction: LayoutDirection? = nil) -> ConversationBuilder {
        ConversationBuilder()
            .direct()
            .config { $0.layoutDirection = direction }
            .message("m1", by: author, at: 0, text: text) { message in
                message.attachments = (0 ..< count).map { index in
                    Attachment(type: type, title: "photo\(index).jpg", imageURL: "https://example.com/\(index).jpg",
                               thumbURL: "https://example.com/\(index)-thumb.jpg")
                }
            }
    }

    private func screen(_ builder: ConversationBuilder, points: Bool = true, width: Int) throws -> LaidOutScreen {
        try ParityLayout.screen(builder, points: points, width: width)
    }

    /// The first box of `role` and its children, with the bubble around it.
    private func parts(_ screen: LaidOutScreen) throws -> (bubble: Box, gallery: Box, tiles: [Box]) {
        var bubble: Box?, gallery: Box?
        screen.root.walk { box, _ in
            if box.role == .bubble && bubble == nil { bubble = box }
            if box.role == .gallery && gallery == nil { gallery = box }
        }
        let found = try #require(gallery)
        return (try #require(bubble), found, found.children)
    }

    private func tile(_ box: Box) -> GalleryTileContent? {
        if case .galleryTile(let tile) = box.content { return tile }
        return nil
    }

    /// `ChatMessageGalleryView_Tests.test_appearance_whenOneImage`: one image without its size
    /// is a gallery of one tile, across the bubble inside its border and at its top, 1.32 times
    /// as wide as tall; the tile fills it but for the 2-point inset.
    @Test func oneImage_fillsTheBubblesWidthAndTop() throws {
        let (bubble, gallery, tiles) = try parts(try screen(self.gallery(1), width: 360))
        #expect(gallery.frame.x == bubble.frame.x + 1 && gallery.frame.maxX == bubble.frame.maxX - 1)
        #expect(gallery.frame.y == bubble.frame.y + 1)
        #expect(abs(gallery.frame.width * 100 - gallery.frame.height * 132) <= 132)
        #expect(tiles.count == 1)
        #expect(tiles[0].frame == Frame(x: gallery.frame.x + 2, y: gallery.frame.y + 2, width: gallery.frame.width - 4,
                                        height: gallery.frame.height - 4))
        #expect(gallery.content == .gallery(mediaCount: 1))
    }

    /// `ChatMessageGalleryView_Tests.test_appearance_whenTwoImages`: two tiles side by side,
    /// as tall as the gallery, two points apart.
    @Test func twoImages_standSideBySide() throws {
        let (_, gallery, tiles) = try parts(try screen(self.gallery(2), width: 360))
        #expect(tiles.count == 2)
        #expect(tiles[0].frame.y == tiles[1].frame.y && tiles[0].frame.height == tiles[1].frame.height)
        #expect(tiles[0].frame.height == gallery.frame.height - 4)
        #expect(tiles[1].frame.x == tiles[0].frame.maxX + 2)
        #expect(abs(tiles[0].frame.width - tiles[1].frame.width) <= 1)
        #expect(tiles.map { tile($0)?.attachmentIndex } == [0, 1])
    }

    /// `ChatMessageGalleryView_Tests.test_appearance_whenThreeImages`: the first tall in the
    /// leading column, the second and third stacked in the trailing one.
    @Test func threeImages_oneTallBesideTwoStacked() throws {
        let (_, gallery, tiles) = try parts(try screen(self.gallery(3), width: 360))
        #expect(tiles.count == 3)
        #expect(tiles[0].frame.height == gallery.frame.height - 4)
        #expect(tiles[1].frame.x == tiles[2].frame.x && tiles[1].frame.x == tiles[0].frame.maxX + 2)
        #expect(tiles[2].frame.y == tiles[1].frame.maxY + 2)
        #expect(tiles[1].frame.y == tiles[0].frame.y && tiles[2].frame.maxY == tiles[0].frame.maxY)
    }

    /// `ChatMessageGalleryView_Tests.test_appearance_whenFourImages`: four media frames on two
    /// columns and two rows, in reading order.
    @Test func fourImages_twoByTwo() throws {
        let (_, _, tiles) = try parts(try screen(self.gallery(4), width: 360))
        #expect(tiles.count == 4)
        #expect(Set(tiles.map(\.frame.x)).count == 2 && Set(tiles.map(\.frame.y)).count == 2)
        #expect(tiles[0].frame.y == tiles[1].frame.y && tiles[2].frame.y == tiles[3].frame.y && tiles[2].frame.y > tiles[0].frame.y)
        #expect(tiles[0].frame.x == tiles[2].frame.x && tiles[1].frame.x == tiles[3].frame.x && tiles[1].frame.x > tiles[0].frame.x)
        #expect(tiles.allSatisfy { tile($0)?.hiddenCount == 0 })
    }

    /// `ChatMessageGalleryView_Tests.test_appearance_whenMoreThanFourImages` (six images): two
    /// by two, "+2" over the fourth, as its typed content and its words.
    @Test func moreThanFourImages_countTheRestOverTheFourth() throws {
        let (_, gallery, tiles) = try parts(try screen(self.gallery(6), width: 360))
        #expect(gallery.content == .gallery(mediaCount: 6))
        #expect(tiles.count == 4)
        #expect(tiles.map { tile($0)?.hiddenCount } == [0, 0, 0, 2])
        #expect(tiles.map { tile($0)?.position } == [0, 1, 2, 3])
        #expect(tiles[3].text == "+2" && tiles[3].lines == ["+2"] && tiles[0].text == "photo0.jpg")
        #expect(tile(tiles[3])?.imageURL == "https://example.com/3.jpg")
    }

    /// `ChatMessageContentView_Tests.test_appearance_whenMessageWithVideoAttachment_incoming`:
    /// a video without its size is a gallery of one at the bubble's top, the bubble at the
    /// leading side beside the avatar, the picture its thumbnail.
    @Test func videoIncoming_isAGalleryOfOne_atTheLeadingSide() throws {
        let (bubble, gallery, tiles) = try parts(try screen(self.gallery(1, type: "video"), width: 360))
        #expect(bubble.frame.x == 8 + 32 + 8)
        #expect(gallery.frame.y == bubble.frame.y + 1 && gallery.frame.maxY == bubble.frame.maxY - 1)
        #expect(tile(tiles[0])?.attachment.kind == .video)
        #expect(tile(tiles[0])?.imageURL == "https://example.com/0-thumb.jpg")
    }

    /// `ChatMessageContentView_Tests.test_appearance_whenMessageWithVideoAttachment_outgoing`:
    /// the same at the trailing side.
    @Test func videoOutgoing_isAGalleryOfOne_atTheTrailingSide() throws {
        let (bubble, gallery, _) = try parts(try screen(self.gallery(1, type: "video", from: "luke"), width: 360))
        #expect(bubble.frame.maxX == 360 - 8)
        #expect(gallery.frame.maxX == bubble.frame.maxX - 1)
        // The gallery fills the bubble at its widest, as Stream's: 254 points (75 % of the row
        // less its margins), the gallery 252 × 191 inside its border.
        #expect(bubble.frame.width == 254 && gallery.frame.width == 252 && gallery.frame.height == 191)
    }

    /// Right to left (Stream's `rightToLeftLayout` variant of the four-image gallery): the
    /// grid mirrored, the first tile at the top right.
    @Test func fourImages_rightToLeft_startAtTheRight() throws {
        let (_, _, tiles) = try parts(try screen(self.gallery(4, direction: .rightToLeft), width: 360))
        #expect(tiles[0].frame.x > tiles[1].frame.x && tiles[0].frame.y == tiles[1].frame.y)
        #expect(tiles[2].frame.x > tiles[3].frame.x && tiles[2].frame.y > tiles[0].frame.y)
    }

    /// In cells a two-by-two gallery is a two-by-two of shaded cells: two columns a cell apart,
    /// two rows, each tile named on its first line.
    @Test func fourImages_inCells_areTwoByTwoCells() throws {
        let laidOut = try screen(self.gallery(4), points: false, width: 40)
        let (_, _, tiles) = try parts(laidOut)
        #expect(Set(tiles.map(\.frame.x)).count == 2 && Set(tiles.map(\.frame.y)).count == 2)
        #expect(tiles[1].frame.x == tiles[0].frame.maxX + 1)
        let rows = TextRenderer().render(laidOut).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        // The row under the first tiles' names: two shaded runs, a blank cell between them.
        let shaded = rows[tiles[0].frame.y + 1]
        let runs = shaded.split { $0 != "░" }
        #expect(runs.map(\.count) == [tiles[0].frame.width, tiles[1].frame.width], "\(rows)")
        #expect(rows[tiles[0].frame.y].contains("photo0.jpg"))
    }

    /// Stream's giphy (`ChatMessageGiphyView`: a square preview) without its size: a square
    /// default frame across the bubble, not a line naming it.
    @Test func giphyWithoutItsSize_isASquareFrame() throws {
        let builder = ConversationBuilder().direct().message("m1", by: "leia", at: 0, text: "") { message in
            message.attachments = [Attachment(type: "giphy", title: "cat")]
        }
        var giphy: Box?
        try screen(builder, width: 360).root.walk { box, _ in if box.role == .attachment { giphy = box } }
        let frame = try #require(giphy).frame
        #expect(frame.width == frame.height && frame.width > 200)
        guard case .attachment(let content) = giphy?.content else { Issue.record("no attachment content"); return }
        #expect(content.usesDefaultFrame && content.isFramedMedia)
    }

    /// A single image with its size keeps its own aspect ratio, outside any gallery.
    @Test func oneImageWithItsSize_isNoGallery() throws {
        let builder = ConversationBuilder().direct().message("m1", by: "leia", at: 0, text: "") { message in
            message.attachments = [Attachment(type: "image", title: "wide", originalSize: PixelSize(width: 2000, height: 1000))]
        }
        var roles: [BoxRole] = []
        try screen(builder, width: 360).root.walk { box, _ in roles.append(box.role) }
        #expect(!roles.contains(.gallery) && roles.contains(.attachment))
    }

    /// The tiles' typed content reads back from the JSON as it was written.
    @Test func galleryContent_roundTripsThroughJSON() throws {
        let laidOut = try screen(self.gallery(6), width: 360)
        #expect(try LaidOutScreen(jsonValue: laidOut.json()) == laidOut)
        let (_, gallery, _) = try parts(laidOut)
        let json = gallery.json().serialized()
        #expect(json.contains("\"gallery_tile\"") && json.contains("\"hidden_count\":2") && json.contains("\"image_url\":\"https://example.com/3.jpg\""))
    }

    /// The decoder keeps an attachment's URLs; a video's picture is its thumbnail.
    @Test func decodedURLs_reachTheTiles() throws {
        let document = try ConversationDecoder.decode(Array("""
            {"channel": {"cid": "messaging:a", "member_count": 2}, "current_user_id": "luke",
             "messages": [{"id": "m1", "user": {"id": "leia"}, "created_at": "2024-03-05T09:00:00Z", "text": "",
               "attachments": [{"type": "video", "asset_url": "https://x.example/v.mp4", "thumb_url": "https://x.example/v.jpg"},
                               {"type": "image", "image_url": "https://x.example/i.jpg"}]}]}
            """.utf8))
        let attachments = document.conversation.messages[0].attachments
        #expect(attachments[0].assetURL == "https://x.example/v.mp4" && attachments[0].previewURL == "https://x.example/v.jpg")
        #expect(attachments[1].imageURL == "https://x.example/i.jpg" && attachments[1].previewURL == "https://x.example/i.jpg")
    }
}
