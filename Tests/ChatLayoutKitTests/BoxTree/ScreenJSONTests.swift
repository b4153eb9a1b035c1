import ChatLayoutDecoding
import ChatLayoutICU
@testable import ChatLayoutKit
@testable import ChatLayoutModel
@testable import ChatLayoutDecisions
@testable import ChatLayoutComposition
@testable import ChatLayoutPlacement
import Foundation
import Testing

/// Issue 28.5: one JSON shape for a screen, written by `json()` and `writeJSON`, read back by
/// `LaidOutScreen(json:)` and by `Codable` to an equal screen.
struct ScreenJSONTests {
    /// One value of every content case (several for the cases with options), each a case the
    /// exhaustive `caseName` names.
    static let contents: [BoxContent] = {
        let poll = Poll(question: "Lunch?", options: [Poll.Option(text: "Tacos", voteCount: 2), Poll.Option(text: "Ramen")], isClosed: true)
        let photo = AttachmentContent(kind: .image, type: "image", title: "beach.jpg", fileName: "beach.jpg", fileSize: 1234,
                                      urlHost: "example.com", originalSize: PixelSize(width: 640, height: 480))
        return [
            .attachment(photo),
            .attachment(AttachmentContent(kind: .custom, type: "sticker \"x\"")),
            .attachment(AttachmentContent(kind: .poll, type: "poll", poll: poll)),
            .attachment(AttachmentContent(kind: .location, type: "location",
                                          location: SharedLocation(latitude: 52.520008, longitude: -13.404954,
                                                                   endAt: Timestamp(seconds: 1_700_000_000, nanoseconds: 120_000_000)))),
            .attachment(AttachmentContent(kind: .location, type: "location", location: SharedLocation(latitude: 0.1, longitude: 1e-7))),
            .pollOption(Poll.Option(text: "שלום", voteCount: 3)),
            .quotedMessage(QuotedContent(id: "m1", author: "Leia", text: "image", isDeleted: false, attachment: photo, namesAttachmentType: true)),
            .quotedMessage(QuotedContent(id: "m2", author: "Han", text: "Message deleted", isDeleted: true)),
            .translation,
            .reactions([ReactionCount(type: "love", count: 2), ReactionCount(type: "🎉", count: 1)]),
            .reactions([ReactionCount(type: "like", count: 3, isOwn: true), ReactionCount(type: "wow", count: 1)]),
            .reactions([]),
            .threadInfo(ThreadInfoContent(replyCount: 3, label: "3 replies", participants: ["Leia", "Han"])),
            .threadInfo(ThreadInfoContent(replyCount: nil, label: "Thread reply", participants: [])),
            .deliveryStatus(.pending), .deliveryStatus(.sent), .deliveryStatus(.delivered), .deliveryStatus(.read),
            .edited,
            .error,
            .avatar(userID: "leia"),
            .count(99),
            .replyCount(0),
            .bubble(fromCurrentUser: true), .bubble(fromCurrentUser: false),
            .attachment(AttachmentContent(kind: .giphy, type: "giphy", title: "cat", usesDefaultFrame: true)),
            .gallery(mediaCount: 6),
            .galleryTile(GalleryTileContent(attachment: photo, attachmentIndex: 4, position: 3, hiddenCount: 2,
                                            imageURL: "https://example.com/a \"b\".jpg", assetURL: "https://example.com/v.mp4")),
            .galleryTile(GalleryTileContent(attachment: AttachmentContent(kind: .video, type: "video"), attachmentIndex: 0, position: 0)),
            .attachment(linkWithCardFields),
            .cardPart(AttachmentCardPart(kind: .fileSize, attachmentIndex: 2, fileType: "pdf", imageURL: "https://example.com/i.png", bytes: 120,
                                         seconds: 5.5, sampleCount: 40,
                                         action: AttachmentAction(name: "image_action", value: "send", text: "Send", isPrimary: true))),
            .cardPart(AttachmentCardPart(kind: .image, attachmentIndex: 0)),
            .cardPart(AttachmentCardPart(kind: .pollProgress, attachmentIndex: -1, optionIndex: 1, votes: 2, maxVotes: 5)),
            .cardPart(AttachmentCardPart(kind: .pollCheck, attachmentIndex: -1, optionIndex: 0, isChosen: true)),
            .cardPart(AttachmentCardPart(kind: .pollVoters, attachmentIndex: -1, optionIndex: 2,
                                         voters: [Poll.Voter(userID: "luke", name: "Luke \"S\"", imageURL: "https://example.com/l.png"),
                                                  Poll.Voter(userID: "pep")])),
            .cardPart(AttachmentCardPart(kind: .recordingIcon, attachmentIndex: 1, fileType: "aac")),
            .deliveryStatusRead(readCount: 3),
            .translatedTo(language: "pt"),
            .annotation(MessageAnnotation(kind: .pinned, title: "Pinned by \"Han\"")),
            .annotation(MessageAnnotation(kind: .reminder, title: "Reminder set", subtitle: "in 2 hours")),
            .annotation(MessageAnnotation(kind: .repliedToThread, title: "Replied to a thread", button: "View")),
            .richTextBlock(RichTextBlockContent(kind: .paragraph, quoteDepth: 0, listDepth: 0)),
            .richTextBlock(RichTextBlockContent(kind: .heading(level: 2), quoteDepth: 1, listDepth: 0)),
            .richTextBlock(RichTextBlockContent(kind: .codeBlock(language: NeutralText("swift")), quoteDepth: 0, listDepth: 0)),
            .richTextBlock(RichTextBlockContent(kind: .codeBlock(language: nil), quoteDepth: 2, listDepth: 1)),
            .richTextBlock(RichTextBlockContent(kind: .listItem(marker: .number(3)), quoteDepth: 0, listDepth: 2)),
            .richTextBlock(RichTextBlockContent(kind: .listItem(marker: .bullet), quoteDepth: 0, listDepth: 1)),
            .richTextBlock(RichTextBlockContent(kind: .thematicBreak, quoteDepth: 0, listDepth: 0)),
            .listMarker(.bullet), .listMarker(.number(12)),
        ]
    }()

    /// A link preview with every field its card reads, and a recording's and an action's.
    static let linkWithCardFields: AttachmentContent = {
        var link = AttachmentContent(kind: .linkPreview, type: "linkPreview", title: "Title")
        link.author = "YouTube"
        link.text = "A description"
        link.linkURL = "https://example.com/watch"
        link.imageURL = "https://example.com/thumb.jpg"
        link.duration = 12.25
        link.waveformSampleCount = 3
        link.actions = [AttachmentAction(name: "image_action", value: "shuffle", text: "Shuffle")]
        return link
    }()

    /// The case's name; a new case fails to compile here until it is named (and added above).
    static func caseName(_ content: BoxContent) -> String {
        switch content {
        case .attachment: "attachment"
        case .pollOption: "pollOption"
        case .quotedMessage: "quotedMessage"
        case .translation: "translation"
        case .reactions: "reactions"
        case .threadInfo: "threadInfo"
        case .deliveryStatus: "deliveryStatus"
        case .edited: "edited"
        case .error: "error"
        case .avatar: "avatar"
        case .count: "count"
        case .replyCount: "replyCount"
        case .bubble: "bubble"
        case .gallery: "gallery"
        case .galleryTile: "galleryTile"
        case .cardPart: "cardPart"
        case .deliveryStatusRead: "deliveryStatusRead"
        case .translatedTo: "translatedTo"
        case .annotation: "annotation"
        case .richTextBlock: "richTextBlock"
        case .listMarker: "listMarker"
        }
    }

    /// A screen with every field of a box away from its default: ids, text, content, lines
    /// whose reading order is not their display, alignment, direction, tails (on a bubble and
    /// off one), nesting.
    static func handBuiltScreen() -> LaidOutScreen {
        let lines = [PlacedLine(display: "olleh", text: "hello  ", x: 2, width: 5), PlacedLine(display: "e\u{301}", text: "\u{E9}", x: 0, width: 1),
                     PlacedLine(display: "", text: "", x: 0, width: 0)]
        var children: [Box] = []
        for (index, content) in contents.enumerated() {
            children.append(Box(role: .text, id: "m\(index)", frame: Frame(x: index, y: 2 * index, width: 10, height: 3), text: NeutralText("words \(index)"),
                                content: content, placedLines: index % 2 == 0 ? lines : [], alignment: [.leading, .center, .trailing][index % 3],
                                textDirection: index % 4 == 0 ? .rightToLeft : .leftToRight, tail: index == 3 ? .bottomLeading : .none))
        }
        let bubble = Box(role: .bubble, id: "m\u{202E}x", frame: Frame(x: -1, y: 0, width: 12, height: 60), content: .bubble(fromCurrentUser: true),
                         tail: .bottomTrailing, children: children)
        let list = Box(role: .messageList, frame: Frame(x: 0, y: 1, width: 40, height: 60), children: [bubble, Box(role: .bubble, frame: Frame(x: 0, y: 0, width: 1, height: 1))])
        return LaidOutScreen(width: 40, height: 61, root: Box(role: .root, frame: Frame(x: 0, y: 0, width: 40, height: 61), children: [list]),
                             lineHeight: 24, direction: .rightToLeft)
    }

    /// A conversation laid out by the library: long, with escapes, a hidden reply, bidi text.
    static func laidOutScreen(width: Int) throws -> LaidOutScreen {
        var builder = ConversationBuilder()
        for index in 0 ..< 60 {
            builder = builder.message("m\(index)", by: ["leia", "han", "luke"][index % 3], at: Double(index * 50),
                                      text: index % 7 == 0 ? "Line one\nline \"two\" 🎉 \u{202E}rtl שלום" : "Message number \(index)")
        }
        builder = builder.message("r0", by: "han", at: 10) { $0.parentID = "m0" }
        let formatter = try ICULocaleFormatter(locale: builder.context.locale, timeZone: builder.context.timeZone)
        return MessageListScreen.layout(builder.conversation, config: builder.config, context: builder.context,
                                        formatter: formatter, measurer: ICUTextEngine(), width: width)
    }

    @Test func everyContentCase_isInTheSample() {
        let named = Set(Self.contents.map(Self.caseName))
        #expect(named.count == 21, "\(named.sorted())")
    }

    @Test func everyContent_readsBackEqual_fromItsJSON_andThroughCodable() throws {
        for content in Self.contents {
            let json = content.json()
            #expect(try BoxContent(jsonValue: json) == content, "\(json.serialized())")
            let text = json.serialized()
            #expect(try BoxContent(jsonValue: JSONValue(JSONParser.parse(text))) == content, "\(text)")
            let coded = try JSONEncoder().encode(content)
            #expect(try JSONDecoder().decode(BoxContent.self, from: coded) == content, "\(String(decoding: coded, as: UTF8.self))")
        }
    }

    @Test func aHandBuiltScreen_readsBackEqual_andWritesTheSameBytes() throws {
        let screen = Self.handBuiltScreen()
        let text = screen.json().serialized()
        let read = try LaidOutScreen(json: text)
        #expect(read == screen)
        #expect(read.json().serialized() == text)
        #expect(try LaidOutScreen(json: Array(text.utf8)) == screen)
        // A tail off a bubble is written, so that it comes back.
        #expect(text.contains("\"tail\":\"bottomLeading\""))
    }

    @Test(arguments: [12, 40, 80])
    func aLaidOutScreen_readsBackEqual(width: Int) throws {
        let screen = try Self.laidOutScreen(width: width)
        var streamed = ""
        screen.writeJSON(chunkSize: 512) { streamed += $0 }
        let read = try LaidOutScreen(json: streamed)
        #expect(read == screen)
        #expect(read.root.treeDump() == screen.root.treeDump())
    }

    @Test func codable_writesTheDocumentedShape_andReadsItBack() throws {
        let screen = Self.handBuiltScreen()
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let coded = try encoder.encode(screen)
        #expect(try JSONDecoder().decode(LaidOutScreen.self, from: coded) == screen)
        // The same members as json() (keys sorted here), no synthesised "_0".
        let written = try #require(try JSONSerialization.jsonObject(with: coded) as? NSDictionary)
        let documented = try #require(try JSONSerialization.jsonObject(with: Data(screen.json().serialized().utf8)) as? NSDictionary)
        #expect(written == documented)
        #expect(!String(decoding: coded, as: UTF8.self).contains("\"_0\""))
        // A box and its content alone, too.
        let box = screen.root.children[0].children[0]
        #expect(try JSONDecoder().decode(Box.self, from: try encoder.encode(box)) == box)
    }

    @Test func aWrongValue_isNamedByItsPath() throws {
        var screen = Self.handBuiltScreen().json().serialized()
        screen = screen.replacingOccurrences(of: "\"frame\":{\"x\":-1", with: "\"frame\":{\"x\":\"left\"")
        #expect(throws: DocumentError(path: "root.children[0].children[0].frame.x", message: "expected an integer, got a string")) {
            try LaidOutScreen(json: screen)
        }
        let unknownRole = #"{"width":1,"height":1,"root":{"role":"sidebar","frame":{"x":0,"y":0,"width":1,"height":1}}}"#
        #expect(throws: DocumentError(path: "root.role", message: "unknown value 'sidebar'")) { try LaidOutScreen(json: unknownRole) }
        let missing = #"{"width":1,"height":1,"root":{"role":"root"}}"#
        #expect(throws: DocumentError(path: "root.frame.x", message: "missing (required)")) { try LaidOutScreen(json: missing) }
        let twoKeys = #"{"width":1,"height":1,"root":{"role":"root","frame":{"x":0,"y":0,"width":1,"height":1},"content":{"edited":true,"error":true}}}"#
        #expect(throws: DocumentError(path: "root.content", message: "expected an object with one key naming the content, got 2 keys")) {
            try LaidOutScreen(json: twoKeys)
        }
    }

    @Test func malformedJSON_isNamedByLineAndColumn() throws {
        do throws(DocumentError) {
            _ = try LaidOutScreen(json: "{\"width\": 1,\n \"height\" 2}")
            Issue.record("malformed JSON was read")
        } catch {
            #expect(error.line == 2 && error.column != nil && error.path == nil, "\(error)")
        }
    }

    @Test func aNewerSchema_isRefused_anOlderOneRead() throws {
        let newer = #"{"width":1,"height":1,"schema_version":4,"root":{"role":"root","frame":{"x":0,"y":0,"width":1,"height":1}}}"#
        #expect(throws: DocumentError.self) { try LaidOutScreen(json: newer) }
        // Schema 1: no line height, no direction, no placed lines.
        let older = #"{"width":3,"height":2,"root":{"role":"root","frame":{"x":0,"y":0,"width":3,"height":2}}}"#
        let screen = try LaidOutScreen(json: older)
        #expect(screen.lineHeight == 1 && screen.direction == .leftToRight && screen.root.children.isEmpty)
    }

    /// The five-decimal coordinates the drawing shows stay as they were; the exact degrees and
    /// the end of live sharing come after them.
    @Test func aLocation_keepsItsShownCoordinates_andAddsTheExactOnes() throws {
        let location = SharedLocation(latitude: 52.520008, longitude: -13.404954, endAt: Timestamp(seconds: 1_700_000_000))
        let json = AttachmentContent(kind: .location, type: "location", location: location).json().serialized()
        #expect(json.contains(#""location":{"latitude":"52.52001","longitude":"-13.40495","live":true,"latitude_degrees":52.520008,"longitude_degrees":-13.404954,"end_at":"2023-11-14T22:13:20Z"}"#),
                "\(json)")
    }
}
