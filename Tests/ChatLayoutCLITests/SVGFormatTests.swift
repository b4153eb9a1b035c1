import Foundation
import Testing
#if canImport(FoundationXML)
import FoundationXML
#endif

/// `--format svg` on the commands that draw a screen: an SVG document of the screen's size in
/// pixels (a cell is 10×20), one group per box of the JSON box tree, exit codes unchanged.
struct SVGFormatTests {
    private static let conversation = CLIRunner.repository.appendingPathComponent("Samples/conversation.json").path
    private static let threads = CLIRunner.repository.appendingPathComponent("Samples/threads.json").path

    /// The root's attributes and the number of `<g data-role>` groups; nil when not well-formed.
    private func parse(_ svg: Data) -> (root: [String: String], groups: Int)? {
        final class Counter: NSObject, XMLParserDelegate {
            var root: [String: String]?
            var groups = 0
            func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                        attributes: [String: String] = [:]) {
                if root == nil { root = attributes }
                if name == "g" && attributes["data-role"] != nil { groups += 1 }
            }
        }
        let parser = XMLParser(data: svg)
        let counter = Counter()
        parser.delegate = counter
        guard parser.parse(), let root = counter.root else { return nil }
        return (root, counter.groups)
    }

    /// The number of boxes in `--format json`'s tree.
    private func boxCount(_ arguments: [String]) throws -> Int {
        let result = try CLIRunner.run(arguments + ["--format", "json"])
        try #require(result.status == 0, "\(result.stderr)")
        func count(_ box: [String: Any]) -> Int {
            1 + ((box["children"] as? [[String: Any]]) ?? []).reduce(0) { $0 + count($1) }
        }
        let screen = try #require(try JSONSerialization.jsonObject(with: result.stdoutBytes) as? [String: Any])
        return count(try #require(screen["root"] as? [String: Any]))
    }

    @Test(arguments: [
        ["preview", conversation, "--width", "44"],
        ["preview", conversation, "--width", "30", "--height", "20", "--scroll-offset", "5"],
        ["threads", threads, "--width", "40"],
        ["thread", conversation, "--parent", "m5", "--width", "40"],
    ])
    func svgFormat_drawsOneGroupPerBox_atTenByTwentyPixelsACell(_ arguments: [String]) throws {
        let result = try CLIRunner.run(arguments + ["--format", "svg"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg "))
        let svg = try #require(parse(result.stdoutBytes), "not well-formed XML")
        let width = Int(arguments[arguments.firstIndex(of: "--width")! + 1])!
        #expect(svg.root["width"] == "\(width * 10)")
        #expect(svg.root["data-columns"] == "\(width)")
        if let height = arguments.firstIndex(of: "--height").map({ arguments[$0 + 1] }) {
            #expect(svg.root["height"] == "\(Int(height)! * 20)")
        }
        #expect(svg.groups == (try boxCount(arguments)))
    }

    @Test func svgFormat_isTheSameBytesEveryRun() throws {
        let first = try CLIRunner.run(["preview", Self.conversation, "--width", "40", "--format", "svg"])
        let second = try CLIRunner.run(["preview", Self.conversation, "--width", "40", "--format", "svg"])
        #expect(first.status == 0 && first.stdoutBytes == second.stdoutBytes)
    }

    @Test func unknownFormat_isStillBadUsage() throws {
        let result = try CLIRunner.run(["preview", Self.conversation, "--format", "png"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("svg"), "the error lists the formats: \(result.stderr)")
    }

    @Test func badInput_withSVGFormat_isStillExitCodeOne() throws {
        let result = try CLIRunner.run(["preview", "-", "--format", "svg"], stdin: "{\"messages\": [")
        #expect(result.status == 1)
        #expect(result.stdout.isEmpty)
    }

    // MARK: --units points

    @Test func unitsPoints_laysOutInPoints_andDrawsThemOneToOne() throws {
        let arguments = ["preview", Self.conversation, "--width", "375", "--units", "points"]
        let json = try CLIRunner.run(arguments + ["--format", "json"])
        #expect(json.status == 0, "\(json.stderr)")
        let screen = try #require(try JSONSerialization.jsonObject(with: json.stdoutBytes) as? [String: Any])
        #expect(screen["width"] as? Int == 375 && screen["line_height"] as? Int == 24 && screen["schema_version"] as? Int == 3 && screen["direction"] as? String == "ltr")
        let svg = try CLIRunner.run(arguments + ["--format", "svg"])
        #expect(svg.status == 0, "\(svg.stderr)")
        let parsed = try #require(parse(svg.stdoutBytes))
        #expect(parsed.root["width"] == "375" && parsed.root["height"] == "\(screen["height"] as? Int ?? -1)")
        #expect(parsed.root["font-family"]?.hasPrefix("'Noto Sans', ") == true, "the fonts that were measured")
        #expect(parsed.groups == (try boxCount(arguments)))
        // Words alone: the browser draws the shapes, the layout wrote no terminal glyphs.
        #expect(!svg.stdout.contains("── ") && !svg.stdout.contains("[image:"))
    }

    @Test func unitsPoints_refusesTheTextDrawing() throws {
        let result = try CLIRunner.run(["preview", Self.conversation, "--width", "375", "--units", "points"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("--format text draws terminal cells; with --units points use --format svg, json or tree"))
    }
}
