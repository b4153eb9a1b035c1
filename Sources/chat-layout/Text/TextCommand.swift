import ArgumentParser
import ChatLayoutICU
import ChatLayoutKit

/// `chat-layout text …`: the text engine on standard input, one result a line, so that users
/// can see why a message wraps the way it does. Every line is neutralised first
/// (``UntrustedText/neutralize(_:)``), exactly as the layout does with message text.
struct TextCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "text",
        abstract: "Run the text engine on each line of standard input.",
        discussion: """
            Each tool reads standard input line by line and prints one result a line. Lines are \
            neutralised first (control characters and escape sequences made inert), as the \
            layout does with message text.
            """,
        subcommands: [Graphemes.self, Breaks.self, Width.self, Wrap.self]
    )
}

/// Options shared by the text tools.
struct TextEngineOptions: ParsableArguments {
    @Flag(help: "Count East Asian Ambiguous characters as two cells (CJK terminals).")
    var ambiguousWide = false

    var engine: ICUTextEngine {
        ICUTextEngine(policy: CellWidthPolicy(ambiguousIsWide: ambiguousWide))
    }
}

extension ParsableCommand {
    /// Runs `transform` on every neutralised line of standard input, printing its result as
    /// the line arrives (`yes | chat-layout text width | head` answers at once, in bounded
    /// memory); a line longer than the document size limit (``SizeLimit``) is bad input.
    func eachInputLine(_ transform: (String) -> String) throws {
        var output = StandardOutput()
        do {
            try StandardInput.forEachLine(limit: SizeLimit.fromEnvironment()) { line in
                try output.write(transform(UntrustedText.neutralize(line)))
                try output.write("\n")
            } afterEachRead: {
                try output.flush()
            }
        } catch let badInput as BadInput {
            // The lines before a line too long, or a failed read, keep their answers.
            try output.flush()
            throw badInput
        }
        try output.flush()
    }
}

extension TextCommand {
    struct Graphemes: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "One JSON array of grapheme clusters (UAX #29) per line.",
            discussion: "With --widths, each cluster comes as [cluster, width in cells]."
        )
        @OptionGroup var options: TextEngineOptions
        @Flag(help: "Print each cluster with its width in cells.")
        var widths = false

        func run() throws {
            let engine = options.engine
            try eachInputLine { line in
                if widths {
                    return JSONValue.array(engine.clusterWidths(line).map { .array([.string($0.cluster), .int($0.width)]) }).serialized()
                }
                return JSONValue.array(engine.graphemeClusters(line).map(JSONValue.string)).serialized()
            }
        }
    }

    struct Breaks: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "One JSON array of the segments between line-break opportunities (UAX #14) per line.",
            discussion: "Concatenated, the segments give the line back. Thai, Lao, Khmer and Myanmar break by ICU's dictionaries."
        )
        @OptionGroup var options: TextEngineOptions

        func run() throws {
            let engine = options.engine
            try eachInputLine { JSONValue.array(engine.lineBreakSegments($0).map(JSONValue.string)).serialized() }
        }
    }

    struct Width: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "The width of each line in terminal cells.")
        @OptionGroup var options: TextEngineOptions

        func run() throws {
            let engine = options.engine
            try eachInputLine { String(engine.width(of: $0)) }
        }
    }

    struct Wrap: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "One JSON array of wrapped lines per input line.",
            discussion: """
                Lines are in reading order and keep the spaces that hang at their end, so that \
                concatenated they give the input back. With --display they come as drawn: \
                reordered for display (bidi), hanging spaces removed.
                """
        )
        @OptionGroup var options: TextEngineOptions
        @Option(parsing: .unconditional, help: "The width to wrap to, in cells (1 or more).")
        var width: Int
        @Flag(help: "Print the lines as drawn (visual order, no hanging spaces).")
        var display = false

        func validate() throws {
            guard width >= 1 else { throw ValidationError("--width must be 1 or more, got \(width)") }
        }

        func run() throws {
            let engine = options.engine
            try eachInputLine { line in
                let wrapped = engine.wrap(line, width: width)
                return JSONValue.array(wrapped.lines.map { .string(display ? $0.display : $0.text) }).serialized()
            }
        }
    }
}
