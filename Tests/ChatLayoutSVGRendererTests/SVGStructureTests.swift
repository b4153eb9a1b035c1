import ChatLayoutICU
import ChatLayoutKit
import ChatLayoutSVGRenderer
import Testing

/// The SVG is the box tree: one `<g>` per box, nested as the boxes are, each with its role,
/// message id and frame in pixels; cells map to pixels; the same screen is the same bytes.
struct SVGStructureTests {
    private let renderer = SVGRenderer()

    @Test(arguments: [("conversation.json", false), ("threads.json", true)])
    func everyBox_isOneGroup_withItsRoleIdAndFrameInPixels(_ sample: String, _ threadList: Bool) throws {
        let screen = try Screens.sample(sample, width: 44, threadList: threadList)
        let svg = try XMLElement.parse(renderer.render(screen))

        var boxes: [String] = []
        screen.root.walk { box, _ in
            let f = box.frame
            boxes.append("\(box.role.rawValue) \(box.id ?? "-") \(f.x * 10) \(f.y * 20) \(f.width * 10) \(f.height * 20)")
        }
        var groups: [String] = []
        svg.walk { element, _ in
            guard element.name == "g", let role = element.attributes["data-role"] else { return }
            groups.append("\(role) \(element.attributes["data-id"] ?? "-") \(element.attributes["data-frame"] ?? "?")")
        }
        #expect(groups.count > 20)
        #expect(groups == boxes)
        #expect(svg.all("g").allSatisfy { $0.attributes["data-role"] != nil }, "every <g> is a box")
    }

    @Test func groups_nestLikeTheBoxes() throws {
        let screen = try Screens.sample("conversation.json", width: 40)
        let svg = try XMLElement.parse(renderer.render(screen))
        var boxDepths: [Int] = []
        screen.root.walk { _, depth in boxDepths.append(depth) }
        var groupDepths: [Int] = []
        func visit(_ element: XMLElement, depth: Int) {
            var depth = depth
            if element.name == "g" {
                groupDepths.append(depth)
                depth += 1
            }
            for child in element.children { visit(child, depth: depth) }
        }
        visit(svg, depth: 0)
        #expect(groupDepths == boxDepths)
    }

    @Test func documentSize_isTheScreenInCells_timesTheCell() throws {
        let screen = try Screens.sample("conversation.json", width: 44)
        let metrics = SVGMetrics(cellWidth: 9, cellHeight: 18, fontSize: 15, baseline: 13)
        let svg = try XMLElement.parse(SVGRenderer(metrics: metrics).render(screen))
        #expect(svg.name == "svg")
        #expect(svg.attributes["xmlns"] == "http://www.w3.org/2000/svg")
        #expect(svg.attributes["width"] == "\(44 * 9)")
        #expect(svg.attributes["height"] == "\(screen.height * 18)")
        #expect(svg.attributes["viewBox"] == "0 0 \(44 * 9) \(screen.height * 18)")
    }

    @Test func sameScreen_sameBytes() throws {
        let first = renderer.render(try Screens.sample("conversation.json", width: 40))
        let second = SVGRenderer().render(try Screens.sample("conversation.json", width: 40))
        #expect(first == second)
        #expect(first.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg "))
    }

    @Test func messageList_clipsItsRowsToItsFrame() throws {
        let screen = try Screens.sample("conversation.json", width: 40)
        let svg = try XMLElement.parse(renderer.render(screen))
        let list = try #require(svg.all("g").first { $0.attributes["data-role"] == "messageList" })
        let clipID = try #require(list.attributes["clip-path"]).replacingOccurrences(of: "url(#", with: "").replacingOccurrences(of: ")", with: "")
        let clip = try #require(svg.all("clipPath").first { $0.attributes["id"] == clipID })
        let rect = try #require(clip.children.first)
        let frame = list.attributes["data-frame"]?.split(separator: " ").map(String.init)
        #expect([rect.attributes["x"], rect.attributes["y"], rect.attributes["width"], rect.attributes["height"]].compactMap { $0 } == frame)
    }
}
