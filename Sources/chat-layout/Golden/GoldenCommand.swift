import ArgumentParser
import ChatLayoutGoldens
import ChatLayoutKit
import Foundation

/// `chat-layout golden check|record DIR`: golden drawings of a folder of payloads, for teams
/// on any stack (``GoldenFolder``). The folder's `goldens.json` says how each payload is drawn.
struct GoldenCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "golden",
        abstract: "Check or record the golden drawings of a folder of payloads.",
        discussion: """
            Every *.json file in DIR but goldens.json is a payload, drawn into NAME.txt beside \
            it (NAME.svg and NAME.tree.txt where the manifest's "formats" ask). goldens.json \
            gives width, height, scroll_offset, scrolling, screen (list, threads, thread with parent), \
            locale, time_zone, now, current_user, channel, date_indicator, grouping, \
            max_group_interval, parent_presentation, ambiguous_wide and formats for the whole \
            folder, and per payload under "files": {"NAME.json": {...}}.
            """,
        subcommands: [GoldenCheckCommand.self, GoldenRecordCommand.self]
    )
}

/// `chat-layout golden check DIR`: exit 1 with a unified diff for each drawing that differs.
struct GoldenCheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Compare each payload's drawing with the one beside it; exit 1 with unified diffs if any differs or is missing.",
        discussion: "Never writes a drawing. --junit writes a JUnit XML report (one test case per drawing) for CI systems."
    )

    @Argument(help: "The folder of payloads.")
    var folder: String

    @Option(help: "Write a JUnit XML report to this file.")
    var junit: String?

    func run() throws {
        let results = try GoldenRun.folder(folder).run(mode: .never)
        var output = StandardOutput()
        for result in results {
            try output.write(GoldenRun.line(for: result))
            if case .success(.differs(let difference)) = result.outcome {
                let label = UntrustedText.escaped(result.drawingPath)
                try output.write(difference.unifiedDiff(expectedLabel: label, actualLabel: label + " (drawn)"))
            }
        }
        try output.write(GoldenRun.summary(results, verb: "check"))
        try output.flush()
        if let junit {
            let report = JUnitReport.xml(results, suiteName: URL(fileURLWithPath: folder).lastPathComponent)
            guard FileManager.default.createFile(atPath: junit, contents: Data(report.utf8)) else {
                throw BadInput(message: "\(DocumentSource(path: junit).name): cannot be written (--junit)")
            }
        }
        if results.contains(where: { result in (try? result.outcome.get())?.fails ?? true }) {
            throw ExitCode(1)
        }
    }
}

/// `chat-layout golden record DIR [--failed]`: writes the drawings; never on CI.
struct GoldenRecordCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "record",
        abstract: "Draw each payload and write its drawing beside it; --failed writes only those that differ or are missing.",
        discussion: "Refused when CI=true: goldens are recorded by people, who read them, never by CI."
    )

    @Argument(help: "The folder of payloads.")
    var folder: String

    @Flag(help: "Re-record only the drawings that differ or are missing.")
    var failed = false

    func validate() throws {
        if GoldenRecordMode.isContinuousIntegration() {
            throw ValidationError("CI=true: goldens are never recorded on CI (run golden check there)")
        }
    }

    func run() throws {
        let results = try GoldenRun.folder(folder).run(mode: failed ? .failed : .all, rewriteAll: !failed)
        var output = StandardOutput()
        for result in results where !(failed && (try? result.outcome.get()) == .matched) {
            try output.write(GoldenRun.line(for: result))
        }
        try output.write(GoldenRun.summary(results, verb: "record"))
        try output.flush()
        if results.contains(where: { if case .failure = $0.outcome { true } else { false } }) {
            throw ExitCode(1)
        }
    }
}

/// What `check` and `record` share: the folder, a line per drawing, the closing counts.
enum GoldenRun {
    /// The folder at `path`, its files read up to the document size cap that `preview` honours
    /// (`CHAT_LAYOUT_MAX_DOCUMENT_BYTES`, ``SizeLimit``).
    static func folder(_ path: String) throws -> GoldenFolder {
        let limit = try SizeLimit.fromEnvironment()
        do {
            return try GoldenFolder(path: path, sizeLimit: FileSizeLimit(bytes: limit.bytes, description: limit.description))
        } catch {
            throw BadInput(message: error.message)
        }
    }

    /// "ok          support.txt", "differs     support.txt (line 3, column 5)", …; an error is
    /// also written to stderr. The name is escaped whole, so that a line feed or an escape
    /// sequence in a payload's file name can neither forge a line nor act on the terminal.
    static func line(for result: GoldenFolder.Result) -> String {
        let name = UntrustedText.escaped(result.drawingName)
        switch result.outcome {
        case .success(.matched): return "ok          \(name)\n"
        case .success(.recorded): return "recorded    \(name)\n"
        case .success(.rerecorded(let difference)):
            return "re-recorded \(name) (was different from line \(difference.line), column \(difference.column))\n"
        case .success(.missing): return "missing     \(name)\n"
        case .success(.differs(let difference)):
            return "differs     \(name) (line \(difference.line), column \(difference.column))\n"
        case .failure(let error):
            StandardError.write("chat-layout: \(error.message)\n")
            return "error       \(name): \(UntrustedText.plain(error.message))\n"
        }
    }

    /// "golden check: 3 drawings: 2 match, 1 differs, 0 missing, 0 errors".
    static func summary(_ results: [GoldenFolder.Result], verb: String) -> String {
        var matched = 0, differs = 0, missing = 0, recorded = 0, errors = 0
        for result in results {
            switch result.outcome {
            case .success(.matched): matched += 1
            case .success(.differs): differs += 1
            case .success(.missing): missing += 1
            case .success(.recorded), .success(.rerecorded): recorded += 1
            case .failure: errors += 1
            }
        }
        let counts = verb == "check"
            ? "\(matched) match, \(differs) differ, \(missing) missing, \(errors) could not be drawn"
            : "\(recorded) written, \(matched) unchanged, \(errors) could not be drawn"
        return "golden \(verb): \(results.count) drawing\(results.count == 1 ? "" : "s"): \(counts)\n"
    }
}
