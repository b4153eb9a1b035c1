import ChatLayoutICU
import ChatLayoutKit
import FuzzSupport

/// libFuzzer target: bytes (invalid UTF-8 decoded to U+FFFD) → the text engine and
/// `UntrustedText.neutralize`, as they are and neutralised, under both width policies.
///
/// Invariants: clusters and line-break segments concatenate to the text; cluster widths are
/// 0–2 and sum to the text's width; wrapped lines give the text back without its hard breaks,
/// are never wider than the width unless a single cluster is, measure what they say, and draw
/// no bidi controls; truncation fits; neutralised text has no control a terminal obeys and
/// balanced bidi, and neutralising is idempotent.
@main
enum FuzzTextEngine {
    static func main() { FuzzDriver.run(fuzzTextEngine) }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTextEngine(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let text = String(decoding: FuzzInput(data, size).rest, as: UTF8.self)
    let neutral = checkNeutralize(text)
    for policy in [CellWidthPolicy(ambiguousIsWide: false), CellWidthPolicy(ambiguousIsWide: true)] {
        // A new engine each time: its caches start empty, so every input is measured afresh.
        let engine = ICUTextEngine(policy: policy)
        check(text, engine)
        if !neutral.utf8.elementsEqual(text.utf8) { check(neutral, engine) }
    }
    return 0
}

private let widths = [1, 2, 3, 5, 8, 13, 21, 40]

/// Rule by rule, `UntrustedText.neutralize`'s promises; returns the neutralised text.
private func checkNeutralize(_ text: String) -> String {
    let neutral = UntrustedText.neutralize(text)
    TerminalSafety.check(neutral, allowing: ["\n", "\t"], "neutralised text")
    require(UntrustedText.neutralize(neutral).utf8.elementsEqual(neutral.utf8),
            "neutralize is not idempotent: \(text.debugDescription) → \(neutral.debugDescription)")
    if TerminalSafety.firstControl(in: text, allowing: ["\n", "\t"]) == nil && TerminalSafety.bidiIsBalanced(text) {
        require(neutral.utf8.elementsEqual(text.utf8), "neutral text was changed: \(text.debugDescription) → \(neutral.debugDescription)")
    }
    return neutral
}

private func check(_ text: String, _ engine: ICUTextEngine) {
    let described = text.debugDescription
    let clusters = engine.graphemeClusters(text)
    require(clusters.allSatisfy { !$0.isEmpty }, "an empty cluster in \(described)")
    require(clusters.joined().utf8.elementsEqual(text.utf8), "clusters do not give back \(described)")
    for dictionary in [true, false] {
        let segments = engine.lineBreakSegments(text, dictionary: dictionary)
        require(segments.allSatisfy { !$0.isEmpty }, "an empty line-break segment in \(described)")
        require(segments.joined().utf8.elementsEqual(text.utf8), "line-break segments do not give back \(described)")
    }
    let widthsByCluster = engine.clusterWidths(text)
    require(widthsByCluster.map(\.cluster) == clusters, "clusterWidths and graphemeClusters disagree on \(described)")
    require(widthsByCluster.allSatisfy { (0 ... 2).contains($0.width) }, "a cluster width outside 0–2 in \(described)")
    let total = engine.width(of: text)
    require(widthsByCluster.reduce(0) { $0 + $1.width } == total, "width(of:) \(total) is not the sum of the clusters' widths in \(described)")
    if let count = engine.emojiOnlyClusterCount(text) {
        require(count == clusters.count, "emojiOnlyClusterCount \(count) of \(clusters.count) clusters in \(described)")
    }

    let withoutHardBreaks = String(String.UnicodeScalarView(text.unicodeScalars.filter { !isHardBreak($0) }))
    for width in widths {
        let wrapped = engine.wrap(text, width: width)
        require(!wrapped.lines.isEmpty, "no lines for \(described)")
        require(wrapped.lines.map(\.text).joined().utf8.elementsEqual(withoutHardBreaks.utf8),
                "wrapped lines at \(width) do not give back \(described): \(wrapped.lines.map(\.text))")
        for line in wrapped.lines {
            let drawn = engine.graphemeClusters(line.display)
            require(line.width <= width || drawn.count == 1,
                    "a line \(line.width) wide at width \(width): \(line.display.debugDescription) of \(described)")
            require(engine.width(of: line.display) == line.width,
                    "a line says \(line.width) cells but measures \(engine.width(of: line.display)): \(line.display.debugDescription) of \(described)")
            require(!line.display.unicodeScalars.contains(where: isBidiControl),
                    "a bidi control drawn in \(line.display.debugDescription) of \(described)")
        }
        let truncated = engine.truncate(text, width: width)
        require(engine.width(of: truncated) <= width, "truncated to \(width) is \(engine.width(of: truncated)) wide: \(truncated.debugDescription) of \(described)")
        require(!truncated.unicodeScalars.contains(where: isHardBreak), "a hard break left by truncate in \(truncated.debugDescription)")
    }
}

/// Mandatory breaks of UAX #14 (BK, CR, LF, NL): they end a line and belong to none.
private func isHardBreak(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x0A, 0x0B, 0x0C, 0x0D, 0x85, 0x2028, 0x2029: return true
    default: return false
    }
}

/// Unicode's Bidi_Control characters.
private func isBidiControl(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x061C, 0x200E, 0x200F, 0x202A ... 0x202E, 0x2066 ... 0x2069: return true
    default: return false
    }
}
