import ArgumentParser
import ChatLayoutGoldens
import ChatLayoutKit

/// The flags that shape a message list — date indicators and grouping — for the commands that
/// lay one out: `preview`, `explain` and `thread` (its replies are grouped and dated like a
/// channel). `threads` draws no message list, so it does not take them. They override the
/// document's `config`.
struct MessageListFlags: ParsableArguments {
    @Option(help: "Where dates show: overlay (over a viewport: needs --height), message-list, both (separators and the overlay, as Stream UIKit with both switches on) or none (message_list as documents write it, too).")
    var dateIndicator: DateIndicatorFlag?

    @Flag(help: "Do not group messages.")
    var noGrouping = false

    // Unconditional, so that "-5" is read as the value it is (and refused by `validate`), not
    // as a flag that leaves the option without one.
    @Option(parsing: .unconditional, help: "The longest gap within a group, in seconds (0 or more).")
    var maxGroupInterval: Double?

    enum DateIndicatorFlag: String, SpelledEnum {
        case overlay, messageList = "message-list", both, none

        var placement: DateIndicatorPlacement {
            switch self {
            case .overlay: return .overlay
            case .messageList: return .messageList
            case .none: return .none
            case .both: return .both
            }
        }
    }

    func validate() throws {
        if let maxGroupInterval, !(maxGroupInterval >= 0 && maxGroupInterval.isFinite) {
            let given = maxGroupInterval == maxGroupInterval.rounded() && abs(maxGroupInterval) < 1e15
                ? String(Int(maxGroupInterval)) : String(maxGroupInterval)
            throw ValidationError("--max-group-interval must be 0 or more seconds, got \(given)")
        }
    }

    /// `overrides` with these flags over the document's values.
    func overrides(_ overrides: ScreenRequest.Overrides = ScreenRequest.Overrides()) -> ScreenRequest.Overrides {
        var overrides = overrides
        if let dateIndicator { overrides.dateIndicator = dateIndicator.placement }
        if noGrouping { overrides.grouping = false }
        if let maxGroupInterval { overrides.maxGroupInterval = maxGroupInterval }
        return overrides
    }
}

/// `--[no-]history-loaded`, `--loading-older` and `--loading-newer`, for the commands that lay
/// out a channel's list (`preview`, `explain`); a thread knows from its reply count whether
/// every reply is loaded.
struct HistoryFlags: ParsableArguments {
    @Flag(inversion: .prefixedNo, help: ArgumentHelp(
        "Whether the document holds the channel's whole history (default: its message_list.history_loaded, else whether it has fewer messages than config.page_size).",
        discussion: "Only then does the oldest message get a date separator, and an unread state without a last read message mark the oldest message."))
    var historyLoaded: Bool?
    @Flag(help: "Draw the loading row above the oldest message, as while a page of older messages loads (message_list.loading_older).")
    var loadingOlder = false
    @Flag(help: "Draw the loading row under the newest message, as while a page of newer messages loads (message_list.loading_newer).")
    var loadingNewer = false

    /// Whether a flag of the channel's list is given.
    var isGiven: Bool { historyLoaded != nil || loadingOlder || loadingNewer }

    /// `conversation` with the flags applied over the document's values.
    func applied(to conversation: Conversation) -> Conversation {
        var conversation = conversation
        if let historyLoaded { conversation.historyLoaded = historyLoaded }
        if loadingOlder { conversation.isLoadingOlderMessages = true }
        if loadingNewer { conversation.isLoadingNewerMessages = true }
        return conversation
    }
}
