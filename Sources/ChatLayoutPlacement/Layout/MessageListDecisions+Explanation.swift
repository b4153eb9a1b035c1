@_spi(ChatLayoutStages) import ChatLayoutModel
@_spi(ChatLayoutStages) import ChatLayoutDecisions

extension MessageListDecisions {
    /// `explain --format text`: the header (when it has a title or a subtitle), then one line
    /// per item with its reasons, for people. Message texts are cut to fit `width` cells with
    /// `measurer` and quoted with their quotes escaped; an id or a name that is not plain
    /// words is quoted too (``UntrustedText/lineField(_:)``), so that none passes for the fields
    /// after it. The lines are printed as they are, so every one is plain
    /// (``UntrustedText/plain(_:)``): an id cannot carry an escape sequence, and an override
    /// that a cut left open cannot turn the reasons around.
    public func explanationLines(width: Int, measurer: any TextMeasuring) -> [String] {
        explanationLines(width: width) { text, width in measurer.truncate(text, width: width) }
    }
}

extension ThreadViewDecisions {
    /// `explain --thread --format text`: the header, the parent's line when it stands above
    /// the replies (`info_header`), one line per row with its reasons as a channel's list
    /// explains it (``MessageListDecisions/explanationLines(width:measurer:)``), then how the
    /// parent is presented, whether the replies are counted, and where the view opens and why
    /// (``notes``). Resolve with `explain: true` for the reasons and the notes.
    public func explanationLines(width: Int, measurer: any TextMeasuring) -> [String] {
        explanationLines(width: width) { text, width in measurer.truncate(text, width: width) }
    }
}
