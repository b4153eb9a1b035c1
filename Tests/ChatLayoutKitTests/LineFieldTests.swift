import ChatLayoutDecoding
import ChatLayoutICU
import ChatLayoutKit
import Testing

/// Issue 26.8: the tree dump and `explain` printed ids unquoted, kept tabs and left `"` inside
/// quoted text as it was, so that an id like `m2 0,9 60×3 "…"` read as another box's frame and
/// text. A field that is not one plain word is quoted, and quotes inside quotes are escaped;
/// ordinary ids and names print as before.
struct LineFieldTests {
    private let engine = ICUTextEngine()
    private let context = LayoutContext(currentUserID: "me", now: Timestamp(rfc3339: "2024-03-05T10:00:00Z")!)

    @Test(arguments: ["m1", "msg-42", "jos\u{E9}", "p4␡", "user_1:a/b"])
    func anOrdinaryID_isShownAsItIs(id: String) {
        #expect(UntrustedText.lineField(id) == id)
    }

    @Test func anIDThatIsNotOneWord_isQuoted_itsQuotesAndTabsEscaped() {
        #expect(UntrustedText.lineField(#"m2 0,9 60×3 "hi""#) == #""m2 0,9 60×3 \"hi\"""#)
        #expect(UntrustedText.lineField("m\t1") == #""m\t1""#)
        #expect(UntrustedText.lineField(#"a\b"#) == #""a\\b""#)
        #expect(UntrustedText.lineField("") == #""""#)
        // Blanks that are not ASCII spaces, and characters drawn as nothing.
        for blank in ["\u{A0}", "\u{3000}", "\u{2007}", "\u{200B}", "\u{3164}", "\u{2800}", "\u{FEFF}"] {
            #expect(UntrustedText.lineField("m" + blank + "1") == "\"m" + blank + "1\"", "\(blank.unicodeScalars.first!.value)")
        }
        // A control: quoted, and shown as its picture, as before.
        #expect(UntrustedText.lineField("p4\u{7F}") == "\"p4\u{2421}\"")
        #expect(UntrustedText.lineField("m\n1") == "\"m\u{240A}1\"")
    }

    @Test func aName_keepsSingleSpaces_andIsQuotedOtherwise() {
        #expect(UntrustedText.nameField("Luke Skywalker") == "Luke Skywalker")
        #expect(UntrustedText.nameField("Luke  Skywalker") == "\"Luke  Skywalker\"")
        #expect(UntrustedText.nameField(" Luke") == "\" Luke\"")
        #expect(UntrustedText.nameField("Luke ") == "\"Luke \"")
        #expect(UntrustedText.nameField("Luke\tSkywalker") == #""Luke\tSkywalker""#)
        #expect(UntrustedText.nameField(#"Luke "the" Skywalker"#) == #""Luke \"the\" Skywalker""#)
    }

    private func document(_ messages: String) throws -> ConversationDocument {
        try ConversationDecoder.decode(Array(#"{"messages": ["#.utf8) + Array(messages.utf8) + Array("]}".utf8))
    }

    @Test func treeDump_quotesAnIDThatReadsLikeABox_andEscapesQuotesInText() throws {
        let document = try document(#"""
            {"id": "m1", "user": {"id": "a"}, "created_at": "2024-03-05T09:00:00Z", "text": "say \"hi\" \\ bye"},
            {"id": "m2 0,9 60×3 \"x\"", "user": {"id": "a"}, "created_at": "2024-03-05T09:01:00Z", "text": "two"},
            {"id": "m\t3", "user": {"id": "a"}, "created_at": "2024-03-05T09:02:00Z", "text": "a\tb"}
            """#)
        let formatter = try ICULocaleFormatter(locale: "en_US", timeZone: "UTC")
        let lines = MessageListScreen.layout(document.conversation, environment:
                try LayoutEnvironment(config: document.config, context: context, formatter: formatter,
                                      measurer: engine), width: 40).root.treeDump()
        let rows = lines.filter { $0.trimmingPrefix(while: \.isWhitespace).hasPrefix("messageRow ") }
        #expect(rows.count == 3)
        #expect(rows.first?.contains("messageRow m1 ") == true, "an ordinary id as before")
        #expect(rows.dropFirst().first?.contains(#"messageRow "m2 0,9 60×3 \"x\"" "#) == true, "\(rows)")
        #expect(rows.last?.contains(#"messageRow "m\t3" "#) == true, "\(rows)")
        #expect(lines.contains { $0.hasSuffix(#" "say \"hi\" \\ bye""#) }, "\(lines)")
        #expect(lines.contains { $0.hasSuffix(#" "a b""#) }, "a tab in the text is drawn as a blank cell: \(lines)")
        #expect(!lines.contains { $0.contains("\t") })
    }

    @Test func explainLine_quotesIDsAndNamesThatAreNotPlain_andEscapesQuotesInText() throws {
        let document = try document(#"""
            {"id": "m1", "user": {"id": "a", "name": "Ann Lee"}, "created_at": "2024-03-05T09:00:00Z", "text": "plain"},
            {"id": "m2 first", "user": {"id": "b", "name": "Bo  m3 top"}, "created_at": "2024-03-05T09:01:00Z",
             "text": "it\"  [x]  \"s"},
            {"id": "m\t4", "user": {"id": "c", "name": "C\td"}, "created_at": "2024-03-05T09:02:00Z", "text": "t\tab"}
            """#)
        let formatter = try ICULocaleFormatter(locale: "en_US", timeZone: "UTC")
        let resolver = MessageListResolver(try LayoutEnvironment(config: document.config, context: context, formatter: formatter,
                                                                 measurer: engine))
        let lines = resolver.resolve(document.conversation, explain: true).explanationLines(width: 120, measurer: engine)
        #expect(lines.contains { $0.hasPrefix("m1 ") && $0.contains("  Ann Lee ") && $0.contains(#"  "plain"  ["#) }, "\(lines)")
        #expect(lines.contains { $0.hasPrefix(#""m2 first" "#) && $0.contains(#"  "Bo  m3 top" "#) && $0.contains(#"  "it\"  [x]  \"s"  ["#) },
                "\(lines)")
        #expect(lines.contains { $0.hasPrefix(#""m\t4" "#) && $0.contains(#"  "C\td" "#) && $0.contains(#"  "t\tab"  ["#) }, "\(lines)")
        #expect(!lines.contains { $0.contains("\t") })
    }
}
