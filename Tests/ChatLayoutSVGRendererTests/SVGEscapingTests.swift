import ChatLayoutKit
import ChatLayoutSVGRenderer
import Testing

/// Message text is untrusted: in an SVG it must not become markup, break the XML, act on a
/// terminal that prints it, or reorder the drawing.
struct SVGEscapingTests {
    private static let hostile = [
        "<script>alert(1)</script>",
        "a & b ]]> c <![CDATA[ x ]]>",
        "\u{1B}[31mred\u{1B}]8;;http://attacker\u{07}link\u{1B}]8;;\u{07}",
        "nul\u{0}bs\u{8}del\u{7F}c1\u{85}",
        "non\u{FFFE}char\u{FFFF}s",
        "\u{202E}evil \u{2066}isolate \u{200F}rlm",
        "quote\" apostrophe' <!-- comment --> <?pi?>",
    ]

    private func document() -> String {
        let boxes = Self.hostile.enumerated().map { index, line in
            Box(role: .text, id: "id\"><script>\(index)\u{1B}", frame: Frame(x: 0, y: index, width: 40, height: 1), text: NeutralText(line), placedLines: [.plain(line)])
        }
        return SVGRenderer().render(Screens.of(boxes + [
            Box(role: .unreadBadge, frame: Frame(x: 0, y: 8, width: 40, height: 1), text: "<b>&\u{1B}[2J", placedLines: [.plain("(<b>)")]),
        ], width: 40, height: 10))
    }

    @Test func hostileText_staysText_andTheDocumentParses() throws {
        let svg = try XMLElement.parse(document())
        #expect(svg.all("script").isEmpty)
        #expect(svg.all("b").isEmpty)
        let drawn = svg.all("text").map(\.text).joined()
        #expect(drawn.contains("<script>alert(1)</script>"))
        #expect(drawn.contains("]]>"))
        #expect(drawn.contains("&"))
        let ids = svg.all("g").compactMap { $0.attributes["data-id"] }
        #expect(ids.count == Self.hostile.count)
        #expect(ids.allSatisfy { $0.hasPrefix("id\"><script>") && !$0.unicodeScalars.contains("\u{1B}") })
    }

    @Test func output_hasOnlyCharactersXMLAllows_andNoControls() {
        let output = document()
        for scalar in output.unicodeScalars {
            let value = scalar.value
            #expect(value == 0x0A || (value >= 0x20 && value != 0x7F && !(0x80 ... 0x9F).contains(value)),
                    "control U+\(String(value, radix: 16, uppercase: true))")
            #expect(value != 0xFFFE && value != 0xFFFF, "noncharacter U+\(String(value, radix: 16, uppercase: true))")
        }
    }

    @Test func escapeSequences_areRemoved_otherControlsShownAsPictures() throws {
        let drawn = try XMLElement.parse(document()).all("text").map(\.text).joined()
        #expect(drawn.contains("red"))
        #expect(!drawn.contains("[31m") && !drawn.contains("attacker"))
        #expect(drawn.contains("␀") && drawn.contains("␈") && drawn.contains("␡"))
        #expect(drawn.contains("char") && drawn.contains("\u{FFFD}"))
    }

    @Test func bidiControls_reachTheBrowserOnlyBalanced_andAsCharacterReferences() throws {
        // Lines are in reading order for the browser's bidi, so the (neutralised) controls stay;
        // raw, they would reorder the SVG's source on a terminal.
        let output = document()
        let bidiControls: Set<UInt32> = [0x061C, 0x200E, 0x200F, 0x202A, 0x202B, 0x202C, 0x202D, 0x202E, 0x2066, 0x2067, 0x2068, 0x2069]
        #expect(!output.unicodeScalars.contains { bidiControls.contains($0.value) })
        let line = try #require(output.split(separator: "\n").first { $0.contains("evil") })
        // The open override and isolate are closed within the line: nothing leaks to the next.
        #expect(line.contains(">&#x202E;evil &#x2066;isolate &#x200F;rlm&#x2069;&#x202C;</text>"), "\(line)")
    }

    @Test func escaped_isIdempotentOnSafeText_andEscapesMarkup() {
        #expect(XMLText.escaped("Hello, world") == "Hello, world")
        #expect(XMLText.escaped("a<b>&\"c\"") == "a&lt;b&gt;&amp;&quot;c&quot;")
        #expect(XMLText.escaped("x]]>y") == "x]]&gt;y")
        #expect(XMLText.escaped("tab\tline\n") == "tab&#9;line&#10;")
    }
}
