import ChatLayoutICU
@testable import ChatLayoutKit
@testable import ChatLayoutModel
@testable import ChatLayoutDecisions
@testable import ChatLayoutComposition
@testable import ChatLayoutPlacement
import ChatLayoutTestSupport
import Dispatch
import Synchronization
import Testing

/// A list laid out again at another width places every row at once and writes a chunk's
/// records only when they are read: across several chunks (the generated documents fit in
/// one), read in any order and from several threads at once, it is a fresh layout at that
/// width, byte for byte.
@Suite struct RelaidRowsTests {
    /// 7,000 messages (three chunks of rows and more): four authors by turns, seven minutes
    /// apart (`grouped` false), or one author twenty seconds apart — one group but for the days,
    /// so that every chunk after the first begins under a message of its group (another
    /// spacing than under nothing).
    static func conversation(grouped: Bool) -> Conversation {
        var conversation = BottomViewportPropertyTests.longConversation(messages: 7_000)
        if grouped {
            let author = conversation.members[1].user
            for index in conversation.messages.indices {
                conversation.messages[index].user = author
                conversation.messages[index].createdAt = Timestamp(seconds: 1_709_000_000 + Int64(index) * 20)
            }
        }
        return conversation
    }

    /// The list of `conversation` laid out at 40 and again at `width`; and the same laid out
    /// afresh at `width` by a new engine.
    static func lists(width: Int, grouped: Bool = false) throws -> (relaid: LaidOutList, fresh: LaidOutList) {
        let conversation = conversation(grouped: grouped)
        let environment = try BottomViewportPropertyTests.environment(measurer: ICUTextEngine())
        let list = MessageListScreen.list(conversation, environment: environment, width: 40)
        var fresh = environment
        fresh.measurer = ICUTextEngine()
        return (list.relayout(width: width), MessageListScreen.list(conversation, environment: fresh, width: width))
    }

    @Test(arguments: [false, true])
    func aLongListLaidOutAgain_isAFreshLayout_chunkByChunk(grouped: Bool) throws {
        let (relaid, fresh) = try Self.lists(width: 57, grouped: grouped)
        #expect(relaid.rowCount > 3 * LaidOutRows.chunkLength && LaidOutRows.chunkLength % RelaidRows.chunkLength == 0)
        #expect(relaid.rowCount == fresh.rowCount && relaid.contentHeight == fresh.contentHeight)
        // Frames, roles and ids, before any chunk is written.
        var framesDiffer = 0
        for index in 0 ..< fresh.rowCount where relaid.rowFrame(at: index) != fresh.rowFrame(at: index)
            || relaid.rowRole(at: index) != fresh.rowRole(at: index) {
            framesDiffer += 1
        }
        #expect(framesDiffer == 0)
        // Boxes read from the last chunk first, then the rest.
        for index in (0 ..< fresh.rowCount).reversed() {
            if let failure = boxDifference(relaid.row(at: index), fresh.row(at: index)) {
                Issue.record("row \(index): \(failure)")
                break
            }
        }
        // Screens across the chunks' boundaries, and the message found by a jump.
        for offset in [0, 4_000, 9_990, 10_007, 20_000, Int.max] {
            let viewport = Viewport(scrollOffset: offset, height: 30, isScrolling: true)
            if let failure = boxDifference(relaid.screen(viewport).root, fresh.screen(viewport).root, path: "screen") {
                Issue.record("offset \(offset): \(failure)")
            }
        }
        #expect(relaid.rowIndices(overlapping: 5_000 ..< 5_040) == fresh.rowIndices(overlapping: 5_000 ..< 5_040))
        #expect(relaid.scrollOffset(showing: "m4321", at: .center, height: 30) == fresh.scrollOffset(showing: "m4321", at: .center, height: 30))
    }

    /// Rows of every chunk read by eight threads at once, each chunk by several: each chunk is
    /// written once, and every row is the fresh layout's.
    @Test func rowsReadFromSeveralThreadsAtOnce_areTheFreshLayouts() throws {
        let (relaid, fresh) = try Self.lists(width: 33)
        let count = fresh.rowCount
        let failures = Mutex<[String]>([])
        DispatchQueue.concurrentPerform(iterations: 8) { thread in
            for index in stride(from: thread * 97 % count, to: count, by: 41) {
                if let failure = boxDifference(relaid.row(at: index), fresh.row(at: index)) {
                    failures.withLock { $0.append("row \(index): \(failure)") }
                }
            }
        }
        #expect(failures.withLock { $0 }.isEmpty)
    }

    /// Every row read at once (`rows`: every chunk written first, on every core) is the fresh
    /// layout's.
    @Test func everyRowReadAtOnce_isTheFreshLayouts() throws {
        let (relaid, fresh) = try Self.lists(width: 45, grouped: true)
        let rows = relaid.rows, expected = fresh.rows
        #expect(rows.count == expected.count)
        let differing = zip(rows, expected).enumerated().first { boxDifference($0.element.0, $0.element.1) != nil }
        #expect(differing == nil, "row \(differing?.offset ?? -1)")
    }

    /// A list laid out again, laid out again in turn (from the decisions it keeps), is a fresh
    /// layout at that width too.
    @Test func aRelaidListLaidOutAgain_isAFreshLayout() throws {
        let (relaid, _) = try Self.lists(width: 61)
        let (_, fresh) = try Self.lists(width: 29)
        let again = relaid.relayout(width: 29)
        #expect(again.rowCount == fresh.rowCount && again.contentHeight == fresh.contentHeight)
        if let failure = boxDifference(again.screen(Viewport(scrollOffset: 12_345, height: 40)).root,
                                       fresh.screen(Viewport(scrollOffset: 12_345, height: 40)).root, path: "screen") {
            Issue.record(Comment(rawValue: failure))
        }
    }
}
