@testable import ChatLayoutKit
@testable import ChatLayoutModel
@testable import ChatLayoutDecisions
@testable import ChatLayoutComposition
@testable import ChatLayoutPlacement
import Testing

/// The one quote lookup the decoder (`Conversation.resolveQuotedMessageIDs`) and the
/// incremental list share: the first message offered with an id is quoted, then `elsewhere`'s;
/// replies are resolved only when asked for.
@Suite struct QuoteLookupTests {
    private func message(_ id: String, _ text: String, quoting quoted: String? = nil, replies: [Message] = []) -> Message {
        var message = Message(id: id, text: text, user: User(id: "u"), createdAt: Timestamp(seconds: 0))
        message.quotedMessageID = quoted
        message.latestReplies = replies
        return message
    }

    @Test func theFirstMessageOfferedWithAnId_isQuoted_thenElsewhere() {
        var lookup = QuoteLookup()
        var messages = [message("a", "quotes b", quoting: "b"), message("c", "quotes z", quoting: "z"),
                        message("d", "quotes nothing known", quoting: "gone")]
        lookup.want(messages, replies: false)
        #expect(!lookup.isEmpty)
        lookup.offer([message("b", "first b"), message("b", "second b"), message("z", "offered z")])
        lookup.resolve(&messages, replies: false) { $0 == "z" ? self.message("z", "elsewhere z") : nil }
        #expect(messages[0].quotedMessage?.text == "first b")
        #expect(messages[1].quotedMessage?.text == "offered z") // offered before elsewhere
        #expect(messages[2].quotedMessage == nil)
    }

    @Test func anIdNotOffered_isFoundElsewhere_andAQuoteSentWholeIsKept() {
        var sentWhole = message("s", "own quote", quoting: "b")
        sentWhole.quotedMessage = QuotedMessage(id: "b", text: "as sent", user: User(id: "u"))
        var messages = [message("a", "quotes b", quoting: "b"), sentWhole]
        var lookup = QuoteLookup()
        lookup.want(messages, replies: false)
        lookup.resolve(&messages, replies: false) { $0 == "b" ? self.message("b", "from the list") : nil }
        #expect(messages[0].quotedMessage?.text == "from the list")
        #expect(messages[1].quotedMessage?.text == "as sent")
    }

    @Test func replies_areResolvedOnlyWhenAskedFor() {
        let root = message("r", "root", replies: [message("x", "reply", quoting: "q")])
        var lookup = QuoteLookup()
        lookup.want([root], replies: false)
        #expect(lookup.isEmpty)
        lookup.want([root], replies: true)
        lookup.offer([message("q", "quoted")])
        var without = [root], with = [root]
        lookup.resolve(&without, replies: false)
        lookup.resolve(&with, replies: true)
        #expect(without[0].latestReplies[0].quotedMessage == nil)
        #expect(with[0].latestReplies[0].quotedMessage?.text == "quoted")
    }
}
