import ChatLayoutFoundation
import ChatLayoutKit
import Foundation
import Testing

/// The DocC catalog's example, compiled and run here so that it cannot rot: the lines between
/// the markers are the article's code block (after its imports), and what they print is what
/// the article shows.
struct DocumentationExampleTests {
    private static let article = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Sources/ChatLayoutFoundation/ChatLayoutFoundation.docc/ChatLayoutFoundation.md")

    /// Runs the example; `print` is captured instead of written to standard output.
    private func runExample() throws -> [String] {
        var printed: [String] = []
        func print(_ items: String...) { printed.append(items.joined(separator: " ")) }

        // Example:begin
        let sent = Date(timeIntervalSince1970: 1_709_631_660)
        let message = Message(id: "m1", text: "On my way 🚀", user: User(id: "han", name: "Han Solo"), createdAt: Timestamp(sent))
        let context = LayoutContext(currentUserID: "leia", now: sent.addingTimeInterval(60),
                                    timeZone: TimeZone(identifier: "Europe/Berlin")!, locale: Locale(identifier: "de-DE"))

        let data = try CodableJSON.encode(Conversation(messages: [message]))
        let received = try CodableJSON.decode(Conversation.self, from: data)
        print(received.messages[0].createdAt.rfc3339, context.locale)
        // Example:end
        return printed
    }

    /// The lines between `// Example:begin` and `// Example:end` in this file (dedented).
    private func exampleSource() throws -> [String] {
        let source = try String(contentsOf: URL(fileURLWithPath: #filePath), encoding: .utf8)
        let lines = source.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let begin = try #require(lines.firstIndex { $0.hasSuffix("// Example:begin") })
        let end = try #require(lines.firstIndex { $0.hasSuffix("// Example:end") })
        let body = lines[(begin + 1) ..< end]
        let indent = body.filter { !$0.isEmpty }.map { $0.prefix { $0 == " " }.count }.min() ?? 0
        return body.map { String($0.dropFirst(indent)) }
    }

    /// The first block fenced with `fence` after the line `## Overview` in the article.
    private func articleBlock(fence: String) throws -> [String] {
        let text = try String(contentsOf: Self.article, encoding: .utf8)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let start = try #require(lines.firstIndex(of: "## Overview"))
        let open = try #require(lines[start...].firstIndex(of: fence), "a \(fence) block in the overview")
        let close = try #require(lines[(open + 1)...].firstIndex(of: "```"))
        return Array(lines[(open + 1) ..< close])
    }

    @Test func articleShowsThisExample() throws {
        let block = try articleBlock(fence: "```swift")
        #expect(Array(block.prefix(4)) == ["import ChatLayoutFoundation", "import ChatLayoutKit", "import Foundation", ""])
        #expect(Array(block.dropFirst(4)) == (try exampleSource()))
    }

    @Test func articleShowsWhatTheExamplePrints() throws {
        #expect(try articleBlock(fence: "```text") == (try runExample()))
    }
}
