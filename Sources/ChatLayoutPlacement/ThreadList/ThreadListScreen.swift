@_spi(ChatLayoutStages) import ChatLayoutModel
@_spi(ChatLayoutStages) import ChatLayoutDecisions
import ChatLayoutComposition

/// The whole thread-list pipeline in one call: the document's threads sorted, its `events`
/// applied by the reducer, the items composed, laid out and put on a screen.
public enum ThreadListScreen {
    /// The decisions: threads after the events, in list order, with the banner and phase; the
    /// context and the formatter must agree on the locale and time zone, where they
    /// disagree, the formatter's are used, as before this was deprecated (``LayoutEnvironment`` refuses them).
    @available(*, deprecated, message: "make a DecisionEnvironment (it refuses a context and a formatter that disagree) and use decisions(_:environment:query:)")
    public static func decisions(
        _ conversation: Conversation, context: LayoutContext, formatter: any LocaleFormatting,
        query: ThreadListQuery = ThreadListQuery(), strings: ChatStrings? = nil
    ) -> ThreadListDecisions {
        let environment = DecisionEnvironment(formatterWins: MessageListConfig(), context: context, formatter: formatter,
                                              strings: strings, emoji: StandardLibraryEmoji())
        return decisions(conversation, resolver: ThreadListResolver(environment), query: query)
    }

    /// The decisions in `environment`: threads after the events, in list order, with the
    /// banner and phase.
    public static func decisions(_ conversation: Conversation, environment: DecisionEnvironment,
                                 query: ThreadListQuery = ThreadListQuery()) -> ThreadListDecisions {
        decisions(conversation, resolver: ThreadListResolver(environment), query: query)
    }

    /// The decisions in `environment`'s decision half.
    public static func decisions(_ conversation: Conversation, environment: LayoutEnvironment,
                                 query: ThreadListQuery = ThreadListQuery()) -> ThreadListDecisions {
        decisions(conversation, environment: environment.decisions, query: query)
    }

    private static func decisions(_ conversation: Conversation, resolver: ThreadListResolver, query: ThreadListQuery) -> ThreadListDecisions {
        let currentUserID = resolver.context.currentUserID
        let initial = ThreadListState(threads: ThreadListState.sorted(conversation.threads, currentUserID: currentUserID),
                                      replyLimit: query.replyLimit)
        let state = ThreadListState.apply(conversation.events, to: initial, currentUserID: currentUserID)
        let phase = ThreadListPaging.phase(conversation.threadListState, threadCount: state.threads.count, next: conversation.threadsNext)
        return resolver.resolve(state.threads, newThreadParentIDs: state.newThreadParentIDs, phase: phase)
    }

    /// The laid-out thread list at `width`, whole or through a viewport (which opens at the
    /// top); the context and the formatter must agree on the locale and time zone, where they
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

    /// The laid-out thread list in `environment` at `width`, whole or through a viewport
    /// (which opens at the top).
    public static func layout(_ conversation: Conversation, environment: LayoutEnvironment, width: Int,
                              viewport: Viewport? = nil) -> LaidOutScreen {
        ThreadListLayout(environment).layout(decisions(conversation, environment: environment), width: width).screen(viewport)
    }
}
