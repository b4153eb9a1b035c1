@_spi(ChatLayoutStages) import ChatLayoutModel

/// Everything a screen's decisions depend on besides the conversation: the options, who is
/// looking and when, how dates and counts read, the words, and the Unicode data that tells a
/// jumbomoji. No measurer, no lengths, no presentation: those are the layout's
/// (``LayoutEnvironment`` holds one of these and them). Resolvers are made from one
/// (`init(_:)`), so they cannot be given parts that disagree.
///
/// The locale and the time zone are held once: they are the formatter's, and
/// ``init(config:context:formatter:strings:emoji:)`` refuses a context that names others.
public struct DecisionEnvironment: Sendable {
    /// The options of the message list (Stream's `MessageListConfig`).
    public var config: MessageListConfig
    /// Who is looking, and when; its locale and time zone are the formatter's.
    public let context: LayoutContext
    /// Dates, times and counts, in ``locale`` and ``timeZone``.
    public let formatter: any LocaleFormatting
    /// The words the decisions write: the locale's built-in table (``ChatStrings/init(locale:)``)
    /// with the formatter's digits, unless others are given.
    public var strings: ChatStrings
    /// Tells the messages drawn as jumbomoji.
    public var emoji: any EmojiClassifying
    /// Parses message text as markdown when `markdown_enabled` is on; nil draws every text as
    /// written. The core has no parser of its own: `ChatLayoutMarkdown` gives one (cmark-gfm),
    /// and an Apple front end may adapt Foundation's.
    public var markdown: (any MarkdownParsing)?
    /// Whether a long list is decided on all cores: true unless ``emoji`` is bound to one thread.
    public var decidesOnAllCores = true

    /// The locale every date, time and count is written in: the formatter's.
    public var locale: String { formatter.locale }
    /// The time zone every day and time is in: the formatter's.
    public var timeZone: String { formatter.timeZone }
    /// Which way the screen reads: the config's `layout_direction`, else the locale's
    /// (``LayoutDirection/init(locale:)``).
    public var layoutDirection: LayoutDirection { config.layoutDirection ?? LayoutDirection(locale: locale) }

    /// An environment for decisions; without words, the formatter's locale's
    /// (``ChatStrings/init(locale:)``).
    ///
    /// - Throws: ``LayoutEnvironmentError`` when the context's locale or time zone is not the
    ///   formatter's.
    public init(config: MessageListConfig = MessageListConfig(), context: LayoutContext, formatter: any LocaleFormatting,
                strings: ChatStrings? = nil, emoji: any EmojiClassifying = StandardLibraryEmoji()) throws(LayoutEnvironmentError) {
        guard context.locale == formatter.locale else {
            throw .localeDisagrees(context: context.locale, formatter: formatter.locale)
        }
        guard context.timeZone == formatter.timeZone else {
            throw .timeZoneDisagrees(context: context.timeZone, formatter: formatter.timeZone)
        }
        self.init(formatterWins: config, context: context, formatter: formatter, strings: strings, emoji: emoji)
    }

    /// The parts, checked or not: the context takes the formatter's locale and time zone (the
    /// deprecated initialisers that take parts and cannot throw always laid out so).
    package init(formatterWins config: MessageListConfig, context: LayoutContext, formatter: any LocaleFormatting,
         strings: ChatStrings?, emoji: any EmojiClassifying) {
        var context = context
        context.locale = formatter.locale
        context.timeZone = formatter.timeZone
        self.config = config
        self.context = context
        self.formatter = formatter
        var words = strings ?? ChatStrings(locale: formatter.locale)
        // The formatter's digits, where each is one character (they are in every ICU locale).
        let digits = (0 ... 9).map { formatter.formatCount($0) }
        if digits.allSatisfy({ $0.count == 1 }) { words.digits = digits.joined() }
        self.strings = words
        self.emoji = emoji
    }
}

/// A resolver made from a ``DecisionEnvironment``: its parts read from there, so that each is
/// held once.
public protocol DecisionEnvironmentBased {
    /// Everything its decisions depend on besides the conversation.
    var environment: DecisionEnvironment { get }
    /// A resolver making its decisions in `environment`.
    init(_ environment: DecisionEnvironment)
}

extension DecisionEnvironmentBased {
    /// The options of the message list.
    public var config: MessageListConfig { environment.config }
    /// Who is looking, and when; its locale and time zone are the formatter's.
    public var context: LayoutContext { environment.context }
    /// Dates, times and counts, in the environment's locale and time zone.
    public var formatter: any LocaleFormatting { environment.formatter }
    /// The words written.
    public var strings: ChatStrings { environment.strings }
}

/// Why a ``DecisionEnvironment`` (or a ``LayoutEnvironment``) cannot be made.
public enum LayoutEnvironmentError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The context names one locale, the formatter writes in another.
    case localeDisagrees(context: String, formatter: String)
    /// The context names one time zone, the formatter counts days in another.
    case timeZoneDisagrees(context: String, formatter: String)

    /// A sentence naming both values (cut to 40 characters each: they may come from a document).
    public var description: String {
        switch self {
        case .localeDisagrees(let context, let formatter):
            "the context's locale \(UntrustedText.shortened(context)) is not the formatter's \(UntrustedText.shortened(formatter)): make the formatter from the context"
        case .timeZoneDisagrees(let context, let formatter):
            "the context's time zone \(UntrustedText.shortened(context)) is not the formatter's \(UntrustedText.shortened(formatter)): make the formatter from the context"
        }
    }
}
