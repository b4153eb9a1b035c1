import ChatLayoutFoundation
import ChatLayoutKit
import Foundation
import Testing

/// Issue 28.5: a laid-out screen through `CodableJSON` has the one documented shape, that of
/// `LaidOutScreen.json()`, and reads back equal.
struct ScreenCodableTests {
    private static let screen: LaidOutScreen = {
        let quote = BoxContent.quotedMessage(QuotedContent(id: "m0", author: "Leia", text: "image", namesAttachmentType: true))
        let lines = [PlacedLine(display: "olleh", text: "hello", x: 1, width: 5)]
        let text = Box(role: .quotedMessage, id: "m1", frame: Frame(x: 2, y: 1, width: 8, height: 1), text: "Leia: image", content: quote,
                       placedLines: lines, alignment: .trailing, textDirection: .rightToLeft)
        let bubble = Box(role: .bubble, id: "m1", frame: Frame(x: 1, y: 0, width: 10, height: 3), content: .bubble(fromCurrentUser: false),
                         tail: .bottomLeading, children: [text])
        return LaidOutScreen(width: 12, height: 3, root: Box(role: .root, frame: Frame(x: 0, y: 0, width: 12, height: 3), children: [bubble]))
    }()

    @Test func aScreen_roundTrips_inTheShapeOfItsJSON() throws {
        let coded = try CodableJSON.encode(Self.screen)
        #expect(try CodableJSON.decode(LaidOutScreen.self, from: coded) == Self.screen)
        let written = try #require(try JSONSerialization.jsonObject(with: coded) as? NSDictionary)
        let documented = try #require(try JSONSerialization.jsonObject(with: Data(Self.screen.json().serialized().utf8)) as? NSDictionary)
        #expect(written == documented)
        #expect(String(decoding: coded, as: UTF8.self).contains(#""content":{"quoted_message":{"#))
    }

    @Test func aBoxAndItsContent_roundTripAlone() throws {
        let box = Self.screen.root.children[0]
        #expect(try CodableJSON.decode(Box.self, from: try CodableJSON.encode(box)) == box)
        let content = try #require(box.children[0].content)
        #expect(String(decoding: try CodableJSON.encode(content), as: UTF8.self)
            == #"{"quoted_message":{"author":"Leia","deleted":false,"id":"m0","names_attachment_type":true,"text":"image"}}"#)
        #expect(try CodableJSON.decode(BoxContent.self, from: try CodableJSON.encode(content)) == content)
    }

    @Test func aWrongValue_saysWhereInTheScreen() throws {
        let json = #"{"width":1,"height":1,"root":{"role":"root","frame":{"x":0,"y":0,"width":"wide","height":1}}}"#
        let error = try #require(throws: DocumentError.self) { try CodableJSON.decode(LaidOutScreen.self, from: Data(json.utf8)) }
        #expect(error.message.contains("root.frame.width: expected an integer, got a string"), "\(error)")
    }
}
