import ChatLayoutKit
import ChatLayoutPixel
import Testing

/// Rich text's runs in points (issue 31): bold, italic and code measured in Noto Sans Bold,
/// Italic and Noto Sans Mono, wrapped together.
struct StyledRunTests {
    @Test func boldWord_measuresWiderThanRegular() throws {
        let measurer = try Pixel.measurer()
        let regular = measurer.preciseWidth(span: StyledSpan(text: "Wonderful"))
        let bold = measurer.preciseWidth(span: StyledSpan(text: "Wonderful", traits: .strong))
        #expect(bold > regular)
        // Monospace: every letter one advance, "iiii" as wide as "MMMM".
        let narrow = measurer.preciseWidth(span: StyledSpan(text: "iiii", traits: .code))
        let wide = measurer.preciseWidth(span: StyledSpan(text: "MMMM", traits: .code))
        #expect(abs(narrow - wide) < 0.01)
        #expect(measurer.preciseWidth(span: StyledSpan(text: "iiii")) < narrow)
    }

    @Test func aLineBreaksEarlier_becauseItsWordIsBold() throws {
        let measurer = try Pixel.measurer()
        let words = "Wonderful wonderful wonderful wonderful"
        // The width of the regular text on one line: it fits there, its bold twin does not.
        let width = measurer.width(of: words)
        let regular = measurer.wrap(spans: [StyledSpan(text: words)], width: width)
        let bold = measurer.wrap(spans: [StyledSpan(text: "Wonderful wonderful ", traits: .strong), StyledSpan(text: "wonderful wonderful")],
                                 width: width)
        #expect(regular.wrapped.lines.count == 1)
        #expect(bold.wrapped.lines.count == 2)
        #expect(bold.wrapped.lines[0].text == "Wonderful wonderful wonderful ")
        // The pieces follow their words: the bold run is the first line's first 20 characters.
        #expect(bold.pieces[0] == [StyledPiece(span: 0, start: 0, length: 20), StyledPiece(span: 1, start: 20, length: 9)])
        #expect(bold.pieces[1] == [StyledPiece(span: 1, start: 0, length: 9)])
    }

    @Test func plainSpans_wrapAsThePlainText() throws {
        let measurer = try Pixel.measurer()
        let text = "Count me in! We will be there at nine, bring snacks."
        let styled = measurer.wrap(spans: [StyledSpan(text: text)], width: 120)
        #expect(styled.wrapped.lines.map(\.text) == measurer.wrap(text, width: 120).lines.map(\.text))
    }
}
