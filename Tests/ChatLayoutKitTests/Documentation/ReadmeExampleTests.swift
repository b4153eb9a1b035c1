import ChatLayoutDecoding
import ChatLayoutICU
import ChatLayoutKit
import ChatLayoutTestSupport
import ChatLayoutTextRenderer
import Foundation
import Testing

/// README.md's "Use it from Swift" example and the DocC articles' examples, compiled and run
/// here so that they cannot rot: the lines between the markers are the code blocks of README.md
/// and of the articles (after their imports), and what they print is what those show.
struct ReadmeExampleTests {
    /// Runs the example; `print` is captured instead of written to standard output.
    private func runExample() throws -> String {
        var printed = ""
        func print(_ text: String) { printed += text }

        // README:begin
        let leia = User(id: "leia", name: "Leia Organa"), han = User(id: "han", name: "Han Solo")
        let conversation = Conversation(channel: Channel(name: "Rebels", memberCount: 3), messages: [
            Message(id: "m1", text: "Where are you?", user: leia, createdAt: Timestamp(rfc3339: "2024-03-05T09:40:00Z")!),
            Message(id: "m2", text: "On my way 🚀", user: han, createdAt: Timestamp(rfc3339: "2024-03-05T09:41:00Z")!),
        ])
        let context = LayoutContext(currentUserID: "leia", now: Timestamp(rfc3339: "2024-03-05T10:00:00Z")!,
                                    timeZone: "Europe/Berlin", locale: "en_US")
        let formatter = try ICULocaleFormatter(locale: context.locale, timeZone: context.timeZone)
        let environment = try LayoutEnvironment(context: context, formatter: formatter, measurer: ICUTextEngine(),
                                                presentation: TerminalPresentation())  // the text renderer's glyphs
        let screen = MessageListScreen.layout(conversation, environment: environment, width: 36)
        print(TextRenderer().render(screen))
        // README:end
        return printed
    }

    /// The lines between `// <marker>:begin` and `// <marker>:end` in this file (dedented).
    private func exampleSource(_ marker: String = "README") throws -> [String] {
        try exampleLines(inFile: #filePath, marker: marker)
    }

    /// The first block fenced with `fence` after the line `marker` in the file at `path`
    /// (relative to the repository), without its fences.
    private func block(in path: String, after marker: String, fence: String) throws -> [String] {
        try fencedBlock(in: path, after: marker, fence: fence)
    }

    private func readmeBlock(after marker: String, fence: String) throws -> [String] {
        try block(in: "README.md", after: marker, fence: fence)
    }

    @Test func readmeShowsThisExample() throws {
        let block = try readmeBlock(after: "## Use it from Swift", fence: "```swift")
        #expect(Array(block.prefix(4)) == ["import ChatLayoutICU", "import ChatLayoutKit", "import ChatLayoutTextRenderer", ""])
        #expect(Array(block.dropFirst(4)) == (try exampleSource()))
    }

    /// The DocC overview article shows the same example.
    @Test func pipelineArticleShowsThisExample() throws {
        let block = try block(in: "Sources/ChatLayoutKit/ChatLayoutKit.docc/Pipeline.md", after: "## Lay out a conversation", fence: "```swift")
        #expect(Array(block.prefix(4)) == ["import ChatLayoutICU", "import ChatLayoutKit", "import ChatLayoutTextRenderer", ""])
        #expect(Array(block.dropFirst(4)) == (try exampleSource()))
    }

    @Test func readmeShowsWhatTheExamplePrints() throws {
        let printed = try runExample()
        let shown = try readmeBlock(after: "## Use it from Swift", fence: "```text")
        #expect(printed.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init) == shown,
                "the example prints:\n\(printed)")
    }

    /// README.md's second example: a payload decoded and laid out with the app's own
    /// configuration, passed as `config:`.
    private func runPayloadExample() throws -> String {
        var printed = ""
        func print(_ text: String) { printed += text }

        // ReadmePayload:begin
        let payload = #"""
        {"channel": {"name": "Rebels", "member_count": 3},
         "messages": [
           {"id": "m1", "text": "Where are you?", "user": {"id": "leia", "name": "Leia Organa"}, "created_at": "2024-03-05T09:40:00Z"},
           {"id": "m2", "text": "On my way 🚀", "user": {"id": "han", "name": "Han Solo"}, "created_at": "2024-03-05T09:41:00Z"},
           {"id": "m3", "text": "Two minutes", "user": {"id": "han", "name": "Han Solo"}, "created_at": "2024-03-05T09:43:00Z"}]}
        """#  // a Stream channel-state response, as your server sends it
        let document = try ConversationDecoder.decode(Array(payload.utf8))
        var config = document.config                        // the payload's `config`, else the defaults
        config.maxTimeIntervalBetweenMessagesInGroup = 120  // your app's rule: two minutes still group
        let context = LayoutContext(currentUserID: "leia", now: Timestamp(rfc3339: "2024-03-05T10:00:00Z")!,
                                    timeZone: "Europe/Berlin", locale: "en_US")
        let formatter = try ICULocaleFormatter(locale: context.locale, timeZone: context.timeZone)
        let environment = try LayoutEnvironment(config: config, context: context, formatter: formatter,
                                                measurer: ICUTextEngine(), presentation: TerminalPresentation())
        let screen = MessageListScreen.layout(document.conversation, environment: environment, width: 36)
        print(TextRenderer().render(screen))
        // ReadmePayload:end
        return printed
    }

    @Test func readmeShowsThePayloadExample() throws {
        let block = try readmeBlock(after: "### A payload, with your configuration", fence: "```swift")
        #expect(Array(block.prefix(5)) == ["import ChatLayoutDecoding", "import ChatLayoutICU", "import ChatLayoutKit",
                                           "import ChatLayoutTextRenderer", ""])
        #expect(Array(block.dropFirst(5)) == (try exampleSource("ReadmePayload")))
    }

    @Test func readmeShowsWhatThePayloadExamplePrints() throws {
        let printed = try runPayloadExample()
        let shown = try readmeBlock(after: "### A payload, with your configuration", fence: "```text")
        #expect(printed.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init) == shown,
                "the example prints:\n\(printed)")
    }

    /// IncrementalUpdates.md's example: the README's conversation kept laid out while a
    /// message arrives.
    private func runIncrementalExample() throws -> String {
        var printed = ""
        func print(_ items: Any...) { printed += items.map { "\($0)" }.joined(separator: " ") + "\n" }
        let leia = User(id: "leia", name: "Leia Organa"), han = User(id: "han", name: "Han Solo")
        let conversation = Conversation(channel: Channel(name: "Rebels", memberCount: 3), messages: [
            Message(id: "m1", text: "Where are you?", user: leia, createdAt: Timestamp(rfc3339: "2024-03-05T09:40:00Z")!),
            Message(id: "m2", text: "On my way 🚀", user: han, createdAt: Timestamp(rfc3339: "2024-03-05T09:41:00Z")!),
        ])
        let context = LayoutContext(currentUserID: "leia", now: Timestamp(rfc3339: "2024-03-05T10:00:00Z")!,
                                    timeZone: "Europe/Berlin", locale: "en_US")
        let formatter = try ICULocaleFormatter(locale: context.locale, timeZone: context.timeZone)
        let environment = try LayoutEnvironment(context: context, formatter: formatter, measurer: ICUTextEngine(),
                                                presentation: TerminalPresentation())

        // IncrementalUpdates:begin
        var list = try IncrementalMessageList(conversation: conversation, environment: environment, width: 36)
        let reply = Message(id: "m3", text: "Hurry!", user: leia, createdAt: Timestamp(rfc3339: "2024-03-05T09:42:00Z")!)
        let diff = try list.apply(.append(reply))
        print(diff.inserted.map(\.id), diff.updated.map(\.id), diff.removed)
        let screen = list.screen(Viewport(scrollOffset: .max, height: 10))
        print(screen.height, screen.root.children.map(\.role.rawValue))
        // IncrementalUpdates:end
        return printed
    }

    @Test func incrementalArticleShowsThisExample() throws {
        let block = try block(in: "Sources/ChatLayoutKit/ChatLayoutKit.docc/IncrementalUpdates.md", after: "## Keep a list laid out", fence: "```swift")
        #expect(block == (try exampleSource("IncrementalUpdates")))
    }

    @Test func incrementalExamplePrintsWhatTheArticleSays() throws {
        let printed = try runIncrementalExample()
        let shown = try block(in: "Sources/ChatLayoutKit/ChatLayoutKit.docc/IncrementalUpdates.md", after: "## Keep a list laid out", fence: "```text")
        #expect(printed.split(separator: "\n").map(String.init) == shown, "the example prints:\n\(printed)")
    }

    /// AppleFrontEnd.md's formatter, built on Foundation, which Linux has too: it compiles
    /// here and answers as ICU does for what the layout asks.
    @Test func appleFrontEndArticleShowsThisFormatter() throws {
        let block = try block(in: "Sources/ChatLayoutKit/ChatLayoutKit.docc/AppleFrontEnd.md", after: "## Format dates and counts", fence: "```swift")
        #expect(Array(block.prefix(3)) == ["import ChatLayoutKit", "import Foundation", ""])
        #expect(Array(block.dropFirst(3)) == (try exampleSource("FoundationFormatter")))
    }

    @Test func foundationFormatter_answersAsICUDoes() throws {
        let foundation = try #require(FoundationFormatter(locale: "en_US", timeZone: "Europe/Berlin"))
        let icu = try ICULocaleFormatter(locale: "en_US", timeZone: "Europe/Berlin")
        let instant = try #require(Timestamp(rfc3339: "2024-03-05T08:41:07Z"))
        #expect(foundation.localDateTime(of: instant) == icu.localDateTime(of: instant))
        for skeleton in ["MMMd", "yMMMd", "MMMdd", "EEEE", "yyMd"] {
            #expect(foundation.format(instant, skeleton: skeleton) == icu.format(instant, skeleton: skeleton), "\(skeleton)")
        }
        for pattern in ["E, MMM dd", "MMM dd, yyyy", "MMM dd hh:mm\u{00A0}a"] {
            #expect(foundation.format(instant, pattern: pattern) == icu.format(instant, pattern: pattern), "\(pattern)")
        }
        #expect(foundation.shortTime(instant) == icu.shortTime(instant))
        #expect(foundation.relativeDayName(0) == icu.relativeDayName(0))
        #expect(foundation.relativeDayName(-1) == icu.relativeDayName(-1))
        #expect(foundation.formatCount(1234) == icu.formatCount(1234))
        #expect(foundation.pluralCategory(1) == .one && foundation.pluralCategory(2) == .other)
        #expect(FoundationFormatter(locale: "en_US", timeZone: "Mars/Olympus") == nil)
    }
}

// FoundationFormatter:begin
/// Dates, times and counts through Foundation, bound to one locale and one time zone.
struct FoundationFormatter: LocaleFormatting {
    let locale: String
    let timeZone: String
    var today = "Today"
    var yesterday = "Yesterday"
    private let calendar: Calendar

    /// Nil for a time zone Foundation does not know.
    init?(locale: String, timeZone: String) {
        guard let zone = TimeZone(identifier: timeZone) else { return nil }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        calendar.locale = Locale(identifier: locale)
        self.locale = locale
        self.timeZone = timeZone
        self.calendar = calendar
    }

    private func date(_ timestamp: Timestamp) -> Date {
        Date(timeIntervalSince1970: Double(timestamp.seconds) + Double(timestamp.nanoseconds) / 1e9)
    }

    /// A date formatter in this locale and time zone. (Cache them in a real app: they are
    /// costly to make.)
    private func formatter(_ configure: (DateFormatter) -> Void) -> DateFormatter {
        let formatter = DateFormatter()
        formatter.calendar = calendar
        formatter.locale = calendar.locale
        formatter.timeZone = calendar.timeZone
        configure(formatter)
        return formatter
    }

    func localDateTime(of timestamp: Timestamp) -> LocalDateTime {
        let instant = date(timestamp)
        let parts = calendar.dateComponents([.year, .month, .day, .weekday, .hour, .minute, .second], from: instant)
        return LocalDateTime(day: CalendarDay(year: parts.year!, month: parts.month!, day: parts.day!),
                             weekday: parts.weekday!, hour: parts.hour!, minute: parts.minute!, second: parts.second!,
                             utcOffsetSeconds: calendar.timeZone.secondsFromGMT(for: instant))
    }

    func format(_ timestamp: Timestamp, skeleton: String) -> String {
        formatter { $0.setLocalizedDateFormatFromTemplate(skeleton) }.string(from: date(timestamp))
    }

    func format(_ timestamp: Timestamp, pattern: String) -> String {
        formatter { $0.dateFormat = pattern }.string(from: date(timestamp))
    }

    func shortTime(_ timestamp: Timestamp) -> String {
        formatter { $0.dateStyle = .none; $0.timeStyle = .short }.string(from: date(timestamp))
    }

    /// The layout asks for 0 and -1 only. Words, not dates: take them from your String Catalog.
    func relativeDayName(_ offset: Int) -> String {
        offset == 0 ? today : yesterday
    }

    /// Foundation has no public API for CLDR plural rules: these are English's. Use your
    /// languages' rules, or one `ChatStrings` phrase per category your String Catalog gives.
    func pluralCategory(_ count: Int) -> PluralCategory {
        count == 1 ? .one : .other
    }

    func formatCount(_ count: Int) -> String {
        let formatter = NumberFormatter()
        formatter.locale = calendar.locale
        formatter.numberStyle = .decimal
        return formatter.string(from: NSNumber(value: count)) ?? String(count)
    }
}
// FoundationFormatter:end

