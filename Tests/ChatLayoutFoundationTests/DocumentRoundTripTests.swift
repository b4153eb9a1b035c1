import ChatLayoutDecoding
import ChatLayoutICU
import ChatLayoutKit
import Foundation
import Testing

/// The golden documents — real payload shapes, hostile text, every state — decoded from
/// Stream's shape, then their conversation, configuration and decisions sent through JSON in
/// the Swift shape: all come back equal.
struct DocumentRoundTripTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("GoldenTests/Documents")

    static let documents: [String] = {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasSuffix(".json") }.sorted()
    }()

    @Test func theGoldenDocumentsAreFound() {
        #expect(Self.documents.count >= 20)
    }

    @Test(arguments: documents)
    func document_roundTrips(name: String) throws {
        let bytes = try [UInt8](Data(contentsOf: Self.folder.appendingPathComponent(name)))
        let document = try ConversationDecoder.decode(bytes)
        let conversation = document.conversation
        try expectRoundTrip(conversation)
        try expectRoundTrip(document.config)

        let written = document.context
        let context = LayoutContext(currentUserID: written.currentUserID, now: written.now ?? Timestamp(seconds: 1_709_632_800),
                                    timeZone: written.timeZone ?? "UTC", locale: written.locale ?? "en_US",
                                    translationLanguage: written.translationLanguage)
        try expectRoundTrip(context)
        let formatter = try ICULocaleFormatter(locale: context.locale, timeZone: context.timeZone)
        let measurer = ICUTextEngine()

        let decisions = MessageListResolver(try LayoutEnvironment(config: document.config, context: context, formatter: formatter,
                                                                  measurer: measurer))
            .resolve(conversation, explain: true)
        try expectRoundTrip(decisions)

        let threads = ThreadListResolver(try LayoutEnvironment(config: MessageListConfig(), context: context,
                                                               formatter: formatter, measurer: ICUTextEngine()))
            .resolve(conversation.threads, newThreadParentIDs: [], phase: .loaded(hasMore: conversation.threadsNext != nil))
        try expectRoundTrip(threads)

        // A laid-out screen, as a server would return it: typed content, placed lines, frames.
        let screen = MessageListScreen.layout(conversation, environment:
                try LayoutEnvironment(config: document.config, context: context, formatter: formatter,
                                      measurer: measurer), width: 40)
        try expectRoundTrip(screen)

        let threadView = ThreadViewResolver(try LayoutEnvironment(config: document.config, context: context, formatter: formatter,
                                                                  measurer: measurer))
        for parentID in conversation.messages.filter(\.isThreadRoot).map(\.id) + conversation.threads.map(\.parentMessageID) {
            try expectRoundTrip(try threadView.resolve(conversation, parentID: parentID))
        }
    }

    @Test func pixelSize_fromJSON_needsTwoPositiveSides() throws {
        #expect(try JSONDecoder().decode(PixelSize.self, from: Data(#"{"width":4,"height":3}"#.utf8)) == PixelSize(width: 4, height: 3))
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(PixelSize.self, from: Data(#"{"width":0,"height":3}"#.utf8)) }
    }
}
