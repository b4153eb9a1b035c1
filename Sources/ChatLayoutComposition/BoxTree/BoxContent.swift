@_spi(ChatLayoutStages) import ChatLayoutModel
@_spi(ChatLayoutStages) import ChatLayoutDecisions

/// What a box stands for, as data: a front end draws each box its own way from this (an
/// image view for an image, an icon for a delivery status), and the text and SVG renderers
/// choose their glyphs and words from it through a ``BoxPresentation``.
/// Indirect: its payloads live out of line, so that every box, most of which have no content,
/// stays a pointer's width larger, not a payload's.
public indirect enum BoxContent: Hashable, Sendable, Codable {
    /// An attachment of a message or of a quoted message: an image, a video, a file…, a poll,
    /// a shared location.
    case attachment(AttachmentContent)
    /// One option of a poll, under its question.
    case pollOption(Poll.Option)
    /// The message a message quotes.
    case quotedMessage(QuotedContent)
    /// The automatic translation under a message's text (the translated text is the box's
    /// `text`).
    case translation
    /// The reactions shown above a bubble, in order.
    case reactions([ReactionCount])
    /// The thread info under a thread root, or under a thread reply also sent to the channel.
    case threadInfo(ThreadInfoContent)
    /// The delivery status of one of the current user's messages.
    case deliveryStatus(DeliveryStatus)
    /// The "Edited" label.
    case edited
    /// The indicator beside a message whose last action failed.
    case error
    /// A message's author, as the avatar stands for them (initials in the box's `text`).
    case avatar(userID: String)
    /// A count on a badge or a button: unread threads, unread messages on scroll-to-latest.
    case count(Int)
    /// The reply count of a thread view (centred in its band).
    case replyCount(Int)
    /// A message's bubble, and whether the message is the current user's.
    case bubble(fromCurrentUser: Bool)
    /// A message's media (images and videos) as one gallery: how many it has. Its tiles are
    /// its children (at most four).
    case gallery(mediaCount: Int)
    /// One tile of a gallery: its media, where it stands, and the "+N" over the last tile when
    /// the message has more media than tiles.
    case galleryTile(GalleryTileContent)
    /// One part of an attachment's card (a link preview's image, author badge, title and
    /// description; a file's type icon, name and size; a voice recording's play button,
    /// duration and waveform; a button of an ephemeral giphy). The card is the attachment's
    /// box; its parts are its children.
    case cardPart(AttachmentCardPart)
    /// The read status of one of the current user's messages in a group channel, with how many
    /// of the other members read it (shown before the status: "2 ✓✓").
    case deliveryStatusRead(readCount: Int)
    /// The footnote of a message shown in translation ("Translated to Portuguese"): the
    /// language's code ("pt"); the label's words are the box's `text`.
    case translatedTo(language: String)
    /// An annotation above a message's bubble: what it says of the message, its title and what
    /// follows it (the box's `text` is its line, "Reminder set • in 2 hours").
    case annotation(MessageAnnotation)
    /// A block of a message's rich text (a ``BoxRole/textBlock`` box): its kind and depths.
    case richTextBlock(RichTextBlockContent)
    /// A list item's marker (a ``BoxRole/listMarker`` box).
    case listMarker(RichTextListMarker)

    /// Decodes content in the shape ``json()`` writes (``init(jsonValue:)``).
    public init(from decoder: any Decoder) throws {
        self = try CodableJSONValue.decode(from: decoder, BoxContent.init(jsonValue:))
    }

    /// Encodes the content as ``json()``: one key naming the case.
    public func encode(to encoder: any Encoder) throws {
        try CodableJSONValue(json()).encode(to: encoder)
    }
}

/// The kind of an attachment, from Stream's `type` (an unknown type is ``custom``).
public enum AttachmentKind: String, Hashable, Sendable, CaseIterable, Codable {
    /// A still image (`image`).
    case image
    /// A video (`video`).
    case video
    /// A GIF from Giphy (`giphy`).
    case giphy
    /// Any other file (`file`).
    case file
    /// A sound file (`audio`).
    case audio
    /// A recorded voice message (`voiceRecording`).
    case voiceRecording
    /// A scraped link preview (no `type`, an `og_scrape_url`; or `linkPreview`).
    case linkPreview
    /// A poll (the message's `poll`).
    case poll
    /// A shared location (the message's `shared_location`).
    case location
    /// A type of the app's own.
    case custom

    /// The kind of Stream's attachment `type`.
    public init(type: String) {
        self = switch type {
        case "image": .image
        case "video": .video
        case "giphy": .giphy
        case "file": .file
        case "audio": .audio
        case "voiceRecording": .voiceRecording
        case "linkPreview": .linkPreview
        default: .custom
        }
    }

    /// Media: drawn at their aspect ratio within a maximum size (``Metrics/mediaWidth``).
    public var isMedia: Bool { self == .image || self == .video || self == .giphy }

    /// Shown in a message's gallery (Stream's `ChatMessageGalleryView`): images and videos.
    /// A giphy has a card of its own.
    public var isGalleryMedia: Bool { self == .image || self == .video }
}

/// An attachment as a front end draws it: its kind and what there is to say about it.
public struct AttachmentContent: Hashable, Sendable, Codable {
    /// What it is.
    public var kind: AttachmentKind
    /// The payload's `type` as it came (the kind of an app's own type is ``AttachmentKind/custom``).
    public var type: String
    /// Its title (`title`, else `fallback`), neutralised.
    public var title: String?
    /// The file's name: the last part of its asset's URL path, neutralised.
    public var fileName: String?
    /// The file's size in bytes (`file_size`).
    public var fileSize: Int?
    /// The host its URL points at (`og_scrape_url`, `title_link`, `asset_url`): "example.com".
    public var urlHost: String?
    /// The original image or video size in pixels (`original_width`, `original_height`).
    public var originalSize: PixelSize?
    /// A poll's question, options and state.
    public var poll: Poll?
    /// A shared location.
    public var location: SharedLocation?
    /// A media without its original size, drawn in the SDK's default frame (a giphy's square
    /// card) rather than as a line naming it.
    public var usesDefaultFrame: Bool
    /// A link preview's author badge ("YouTube"), neutralised.
    public var author: String?
    /// A link preview's description, neutralised.
    public var text: String?
    /// The link a preview opens, as it came.
    public var linkURL: String?
    /// The picture a front end loads for its card (a link preview's `thumb_url`, else its
    /// image), as it came.
    public var imageURL: String?
    /// A voice recording's or an audio file's length in seconds.
    public var duration: Double?
    /// How many samples a voice recording's waveform has.
    public var waveformSampleCount: Int?
    /// The buttons of an ephemeral attachment (a giphy's Send, Shuffle, Cancel).
    public var actions: [AttachmentAction] = []

    /// An attachment's content.
    public init(kind: AttachmentKind, type: String, title: String? = nil, fileName: String? = nil, fileSize: Int? = nil,
                urlHost: String? = nil, originalSize: PixelSize? = nil, poll: Poll? = nil, location: SharedLocation? = nil,
                usesDefaultFrame: Bool = false) {
        self.kind = kind
        self.type = type
        self.title = title
        self.fileName = fileName
        self.fileSize = fileSize
        self.urlHost = urlHost
        self.originalSize = originalSize
        self.poll = poll
        self.location = location
        self.usesDefaultFrame = usesDefaultFrame
    }

    /// Drawn as a picture in a frame of its own (its size, or the default frame), not as a
    /// line naming it.
    public var isFramedMedia: Bool { kind.isMedia && (originalSize != nil || usesDefaultFrame) }

    private enum CodingKeys: String, CodingKey {
        case kind, type, title, fileName, fileSize, urlHost, originalSize, poll, location, usesDefaultFrame, author, text, linkURL, imageURL,
             duration, waveformSampleCount, actions
    }

    /// Decodes an attachment; one encoded before ``usesDefaultFrame`` existed has it false.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(kind: try container.decode(AttachmentKind.self, forKey: .kind), type: try container.decode(String.self, forKey: .type),
                  title: try container.decodeIfPresent(String.self, forKey: .title),
                  fileName: try container.decodeIfPresent(String.self, forKey: .fileName),
                  fileSize: try container.decodeIfPresent(Int.self, forKey: .fileSize),
                  urlHost: try container.decodeIfPresent(String.self, forKey: .urlHost),
                  originalSize: try container.decodeIfPresent(PixelSize.self, forKey: .originalSize),
                  poll: try container.decodeIfPresent(Poll.self, forKey: .poll),
                  location: try container.decodeIfPresent(SharedLocation.self, forKey: .location),
                  usesDefaultFrame: try container.decodeIfPresent(Bool.self, forKey: .usesDefaultFrame) ?? false)
        author = try container.decodeIfPresent(String.self, forKey: .author)
        text = try container.decodeIfPresent(String.self, forKey: .text)
        linkURL = try container.decodeIfPresent(String.self, forKey: .linkURL)
        imageURL = try container.decodeIfPresent(String.self, forKey: .imageURL)
        duration = try container.decodeIfPresent(Double.self, forKey: .duration)
        waveformSampleCount = try container.decodeIfPresent(Int.self, forKey: .waveformSampleCount)
        actions = try container.decodeIfPresent([AttachmentAction].self, forKey: .actions) ?? []
    }

    /// The content of a message's attachment, its texts neutral (the model neutralised them).
    public init(_ attachment: Attachment) {
        self.init(kind: AttachmentKind(type: attachment.type), type: attachment.type,
                  title: attachment.title, fileName: attachment.fileName,
                  fileSize: attachment.fileSize, urlHost: attachment.urlHost,
                  originalSize: attachment.originalSize)
        author = attachment.author
        text = attachment.text
        linkURL = attachment.linkURL
        duration = attachment.duration
        waveformSampleCount = attachment.waveformSampleCount
        actions = attachment.actions
    }
}

/// One part of an attachment's card, as a front end draws it: what the part is, the index of
/// its attachment among the message's, and the data it is drawn from (the picture's URL, the
/// file's type and size, the recording's length and samples, the action it sends). Its words
/// ("120 bytes", "00:05", "Send") are the box's text.
public struct AttachmentCardPart: Hashable, Sendable, Codable {
    /// What a part of a card is.
    public enum Kind: String, Hashable, Sendable, CaseIterable, Codable {
        /// A link preview's picture, half as tall as wide; a giphy's, square.
        case image
        /// A link preview's author badge over the picture's bottom leading corner.
        case author
        /// A link preview's title.
        case title
        /// A link preview's description (three lines at most).
        case description
        /// A file's type icon (``AttachmentCardPart/fileType``).
        case fileIcon
        /// A file's or a recording's name.
        case fileName
        /// A file's size in words ("120 bytes", "4 KB").
        case fileSize
        /// A voice recording's play button.
        case playButton
        /// A voice recording's length ("00:05").
        case duration
        /// A voice recording's waveform.
        case waveform
        /// A button of an ephemeral attachment (``AttachmentCardPart/action``), or a poll's
        /// ("View Results": its action's `name` is "poll").
        case action
        /// A poll's question, wrapped.
        case pollQuestion
        /// A poll's subtitle ("Select one or more", "Vote ended").
        case pollSubtitle
        /// An option's check circle (``AttachmentCardPart/optionIndex``).
        case pollCheck
        /// An option's text, wrapped.
        case pollOption
        /// An option's vote count (``AttachmentCardPart/votes``).
        case pollVotes
        /// An option's progress bar: its votes against the most any option has
        /// (``AttachmentCardPart/votes``, ``AttachmentCardPart/maxVotes``).
        case pollProgress
        /// The avatars of an option's latest voters, before its count (``AttachmentCardPart/voters``:
        /// at most two, overlapping; none in an anonymous poll).
        case pollVoters
        /// A voice recording's file icon at the trailing edge, in the slot where the
        /// playback-rate button shows while it plays (a front end swaps them).
        case recordingIcon
        /// A file's download button at the card's trailing edge (Stream UIKit's
        /// `actionIconImageView` with `isDownloadFileAttachmentsEnabled`).
        case downloadButton
        /// The same button once the file is downloaded: it shares the file.
        case shareButton
    }

    /// What the part is.
    public var kind: Kind
    /// The index of its attachment among the message's attachments.
    public var attachmentIndex: Int
    /// The file's type for its icon: its extension ("pdf"), else the attachment's type.
    public var fileType: String?
    /// The picture to load, as it came.
    public var imageURL: String?
    /// The file's size in bytes.
    public var bytes: Int?
    /// The recording's length in seconds.
    public var seconds: Double?
    /// How many samples the waveform has.
    public var sampleCount: Int?
    /// The action a button sends.
    public var action: AttachmentAction?
    /// A poll option's index among the poll's options.
    public var optionIndex: Int?
    /// A poll option's votes.
    public var votes: Int?
    /// The most votes any of the poll's options has (a progress bar's full length).
    public var maxVotes: Int?
    /// A poll option's check circle is checked: the current user voted for it (`own_votes`).
    public var isChosen: Bool?
    /// The latest voters of a poll option whose avatars show, newest first.
    public var voters: [Poll.Voter]?

    /// A card's part.
    public init(kind: Kind, attachmentIndex: Int, fileType: String? = nil, imageURL: String? = nil, bytes: Int? = nil,
                seconds: Double? = nil, sampleCount: Int? = nil, action: AttachmentAction? = nil, optionIndex: Int? = nil,
                votes: Int? = nil, maxVotes: Int? = nil, isChosen: Bool? = nil, voters: [Poll.Voter]? = nil) {
        self.isChosen = isChosen
        self.voters = voters
        self.optionIndex = optionIndex
        self.votes = votes
        self.maxVotes = maxVotes
        self.kind = kind
        self.attachmentIndex = attachmentIndex
        self.fileType = fileType
        self.imageURL = imageURL
        self.bytes = bytes
        self.seconds = seconds
        self.sampleCount = sampleCount
        self.action = action
    }
}

/// A quoted message as a front end draws it: its id, author and text.
public struct QuotedContent: Hashable, Sendable, Codable {
    /// The quoted message's id.
    public var id: String
    /// Its author's display name, neutralised.
    public var author: String
    /// Its text, neutralised; "Message deleted", "Poll", "Location" or its first
    /// attachment's type ("image"; "message" without one) where it has no text of its own.
    public var text: String
    /// It was deleted.
    public var isDeleted: Bool
    /// Its first attachment, when it has one.
    public var attachment: AttachmentContent?
    /// ``text`` names what the message holds (its first attachment's type, or "message"),
    /// not words of its own: a front end may mark it so (a terminal draws "[image]").
    public var namesAttachmentType: Bool

    /// A quoted message's content.
    public init(id: String, author: String, text: String, isDeleted: Bool = false, attachment: AttachmentContent? = nil,
                namesAttachmentType: Bool = false) {
        self.id = id
        self.author = author
        self.text = text
        self.isDeleted = isDeleted
        self.attachment = attachment
        self.namesAttachmentType = namesAttachmentType
    }

    private enum CodingKeys: String, CodingKey { case id, author, text, isDeleted, attachment, namesAttachmentType }

    /// Decodes a quote; one encoded before ``namesAttachmentType`` existed has it false.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(id: try container.decode(String.self, forKey: .id), author: try container.decode(String.self, forKey: .author),
                  text: try container.decode(String.self, forKey: .text), isDeleted: try container.decode(Bool.self, forKey: .isDeleted),
                  attachment: try container.decodeIfPresent(AttachmentContent.self, forKey: .attachment),
                  namesAttachmentType: try container.decodeIfPresent(Bool.self, forKey: .namesAttachmentType) ?? false)
    }
}

/// A thread's info under its root: the reply count and who took part.
public struct ThreadInfoContent: Hashable, Sendable, Codable {
    /// The number of replies; nil under a thread reply also sent to the channel.
    public var replyCount: Int?
    /// "3 replies", or "Thread reply": the decision's words, in the document's locale.
    public var label: String
    /// The participants' names, neutralised, at most three.
    public var participants: [String]

    /// A thread info.
    public init(replyCount: Int?, label: String, participants: [String]) {
        self.replyCount = replyCount
        self.label = label
        self.participants = participants
    }
}

/// One tile of a message's gallery, as a front end draws it: the media, the index of its
/// attachment in the message, the URL of the picture to load, and the number of media the
/// gallery has no tile for (the "+N" drawn over the fourth tile; 0 elsewhere). The tile's
/// frame is its box's.
public struct GalleryTileContent: Hashable, Sendable, Codable {
    /// The media it shows.
    public var attachment: AttachmentContent
    /// The index of its attachment among the message's attachments.
    public var attachmentIndex: Int
    /// Its place in the gallery: 0 to 3, in the gallery's order (videos first, then images).
    public var position: Int
    /// How many media the gallery shows no tile for: "+2" over the fourth of six. 0 on every
    /// other tile.
    public var hiddenCount: Int
    /// The picture a front end loads for it (``Attachment/previewURL``: an image's URL, a
    /// video's thumbnail), as it came.
    public var imageURL: String?
    /// The asset's URL as it came (`asset_url`: the video to play).
    public var assetURL: String?

    /// A gallery tile's content.
    public init(attachment: AttachmentContent, attachmentIndex: Int, position: Int, hiddenCount: Int = 0,
                imageURL: String? = nil, assetURL: String? = nil) {
        self.attachment = attachment
        self.attachmentIndex = attachmentIndex
        self.position = position
        self.hiddenCount = hiddenCount
        self.imageURL = imageURL
        self.assetURL = assetURL
    }
}
