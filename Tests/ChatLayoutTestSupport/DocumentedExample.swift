import Foundation

// The README's and the DocC articles' examples are compiled and run by tests, so that they
// cannot rot: a test holds the example between two marker comments, and compares those lines
// with the article's code block, and what they print with the article's output block.

/// Where an example or an article lacks what a test looks for.
public struct DocumentedExampleError: Error, CustomStringConvertible {
    /// What is missing, and where.
    public var description: String
}

/// The repository's root: this file is `Tests/ChatLayoutTestSupport/DocumentedExample.swift`.
private let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

/// The lines between `// <marker>:begin` and `// <marker>:end` in the file at `path` (a test
/// passes `#filePath`), dedented by the least indentation among them.
public func exampleLines(inFile path: String, marker: String) throws -> [String] {
    let source = try String(contentsOf: URL(fileURLWithPath: path), encoding: .utf8)
    let lines = source.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    guard let begin = lines.firstIndex(where: { $0.hasSuffix("// \(marker):begin") }),
          let end = lines.firstIndex(where: { $0.hasSuffix("// \(marker):end") }), begin < end
    else { throw DocumentedExampleError(description: "\(path) has no \(marker):begin … \(marker):end") }
    let body = lines[(begin + 1) ..< end]
    let indent = body.filter { !$0.isEmpty }.map { $0.prefix { $0 == " " }.count }.min() ?? 0
    return body.map { String($0.dropFirst(indent)) }
}

/// The first block fenced with `fence` ("```swift", "```text") after the line `marker` in the
/// file at `path` (relative to the repository's root), without its fences.
public func fencedBlock(in path: String, after marker: String, fence: String) throws -> [String] {
    let text = try String(contentsOf: repositoryRoot.appendingPathComponent(path), encoding: .utf8)
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    guard let start = lines.firstIndex(of: marker) else {
        throw DocumentedExampleError(description: "\(path) has no line \(marker)")
    }
    guard let open = lines[start...].firstIndex(of: fence) else {
        throw DocumentedExampleError(description: "\(path) has no \(fence) block after \(marker)")
    }
    guard let close = lines[(open + 1)...].firstIndex(of: "```") else {
        throw DocumentedExampleError(description: "\(path): the block after \(marker) is not closed")
    }
    return Array(lines[(open + 1) ..< close])
}
