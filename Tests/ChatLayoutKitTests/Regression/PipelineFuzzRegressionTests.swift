import ChatLayoutDecoding
import ChatLayoutICU
import ChatLayoutKit
import ChatLayoutTextRenderer
import Testing

/// Inputs the fuzz targets (Fuzz/, FUZZING.md) found to break an invariant of the whole
/// pipeline, reduced to the document that shows it, with the behaviour that is right.
struct PipelineFuzzRegressionTests {
    private let engine = ICUTextEngine()
    private let context = LayoutContext(currentUserID: "me", now: Timestamp(rfc3339: "2024-03-05T10:00:00Z")!)

    private func explanation(_ json: String, width: Int) throws -> [String] {
        let document = try ConversationDecoder.decode(Array(json.utf8))
        let formatter = try ICULocaleFormatter(locale: "en_US", timeZone: "UTC")
        let resolver = MessageListResolver(try LayoutEnvironment(config: document.config, context: context, formatter: formatter,
                                                                 measurer: engine))
        return resolver.resolve(document.conversation, explain: true).explanationLines(width: width, measurer: engine)
    }

    /// FuzzPipeline, crash-94d3a127 (the seed hostile-text.json): the quoted text of an
    /// `explain` line was cut before the PDF that neutralising had added, so its
    /// right-to-left override ran on over the rest of the line.
    @Test func explainLine_quotesACutRightToLeftOverrideClosed() throws {
        let lines = try explanation(#"""
            {"messages": [{"id": "m1", "user": {"id": "mallory"}, "created_at": "2024-03-05T09:00:00Z",
                           "text": "\u202egnp.exe \u2014 still inside the bubble"}]}
            """#, width: 60)
        let line = try #require(lines.first { $0.hasPrefix("m1 ") })
        // 60 / 3 = 20 cells: 19 of text and the ellipsis. The cut text is closed (a PDF after
        // the ellipsis), then the whole line is made plain: no bidi control is left at all,
        // so nothing can turn the reasons after the quote around.
        #expect(line.contains("\"gnp.exe — still ins…\"  ["), "\(line.debugDescription)")
        #expect(!line.unicodeScalars.contains(where: UntrustedText.isBidiControl))
    }
}

extension PipelineFuzzRegressionTests {
    private func treeDump(_ json: String, width: Int) throws -> [String] {
        let document = try ConversationDecoder.decode(Array(json.utf8))
        let formatter = try ICULocaleFormatter(locale: "en_US", timeZone: "UTC")
        return MessageListScreen.layout(document.conversation, environment:
                try LayoutEnvironment(config: document.config, context: context, formatter: formatter,
                                      measurer: engine), width: width).root.treeDump()
    }

    /// FuzzPipeline, crash-580238b3: message ids went into the tree dump as they were, so an
    /// id could hold a DEL, an escape sequence or a line feed that starts a fake line.
    @Test func treeDump_showsHostileMessageIdsInert() throws {
        let lines = try treeDump(#"""
            {"messages": [
              {"id": "p4\u007f", "user": {"id": "a"}, "created_at": "2024-03-05T09:00:00Z", "text": "one"},
              {"id": "m\u001b[2J\nbubble m1 0,0 1×1", "user": {"id": "a"}, "created_at": "2024-03-05T09:01:00Z", "text": "two"}]}
            """#, width: 30)
        let rows = lines.filter { $0.trimmingPrefix(while: \.isWhitespace).hasPrefix("messageRow ") }
        #expect(rows.count == 2)
        // Quoted since issue 26.8: a control or a space makes an id more than one plain word.
        #expect(rows.first?.contains("messageRow \"p4\u{2421}\" ") == true)
        #expect(rows.last?.contains("messageRow \"m\u{240A}bubble m1 0,0 1×1\" ") == true)
        #expect(lines.allSatisfy { line in !line.unicodeScalars.contains { $0.value < 0x20 || (0x7F ... 0x9F).contains($0.value) } })
    }

    /// FuzzPipeline, crash-580238b3 (the same hole in `explain`): ids and names in an
    /// explanation line are shown inert, on that one line.
    @Test func explainLine_showsHostileIdsAndNamesOnItsOwnLine() throws {
        let lines = try explanation(#"""
            {"messages": [{"id": "m1\n\u001b]0;pwned\u0007", "user": {"id": "a", "name": "Eve\r\nm2 top"},
                           "created_at": "2024-03-05T09:00:00Z", "text": "hi"}]}
            """#, width: 60)
        let line = try #require(lines.first { $0.hasPrefix("\"m1\u{240A}\" ") })
        #expect(line.contains("  \"Eve\u{240A}m2 top\" "))
        #expect(lines.filter { $0.contains("m2 top") }.count == 1)
    }

    /// The same class: the parent id of a thread view error is shown inert, on its line.
    @Test func threadViewError_showsAnUnknownParentIdInert() {
        #expect(ThreadViewError.unknownParent("p\u{1B}]0;pwned\u{7}\n1").description == "no message 'p\u{240A}1' in the document")
    }
}

extension PipelineFuzzRegressionTests {
    /// FuzzPipeline, crash-dafa6064 (width 4, ambiguous characters wide): not a bug but the
    /// one documented exception, kept as a test. "°" takes two cells under that policy and the
    /// text box has one: the lone wide cluster gets a line of its own, the box keeps to the
    /// row, and the drawing stays within the screen.
    @Test func loneWideCluster_inAOneCellBox_keepsToTheScreen() throws {
        let wide = ICUTextEngine(policy: CellWidthPolicy(ambiguousIsWide: true))
        let document = try ConversationDecoder.decode(Array(#"""
            {"messages": [{"id": "r2", "text": "350°F", "user": {"id": "rosa"}, "created_at": "2024-03-05T09:00:00Z"}]}
            """#.utf8))
        let formatter = try ICULocaleFormatter(locale: "en_US", timeZone: "UTC")
        let screen = MessageListScreen.layout(document.conversation, environment:
                try LayoutEnvironment(config: document.config, context: context, formatter: formatter, measurer: wide), width: 4)
        var texts: [Box] = []
        screen.root.walk { box, _ in if box.role == .text { texts.append(box) } }
        #expect(texts.map(\.lines) == [["3", "5", "0", "°", "F"]])
        #expect(texts.map(\.frame.width) == [1])
        for row in TextRenderer(engine: wide).rows(screen) {
            #expect(wide.width(of: row) <= 4, "\(row.debugDescription)")
        }
    }
}

extension PipelineFuzzRegressionTests {
    /// FuzzPipeline, crash-d56f7ded (the document "\t{}" at width 1, ambiguous characters
    /// wide): not a bug. The empty state's text cannot show even its ellipsis ("…" takes two
    /// cells under that policy), so its box is empty and zero cells wide, on a row of the list.
    @Test func emptyState_tooNarrowForItsEllipsis_isAnEmptyBoxInTheList() throws {
        let wide = ICUTextEngine(policy: CellWidthPolicy(ambiguousIsWide: true))
        let document = try ConversationDecoder.decode(Array("\t{}".utf8))
        let formatter = try ICULocaleFormatter(locale: "en_US", timeZone: "UTC")
        var config = document.config
        config.showEmptyState = true
        let screen = MessageListScreen.layout(document.conversation, environment:
                try LayoutEnvironment(config: config, context: context, formatter: formatter, measurer: wide), width: 1)
        let list = try #require(screen.root.children.first { $0.role == .messageList })
        let empty = try #require(list.children.first { $0.role == .emptyState })
        #expect(empty.lines == [""])
        #expect(empty.frame.width == 0)
        #expect(empty.frame.y >= list.frame.y && empty.frame.maxY <= list.frame.maxY)
        #expect(TextRenderer(engine: wide).rows(screen).allSatisfy { wide.width(of: $0) <= 1 })
    }
}

extension PipelineFuzzRegressionTests {
    /// FuzzPipeline, crash-d97919c3: the channel's name went into the header line of `explain`
    /// with its line feed (neutralised text keeps "\n"), starting a line of its own; the
    /// typing users' names the same way.
    @Test func explainHeaderAndTyping_keepDocumentNamesOnTheirLine() throws {
        let lines = try explanation(#"""
            {"channel": {"cid": "messaging:x", "name": "Security \nreview", "member_count": 3},
             "members": [{"user": {"id": "eve", "name": "Eve\nmallory"}}],
             "typing_user_ids": ["eve"], "config": {"typing_indicator_placement": "bottom_overlay"}}
            """#, width: 60)
        #expect(lines.first == "Security \u{240A}review · 3 members")
        #expect(lines.contains("Eve\u{240A}mallory is typing…  typing indicator"))
        #expect(lines.allSatisfy { !$0.contains("\n") })
    }
}
