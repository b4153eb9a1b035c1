/// A chat user.
public struct User: Hashable, Sendable, Codable {
    /// The user's id.
    public var id: String
    /// The display name, neutralised; may be absent in payloads. Set, it is neutralised.
    public var name: String? {
        get { neutralName?.string }
        set { neutralName = newValue.map { NeutralText($0) } }
    }
    /// The display name, neutralised.
    public var neutralName: NeutralText?
    /// The avatar's image URL (carried; the layout draws initials).
    public var imageURL: String?
    /// Whether the user is connected now (`online`), as the payload says; nil when it does not.
    /// A direct channel's header shows its other member's presence from it.
    public var online: Bool?
    /// When the user was last connected (`last_active`); nil when the payload does not say. A
    /// direct channel's header reads "last seen 5 minutes ago" from it, relative to the
    /// context's `now`.
    public var lastActive: Timestamp?

    private enum CodingKeys: String, CodingKey { case id, neutralName = "name", imageURL, online, lastActive }

    /// A user; the name is neutralised.
    public init(id: String, name: String? = nil, imageURL: String? = nil, online: Bool? = nil, lastActive: Timestamp? = nil) {
        self.id = id
        self.neutralName = name.map { NeutralText($0) }
        self.imageURL = imageURL
        self.online = online
        self.lastActive = lastActive
    }

    /// Whether the payload says anything of the user's presence (`online` or `last_active`).
    public var hasPresence: Bool { online != nil || lastActive != nil }

    /// Users are equal when their id, name and image are the same bytes (an id that only reads
    /// like another, canonically equivalent as Swift's `==` compares strings, is another user)
    /// and their presence is the same.
    public static func == (lhs: User, rhs: User) -> Bool {
        Identifier.same(lhs.id, rhs.id) && lhs.neutralName == rhs.neutralName && Identifier.equal(lhs.imageURL, rhs.imageURL)
            && lhs.online == rhs.online && lhs.lastActive == rhs.lastActive
    }

    /// Hashes the same bytes that `==` compares.
    public func hash(into hasher: inout Hasher) {
        Identifier.hash(id, into: &hasher)
        Identifier.hash(name, into: &hasher)
    }

    /// The name to show: `name` when it has any non-space text, else the id (as it is: an id
    /// is compared by its bytes; ``neutralDisplayName`` is the name a screen shows).
    public var displayName: String {
        if let name, name.contains(where: { !$0.isWhitespace }) { return name }
        return id
    }

    /// ``displayName`` neutralised: the name as it is, or the id neutralised (one scan).
    @inlinable public var neutralDisplayName: NeutralText {
        if let neutralName, neutralName.string.contains(where: { !$0.isWhitespace }) { return neutralName }
        return NeutralText(id)
    }

    /// ``initials`` neutralised: two first characters of a neutral name can leave an override
    /// open.
    public var neutralInitials: NeutralText { NeutralText(initials) }

    /// The id as a screen shows it (a member without a name), neutralised.
    public var neutralID: NeutralText { NeutralText(id) }

    /// Up to two initials for an avatar placeholder ("Luke Skywalker" → "LS"): the first
    /// letter or digit of each of the first two words that have one, so punctuation and
    /// symbols do not stand for a word ("Ada (Support)" → "AS", "Dr. Evil" → "DE"). A name
    /// with no letter or digit at all ("🎉 ✨") keeps the first character of its first two
    /// words.
    public var initials: String {
        if let ascii = Self.asciiInitials(displayName) { return ascii }
        let words = displayName.split(whereSeparator: { $0.isWhitespace })
        var letters: [Character] = Array(words.lazy.compactMap { $0.first(where: Self.isLetterOrDigit) }.prefix(2))
        if letters.isEmpty { letters = words.prefix(2).compactMap(\.first) }
        return letters.isEmpty ? "?" : String(letters).uppercased()
    }

    /// A character that can stand for a word: its first scalar is a letter or a number.
    private static func isLetterOrDigit(_ character: Character) -> Bool {
        let properties = character.unicodeScalars.first!.properties
        return properties.isAlphabetic || properties.numericType != nil
    }

    /// The same for an ASCII name, byte by byte (every message row asks); nil for other names.
    /// No array and no Unicode case mapping: up to two bytes each, uppercased as ASCII.
    private static func asciiInitials(_ name: String) -> String? {
        var letters = TwoBytes(), firsts = TwoBytes()
        var atWordStart = true
        var wordHasLetter = false
        for byte in name.utf8 {
            guard byte < 0x80 else { return nil }
            // ASCII whitespace as Character.isWhitespace has it: tab, LF, VT, FF, CR, space.
            if byte == 0x20 || (byte >= 0x09 && byte <= 0x0D) {
                atWordStart = true
                continue
            }
            if atWordStart {
                atWordStart = false
                wordHasLetter = false
                firsts.append(byte)
            }
            let isAlphanumeric = (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
            if isAlphanumeric && !wordHasLetter {
                wordHasLetter = true
                letters.append(byte)
            }
        }
        // "\r\n" is one Character; as whitespace it separates words like the others here.
        if letters.count == 0 { letters = firsts }
        return letters.count == 0 ? "?" : letters.uppercased
    }

    /// The first two bytes appended, without an array.
    private struct TwoBytes {
        var count = 0
        var bytes: (UInt8, UInt8) = (0, 0)

        mutating func append(_ byte: UInt8) {
            if count == 0 { bytes.0 = byte } else if count == 1 { bytes.1 = byte }
            count = min(count + 1, 2)
        }

        /// The bytes as a string, ASCII lowercase letters uppercased.
        var uppercased: String {
            func upper(_ byte: UInt8) -> UInt8 { byte >= 0x61 && byte <= 0x7A ? byte - 0x20 : byte }
            let upper = (upper(bytes.0), upper(bytes.1))
            return withUnsafeBytes(of: upper) { String(decoding: $0.prefix(count), as: UTF8.self) }
        }
    }
}

/// A user in a box of its own, shared by every message of one author (a ``Message`` stores its
/// author as one): the decoder gives one author's messages the same box, so a million messages
/// of six authors hold six users, not a million (issue 32).
@usableFromInline package final class SharedUser: @unchecked Sendable {
    /// The user; set, a message's author gets a new box.
    @usableFromInline package let user: User

    /// `user` in a box.
    package init(_ user: User) {
        self.user = user
    }

    /// Whether the box holds `other` (``User``'s `==`: the same bytes), without copying its user
    /// out: the id first, where users mostly differ.
    package func holds(_ other: User) -> Bool {
        Identifier.same(user.id, other.id) && user.neutralName == other.neutralName && Identifier.equal(user.imageURL, other.imageURL)
            && user.online == other.online && user.lastActive == other.lastActive
    }
}
