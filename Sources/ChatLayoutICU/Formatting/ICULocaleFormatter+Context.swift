import ChatLayoutKit

extension ICULocaleFormatter {
    /// A formatter in the context's locale and time zone: the two are given once, in the
    /// context, and cannot disagree with the formatter's.
    ///
    /// ```swift
    /// let context = LayoutContext(currentUserID: "leia", now: now, timeZone: "Europe/Berlin", locale: "de_DE")
    /// let formatter = try ICULocaleFormatter(context: context)
    /// ```
    ///
    /// - Throws: ``FormattingError`` when ICU does not know the locale or the time zone.
    public convenience init(context: LayoutContext) throws(FormattingError) {
        try self.init(locale: context.locale, timeZone: context.timeZone)
    }
}

extension LayoutEnvironment {
    /// An environment whose formatter is the ICU formatter of `context`'s locale and time zone,
    /// so that neither is given twice; measured by `measurer` (the ICU engine in cells by
    /// default). The other parts as in `LayoutEnvironment`'s `init(config:context:formatter:measurer:strings:metrics:presentation:)`.
    ///
    /// ```swift
    /// let environment = try LayoutEnvironment(config: config, context: context)
    /// let screen = MessageListScreen.layout(conversation, environment: environment, width: 44)
    /// ```
    ///
    /// - Throws: ``FormattingError`` when ICU does not know the context's locale or time zone
    ///   (never `LayoutEnvironmentError`: the formatter is the context's own).
    public init(config: MessageListConfig = MessageListConfig(), context: LayoutContext, measurer: any TextMeasuring = ICUTextEngine(),
                strings: ChatStrings? = nil, metrics: Metrics? = nil,
                presentation: any BoxPresentation = PlainPresentation()) throws {
        let formatter = try ICULocaleFormatter(context: context)
        try self.init(config: config, context: context, formatter: formatter, measurer: measurer, strings: strings,
                      metrics: metrics, presentation: presentation)
    }
}
