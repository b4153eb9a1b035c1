/// The whole pipeline for a message list in one call: decisions, layout, screen.
public enum MessageListScreen {
    /// The laid-out screen of `conversation` at `width`, whole or through a viewport.
    public static func layout(
        _ conversation: Conversation, config: MessageListConfig, context: LayoutContext,
        formatter: any LocaleFormatting, measurer: any TextMeasuring, metrics: Metrics? = nil,
        width: Int, viewport: Viewport? = nil, strings: ChatStrings = ChatStrings(),
        presentation: any BoxPresentation = PlainPresentation()
    ) -> LaidOutScreen {
        let decisions = MessageListResolver(config: config, context: context, formatter: formatter,
                                            measurer: measurer, strings: strings).resolve(conversation)
        let layout = MessageListLayout(metrics: metrics ?? .cells(for: config), measurer: measurer, strings: strings,
                                       presentation: presentation)
        return layout.layout(decisions, width: width, dateIndicator: config.dateIndicatorPlacement).screen(viewport)
    }
}
