/// Everything a screen's decisions and layout depend on besides the conversation, held once:
/// the options, who is looking and when, how dates and counts read, how text measures, the
/// words, the lengths and the front end's presentation. Resolvers and layouts are made from
/// one (`init(_:)`), so they cannot be given parts that disagree.
///
/// The locale and the time zone are held once too: they are the formatter's, and
/// ``init(config:context:formatter:measurer:strings:metrics:presentation:)`` refuses a
/// context that names others (a Tokyo context with a Berlin formatter would lay out in
/// Berlin time).
public struct LayoutEnvironment: Sendable {
    /// The options of the message list (Stream's `MessageListConfig`).
    public var config: MessageListConfig
    /// Who is looking, and when; its locale and time zone are the formatter's.
    public let context: LayoutContext
    /// Dates, times and counts, in ``locale`` and ``timeZone``.
    public let formatter: any LocaleFormatting
    /// Measures, wraps and cuts every text, in the front end's units.
    public var measurer: any TextMeasuring
    /// The words the decisions and the layout write: the locale's built-in table
    /// (``ChatStrings/init(locale:)``) unless others are given.
    public var strings: ChatStrings
    /// The lengths of the layout, in the measurer's units.
    public var metrics: Metrics
    /// The front end's words and glyphs around typed content.
    public var presentation: any BoxPresentation
    /// Whether a long list is laid out on all cores (``MessageListLayout/laysOutOnAllCores``):
    /// true unless the measurer is bound to one thread.
    public var laysOutOnAllCores = true

    /// The locale every date, time and count is written in: the formatter's.
    public var locale: String { formatter.locale }
    /// The time zone every day and time is in: the formatter's.
    public var timeZone: String { formatter.timeZone }
    /// Which way the screen reads: the config's `layout_direction`, else the locale's
    /// (``LayoutDirection/init(locale:)``).
    public var layoutDirection: LayoutDirection { config.layoutDirection ?? LayoutDirection(locale: locale) }

    /// An environment; without metrics, the measurer's for `config`
    /// (``TextMeasuring/metrics(for:)``: its units and line height, the text renderer's cells
    /// for the ICU engine); without words, the formatter's locale's (``ChatStrings/init(locale:)``).
    ///
    /// - Throws: ``LayoutEnvironmentError`` when the context's locale or time zone is not the
    ///   formatter's.
    public init(config: MessageListConfig = MessageListConfig(), context: LayoutContext, formatter: any LocaleFormatting,
                measurer: any TextMeasuring, strings: ChatStrings? = nil, metrics: Metrics? = nil,
                presentation: any BoxPresentation = PlainPresentation()) throws(LayoutEnvironmentError) {
        guard context.locale == formatter.locale else {
            throw .localeDisagrees(context: context.locale, formatter: formatter.locale)
        }
        guard context.timeZone == formatter.timeZone else {
            throw .timeZoneDisagrees(context: context.timeZone, formatter: formatter.timeZone)
        }
        self.init(unchecked: config, context: context, formatter: formatter, measurer: measurer, strings: strings,
                  metrics: metrics, presentation: presentation)
    }

    /// An environment of parts, for the deprecated initialisers that take them and cannot
    /// throw: as they always did, they lay out in the formatter's locale and time zone where
    /// the context names others (the checked initialiser refuses such a pair).
    static func agreeing(_ config: MessageListConfig, context: LayoutContext, formatter: any LocaleFormatting,
                         measurer: any TextMeasuring, strings: ChatStrings?, metrics: Metrics? = nil,
                         presentation: any BoxPresentation = PlainPresentation()) -> LayoutEnvironment {
        LayoutEnvironment(unchecked: config, context: context, formatter: formatter, measurer: measurer, strings: strings,
                          metrics: metrics, presentation: presentation)
    }

    /// The parts, checked or not: the context takes the formatter's locale and time zone.
    private init(unchecked config: MessageListConfig, context: LayoutContext, formatter: any LocaleFormatting, measurer: any TextMeasuring,
         strings: ChatStrings?, metrics: Metrics? = nil, presentation: any BoxPresentation = PlainPresentation()) {
        var context = context
        context.locale = formatter.locale
        context.timeZone = formatter.timeZone
        self.config = config
        self.context = context
        self.formatter = formatter
        self.measurer = measurer
        var words = strings ?? ChatStrings(locale: formatter.locale)
        // The formatter's digits, where each is one character (they are in every ICU locale).
        let digits = (0 ... 9).map { formatter.formatCount($0) }
        if digits.allSatisfy({ $0.count == 1 }) { words.digits = digits.joined() }
        self.strings = words
        self.metrics = metrics ?? measurer.metrics(for: config)
        self.presentation = presentation
    }
}

/// Why a ``LayoutEnvironment`` cannot be made.
public enum LayoutEnvironmentError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The context names one locale, the formatter writes in another.
    case localeDisagrees(context: String, formatter: String)
    /// The context names one time zone, the formatter counts days in another.
    case timeZoneDisagrees(context: String, formatter: String)

    /// A sentence naming both values (cut to 40 characters each: they may come from a document).
    public var description: String {
        switch self {
        case .localeDisagrees(let context, let formatter):
            "the context's locale \(UntrustedText.shortened(context)) is not the formatter's \(UntrustedText.shortened(formatter)): make the formatter from the context"
        case .timeZoneDisagrees(let context, let formatter):
            "the context's time zone \(UntrustedText.shortened(context)) is not the formatter's \(UntrustedText.shortened(formatter)): make the formatter from the context"
        }
    }
}

/// A resolver or layout made from a ``LayoutEnvironment``: its parts read from there, so that
/// each is held once.
public protocol LayoutEnvironmentBased {
    /// Everything it depends on besides the conversation.
    var environment: LayoutEnvironment { get }
}

extension LayoutEnvironmentBased {
    /// The options of the message list.
    public var config: MessageListConfig { environment.config }
    /// Who is looking, and when; its locale and time zone are the formatter's.
    public var context: LayoutContext { environment.context }
    /// Dates, times and counts, in the environment's locale and time zone.
    public var formatter: any LocaleFormatting { environment.formatter }
    /// Measures text (and tells emoji-only messages).
    public var measurer: any TextMeasuring { environment.measurer }
    /// The words written.
    public var strings: ChatStrings { environment.strings }
}

/// One unit a grapheme cluster, wrapped at spaces: the measurer of an environment made for
/// decisions that measure no text (the thread list's items), so that it still has one.
struct CharacterCountMeasurer: TextMeasuring {
    func width(of text: String) -> Int { text.count }

    func wrap(_ text: String, width: Int) -> WrappedText {
        var lines: [TextLine] = []
        var current = ""
        for word in text.split(separator: " ", omittingEmptySubsequences: false) {
            let candidate = current.isEmpty ? String(word) : current + " " + word
            if candidate.count > max(1, width) && !current.isEmpty {
                lines.append(TextLine(text: current + " ", display: current, width: current.count))
                current = String(word)
            } else {
                current = candidate
            }
        }
        lines.append(TextLine(text: current, display: current, width: current.count))
        return WrappedText(lines: lines, direction: .leftToRight)
    }

    func truncate(_ text: String, width: Int) -> String {
        text.count <= width ? text : String(text.prefix(max(0, width - 1))) + "…"
    }
}
