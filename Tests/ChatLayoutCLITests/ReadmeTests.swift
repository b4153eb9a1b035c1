import Foundation
import Testing

/// README.md tells a newcomer the truth: its commands run and its examples print what it shows.
struct ReadmeTests {
    private let readme: String = (try? String(contentsOf: CLIRunner.repository.appendingPathComponent("README.md"), encoding: .utf8)) ?? ""

    /// The arguments and stdin file of README's `swift run chat-layout … < FILE` command lines.
    private var runCommands: [(arguments: [String], stdinFile: String?)] {
        readme.split(separator: "\n").compactMap { line in
            guard line.hasPrefix("swift run chat-layout ") else { return nil }
            let command = line.split(separator: "#", maxSplits: 1)[0]
            var words = command.split(separator: " ").map(String.init).dropFirst(3)
            var stdinFile: String?
            if let redirect = words.firstIndex(of: "<") {
                stdinFile = words[words.index(after: redirect)]
                words = words[..<redirect]
            }
            return (Array(words), stdinFile)
        }
    }

    @Test func firstCommand_runsOnTheBundledSample() throws {
        let commands = runCommands
        try #require(!commands.isEmpty, "README leads with a `swift run chat-layout` command")
        let (arguments, stdinFile) = commands[0]
        var input = Data()
        if let stdinFile {
            input = try Data(contentsOf: CLIRunner.repository.appendingPathComponent(stdinFile))
        }
        let result = try CLIRunner.run(arguments, stdin: input)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(!result.stdout.isEmpty)
        if stdinFile != nil {
            let inputLines = String(decoding: input, as: UTF8.self).split(separator: "\n").count
            #expect(result.stdout.split(separator: "\n").count == inputLines)
        }
    }

    /// The README's first code block: the newcomer's two commands, without their comments.
    private var leadingCommands: [String] {
        guard let start = readme.range(of: "```sh\n"), let end = readme.range(of: "\n```", range: start.upperBound ..< readme.endIndex)
        else { return [] }
        return readme[start.upperBound ..< end.lowerBound].split(separator: "\n").map { line in
            String(line.split(separator: "#", maxSplits: 1)[0]).trimmingCharacters(in: .whitespaces)
        }
    }

    /// CI proves the README's two commands by running them verbatim, and installs nothing
    /// besides: what a fresh machine lacks, those commands install themselves.
    @Test func leadingCommands_areWhatCIRuns() throws {
        let commands = leadingCommands
        #expect(commands.count == 2, "README leads with two commands: \(commands)")
        #expect(commands.first?.hasPrefix("swift run chat-layout preview Samples/") == true)
        let ci = try String(contentsOf: CLIRunner.repository.appendingPathComponent(".ci/run"), encoding: .utf8)
        let ciLines = ci.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        for command in commands {
            #expect(ciLines.contains(command), "`.ci/run` runs the README's command as written: \(command)")
        }
        #expect(!ciLines.contains { !$0.hasPrefix("#") && ($0.contains("apt-get") || $0.contains("dpkg")) },
                "only the README's commands install packages")
        // The test command is a script of the repository that runs `swift test`.
        let script = try #require(commands.last)
        let text = try String(contentsOf: CLIRunner.repository.appendingPathComponent(script), encoding: .utf8)
        #expect(text.split(separator: "\n").contains { $0.hasPrefix("swift test") })
    }

    /// Without HarfBuzz the first command still runs (cells need only ICU), and measuring in
    /// points says what is missing instead of failing to build or crashing.
    @Test func withoutHarfBuzz_cellsRunAndPointsSayWhatIsMissing() throws {
        var environment = ProcessInfo.processInfo.environment
        environment["CHAT_LAYOUT_HARFBUZZ_LIBRARY"] = "/nonexistent/libharfbuzz.so.0"
        let sample = CLIRunner.repository.appendingPathComponent("Samples/conversation.json").path
        let cells = try CLIRunner.run(["preview", sample, "--width", "44"], environment: environment)
        #expect(cells.status == 0, "\(cells.stderr)")
        #expect(cells.stdout.contains("General"))
        let points = try CLIRunner.run(["preview", sample, "--units", "points", "--width", "375", "--format", "tree"],
                                       environment: environment)
        #expect(points.status == 1)
        #expect(points.stdout.isEmpty)
        #expect(points.stderr.contains("cannot measure in points: the HarfBuzz library that CHAT_LAYOUT_HARFBUZZ_LIBRARY names cannot be loaded"),
                "\(points.stderr)")
        // With the library the same command measures (the machine's HarfBuzz, as Scripts/test.sh installs it).
        let measured = try CLIRunner.run(["preview", sample, "--units", "points", "--width", "375", "--format", "tree"])
        #expect(measured.status == 0, "\(measured.stderr)")
    }

    /// `$ echo '…' | swift run chat-layout …` followed by the output line.
    @Test func examples_printWhatTheREADMEShows() throws {
        let lines = readme.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var checked = 0
        for (index, line) in lines.enumerated() where line.hasPrefix("$ echo '") && index + 1 < lines.count {
            guard let pipe = line.range(of: "' | swift run chat-layout ") else { continue }
            let text = String(line[line.index(line.startIndex, offsetBy: 8) ..< pipe.lowerBound])
            let arguments = line[pipe.upperBound...].split(separator: " ").map(String.init)
            let result = try CLIRunner.run(arguments, stdin: text + "\n")
            #expect(result.stdout == lines[index + 1] + "\n", "\(line)")
            checked += 1
        }
        #expect(checked >= 3)
    }

    /// `$ swift run chat-layout …` blocks: every line shown (but "…") is in the real output.
    @Test func commandBlocks_showRealOutput() throws {
        let lines = readme.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var checked = 0
        for (index, line) in lines.enumerated() where line.hasPrefix("$ swift run chat-layout ") {
            let arguments = line.dropFirst("$ swift run chat-layout ".count).split(separator: " ").map { word in
                word.hasPrefix("Samples/") ? CLIRunner.repository.appendingPathComponent(String(word)).path : String(word)
            }
            let output = try CLIRunner.run(arguments).stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            var next = index + 1
            while next < lines.count && lines[next] != "```" {
                if lines[next] != "…" {
                    #expect(output.contains(lines[next]), "README shows a line the command does not print: \(lines[next])")
                    checked += 1
                }
                next += 1
            }
        }
        #expect(checked >= 5)
    }
}
