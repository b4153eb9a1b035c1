import ChatLayoutICU
import ChatLayoutKit
import ChatLayoutPixel
import ChatLayoutTestSupport
import Foundation
import Testing

/// The DocC catalog's example, compiled and run here so that it cannot rot: the lines between
/// the markers are the article's code block (after its imports), and what they print is the
/// tree the article shows.
struct DocumentationExampleTests {
    private static let article = "Sources/ChatLayoutPixel/ChatLayoutPixel.docc/ChatLayoutPixel.md"

    /// Runs the example; `print` is captured instead of written to standard output.
    private func runExample() throws -> [String] {
        var printed: [String] = []
        func print(_ line: String) { printed.append(line) }

        // Example:begin
        let leia = User(id: "leia", name: "Leia Organa"), han = User(id: "han", name: "Han Solo")
        let conversation = Conversation(channel: Channel(name: "Rebels", memberCount: 3), messages: [
            Message(id: "m1", text: "Where are you?", user: leia, createdAt: Timestamp(rfc3339: "2024-03-05T09:40:00Z")!),
            Message(id: "m2", text: "On my way 🚀", user: han, createdAt: Timestamp(rfc3339: "2024-03-05T09:41:00Z")!),
        ])
        let context = LayoutContext(currentUserID: "leia", now: Timestamp(rfc3339: "2024-03-05T10:00:00Z")!,
                                    timeZone: "Europe/Berlin", locale: "en_US")
        let formatter = try ICULocaleFormatter(locale: context.locale, timeZone: context.timeZone)
        let measurer = try HarfBuzzTextMeasurer(pointSize: 17)  // FontSet.noto
        // In the measurer's points: Stream's lengths, lines 24 pt (its `metrics(for:)`).
        let environment = try LayoutEnvironment(context: context, formatter: formatter, measurer: measurer)
        let screen = MessageListScreen.layout(conversation, environment: environment, width: 375)
        for line in screen.root.treeDump() { print(line) }
        // Example:end
        return printed
    }

    /// The lines between `// Example:begin` and `// Example:end` in this file (dedented).
    private func exampleSource() throws -> [String] {
        try exampleLines(inFile: #filePath, marker: "Example")
    }

    /// The first block fenced with `fence` after the line `marker` in the article.
    private func articleBlock(after marker: String, fence: String) throws -> [String] {
        try fencedBlock(in: Self.article, after: marker, fence: fence)
    }

    @Test func articleShowsThisExample() throws {
        let block = try articleBlock(after: "## Overview", fence: "```swift")
        #expect(Array(block.prefix(4)) == ["import ChatLayoutICU", "import ChatLayoutKit", "import ChatLayoutPixel", ""])
        #expect(Array(block.dropFirst(4)) == (try exampleSource()))
    }

    @Test func articleShowsWhatTheExamplePrints() throws {
        let printed = try runExample()
        #expect(try articleBlock(after: "## Overview", fence: "```text") == printed, "the example prints:\n\(printed.joined(separator: "\n"))")
    }
}
