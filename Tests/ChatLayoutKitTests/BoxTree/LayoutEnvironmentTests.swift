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

    @Test func theDecisionHalf_refusesADisagreeingContext_andDecidesWithoutAMeasurer() throws {
        let berlin = try ICULocaleFormatter(locale: "en_US", timeZone: "Europe/Berlin")
        var tokyo = builder.context
        tokyo.timeZone = "Asia/Tokyo"
        #expect(throws: LayoutEnvironmentError.timeZoneDisagrees(context: "Asia/Tokyo", formatter: "Europe/Berlin")) {
            try DecisionEnvironment(context: tokyo, formatter: berlin)
        }
        // Decisions need no measurer: the ICU engine's Unicode data alone tells the jumbomoji.
        let jumbo = builder.message("m3", by: "leia", at: 120, text: "❤️🎉").conversation
        let formatter = try ICULocaleFormatter(context: builder.context)
        let decisions = try DecisionEnvironment(config: builder.config, context: builder.context, formatter: formatter,
                                                emoji: ICUTextEngine())
        let whole = try LayoutEnvironment(config: builder.config, context: builder.context, formatter: formatter,
                                          measurer: ICUTextEngine())
        let decided = MessageListResolver(decisions).resolve(jumbo)
        #expect(decided == MessageListResolver(whole).resolve(jumbo))
        #expect(decided.messages.last?.options.contains(.bubble) == false)
        #expect(decided.messages.first?.options.contains(.bubble) == true)
        #expect(ThreadListScreen.decisions(jumbo, environment: decisions) == ThreadListScreen.decisions(jumbo, environment: whole))
        #expect(try ThreadViewResolver(decisions).resolve(jumbo, parentID: "m1")
            == ThreadViewResolver(whole).resolve(jumbo, parentID: "m1"))
    }

    @Test func theEmojiData_decidesJumbomoji_notTheMeasurer() throws {
        /// Calls every text one emoji.
        struct EverythingIsOneEmoji: EmojiClassifying {
            func jumbomojiClusterCount(_ text: String) -> Int? { 1 }
        }
        let formatter = try ICULocaleFormatter(context: builder.context)
        var environment = try LayoutEnvironment(config: builder.config, context: builder.context, formatter: formatter,
                                                measurer: ICUTextEngine(), emoji: EverythingIsOneEmoji())
        #expect(MessageListResolver(environment).resolve(builder.conversation).messages.allSatisfy { !$0.options.contains(.bubble) })
        var bubbles = 0
        MessageListScreen.layout(builder.conversation, environment: environment, width: 30).root
            .walkWithParent { box, _ in bubbles += box.role == .bubble ? 1 : 0 }
        #expect(bubbles == 0)
        // A measurer with Unicode data of its own becomes the decisions' when it is set.
        environment.measurer = ICUTextEngine()
        #expect(environment.decisions.emoji is ICUTextEngine)
        #expect(MessageListResolver(environment).resolve(builder.conversation).messages.allSatisfy { $0.options.contains(.bubble) })
        // Without emoji data, the measurer's is taken; a measurer without any leaves the standard library's.
        #expect(try LayoutEnvironment(context: builder.context, formatter: formatter, measurer: ICUTextEngine())
            .decisions.emoji is ICUTextEngine)
        #expect(try LayoutEnvironment(context: builder.context, formatter: formatter, measurer: CellsOnly())
            .decisions.emoji is StandardLibraryEmoji)
        // A measurer bound to one thread keeps the decisions on it too.
        environment.laysOutOnAllCores = false
        #expect(!environment.decisions.decidesOnAllCores && !MessageListLayout(environment).laysOutOnAllCores)
    }

    @Test func theDeprecatedInitialisers_layOutInTheFormattersTimeZoneAndLocale_asTheyAlwaysDid() throws {
        // A Tokyo context with a Berlin formatter: the checked environment refuses the pair; the
        // deprecated initialisers, which cannot throw, keep the formatter's (no crash, no change
        // for code written against them).
        let berlin = try ICULocaleFormatter(locale: "en_US", timeZone: "Europe/Berlin")
        var tokyo = builder.context
        tokyo.timeZone = "Asia/Tokyo"
        tokyo.locale = "de_DE"
        let environment = ThreadListResolver(context: tokyo, formatter: berlin).environment
        #expect(environment.context.timeZone == "Europe/Berlin")
        #expect(environment.context.locale == "en_US")
        var inBerlin = builder.context
        inBerlin.timeZone = "Europe/Berlin"
        inBerlin.locale = "en_US"
        let checked = try LayoutEnvironment(config: builder.config, context: inBerlin, formatter: berlin, measurer: ICUTextEngine())
        #expect(MessageListResolver(config: builder.config, context: tokyo, formatter: berlin, measurer: ICUTextEngine())
            .resolve(builder.conversation) == MessageListResolver(checked).resolve(builder.conversation))
    }

    @Test func theDeprecatedInitialisers_decideAndLayOutAsTheEnvironmentOnes() throws {
        let formatter = try ICULocaleFormatter(context: builder.context)
        let environment = try LayoutEnvironment(config: builder.config, context: builder.context, formatter: formatter,
                                                measurer: ICUTextEngine())
        let (conversation, config, context) = (builder.conversation, builder.config, builder.context)
        #expect(MessageListResolver(config: config, context: context, formatter: formatter, measurer: ICUTextEngine())
            .resolve(conversation) == MessageListResolver(environment).resolve(conversation))
        #expect(try ThreadViewResolver(config: config, context: context, formatter: formatter, measurer: ICUTextEngine())
            .resolve(conversation, parentID: "m1") == ThreadViewResolver(environment).resolve(conversation, parentID: "m1"))
        #expect(ThreadListResolver(context: context, formatter: formatter).environment.context == environment.context)
        #expect(ThreadListScreen.decisions(conversation, context: context, formatter: formatter)
            == ThreadListScreen.decisions(conversation, environment: environment))
        #expect(MessageListScreen.layout(conversation, config: config, context: context, formatter: formatter,
                                         measurer: ICUTextEngine(), width: 30, viewport: Viewport(scrollOffset: 0, height: 4))
            == MessageListScreen.layout(conversation, environment: environment, width: 30, viewport: Viewport(scrollOffset: 0, height: 4)))
        #expect(ThreadListScreen.layout(conversation, config: config, context: context, formatter: formatter,
                                        measurer: ICUTextEngine(), width: 30)
            == ThreadListScreen.layout(conversation, environment: environment, width: 30))
        #expect(try ThreadViewScreen.layout(conversation, parentID: "m2", config: config, context: context, formatter: formatter,
                                            measurer: ICUTextEngine(), width: 30)
            == ThreadViewScreen.layout(conversation, parentID: "m2", environment: environment, width: 30))
        #expect(try IncrementalMessageList(conversation: conversation, config: config, context: context, formatter: formatter,
                                           measurer: ICUTextEngine(), width: 30).screen()
            == IncrementalMessageList(conversation: conversation, environment: environment, width: 30).screen())
    }

    @Test func aScreenFromTheEnvironment_equalsTheOneFromItsParts() throws {
        let formatter = try ICULocaleFormatter(locale: builder.context.locale, timeZone: builder.context.timeZone)
        let environment = try LayoutEnvironment(config: builder.config, context: builder.context, formatter: formatter,
                                                measurer: ICUTextEngine(), presentation: TerminalPresentation())
        // The ICU convenience makes the same environment from the context alone.
        let fromParts = MessageListScreen.layout(builder.conversation,
                                                 environment: try LayoutEnvironment(config: builder.config, context: builder.context,
                                                                                    presentation: TerminalPresentation()),
                                                 width: 40)
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

/// Measures a character a cell and has no Unicode data of its own.
private struct CellsOnly: TextMeasuring {
    func width(of text: String) -> Int { text.count }
    func wrap(_ text: String, width: Int) -> WrappedText { WrappedText(lines: [], direction: .leftToRight) }
    func truncate(_ text: String, width: Int) -> String { text }
}
