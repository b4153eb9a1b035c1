import ChatLayoutDecoding
import ChatLayoutICU
import ChatLayoutKit
import ChatLayoutPixel
import Foundation
import Testing

/// The whole pipeline measured in points: `Samples/conversation.json` on a 375-point screen.
struct ConversationTests {
    private func sample() throws -> (Conversation, MessageListConfig, LayoutContext, ICULocaleFormatter) {
        let bytes = Array(try Data(contentsOf: Pixel.repository.appendingPathComponent("Samples/conversation.json")))
        let document = try ConversationDecoder.decode(bytes)
        let now = try #require(document.context.now)
        let timeZone = try #require(document.context.timeZone)
        let locale = try #require(document.context.locale)
        let context = LayoutContext(currentUserID: document.context.currentUserID, now: now, timeZone: timeZone,
                                    locale: locale, translationLanguage: document.context.translationLanguage)
        return (document.conversation, document.config, context, try ICULocaleFormatter(locale: locale, timeZone: timeZone))
    }

    /// Lengths in points, as a phone app would have them (heights stay in text rows).
    static let points = Metrics(horizontalPadding: 8, avatarWidth: 32, avatarSpacing: 8, bubbleBorder: 0,
                                bubblePadding: 12, messageSpacing: 0, groupSpacing: 1, fullWidthBelow: 240,
                                inlineSpacing: 8)

    @Test(arguments: [nil, points])
    func sampleConversation_at375Points_hasARowForEveryMessage_andFits(metrics: Metrics?) throws {
        let (conversation, config, context, formatter) = try sample()
        let measurer = try Pixel.measurer()
        let screen = MessageListScreen.layout(conversation, config: config, context: context, formatter: formatter,
                                              measurer: measurer, metrics: metrics, width: 375)
        let shown = MessageListResolver(config: config, context: context, formatter: formatter, measurer: measurer)
            .shownMessages(in: conversation).map(\.id)
        var rows: [String] = []
        var boxes = 0
        screen.root.walk { box, _ in
            boxes += 1
            if box.role == .messageRow, let id = box.id { rows.append(id) }
            #expect(box.frame.width <= 375 && box.frame.x >= 0 && box.frame.maxX <= 375, "\(box.role) \(box.frame)")
        }
        #expect(!shown.isEmpty)
        #expect(Set(rows) == Set(shown))
        #expect(rows.count == shown.count)
        #expect(screen.width == 375)
        // The failed message's error glyph keeps its width in points (it was cut to nothing
        // when the layout allowed it two units, as on a terminal).
        var glyphs: [Box] = []
        screen.root.walk { box, _ in if box.role == .errorIndicator { glyphs.append(box) } }
        #expect(!glyphs.isEmpty && glyphs.allSatisfy { $0.frame.width > 2 && $0.lines == ["⚠"] }, "\(glyphs)")
        // Every line of text fits its box, measured as the layout measured it.
        screen.root.walk { box, _ in
            for line in box.lines {
                #expect(measurer.width(of: line) <= box.frame.width, "\(box.role): \(line) in \(box.frame)")
            }
        }
    }

    @Test func pointsAndCells_layOutTheSameMessages() throws {
        let (conversation, config, context, formatter) = try sample()
        func rows(_ measurer: any TextMeasuring, _ metrics: Metrics?, _ width: Int) -> [String] {
            var ids: [String] = []
            MessageListScreen.layout(conversation, config: config, context: context, formatter: formatter,
                                     measurer: measurer, metrics: metrics, width: width)
                .root.walk { box, _ in if box.role == .messageRow, let id = box.id { ids.append(id) } }
            return ids
        }
        #expect(rows(try Pixel.measurer(), Self.points, 375) == rows(ICUTextEngine(), nil, 44))
    }
}
