@_spi(ChatLayoutStages) import ChatLayoutModel

/// What a message's poll says besides its question and options (issue 29, point 4), by Stream's
/// rules (`PollAttachmentView`): its subtitle and its buttons, in words. Decided here, where
/// the current user and the locale's plural rules are known; composition makes the card's
/// parts from it.
public struct PollDecision: Hashable, Sendable, Codable {
    /// A button under a poll's options.
    public struct Button: Hashable, Sendable, Codable {
        /// What a button does; its raw value is the action's value a front end receives.
        public enum Kind: String, Hashable, Sendable, Codable, CaseIterable {
            /// "See 2 More Options": the options past ``PollDecision/visibleOptionLimit``.
            case allOptions = "all_options"
            /// "Suggest an Option": the poll lets users add options.
            case suggestOption = "suggest_option"
            /// "Add Comment": the poll takes comments and the current user has none yet
            /// (any user, in an anonymous poll).
            case addComment = "add_comment"
            /// "View 3 Comments": the poll has comments.
            case viewComments = "view_comments"
            /// "View Results": always.
            case viewResults = "view_results"
            /// "End Vote": the current user created the poll.
            case endVote = "end_vote"
        }

        /// What it does.
        public var kind: Kind
        /// Its words.
        public var text: String

        /// A button.
        public init(kind: Kind, text: String) {
            self.kind = kind
            self.text = text
        }
    }

    /// The most options a poll's card shows (Stream's `maxNumberOfVisibleOptions`).
    public static let visibleOptionLimit = 10

    /// "Vote ended" once closed; else "Select one" (`enforce_unique_vote`), "Select up to 2"
    /// (`max_votes_allowed`, at most the number of options), or "Select one or more".
    public var subtitle: String
    /// The buttons, in Stream's order: all options, suggest, add comment, view comments,
    /// results, end vote. A closed poll has only its results and, past the limit, all options.
    public var buttons: [Button]

    /// A poll's decision.
    public init(subtitle: String, buttons: [Button]) {
        self.subtitle = subtitle
        self.buttons = buttons
    }

    /// The decision on `poll` for the current user `currentUserID`, in `strings` and the
    /// formatter's plural rules and digits.
    public init(_ poll: Poll, currentUserID: String?, strings: ChatStrings, formatter: any LocaleFormatting) {
        if poll.isClosed {
            subtitle = strings.pollVoteEnded
        } else if poll.enforceUniqueVote {
            subtitle = strings.pollSelectOne
        } else if let most = poll.maxVotesAllowed, most > 0 {
            let limit = min(most, poll.options.count)
            subtitle = strings.pollSelectUpTo.text(limit, using: formatter)
        } else {
            subtitle = strings.pollSelectOneOrMore
        }
        var buttons: [Button] = []
        let hidden = poll.options.count - Self.visibleOptionLimit
        if hidden > 0 { buttons.append(Button(kind: .allOptions, text: strings.pollAllOptions.text(hidden, using: formatter))) }
        if !poll.isClosed {
            if poll.allowsUserSuggestedOptions { buttons.append(Button(kind: .suggestOption, text: strings.pollSuggestOption)) }
            let commented = poll.latestAnswerUserIDs.contains { Identifier.same($0, currentUserID) }
            if poll.allowsAnswers && (poll.votingVisibility == .anonymous || !commented) {
                buttons.append(Button(kind: .addComment, text: strings.pollAddComment))
            }
            if poll.answersCount > 0 {
                buttons.append(Button(kind: .viewComments, text: strings.pollViewComments.text(poll.answersCount, using: formatter)))
            }
        }
        buttons.append(Button(kind: .viewResults, text: strings.pollViewResults))
        if !poll.isClosed, let creator = poll.createdByID, Identifier.same(creator, currentUserID) {
            buttons.append(Button(kind: .endVote, text: strings.pollEndVote))
        }
        self.buttons = buttons
    }
}
