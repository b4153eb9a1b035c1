import ChatLayoutKit

/// The text renderer's glyphs: what a terminal shows for the parts it cannot draw as shapes.
/// An attachment is "[image: beach.jpg]" (an image with its size is shaded at that size
/// under its name, a video's name after "▶"), a quote "┃ Leia: text", a translation "» text", a
/// separator "── Today ──", the date overlay "[ Today ]", the scroll-to-latest button
/// "( ↓ 3 )" and the new-threads banner "( 1 new thread )", a badge "(2)", a thread info
/// "💬 3 replies", a delivery status "✓✓" (`ChatStrings.deliveryGlyphs`). Lay out with it when drawing with
/// ``TextRenderer`` (or the SVG renderer's drawing of a terminal).
public struct TerminalPresentation: BoxPresentation {
    /// The terminal presentation.
    public init() {}

    /// A media's name on its first line: "▶ clip.mp4" for a video, "GIF cat" for a giphy.
    static func mediaName(_ attachment: AttachmentContent, strings: ChatStrings) -> String {
        let name = attachment.title ?? attachment.fileName ?? strings.attachmentNames[attachment.type] ?? attachment.type
        return attachment.kind == .video ? "▶ \(name)" : attachment.kind == .giphy ? "GIF \(name)" : name
    }

    /// The part's line, with the terminal's glyphs.
    public func line(_ role: BoxRole, text: String?, content: BoxContent?, strings: ChatStrings) -> String {
        let words = text ?? ""
        switch content {
        case .attachment(let attachment):
            if let poll = attachment.poll {
                return "[\(strings.attachmentNames["poll"] ?? "poll"): \(poll.question)]" + (poll.isClosed ? " (\(strings.pollClosed))" : "")
            }
            if let location = attachment.location {
                let kind = strings.attachmentNames[location.isLive ? "liveLocation" : "location"] ?? "location"
                return "[\(kind): \(SharedLocation.coordinate(location.latitude)), \(SharedLocation.coordinate(location.longitude))]"
            }
            if attachment.isFramedMedia {
                // Drawn at its size, shaded: the shading says "picture", the line names it.
                return Self.mediaName(attachment, strings: strings)
            }
            let kind = strings.attachmentNames[attachment.type] ?? attachment.type
            return attachment.title.map { "[\(kind): \($0)]" } ?? "[\(kind)]"
        case .galleryTile(let tile):
            // A gallery's tile is shaded as a media is; the last of more says how many more.
            if tile.hiddenCount > 0 { return PlainPresentation.hiddenMedia(tile.hiddenCount, strings: strings) }
            return Self.mediaName(tile.attachment, strings: strings)
        case .pollOption(let option):
            // Isolated: a right-to-left option must not carry the vote count to its other end.
            return "○ \u{2068}\(option.text)\u{2069}" + (option.voteCount > 0 ? " · \(strings.count(option.voteCount))" : "")
        case .quotedMessage(let quote):
            // The pair drawn isolated (FSI…PDI): a right-to-left name must not carry the bar to
            // the other end of the line. A quote without words of its own names its content
            // in brackets ("[image]").
            let shown = quote.namesAttachmentType ? "\(quote.author): [\(quote.text)]" : words
            return "┃ \u{2068}\(shown)\u{2069}"
        case .threadInfo(let info):
            return "\(strings.threadGlyph) \(PlainPresentation.threadInfo(info, separator: strings.listSeparator))"
        case .deliveryStatus(let status):
            return strings.deliveryGlyphs[status] ?? ""
        case .cardPart(let part):
            switch part.kind {
            case .fileIcon: return "[\(part.fileType ?? "file")]"
            case .playButton: return "▶"
            case .waveform: return "▁▃▅▇▅▃▁▃▅▇▅▃▁▃▅▇▅▃▁▃▅▇▅▃"
            case .action: return "[ \(words) ]"
            case .pollCheck: return part.isChosen == true ? "◉" : "○"
            case .pollVoters: return String(repeating: "●", count: part.voters?.count ?? 0)
            case .recordingIcon: return "[\(part.fileType ?? "file")]"
            case .downloadButton: return "[↓]"
            case .shareButton: return "[↑]"
            default: return words
            }
        case .deliveryStatusRead(let count):
            return PlainPresentation.readCount(count, strings: strings) + " " + (strings.deliveryGlyphs[.read] ?? "")
        default:
            break
        }
        switch role {
        case .dateSeparator, .unreadSeparator: return "── \(words) ──"
        case .dateOverlay, .retryButton: return "[ \(words) ]"
        case .scrollToLatestButton: return "( \(words) )"
        case .jumpToUnreadButton: return "( \(words) ✕ )" // its close button, as Stream's pill has
        case .unreadBadge: return "(\(words))"
        case .typingDots: return "•••"
        case .moreButton: return "⋮"
        default: return PlainPresentation().line(role, text: text, content: content, strings: strings)
        }
    }

    /// A translation's "» " before its first line, and two spaces before the following ones.
    public func lineMarkers(_ role: BoxRole) -> (first: String, following: String)? {
        role == .translation ? ("» ", "  ") : nil
    }

    /// "─": a thread view's reply count stands between two runs of it, on one line.
    public var ruleCharacter: String? { "─" }

    /// The roles whose lines are always decorated here: the separators' rules, the brackets
    /// of the date overlay, buttons and badges, a quote's bar, a translation's "»",
    /// a thread info's glyph, the reply count's rules.
    public var decoratedRoles: Set<BoxRole> {
        [.dateSeparator, .unreadSeparator, .dateOverlay, .retryButton, .scrollToLatestButton, .jumpToUnreadButton, .unreadBadge,
         .quotedMessage, .translation, .threadInfo, .replyCountSeparator]
    }
}
