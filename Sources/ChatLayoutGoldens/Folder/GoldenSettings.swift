import ChatLayoutDecoding
import ChatLayoutKit

/// How one payload of a golden folder is drawn: the keys of the folder's manifest
/// (`goldens.json`), for the whole folder at its top level and per file under `files`.
///
/// ```json
/// {"width": 40, "locale": "en_US", "time_zone": "Europe/Berlin", "now": "2024-03-05T10:00:00Z",
///  "files": {"support.json": {"width": 60, "height": 20, "date_indicator": "message_list"},
///            "inbox.json": {"screen": "threads"},
///            "coffee.json": {"screen": "thread", "parent": "m1", "formats": ["text", "svg"]}}}
/// ```
///
/// A file's keys override the folder's, which override the payload's own `context` and
/// `config`. Unknown keys are errors (a typo must not pass silently).
public struct GoldenSettings: Hashable, Sendable {
    /// `width`: the width in cells (default 80).
    public var width = 80
    /// `height`: a viewport's height in rows, header included.
    public var height: Int?
    /// `scroll_offset`: with `height`, rows scrolled down from the top.
    public var scrollOffset: Int?
    /// `scrolling`: with `height`, the list drawn while it scrolls, its date floating over
    /// it (default false: at rest).
    public var isScrolling = false
    /// `screen`: `list` (the message list, the default), `threads` (the thread list) or
    /// `thread` (with `parent`).
    public var screen: LayoutSnapshot.Screen = .messageList
    /// `locale`, `time_zone`, `now`, `current_user`, `channel`: over the payload's context; and
    /// the configuration keys below, which are these overrides under their manifest names.
    public var overrides = LayoutSnapshot.Overrides()
    /// `date_indicator`: `overlay`, `message_list` (or `message-list`) or `none`.
    public var dateIndicator: DateIndicatorPlacement? {
        get { overrides.dateIndicator }
        set { overrides.dateIndicator = newValue }
    }
    /// `grouping`: false draws every message alone.
    public var grouping: Bool? {
        get { overrides.grouping }
        set { overrides.grouping = newValue }
    }
    /// `max_group_interval`: the longest gap within a group, in seconds.
    public var maxGroupInterval: Double? {
        get { overrides.maxGroupInterval }
        set { overrides.maxGroupInterval = newValue }
    }
    /// `parent_presentation`: `info_header` or `first_message` (or `info-header`,
    /// `first-message`), for `thread`.
    public var parentPresentation: ThreadParentPresentation? {
        get { overrides.parentPresentation }
        set { overrides.parentPresentation = newValue }
    }
    /// `ambiguous_wide`: East Asian Ambiguous characters take two cells.
    public var ambiguousIsWide = false
    /// `formats`: the drawings kept beside the payload, of `text`, `svg` and `tree` (default
    /// `["text"]`).
    public var formats: [GoldenFormat] = [.text]

    /// The defaults: width 80, the message list, as text.
    public init() {}

    /// The keys a manifest may give, for the whole folder or a file.
    static let keys = ["width", "height", "scroll_offset", "scrolling", "screen", "parent", "locale", "time_zone", "now", "current_user",
                       "channel", "date_indicator", "grouping", "max_group_interval", "parent_presentation", "ambiguous_wide",
                       "formats"]

    /// These settings with the keys of `object` (at JSON path `path`) applied over them.
    func applying(_ members: [(String, ParsedJSON)], path: String) throws(GoldenError) -> GoldenSettings {
        var settings = self
        var parent: String?
        for (key, value) in members {
            let at = path.isEmpty ? key : path + "." + key
            func fail(_ expected: String) -> GoldenError {
                GoldenError("\(at): expected \(expected), got \(Self.describe(value))")
            }
            func string() throws(GoldenError) -> String {
                guard case .string(let text) = value else { throw fail("a string") }
                return text
            }
            func count(_ range: ClosedRange<Int>) throws(GoldenError) -> Int {
                guard case .int(let number) = value, range.contains(number) else {
                    throw fail("a whole number from \(range.lowerBound) to \(range.upperBound)")
                }
                return number
            }
            switch key {
            case "width": settings.width = try count(1 ... LayoutSnapshot.maximumWidth)
            case "height": settings.height = try count(1 ... LayoutSnapshot.maximumWidth)
            case "scroll_offset": settings.scrollOffset = try count(0 ... Int.max)
            case "scrolling":
                guard case .bool(let flag) = value else { throw fail("true or false") }
                settings.isScrolling = flag
            case "screen":
                switch try string() {
                case "list": settings.screen = .messageList
                case "threads": settings.screen = .threadList
                case "thread": settings.screen = .threadView(parentID: parent ?? "")
                default: throw fail("list, threads or thread")
                }
            case "parent": parent = try string()
            case "locale": settings.overrides.locale = try string()
            case "time_zone": settings.overrides.timeZone = try string()
            case "now":
                guard let now = Timestamp(rfc3339: try string()) else { throw fail("an RFC 3339 timestamp") }
                settings.overrides.now = now
            case "current_user": settings.overrides.currentUserID = try string()
            case "channel": settings.overrides.channel = try string()
            case "date_indicator":
                // `message-list` as the command line writes it, too.
                guard let placement = DateIndicatorPlacement(rawValue: Self.underscored(try string())) else {
                    throw fail("overlay, message_list or none")
                }
                settings.dateIndicator = placement
            case "grouping":
                guard case .bool(let flag) = value else { throw fail("true or false") }
                settings.grouping = flag
            case "max_group_interval":
                switch value {
                case .int(let seconds) where seconds >= 0: settings.maxGroupInterval = Double(seconds)
                case .double(let seconds) where seconds >= 0 && seconds.isFinite: settings.maxGroupInterval = seconds
                default: throw fail("0 or more seconds")
                }
            case "parent_presentation":
                guard let presentation = ThreadParentPresentation(rawValue: Self.underscored(try string())) else {
                    throw fail("info_header or first_message")
                }
                settings.parentPresentation = presentation
            case "ambiguous_wide":
                guard case .bool(let flag) = value else { throw fail("true or false") }
                settings.ambiguousIsWide = flag
            case "formats":
                guard case .array(let names) = value, !names.isEmpty else { throw fail("a list of text, svg and tree") }
                var formats: [GoldenFormat] = []
                for (index, name) in names.enumerated() {
                    guard case .string(let text) = name, let format = GoldenFormat(rawValue: text) else {
                        throw GoldenError("\(at)[\(index)]: expected text, svg or tree, got \(Self.describe(name))")
                    }
                    if !formats.contains(format) { formats.append(format) }
                }
                settings.formats = formats
            default:
                throw GoldenError("\(at): unknown key (known: \(Self.keys.joined(separator: ", ")))")
            }
        }
        // `parent` may come before or after `screen`, here or in the folder's settings.
        if let parent {
            guard case .threadView = settings.screen else {
                throw GoldenError("\(path.isEmpty ? "parent" : path + ".parent"): needs \"screen\": \"thread\"")
            }
            settings.screen = .threadView(parentID: parent)
        }
        return settings
    }

    /// The request drawing `document` as these settings say: its context and configuration
    /// overridden, within `sizeLimit`.
    func request(_ document: ScreenRequest.Document, sizeLimit: FileSizeLimit) -> ScreenRequest {
        var request = ScreenRequest(document: document, overrides: overrides, screen: screen, units: .cells(ambiguousIsWide: ambiguousIsWide),
                                    width: width, height: height, scrollOffset: scrollOffset, sizeLimit: sizeLimit)
        request.isScrolling = isScrolling
        return request
    }

    /// `text` with `-` written `_`: an enum value as the command line spells it
    /// (`message-list`), read as the document's (`message_list`).
    static func underscored(_ text: String) -> String {
        String(text.map { $0 == "-" ? "_" : $0 })
    }

    /// "the string 'x'", "the number 3", "an object": what a manifest gave, quoted plainly.
    static func describe(_ value: ParsedJSON) -> String {
        switch value {
        case .null: "null"
        case .bool(let flag): String(flag)
        case .int(let number): "the number \(number)"
        case .double(let number): "the number \(number)"
        case .string(let text): "the string '\(UntrustedText.neutralizeLine(UntrustedText.shortened(text)))'"
        case .array: "an array"
        case .object: "an object"
        }
    }
}
