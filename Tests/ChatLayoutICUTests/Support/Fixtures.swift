import Foundation

/// Test data vendored into `Tests/ChatLayoutICUTests/Fixtures` (Unicode 15.0 files from
/// Debian's unicode-data; the shared chat corpus as one text a line).
enum Fixtures {
    static func text(_ name: String) throws -> String {
        guard let url = Bundle.module.url(forResource: name, withExtension: nil, subdirectory: "Fixtures") else {
            throw FixtureError.missing(name)
        }
        return try String(contentsOf: url, encoding: .utf8)
    }

    enum FixtureError: Error { case missing(String) }

    /// One case of a Unicode break test file: the code points and the offsets (in code
    /// points) where the file marks a break ("÷"), start and end excluded.
    struct BreakCase: CustomStringConvertible {
        var line: Int
        var source: String
        var text: String
        var breaks: [Int]
        var description: String { "line \(line): \(source)" }
    }

    /// Parses `GraphemeBreakTest.txt` / `LineBreakTest.txt`.
    static func breakCases(_ name: String) throws -> [BreakCase] {
        var cases: [BreakCase] = []
        for (number, rawLine) in try text(name).split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = rawLine.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.isEmpty { continue }
            var scalars = String.UnicodeScalarView()
            var breaks: [Int] = []
            for token in trimmed.split(whereSeparator: { $0 == " " || $0 == "\t" }) {
                switch token {
                case "÷": breaks.append(scalars.count)
                case "×": break
                default: scalars.append(Unicode.Scalar(UInt32(token, radix: 16)!)!)
                }
            }
            let count = scalars.count
            cases.append(BreakCase(line: number + 1, source: trimmed, text: String(scalars),
                                   breaks: breaks.filter { $0 > 0 && $0 < count }))
        }
        return cases
    }
}

extension Array where Element == String {
    /// The code-point offsets between consecutive pieces (the inner boundaries).
    var innerBoundaries: [Int] {
        var offsets: [Int] = []
        var offset = 0
        for piece in dropLast() {
            offset += piece.unicodeScalars.count
            offsets.append(offset)
        }
        return offsets
    }
}

extension Fixtures {
    /// Every distinct text of the shared multilingual chat corpus (`corpus.jsonl`).
    static func corpus() throws -> [String] {
        let decoder = JSONDecoder()
        return try text("corpus.jsonl").split(separator: "\n").map {
            try decoder.decode(String.self, from: Data($0.utf8))
        }
    }
}
