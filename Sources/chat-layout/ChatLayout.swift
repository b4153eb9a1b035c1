import ArgumentParser
import Foundation
import ChatLayoutICU

/// `chat-layout`: lays out chat payloads and explains the decisions; `text` shows the text
/// engine at work.
///
/// Exit codes: 0 ok, 1 bad input (a message on stderr), 2 bad usage.
@main
struct ChatLayout: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "chat-layout",
        abstract: "Chat-screen layout decisions as pure functions, drawn as text.",
        discussion: "Unicode \(ICUTextEngine.unicodeVersion) (ICU \(ICUTextEngine.icuVersion)), cell widths \(CellWidthPolicy.version).",
        version: "0.1.0",
        subcommands: [PreviewCommand.self, ExplainCommand.self, ThreadsCommand.self, ThreadCommand.self, TextCommand.self]
    )

    static func main() {
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch let error as BadInput {
            StandardError.write("chat-layout: \(error.message)\n")
            Foundation.exit(1)
        } catch {
            if exitCode(for: error) == .success {
                exit(withError: error) // --help, --version
            }
            StandardError.write(fullMessage(for: error) + "\n")
            Foundation.exit(2)
        }
    }
}
