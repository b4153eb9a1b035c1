import ChatLayoutKit

/// How one role of the box tree is drawn: the shape behind it, how its text is set, and in
/// which colour. The SVG counterpart of the text renderer's choices (a bubble's border and
/// square tail corner, the header's frame), plus what vectors can show and a grid cannot:
/// avatars as circles, badges and buttons as pills, separators as lines.
struct BoxStyle {
    enum Shape {
        case none
        /// The rounded bubble with its tail corner.
        case bubble
        /// A filled rectangle over the frame, with a rule along its bottom (the header).
        case panel
        /// A rounded rectangle (attachments).
        case card
        /// A rectangle filled across the frame: the thread list's bars, the thread view's reply counter.
        case band(fill: KeyPath<SVGPalette, String>)
        /// Round ends; `stroke` draws an outline.
        case pill(fill: KeyPath<SVGPalette, String>, stroke: Bool)
        /// A circle centred in the frame (avatars).
        case circle
        /// A bar down the leading edge, just outside the frame (a quoted message).
        case bar
        /// Three dots side by side, centred in the frame (the typing indicator's), when the
        /// box has no line of its own (a terminal's "•••").
        case dots
        /// A thin bar down the frame's leading edge (a block quote's or a code block's gutter).
        case gutter
        /// A rule across the middle of the frame (a thematic break).
        case rule
    }

    enum TextSetting {
        /// Each line as the layout placed it.
        case cells
        /// The box's content (its `text`, else its first line) centred in the frame in one
        /// piece: for pills and avatars, whose frame includes the grid's decoration ("( 2 )").
        case centered
        /// As `cells`, with rules beside the label where the presentation drew none.
        case separator
    }

    var shape: Shape = .none
    var text: TextSetting = .cells
    var color: KeyPath<SVGPalette, String> = \.ink
    /// The rule colour for separators.
    var ruleColor: KeyPath<SVGPalette, String> = \.rule
    var bold = false
    var italic = false
    /// Text in white (on a filled pill or circle).
    var onFill = false
    /// Whether the box clips its children to its frame (the message list and the viewport).
    var clips = false

    static func of(_ role: BoxRole) -> BoxStyle {
        switch role {
        case .root, .messageRow, .threadListItem, .parentMessage, .gallery:
            return BoxStyle()
        case .messageList:
            return BoxStyle(clips: true)
        case .channelHeader:
            return BoxStyle(shape: .panel)
        case .headerTitle, .threadTitle:
            return BoxStyle(bold: true)
        case .quotedMessage:
            return BoxStyle(shape: .bar, color: \.muted)
        case .headerSubtitle, .timestamp, .replyTimestamp, .editedLabel, .threadDescription,
             .emptyState, .loadingState, .loadingMoreIndicator, .reloadingIndicator, .loadingOlderIndicator, .loadingNewerIndicator:
            return BoxStyle(color: \.muted)
        case .authorName, .replyAuthor, .groupHeader:
            return BoxStyle(color: \.muted, bold: true)
        case .annotation:
            return BoxStyle(bold: true)
        case .typingDots:
            return BoxStyle(shape: .dots, color: \.muted)
        case .translation, .onlyVisibleToYou, .typingIndicator, .translationLabel:
            return BoxStyle(color: \.muted, italic: true)
        case .dateSeparator:
            return BoxStyle(text: .separator, color: \.muted)
        case .replyCountSeparator:
            return BoxStyle(shape: .band(fill: \.header), color: \.muted, bold: true)
        case .unreadSeparator:
            return BoxStyle(text: .separator, color: \.danger, ruleColor: \.danger)
        case .bubble:
            return BoxStyle(shape: .bubble)
        case .text, .replyPreview, .threadIcon, .textBlock:
            return BoxStyle()
        case .listMarker:
            return BoxStyle(color: \.muted)
        case .quoteGutter, .codeGutter:
            return BoxStyle(shape: .gutter)
        case .thematicBreak:
            return BoxStyle(shape: .rule)
        case .attachment:
            return BoxStyle(shape: .card)
        case .reactions:
            return BoxStyle(shape: .pill(fill: \.header, stroke: true))
        case .threadInfo, .deliveryStatus:
            return BoxStyle(color: \.accent)
        case .errorIndicator:
            return BoxStyle(color: \.danger, bold: true)
        case .avatar, .replyAvatar:
            return BoxStyle(shape: .circle, text: .centered, bold: true, onFill: true)
        case .unreadBadge:
            return BoxStyle(shape: .pill(fill: \.danger, stroke: false), text: .centered, bold: true, onFill: true)
        case .scrollToLatestButton:
            return BoxStyle(shape: .pill(fill: \.accent, stroke: false), text: .centered, bold: true, onFill: true)
        case .jumpToUnreadButton:
            return BoxStyle(shape: .pill(fill: \.muted, stroke: false), text: .centered, bold: true, onFill: true)
        case .newThreadsBanner, .errorBanner:
            return BoxStyle(shape: .band(fill: \.banner), onFill: true)
        case .moreButton:
            return BoxStyle(shape: .dots, color: \.muted)
        case .highlight:
            return BoxStyle(shape: .band(fill: \.highlight))
        case .frozenBanner:
            // Sendbird's state banner: a light information colour, its words centred.
            return BoxStyle(shape: .band(fill: \.ownBubble), text: .centered)
        case .dateOverlay:
            return BoxStyle(shape: .pill(fill: \.background, stroke: true), text: .centered, color: \.muted, bold: true)
        case .retryButton:
            return BoxStyle(shape: .pill(fill: \.background, stroke: true), text: .centered, color: \.accent, bold: true)
        }
    }
}
