// chat-layout-bench DOCUMENT [--width N] [--runs N] [--append-sizes N,N…] [--decode-only]
//
// Prints one line of key=value figures for a conversation document, medians over
// runs, decoding excluded. BENCHMARKS.md describes each figure and how it is measured.
import ChatLayoutDecoding
import ChatLayoutICU
import ChatLayoutICUShim
import ChatLayoutKit
import ChatLayoutPixel
import ChatLayoutPlacement
import ChatLayoutTextRenderer
import Foundation

let usage = """
    usage: chat-layout-bench DOCUMENT [--width N] [--runs N] [--append-sizes N,N…] [--differences] [--measure-only] [--decode-only] [--no-stream]
      layout_ms          decisions + measurement + box tree (LaidOutList) of the whole document
      measure_ms         ICUTextEngine.wrap of every message text alone at the width (engine warm)
      measure_fresh_ms   the same with a new engine each run: nothing cached, every text measured afresh
      prepare_fresh_ms   ICUTextEngine.prepare of every text on a new engine: the measuring alone
                         (segmentation, break rules, widths), no line made
      relayout_ms        LaidOutList.relayout(width:) of the laid-out document at a width it was never
                         laid out at (a new one each run): every row placed again, no text measured
                         again, a chunk's records written when first read; the list of
                         MessageListScreen.list decides its conversation again, one laid out from
                         decisions keeps them (relayout_kept_ms); relayout_viewport_ms: the same and
                         the bottom 40-row screen drawn from it (its chunk written)
      layout_points_ms   the newest 10,000 messages laid out in points, 375 wide, on a new HarfBuzz
                         measurer (every text shaped); relayout_points_ms: that list laid out again at a
                         width it was never laid out at (a new one each run), each text's prepared
                         paragraphs kept, only the lines new there shaped (CHAT_LAYOUT_BENCH_ONCE=
                         relayout-points: both on one thread, for a profile; nan without the fonts)
      relayout_text_us   the text part of a relayout: one text's line count and last line's width at a
                         new width, summed over its runs between line-break opportunities
                         (LineSegments.lineMetrics, what a relayout places a bubble of text by),
                         averaged over every text that has runs (texts_without_segments: those that
                         have none, their rows composed again)
      rewrap_us          PreparedText.wrap(width:) of one prepared text at a new width, its lines and
                         their strings (what a row drawn after a relayout makes), averaged over every
                         text; line_count_us: lineCount(width:), the line count over its units
      icu_iterate_ms     ICU's own line + grapheme iterators over the same texts (one of each, reused)
      overlay_us         one dateOverlayLabel query at a random offset (median of batches)
      render_ms          screen(viewport) + TextRenderer.render of a 40-row viewport at a random offset
      viewport_ms        screen(viewport) alone, the part of render_ms that is not drawing
      bytes_per_message  heap retained by one LaidOutList (glibc mallinfo2 delta) / messages
      append_us          IncrementalMessageList.apply(.append) of one new message to the document's
                         list (median of 2000, each timed alone); append_us_<size> the same on lists
                         of other lengths (--append-sizes, default 10000,1000000: the document's
                         messages cut or repeated with new ids and times); append_us_<kind>=median,count
                         the same appends by kind of message (plain-short: text alone of up to 40
                         bytes; plain-long, rtl, reactions, attachment, quote, no-text)
      append_faults      the page faults those appends took, per append (getrusage's minor faults,
                         read before the first timed append and after the last): pages touched for
                         the first time as the list grows
      edit_us            IncrementalMessageList.apply(.edit) adding a reaction to a random message
      stream_us_<length> a reply streamed into the list, four characters a token (.edit): the median
                         of the hundred tokens that bring it to 1k, 5k and 20k characters (not with
                         --no-stream; CHAT_LAYOUT_BENCH_ONCE=stream streams alone, for a profile,
                         to CHAT_LAYOUT_BENCH_STREAM_LENGTH characters if set;
                         CHAT_LAYOUT_BENCH_ONCE=prepare prepares every text afresh once, alone)
      jump_us            IncrementalMessageList.scrollOffset(showing:at:height:) to a random message
                         of the document's list (median of batches); jump_us_<size> on the other lengths
      incremental_build_ms  building the IncrementalMessageList of the document (a full layout)
      one_message_us     for scale: resolve + layout of a conversation of one new message alone
      icu_*_differences  texts whose line-break segments / grapheme clusters differ from ICU's
                         (--differences prints them to standard error)
      --measure-only     only measure_fresh_ms and icu_iterate_ms (for profiling the text engine)
      --decode-only      only decoding: decode_ms (median of the runs after a first one), decode_peak_bytes
                         (the document's bytes + the heap's peak above its level before, in the first
                         run), decode_peak_rss_bytes (the same by resident memory), document_bytes,
                         model_bytes (the heap the decoded document keeps); --one-thread: a large
                         document's messages decoded on the walk's thread too
    """

// MARK: Arguments

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("chat-layout-bench: \(message)\n".utf8))
    exit(2)
}
var documentPath: String?
var width = 40
var runs = 5
var showDifferences = false
var measureOnly = false
var streams = true
var decodeOnly = false
var decodeOnOneThread = false
var appendSizes = [10_000, 1_000_000]
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
    switch argument {
    case "--width", "--runs":
        guard let value = arguments.popFirst().flatMap({ Int($0) }), value >= 1 else {
            fail("\(argument) needs a number ≥ 1\n\(usage)")
        }
        if argument == "--width" { width = value } else { runs = value }
    case "--append-sizes":
        guard let sizes = arguments.popFirst()?.split(separator: ",").map({ Int($0) }), sizes.allSatisfy({ ($0 ?? 0) >= 2 }) else {
            fail("--append-sizes needs numbers ≥ 2, comma-separated\n\(usage)")
        }
        appendSizes = sizes.compactMap { $0 }
    case "--differences":
        showDifferences = true
    case "--measure-only":
        measureOnly = true
    case "--no-stream":
        streams = false
    case "--decode-only":
        decodeOnly = true
    case "--one-thread":
        decodeOnOneThread = true
    case "-h", "--help":
        print(usage)
        exit(0)
    default:
        documentPath = argument
    }
}
if decodeOnly, let documentPath {
    DecodeBenchmark.run(path: documentPath, runs: runs, pipelined: decodeOnOneThread ? false : nil)
    exit(0)
}
guard let documentPath, let data = FileManager.default.contents(atPath: documentPath) else {
    fail("give a readable DOCUMENT\n\(usage)")
}

// MARK: Setup (not timed)

let document: ConversationDocument
do { document = try ConversationDecoder.decode(Array(data)) } catch { fail("\(documentPath): \(error)") }
let conversation = document.conversation
let config = document.config
let written = document.context
// The document's context; a document without one is laid out at its newest message, in UTC.
let context = LayoutContext(
    currentUserID: written.currentUserID,
    now: written.now ?? conversation.messages.map(\.createdAt).max() ?? Timestamp(seconds: 0),
    timeZone: written.timeZone ?? "UTC", locale: written.locale ?? "en_US",
    translationLanguage: written.translationLanguage
)
let formatter: ICULocaleFormatter
do { formatter = try ICULocaleFormatter(locale: context.locale, timeZone: context.timeZone) } catch { fail("context: \(error)") }
let engine = ICUTextEngine()
let messageCount = conversation.messages.count

/// CHAT_LAYOUT_BENCH_ONCE=layout: one layout on a fresh engine, on the calling thread alone,
/// then exit — what `Benchmarks/run.sh` counts instructions of (callgrind counts a function's
/// cost on its own thread only, and the other figures' runs answer from a warm cache).
let layoutOnceOnly = ["layout", "relayout"].contains(ProcessInfo.processInfo.environment["CHAT_LAYOUT_BENCH_ONCE"])
/// CHAT_LAYOUT_BENCH_ONCE=append (what `Benchmarks/append-spread.sh` and the other append
/// profiles run): the layout before the appends and the list appended to made on this thread
/// alone, so that each run leaves the engine's caches and the heap as the last did and counts
/// the same instructions (made on two threads, they differed by a few hundred an append from
/// run to run).
let appendOnceOnly = ProcessInfo.processInfo.environment["CHAT_LAYOUT_BENCH_ONCE"] == "append"

/// The whole pipeline after decoding, as a front end asks for it (`MessageListScreen.list`):
/// decisions, measurement, box tree.
@inline(never) @MainActor func layOut() -> LaidOutList {
    var environment = try! LayoutEnvironment(config: config, context: context, formatter: formatter, measurer: engine)
    environment.laysOutOnAllCores = !layoutOnceOnly && !appendOnceOnly // the decisions too: all of the work on this thread
    return MessageListScreen.list(conversation, environment: environment, width: width)
}
/// The list laid out again at `width`: what `CHAT_LAYOUT_BENCH_ONCE=relayout` counts.
@inline(never) func relayOut(_ list: LaidOutList, width: Int) -> LaidOutList { list.relayout(width: width) }

/// CHAT_LAYOUT_BENCH_ONCE=relayout-points: the points list laid out on this thread, then again at
/// another width (`relayOut`, what `Benchmarks/run.sh` counts), then exit.
if ProcessInfo.processInfo.environment["CHAT_LAYOUT_BENCH_ONCE"] == "relayout-points" {
    let points = PointsBenchmark(conversation: conversation, config: config, context: context, formatter: formatter)
    do {
        let list = try points.layOut(try HarfBuzzTextMeasurer(), serially: true)
        print("messages=\(points.messages) rows=\(relayOut(list, width: points.width + 39).rowCount)")
    } catch {
        fail("points: \(error)")
    }
    exit(0)
}

if layoutOnceOnly {
    let list = layOut()
    // CHAT_LAYOUT_BENCH_ONCE=relayout: then the list again at another width, on this thread.
    let rows = ProcessInfo.processInfo.environment["CHAT_LAYOUT_BENCH_ONCE"] == "relayout" ? relayOut(list, width: width + 1).rowCount : list.rowCount
    print("messages=\(messageCount) rows=\(rows)")
    exit(0)
}

/// CHAT_LAYOUT_BENCH_ONCE=append: one layout (the engine warm, as in the whole run), then the
/// append, edit and jump runs alone — what a callgrind profile of the incremental list needs;
/// CHAT_LAYOUT_BENCH_APPENDS=N times N appends to each list instead of 2,000 (a sampling
/// profile needs many; `--append-sizes ""` times the document's own list alone). It also prints
/// the appends' median by kind of message (`append_us_<kind>=median,count`), and
/// CHAT_LAYOUT_BENCH_APPEND_KIND=<kind> appends messages of that kind alone (plain-short,
/// rtl, …: `AppendBenchmark.Kind`), for a profile of one kind;
/// CHAT_LAYOUT_BENCH_LIST_KINDS=1 prints the kind of every message appended, in order
/// (`appended_kinds=…`: what Benchmarks/append-spread.sh reads); CHAT_LAYOUT_BENCH_KEEP_DIFF=1
/// keeps each append's diff until the next append is made (a front end that holds the last
/// diff: what that costs the next append).
if appendOnceOnly {
    withExtendedLifetime(layOut()) {}
    var appending = AppendBenchmark(conversation: conversation, config: config, context: context, formatter: formatter,
                                    measurer: engine, width: width)
    appending.laysOutOnAllCores = false
    appending.keepsLastDiff = ProcessInfo.processInfo.environment["CHAT_LAYOUT_BENCH_KEEP_DIFF"] == "1"
    do {
        let appends = ProcessInfo.processInfo.environment["CHAT_LAYOUT_BENCH_APPENDS"].flatMap { Int($0) } ?? 2000
        let kindName = ProcessInfo.processInfo.environment["CHAT_LAYOUT_BENCH_APPEND_KIND"]
        let kind = kindName.map { name -> AppendBenchmark.Kind in
            guard let kind = AppendBenchmark.Kind(rawValue: name) else {
                fail("CHAT_LAYOUT_BENCH_APPEND_KIND: one of " + AppendBenchmark.Kind.allCases.map(\.rawValue).joined(separator: ", "))
            }
            return kind
        }
        let figures = try appending.run(conversation.messages, appends: appends, only: kind)
        var line = "messages=\(messageCount) append_us=\(figures.appendMicroseconds) edit_us=\(figures.editMicroseconds) jump_us=\(figures.jumpMicroseconds)"
        line += (figures.faultFigures + figures.kindFigures).map { " " + $0 }.joined()
        if ProcessInfo.processInfo.environment["CHAT_LAYOUT_BENCH_LIST_KINDS"] == "1" {
            line += " appended_kinds=" + figures.appendedKinds.map(\.rawValue).joined(separator: ",")
        }
        for (position, size) in appendSizes.enumerated() {
            let sized = try appending.run(AppendBenchmark.repeated(MessageListResolver.shownMessages(conversation.messages), count: size),
                                          appends: appends, edits: 0, arrivals: AppendBenchmark.arrivalWord(forList: position))
            line += " append_us_\(size)=\(sized.appendMicroseconds) jump_us_\(size)=\(sized.jumpMicroseconds)"
        }
        print(line)
    } catch {
        fail("incremental list: \(error)")
    }
    exit(0)
}

/// CHAT_LAYOUT_BENCH_ONCE=stream: a reply streamed to 20k characters alone, for a profile
/// (CHAT_LAYOUT_BENCH_STREAM_LENGTH=N: to N characters, to see what a token costs that does
/// not grow with the reply).
if ProcessInfo.processInfo.environment["CHAT_LAYOUT_BENCH_ONCE"] == "stream" {
    let streaming = AppendBenchmark(conversation: conversation, config: config, context: context, formatter: formatter,
                                    measurer: engine, width: width)
    let length = ProcessInfo.processInfo.environment["CHAT_LAYOUT_BENCH_STREAM_LENGTH"].flatMap { Int($0) } ?? 20_000
    do {
        let figures = try streaming.streamMicroseconds(MessageListResolver.shownMessages(conversation.messages), lengths: [length])
        print("messages=\(messageCount) stream_us_\(length)=\(figures[length] ?? .nan)")
    } catch {
        fail("incremental list: \(error)")
    }
    exit(0)
}

// Every message text, newlines as spaces: the very texts `make-conversation.py --lines` gives
// the peers.
let texts = conversation.messages.map { message in
    String(String.UnicodeScalarView(message.text.unicodeScalars.map { $0 == "\n" ? " " : $0 }))
}

/// ICU's break iterators, opened once and reused for every text, as the C peer does.
struct ICUIterators {
    let line = clk_icu_break_open(Int32(CLK_BREAK_LINE), "en")!
    let character = clk_icu_break_open(Int32(CLK_BREAK_CHARACTER), "en")!
    var units: [UInt16] = []
    var boundaries: [Int32] = []

    /// The line-break and grapheme boundaries of `text` (UTF-16 offsets after 0).
    mutating func boundaries(_ text: String) -> (line: ArraySlice<Int32>, character: ArraySlice<Int32>) {
        units.removeAll(keepingCapacity: true)
        units.append(contentsOf: text.utf16)
        guard !units.isEmpty else { return ([], []) }
        let capacity = units.count + 1
        if boundaries.count < 2 * capacity { boundaries = [Int32](repeating: 0, count: 2 * capacity) }
        let (lineCount, characterCount) = boundaries.withUnsafeMutableBufferPointer { buffer in
            (clk_icu_break_boundaries(line, units, Int32(units.count), buffer.baseAddress!, nil, Int32(capacity)),
             clk_icu_break_boundaries(character, units, Int32(units.count), buffer.baseAddress! + capacity, nil, Int32(capacity)))
        }
        return (boundaries[0 ..< Int(lineCount)], boundaries[capacity ..< capacity + Int(characterCount)])
    }

    /// `text` cut at `boundaries` (as `boundaries(_:)` left `units`).
    func pieces(_ boundaries: ArraySlice<Int32>) -> [String] {
        var start = 0
        return boundaries.map { boundary in
            defer { start = Int(boundary) }
            return String(decoding: units[start ..< Int(boundary)], as: UTF16.self)
        }
    }
}
var icu = ICUIterators()

/// A new engine (nothing cached) wraps every text: milliseconds, and the lines it made.
@MainActor func measureAfresh() -> (Double, Int) {
    let fresh = ICUTextEngine()
    var lines = 0
    let milliseconds = Measuring.milliseconds {
        for text in texts { lines += fresh.wrap(text, width: width).lines.count }
    }
    return (milliseconds, lines)
}

/// A new engine prepares every text (measures it for wrapping, makes no line): milliseconds,
/// and the prepared texts.
@inline(never) @MainActor func prepareAfresh() -> (Double, [PreparedText]) {
    let fresh = ICUTextEngine()
    var prepared: [PreparedText] = []
    prepared.reserveCapacity(texts.count)
    let milliseconds = Measuring.milliseconds {
        for text in texts { prepared.append(fresh.prepare(text)) }
    }
    return (milliseconds, prepared)
}

/// CHAT_LAYOUT_BENCH_ONCE=prepare: every text prepared afresh once (the character table and
/// ICU's dictionaries loaded first, as the whole run has them), then exit — a quick profile of
/// `prepareAfresh` alone.
/// CHAT_LAYOUT_BENCH_ONCE=prepare-times: `--runs` runs of it alone (each run's texts freed
/// before the next run, as the whole run does), every run's milliseconds.
if ProcessInfo.processInfo.environment["CHAT_LAYOUT_BENCH_ONCE"] == "prepare" {
    _ = ICUTextEngine().prepare("สวัสดีครับ ສະບາຍດີ ជំរាបសួរ မင်္ဂလာပါ builds the character table, once")
    print("prepared=\(prepareAfresh().1.count)")
    exit(0)
}
if ProcessInfo.processInfo.environment["CHAT_LAYOUT_BENCH_ONCE"] == "prepare-times" {
    _ = ICUTextEngine().prepare("สวัสดีครับ ສະບາຍດີ ជំរាបសួរ မင်္ဂလာပါ builds the character table, once")
    var kept: [PreparedText] = []
    let times = (0 ..< runs).map { _ in
        kept = []
        let (milliseconds, prepared) = prepareAfresh()
        kept = prepared
        return String(format: "%.2f", milliseconds)
    }
    print("prepared=\(kept.count) prepare_fresh_ms=\(times.joined(separator: ","))")
    exit(0)
}

/// ICU's own line and grapheme iterators over every text: milliseconds, and the boundaries.
@MainActor func iterateWithICU() -> (Double, Int) {
    var boundaries = 0
    let milliseconds = Measuring.milliseconds {
        for text in texts {
            let found = icu.boundaries(text)
            boundaries += found.line.count + found.character.count
        }
    }
    return (milliseconds, boundaries)
}

if measureOnly {
    _ = ICUTextEngine().wrap("builds the character table, once", width: width)
    let fresh = (0 ..< runs).map { _ in measureAfresh() }
    let icuRuns = (0 ..< runs).map { _ in iterateWithICU() }
    print("messages=\(messageCount) width=\(width) runs=\(runs) measure_fresh_ms=\(String(format: "%.2f", Measuring.median(fresh.map(\.0)))) "
          + "icu_iterate_ms=\(String(format: "%.2f", Measuring.median(icuRuns.map(\.0)))) wrapped_lines=\(fresh[0].1) icu_boundaries=\(icuRuns[0].1)")
    exit(0)
}

// MARK: Figures

// Full layout. The first run also builds the engine's character table once. The list a run
// replaces is freed after the clock stops.
var list = layOut()
let layoutMilliseconds = Measuring.median((0 ..< runs).map { _ in
    var fresh: LaidOutList?
    let milliseconds = Measuring.milliseconds { fresh = layOut() }
    list = fresh!
    return milliseconds
})

// Text measurement alone.
var wrappedLines = 0
let measureMilliseconds = Measuring.medianMilliseconds(runs: runs) {
    wrappedLines = 0
    for text in texts { wrappedLines += engine.wrap(text, width: width).lines.count }
}

// The same with nothing cached: a new engine (and so an empty measurement cache) each run,
// every text measured afresh, as the peers do.
let measureFreshMilliseconds = Measuring.median((0 ..< runs).map { _ in
    let (milliseconds, lines) = measureAfresh()
    precondition(lines == wrappedLines, "a fresh engine wraps as the warm one")
    return milliseconds
})

// Preparing alone (the measuring of a relayout-ready text), then wrapping the prepared texts
// at a width they were not wrapped at, and counting their lines there.
// The texts a run prepared are freed before the next run's clock starts, as a fresh engine's
// cache is between measure_fresh_ms's runs (kept, as they were, every run took fresh pages from
// the system: page faults, not measuring, were a third of its time; the first run still does).
var preparedTexts: [PreparedText] = []
let prepareFreshMilliseconds = Measuring.median((0 ..< runs).map { _ in
    preparedTexts = []
    let (milliseconds, prepared) = prepareAfresh()
    preparedTexts = prepared
    return milliseconds
})
var rewrappedLines = 0
let rewrapMicroseconds = Measuring.median((0 ..< runs).map { run in
    Measuring.milliseconds {
        for prepared in preparedTexts { rewrappedLines += prepared.wrap(width: width + 1 + run).lines.count }
    }
}) * 1e3 / Double(max(1, preparedTexts.count))
var countedLines = 0
let lineCountMicroseconds = Measuring.median((0 ..< runs).map { run in
    Measuring.milliseconds {
        for prepared in preparedTexts { countedLines += prepared.lineCount(width: width + 1 + run) }
    }
}) * 1e3 / Double(max(1, preparedTexts.count))
precondition(countedLines == rewrappedLines, "lineCount agrees with wrap")

// What a relayout asks of each text (a bubble's text placed by arithmetic, `PreparedRows`):
// its line count and last line's width at the new width, summed over the runs between its
// line-break opportunities (`LineSegments`, four bytes a run, recorded by the first layout).
// A text with a run wider than a segment holds has none (its row is composed again).
var textSegments: [UInt32] = []
var segmentRanges: [Range<Int>] = []
var segmentedTexts: [Int] = []
for (index, text) in texts.enumerated() {
    let start = textSegments.count
    guard engine.appendLineSegments(of: text, to: &textSegments) else { continue }
    segmentRanges.append(start ..< textSegments.count)
    segmentedTexts.append(index)
}
let textsWithoutSegments = texts.count - segmentRanges.count
var metricLines = 0
let relayoutTextMicroseconds = textSegments.withUnsafeBufferPointer { segments in
    Measuring.median((0 ..< runs).map { run in
        Measuring.milliseconds {
            for range in segmentRanges {
                metricLines += LineSegments.lineMetrics(UnsafeBufferPointer(rebasing: segments[range]), width: width + 1 + run)?.count ?? 1
            }
        }
    })
} * 1e3 / Double(max(1, segmentRanges.count))
// The runs count every text's lines as its prepared form does.
textSegments.withUnsafeBufferPointer { segments in
    for (range, index) in zip(segmentRanges, segmentedTexts) {
        let metrics = LineSegments.lineMetrics(UnsafeBufferPointer(rebasing: segments[range]), width: width + 1)
        precondition(metrics == nil || metrics!.count == preparedTexts[index].lineCount(width: width + 1), "the runs count the lines")
    }
}

// The laid-out list again at widths it was never laid out at: the front end's (decided
// again), then one laid out from decisions it keeps.
// A list laid out again places every row and writes a chunk's records when first read:
// relayout_viewport_ms adds the screen a front end shows next (the bottom 40 rows).
var relaidRows = 0
@MainActor func relayoutMedian(_ list: LaidOutList, widths: Range<Int>, showing viewport: Viewport? = nil) -> Double {
    Measuring.median(widths.map { width in
        var relaid: LaidOutList?
        var shown = 0
        let milliseconds = Measuring.milliseconds {
            relaid = relayOut(list, width: width)
            if let viewport { shown = relaid!.screen(viewport).root.children.count }
        }
        relaidRows += relaid!.rowCount + shown
        return milliseconds
    })
}
let relayoutMilliseconds = relayoutMedian(list, widths: width + 11 ..< width + 11 + runs)
let relayoutViewportMilliseconds = relayoutMedian(list, widths: width + 21 ..< width + 21 + runs,
                                                  showing: Viewport(scrollOffset: Int.max, height: 40))
let keptEnvironment = try! LayoutEnvironment(config: config, context: context, formatter: formatter, measurer: engine)
let keptList = MessageListLayout(keptEnvironment).layout(MessageListResolver(keptEnvironment).resolve(conversation), width: width,
                                                         dateIndicator: config.dateIndicatorPlacement)
let relayoutKeptMilliseconds = relayoutMedian(keptList, widths: width + 31 ..< width + 31 + runs)

// The same in points (HarfBuzz), on a phone's list: nan when the fonts cannot be loaded.
let pointsFigures = try? PointsBenchmark(conversation: conversation, config: config, context: context, formatter: formatter)
    .run(runs: runs)

// ICU's own iteration over the same texts: UTF-16 conversion included, as in the C peer.
var icuBoundaries = 0
let icuMilliseconds = Measuring.median((0 ..< runs).map { _ in
    let (milliseconds, boundaries) = iterateWithICU()
    icuBoundaries = boundaries
    return milliseconds
})

// Identical results? Texts whose line-break segments or grapheme clusters differ from ICU's.
var lineDifferences = 0
var graphemeDifferences = 0
for text in texts {
    let found = icu.boundaries(text)
    let (lines, icuLines) = (engine.lineBreakSegments(text), icu.pieces(found.line))
    let (clusters, icuClusters) = (engine.graphemeClusters(text), icu.pieces(found.character))
    if lines != icuLines { lineDifferences += 1 }
    if clusters != icuClusters { graphemeDifferences += 1 }
    if showDifferences && (lines != icuLines || clusters != icuClusters) {
        FileHandle.standardError.write(Data("""
            text:   \(text.debugDescription)
            engine: \(lines == icuLines ? clusters : lines)
            icu:    \(lines == icuLines ? icuClusters : icuLines)\n
            """.utf8))
    }
}

// The overlay query: batches of queries at random offsets, the median of the batch means
// (one query is too short for the clock).
var random = SeededGenerator(seed: 5)
let visibleHeight = max(1, 40 - list.header.frame.height)
let batch = 1000
var labelsFound = 0
let overlayMicroseconds = Measuring.median((0 ..< 201).map { _ in
    let offsets = (0 ..< batch).map { _ in Int.random(in: 0 ... max(0, list.contentHeight), using: &random) }
    return Measuring.milliseconds {
        for offset in offsets where list.dateOverlayLabel(scrollOffset: offset, visibleHeight: visibleHeight) != nil {
            labelsFound += 1
        }
    } * 1e3 / Double(batch)
})

// A 40-row viewport at random offsets: cutting it out of the list, then drawing it.
let renderer = TextRenderer(engine: engine)
let viewportOffsets = (0 ..< 41).map { _ in Int.random(in: 0 ... max(0, list.contentHeight - visibleHeight), using: &random) }
var drawnCharacters = 0
let viewportMilliseconds = Measuring.median(viewportOffsets.map { offset in
    Measuring.milliseconds { drawnCharacters += list.screen(Viewport(scrollOffset: offset, height: 40)).root.children.count }
})
let renderMilliseconds = Measuring.median(viewportOffsets.map { offset in
    Measuring.milliseconds {
        drawnCharacters += renderer.render(list.screen(Viewport(scrollOffset: offset, height: 40))).utf8.count
    }
})

// Retained memory: the heap in use before and after one more layout, with every earlier
// list still alive so nothing of theirs is freed in between; the decisions and all other
// temporaries are gone when `layOut()` returns.
let heapBefore = Measuring.heapBytesInUse()
let retained = layOut()
let heapAfter = Measuring.heapBytesInUse()
let bytesPerMessage = Double(heapAfter - heapBefore) / Double(max(1, messageCount))

// Appending to a laid-out list (and editing it), through the incremental API: on the
// document, then on lists of other lengths cut from it or repeated.
let appending = AppendBenchmark(conversation: conversation, config: config, context: context, formatter: formatter,
                                measurer: engine, width: width)
let ordered = MessageListResolver.shownMessages(conversation.messages)
var incremental: AppendBenchmark.Figures
var appendFigures: [String] = []
do {
    incremental = try appending.run(conversation.messages)
    appendFigures.append("one_message_us=\(fixed(appending.oneMessageMicroseconds(after: ordered), 3))")
    // Not under callgrind (`--no-stream`): its per-call count of a change is the appends' and edits'.
    for (length, microseconds) in try (streams ? appending.streamMicroseconds(ordered, lengths: [1_000, 5_000, 20_000]) : [:])
        .sorted(by: { $0.key < $1.key }) {
        appendFigures.append("stream_us_\(sizeName(length))=\(fixed(microseconds, 3))")
    }
    for (position, size) in appendSizes.enumerated() {
        let figures = try appending.run(AppendBenchmark.repeated(ordered, count: size), edits: 0,
                                        arrivals: AppendBenchmark.arrivalWord(forList: position))
        appendFigures.append("append_us_\(sizeName(size))=\(fixed(figures.appendMicroseconds, 3))")
        appendFigures.append("incremental_build_ms_\(sizeName(size))=\(fixed(figures.buildMilliseconds))")
        appendFigures.append("jump_us_\(sizeName(size))=\(fixed(figures.jumpMicroseconds, 3))")
    }
} catch {
    fail("incremental list: \(error)")
}

/// "10k", "1m", "2500".
func sizeName(_ size: Int) -> String {
    size % 1_000_000 == 0 ? "\(size / 1_000_000)m" : size % 1000 == 0 ? "\(size / 1000)k" : "\(size)"
}

// MARK: Output

func fixed(_ value: Double, _ digits: Int = 2) -> String { String(format: "%.\(digits)f", value) }
let afterAppend: [String] = [
    "edit_us=\(fixed(incremental.editMicroseconds, 3))", "jump_us=\(fixed(incremental.jumpMicroseconds, 3))", "incremental_build_ms=\(fixed(incremental.buildMilliseconds))",
    "rows=\(retained.rowCount)", "wrapped_lines=\(wrappedLines)", "icu_boundaries=\(icuBoundaries)",
    "icu_line_differences=\(lineDifferences)", "icu_grapheme_differences=\(graphemeDifferences)",
]
let upToAppend: [String] = [
    "messages=\(messageCount)", "width=\(width)", "runs=\(runs)",
    "layout_ms=\(fixed(layoutMilliseconds))", "measure_ms=\(fixed(measureMilliseconds))",
    "measure_fresh_ms=\(fixed(measureFreshMilliseconds))", "prepare_fresh_ms=\(fixed(prepareFreshMilliseconds))",
    "relayout_ms=\(fixed(relayoutMilliseconds))", "relayout_viewport_ms=\(fixed(relayoutViewportMilliseconds))", "relayout_kept_ms=\(fixed(relayoutKeptMilliseconds))", "layout_points_ms=\(fixed(pointsFigures?.layout ?? .nan))", "relayout_points_ms=\(fixed(pointsFigures?.relayout ?? .nan))",
    "rewrap_us=\(fixed(rewrapMicroseconds, 4))", "line_count_us=\(fixed(lineCountMicroseconds, 4))",
    "relayout_text_us=\(fixed(relayoutTextMicroseconds, 4))", "texts_without_segments=\(textsWithoutSegments)",
    "icu_iterate_ms=\(fixed(icuMilliseconds))", "overlay_us=\(fixed(overlayMicroseconds, 3))",
    "render_ms=\(fixed(renderMilliseconds, 3))", "viewport_ms=\(fixed(viewportMilliseconds, 3))",
    "bytes_per_message=\(Int(bytesPerMessage.rounded()))", "append_us=\(fixed(incremental.appendMicroseconds, 3))",
]
print((upToAppend + incremental.faultFigures + incremental.kindFigures + afterAppend).joined(separator: " ") + appendFigures.map { " " + $0 }.joined())
withExtendedLifetime((list, retained, keptList, labelsFound, drawnCharacters)) {}
