/// The whole pipeline for a thread view in one call: decisions, layout, screen.
public enum ThreadViewScreen {
    /// The laid-out thread of `parentID` at `width`: whole, or through a viewport `height` rows
    /// tall (header included) scrolled `scrollOffset` rows down — by default where
    /// `config.threadView.startingPoint` opens it.
    ///
    /// - Throws: ``ThreadViewError/unknownParent(_:)`` when the document has no such message.
    public static func layout(
        _ conversation: Conversation, parentID: String, config: MessageListConfig, context: LayoutContext,
        formatter: any LocaleFormatting, measurer: any TextMeasuring, metrics: Metrics? = nil,
        width: Int, height: Int? = nil, scrollOffset: Int? = nil, strings: ChatStrings = ChatStrings(),
        presentation: any BoxPresentation = PlainPresentation()
    ) throws(ThreadViewError) -> LaidOutScreen {
        let decisions = try ThreadViewResolver(config: config, context: context, formatter: formatter,
                                               measurer: measurer, strings: strings).resolve(conversation, parentID: parentID)
        let layout = ThreadViewLayout(metrics: metrics ?? .cells(for: config), measurer: measurer, strings: strings,
                                      presentation: presentation)
        return layout.layout(decisions, width: width, dateIndicator: config.dateIndicatorPlacement)
            .screen(height: height, scrollOffset: scrollOffset)
    }
}
