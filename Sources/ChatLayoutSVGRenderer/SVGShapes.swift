import ChatLayoutKit

/// The shapes of the drawing, in pixels.
enum SVGShapes {
    /// A bubble's outline: a rounded rectangle inset in its frame, the tail corner square
    /// (the text renderer's square corner, Stream's bubble shape); the leading corner is the
    /// right one in a right-to-left screen.
    static func bubblePath(_ frame: Frame, tail: BubbleTail, direction: LayoutDirection = .leftToRight, inset: Int, radius: Int) -> String {
        let left = frame.x + inset, right = frame.maxX - inset
        let top = frame.y + inset, bottom = frame.maxY - inset
        let r = max(0, min(radius, (right - left) / 2, (bottom - top) / 2))
        let squareLeft = direction == .leftToRight ? tail == .bottomLeading : tail == .bottomTrailing
        let bottomLeft = squareLeft ? 0 : r
        let bottomRight = tail != .none && !squareLeft ? 0 : r
        var d = "M\(left + r),\(top) H\(right - r) A\(r),\(r) 0 0 1 \(right),\(top + r)"
        d += " V\(bottom - bottomRight)"
        if bottomRight > 0 { d += " A\(r),\(r) 0 0 1 \(right - r),\(bottom)" }
        d += " H\(left + bottomLeft)"
        if bottomLeft > 0 { d += " A\(r),\(r) 0 0 1 \(left),\(bottom - r)" }
        d += " V\(top + r) A\(r),\(r) 0 0 1 \(left + r),\(top) Z"
        return d
    }

    /// A pill (a rectangle with round ends) over a frame, inset vertically by `inset` and
    /// reaching `outset` beyond it on either side.
    static func pill(_ frame: Frame, inset: Int, outset: Int = 0) -> [(String, String)] {
        let height = max(0, frame.height - 2 * inset)
        return [("x", "\(frame.x - outset)"), ("y", "\(frame.y + inset)"), ("width", "\(frame.width + 2 * outset)"),
                ("height", "\(height)"), ("rx", "\(height / 2)")]
    }

    /// The avatar colour for a name's initials: FNV-1a over their UTF-8 bytes (not `Hasher`,
    /// which is seeded per process), so the same person always gets the same colour.
    static func avatarColor(_ initials: String, palette: [String]) -> String {
        guard !palette.isEmpty else { return "#888888" }
        var hash: UInt32 = 2_166_136_261
        for byte in initials.utf8 {
            hash = (hash ^ UInt32(byte)) &* 16_777_619
        }
        return palette[Int(hash % UInt32(palette.count))]
    }
}
