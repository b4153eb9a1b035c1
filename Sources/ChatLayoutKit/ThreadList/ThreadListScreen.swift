/// The whole thread-list pipeline in one call: the document's threads sorted, its `events`
/// applied by the reducer, the items composed, laid out and put on a screen.
public enum ThreadListScreen {
    /// The decisions: threads after the events, in list order, with the banner and phase.
    public static func decisions(
        _ conversation: Conversation, context: LayoutContext, formatter: any LocaleFormatting,
        query: ThreadListQuery = ThreadListQuery(), strings: ChatStrings = ChatStrings()
    ) -> ThreadListDecisions {
        let initial = ThreadListState(threads: ThreadListState.sorted(conversation.threads, currentUserID: context.currentUserID),
                                      replyLimit: query.replyLimit)
        let state = ThreadListState.apply(conversation.events, to: initial, currentUserID: context.currentUserID)
        let phase = ThreadListPaging.phase(conversation.threadListState, threadCount: state.threads.count, next: conversation.threadsNext)
        return ThreadListResolver(context: context, formatter: formatter, strings: strings)
            .resolve(state.threads, newThreadParentIDs: state.newThreadParentIDs, phase: phase)
    }

    /// The laid-out thread list at `width`, whole or through a viewport (which opens at the top).
    public static func layout(
        _ conversation: Conversation, config: MessageListConfig, context: LayoutContext,
        formatter: any LocaleFormatting, measurer: any TextMeasuring, metrics: Metrics? = nil,
        width: Int, viewport: Viewport? = nil, strings: ChatStrings = ChatStrings(),
        presentation: any BoxPresentation = PlainPresentation()
    ) -> LaidOutScreen {
        let decisions = decisions(conversation, context: context, formatter: formatter, strings: strings)
        return ThreadListLayout(metrics: metrics ?? .cells(for: config), measurer: measurer, strings: strings, presentation: presentation)
            .layout(decisions, width: width).screen(viewport)
    }
}
