@_spi(ChatLayoutStages) import ChatLayoutModel
@_spi(ChatLayoutStages) import ChatLayoutDecisions
import ChatLayoutComposition

/// The whole pipeline for a message list in one call: decisions, layout, screen.
public enum MessageListScreen {
    /// The laid-out screen of `conversation` at `width`, whole or through a viewport; the
    /// context and the formatter must agree on the locale and time zone, where they
    /// disagree, the formatter's are used, as before this was deprecated (``LayoutEnvironment`` refuses them).
    @available(*, deprecated, message: "make a LayoutEnvironment (it refuses a context and a formatter that disagree) and use layout(_:environment:width:viewport:)")
    public static func layout(
        _ conversation: Conversation, config: MessageListConfig, context: LayoutContext,
        formatter: any LocaleFormatting, measurer: any TextMeasuring, metrics: Metrics? = nil,
        width: Int, viewport: Viewport? = nil, strings: ChatStrings? = nil,
        presentation: any BoxPresentation = PlainPresentation()
    ) -> LaidOutScreen {
        layout(conversation, environment: LayoutEnvironment.formatterWins(config, context: context, formatter: formatter, measurer: measurer,
                                                                     strings: strings, metrics: metrics, presentation: presentation),
               width: width, viewport: viewport)
    }

    /// The laid-out screen of `conversation` in `environment` at `width`, whole or through a
    /// viewport. A viewport at the bottom (`Int.max` as its offset, where chat screens open)
    /// decides and lays out only the last messages, those it shows, and gives the screen the
    /// whole list would; with `jump_to_unread_when_opening` and unread messages it opens at
    /// the first of them instead (``LaidOutList/openingOffset(height:)``).
    public static func layout(_ conversation: Conversation, environment: LayoutEnvironment, width: Int,
                              viewport: Viewport? = nil) -> LaidOutScreen {
        if var viewport, viewport.scrollOffset == .max, environment.config.jumpToUnreadWhenOpening {
            let list = list(conversation, environment: environment, width: width)
            viewport.scrollOffset = list.openingOffset(height: viewport.height)
            return list.screen(viewport)
        }
        if let viewport, viewport.scrollOffset == .max {
            let resolver = MessageListResolver(environment)
            return bottomTail(of: resolver.shownList(conversation), filling: viewport, resolver: resolver,
                              layout: MessageListLayout(environment), width: width).screen(viewport)
        }
        return list(conversation, environment: environment, width: width).screen(viewport)
    }

    /// The whole list of `conversation` laid out a part at a time, for drawing a long
    /// conversation at constant memory: each part's messages are decided, laid out and handed
    /// to `body` with the band of the screen it covers, in vertical units (the header's with
    /// the first part, the space above its first row), then let go. A part is a `LaidOutList`
    /// whose rows are where the whole list has them (its `screen(meeting:)` over the band it
    /// covers is the whole screen's over it); drawn over those bands in order, the parts draw
    /// the whole screen. A part is not laid out again at another width
    /// (``LaidOutList/relayout(width:)``): walk the conversation again at that width.
    /// An error `body` throws ends the walk (standard output that cannot be written, say).
    public static func forEachPart(_ conversation: Conversation, environment: LayoutEnvironment, width requestedWidth: Int,
                                   messagesPerPart: Int = 2048, _ body: (_ part: LaidOutList, _ rows: Range<Int>) throws -> Void) rethrows {
        let resolver = MessageListResolver(environment)
        let layout = MessageListLayout(environment)
        let width = MessageListLayout.width(requestedWidth)
        let dateIndicator = environment.config.dateIndicatorPlacement
        let list = resolver.shownList(conversation)
        let decisions = resolver.decisions(list, from: list.messages.count, explain: false, runLength: .max)
        let header = layout.header(decisions.header, width: width)
        let headerHeight = header.frame.height
        // The rows under the messages (typing, empty and loading states) close the last part.
        let bottom = decisions.items
        let unreadCount = decisions.unreadCount
        let count = list.messages.count // none while the list loads
        let length = max(1, messagesPerPart)
        var start = 0
        var screenTop = 0 // the first screen row not yet handed out
        var stack = RowStack(metrics: layout.metrics) // each part stacked under the one above
        repeat {
            let end = min(count, start + length)
            var items = start < end ? resolver.items(of: list, in: start ..< end, lookalikes: nil, explain: false) : []
            if end == count { items += bottom }
            // Never empty: without messages, the empty or loading state is the bottom row.
            let part = layout.part(items, header: header, width: width, stack: &stack, unreadCount: unreadCount,
                                   dateIndicator: dateIndicator)
            let rows = screenTop ..< headerHeight + part.contentHeight
            try body(part, rows)
            screenTop = rows.upperBound
            start = end
        } while start < count
    }

    /// The laid-out list of `conversation` in `environment` at `width`: its rows kept flat,
    /// for screens of any part of it, or to be drawn whole a band at a time.
    public static func list(_ conversation: Conversation, environment: LayoutEnvironment, width: Int) -> LaidOutList {
        let resolver = MessageListResolver(environment)
        let shown = resolver.shownList(conversation)
        let decisions = resolver.decisions(shown, from: 0)
        let layout = MessageListLayout(environment)
        // Laid out again from its rows prepared and the conversation's shown messages (their
        // storage shared with the caller's), not from its decisions (some 400 bytes a message).
        return layout.layout(decisions, width: width, dateIndicator: environment.config.dateIndicatorPlacement,
                             runLength: layout.laysOutOnAllCores ? MessageListLayout.parallelRunLength : .max,
                             keeping: .conversation(shown, resolver))
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
    static func bottomTail(of list: ShownMessageList, filling viewport: Viewport, resolver: MessageListResolver,
                           layout: MessageListLayout, width: Int) -> LaidOutList {
        // A message row is at least a line tall: as many messages as the viewport has lines
        // fill it. Shorter rows (a front end's measurer may make them) take twice as many, and
        // so on.
        let lineHeight = max(1, layout.metrics.lineHeight)
        var count = (max(1, viewport.height) - 1) / lineHeight + 1
        while true {
            let first = max(0, list.messages.count - count)
            let tail = layout.layout(resolver.decisions(list, from: first), width: width,
                                     dateIndicator: resolver.config.dateIndicatorPlacement)
            if first == 0 || tail.contentHeight - layout.groupSpacing >= tail.visibleHeight(viewport) { return tail }
            count *= 2
        }
    }
}
