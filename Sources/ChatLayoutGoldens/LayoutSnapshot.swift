import ChatLayoutDecoding
import ChatLayoutICU
import ChatLayoutKit
import ChatLayoutMarkdown
import ChatLayoutSVGRenderer
import ChatLayoutTextRenderer

/// One golden drawing: a conversation with its configuration and context, the screen to lay
/// out (message list, thread list or thread view), a width and maybe a viewport — drawn as
/// text with a header naming everything the drawing depends on, as an SVG document, or as a
/// box-tree dump (``GoldenFormat``).
///
/// The text format is the contract of `Goldens/`:
///
/// ```text
/// scenario: sample-w40
/// document: sample.json · width 40 · dates overlay
/// locale en_US · time zone Europe/Berlin · now 2024-03-05T10:00:00Z · you: luke
/// Unicode 15.0 · ICU 72.1 · cell widths clk-width-2
///
/// "┌──────────────────────────────────────┐"
/// ```
///
/// A setting of the configuration that is not the document's (or, for a `Conversation`, not the
/// default) is named on a line of its own
/// after the document's (`config: groupingRule same_minute · maxTimeIntervalBetweenMessagesInGroup 5.0`),
/// so that a golden says what it was drawn with; a drawing with the defaults has no such line.
/// A snapshot made in a `LayoutEnvironment` names its measurer, presentation, and any words
/// or lengths that are not the defaults on an `environment:` line.
///
/// A drawing never depends on the machine: `now`, `time_zone` and `locale` are inputs, and
/// ``init(name:json:document:screen:width:height:scrollOffset:ambiguousIsWide:overrides:adjust:)``
/// refuses a document that gives none of them (unless ``Overrides`` do).
public struct LayoutSnapshot: Sendable {
    /// Which screen of the conversation is drawn.
    public enum Screen: Hashable, Sendable {
        /// The channel's message list (`chat-layout preview`).
        case messageList
        /// The thread list, after the document's events (`chat-layout threads`).
        case threadList
        /// The thread of one parent message (`chat-layout thread --parent ID`).
        case threadView(parentID: String)

        /// The viewport of a message list (opening at the bottom) or a thread list (at the
        /// top) `height` tall; nil without a height, and for a thread view, which opens where
        /// its starting point says.
        func viewport(height: Int?, scrollOffset: Int?, isScrolling: Bool = false) -> Viewport? {
            guard let height else { return nil }
            switch self {
            case .messageList: return Viewport(scrollOffset: scrollOffset ?? Int.max, height: height, isScrolling: isScrolling)
            case .threadList: return Viewport(scrollOffset: scrollOffset ?? 0, height: height, isScrolling: isScrolling)
            case .threadView: return nil
            }
        }

        /// This screen of `conversation` laid out `width` wide in `environment`, through
        /// ``viewport(height:scrollOffset:isScrolling:)`` (a thread view takes `height`,
        /// `scrollOffset` and `isScrolling` itself).
        ///
        /// - Throws: `ThreadViewError` for a thread view of a message the conversation does not have.
        func layout(_ conversation: Conversation, environment: LayoutEnvironment, width: Int, height: Int?,
                    scrollOffset: Int?, isScrolling: Bool = false) throws(ThreadViewError) -> LaidOutScreen {
            let viewport = viewport(height: height, scrollOffset: scrollOffset, isScrolling: isScrolling)
            switch self {
            case .threadView(let parentID):
                return try ThreadViewScreen.layout(conversation, parentID: parentID, environment: environment, width: width,
                                                   height: height, scrollOffset: scrollOffset, isScrolling: isScrolling)
            case .threadList:
                return ThreadListScreen.layout(conversation, environment: environment, width: width, viewport: viewport)
            case .messageList:
                return MessageListScreen.layout(conversation, environment: environment, width: width, viewport: viewport)
            }
        }
    }

    /// What a snapshot's context and configuration take over the document's: the manifest's
    /// or a test's values (nil keeps the document's). The request's overrides, one type: a
    /// snapshot takes whatever a request takes.
    public typealias Overrides = ScreenRequest.Overrides

    /// What is drawn: a conversation laid out here, or a screen already laid out.
    enum Source: Sendable {
        case conversation(Conversation, MessageListConfig, LayoutContext, Screen)
        case environment(Conversation, LayoutEnvironment, Screen)
        case laidOut(LaidOutScreen)
    }

    /// The scenario's name: the header's first line, and the golden file's name by default.
    public var name: String
    /// What the header calls the document ("support.json").
    public var document: String
    /// The width in cells (in points for a screen given laid out in points).
    public var width: Int
    /// A viewport's height in rows (header included), or nil for the whole screen (a screen
    /// given laid out: its height, in its units).
    public var height: Int?
    /// With ``height``: rows scrolled down from the top (default: the bottom of a message list,
    /// the top of a thread list, a thread's starting point).
    public var scrollOffset: Int?
    /// With ``height``: the list is drawn while it scrolls, its date floating over it
    /// (`Viewport.isScrolling`); false (the default): at rest. The header says "scrolling".
    public var isScrolling = false
    /// East Asian Ambiguous characters take two cells (the header says so).
    public var ambiguousIsWide: Bool
    /// How the SVG drawing maps the layout's units to pixels; nil: by the screen's units — a
    /// cell 10 × 20 pixels, or, for a screen laid out in points (lines taller than 1), one to
    /// one with lines the screen's line height and 17-point text
    /// (`SVGMetrics.points(fontSize:lineHeight:fontFamily:)`).
    public var svgMetrics: SVGMetrics?
    let source: Source
    /// The configuration the document itself gives, when the snapshot's came from one: the
    /// header's `config:` line names what differs from it (else from `MessageListConfig()`).
    var documentConfig: MessageListConfig?

    /// The widest screen drawn, as `chat-layout --width` allows.
    public static let maximumWidth = 10_000

    /// A conversation, configuration and context, laid out and drawn at `width`. The header
    /// names each setting of `config` that differs from `documentConfig` — the configuration
    /// of the document the conversation came from, when it did — else from `MessageListConfig()`.
    public init(name: String, conversation: Conversation, config: MessageListConfig = MessageListConfig(),
                context: LayoutContext, document: String = "Conversation", screen: Screen = .messageList, width: Int,
                height: Int? = nil, scrollOffset: Int? = nil, ambiguousIsWide: Bool = false,
                documentConfig: MessageListConfig? = nil) {
        self.documentConfig = documentConfig
        self.name = name
        self.document = document
        self.width = width
        self.height = height
        self.scrollOffset = scrollOffset
        self.ambiguousIsWide = ambiguousIsWide
        source = .conversation(conversation, config, context, screen)
    }

    /// A conversation laid out in `environment` — its configuration, context, formatter,
    /// measurer, words, lengths and presentation — and drawn at `width` (in the measurer's
    /// units). For custom words (`ChatStrings`), metrics or presentation, and for a measurer
    /// in points: every format draws an environment whose measurer is the ICU engine in cells;
    /// any other measurer (points) is drawn as ``GoldenFormat/tree``, the box tree in its own
    /// units, and `.text` or `.svg` throw rather than draw points as cells.
    public init(name: String, conversation: Conversation, environment: LayoutEnvironment, document: String = "Conversation",
                screen: Screen = .messageList, width: Int, height: Int? = nil, scrollOffset: Int? = nil) {
        self.name = name
        self.document = document
        self.width = width
        self.height = height
        self.scrollOffset = scrollOffset
        ambiguousIsWide = (environment.measurer as? ICUTextEngine)?.policy.ambiguousIsWide ?? false
        source = .environment(conversation, environment, screen)
    }

    /// A document's JSON (a conversation document or a Stream payload, as `chat-layout`
    /// reads it), decoded, its context completed by `overrides`, laid out and drawn at `width`:
    /// a ``ScreenRequest`` in cells, capped at `FileSizeLimit.standard`.
    ///
    /// - Throws: a ``GoldenError`` naming `document` (escaped: `UntrustedText.escaped(_:)`)
    ///   and where in it the problem is (line and column, or JSON path), or which of now, time
    ///   zone and locale neither gives.
    public init(name: String, json bytes: [UInt8], document: String, screen: Screen = .messageList, width: Int,
                height: Int? = nil, scrollOffset: Int? = nil, ambiguousIsWide: Bool = false,
                overrides: Overrides = Overrides(), adjust: (inout MessageListConfig) -> Void = { _ in }) throws(GoldenError) {
        var request = ScreenRequest(document: ScreenRequest.Document(name: UntrustedText.escaped(document), bytes: bytes),
                                    overrides: overrides, screen: screen, units: .cells(ambiguousIsWide: ambiguousIsWide),
                                    width: width, height: height, scrollOffset: scrollOffset)
        var input = try Self.input(of: request)
        adjust(&input.config)
        request.document.name = document
        self.init(name: name, request: request, input: input)
    }

    /// The screen `request` asks for, drawn: in cells, with the header naming the document
    /// (by ``ScreenRequest/Document/name``) and every setting that is not the document's; in
    /// points (``ScreenRequest/Units/points(measurer:pointSize:)``) as ``init(name:conversation:environment:document:screen:width:height:scrollOffset:)``
    /// draws one, as SVG or a tree.
    ///
    /// - Throws: a ``GoldenError`` naming the document and where in it the problem is, or which
    ///   of now, time zone and locale neither the request nor the document gives.
    public init(name: String, request: ScreenRequest) throws(GoldenError) {
        self.init(name: name, request: request, input: try Self.input(of: request))
    }

    /// The same, the header calling the document `document` (errors call it by the request's name).
    init(name: String, request: ScreenRequest, document: String) throws(GoldenError) {
        var named = request
        named.document.name = document
        self.init(name: name, request: named, input: try Self.input(of: request))
    }

    private init(name: String, request: ScreenRequest, input: ScreenRequest.Input) {
        switch request.units {
        case .cells(let ambiguousIsWide):
            self.init(name: name, conversation: input.document.conversation, config: input.config, context: input.context,
                      document: request.document.name, screen: request.screen, width: request.screenWidth,
                      height: request.height, scrollOffset: request.scrollOffset, ambiguousIsWide: ambiguousIsWide,
                      documentConfig: input.document.config)
        case .points(let measurer, _):
            // The input's formatter is its context's, so the environment is always made.
            var environment = (try? LayoutEnvironment(config: input.config, context: input.context, formatter: input.formatter,
                                                      measurer: measurer, strings: input.strings))!
            environment.decisions.markdown = CmarkMarkdownParser.system
            self.init(name: name, conversation: input.document.conversation, environment: environment,
                      document: request.document.name, screen: request.screen, width: request.screenWidth,
                      height: request.height, scrollOffset: request.scrollOffset)
        }
        isScrolling = request.isScrolling
    }

    /// The request's input, its errors as a golden's.
    private static func input(of request: ScreenRequest) throws(GoldenError) -> ScreenRequest.Input {
        do throws(ScreenRequestError) {
            return try request.input()
        } catch {
            if case .incompleteContext(let document, let missing) = error {
                throw GoldenError("\(document): a golden never depends on the machine: give \(missing.missing.joined(separator: ", ")) in the document's context or the manifest")
            }
            // As a golden has always named an unknown locale or time zone: by the document alone.
            if case .formatting(let document, let formatting, _) = error { throw GoldenError("\(document): \(formatting)") }
            throw GoldenError(error.description)
        }
    }

    /// A screen already laid out: in cells with the ICU engine, or in points (lines taller than
    /// one unit), which is drawn as SVG in points or as a tree, and has no text drawing. The
    /// text drawing's header names only what the screen itself knows — its size and the text
    /// engine — since the conversation, its context and configuration went into it before it
    /// came here.
    public init(name: String, screen: LaidOutScreen, ambiguousIsWide: Bool = false) {
        self.name = name
        document = "a laid-out screen"
        width = screen.width
        height = screen.height
        scrollOffset = nil
        self.ambiguousIsWide = ambiguousIsWide
        source = .laidOut(screen)
    }

    /// The drawing in `format`. A screen laid out in points, or an environment whose measurer
    /// is not the ICU engine in cells, is drawn as SVG one pixel a unit; it has no text drawing,
    /// which is one cell a unit and one row a line.
    ///
    /// - Throws: a ``GoldenError`` for a width out of range, an unknown thread parent, or a text
    ///   drawing of a screen laid out in points.
    public func drawing(_ format: GoldenFormat = .text) throws(GoldenError) -> String {
        if format == .text, case .environment(_, let environment, _) = source, !Self.drawsInCells(environment) {
            throw GoldenError("\(name): the environment lays out in the units of \(Self.typeName(environment.measurer)) "
                + "(line height \(environment.metrics.lineHeight)), not in cells: draw it as .svg (in its units) or .tree")
        }
        switch format {
        case .text: return try text()
        case .svg: return SVGRenderer(metrics: svgMetrics ?? defaultSVGMetrics).render(try screen(presentation: PlainPresentation()))
        // The header is one line, neutralised as the text drawing's header is.
        case .tree: return "scenario: \(UntrustedText.neutralizeLine(name)) (box tree)\n\n" + (try screen()).root.treeDump().joined(separator: "\n") + "\n"
        }
    }

    /// The laid-out screen, with the text renderer's glyphs unless `presentation` says otherwise.
    public func screen(presentation: any BoxPresentation = TerminalPresentation()) throws(GoldenError) -> LaidOutScreen {
        guard (1 ... Self.maximumWidth).contains(width) else {
            throw GoldenError("\(UntrustedText.escaped(name)): width must be 1 to \(Self.maximumWidth), got \(width)")
        }
        if let height, !(1 ... Self.maximumWidth).contains(height) {
            throw GoldenError("\(UntrustedText.escaped(name)): height must be 1 to \(Self.maximumWidth), got \(height)")
        }
        let conversation: Conversation, config: MessageListConfig, context: LayoutContext, screen: Screen
        switch source {
        case .laidOut(let laidOut): return laidOut
        case .environment(let conversation, let environment, let screen):
            // The environment's own presentation: the header names it.
            return try Self.screen(conversation, environment: environment, screen: screen, width: width, height: height,
                                   scrollOffset: scrollOffset, isScrolling: isScrolling, document: document)
        case .conversation(let c, let f, let x, let s): (conversation, config, context, screen) = (c, f, x, s)
        }
        var environment: LayoutEnvironment
        do {
            environment = try LayoutEnvironment(config: config, context: context,
                                                formatter: try ICULocaleFormatter(context: context), measurer: engine,
                                                presentation: presentation)
            environment.decisions.markdown = CmarkMarkdownParser.system
        } catch {
            throw GoldenError("\(UntrustedText.escaped(document)): \(error)")
        }
        return try Self.screen(conversation, environment: environment, screen: screen, width: width, height: height,
                               scrollOffset: scrollOffset, isScrolling: isScrolling, document: UntrustedText.escaped(document))
    }

    private var engine: ICUTextEngine {
        if case .environment(_, let environment, _) = source, let engine = environment.measurer as? ICUTextEngine { return engine }
        return ICUTextEngine(policy: CellWidthPolicy(ambiguousIsWide: ambiguousIsWide))
    }

    /// `screen` of `conversation` laid out in `environment`; a thread view of an unknown
    /// parent is a ``GoldenError`` naming `document`.
    private static func screen(_ conversation: Conversation, environment: LayoutEnvironment, screen: Screen, width: Int,
                               height: Int?, scrollOffset: Int?, isScrolling: Bool,
                               document: String) throws(GoldenError) -> LaidOutScreen {
        do {
            return try screen.layout(conversation, environment: environment, width: width, height: height, scrollOffset: scrollOffset,
                                     isScrolling: isScrolling)
        } catch {
            throw GoldenError("\(document): \(error)")
        }
    }

    /// The screen given already laid out, when its lines are taller than one unit: a layout in
    /// points (a cell layout's line is one row).
    private var laidOutInPoints: LaidOutScreen? {
        guard case .laidOut(let screen) = source, screen.lineHeight != 1 else { return nil }
        return screen
    }

    /// The SVG metrics of the screen's units: cells, or points one to one.
    private var defaultSVGMetrics: SVGMetrics {
        if let points = laidOutInPoints { return .points(lineHeight: points.lineHeight) }
        if case .environment(_, let environment, _) = source, !Self.drawsInCells(environment) {
            return .points(lineHeight: environment.metrics.lineHeight)
        }
        return SVGMetrics()
    }

    /// The header, then the rows, each in quotes so that trailing spaces show.
    private func text() throws(GoldenError) -> String {
        if let points = laidOutInPoints {
            // Drawn in cells it would be a points-wide grid of cells: refused, never recorded.
            throw GoldenError("\(name): the screen is laid out in points (\(points.width) wide, lines \(points.lineHeight) tall), "
                + "and a text drawing is one cell a unit and one row a line: draw it as .svg (in points) or .tree")
        }
        let laidOut = try screen()
        var lines = ["scenario: \(name)"]
        switch source {
        case .conversation(let conversation, let config, let context, let screen):
            lines += header(conversation: conversation, config: config, context: context, screen: screen)
        case .environment(let conversation, let environment, let screen):
            lines += header(conversation: conversation, config: environment.config, context: environment.context, screen: screen)
            lines.insert(Self.describe(environment), at: lines.count - 1)
        case .laidOut(let laidOut):
            lines.append("screen: width \(laidOut.width) · height \(laidOut.height)")
        }
        lines.append("Unicode \(ICUTextEngine.unicodeVersion) · ICU \(ICUTextEngine.icuVersion) · cell widths \(CellWidthPolicy.version)"
            + (ambiguousIsWide ? " (ambiguous wide)" : ""))
        lines.append("")
        lines = lines.map(UntrustedText.neutralizeLine)
        lines += TextRenderer(engine: engine).rows(laidOut).map { "\"\($0)\"" }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The header's lines about the document: what is drawn and how, the settings that are not
    /// the defaults, who looks and when.
    private func header(conversation: Conversation, config: MessageListConfig, context: LayoutContext, screen: Screen) -> [String] {
        var lines: [String] = []
        var drawn = "document: \(document) · width \(width)" + (height.map { " · height \($0)" } ?? "")
            + (scrollOffset.map { " · scroll offset \($0)" } ?? "") + (isScrolling && height != nil ? " · scrolling" : "") + " · dates \(config.dateIndicatorPlacement.rawValue)"
        switch screen {
        case .messageList: break
        case .threadView(let parentID): drawn += " · thread \(parentID) " + Self.describe(config.threadView)
        case .threadList: drawn += " · thread list " + Self.describe(conversation)
        }
        lines.append(drawn)
        let settings = Self.changedSettings(config, from: documentConfig ?? MessageListConfig(), screen: screen)
        if !settings.isEmpty { lines.append("config: " + settings.joined(separator: " · ")) }
        lines.append("locale \(context.locale) · time zone \(context.timeZone) · now \(context.now.rfc3339)"
            + (context.currentUserID.map { " · you: \($0)" } ?? ""))
        return lines
    }

    /// "(info_header, opens at the bottom)".
    private static func describe(_ thread: ThreadViewConfig) -> String {
        let opening: String
        switch thread.startingPoint {
        case .bottom: opening = "the bottom"
        case .top: opening = "the top"
        case .timestamp(let instant): opening = instant.rfc3339
        }
        return "(\(thread.parentPresentation.rawValue), opens at \(opening))"
    }

    /// "(state loaded, 6 threads, 3 events)": what the thread list is drawn from.
    private static func describe(_ conversation: Conversation) -> String {
        let count = conversation.threads.count, events = conversation.events.count
        return "(state \(conversation.threadListState.rawValue), \(count) thread\(count == 1 ? "" : "s")"
            + (events > 0 ? ", \(events) event\(events == 1 ? "" : "s")" : "") + ")"
    }
}

extension LayoutSnapshot.Screen {
    /// What the decoder must find in the document for this screen.
    var use: ConversationDocument.Use {
        switch self {
        case .messageList: .messageList
        case .threadList: .threadList
        case .threadView: .threadView
        }
    }
}

/// A drawing's format, and the file extension of its golden.
public enum GoldenFormat: String, CaseIterable, Hashable, Sendable {
    /// The text drawing with its header (`.txt`).
    case text
    /// The SVG document, as `chat-layout preview --format svg` writes it (`.svg`).
    case svg
    /// The box-tree dump (`.tree.txt`).
    case tree

    /// The golden file's extension, without the leading dot: `txt`, `svg` or `tree.txt`.
    public var fileExtension: String {
        switch self {
        case .text: "txt"
        case .svg: "svg"
        case .tree: "tree.txt"
        }
    }
}

/// A golden that could not be drawn, read or written, with where and why.
public struct GoldenError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The message, naming the file (and the JSON path, line or column) at fault.
    public var message: String

    /// An error saying `message`.
    public init(_ message: String) { self.message = message }

    /// The message.
    public var description: String { message }
}
