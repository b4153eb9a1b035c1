/// Text that has been neutralised (``UntrustedText/neutralize(_:)``): nothing in it can act on
/// a terminal or reorder what is drawn around it.
///
/// The rule: text is neutralised once, where it enters the model. The model values that
/// carry text a screen shows (a ``Message``'s text and translations, a ``User``'s name, an
/// ``Attachment``'s words, a ``Poll``'s question and options, a ``Reaction``'s type, a
/// ``Channel``'s name, a ``ChatThread``'s title) store it as `NeutralText` when they are made
/// or a property is set, and the stages after them take it as it is, without scanning it
/// again.
///
/// The only way to make one from a `String` is ``init(_:)``, which neutralises it (one scan of
/// its UTF-8 bytes when there is nothing to change). A string literal makes one too: literals
/// are written in code, not sent by strangers (and are neutralised all the same). There is
/// no string interpolation and no unchecked public initialiser: words the library composes
/// from neutral parts are made with an internal initialiser a reviewer can find by its name.
public struct NeutralText: Hashable, Sendable, Codable, ExpressibleByStringLiteral, CustomStringConvertible {
    /// The neutral text.
    public let string: String

    /// `text` neutralised (``UntrustedText/neutralize(_:)``).
    public init(_ text: String) {
        string = UntrustedText.neutralize(text)
    }

    /// A literal written in code, neutralised as ``init(_:)`` does.
    public init(stringLiteral value: String) {
        self.init(value)
    }

    /// Words composed from neutral parts only: neutral texts, the strings table's words, digits
    /// and literals. Not checked: every call says why its parts are neutral.
    package init(composing string: String) {
        self.string = string
    }

    /// Whether the text is empty.
    public var isEmpty: Bool { string.isEmpty }

    /// The text itself.
    public var description: String { string }

    /// The text's characters but the closers neutralising appended at its end (the bidi
    /// embeddings and isolates it left open), as many as were there before.
    private var withoutTrailingClosers: Substring.UnicodeScalarView {
        var scalars = Substring(string).unicodeScalars
        while let last = scalars.last, last == "\u{202C}" || last == "\u{2069}" { scalars.removeLast() }
        return scalars
    }

    /// How many characters the text had before neutralising closed what it left open.
    package var characterCount: Int { Substring(withoutTrailingClosers).count }

    /// The text without its last `count` characters (closers neutralising appended do not
    /// count), neutralised again: a cut can leave an override open.
    package func droppingLast(_ count: Int) -> NeutralText {
        count == 0 ? self : NeutralText(String(Substring(withoutTrailingClosers).dropLast(count)))
    }

    /// A piece cut out of a neutral text (a line of a wrapped quote), balanced again: it closes
    /// the bidi isolates and embeddings it opened and drops the closers of those it did not
    /// open, so that no line leaks its direction into the next (``UntrustedText/neutralize(_:)``).
    package static func balancedPiece(_ piece: Substring) -> NeutralText {
        NeutralText(String(piece))
    }

    /// Two neutral texts one after the other: still neutral, as each closes what it opens.
    static func + (lhs: NeutralText, rhs: NeutralText) -> NeutralText {
        NeutralText(composing: lhs.string + rhs.string)
    }

    /// The same bytes (``Message``'s rule for every text: a text spelled otherwise draws otherwise).
    public static func == (lhs: NeutralText, rhs: NeutralText) -> Bool {
        Identifier.same(lhs.string, rhs.string)
    }

    /// Hashes the bytes that `==` compares.
    public func hash(into hasher: inout Hasher) {
        Identifier.hash(string, into: &hasher)
    }

    /// Decodes a string and neutralises it.
    public init(from decoder: any Decoder) throws {
        self.init(try decoder.singleValueContainer().decode(String.self))
    }

    /// Encodes the text as a string.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(string)
    }
}
