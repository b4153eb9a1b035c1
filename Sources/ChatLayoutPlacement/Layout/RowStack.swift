@_spi(ChatLayoutStages) import ChatLayoutModel
@_spi(ChatLayoutStages) import ChatLayoutDecisions
import ChatLayoutComposition

/// Where each row of a list stands: rows stacked top to bottom by one rule, for the message
/// list (laid out whole, in runs on all cores, a part at a time, or kept entry by entry by the
/// incremental list), the thread list and the thread view.
///
/// The rule: the first row stands `groupSpacing` below the top; a message stands
/// `messageSpacing` under a message of its group that does not end the group; every other row
/// stands `groupSpacing` under the row above it. Both spacings are taken as at least 0: rows
/// lie top to bottom without overlapping, which the viewport's binary searches rely on.
///
/// A stack also records, as the rows are placed, whether every row is a list state (empty,
/// loading, typing): such a list, shorter than its viewport, is centred in it.
struct RowStack: Sendable {
    /// What the rule reads of a row.
    struct Kind: Hashable, Sendable {
        /// A message row.
        var isMessage = false
        /// A message that ends its group: the message under it starts a new one.
        var endsGroup = false
        /// An empty, loading or typing row.
        var isState = false
        /// The row under this one stands as it would under the row above this one (the thread
        /// view's reply counter, between the parent and its first reply).
        var keepsSpacingBelow = false

        /// A row that is neither a message nor a state (a separator, a banner, a thread).
        static let other = Kind()

        /// A message row.
        static func message(endsGroup: Bool) -> Kind { Kind(isMessage: true, endsGroup: endsGroup) }

        /// The kind of a list item's row.
        init(_ item: MessageListItem) {
            switch item {
            case .message(let decision): self = .message(endsGroup: decision.isLastInGroup)
            case .typingIndicator, .emptyState, .loadingState: isState = true
            case .dateSeparator, .unreadSeparator, .loadingOlderIndicator, .loadingNewerIndicator: break
            }
        }

        /// The kind of a row of `role` that is not a message (the thread list's rows).
        init(role: BoxRole) {
            isState = role == .emptyState || role == .loadingState || role == .typingIndicator
        }

        init(isMessage: Bool = false, endsGroup: Bool = false, isState: Bool = false, keepsSpacingBelow: Bool = false) {
            self.isMessage = isMessage
            self.endsGroup = endsGroup
            self.isState = isState
            self.keepsSpacingBelow = keepsSpacingBelow
        }
    }

    let messageSpacing: Int
    let groupSpacing: Int
    /// The bottom of the last row placed (the top while there is none).
    private(set) var bottom: Int
    /// How many rows were placed.
    private(set) var count = 0
    /// Whether every row placed is a list state (true while there is none).
    private(set) var onlyStates = true
    /// The row whose kind the next row's space reads; nil at the top of the list.
    private var above: Kind?

    /// An empty stack whose first row goes under `top`: `groupSpacing` below it when `above`
    /// is nil (the top of a list), else as under a row of kind `above` ending at `top` (a run
    /// or a part of a longer list, an entry of the incremental list).
    init(metrics: Metrics, top: Int = 0, below above: Kind? = nil) {
        messageSpacing = max(0, metrics.messageSpacing)
        groupSpacing = max(0, metrics.groupSpacing)
        bottom = top
        self.above = above
    }

    /// The space above the next row, of `kind`.
    func spacing(above kind: Kind) -> Int {
        guard let above else { return groupSpacing }
        return kind.isMessage && above.isMessage && !above.endsGroup ? messageSpacing : groupSpacing
    }

    /// Where the next row, of `kind`, stands: what a row is written at before ``place(_:height:)``.
    func top(ofNext kind: Kind) -> Int { bottom + spacing(above: kind) }

    /// Places the next row, of `kind`, `height` tall, at ``top(ofNext:)``. Returns its top.
    @discardableResult
    mutating func place(_ kind: Kind, height: Int) -> Int {
        let top = top(ofNext: kind)
        bottom = top + height
        count += 1
        if !kind.keepsSpacingBelow { above = kind }
        if !kind.isState { onlyStates = false }
        return top
    }

    /// The list's height: the bottom of its last row; without rows, nothing (an empty channel
    /// that shows no placeholder is a list of no height, as the incremental list's).
    var height: Int { bottom }
}

extension RowStack {
    /// Places the rows of `run` under this stack's last row: `run` was stacked from y = 0
    /// under a row of this stack's last kind (``init(metrics:top:below:)``).
    mutating func append(_ run: RowStack) {
        bottom += run.bottom
        count += run.count
        onlyStates = onlyStates && run.onlyStates
        if run.count > 0 { above = run.above }
    }
}
