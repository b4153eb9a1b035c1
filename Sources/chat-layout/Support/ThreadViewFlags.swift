import ArgumentParser
import ChatLayoutGoldens
import ChatLayoutKit

/// The thread view's flags, for `thread` and `explain --thread`: how the parent is presented
/// and where the view opens. They override the document's `config`.
struct ThreadViewFlags: ParsableArguments {
    /// `parent_presentation`, spelled as in the document.
    enum PresentationFlag: String, SpelledEnum {
        case infoHeader = "info_header", firstMessage = "first_message"

        var presentation: ThreadParentPresentation {
            switch self {
            case .infoHeader: return .infoHeader
            case .firstMessage: return .firstMessage
            }
        }
    }

    @Option(help: "info_header (the parent above the replies) or first_message (the parent as the first message); info-header and first-message too.")
    var parentPresentation: PresentationFlag?
    @Option(help: "Where a viewport opens: none or max (the bottom), 0 (the top), or an RFC 3339 timestamp.")
    var startingPoint: String?

    /// Whether either flag is given.
    var isGiven: Bool { parentPresentation != nil || startingPoint != nil }

    func validate() throws {
        if let startingPoint, Self.startingPoint(startingPoint) == nil {
            throw ValidationError("--starting-point must be none, max, 0 or an RFC 3339 timestamp, got '\(UntrustedText.shortened(startingPoint))'")
        }
    }

    /// `none`/`max` → the bottom, `0` → the top, an RFC 3339 timestamp; as the document's
    /// `starting_point`.
    static func startingPoint(_ text: String) -> ThreadStartingPoint? {
        ScreenRequest.Overrides.startingPoint(text)
    }

    /// `overrides` with these flags over the document's values.
    func overrides(_ overrides: ScreenRequest.Overrides) -> ScreenRequest.Overrides {
        var overrides = overrides
        if let parentPresentation { overrides.parentPresentation = parentPresentation.presentation }
        if let startingPoint { overrides.startingPoint = Self.startingPoint(startingPoint) }
        return overrides
    }
}
