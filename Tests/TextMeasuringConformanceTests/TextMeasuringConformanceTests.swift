import ChatLayoutICU
import ChatLayoutKit
import Testing
import TextMeasuringConformance

/// The conformance check keeps the ICU engine's promises and catches a measurer that breaks
/// any one of them.
struct TextMeasuringConformanceTests {
    @Test func icuTextEngine_conforms() {
        let report = TextMeasuringConformance.check(ICUTextEngine())
        #expect(report.conforms, "\(report)")
        #expect(report.textCount == TextMeasuringConformance.corpus.count)
    }

    @Test func icuTextEngine_withAmbiguousWide_conforms() {
        let report = TextMeasuringConformance.check(ICUTextEngine(policy: CellWidthPolicy(ambiguousIsWide: true)))
        #expect(report.conforms, "\(report)")
    }

    @Test(arguments: BrokenMeasurer.Fault.allCases)
    func brokenMeasurer_isReported_underItsInvariant(fault: BrokenMeasurer.Fault) {
        let report = TextMeasuringConformance.check(BrokenMeasurer(fault: fault))
        #expect(!report.conforms)
        // Its own invariant, and no other but those the same fault breaks through it.
        #expect(report.brokenInvariants.contains(fault.breaks), "\(report)")
        #expect(report.brokenInvariants.isSubset(of: fault.alsoBreaks.union([fault.breaks])), "\(report)")
    }

    @Test func report_namesTheInvariant_theText_andTheWidth() throws {
        let report = TextMeasuringConformance.check(BrokenMeasurer(fault: .overflows), texts: ["abc\u{7} def"], widths: [3])
        let first = try #require(report.violations.first)
        // The text is neutralised (BEL shown as "␇"), then quoted: no control reaches the terminal.
        #expect(first.description == "[lines fit the width] \"abc␇ def\" at width 3: line 0 \"abc␇ \" is 4 wide, and more than one grapheme cluster")
        #expect(!report.description.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
        #expect(report.description.hasPrefix("1 violations over 1 texts at widths [3]: lines fit the width ×1\n"))
    }

    @Test func limit_keepsTheFirstViolations_andSaysThereWereMore() {
        let report = TextMeasuringConformance.check(BrokenMeasurer(fault: .losesText), limit: 3)
        #expect(report.violations.count == 3)
        #expect(report.isTruncated)
        #expect(report.description.hasPrefix("3+ violations"))
    }
}

/// The ICU engine with one promise broken on purpose.
struct BrokenMeasurer: TextMeasuring {
    enum Fault: String, CaseIterable, Sendable, CustomTestStringConvertible {
        /// Counts the spaces at the end of a line in its width.
        case countsHangingSpaces
        /// Counts a line feed as one unit wide.
        case widthCountsHardBreaks
        /// Leaves out the empty line of an empty paragraph.
        case dropsEmptyParagraphs
        /// Loses the last line of a text wrapped into several.
        case losesText
        /// Wraps at twice the width.
        case overflows
        /// Puts the spaces that hang at a line's end at the start of the next line.
        case spacesStartTheNextLine
        /// Cuts without an ellipsis.
        case cutsWithoutEllipsis
        /// Never cuts.
        case neverCuts
        /// Says nothing of a styled line's last piece.
        case dropsLastPiece

        var testDescription: String { rawValue }

        /// What the check should report.
        var breaks: TextMeasuringConformance.Invariant {
            switch self {
            case .countsHangingSpaces: .spacesHang
            case .widthCountsHardBreaks: .widthIgnoresHardBreaks
            case .dropsEmptyParagraphs: .hardBreaksEndLines
            case .losesText: .linesConcatenateToTheText
            case .overflows: .linesFitTheWidth
            case .spacesStartTheNextLine: .spacesHang
            case .cutsWithoutEllipsis: .truncationCutsWithAnEllipsis
            case .neverCuts: .truncationFits
            case .dropsLastPiece: .piecesCoverTheLines
            }
        }

        /// What the same fault breaks as well: a width that counts hanging spaces is no longer
        /// the display's, and may exceed the line's width.
        var alsoBreaks: Set<TextMeasuringConformance.Invariant> {
            self == .countsHangingSpaces ? [.widthIsTheDisplaysWidth, .linesFitTheWidth] : []
        }
    }

    let fault: Fault
    let engine = ICUTextEngine()

    func width(of text: String) -> Int {
        engine.width(of: text) + (fault == .widthCountsHardBreaks ? text.unicodeScalars.filter { $0 == "\n" }.count : 0)
    }

    func wrap(_ text: String, width: Int) -> WrappedText {
        var wrapped = engine.wrap(text, width: fault == .overflows ? width * 2 : width)
        switch fault {
        case .countsHangingSpaces:
            wrapped.lines = wrapped.lines.map { TextLine(text: $0.text, display: $0.display, width: engine.width(of: $0.text)) }
        case .dropsEmptyParagraphs:
            wrapped.lines.removeAll { $0.text.isEmpty }
            if wrapped.lines.isEmpty { wrapped.lines = [TextLine(text: "", display: "", width: 0)] }
        case .losesText:
            if wrapped.lines.count > 1, wrapped.lines.last?.text.isEmpty == false { wrapped.lines.removeLast() }
        case .spacesStartTheNextLine:
            for index in wrapped.lines.indices.dropLast() where wrapped.lines[index].text.hasSuffix(" ")
                && !wrapped.lines[index + 1].text.isEmpty && wrapped.lines[index].text != " " {
                wrapped.lines[index].text.removeLast()
                wrapped.lines[index + 1].text = " " + wrapped.lines[index + 1].text
            }
        default: break
        }
        return wrapped
    }

    func wrap(spans: [StyledSpan], width: Int) -> StyledWrappedText {
        var styled = StyledWrappedText.mapping(wrap(spans.map(\.text).joined(), width: width), onto: spans)
        if fault == .dropsLastPiece {
            styled.pieces = styled.pieces.map { pieces in pieces.count > 1 ? Array(pieces.dropLast()) : pieces }
        }
        return styled
    }

    func truncate(_ text: String, width: Int) -> String {
        switch fault {
        case .cutsWithoutEllipsis:
            let cut = engine.truncate(text, width: width)
            return cut.hasSuffix("…") ? String(cut.dropLast()) : cut
        case .neverCuts:
            return String(text.map { $0 == "\n" || $0 == "\u{2028}" || $0 == "\u{2029}" ? " " : $0 })
        default:
            return engine.truncate(text, width: width)
        }
    }
}

/// The pieces of a paragraph of many spans over many lines (a message of thousands of links,
/// issue 31): each span's words on the lines once, in order — the mapping walks the spans
/// once, from the first that can reach each line.
struct StyledMappingTests {
    @Test func manySpansOverManyLines_eachCharacterOnce_inOrder() {
        let spans = (0 ..< 2000).flatMap { index in
            [StyledSpan(text: "link \(index)", style: .link, traits: .link), StyledSpan(text: index % 7 == 0 ? "" : " ")]
        }
        let styled = ICUTextEngine().wrap(spans: spans, width: 13)
        #expect(styled.wrapped.lines.count > 500)
        var seen: [Int: Int] = [:]
        var last = -1
        for (line, pieces) in zip(styled.wrapped.lines, styled.pieces) {
            let characters = Array(line.text)
            for piece in pieces {
                #expect(piece.span >= last, "spans in order")
                last = piece.span
                let text = String(characters[piece.start ..< piece.start + piece.length])
                #expect(spans[piece.span].text.contains(text), "\(text) in \(spans[piece.span].text)")
                seen[piece.span, default: 0] += text.filter { $0 != " " }.count
            }
        }
        // A space hanging at a line's end is in no piece: the words are counted.
        for (index, span) in spans.enumerated() where span.style == .link {
            #expect(seen[index] == span.text.filter { $0 != " " }.count, "link \(index) whole, once")
        }
    }
}
