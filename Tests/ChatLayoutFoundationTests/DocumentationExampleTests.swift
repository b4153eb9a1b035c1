import ChatLayoutFoundation
import ChatLayoutKit
import ChatLayoutTestSupport
import Foundation
import Testing

/// The DocC catalog's example, compiled and run here so that it cannot rot: the lines between
/// the markers are the article's code block (after its imports), and what they print is what
/// the article shows.
struct DocumentationExampleTests {
    private static let article = "Sources/ChatLayoutFoundation/ChatLayoutFoundation.docc/ChatLayoutFoundation.md"

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

    /// The first block fenced with `fence` in the article's overview.
    private func articleBlock(fence: String) throws -> [String] {
        try fencedBlock(in: Self.article, after: "## Overview", fence: fence)
    }

    @Test func articleShowsThisExample() throws {
        let block = try articleBlock(fence: "```swift")
        #expect(Array(block.prefix(4)) == ["import ChatLayoutFoundation", "import ChatLayoutKit", "import Foundation", ""])
        #expect(Array(block.dropFirst(4)) == (try exampleLines(inFile: #filePath, marker: "Example")))
    }

    @Test func articleShowsWhatTheExamplePrints() throws {
        #expect(try articleBlock(fence: "```text") == (try runExample()))
    }
}
