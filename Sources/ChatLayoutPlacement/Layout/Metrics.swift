@_spi(ChatLayoutStages) import ChatLayoutModel
@_spi(ChatLayoutStages) import ChatLayoutDecisions
import ChatLayoutComposition

/// The lengths of a layout, in the measurer's units on both axes: cells and rows for the text
/// renderer (``cells(for:)``: a line is one row), points for a front end (``points(lineHeight:for:)``:
/// a line is its font's line height). Integers throughout.
public struct Metrics: Hashable, Sendable {
    /// Space at the leading and trailing edges of the list (`message_paddings.horizontal`).
    public var horizontalPadding: Int
    /// The avatar's width.
    public var avatarWidth: Int
    /// The avatar's height (one row on a terminal; a circle's diameter in points).
    public var avatarHeight: Int
    /// Space between the avatar column and the bubbles.
    public var avatarSpacing: Int
    /// A bubble's border thickness: this many units on each side, above and below.
    public var bubbleBorder: Int
    /// The space between a bubble's border and its content, on the left and the right.
    public var bubblePadding: Int
    /// The space between a bubble's border and its content, above and below (none on a
    /// terminal, where the border's row is room enough).
    public var bubbleVerticalPadding: Int
    /// Vertical space between messages of one group.
    public var messageSpacing: Int
    /// Vertical space between rows that are not one group's (groups, separators, states), and
    /// above the first row.
    public var groupSpacing: Int
    /// The widest a bubble gets, as a percentage of the space beside the avatar column (lists
    /// narrower than `fullWidthBelow` use all of it).
    public var maximumBubbleWidthPercent: Int
    /// When the space beside the avatar column is narrower than this, a bubble may take all of
    /// it; otherwise it takes at most `maximumBubbleWidthPercent` of it, and never less than this.
    public var fullWidthBelow: Int
    /// Space between the parts of a footer line ("Luke  9:41 AM").
    public var inlineSpacing: Int
    /// The header's height (with its border).
    public var headerHeight: Int
    /// A line of text's height, in vertical units: 1 (a row) on a terminal, the font's line
    /// height in points. Every text box is as tall as its lines.
    public var lineHeight: Int
    /// The narrow space between two parts side by side (the error glyph and its bubble, the
    /// thread icon and its title).
    public var gap: Int
    /// Space between the header's edges and its title and subtitle.
    public var headerPadding: Int
    /// The widest a media attachment (image, video, giphy) is drawn; narrower in a narrower
    /// bubble (Stream: 250 points).
    public var mediaWidth: Int
    /// The tallest an image is drawn: a taller one keeps its aspect ratio and gets narrower
    /// (Stream: 600 points).
    public var imageMaxHeight: Int
    /// The tallest a video is drawn (Stream: 400 points).
    public var videoMaxHeight: Int
    /// The tallest a giphy is drawn (Stream: 200 points).
    public var giphyMaxHeight: Int
    /// How many horizontal units one vertical unit spans on the screen: 1 in points, 2 on a
    /// terminal (a row is about twice as tall as a cell is wide). Media keep their aspect
    /// ratio through it.
    public var verticalScale: Int
    /// A gallery's width to its height, in hundredths (Stream's gallery: 1.32); a lone media
    /// without its size is a gallery of one.
    public var galleryAspectPercent: Int
    /// The space between a gallery's tiles, across (and down, in vertical units: this divided
    /// by ``verticalScale``) (Stream: 2 points).
    public var galleryGap: Int
    /// The space between a gallery's edges and its tiles, likewise (Stream: 2 points).
    public var galleryInset: Int
    /// A banner's height: the thread list's bar of new threads and its error bar (Stream: 56
    /// points; a line on a terminal).
    public var bannerHeight: Int
    /// The reactions' bubble hanging off a message bubble's top outer corner, and the quoted
    /// message's nested box (cells, or Stream's points).
    public var reactionsAndQuote: ReactionsAndQuoteMetrics = .cells
    /// The lengths of attachments' cards (link previews, files, recordings, a giphy's buttons).
    public var cards = AttachmentCardMetrics.cells
    /// The widest bubble is `maximumBubbleWidthPercent` of the whole row less its padding and
    /// the avatar column (Stream's `maxContentWidthMultiplier`, which bounds the row's content
    /// with the avatar in it), not of the space beside the avatar column. On in points; the
    /// text renderer keeps its own rule (80 % of the space beside the avatar column: a
    /// terminal's row is too few cells to lose the avatar column twice).
    public var bubbleWidthCountsTheRow = false
    /// A gallery spans the widest bubble (Stream's gallery fills its bubble, which grows to its
    /// widest for it), not at most ``mediaWidth``. On in points; a terminal keeps its galleries
    /// ``mediaWidth`` cells wide at most, as a screen of a hundred cells would otherwise show a
    /// gallery thirty rows tall.
    public var galleryFillsTheBubble = false
    /// The header stacks the title over the subtitle, both centred (Stream's navigation bar
    /// title view), where it is at least two lines tall. On in points; a terminal's header
    /// keeps them on one row, the title leading and the subtitle trailing.
    public var headerStacksTitleOverSubtitle = false
    /// The unread separator's row height (at least a line; `new_messages_separator_size`);
    /// nil: a line.
    public var unreadSeparatorHeight: Int?
    /// The height of the header over the first message of others' groups
    /// (`last_in_group_header_size`); nil: a line.
    public var groupHeaderHeight: Int?
    /// A date separator's row height (at least a line; `overlay_date_label_size`); nil: a line.
    public var dateSeparatorHeight: Int?
    /// The space kept free beside the widest bubble, on the side away from its author
    /// (`spacer_width`): the widest bubble is the row less its paddings, the avatar column and
    /// this. Nil: ``maximumBubbleWidthPercent`` decides.
    public var bubbleSpacerWidth: Int?
    /// The widest a bubble is whatever the row's width, in place of
    /// ``maximumBubbleWidthPercent`` and ``fullWidthBelow`` (Sendbird's
    /// `SBUGlobals.messageCellConfiguration.groupChannel.messageCellMaxWidth`, 244 points, which
    /// bounds the bubble with its padding, and the quoted message over it); nil: the share
    /// decides. Set under `message_anatomy: sendbird`.
    public var bubbleMaxWidth: Int?
    /// A channel state banner's (the frozen banner's) distance from the list's leading and
    /// trailing edges (Sendbird: 8 points; a cell on a terminal).
    public var stateBannerInset = 1
    /// Its distance from the list's top (Sendbird: 8 points; none on a terminal, where the
    /// list's first row starts a line down).
    public var stateBannerTop = 0
    /// Its height (Sendbird: 24 points; a line on a terminal).
    public var stateBannerHeight = 1
    /// The width of the thread parent's more button (Sendbird's `SBUParentMessageInfoView`:
    /// 17 points; on a terminal its glyph's, at least a cell).
    public var moreButtonWidth = 1
    /// Its height (Sendbird: 34 points; a line on a terminal).
    public var moreButtonHeight = 1
    /// How much further in than the bubble's padding its text stands, on each side (points:
    /// 3, so that Stream's text is 16 points inside the bubble's edge, as its text view sits
    /// inside the bubble's 8-point layout margins with its own 8-point inset; none in cells and
    /// with Sendbird's anatomy).
    public var bubbleTextInset = 0
    /// How much further in than the bubble's padding a quoted message's box stands, on each
    /// side; negative, it reaches out into the padding (points: −5, so that the box is 8 points
    /// inside the bubble's edge, in the bubble content's margins, as Stream's quoted message
    /// view; none in cells and with Sendbird's anatomy).
    public var bubbleQuoteInset = 0

    /// Metrics; the defaults are the text renderer's, in cells.
    public init(horizontalPadding: Int = 1, avatarWidth: Int = 2, avatarHeight: Int = 1, avatarSpacing: Int = 1,
                bubbleBorder: Int = 1, bubblePadding: Int = 1, messageSpacing: Int = 0, groupSpacing: Int = 1,
                maximumBubbleWidthPercent: Int = 80, fullWidthBelow: Int = 32, inlineSpacing: Int = 2,
                headerHeight: Int = 3, lineHeight: Int = 1, bubbleVerticalPadding: Int = 0, gap: Int = 1, headerPadding: Int = 2,
                mediaWidth: Int = 24, imageMaxHeight: Int = 6, videoMaxHeight: Int = 5, giphyMaxHeight: Int = 4,
                verticalScale: Int = 2, galleryAspectPercent: Int = 132, galleryGap: Int = 1, galleryInset: Int = 0,
                bannerHeight: Int = 1) {
        self.horizontalPadding = horizontalPadding
        self.avatarWidth = avatarWidth
        self.avatarHeight = avatarHeight
        self.avatarSpacing = avatarSpacing
        self.bubbleBorder = bubbleBorder
        self.bubblePadding = bubblePadding
        self.messageSpacing = messageSpacing
        self.groupSpacing = groupSpacing
        self.maximumBubbleWidthPercent = maximumBubbleWidthPercent
        self.fullWidthBelow = fullWidthBelow
        self.inlineSpacing = inlineSpacing
        self.headerHeight = headerHeight
        self.lineHeight = max(1, lineHeight)
        self.bubbleVerticalPadding = bubbleVerticalPadding
        self.gap = gap
        self.headerPadding = headerPadding
        self.mediaWidth = mediaWidth
        self.imageMaxHeight = imageMaxHeight
        self.videoMaxHeight = videoMaxHeight
        self.giphyMaxHeight = giphyMaxHeight
        self.verticalScale = max(1, verticalScale)
        self.galleryAspectPercent = max(1, galleryAspectPercent)
        self.galleryGap = max(0, galleryGap)
        self.galleryInset = max(0, galleryInset)
        self.bannerHeight = max(self.lineHeight, bannerHeight)
    }

    /// Metrics in points for a front end whose font has lines `lineHeight` points tall:
    /// Stream's lengths (8-point list padding, 32-point avatars, 250-point media at most 600
    /// tall, 75 % bubbles, 56-point banners), the bubble's padding and spacings scaled to the line.
    public static func points(lineHeight: Int, for config: MessageListConfig = MessageListConfig()) -> Metrics {
        let line = max(1, lineHeight)
        let padding = config.horizontalPadding.isFinite ? Int(min(max(0, config.horizontalPadding), 10_000).rounded()) : 8
        var metrics = Metrics(horizontalPadding: padding, avatarWidth: 32, avatarHeight: 32, avatarSpacing: 8,
                       bubbleBorder: 1, bubblePadding: 12, messageSpacing: 2, groupSpacing: max(8, line / 2),
                       maximumBubbleWidthPercent: 75, fullWidthBelow: 120, inlineSpacing: 8,
                       headerHeight: max(44, line * 2), lineHeight: line, bubbleVerticalPadding: max(4, line / 3), gap: 6,
                       headerPadding: 16, mediaWidth: 250, imageMaxHeight: 600, videoMaxHeight: 400, giphyMaxHeight: 200,
                       verticalScale: 1, galleryAspectPercent: 132, galleryGap: 2, galleryInset: 2, bannerHeight: 56)
            .with(reactionsAndQuote: .points)
            .withBubbleWidthCountingTheRow()
        metrics.cards = .points
        // Sendbird's `SBUChannelStateBanner` in its thread's list: 8 points in, 24 tall.
        metrics.stateBannerInset = 8
        metrics.stateBannerTop = 8
        metrics.stateBannerHeight = max(line, 24)
        metrics.moreButtonWidth = 17
        metrics.moreButtonHeight = 34
        // Stream UIKit's `ChatMessageContentView`: the text view respects the bubble content's
        // 8-point margins and insets its text by 8 more: 16 from the bubble's edge, 3 more than
        // the border and the padding the bubble's other parts keep.
        metrics.bubbleTextInset = max(0, 16 - 1 - 12)
        // Its quoted message view keeps the margins alone: 8 from the edge, 5 out into the padding.
        metrics.bubbleQuoteInset = 8 - 1 - 12
        let points: (Double) -> Int = { Int(min($0, 10_000).rounded()) }
        return metrics.withMessagePaddings(of: config, units: points).withStreamSwiftUILengths(of: config, units: points)
            .withSendbirdLengths(of: config, units: points)
    }

    /// These metrics in points with the lengths of Stream SwiftUI's options the document sets:
    /// the separators' heights, the space over a bubble with reactions, the quote's padding
    /// and the spacer beside a bubble, each made this layout's units by `units`.
    private func withStreamSwiftUILengths(of config: MessageListConfig, units: (Double) -> Int) -> Metrics {
        var metrics = self
        metrics.unreadSeparatorHeight = config.newMessagesSeparatorSize.map(units)
        metrics.dateSeparatorHeight = config.overlayDateLabelSize.map(units)
        if let size = config.lastInGroupHeaderSize, size > 0 { metrics.groupHeaderHeight = units(size) }
        metrics.bubbleSpacerWidth = config.spacerWidth.map(units)
        if let padding = config.reactionsTopPadding.map(units) {
            // The bubble starts `padding` below the reactions' top: they come down over it by
            // the rest of their height, or stand a gap above it (a negative overlap).
            metrics.reactionsAndQuote.reactionOverlap = metrics.reactionsAndQuote.reactionHeight - padding
        }
        if let padding = config.quotedViewPadding.map(units) {
            metrics.reactionsAndQuote.quotePadding = padding
            metrics.reactionsAndQuote.quoteVerticalPadding = padding
        }
        return metrics
    }

    /// These metrics with the spacings `message_paddings` sets (`single_bottom`, `group_bottom`),
    /// each length in points made this layout's units by `units`.
    private func withMessagePaddings(of config: MessageListConfig, units: (Double) -> Int) -> Metrics {
        var metrics = self
        if let points = config.singleBottomPadding { metrics.groupSpacing = units(points) }
        if let points = config.groupBottomPadding { metrics.messageSpacing = units(points) }
        return metrics
    }

    /// These metrics with ``bubbleWidthCountsTheRow``, ``galleryFillsTheBubble`` and
    /// ``headerStacksTitleOverSubtitle`` on (Stream's).
    private func withBubbleWidthCountingTheRow() -> Metrics {
        var metrics = self
        metrics.bubbleWidthCountsTheRow = true
        metrics.galleryFillsTheBubble = true
        metrics.headerStacksTitleOverSubtitle = true
        return metrics
    }

    /// The text renderer's metrics for a configuration: points become cells at about 8 points
    /// a cell (a document's lengths are in points), so Stream's 8-point padding is one cell.
    public static func cells(for config: MessageListConfig) -> Metrics {
        var metrics = Metrics()
        let points = config.horizontalPadding.isFinite ? config.horizontalPadding : 8
        metrics.horizontalPadding = max(0, Int((points / 8).rounded()))
        let cells: (Double) -> Int = { Int((min($0, 10_000) / 8).rounded()) }
        // Of Stream SwiftUI's lengths only the spacer beside a bubble: a terminal's separators
        // are a line, its reactions a row of their own and its quote has no box to pad.
        metrics.bubbleSpacerWidth = config.spacerWidth.map(cells)
        return metrics.withMessagePaddings(of: config, units: cells).withSendbirdLengths(of: config, units: cells)
    }

    /// Sendbird's cell's maximum width (`SBUConstant.messageCellMaxWidth`: 244 points).
    public static let sendbirdMessageCellMaxWidth = 244.0

    /// These metrics with Sendbird's lengths under `message_anatomy: sendbird` (the bubble at
    /// most ``sendbirdMessageCellMaxWidth``), made this layout's units by `units`.
    private func withSendbirdLengths(of config: MessageListConfig, units: (Double) -> Int) -> Metrics {
        guard config.messageAnatomy == .sendbird else { return self }
        var metrics = self
        metrics.bubbleMaxWidth = max(1, units(Self.sendbirdMessageCellMaxWidth))
        metrics.bubbleTextInset = 0
        metrics.bubbleQuoteInset = 0
        return metrics
    }

    /// The horizontal space a bubble's border and padding take.
    var bubbleChrome: Int { 2 * (bubbleBorder + bubblePadding) }

    /// The tallest a media attachment of `kind` is drawn: the image, video or giphy maximum.
    public func mediaMaxHeight(_ kind: AttachmentKind) -> Int {
        switch kind {
        case .video: videoMaxHeight
        case .giphy: giphyMaxHeight
        default: imageMaxHeight
        }
    }

    /// The size a media attachment of `kind` and original `size` is drawn at in at most
    /// `room` horizontal units (Stream's sizing: the media width, its aspect ratio, at most the
    /// kind's height, narrower when taller), at least a line tall so its label has a place.
    public func mediaSize(_ kind: AttachmentKind, original size: PixelSize, room: Int) -> (width: Int, height: Int) {
        var width = max(1, min(mediaWidth, room))
        // height = width × h / w, in vertical units (`verticalScale` horizontal units each).
        var height = Self.divideRounded(width * size.height, size.width * verticalScale)
        let limit = max(lineHeight, mediaMaxHeight(kind))
        if height > limit {
            height = limit
            width = max(1, min(width, Self.divideRounded(limit * verticalScale * size.width, size.height)))
        }
        return (width, max(lineHeight, height))
    }

    /// A gallery's height for its `width`, at ``galleryAspectPercent`` (at least a line).
    public func galleryHeight(width: Int) -> Int {
        max(lineHeight, Self.divideRounded(max(1, width) * 100, galleryAspectPercent * verticalScale))
    }

    /// The default frame's height of a media without its size that is not in a gallery (a
    /// giphy): square, at least a line.
    public func defaultMediaHeight(width: Int) -> Int {
        max(lineHeight, Self.divideRounded(max(1, width), verticalScale))
    }

    /// `numerator / denominator` rounded half up, for positive values (without overflow for
    /// the sizes of images: both sides are clamped to a billion pixels).
    private static func divideRounded(_ numerator: Int, _ denominator: Int) -> Int {
        (numerator * 2 + denominator) / (denominator * 2)
    }
}
