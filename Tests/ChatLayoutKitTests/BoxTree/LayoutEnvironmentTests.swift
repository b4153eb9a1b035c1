import ChatLayoutICU
import ChatLayoutKit
import ChatLayoutTextRenderer
import Testing

/// One environment value holds what a screen is laid out with: the locale and the time zone
/// once, the formatter's.
struct LayoutEnvironmentTests {
    private let builder = ConversationBuilder()
        .message("m1", by: "leia", at: 0, text: "Where are you?")
        .message("m2", by: "luke", at: 60, text: "On my way")

    @Test func aContextInAnotherTimeZoneOrLocale_isRefused_namingBoth() throws {
        let berlin = try ICULocaleFormatter(locale: "en_US", timeZone: "Europe/Berlin")
        var tokyo = builder.context
        tokyo.timeZone = "Asia/Tokyo"
        #expect(throws: LayoutEnvironmentError.timeZoneDisagrees(context: "Asia/Tokyo", formatter: "Europe/Berlin")) {
            try LayoutEnvironment(context: tokyo, formatter: berlin, measurer: ICUTextEngine())
        }
        var german = builder.context
        german.locale = "de_DE"
        let error = #expect(throws: LayoutEnvironmentError.self) {
            try LayoutEnvironment(context: german, formatter: berlin, measurer: ICUTextEngine())
        }
        #expect(error?.description.contains("de_DE") == true && error?.description.contains("en_US") == true)
    }

    @Test func theOlderInitialisers_takeTheFormattersLocaleAndTimeZone() throws {
        // A Tokyo context with a Berlin formatter lays out in Berlin time, and says so: the
        // resolver's context is the formatter's, not the one it was given.
        let berlin = try ICULocaleFormatter(locale: "en_US", timeZone: "Europe/Berlin")
        var tokyo = builder.context
        tokyo.timeZone = "Asia/Tokyo"
        let resolver = MessageListResolver(config: builder.config, context: tokyo, formatter: berlin, measurer: ICUTextEngine())
        #expect(resolver.context.timeZone == "Europe/Berlin" && resolver.environment.timeZone == "Europe/Berlin")
    }

    @Test func aScreenFromTheEnvironment_equalsTheOneFromItsParts() throws {
        let formatter = try ICULocaleFormatter(locale: builder.context.locale, timeZone: builder.context.timeZone)
        let environment = try LayoutEnvironment(config: builder.config, context: builder.context, formatter: formatter,
                                                measurer: ICUTextEngine(), presentation: TerminalPresentation())
        let fromParts = MessageListScreen.layout(builder.conversation, config: builder.config, context: builder.context,
                                                 formatter: formatter, measurer: ICUTextEngine(), width: 40,
                                                 presentation: TerminalPresentation())
        #expect(MessageListScreen.layout(builder.conversation, environment: environment, width: 40) == fromParts)
        var list = try IncrementalMessageList(conversation: builder.conversation, environment: environment, width: 40)
        #expect(list.screen() == fromParts)
        _ = try list.apply(.append(Message(id: "m3", text: "Hurry", user: Cast.leia, createdAt: builder.at(120))))
        #expect(list.screen() == MessageListScreen.layout(builder.message("m3", by: "leia", at: 120, text: "Hurry").conversation,
                                                          environment: environment, width: 40))
        // The layouts built on a message list's read its parts from it.
        #expect(ThreadViewLayout(environment).metrics == environment.metrics)
        #expect(ThreadListLayout(environment).listLayout.metrics == environment.metrics)
    }
}
