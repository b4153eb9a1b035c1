extension ChatStrings {
    /// What stands for a message without text, in words: "Poll", "Location" ("Live
    /// location"), else the kind of its first attachment (``ChatStrings/attachmentNames``:
    /// "image"; the type itself when the table has no word for it), which `isType` says. The
    /// one rule for a quote's label and a thread-list preview; nil without an attachment type.
    package func textlessName(hasPoll: Bool, location: SharedLocation?, firstAttachmentType: String?) -> (words: String, isType: Bool)? {
        if hasPoll { return (poll, false) }
        if let location { return (location.isLive ? liveLocation : self.location, false) }
        guard let type = firstAttachmentType else { return nil }
        return (attachmentNames[type] ?? type, true)
    }
}
