import ChatLayoutKit

/// The checks of each invariant, collecting violations up to a limit.
struct Checker<Measurer: TextMeasuring> {
    let measurer: Measurer
    let limit: Int
    private(set) var violations: [TextMeasuringConformance.Violation] = []
    private(set) var isTruncated = false

    init(measurer: Measurer, limit: Int) {
        self.measurer = measurer
        self.limit = limit
    }

    private mutating func report(_ invariant: TextMeasuringConformance.Invariant, _ text: String, _ width: Int?, _ detail: String) {
        guard violations.count < limit else {
            isTruncated = true
            return
        }
        violations.append(.init(invariant: invariant, text: text, width: width, detail: detail))
    }

    private static func isHardBreak(_ scalar: Unicode.Scalar) -> Bool {
        TextMeasuringConformance.hardBreaks.contains(scalar)
    }

    /// `text` with every hard break removed, or read as a space.
    private static func replacingHardBreaks(_ text: String, with replacement: String.UnicodeScalarView?) -> String {
        var scalars = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if isHardBreak(scalar) {
                if let replacement { scalars.append(contentsOf: replacement) }
            } else {
                scalars.append(scalar)
            }
        }
        return String(scalars)
    }

    /// The paragraphs of `text`: split at each hard break, empty ones kept ("a\n" is "a", "").
    private static func paragraphs(_ text: String) -> [String] {
        text.unicodeScalars.split(omittingEmptySubsequences: false, whereSeparator: isHardBreak).map { String(String.UnicodeScalarView($0)) }
    }

    /// `text` without its trailing spaces and tabs.
    private static func withoutHangingSpaces(_ text: String) -> String {
        var scalars = Substring(text).unicodeScalars
        while scalars.last == " " || scalars.last == "\t" { scalars.removeLast() }
        return String(String.UnicodeScalarView(scalars))
    }

    // MARK: width(of:)

    mutating func checkWidth(_ text: String) {
        let width = measurer.width(of: text)
        if measurer.width(of: text) != width {
            report(.pure, text, nil, "width(of:) answered \(width), then \(measurer.width(of: text))")
        }
        let unbroken = Self.replacingHardBreaks(text, with: nil)
        if unbroken != text, measurer.width(of: unbroken) != width {
            report(.widthIgnoresHardBreaks, text, nil, "\(width) wide, \(measurer.width(of: unbroken)) without its hard breaks")
        }
    }

    // MARK: wrap(_:width:)

    mutating func checkWrap(_ text: String, width: Int) {
        let wrapped = measurer.wrap(text, width: width)
        if measurer.wrap(text, width: width) != wrapped {
            report(.pure, text, width, "wrap gave two different answers")
        }
        let lines = wrapped.lines
        for (index, line) in lines.enumerated() {
            if line.text.unicodeScalars.contains(where: Self.isHardBreak) {
                report(.hardBreaksEndLines, text, width, "line \(index) \(line.text.debugDescription) holds a hard break")
            }
            let counted = Self.withoutHangingSpaces(line.text)
            if line.width != measurer.width(of: counted) {
                report(.spacesHang, text, width,
                       "line \(index) \(line.text.debugDescription) is \(line.width) wide, its text without the spaces at its end \(measurer.width(of: counted))")
            }
            let displayWidth = measurer.width(of: line.display)
            if line.width != displayWidth {
                report(.widthIsTheDisplaysWidth, text, width,
                       "line \(index) is \(line.width) wide, its display \(line.display.debugDescription) \(displayWidth)")
            }
            if line.width > width && line.display.count > 1 {
                report(.linesFitTheWidth, text, width,
                       "line \(index) \(line.text.debugDescription) is \(line.width) wide, and more than one grapheme cluster")
            }
        }
        checkParagraphs(text, lines: lines, width: width)
    }

    // MARK: wrap(spans:width:)

    mutating func checkStyledWrap(_ text: String, width: Int) {
        let characters = Array(text)
        let middle = characters.count / 2
        let spans = [StyledSpan(text: String(characters[..<middle])), StyledSpan(text: String(characters[middle...]), traits: .strong)]
        let styled = measurer.wrap(spans: spans, width: width)
        guard styled.pieces.count == styled.wrapped.lines.count else {
            report(.piecesCoverTheLines, text, width, "\(styled.pieces.count) lists of pieces for \(styled.wrapped.lines.count) lines")
            return
        }
        for (index, (line, pieces)) in zip(styled.wrapped.lines, styled.pieces).enumerated() {
            var next = 0
            for piece in pieces {
                if piece.start != next || piece.length <= 0 || !spans.indices.contains(piece.span) {
                    report(.piecesCoverTheLines, text, width, "line \(index): piece \(piece) does not follow at \(next)")
                    return
                }
                next += piece.length
            }
            let shown = Self.withoutHangingSpaces(line.text).count
            if next != shown {
                report(.piecesCoverTheLines, text, width, "line \(index) \(line.text.debugDescription): pieces cover \(next) of \(shown) characters")
                return
            }
        }
    }

    /// The lines, paragraph by paragraph: each paragraph's lines concatenate to it; an empty
    /// paragraph is one empty line; no line of a paragraph with text is empty or (after the
    /// first) starts with a space.
    private mutating func checkParagraphs(_ text: String, lines: [TextLine], width: Int) {
        var next = 0
        for paragraph in Self.paragraphs(text) {
            if paragraph.isEmpty {
                guard next < lines.count, lines[next].text.isEmpty else {
                    let seen = next < lines.count ? "line \(next) \(lines[next].text.debugDescription)" : "no line"
                    report(.hardBreaksEndLines, text, width, "an empty paragraph should be one empty line; found \(seen)")
                    return
                }
                next += 1
                continue
            }
            var rest = Substring(paragraph).unicodeScalars
            var first = true
            while !rest.isEmpty {
                guard next < lines.count else {
                    report(.linesConcatenateToTheText, text, width,
                           "the lines end before the text; \(String(String.UnicodeScalarView(rest)).debugDescription) is missing")
                    return
                }
                let line = lines[next].text.unicodeScalars
                guard !line.isEmpty else {
                    report(.hardBreaksEndLines, text, width, "line \(next) is empty inside a paragraph with text")
                    return
                }
                guard rest.starts(with: line) else {
                    report(.linesConcatenateToTheText, text, width,
                           "line \(next) \(lines[next].text.debugDescription) is not the text that follows: \(String(String.UnicodeScalarView(rest.prefix(line.count))).debugDescription)")
                    return
                }
                if !first && line.first == " " {
                    report(.spacesHang, text, width,
                           "line \(next) \(lines[next].text.debugDescription) starts with a space after a soft break")
                }
                rest = rest.dropFirst(line.count)
                first = false
                next += 1
            }
        }
        if next < lines.count {
            report(.linesConcatenateToTheText, text, width,
                   "\(lines.count - next) line(s) more than the text holds, from \(lines[next].text.debugDescription)")
        }
    }

    // MARK: truncate(_:width:)

    mutating func checkTruncation(_ text: String, width: Int) {
        let cut = measurer.truncate(text, width: width)
        if measurer.truncate(text, width: width) != cut {
            report(.pure, text, width, "truncate gave two different answers")
        }
        // A cut that breaks the first promise is not read for the second.
        if cut.unicodeScalars.contains(where: Self.isHardBreak) {
            report(.truncationFits, text, width, "\(cut.debugDescription) holds a hard break")
            return
        }
        let cutWidth = measurer.width(of: cut)
        if cutWidth > width {
            report(.truncationFits, text, width, "\(cut.debugDescription) is \(cutWidth) wide")
            return
        }
        let line = Self.replacingHardBreaks(text, with: " ".unicodeScalars)
        if measurer.width(of: line) <= width {
            if cut != line {
                report(.truncationCutsWithAnEllipsis, text, width, "it fits, yet came back as \(cut.debugDescription)")
            }
            return
        }
        guard !cut.isEmpty else { return }
        var scalars = Substring(cut).unicodeScalars
        while let last = scalars.last, Self.closesBidi(last) { scalars.removeLast() }
        guard scalars.last == "…" else {
            report(.truncationCutsWithAnEllipsis, text, width, "\(cut.debugDescription) does not end with \"…\"")
            return
        }
        scalars.removeLast()
        let kept = String(String.UnicodeScalarView(scalars))
        guard line.unicodeScalars.starts(with: kept.unicodeScalars) else {
            report(.truncationCutsWithAnEllipsis, text, width, "\(kept.debugDescription) before \"…\" is not the start of the text")
            return
        }
        if !Self.boundaries(of: line).contains(kept.unicodeScalars.count) {
            report(.truncationCutsWithAnEllipsis, text, width, "\(kept.debugDescription) splits a grapheme cluster")
        }
    }

    /// PDF and PDI: what a cut appends to close the bidi controls it left open.
    private static func closesBidi(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "\u{202C}" || scalar == "\u{2069}"
    }

    /// The offsets, in code points, between `text`'s grapheme clusters (0 and the end included).
    private static func boundaries(of text: String) -> Set<Int> {
        var offsets: Set<Int> = [0]
        var offset = 0
        for character in text {
            offset += character.unicodeScalars.count
            offsets.insert(offset)
        }
        return offsets
    }
}
