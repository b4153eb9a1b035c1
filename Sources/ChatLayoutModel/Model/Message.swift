/// The type of a message (Stream's `type`).
public enum MessageType: String, Hashable, Sendable, Codable, CaseIterable {
    /// `regular`, `reply`, `system`, `error`, `ephemeral` (visible to its author only) and
    /// `deleted`.
    case regular, reply, system, error, ephemeral, deleted
}

/// The client-side send state of a message (`local_state`, our extension of Stream's payload).
public enum LocalState: String, Hashable, Sendable, Codable, CaseIterable {
    /// `pending_send`: waiting to be sent.
    case pendingSend = "pending_send"
    /// `sending`.
    case sending
    /// `sending_failed`.
    case sendingFailed = "sending_failed"
    /// `pending_sync`: an edit waiting to be sent.
    case pendingSync = "pending_sync"
    /// `syncing`.
    case syncing
    /// `syncing_failed`.
    case syncingFailed = "syncing_failed"
    /// `deleting`.
    case deleting
    /// `deleting_failed`.
    case deletingFailed = "deleting_failed"

    /// The last action failed (`sending_failed`, `syncing_failed`, `deleting_failed`).
    public var isFailed: Bool {
        switch self {
        case .sendingFailed, .syncingFailed, .deletingFailed: return true
        default: return false
        }
    }

    /// An action is under way (pending, sending, syncing, deleting).
    public var isInProgress: Bool {
        switch self {
        case .pendingSend, .sending, .pendingSync, .syncing, .deleting: return true
        default: return false
        }
    }
}

/// A reaction by one user.
public struct Reaction: Hashable, Sendable, Codable {
    /// The reaction's type ("love", "haha", "like", "sad", "wow", or any other), neutralised.
    public var type: String {
        get { neutralType.string }
        set { neutralType = NeutralText(newValue) }
    }
    /// The type, neutralised (a type without a glyph is drawn as its name).
    public var neutralType: NeutralText
    /// Who reacted.
    public var userID: String?

    private enum CodingKeys: String, CodingKey { case neutralType = "type", userID }

    /// A reaction; its type is neutralised.
    public init(type: String, userID: String? = nil) {
        self.neutralType = NeutralText(type)
        self.userID = userID
    }

    /// The same type and user, by their bytes (``Message``'s rule for every text and id).
    public static func == (lhs: Reaction, rhs: Reaction) -> Bool {
        lhs.neutralType == rhs.neutralType && Identifier.equal(lhs.userID, rhs.userID)
    }
}

/// Where a file attachment's download stands on the device (`local_download_state`, our
/// extension of Stream's payload, as Stream's `LocalAttachmentDownloadState`).
public enum AttachmentDownloadState: String, Hashable, Sendable, Codable, CaseIterable {
    /// `downloading`: under way.
    case downloading
    /// `downloaded`: on the device.
    case downloaded
    /// `downloading_failed`.
    case downloadingFailed = "downloading_failed"
}

/// An attachment (image, video, file, audio, giphy, voice recording, link…).
public struct Attachment: Hashable, Sendable, Codable {
    /// The attachment's type ("image", "file", …), neutralised.
    public var type: String {
        get { neutralType.string }
        set { neutralType = NeutralText(newValue) }
    }
    /// Its title (a file name, say), when it has one, neutralised.
    public var title: String? {
        get { neutralTitle?.string }
        set { neutralTitle = newValue.map { NeutralText($0) } }
    }
    /// The file's name: the last part of its asset's URL path (`asset_url`, else `image_url`),
    /// neutralised.
    public var fileName: String? {
        get { neutralFileName?.string }
        set { neutralFileName = newValue.map { NeutralText($0) } }
    }
    /// The file's size in bytes (`file_size`).
    public var fileSize: Int?
    /// The host of its link (`og_scrape_url`, else `title_link`, else its asset's URL),
    /// neutralised.
    public var urlHost: String? {
        get { neutralURLHost?.string }
        set { neutralURLHost = newValue.map { NeutralText($0) } }
    }
    /// The type, neutralised.
    public var neutralType: NeutralText
    /// The title, neutralised.
    public var neutralTitle: NeutralText?
    /// The file's name, neutralised.
    public var neutralFileName: NeutralText?
    /// The link's host, neutralised.
    public var neutralURLHost: NeutralText?
    /// An image's or a video's original size in pixels (`original_width`, `original_height`):
    /// media are drawn at its aspect ratio.
    public var originalSize: PixelSize?
    /// The image's URL as it came (`image_url`): what a front end loads to draw an image. Not
    /// drawn as text, so not neutralised.
    public var imageURL: String?
    /// The thumbnail's URL as it came (`thumb_url`): a video's still.
    public var thumbURL: String?
    /// The asset's URL as it came (`asset_url`): the file, the video.
    public var assetURL: String?
    /// A link preview's author badge (`author_name`: "YouTube"), neutralised.
    public var author: String? {
        get { neutralAuthor?.string }
        set { neutralAuthor = newValue.map { NeutralText($0) } }
    }
    /// A link preview's description (`text`), neutralised.
    public var text: String? {
        get { neutralText?.string }
        set { neutralText = newValue.map { NeutralText($0) } }
    }
    /// The author badge, neutralised.
    public var neutralAuthor: NeutralText?
    /// The description, neutralised.
    public var neutralText: NeutralText?
    /// The link a preview opens, as it came (`og_scrape_url`, else `title_link`).
    public var linkURL: String?
    /// A voice recording's or an audio file's length in seconds (`duration`).
    public var duration: Double?
    /// How many samples a voice recording's waveform has (`waveform_data`): a front end
    /// draws them; the layout only keeps their count.
    public var waveformSampleCount: Int?
    /// The buttons of an ephemeral attachment (`actions`: a giphy's Send, Shuffle, Cancel).
    public var actions: [AttachmentAction] = []
    /// Where the file's download stands on the device (`local_download_state`): nil when it
    /// is not downloaded. A file card's download button reads it.
    public var localDownloadState: AttachmentDownloadState?

    private enum CodingKeys: String, CodingKey {
        case neutralType = "type", neutralTitle = "title", neutralFileName = "fileName", fileSize, neutralURLHost = "urlHost", originalSize,
             imageURL, thumbURL, assetURL, neutralAuthor = "author", neutralText = "text", linkURL, duration, waveformSampleCount, actions,
             localDownloadState
    }

    /// Encodes the fields it has; no actions, no key (as before they existed).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(neutralType, forKey: .neutralType)
        try container.encodeIfPresent(neutralTitle, forKey: .neutralTitle)
        try container.encodeIfPresent(neutralFileName, forKey: .neutralFileName)
        try container.encodeIfPresent(fileSize, forKey: .fileSize)
        try container.encodeIfPresent(neutralURLHost, forKey: .neutralURLHost)
        try container.encodeIfPresent(originalSize, forKey: .originalSize)
        try container.encodeIfPresent(imageURL, forKey: .imageURL)
        try container.encodeIfPresent(thumbURL, forKey: .thumbURL)
        try container.encodeIfPresent(assetURL, forKey: .assetURL)
        try container.encodeIfPresent(neutralAuthor, forKey: .neutralAuthor)
        try container.encodeIfPresent(neutralText, forKey: .neutralText)
        try container.encodeIfPresent(linkURL, forKey: .linkURL)
        try container.encodeIfPresent(duration, forKey: .duration)
        try container.encodeIfPresent(waveformSampleCount, forKey: .waveformSampleCount)
        if !actions.isEmpty { try container.encode(actions, forKey: .actions) }
        try container.encodeIfPresent(localDownloadState, forKey: .localDownloadState)
    }

    /// Decodes an attachment; one encoded before the link, voice and action fields existed has none.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(type: "", fileSize: try container.decodeIfPresent(Int.self, forKey: .fileSize),
                  originalSize: try container.decodeIfPresent(PixelSize.self, forKey: .originalSize),
                  imageURL: try container.decodeIfPresent(String.self, forKey: .imageURL),
                  thumbURL: try container.decodeIfPresent(String.self, forKey: .thumbURL),
                  assetURL: try container.decodeIfPresent(String.self, forKey: .assetURL))
        // The texts as they were written (neutral already): not neutralised again.
        neutralType = try container.decode(NeutralText.self, forKey: .neutralType)
        neutralTitle = try container.decodeIfPresent(NeutralText.self, forKey: .neutralTitle)
        neutralFileName = try container.decodeIfPresent(NeutralText.self, forKey: .neutralFileName)
        neutralURLHost = try container.decodeIfPresent(NeutralText.self, forKey: .neutralURLHost)
        neutralAuthor = try container.decodeIfPresent(NeutralText.self, forKey: .neutralAuthor)
        neutralText = try container.decodeIfPresent(NeutralText.self, forKey: .neutralText)
        linkURL = try container.decodeIfPresent(String.self, forKey: .linkURL)
        duration = try container.decodeIfPresent(Double.self, forKey: .duration)
        waveformSampleCount = try container.decodeIfPresent(Int.self, forKey: .waveformSampleCount)
        actions = try container.decodeIfPresent([AttachmentAction].self, forKey: .actions) ?? []
        localDownloadState = try container.decodeIfPresent(AttachmentDownloadState.self, forKey: .localDownloadState)
    }

    /// An attachment; its words are neutralised.
    public init(type: String, title: String? = nil, fileName: String? = nil, fileSize: Int? = nil, urlHost: String? = nil,
                originalSize: PixelSize? = nil, imageURL: String? = nil, thumbURL: String? = nil, assetURL: String? = nil) {
        self.neutralType = NeutralText(type)
        self.neutralTitle = title.map { NeutralText($0) }
        self.neutralFileName = fileName.map { NeutralText($0) }
        self.fileSize = fileSize
        self.neutralURLHost = urlHost.map { NeutralText($0) }
        self.originalSize = originalSize
        self.imageURL = imageURL
        self.thumbURL = thumbURL
        self.assetURL = assetURL
    }

    /// The URL a front end loads to show the attachment as a picture: a video's thumbnail
    /// (`thumb_url`, else `image_url`), else the image (`image_url`, else `asset_url`, else
    /// `thumb_url`).
    public var previewURL: String? {
        type == "video" ? thumbURL ?? imageURL : imageURL ?? assetURL ?? thumbURL
    }

    /// Equal fields, texts by their bytes (``Message``'s rule): a title spelled otherwise draws otherwise.
    public static func == (lhs: Attachment, rhs: Attachment) -> Bool {
        lhs.neutralType == rhs.neutralType && lhs.neutralTitle == rhs.neutralTitle && lhs.neutralFileName == rhs.neutralFileName
            && lhs.fileSize == rhs.fileSize && lhs.neutralURLHost == rhs.neutralURLHost && lhs.originalSize == rhs.originalSize
            && lhs.imageURL == rhs.imageURL && lhs.thumbURL == rhs.thumbURL && lhs.assetURL == rhs.assetURL
            && lhs.neutralAuthor == rhs.neutralAuthor && lhs.neutralText == rhs.neutralText && lhs.linkURL == rhs.linkURL
            && lhs.duration == rhs.duration && lhs.waveformSampleCount == rhs.waveformSampleCount && lhs.actions == rhs.actions
            && lhs.localDownloadState == rhs.localDownloadState
    }
}

/// A button of an ephemeral attachment (Stream's `actions`): a giphy's "Send", "Shuffle" and
/// "Cancel", each sending its `name` and `value` back when tapped.
public struct AttachmentAction: Hashable, Sendable, Codable {
    /// The field the action sets (`name`: "image_action").
    public var name: String
    /// The value it sends (`value`: "send", "shuffle", "cancel").
    public var value: String
    /// The button's words (`text`: "Send"), neutralised.
    public var text: String {
        get { neutralText.string }
        set { neutralText = NeutralText(newValue) }
    }
    /// The words, neutralised.
    public var neutralText: NeutralText
    /// The primary action is drawn in the accent colour (`style`: "primary").
    public var isPrimary: Bool

    private enum CodingKeys: String, CodingKey { case name, value, neutralText = "text", isPrimary }

    /// An action; its words are neutralised.
    public init(name: String, value: String, text: String, isPrimary: Bool = false) {
        self.name = name
        self.value = value
        self.neutralText = NeutralText(text)
        self.isPrimary = isPrimary
    }
}

/// The message a message quotes, as far as layout needs it.
public struct QuotedMessage: Hashable, Sendable, Codable {
    /// The quoted message's id.
    public var id: String
    /// Its text, neutralised.
    public var text: String {
        get { neutralText.string }
        set { neutralText = NeutralText(newValue) }
    }
    /// Its text, neutralised.
    public var neutralText: NeutralText
    /// Its author.
    public var user: User
    /// Its attachments (the first one's type stands in for an empty text).
    public var attachments: [Attachment]
    /// Whether it was deleted (shown as "Message deleted").
    public var isDeleted: Bool
    /// It is a poll (`poll` or `poll_id`): "Poll" stands for an empty text.
    public var hasPoll = false
    /// The location it shares: "Location" stands for an empty text.
    public var sharedLocation: SharedLocation?

    private enum CodingKeys: String, CodingKey {
        case id, neutralText = "text", user, attachments, isDeleted, hasPoll, sharedLocation
    }

    /// A quoted message; its text is neutralised.
    public init(id: String, text: String, user: User, attachments: [Attachment] = [], isDeleted: Bool = false) {
        self.id = id
        self.neutralText = NeutralText(text)
        self.user = user
        self.attachments = attachments
        self.isDeleted = isDeleted
    }

    /// Equal fields, the id and the text by their bytes (``Message``'s rule).
    public static func == (lhs: QuotedMessage, rhs: QuotedMessage) -> Bool {
        Identifier.same(lhs.id, rhs.id) && lhs.neutralText == rhs.neutralText && lhs.user == rhs.user && lhs.attachments == rhs.attachments
            && lhs.isDeleted == rhs.isDeleted && lhs.hasPoll == rhs.hasPoll && lhs.sharedLocation == rhs.sharedLocation
    }
}

/// A poll attached to a message (Stream's `poll`): its question and options, drawn in the
/// bubble; "Poll" where a one-line preview stands for it.
public struct Poll: Hashable, Sendable, Codable {
    /// One option and its votes (`vote_counts_by_option`).
    public struct Option: Hashable, Sendable, Codable {
        /// The option's text, neutralised.
        public var text: String {
            get { neutralText.string }
            set { neutralText = NeutralText(newValue) }
        }
        /// The option's text, neutralised.
        public var neutralText: NeutralText
        /// Votes for it.
        public var voteCount: Int
        /// Its id (`id`), which votes name.
        public var id: String?
        /// Who voted for it last (`latest_votes_by_option`), newest first, as the payload lists them.
        public var latestVoters: [Voter] = []

        private enum CodingKeys: String, CodingKey { case neutralText = "text", voteCount, id, latestVoters }

        /// An option; its text is neutralised.
        public init(text: String, voteCount: Int = 0, id: String? = nil, latestVoters: [Voter] = []) {
            self.neutralText = NeutralText(text)
            self.voteCount = voteCount
            self.id = id
            self.latestVoters = latestVoters
        }

        /// Decodes an option; one encoded before ids and voters existed has none.
        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            neutralText = try container.decode(NeutralText.self, forKey: .neutralText)
            voteCount = try container.decode(Int.self, forKey: .voteCount)
            id = try container.decodeIfPresent(String.self, forKey: .id)
            latestVoters = try container.decodeIfPresent([Voter].self, forKey: .latestVoters) ?? []
        }

        /// Encodes an option; an id and voters only when it has them.
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(neutralText, forKey: .neutralText)
            try container.encode(voteCount, forKey: .voteCount)
            try container.encodeIfPresent(id, forKey: .id)
            if !latestVoters.isEmpty { try container.encode(latestVoters, forKey: .latestVoters) }
        }

        /// The same text, by its bytes, votes, id and voters.
        public static func == (lhs: Option, rhs: Option) -> Bool {
            lhs.neutralText == rhs.neutralText && lhs.voteCount == rhs.voteCount && lhs.id == rhs.id && lhs.latestVoters == rhs.latestVoters
        }
    }

    /// A user who voted for an option (a vote's `user`, else its `user_id`).
    public struct Voter: Hashable, Sendable, Codable {
        /// The user's id.
        public var userID: String
        /// The user's name, when the vote carries it.
        public var name: String?
        /// The user's picture (`image`), when the vote carries it.
        public var imageURL: String?

        /// A voter.
        public init(userID: String, name: String? = nil, imageURL: String? = nil) {
            self.userID = userID
            self.name = name
            self.imageURL = imageURL
        }
    }

    /// Who may see who voted for what (`voting_visibility`).
    public enum VotingVisibility: String, Hashable, Sendable, Codable, CaseIterable {
        /// Everyone sees the voters (Stream's default).
        case `public`
        /// Nobody sees the voters: a front end shows no voters' avatars.
        case anonymous
    }

    /// The question (`name`), neutralised.
    public var question: String {
        get { neutralQuestion.string }
        set { neutralQuestion = NeutralText(newValue) }
    }
    /// The question, neutralised.
    public var neutralQuestion: NeutralText
    /// The options, in payload order.
    public var options: [Option]
    /// Voting has ended (`is_closed`).
    public var isClosed: Bool
    /// Who created it (`created_by_id`, else `created_by`'s `id`).
    public var createdByID: String?
    /// One vote each (`enforce_unique_vote`): "Select one".
    public var enforceUniqueVote = false
    /// The most options one user may vote for (`max_votes_allowed`): "Select up to 2".
    public var maxVotesAllowed: Int?
    /// Who may see the voters (`voting_visibility`).
    public var votingVisibility: VotingVisibility = .public
    /// Users may add options (`allow_user_suggested_options`): "Suggest an option".
    public var allowsUserSuggestedOptions = false
    /// Users may comment (`allow_answers`): "Add a comment".
    public var allowsAnswers = false
    /// How many comments it has (`answers_count`): "View 3 comments".
    public var answersCount = 0
    /// The authors of its latest comments (`latest_answers`' users), in payload order.
    public var latestAnswerUserIDs: [String] = []
    /// The options the current user voted for (`own_votes`' `option_id`s), in payload order.
    public var ownVoteOptionIDs: [String] = []

    private enum CodingKeys: String, CodingKey {
        case neutralQuestion = "question", options, isClosed, createdByID, enforceUniqueVote, maxVotesAllowed, votingVisibility
        case allowsUserSuggestedOptions, allowsAnswers, answersCount, latestAnswerUserIDs, ownVoteOptionIDs
    }

    /// A poll; its question is neutralised.
    public init(question: String, options: [Option] = [], isClosed: Bool = false) {
        self.neutralQuestion = NeutralText(question)
        self.options = options
        self.isClosed = isClosed
    }

    /// Decodes a poll; one encoded before its rules and the current user's votes existed has
    /// Stream's defaults.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        neutralQuestion = try container.decode(NeutralText.self, forKey: .neutralQuestion)
        options = try container.decode([Option].self, forKey: .options)
        isClosed = try container.decode(Bool.self, forKey: .isClosed)
        createdByID = try container.decodeIfPresent(String.self, forKey: .createdByID)
        enforceUniqueVote = try container.decodeIfPresent(Bool.self, forKey: .enforceUniqueVote) ?? false
        maxVotesAllowed = try container.decodeIfPresent(Int.self, forKey: .maxVotesAllowed)
        votingVisibility = try container.decodeIfPresent(VotingVisibility.self, forKey: .votingVisibility) ?? .public
        allowsUserSuggestedOptions = try container.decodeIfPresent(Bool.self, forKey: .allowsUserSuggestedOptions) ?? false
        allowsAnswers = try container.decodeIfPresent(Bool.self, forKey: .allowsAnswers) ?? false
        answersCount = try container.decodeIfPresent(Int.self, forKey: .answersCount) ?? 0
        latestAnswerUserIDs = try container.decodeIfPresent([String].self, forKey: .latestAnswerUserIDs) ?? []
        ownVoteOptionIDs = try container.decodeIfPresent([String].self, forKey: .ownVoteOptionIDs) ?? []
    }

    /// Encodes a poll; its rules and votes only where they differ from Stream's defaults.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(neutralQuestion, forKey: .neutralQuestion)
        try container.encode(options, forKey: .options)
        try container.encode(isClosed, forKey: .isClosed)
        try container.encodeIfPresent(createdByID, forKey: .createdByID)
        if enforceUniqueVote { try container.encode(true, forKey: .enforceUniqueVote) }
        try container.encodeIfPresent(maxVotesAllowed, forKey: .maxVotesAllowed)
        if votingVisibility != .public { try container.encode(votingVisibility, forKey: .votingVisibility) }
        if allowsUserSuggestedOptions { try container.encode(true, forKey: .allowsUserSuggestedOptions) }
        if allowsAnswers { try container.encode(true, forKey: .allowsAnswers) }
        if answersCount != 0 { try container.encode(answersCount, forKey: .answersCount) }
        if !latestAnswerUserIDs.isEmpty { try container.encode(latestAnswerUserIDs, forKey: .latestAnswerUserIDs) }
        if !ownVoteOptionIDs.isEmpty { try container.encode(ownVoteOptionIDs, forKey: .ownVoteOptionIDs) }
    }

    /// Whether the current user voted for `option` (its id is among ``ownVoteOptionIDs``).
    public func isOwnVote(_ option: Option) -> Bool {
        option.id.map { ownVoteOptionIDs.contains($0) } ?? false
    }

    /// The same question, by its bytes, options, state, rules and votes.
    public static func == (lhs: Poll, rhs: Poll) -> Bool {
        lhs.neutralQuestion == rhs.neutralQuestion && lhs.options == rhs.options && lhs.isClosed == rhs.isClosed
            && lhs.createdByID == rhs.createdByID && lhs.enforceUniqueVote == rhs.enforceUniqueVote
            && lhs.maxVotesAllowed == rhs.maxVotesAllowed && lhs.votingVisibility == rhs.votingVisibility
            && lhs.allowsUserSuggestedOptions == rhs.allowsUserSuggestedOptions && lhs.allowsAnswers == rhs.allowsAnswers
            && lhs.answersCount == rhs.answersCount && lhs.latestAnswerUserIDs == rhs.latestAnswerUserIDs
            && lhs.ownVoteOptionIDs == rhs.ownVoteOptionIDs
    }
}

/// A location shared in a message (Stream's `shared_location`): a static pin, or a live
/// location while `end_at` has not passed.
public struct SharedLocation: Hashable, Sendable, Codable {
    /// Degrees north.
    public var latitude: Double
    /// Degrees east.
    public var longitude: Double
    /// When live sharing ends (`end_at`); nil for a static location.
    public var endAt: Timestamp?

    /// A shared location.
    public init(latitude: Double, longitude: Double, endAt: Timestamp? = nil) {
        self.latitude = latitude
        self.longitude = longitude
        self.endAt = endAt
    }

    /// Shared live (it has an end).
    public var isLive: Bool { endAt != nil }
}

/// A chat message, in the shape of Stream's message payload.
public struct Message: Hashable, Sendable, Identifiable {
    /// The fields live in one shared, copy-on-write object: a message is copied often (sorted,
    /// put into decisions and rows), and a copy is then one reference, not twenty.
    ///
    /// What nearly every message has is stored here (104 bytes); the author is a shared,
    /// immutable ``SharedUser`` (the decoder gives every message of one author the same one);
    /// the fields most messages leave at their defaults live in ``Extras``, made the first time
    /// one is set (issue 32: a million messages took 1.0 GB, 1,009 bytes each).
    @usableFromInline final class Storage: @unchecked Sendable {
        @usableFromInline @exclusivity(unchecked) var id: String
        @usableFromInline @exclusivity(unchecked) var text: NeutralText
        @usableFromInline @exclusivity(unchecked) var author: SharedUser
        // 12 bytes: the four one-byte fields after it take its padding.
        @usableFromInline @exclusivity(unchecked) var createdAt: Timestamp
        @usableFromInline @exclusivity(unchecked) var type: MessageType
        @usableFromInline @exclusivity(unchecked) var showInChannel: Bool
        @usableFromInline @exclusivity(unchecked) var pinned: Bool
        @usableFromInline @exclusivity(unchecked) var isBounced: Bool
        @usableFromInline @exclusivity(unchecked) var latestReactions: [Reaction]
        @usableFromInline @exclusivity(unchecked) var reactionScores: [(type: String, score: Int)]
        @usableFromInline @exclusivity(unchecked) var attachments: [Attachment]
        /// The rarer fields; nil while all of them have their defaults.
        @usableFromInline @exclusivity(unchecked) var extras: Extras?

        init(id: String, text: NeutralText, author: SharedUser, createdAt: Timestamp, type: MessageType, showInChannel: Bool,
             pinned: Bool, isBounced: Bool, latestReactions: [Reaction], reactionScores: [(type: String, score: Int)],
             attachments: [Attachment], extras: Extras?) {
            self.id = id
            self.text = text
            self.author = author
            self.createdAt = createdAt
            self.type = type
            self.showInChannel = showInChannel
            self.pinned = pinned
            self.isBounced = isBounced
            self.latestReactions = latestReactions
            self.reactionScores = reactionScores
            self.attachments = attachments
            self.extras = extras
        }

        /// A copy of its own, extras copied too (each storage owns its extras alone).
        func copy() -> Storage {
            Storage(id: id, text: text, author: author, createdAt: createdAt, type: type, showInChannel: showInChannel,
                    pinned: pinned, isBounced: isBounced, latestReactions: latestReactions, reactionScores: reactionScores,
                    attachments: attachments, extras: extras?.copy())
        }

        /// The extras, made (all defaults) when there are none yet.
        var extrasForWriting: Extras {
            if let extras { return extras }
            let made = Extras()
            extras = made
            return made
        }
    }

    /// The fields most messages leave at their defaults: deletion, editing, threads, quotes,
    /// polls, locations, pins, reminders, mentions, translations. The large ones (a quoted
    /// message, a poll, a user) are boxed, so a message with one of them set does not pay for
    /// the others.
    @usableFromInline final class Extras: @unchecked Sendable {
        @usableFromInline @exclusivity(unchecked) var deletedAt: Timestamp?
        @usableFromInline @exclusivity(unchecked) var localState: LocalState?
        @usableFromInline @exclusivity(unchecked) var deletedForMe = false
        @usableFromInline @exclusivity(unchecked) var isShadowed = false
        @usableFromInline @exclusivity(unchecked) var messageTextUpdatedAt: Timestamp?
        @usableFromInline @exclusivity(unchecked) var pinExpires: Timestamp?
        @usableFromInline @exclusivity(unchecked) var parentID: String?
        @usableFromInline @exclusivity(unchecked) var replyCount = 0
        @usableFromInline @exclusivity(unchecked) var threadParticipants: [User] = []
        @usableFromInline @exclusivity(unchecked) var quotedMessage: Boxed<QuotedMessage>?
        @usableFromInline @exclusivity(unchecked) var command: String?
        @usableFromInline @exclusivity(unchecked) var language: String?
        @usableFromInline @exclusivity(unchecked) var translations: [String: NeutralText] = [:]
        @usableFromInline @exclusivity(unchecked) var latestReplies: [Message] = []
        @usableFromInline @exclusivity(unchecked) var poll: Boxed<Poll>?
        @usableFromInline @exclusivity(unchecked) var sharedLocation: Boxed<SharedLocation>?
        @usableFromInline @exclusivity(unchecked) var quotedMessageID: String?
        @usableFromInline @exclusivity(unchecked) var ownReactions: [Reaction] = []
        @usableFromInline @exclusivity(unchecked) var pinnedBy: Boxed<User>?
        @usableFromInline @exclusivity(unchecked) var reminder: Boxed<MessageReminder>?
        @usableFromInline @exclusivity(unchecked) var mentionedUsers: [User] = []

        init() {}

        func copy() -> Extras {
            let copy = Extras()
            copy.deletedAt = deletedAt
            copy.localState = localState
            copy.deletedForMe = deletedForMe
            copy.isShadowed = isShadowed
            copy.messageTextUpdatedAt = messageTextUpdatedAt
            copy.pinExpires = pinExpires
            copy.parentID = parentID
            copy.replyCount = replyCount
            copy.threadParticipants = threadParticipants
            copy.quotedMessage = quotedMessage
            copy.command = command
            copy.language = language
            copy.translations = translations
            copy.latestReplies = latestReplies
            copy.poll = poll
            copy.sharedLocation = sharedLocation
            copy.quotedMessageID = quotedMessageID
            copy.ownReactions = ownReactions
            copy.pinnedBy = pinnedBy
            copy.reminder = reminder
            copy.mentionedUsers = mentionedUsers
            return copy
        }
    }

    /// An immutable value in a box of its own: a large, rarely set field costs a message one
    /// reference (set, the field gets a new box).
    @usableFromInline final class Boxed<Value: Sendable>: @unchecked Sendable {
        @usableFromInline let value: Value

        init(_ value: Value) {
            self.value = value
        }

        /// `value` boxed; nil for nil.
        static func boxing(_ value: Value?) -> Boxed? {
            value.map { Boxed($0) }
        }
    }

    @usableFromInline var storage: Storage

    /// The storage, copied first when another message shares it (copy on write).
    private mutating func unique() -> Storage {
        if !isKnownUniquelyReferenced(&storage) { storage = storage.copy() }
        return storage
    }

    /// The extras to change a field of: none are made to set a default value.
    private mutating func extras(unlessDefault isDefault: Bool) -> Extras? {
        if isDefault && storage.extras == nil { return nil }
        return unique().extrasForWriting
    }

    public var id: String {
        @inlinable get { storage.id }
        set { unique().id = newValue }
    }
    /// The text as sent, neutralised (``NeutralText``): set, it is neutralised.
    public var text: String {
        @inlinable get { storage.text.string }
        set { unique().text = NeutralText(newValue) }
    }
    /// The text, neutralised.
    public var neutralText: NeutralText {
        @inlinable get { storage.text }
        set { unique().text = newValue }
    }
    /// The message's type (`type`); unknown types decode as `regular`.
    public var type: MessageType {
        @inlinable get { storage.type }
        set { unique().type = newValue }
    }
    /// The author (`user`).
    public var user: User {
        @inlinable get { storage.author.user }
        set { unique().author = SharedUser(newValue) }
    }
    /// The author, as the messages of one author share it.
    package var sharedUser: SharedUser {
        get { storage.author }
        set { unique().author = newValue }
    }
    /// When it was sent (`created_at`): the order of the list.
    public var createdAt: Timestamp {
        @inlinable get { storage.createdAt }
        set { unique().createdAt = newValue }
    }
    /// When it was deleted (`deleted_at`).
    public var deletedAt: Timestamp? {
        @inlinable get { storage.extras?.deletedAt }
        set { extras(unlessDefault: newValue == nil)?.deletedAt = newValue }
    }
    /// When the text was last edited.
    public var messageTextUpdatedAt: Timestamp? {
        @inlinable get { storage.extras?.messageTextUpdatedAt }
        set { extras(unlessDefault: newValue == nil)?.messageTextUpdatedAt = newValue }
    }
    /// The thread root this message replies to.
    public var parentID: String? {
        @inlinable get { storage.extras?.parentID }
        set { extras(unlessDefault: newValue == nil)?.parentID = newValue }
    }
    /// A thread reply that was also sent to the channel.
    public var showInChannel: Bool {
        @inlinable get { storage.showInChannel }
        set { unique().showInChannel = newValue }
    }
    /// Replies in its thread (`reply_count`): more than 0 makes it a thread root.
    public var replyCount: Int {
        @inlinable get { storage.extras?.replyCount ?? 0 }
        set { extras(unlessDefault: newValue == 0)?.replyCount = newValue }
    }
    /// Who replied in its thread (`thread_participants`).
    public var threadParticipants: [User] {
        @inlinable get { storage.extras?.threadParticipants ?? [] }
        set { extras(unlessDefault: newValue.isEmpty)?.threadParticipants = newValue }
    }
    /// Whether it quotes a message (`quoted_message`), asked without copying the quote out.
    package var hasQuotedMessage: Bool { storage.extras?.quotedMessage != nil }
    /// The message it quotes (`quoted_message`).
    public var quotedMessage: QuotedMessage? {
        @inlinable get { storage.extras?.quotedMessage?.value }
        set { extras(unlessDefault: newValue == nil)?.quotedMessage = .boxing(newValue) }
    }
    /// The latest reactions (`latest_reactions`).
    public var latestReactions: [Reaction] {
        @inlinable get { storage.latestReactions }
        set { unique().latestReactions = newValue }
    }
    /// The current user's reactions (`own_reactions`).
    public var ownReactions: [Reaction] {
        @inlinable get { storage.extras?.ownReactions ?? [] }
        set { extras(unlessDefault: newValue.isEmpty)?.ownReactions = newValue }
    }
    /// The users it mentions (`mentioned_users`): "@" and each one's name (or id) is a mention
    /// run of its text when markdown is on (`markdown_enabled`), as Stream UIKit highlights it.
    public var mentionedUsers: [User] {
        @inlinable get { storage.extras?.mentionedUsers ?? [] }
        set { extras(unlessDefault: newValue.isEmpty)?.mentionedUsers = newValue }
    }
    /// Who pinned it (`pinned_by`), when it is pinned and the payload says.
    public var pinnedBy: User? {
        @inlinable get { storage.extras?.pinnedBy?.value }
        set { extras(unlessDefault: newValue == nil)?.pinnedBy = .boxing(newValue) }
    }
    /// When its pin ends (`pin_expires`); nil: it stays pinned. Past the context's now it is
    /// no longer pinned, as Stream's `ChatMessage.isPinned` says.
    public var pinExpires: Timestamp? {
        @inlinable get { storage.extras?.pinExpires }
        set { extras(unlessDefault: newValue == nil)?.pinExpires = newValue }
    }
    /// The current user's reminder on it (`reminder`): "remind me" or "save for later".
    public var reminder: MessageReminder? {
        @inlinable get { storage.extras?.reminder?.value }
        set { extras(unlessDefault: newValue == nil)?.reminder = .boxing(newValue) }
    }
    /// Reaction counts by type, in payload order; set, each type is neutralised (a type without
    /// a glyph is drawn as its name).
    public var reactionScores: [(type: String, score: Int)] {
        @inlinable get { storage.reactionScores }
        set { unique().reactionScores = Self.neutralScores(newValue) }
    }
    /// Its attachments (`attachments`).
    public var attachments: [Attachment] {
        @inlinable get { storage.attachments }
        set { unique().attachments = newValue }
    }
    /// A slash command ("giphy").
    public var command: String? {
        @inlinable get { storage.extras?.command }
        set { extras(unlessDefault: newValue == nil)?.command = newValue }
    }
    /// The original language (`i18n.language`).
    public var language: String? {
        @inlinable get { storage.extras?.language }
        set { extras(unlessDefault: newValue == nil)?.language = newValue }
    }
    /// Automatic translations by language (`i18n.<lang>_text`), neutralised; set, they are
    /// neutralised.
    public var translations: [String: String] {
        get { neutralTranslations.mapValues(\.string) }
        set { neutralTranslations = newValue.mapValues { NeutralText($0) } }
    }
    /// The translations by language, neutralised.
    public var neutralTranslations: [String: NeutralText] {
        @inlinable get { storage.extras?.translations ?? [:] }
        set { extras(unlessDefault: newValue.isEmpty)?.translations = newValue }
    }
    /// Whether it is pinned (`pinned`).
    public var pinned: Bool {
        @inlinable get { storage.pinned }
        set { unique().pinned = newValue }
    }
    /// The client-side send state (`local_state`).
    public var localState: LocalState? {
        @inlinable get { storage.extras?.localState }
        set { extras(unlessDefault: newValue == nil)?.localState = newValue }
    }
    /// Stream moderation bounced the message (shown to its author as an error to fix).
    public var isBounced: Bool {
        @inlinable get { storage.isBounced }
        set { unique().isBounced = newValue }
    }
    /// Deleted for the current user only (`deleted_for_me`): shown as deleted, like
    /// `deleted_at`.
    public var deletedForMe: Bool {
        @inlinable get { storage.extras?.deletedForMe ?? false }
        set { extras(unlessDefault: !newValue)?.deletedForMe = newValue }
    }
    /// Held back by moderation (`shadowed`): Stream shows it to its author only, unless
    /// `show_shadowed_messages` is on.
    public var isShadowed: Bool {
        @inlinable get { storage.extras?.isShadowed ?? false }
        set { extras(unlessDefault: !newValue)?.isShadowed = newValue }
    }
    /// The latest replies of its thread (`latest_replies`), as the payload gives them: a
    /// non-empty list makes the message a thread root, and the thread view shows them.
    public var latestReplies: [Message] {
        @inlinable get { storage.extras?.latestReplies ?? [] }
        set { extras(unlessDefault: newValue.isEmpty)?.latestReplies = newValue }
    }
    /// Its poll (`poll`).
    public var poll: Poll? {
        @inlinable get { storage.extras?.poll?.value }
        set { extras(unlessDefault: newValue == nil)?.poll = .boxing(newValue) }
    }
    /// The location it shares (`shared_location`).
    public var sharedLocation: SharedLocation? {
        @inlinable get { storage.extras?.sharedLocation?.value }
        set { extras(unlessDefault: newValue == nil)?.sharedLocation = .boxing(newValue) }
    }
    /// The id of the message it quotes (`quoted_message_id`). Stream sends the quoted message
    /// whole (`quoted_message`) except in nested quotes; the decoder then quotes the document's
    /// own message with this id, as Stream's client quotes the one it has stored, and a
    /// message it does not have is not quoted (``quotedMessage`` stays nil).
    public var quotedMessageID: String? {
        @inlinable get { storage.extras?.quotedMessageID }
        set { extras(unlessDefault: newValue == nil)?.quotedMessageID = newValue }
    }

    /// A message; only the id, the author and the time are required. Its texts (the text, the
    /// translations, the reaction types) are neutralised here.
    public init(
        id: String, text: String = "", type: MessageType = .regular, user: User, createdAt: Timestamp,
        deletedAt: Timestamp? = nil, messageTextUpdatedAt: Timestamp? = nil, parentID: String? = nil,
        showInChannel: Bool = false, replyCount: Int = 0, threadParticipants: [User] = [],
        quotedMessage: QuotedMessage? = nil, latestReactions: [Reaction] = [],
        reactionScores: [(type: String, score: Int)] = [], attachments: [Attachment] = [],
        command: String? = nil, language: String? = nil, translations: [String: String] = [:],
        pinned: Bool = false, localState: LocalState? = nil, isBounced: Bool = false
    ) {
        self.init(id: id, text: text, type: type, sharedUser: SharedUser(user), createdAt: createdAt, deletedAt: deletedAt,
                  messageTextUpdatedAt: messageTextUpdatedAt, parentID: parentID, showInChannel: showInChannel,
                  replyCount: replyCount, threadParticipants: threadParticipants, quotedMessage: quotedMessage,
                  latestReactions: latestReactions, reactionScores: reactionScores, attachments: attachments,
                  command: command, language: language, translations: translations, pinned: pinned, localState: localState,
                  isBounced: isBounced)
    }

    /// A message whose author is `sharedUser` (the decoder gives one author's messages the same).
    package init(
        id: String, text: String, type: MessageType, sharedUser: SharedUser, createdAt: Timestamp,
        deletedAt: Timestamp?, messageTextUpdatedAt: Timestamp?, parentID: String?,
        showInChannel: Bool, replyCount: Int, threadParticipants: [User],
        quotedMessage: QuotedMessage?, latestReactions: [Reaction],
        reactionScores: [(type: String, score: Int)], attachments: [Attachment],
        command: String?, language: String?, translations: [String: String],
        pinned: Bool, localState: LocalState?, isBounced: Bool
    ) {
        // Extras only for a message that sets one of them (one object, made once).
        var extras: Extras?
        if deletedAt != nil || messageTextUpdatedAt != nil || parentID != nil || replyCount != 0 || !threadParticipants.isEmpty
            || quotedMessage != nil || command != nil || language != nil || !translations.isEmpty || localState != nil {
            let made = Extras()
            made.deletedAt = deletedAt
            made.messageTextUpdatedAt = messageTextUpdatedAt
            made.parentID = parentID
            made.replyCount = replyCount
            made.threadParticipants = threadParticipants
            made.quotedMessage = .boxing(quotedMessage)
            made.command = command
            made.language = language
            if !translations.isEmpty { made.translations = translations.mapValues { NeutralText($0) } }
            made.localState = localState
            extras = made
        }
        storage = Storage(id: id, text: NeutralText(text), author: sharedUser, createdAt: createdAt, type: type,
                          showInChannel: showInChannel, pinned: pinned, isBounced: isBounced, latestReactions: latestReactions,
                          reactionScores: Self.neutralScores(reactionScores), attachments: attachments, extras: extras)
    }

    /// Reaction scores with their types neutralised (one scan each; copied only when one changes).
    private static func neutralScores(_ scores: [(type: String, score: Int)]) -> [(type: String, score: Int)] {
        var scores = scores
        for index in scores.indices {
            let neutral = NeutralText(scores[index].type).string
            if !Identifier.same(neutral, scores[index].type) { scores[index].type = neutral }
        }
        return scores
    }

    /// Deleted: `deleted_at` is set, the type is `deleted`, or it was deleted for the current
    /// user (`deleted_for_me`), as Stream's `isDeleted` reads them.
    @inlinable public var isDeleted: Bool { deletedAt != nil || type == .deleted || deletedForMe }

    /// A thread root: it has replies (`reply_count`) or latest replies (`latest_replies`), as
    /// Stream's `isRootOfThread`.
    public var isThreadRoot: Bool { replyCount > 0 || !latestReplies.isEmpty }

    /// The replies its thread info counts: `reply_count`, or the latest replies listed when
    /// the payload gives more of them than it counts.
    public var threadReplyCount: Int { max(replyCount, latestReplies.count) }

    /// Content besides text and attachments: a poll or a shared location. Read from their
    /// boxes, neither copied out.
    public var hasRichContent: Bool {
        guard let extras = storage.extras else { return false }
        return extras.poll != nil || extras.sharedLocation != nil
    }

    /// The message list of a channel shows it: not a thread reply, or one also sent to the
    /// channel.
    public var isShownInChannel: Bool { parentID == nil || showInChannel }

    public static func == (lhs: Message, rhs: Message) -> Bool {
        // Copies share their storage until one is changed: then they are equal at once (the
        // incremental list compares each re-resolved message with its copy from before).
        if lhs.storage === rhs.storage { return true }
        // Ids and texts by their bytes, here and in the parts (attachments, quoted message,
        // reactions, poll): a text spelled otherwise draws otherwise.
        return lhs.neutralText == rhs.neutralText && equalBesidesText(lhs, rhs)
    }

    /// Whether this message is `other` with another text and nothing else changed (the text's
    /// bytes differ; every other field is equal as `==` compares it): an edit of its text
    /// alone, as a streamed reply's every token is.
    package func differsOnlyInText(from other: Message) -> Bool {
        storage !== other.storage && neutralText != other.neutralText && Self.equalBesidesText(self, other)
    }

    /// Every field but the text equal, as `==` compares them: the fields every message has
    /// read where they are stored, the rarer ones only when the two messages do not share
    /// them (a message copied and its text set shares its author and arrays; both without any
    /// rarer field set share that none).
    private static func equalBesidesText(_ lhs: Message, _ rhs: Message) -> Bool {
        let left = lhs.storage, right = rhs.storage
        guard Identifier.same(left.id, right.id), left.type == right.type, left.createdAt == right.createdAt,
              left.showInChannel == right.showInChannel, left.pinned == right.pinned, left.isBounced == right.isBounced,
              left.author === right.author || left.author.user == right.author.user,
              left.latestReactions == right.latestReactions,
              left.reactionScores.elementsEqual(right.reactionScores, by: { Identifier.same($0.type, $1.type) && $0.score == $1.score }),
              left.attachments == right.attachments else { return false }
        return left.extras === right.extras || equalExtras(lhs, rhs)
    }

    /// The rarer fields equal (``Extras``; none set reads as their defaults).
    private static func equalExtras(_ lhs: Message, _ rhs: Message) -> Bool {
        lhs.deletedAt == rhs.deletedAt
            && lhs.messageTextUpdatedAt == rhs.messageTextUpdatedAt && Identifier.equal(lhs.parentID, rhs.parentID)
            && lhs.replyCount == rhs.replyCount
            && lhs.threadParticipants == rhs.threadParticipants && lhs.quotedMessage == rhs.quotedMessage
            && Identifier.equal(lhs.command, rhs.command)
            && Identifier.equal(lhs.language, rhs.language) && lhs.neutralTranslations == rhs.neutralTranslations
            && lhs.localState == rhs.localState
            && lhs.deletedForMe == rhs.deletedForMe && lhs.isShadowed == rhs.isShadowed
            && lhs.latestReplies == rhs.latestReplies && lhs.poll == rhs.poll && lhs.sharedLocation == rhs.sharedLocation
            && Identifier.equal(lhs.quotedMessageID, rhs.quotedMessageID) && lhs.ownReactions == rhs.ownReactions
            && lhs.pinnedBy == rhs.pinnedBy && lhs.pinExpires == rhs.pinExpires && lhs.reminder == rhs.reminder
            && lhs.mentionedUsers == rhs.mentionedUsers
    }

    public func hash(into hasher: inout Hasher) {
        Identifier.hash(id, into: &hasher)
        hasher.combine(createdAt)
        hasher.combine(neutralText)
    }
}

/// The current user's reminder on a message (Stream's `reminder`): a time to be reminded at
/// (`remind_at`), or none — the message is saved for later.
public struct MessageReminder: Hashable, Sendable, Codable {
    /// When the reminder fires (`remind_at`); nil for a message saved for later.
    public var remindAt: Timestamp?

    /// A reminder at `remindAt` (nil: saved for later).
    public init(remindAt: Timestamp? = nil) {
        self.remindAt = remindAt
    }
}
