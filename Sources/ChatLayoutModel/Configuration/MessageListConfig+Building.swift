extension MessageListConfig {
    /// Stream's defaults with `changes` applied: name only what differs, in any order, no
    /// positional initialiser to count through.
    ///
    /// ```swift
    /// let config = MessageListConfig {
    ///     $0.groupingRule = .sameMinute
    ///     $0.dateIndicatorPlacement = .messageList
    ///     $0.displayOptions.showAvatars = false
    /// }
    /// ```
    public init(_ changes: (inout MessageListConfig) -> Void) {
        self.init()
        changes(&self)
    }

    /// A copy with `changes` applied: `config.with { $0.pageSize = 25 }`.
    public func with(_ changes: (inout MessageListConfig) -> Void) -> MessageListConfig {
        var copy = self
        changes(&copy)
        return copy
    }
}
