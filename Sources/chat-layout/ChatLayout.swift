import ArgumentParser
import Foundation
import ChatLayoutICU
import ChatLayoutKit

/// `chat-layout`: lays out chat payloads and explains the decisions; `text` shows the text
/// engine at work.
///
/// Exit codes: 0 ok, 1 bad input or standard output that could not be written (a message on
/// stderr), 2 bad usage.
@main
struct ChatLayout: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "chat-layout",
        abstract: "Chat-screen layout decisions as pure functions, drawn as text.",
        discussion: "Unicode \(ICUTextEngine.unicodeVersion) (ICU \(ICUTextEngine.icuVersion)), cell widths \(CellWidthPolicy.version).",
        version: "0.1.0",
        subcommands: [PreviewCommand.self, ExplainCommand.self, ThreadsCommand.self, ThreadCommand.self, TextCommand.self,
                      GoldenCommand.self]
    )

    static func main() {
        StandardStreams.prepare()
        var command: any ParsableCommand
        do {
            command = try parseAsRoot()
        } catch {
            fail(error, usage: self)
        }
        do {
            try command.run()
        } catch {
            // A usage error found while running (a --height too short for the document's
            // header) shows the usage of the command that was run, not the root's.
            fail(error, usage: type(of: command))
        }
    }

    /// Exits for `error`: 1 for bad input or standard output that could not be written, 2 for
    /// bad usage (with `usage`'s usage line), 0 after --help and --version.
    private static func fail(_ error: any Error, usage: any ParsableCommand.Type) -> Never {
        if let code = error as? ExitCode, code != .success {
            // `golden check` found a difference: its report is already written.
            Foundation.exit(code.rawValue)
        }
        if let badInput = error as? BadInput {
            StandardError.write(shorteningArguments("chat-layout: \(badInput.message)\n"))
            Foundation.exit(1)
        }
        if let failure = error as? OutputFailure {
            // `chat-layout … | head`: the reader has all it wanted.
            if failure.errorNumber == EPIPE { StandardStreams.endAsSIGPIPEWould() }
            StandardError.write("chat-layout: \(failure.message)\n")
            Foundation.exit(1)
        }
        if exitCode(for: error) == .success {
            // --help, --version: printed as ArgumentParser prints them, but checked.
            let text = fullMessage(for: error)
            var output = StandardOutput()
            do {
                if !text.isEmpty { try output.write(text + "\n") }
                try output.flush()
            } catch {
                fail(error, usage: usage)
            }
            Foundation.exit(0)
        }
        if usage == self {
            var lines = fullMessage(for: error).components(separatedBy: "\n")
            // A mistyped command: the ones it may have meant, under the error's line.
            if let suggestion = CommandSuggestion.line(for: Array(CommandLine.arguments.dropFirst()), root: self) {
                lines.insert(suggestion, at: min(1, lines.count))
            }
            StandardError.write(shorteningArguments(lines.joined(separator: "\n") + "\n"))
        } else {
            StandardError.write(shorteningArguments("Error: \(message(for: error))\nUsage: \(usageString(for: usage))\n"))
        }
        Foundation.exit(2)
    }

    /// `message` with every absurdly long command-line argument it quotes (a flag's value as
    /// ArgumentParser echoes it, a file name) cut to its first characters and its size, as
    /// values from documents are (``UntrustedText/shortened(_:wholeUpTo:)``).
    static func shorteningArguments(_ message: String, arguments: [String] = CommandLine.arguments) -> String {
        var message = message
        for argument in arguments.dropFirst() {
            // "--flag=value" is quoted as "value".
            let value = argument.hasPrefix("--") ? argument.split(separator: "=", maxSplits: 1).dropFirst().first.map(String.init) : nil
            for quoted in [argument, value].compactMap({ $0 }) where quoted.unicodeScalars.count > UntrustedText.longestQuotedWhole {
                message = message.replacingOccurrences(of: quoted, with: UntrustedText.shortened(quoted))
            }
        }
        return message
    }
}
