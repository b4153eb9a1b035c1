// swift-snapshot-testing strategies for ChatLayoutKit's drawings. The module is empty unless
// the package is taken with its `SnapshotTesting` trait:
//
//     .package(url: "…/ChatLayoutKit", from: "…", traits: ["SnapshotTesting"])
//
// so that a team not on swift-snapshot-testing never fetches or builds it (nor swift-syntax).
#if SnapshotTesting
import ChatLayoutGoldens
import ChatLayoutKit
import SnapshotTesting

extension Snapshotting where Value == LayoutSnapshot, Format == String {
    /// The text drawing with its header (what the drawing depends on), as `Goldens/`,
    /// `assertLayoutSnapshot` and `chat-layout golden` write it; stored as `.txt`.
    public static var layoutText: Snapshotting { layout(.text) }

    /// The SVG drawing, as `chat-layout preview --format svg` writes it; stored as `.svg`.
    public static var layoutSVG: Snapshotting { layout(.svg) }

    /// The box-tree dump; stored as `.tree.txt`.
    public static var layoutTree: Snapshotting { layout(.tree) }

    /// The drawing in `format`, compared line by line (swift-snapshot-testing's `lines`
    /// diff). A snapshot that cannot be drawn (a width out of range, an unknown thread parent)
    /// is the error's words, so the test fails saying why.
    public static func layout(_ format: GoldenFormat) -> Snapshotting {
        var strategy = SimplySnapshotting<String>.lines.pullback { (snapshot: LayoutSnapshot) -> String in
            do {
                return try snapshot.drawing(format)
            } catch {
                return "cannot draw \(snapshot.name): \(error)\n"
            }
        }
        strategy.pathExtension = format.fileExtension
        return strategy
    }
}

extension Snapshotting where Value == LaidOutScreen, Format == String {
    /// An already laid-out screen drawn as text (terminal cells), with the header a screen
    /// can say: its size and the Unicode, ICU and cell-width versions.
    public static var layoutText: Snapshotting {
        Snapshotting<LayoutSnapshot, String>.layoutText.pullback { LayoutSnapshot(name: "screen", screen: $0) }
    }

    /// An already laid-out screen as SVG.
    public static var layoutSVG: Snapshotting {
        Snapshotting<LayoutSnapshot, String>.layoutSVG.pullback { LayoutSnapshot(name: "screen", screen: $0) }
    }
}
#endif
