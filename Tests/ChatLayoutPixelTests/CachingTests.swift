import ChatLayoutKit
@testable import ChatLayoutPixel
import Testing

/// Answers are remembered, and a remembered answer is the one that would be computed.
struct CachingTests {
    @Test func askingAgain_givesTheSameAnswers_asAFreshMeasurer() throws {
        let warm = try Pixel.measurer()
        let lines = try Pixel.multilingualLines()
        let first = lines.map { (warm.width(of: $0), warm.wrap($0, width: 150), warm.truncate($0, width: 150)) }
        let again = lines.map { (warm.width(of: $0), warm.wrap($0, width: 150), warm.truncate($0, width: 150)) }
        let fresh = try HarfBuzzTextMeasurer()
        let cold = lines.map { (fresh.width(of: $0), fresh.wrap($0, width: 150), fresh.truncate($0, width: 150)) }
        for index in lines.indices {
            #expect(first[index] == again[index])
            #expect(first[index] == cold[index], "\(lines[index])")
        }
    }

    /// A text is segmented and its paragraphs shaped once, whatever the widths it is wrapped
    /// at; each width's lines are those a measurer that saw nothing gives.
    @Test func anotherWidth_preparesNothingAgain() throws {
        let measurer = try HarfBuzzTextMeasurer()
        let lines = try Pixel.multilingualLines()
        let distinct = Set(lines.map { Array($0.utf8) }).count
        for line in lines { _ = measurer.wrap(line, width: 240) }
        #expect(measurer.preparedTexts.count == distinct)
        for width in [60, 151, 239, 241, 500] {
            let fresh = try HarfBuzzTextMeasurer()
            for line in lines {
                #expect(measurer.wrap(line, width: width) == fresh.wrap(line, width: width), "\(line) at \(width)")
            }
        }
        #expect(measurer.preparedTexts.count == distinct, "a width change prepared texts again")
    }

    /// A line cut out of a shaped paragraph is itemized again from what itemizing the paragraph
    /// found of each cluster (script, emoji, the fonts asked): the same runs, advances and text
    /// as shaping the line's clusters afresh, wherever the line starts and ends.
    @Test func aLineShapedFromItsParagraph_isTheLineShapedAfresh() throws {
        let measurer = try HarfBuzzTextMeasurer(), other = try HarfBuzzTextMeasurer()
        var compared = 0
        for line in try Pixel.multilingualLines() {
            let clusters = measurer.engine.graphemeClusters(line).filter { !HarfBuzzTextMeasurer.isHardBreak($0) }
            guard !clusters.isEmpty else { continue }
            let paragraph = measurer.shaper.shape(clusters)
            for start in clusters.indices {
                for length in [1, 2, 5, 13, clusters.count - start] where start + length <= clusters.count {
                    let range = start ..< start + length
                    let cut = measurer.shaper.shape(range, of: paragraph)
                    let fresh = other.shaper.shape(Array(clusters[range]))
                    #expect(cut.text == fresh.text && cut.offsets == fresh.offsets && cut.advances == fresh.advances,
                            "\(line) \(range)")
                    #expect(cut.runs.map { [$0.font ?? -1, Int($0.script), $0.clusters.lowerBound, $0.clusters.upperBound] }
                        == fresh.runs.map { [$0.font ?? -1, Int($0.script), $0.clusters.lowerBound, $0.clusters.upperBound] }
                        && cut.width == fresh.width, "\(line) \(range)")
                    compared += 1
                }
            }
        }
        #expect(compared > 1_000)
    }

    /// Where a line may start among a paragraph's clusters: exactly at the clusters that begin
    /// a line-break segment of the ICU engine (found here by their offsets), never at the end.
    @Test func breakOpportunities_areTheSegmentsStartsThatStartClusters() throws {
        let measurer = try HarfBuzzTextMeasurer()
        for line in try Pixel.multilingualLines() + ["a\u{301} b", "ไปที่ร้านกาแฟ", "", "x"] {
            let clusters = measurer.engine.graphemeClusters(line).filter { !HarfBuzzTextMeasurer.isHardBreak($0) }
            let paragraph = clusters.joined()
            var segmentEnds = Set<Int>(), offset = 0
            for segment in measurer.engine.lineBreakSegments(paragraph) {
                offset += segment.utf8.count
                segmentEnds.insert(offset)
            }
            var expected: [Bool] = [], start = 0
            for cluster in clusters {
                expected.append(segmentEnds.contains(start))
                start += cluster.utf8.count
            }
            expected.append(false)
            #expect(measurer.breakOpportunities(clusters) == expected, "\(line)")
        }
    }

    @Test func concurrentCallers_getTheSameAnswers() async throws {
        let measurer = try HarfBuzzTextMeasurer()
        let lines = try Pixel.multilingualLines()
        let expected = lines.map { measurer.wrap($0, width: 120) }
        let results = await withTaskGroup(of: [WrappedText].self) { group in
            for _ in 0 ..< 8 {
                group.addTask { lines.map { HarfBuzzTextMeasurer.wrapAmongOtherCalls(measurer, $0) } }
            }
            var all: [[WrappedText]] = []
            for await result in group { all.append(result) }
            return all
        }
        for result in results { #expect(result == expected) }
    }

    @Test func textsThatAreEqualStrings_butDifferentCodePoints_areMeasuredApart() throws {
        let measurer = try Pixel.measurer()
        let composed = "caf\u{E9}", decomposed = "cafe\u{301}"
        #expect(composed == decomposed)  // Swift's String equality
        _ = measurer.wrap(composed, width: 100)
        let wrapped = measurer.wrap(decomposed, width: 100)
        #expect(Array(wrapped.lines[0].text.unicodeScalars) == Array(decomposed.unicodeScalars))
        #expect(Array(measurer.truncate(decomposed, width: 100).unicodeScalars) == Array(decomposed.unicodeScalars))
    }
}

extension HarfBuzzTextMeasurer {
    /// Widths and truncations interleaved with the wrap, so that threads fill the caches in
    /// different orders.
    fileprivate static func wrapAmongOtherCalls(_ measurer: HarfBuzzTextMeasurer, _ text: String) -> WrappedText {
        _ = measurer.width(of: text)
        _ = measurer.truncate(text, width: 80)
        return measurer.wrap(text, width: 120)
    }
}
