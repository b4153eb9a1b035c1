@_spi(ChatLayoutStages) import ChatLayoutModel
@_spi(ChatLayoutStages) import ChatLayoutDecisions

/// What a box is, in the chat domain.
public enum BoxRole: String, Hashable, Sendable, CaseIterable, Codable {
    /// The whole screen.
    case root
    /// The channel header (`channelHeader`) with its title (`headerTitle`) and subtitle
    /// (`headerSubtitle`).
    case channelHeader, headerTitle, headerSubtitle
    /// The scrolling list of rows (clips them to the viewport).
    case messageList
    /// Rows of the list: a date separator, the unread separator, a message's row.
    case dateSeparator, unreadSeparator, messageRow
    /// The parts of a message row: the avatar (initials), the author's name, the bubble, and
    /// inside the bubble the quoted message, the attachments and the text; the reactions above
    /// the bubble and the thread info under it.
    case avatar, authorName, bubble, text, quotedMessage, attachment, reactions, threadInfo
    /// More parts of a message row: the time, the delivery status, the error glyph beside the
    /// bubble, "Only visible to you", the translation (inside the bubble) and "Edited".
    case timestamp, deliveryStatus, errorIndicator, onlyVisibleToYou, translation, editedLabel
    /// A message's images and videos as one gallery inside the bubble (Stream's
    /// `ChatMessageGalleryView`): its children are the tiles, `attachment` boxes.
    case gallery
    /// Rows that stand for the list itself: "Leia is typing…", "No messages yet", the loading
    /// state.
    case typingIndicator, emptyState, loadingState
    /// The message list's loading rows while a page loads (Stream's pagination states): above
    /// the oldest message while older messages load, under the newest while newer ones do.
    case loadingOlderIndicator, loadingNewerIndicator
    /// Floats over the list: the date of the messages at the top of the viewport.
    case dateOverlay
    /// Floats over the list when it is scrolled away from the bottom, with the unread count.
    case scrollToLatestButton
    /// Floats at the top of the list while the first unread message is out of sight: "3 unread"
    /// (`jump_to_unread_enabled`), with the unread count.
    case jumpToUnreadButton
    /// The background of a message the viewport highlights (``Viewport/highlightedMessageID``),
    /// right before the message's row in the list, with the row's frame.
    case highlight

    // The thread list.
    /// One thread: its id is the parent message id.
    case threadListItem
    /// The first line of a thread item: its icon and title; then "replied to: …"
    /// (`threadDescription`) with the unread badge at its trailing end.
    case threadIcon, threadTitle, unreadBadge, threadDescription
    /// The latest reply of a thread item: its author's avatar, two lines tall, beside its name
    /// over its text, and its time at the end of the text's line. (A `replyAvatar` is also the
    /// last thread participant's beside a message's thread info, in points.)
    case replyAvatar, replyAuthor, replyPreview, replyTimestamp
    /// "1 new thread" / "N new threads": a bar across the top of the list, and its words (a
    /// child of the same role) at its leading edge.
    case newThreadsBanner
    /// "Error loading threads": a bar pinned to the bottom of the screen, its words (a child of
    /// the same role) at its leading edge and its retry button at its trailing edge.
    case errorBanner, retryButton
    /// The spinner under the list while the next page loads, and above it while reloading.
    case loadingMoreIndicator, reloadingIndicator

    // The thread view.
    /// The parent message shown above the replies (`info_header` presentation).
    case parentMessage
    /// "3 replies" between two separator lines under the parent message.
    case replyCountSeparator
    /// "Channel is frozen": a banner floating over the top of a frozen channel's thread, its
    /// words centred in it (Sendbird's `SBUChannelStateBanner`, with `frozen_banner`).
    case frozenBanner
    /// The parent message's more button at the trailing end of its sender's lines (Sendbird's
    /// `SBUParentMessageInfoView.moreButton`): "⋮" on a terminal, an icon the front end draws.
    case moreButton

    /// The typing indicator's dots before its words (Stream's `TypingAnimationView`): a child
    /// of the ``typingIndicator`` row, "•••" on a terminal, drawn by the front end elsewhere.
    case typingDots
    /// In a message's footnote, after the time: "Translated to Portuguese", when the bubble
    /// shows the message in translation.
    case translationLabel
    /// A line above a message's bubble saying something about it (Stream SwiftUI's
    /// `MessageTopView`): "Pinned by Leia", "Replied to a thread • View", "Reminder set • in 2
    /// hours". Its content says which (``BoxContent/annotation(_:)``).
    case annotation
    /// The header over the first message of others' groups with the author's name (Stream
    /// SwiftUI's `lastInGroupHeaderSize`, `last_in_group_header_size`).
    case groupHeader

    // Rich text (`markdown_enabled`): a message's ``text`` box holds one box per block.
    /// A block of a message's rich text — a paragraph, a heading, a list item's words, a code
    /// block — its lines carrying their styled spans (``PlacedLine/spans``); its content
    /// (``BoxContent/richTextBlock(_:)``) says which kind and how deep.
    case textBlock
    /// A list item's marker, "•" or "3.", hanging before the item's first line
    /// (``BoxContent/listMarker(_:)``).
    case listMarker
    /// The bar before the blocks of a block quote, one per quote depth, as tall as the block.
    case quoteGutter
    /// The bar before a code block's lines.
    case codeGutter
    /// A thematic break (`---`): a rule across the text.
    case thematicBreak
}

/// An integer rectangle in cells (the text renderer) or points (a front end), relative to the
/// root box.
public struct Frame: Hashable, Sendable, Codable, CustomStringConvertible {
    /// The left edge, counted from the root's (the tree is laid out left to right: leading is
    /// left).
    public var x: Int
    /// The top edge, counted from the root's.
    public var y: Int
    /// The width, in the measurer's units (cells for the text renderer, points for a front end).
    public var width: Int
    /// The height, in the layout's vertical units: a line of text is ``Metrics/lineHeight``
    /// of them (one row for the text renderer, a font's line height in points).
    public var height: Int

    /// A frame with its origin and size.
    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// The right edge: `x + width`.
    public var maxX: Int { x + width }
    /// The bottom edge: `y + height`.
    public var maxY: Int { y + height }

    /// Whether `other` lies entirely inside this frame.
    public func contains(_ other: Frame) -> Bool {
        other.x >= x && other.y >= y && other.maxX <= maxX && other.maxY <= maxY
    }

    /// Whether the two frames overlap (share any unit of area).
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
public enum TextAlignment: String, Hashable, Sendable, Codable {
    /// Against the leading edge, centred, or against the trailing edge.
    case leading, center, trailing
}

/// Which corner of a bubble is the tail (the square corner pointing at its author).
public enum BubbleTail: String, Hashable, Sendable, Codable {
    /// A continuous bubble: all corners round.
    case none
    /// The bottom leading corner: others' messages, on the leading side.
    case bottomLeading
    /// The bottom trailing corner: the current user's messages, on the trailing side.
    case bottomTrailing
}

/// One line of a box's text, placed: where it starts in the box and how wide it is, so that
/// no front end measures it again. A box's lines stand ``Metrics/lineHeight`` apart, the
/// first at the top of its frame (the text of a media box at the top of the media).
public struct PlacedLine: Hashable, Sendable, Codable {
    /// The line as the measurer's front end draws it (``TextLine/display``), bidi controls and
    /// hanging spaces removed: reordered for a grid (UAX #9, visual order, left to right) by a
    /// measurer in cells, in reading order from one whose text system applies bidi. Neutral:
    /// the layout measures only ``NeutralText`` and a line read from JSON is neutralised; a
    /// line made in code holds neutral text too (`NeutralText(words).string`).
    public var display: String
    /// The reading order, kept only where it is not the display (right-to-left text, bidi
    /// controls): a line of left-to-right text holds one string.
    @usableFromInline package private(set) var reading: String?
    /// Offset and width, stored in 32 bits each: a long list holds millions of lines.
    @usableFromInline var storedX: Int32
    @usableFromInline var storedWidth: Int32
    /// The styled pieces of a line of rich text (``BoxRole/textBlock``), in logical order; nil
    /// for every other line (a message without markup allocates nothing for them).
    public var spans: [PlacedSpan]?

    /// The line's left edge, counted from the box's `frame.x` (in a right-to-left layout too).
    public var x: Int {
        get { Int(storedX) }
        set { storedX = Self.clamped(newValue) }
    }
    /// The line's width in the measurer's units (hanging spaces do not count).
    public var width: Int {
        get { Int(storedWidth) }
        set { storedWidth = Self.clamped(newValue) }
    }

    @usableFromInline static func clamped(_ value: Int) -> Int32 { Int32(clamping: value) }

    /// The line in logical (reading) order without its hanging spaces, as a front end that
    /// shapes text itself takes it (with the box's ``Box/textDirection`` as its base
    /// direction): Arabic joins only so.
    public var text: String { reading ?? display }

    /// A placed line; `text` (reading order) may end in hanging spaces, which are left out.
    @inlinable public init(display: String, text: String, x: Int, width: Int) {
        self.display = display
        self.reading = Self.readingOrder(text, display: display)
        self.storedX = Self.clamped(x)
        self.storedWidth = Self.clamped(width)
        self.spans = nil
    }

    /// A placed line whose reading order is known already, as ``readingOrder(_:display:)``
    /// gives it (nil where it is the display, no hanging spaces): a line read back from a
    /// list's row records, kept that way when it was placed, is not compared again.
    package init(display: String, reading: String?, x: Int, width: Int) {
        self.display = display
        self.reading = reading
        self.storedX = Self.clamped(x)
        self.storedWidth = Self.clamped(width)
        self.spans = nil
    }

    /// The reading order of `text` without its hanging spaces, or nil where that is the
    /// display, byte for byte (a reading order canonically equivalent to the display is still
    /// another text; a whole string compares as one, so a copy of the display is equal at once).
    @usableFromInline package static func readingOrder(_ text: String, display: String) -> String? {
        // Most lines end in none: one byte says so, without walking characters back.
        let utf8 = text.utf8
        guard let byte = utf8.last, byte == 0x20 || byte == 0x09 || byte == 0x0A else {
            return Identifier.same(text, display) ? nil : text
        }
        // The text's bytes, where it has them in one piece (a native string does): no index
        // walked, no character compared, unless characters would trim otherwise.
        if let trimmed = utf8.withContiguousStorageIfAvailable({ trimmedReading($0, display: display) }), let reading = trimmed {
            return reading
        }
        var end = utf8.endIndex
        while end > utf8.startIndex {
            let last = utf8[utf8.index(before: end)]
            guard last == 0x20 || last == 0x09 || last == 0x0A else { break }
            end = utf8.index(before: end)
        }
        // Bytes alone decide where what comes before is plain ASCII (not a carriage return,
        // which joins a line feed); else characters do (a prepended mark joins a space).
        var reading: Substring
        let before = end > utf8.startIndex ? utf8[utf8.index(before: end)] : 0x41
        if before < 0x80 && before != 0x0D {
            reading = text[..<end]
        } else {
            reading = Substring(text)
            while let last = reading.last, last == " " || last == "\t" || last == "\n" { reading.removeLast() }
        }
        // Compared before a string is made of it: where it is the display (most lines that end
        // in a space), none is.
        return sameBytes(reading, display) ? nil : String(reading)
    }

    /// ``readingOrder(_:display:)`` as the length of `text`'s UTF-8 it keeps (the reading order
    /// is always the text less some hanging spaces at its end), nil where that is the display:
    /// a table that stores the reading's bytes needs no string made of them.
    package static func readingLength(_ text: String, display: String) -> Int? {
        // The text's bytes read in place (a native string's, a small one's copied to the
        // stack): its last byte without an index of the UTF-8 view walked back (`last` on the
        // view is a hundred instructions a line).
        let found = text.utf8.withContiguousStorageIfAvailable { bytes -> Int?? in
            guard let byte = bytes.last, byte == 0x20 || byte == 0x09 || byte == 0x0A else {
                return .some(Identifier.same(text, display) ? nil : bytes.count)
            }
            return trimmedReadingLength(bytes, display: display)
        }
        if let found, let length = found { return length }
        return readingOrder(text, display: display)?.utf8.count
    }

    /// Whether a line of `text` drawn as `text` itself reads as drawn
    /// (``readingLength(_:display:)`` of the two is nil): told at once from its last byte where
    /// that is not a space, tab or line feed (a time, initials, a name), else as that finds.
    package static func readsAsDrawn(_ text: String) -> Bool {
        if let last = text.utf8.withContiguousStorageIfAvailable({ $0.last }), let byte = last,
           byte != 0x20 && byte != 0x09 && byte != 0x0A { return true }
        return readingLength(text, display: text) == nil
    }

    /// ``trimmedReading(_:display:)`` as a length: `.some` with the length of the reading
    /// order (nil: the display's), nil where characters must decide.
    static func trimmedReadingLength(_ bytes: UnsafeBufferPointer<UInt8>, display: String) -> Int?? {
        guard let end = trimmedEnd(bytes) else { return nil }
        let kept = UnsafeBufferPointer(rebasing: bytes[..<end])
        let same = display.utf8.withContiguousStorageIfAvailable { Identifier.equalBytes(kept, $0) }
        guard let same else { return nil }
        return .some(same ? nil : end)
    }

    /// Where the text of `bytes`, ending in a space, tab or line feed, ends without them as
    /// characters trim them (``trimmedReading(_:display:)``), or nil where characters must decide.
    private static func trimmedEnd(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        var end = bytes.count
        while end > 0, bytes[end - 1] == 0x20 || bytes[end - 1] == 0x09 || bytes[end - 1] == 0x0A { end -= 1 }
        if end > 0 {
            let before = bytes[end - 1]
            if before == 0x0D { return nil }
            if before >= 0x80 && bytes[end] == 0x20 {
                var start = end - 1
                while start > 0 && bytes[start] & 0xC0 == 0x80 { start -= 1 }
                var pair = String(decoding: UnsafeBufferPointer(rebasing: bytes[start ..< end]), as: UTF8.self)
                pair.append(" ")
                guard pair.count == 2 else { return nil }
            }
        }
        return end
    }

    /// ``readingOrder(_:display:)`` of a text ending in a space, tab or line feed, from its
    /// bytes: `.some` with the reading order, or nil where characters must decide. Characters
    /// trim each trailing space, tab or line feed that is a character of its own, and each is
    /// but where it joins what comes before it: a line feed after a carriage return (one
    /// character), a space after a prepended mark (Arabic number signs, which join the
    /// character after them). The scalar before the trailing run and a space are asked of the
    /// grapheme rules (the same as characters follow) when that scalar is not ASCII.
    @usableFromInline static func trimmedReading(_ bytes: UnsafeBufferPointer<UInt8>, display: String) -> String?? {
        guard let end = trimmedEnd(bytes) else { return nil }
        let kept = UnsafeBufferPointer(rebasing: bytes[..<end])
        let same = display.utf8.withContiguousStorageIfAvailable { Identifier.equalBytes(kept, $0) }
        guard let same else { return nil }
        return .some(same ? nil : String(decoding: kept, as: UTF8.self))
    }

    /// `part` and `whole` are the same bytes (``Identifier/same(_:_:)`` for a substring).
    private static func sameBytes(_ part: Substring, _ whole: String) -> Bool {
        guard part.utf8.count == whole.utf8.count else { return false }
        let compared = part.utf8.withContiguousStorageIfAvailable { left in
            whole.utf8.withContiguousStorageIfAvailable { right in Identifier.equalBytes(left, right) }
        }
        if let compared, let result = compared { return result }
        return part.utf8.elementsEqual(whole.utf8)
    }

    private enum CodingKeys: String, CodingKey { case display, text, x, width, spans }

    /// Decodes `{display, text, x, width, spans?}`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        // Read from outside the library: the display form, drawn as it is, is neutralised
        // (``Box/init(jsonValue:)`` does the same).
        self.init(display: NeutralText(try container.decode(String.self, forKey: .display)).string,
                  text: try container.decode(String.self, forKey: .text),
                  x: try container.decode(Int.self, forKey: .x), width: try container.decode(Int.self, forKey: .width))
        self.spans = try container.decodeIfPresent([PlacedSpan].self, forKey: .spans)
    }

    /// Encodes `{display, text, x, width, spans?}`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(display, forKey: .display)
        try container.encode(text, forKey: .text)
        try container.encode(x, forKey: .x)
        try container.encode(width, forKey: .width)
        try container.encodeIfPresent(spans, forKey: .spans)
    }
}

/// A box of the layout tree: a role, the message it belongs to, an integer frame relative to
/// the root, what it stands for (typed ``content`` and its words), the lines drawn, placed,
/// and its children. An immutable value: front ends walk it and draw each box their own way.
public struct Box: Hashable, Sendable, Codable {
    /// What the box is.
    public var role: BoxRole
    /// The message id, on the boxes that belong to a message.
    public var id: String?
    /// Where the box is, relative to the root (not to its parent).
    public var frame: Frame
    /// The words the box stands for (neutralised, reading order), where it has some: a
    /// message's text, a date label, an attachment's title, "3 replies". Set, they are
    /// neutralised.
    public var text: String? {
        get { neutralText?.string }
        set { neutralText = newValue.map { NeutralText($0) } }
    }
    /// The words the box stands for, as the box holds them: ``NeutralText`` only.
    public var neutralText: NeutralText?
    /// What the box stands for, as data: an attachment's kind and size, a delivery status, the
    /// reactions… nil where ``role`` and ``text`` say it all.
    public var content: BoxContent?
    /// The lines drawn, top to bottom, each placed in the frame (in the presentation the
    /// layout was given: "[image: beach.jpg]" on a terminal). Empty for boxes that draw no text.
    public var placedLines: [PlacedLine]
    /// How the lines sit in the frame (already applied to each line's `x`).
    public var alignment: TextAlignment
    /// The base direction of the box's text: right-to-left lines sit at the trailing edge.
    public var textDirection: TextDirection
    /// For bubbles: the tail corner.
    public var tail: BubbleTail
    /// The boxes inside this one, each within its frame, in drawing order.
    public var children: [Box]

    /// A box with its role, frame, text, content, placed lines and children.
    @inlinable public init(role: BoxRole, id: String? = nil, frame: Frame, text: NeutralText? = nil, content: BoxContent? = nil,
                placedLines: [PlacedLine] = [], alignment: TextAlignment = .leading, textDirection: TextDirection = .leftToRight,
                tail: BubbleTail = .none, children: [Box] = []) {
        self.role = role
        self.id = id
        self.frame = frame
        self.neutralText = text
        self.content = content
        self.placedLines = placedLines
        self.alignment = alignment
        self.textDirection = textDirection
        self.tail = tail
        self.children = children
    }

    /// The lines drawn, top to bottom, in display order (``PlacedLine/display``).
    public var lines: [String] { placedLines.map(\.display) }

    /// This box and its descendants mirrored in a screen `width` wide, as a right-to-left
    /// layout places its left-to-right twin (``LayoutDirection``): each frame at
    /// `width - x - frame width`, each line at the other end of its box. Text, roles, alignment
    /// and tails keep their meaning: leading is now the right.
    public func mirrored(inWidth width: Int) -> Box {
        var mirrored = self
        mirrored.frame.x = width - frame.x - frame.width
        for index in mirrored.placedLines.indices {
            let line = mirrored.placedLines[index]
            mirrored.placedLines[index].x = frame.width - line.x - line.width
        }
        mirrored.children = children.map { $0.mirrored(inWidth: width) }
        return mirrored
    }

    /// Decodes a box in the shape ``json()`` writes (``init(jsonValue:)``).
    public init(from decoder: any Decoder) throws {
        self = try CodableJSONValue.decode(from: decoder, Box.init(jsonValue:))
    }

    /// Encodes the box as ``json()``.
    public func encode(to encoder: any Encoder) throws {
        try CodableJSONValue(json()).encode(to: encoder)
    }

    /// This box and its descendants moved by (dx, dy).
    public func offsetBy(dx: Int = 0, dy: Int = 0) -> Box {
        var moved = self
        moved.frame = frame.offsetBy(dx: dx, dy: dy)
        moved.children = children.map { $0.offsetBy(dx: dx, dy: dy) }
        return moved
    }
}
