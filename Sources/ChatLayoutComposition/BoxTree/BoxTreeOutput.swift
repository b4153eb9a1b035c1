@_spi(ChatLayoutStages) import ChatLayoutModel
@_spi(ChatLayoutStages) import ChatLayoutDecisions

extension Box {
    /// The JSON of `preview --format json` for a box (schema ``LaidOutScreen/jsonSchemaVersion``): `role`, `id`?,
    /// `frame` {x, y, width, height}, `text`?, `lines`? (display order), `children`?; plus
    /// `align` when not leading, `tail` on bubbles (and wherever it is not none), `text_direction` when right to left,
    /// `placed_lines` (each line's `x` from the frame, `width`, and `text` in reading order
    /// when it differs from the display) and `content` (the typed data: one key naming what the
    /// box stands for, see ``BoxContent/json()``).
    public func json() -> JSONValue {
        var builder = JSONBuilder()
        walk(&builder)
        return builder.result
    }

    /// ``json()`` as a walk: each box's value is made once its children's are.
    private struct JSONBuilder: BoxVisitor {
        /// Per box open: its members and its children's values so far.
        var open: [(members: [(String, JSONValue)], children: [JSONValue])] = []
        var result = JSONValue.null

        mutating func visit(_ box: Box, depth: Int, frame: Frame) -> BoxWalk {
            open.append((box.jsonMembers(), []))
            return .visitChildren
        }

        mutating func leave(_ box: Box, depth: Int, frame: Frame) {
            let (members, children) = open.removeLast()
            let value = JSONValue.object(members + (children.isEmpty ? [] : [("children", .array(children))]))
            if open.isEmpty { result = value } else { open[open.count - 1].children.append(value) }
        }
    }

    /// Appends this box's JSON (``json()``'s text) to `buffer`, its children's written one by
    /// one: no JSON tree of the whole box is built. `buffer` goes to `sink` whenever it reaches
    /// `limit` bytes.
    func writeJSON(to buffer: inout String, flushingAt limit: Int, into sink: (String) throws -> Void) rethrows {
        try withoutActuallyEscaping(sink) { sink in
            var writer = JSONWriter(buffer: buffer, limit: limit, sink: sink)
            defer { buffer = writer.buffer }
            try walk(&writer)
        }
    }

    /// The JSON writer as a walk: a box's members on the way down, its children's closing
    /// bracket and its own brace on the way up; what is written goes to `sink` after each
    /// child, once it holds `limit` bytes.
    private struct JSONWriter: BoxVisitor {
        typealias Failure = any Error
        var buffer: String
        let limit: Int
        let sink: (String) throws -> Void
        /// Per box open below the first: whether a sibling was written before the next child.
        var wroteChild: [Bool] = []

        mutating func visit(_ box: Box, depth: Int, frame: Frame) throws -> BoxWalk {
            if let last = wroteChild.indices.last {
                if wroteChild[last] { buffer += "," }
                wroteChild[last] = true
            }
            buffer += "{"
            try JSONValue.writeMembers(box.jsonMembers(), to: &buffer, flushingAt: limit, into: sink)
            // After the members (never none: a box has a role): `children` comes last.
            if !box.children.isEmpty { buffer += ",\"children\":[" }
            wroteChild.append(false)
            return .visitChildren
        }

        mutating func leave(_ box: Box, depth: Int, frame: Frame) throws {
            wroteChild.removeLast()
            if !box.children.isEmpty { buffer += "]" }
            buffer += "}"
            if depth > 0 { try JSONValue.flush(&buffer, at: limit, into: sink) }
        }
    }

    /// ``json()``'s members but `children`.
    fileprivate func jsonMembers() -> [(String, JSONValue)] {
        var members: [(String, JSONValue)] = [("role", .string(role.rawValue))]
        if let id { members.append(("id", .string(id))) }
        members.append(("frame", .object([
            ("x", .int(frame.x)), ("y", .int(frame.y)), ("width", .int(frame.width)), ("height", .int(frame.height)),
        ])))
        if let text { members.append(("text", .string(text))) }
        if let content { members.append(("content", content.json())) }
        if !placedLines.isEmpty {
            members.append(("lines", .array(placedLines.map { .string($0.display) })))
            members.append(("placed_lines", .array(placedLines.map { line in
                var fields: [(String, JSONValue)] = [("x", .int(line.x)), ("width", .int(line.width))]
                // Byte for byte: a reading order canonically equal to the display is still kept.
                if !Identifier.same(line.text, line.display) { fields.append(("text", .string(line.text))) }
                // Rich text's styled pieces: only on lines that have them, so other JSON is unchanged.
                if let spans = line.spansJSON() { fields.append(("spans", spans)) }
                return .object(fields)
            })))
        }
        if alignment != .leading { members.append(("align", .string(alignment.rawValue))) }
        if textDirection == .rightToLeft { members.append(("text_direction", .string("rtl"))) }
        if role == .bubble || tail != .none { members.append(("tail", .string(tail.rawValue))) }
        return members
    }

    /// The indented dump of the tree (`preview --format tree`): one line per box with its
    /// role, message id, frame and first line of text. An id that is not one plain word is
    /// quoted (``UntrustedText/lineField(_:)``) and the text's quotes and backslashes are
    /// escaped, so that nothing from the document reads as another field or another box.
    public func treeDump() -> [String] {
        var output: [String] = []
        treeDump { output.append($0) }
        return output
    }

    /// The lines of ``treeDump()`` (without line feeds) handed to `line` one at a time, top to
    /// bottom, none of them kept. An error `line` throws ends the dump.
    public func treeDump(_ line: (String) throws -> Void) rethrows {
        try walk { box, depth in
            var text = String(repeating: "  ", count: depth) + box.role.rawValue
            if let id = box.id { text += " \(UntrustedText.lineField(id))" }  // ids come from the document
            text += " \(box.frame)"
            if box.role == .bubble { text += " tail:\(box.tail.rawValue)" }
            if let first = box.placedLines.first {
                let shown = first.display.replacingAll("\t", with: " ") // a tab is drawn as a blank cell
                let more = box.placedLines.count - 1
                text += " \(UntrustedText.quotedInLine(shown))" + (more > 0 ? " +\(more)" : "")
            }
            // Rich text: the first line's styled pieces, "strong@0+4,strong|emphasis@5+3".
            if let spans = box.placedLines.first?.spans, !spans.isEmpty {
                text += " spans:" + spans.map { span in
                    let traits = PlacedSpan.traitNames(span.traits)
                    return (traits.isEmpty ? "plain" : traits.joined(separator: "|")) + "@\(span.start)+\(span.length)"
                }.joined(separator: ",")
            }
            // Ids come from the document as they are: the line is made plain (no controls, no
            // bidi controls) before it can reach a terminal.
            try line(UntrustedText.plain(text))
        }
    }
}

/// A laid-out screen: its size and its root box (what `preview --format json` prints).
public struct LaidOutScreen: Hashable, Sendable, Codable {
    /// The screen's width, in the measurer's units.
    public var width: Int
    /// The screen's height in vertical units: the header and the whole list, or the
    /// viewport's height.
    public var height: Int
    /// The `root` box: the header, the `messageList` and the boxes that float over it.
    public var root: Box
    /// A line's height in vertical units (``Metrics/lineHeight``): 1 on a terminal.
    public var lineHeight: Int
    /// Which way the screen reads. Frames are in one coordinate system either way (x to the
    /// right); a right-to-left screen is its left-to-right twin mirrored, and its bubble tails'
    /// leading corners are on the right.
    public var direction: LayoutDirection
    /// The roles whose lines carry the presentation's own glyphs around their words
    /// (``BoxPresentation/decoratedRoles``: "( 3 )", "── Today ──"), as the layout recorded
    /// them: a front end drawing pills and rules as shapes draws them for the other roles, and
    /// a decorated role's words (``Box/text``) rather than its line.
    public var decoratedRoles: Set<BoxRole>

    /// A screen of this size with this root.
    public init(width: Int, height: Int, root: Box, lineHeight: Int = 1, direction: LayoutDirection = .leftToRight,
                decoratedRoles: Set<BoxRole> = []) {
        self.width = width
        self.height = height
        self.root = root
        self.lineHeight = max(1, lineHeight)
        self.direction = direction
        self.decoratedRoles = decoratedRoles
    }

    /// Decodes a screen in the shape ``json()`` writes (``init(jsonValue:)``).
    public init(from decoder: any Decoder) throws {
        self = try CodableJSONValue.decode(from: decoder, LaidOutScreen.init(jsonValue:))
    }

    /// Encodes the screen as ``json()``.
    public func encode(to encoder: any Encoder) throws {
        try CodableJSONValue(json()).encode(to: encoder)
    }

    /// The version of the JSON schema ``json()`` writes: 2 added `placed_lines`, `content`,
    /// `text_direction` and `line_height` to version 1's keys; 3 added `direction`, and since
    /// (adding keys keeps the version) `decorated_roles`, `tail` off bubbles and a location's
    /// exact `latitude_degrees`, `longitude_degrees` and `end_at`, so that a screen reads back
    /// equal (``init(jsonValue:)``), then the `gallery` role and content, `gallery_tile` and an
    /// attachment's `default_frame`. Earlier keys keep their meaning; a changed meaning takes a
    /// new version.
    public static let jsonSchemaVersion = 3

    /// `{"width", "height", "line_height", "schema_version", "direction", "decorated_roles"?, "root"}`: schema 1's
    /// keys first.
    public func json() -> JSONValue {
        .object(headerMembers + [("root", root.json())])
    }

    /// The text of ``json()``, exactly as `json().serialized()` gives it, handed to `sink` a
    /// piece at a time as it is written: pieces of about `chunkSize` UTF-8 bytes (more when one
    /// box's own text is longer). Box by box, with no JSON tree of the screen built and no
    /// text held whole: `preview --format json` of a long conversation. An error `sink`
    /// throws ends the writing.
    public func writeJSON(chunkSize: Int = JSONValue.chunkSize, to sink: (String) throws -> Void) rethrows {
        var buffer = "{"
        try JSONValue.writeMembers(headerMembers, to: &buffer, flushingAt: chunkSize, into: sink)
        buffer += ",\"root\":"
        try root.writeJSON(to: &buffer, flushingAt: chunkSize, into: sink)
        buffer += "}"
        try sink(buffer)
    }

    /// The keys before `root`; `decorated_roles` only where there are some, in the order of
    /// ``BoxRole/allCases``.
    private var headerMembers: [(String, JSONValue)] {
        [("width", .int(width)), ("height", .int(height)), ("line_height", .int(lineHeight)),
         ("schema_version", .int(Self.jsonSchemaVersion)), ("direction", .string(direction.rawValue))]
            + (decoratedRoles.isEmpty ? [] : [("decorated_roles", .array(BoxRole.allCases.filter(decoratedRoles.contains).map { .string($0.rawValue) }))])
    }
}

extension BoxContent {
    /// The typed data as JSON: an object with one key naming the case — `attachment` {kind,
    /// type, title?, file_name?, file_size?, url_host?, original_width?, original_height?,
    /// poll? {question, closed, options}, location? {latitude, longitude, live}},
    /// `poll_option` {text, votes}, `quoted_message` {id, author, text, deleted,
    /// names_attachment_type (the text names what it holds: "image"), attachment?},
    /// `translation`: true, `reactions` [{type, count, own?}], `thread_info` {reply_count?, label,
    /// participants}, `delivery_status` "pending"|"sent"|"delivered"|"read", `edited`: true,
    /// `error`: true, `avatar` {user_id}, `count` n, `reply_count` n, `bubble` {from_current_user},
    /// `gallery` {media_count}, `gallery_tile` {attachment, attachment_index, position,
    /// hidden_count, image_url?, asset_url?}, `card_part` (``AttachmentCardPart/json()``),
    /// `delivery_status_read` {read_count} (a read status with how many other members read the
    /// message), `translated_to` {language} (the footnote of a message shown in translation),
    /// `rich_text_block` (``RichTextBlockContent/json()``), `list_marker` {bullet: true} or {number}.
    public func json() -> JSONValue {
        switch self {
        case .attachment(let attachment): .object([("attachment", attachment.json())])
        case .pollOption(let option): .object([("poll_option", Self.json(option))])
        case .quotedMessage(let quoted):
            .object([("quoted_message", .object([("id", .string(quoted.id)), ("author", .string(quoted.author)),
                                                 ("text", .string(quoted.text)), ("deleted", .bool(quoted.isDeleted)),
                                                 ("names_attachment_type", .bool(quoted.namesAttachmentType))]
                                                + (quoted.attachment.map { [("attachment", $0.json())] } ?? [])))])
        case .translation: .object([("translation", .bool(true))])
        case .reactions(let reactions):
            .object([("reactions", .array(reactions.map {
                .object([("type", .string($0.type)), ("count", .int($0.count))] + ($0.isOwn ? [("own", .bool(true))] : []))
            }))])
        case .threadInfo(let info):
            .object([("thread_info", .object((info.replyCount.map { [("reply_count", JSONValue.int($0))] } ?? [])
                + [("label", .string(info.label)), ("participants", .array(info.participants.map(JSONValue.string)))]))])
        case .deliveryStatus(let status): .object([("delivery_status", .string(status.rawValue))])
        case .edited: .object([("edited", .bool(true))])
        case .error: .object([("error", .bool(true))])
        case .avatar(let userID): .object([("avatar", .object([("user_id", .string(userID))]))])
        case .count(let count): .object([("count", .int(count))])
        case .replyCount(let count): .object([("reply_count", .int(count))])
        case .bubble(let fromCurrentUser): .object([("bubble", .object([("from_current_user", .bool(fromCurrentUser))]))])
        case .gallery(let count): .object([("gallery", .object([("media_count", .int(count))]))])
        case .galleryTile(let tile):
            .object([("gallery_tile", .object([("attachment", tile.attachment.json()), ("attachment_index", .int(tile.attachmentIndex)),
                                               ("position", .int(tile.position)), ("hidden_count", .int(tile.hiddenCount))]
                                              + (tile.imageURL.map { [("image_url", JSONValue.string($0))] } ?? [])
                                              + (tile.assetURL.map { [("asset_url", JSONValue.string($0))] } ?? [])))])
        case .cardPart(let part): .object([("card_part", part.json())])
        case .deliveryStatusRead(let count): .object([("delivery_status_read", .object([("read_count", .int(count))]))])
        case .translatedTo(let language): .object([("translated_to", .object([("language", .string(language))]))])
        case .annotation(let annotation):
            .object([("annotation", .object([("kind", .string(annotation.kind.rawValue)), ("title", .string(annotation.title))]
                                            + (annotation.subtitle.map { [("subtitle", JSONValue.string($0))] } ?? [])
                                            + (annotation.button.map { [("button", JSONValue.string($0))] } ?? [])))])
        case .richTextBlock(let block): .object([("rich_text_block", block.json())])
        case .listMarker(let marker):
            switch marker {
            case .bullet: .object([("list_marker", .object([("bullet", .bool(true))]))])
            case .number(let number): .object([("list_marker", .object([("number", .int(number))]))])
            }
        }
    }

    static func json(_ option: Poll.Option) -> JSONValue {
        .object([("text", .string(option.text)), ("votes", .int(option.voteCount))])
    }
}

extension AttachmentContent {
    /// `{kind, type, title?, file_name?, file_size?, url_host?, original_width?,
    /// original_height?, poll?, location?, default_frame?, author?, text?, link_url?, image_url?,
    /// duration?, waveform_samples?, actions?}` (`default_frame`: true for media drawn in the
    /// default frame, ``AttachmentContent/usesDefaultFrame``; `actions` [{name, value, text, primary}]).
    public func json() -> JSONValue {
        var members: [(String, JSONValue)] = [("kind", .string(kind.rawValue)), ("type", .string(type))]
        if let title { members.append(("title", .string(title))) }
        if let fileName { members.append(("file_name", .string(fileName))) }
        if let fileSize { members.append(("file_size", .int(fileSize))) }
        if let urlHost { members.append(("url_host", .string(urlHost))) }
        if let originalSize {
            members.append(("original_width", .int(originalSize.width)))
            members.append(("original_height", .int(originalSize.height)))
        }
        if let poll {
            members.append(("poll", .object([("question", .string(poll.question)), ("closed", .bool(poll.isClosed)),
                                             ("options", .array(poll.options.map(BoxContent.json)))])))
        }
        if let location {
            // Coordinates as the five-decimal text the drawing uses: no float formatting noise.
            // Then the exact values, read back: the degrees as numbers and when live sharing ends.
            members.append(("location", .object([("latitude", .string(SharedLocation.coordinate(location.latitude))),
                                                 ("longitude", .string(SharedLocation.coordinate(location.longitude))),
                                                 ("live", .bool(location.isLive)),
                                                 ("latitude_degrees", .double(location.latitude)),
                                                 ("longitude_degrees", .double(location.longitude))]
                                                + (location.endAt.map { [("end_at", .string($0.rfc3339))] } ?? []))))
        }
        if usesDefaultFrame { members.append(("default_frame", .bool(true))) }
        if let author { members.append(("author", .string(author))) }
        if let text { members.append(("text", .string(text))) }
        if let linkURL { members.append(("link_url", .string(linkURL))) }
        if let imageURL { members.append(("image_url", .string(imageURL))) }
        if let duration { members.append(("duration", .double(duration))) }
        if let waveformSampleCount { members.append(("waveform_samples", .int(waveformSampleCount))) }
        if !actions.isEmpty { members.append(("actions", .array(actions.map(\.json)))) }
        return .object(members)
    }
}

extension AttachmentAction {
    /// `{name, value, text, primary}`.
    public var json: JSONValue {
        .object([("name", .string(name)), ("value", .string(value)), ("text", .string(text)), ("primary", .bool(isPrimary))])
    }
}

extension AttachmentCardPart {
    /// `{kind, attachment_index, file_type?, image_url?, bytes?, seconds?, samples?, action?,
    /// option_index?, votes?, max_votes?, chosen?, voters? [{user_id, name?, image_url?}]}`.
    public func json() -> JSONValue {
        var members: [(String, JSONValue)] = [("kind", .string(kind.rawValue)), ("attachment_index", .int(attachmentIndex))]
        if let fileType { members.append(("file_type", .string(fileType))) }
        if let imageURL { members.append(("image_url", .string(imageURL))) }
        if let bytes { members.append(("bytes", .int(bytes))) }
        if let seconds { members.append(("seconds", .double(seconds))) }
        if let sampleCount { members.append(("samples", .int(sampleCount))) }
        if let action { members.append(("action", action.json)) }
        if let optionIndex { members.append(("option_index", .int(optionIndex))) }
        if let votes { members.append(("votes", .int(votes))) }
        if let maxVotes { members.append(("max_votes", .int(maxVotes))) }
        if let isChosen { members.append(("chosen", .bool(isChosen))) }
        if let voters {
            members.append(("voters", .array(voters.map { voter in
                var fields: [(String, JSONValue)] = [("user_id", .string(voter.userID))]
                if let name = voter.name { fields.append(("name", .string(name))) }
                if let imageURL = voter.imageURL { fields.append(("image_url", .string(imageURL))) }
                return .object(fields)
            })))
        }
        return .object(members)
    }
}
