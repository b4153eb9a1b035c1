@_spi(ChatLayoutStages) import ChatLayoutModel
@_spi(ChatLayoutStages) import ChatLayoutDecisions

/// Reading back the JSON ``LaidOutScreen/json()`` writes: a server lays a screen out and sends
/// it, a client decodes it to an equal ``LaidOutScreen``. Every key the writer writes is read,
/// with the defaults the writer leaves out (`align` leading, `text_direction` left to right,
/// `tail` none); an error names the JSON path of the value at fault ("root.children[2].frame.x").
/// The bytes are parsed by `ChatLayoutDecoding` (`LaidOutScreen(json:)`), which reports
/// malformed JSON with its line and column; `Codable` reads the same shape.
extension LaidOutScreen {
    /// The screen `value` holds, in the shape ``json()`` writes (schema
    /// ``jsonSchemaVersion`` or earlier: a screen without `line_height`, `direction` or
    /// `decorated_roles` has lines of 1, reads left to right and has no decorated role).
    ///
    /// - Throws: a `DocumentError` naming the path of a value missing, of the wrong type or
    ///   unknown, or a schema version newer than this library's.
    public init(jsonValue value: JSONValue) throws(DocumentError) {
        let screen = BoxTreeJSONReader(value)
        if let version = try screen["schema_version"].optionalInt(), version > Self.jsonSchemaVersion {
            throw screen["schema_version"].error("schema version \(version) is newer than this library's (\(Self.jsonSchemaVersion))")
        }
        var decorated = Set<BoxRole>()
        for role in try screen["decorated_roles"].optionalArray() ?? [] { decorated.insert(try role.enumValue(BoxRole.self)) }
        self.init(width: try screen["width"].int(), height: try screen["height"].int(), root: try Box(screen["root"]),
                  lineHeight: try screen["line_height"].optionalInt() ?? 1,
                  direction: try screen["direction"].optionalEnum(LayoutDirection.self) ?? .leftToRight, decoratedRoles: decorated)
    }
}

extension Box {
    /// The box `value` holds, in the shape ``json()`` writes.
    ///
    /// - Throws: a `DocumentError` naming the path of a value missing, of the wrong type or
    ///   unknown.
    public init(jsonValue value: JSONValue) throws(DocumentError) {
        try self.init(BoxTreeJSONReader(value))
    }

    init(_ json: BoxTreeJSONReader) throws(DocumentError) {
        let lines = try json["lines"].optionalArray() ?? []
        let placed = try json["placed_lines"].optionalArray() ?? []
        guard lines.count == placed.count else {
            throw json["placed_lines"].error("expected one placed line per line (\(lines.count)), got \(placed.count)")
        }
        var placedLines: [PlacedLine] = []
        placedLines.reserveCapacity(lines.count)
        for (display, line) in zip(lines, placed) {
            let shown = try display.string()
            // Read from outside the library: the display form (what a grid draws as it is) is
            // neutralised. (The reading order of a wrapped line may leave an embedding open for
            // the next line: who draws it in reading order neutralises it, as the SVG does.)
            let neutral = NeutralText(shown).string
            var placedLine = PlacedLine(display: neutral, text: try line["text"].optionalString() ?? shown,
                                        x: try line["x"].int(), width: try line["width"].int())
            if let spans = try line["spans"].optionalArray() {
                var pieces: [PlacedSpan] = []
                for span in spans {
                    var traits: RichTextTraits = []
                    for name in try span["traits"].array() {
                        let word = try name.string()
                        guard let trait = PlacedSpan.trait(named: word) else {
                            throw name.error("unknown trait '\(UntrustedText.plain(UntrustedText.shortened(word, wholeUpTo: 40)))'")
                        }
                        traits.insert(trait)
                    }
                    pieces.append(PlacedSpan(start: try span["start"].int(), length: try span["length"].int(), traits: traits,
                                             destination: try span["destination"].optionalString().map { NeutralText($0).string }))
                }
                placedLine.spans = pieces
            }
            placedLines.append(placedLine)
        }
        let frame = json["frame"]
        var children: [Box] = []
        for child in try json["children"].optionalArray() ?? [] { children.append(try Box(child)) }
        var content: BoxContent? = try json["content"].isAbsent ? nil : BoxContent(json["content"])
        if case .richTextBlock(var block)? = content {
            // The lines carry the spans; the content keeps them too, as the layout made it.
            block.lineSpans = placedLines.map { $0.spans ?? [] }
            content = .richTextBlock(block)
        }
        self.init(role: try json["role"].enumValue(BoxRole.self), id: try json["id"].optionalString(),
                  frame: Frame(x: try frame["x"].int(), y: try frame["y"].int(), width: try frame["width"].int(), height: try frame["height"].int()),
                  text: try json["text"].optionalString().map { NeutralText($0) }, content: content,
                  placedLines: placedLines, alignment: try json["align"].optionalEnum(TextAlignment.self) ?? .leading,
                  textDirection: try json["text_direction"].optionalString() == "rtl" ? .rightToLeft : .leftToRight,
                  tail: try json["tail"].optionalEnum(BubbleTail.self) ?? .none, children: children)
    }
}

extension BoxContent {
    /// The content `value` holds, in the shape ``json()`` writes: an object with one key
    /// naming the case.
    ///
    /// - Throws: a `DocumentError` naming the path of a value missing, of the wrong type or
    ///   unknown.
    public init(jsonValue value: JSONValue) throws(DocumentError) {
        try self.init(BoxTreeJSONReader(value))
    }

    init(_ json: BoxTreeJSONReader) throws(DocumentError) {
        let members = try json.members()
        guard members.count == 1, let (key, value) = members.first else {
            throw json.error("expected an object with one key naming the content, got \(members.count) keys")
        }
        switch key {
        case "attachment": self = .attachment(try AttachmentContent(value))
        case "poll_option": self = .pollOption(try Poll.Option(text: value["text"].string(), voteCount: value["votes"].int()))
        case "quoted_message":
            self = .quotedMessage(QuotedContent(id: try value["id"].string(), author: try value["author"].string(), text: try value["text"].string(),
                                                isDeleted: try value["deleted"].bool(),
                                                attachment: try value["attachment"].isAbsent ? nil : AttachmentContent(value["attachment"]),
                                                namesAttachmentType: try value["names_attachment_type"].optionalBool() ?? false))
        case "translation": self = .translation
        case "reactions":
            var reactions: [ReactionCount] = []
            for reaction in try value.array() { 
                reactions.append(ReactionCount(type: try reaction["type"].string(), count: try reaction["count"].int(),
                                               isOwn: try reaction["own"].optionalBool() ?? false))
            }
            self = .reactions(reactions)
        case "thread_info":
            var participants: [String] = []
            for name in try value["participants"].array() { participants.append(try name.string()) }
            self = .threadInfo(ThreadInfoContent(replyCount: try value["reply_count"].optionalInt(), label: try value["label"].string(),
                                                 participants: participants))
        case "delivery_status": self = .deliveryStatus(try value.enumValue(DeliveryStatus.self))
        case "edited": self = .edited
        case "error": self = .error
        case "avatar": self = .avatar(userID: try value["user_id"].string())
        case "count": self = .count(try value.int())
        case "reply_count": self = .replyCount(try value.int())
        case "bubble": self = .bubble(fromCurrentUser: try value["from_current_user"].bool())
        case "gallery": self = .gallery(mediaCount: try value["media_count"].int())
        case "gallery_tile":
            self = .galleryTile(GalleryTileContent(attachment: try AttachmentContent(value["attachment"]),
                                                   attachmentIndex: try value["attachment_index"].int(), position: try value["position"].int(),
                                                   hiddenCount: try value["hidden_count"].int(), imageURL: try value["image_url"].optionalString(),
                                                   assetURL: try value["asset_url"].optionalString()))
        case "card_part":
            let kind = try value["kind"].enumValue(AttachmentCardPart.Kind.self)
            self = .cardPart(AttachmentCardPart(kind: kind, attachmentIndex: try value["attachment_index"].int(),
                                                fileType: try value["file_type"].optionalString(), imageURL: try value["image_url"].optionalString(),
                                                bytes: try value["bytes"].optionalInt(), seconds: try value["seconds"].optionalDouble(),
                                                sampleCount: try value["samples"].optionalInt(),
                                                action: value["action"].isAbsent ? nil : try AttachmentAction(value["action"]),
                                                optionIndex: try value["option_index"].optionalInt(), votes: try value["votes"].optionalInt(),
                                                maxVotes: try value["max_votes"].optionalInt(), isChosen: try value["chosen"].optionalBool(),
                                                voters: value["voters"].isAbsent ? nil : try Self.voters(value["voters"])))
        case "delivery_status_read": self = .deliveryStatusRead(readCount: try value["read_count"].int())
        case "translated_to": self = .translatedTo(language: try value["language"].string())
        case "annotation":
            self = .annotation(MessageAnnotation(kind: try value["kind"].enumValue(MessageAnnotation.Kind.self), title: try value["title"].string(),
                                                 subtitle: try value["subtitle"].optionalString(), button: try value["button"].optionalString()))
        case "rich_text_block":
            let kind: RichTextBlock.Kind
            switch try value["kind"].string() {
            case "paragraph": kind = .paragraph
            case "heading": kind = .heading(level: try value["level"].int())
            case "code_block": kind = .codeBlock(language: try value["language"].optionalString().map { NeutralText($0) })
            case "list_item": kind = .listItem(marker: (try? value["marker"].int()).map { .number($0) } ?? .bullet)
            case "thematic_break": kind = .thematicBreak
            case let other: throw value["kind"].error("unknown block kind '\(UntrustedText.plain(UntrustedText.shortened(other, wholeUpTo: 40)))'")
            }
            self = .richTextBlock(RichTextBlockContent(kind: kind, quoteDepth: try value["quote_depth"].int(), listDepth: try value["list_depth"].int()))
        case "list_marker":
            if let number = try value["number"].optionalInt() { self = .listMarker(.number(number)) } else { self = .listMarker(.bullet) }
        default: throw value.error("unknown content '\(UntrustedText.plain(UntrustedText.shortened(key, wholeUpTo: 40)))'")
        }
    }

    /// A poll option's voters: `[{user_id, name?, image_url?}]`.
    private static func voters(_ json: BoxTreeJSONReader) throws(DocumentError) -> [Poll.Voter] {
        var voters: [Poll.Voter] = []
        for voter in try json.array() {
            voters.append(Poll.Voter(userID: try voter["user_id"].string(), name: try voter["name"].optionalString(),
                                     imageURL: try voter["image_url"].optionalString()))
        }
        return voters
    }
}

extension AttachmentContent {
    init(_ json: BoxTreeJSONReader) throws(DocumentError) {
        var size: PixelSize?
        if let width = try json["original_width"].optionalInt() {
            let height = try json["original_height"].int()
            guard let pixels = PixelSize(width: width, height: height) else { throw json["original_width"].error("a size needs two positive sides") }
            size = pixels
        }
        var poll: Poll?
        if !json["poll"].isAbsent {
            var options: [Poll.Option] = []
            for option in try json["poll"]["options"].array() {
                options.append(Poll.Option(text: try option["text"].string(), voteCount: try option["votes"].int()))
            }
            poll = Poll(question: try json["poll"]["question"].string(), options: options, isClosed: try json["poll"]["closed"].bool())
        }
        var location: SharedLocation?
        if !json["location"].isAbsent { location = try SharedLocation(json["location"]) }
        self.init(kind: try json["kind"].enumValue(AttachmentKind.self), type: try json["type"].string(), title: try json["title"].optionalString(),
                  fileName: try json["file_name"].optionalString(), fileSize: try json["file_size"].optionalInt(),
                  urlHost: try json["url_host"].optionalString(), originalSize: size, poll: poll, location: location,
                  usesDefaultFrame: try json["default_frame"].optionalBool() ?? false)
        author = try json["author"].optionalString()
        text = try json["text"].optionalString()
        linkURL = try json["link_url"].optionalString()
        imageURL = try json["image_url"].optionalString()
        duration = try json["duration"].optionalDouble()
        waveformSampleCount = try json["waveform_samples"].optionalInt()
        if !json["actions"].isAbsent {
            for action in try json["actions"].array() { actions.append(try AttachmentAction(action)) }
        }
    }
}

extension AttachmentAction {
    init(_ json: BoxTreeJSONReader) throws(DocumentError) {
        self.init(name: try json["name"].string(), value: try json["value"].string(), text: try json["text"].string(),
                  isPrimary: try json["primary"].optionalBool() ?? false)
    }
}

extension SharedLocation {
    /// Read from `latitude_degrees`, `longitude_degrees` and `end_at` (the exact values); a
    /// location written without them (before schema 3 carried them) has the five-decimal
    /// `latitude` and `longitude`, and an end at the epoch when `live`.
    init(_ json: BoxTreeJSONReader) throws(DocumentError) {
        func degrees(_ exact: String, _ shown: String) throws(DocumentError) -> Double {
            if let value = try json[exact].optionalDouble() { return value }
            guard let value = Double(try json[shown].string()) else { throw json[shown].error("expected degrees") }
            return value
        }
        var endAt: Timestamp?
        if let text = try json["end_at"].optionalString() {
            guard let timestamp = Timestamp(rfc3339: text) else { throw json["end_at"].error("expected an RFC 3339 timestamp") }
            endAt = timestamp
        } else if try json["live"].bool() {
            endAt = Timestamp(seconds: 0)
        }
        self.init(latitude: try degrees("latitude_degrees", "latitude"), longitude: try degrees("longitude_degrees", "longitude"), endAt: endAt)
    }
}

/// A value of a box tree's JSON and the path that led to it: navigation never fails (a
/// missing step gives an absent value), the accessors throw with the path.
struct BoxTreeJSONReader {
    let value: JSONValue?
    let path: String

    init(_ value: JSONValue?, path: String = "") {
        self.value = value
        self.path = path
    }

    subscript(key: String) -> BoxTreeJSONReader {
        var found: JSONValue?
        if case .object(let members)? = value {
            // The last of repeated keys, as the parser keeps them.
            for (name, member) in members.reversed() where name == key {
                found = member
                break
            }
        }
        return BoxTreeJSONReader(found, path: path.isEmpty ? key : path + "." + key)
    }

    /// Nothing here: missing, or `null`.
    var isAbsent: Bool {
        switch value {
        case nil, .null?: true
        default: false
        }
    }

    func error(_ message: String) -> DocumentError {
        DocumentError(path: path, message: message)
    }

    private func expected(_ what: String) -> DocumentError {
        guard let value else { return error("missing (required)") }
        let found = switch value {
        case .null: "null"
        case .bool(let flag): flag ? "true" : "false"
        case .int, .double: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
        return error("expected \(what), got \(found)")
    }

    func string() throws(DocumentError) -> String {
        guard case .string(let text)? = value else { throw expected("a string") }
        return text
    }

    func optionalString() throws(DocumentError) -> String? {
        isAbsent ? nil : try string()
    }

    func int() throws(DocumentError) -> Int {
        guard case .int(let number)? = value else { throw expected("an integer") }
        return number
    }

    func optionalInt() throws(DocumentError) -> Int? {
        isAbsent ? nil : try int()
    }

    func optionalDouble() throws(DocumentError) -> Double? {
        switch value {
        case nil, .null?: return nil
        case .double(let number)?: return number
        case .int(let number)?: return Double(number)
        default: throw expected("a number")
        }
    }

    func bool() throws(DocumentError) -> Bool {
        guard case .bool(let flag)? = value else { throw expected("true or false") }
        return flag
    }

    func optionalBool() throws(DocumentError) -> Bool? {
        isAbsent ? nil : try bool()
    }

    func enumValue<Value: RawRepresentable>(_ type: Value.Type) throws(DocumentError) -> Value where Value.RawValue == String {
        let text = try string()
        guard let known = Value(rawValue: text) else {
            throw error("unknown value '\(UntrustedText.plain(UntrustedText.shortened(text, wholeUpTo: 40)))'")
        }
        return known
    }

    func optionalEnum<Value: RawRepresentable>(_ type: Value.Type) throws(DocumentError) -> Value? where Value.RawValue == String {
        isAbsent ? nil : try enumValue(type)
    }

    func array() throws(DocumentError) -> [BoxTreeJSONReader] {
        guard case .array(let elements)? = value else { throw expected("an array") }
        return elements.enumerated().map { BoxTreeJSONReader($0.element, path: path + "[\($0.offset)]") }
    }

    func optionalArray() throws(DocumentError) -> [BoxTreeJSONReader]? {
        isAbsent ? nil : try array()
    }

    func members() throws(DocumentError) -> [(String, BoxTreeJSONReader)] {
        guard case .object(let members)? = value else { throw expected("an object") }
        return members.map { ($0.0, self[$0.0]) }
    }
}
