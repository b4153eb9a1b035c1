import ChatLayoutDecoding
import ChatLayoutGoldens
import ChatLayoutICU
import ChatLayoutKit
import ChatLayoutSVGRenderer
import ChatLayoutTextRenderer
import Foundation

/// One golden scenario: a document from `Tests/GoldenTests/Documents`, a width, maybe a
/// viewport, and changes to the document's configuration or context; the message list, the
/// thread list, or the thread view of one parent message. It is a `ScreenRequest`, as
/// `chat-layout` and `chat-layout golden` make one.
struct Scenario: Sendable, CustomStringConvertible {
    var name: String
    var document: String
    var width: Int
    var height: Int? = nil
    var scrollOffset: Int? = nil
    /// Draw the viewport while the list scrolls: the `overlay` date floats over it.
    var scrolling = false
    var ambiguousIsWide = false
    /// Also record the box-tree dump beside the drawing (`<name>.tree.txt`).
    var tree = false
    /// Also record the SVG drawing beside it (`<name>.svg`).
    var svg = false
    /// Draw the thread view of this parent message instead of the message list.
    var threadParent: String? = nil
    /// Draw the thread list (its `threads` after its `events`) instead of the message list.
    var threadList = false
    /// What the scenario gives over the document's context (its locale, say).
    var overrides = ScreenRequest.Overrides()
    var adjust: @Sendable (inout MessageListConfig) -> Void = { _ in }

    var description: String { name }

    enum ScenarioError: Error { case missingDocument(String) }

    /// The request: the document, whose context must name now, time zone and locale (goldens
    /// never depend on the machine: no defaults), with this scenario's screen and changes.
    func request() throws -> ScreenRequest {
        guard let url = Bundle.module.url(forResource: document, withExtension: nil, subdirectory: "Documents") else {
            throw ScenarioError.missingDocument(document)
        }
        let screen: ScreenRequest.Screen = threadParent.map { .threadView(parentID: $0) } ?? (threadList ? .threadList : .messageList)
        var request = ScreenRequest(document: ScreenRequest.Document(name: document, bytes: Array(try Data(contentsOf: url))),
                                    overrides: overrides, screen: screen, units: .cells(ambiguousIsWide: ambiguousIsWide), width: width,
                                    height: height, scrollOffset: scrollOffset, adjust: adjust)
        request.isScrolling = scrolling
        return request
    }

    /// The golden snapshot: the document laid out as this scenario says.
    func snapshot() throws -> LayoutSnapshot {
        try LayoutSnapshot(name: name, request: try request())
    }

    /// The golden text: a header naming everything the drawing depends on, then the rows,
    /// each in quotes so that trailing spaces show.
    func golden() throws -> String { try snapshot().drawing(.text) }

    /// The SVG golden: the document as `chat-layout preview --format svg` writes it.
    func svgGolden() throws -> String { try snapshot().drawing(.svg) }

    /// The box-tree dump golden.
    func treeGolden() throws -> String { try snapshot().drawing(.tree) }
}
