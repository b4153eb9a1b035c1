/// A chat user.
public struct User: Hashable, Sendable {
    /// The user's id.
    public var id: String
    /// The display name; may be absent in payloads.
    public var name: String?
    /// The avatar's image URL (carried; the layout draws initials).
    public var imageURL: String?

    /// A user.
    public init(id: String, name: String? = nil, imageURL: String? = nil) {
        self.id = id
        self.name = name
        self.imageURL = imageURL
    }

    /// The name to show: `name` when it has any non-space text, else the id.
    public var displayName: String {
        if let name, name.contains(where: { !$0.isWhitespace }) { return name }
        return id
    }

    /// Up to two initials for an avatar placeholder ("Luke Skywalker" → "LS").
    public var initials: String {
        let words = displayName.split(whereSeparator: { $0.isWhitespace })
        let letters = words.prefix(2).compactMap(\.first)
        return letters.isEmpty ? "?" : String(letters).uppercased()
    }
}
