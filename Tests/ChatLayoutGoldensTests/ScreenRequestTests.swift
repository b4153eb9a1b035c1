import ChatLayoutDecoding
@testable import ChatLayoutGoldens
import ChatLayoutICU
import ChatLayoutKit
import Foundation
import Testing

/// One request turns a document into a screen: each override lands where `chat-layout`'s flags
/// put it, what neither gives comes from the defaults, and a document over the size cap is
/// refused naming it.
struct ScreenRequestTests {
    /// A document that gives no `now` (the defaults must) and lays out right to left.
    static let document = Array("""
        {"context": {"current_user_id": "leia", "time_zone": "Europe/Berlin", "locale": "en_US"},
         "config": {"layout_direction": "rtl"},
         "channel": {"name": "Rebels", "member_count": 3},
         "messages": [
           {"id": "m1", "text": "Where are you?", "user": {"id": "leia"}, "created_at": "2024-03-05T09:40:00Z"},
           {"id": "m2", "text": "On my way", "user": {"id": "han"}, "created_at": "2024-03-05T09:41:00Z", "reply_count": 1},
           {"id": "m3", "text": "Wait", "user": {"id": "leia"}, "created_at": "2024-03-05T09:42:00Z", "parent_id": "m2"}]}
        """.utf8)

    static let defaults = DocumentContext(now: Timestamp(rfc3339: "2024-03-05T10:00:00Z"), timeZone: "UTC", locale: "fr_FR")

    /// One override at a time, and all at once.
    static let overrides: [ScreenRequest.Overrides] = [
        ScreenRequest.Overrides(),
        ScreenRequest.Overrides(locale: "de_DE"),
        ScreenRequest.Overrides(timeZone: "Asia/Tokyo"),
        ScreenRequest.Overrides(now: Timestamp(rfc3339: "2024-03-06T08:00:00Z")),
        ScreenRequest.Overrides(currentUserID: "han"),
        ScreenRequest.Overrides(dateIndicator: .messageList),
        ScreenRequest.Overrides(grouping: false),
        ScreenRequest.Overrides(maxGroupInterval: 5),
        ScreenRequest.Overrides(parentPresentation: .firstMessage),
        ScreenRequest.Overrides(startingPoint: .top),
        ScreenRequest.Overrides(layoutDirection: .some(.leftToRight)),
        ScreenRequest.Overrides(layoutDirection: .some(nil)),
        ScreenRequest.Overrides(locale: "ja_JP", timeZone: "Asia/Tokyo", now: Timestamp(rfc3339: "2024-03-06T08:00:00Z"),
                                currentUserID: "han", dateIndicator: DateIndicatorPlacement.none, grouping: false, maxGroupInterval: 0,
                                parentPresentation: .firstMessage, startingPoint: .top, layoutDirection: .some(nil)),
    ]

    /// The environment as `chat-layout` made it before the request: each flag over the
    /// document's context, the machine's for what neither gives; the list flags, the thread
    /// flags, then `--layout-direction` over the document's configuration.
    static func asTheCommandLineDid(_ flags: ScreenRequest.Overrides) throws -> LayoutEnvironment {
        let document = try ConversationDecoder.decode(Self.document, channel: flags.channel)
        let written = document.context
        let context = LayoutContext(currentUserID: flags.currentUserID ?? written.currentUserID,
                                    now: flags.now ?? written.now ?? defaults.now!,
                                    timeZone: flags.timeZone ?? written.timeZone ?? defaults.timeZone!,
                                    locale: flags.locale ?? written.locale ?? defaults.locale!,
                                    translationLanguage: written.translationLanguage)
        var config = document.config
        if let placement = flags.dateIndicator { config.dateIndicatorPlacement = placement }
        if flags.grouping == false { config.groupMessages = false }
        if let seconds = flags.maxGroupInterval { config.maxTimeIntervalBetweenMessagesInGroup = seconds }
        if let presentation = flags.parentPresentation { config.threadView.parentPresentation = presentation }
        if let point = flags.startingPoint { config.threadView.startingPoint = point }
        if let direction = flags.layoutDirection { config.layoutDirection = direction }
        let formatter = try ICULocaleFormatter(locale: context.locale, timeZone: context.timeZone)
        return try LayoutEnvironment(config: config, context: context, formatter: formatter, measurer: ICUTextEngine(),
                                     strings: ChatStrings(locale: formatter.locale))
    }

    @Test(arguments: overrides)
    func eachOverride_yieldsTheEnvironmentTheCommandLineMade(_ overrides: ScreenRequest.Overrides) throws {
        let request = ScreenRequest(document: .init(name: "rebels.json", bytes: Self.document), overrides: overrides,
                                    defaults: Self.defaults, screen: .threadView(parentID: "m2"))
        let environment = try request.environment(try request.input())
        let expected = try Self.asTheCommandLineDid(overrides)
        #expect(environment.context == expected.context)
        #expect(environment.config == expected.config)
        #expect(environment.locale == expected.locale && environment.timeZone == expected.timeZone)
        #expect(environment.layoutDirection == expected.layoutDirection)
        #expect(environment.strings == expected.strings)
        #expect(environment.metrics == expected.metrics)
        let fromTheCommandLine = try ThreadViewScreen.layout(try ConversationDecoder.decode(Self.document).conversation,
                                                             parentID: "m2", environment: expected, width: 80)
        #expect(try request.layout(try request.input()) == fromTheCommandLine)
    }

    @Test func theOverrides_winOverTheDocument_andTheDefaultsFillWhatNeitherGives() throws {
        var request = ScreenRequest(document: .init(name: "rebels.json", bytes: Self.document), defaults: Self.defaults)
        var input = try request.input()
        // The document's zone and locale, the defaults' now (the document gives none).
        #expect(input.context.timeZone == "Europe/Berlin" && input.context.locale == "en_US")
        #expect(input.context.now == Self.defaults.now)
        #expect(try request.environment(input).layoutDirection == .rightToLeft)
        request.overrides = ScreenRequest.Overrides(timeZone: "Asia/Tokyo", layoutDirection: .some(nil))
        input = try request.input()
        #expect(input.context.timeZone == "Asia/Tokyo" && input.formatter.timeZone == "Asia/Tokyo")
        // `auto`: the locale's direction, whatever the document says.
        #expect(try request.environment(input).layoutDirection == .leftToRight)
    }

    @Test func aContextNeitherGives_isNamed() {
        let request = ScreenRequest(document: .init(name: "rebels.json", bytes: Self.document))
        #expect(throws: ScreenRequestError.self) { try request.input() }
        do throws(ScreenRequestError) {
            _ = try request.input()
        } catch {
            #expect(error.description == "rebels.json: the context gives no now: give it in the document's context or as defaults")
        }
    }

    @Test func anUnknownLocale_namesWhoGaveIt() {
        var request = ScreenRequest(document: .init(name: "rebels.json", bytes: Self.document),
                                    overrides: ScreenRequest.Overrides(locale: "qq_ZZ"), defaults: Self.defaults)
        do throws(ScreenRequestError) {
            _ = try request.input()
            Issue.record("qq_ZZ was accepted")
        } catch {
            guard case .formatting(_, .unknownLocale("qq_ZZ"), .overrides) = error else { Issue.record("\(error)"); return }
        }
        request.overrides = ScreenRequest.Overrides()
        request.document.bytes = Array(String(decoding: Self.document, as: UTF8.self)
            .replacingOccurrences(of: "\"en_US\"", with: "\"qq_ZZ\"").utf8)
        do throws(ScreenRequestError) {
            _ = try request.input()
            Issue.record("qq_ZZ was accepted")
        } catch {
            #expect(error.description == "rebels.json: context.locale: unknown locale 'qq_ZZ'")
        }
    }

    @Test func aDocumentOverTheSizeCap_isRefused_namingItAndTheCap() throws {
        let cap = FileSizeLimit(bytes: Self.document.count - 1, description: "\(Self.document.count - 1) bytes (the test's)")
        let request = ScreenRequest(document: .init(name: "rebels.json", bytes: Self.document), defaults: Self.defaults,
                                    sizeLimit: cap)
        #expect(throws: ScreenRequestError.self) { try request.decoded() }
        let error = #expect(throws: GoldenError.self) { try LayoutSnapshot(name: "rebels", request: request) }
        #expect(error?.message == "rebels.json: larger than \(Self.document.count - 1) bytes (the test's), the most chat-layout reads")
        // At the cap exactly, it is read.
        var exact = request
        exact.sizeLimit = FileSizeLimit(bytes: Self.document.count)
        #expect(try exact.decoded().conversation.messages.count == 3)
    }

    @Test func goldenFolder_refusesAPayloadOverTheCap_namingItsPath() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("request-cap-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try Data(AssertFixture.document).write(to: URL(fileURLWithPath: folder + "/small.json"))
        try Data(Self.document + Array(repeating: UInt8(ascii: " "), count: 100)).write(to: URL(fileURLWithPath: folder + "/big.json"))
        try Data(#"{"now": "2024-03-05T10:00:00Z"}"#.utf8).write(to: URL(fileURLWithPath: folder + "/goldens.json"))
        let cap = FileSizeLimit(bytes: Self.document.count + 50)
        let results = try GoldenFolder(path: folder, sizeLimit: cap).run(mode: .never)
        let big = try #require(results.first { $0.payload.fileName == "big.json" })
        guard case .failure(let error) = big.outcome else { Issue.record("big.json was drawn"); return }
        #expect(error.message == "\(folder)/big.json: larger than \(cap.bytes) bytes, the most chat-layout reads")
        let small = try #require(results.first { $0.payload.fileName == "small.json" })
        #expect(small.outcome.map { _ in true } == .success(true))
    }

    @Test func aStartingPoint_readsAsTheDocumentsDoes() throws {
        let at = try #require(Timestamp(rfc3339: "2024-03-05T10:00:00Z"))
        #expect(ScreenRequest.Overrides.startingPoint("none") == .bottom)
        #expect(ScreenRequest.Overrides.startingPoint("max") == .bottom)
        #expect(ScreenRequest.Overrides.startingPoint("0") == .top)
        #expect(ScreenRequest.Overrides.startingPoint("2024-03-05T10:00:00Z") == .timestamp(at))
        for refused in ["1", "", "top", "\"", "0.0", "none\"}, \"x\": {\""] {
            #expect(ScreenRequest.Overrides.startingPoint(refused) == nil, "\(refused)")
        }
    }

    @Test func theViewport_opensAtTheBottomOfAList_andTheTopOfTheThreads() {
        var request = ScreenRequest(document: .init(name: "x", bytes: []), height: 10)
        #expect(request.viewport == Viewport(scrollOffset: Int.max, height: 10))
        request.screen = .threadList
        #expect(request.viewport == Viewport(scrollOffset: 0, height: 10))
        request.scrollOffset = 3
        #expect(request.viewport == Viewport(scrollOffset: 3, height: 10))
        request.screen = .threadView(parentID: "m2")
        #expect(request.viewport == nil)
        request.height = nil
        request.screen = .messageList
        #expect(request.viewport == nil)
        #expect(request.screenWidth == 80)
        request.units = .points(measurer: ICUTextEngine(), pointSize: 17)
        #expect(request.screenWidth == 375)
    }
}
