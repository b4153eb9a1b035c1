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

    /// The files of the repository that people read as text, from its root: sources, headers,
    /// scripts, articles and notes (`*.swift`, `*.md`, `*.sh`, `*.py`, `*.yml`, `*.yaml`, `*.c`,
    /// `*.h`, `*.modulemap`, and scripts without an extension such as `.ci/run`). Hidden folders
    /// but `.ci` are skipped (builds, `.swiftpm`), and so is data — goldens, documents, fuzzing
    /// inputs — where a chat's own text may say anything.
    private static func textFiles() -> [String] {
        let extensions = [".swift", ".md", ".sh", ".py", ".yml", ".yaml", ".c", ".h", ".modulemap"]
        let root = repository.standardizedFileURL.path
        let prefix = root.hasSuffix("/") ? root : root + "/"
        guard let walker = FileManager.default.enumerator(at: repository, includingPropertiesForKeys: [.isDirectoryKey])
        else { return [] }
        var paths: [String] = []
        for case let url as URL in walker {
            let name = url.lastPathComponent
            if (try? url.resourceValues(forKeys: [.isDirectoryKey]).isDirectory) == true {
                if name.hasPrefix(".") && name != ".ci" { walker.skipDescendants() }
                continue
            }
            let isScript = !name.contains(".") && (try? Data(contentsOf: url).prefix(2)) == Data("#!".utf8)
            guard extensions.contains(where: { name.hasSuffix($0) }) || isScript else { continue }
            let path = url.standardizedFileURL.path
            paths.append(path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path)
        }
        return paths.sorted()
    }

    /// The section sign, built from its scalar so that this file does not contain what it looks for.
    private static let section = Character(Unicode.Scalar(UInt8(0xA7)))

    /// Whether a line cites the internal specification: the word "SPEC" followed by a space and
    /// the section sign, by ".md", by "'s", or by a space and a digit; or the section sign followed
    /// by a digit (spaces between allowed), as in a bare section number.
    private static func citesTheInternalSpecification(_ line: some StringProtocol) -> Bool {
        guard line.contains("SPEC") || line.contains(section) else { return false }
        let characters = Array(line)
        for index in characters.indices {
            let rest = characters[(index + 1)...]
            if characters[index] == section, rest.first(where: { $0 != " " })?.isNumber == true { return true }
            guard characters[index...].starts(with: "SPEC"), index == 0 || !characters[index - 1].isLetter else { continue }
            let after = characters[(index + 4)...]
            if after.starts(with: [" ", section]) || after.starts(with: ".md") || after.starts(with: "'s")
                || (after.first == " " && after.dropFirst().first?.isNumber == true) {
                return true
            }
        }
        return false
    }

    /// The check below finds every way the repository used to cite the internal specification,
    /// and nothing that merely resembles one.
    @Test func citationCheckTellsACitationFromPlainText() {
        let sign = String(Self.section)
        let citations = ["SPEC" + " " + sign + "3.2 rule 1", "see SPEC" + ".md", "group boundaries (" + sign + "3.1)",
                         "ICU 72 (SPEC" + " 3.3 and 5)", "the SPEC" + "'s example", "goal (" + sign + " 7)"]
        for line in citations {
            #expect(Self.citesTheInternalSpecification(line), "\(line)")
        }
        let plain = ["the specification", "isDeletedPerSpec", "SPECTRUM 3", "INSPECT 3", "a bare SPEC, as a needle",
                     sign + " sign", "The Layout options article's rule 14", "RFC 8259"]
        for line in plain {
            #expect(!Self.citesTheInternalSpecification(line), "\(line)")
        }
    }

    /// Docs and comments state each rule themselves: no text file of the repository cites the
    /// internal specification, which its readers do not have.
    @Test func noDocumentCitesTheInternalSpecification() throws {
        let paths = Self.textFiles()
        #expect(paths.count > 400)
        for expected in ["README.md", "Package.swift", ".ci/run", "BENCHMARKS.md", "Benchmarks/run.sh",
                         "Scripts/compare-wcwidth.py", "Sources/ChatLayoutICUShim/clk_icu.c",
                         "Tests/ChatLayoutKitTests/Documentation/DocumentationTruthTests.swift"] {
            #expect(paths.contains(expected), "\(expected) is not checked")
        }
        for path in paths {
            guard let text = try? Self.read(path) else {
                Issue.record("\(path) is not UTF-8 text")
                continue
            }
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            for (index, line) in lines.enumerated() where Self.citesTheInternalSpecification(line) {
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
