import ChatLayoutGoldens
import ChatLayoutSnapshotStrategy
import ChatScreens
import SnapshotTesting
import Testing

/// The same support chat through swift-snapshot-testing, as a team already on it writes it:
/// `assertSnapshot(of:as: .layoutText)`, its reference in `__Snapshots__/` beside this file.
struct SnapshotStrategyTests {
    private var snapshot: LayoutSnapshot {
        LayoutSnapshot(name: "support-chat", conversation: SupportChat.conversation(), config: SupportChat.config,
                       context: SupportChat.context, width: 40)
    }

    @Test func supportChat_throughSwiftSnapshotTesting() {
        assertSnapshot(of: snapshot, as: .layoutText)
    }

    /// A changed rule fails through swift-snapshot-testing too, with its line diff.
    @Test func changedRule_failsThroughSwiftSnapshotTesting() {
        var changed = SupportChat.config
        changed.groupingRule = .timeInterval
        changed.maxTimeIntervalBetweenMessagesInGroup = 5
        let different = LayoutSnapshot(name: "support-chat", conversation: SupportChat.conversation(), config: changed,
                                       context: SupportChat.context, width: 40)
        withKnownIssue {
            assertSnapshot(of: different, as: .layoutText, named: "1", record: .never, testName: "supportChat_throughSwiftSnapshotTesting")
        } matching: { issue in
            let report = issue.comments.map(\.rawValue).joined() + String(describing: issue)
            return report.contains("does not match reference") && report.contains("@@ −")
        }
    }
}
