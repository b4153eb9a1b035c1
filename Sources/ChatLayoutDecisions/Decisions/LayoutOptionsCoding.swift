@_spi(ChatLayoutStages) import ChatLayoutModel

/// Options are coded as their JSON names, sorted (`["avatar", "bubble", "timestamp"]`), as
/// `explain --format json` writes them: the bits of ``MessageLayoutOptions/rawValue`` are not
/// a contract.
extension MessageLayoutOptions: Codable {
    /// Reads an array of option names.
    ///
    /// - Throws: `DecodingError.dataCorrupted` for a name that is not an option's.
    public init(from decoder: any Decoder) throws {
        var container = try decoder.unkeyedContainer()
        self = []
        while !container.isAtEnd {
            let name = try container.decode(String.self)
            guard let option = MessageLayoutOptions(name: name) else {
                throw DecodingError.dataCorruptedError(
                    in: container, debugDescription: "unknown layout option \(UntrustedText.shortened(name).debugDescription)")
            }
            insert(option)
        }
    }

    /// Writes ``names``.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(names)
    }
}
