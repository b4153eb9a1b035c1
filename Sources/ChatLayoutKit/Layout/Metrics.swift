/// The lengths of a layout, in the renderer's units: cells for the text renderer, points for a
/// front end that passes its own. Integers throughout.
public struct Metrics: Hashable, Sendable {
    /// Space at the leading and trailing edges of the list (`message_paddings.horizontal`).
    public var horizontalPadding: Int
    /// The avatar's width.
    public var avatarWidth: Int
    /// The avatar's height, in rows. The layout does not read it yet: avatars are one row tall.
    public var avatarHeight: Int
    /// Space between the avatar column and the bubbles.
    public var avatarSpacing: Int
    /// A bubble's border thickness: this many columns on each side, rows above and below.
    public var bubbleBorder: Int
    /// The space between a bubble's border and its content, on the left and the right (none
    /// above or below).
    public var bubblePadding: Int
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

    /// Metrics; the defaults are the text renderer's, in cells.
    public init(horizontalPadding: Int = 1, avatarWidth: Int = 2, avatarHeight: Int = 1, avatarSpacing: Int = 1,
                bubbleBorder: Int = 1, bubblePadding: Int = 1, messageSpacing: Int = 0, groupSpacing: Int = 1,
                maximumBubbleWidthPercent: Int = 80, fullWidthBelow: Int = 32, inlineSpacing: Int = 2,
                headerHeight: Int = 3) {
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
    }

    /// The text renderer's metrics for a configuration: points become cells at about 8 points
    /// a cell (SPEC §2), so Stream's 8-point padding is one cell.
    public static func cells(for config: MessageListConfig) -> Metrics {
        var metrics = Metrics()
        let points = config.horizontalPadding.isFinite ? config.horizontalPadding : 8
        metrics.horizontalPadding = max(0, Int((points / 8).rounded()))
        return metrics
    }

    /// The horizontal space a bubble's border and padding take.
    var bubbleChrome: Int { 2 * (bubbleBorder + bubblePadding) }
}
