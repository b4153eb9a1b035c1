import ChatLayoutComposition

/// Where a gallery's tiles stand in its frame (Stream's `ChatMessageGalleryView`): two
/// columns of equal width and rows of equal height, `inset` from the gallery's edges and `gap`
/// apart. One tile fills it; two stand side by side; three are one tall tile in the leading
/// column beside two stacked in the trailing one; four (the last of more counting the rest)
/// are two by two, in reading order. Frames are relative to the gallery's top left, left to
/// right (a right-to-left row is mirrored whole, the first tile then at the right).
struct GalleryLayout {
    /// The space between tiles across and from the edges across.
    var gap: Int
    var inset: Int
    /// The same down, in vertical units.
    var verticalGap: Int
    var verticalInset: Int

    init(metrics: Metrics) {
        gap = metrics.galleryGap
        inset = metrics.galleryInset
        verticalGap = metrics.galleryGap / metrics.verticalScale
        verticalInset = metrics.galleryInset / metrics.verticalScale
    }

    /// The frames of `count` tiles (1 to 4) in a gallery `width` by `height`.
    func tileFrames(count: Int, width: Int, height: Int) -> [Frame] {
        // Too small for the insets and gaps: the tiles touch.
        let across = width >= 2 * inset + gap + 2 ? (inset, gap) : (0, 0)
        let down = height >= 2 * verticalInset + verticalGap + 2 ? (verticalInset, verticalGap) : (0, 0)
        // Narrower than two units: a tile may be empty, but none leaves the gallery.
        let innerWidth = max(0, width - 2 * across.0), innerHeight = max(0, height - 2 * down.0)
        let leftWidth = (innerWidth - across.1) / 2, rightWidth = innerWidth - across.1 - leftWidth
        let topHeight = (innerHeight - down.1) / 2, bottomHeight = innerHeight - down.1 - topHeight
        let left = across.0, right = across.0 + leftWidth + across.1
        let top = down.0, bottom = down.0 + topHeight + down.1
        switch count {
        case ...1:
            return [Frame(x: left, y: top, width: innerWidth, height: innerHeight)]
        case 2:
            return [Frame(x: left, y: top, width: leftWidth, height: innerHeight),
                    Frame(x: right, y: top, width: rightWidth, height: innerHeight)]
        case 3:
            return [Frame(x: left, y: top, width: leftWidth, height: innerHeight),
                    Frame(x: right, y: top, width: rightWidth, height: topHeight),
                    Frame(x: right, y: bottom, width: rightWidth, height: bottomHeight)]
        default:
            return [Frame(x: left, y: top, width: leftWidth, height: topHeight),
                    Frame(x: right, y: top, width: rightWidth, height: topHeight),
                    Frame(x: left, y: bottom, width: leftWidth, height: bottomHeight),
                    Frame(x: right, y: bottom, width: rightWidth, height: bottomHeight)]
        }
    }
}
