@_spi(ChatLayoutStages) import ChatLayoutModel
@_spi(ChatLayoutStages) import ChatLayoutDecisions
import ChatLayoutComposition

/// Everything a screen's decisions and layout depend on besides the conversation, held once:
/// the decisions' half (``decisions``: the options, who is looking and when, how dates and
/// counts read, the words, the Unicode data for jumbomoji) and the layout's (how text measures,
/// the lengths, the front end's presentation). Resolvers and layouts are made from one
/// (`init(_:)`), so they cannot be given parts that disagree.
///
/// The locale and the time zone are held once too: they are the formatter's, and
/// ``init(config:context:formatter:measurer:strings:metrics:presentation:emoji:)`` refuses a
/// context that names others (a Tokyo context with a Berlin formatter would lay out in
/// Berlin time).
public struct LayoutEnvironment: Sendable {
    /// What the decisions depend on: options, context, formatter, words, emoji data.
    public var decisions: DecisionEnvironment
    /// Measures, wraps and cuts every text, in the front end's units. A measurer that has
    /// Unicode data of its own (an ``EmojiClassifying``, as the ICU engine) also becomes the
    /// decisions' ``DecisionEnvironment/emoji`` when set.
    public var measurer: any TextMeasuring {
        didSet { if let emoji = measurer as? any EmojiClassifying { decisions.emoji = emoji } }
    }
    /// The lengths of the layout, in the measurer's units.
    public var metrics: Metrics
    /// The front end's words and glyphs around typed content.
    public var presentation: any BoxPresentation
    /// Whether a long list is decided and laid out on all cores
    /// (``MessageListLayout/laysOutOnAllCores``, ``DecisionEnvironment/decidesOnAllCores``):
    /// true unless the measurer is bound to one thread.
    public var laysOutOnAllCores = true {
        didSet { decisions.decidesOnAllCores = laysOutOnAllCores }
    }

    /// The options of the message list (Stream's `MessageListConfig`): the decisions'.
    public var config: MessageListConfig {
        get { decisions.config }
        set { decisions.config = newValue }
    }
    /// Who is looking, and when; its locale and time zone are the formatter's.
    public var context: LayoutContext { decisions.context }
    /// Dates, times and counts, in ``locale`` and ``timeZone``.
    public var formatter: any LocaleFormatting { decisions.formatter }
    /// The words the decisions and the layout write: the locale's built-in table
    /// (``ChatStrings/init(locale:)``) unless others are given.
    public var strings: ChatStrings {
        get { decisions.strings }
        set { decisions.strings = newValue }
    }
    /// The locale every date, time and count is written in: the formatter's.
    public var locale: String { formatter.locale }
    /// The time zone every day and time is in: the formatter's.
    public var timeZone: String { formatter.timeZone }
    /// Which way the screen reads: the config's `layout_direction`, else the locale's
    /// (``LayoutDirection/init(locale:)``).
    public var layoutDirection: LayoutDirection { decisions.layoutDirection }

    /// An environment; without metrics, the measurer's for `config`
    /// (``TextMeasuring/metrics(for:)``: its units and line height, the text renderer's cells
    /// for the ICU engine); without words, the formatter's locale's (``ChatStrings/init(locale:)``);
    /// without emoji data, the measurer's when it has its own (an ``EmojiClassifying``), else
    /// the standard library's (``StandardLibraryEmoji``).
    ///
    /// - Throws: ``LayoutEnvironmentError`` when the context's locale or time zone is not the
    ///   formatter's.
    public init(config: MessageListConfig = MessageListConfig(), context: LayoutContext, formatter: any LocaleFormatting,
                measurer: any TextMeasuring, strings: ChatStrings? = nil, metrics: Metrics? = nil,
                presentation: any BoxPresentation = PlainPresentation(),
                emoji: (any EmojiClassifying)? = nil) throws(LayoutEnvironmentError) {
        let decisions = try DecisionEnvironment(config: config, context: context, formatter: formatter, strings: strings,
                                                emoji: emoji ?? Self.emoji(of: measurer))
        self.init(decisions, measurer: measurer, metrics: metrics, presentation: presentation)
    }

    /// An environment of `decisions` and a layout's parts; without metrics, the measurer's for
    /// the decisions' config (``TextMeasuring/metrics(for:)``).
    public init(_ decisions: DecisionEnvironment, measurer: any TextMeasuring, metrics: Metrics? = nil,
                presentation: any BoxPresentation = PlainPresentation()) {
        self.decisions = decisions
        self.measurer = measurer
        self.metrics = metrics ?? measurer.metrics(for: decisions.config)
        self.presentation = presentation
        laysOutOnAllCores = decisions.decidesOnAllCores
    }

    /// An environment of parts, for the deprecated initialisers that take them and cannot
    /// throw: as they always did, they lay out in the formatter's locale and time zone where
    /// the context names others (the checked initialiser refuses such a pair).
    static func formatterWins(_ config: MessageListConfig, context: LayoutContext, formatter: any LocaleFormatting,
                              measurer: any TextMeasuring, strings: ChatStrings?, metrics: Metrics? = nil,
                              presentation: any BoxPresentation = PlainPresentation()) -> LayoutEnvironment {
        LayoutEnvironment(DecisionEnvironment(formatterWins: config, context: context, formatter: formatter, strings: strings,
                                              emoji: emoji(of: measurer)),
                          measurer: measurer, metrics: metrics, presentation: presentation)
    }

    /// The measurer's own Unicode data, else the standard library's.
    static func emoji(of measurer: any TextMeasuring) -> any EmojiClassifying {
        measurer as? any EmojiClassifying ?? StandardLibraryEmoji()
    }
}
