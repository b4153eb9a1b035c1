@testable import ChatLayoutKit
@testable import ChatLayoutModel
@testable import ChatLayoutDecisions
@testable import ChatLayoutPlacement
import ChatLayoutICU
import Testing

/// `MessageListResolver.retexted`: a message's decisions made from the ones it had when only
/// its text changed (a token of a streamed reply), its message and text set in them, are,
/// whenever it gives them, the decisions `decide` makes from scratch — to the byte. Over the
/// generated cases of `PropertyHarness` (every config the generator draws: auto-translation,
/// languages, anatomies), each message is decided as the last one, then given texts that
/// grow it, empty it, make it emoji alone (a jumbomoji or not) or make it its own
/// translation; and with markdown, texts that gain markup.
@Suite struct RetextedDecisionsTests {
    @Test func retexted_isWhatDecideDecides_whenOnlyTheTextChanged() {
        var made = 0, declined = 0
        PropertyHarness.verify("retexted") { resolved in
            let input = resolved.input
            let resolver = PropertyHarness.resolver(for: input)
            let list = resolver.shownList(input.conversation)
            let messages = list.messages
            let conversation = list.conversation
            var localTimes = LocalTimes(style: resolver.config.dateSeparatorStyle, timeFormat: resolver.config.messageTimeFormat,
                                        formatter: resolver.formatter, now: resolver.context.now)
            let grouping = GroupingResolver(config: resolver.config, repliesEnabled: conversation.channel.features.replies)
            var above: MessageAbove?
            for (index, message) in messages.enumerated() {
                let time = localTimes.time(of: message)
                let label = localTimes.label(for: time.day, at: message.createdAt)
                func decide(_ message: Message) -> MessageDecision {
                    var separator = false
                    return resolver.decide(message, time: time, label: label, above: above, below: nil, grouping: grouping,
                                           in: conversation, delivery: list.delivery, user: { list.users.user($0) }, explain: false,
                                           dateSeparatorAbove: &separator)
                }
                let before = decide(message)
                var texts = [message.text + " and then a few more words", "", "😀", "😀😀😀😀", message.text + "!"]
                if let language = input.context.translationLanguage, let translated = message.translations[language] {
                    texts.append(translated) // the text becomes its own translation
                }
                for text in texts {
                    var grown = message
                    grown.text = text
                    guard let retexted = resolver.retexted(before, as: grown) else {
                        declined += 1
                        continue
                    }
                    made += 1
                    let expected = decide(grown)
                    guard retexted.isExactly(expected) else {
                        return "message \(index) (\(message.id)) to \"\(text)\": retexted \(retexted.options), decided \(expected.options)"
                    }
                }
                above = MessageAbove(day: time.day, endsGroup: before.isLastInGroup)
            }
            return nil
        }
        // The property says something: decisions are made so, and declined where the text
        // decides more than itself.
        #expect(made > 1000)
        #expect(declined > 1000)
    }

    /// With markdown on, a text that gains markup is parsed, so decided again; one that
    /// stays plain is retexted, as `decide` decides it.
    @Test func aTextThatGainsMarkup_isDecidedAgain() throws {
        let builder = ConversationBuilder().message("m", by: "leia", text: "plain words").config { $0.markdownEnabled = true }
        var environment = try LayoutEnvironment(config: builder.config, context: builder.context,
                                                formatter: ICULocaleFormatter(locale: builder.context.locale, timeZone: builder.context.timeZone),
                                                measurer: PropertyHarness.measurer)
        environment.decisions.markdown = FakeMarkdown(known: ["plain words **bold**": FakeMarkdown.mixedRich])
        let resolver = MessageListResolver(environment)
        let decisions = resolver.resolve(builder.conversation)
        guard case .message(let before)? = decisions.items.first(where: { if case .message = $0 { true } else { false } }) else {
            Issue.record("no message")
            return
        }
        var marked = before.message
        marked.text = "plain words **bold**"
        #expect(resolver.retexted(before, as: marked) == nil)
        var plain = before.message
        plain.text = "plain words and more"
        let retexted = try #require(resolver.retexted(before, as: plain))
        var conversation = builder.conversation
        conversation.messages[0] = plain
        guard case .message(let expected)? = resolver.resolve(conversation).items.first(where: { if case .message = $0 { true } else { false } }) else {
            Issue.record("no message")
            return
        }
        #expect(retexted.isExactly(expected))
    }
}
