import ChatLayoutDecoding
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
        return (decoded.conversation, config, context)
    }

    /// The laid-out screen.
    func screen(presentation: any BoxPresentation = TerminalPresentation()) throws -> LaidOutScreen {
        let (conversation, config, context) = try load()
        let engine = ICUTextEngine(policy: CellWidthPolicy(ambiguousIsWide: ambiguousIsWide))
        let formatter = try ICULocaleFormatter(locale: context.locale, timeZone: context.timeZone)
        if let threadParent {
            return try ThreadViewScreen.layout(conversation, parentID: threadParent, config: config, context: context,
                                               formatter: formatter, measurer: engine, width: width, height: height,
                                               scrollOffset: scrollOffset, presentation: presentation)
        }
        if threadList {
            // A thread list opens at its top.
            let viewport = height.map { Viewport(scrollOffset: scrollOffset ?? 0, height: $0) }
            return ThreadListScreen.layout(conversation, config: config, context: context, formatter: formatter,
                                           measurer: engine, width: width, viewport: viewport, presentation: presentation)
        }
        let viewport = height.map { Viewport(scrollOffset: scrollOffset ?? Int.max, height: $0) }
        return MessageListScreen.layout(conversation, config: config, context: context, formatter: formatter,
                                        measurer: engine, width: width, viewport: viewport, presentation: presentation)
    }

    /// The golden text: a header naming everything the drawing depends on, then the rows,
    /// each in quotes so that trailing spaces show.
    func golden() throws -> String {
        let (conversation, config, context) = try load()
        let screen = try screen()
        let engine = ICUTextEngine(policy: CellWidthPolicy(ambiguousIsWide: ambiguousIsWide))
        var lines = [
            "scenario: \(name)",
            "document: \(document) · width \(width)" + (height.map { " · height \($0)" } ?? "")
                + (scrollOffset.map { " · scroll offset \($0)" } ?? "") + " · dates \(config.dateIndicatorPlacement.rawValue)"
                + (threadParent.map { " · thread \($0) " + Self.describe(config.threadView) } ?? "")
                + (threadList ? " · thread list " + Self.describe(conversation) : ""),
            "locale \(context.locale) · time zone \(context.timeZone) · now \(context.now.rfc3339)"
                + (context.currentUserID.map { " · you: \($0)" } ?? ""),
            "Unicode \(ICUTextEngine.unicodeVersion) · ICU \(ICUTextEngine.icuVersion) · cell widths \(CellWidthPolicy.version)"
                + (ambiguousIsWide ? " (ambiguous wide)" : ""),
            "",
        ]
        lines += TextRenderer(engine: engine).rows(screen).map { "\"\($0)\"" }
        return lines.joined(separator: "\n") + "\n"
    }

    /// "(info_header, opens at the bottom)".
    private static func describe(_ thread: ThreadViewConfig) -> String {
        let opening: String
        switch thread.startingPoint {
        case .bottom: opening = "the bottom"
        case .top: opening = "the top"
        case .timestamp(let instant): opening = instant.rfc3339
        }
        return "(\(thread.parentPresentation.rawValue), opens at \(opening))"
    }

    /// "(state loaded, 6 threads, 3 events)": what the thread list is drawn from.
    private static func describe(_ conversation: Conversation) -> String {
        let count = conversation.threads.count, events = conversation.events.count
        return "(state \(conversation.threadListState.rawValue), \(count) thread\(count == 1 ? "" : "s")"
            + (events > 0 ? ", \(events) event\(events == 1 ? "" : "s")" : "") + ")"
    }

    /// The SVG golden: the document as `chat-layout preview --format svg` writes it.
    func svgGolden() throws -> String {
        SVGRenderer().render(try screen(presentation: PlainPresentation()))
    }

    /// The box-tree dump golden.
    func treeGolden() throws -> String {
        "scenario: \(name) (box tree)\n\n" + (try screen()).root.treeDump().joined(separator: "\n") + "\n"
    }
}
