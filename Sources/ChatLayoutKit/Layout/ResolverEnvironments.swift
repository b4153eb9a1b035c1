// The resolvers made from a whole layout environment, or from parts that include a measurer:
// conveniences of the layout stage, which knows measurers (the decisions know neither).

extension MessageListResolver {
    /// A resolver making its decisions in `environment`'s decision half.
    public init(_ environment: LayoutEnvironment) {
        self.init(environment.decisions)
    }

    /// A resolver bound to a configuration, a context, a formatter and a measurer, where
    /// they disagree on the locale or the time zone, the formatter's are used, as before this was
    /// deprecated (``LayoutEnvironment`` refuses them).
    @available(*, deprecated, message: "make a LayoutEnvironment (it refuses a context and a formatter that disagree) and use init(_:)")
    public init(config: MessageListConfig, context: LayoutContext, formatter: any LocaleFormatting,
                measurer: any TextMeasuring, strings: ChatStrings? = nil) {
        self.init(DecisionEnvironment(formatterWins: config, context: context, formatter: formatter, strings: strings,
                                      emoji: LayoutEnvironment.emoji(of: measurer)))
    }
}

extension ThreadViewResolver {
    /// A resolver making its decisions in `environment`'s decision half.
    public init(_ environment: LayoutEnvironment) {
        self.init(environment.decisions)
    }

    /// A resolver bound to a configuration, a context, a formatter and a measurer, where
    /// they disagree on the locale or the time zone, the formatter's are used, as before this was
    /// deprecated (``LayoutEnvironment`` refuses them).
    @available(*, deprecated, message: "make a LayoutEnvironment (it refuses a context and a formatter that disagree) and use init(_:)")
    public init(config: MessageListConfig, context: LayoutContext, formatter: any LocaleFormatting,
                measurer: any TextMeasuring, strings: ChatStrings? = nil) {
        self.init(DecisionEnvironment(formatterWins: config, context: context, formatter: formatter, strings: strings,
                                      emoji: LayoutEnvironment.emoji(of: measurer)))
    }
}

extension ThreadListResolver {
    /// A resolver composing items in `environment`'s decision half.
    public init(_ environment: LayoutEnvironment) {
        self.init(environment.decisions)
    }
}
