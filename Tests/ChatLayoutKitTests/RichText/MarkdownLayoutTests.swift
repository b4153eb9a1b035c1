import ChatLayoutDecoding
import ChatLayoutICU
@testable import ChatLayoutKit
@testable import ChatLayoutModel
@testable import ChatLayoutDecisions
@testable import ChatLayoutComposition
@testable import ChatLayoutPlacement
import ChatLayoutSVGRenderer
import ChatLayoutTextRenderer
import Foundation
import Testing

/// Issue 31: a message's text laid out as markdown (`markdown_enabled`, Stream UIKit's
/// `isMarkdownEnabled`, SwiftUI's `markdownSupportEnabled`; Sendbird's
/// `isMarkdownForUserMessageEnabled`), with a fake parser standing for cmark-gfm.
struct MarkdownLayoutTests {
    private func environment(_ builder: ConversationBuilder, points: Bool = false,
                             parser: (any MarkdownParsing)? = FakeMarkdown.standard) throws -> LayoutEnvironment {
        var environment = try ParityLayout.environment(config: builder.config, context: builder.context, points: points)
        environment.decisions.markdown = parser
        return environment
    }

    private func decision(_ builder: ConversationBuilder, _ id: String = "m1",
                          parser: (any MarkdownParsing)? = FakeMarkdown.standard) throws -> MessageDecision {
        let decisions = MessageListResolver(try environment(builder, parser: parser)).resolve(builder.conversation)
        for case .message(let decision) in decisions.items where decision.message.id == id { return decision }
        throw DecisionNotFound()
    }

    private struct DecisionNotFound: Error {}

    private func screen(_ builder: ConversationBuilder, points: Bool = false, width: Int = 40) throws -> LaidOutScreen {
        MessageListScreen.layout(builder.conversation, environment: try environment(builder, points: points), width: width)
    }

    private func boxes(_ screen: LaidOutScreen, _ role: BoxRole) -> [Box] {
        var found: [Box] = []
        screen.root.walk { box, _ in if box.role == role { found.append(box) } }
        return found
    }

    private func one(_ text: String, config: (inout MessageListConfig) -> Void = { _ in }) -> ConversationBuilder {
        ConversationBuilder().direct().config(config).message("m1", by: "leia", at: 0, text: text)
    }

    // MARK: The option

    @Test func option_onForStream_offForSendbird_decoded() throws {
        #expect(LayoutProfile.streamUIKit.defaults().markdownEnabled)
        #expect(LayoutProfile.streamSwiftUI.defaults().markdownEnabled)
        #expect(!LayoutProfile.sendbird.defaults().markdownEnabled)
        let document = try ConversationDecoder.decode(Array(#"{"config": {"markdown_enabled": false}, "messages": []}"#.utf8))
        #expect(!document.config.markdownEnabled)
    }

    // MARK: The decision

    @Test func decision_carriesTheRichText_whenOnWithAParser() throws {
        #expect(try decision(one(FakeMarkdown.mixed)).richText == FakeMarkdown.mixedRich)
    }

    @Test func decision_noRichText_whenOff_withoutParser_orWithoutMarkup() throws {
        #expect(try decision(one(FakeMarkdown.mixed) { $0.markdownEnabled = false }).richText == nil)
        #expect(try decision(one(FakeMarkdown.mixed), parser: nil).richText == nil)
        #expect(try decision(one("plain words")).richText == nil)
    }

    @Test func decision_noRichText_forADeletedMessage_orAJumbomoji() throws {
        let deleted = ConversationBuilder().direct().message("m1", by: "leia", at: 0, text: FakeMarkdown.mixed) {
            $0.deletedAt = instant("2024-03-05T09:10:00Z")
        }
        #expect(try decision(deleted).richText == nil)
        // A parser that would call the emoji markdown: a jumbomoji is never markdown.
        let emoji = FakeMarkdown(known: ["🎉": FakeMarkdown.mixedRich])
        #expect(try decision(one("🎉"), parser: emoji).richText == nil)
    }

    @Test func decision_parsesTheTranslation_whereItReplacesTheText() throws {
        let builder = ConversationBuilder().direct()
            .config { $0.autoTranslationEnabled = true }
            .context { $0.translationLanguage = "pt" }
            .message("m1", by: "leia", at: 0, text: "**Hello** world") { $0.translations = ["pt": "**Olá** mundo"] }
        let decision = try decision(builder)
        #expect(decision.translation == "**Olá** mundo")
        #expect(decision.richText?.plainText == "Olá mundo")
    }

    @Test func decision_json_hasTheKeyOnlyWhenSet() throws {
        let encoder = JSONEncoder()
        let plain = String(decoding: try encoder.encode(try decision(one("plain words"))), as: UTF8.self)
        #expect(!plain.contains("richText"))
        let rich = String(decoding: try encoder.encode(try decision(one(FakeMarkdown.mixed))), as: UTF8.self)
        #expect(rich.contains("richText"))
    }

    // MARK: Layout

    @Test func paragraph_runsWrapTogether_oneLineMixesBoldAndCode() throws {
        let screen = try screen(one(FakeMarkdown.mixed))
        let blocks = boxes(screen, .textBlock)
        #expect(blocks.count == 1)
        let line = try #require(blocks.first?.placedLines.first)
        #expect(line.display == "bold and italic and code")
        #expect(line.spans == [
            PlacedSpan(start: 0, length: 4, traits: .strong), PlacedSpan(start: 4, length: 5, traits: []),
            PlacedSpan(start: 9, length: 6, traits: .emphasis), PlacedSpan(start: 15, length: 5, traits: []),
            PlacedSpan(start: 20, length: 4, traits: .code),
        ])
        // The markers are measured nowhere: the bubble fits the words alone.
        let text = try #require(boxes(screen, .text).first)
        #expect(text.children.map(\.role) == [.textBlock])
    }

    @Test func narrowBubble_spansFollowTheirWordsOntoTheNextLine() throws {
        let screen = try screen(one(FakeMarkdown.mixed), width: 24)
        let lines = try #require(boxes(screen, .textBlock).first).placedLines
        #expect(lines.count > 1)
        // Every character of every line is in exactly one span, and the code run ends the last line.
        for line in lines { #expect((line.spans ?? []).reduce(0) { $0 + $1.length } == line.text.count, "\(line.display)") }
        #expect(lines.last?.spans?.last == PlacedSpan(start: lines.last!.text.count - 4, length: 4, traits: .code))
    }

    @Test func everyKind_stacksItsBlocks_withMarkersGuttersAndARule() throws {
        let screen = try screen(one(FakeMarkdown.everyKind), width: 50)
        let text = try #require(boxes(screen, .text).first)
        #expect(text.children.map(\.role) == [
            .textBlock, .textBlock, .textBlock, .listMarker, .textBlock, .listMarker, .quoteGutter, .textBlock,
            .codeGutter, .textBlock, .thematicBreak,
        ])
        let blocks = text.children.filter { $0.role == .textBlock }
        // Stacked: each block starts where the one above ends, or a blank line below it where
        // Stream's parser puts one (not between a list's items, nor next to the rule).
        let stacked = text.children.filter { $0.role == .textBlock || $0.role == .thematicBreak }
        let gaps = zip(stacked, stacked.dropFirst()).map { upper, lower in lower.frame.y - upper.frame.maxY }
        #expect(gaps == [1, 1, 0, 1, 1, 0], "heading, paragraph, list, quote, code, rule")
        // Nested items indent further; their markers hang before their first lines.
        #expect(blocks[3].frame.x > blocks[2].frame.x && blocks[2].frame.x > blocks[1].frame.x)
        let markers = text.children.filter { $0.role == .listMarker }
        #expect(markers.map(\.lines) == [["•"], ["1."]])
        #expect(markers[0].frame.maxX <= blocks[2].frame.x && markers[0].frame.y == blocks[2].frame.y)
        // The code block keeps its two lines, in code's style.
        #expect(blocks[5].lines == ["let x = 1", "print(x)"])
        if case .richTextBlock(let content)? = blocks[5].content { #expect(content.kind == .codeBlock(language: nil)) } else { Issue.record("no block content") }
        // The link keeps its destination.
        #expect(blocks[1].placedLines[0].spans?.contains { $0.traits == .link && $0.destination == "https://example.com" } == true)
    }

    @Test func sendbirdsEditedWord_standsUnderTheRichText() throws {
        let builder = ConversationBuilder().direct()
            .config {
                $0 = LayoutProfile.sendbird.defaults()
                $0.markdownEnabled = true
            }
            .message("m1", by: "leia", at: 0, text: FakeMarkdown.mixed) { $0.messageTextUpdatedAt = instant("2024-03-05T09:05:00Z") }
        let screen = try screen(builder)
        let text = try #require(boxes(screen, .text).first), edited = try #require(boxes(screen, .editedLabel).first)
        #expect(text.children.map(\.role) == [.textBlock])
        #expect(edited.frame.y == text.frame.maxY)
    }

    @Test func plainText_keepsTodaysBoxes() throws {
        let screen = try screen(one("plain words"))
        #expect(boxes(screen, .textBlock).isEmpty)
        #expect(try #require(boxes(screen, .text).first).lines == ["plain words"])
    }

    // MARK: Output

    @Test func boxTreeJSON_roundTripsTheSpans_andOnlyRichLinesHaveThem() throws {
        let screen = try screen(one(FakeMarkdown.everyKind), width: 50)
        let json = screen.json().serialized()
        #expect(json.contains("\"spans\""))
        #expect(json.contains("\"rich_text_block\""))
        let back = try LaidOutScreen(jsonValue: screen.json())
        #expect(back == screen)
        let reread = boxes(back, .textBlock).flatMap(\.placedLines).map(\.spans)
        #expect(reread == boxes(screen, .textBlock).flatMap(\.placedLines).map(\.spans))
        let plain = try self.screen(one("plain words")).json().serialized()
        #expect(!plain.contains("\"spans\""))
    }

    @Test func boxTreeJSON_aWrongSpan_isNamedByItsPath() throws {
        let line = #"{"width":1,"height":1,"root":{"role":"textBlock","frame":{"x":0,"y":0,"width":4,"height":1},"lines":["bold"],"#
        let badTrait = line + #""placed_lines":[{"x":0,"width":4,"spans":[{"start":0,"length":4,"traits":["blinking"]}]}]}}"#
        #expect(throws: DocumentError(path: "root.placed_lines[0].spans[0].traits[0]", message: "unknown trait 'blinking'")) {
            try LaidOutScreen(json: badTrait)
        }
        let missingLength = line + #""placed_lines":[{"x":0,"width":4,"spans":[{"start":0,"traits":[]}]}]}}"#
        #expect(throws: DocumentError(path: "root.placed_lines[0].spans[0].length", message: "missing (required)")) {
            try LaidOutScreen(json: missingLength)
        }
        let badKind = #"{"width":1,"height":1,"root":{"role":"textBlock","frame":{"x":0,"y":0,"width":4,"height":1},"#
            + #""content":{"rich_text_block":{"kind":"table","quote_depth":0,"list_depth":0}}}}"#
        #expect(throws: DocumentError(path: "root.content.rich_text_block.kind", message: "unknown block kind 'table'")) {
            try LaidOutScreen(json: badKind)
        }
    }

    @Test func treeDump_showsTheFirstLinesSpans() throws {
        let dump = try screen(one(FakeMarkdown.mixed)).root.treeDump()
        #expect(dump.contains { $0.contains("textBlock") && $0.contains("spans:strong@0+4,plain@4+5,emphasis@9+6,plain@15+5,code@20+4") })
    }

    @Test func textRenderer_drawsTheWordsWithoutMarkers_gutters_markers_andARule() throws {
        let screen = try screen(one(FakeMarkdown.everyKind), width: 50)
        let drawn = TextRenderer().render(screen)
        #expect(drawn.contains("Read the docs at the site today"))
        #expect(!drawn.contains("**") && !drawn.contains("```"))
        #expect(drawn.contains("•  first item")) // the marker column has room for "9."
        #expect(drawn.contains("1. nested one"))
        #expect(drawn.contains("│ quoted words"))
        #expect(drawn.contains("│ let x = 1"))
        #expect(drawn.contains("───"))
    }

    @Test func svg_drawsSpansAsTspans() throws {
        let screen = try screen(one(FakeMarkdown.everyKind), points: true, width: 375)
        let svg = SVGRenderer(metrics: .points()).render(screen)
        #expect(svg.contains("<tspan font-weight=\"bold\">the docs</tspan>"))
        #expect(svg.contains("<tspan text-decoration=\"line-through\">today</tspan>"))
        #expect(svg.contains("<tspan font-style=\"italic\">one</tspan>"))
        #expect(svg.contains("<tspan font-family=\"'Noto Sans Mono', 'DejaVu Sans Mono', Menlo, monospace\">let x = 1</tspan>"))
        #expect(svg.contains("data-role=\"quoteGutter\"") && svg.contains("data-role=\"thematicBreak\""))
    }
}
