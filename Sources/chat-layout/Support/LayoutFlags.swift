import ArgumentParser
import ChatLayoutDecoding
import ChatLayoutICU
import ChatLayoutKit
import Foundation

/// The input document and the flags every layout command shares. Flags override
/// the document's `context`; what neither gives comes from the environment (clock, `TZ`,
/// `LANG`) — only here in the CLI, never in the library. The flags that shape a message list
/// are ``MessageListFlags``, for the commands that lay one out.
struct LayoutFlags: ParsableArguments {
    @Argument(help: "The document (JSON); '-' or nothing reads standard input.")
    var file: String = "-"

    // Numbers are read unconditionally: "-5" is a value to refuse by name, not a flag.
    @Option(name: .customLong("width"), parsing: .unconditional,
            help: ArgumentHelp("The width in cells (1 to 10000; default 80), or in points with --units points (default 375, a phone's).",
                               valueName: "width"))
    var givenWidth: Int?

    /// The width in cells: `--width`, else a terminal's 80 (a command in points asks
    /// ``ScreenOptions/width(_:)``).
    var width: Int { givenWidth ?? Self.defaultWidth }

    /// A terminal's width in cells.
    static let defaultWidth = 80

    /// The widest screen drawn: far wider than any terminal, and small enough that no width
    /// can make a row (or the grid it is drawn in) absurdly large.
    static let maximumWidth = 10_000

    @Option(help: "The locale, e.g. en_US (default: the document's, else LANG).")
    var locale: String?

    @Option(help: ArgumentHelp("A JSON table of words that replaces the locale's built-in ones it names.",
                               discussion: "The format of the bundled tables (Sources/ChatLayoutKit/Localization/en.json): phrases by key, count phrases as objects of plural forms."))
    var strings: String?

    @Option(help: "ltr, rtl, or auto: the locale's (default: the document's layout_direction, else auto).")
    var layoutDirection: LayoutDirectionFlag?

    @Option(help: "The IANA time zone, e.g. Europe/Berlin (default: the document's, else TZ).")
    var timeZone: String?

    @Option(help: "The current time, RFC 3339 (default: the document's, else the clock).")
    var now: String?

    @Option(help: "The current user's id (default: the document's).")
    var currentUser: String?

    @Option(help: "The channel to take from a channels-query response (default: the first).")
    var channel: String?

    func validate() throws {
        if let width = givenWidth {
            guard width >= 1 else { throw ValidationError("--width must be 1 or more, got \(width)") }
            guard width <= Self.maximumWidth else {
                throw ValidationError("--width must be at most \(Self.maximumWidth), got \(width)")
            }
        }
        if let now, Timestamp(rfc3339: now) == nil {
            throw ValidationError("--now must be an RFC 3339 timestamp like 2024-03-05T10:00:00Z, got '\(UntrustedText.shortened(now))'")
        }
    }

    /// Everything a command needs to lay out the document.
    struct Loaded {
        var document: ConversationDocument
        var config: MessageListConfig
        var context: LayoutContext
        var formatter: ICULocaleFormatter
        var engine: ICUTextEngine
        /// The locale's words with the `--strings` table applied.
        var strings: ChatStrings
        /// `--layout-direction`, when given: it overrides every config's `layout_direction`.
        var layoutDirection: LayoutDirectionFlag?

        /// The layout's environment for `config`: this document's context and formatter, the
        /// ICU cell engine unless `measurer` is given.
        func environment(config: MessageListConfig, measurer: (any TextMeasuring)? = nil, metrics: Metrics? = nil,
                         presentation: any BoxPresentation = PlainPresentation()) throws -> LayoutEnvironment {
            var config = config
            if let layoutDirection { config.layoutDirection = layoutDirection.direction }
            do {
                return try LayoutEnvironment(config: config, context: context, formatter: formatter, measurer: measurer ?? engine,
                                             strings: strings, metrics: metrics, presentation: presentation)
            } catch {
                throw BadInput(message: "\(error)")
            }
        }
    }

    /// Reads and decodes the document, checks that it has what `use` reads, prints its
    /// warnings, and completes context and config.
    func load(for use: ConversationDocument.Use) throws -> Loaded {
        let bytes = try readInput()
        let document: ConversationDocument
        do {
            document = try ConversationDecoder.decode(bytes, channel: channel)
            try document.requireContent(for: use)
        } catch {
            throw BadInput(message: "\(displayName): \(error)")
        }
        for warning in document.warnings {
            StandardError.write("chat-layout: warning: \(displayName): \(warning)\n")
        }
        let config = document.config
        let written = document.context
        let context = LayoutContext(
            currentUserID: currentUser ?? written.currentUserID,
            now: now.flatMap { Timestamp(rfc3339: $0) } ?? written.now ?? Environment.now(),
            timeZone: timeZone ?? written.timeZone ?? Environment.timeZone(),
            locale: locale ?? written.locale ?? Environment.locale(),
            translationLanguage: written.translationLanguage
        )
        let formatter: ICULocaleFormatter
        do {
            formatter = try ICULocaleFormatter(locale: context.locale, timeZone: context.timeZone)
        } catch {
            // Named where it came from: a bad flag is bad usage; a bad document, or a bad
            // environment variable, is bad input.
            switch error {
            case .unknownLocale:
                if locale != nil { throw ValidationError("--locale: \(error)") }
                if written.locale != nil { throw BadInput(message: "\(displayName): context.locale: \(error)") }
                throw BadInput(message: "the environment (LC_ALL, LC_MESSAGES or LANG): \(error); pass --locale")
            case .unknownTimeZone:
                if timeZone != nil { throw ValidationError("--time-zone: \(error)") }
                if written.timeZone != nil { throw BadInput(message: "\(displayName): context.time_zone: \(error)") }
                throw BadInput(message: "the environment (TZ): \(error); pass --time-zone")
            }
        }
        var words = ChatStrings(locale: formatter.locale)
        if let strings {
            let bytes = try Self.readStrings(strings)
            do {
                try words.apply(ChatStrings.table(json: bytes))
            } catch {
                throw BadInput(message: "\(DocumentSource(path: strings).name): \(error)")
            }
        }
        return Loaded(document: document, config: config, context: context, formatter: formatter, engine: ICUTextEngine(),
                      strings: words, layoutDirection: layoutDirection)
    }

    private var source: DocumentSource { DocumentSource(path: file == "-" ? nil : file) }

    private var displayName: String { source.name }

    private func readInput() throws -> [UInt8] {
        let limit = try SizeLimit.fromEnvironment()
        do {
            return try source.read(limit: limit)
        } catch {
            throw BadInput(message: "\(displayName): \(error.description)")
        }
    }

    /// The `--strings` table's bytes, read as a document is.
    private static func readStrings(_ path: String) throws -> [UInt8] {
        let limit = try SizeLimit.fromEnvironment()
        do {
            return try DocumentSource(path: path).read(limit: limit)
        } catch .noSuchFile {
            throw BadInput(message: "\(DocumentSource(path: path).name): cannot be read (--strings)")
        } catch {
            throw BadInput(message: "\(DocumentSource(path: path).name): \(error.description) (--strings)")
        }
    }
}

/// `--layout-direction`: a direction, or `auto` (the locale's, whatever the document says).
enum LayoutDirectionFlag: String, SpelledEnum {
    case ltr, rtl, auto

    /// The config's `layout_direction` it sets: nil for `auto`.
    var direction: LayoutDirection? {
        switch self {
        case .ltr: .leftToRight
        case .rtl: .rightToLeft
        case .auto: nil
        }
    }
}

/// Defaults from the machine, for the CLI only.
enum Environment {
    static func now() -> Timestamp {
        let seconds = Date().timeIntervalSince1970
        return Timestamp(seconds: Int64(seconds.rounded(.down)), nanoseconds: Int32((seconds - seconds.rounded(.down)) * 1e9))
    }

    /// `TZ`, else the zone /etc/localtime links to, else UTC.
    static func timeZone() -> String {
        if let zone = ProcessInfo.processInfo.environment["TZ"], !zone.isEmpty {
            return zone.hasPrefix(":") ? String(zone.dropFirst()) : zone
        }
        if let link = try? FileManager.default.destinationOfSymbolicLink(atPath: "/etc/localtime"),
           let range = link.range(of: "zoneinfo/") {
            return String(link[range.upperBound...])
        }
        return "UTC"
    }

    /// `LC_ALL`, `LC_MESSAGES` or `LANG` without encoding and modifier; "C"/"POSIX" → en_US.
    static func locale() -> String {
        locale(from: ProcessInfo.processInfo.environment)
    }

    /// The locale `environment` names: the first of `LC_ALL`, `LC_MESSAGES`, `LANG` that is
    /// set, up to its encoding (".UTF-8") or modifier ("@euro"). A value with no name before
    /// those (".", "@", ".@euro") names no locale, as "C" and "POSIX" name none: en_US. Any
    /// value is input: it never traps.
    static func locale(from environment: [String: String]) -> String {
        for key in ["LC_ALL", "LC_MESSAGES", "LANG"] {
            guard let value = environment[key], !value.isEmpty else { continue }
            let name = value.prefix { $0 != "." && $0 != "@" }
            if name.isEmpty || name == "C" || name == "POSIX" { return "en_US" }
            return String(name)
        }
        return "en_US"
    }
}
