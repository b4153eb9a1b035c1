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
        let resolver = MessageListResolver(config: document.config, context: context, formatter: formatter, measurer: engine)
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
        // 60 / 3 = 20 cells: 19 of text, the closing PDF (no cell), the ellipsis.
        #expect(line.contains("\"\u{202E}gnp.exe — still ins\u{202C}…\"  ["))
    }
}
