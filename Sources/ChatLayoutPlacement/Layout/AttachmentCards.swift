@_spi(ChatLayoutStages) import ChatLayoutModel
import ChatLayoutComposition

/// The lengths of attachments' cards (issue 29, points 3 and 4), in a layout's units: Stream's
/// points (``points``), or cells and rows (``cells``), where the arrangement is the same and a
/// card is a bordered block of lines.
public struct AttachmentCardMetrics: Hashable, Sendable {
    /// A file's or a recording's border (Stream: 1 point; a cell on a terminal).
    public var border: Int
    /// A link preview's border: none in points (Stream draws the card on the bubble), a cell
    /// on a terminal, where nothing else marks the card.
    public var linkBorder: Int
    /// Space inside a card's border across (Stream's layout margins: 8 points).
    public var padding: Int
    /// The same down (none on a terminal: the border's row is room enough).
    public var verticalPadding: Int
    /// Space above a card that follows another (Stream's file list: 4 points).
    public var spacing: Int
    /// A link preview's picture: its height in hundredths of its width (Stream: 50).
    public var linkImagePercent: Int
    /// Between a link preview's picture and its title (Stream's system spacing: 8 points).
    public var imageGap: Int
    /// Between a link preview's title and description, a file's name and size (Stream: 3 points).
    public var textSpacing: Int
    /// The author badge's label above the picture's bottom edge (Stream's badge inset: 4 points).
    public var badgeBottomInset: Int
    /// The most lines a link preview's description has (Stream: 3).
    public var descriptionLines: Int
    /// A file's type icon (Stream: 34 by 40 points; on a terminal as wide as its type in
    /// brackets and two rows).
    public var iconWidth: Int
    /// The icon's height (Stream: 40 points; two rows).
    public var iconHeight: Int
    /// Between the icon or the play button and the words beside it (Stream: 8 points).
    public var iconGap: Int
    /// A recording's play button, square (Stream: 36 points; two cells, one row).
    public var playButtonSize: Int
    /// A giphy's buttons' row (Stream: 48 points; a row).
    public var actionHeight: Int
    /// Between two buttons (Stream: 1 point; a cell on a terminal).
    public var actionSpacing: Int
    /// The rule above the buttons (Stream: 1 point; none on a terminal).
    public var actionRule: Int
    /// The widest a link preview's, a file's or a recording's card is (Stream: the bubble's
    /// content; 40 cells on a terminal, where a card across a wide bubble says no more).
    public var maxWidth: Int = .max
    /// A poll's border: none in points (Stream's poll lies on the bubble), a cell on a terminal,
    /// where nothing else marks the card.
    public var pollBorder = 1
    /// Space inside a poll's border across: none in points (the bubble's padding is Stream's
    /// margin), a cell on a terminal.
    public var pollPadding = 1
    /// Space above and below a poll's content, inside its border (points: 4 more than the
    /// bubble's own, Stream's 12-point margin; none on a terminal).
    public var pollVerticalPadding = 0
    /// Between a poll's question and its options, and its options and its buttons (Stream: 14
    /// points).
    public var pollSectionSpacing = 0
    /// Between two options of a poll (Stream: 24 points).
    public var pollOptionSpacing = 0
    /// An option's check circle's column (Stream: 25 points; two cells).
    public var pollCheckWidth = 2
    /// A voter's avatar, square (Stream: 20 points; a cell).
    public var voterAvatarSize = 1
    /// How far a voter's avatar overlaps the one before it (Stream: 4 points; none).
    public var voterAvatarOverlap = 0
    /// A voice recording's trailing file icon, square (Stream: 30 points; as wide as its type
    /// in brackets on a terminal).
    public var recordingIconSize = 5
    /// A file's download or share button at the card's trailing edge, across (Stream UIKit's
    /// `actionIconImageView`: its symbol's 19 points, by which the card grows in its snapshot;
    /// on a terminal as wide as its glyph in brackets, "[↓]").
    public var downloadButtonWidth = 3
    /// The button's height in vertical units, centred down beside the name and size (19 points; a row).
    public var downloadButtonHeight = 1
    /// Between a quoted voice recording's words and its file icon (Stream UIKit's quoted
    /// preview: 4 points; a cell on a terminal).
    public var quotedRecordingGap = 1
    /// Between the name and size and the button (Stream: none, its stack has no spacing; a
    /// cell on a terminal).
    public var downloadButtonGap = 1
    /// Sendbird's file and voice cells: their icon or play button, square (28 points; on a
    /// terminal its glyph's width and a line).
    public var sendbirdIconSize = 1
    /// Their padding across (12 points; a cell).
    public var sendbirdPadding = 1
    /// Their height (44 points; a line between two border rows on a terminal).
    public var sendbirdCellHeight = 3
    /// A voice message's width (`SBUVoiceContentView`: 136 points; 17 cells).
    public var sendbirdVoiceWidth = 17

    /// Lengths: see the properties.
    public init(border: Int, linkBorder: Int, padding: Int, verticalPadding: Int, spacing: Int, linkImagePercent: Int, imageGap: Int,
                textSpacing: Int, badgeBottomInset: Int, descriptionLines: Int, iconWidth: Int, iconHeight: Int, iconGap: Int,
                playButtonSize: Int, actionHeight: Int, actionSpacing: Int, actionRule: Int) {
        self.border = border
        self.linkBorder = linkBorder
        self.padding = padding
        self.verticalPadding = verticalPadding
        self.spacing = spacing
        self.linkImagePercent = linkImagePercent
        self.imageGap = imageGap
        self.textSpacing = textSpacing
        self.badgeBottomInset = badgeBottomInset
        self.descriptionLines = max(1, descriptionLines)
        self.iconWidth = iconWidth
        self.iconHeight = iconHeight
        self.iconGap = iconGap
        self.playButtonSize = playButtonSize
        self.actionHeight = actionHeight
        self.actionSpacing = actionSpacing
        self.actionRule = actionRule
    }

    /// Cells and rows: bordered cards, no vertical padding, the icon five cells by two rows.
    public static let cells: AttachmentCardMetrics = {
        var cells = AttachmentCardMetrics(border: 1, linkBorder: 1, padding: 1, verticalPadding: 0, spacing: 0, linkImagePercent: 50,
                                          imageGap: 0, textSpacing: 0, badgeBottomInset: 0, descriptionLines: 3, iconWidth: 5,
                                          iconHeight: 2, iconGap: 1, playButtonSize: 2, actionHeight: 1, actionSpacing: 1, actionRule: 0)
        cells.maxWidth = 40
        return cells
    }()

    /// Stream's points.
    public static let points: AttachmentCardMetrics = {
        var points = AttachmentCardMetrics(border: 1, linkBorder: 0, padding: 8, verticalPadding: 8, spacing: 4, linkImagePercent: 50,
                                           imageGap: 8, textSpacing: 3, badgeBottomInset: 4, descriptionLines: 3, iconWidth: 34,
                                           iconHeight: 40, iconGap: 8, playButtonSize: 36, actionHeight: 48, actionSpacing: 1,
                                           actionRule: 1)
        points.pollBorder = 0
        points.pollPadding = 0
        points.pollVerticalPadding = 4
        points.pollSectionSpacing = 14
        points.pollOptionSpacing = 24
        points.pollCheckWidth = 25
        points.voterAvatarSize = 20
        points.voterAvatarOverlap = 4
        points.recordingIconSize = 30
        points.downloadButtonWidth = 19
        points.downloadButtonHeight = 19
        points.downloadButtonGap = 0
        points.quotedRecordingGap = 4
        points.sendbirdIconSize = 28
        points.sendbirdPadding = 12
        points.sendbirdCellHeight = 44
        points.sendbirdVoiceWidth = 136
        return points
    }()
}

extension RowLayout {
    /// A card's part placed in the card: its block and its frame, from the card's top left.
    struct CardPartPlacement {
        var block: Block
        var frame: Frame
    }

    /// An attachment drawn as a card (``CardSpec``), `width` wide: a link preview, a file or a
    /// recording across the bubble's content; a giphy with its buttons across the bubble.
    /// `follows`: it comes right after another card (it keeps the spacing above it).
    func cardBlock(_ spec: AttachmentSpec, card: CardSpec, width: Int, follows: Bool = false) -> Block {
        var cardWidth: Int
        switch card.kind {
        case .giphyActions: cardWidth = width
        case .voiceMessage: cardWidth = min(width, metrics.cards.sendbirdVoiceWidth)
        case .fileMessage:
            // As wide as its icon and name (the name cut to the width): Sendbird's stack view.
            let parts = sendbirdCellParts(card, width: width).parts
            cardWidth = min(width, (parts.map { $0.frame.x + $0.block.width }.max() ?? 0) + metrics.cards.sendbirdPadding + metrics.cards.border)
        default: cardWidth = min(width, metrics.cards.maxWidth)
        }
        var block = Block(role: .attachment, text: spec.label, content: .attachment(spec.attachment), lines: [], width: max(1, cardWidth),
                          height: 0, alignment: .leading, keepsWidth: true)
        block.card = card
        // A giphy's buttons and Sendbird's cells span the bubble.
        block.bleeds = [.giphyActions, .fileMessage, .voiceMessage].contains(card.kind)
        block.cardTopSpacing = follows && card.kind != .linkPreview ? metrics.cards.spacing : 0
        block.height = block.cardTopSpacing + cardParts(card, width: block.width).height
        return block
    }

    /// Writes a card's box at (x, y) of the row, `width` wide, its parts as its children.
    func emitCard<Sink: BoxSink>(_ card: CardSpec, block: Block, id: String?, x: Int, y: Int, width: Int, into sink: inout Sink) {
        let top = y + block.cardTopSpacing
        let placed = cardParts(card, width: width)
        let token = sink.open(.attachment, id: id, frame: Frame(x: x, y: self.top + top, width: width, height: placed.height),
                              text: block.text, content: block.content, lines: [], alignment: .leading, direction: .leftToRight, tail: .none)
        for part in placed.parts {
            emit(part.block, id: id, x: x + part.frame.x, y: top + part.frame.y, width: part.frame.width, into: &sink)
        }
        sink.close(token, height: nil)
    }

    /// Whether a card fits `width`: its border and padding around a check circle or an icon
    /// and four wide characters beside it. Narrower, the attachment is one line naming it (a
    /// poll its question and options), as before cards: a card's parts would overlap.
    func fitsCard(width: Int) -> Bool {
        let cards = metrics.cards
        return width >= 2 * (cards.border + cards.padding) + cards.playButtonSize + cards.iconGap + 4 * narrowestBubbleContent
    }

    /// A card's parts and height at `width`, in the card's arrangement.
    func cardParts(_ card: CardSpec, width: Int) -> (parts: [CardPartPlacement], height: Int) {
        switch card.kind {
        case .linkPreview: linkPreviewParts(card, width: width)
        case .file: fileParts(card, width: width)
        case .voiceRecording: voiceRecordingParts(card, width: width)
        case .quotedVoiceRecording: quotedVoiceRecordingParts(card, width: width)
        case .giphyActions: giphyActionParts(card, width: width)
        case .poll: pollParts(card, width: width)
        case .fileMessage, .voiceMessage: sendbirdCellParts(card, width: width)
        }
    }

    /// A part's line (cut to `maxWidth`), as tall as `height` when given.
    private func partBlock(_ part: CardSpec.Part, maxWidth: Int, height: Int? = nil) -> Block {
        var block = line(.attachment, part.text, content: .cardPart(part.content), maxWidth: max(1, maxWidth))
        if let height { block.height = max(block.height, height) }
        return block
    }

    /// Stream's `ChatMessageLinkPreviewView`: the picture across the card, half as tall as
    /// wide; the author badge over its bottom leading corner; then, inset, the title (one line)
    /// and the description (three lines at most).
    private func linkPreviewParts(_ card: CardSpec, width: Int) -> (parts: [CardPartPlacement], height: Int) {
        let cards = metrics.cards
        let border = min(cards.linkBorder, max(0, (width - 1) / 2))
        let inside = max(1, width - 2 * border)
        let textX = border + min(cards.padding, max(0, (inside - 1) / 2))
        let textWidth = max(1, width - textX - border - min(cards.padding, max(0, (inside - 1) / 2)))
        var parts: [CardPartPlacement] = []
        var y = border
        var imageBottom: Int?
        if let image = card.part(.image) {
            // At most an image's tallest (a few rows on a terminal).
            let height = max(lineHeight, min(metrics.imageMaxHeight, inside * cards.linkImagePercent / (100 * metrics.verticalScale)))
            var block = Block(role: .attachment, text: nil, content: .cardPart(image.content), lines: [], width: inside, height: height,
                              alignment: .leading)
            block.keepsWidth = true
            parts.append(CardPartPlacement(block: block, frame: Frame(x: border, y: y, width: inside, height: height)))
            y += height
            imageBottom = y
        }
        if let author = card.part(.author) {
            let block = partBlock(author, maxWidth: textWidth)
            // Over the picture's bottom leading corner. Without a picture, Stream pulls the badge
            // 8 points above the card's top (`authorOnImageConstraint`): its label at the top of
            // a card without a border, the badge's bottom inset under it. A bordered card (a
            // terminal's, where a cell cannot be halved) keeps it inside, on its first line.
            let authorY = imageBottom.map { max(border, $0 - cards.badgeBottomInset - block.height) }
                ?? y + (border > 0 ? cards.verticalPadding : 0)
            parts.append(CardPartPlacement(block: block, frame: Frame(x: textX, y: authorY, width: block.width, height: block.height)))
            y = max(y, authorY + block.height + (imageBottom == nil ? cards.badgeBottomInset : 0))
        }
        var texts: [Block] = []
        if let title = card.part(.title) { texts.append(partBlock(title, maxWidth: textWidth)) }
        if let description = card.part(.description) { texts.append(descriptionBlock(description, width: textWidth)) }
        if !texts.isEmpty {
            y += parts.isEmpty ? cards.verticalPadding : cards.imageGap
            for (index, block) in texts.enumerated() {
                if index > 0 { y += cards.textSpacing }
                parts.append(CardPartPlacement(block: block, frame: Frame(x: textX, y: y, width: textWidth, height: block.height)))
                y += block.height
            }
            y += cards.verticalPadding
        }
        return (parts, max(lineHeight, y + border))
    }

    /// A description wrapped at `width`, its last line cut with an ellipsis past the most lines.
    private func descriptionBlock(_ part: CardSpec.Part, width: Int) -> Block {
        var block = wrapped(.attachment, part.text ?? "", width: width, alignment: nil, content: .cardPart(part.content))
        let limit = metrics.cards.descriptionLines
        if block.lines.count > limit {
            let kept = block.lines[limit - 1 ..< block.lines.count].map(\.text).joined()
            let cut = measurer.wrap(measurer.truncate(kept, width: width), width: width).lines.first
            block.lines = Array(block.lines.prefix(limit - 1)) + (cut.map { [$0] } ?? [])
            block.height = block.lines.count * lineHeight
            block.width = block.lines.map(\.width).max() ?? 0
        }
        return block
    }

    /// A bordered card's border and where its content starts and ends across, in a card
    /// `width` wide (border and padding shrunk where the card is too narrow for them).
    private func cardInsets(width: Int) -> (border: Int, left: Int, right: Int) {
        let border = min(metrics.cards.border, max(0, (width - 1) / 2))
        let padding = min(metrics.cards.padding, max(0, (width - 2 * border - 1) / 2))
        return (border, border + padding, width - border - padding)
    }

    /// Stream's file item: inside a border, the type icon at the leading edge, centred down;
    /// beside it the name (one line) over the size; the download or share button, when the card
    /// has one, at the trailing edge, centred down (where there is room for it).
    private func fileParts(_ card: CardSpec, width: Int) -> (parts: [CardPartPlacement], height: Int) {
        let cards = metrics.cards
        let (border, left, cardRight) = cardInsets(width: width)
        var x = left
        var right = cardRight
        var button: CardPartPlacement?
        if let block = sizedPart(card.part(.downloadButton) ?? card.part(.shareButton), width: cards.downloadButtonWidth,
                                 height: max(1, cards.downloadButtonHeight), room: cardRight - left,
                                 beside: cards.downloadButtonGap + cards.iconWidth + cards.iconGap + narrowestBubbleContent) {
            button = CardPartPlacement(block: block, frame: Frame(x: cardRight - block.width, y: 0, width: block.width, height: block.height))
            right = cardRight - block.width - cards.downloadButtonGap
        }
        var icon: CardPartPlacement?
        if let block = sizedPart(card.part(.fileIcon), width: cards.iconWidth, height: cards.iconHeight, room: right - x,
                                 beside: cards.iconGap + narrowestBubbleContent) {
            icon = CardPartPlacement(block: block, frame: Frame(x: x, y: 0, width: block.width, height: block.height))
            x += block.width + cards.iconGap
        }
        var texts: [Block] = []
        if let name = card.part(.fileName) { texts.append(partBlock(name, maxWidth: right - x)) }
        if let size = card.part(.fileSize) { texts.append(partBlock(size, maxWidth: right - x)) }
        return centredRow(leading: icon, texts: texts, x: x, right: right, trailing: button, border: border)
    }

    /// `part` as a box of its own in a card: at least `width` wide (wider when its words are),
    /// `height` tall, its words centred; nil without the part, or when `room` does not leave
    /// `beside` next to it.
    private func sizedPart(_ part: CardSpec.Part?, width: Int, height: Int, room: Int, beside: Int) -> Block? {
        guard let part else { return nil }
        var block = partBlock(part, maxWidth: max(1, room))
        block.width = max(width, block.width)
        guard room >= block.width + beside else { return nil }
        block.alignment = .center
        block.height = height
        return block
    }

    /// A recording's file icon's height: its size, at least a line.
    private var recordingIconHeight: Int { max(lineHeight, metrics.cards.recordingIconSize / metrics.verticalScale) }

    /// A card's one row: `leading` (an icon), the `texts` stacked from `x` to `right` and
    /// `trailing` (a button, an icon), each centred down the tallest of them, inside the
    /// border and the vertical padding; the parts in that order, and the card's height.
    private func centredRow(leading: CardPartPlacement?, texts: [Block], x: Int, right: Int, trailing: CardPartPlacement?,
                            border: Int) -> (parts: [CardPartPlacement], height: Int) {
        let cards = metrics.cards
        let textHeight = texts.reduce(0) { $0 + $1.height } + cards.textSpacing * max(0, texts.count - 1)
        let contentHeight = max(textHeight, leading?.frame.height ?? 0, trailing?.frame.height ?? 0)
        let top = border + cards.verticalPadding
        var parts: [CardPartPlacement] = []
        func centred(_ part: CardPartPlacement?) {
            guard var part else { return }
            part.frame.y = top + (contentHeight - part.frame.height) / 2
            parts.append(part)
        }
        centred(leading)
        var y = top + (contentHeight - textHeight) / 2
        for block in texts {
            parts.append(CardPartPlacement(block: block, frame: Frame(x: x, y: y, width: max(1, right - x), height: block.height)))
            y += block.height + cards.textSpacing
        }
        centred(trailing)
        return (parts, top + contentHeight + cards.verticalPadding + border)
    }

    /// Sendbird's file and voice cells (`SBUCommonContentView`, `SBUVoiceContentView`): one row
    /// ``AttachmentCardMetrics/sendbirdCellHeight`` tall, the icon or play button
    /// (``AttachmentCardMetrics/sendbirdIconSize``) at the leading edge, the padding in; a
    /// file's name after it (8 points apart), a voice message's time at the trailing edge;
    /// each centred down.
    private func sendbirdCellParts(_ card: CardSpec, width: Int) -> (parts: [CardPartPlacement], height: Int) {
        let cards = metrics.cards
        let border = min(cards.border, max(0, (width - 1) / 2))
        let padding = min(cards.sendbirdPadding, max(0, (width - 2 * border - 1) / 2))
        let left = border + padding, right = width - border - padding
        let height = max(cards.sendbirdCellHeight, 2 * border + lineHeight)
        var parts: [CardPartPlacement] = []
        var x = left
        if let part = card.part(.fileIcon) ?? card.part(.playButton) {
            var block = partBlock(part, maxWidth: max(1, right - x))
            let size = max(cards.sendbirdIconSize, block.width)
            if right - x >= size + cards.iconGap + narrowestBubbleContent {
                block.width = size
                block.alignment = .center
                block.height = max(lineHeight, cards.sendbirdIconSize / metrics.verticalScale)
                parts.append(CardPartPlacement(block: block, frame: Frame(x: x, y: (height - block.height) / 2, width: size, height: block.height)))
                x += size + cards.iconGap
            }
        }
        if let name = card.part(.fileName) {
            let block = partBlock(name, maxWidth: right - x)
            parts.append(CardPartPlacement(block: block, frame: Frame(x: x, y: (height - block.height) / 2, width: block.width, height: block.height)))
        }
        if let time = card.part(.duration) {
            var block = partBlock(time, maxWidth: right - x)
            block.alignment = .trailing
            parts.append(CardPartPlacement(block: block, frame: Frame(x: right - block.width, y: (height - block.height) / 2,
                                                                      width: block.width, height: block.height)))
        }
        return (parts, height)
    }

    /// Stream's voice recording item: inside a border, the play button at the leading edge,
    /// centred down; beside it the name over the duration and the waveform, which takes the
    /// rest of the line; the file icon at the trailing edge, centred down (where there is room
    /// for it).
    private func voiceRecordingParts(_ card: CardSpec, width: Int) -> (parts: [CardPartPlacement], height: Int) {
        let cards = metrics.cards
        let (border, left, cardRight) = cardInsets(width: width)
        var parts: [CardPartPlacement] = []
        var x = left
        var right = cardRight
        var icon: CardPartPlacement?
        if let block = sizedPart(card.part(.recordingIcon), width: cards.recordingIconSize, height: recordingIconHeight, room: cardRight - left,
                                 beside: cards.iconGap + cards.playButtonSize + cards.iconGap + 4 * narrowestBubbleContent) {
            icon = CardPartPlacement(block: block, frame: Frame(x: cardRight - block.width, y: 0, width: block.width, height: block.height))
            right = cardRight - block.width - cards.iconGap
        }
        var play: CardPartPlacement?
        if let part = card.part(.playButton), right - x >= cards.playButtonSize + cards.iconGap + narrowestBubbleContent {
            var block = partBlock(part, maxWidth: cards.playButtonSize)
            block.width = cards.playButtonSize
            block.alignment = .center
            let height = max(lineHeight, cards.playButtonSize / metrics.verticalScale)
            block.height = height
            play = CardPartPlacement(block: block, frame: Frame(x: x, y: 0, width: cards.playButtonSize, height: height))
            x += cards.playButtonSize + cards.iconGap
        }
        let name = card.part(.fileName).map { partBlock($0, maxWidth: right - x) }
        let duration = card.part(.duration).map { partBlock($0, maxWidth: right - x) }
        let textHeight = (name?.height ?? 0) + (duration?.height ?? 0) + (name != nil && duration != nil ? cards.textSpacing : 0)
        let contentHeight = max(textHeight, play?.frame.height ?? 0, icon?.frame.height ?? 0)
        let top = border + cards.verticalPadding
        if var play {
            play.frame.y = top + (contentHeight - play.frame.height) / 2
            parts.append(play)
        }
        var y = top + (contentHeight - textHeight) / 2
        if let name {
            parts.append(CardPartPlacement(block: name, frame: Frame(x: x, y: y, width: max(1, right - x), height: name.height)))
            y += name.height + cards.textSpacing
        }
        if let duration {
            parts.append(CardPartPlacement(block: duration, frame: Frame(x: x, y: y, width: duration.width, height: duration.height)))
            let waveX = x + duration.width + cards.iconGap
            if let wave = card.part(.waveform), right - waveX >= 1 {
                var block = partBlock(wave, maxWidth: right - waveX)
                block.width = right - waveX
                parts.append(CardPartPlacement(block: block, frame: Frame(x: waveX, y: y, width: right - waveX, height: duration.height)))
            }
        }
        if var icon {
            icon.frame.y = top + (contentHeight - icon.frame.height) / 2
            parts.append(icon)
        }
        return (parts, top + contentHeight + cards.verticalPadding + border)
    }

    /// Stream UIKit's `VoiceRecordingAttachmentQuotedPreview` (the composer's recording preview
    /// without its play button, its content 8 points inside its border, 4 apart): the name
    /// over the duration, the file icon (30 points, centred down) at the trailing edge, where
    /// there is room for it and a character.
    private func quotedVoiceRecordingParts(_ card: CardSpec, width: Int) -> (parts: [CardPartPlacement], height: Int) {
        let cards = metrics.cards
        let (border, left, cardRight) = cardInsets(width: width)
        var right = cardRight
        var icon: CardPartPlacement?
        if let block = sizedPart(card.part(.recordingIcon), width: cards.recordingIconSize, height: recordingIconHeight, room: cardRight - left,
                                 beside: cards.quotedRecordingGap + narrowestBubbleContent) {
            icon = CardPartPlacement(block: block, frame: Frame(x: cardRight - block.width, y: 0, width: block.width, height: block.height))
            right = cardRight - block.width - cards.quotedRecordingGap
        }
        let texts = [card.part(.fileName), card.part(.duration)].compactMap { $0 }.map { partBlock($0, maxWidth: max(1, right - left)) }
        return centredRow(leading: nil, texts: texts, x: left, right: right, trailing: icon, border: border)
    }

    /// The width a quoted voice recording's card needs: its border and padding around the
    /// wider of its name and duration, the gap and the file icon.
    func quotedVoiceRecordingWidth(_ card: CardSpec) -> Int {
        let cards = metrics.cards
        let words = [card.part(.fileName), card.part(.duration)].compactMap { $0 }.map { partBlock($0, maxWidth: Int(Int32.max)).width }
        let icon = card.part(.recordingIcon).map { max(cards.recordingIconSize, partBlock($0, maxWidth: Int(Int32.max)).width) + cards.quotedRecordingGap } ?? 0
        return 2 * (cards.border + cards.padding) + (words.max() ?? 0) + icon
    }

    /// Stream's `PollAttachmentView`: on the bubble in points (a bordered block on a terminal),
    /// the question (wrapped) over the subtitle; then each option — its check circle at the
    /// leading edge (centred down in points), its text wrapped beside it, its latest voters'
    /// avatars and its vote count at the trailing edge, its progress bar under the text (in
    /// points; a terminal has none); then the buttons, one a line, centred.
    private func pollParts(_ card: CardSpec, width: Int) -> (parts: [CardPartPlacement], height: Int) {
        let cards = metrics.cards
        let border = min(cards.pollBorder, max(0, (width - 1) / 2))
        let padding = min(cards.pollPadding, max(0, (width - 2 * border - 1) / 2))
        let left = border + padding, right = width - border - padding
        let room = max(1, right - left)
        var parts: [CardPartPlacement] = []
        var y = border + cards.pollVerticalPadding
        func place(_ block: Block, x: Int, y: Int, width: Int) {
            parts.append(CardPartPlacement(block: block, frame: Frame(x: x, y: y, width: max(1, width), height: block.height)))
        }
        if let question = card.part(.pollQuestion) {
            let block = wrapped(.attachment, question.text ?? "", width: room, content: .cardPart(question.content))
            place(block, x: left, y: y, width: room)
            y += block.height
        }
        if let subtitle = card.part(.pollSubtitle) {
            let block = partBlock(subtitle, maxWidth: room)
            place(block, x: left, y: y, width: room)
            y += block.height
        }
        // The options, in order: the parts of one option share its index.
        var groups: [[CardSpec.Part]] = []
        for part in card.parts {
            guard let index = part.content.optionIndex else { continue }
            if index == groups.count { groups.append([]) }
            groups[groups.count - 1].append(part)
        }
        for (number, group) in groups.enumerated() {
            y += number == 0 ? cards.pollSectionSpacing : max(cards.imageGap, cards.pollOptionSpacing)
            func of(_ kind: AttachmentCardPart.Kind) -> CardSpec.Part? { group.first { $0.content.kind == kind } }
            let votesBlock = of(.pollVotes).map { partBlock($0, maxWidth: max(1, room / 3)) }
            let votesWidth = votesBlock?.width ?? 0
            // The voters' avatars, overlapping, before the count.
            let voterCount = of(.pollVoters)?.content.voters?.count ?? 0
            let votersWidth = voterCount == 0 ? 0 : voterCount * cards.voterAvatarSize - (voterCount - 1) * cards.voterAvatarOverlap
            let trailing = votesWidth + (votersWidth > 0 ? votersWidth + cards.textSpacing + 1 : 0)
            let hasCheck = of(.pollCheck) != nil
                && room >= cards.pollCheckWidth + cards.iconGap + trailing + 2 * narrowestBubbleContent
            let textX = left + (hasCheck ? cards.pollCheckWidth + cards.iconGap : 0)
            // The voters go where there is room beside the text for them.
            let showsVoters = votersWidth > 0 && right - textX - trailing - cards.iconGap >= 2 * narrowestBubbleContent
            let trailingWidth = showsVoters ? trailing : votesWidth
            let textWidth = max(1, right - trailingWidth - cards.iconGap - textX)
            var optionHeight = 0
            if let text = of(.pollOption) {
                let block = wrapped(.attachment, text.text ?? "", width: textWidth, content: .cardPart(text.content))
                place(block, x: textX, y: y, width: textWidth)
                optionHeight = block.height
            }
            if let votesBlock {
                place(votesBlock, x: right - votesWidth, y: y, width: votesWidth)
                optionHeight = max(optionHeight, votesBlock.height)
            }
            if showsVoters, let voters = of(.pollVoters) {
                var block = partBlock(voters, maxWidth: votersWidth)
                block.width = votersWidth
                block.height = max(lineHeight, cards.voterAvatarSize / metrics.verticalScale)
                let votersY = y + max(0, (lineHeight - block.height) / 2)
                place(block, x: right - trailing, y: votersY, width: votersWidth)
            }
            var barHeight = 0
            if cards.actionRule > 0, let progress = of(.pollProgress) {
                barHeight = cards.textSpacing + 4 * cards.actionRule
                var bar = Block(role: .attachment, text: nil, content: .cardPart(progress.content), lines: [], width: right - textX,
                                height: 4 * cards.actionRule, alignment: .leading)
                bar.keepsWidth = true
                place(bar, x: textX, y: y + optionHeight + cards.textSpacing, width: right - textX)
            }
            if hasCheck, let check = of(.pollCheck) {
                var block = partBlock(check, maxWidth: cards.pollCheckWidth)
                block.width = cards.pollCheckWidth
                // Centred down beside the text and the bar (a terminal's is on the first line).
                let checkY = y + (cards.actionRule > 0 ? max(0, (optionHeight + barHeight - block.height) / 2) : 0)
                place(block, x: left, y: checkY, width: cards.pollCheckWidth)
            }
            y += optionHeight + barHeight
        }
        for (number, button) in card.parts.filter({ $0.content.kind == .action }).enumerated() {
            y += number == 0 ? max(cards.imageGap, cards.pollSectionSpacing) : cards.imageGap
            var block = partBlock(button, maxWidth: room)
            block.alignment = .center
            place(block, x: left, y: y, width: room)
            y += block.height
        }
        return (parts, y + cards.pollVerticalPadding + border)
    }

    /// Stream's `ChatMessageInteractiveAttachmentView`: the giphy across the card, square;
    /// under a rule, its buttons side by side, of equal width, a rule apart.
    private func giphyActionParts(_ card: CardSpec, width: Int) -> (parts: [CardPartPlacement], height: Int) {
        let cards = metrics.cards
        var parts: [CardPartPlacement] = []
        var y = 0
        if let image = card.part(.image) {
            let height = metrics.defaultMediaHeight(width: width)
            let block = Block(role: .attachment, text: nil, content: .cardPart(image.content), lines: [], width: width, height: height,
                              alignment: .leading, keepsWidth: true)
            parts.append(CardPartPlacement(block: block, frame: Frame(x: 0, y: 0, width: width, height: height)))
            y = height
        }
        let actions = card.parts.filter { $0.content.kind == .action }
        guard !actions.isEmpty else { return (parts, max(lineHeight, y)) }
        y += cards.actionRule
        let gaps = cards.actionSpacing * (actions.count - 1)
        let each = max(1, (width - gaps) / actions.count)
        var x = 0
        for (index, action) in actions.enumerated() {
            // The last takes what the division leaves.
            let buttonWidth = index == actions.count - 1 ? max(1, width - x) : each
            var block = partBlock(action, maxWidth: buttonWidth, height: cards.actionHeight)
            block.alignment = .center
            block.height = max(lineHeight, cards.actionHeight)
            parts.append(CardPartPlacement(block: block, frame: Frame(x: x, y: y, width: buttonWidth, height: block.height)))
            x += buttonWidth + cards.actionSpacing
        }
        return (parts, y + max(lineHeight, cards.actionHeight))
    }
}
