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
    /// viewport. A viewport at the bottom (`Int.max` as its offset, where chat screens open)
    /// decides and lays out only the last messages, those it shows, and gives the screen the
    /// whole list would.
    public static func layout(_ conversation: Conversation, environment: LayoutEnvironment, width: Int,
                              viewport: Viewport? = nil) -> LaidOutScreen {
        let resolver = MessageListResolver(environment)
        let layout = MessageListLayout(environment)
        let dateIndicator = environment.config.dateIndicatorPlacement
        var list = resolver.shownList(conversation)
        if let viewport, viewport.scrollOffset == .max {
            return bottomTail(of: &list, filling: viewport, resolver: resolver, layout: layout, width: width)
                .screen(viewport)
        }
        return layout.layout(resolver.decisions(&list, from: 0), width: width, dateIndicator: dateIndicator).screen(viewport)
    }

    /// The laid-out list of `conversation` in `environment` at `width`: its rows kept flat,
    /// for screens of any part of it, or to be drawn whole a band at a time.
    public static func list(_ conversation: Conversation, environment: LayoutEnvironment, width: Int) -> LaidOutList {
        let decisions = MessageListResolver(environment).resolve(conversation)
        return MessageListLayout(environment).layout(decisions, width: width, dateIndicator: environment.config.dateIndicatorPlacement)
    }

    /// The last messages of `list` laid out, with the rows above them and the rows under them,
    /// as few as fill `viewport` at the bottom: its screen is the whole list's (the whole list
    /// when they are all needed).
    ///
    /// Why the screens agree: every row is decided from its message's neighbours (the first
    /// message of the tail from the one above it), and a row's place under the row above it
    /// depends on the two rows alone, so the tail's rows are the whole list's last rows moved
    /// up by one amount, and so is its bottom. Once the tail's rows, from its first down, are
    /// at least as tall as the viewport shows, neither list is shorter than the viewport:
    /// neither is anchored, and both clamp the offset to the bottom, which moves by that same
    /// amount. The rows above the tail end above its first row, which is not below the
    /// viewport's top: none of them shows, and the date overlay reads only message rows that
    /// reach below the viewport's top. At the bottom there is no scroll-to-latest button.
    static func bottomTail(of list: inout ShownMessageList, filling viewport: Viewport, resolver: MessageListResolver,
                           layout: MessageListLayout, width: Int) -> LaidOutList {
        // A message row is at least a line tall: as many messages as the viewport has lines
        // fill it. Shorter rows (a front end's measurer may make them) take twice as many, and
        // so on.
        let lineHeight = max(1, layout.metrics.lineHeight)
        var count = (max(1, viewport.height) - 1) / lineHeight + 1
        while true {
            let first = max(0, list.messages.count - count)
            let tail = layout.layout(resolver.decisions(&list, from: first), width: width,
                                     dateIndicator: resolver.config.dateIndicatorPlacement)
            if first == 0 || tail.contentHeight - layout.groupSpacing >= tail.visibleHeight(viewport) { return tail }
            count *= 2
        }
    }
}
