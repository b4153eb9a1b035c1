@testable import ChatLayoutICU
@testable import ChatLayoutKit
@testable import ChatLayoutModel
@testable import ChatLayoutPlacement
import ChatLayoutTestSupport
import Testing

/// A reply streamed into the list (an AI's answer arriving a few characters at a time, as the
/// same message edited again and again): each step changes that one row and nothing else, and
/// the list is the full layout of the conversation at every step.
struct StreamedReplyTests {
    @Test func eachToken_changesTheReplyRowAlone() throws {
        var builder = ConversationBuilder()
        for index in 0 ..< 6 { builder = builder.message("m\(index)", by: ["leia", "han"][index % 2], at: Double(index * 40)) }
        builder = builder.message("reply", by: "han", at: 400, text: "Here is what I found.")
        let engine = ICUTextEngine()
        var list = try IncrementalMessageList(conversation: builder.conversation, environment:
                try LayoutEnvironment(config: builder.config, context: builder.context,
                                      formatter: ICULocaleFormatter(locale: builder.context.locale, timeZone: builder.context.timeZone),
                                      measurer: engine), width: 40)
        let words = ["The ", "train ", "leaves ", "at ", "nine,\n\n", "platform ", "four. ", "Tickets ", "are ", "on ", "the ",
                     "app;\n", "bring ", "an ", "ID. "]
        var reply = builder.conversation.messages.last!
        var random = SplitMix64(seed: 11)
        var probes = SplitMix64(seed: 12)
        for step in 0 ..< 300 {
            reply.text += words[random.int(0 ... words.count - 1)]
            let diff = try list.apply(.edit(reply))
            #expect(diff.removed.isEmpty && diff.inserted.isEmpty, "step \(step): rows came or went")
            #expect(diff.updated.map(\.id) == [.message("reply")], "step \(step): \(diff.updated.map(\.id))")
            if step % 25 == 0 || step == 299 {
                #expect(IncrementalOracle.mismatch(list, probes: &probes) == nil, "step \(step)")
            }
        }
        // The reply grew from its earlier text, measured from its last paragraph on.
        #expect(engine.growing.extendedCount.load(ordering: .relaxed) > 200)
        // And its row was written again copying the lines it kept from the row before (the
        // table's count since its last compaction).
        #expect(list.entries.rows(ofChunk: 0).copiedLineCount > 0)
    }
}
