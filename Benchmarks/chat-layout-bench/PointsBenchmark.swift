import ChatLayoutICU
import ChatLayoutKit
import ChatLayoutPixel

/// `layout_points_ms` and `relayout_points_ms`: the newest `messages` of the document laid out
/// in points as a phone shows them (HarfBuzz measuring Noto Sans at 17 points, 375 points
/// wide), then that list laid out again at widths it was never laid out at (a rotation, a
/// split view): the measurer keeps each text prepared (segmented, shaped once) and only the
/// lines new at a width are shaped.
struct PointsBenchmark {
    var conversation: Conversation
    var config: MessageListConfig
    var context: LayoutContext
    var formatter: any LocaleFormatting
    /// How many of the newest messages (shaping every text is slow: a phone's list, not 100k).
    var messages = 10_000
    /// The first width, in points.
    var width = 375

    /// The list of the newest messages on a new measurer, on all cores unless `serially`.
    func layOut(_ measurer: HarfBuzzTextMeasurer, serially: Bool = false) throws -> LaidOutList {
        var newest = conversation
        newest.messages = Array(conversation.messages.suffix(messages))
        // The measurer's metrics: points, its line height.
        var environment = try LayoutEnvironment(config: config, context: context, formatter: formatter, measurer: measurer)
        environment.laysOutOnAllCores = !serially
        return MessageListScreen.list(newest, environment: environment, width: width)
    }

    /// Milliseconds: the first layout (every text shaped), and the median relayout at
    /// `width + 39 + run` (a new width each run); the rows of the last relayout, for a check.
    func run(runs: Int) throws -> (layout: Double, relayout: Double, rows: Int) {
        let measurer = try HarfBuzzTextMeasurer()
        var list: LaidOutList?
        var failure: (any Error)?
        let layout = Measuring.milliseconds {
            do { list = try layOut(measurer) } catch { failure = error }
        }
        if let failure { throw failure }
        var rows = 0
        let relayout = Measuring.median((0 ..< max(1, runs)).map { run in
            var relaid: LaidOutList?
            let milliseconds = Measuring.milliseconds { relaid = relayOut(list!, width: width + 39 + run) }
            rows = relaid!.rowCount
            return milliseconds
        })
        return (layout, relayout, rows)
    }
}
