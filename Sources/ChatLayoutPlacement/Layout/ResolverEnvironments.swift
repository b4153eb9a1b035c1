@_spi(ChatLayoutStages) import ChatLayoutModel
@_spi(ChatLayoutStages) import ChatLayoutDecisions
import ChatLayoutComposition

// The resolvers made from a whole layout environment, or from parts that include a measurer:
// conveniences of the layout stage, which knows measurers (the decisions know neither).

extension DecisionEnvironmentBased {
    /// A resolver making its decisions in `environment`'s decision half.
    public init(_ environment: LayoutEnvironment) {
        self.init(environment.decisions)
    }
}

extension DecisionEnvironment {
    /// The decision half of the deprecated parts initialisers that take a measurer: the
    /// formatter's locale and time zone win, the measurer's Unicode data tells jumbomoji.
    static func formatterWins(_ config: MessageListConfig, context: LayoutContext, formatter: any LocaleFormatting,
                              measurer: any TextMeasuring, strings: ChatStrings?) -> DecisionEnvironment {
        DecisionEnvironment(formatterWins: config, context: context, formatter: formatter, strings: strings,
                            emoji: LayoutEnvironment.emoji(of: measurer))
    }
}

extension MessageListResolver {
    /// A resolver bound to a configuration, a context, a formatter and a measurer; where they
    /// disagree on the locale or the time zone, the formatter's are used, as before this was
    /// deprecated (``LayoutEnvironment`` refuses them).
    @available(*, deprecated, message: "make a LayoutEnvironment (it refuses a context and a formatter that disagree) and use init(_:)")
    public init(config: MessageListConfig, context: LayoutContext, formatter: any LocaleFormatting,
                measurer: any TextMeasuring, strings: ChatStrings? = nil) {
        self.init(.formatterWins(config, context: context, formatter: formatter, measurer: measurer, strings: strings))
    }
}

extension ThreadViewResolver {
    /// The thread view's resolver of parts, deprecated as the message list's
    /// (``MessageListResolver/init(config:context:formatter:measurer:strings:)``).
    @available(*, deprecated, message: "make a LayoutEnvironment (it refuses a context and a formatter that disagree) and use init(_:)")
    public init(config: MessageListConfig, context: LayoutContext, formatter: any LocaleFormatting,
                measurer: any TextMeasuring, strings: ChatStrings? = nil) {
        self.init(.formatterWins(config, context: context, formatter: formatter, measurer: measurer, strings: strings))
    }
}
