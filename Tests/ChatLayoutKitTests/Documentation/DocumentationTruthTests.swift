import ChatLayoutKit
import Foundation
import Testing

/// Issue 27, "true docs": what the articles, the README and the doc comments say stays what the
/// code does — no reference to a document users do not have, the JSON schema version the code
/// writes, every change an incremental list takes, one way to make that list, no made-up URL,
/// and every public type of the core on its landing page.
struct DocumentationTruthTests {
    /// This file is `Tests/ChatLayoutKitTests/Documentation/DocumentationTruthTests.swift`.
    private static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    private static func read(_ path: String) throws -> String {
        try String(contentsOf: repository.appendingPathComponent(path), encoding: .utf8)
    }

    /// The paths, from the repository's root, of the files under `folder` whose names end in
    /// one of `extensions`.
    private static func files(under folder: String, extensions: [String]) -> [String] {
        let root = repository.appendingPathComponent(folder)
        guard let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil) else { return [] }
        return walker.compactMap { $0 as? URL }
            .filter { url in extensions.contains { url.lastPathComponent.hasSuffix($0) } && !url.path.contains("/.build/") }
            .map { folder + "/" + $0.path.dropFirst(root.path.count + 1) }
            .sorted()
    }

    private static let article = "Sources/ChatLayoutKit/ChatLayoutKit.docc/"

    @Test func noDocumentCitesTheInternalSpecification() throws {
        let paths = ["README.md", "Package.swift"] + Self.files(under: "Sources", extensions: [".swift", ".md"])
            + Self.files(under: "Examples", extensions: [".swift", ".md"])
        #expect(paths.count > 100)
        for path in paths {
            let lines = try Self.read(path).split(separator: "\n", omittingEmptySubsequences: false)
            for (index, line) in lines.enumerated() where line.contains("SPEC §") || line.contains("SPEC.md") {
                Issue.record("\(path):\(index + 1) cites the internal specification: \(line)")
            }
        }
    }

    /// The articles that name the version of `preview --format json`'s schema name the one the
    /// code writes.
    @Test func articlesNameTheSchemaVersionTheCodeWrites() throws {
        var named = 0
        for name in ["BoxTree.md", "CommandLine.md"] {
            let text = try Self.read(Self.article + name)
            for part in text.components(separatedBy: "``LaidOutScreen/jsonSchemaVersion`` (").dropFirst() {
                #expect(Int(part.prefix { $0.isNumber }) == LaidOutScreen.jsonSchemaVersion, "\(name): \(part.prefix(20))")
                named += 1
            }
            #expect(!text.contains("schema version 1:") && !text.contains("schema 1:"), "\(name)")
        }
        #expect(named == 2)
    }

    /// IncrementalUpdates.md lists every case of `MessageListChange`, read from its source, so
    /// that a new case cannot go undocumented.
    @Test func incrementalArticleNamesEveryChange() throws {
        let source = try Self.read("Sources/ChatLayoutPlacement/Incremental/MessageListChange.swift")
        let start = try #require(source.range(of: "public enum MessageListChange: "))
        let end = try #require(source.range(of: "\n}\n", range: start.upperBound ..< source.endIndex))
        let cases = source[start.upperBound ..< end.lowerBound].split(separator: "\n").compactMap { line -> String? in
            let words = line.split(separator: " ")
            guard words.first == "case", words.count > 1 else { return nil }
            return String(words[1].prefix { $0.isLetter || $0.isNumber })
        }
        #expect(cases.contains("historyLoaded") && cases.count >= 10, "\(cases)")
        let article = try Self.read(Self.article + "IncrementalUpdates.md")
        for name in cases {
            #expect(article.contains("``MessageListChange/\(name)("), "IncrementalUpdates.md does not name .\(name)")
        }
    }

    /// The articles make an incremental list the one way: from a `LayoutEnvironment`, which
    /// refuses a context and a formatter that disagree.
    @Test func articlesMakeTheIncrementalListFromAnEnvironment() throws {
        var calls = 0
        for name in ["IncrementalUpdates.md", "AppleFrontEnd.md"] {
            let text = try Self.read(Self.article + name)
            for part in text.components(separatedBy: "IncrementalMessageList(").dropFirst() {
                #expect(part.hasPrefix("conversation: conversation, environment: environment, width:")
                        || part.hasPrefix("conversation:environment:width:)"), "\(name): IncrementalMessageList(\(part.prefix(60))")
                calls += 1
            }
        }
        #expect(calls >= 2)
    }

    /// Install instructions a newcomer can copy: no placeholder that looks like a broken URL.
    @Test func installInstructionsHaveNoMadeUpURL() throws {
        let paths = ["README.md"] + Self.files(under: "Sources", extensions: [".md"])
        for path in paths {
            let text = try Self.read(path)
            #expect(!text.contains("github.com/OWNER") && !text.contains("github.com/…"), "\(path)")
        }
        #expect(try Self.read("README.md").contains(#".package(path: "../ChatLayoutKit")"#))
    }

    /// The landing page's topics list every public type of the core (the stages it re-exports).
    @Test func landingPageListsEveryPublicType() throws {
        let landing = try Self.read(Self.article + "ChatLayoutKit.md")
        let kinds = ["struct", "enum", "protocol", "class", "actor", "typealias"]
        var types: [String] = []
        let stages = ["ChatLayoutModel", "ChatLayoutDecisions", "ChatLayoutComposition", "ChatLayoutPlacement"]
        for path in stages.flatMap({ Self.files(under: "Sources/" + $0, extensions: [".swift"]) }) {
            for line in try Self.read(path).split(separator: "\n") where line.hasPrefix("public ") {
                let words = line.split(separator: " ")
                guard let kind = words.firstIndex(where: { kinds.contains(String($0)) }), kind + 1 < words.count else { continue }
                types.append(String(words[kind + 1].prefix { $0.isLetter || $0.isNumber || $0 == "_" }))
            }
        }
        #expect(types.contains("LayoutEnvironment") && types.contains("BoxContent") && types.contains("PlacedLine"))
        for type in types {
            #expect(landing.contains("- ``\(type)``"), "ChatLayoutKit.md's topics do not list \(type): add it to a group")
        }
    }
}
