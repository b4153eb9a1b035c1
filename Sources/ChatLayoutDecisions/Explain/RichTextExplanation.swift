@_spi(ChatLayoutStages) import ChatLayoutModel

extension RichText {
    /// The parsed structure for `chat-layout explain --markdown`: one line a block, indented by
    /// its depths, naming its kind, then its runs, each quoted with its styles:
    ///
    ///     • "Oranges" bold · " (bold)"
    ///     > paragraph "Text that is a quote"
    ///
    /// Each line is printed as it is (``UntrustedText/plain(_:)``: a line feed in a run shows as
    /// "␊").
    public var explanationLines: [String] {
        blocks.map { block in
            let indent = String(repeating: "  ", count: block.listDepth > 0 ? block.listDepth - 1 : 0)
            let quotes = String(repeating: "> ", count: block.quoteDepth)
            let runs = block.runs.map { run in
                let styles = run.traits.names + (run.destination.map { ["→ " + $0.string] } ?? [])
                return "\"" + run.text.string + "\"" + (styles.isEmpty ? "" : " " + styles.joined(separator: " "))
            }
            let line = indent + quotes + block.kind.name + (runs.isEmpty ? "" : " " + runs.joined(separator: " · "))
            return UntrustedText.plain(line)
        }
    }

    /// The parsed structure as JSON: `[{"kind", "level"?, "marker"?, "language"?, "quote_depth",
    /// "list_depth", "runs": [{"text", "styles": […], "destination"?}]}]`.
    public var explanationJSON: JSONValue {
        .array(blocks.map { block in
            var members: [(String, JSONValue)] = [("kind", .string(block.kind.key))]
            switch block.kind {
            case .heading(let level): members.append(("level", .int(level)))
            case .listItem(.bullet): members.append(("marker", .string("bullet")))
            case .listItem(.number(let number)): members.append(("marker", .int(number)))
            case .codeBlock(let language?): members.append(("language", .string(language.string)))
            default: break
            }
            members += [("quote_depth", .int(block.quoteDepth)), ("list_depth", .int(block.listDepth))]
            members.append(("runs", .array(block.runs.map { run in
                var fields: [(String, JSONValue)] = [("text", .string(run.text.string)), ("styles", .array(run.traits.names.map { .string($0) }))]
                if let destination = run.destination { fields.append(("destination", .string(destination.string))) }
                return .object(fields)
            })))
            return .object(members)
        })
    }
}

extension RichTextBlock.Kind {
    /// How `explain` names it: "paragraph", "heading 2", "code swift", "•", "3.", "rule".
    var name: String {
        switch self {
        case .paragraph: "paragraph"
        case .heading(let level): "heading \(level)"
        case .codeBlock(let language): language.map { "code \($0.string)" } ?? "code"
        case .listItem(.bullet): "•"
        case .listItem(.number(let number)): "\(number)."
        case .thematicBreak: "rule"
        }
    }

    /// The JSON `kind`.
    var key: String {
        switch self {
        case .paragraph: "paragraph"
        case .heading: "heading"
        case .codeBlock: "code_block"
        case .listItem: "list_item"
        case .thematicBreak: "thematic_break"
        }
    }
}

extension RichTextTraits {
    /// The styles' names, in a fixed order: bold, italic, strikethrough, code, link, mention.
    var names: [String] {
        [(RichTextTraits.strong, "bold"), (.emphasis, "italic"), (.strikethrough, "strikethrough"), (.code, "code"),
         (.link, "link"), (.mention, "mention")].compactMap { contains($0.0) ? $0.1 : nil }
    }
}
