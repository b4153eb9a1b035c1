import Foundation
import Testing

/// A document that gives `messages` twice: the last array is laid out, and standard error says
/// that the first one's messages are not, with the key's path and both places.
struct RepeatedKeyCLITests {
    private static let document = #"""
        {"context": {"now": "2024-03-05T12:00:00Z", "time_zone": "UTC", "locale": "en_US"},
         "messages": [{"id": "first-a", "text": "dropped one", "user": {"id": "x"}, "created_at": "2024-03-05T09:00:00Z"},
                      {"id": "first-b", "text": "dropped two", "user": {"id": "x"}, "created_at": "2024-03-05T09:01:00Z"}],
         "messages": [{"id": "kept", "text": "kept text", "user": {"id": "x"}, "created_at": "2024-03-05T09:02:00Z"}]}
        """#

    @Test(arguments: [["preview", "-", "--width", "40"], ["explain", "-"], ["explain", "-", "--format", "json"]])
    func messagesTwice_isAWarningOnStandardError(arguments: [String]) throws {
        let result = try CLIRunner.run(arguments, stdin: Self.document)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("kept"))
        #expect(!result.stdout.contains("dropped"))
        #expect(result.stderr.contains("""
            chat-layout: warning: <stdin>: messages: the key is repeated (members 2 and 3 of its object): \
            only the last value is read; the one before (an array of 2 elements) is ignored
            """), "\(result.stderr)")
    }
}
