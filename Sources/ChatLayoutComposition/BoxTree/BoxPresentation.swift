@_spi(ChatLayoutStages) import ChatLayoutModel
@_spi(ChatLayoutStages) import ChatLayoutDecisions

/// How a front end shows the parts of a screen in text: the words and glyphs around the
/// typed content of a box ("[image: beach.jpg]" and "── Today ──" on a terminal, "beach.jpg"
/// and "Today" in an app that draws the image and the rules itself).
///
/// The layout asks for each part's line, measures it with the front end's measurer and
/// places it; the box keeps the typed content (``Box/content``) beside the placed lines, so a
/// front end that draws from data needs no text at all. The core chooses no glyph: the
/// text renderer's presentation (`TerminalPresentation`) chooses them, and
/// ``PlainPresentation``, the default, writes words alone.
public protocol BoxPresentation: Sendable {
    /// The one line drawn for a part of role `role`: `text` is its words (a date label, a
    /// name, "3 replies"), `content` its data; `strings` are the document's words.
    func line(_ role: BoxRole, text: String?, content: BoxContent?, strings: ChatStrings) -> String
    /// What stands before the first line and before each following line of a wrapped part
    /// (a translation's "» " and its indent); nil for none.
    func lineMarkers(_ role: BoxRole) -> (first: String, following: String)?
    /// The character a rule is drawn with in text (the rules around a thread view's reply
    /// count); nil when the front end draws rules as shapes (the rule's line stays empty).
    var ruleCharacter: String? { get }
    /// The roles whose lines this presentation draws with glyphs of its own around the words:
    /// brackets and rules ("( 3 )", "── Today ──", the lines of ``ruleCharacter``). The layout
    /// records them on the screen (``LaidOutScreen/decoratedRoles``), so that a front end
    /// drawing pills and rules as shapes draws them for the other roles only.
    var decoratedRoles: Set<BoxRole> { get }
}

extension BoxPresentation {
    /// No markers.
    public func lineMarkers(_ role: BoxRole) -> (first: String, following: String)? { nil }
    /// No rule character: rules are shapes.
    public var ruleCharacter: String? { nil }
    /// None but the reply count's separator where rules are drawn in ``ruleCharacter``.
    public var decoratedRoles: Set<BoxRole> { ruleCharacter == nil ? [] : [.replyCountSeparator] }
}

/// Words alone, no glyphs of its own: an attachment by its title, a separator by its label,
/// a badge by its count. For front ends that draw images, rules, pills and icons themselves
/// (an app, the pixel SVG): a delivery status in words ("Read"). Reactions and the thread and
/// error glyphs come from ``ChatStrings`` (replaceable).
public struct PlainPresentation: BoxPresentation {
    /// The plain presentation.
    public init() {}

    /// The part's words: see ``PlainPresentation``.
    public func line(_ role: BoxRole, text: String?, content: BoxContent?, strings: ChatStrings) -> String {
        switch content {
        case .attachment(let attachment):
            if let poll = attachment.poll { return poll.question }
            if let location = attachment.location { return location.isLive ? strings.liveLocation : strings.location }
            return attachment.title ?? attachment.fileName ?? strings.attachmentNames[attachment.type] ?? attachment.type
        case .galleryTile(let tile):
            // The fourth of more than four says how many more there are ("+2"), not its name.
            if tile.hiddenCount > 0 { return Self.hiddenMedia(tile.hiddenCount, strings: strings) }
            return tile.attachment.title ?? tile.attachment.fileName ?? strings.attachmentNames[tile.attachment.type] ?? tile.attachment.type
        case .pollOption(let option):
            return option.voteCount > 0 ? "\(option.text) · \(strings.count(option.voteCount))" : option.text
        case .reactions(let reactions):
            return Self.reactions(reactions, strings: strings)
        case .threadInfo(let info):
            return Self.threadInfo(info, separator: strings.listSeparator)
        case .deliveryStatus(let status):
            return strings.deliveryWords[status] ?? ""
        case .deliveryStatusRead(let count):
            return Self.readCount(count, strings: strings) + " " + (strings.deliveryWords[.read] ?? "")
        case .edited:
            // After the time, set apart as Stream sets it ("12:01 AM • Edited").
            return Self.editedSeparator + strings.edited
        case .error:
            return strings.errorGlyph
        case .cardPart(let part):
            // A file's icon says its type ("PDF"); the play button and the waveform say nothing.
            return text ?? (part.kind == .fileIcon || part.kind == .recordingIcon ? part.fileType?.uppercased() ?? "" : "")
        default:
            // The typing dots are the front end's to draw (three dots, animated).
            return role == .typingDots ? "" : text ?? ""
        }
    }

    /// What stands before "Edited" after the time: "• ".
    public static let editedSeparator = "• "

    /// "2": how many other members read a message, before its read status.
    public static func readCount(_ count: Int, strings: ChatStrings) -> String {
        strings.count(count)
    }

    /// "+2": the media a gallery has no tile for, over its last tile.
    public static func hiddenMedia(_ count: Int, strings: ChatStrings) -> String {
        "+\(strings.count(count))"
    }

    /// "❤️ 1 😂 2": each reaction as its glyph (``ChatStrings/reactionGlyphs``, else its type's
    /// name, neutralised when the count was made) and count.
    public static func reactions(_ reactions: [ReactionCount], strings: ChatStrings) -> String {
        var text = ""
        for reaction in reactions {
            if !text.isEmpty { text += " " }
            // Appended piece by piece: an interpolation makes a string of its own first.
            text += strings.reactionGlyph(for: reaction.type) ?? reaction.type
            text += " "
            text += strings.count(reaction.count)
        }
        return text
    }

    /// "3 replies · Leia, Han": the label and the participants, joined by `separator`
    /// (``ChatStrings/listSeparator``). A name that could turn the line around is set apart
    /// (``BidiIsolation``), as a phrase's values are.
    public static func threadInfo(_ info: ThreadInfoContent, separator: String = ", ") -> String {
        let participants = info.participants.map { BidiIsolation.turnsPhrases($0) ? BidiIsolation.isolated($0) : $0 }
            .joined(separator: separator)
        return participants.isEmpty ? info.label : "\(info.label) · \(participants)"
    }
}

extension SharedLocation {
    /// A coordinate with five decimals (about a metre), without the standard library's
    /// float formatting noise: 52.52 → "52.52000"; "?" when not finite.
    public static func coordinate(_ degrees: Double) -> String {
        guard degrees.isFinite else { return "?" }
        let scaled = Int64((min(abs(degrees), 1e12) * 100_000).rounded())
        let fraction = String(scaled % 100_000)
        return (degrees < 0 && scaled != 0 ? "-" : "") + "\(scaled / 100_000)." + String(repeating: "0", count: 5 - fraction.count) + fraction
    }
}
