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
            return ThreadListScreen.layout(document.conversation, environment:
                    try LayoutEnvironment(config: document.config, context: context, formatter: formatter,
                                          measurer: ICUTextEngine()), width: width)
        }
        return MessageListScreen.layout(document.conversation, environment:
                try LayoutEnvironment(config: document.config, context: context, formatter: formatter,
                                      measurer: ICUTextEngine()), width: width)
    }

    /// A generated conversation of `count` messages by three authors (some text to escape,
    /// some right to left) laid out at `width`.
    static func conversation(_ count: Int, width: Int) throws -> LaidOutScreen {
        let messages = (0 ..< count).map { index in
            let text = index % 5 == 0 ? #"<b>\#(index)</b> & \"quotes\" שלום"# : "Message number \(index)"
            let seconds = index * 30 % 86_400 // on 5 March 2024
            let time = [seconds / 3600, seconds / 60 % 60, seconds % 60].map { $0 < 10 ? "0\($0)" : "\($0)" }.joined(separator: ":")
            return #"{"id": "m\#(index)", "text": "\#(text)", "user": {"id": "u\#(index % 3)", "name": "User \#(index % 3)"}, "created_at": "2024-03-05T\#(time)Z"}"#
        }
        let json = #"{"channel": {"cid": "messaging:x", "name": "X", "member_count": 3}, "messages": [\#(messages.joined(separator: ","))]}"#
        let document = try ConversationDecoder.decode(Array(json.utf8))
        let context = LayoutContext(currentUserID: "u0", now: Timestamp(seconds: 1_709_683_200), timeZone: "UTC", locale: "en_US") // 6 March
        return MessageListScreen.layout(document.conversation, environment:
                try LayoutEnvironment(config: document.config, context: context,
                                      formatter: try ICULocaleFormatter(locale: "en_US", timeZone: "UTC"),
                                      measurer: ICUTextEngine()), width: width)
    }

    /// A screen of `width` × `height` cells whose root holds `boxes`, laid out in a
    /// presentation that decorated the lines of `decoratedRoles`.
    static func of(_ boxes: [Box], width: Int = 40, height: Int = 10, decoratedRoles: Set<BoxRole> = []) -> LaidOutScreen {
        LaidOutScreen(width: width, height: height,
                      root: Box(role: .root, frame: Frame(x: 0, y: 0, width: width, height: height), children: boxes),
                      decoratedRoles: decoratedRoles)
    }
}

extension PlacedLine {
    /// A line whose reading order is its display order, `width` units wide (its characters'
    /// count unless given) at `x`: what a layout would have placed.
    static func plain(_ text: String, x: Int = 0, width: Int? = nil) -> PlacedLine {
        PlacedLine(display: text, text: text, x: x, width: width ?? text.count)
    }
}
