import ChatLayoutDecoding
import ChatLayoutICU
import ChatLayoutKit
import ChatLayoutMarkdown

/// One request for a screen: a document's bytes, what overrides its context and configuration,
/// which screen, in which units, how wide and how tall. It yields the size-capped, decoded and
/// completed input (``input()``), the `LayoutEnvironment` (``environment(_:config:presentation:)``)
/// and the viewport (``viewport``) — the one way a document becomes a screen, for
/// `chat-layout`, for ``LayoutSnapshot`` and ``GoldenFolder``, and for a test's golden.
///
/// ```swift
/// var request = ScreenRequest(document: .init(name: "support.json", bytes: bytes), width: 40)
/// request.overrides.locale = "de_DE"
/// let input = try request.input()
/// let screen = try request.layout(input)
/// ```
///
/// It lives here, in ChatLayoutGoldens, because it needs the decoder (ChatLayoutDecoding) for
/// the document and the ICU engine and formatter (ChatLayoutICU) for cells and dates, which the
/// core must not import (Apple front ends bring their own), and this is the one module every
/// user of it (the command line, the golden folder, golden tests) already links. Points need
/// ChatLayoutPixel's HarfBuzz measurer, which needs fonts and `libharfbuzz` at run time; so
/// ``Units/points(measurer:pointSize:)`` takes the measurer from the caller (`chat-layout
/// --units points` makes it) instead of this module linking ChatLayoutPixel.
public struct ScreenRequest: Sendable {
    /// Which screen of the conversation is laid out.
    public typealias Screen = LayoutSnapshot.Screen

    /// A document's bytes and how messages name it.
    public struct Document: Sendable {
        /// How errors name the document, as the caller shows it (escaped: `UntrustedText.escaped(_:)`).
        public var name: String
        /// The JSON: a conversation document or a Stream payload.
        public var bytes: [UInt8]

        /// The document's file mapped into memory, decoded instead of ``bytes`` (then empty).
        package var mapped: MappedDocument?

        /// A document called `name` (already escaped for messages) made of `bytes`.
        public init(name: String, bytes: [UInt8]) {
            self.name = name
            self.bytes = bytes
        }

        /// A document called `name` whose file is `mapped`.
        package init(name: String, mapped: MappedDocument) {
            self.name = name
            self.bytes = []
            self.mapped = mapped
        }

        /// How many bytes the document has.
        var count: Int { mapped?.bytes.count ?? bytes.count }
    }

    /// The units lengths are in, and what measures text in them.
    public enum Units: Sendable {
        /// A terminal's cells, measured by the ICU engine; East Asian Ambiguous characters two
        /// cells wide when `ambiguousIsWide`.
        case cells(ambiguousIsWide: Bool = false)
        /// A phone's points, measured by `measurer` (ChatLayoutPixel's `HarfBuzzTextMeasurer`
        /// for the command line) with text at `pointSize`.
        case points(measurer: any TextMeasuring, pointSize: Int)
    }

    /// What takes the place of the document's context and configuration. Nil keeps the
    /// document's value.
    public struct Overrides: Hashable, Sendable {
        /// The locale (`context.locale`), e.g. `en_US`.
        public var locale: String?
        /// The IANA time zone (`context.time_zone`).
        public var timeZone: String?
        /// The current time (`context.now`).
        public var now: Timestamp?
        /// The current user's id (`context.current_user_id`).
        public var currentUserID: String?
        /// The channel taken from a channels-query response (default: the first).
        public var channel: String?
        /// `date_indicator`.
        public var dateIndicator: DateIndicatorPlacement?
        /// `group_messages`.
        public var grouping: Bool?
        /// `max_time_interval_between_messages_in_group`, in seconds.
        public var maxGroupInterval: Double?
        /// The thread view's `parent_presentation`.
        public var parentPresentation: ThreadParentPresentation?
        /// The thread view's `starting_point`.
        public var startingPoint: ThreadStartingPoint?
        /// `layout_direction`: `.some(nil)` is `auto`, the locale's, whatever the document says.
        public var layoutDirection: LayoutDirection??
        /// `profile`: whose defaults the document's options go over, whatever profile it names.
        public var profile: LayoutProfile?

        /// Overrides of any of these.
        public init(locale: String? = nil, timeZone: String? = nil, now: Timestamp? = nil, currentUserID: String? = nil,
                    channel: String? = nil, dateIndicator: DateIndicatorPlacement? = nil, grouping: Bool? = nil,
                    maxGroupInterval: Double? = nil, parentPresentation: ThreadParentPresentation? = nil,
                    startingPoint: ThreadStartingPoint? = nil, layoutDirection: LayoutDirection?? = nil,
                    profile: LayoutProfile? = nil) {
            self.locale = locale
            self.timeZone = timeZone
            self.now = now
            self.currentUserID = currentUserID
            self.channel = channel
            self.dateIndicator = dateIndicator
            self.grouping = grouping
            self.maxGroupInterval = maxGroupInterval
            self.parentPresentation = parentPresentation
            self.startingPoint = startingPoint
            self.layoutDirection = layoutDirection
            self.profile = profile
        }

        /// `text` read as a document's `starting_point` is, by the decoder itself (one grammar
        /// for documents and flags): `none` or `max` (the bottom), `0` (the top), or an RFC 3339
        /// timestamp; nil for anything else.
        public static func startingPoint(_ text: String) -> ThreadStartingPoint? {
            // A flag's "0" is the document's number 0; anything else is a string.
            let value = text == "0" ? "0" : JSONValue.string(text).serialized()
            let document = Array(#"{"messages": [], "config": {"starting_point": "#.utf8) + Array(value.utf8) + Array("}}".utf8)
            return (try? ConversationDecoder.decode(document))?.config.threadView.startingPoint
        }

        /// The context fields as a `DocumentContext` to lay over the document's.
        public var context: DocumentContext {
            DocumentContext(currentUserID: currentUserID, now: now, timeZone: timeZone, locale: locale)
        }

        /// `config` with every configuration override applied.
        public func applied(to config: MessageListConfig) -> MessageListConfig {
            var config = config
            if let dateIndicator { config.dateIndicatorPlacement = dateIndicator }
            if let grouping { config.groupMessages = grouping }
            if let maxGroupInterval { config.maxTimeIntervalBetweenMessagesInGroup = maxGroupInterval }
            if let parentPresentation { config.threadView.parentPresentation = parentPresentation }
            if let startingPoint { config.threadView.startingPoint = startingPoint }
            if let layoutDirection { config.layoutDirection = layoutDirection }
            return config
        }

        /// `provenance` (the document's) with the options ``applied(to:)`` sets marked as the
        /// flags'. (The profile is the decoder's: ``ScreenRequest/decoded()`` passes it on.)
        public func applied(to provenance: ConfigProvenance) -> ConfigProvenance {
            var provenance = provenance
            let set: [(String, Bool)] = [
                ("date_indicator_placement", dateIndicator != nil), ("group_messages", grouping != nil),
                ("max_time_interval_between_messages_in_group", maxGroupInterval != nil),
                ("parent_presentation", parentPresentation != nil), ("starting_point", startingPoint != nil),
                ("layout_direction", layoutDirection != nil),
            ]
            for (key, isSet) in set where isSet { provenance.explicit[key] = .flag }
            return provenance
        }
    }

    /// The document.
    public var document: Document
    /// What overrides the document's context and configuration.
    public var overrides: Overrides
    /// What fills a context field that neither the overrides nor the document give: the
    /// command line's clock, `TZ` and `LANG`; nothing for a golden, which never depends on the
    /// machine (``input()`` then names what is missing).
    public var defaults: DocumentContext
    /// A word table (JSON, as `ChatStrings.table(json:)` reads it) over the locale's built-in one.
    public var strings: Document?
    /// A last change to the configuration, after the overrides (a test's).
    public var adjust: @Sendable (inout MessageListConfig) -> Void
    /// The screen laid out.
    public var screen: Screen
    /// The units, and what measures text.
    public var units: Units
    /// The width in the units; nil: ``defaultCellWidth`` or ``defaultPointWidth``.
    public var width: Int?
    /// A viewport's height (header included), or nil for the whole screen.
    public var height: Int?
    /// With ``height``: how far down the viewport is scrolled (default: the bottom of a message
    /// list, the top of a thread list, a thread's starting point).
    public var scrollOffset: Int?
    /// With ``height``, for a message list: the id of a message the viewport is scrolled to
    /// (instead of ``scrollOffset``), placed at ``anchor``, as Stream's `jumpToMessage(id:)`
    /// leaves it.
    public var jumpTo: String?
    /// Where ``jumpTo``'s message lands; nil: the configuration's `scrolling_anchor`.
    public var anchor: ScrollAnchor?
    /// With ``height``, for a message list: the id of a message drawn highlighted
    /// (`Viewport.highlightedMessageID`). Nil: ``jumpTo``'s message when the configuration's
    /// `highlight_message_when_jumping` is on (the default), else none.
    public var highlight: String?
    /// With ``height``: the list is drawn while it scrolls, its date floating over it
    /// (`Viewport.isScrolling`); false (the default): at rest, as a screenshot shows it.
    public var isScrolling = false
    /// The most bytes the document (and the word table) may have.
    public var sizeLimit: FileSizeLimit

    /// A terminal's width in cells.
    public static let defaultCellWidth = 80
    /// Why `conversation` is drawn here without its markdown, or nil: `markdown_enabled` is on
    /// in `config`, a message's text looks like markdown (emphasis, code, a link, a heading, a
    /// quote or a list), and cmark-gfm's libraries are not installed. The command line writes it
    /// as a note; a golden drawn so differs from one drawn where they are.
    public static func markdownUnavailableNote(for conversation: Conversation, config: MessageListConfig) -> String? {
        guard config.markdownEnabled, CmarkMarkdownParser.system == nil,
              conversation.messages.contains(where: { looksLikeMarkdown($0.text) }) else { return nil }
        return "markdown is drawn as written: " + (CmarkMarkdownParser.unavailableReason ?? "cmark-gfm cannot be loaded")
    }

    /// Markers that are markdown in all but odd texts: `**`, `__`, `~~`, a backtick, `](`, or a
    /// line that starts a heading, a quote or a list.
    static func looksLikeMarkdown(_ text: String) -> Bool {
        guard CmarkMarkdownParser.mayContainMarkup(text) else { return false }
        if ["**", "__", "~~", "`", "]("].contains(where: { text.contains($0) }) { return true }
        return text.split(separator: "\n").contains { line in
            let trimmed = line.drop { $0 == " " }
            if ["# ", "## ", "### ", "> ", "- ", "* ", "+ "].contains(where: { trimmed.hasPrefix($0) }) { return true }
            let digits = trimmed.prefix { $0.isASCII && $0.isNumber }
            return !digits.isEmpty && trimmed.dropFirst(digits.count).hasPrefix(". ")
        }
    }

    /// A phone's width in points: the narrowest current iPhones (SE, mini).
    public static let defaultPointWidth = 375

    /// A request for `screen` of `document`, in the document's context and configuration unless
    /// `overrides` say otherwise.
    public init(document: Document, overrides: Overrides = Overrides(), defaults: DocumentContext = DocumentContext(),
                strings: Document? = nil, screen: Screen = .messageList, units: Units = .cells(), width: Int? = nil,
                height: Int? = nil, scrollOffset: Int? = nil, sizeLimit: FileSizeLimit = .standard,
                adjust: @escaping @Sendable (inout MessageListConfig) -> Void = { _ in }) {
        self.document = document
        self.overrides = overrides
        self.defaults = defaults
        self.strings = strings
        self.screen = screen
        self.units = units
        self.width = width
        self.height = height
        self.scrollOffset = scrollOffset
        self.sizeLimit = sizeLimit
        self.adjust = adjust
    }

    /// The document decoded and completed: everything but the measurer and presentation.
    public struct Input: Sendable {
        /// The decoded document (its `warnings` are the caller's to show).
        public var document: ConversationDocument
        /// The document's configuration with the overrides and `adjust` applied.
        public var config: MessageListConfig
        /// Who gave each option of ``config``: its profile, the document or the overrides
        /// (`adjust`, a test's, is not recorded).
        public var provenance: ConfigProvenance
        /// The document's context with the overrides, completed by the defaults.
        public var context: LayoutContext
        /// The formatter of the context's locale and time zone.
        public var formatter: ICULocaleFormatter
        /// The locale's words, with the request's word table applied.
        public var strings: ChatStrings
        /// The ICU engine in the request's cell widths: it measures cells, and draws text in any units.
        public var engine: ICUTextEngine
    }

    /// The width in the units: ``width``, else 80 cells or 375 points.
    public var screenWidth: Int {
        if let width { return width }
        if case .points = units { return Self.defaultPointWidth }
        return Self.defaultCellWidth
    }

    /// The viewport of a message list (opening at the bottom) or a thread list (at the top),
    /// when there is a ``height``; nil for a thread view, which opens where its starting
    /// point says (``layout(_:presentation:)`` gives it ``height`` and ``scrollOffset``).
    public var viewport: Viewport? { screen.viewport(height: height, scrollOffset: scrollOffset, isScrolling: isScrolling) }

    /// The document read within ``sizeLimit``, decoded, checked for what ``screen`` reads,
    /// its context and configuration completed: ``decoded()``, then ``input(_:)``.
    ///
    /// - Throws: a ``ScreenRequestError`` naming the document and where in it.
    public func input() throws(ScreenRequestError) -> Input {
        try input(try decoded())
    }

    /// The document read within ``sizeLimit``, decoded and checked for what ``screen`` reads:
    /// the first half of ``input()``, for a caller that shows the document's warnings before
    /// anything else can fail.
    ///
    /// - Throws: ``ScreenRequestError/tooLarge(document:limit:)`` or
    ///   ``ScreenRequestError/invalidDocument(document:_:)``.
    public func decoded() throws(ScreenRequestError) -> ConversationDocument {
        guard document.count <= sizeLimit.bytes else { throw .tooLarge(document: document.name, limit: sizeLimit) }
        do {
            let decoded = if let mapped = document.mapped {
                try ConversationDecoder.decode(mapped, channel: overrides.channel, profile: overrides.profile)
            } else {
                try ConversationDecoder.decode(document.bytes, channel: overrides.channel, profile: overrides.profile)
            }
            try decoded.requireContent(for: screen.use)
            return decoded
        } catch {
            throw .invalidDocument(document: document.name, error)
        }
    }

    /// `decoded` (``decoded()``'s) with its context and configuration completed.
    ///
    /// - Throws: a ``ScreenRequestError`` naming what the context lacks, a locale or time zone
    ///   ICU does not know (and who gave it), or a word table that is not one.
    public func input(_ decoded: ConversationDocument) throws(ScreenRequestError) -> Input {
        let name = document.name
        let written = decoded.context
        let context: LayoutContext
        do {
            context = try written.overriding(overrides.context).completed(defaults: defaults)
        } catch {
            throw .incompleteContext(document: name, error)
        }
        let formatter: ICULocaleFormatter
        do {
            formatter = try ICULocaleFormatter(context: context)
        } catch {
            let source: ScreenRequestError.Source
            switch error {
            case .unknownLocale: source = overrides.locale != nil ? .overrides : written.locale != nil ? .document : .defaults
            case .unknownTimeZone: source = overrides.timeZone != nil ? .overrides : written.timeZone != nil ? .document : .defaults
            }
            throw .formatting(document: name, error, from: source)
        }
        var words = ChatStrings(locale: formatter.locale)
        if let strings {
            guard strings.bytes.count <= sizeLimit.bytes else { throw .tooLarge(document: strings.name, limit: sizeLimit) }
            do {
                try words.apply(ChatStrings.table(json: strings.bytes))
            } catch {
                throw .invalidStrings(table: strings.name, error)
            }
        }
        var config = overrides.applied(to: decoded.config)
        adjust(&config)
        let policy: CellWidthPolicy
        if case .cells(let ambiguousIsWide) = units { policy = CellWidthPolicy(ambiguousIsWide: ambiguousIsWide) } else { policy = CellWidthPolicy() }
        return Input(document: decoded, config: config, provenance: overrides.applied(to: decoded.configProvenance), context: context,
                     formatter: formatter, strings: words, engine: ICUTextEngine(policy: policy))
    }

    /// The environment `input` is laid out in: its configuration (or `config`), context,
    /// formatter and words, measured in the request's units, with `presentation`, and message
    /// text parsed as markdown by cmark-gfm where the machine has it
    /// (``markdownUnavailableNote(for:config:)`` says when it has not).
    ///
    /// - Throws: ``ScreenRequestError/environment(_:)`` — never for an input of ``input()``,
    ///   whose formatter is its context's.
    public func environment(_ input: Input, config: MessageListConfig? = nil,
                            presentation: any BoxPresentation = PlainPresentation()) throws(ScreenRequestError) -> LayoutEnvironment {
        let measurer: any TextMeasuring
        switch units {
        case .cells: measurer = input.engine
        case .points(let points, _): measurer = points
        }
        do {
            var environment = try LayoutEnvironment(config: config ?? input.config, context: input.context, formatter: input.formatter,
                                                    measurer: measurer, strings: input.strings, presentation: presentation)
            environment.decisions.markdown = CmarkMarkdownParser.system
            return environment
        } catch {
            throw .environment(error)
        }
    }

    /// ``screen`` of `input` laid out at ``screenWidth`` in ``environment(_:config:presentation:)``.
    ///
    /// - Throws: ``ScreenRequestError/unknownThreadParent(document:_:)`` for a thread view of a
    ///   message the document does not have.
    public func layout(_ input: Input, presentation: any BoxPresentation = PlainPresentation()) throws(ScreenRequestError) -> LaidOutScreen {
        let environment = try environment(input, presentation: presentation)
        return try layout(input.document.conversation, environment: environment)
    }

    /// ``screen`` of `conversation` (the input's, or one changed after it) laid out at
    /// ``screenWidth`` in `environment`.
    ///
    /// - Throws: ``ScreenRequestError/unknownThreadParent(document:_:)`` for a thread view of a
    ///   message the conversation does not have.
    public func layout(_ conversation: Conversation, environment: LayoutEnvironment) throws(ScreenRequestError) -> LaidOutScreen {
        if let height, screen == .messageList, jumpTo != nil || highlight != nil {
            let list = MessageListScreen.list(conversation, environment: environment, width: screenWidth)
            var viewport = Viewport(scrollOffset: scrollOffset ?? list.openingOffset(height: height), height: height, isScrolling: isScrolling)
            if let jumpTo {
                guard let offset = list.scrollOffset(showing: jumpTo, at: anchor ?? environment.config.scrollingAnchor, height: height) else {
                    throw .unknownJumpTarget(document: document.name, messageID: UntrustedText.escaped(jumpTo))
                }
                viewport.scrollOffset = offset
                if environment.config.highlightMessageWhenJumping { viewport.highlightedMessageID = jumpTo }
            }
            if let highlight {
                guard list.rowIndex(ofMessage: highlight) != nil else {
                    throw .unknownHighlightTarget(document: document.name, messageID: UntrustedText.escaped(highlight))
                }
                viewport.highlightedMessageID = highlight
            }
            return list.screen(viewport)
        }
        do {
            return try screen.layout(conversation, environment: environment, width: screenWidth, height: height,
                                     scrollOffset: scrollOffset, isScrolling: isScrolling)
        } catch {
            throw .unknownThreadParent(document: document.name, error)
        }
    }
}

/// Why a ``ScreenRequest`` yields no input, environment or screen; each names the document
/// (as the request names it) and where in it.
public enum ScreenRequestError: Error, Sendable, CustomStringConvertible {
    /// Where a context value came from.
    public enum Source: Hashable, Sendable {
        /// The request's ``ScreenRequest/Overrides``.
        case overrides
        /// The document's `context`.
        case document
        /// The request's ``ScreenRequest/defaults``.
        case defaults
    }

    /// More bytes than the limit.
    case tooLarge(document: String, limit: FileSizeLimit)
    /// Not JSON, not a document, or without what the screen reads (line and column, or JSON path).
    case invalidDocument(document: String, DocumentError)
    /// Neither the overrides, the document nor the defaults give now, the time zone or the locale.
    case incompleteContext(document: String, IncompleteContextError)
    /// ICU knows no such locale or time zone; `from` says who gave it.
    case formatting(document: String, FormattingError, from: Source)
    /// The word table is not one (a `DocumentError`: line and column, or JSON path), or has a
    /// phrase it cannot take (a `ChatStringsError`).
    case invalidStrings(table: String, any Error)
    /// The context and the formatter disagree.
    case environment(LayoutEnvironmentError)
    /// A thread view of a message the document does not have.
    case unknownThreadParent(document: String, ThreadViewError)
    /// A jump (``ScreenRequest/jumpTo``) to a message the list does not show; the id escaped.
    case unknownJumpTarget(document: String, messageID: String)
    /// A highlight (``ScreenRequest/highlight``) of a message the list does not show; the id escaped.
    case unknownHighlightTarget(document: String, messageID: String)

    /// "support.json: larger than 1000 bytes, the most chat-layout reads", "support.json:
    /// context.locale: unknown locale 'xx'", …
    public var description: String {
        switch self {
        case .tooLarge(let document, let limit): "\(document): larger than \(limit), the most chat-layout reads"
        case .invalidDocument(let document, let error): "\(document): \(error)"
        case .incompleteContext(let document, let error): "\(document): \(error)"
        case .formatting(let document, let error, let source):
            switch (source, error) {
            case (.document, .unknownLocale): "\(document): context.locale: \(error)"
            case (.document, .unknownTimeZone): "\(document): context.time_zone: \(error)"
            default: "\(document): \(error)"
            }
        case .invalidStrings(let table, let error): "\(table): \(error)"
        case .environment(let error): "\(error)"
        case .unknownThreadParent(let document, let error): "\(document): \(error)"
        case .unknownJumpTarget(let document, let id): "\(document): no message '\(id)' in the list to jump to (a hidden message, a thread reply or one not in the document)"
        case .unknownHighlightTarget(let document, let id): "\(document): no message '\(id)' in the list to highlight (a hidden message, a thread reply or one not in the document)"
        }
    }
}
