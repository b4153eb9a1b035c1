@_spi(ChatLayoutStages) import ChatLayoutModel
@_spi(ChatLayoutStages) import ChatLayoutDecisions

/// Composition of the thread list's and the thread view's own parts: the unread badge, the
/// parent info of `info_header` and the reply counter.
extension MessageComposer {
    /// The largest count an unread badge writes in full: "99+" past it.
    static let largestBadgeCount = 99

    /// An unread badge's words: the count in the locale's digits; "99+" past 99.
    package static func badgeText(_ count: Int, strings: ChatStrings) -> String {
        count > largestBadgeCount ? strings.count(largestBadgeCount) + "+" : strings.count(count)
    }

    /// The parent message of the `info_header` presentation: its avatar, content and
    /// reactions as a message row has them (no bubble, no footnote: the author and the date
    /// are the info's own, ``ThreadParentInfo``), its content in ``parentInfoAnatomy``'s order.
    package func parentInfo(_ info: ThreadParentInfo) -> MessageRowSpec {
        let decision = info.decision
        var spec = MessageRowSpec(id: decision.message.id)
        spec.avatar = avatar(decision.message.user)
        composeContent(decision, into: &spec, inBubble: parentInfoAnatomy.inBubble)
        if decision.options.contains(.reactions) { spec.reactions = reactions(decision.reactions) }
        return spec
    }

    /// How the parent of `info_header` is composed: Sendbird's under its anatomy, else
    /// ``MessageAnatomy/parentInfo``.
    package var parentInfoAnatomy: MessageAnatomy {
        anatomy.parentInfoStyle == .sendbird ? .sendbirdParentInfo : .parentInfo
    }

    /// The reply counter of a thread view: "3 replies" and its count.
    package static func replyCounter(_ text: String, count: Int) -> TextPartSpec {
        TextPartSpec(text: text, content: .replyCount(count))
    }
}

extension ThreadViewDecisions {
    /// The reply counter's part: "3 replies" and the count (``MessageComposer/replyCounter(_:count:)``).
    var replyCounter: TextPartSpec { MessageComposer.replyCounter(replyCountText, count: replyCount) }
}
