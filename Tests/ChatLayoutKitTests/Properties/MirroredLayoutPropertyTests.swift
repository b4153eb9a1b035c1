import ChatLayoutICU
@testable import ChatLayoutKit
@testable import ChatLayoutModel
@testable import ChatLayoutDecisions
@testable import ChatLayoutComposition
@testable import ChatLayoutPlacement
import ChatLayoutTextRenderer
import Testing

/// A right-to-left layout is its left-to-right twin mirrored (issue 15, item 4): over the
/// generated conversations (every bundled language), at several widths, in cells and in
/// points, the whole screen and a scrolled viewport have the same boxes in the same order,
/// each frame at `width - x - frame width`, the same words, and every line either mirrored in
/// its box (a label placed by the screen's direction) or where it was (a text that starts at
/// the side it reads from, whatever the screen's direction).
@Suite struct MirroredLayoutPropertyTests {
    static let widths = [24, 40, 57]

    @Test func everyBox_isMirrored_withRespectToItsLeftToRightTwin() {
        PropertyHarness.verify("mirrored layout") { resolved in
            let input = resolved.input
            let width = Self.widths[Int(input.seed % UInt64(Self.widths.count))]
            let metrics: Metrics = input.seed % 3 == 0 ? .points(lineHeight: 20, for: input.config) : .cells(for: input.config)
            let presentation: any BoxPresentation = input.seed % 2 == 0 ? TerminalPresentation() : PlainPresentation()
            var screens: [LayoutDirection: [LaidOutScreen]] = [:]
            for direction in LayoutDirection.allCases {
                var config = input.config
                config.layoutDirection = direction
                let environment = LayoutEnvironment.formatterWins(config, context: input.context,
                                                    formatter: PropertyHarness.formatters[input.context.locale + "|" + input.context.timeZone]!,
                                                    measurer: PropertyHarness.measurer, strings: nil, metrics: metrics, presentation: presentation)
                let list = MessageListLayout(environment).layout(MessageListResolver(environment).resolve(input.conversation),
                                                                 width: width, dateIndicator: config.dateIndicatorPlacement)
                let middle = Viewport(scrollOffset: list.contentHeight / 2, height: 12 * metrics.lineHeight)
                screens[direction] = [list.screen(), list.screen(middle)]
                #expect(list.direction == direction)
                if let word = Self.untranslatedWord(in: list.screen().root, strings: environment.strings) {
                    return "\(input.context.locale): \(word)"
                }
            }
            for (ltr, rtl) in zip(screens[.leftToRight]!, screens[.rightToLeft]!) {
                if rtl.direction != .rightToLeft || ltr.direction != .leftToRight { return "screens do not say their direction" }
                if let difference = Self.mirrorDifference(ltr.root, rtl.root, width: ltr.width) { return "width \(width): \(difference)" }
            }
            return nil
        }
    }

    /// A box whose words are not the locale's table's (the layout's own labels: edited,
    /// only visible to you, delivery status, unread separator), or nil.
    static func untranslatedWord(in root: Box, strings: ChatStrings) -> String? {
        var found: String?
        root.walk { box, _ in
            guard found == nil, let text = box.text else { return }
            let expected: String? = switch (box.role, box.content) {
            case (.editedLabel, _): strings.edited
            case (.onlyVisibleToYou, _): strings.onlyVisibleToYou
            case (.unreadSeparator, _): strings.unreadMessages
            case (.deliveryStatus, .deliveryStatus(let status)?): strings.deliveryWords[status]
            // An attachment named by nothing of its own is named by its kind, in words.
            case (.attachment, .attachment(let attachment)?) where attachment.title == nil && attachment.fileName == nil
                && attachment.poll == nil && attachment.location == nil:
                strings.attachmentNames[attachment.type] ?? attachment.type
            default: nil
            }
            if let expected, text != expected { found = "\(box.role.rawValue) says \(String(reflecting: text)), the table \(String(reflecting: expected))" }
        }
        return found
    }

    /// What keeps `rtl` from being `ltr` mirrored in a screen `width` wide, or nil.
    static func mirrorDifference(_ ltr: Box, _ rtl: Box, width: Int) -> String? {
        let name = "\(ltr.role.rawValue) \(ltr.id ?? "") at \(ltr.frame)"
        if ltr.role != rtl.role || ltr.id != rtl.id { return "\(name) became \(rtl.role.rawValue) \(rtl.id ?? "")" }
        let mirrored = Frame(x: width - ltr.frame.x - ltr.frame.width, y: ltr.frame.y, width: ltr.frame.width, height: ltr.frame.height)
        if rtl.frame != mirrored { return "\(name): right to left at \(rtl.frame), mirrored would be \(mirrored)" }
        // The quote's box and its text (whose content is the quote's, issue 29.10).
        let isQuote: Bool
        if case .quotedMessage = ltr.content { isQuote = true } else { isQuote = ltr.role == .quotedMessage }
        if ltr.text != rtl.text || ltr.content != rtl.content || ltr.tail != rtl.tail
            || (ltr.textDirection != rtl.textDirection && !isQuote) {
            return "\(name): its text, content, tail or text direction differs"
        }
        // A quote's line reads the screen's way (its bar at the leading edge): the same
        // characters, in the other order (a bracket read right to left shows its mirror: "{" is "}").
        func unmirrored(_ display: String) -> [Character] {
            let pairs: [Character: Character] = [")": "(", "]": "[", "}": "{", ">": "<", "»": "«", "›": "‹"]
            return display.map { pairs[$0] ?? $0 }.sorted()
        }
        let sameLines = isQuote
            ? ltr.placedLines.map { unmirrored($0.display) } == rtl.placedLines.map { unmirrored($0.display) }
            : ltr.placedLines.map(\.display) == rtl.placedLines.map(\.display)
        if !sameLines { return "\(name): other lines" }
        for (left, right) in zip(ltr.placedLines, rtl.placedLines) {
            if isQuote {
                // Placed by its own direction, which is the screen's: inside its box either way
                // (unless it is wider than its box, as a lone wide character in a one-unit width is).
                let fits = left.width <= ltr.frame.width
                if fits && (right.x < 0 || right.x + right.width > rtl.frame.width) { return "\(name): quote line outside its box" }
                continue
            }
            let lineMirrored = right.x == ltr.frame.width - left.x - left.width
            // A text aligned by its own direction keeps its side; one aligned by the screen's
            // changes it (its alignment reads the same: leading is the other side now).
            let keepsItsSide = right.x == left.x && ltr.alignment != rtl.alignment
                && Set([ltr.alignment, rtl.alignment]) == [.leading, .trailing]
            if !lineMirrored && !keepsItsSide {
                return "\(name): line \"\(left.display)\" at \(left.x) left to right, \(right.x) right to left (alignment \(ltr.alignment) → \(rtl.alignment))"
            }
        }
        if ltr.children.count != rtl.children.count { return "\(name): \(ltr.children.count) children, \(rtl.children.count) mirrored" }
        for (left, right) in zip(ltr.children, rtl.children) {
            if let difference = mirrorDifference(left, right, width: width) { return difference }
        }
        return nil
    }
}
