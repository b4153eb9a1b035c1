import ChatLayoutDecoding
import ChatLayoutGoldens
import ChatLayoutKit
import Testing

/// The documents where the SDKs disagree, each laid out under every profile: each profile gives
/// its SDK's result, in `explain` (the lines a user reads) and in the box tree. Every
/// expectation names the SDK source it follows.
struct ProfileDisagreementTests {
    // MARK: Documents

    /// `count` messages a minute apart from 09:00, by `authors` in turn.
    private static func messages(_ count: Int, by authors: [String], minutes: Int = 1) -> [String] {
        (0 ..< count).map { index in
            let minute = index * minutes
            return ProfileDocuments.message(String(format: "m%02d", index), by: authors[index % authors.count],
                           at: String(format: "2024-03-05T%02d:%02d:00Z", 9 + minute / 60, minute % 60))
        }
    }

    // MARK: Laying out under a profile

    private struct Outcome {
        /// `explain --format text`'s lines.
        var explained: [String]
        /// The laid-out screen.
        var root: Box

        /// The boxes of the screen, depth first.
        var boxes: [Box] {
            var all: [Box] = []
            root.walk { box, _ in all.append(box) }
            return all
        }

        /// `explain`'s line of message `id`.
        func line(_ id: String) throws -> String {
            try #require(explained.first { $0.hasPrefix(id + " ") || $0.hasPrefix("above the replies: \(id) ") }, "no line for \(id)")
        }

        /// Message `id`'s row.
        func row(_ id: String) throws -> Box {
            try #require(boxes.first { ($0.role == .messageRow || $0.role == .parentMessage) && $0.id == id }, "no row \(id)")
        }

        /// Whether message `id`'s row has a part of `role`.
        func row(_ id: String, has role: BoxRole) throws -> Bool {
            var found = false
            try row(id).walk { box, _ in if box.role == role { found = true } }
            return found
        }

        /// The rows of the message list, top to bottom.
        var rows: [Box] { boxes.filter { [.messageRow, .dateSeparator, .unreadSeparator].contains($0.role) } }
    }

    /// `json` laid out as a message list under `profile`, and explained.
    private static func list(_ json: String, _ profile: LayoutProfile) throws -> Outcome {
        let request = ScreenRequest(document: .init(name: "doc.json", bytes: Array(json.utf8)),
                                    overrides: ScreenRequest.Overrides(profile: profile), width: 60)
        let input = try request.input()
        let environment = try request.environment(input)
        let decisions = MessageListResolver(environment).resolve(input.document.conversation, explain: true)
        return Outcome(explained: decisions.explanationLines(width: 200, measurer: input.engine),
                       root: try request.layout(input).root)
    }

    /// The thread of `parent` in `json` under `profile`, explained, in a viewport of `height`.
    private static func thread(_ json: String, parent: String, _ profile: LayoutProfile, height: Int = 20,
                               startingPoint: ThreadStartingPoint? = nil) throws -> Outcome {
        let request = ScreenRequest(document: .init(name: "doc.json", bytes: Array(json.utf8)),
                                    overrides: ScreenRequest.Overrides(startingPoint: startingPoint, profile: profile),
                                    screen: .threadView(parentID: parent), width: 40, height: height)
        let input = try request.input()
        let environment = try request.environment(input)
        let decisions = try ThreadViewResolver(environment).resolve(input.document.conversation, parentID: parent, explain: true)
        return Outcome(explained: decisions.explanationLines(width: 200, measurer: input.engine),
                       root: try request.layout(input).root)
    }

    // MARK: The oldest loaded message of a full page

    /// Fifty messages with dates in the list: a full page for Stream UIKit (50), more than a
    /// page for SwiftUI (25) and Sendbird (30). UIKit dates the oldest loaded message only when
    /// the whole history is loaded (`ChatMessageListVC`'s `shouldShowDateSeparator`); SwiftUI
    /// (`showMessageDate(for:in:)`) and Sendbird (`checkSameDayAsNextMessage`, false for the
    /// oldest) always date it.
    @Test(arguments: LayoutProfile.allCases)
    func theOldestMessageOfAFullPage(_ profile: LayoutProfile) throws {
        let json = ProfileDocuments.document(config: #"{"date_indicator_placement": "message_list"}"#, messages: Self.messages(50, by: ["leia", "han"]))
        let outcome = try Self.list(json, profile)
        let first = try #require(outcome.rows.first)
        switch profile {
        case .streamUIKit:
            #expect(first.role == .messageRow && first.id == "m00")
            #expect(outcome.explained[1].hasPrefix("m00 "))
        case .streamSwiftUI, .sendbird:
            #expect(first.role == .dateSeparator)
            #expect(first.text == (profile == .sendbird ? "Tue, Mar 05" : "Today"))
            #expect(outcome.explained[1].contains("oldest loaded message, the history above not loaded (date_separator_on_oldest_message)"))
        }
    }

    // MARK: A custom reaction type

    /// Three "clap" reactions, a type with no default image: Stream UIKit shows the reactions
    /// it has images for (`ChatMessageReactionsView`), SwiftUI any non-empty `reaction_scores`
    /// (`reactionsShown`), Sendbird a cell for every reaction (`SBUMessageReactionView`).
    @Test(arguments: LayoutProfile.allCases)
    func aCustomReactionType(_ profile: LayoutProfile) throws {
        let json = ProfileDocuments.document(messages: [ProfileDocuments.message("m1", at: "2024-03-05T09:00:00Z",
                                                         extra: #", "reaction_scores": {"clap": 3}, "reaction_counts": {"clap": 3}"#)])
        let outcome = try Self.list(json, profile)
        let shown = profile != .streamUIKit
        let line = try outcome.line("m1")
        #expect(line.contains(" reactions ") == shown, "\(line)")
        #expect(try outcome.row("m1", has: .reactions) == shown)
    }

    // MARK: An edit, then a message 10 s later

    /// No config. Stream UIKit hides "Edited" by default (`isMessageEditedLabelEnabled` off)
    /// and groups the two; SwiftUI shows it and its grouping ends a group at an edit; Sendbird
    /// groups by minute whatever the edit (`getMessageGroupingPosition`).
    @Test(arguments: LayoutProfile.allCases)
    func anEditThenAMessageTenSecondsLater(_ profile: LayoutProfile) throws {
        let json = ProfileDocuments.document(messages: [
            ProfileDocuments.message("m1", at: "2024-03-05T09:00:00Z", extra: #", "message_text_updated_at": "2024-03-05T09:00:05Z""#),
            ProfileDocuments.message("m2", at: "2024-03-05T09:00:10Z"),
        ])
        let outcome = try Self.list(json, profile)
        let line = try outcome.line("m1")
        switch profile {
        case .streamUIKit:
            #expect(line.hasPrefix("m1 top ") && line.contains("grouped: next message by the same author 10 s later"))
            #expect(try !outcome.row("m1", has: .editedLabel))
        case .streamSwiftUI:
            #expect(line.hasPrefix("m1 single ") && line.contains("last in group: edited (edited label on)"))
            #expect(try outcome.row("m1", has: .editedLabel))
            #expect(try outcome.row("m1", has: .timestamp))
        case .sendbird:
            #expect(line.hasPrefix("m1 top ") && line.contains("grouped: next message by the same author 10 s later"))
            #expect(try !outcome.row("m1", has: .timestamp), "the time stands by the group's last message")
        }
    }

    // MARK: A failed image-only message

    /// The current user's image that failed to send, with no text: Stream UIKit and Sendbird
    /// mark it failed; SwiftUI's failure indicator needs text (`failureIndicatorShown`).
    @Test(arguments: LayoutProfile.allCases)
    func aFailedImageOnlyMessage(_ profile: LayoutProfile) throws {
        let json = ProfileDocuments.document(messages: [ProfileDocuments.message(
            "m1", by: "me", at: "2024-03-05T09:00:00Z",
            extra: #", "text": "", "local_state": "sending_failed", "attachments": [{"type": "image", "image_url": "https://x/a.png", "original_width": 400, "original_height": 300}]"#
        ).replacingOccurrences(of: #""text": "Message m1", "#, with: "")])
        let outcome = try Self.list(json, profile)
        let line = try outcome.line("m1")
        if profile == .streamSwiftUI {
            #expect(line.contains("−errorIndicator: sending_failed, but no text (failure_indicator_requires_text)"))
            #expect(try !outcome.row("m1", has: .errorIndicator))
        } else {
            #expect(line.contains("errorIndicator: sending_failed") && !line.contains("−errorIndicator"))
            #expect(try outcome.row("m1", has: .errorIndicator))
        }
        let media = try outcome.row("m1", has: .attachment) || outcome.row("m1", has: .gallery)
        #expect(media)
    }

    // MARK: An attachment type the SDKs do not draw

    /// A "product" attachment with a title and a size: Stream UIKit draws it as a file card
    /// saying "Unsupported Attachment" without its size (`UnsupportedAttachmentViewInjector`),
    /// Stream SwiftUI not at all (its default custom attachment view is empty); the sendbird
    /// profile keeps UIKit's card (a Stream payload's custom type has no Sendbird cell).
    @Test(arguments: LayoutProfile.allCases)
    func anUnsupportedAttachmentType(_ profile: LayoutProfile) throws {
        let json = ProfileDocuments.document(messages: [ProfileDocuments.message(
            "m1", at: "2024-03-05T09:00:00Z", extra: #", "attachments": [{"type": "product", "title": "Blue mug", "file_size": 1200}]"#)])
        let outcome = try Self.list(json, profile)
        var parts: [Box] = []
        try outcome.row("m1").walk { box, _ in if box.role == .attachment { parts.append(box) } }
        #expect(try outcome.row("m1", has: .text), "the message's text stays")
        if profile == .streamSwiftUI {
            #expect(parts.isEmpty)
        } else {
            #expect(parts.contains { $0.text == "Unsupported Attachment" }, "\(parts.map(\.text))")
            #expect(!parts.contains { $0.text == "Blue mug" || ($0.text ?? "").hasSuffix("KB") }, "neither its title nor its size")
        }
    }

    // MARK: The top-most loaded row of a group

    /// Fifty messages by Leia a minute apart: one group whose first message is the oldest
    /// loaded. SwiftUI shows the avatar on the top-most loaded row (`isLast`); Stream UIKit and
    /// Sendbird only on the group's last message.
    @Test(arguments: LayoutProfile.allCases)
    func theTopMostLoadedRowOfAGroup(_ profile: LayoutProfile) throws {
        let json = ProfileDocuments.document(messages: Self.messages(50, by: ["leia"], minutes: 0).enumerated().map { index, message in
            message.replacingOccurrences(of: "09:00:00Z", with: String(format: "09:00:%02dZ", index))
        })
        let outcome = try Self.list(json, profile)
        let line = try outcome.line("m00")
        if profile == .streamSwiftUI {
            #expect(line.contains("avatar: top-most loaded row"))
            #expect(try outcome.row("m00", has: .avatar))
        } else {
            #expect(!line.contains("avatar:") && line.contains("avatarSizePadding"))
            #expect(try !outcome.row("m00", has: .avatar))
        }
        #expect(try outcome.row("m49", has: .avatar), "the group's last message has its avatar everywhere")
    }

    // MARK: A two-member channel whose cid is not `!members`

    /// Avatars off in groups, on in direct channels. Stream UIKit counts two members as direct;
    /// SwiftUI's `showAvatars(for:)` asks the cid (`isDirectMessageChannel`), so this channel
    /// is a group there and Leia's avatar goes.
    @Test(arguments: LayoutProfile.allCases)
    func aTwoMemberChannelWhoseCidIsNotMembers(_ profile: LayoutProfile) throws {
        let json = ProfileDocuments.document(
            config: #"{"message_display_options": {"show_avatars": true, "show_avatars_in_groups": false}}"#,
            channel: #"{"cid": "messaging:leia-and-me", "name": "X", "member_count": 2}"#,
            messages: [ProfileDocuments.message("m1", at: "2024-03-05T09:00:00Z"), ProfileDocuments.message("m2", by: "me", at: "2024-03-05T09:01:00Z")])
        let outcome = try Self.list(json, profile)
        let line = try outcome.line("m1")
        if profile == .streamSwiftUI {
            #expect(line.contains("show_avatars_in_groups is off"), "\(line)")
            #expect(try !outcome.row("m1", has: .avatar))
        } else {
            #expect(line.contains("avatar: last in group, not yours"))
            #expect(try outcome.row("m1", has: .avatar))
        }
    }

    // MARK: A page of 25

    /// Twenty-five messages with dates in the list: the whole history under Stream UIKit's
    /// page of 50 and Sendbird's 30, one full page under SwiftUI's 25 (more may be older), whose
    /// own rule dates its oldest loaded message all the same.
    @Test(arguments: LayoutProfile.allCases)
    func aPageOf25(_ profile: LayoutProfile) throws {
        let json = ProfileDocuments.document(config: #"{"date_indicator_placement": "message_list"}"#, messages: Self.messages(25, by: ["leia", "han"], minutes: 2))
        let outcome = try Self.list(json, profile)
        #expect(outcome.rows.first?.role == .dateSeparator)
        let why = profile == .streamSwiftUI ? "oldest loaded message, the history above not loaded" : "oldest message, the whole history loaded"
        #expect(outcome.explained[1].contains(why), "\(outcome.explained[1])")
    }

    // MARK: A same-minute group

    /// Leia at 09:00:50, 09:01:10 and 09:01:40. Stream's SDKs group messages less than a
    /// minute apart (`maxTimeIntervalBetweenMessagesInGroup` 60 s): one group. Sendbird groups
    /// by the minute on the clock: 09:00 alone, then a group of two.
    @Test(arguments: LayoutProfile.allCases)
    func aSameMinuteGroup(_ profile: LayoutProfile) throws {
        let json = ProfileDocuments.document(messages: [ProfileDocuments.message("m1", at: "2024-03-05T09:00:50Z"), ProfileDocuments.message("m2", at: "2024-03-05T09:01:10Z"),
                                            ProfileDocuments.message("m3", at: "2024-03-05T09:01:40Z")])
        let outcome = try Self.list(json, profile)
        let first = try outcome.line("m1")
        if profile == .sendbird {
            #expect(first.hasPrefix("m1 single ") && first.contains("next message is in another minute"))
            #expect(try outcome.line("m2").hasPrefix("m2 top "))
            #expect(try outcome.row("m1", has: .timestamp))
        } else {
            #expect(first.hasPrefix("m1 top ") && first.contains("20 s later"))
            #expect(try outcome.line("m2").hasPrefix("m2 middle "))
            #expect(try !outcome.row("m1", has: .timestamp))
        }
        #expect(try outcome.line("m3").hasPrefix("m3 bottom "))
    }

    // MARK: Threads

    /// Leia's parent p1 at 09:00 and eight replies two minutes apart.
    private static let thread = ProfileDocuments.document(config: #"{"date_indicator_placement": "none"}"#, messages: [
        ProfileDocuments.message("p1", at: "2024-03-05T09:00:00Z", extra: #", "reply_count": 8"#),
    ] + (1 ... 8).map { index in
        ProfileDocuments.message("r\(index)", by: index.isMultiple(of: 2) ? "han" : "leia", at: String(format: "2024-03-05T09:%02d:00Z", index * 2),
                extra: #", "parent_id": "p1""#)
    })

    /// A thread opening at 09:07: both SDKs scroll the first reply at or after it (r4, 09:08)
    /// to the middle (Stream's `scrollToMessage` `.middle`, Sendbird's `scrollToInitialPosition`
    /// `.middle`). Stream SwiftUI lists the parent as the thread's first message; the other
    /// profiles draw it above the replies (`parent_presentation`).
    @Test(arguments: LayoutProfile.allCases)
    func aThreadStartingAtATimestamp(_ profile: LayoutProfile) throws {
        let outcome = try Self.thread(Self.thread, parent: "p1", profile, height: 16,
                                      startingPoint: .timestamp(try #require(Timestamp(rfc3339: "2024-03-05T09:07:00Z"))))
        #expect(outcome.explained.contains("opens with reply r4 in the middle: the first reply at or after 2024-03-05T09:07:00Z (starting_point)"))
        let reply = try outcome.row("r4")
        let header = try #require(outcome.boxes.first { $0.role == .channelHeader })
        let space = 16 - header.frame.height
        #expect(reply.frame.y == header.frame.height + space / 2 - reply.frame.height / 2)
        let firstMessage = profile == .streamSwiftUI
        #expect(outcome.explained.contains { $0.hasPrefix("parent p1 ") && $0.contains(firstMessage ? "first_message" : "info_header") })
    }

    /// The reply count between the parent info and the replies: Stream's counter centred,
    /// Sendbird's reply label at the leading edge (it sets no alignment).
    @Test(arguments: [LayoutProfile.streamUIKit, .sendbird])
    func theReplyCount_underTheParentInfo(_ profile: LayoutProfile) throws {
        let outcome = try Self.thread(Self.thread, parent: "p1", profile, height: 200)
        let counter = try #require(outcome.boxes.first { $0.role == .replyCountSeparator })
        let line = try #require(counter.placedLines.first)
        #expect(counter.text == "8 replies")
        if profile == .sendbird {
            #expect(counter.alignment == .leading && line.x == 1, "at the row's padding")
        } else {
            #expect(counter.alignment == .center && abs(line.x + line.width / 2 - 20) <= 1, "centred in the 40 cells")
        }
    }

    /// A parent with no replies. Under `info_header` (Sendbird's `SBUParentMessageInfoView`)
    /// its bottom rule stands alone with no count; under `first_message` (Stream SwiftUI,
    /// like UIKit's `ChatThreadVC`) there is no replies counter (it needs replies).
    @Test(arguments: LayoutProfile.allCases)
    func aParentWithNoReplies(_ profile: LayoutProfile) throws {
        let json = ProfileDocuments.document(messages: [ProfileDocuments.message("p1", at: "2024-03-05T09:00:00Z")])
        let outcome = try Self.thread(json, parent: "p1", profile)
        let counters = outcome.boxes.filter { $0.role == .replyCountSeparator }
        if profile == .streamSwiftUI {
            #expect(outcome.explained.contains("no replies counter: no replies"))
            #expect(counters.isEmpty)
            #expect(try outcome.line("p1").hasPrefix("p1 single "))
        } else {
            #expect(outcome.explained.contains("parent info: no replies, its rule alone (no count)"))
            #expect(counters.count == 1 && counters.allSatisfy { ($0.text ?? "").isEmpty })
            #expect(try outcome.line("p1").hasPrefix("above the replies: p1 "))
        }
    }
}
