/// What a box is, in the chat domain.
public enum BoxRole: String, Hashable, Sendable, CaseIterable {
    /// The whole screen.
    case root
    case channelHeader, headerTitle, headerSubtitle
    /// The scrolling list of rows (clips them to the viewport).
    case messageList
    case dateSeparator, unreadSeparator, messageRow
    case avatar, authorName, bubble, text, quotedMessage, attachment, reactions, threadInfo
    case timestamp, deliveryStatus, errorIndicator, onlyVisibleToYou, translation, editedLabel
    case typingIndicator, emptyState, loadingState
    /// Floats over the list: the date of the messages at the top of the viewport.
    case dateOverlay
    /// Floats over the list when it is scrolled away from the bottom, with the unread count.
    case scrollToLatestButton

    // The thread list (SPEC §3.5).
    /// One thread: its id is the parent message id.
    case threadListItem
    case threadIcon, threadTitle, unreadBadge, threadDescription
    case replyAvatar, replyAuthor, replyPreview, replyTimestamp
    /// "1 new thread" / "N new threads" at the top of the list.
    case newThreadsBanner
    /// "Error loading threads" with its retry button.
    case errorBanner, retryButton
    /// The spinner under the list while the next page loads, and above it while reloading.
    case loadingMoreIndicator, reloadingIndicator

    // The thread view (SPEC §3.6).
    /// The parent message shown above the replies (`info_header` presentation).
    case parentMessage
    /// "3 replies" between two separator lines under the parent message.
    case replyCountSeparator
}

/// An integer rectangle in cells (the text renderer) or points (a front end), relative to the
/// root box.
public struct Frame: Hashable, Sendable, CustomStringConvertible {
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int

    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    public var maxX: Int { x + width }
    public var maxY: Int { y + height }

    /// Whether `other` lies entirely inside this frame.
    public func contains(_ other: Frame) -> Bool {
        other.x >= x && other.y >= y && other.maxX <= maxX && other.maxY <= maxY
    }

    /// Whether the two frames share any cell.
    public func intersects(_ other: Frame) -> Bool {
        x < other.maxX && other.x < maxX && y < other.maxY && other.y < maxY
    }

    /// The frame moved by (dx, dy).
    public func offsetBy(dx: Int = 0, dy: Int = 0) -> Frame {
        Frame(x: x + dx, y: y + dy, width: width, height: height)
    }

    /// "4,6 27×3"
    public var description: String { "\(x),\(y) \(width)×\(height)" }
}

/// How a box's lines sit in its frame.
public enum TextAlignment: String, Hashable, Sendable {
    case leading, center, trailing
}

/// Which corner of a bubble is the tail (the square corner pointing at its author).
public enum BubbleTail: String, Hashable, Sendable {
    /// A continuous bubble: all corners round.
    case none
    case bottomLeading
    case bottomTrailing
}

/// A box of the layout tree: a role, the message it belongs to, an integer frame relative to
/// the root, the text it draws and its children. An immutable value: front ends walk it and
/// draw each box their own way.
public struct Box: Hashable, Sendable {
    public var role: BoxRole
    /// The message id, on the boxes that belong to a message.
    public var id: String?
    public var frame: Frame
    /// The text the box stands for (neutralised, reading order), where it has one.
    public var text: String?
    /// The lines drawn, top to bottom, in display order (bidi-reordered), each no wider than
    /// the frame. Empty for boxes that draw no text.
    public var lines: [String]
    /// How the lines sit in the frame.
    public var alignment: TextAlignment
    /// For bubbles: the tail corner.
    public var tail: BubbleTail
    public var children: [Box]

    public init(role: BoxRole, id: String? = nil, frame: Frame, text: String? = nil, lines: [String] = [],
                alignment: TextAlignment = .leading, tail: BubbleTail = .none, children: [Box] = []) {
        self.role = role
        self.id = id
        self.frame = frame
        self.text = text
        self.lines = lines
        self.alignment = alignment
        self.tail = tail
        self.children = children
    }

    /// Calls `body` for this box and every descendant, parents before children, with depth.
    public func walk(depth: Int = 0, _ body: (Box, Int) -> Void) {
        body(self, depth)
        for child in children { child.walk(depth: depth + 1, body) }
    }

    /// This box and its descendants moved by (dx, dy).
    public func offsetBy(dx: Int = 0, dy: Int = 0) -> Box {
        var moved = self
        moved.frame = frame.offsetBy(dx: dx, dy: dy)
        moved.children = children.map { $0.offsetBy(dx: dx, dy: dy) }
        return moved
    }
}
