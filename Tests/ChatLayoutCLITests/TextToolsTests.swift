import Foundation
import Testing

/// `chat-layout text …`: the output contracts scripts rely on.
struct TextToolsTests {
    private func jsonLines(_ output: String) throws -> [[String]] {
        try output.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map {
            try JSONDecoder().decode([String].self, from: Data($0.utf8))
        }
    }

    @Test func graphemes_printsOneJSONArrayOfClustersPerLine() throws {
        let result = try CLIRunner.run(["text", "graphemes"], stdin: "Hi 👩‍👩‍👧\n🇯🇵e\u{301}\n\n")
        #expect(result.status == 0)
        #expect(result.stdout == "[\"H\",\"i\",\" \",\"👩‍👩‍👧\"]\n[\"🇯🇵\",\"e\u{301}\"]\n[]\n")
    }

    @Test func graphemes_withWidths_pairsEachClusterWithItsWidth() throws {
        let result = try CLIRunner.run(["text", "graphemes", "--widths"], stdin: "a中👍🏽\n")
        #expect(result.stdout == "[[\"a\",1],[\"中\",2],[\"👍🏽\",2]]\n")
    }

    @Test func breaks_printsTheSegmentsBetweenOpportunities() throws {
        let result = try CLIRunner.run(["text", "breaks"], stdin: "Hello world-wide\nภาษาไทยง่ายนิดเดียว\n")
        #expect(result.stdout == "[\"Hello \",\"world-\",\"wide\"]\n[\"ภาษา\",\"ไทย\",\"ง่าย\",\"นิด\",\"เดียว\"]\n")
    }

    @Test func width_printsOneIntegerPerLine() throws {
        let result = try CLIRunner.run(["text", "width"], stdin: "abc\n中文\n👩‍👩‍👧\nα\n")
        #expect(result.stdout == "3\n4\n2\n1\n")
        let wide = try CLIRunner.run(["text", "width", "--ambiguous-wide"], stdin: "α\n")
        #expect(wide.stdout == "2\n")
    }

    @Test func wrap_printsOneJSONArrayOfLinesPerLine() throws {
        let result = try CLIRunner.run(["text", "wrap", "--width", "10"], stdin: "Anyone up for coffee?\n")
        #expect(result.stdout == "[\"Anyone up \",\"for \",\"coffee?\"]\n")
        let display = try CLIRunner.run(["text", "wrap", "--width", "20", "--display"], stdin: "שלום (עולם)\n")
        #expect(display.stdout == "[\"(םלוע) םולש\"]\n")
    }

    @Test func crlfInput_isReadAsLines() throws {
        let result = try CLIRunner.run(["text", "width"], stdin: "ab\r\ncd\r\nlast")
        #expect(result.stdout == "2\n2\n4\n")
    }

    @Test func invalidUTF8_becomesReplacementCharacters() throws {
        let result = try CLIRunner.run(["text", "graphemes"], stdin: Data([0x61, 0xFF, 0x62, 0x0A]))
        #expect(result.stdout == "[\"a\",\"\u{FFFD}\",\"b\"]\n")
    }

    @Test func escapeSequencesInInput_neverReachTheTerminal() throws {
        let hostile = "\u{1B}[2J\u{1B}]0;pwned\u{07}red\u{1B}[31m!\u{9B}1m\u{1B}c\n"
        for tool in [["graphemes"], ["breaks"], ["width"], ["wrap", "--width", "3"], ["wrap", "--width", "3", "--display"]] {
            let result = try CLIRunner.run(["text"] + tool, stdin: hostile)
            #expect(result.status == 0)
            let controls = result.stdoutBytes.filter { $0 == 0x1B || $0 == 0x07 || ($0 < 0x20 && $0 != 0x0A) }
            #expect(controls.isEmpty, "\(tool): \(result.stdout.debugDescription)")
            #expect(!result.stdout.contains("\u{9B}"))
        }
        let clusters = try CLIRunner.run(["text", "graphemes"], stdin: hostile)
        #expect(clusters.stdout == "[\"r\",\"e\",\"d\",\"!\"]\n")
    }

    @Test func badWidth_isAUsageError() throws {
        for arguments in [["text", "wrap", "--width", "0"], ["text", "wrap", "--width", "-3"], ["text", "wrap"],
                          ["text", "wrap", "--width", "ten"], ["text", "shout"]] {
            let result = try CLIRunner.run(arguments)
            #expect(result.status == 2, "\(arguments)")
            #expect(result.stdout.isEmpty)
            #expect(!result.stderr.isEmpty)
        }
    }

    @Test func help_exitsZero() throws {
        let result = try CLIRunner.run(["text", "--help"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("graphemes"))
    }

    /// The four tools over every line of the corpus: one output line per input line, and
    /// each output gives its line back.
    @Test func textTools_overTheWholeCorpus() throws {
        let corpus = CLIRunner.repository.appendingPathComponent("Tests/ChatLayoutICUTests/Fixtures/corpus.jsonl")
        let lines = try String(contentsOf: corpus, encoding: .utf8).split(separator: "\n").flatMap {
            try JSONDecoder().decode(String.self, from: Data($0.utf8)).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        }
        let input = lines.joined(separator: "\n") + "\n"

        let graphemes = try jsonLines(try CLIRunner.run(["text", "graphemes"], stdin: input).stdout)
        let breaks = try jsonLines(try CLIRunner.run(["text", "breaks"], stdin: input).stdout)
        let widths = try CLIRunner.run(["text", "width"], stdin: input).stdout.split(separator: "\n").map { Int($0) }
        #expect(graphemes.count == lines.count)
        #expect(breaks.count == lines.count)
        #expect(widths.count == lines.count)
        for width in [5, 24, 60] {
            let wrapped = try jsonLines(try CLIRunner.run(["text", "wrap", "--width", String(width)], stdin: input).stdout)
            #expect(wrapped.count == lines.count)
            for (line, pieces) in zip(lines, wrapped) where pieces.joined() != line.replacingOccurrences(of: "\r", with: "") {
                Issue.record("wrap --width \(width) lost text of \(line.debugDescription): \(pieces)")
            }
            let displays = try jsonLines(try CLIRunner.run(["text", "wrap", "--width", String(width), "--display"], stdin: input).stdout)
            let displayWidths = try CLIRunner.run(["text", "width"], stdin: displays.flatMap { $0 }.joined(separator: "\n") + "\n")
                .stdout.split(separator: "\n").compactMap { Int($0) }
            let tooWide = zip(displays.flatMap { $0 }, displayWidths).filter { $0.1 > width && $0.0.count > 1 }
            #expect(tooWide.isEmpty, "lines wider than \(width): \(tooWide.prefix(3))")
        }
        for (index, line) in lines.enumerated() {
            #expect(graphemes[index].joined() == line, "\(line.debugDescription)")
            #expect(breaks[index].joined() == line, "\(line.debugDescription)")
            #expect(widths[index] != nil)
        }
    }
}

/// Issue 12, 5-4: the Hangul fillers take the cells terminals give them (glibc's `wcwidth`,
/// xterm, VTE), not none: counted 0, a name made of them would shift the rest of its row.
struct HangulFillerWidthTests {
    @Test func textWidth_countsTheFillersAsTerminalsDraw() throws {
        let result = try CLIRunner.run(["text", "width"], stdin: "\u{3164}\n\u{FFA0}\n\u{115F}\n\u{115F}\u{1160}\n\u{1160}\na\u{3164}b\n")
        #expect(result.status == 0)
        #expect(result.stdout == "2\n1\n2\n2\n0\n4\n")
    }

    @Test func aFillerName_keepsTheDrawingWithinItsWidth() throws {
        let document = Hostile.document([Hostile.message("m0", text: Hostile.json("\u{3164}\u{3164} hi \u{FFA0}"), name: Hostile.json("\u{3164}\u{3164}\u{3164}"))],
                                        channelName: Hostile.json("\u{3164}" + String(repeating: "\u{FFA0}", count: 30)))
        for width in ["12", "20", "40"] {
            let result = try CLIRunner.run(["preview", "-", "--width", width], stdin: document)
            #expect(result.status == 0, "\(result.stderr)")
            #expect(try Hostile.rowsWiderThan(Int(width)!, in: result.stdout).isEmpty, "at \(width):\n\(result.stdout)")
        }
    }
}
