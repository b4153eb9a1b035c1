import ChatLayoutGoldenTesting
import ChatLayoutGoldens
import ChatLayoutKit
import ChatScreens
import Testing

/// The app's support chat drawn and compared with `__Goldens__/SupportChatGoldenTests/`.
struct SupportChatGoldenTests {
    @Test func supportChat_asShipped() {
        assertLayoutSnapshot(of: SupportChat.conversation(), config: SupportChat.config, context: SupportChat.context, width: 40)
    }

    @Test func supportChat_narrow_asSVG() {
        assertLayoutSnapshot(of: SupportChat.conversation(), config: SupportChat.config, context: SupportChat.context, width: 28,
                             as: .svg)
    }

    /// A payload from the app's fixtures, as the server sends it: a relative path is read from
    /// this package (the folder holding Package.swift), whatever the working directory.
    @Test func payloadFromTheServer() {
        assertLayoutSnapshot(ofFile: "Goldens/support-payload.json", width: 40)
    }

    /// What a reviewer sees when someone changes a rule: the test fails, naming the line and
    /// column of the first difference and listing the differing lines.
    @Test func changedRule_failsWithAReadableDiff() {
        var changed = SupportChat.config
        changed.groupingRule = .timeInterval
        changed.maxTimeIntervalBetweenMessagesInGroup = 5   // the agent's two replies no longer group
        withKnownIssue {
            assertLayoutSnapshot(of: SupportChat.conversation(), config: changed, context: SupportChat.context, width: 40,
                                 named: "supportChat_asShipped", record: .never)
        } matching: { issue in
            let report = issue.comments.map(\.rawValue).joined()
            return report.hasPrefix("golden supportChat_asShipped differs at line ")
                && report.contains(", column ") && report.contains(" - \"") && report.contains(" + \"")
        }
    }
}
