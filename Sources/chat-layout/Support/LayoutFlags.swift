import ArgumentParser
import ChatLayoutDecoding
import ChatLayoutGoldens
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

    /// The width in cells: `--width`, else a terminal's 80 (a command in points asks its
    /// request: ``ScreenRequest/screenWidth``).
    var width: Int { givenWidth ?? Self.defaultWidth }

    /// A terminal's width in cells.
    static let defaultWidth = ScreenRequest.defaultCellWidth

    /// The widest screen drawn: far wider than any terminal, and small enough that no width
    /// can make a row (or the grid it is drawn in) absurdly large.
    static let maximumWidth = 10_000

    @Option(help: "The locale, e.g. en_US (default: the document's, else LANG).")
    var locale: String?

    @Option(help: ArgumentHelp("A JSON table of words that replaces the locale's built-in ones it names.",
                               discussion: "The format of the bundled tables (Sources/ChatLayoutModel/Localization/en.json): phrases by key, count phrases as objects of plural forms."))
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

    @Option(help: "Whose defaults the options take: stream-uikit, stream-swiftui or sendbird (default: the document's config.profile, else stream-uikit). The document's own options still override them.")
    var profile: ProfileFlag?

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

    /// Everything a command needs to lay out the document: the request these flags make, and
    /// its input.
    struct Loaded {
        /// The document, the flags as overrides, the machine's clock, zone and locale as
        /// defaults; in cells until ``ScreenOptions`` says points.
        var request: ScreenRequest
        var input: ScreenRequest.Input

        var document: ConversationDocument { input.document }
        /// The document's configuration with the flags applied.
        var config: MessageListConfig { input.config }
        var context: LayoutContext { input.context }
        var engine: ICUTextEngine { input.engine }

        /// The layout's environment: this document's configuration (or `config`), context,
        /// formatter and words, in the request's units, with `presentation`.
        func environment(config: MessageListConfig? = nil, presentation: any BoxPresentation = PlainPresentation()) throws -> LayoutEnvironment {
            do {
                return try request.environment(input, config: config, presentation: presentation)
            } catch {
                throw BadInput(message: "\(error)")
            }
        }
    }

    /// These flags (and `overrides`, the configuration flags of the command) over the
    /// document's context and configuration, for `screen`.
    func overrides(_ overrides: ScreenRequest.Overrides = ScreenRequest.Overrides()) -> ScreenRequest.Overrides {
        var overrides = overrides
        overrides.locale = locale
        overrides.timeZone = timeZone
        overrides.now = now.flatMap { Timestamp(rfc3339: $0) }
        overrides.currentUserID = currentUser
        overrides.channel = channel
        if let layoutDirection { overrides.layoutDirection = .some(layoutDirection.direction) }
        if let profile { overrides.profile = profile.profile }
        return overrides
    }

    /// Reads the document (up to the size cap), decodes it, checks that it has what `screen`
    /// reads, prints its warnings, and completes context and config: a ``ScreenRequest`` with
    /// these flags and `overrides` over the document, and the machine's clock, `TZ` and `LANG`
    /// for what neither gives.
    func load(for screen: ScreenRequest.Screen, overrides: ScreenRequest.Overrides = ScreenRequest.Overrides()) throws -> Loaded {
        let limit = try SizeLimit.fromEnvironment()
        var request = ScreenRequest(
            document: try readDocument(limit: limit),
            overrides: self.overrides(overrides),
            defaults: DocumentContext(now: Environment.now(), timeZone: Environment.timeZone(), locale: Environment.locale()),
            screen: screen, width: givenWidth, sizeLimit: FileSizeLimit(bytes: limit.bytes, description: limit.description))
        let document: ConversationDocument
        do {
            document = try MappedReadGuard.run(name: displayName, isMapped: request.document.mapped != nil) { try request.decoded() }
        } catch {
            throw BadInput(message: "\(error)")
        }
        // Decoded, the document's bytes are not read again: let them go before the layout (the
        // million-message document's 367 MB).
        request.document.bytes = []
        request.document.mapped = nil
        for warning in document.warnings {
            StandardError.write("chat-layout: warning: \(displayName): \(warning)\n")
        }
        if let strings {
            request.strings = ScreenRequest.Document(name: DocumentSource(path: strings).name, bytes: try Self.readStrings(strings))
        }
        do {
            let loaded = Loaded(request: request, input: try request.input(document))
            // Markdown needs cmark-gfm at run time: without it, say so once, and draw as written.
            if let note = ScreenRequest.markdownUnavailableNote(for: document.conversation, config: loaded.input.config) {
                StandardError.write("chat-layout: note: \(note)\n")
            }
            return loaded
        } catch {
            // Named where it came from: a bad flag is bad usage; a bad document, or a bad
            // environment variable, is bad input.
            guard case .formatting(_, let formatting, let source) = error else { throw BadInput(message: "\(error)") }
            switch (formatting, source) {
            case (.unknownLocale, .overrides): throw ValidationError("--locale: \(formatting)")
            case (.unknownTimeZone, .overrides): throw ValidationError("--time-zone: \(formatting)")
            case (_, .document): throw BadInput(message: "\(error)")
            case (.unknownLocale, .defaults):
                throw BadInput(message: "the environment (LC_ALL, LC_MESSAGES or LANG): \(formatting); pass --locale")
            case (.unknownTimeZone, .defaults): throw BadInput(message: "the environment (TZ): \(formatting); pass --time-zone")
            }
        }
    }

    private var source: DocumentSource { DocumentSource(path: file == "-" ? nil : file) }

    private var displayName: String { source.name }

    /// The document: a large file mapped, else its bytes read.
    private func readDocument(limit: SizeLimit) throws -> ScreenRequest.Document {
        do {
            switch try source.readOrMap(limit: limit) {
            case .bytes(let bytes): return ScreenRequest.Document(name: displayName, bytes: bytes)
            case .mapped(let mapped): return ScreenRequest.Document(name: displayName, mapped: mapped)
            }
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

/// `--profile`: a ``LayoutProfile`` by its name.
enum ProfileFlag: String, SpelledEnum {
    case streamUIKit = "stream-uikit", streamSwiftUI = "stream-swiftui", sendbird

    /// The profile it names.
    var profile: LayoutProfile {
        switch self {
        case .streamUIKit: .streamUIKit
        case .streamSwiftUI: .streamSwiftUI
        case .sendbird: .sendbird
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
