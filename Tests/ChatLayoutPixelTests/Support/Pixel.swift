import ChatLayoutPixel
import Foundation

/// The measurer the tests share: Noto at 17 points, opened once. A machine without the fonts
/// fails every test with the error that names the missing file.
enum Pixel {
    private static let shared = Result { () throws(FontError) in try HarfBuzzTextMeasurer() }

    static func measurer() throws -> HarfBuzzTextMeasurer {
        try shared.get()
    }

    static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The lines of `Samples/multilingual.txt`: Latin, Cyrillic, CJK, Korean, Thai, Hebrew,
    /// Persian, Indic scripts, emoji sequences and a long URL.
    static func multilingualLines() throws -> [String] {
        let text = try String(contentsOf: repository.appendingPathComponent("Samples/multilingual.txt"), encoding: .utf8)
        return text.split(separator: "\n").map(String.init)
    }
}
