import ChatLayoutDecoding
import ChatLayoutICU
import ChatLayoutKit
import ChatLayoutTextRenderer

/// How the parity suite lays out a re-expressed Stream snapshot test: in points (Stream's
/// lengths, lines `lineHeight` points tall, a measurer ten points a cell, the plain
/// presentation), or in cells (the ICU engine and the terminal's presentation) where a test
/// checks the terminal drawing keeps the arrangement.
enum ParityLayout {
    /// Lines 24 points tall.
    static let lineHeight = 24

    /// The environment for `config` and `context`, in points or in cells.
    static func environment(config: MessageListConfig, context: LayoutContext, points: Bool = true) throws -> LayoutEnvironment {
        let formatter = try ICULocaleFormatter(locale: context.locale, timeZone: context.timeZone)
        let measurer: any TextMeasuring = points ? TenfoldMeasurer(pointsLineHeight: lineHeight) : ICUTextEngine()
        return try LayoutEnvironment(config: config, context: context, formatter: formatter, measurer: measurer,
                                     presentation: points ? PlainPresentation() : TerminalPresentation())
    }

    /// The message list of `builder`'s conversation at `width`.
    static func screen(_ builder: ConversationBuilder, points: Bool = true, width: Int = 360) throws -> LaidOutScreen {
        MessageListScreen.layout(builder.conversation, environment: try environment(config: builder.config, context: builder.context,
                                                                                       points: points), width: width)
    }

    /// A JSON document decoded, with its environment in points.
    static func document(_ json: String) throws -> (document: ConversationDocument, environment: LayoutEnvironment) {
        let document = try ConversationDecoder.decode(Array(json.utf8))
        return (document, try environment(config: document.config, context: try document.context.completed()))
    }
}
