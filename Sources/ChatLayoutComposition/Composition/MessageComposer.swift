@_spi(ChatLayoutStages) import ChatLayoutModel
@_spi(ChatLayoutStages) import ChatLayoutDecisions

/// Composition: turns a message's decisions into the parts its row is made of
/// (``MessageRowSpec``) — which parts show, every word they say and every limit on them,
/// their texts neutralised — so that the row layout only measures and places them
/// (`decisions → compose → row specs → layout → boxes`). Where the parts go is the
/// ``anatomy``'s.
package struct MessageComposer {
    /// The words the parts say.
    package var strings: ChatStrings
    /// Which part goes where.
    package var anatomy: MessageAnatomy = .standard

    package init(strings: ChatStrings, anatomy: MessageAnatomy = .standard) {
        self.strings = strings
        self.anatomy = anatomy
    }

    /// The most participants a thread info names (Stream's `ChatMessageThreadInfoView`).
    static let threadParticipantLimit = 3

    /// The parts of a message's row, as its options and data say.
    package func compose(_ decision: MessageDecision) -> MessageRowSpec {
        var spec = MessageRowSpec(id: decision.message.id)
        var made = UnrememberedParts() // nothing kept, nothing to let go each row
        compose(decision, authors: &made, into: &spec)
        return spec
    }

    /// The same, the author's avatar and name taken from `authors` when it has them (an
    /// incremental list's rows, laid out one at a time, are mostly a few people's).
    package func compose(_ decision: MessageDecision, authors: inout AuthorMemo) -> MessageRowSpec {
        var spec = MessageRowSpec(id: decision.message.id)
        compose(decision, authors: &authors, into: &spec)
        return spec
    }

    /// The same, into `spec`: a row made as `MessageRowSpec(id:)` makes it, the message's id.
    @inline(__always) private func compose<Parts: AuthorParts>(_ decision: MessageDecision, authors: inout Parts, into spec: inout MessageRowSpec) {
        let options = decision.options
        let message = decision.message
        if options.contains(.centered) {
            spec.centeredText = decision.text
            return
        }
        spec.isFlipped = options.contains(.flipped)
        // Others' avatar column is on the leading side; the current user's
        // (`show_outgoing_message_avatar`), on the trailing side.
        spec.keepsAvatarColumn = !options.isDisjoint(with: [.avatar, .avatarSizePadding])
        if options.contains(.bubble) {
            spec.bubble = BubbleSpec(isFromCurrentUser: decision.isFromCurrentUser, hasTail: !options.contains(.continuousBubble))
        }
        if options.contains(.reactions) {
            // As ``reactions(_:)`` makes them, the words kept for the same reactions next.
            let counts = decision.reactions
            spec.reactions = DataPartSpec(content: .reactions(counts), words: authors.reactionWords(counts, strings: strings))
        }
        if let annotations = decision.annotations {
            spec.annotations = annotations.map { TextPartSpec(text: $0.line, content: .annotation($0)) }
        }
        spec.groupHeader = decision.groupHeader
        composeContent(decision, into: &spec)
        if options.contains(.errorIndicator) { spec.errorGlyph = DataPartSpec(content: .error, words: strings.errorGlyph) }
        if !options.isDisjoint(with: [.avatar, .authorName]) {
            // The author as the message shares it: one reference, not a copy of its fields.
            let user = message.sharedUser
            if options.contains(.avatar) { spec.avatar = authors.avatar(of: user) }
            if options.contains(.authorName) { spec.footnote.author = authors.name(of: user) }
        }
        if options.contains(.threadInfo), let label = decision.threadInfoText {
            let content = ThreadInfoContent(replyCount: message.isThreadRoot ? message.threadReplyCount : nil, label: label,
                                            participants: Array(decision.threadParticipantNames.prefix(Self.threadParticipantLimit)))
            spec.threadInfo = TextPartSpec(text: PlainPresentation.threadInfo(content, separator: strings.listSeparator),
                                           content: .threadInfo(content))
            // Not `.map(avatar)`: the method as a closure copies the composer.
            if let last = message.threadParticipants.last { spec.threadInfoAvatar = avatar(last) }
        }
        if options.contains(.onlyVisibleToYouIndicator) { spec.footnote.onlyVisibleToYou = strings.onlyVisibleToYou }
        if options.contains(.timestamp) { spec.footnote.time = decision.timeText }
        if decision.showsEditedLabel {
            // Sendbird appends its word to the text (`SBUUserMessageTextViewModel.addEditedStateIfNeeded`):
            // " (edited)", in the text's font; Stream writes "Edited" in the footnote.
            if anatomy.inBubble.contains(.edited) {
                if spec.text != nil { spec.editedInText = strings.editedInText }
            } else {
                spec.footnote.edited = strings.edited
            }
        }
        if let status = decision.deliveryStatus {
            // In a group channel a read status says how many read it ("2 ✓✓").
            if status == .read, let count = decision.readCount {
                let content = BoxContent.deliveryStatusRead(readCount: count)
                spec.footnote.deliveryStatus = DataPartSpec(content: content, words: PlainPresentation().line(.deliveryStatus, text: nil, content: content, strings: strings))
            } else {
                spec.footnote.deliveryStatus = DataPartSpec(content: .deliveryStatus(status), words: strings.deliveryWords[status] ?? "")
            }
        }
    }

    /// The bubble's content of a message (the quote, poll, location, attachments, text and
    /// translation its options and data show), into `spec`. A translation stands under the
    /// text where `inBubble` (the anatomy's) has a place for it; else the text is shown in
    /// translation and the footnote says so.
    func composeContent(_ decision: MessageDecision, into spec: inout MessageRowSpec, inBubble: [MessageAnatomy.ContentPart]? = nil) {
        let options = decision.options
        let message = decision.message
        if options.contains(.quotedMessage), let quoted = message.quotedMessage {
            spec.quote = quote(quoted)
            // Stream puts the avatar of a quote of the current user's at the trailing side, in
            // every bubble (the decision knows whose the quoted message is).
            spec.quote?.avatarAtTrailingSide = decision.quotesCurrentUser
                ?? (decision.isFromCurrentUser && Identifier.same(quoted.user.id, message.user.id))
        }
        // A deleted message keeps none of its content.
        if !message.isDeleted {
            if let poll = message.poll { spec.poll = self.poll(poll, decision: decision.poll) }
            if let location = message.sharedLocation { spec.location = self.location(location) }
            if !message.attachments.isEmpty {
                composeAttachments(message.attachments, isBeingSent: Self.isBeingSent(message.localState), into: &spec)
            }
        }
        if options.contains(.text) {
            spec.text = decision.text
            spec.textIsJumbomoji = decision.isJumbomoji == true
            spec.richText = decision.richText
        }
        guard options.contains(.translation), let translation = decision.translation else { return }
        // The decision parsed the translation where this anatomy shows it instead of the text.
        let parsedTranslation = !anatomy.inBubble.contains(.translation)
        if (inBubble ?? anatomy.inBubble).contains(.translation) {
            spec.translation = translation
            if parsedTranslation { spec.richText = nil }
        } else {
            if !parsedTranslation { spec.richText = nil }
            // Stream's: the text in translation, the footnote saying so.
            if options.contains(.text) {
                spec.text = translation
                spec.textIsJumbomoji = false
            }
            if let label = decision.translationLabel {
                spec.footnote.translation = TextPartSpec(text: label, content: decision.translationLanguage.map { .translatedTo(language: $0) })
            }
        }
    }

    /// The reactions above a bubble, as data and in words ("❤️ 2 😂 1").
    func reactions(_ reactions: [ReactionCount]) -> DataPartSpec {
        DataPartSpec(content: .reactions(reactions), words: PlainPresentation.reactions(reactions, strings: strings))
    }

    /// A quoted message: "author: text". Without text: its content in words (`ChatStrings.textlessName`);
    /// deleted: "Message deleted". Name and text neutralised apart: an override left open in
    /// the name must not turn the text around.
    ///
    /// A quoted voice recording (``quotedVoiceRecording(_:)``) takes the place of the thumbnail
    /// and of the text, as in Stream UIKit, whose quote then shows the recording's card
    /// ("Recording" over "00:59") and sets its text view empty: the words are the card's.
    func quote(_ quoted: QuotedMessage) -> QuoteSpec {
        let recording = quoted.isDeleted ? nil : Self.quotedVoiceRecording(quoted.attachments)
        let name = quoted.isDeleted || !quoted.text.isEmpty || recording != nil ? nil
            : strings.textlessName(hasPoll: quoted.hasPoll, location: quoted.sharedLocation,
                                   firstAttachmentType: quoted.attachments.first?.type ?? "message")
        let recordingWords = recording.map { "\(strings.voiceRecordingName) \(Self.durationWords($0.duration ?? 0))" }
        let label = quoted.isDeleted ? strings.messageDeleted : recordingWords ?? name?.words ?? quoted.text
        let author = quoted.user.neutralDisplayName.string
        let data = QuotedContent(id: quoted.id, author: author, text: label, isDeleted: quoted.isDeleted,
                                 attachment: quoted.attachments.first.map(AttachmentContent.init),
                                 namesAttachmentType: name?.isType ?? false)
        var spec = QuoteSpec(line: "\(author): \(label)", content: .quotedMessage(data), avatar: avatar(quoted.user))
        if let recording, let index = quoted.attachments.firstIndex(of: recording) {
            spec.recording = quotedVoiceRecordingCard(recording, index: index)
            spec.recordingAttachment = AttachmentContent(recording)
        } else if !quoted.isDeleted {
            spec.preview = Self.quotePreview(quoted.attachments)
        }
        return spec
    }

    /// The voice recording a quote shows as a card, as Stream UIKit's `QuotedChatMessageView`
    /// picks it (`setAttachmentPreview`): the first voice recording, when the quoted message
    /// has no file, image, link preview, giphy or video (those come first, as thumbnails).
    static func quotedVoiceRecording(_ attachments: [Attachment]) -> Attachment? {
        let thumbnailed: Set<AttachmentKind> = [.file, .image, .linkPreview, .giphy, .video]
        guard !attachments.contains(where: { thumbnailed.contains(AttachmentKind(type: $0.type)) }) else { return nil }
        return attachments.first { AttachmentKind(type: $0.type) == .voiceRecording }
    }

    /// The attachment a quote shows as a thumbnail, as Stream's `QuotedChatMessageView` picks
    /// it: the first file, else image, link preview, giphy, video — each with its picture's URL
    /// (a file's is its type's icon, the front end's); else any other but a voice recording (an
    /// icon of its kind). A voice recording has a player of its own, not a thumbnail.
    static func quotePreview(_ attachments: [Attachment]) -> AttachmentContent? {
        let kinds: [AttachmentKind] = [.file, .image, .linkPreview, .giphy, .video]
        let first = kinds.lazy.compactMap { kind in attachments.first { AttachmentKind(type: $0.type) == kind } }.first
            ?? attachments.first { AttachmentKind(type: $0.type) != .voiceRecording }
        guard let attachment = first else { return nil }
        var content = AttachmentContent(attachment)
        switch content.kind {
        case .linkPreview: content.imageURL = attachment.thumbURL ?? attachment.imageURL ?? attachment.assetURL
        case .image, .giphy, .video: content.imageURL = attachment.previewURL
        default: break
        }
        return content
    }

    /// A poll: its question and options (neutral since the model made them), its card with the
    /// decision's subtitle and buttons.
    func poll(_ poll: Poll, decision: PollDecision? = nil) -> PollSpec {
        let question = AttachmentContent(kind: .poll, type: "poll", title: poll.question, poll: poll)
        return PollSpec(question: TextPartSpec(text: poll.question, content: .attachment(question)), options: poll.options,
                        card: pollCard(poll, decision: decision))
    }

    /// A shared location: "Location", or "Live location" while it is shared live.
    func location(_ location: SharedLocation) -> TextPartSpec {
        let words = location.isLive ? strings.liveLocation : strings.location
        return TextPartSpec(text: words, content: .attachment(AttachmentContent(kind: .location, type: "location", title: words, location: location)))
    }

    /// The most tiles a gallery shows (Stream's `ChatMessageGalleryView`): more media are
    /// counted over the last ("+2").
    static let galleryTileLimit = 4

    /// A message's attachments: its images and videos as one gallery, unless it has only one
    /// and that one has its size (drawn alone at its aspect ratio); the others one part each,
    /// a giphy without its size in the default frame. `isBeingSent`: the message's attachments
    /// are still being uploaded (``isBeingSent(_:)``), so their cards have no download button.
    func composeAttachments(_ attachments: [Attachment], isBeingSent: Bool = false, into spec: inout MessageRowSpec) {
        // Stream's gallery lists the videos, then the images.
        var videos: [Int] = [], images: [Int] = []
        for index in attachments.indices {
            switch AttachmentKind(type: attachments[index].type) {
            case .video: videos.append(index)
            case .image: images.append(index)
            default: break
            }
        }
        let media = videos + images
        let hasGallery = media.count > 1 || (media.count == 1 && attachments[media[0]].originalSize == nil)
        if hasGallery { spec.gallery = gallery(attachments, media: media) }
        var others: [AttachmentSpec] = []
        others.reserveCapacity(attachments.count - (hasGallery ? media.count : 0))
        let showsLinkPreview = Self.showsLinkPreview(attachments)
        for (index, attachment) in attachments.enumerated() {
            var content = AttachmentContent(attachment)
            if hasGallery && content.kind.isGalleryMedia { continue }
            // A link preview is a card under the text, the first only, and only where Stream shows one.
            if content.kind == .linkPreview {
                if showsLinkPreview && spec.linkPreview == nil {
                    content.imageURL = attachment.thumbURL ?? attachment.imageURL ?? attachment.assetURL
                    var link = self.attachment(content)
                    link.card = linkPreviewCard(attachment, index: index)
                    spec.linkPreview = link
                }
                continue
            }
            if content.kind.isMedia && content.originalSize == nil { content.usesDefaultFrame = true }
            // A type the SDK does not draw: Stream UIKit's file card saying so, or nothing.
            if content.kind == .custom {
                guard anatomy.unsupportedAttachments == .fileCard else { continue }
                var part = AttachmentSpec(label: strings.unsupportedAttachment, attachment: content)
                part.card = fileCard(attachment, label: part.label, index: index, showsSize: false)
                others.append(part)
                continue
            }
            var part = self.attachment(content)
            switch content.kind {
            case .file, .audio:
                part.card = anatomy.sendbirdFileCells ? fileMessageCard(attachment, label: part.label, index: index)
                    : fileCard(attachment, label: part.label, index: index,
                               button: anatomy.downloadButtons && !isBeingSent ? Self.downloadButton(attachment) : nil)
            case .voiceRecording:
                part.card = anatomy.sendbirdFileCells ? voiceMessageCard(attachment, index: index)
                    : voiceRecordingCard(attachment, label: part.label, index: index)
            case .giphy where !attachment.actions.isEmpty: part.card = giphyActionsCard(attachment, index: index)
            default: break
            }
            others.append(part)
        }
        spec.attachments = others
    }

    /// The gallery of `media` (indices into `attachments`, in the gallery's order): the first
    /// four as tiles, the fourth counting the rest.
    func gallery(_ attachments: [Attachment], media: [Int]) -> GallerySpec {
        let shown = media.prefix(Self.galleryTileLimit)
        let tiles = shown.enumerated().map { position, index in
            let attachment = attachments[index]
            return GalleryTileContent(attachment: AttachmentContent(attachment), attachmentIndex: index, position: position,
                                      hiddenCount: position == Self.galleryTileLimit - 1 ? media.count - shown.count : 0,
                                      imageURL: attachment.previewURL, assetURL: attachment.assetURL)
        }
        return GallerySpec(mediaCount: media.count, tiles: tiles)
    }

    /// An attachment and its label: its title, else its file's name, else its kind in words.
    func attachment(_ attachment: AttachmentContent) -> AttachmentSpec {
        AttachmentSpec(label: attachment.title ?? attachment.fileName ?? strings.attachmentNames[attachment.type] ?? attachment.type,
                       attachment: attachment)
    }

    /// The avatar standing for `user`: their initials.
    package func avatar(_ user: User) -> AvatarSpec {
        AvatarSpec(userID: user.id, initials: user.neutralInitials)
    }
}

/// Where a row's author parts (avatar, name) and reactions' words come from as it is
/// composed: made each time (``UnrememberedParts``), or kept for the next rows (``AuthorMemo``).
package protocol AuthorParts {
    /// The avatar standing for `user` (``MessageComposer/avatar(_:)``).
    mutating func avatar(of user: SharedUser) -> AvatarSpec
    /// The name shown for `user`, neutralised (`User.neutralDisplayName`).
    mutating func name(of user: SharedUser) -> String
    /// The reactions in words (``PlainPresentation/reactions(_:strings:)``).
    mutating func reactionWords(_ counts: [ReactionCount], strings: ChatStrings) -> String
}

/// Each part made when asked, nothing kept: a batch layout's rows.
package struct UnrememberedParts: AuthorParts {
    package init() {}

    package func avatar(of user: SharedUser) -> AvatarSpec {
        AvatarSpec(userID: user.user.id, initials: user.user.neutralInitials)
    }

    package func name(of user: SharedUser) -> String { user.user.neutralDisplayName.string }

    package func reactionWords(_ counts: [ReactionCount], strings: ChatStrings) -> String {
        PlainPresentation.reactions(counts, strings: strings)
    }
}

/// The avatars and names of the last few authors whose rows were composed, each made once
/// (``MessageComposer/avatar(_:)`` and the neutral display name): an incremental list composes
/// its rows one at a time, and its new rows are mostly a few people's. A user is found by
/// the bytes of its id and name, all that its avatar and name are made from, so a renamed
/// author is another entry and never given the old initials or name. Held by the list and handed to
/// ``MessageComposer/compose(_:authors:)``; a memo of capacity 0 keeps nothing.
///
/// It keeps the words of the last reactions composed too: a row composed again (a streamed
/// reply's, each token) most often has the same reactions.
package struct AuthorMemo: AuthorParts, Sendable {
    /// The last reactions whose words were made (none yet: empty), and the words.
    private var lastReactions: [ReactionCount] = []
    private var lastReactionWords = ""

    /// The words of `counts` (``PlainPresentation/reactions(_:strings:)``), kept for the same
    /// reactions next: the same types, byte for byte, and counts (all the words say; a list's
    /// strings are its own for its life).
    package mutating func reactionWords(_ counts: [ReactionCount], strings: ChatStrings) -> String {
        guard capacity > 0 else { return PlainPresentation.reactions(counts, strings: strings) }
        if !counts.isEmpty, lastReactions.count == counts.count,
           zip(lastReactions, counts).allSatisfy({ Identifier.same($0.type, $1.type) && $0.count == $1.count }) {
            return lastReactionWords
        }
        lastReactionWords = PlainPresentation.reactions(counts, strings: strings)
        lastReactions = counts
        return lastReactionWords
    }

    /// The authors, as their messages share them (``SharedUser``): a message of a kept author
    /// is most often found by its reference, without reading the user.
    private var users: [SharedUser] = []
    private var avatars: [AvatarSpec?] = []
    private var names: [String?] = []
    private var next = 0
    private let capacity: Int

    /// A memo of the last `capacity` authors.
    package init(capacity: Int = 4) {
        self.capacity = capacity
    }

    /// The slot of `user`, kept or taken over (the oldest let go); nil when nothing is kept.
    private mutating func slot(of user: SharedUser) -> Int? {
        guard capacity > 0 else { return nil }
        // By reference first, over every slot (an author's messages share one): the bytes of
        // the ids and names only when none holds this very reference.
        for index in users.indices where users[index] === user { return index }
        for index in users.indices where Self.sameParts(users[index].user, user.user) { return index }
        if users.count < capacity {
            if users.isEmpty {
                users.reserveCapacity(capacity)
                avatars.reserveCapacity(capacity)
                names.reserveCapacity(capacity)
            }
            users.append(user)
            avatars.append(nil)
            names.append(nil)
            return users.count - 1
        }
        let index = next
        next = (next + 1) % capacity
        users[index] = user
        avatars[index] = nil
        names[index] = nil
        return index
    }

    /// Whether two users have the same avatar and name: the same id and name, byte for byte
    /// (all that ``MessageComposer/avatar(_:)`` and the display name read).
    @inline(__always)
    private static func sameParts(_ lhs: borrowing User, _ rhs: borrowing User) -> Bool {
        Identifier.same(lhs.id, rhs.id) && Identifier.equal(lhs.neutralName?.string, rhs.neutralName?.string)
    }

    /// The avatar standing for `user` (``MessageComposer/avatar(_:)``).
    package mutating func avatar(of user: User) -> AvatarSpec {
        avatar(of: SharedUser(user))
    }

    /// The same, of an author as its messages share it (`Message.sharedUser`).
    package mutating func avatar(of user: SharedUser) -> AvatarSpec {
        guard let slot = slot(of: user) else { return AvatarSpec(userID: user.user.id, initials: user.user.neutralInitials) }
        if let known = avatars[slot] { return known }
        let made = AvatarSpec(userID: user.user.id, initials: user.user.neutralInitials)
        avatars[slot] = made
        return made
    }

    /// The name shown for `user`, neutralised (`User.neutralDisplayName`).
    package mutating func name(of user: User) -> String {
        name(of: SharedUser(user))
    }

    /// The same, of an author as its messages share it (`Message.sharedUser`).
    package mutating func name(of user: SharedUser) -> String {
        guard let slot = slot(of: user) else { return user.user.neutralDisplayName.string }
        if let known = names[slot] { return known }
        let made = user.user.neutralDisplayName.string
        names[slot] = made
        return made
    }
}
