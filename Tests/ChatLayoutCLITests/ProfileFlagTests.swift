import Foundation
import Testing

/// `--profile`: every layout command takes it, it overrides the document's `config.profile`
/// (the document's options still override the profile), a bad value is bad usage naming the
/// profiles, and `explain` says whose rule gave each option.
struct ProfileFlagTests {
    /// Two messages of Leia's 20 s apart across a minute, and `config` if given.
    private static func document(config: String? = nil) -> String {
        """
        {"context": {"current_user_id": "me", "now": "2024-03-05T12:00:00Z", "time_zone": "UTC", "locale": "en_US"},
         \(config.map { #""config": \#($0),"# } ?? "")
         "channel": {"cid": "messaging:x", "name": "X", "member_count": 3},
         "messages": [{"id": "a", "text": "hi", "user": {"id": "leia"}, "created_at": "2024-03-05T09:00:50Z", "reply_count": 1},
                      {"id": "b", "text": "yo", "user": {"id": "leia"}, "created_at": "2024-03-05T09:01:10Z"}],
         "threads": [{"parent_message_id": "a", "reply_count": 0}]}
        """
    }

    private struct Explanation: Decodable {
        struct Item: Decodable { var kind: String; var position: String? }
        var items: [Item]
        var profile: String
        var config_sources: [String: String]
    }

    private static func explain(_ flags: [String], config: String? = nil) throws -> Explanation {
        let result = try CLIRunner.run(["explain", "-", "--format", "json"] + flags, stdin: document(config: config))
        try #require(result.status == 0, "\(result.stderr)")
        return try JSONDecoder().decode(Explanation.self, from: result.stdoutBytes)
    }

    private static func positions(_ explanation: Explanation) -> [String] {
        explanation.items.compactMap(\.position)
    }

    @Test func explainJSON_namesTheProfile_andWhoGaveEachOption() throws {
        let plain = try Self.explain([])
        #expect(plain.profile == "stream-uikit")
        #expect(plain.config_sources["group_messages"] == "stream-uikit")
        #expect(plain.config_sources["message_display_options.show_avatars"] == "stream-uikit")
        #expect(plain.config_sources.count > 20, "every option: \(plain.config_sources.keys.sorted())")
        let given = try Self.explain(["--profile", "stream-swiftui", "--no-grouping"], config: #"{"page_size": 5}"#)
        #expect(given.profile == "stream-swiftui")
        #expect(given.config_sources["profile"] == "flag")
        #expect(given.config_sources["group_messages"] == "flag")
        #expect(given.config_sources["page_size"] == "document")
        #expect(given.config_sources["edited_label_enabled"] == "stream-swiftui")
        #expect(Set(given.config_sources.keys) == Set(plain.config_sources.keys))
    }

    @Test func theFlag_overridesTheDocumentsProfile_notItsOptions() throws {
        let sendbird = try Self.explain([], config: #"{"profile": "sendbird"}"#)
        #expect(Self.positions(sendbird) == ["single", "single"], "another minute, another group")
        #expect(sendbird.config_sources["profile"] == "document" && sendbird.config_sources["grouping_rule"] == "sendbird")
        let flagged = try Self.explain(["--profile", "stream-uikit"], config: #"{"profile": "sendbird"}"#)
        #expect(flagged.profile == "stream-uikit")
        #expect(Self.positions(flagged) == ["top", "bottom"], "20 s apart: one group")
        let kept = try Self.explain(["--profile", "stream-uikit"], config: #"{"profile": "sendbird", "grouping_rule": "same_minute"}"#)
        #expect(Self.positions(kept) == ["single", "single"], "the document's option wins over the flag's profile")
        #expect(kept.config_sources["grouping_rule"] == "document")
    }

    @Test func explainText_endsWithTheProfileAndWhatWasSet() throws {
        let result = try CLIRunner.run(["explain", "-", "--profile", "sendbird", "--max-group-interval", "5"],
                                       stdin: Self.document(config: #"{"page_size": 5, "message_display_options": {"show_avatars": false}}"#))
        #expect(result.status == 0, "\(result.stderr)")
        let last = result.stdout.split(separator: "\n").last.map(String.init)
        #expect(last == "profile sendbird (flag); set by the document: message_display_options.show_avatars, page_size; "
            + "by flags: max_time_interval_between_messages_in_group")
        let plain = try CLIRunner.run(["explain", "-"], stdin: Self.document())
        #expect(plain.stdout.hasSuffix("profile stream-uikit (default); every option its default\n"), "\(plain.stdout)")
    }

    @Test(arguments: [["preview"], ["explain"], ["thread", "--parent", "a"], ["threads"]])
    func everyLayoutCommand_takesTheFlag(_ command: [String]) throws {
        for name in ["stream-uikit", "stream-swiftui", "sendbird", "stream_swiftui"] {
            let result = try CLIRunner.run(Array(command.prefix(1)) + ["-"] + command.dropFirst() + ["--profile", name], stdin: Self.document())
            #expect(result.status == 0, "\(command) --profile \(name): \(result.stderr)")
        }
    }

    @Test func aBadProfile_isBadUsage_namingTheProfiles() throws {
        let result = try CLIRunner.run(["preview", "-", "--profile", "stream-android"], stdin: Self.document())
        #expect(result.status == 2)
        for name in ["stream-uikit", "stream-swiftui", "sendbird"] {
            #expect(result.stderr.contains(name), "\(result.stderr)")
        }
    }

    @Test func aBadProfileInTheDocument_isNamedByItsPath() throws {
        let result = try CLIRunner.run(["preview", "-"], stdin: Self.document(config: #"{"profile": "stream"}"#))
        #expect(result.status != 0 && result.status != 2)
        #expect(result.stderr.contains("config.profile: unknown value 'stream' (expected one of: stream-uikit, stream-swiftui, sendbird)"),
                "\(result.stderr)")
    }

    @Test func aMisspeltOption_isAWarning_andTheScreenIsStillDrawn() throws {
        let result = try CLIRunner.run(["preview", "-"], stdin: Self.document(config: #"{"grouping_rul": "same_minute"}"#))
        #expect(result.status == 0)
        #expect(result.stderr.contains("warning: ") && result.stderr.contains("config.grouping_rul: not an option, ignored (did you mean 'grouping_rule'?)"),
                "\(result.stderr)")
    }
}
