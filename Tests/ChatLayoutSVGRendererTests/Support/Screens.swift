import ChatLayoutDecoding
import ChatLayoutICU
import ChatLayoutKit
import Foundation

/// The repository's samples laid out as the CLI lays them out, and small hand-made screens.
enum Screens {
    static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    enum SampleError: Error { case incompleteContext(String) }

    /// `Samples/<name>` laid out at `width`: its message list, or its thread list; in
    /// `locale` instead of the document's when given.
    static func sample(_ name: String, width: Int, threadList: Bool = false, locale: String? = nil) throws -> LaidOutScreen {
        let bytes = Array(try Data(contentsOf: repository.appendingPathComponent("Samples/" + name)))
        let document = try ConversationDecoder.decode(bytes)
        guard let now = document.context.now, let timeZone = document.context.timeZone, let locale = locale ?? document.context.locale else {
            throw SampleError.incompleteContext(name)
        }
        let context = LayoutContext(currentUserID: document.context.currentUserID, now: now, timeZone: timeZone,
                                    locale: locale, translationLanguage: document.context.translationLanguage)
        let formatter = try ICULocaleFormatter(locale: locale, timeZone: timeZone)
        if threadList {
            return ThreadListScreen.layout(document.conversation, config: document.config, context: context,
                                           formatter: formatter, measurer: ICUTextEngine(), width: width)
        }
        return MessageListScreen.layout(document.conversation, config: document.config, context: context,
                                        formatter: formatter, measurer: ICUTextEngine(), width: width)
    }

    /// A screen of `width` × `height` cells whose root holds `boxes`.
    static func of(_ boxes: [Box], width: Int = 40, height: Int = 10) -> LaidOutScreen {
        LaidOutScreen(width: width, height: height,
                      root: Box(role: .root, frame: Frame(x: 0, y: 0, width: width, height: height), children: boxes))
    }
}

extension PlacedLine {
    /// A line whose reading order is its display order, `width` units wide (its characters'
    /// count unless given) at `x`: what a layout would have placed.
    static func plain(_ text: String, x: Int = 0, width: Int? = nil) -> PlacedLine {
        PlacedLine(display: text, text: text, x: x, width: width ?? text.count)
    }
}
