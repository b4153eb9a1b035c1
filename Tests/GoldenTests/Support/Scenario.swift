import ChatLayoutDecoding
import ChatLayoutGoldens
import ChatLayoutICU
import ChatLayoutKit
import ChatLayoutSVGRenderer
import ChatLayoutTextRenderer
import Foundation

/// One golden scenario: a document from `Tests/GoldenTests/Documents`, a width, maybe a
/// viewport, and changes to the document's configuration or context; the message list, or the
/// thread view of one parent message.
struct Scenario: Sendable, CustomStringConvertible {
    var name: String
    var document: String
    var width: Int
    var height: Int? = nil
    var scrollOffset: Int? = nil
    var ambiguousIsWide = false
    /// Also record the box-tree dump beside the drawing (`<name>.tree.txt`).
    var tree = false
    /// Also record the SVG drawing beside it (`<name>.svg`).
    var svg = false
    /// Draw the thread view of this parent message instead of the message list.
    var threadParent: String? = nil
    /// Draw the thread list (its `threads` after its `events`) instead of the message list.
    var threadList = false
    var adjust: @Sendable (inout MessageListConfig, inout LayoutContext) -> Void = { _, _ in }

    var description: String { name }

    enum ScenarioError: Error { case missingDocument(String), incompleteContext(String) }

    /// The document decoded, with its configuration and context (which must name now, time
    /// zone and locale: goldens never depend on the machine).
    func load() throws -> (Conversation, MessageListConfig, LayoutContext) {
        let (conversation, config, context, _) = try loadWithDocumentConfig()
        return (conversation, config, context)
    }

    /// As ``load()``, with the configuration the document itself gives (before `adjust`): the
    /// golden's header names what the scenario changed.
    func loadWithDocumentConfig() throws -> (Conversation, MessageListConfig, LayoutContext, MessageListConfig) {
        guard let url = Bundle.module.url(forResource: document, withExtension: nil, subdirectory: "Documents") else {
            throw ScenarioError.missingDocument(document)
        }
        let decoded = try ConversationDecoder.decode(Array(try Data(contentsOf: url)))
        guard let now = decoded.context.now, let timeZone = decoded.context.timeZone, let locale = decoded.context.locale else {
            throw ScenarioError.incompleteContext(document)
        }
        var config = decoded.config
        var context = LayoutContext(currentUserID: decoded.context.currentUserID, now: now, timeZone: timeZone,
                                    locale: locale, translationLanguage: decoded.context.translationLanguage)
        adjust(&config, &context)
        return (decoded.conversation, config, context, decoded.config)
    }

    /// The golden snapshot: the document laid out as this scenario says.
    func snapshot() throws -> LayoutSnapshot {
        let (conversation, config, context, documentConfig) = try loadWithDocumentConfig()
        let screen: LayoutSnapshot.Screen = threadParent.map { .threadView(parentID: $0) } ?? (threadList ? .threadList : .messageList)
        return LayoutSnapshot(name: name, conversation: conversation, config: config, context: context, document: document,
                              screen: screen, width: width, height: height, scrollOffset: scrollOffset,
                              ambiguousIsWide: ambiguousIsWide, documentConfig: documentConfig)
    }

    /// The golden text: a header naming everything the drawing depends on, then the rows,
    /// each in quotes so that trailing spaces show.
    func golden() throws -> String { try snapshot().drawing(.text) }

    /// The SVG golden: the document as `chat-layout preview --format svg` writes it.
    func svgGolden() throws -> String { try snapshot().drawing(.svg) }

    /// The box-tree dump golden.
    func treeGolden() throws -> String { try snapshot().drawing(.tree) }
}
