@_spi(ChatLayoutStages) import ChatLayoutModel
@_spi(ChatLayoutStages) import ChatLayoutDecisions
import ChatLayoutComposition

/// The whole pipeline for a thread view in one call: decisions, layout, screen.
public enum ThreadViewScreen {
    /// The laid-out thread of `parentID` at `width`: whole, or through a viewport `height` tall
    /// (header included) scrolled `scrollOffset` down — by default where
    /// `config.threadView.startingPoint` opens it. Lengths are the measurer's units: cells and
    /// rows for the ICU engine, points for a front end's.
    ///
    /// The context and the formatter must agree on the locale and time zone, where they
    /// disagree, the formatter's are used, as before this was deprecated (``LayoutEnvironment`` refuses them).
    ///
    /// - Throws: ``ThreadViewError/unknownParent(_:)`` when the document has no such message.
    @available(*, deprecated, message: "make a LayoutEnvironment (it refuses a context and a formatter that disagree) and use layout(_:parentID:environment:width:height:scrollOffset:isScrolling:)")
    public static func layout(
        _ conversation: Conversation, parentID: String, config: MessageListConfig, context: LayoutContext,
        formatter: any LocaleFormatting, measurer: any TextMeasuring, metrics: Metrics? = nil,
        width: Int, height: Int? = nil, scrollOffset: Int? = nil, strings: ChatStrings? = nil,
        presentation: any BoxPresentation = PlainPresentation()
    ) throws(ThreadViewError) -> LaidOutScreen {
        try layout(conversation, parentID: parentID,
                   environment: LayoutEnvironment.formatterWins(config, context: context, formatter: formatter, measurer: measurer,
                                                           strings: strings, metrics: metrics, presentation: presentation),
                   width: width, height: height, scrollOffset: scrollOffset)
    }

    /// The laid-out thread of `parentID` in `environment` at `width`: whole, or through a
    /// viewport `height` tall (header included) scrolled `scrollOffset` down — by default
    /// where `threadView.startingPoint` opens it; at rest unless `isScrolling`
    /// (``Viewport/isScrolling``).
    ///
    /// - Throws: ``ThreadViewError/unknownParent(_:)`` when the document has no such message.
    public static func layout(_ conversation: Conversation, parentID: String, environment: LayoutEnvironment, width: Int,
                              height: Int? = nil, scrollOffset: Int? = nil,
                              isScrolling: Bool = false) throws(ThreadViewError) -> LaidOutScreen {
        let decisions = try ThreadViewResolver(environment).resolve(conversation, parentID: parentID)
        return ThreadViewLayout(environment).layout(decisions, width: width, dateIndicator: environment.config.dateIndicatorPlacement)
            .screen(height: height, scrollOffset: scrollOffset, isScrolling: isScrolling)
    }
}
