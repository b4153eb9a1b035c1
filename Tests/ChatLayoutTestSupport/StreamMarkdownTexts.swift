/// The texts of Stream UIKit's `ChatMessageMarkdown_Tests` (its markdown snapshot tests), by
/// test name, as Swift literals of them: the markdown tests parse them (ChatLayoutMarkdownTests)
/// and lay them out against Stream's snapshots (ChatLayoutPixelTests).
public enum StreamMarkdownTexts {
    /// Each test's message text.
    public static let markdown: [String: String] = [
        "test_text": "This is **bold** text  \nThis text is _italicized_  \nThis was ~~mistaken~~ text  \nThis has backslashes for a newline\\\nThis has html line break<br/>Will span two lines",
        "test_headers": "# A first level heading\n## A _second_ level heading\n### A `third` level heading\n#### A ~fourth~ level heading\n##### A fifth level heading\n###### A sixth level heading",
        "test_unorderedLists": "Unordered (no nesting)\n\nFruits:\n- **Oranges** (bold)\n- Apples\n\nTrees:\n* Birch\n* Maple\n\nAnimals:\n+ Cat\n+ _Dog_ (italic)\n+ Rabbit",
        "test_unorderedLists_nested": "Unordered (nested)  \n- First list item\n    - First nested\n        - Second nested",
        "test_orderedList_nested_wrappedTextItem": "Unordered (wrapped text)  \n- First list item which has a very long text and when wrapped, should be aligned to the same item\n    - First nested which has a very long text and when wrapped, should be aligned to the same item\n        - Second nested",
        "test_orderedLists": "Ordered (no nesting)\n\nFruits:\n1. **Oranges** (bold)\n1. Apples\n\nAnimals:\n1. Cat\n2. _Dog_ (italic)\n3. Rabbit",
        "test_orderedLists_nested": "Unordered (nested)  \n1. First list item\n    1. First nested\n        1. Second nested\n        2. Second nested (2)",
        "test_mixedLists_nested": "Mixed (nested)  \n1. First list item\n    - First nested\n        1. Second nested\n        2. Second nested (2)",
        "test_links": "This site is cool: [Stream](https://getstream.io/)\n- *Hey*\n    - This [link](https://getstream.io/) is in a list",
        "test_code": "This is inline code: `git init`\n\n### `Inline` in header\n\nGit commands:\n```\ngit status\ngit add\ngit commit\n```\n\nSwift:\n```swift\nfunc formatted() -> AttributedString {\n    // TODO: Implement markdown formatting\n}\n```",
        "test_code_inlineOnMultipleLines": "`inline code`\n\n`inline code which\nshould render on a single line`",
        "test_code_singleBlock": "```\nNo newlines above and below\n```",
        "test_quote": "Text that is not a quote\n> Text that is a quote",
        "test_quote_multipleLines": "Text that is not a quote\n> Quote\n> should\n> render\n> on\n> a\n> single\n> line",
        "test_quote_separate": "Text that is not a quote\n> Text that is a quote\n\n> This is a second quote\n\nAnother text that is not a quote",
        "test_inlinePresentationIntents": "**This is bold text with 2 letters for a newline**  \n_This text is italicized_\n\n~~This was mistaken text with backlash for a newline~~\\\n**This text is _extremely_ important**\n\n***All this text is important***",
        "test_thematicBreak": "---\nhi!",
    ]

    /// The text of Stream's test `name`.
    public static func text(_ name: String) -> String {
        guard let text = markdown[name] else { preconditionFailure("no Stream markdown test \(name)") }
        return text
    }
}
