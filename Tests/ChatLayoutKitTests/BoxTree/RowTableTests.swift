import Foundation
import ChatLayoutICU
import ChatLayoutTestSupport
@testable import ChatLayoutKit
@testable import ChatLayoutModel
@testable import ChatLayoutDecisions
@testable import ChatLayoutComposition
@testable import ChatLayoutPlacement
import Testing

/// A laid-out list keeps its rows as flat records and makes boxes only for the rows asked
/// for: the boxes it gives back are those the row layout built, byte for byte, and a band
/// finds exactly the rows that reach into it.
struct RowTableTests {
    private func difference(_ made: Box, _ built: Box) -> String? { boxDifference(made, built) }

    /// The rows written straight into the table are the boxes the row layout builds as values.
    @Test func everyGeneratedList_givesBackTheBoxesItsRowLayoutBuilt() {
        var failures: [String] = []
        for laidOut in LayoutPropertyTests.cases {
            let list = laidOut.list
            var rowLayout = list.layout.rowLayout(width: list.width)
            #expect(list.rowCount == laidOut.resolved.decisions.items.count)
            for (index, item) in laidOut.resolved.decisions.items.enumerated() where index < list.rowCount {
                rowLayout.top = list.rowFrame(at: index).y
                let built = rowLayout.row(item)
                if let failure = difference(list.row(at: index), built) {
                    failures.append("seed \(laidOut.resolved.input.seed) width \(list.width) row \(index): \(failure)")
                    break
                }
                if list.rowRole(at: index) != built.role { failures.append("seed \(laidOut.resolved.input.seed): role of row \(index)") }
            }
        }
        #expect(failures.isEmpty, "\(failures.prefix(5).joined(separator: "\n"))")
    }

    /// A row laid out at the row layout's top into a table that writes it lower down (its
    /// `writingOffset`: the incremental list's way, no copy of the row layout) has the records
    /// of the row laid out where it stands.
    @Test func aRowLaidOutAtTheTopAndWrittenLower_isTheRowLaidOutInPlace() {
        var failures: [String] = []
        for laidOut in LayoutPropertyTests.cases.prefix(40) {
            let list = laidOut.list
            let atTop = list.layout.rowLayout(width: list.width)
            var inPlace = atTop
            var moved = RowTable(), written = RowTable()
            for (index, item) in laidOut.resolved.decisions.items.enumerated() {
                let y = 3 * index + 1
                moved.beginRow()
                moved.writingOffset = y
                atTop.write(item, into: &moved)
                moved.writingOffset = 0
                inPlace.top = y
                written.beginRow()
                inPlace.write(item, into: &written)
                if let failure = difference(moved.box(ofRow: index), written.box(ofRow: index)) {
                    failures.append("seed \(laidOut.resolved.input.seed) row \(index): \(failure)")
                    break
                }
            }
        }
        #expect(failures.isEmpty, "\(failures.prefix(5).joined(separator: "\n"))")
    }

    /// A long list is laid out in runs on every core and stacked: byte for byte the serial
    /// layout, whatever the run length (here down to one row a run, so that every generated
    /// case is split, at every kind of boundary).
    @Test(arguments: [1, 2, 3, 7])
    func theParallelLayout_isTheSerialOne_byteForByte(runLength: Int) {
        var failures: [String] = []
        for laidOut in LayoutPropertyTests.cases {
            let layout = laidOut.list.layout
            let decisions = laidOut.resolved.decisions
            let dateIndicator = laidOut.resolved.input.config.dateIndicatorPlacement
            let serial = layout.layout(decisions, width: laidOut.width, dateIndicator: dateIndicator, runLength: .max)
            let parallel = layout.layout(decisions, width: laidOut.width, dateIndicator: dateIndicator, runLength: runLength)
            let seed = laidOut.resolved.input.seed
            guard serial.rowCount == parallel.rowCount, serial.contentHeight == parallel.contentHeight,
                  serial.messageRows.map(\.top) == parallel.messageRows.map(\.top),
                  serial.messageRows.map(\.bottom) == parallel.messageRows.map(\.bottom),
                  serial.messageRows.map(\.dateLabel) == parallel.messageRows.map(\.dateLabel) else {
                failures.append("seed \(seed): rows, height or message spans differ")
                continue
            }
            for index in 0 ..< serial.rowCount {
                if let failure = difference(parallel.row(at: index), serial.row(at: index)) {
                    failures.append("seed \(seed) row \(index): \(failure)")
                    break
                }
            }
        }
        #expect(failures.isEmpty, "\(failures.prefix(5).joined(separator: "\n"))")
    }

    /// A list long enough to be laid out on all cores by default lays out as on one.
    @Test func aLongList_onAllCores_isTheListOnOne() throws {
        var builder = ConversationBuilder().direct()
        let words = ["Hi", "On my way 🚀", "שלום לכולם", "See you at 11, by the window", "今日は何時に会いますか？", "ok"]
        for index in 0 ..< 5_000 {
            let author = index % 3 == 0 ? "luke" : "leia"
            let text: String = words[index % words.count] + String(repeating: " more", count: index % 9)
            builder = builder.message("m\(index)", by: author, at: Double(index * 47), text: text)
        }
        let formatter = try ICULocaleFormatter(locale: builder.context.locale, timeZone: builder.context.timeZone)
        var environment = try LayoutEnvironment(config: builder.config, context: builder.context, formatter: formatter,
                                                measurer: ICUTextEngine())
        let decisions = MessageListResolver(environment).resolve(builder.conversation)
        let parallel = MessageListLayout(environment).layout(decisions, width: 40, dateIndicator: .overlay)
        environment.laysOutOnAllCores = false
        // The decisions too are made in runs on every core, and are the same.
        let serialDecisions = MessageListResolver(environment).resolve(builder.conversation)
        #expect(serialDecisions == decisions, "the decisions on one core differ from those on all")
        let serial = MessageListLayout(environment).layout(decisions, width: 40, dateIndicator: .overlay)
        #expect(parallel.rowCount == serial.rowCount && parallel.rowCount > 2 * MessageListLayout.parallelRunLength)
        #expect(parallel.contentHeight == serial.contentHeight)
        let differing = (0 ..< serial.rowCount).first { difference(parallel.row(at: $0), serial.row(at: $0)) != nil }
        #expect(differing == nil, "row \(differing ?? -1)")
        #expect(parallel.dateOverlayLabel(scrollOffset: 5_000, visibleHeight: 40) == serial.dateOverlayLabel(scrollOffset: 5_000, visibleHeight: 40))
    }

    /// A box that begins with the lines the last box of several lines had (the same strings,
    /// as a streamed reply's wrap keeps its earlier lines) copies their records and bytes from
    /// the table where it remembers them — and the table is exactly the one that stores every
    /// line again: the same bytes, records and boxes, each line placed in its own frame. Only
    /// while it remembers, and only the lines the two boxes share from their first.
    @Test func aBoxBeginningWithTheLinesRemembered_copiesThem_intoTheSameTable() {
        func line(_ words: String, hanging: Bool = true) -> TextLine {
            // Strings of their own (not literals), longer than a small string; some with a
            // hanging space, whose reading order is stored apart from the display.
            let display = String(words.reversed().reversed())
            return TextLine(text: hanging ? display + " " : display, display: display, width: display.count)
        }
        let first = [line("the train leaves at nine"), line("from platform four", hanging: false), line("tickets are on the app")]
        let grown = first + [line("bring an ID")]
        let other = [first[0], line("something else entirely"), first[2]]
        func table(remembering: Bool) -> RowTable {
            var table = RowTable()
            table.writesChangedEntry = remembering
            for (lines, width, alignment) in [(first, 30, TextAlignment.leading), (grown, 34, .trailing), (grown, 26, .center),
                                              (other, 30, .leading)] {
                table.beginRow()
                let token = table.open(.text, id: "reply", frame: Frame(x: 2, y: 0, width: width, height: lines.count),
                                       text: lines.map(\.text).joined(), content: nil, lines: lines,
                                       alignment: alignment, direction: .leftToRight, tail: .none)
                table.close(token, height: nil)
            }
            return table
        }
        let remembering = table(remembering: true), storing = table(remembering: false)
        // Three lines copied for the second box, four for the third, one for the last (its
        // second line is another string: the copy stops there).
        #expect(remembering.copiedLineCount == 3 + 4 + 1)
        #expect(storing.copiedLineCount == 0)
        #expect(remembering.bytes == storing.bytes)
        #expect(remembering.rowCount == 4 && storing.rowCount == 4)
        for row in 0 ..< 4 {
            #expect(difference(remembering.box(ofRow: row), storing.box(ofRow: row)) == nil, "row \(row)")
        }
        let third = remembering.box(ofRow: 2)
        #expect(third.placedLines.map(\.display) == grown.map(\.display))
        #expect(third.placedLines.map(\.x) == grown.map { (26 - $0.width) / 2 }, "centred in the third frame")
    }

    /// A box whose lines are spans of its words' bytes (a bubble's text, `LineSpans`) reads back
    /// as the box of the same lines stored as strings, in every alignment, and is the same row
    /// record for record; its words' bytes are stored once, for the words and the lines.
    @Test func aBoxOfLineSpans_readsBackAsItsLinesStoredAsStrings() throws {
        let engine = ICUTextEngine()
        let texts = ["the train leaves at nine from platform four, tickets are on the app", "ok", "",
                     "two  spaces   and\nline feeds\n\nhere ", "Ünïcödé wörds and 中文 and 👍🏽 too"]
        for text in texts {
            for (width, alignment) in [(9, TextAlignment.leading), (17, .trailing), (30, .center)] {
                guard case .spans(let spans)? = engine.measuredLines(text, width: width) else {
                    Issue.record("\(text.debugDescription) at \(width): no spans")
                    continue
                }
                let lines = LineSpans.textLines(spans.lines, of: text)
                var spanned = RowTable(), stored = RowTable()
                let frame = Frame(x: 3, y: 1, width: width, height: lines.count)
                spanned.beginRow()
                let token = spanned.open(.text, id: "m1", frame: frame, text: text, content: nil, lineSpans: spans.lines,
                                         alignment: alignment, direction: .leftToRight, tail: .none)
                spanned.close(token, height: nil)
                stored.beginRow()
                let other = stored.open(.text, id: "m1", frame: frame, text: text, content: nil, lines: lines,
                                        alignment: alignment, direction: .leftToRight, tail: .none)
                stored.close(other, height: nil)
                #expect(difference(spanned.box(ofRow: 0), stored.box(ofRow: 0)) == nil, "\(text.debugDescription) at \(width)")
                #expect(spanned.isSameRow(0, as: 0, in: stored), "\(text.debugDescription) at \(width)")
                #expect(spanned.bytes.count == text.utf8.count, "the words' bytes once: \(text.debugDescription)")
            }
        }
    }

    /// Rows kept out of order, as the incremental list keeps an entry's: written at the end,
    /// put in place of others and moved by their read offsets, every row reads back as the box
    /// it was, moved; a copy without the unread records reads the same; and a row compared
    /// record by record with another is the same exactly when their boxes are.
    @Test func rowsOutOfOrder_readBackAsTheirBoxes_moved() {
        var failures: [String] = []
        for laidOut in LayoutPropertyTests.cases.prefix(40) {
            let boxes = laidOut.list.rows
            guard boxes.count >= 2 else { continue }
            // Written bottom to top, each put at the top; an unread copy of the first written
            // in between.
            var table = RowTable()
            for (index, box) in boxes.enumerated().reversed() {
                if index == boxes.count - 2 {
                    table.beginRow()
                    table.add(boxes[boxes.count - 1], dy: 5)
                    table.placeLastRows(1, at: 0, replacing: 0, offset: 0)
                    table.removeRows(0 ..< 1)
                }
                table.beginRow()
                table.add(box, dy: -box.frame.y)
                table.placeLastRows(1, at: 0, replacing: 0, offset: box.frame.y)
            }
            // The lower half moved down by 3, then back up by 1.
            table.moveRows(boxes.count / 2 ..< boxes.count, by: 3)
            table.moveRows(boxes.count / 2 ..< boxes.count, by: -1)
            let compacted = table.compacted()
            for (index, box) in boxes.enumerated() {
                let moved = index >= boxes.count / 2 ? box.offsetBy(dy: 2) : box
                if let failure = difference(table.box(ofRow: index), moved) ?? difference(compacted.box(ofRow: index), moved) {
                    failures.append("seed \(laidOut.resolved.input.seed) row \(index): \(failure)")
                    break
                }
                if table.frame(ofRow: index) != moved.frame { failures.append("seed \(laidOut.resolved.input.seed): frame of row \(index)") }
                for other in [0, index - 1, boxes.count - 1] where other >= 0 {
                    let same = boxes[other].isSame(box, movedDown: boxes[other].frame.y - box.frame.y)
                    if table.isSameRow(other, as: index, in: compacted) != same {
                        failures.append("seed \(laidOut.resolved.input.seed): rows \(other) and \(index) compared \(!same)")
                    }
                }
            }
        }
        #expect(failures.isEmpty, "\(failures.prefix(5).joined(separator: "\n"))")
    }

    /// A table compacted in place (`compact()`, as an incremental list's chunk is once its
    /// unread records outnumber its rows) reads every row as before and as a copy without
    /// them (`compacted()`) reads it, and holds no more than that copy: written in order,
    /// then its last row written again and again (a streamed reply) and now and then a row
    /// above it (its rows after that one are copied back in after the cut).
    @Test func aTableCompactedInPlace_readsAsBefore_withoutItsUnreadRecords() {
        var failures: [String] = []
        var random = SplitMix64(seed: 0xC0_3AC7)
        for laidOut in LayoutPropertyTests.cases.prefix(60) {
            let boxes = laidOut.list.rows
            guard boxes.count >= 2 else { continue }
            var table = RowTable()
            for box in boxes { table.append(box) }
            var expected = boxes
            for _ in 0 ..< random.int(1 ... 12) {
                // The last row, or now and then another, written again at the end and put in its place.
                let row = random.chance(0.8) ? boxes.count - 1 : random.int(0 ... boxes.count - 1)
                let box = boxes[random.int(0 ... boxes.count - 1)]
                let moved = box.offsetBy(dy: expected[row].frame.y - box.frame.y)
                table.beginRow()
                table.add(box, dy: -box.frame.y)
                table.placeLastRows(1, at: row, replacing: 1, offset: moved.frame.y)
                expected[row] = moved
            }
            let copy = table.compacted()
            var inPlace = table
            inPlace.compact()
            for (index, box) in expected.enumerated() {
                if let failure = difference(inPlace.box(ofRow: index), box) ?? difference(copy.box(ofRow: index), box) {
                    failures.append("seed \(laidOut.resolved.input.seed) row \(index): \(failure)")
                    break
                }
            }
            let (compact, copied) = (inPlace.counts, copy.counts)
            if compact.rows != copied.rows || compact.records != copied.records || compact.lines > copied.lines || compact.bytes > copied.bytes
                || compact.ids > copied.ids || compact.contents > copied.contents {
                failures.append("seed \(laidOut.resolved.input.seed): \(compact) against \(copied)")
            }
            // Written again after it, it goes on as any table does.
            inPlace.append(boxes[0].offsetBy(dy: 1000))
            if let failure = difference(inPlace.box(ofRow: expected.count), boxes[0].offsetBy(dy: 1000)) {
                failures.append("seed \(laidOut.resolved.input.seed), a row appended after: \(failure)")
            }
        }
        #expect(failures.isEmpty, "\(failures.prefix(5).joined(separator: "\n"))")
    }

    @Test func aBand_findsExactlyTheRowsReachingIntoIt() {
        var random = SplitMix64(seed: 0x70_7A)
        for laidOut in LayoutPropertyTests.cases {
            let list = laidOut.list
            let frames = (0 ..< list.rowCount).map(list.rowFrame(at:))
            for _ in 0 ..< 4 {
                let top = random.int(-3 ... list.contentHeight + 3)
                let band = top ..< top + random.int(0 ... 30)
                let expected = frames.indices.filter { frames[$0].maxY > band.lowerBound && frames[$0].y < band.upperBound }
                let found = list.rowIndices(overlapping: band)
                #expect(Array(found) == expected, "seed \(laidOut.resolved.input.seed) band \(band)")
                #expect(list.rows(overlapping: band).map(\.frame) == expected.map { frames[$0] })
            }
        }
    }

    /// A placed line's reading order leaves out the spaces hanging at its end, whole
    /// characters only: a carriage return keeps its line feed, a prepended mark its space.
    @Test(arguments: [
        ("abc  ", "abc"), ("a \t\n", "a"), ("abc", "abc"), ("   ", ""), ("日本 ", "日本"), ("abc\r\n", "abc\r\n"),
        ("\u{600} ", "\u{600} "), ("שלום ", "שלום"),
    ])
    func aPlacedLine_dropsOnlyHangingSpaces(text: String, reading: String) {
        let line = PlacedLine(display: "x", text: text, x: 0, width: 1)
        #expect(Array(line.text.utf8) == Array(reading.utf8), "\(String(reflecting: line.text))")
        #expect(PlacedLine(display: reading, text: text, x: 0, width: 1).reading == nil, "the display itself is not kept twice")
    }

    /// A table made as large as another (a chunk begun at the bottom of the incremental list,
    /// like the full one before it) has room for as many of everything, and takes the other's
    /// rows without making room again.
    @Test func aTableReservedLikeAnother_takesItsRowsWithoutGrowing() {
        for laidOut in LayoutPropertyTests.cases.prefix(12) {
            let list = laidOut.list
            let rowLayout = list.layout.rowLayout(width: list.width)
            var filled = RowTable()
            for item in laidOut.resolved.decisions.items {
                filled.beginRow()
                rowLayout.write(item, into: &filled)
            }
            var reserved = RowTable()
            reserved.reserveCapacity(like: filled)
            let room = reserved.capacity, counts = filled.counts
            let seed = laidOut.resolved.input.seed
            #expect(room.rows >= counts.rows && room.records >= counts.records && room.lines >= counts.lines, "seed \(seed)")
            #expect(room.bytes >= counts.bytes && room.ids >= counts.ids && room.contents >= counts.contents, "seed \(seed)")
            for row in 0 ..< filled.rowCount { reserved.appendRow(copying: row, of: filled) }
            #expect(reserved.rowCount == filled.rowCount && reserved.counts.records == counts.records, "seed \(seed)")
            #expect(reserved.capacity == room, "seed \(seed): grew while taking the rows it had room for")
        }
    }

    @Test func aChunkedArray_keepsEveryElementAcrossItsChunks() {
        var chunked = ChunkedArray<Int32>()
        for value in 0 ..< 10_000 { chunked.append(Int32(value)) }
        #expect(chunked.count == 10_000)
        #expect((0 ..< 10_000).allSatisfy { chunked[$0] == Int32($0) })
        for index in [0, 4095, 4096, 8191, 8192, 9999] { chunked[index] = -1 }
        #expect((0 ..< 10_000).filter { chunked[$0] == -1 } == [0, 4095, 4096, 8191, 8192, 9999])
    }

    /// Removing the last elements goes back across a chunk's start; appending after it lands
    /// where the removed ones were.
    @Test func aChunkedArray_removesItsLastElements_acrossAChunksStart() {
        var chunked = ChunkedArray<Int32>()
        for value in 0 ..< 4_098 { chunked.append(Int32(value)) }
        chunked.removeLast(3)
        #expect(chunked.count == 4_095)
        chunked.removeLast(0)
        for value in 0 ..< 5 { chunked.append(-Int32(value)) }
        #expect(chunked.count == 4_100)
        #expect((0 ..< 4_095).allSatisfy { chunked[$0] == Int32($0) })
        #expect((4_095 ..< 4_100).map { chunked[$0] } == [0, -1, -2, -3, -4])
    }

    /// Runs appended at once land where appending each element in turn puts them: across the
    /// chunks' ends, after a first chunk reserved or grown as an array grows, empty runs too.
    @Test func aChunkedArray_appendsARunAsEachOfItsElements() {
        var random = SplitMix64(seed: 41)
        for reserved in [0, 100, 5_000] {
            var runs = ChunkedArray<Int32>(), single = ChunkedArray<Int32>()
            if reserved > 0 {
                runs.reserveCapacity(reserved)
                single.reserveCapacity(reserved)
            }
            var next: Int32 = 0
            while runs.count < 13_000 {
                let run = (0 ..< random.int(0 ... 3_000)).map { _ -> Int32 in
                    next += 1
                    return next
                }
                runs.append(contentsOf: run)
                for value in run { single.append(value) }
            }
            #expect(runs.count == single.count)
            #expect((0 ..< runs.count).allSatisfy { runs[$0] == single[$0] && runs[$0] == Int32($0 + 1) }, "reserved \(reserved)")
        }
    }

    @Test func theTable_keepsCanonicallyEquivalentStringsApart() {
        // "José" composed and decomposed: equal as Swift strings, different ids and texts.
        let composed = "Jos\u{E9}", decomposed = "Jose\u{301}"
        let row = Box(role: .messageRow, id: composed, frame: Frame(x: 0, y: 2, width: 20, height: 2), children: [
            Box(role: .text, id: composed, frame: Frame(x: 1, y: 2, width: 4, height: 1), text: NeutralText(decomposed),
                placedLines: [PlacedLine(display: composed, text: composed, x: 0, width: 4)]),
            Box(role: .replyAvatar, id: decomposed, frame: Frame(x: 6, y: 2, width: 4, height: 1), text: NeutralText(composed),
                placedLines: [PlacedLine(display: composed, text: decomposed, x: 0, width: 4)]),
        ])
        let table = RowTable([row])
        #expect(difference(table.box(ofRow: 0), row) == nil)
        #expect(table.ids.count == 2, "two ids that differ in bytes are two ids")
    }

    @Test func theTable_givesBackNestingNilTextsAndEmptyRows() {
        let bubble = Box(role: .bubble, id: "m1", frame: Frame(x: 2, y: 1, width: 10, height: 4), content: .bubble(fromCurrentUser: true),
                         tail: .bottomTrailing, children: [
                             Box(role: .text, id: "m1", frame: Frame(x: 3, y: 2, width: 8, height: 2), text: "שלום עולם",
                                 placedLines: [PlacedLine(display: "םלוע", text: "עולם", x: 4, width: 4),
                                               PlacedLine(display: "", text: "", x: 0, width: 0)],
                                 alignment: .trailing, textDirection: .rightToLeft),
                             Box(role: .attachment, id: "m1", frame: Frame(x: 3, y: 4, width: 8, height: 1), text: "",
                                 content: .attachment(AttachmentContent(kind: .file, type: "file", title: nil))),
                         ])
        let rows = [
            Box(role: .dateSeparator, frame: Frame(x: 0, y: 0, width: 12, height: 0)),
            Box(role: .messageRow, id: "m1", frame: Frame(x: 0, y: 1, width: 12, height: 5),
                children: [bubble, Box(role: .timestamp, id: "m1", frame: Frame(x: 2, y: 5, width: 5, height: 1), text: "09:41",
                                       placedLines: [PlacedLine(display: "09:41", text: "09:41", x: 0, width: 5)])]),
            Box(role: .unreadSeparator, frame: Frame(x: 0, y: 6, width: 12, height: 0)),
        ]
        let table = RowTable(rows)
        #expect(table.rowCount == 3)
        for index in rows.indices { #expect(difference(table.box(ofRow: index), rows[index]) == nil) }
        #expect(table.box(ofRow: 1, dy: 7).frame == rows[1].frame.offsetBy(dy: 7))
        #expect(table.box(ofRow: 1, dy: 7).children[0].children[1].frame.y == 11)
        #expect(table.boxes() == rows)
        // An empty row at a band's top edge is not in it; one inside it is.
        let store = LaidOutRows(rows)
        #expect(store.rows(overlapping: 0 ..< 1) == 1 ..< 1)
        #expect(store.rows(overlapping: 5 ..< 7) == 1 ..< 3)
        #expect(store.rows(overlapping: 6 ..< 9) == 3 ..< 3)
    }

    /// A one-line label's words are kept once with its line (its reading order, or its display)
    /// and come back as the label's text; words its line does not hold come back on their own;
    /// each line's reading order comes back as it was placed.
    @Test func aOneLineLabel_readsBackItsWordsFromItsLine() {
        let rightToLeft = Box(role: .authorName, id: "m1", frame: Frame(x: 0, y: 0, width: 4, height: 1), text: "שלום",
                              placedLines: [PlacedLine(display: "םולש", text: "שלום", x: 0, width: 4)], textDirection: .rightToLeft)
        let display = Box(role: .timestamp, id: "m1", frame: Frame(x: 5, y: 0, width: 6, height: 1), text: "09:41",
                          placedLines: [PlacedLine(display: "09:41", text: "09:41 ", x: 1, width: 5)])
        let cut = Box(role: .threadInfo, id: "m1", frame: Frame(x: 0, y: 1, width: 7, height: 1), text: "3 replies",
                      placedLines: [PlacedLine(display: "3 repl…", text: "3 repl…", x: 0, width: 7)])
        let row = Box(role: .messageRow, id: "m1", frame: Frame(x: 0, y: 0, width: 12, height: 2), children: [rightToLeft, display, cut])
        let table = RowTable([row])
        let read = table.box(ofRow: 0)
        #expect(difference(read, row) == nil)
        #expect(read.children.map { $0.text.map { Array($0.utf8) } } == [Array("שלום".utf8), Array("09:41".utf8), Array("3 replies".utf8)])
        #expect(read.children[0].placedLines[0].text == "שלום" && read.children[0].placedLines[0].display == "םולש")
        #expect(read.children[1].placedLines == [PlacedLine(display: "09:41", text: "09:41", x: 1, width: 5)])
        #expect(table.bytes.count == "םולש".utf8.count + "שלום".utf8.count + "09:41".utf8.count + "3 repl…".utf8.count + "3 replies".utf8.count,
                "the labels' words that their lines hold are not stored twice")
    }

    /// A label of one line written at once (its words, its line's text and display one string,
    /// stored once) has the records, lines and bytes of any box of one line; a label whose
    /// strings differ, or whose text ends in a space, is written the general way.
    @Test(arguments: [
        ("09:41", "09:41", "09:41"), ("AB", "AB", "AB"), ("", "", ""), ("a label longer than fifteen bytes", nil, nil),
        ("ab ", "ab ", "ab "), ("ab", "ab ", "ab"), ("3 replies", "3 repl…", "3 repl…"), ("שלום", "שלום", "םולש"),
    ] as [(String, String?, String?)])
    func aOneLineLabelWrittenAtOnce_isWrittenAsAnyBoxOfOneLine(words: String, text: String?, display: String?) {
        let line = TextLine(text: text ?? words, display: display ?? words, width: 5)
        func table(_ write: (inout RowTable) -> Int) -> RowTable {
            var table = RowTable()
            table.beginRow()
            let row = table.open(.messageRow, id: "m1", frame: Frame(x: 0, y: 0, width: 12, height: 1), text: nil, content: nil,
                                 lines: [], alignment: .leading, direction: .leftToRight, tail: .none)
            table.close(write(&table), height: nil)
            table.close(row, height: nil)
            return table
        }
        let frame = Frame(x: 2, y: 0, width: 7, height: 1)
        let atOnce = table {
            $0.open(.timestamp, id: "m1", frame: frame, text: words, content: nil, line: line, alignment: .trailing,
                    direction: .leftToRight, tail: .none)
        }
        let general = table {
            $0.open(.timestamp, id: "m1", frame: frame, text: words, content: nil, lines: [line], alignment: .trailing,
                    direction: .leftToRight, tail: .none)
        }
        #expect(atOnce.bytes == general.bytes)
        #expect(atOnce.lines.count == 1 && general.lines.count == 1)
        #expect(atOnce.lines[0].display == general.lines[0].display && atOnce.lines[0].reading == general.lines[0].reading
            && atOnce.lines[0].x == general.lines[0].x && atOnce.lines[0].width == general.lines[0].width)
        #expect(atOnce.records[1].text == general.records[1].text && atOnce.records[1].firstLine == general.records[1].firstLine)
        #expect(difference(atOnce.box(ofRow: 0), general.box(ofRow: 0)) == nil)
    }
}

/// Rows never overlap, whatever the metrics say: negative spacings lay out as none, so a
/// viewport's binary searches find every row it shows.
struct NegativeSpacingTests {
    @Test func negativeSpacings_layOutAsNone() throws {
        let builder = ConversationBuilder().direct()
            .message("m1", by: "leia", at: 0, text: "One").message("m2", by: "leia", at: 10, text: "Two")
            .message("m3", by: "luke", at: 20, text: "Three")
        let decisions = MessageListResolver(try LayoutEnvironment(config: builder.config, context: builder.context,
                                                                  formatter: try ICULocaleFormatter(locale: builder.context.locale, timeZone: builder.context.timeZone),
                                                                  measurer: ICUTextEngine())).resolve(builder.conversation)
        var metrics = Metrics()
        metrics.messageSpacing = -3
        metrics.groupSpacing = -2
        let list = MessageListLayout(metrics: metrics, measurer: ICUTextEngine()).layout(decisions, width: 30, dateIndicator: .none)
        let frames = (0 ..< list.rowCount).map(list.rowFrame(at:))
        #expect(frames.count >= 3 && frames[0].y >= 0)
        #expect(zip(frames, frames.dropFirst()).allSatisfy { $0.maxY <= $1.y }, "\(frames)")
        for top in 0 ..< list.contentHeight {
            let expected = frames.indices.filter { frames[$0].maxY > top && frames[$0].y < top + 2 }
            #expect(Array(list.rowIndices(overlapping: top ..< top + 2)) == expected)
        }
    }

    /// A quote encoded before `namesAttachmentType` existed still decodes.
    @Test func anOlderQuote_decodes() throws {
        let json = #"{"id":"m0","author":"Leia","text":"[image]","isDeleted":false}"#
        let quote = try JSONDecoder().decode(QuotedContent.self, from: Data(json.utf8))
        #expect(quote.text == "[image]" && !quote.namesAttachmentType)
    }
}
