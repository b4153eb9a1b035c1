@_spi(ChatLayoutStages) import ChatLayoutModel
import ChatLayoutDecisions

/// The cards of a message's attachments (issue 29, points 3 and 4), as Stream's UIKit draws
/// them: a link preview's card under the text, a card per file and per voice recording, an
/// ephemeral giphy's buttons under it. Composition chooses the parts and their words; the row
/// layout places them.
extension MessageComposer {
    /// Whether a message's attachments let a link preview show: Stream shows the first one
    /// only when the message has no image, video, giphy, file or recording (its attachment
    /// view catalog picks the gallery, giphy, file or recording view before the link's).
    static func showsLinkPreview(_ attachments: [Attachment]) -> Bool {
        !attachments.contains { attachment in
            switch AttachmentKind(type: attachment.type) {
            case .image, .video, .giphy, .file, .audio, .voiceRecording: true
            default: false
            }
        }
    }

    /// A link preview's card: its picture (`thumb_url`, else its image), its author badge, its
    /// title and its description, those it has.
    func linkPreviewCard(_ attachment: Attachment, index: Int) -> CardSpec {
        var parts: [CardSpec.Part] = []
        let picture = attachment.thumbURL ?? attachment.imageURL ?? attachment.assetURL
        if let picture { parts.append(CardSpec.Part(text: nil, content: AttachmentCardPart(kind: .image, attachmentIndex: index, imageURL: picture))) }
        if let author = attachment.author { parts.append(CardSpec.Part(text: author, content: AttachmentCardPart(kind: .author, attachmentIndex: index))) }
        if let title = attachment.title { parts.append(CardSpec.Part(text: title, content: AttachmentCardPart(kind: .title, attachmentIndex: index))) }
        if let text = attachment.text {
            parts.append(CardSpec.Part(text: text, content: AttachmentCardPart(kind: .description, attachmentIndex: index)))
        }
        return CardSpec(kind: .linkPreview, parts: parts)
    }

    /// A file's card: its type icon, its name (its title, else its file's name, else its kind
    /// in words) and its size in words, when it has one and `showsSize` ("120 bytes",
    /// ``fileSizeWords(_:)``); then `button` (``downloadButton(_:)``), when given.
    func fileCard(_ attachment: Attachment, label: String, index: Int, showsSize: Bool = true,
                  button: AttachmentCardPart.Kind? = nil) -> CardSpec {
        var parts = [CardSpec.Part(text: nil, content: AttachmentCardPart(kind: .fileIcon, attachmentIndex: index, fileType: Self.fileType(attachment))),
                     CardSpec.Part(text: label, content: AttachmentCardPart(kind: .fileName, attachmentIndex: index))]
        if showsSize, let bytes = attachment.fileSize {
            parts.append(CardSpec.Part(text: Self.fileSizeWords(bytes), content: AttachmentCardPart(kind: .fileSize, attachmentIndex: index, bytes: bytes)))
        }
        if let button { parts.append(CardSpec.Part(text: nil, content: AttachmentCardPart(kind: button, attachmentIndex: index))) }
        return CardSpec(kind: .file, parts: parts)
    }

    /// The button a file's card ends in with `download_file_attachments_enabled`, as Stream
    /// UIKit's file item picks its action icon (`fileAttachmentActionIcon`): none for a file
    /// without a size (0 or unknown), a share button once it is downloaded, none while it
    /// downloads (UIKit's spinner, not laid out, stands by the size), else a download button
    /// (not downloaded, or the download failed).
    static func downloadButton(_ attachment: Attachment) -> AttachmentCardPart.Kind? {
        guard let bytes = attachment.fileSize, bytes > 0 else { return nil }
        switch attachment.localDownloadState {
        case nil, .downloadingFailed: return .downloadButton
        case .downloaded: return .shareButton
        case .downloading: return nil
        }
    }

    /// Whether a message's attachments are still being uploaded, so that their cards show the
    /// upload's state, not a download button (UIKit: an attachment with an upload state gets
    /// the upload's icon): a message waiting to be sent, being sent or whose sending failed.
    static func isBeingSent(_ state: LocalState?) -> Bool {
        switch state {
        case .pendingSend, .sending, .sendingFailed: true
        default: false
        }
    }

    /// A voice recording's card: its play button, its name, its duration ("00:05",
    /// ``durationWords(_:)``), its waveform and its trailing file icon (where Stream's
    /// playback-rate button shows while it plays).
    func voiceRecordingCard(_ attachment: Attachment, label: String, index: Int) -> CardSpec {
        var parts = [CardSpec.Part(text: nil, content: AttachmentCardPart(kind: .playButton, attachmentIndex: index)),
                     CardSpec.Part(text: label, content: AttachmentCardPart(kind: .fileName, attachmentIndex: index))]
        parts.append(CardSpec.Part(text: Self.durationWords(attachment.duration ?? 0),
                                   content: AttachmentCardPart(kind: .duration, attachmentIndex: index, seconds: attachment.duration)))
        parts.append(CardSpec.Part(text: nil, content: AttachmentCardPart(kind: .waveform, attachmentIndex: index,
                                                                          sampleCount: attachment.waveformSampleCount)))
        // Stream's icon is the "aac" file's, whatever the recording's name says.
        let type = Self.fileType(attachment)
        parts.append(CardSpec.Part(text: nil, content: AttachmentCardPart(kind: .recordingIcon, attachmentIndex: index,
                                                                          fileType: type == attachment.type ? "aac" : type)))
        return CardSpec(kind: .voiceRecording, parts: parts)
    }

    /// Sendbird's file cell (`SBUCommonContentView`): its type icon and its name, no size.
    func fileMessageCard(_ attachment: Attachment, label: String, index: Int) -> CardSpec {
        CardSpec(kind: .fileMessage, parts: [
            CardSpec.Part(text: nil, content: AttachmentCardPart(kind: .fileIcon, attachmentIndex: index, fileType: Self.fileType(attachment))),
            CardSpec.Part(text: label, content: AttachmentCardPart(kind: .fileName, attachmentIndex: index)),
        ])
    }

    /// Sendbird's voice message (`SBUVoiceContentView`): its play button and its time ("00:05").
    func voiceMessageCard(_ attachment: Attachment, index: Int) -> CardSpec {
        CardSpec(kind: .voiceMessage, parts: [
            CardSpec.Part(text: nil, content: AttachmentCardPart(kind: .playButton, attachmentIndex: index)),
            CardSpec.Part(text: Self.durationWords(attachment.duration ?? 0),
                          content: AttachmentCardPart(kind: .duration, attachmentIndex: index, seconds: attachment.duration)),
        ])
    }

    /// A quoted voice recording's card (Stream UIKit's `VoiceRecordingAttachmentQuotedPreview`):
    /// its name — Stream's formatter writes "Recording" whatever the file is called
    /// (``ChatStrings/voiceRecordingName``) — over its duration ("00:59"), and the file icon
    /// ("aac") at the trailing edge.
    func quotedVoiceRecordingCard(_ attachment: Attachment, index: Int) -> CardSpec {
        CardSpec(kind: .quotedVoiceRecording, parts: [
            CardSpec.Part(text: strings.voiceRecordingName, content: AttachmentCardPart(kind: .fileName, attachmentIndex: index)),
            CardSpec.Part(text: Self.durationWords(attachment.duration ?? 0),
                          content: AttachmentCardPart(kind: .duration, attachmentIndex: index, seconds: attachment.duration)),
            CardSpec.Part(text: nil, content: AttachmentCardPart(kind: .recordingIcon, attachmentIndex: index, fileType: "aac")),
        ])
    }

    /// An ephemeral giphy's card: the picture, square, then one button per action, in the
    /// payload's order ("Send", "Shuffle", "Cancel").
    func giphyActionsCard(_ attachment: Attachment, index: Int) -> CardSpec {
        var parts = [CardSpec.Part(text: nil, content: AttachmentCardPart(kind: .image, attachmentIndex: index,
                                                                          imageURL: attachment.thumbURL ?? attachment.previewURL))]
        for action in attachment.actions {
            parts.append(CardSpec.Part(text: action.text, content: AttachmentCardPart(kind: .action, attachmentIndex: index, action: action)))
        }
        return CardSpec(kind: .giphyActions, parts: parts)
    }

    /// A poll's card (Stream's `PollAttachmentView`): the question, the subtitle, then each of
    /// its first ten options — its check circle (checked where the current user voted; none
    /// once closed), its text, its latest voters' avatars (at most two; none in an anonymous
    /// poll), its vote count and its progress bar — then its buttons, in the decision's order
    /// and words. Without a decision (`decision` nil) Stream's defaults: "Vote ended" or
    /// "Select one or more", and "View Results". The poll's attachment index is -1 (a poll is
    /// the message's `poll`, not one of its attachments).
    func pollCard(_ poll: Poll, decision: PollDecision? = nil) -> CardSpec {
        let decision = decision ?? PollDecision(subtitle: poll.isClosed ? strings.pollVoteEnded : strings.pollSelectOneOrMore,
                                                buttons: [PollDecision.Button(kind: .viewResults, text: strings.pollViewResults)])
        let maxVotes = poll.options.map(\.voteCount).max() ?? 0
        var parts = [CardSpec.Part(text: poll.question, content: AttachmentCardPart(kind: .pollQuestion, attachmentIndex: -1)),
                     CardSpec.Part(text: decision.subtitle, content: AttachmentCardPart(kind: .pollSubtitle, attachmentIndex: -1))]
        for (index, option) in poll.options.prefix(PollDecision.visibleOptionLimit).enumerated() {
            func part(_ kind: AttachmentCardPart.Kind, _ text: String?, isChosen: Bool? = nil, voters: [Poll.Voter]? = nil) -> CardSpec.Part {
                CardSpec.Part(text: text, content: AttachmentCardPart(kind: kind, attachmentIndex: -1, optionIndex: index, votes: option.voteCount,
                                                                      maxVotes: maxVotes, isChosen: isChosen, voters: voters))
            }
            if !poll.isClosed { parts.append(part(.pollCheck, nil, isChosen: poll.isOwnVote(option))) }
            parts.append(part(.pollOption, option.text))
            let voters = Array(option.latestVoters.prefix(Self.pollVoterLimit))
            if poll.votingVisibility != .anonymous && !voters.isEmpty { parts.append(part(.pollVoters, nil, voters: voters)) }
            parts += [part(.pollVotes, strings.count(option.voteCount)), part(.pollProgress, nil)]
        }
        for button in decision.buttons {
            parts.append(CardSpec.Part(text: button.text, content: AttachmentCardPart(
                kind: .action, attachmentIndex: -1, action: AttachmentAction(name: "poll", value: button.kind.rawValue, text: button.text))))
        }
        return CardSpec(kind: .poll, parts: parts)
    }

    /// The most voters' avatars an option shows (Stream's `StackedUserAvatarsView`).
    static let pollVoterLimit = 2

    /// The type a file's icon shows: its name's extension ("pdf"), lowercased, else the
    /// attachment's type.
    static func fileType(_ attachment: Attachment) -> String {
        for name in [attachment.fileName, attachment.title] {
            guard let name, let dot = name.lastIndex(of: "."), name.index(after: dot) < name.endIndex else { continue }
            let suffix = name[name.index(after: dot)...]
            if suffix.count <= 8 && suffix.allSatisfy({ $0.isLetter || $0.isNumber }) { return suffix.lowercased() }
        }
        return attachment.type
    }

    /// A size in bytes in words, as Apple's `ByteCountFormatter` (file style, Stream's file
    /// size label) writes it in English, without a locale: "Zero KB", "1 byte", "120 bytes",
    /// then powers of 1000 — "4 KB" (no decimals), "1.5 MB" (one), "1.25 GB" (two, and
    /// above) — rounded half up, trailing zeros dropped.
    package static func fileSizeWords(_ bytes: Int) -> String {
        if bytes <= 0 { return "Zero KB" }
        if bytes == 1 { return "1 byte" }
        if bytes < 1000 { return "\(bytes) bytes" }
        let units = ["KB", "MB", "GB", "TB", "PB", "EB"]
        var unit = 0
        var scale = 1000
        // The unit whose rounded value stays below 1000.
        while unit < units.count - 1 {
            let decimals = unit == 0 ? 0 : unit == 1 ? 1 : 2
            let rounded = roundedHalfUp(bytes, scale: scale, decimals: decimals)
            if rounded.whole < 1000 { break }
            unit += 1
            scale = scale.multipliedReportingOverflow(by: 1000).overflow ? Int.max : scale * 1000
        }
        let decimals = unit == 0 ? 0 : unit == 1 ? 1 : 2
        let rounded = roundedHalfUp(bytes, scale: scale, decimals: decimals)
        var fraction = rounded.fraction > 0 ? String(rounded.fraction) : ""
        if !fraction.isEmpty {
            fraction = String(repeating: "0", count: decimals - fraction.count) + fraction
            while fraction.hasSuffix("0") { fraction.removeLast() }
        }
        return fraction.isEmpty ? "\(rounded.whole) \(units[unit])" : "\(rounded.whole).\(fraction) \(units[unit])"
    }

    /// `bytes / scale` rounded half up to `decimals` places: its whole part and its fraction
    /// in units of 10^-decimals.
    private static func roundedHalfUp(_ bytes: Int, scale: Int, decimals: Int) -> (whole: Int, fraction: Int) {
        let step = decimals == 0 ? 1 : decimals == 1 ? 10 : 100
        let unit = max(1, scale / step)
        let steps = bytes / unit + (bytes % unit >= (unit + 1) / 2 ? 1 : 0)
        return (steps / step, steps % step)
    }

    /// A length in seconds as Stream's duration label writes it (minutes and seconds,
    /// positional, both padded to two digits): "00:05", "01:05", "61:40"; whole seconds,
    /// rounded down.
    package static func durationWords(_ seconds: Double) -> String {
        let whole = seconds.isFinite && seconds > 0 ? Int(min(seconds, 359_999_999)) : 0
        let minutes = whole / 60, rest = whole % 60
        return (minutes < 10 ? "0" : "") + "\(minutes):" + (rest < 10 ? "0" : "") + "\(rest)"
    }
}
