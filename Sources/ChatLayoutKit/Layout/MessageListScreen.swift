/// The whole pipeline for a message list in one call: decisions, layout, screen.
public enum MessageListScreen {
    /// The laid-out screen of `conversation` at `width`, whole or through a viewport.
    public static func layout(
        _ conversation: Conversation, config: MessageListConfig, context: LayoutContext,
        formatter: any LocaleFormatting, measurer: any TextMeasuring, metrics: Metrics? = nil,
        width: Int, viewport: Viewport? = nil, strings: ChatStrings = ChatStrings(),
        presentation: any BoxPresentation = PlainPresentation()
    ) -> LaidOutScreen {
        layout(conversation, environment: LayoutEnvironment(unchecked: config, context: context, formatter: formatter, measurer: measurer,
                                                            strings: strings, metrics: metrics, presentation: presentation),
               width: width, viewport: viewport)
    }

    /// The laid-out screen of `conversation` in `environment` at `width`, whole or through a
    /// viewport.
    public static func layout(_ conversation: Conversation, environment: LayoutEnvironment, width: Int,
                              viewport: Viewport? = nil) -> LaidOutScreen {
        list(conversation, environment: environment, width: width).screen(viewport)
    }

    /// The laid-out list of `conversation` in `environment` at `width`: its rows kept flat,
    /// for screens of any part of it, or to be drawn whole a band at a time.
    public static func list(_ conversation: Conversation, environment: LayoutEnvironment, width: Int) -> LaidOutList {
        let decisions = MessageListResolver(environment).resolve(conversation)
        return MessageListLayout(environment).layout(decisions, width: width, dateIndicator: environment.config.dateIndicatorPlacement)
    }
}
