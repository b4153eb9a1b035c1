import ChatLayoutKit
import ChatLayoutMarkdown
import ChatLayoutTestSupport
import Testing

/// The texts of Stream UIKit's `ChatMessageMarkdown_Tests` (its markdown snapshots, drawn by
/// `DefaultMarkdownFormatter` over Foundation's CommonMark parser) and the markdown cases of
/// `ChatMessageContentView_Tests`, as cmark-gfm parses them here: the blocks and runs those
/// snapshots draw — which words are bold, italic, struck, code or links, where a line breaks,
/// each list item's number ("1. 1." numbered 1, 2; "33." after ten items numbered 11, as
/// Stream draws it), each block's quote and list depth. Scripts/test.sh installs cmark-gfm.
@Suite struct StreamMarkdownTextsTests {
    private func parsed(_ text: String) throws -> [String] {
        let parser = try #require(CmarkMarkdownParser.system, "cmark-gfm: \(CmarkMarkdownParser.unavailableReason ?? "")")
        return RichText.described(parser.parse(NeutralText(text), mentionedUsers: []))
    }

    /// Stream's `test_text`.
    @Test func text_breaksLines() throws {
        #expect(try parsed(StreamMarkdownTexts.text("test_text")) == [
            "p q0 l0: This is |bold[B]| text\nThis text is |italicized[I]|\nThis was |mistaken[S]| text\nThis has backslashes for a newline\nThis has html line break\nWill span two lines",
        ])
    }

    /// Stream's `test_headers`.
    @Test func headers() throws {
        #expect(try parsed(StreamMarkdownTexts.text("test_headers")) == [
            "h1 q0 l0: A first level heading",
            "h2 q0 l0: A |second[I]| level heading",
            "h3 q0 l0: A |third[C]| level heading",
            "h4 q0 l0: A |fourth[S]| level heading",
            "h5 q0 l0: A fifth level heading",
            "h6 q0 l0: A sixth level heading",
        ])
    }

    /// Stream's `test_unorderedLists`.
    @Test func unorderedLists() throws {
        #expect(try parsed(StreamMarkdownTexts.text("test_unorderedLists")) == [
            "p q0 l0: Unordered (no nesting)",
            "p q0 l0: Fruits:",
            "• q0 l1: Oranges[B]| (bold)",
            "• q0 l1: Apples",
            "p q0 l0: Trees:",
            "• q0 l1: Birch",
            "• q0 l1: Maple",
            "p q0 l0: Animals:",
            "• q0 l1: Cat",
            "• q0 l1: Dog[I]| (italic)",
            "• q0 l1: Rabbit",
        ])
    }

    /// Stream's `test_unorderedLists_nested`.
    @Test func unorderedLists_nested() throws {
        #expect(try parsed(StreamMarkdownTexts.text("test_unorderedLists_nested")) == [
            "p q0 l0: Unordered (nested)",
            "• q0 l1: First list item",
            "• q0 l2: First nested",
            "• q0 l3: Second nested",
        ])
    }

    /// Stream's `test_orderedList_nested_wrappedTextItem`.
    @Test func orderedList_nested_wrappedTextItem() throws {
        #expect(try parsed(StreamMarkdownTexts.text("test_orderedList_nested_wrappedTextItem")) == [
            "p q0 l0: Unordered (wrapped text)",
            "• q0 l1: First list item which has a very long text and when wrapped, should be aligned to the same item",
            "• q0 l2: First nested which has a very long text and when wrapped, should be aligned to the same item",
            "• q0 l3: Second nested",
        ])
    }

    /// Stream's `test_orderedLists`.
    @Test func orderedLists() throws {
        #expect(try parsed(StreamMarkdownTexts.text("test_orderedLists")) == [
            "p q0 l0: Ordered (no nesting)",
            "p q0 l0: Fruits:",
            "1. q0 l1: Oranges[B]| (bold)",
            "2. q0 l1: Apples",
            "p q0 l0: Animals:",
            "1. q0 l1: Cat",
            "2. q0 l1: Dog[I]| (italic)",
            "3. q0 l1: Rabbit",
        ])
    }

    /// Stream's `test_orderedLists_nested`.
    @Test func orderedLists_nested() throws {
        #expect(try parsed(StreamMarkdownTexts.text("test_orderedLists_nested")) == [
            "p q0 l0: Unordered (nested)",
            "1. q0 l1: First list item",
            "1. q0 l2: First nested",
            "1. q0 l3: Second nested",
            "2. q0 l3: Second nested (2)",
        ])
    }

    /// Stream's `test_mixedLists_nested`.
    @Test func mixedLists_nested() throws {
        #expect(try parsed(StreamMarkdownTexts.text("test_mixedLists_nested")) == [
            "p q0 l0: Mixed (nested)",
            "1. q0 l1: First list item",
            "• q0 l2: First nested",
            "1. q0 l3: Second nested",
            "2. q0 l3: Second nested (2)",
        ])
    }

    /// Stream's `test_links`.
    @Test func links() throws {
        #expect(try parsed(StreamMarkdownTexts.text("test_links")) == [
            "p q0 l0: This site is cool: |Stream[L→https://getstream.io/]",
            "• q0 l1: Hey[I]",
            "• q0 l2: This |link[L→https://getstream.io/]| is in a list",
        ])
    }

    /// Stream's `test_code`.
    @Test func code() throws {
        #expect(try parsed(StreamMarkdownTexts.text("test_code")) == [
            "p q0 l0: This is inline code: |git init[C]",
            "h3 q0 l0: Inline[C]| in header",
            "p q0 l0: Git commands:",
            "code() q0 l0: git status\ngit add\ngit commit[C]",
            "p q0 l0: Swift:",
            "code(swift) q0 l0: func formatted() -> AttributedString {\n    // TODO: Implement markdown formatting\n}[C]",
        ])
    }

    /// Stream's `test_code_inlineOnMultipleLines`.
    @Test func code_inlineOnMultipleLines() throws {
        #expect(try parsed(StreamMarkdownTexts.text("test_code_inlineOnMultipleLines")) == [
            "p q0 l0: inline code[C]",
            "p q0 l0: inline code which should render on a single line[C]",
        ])
    }

    /// Stream's `test_code_singleBlock`.
    @Test func code_singleBlock() throws {
        #expect(try parsed(StreamMarkdownTexts.text("test_code_singleBlock")) == [
            "code() q0 l0: No newlines above and below[C]",
        ])
    }

    /// Stream's `test_quote`.
    @Test func quote() throws {
        #expect(try parsed(StreamMarkdownTexts.text("test_quote")) == [
            "p q0 l0: Text that is not a quote",
            "p q1 l0: Text that is a quote",
        ])
    }

    /// Stream's `test_quote_multipleLines`.
    @Test func quote_multipleLines() throws {
        #expect(try parsed(StreamMarkdownTexts.text("test_quote_multipleLines")) == [
            "p q0 l0: Text that is not a quote",
            "p q1 l0: Quote should render on a single line",
        ])
    }

    /// Stream's `test_quote_separate`.
    @Test func quote_separate() throws {
        #expect(try parsed(StreamMarkdownTexts.text("test_quote_separate")) == [
            "p q0 l0: Text that is not a quote",
            "p q1 l0: Text that is a quote",
            "p q1 l0: This is a second quote",
            "p q0 l0: Another text that is not a quote",
        ])
    }

    /// Stream's `test_inlinePresentationIntents`.
    @Test func inlinePresentationIntents() throws {
        #expect(try parsed(StreamMarkdownTexts.text("test_inlinePresentationIntents")) == [
            "p q0 l0: This is bold text with 2 letters for a newline[B]|\n|This text is italicized[I]",
            "p q0 l0: This was mistaken text with backlash for a newline[S]|\n|This text is [B]|extremely[BI]| important[B]",
            "p q0 l0: All this text is important[BI]",
        ])
    }

    /// Stream's `test_thematicBreak`.
    @Test func thematicBreak() throws {
        #expect(try parsed(StreamMarkdownTexts.text("test_thematicBreak")) == [
            "--- q0 l0: ",
            "p q0 l0: hi!",
        ])
    }

    // MARK: ChatMessageContentView_Tests

    /// `test_appearance_whenMessageWithMarkdownFromTheCurrentUserIsSent`: hard breaks inside one
    /// paragraph, the lines' leading spaces dropped.
    @Test func contentView_markdown() throws {
        #expect(try parsed("  *italics* or _italics_  \n  **bold** or __bold__  \n  ~~Linethrough~~Strikethroughs.  \n  `let property: Double = 10.0`") == [
            "p q0 l0: italics[I]| or |italics[I]|\n|bold[B]| or |bold[B]|\n|Linethrough[S]|Strikethroughs.\n|let property: Double = 10.0[C]",
        ])
    }

    /// `test_appearance_whenMessageWithMarkdownOrderedListFromTheCurrentUserIsSent`: Stream's
    /// snapshot numbers the items 1 to 11 — the list's start and the item's place, not "33.".
    @Test func contentView_orderedList() throws {
        let text = ((1 ... 10).map { "   \($0). Test\($0)" } + ["   33. Test33"]).joined(separator: "\n")
        #expect(try parsed(text) == (1 ... 10).map { "\($0). q0 l1: Test\($0)" } + ["11. q0 l1: Test33"])
    }

    /// `test_appearance_whenMessageWithoutMarkdownOrderedListFromTheCurrentUserIsSent`: an
    /// address whose line starts with a number is no list — drawn as written, line feeds kept.
    @Test func contentView_noMarkdown() throws {
        #expect(try parsed("   The UPS Store\n\n   123 S Beverly st\n\n   Beverly Hills CA 1233210.") == ["plain"])
    }

    /// `test_appearance_whenMessageWithMarkdownItalicStyleFromTheCurrentUserIsSent`: underscores
    /// inside words are no emphasis (also inside a bare URL, which is a link); around words they are.
    @Test func contentView_italicStyle() throws {
        let text = "   https://getstream.io/test_endpoint_in__snake__style    \n   Test_text_in__snake__style and plain text  \n"
            + "   Test plain text and the_text_in__snake__style  \n   _Test text in italic style_ and plain text  \n"
            + "   Test plain text and _text in italic style_  \n   Test plain text, _text in italic style_ and plain text  \n"
            + "   Test plain text, __text in bold style__ and plain text"
        let url = "https://getstream.io/test_endpoint_in__snake__style"
        #expect(try parsed(text) == [
            "p q0 l0: \(url)[L→\(url)]|\nTest_text_in__snake__style and plain text\nTest plain text and the_text_in__snake__style\n"
                + "|Test text in italic style[I]| and plain text\nTest plain text and |text in italic style[I]|\nTest plain text, "
                + "|text in italic style[I]| and plain text\nTest plain text, |text in bold style[B]| and plain text",
        ])
    }

    /// `test_appearance_whenMessageHasLinkAndMarkdown`: a heading; a bare domain without "www."
    /// or a scheme is no link.
    @Test func contentView_linkAndMarkdown() throws {
        #expect(try parsed("## Hey!, check this link: getstream.io/chat/docs") == ["h2 q0 l0: Hey!, check this link: getstream.io/chat/docs"])
    }
}
