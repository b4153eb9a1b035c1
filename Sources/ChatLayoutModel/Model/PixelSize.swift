/// A size in pixels (an image's original size).
public struct PixelSize: Hashable, Sendable, Codable {
    /// The width, from 1 to 2³⁰.
    public var width: Int
    /// The height, from 1 to 2³⁰.
    public var height: Int

    /// A size, each side at most 2³⁰ (layout multiplies them); nil unless both are positive.
    public init?(width: Int, height: Int) {
        guard width > 0, height > 0 else { return nil }
        self.width = min(width, 1 << 30)
        self.height = min(height, 1 << 30)
    }

    private enum CodingKeys: String, CodingKey { case width, height }

    /// Decodes `{width, height}`, refusing a side that is not positive (as the initialiser does).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let width = try container.decode(Int.self, forKey: .width), height = try container.decode(Int.self, forKey: .height)
        guard let size = PixelSize(width: width, height: height) else {
            throw DecodingError.dataCorruptedError(forKey: .width, in: container, debugDescription: "a size needs two positive sides")
        }
        self = size
    }
}
