import ChatLayoutKit

extension RichText {
    /// Each block as "kind q<quote depth> l<list depth>: run|run", each run its text and its
    /// traits in brackets (B bold, I italic, S struck, C code, L link, @ mention, → destination);
    /// ["plain"] for nil, a text drawn as written.
    static func described(_ rich: RichText?) -> [String] {
        guard let rich else { return ["plain"] }
        return rich.blocks.map { block in
            let kind = switch block.kind {
            case .paragraph: "p"
            case .heading(let level): "h\(level)"
            case .codeBlock(let language): "code(\(language?.string ?? ""))"
            case .listItem(.bullet): "•"
            case .listItem(.number(let number)): "\(number)."
            case .thematicBreak: "---"
            }
            let runs = block.runs.map { run in
                var marks = ""
                if run.traits.contains(.strong) { marks += "B" }
                if run.traits.contains(.emphasis) { marks += "I" }
                if run.traits.contains(.strikethrough) { marks += "S" }
                if run.traits.contains(.code) { marks += "C" }
                if run.traits.contains(.link) { marks += "L" }
                if run.traits.contains(.mention) { marks += "@" }
                let destination = run.destination.map { "→\($0.string)" } ?? ""
                return marks.isEmpty ? run.text.string : "\(run.text.string)[\(marks)\(destination)]"
            }
            return "\(kind) q\(block.quoteDepth) l\(block.listDepth): " + runs.joined(separator: "|")
        }
    }
}
