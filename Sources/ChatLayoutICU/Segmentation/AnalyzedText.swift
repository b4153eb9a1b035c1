/// A text split into code points with their properties: the common input of segmentation,
/// width and wrapping. Indices are code-point offsets.
struct AnalyzedText {
    let scalars: [Unicode.Scalar]
    let properties: [CharacterProperties]

    init(_ text: String, table: CharacterPropertyTable = .shared) {
        var scalars: [Unicode.Scalar] = []
        scalars.reserveCapacity(text.utf8.count)
        var properties: [CharacterProperties] = []
        properties.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            scalars.append(scalar)
            properties.append(table[scalar])
        }
        self.scalars = scalars
        self.properties = properties
    }

    var count: Int { scalars.count }

    /// The code points in `range` as a string.
    func string(_ range: Range<Int>) -> String {
        var view = String.UnicodeScalarView()
        view.append(contentsOf: scalars[range])
        return String(view)
    }

    /// UTF-16 code units of the code points in `range`, for ICU.
    func utf16(_ range: Range<Int>) -> [UInt16] {
        var units: [UInt16] = []
        units.reserveCapacity(range.count)
        for scalar in scalars[range] {
            units.append(contentsOf: UTF16.encode(scalar)!)
        }
        return units
    }
}
