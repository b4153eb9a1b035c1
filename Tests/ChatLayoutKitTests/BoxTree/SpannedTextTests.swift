@testable import ChatLayoutICU
import ChatLayoutTestSupport
@testable import ChatLayoutKit
@testable import ChatLayoutComposition
@testable import ChatLayoutPlacement
import Testing

/// A long text whose lines are spans of its bytes, in a row written again (an edit, a streamed
/// reply's token), is held by the row table by reference (its string and its spans,
/// `RowTable.SpannedText`), not copied into the table's bytes and line records: every way a row is read, compared, copied, cut, mirrored or has its bubble's
/// content copied gives what the same row with its lines stored as strings gives.
struct SpannedTextTests {
    /// Texts from 256 bytes up (simple lines: words, runs of spaces, line feeds).
    static func longTexts() -> [String] {
        var random = SplitMix64(seed: 57)
        let words = ["the", "train", "leaves", "at", "nine", "from", "platform", "four,", "tickets", "are", "on", "the", "app;",
                     "supercalifragilistic", "Ünïcödé", "中文字", "a"]
        return [256, 300, 900, 2_500].map { length in
            var text = ""
            while text.utf8.count < length {
                text += words[random.int(0 ... words.count - 1)]
                text += ["  ", " ", " ", " ", "\n", "\n\n"][random.int(0 ... 5)]
            }
            return text
        }
    }

    /// A row (a message row, a bubble, the text in it, a label under it) written into `table`
    /// with the text's lines given by `write`.
    static func writeRow(into table: inout RowTable, text: String, width: Int, alignment: TextAlignment, lineCount: Int,
                         label: Bool = true, _ write: (inout RowTable, Frame) -> Int) {
        // As the incremental list writes an entry that changed.
        table.writesChangedEntry = true
        defer { table.writesChangedEntry = false }
        table.beginRow()
        let row = table.open(.messageRow, id: "m1", frame: Frame(x: 0, y: 2, width: width + 6, height: lineCount + 3), content: nil, tail: .none)
        let bubble = table.open(.bubble, id: "m1", frame: Frame(x: 1, y: 2, width: width + 4, height: lineCount + 2), content: nil, tail: .none)
        let words = write(&table, Frame(x: 3, y: 3, width: width, height: lineCount))
        table.close(words, height: nil)
        table.close(bubble, height: nil)
        if label {
            let label = table.open(.timestamp, id: "m1", frame: Frame(x: 1, y: lineCount + 4, width: 5, height: 1), text: "09:41",
                                   content: nil, drawn: "09:41", width: 5, alignment: .leading)
            table.close(label, height: nil)
        }
        table.close(row, height: nil)
    }

    @Test func aLongText_heldByReference_isTheRowOfItsLinesStoredAsStrings() {
        let engine = ICUTextEngine()
        var checked = 0
        for text in Self.longTexts() {
            for (width, alignment) in [(9, TextAlignment.leading), (17, .trailing), (30, .center)] {
                guard let spans = engine.prepare(text).lineSpans(width: width) else {
                    Issue.record("\(text.utf8.count) bytes: not simple")
                    continue
                }
                let lines = LineSpans.textLines(spans.lines, of: text)
                var held = RowTable(), stored = RowTable()
                Self.writeRow(into: &held, text: text, width: width, alignment: alignment, lineCount: lines.count) { table, frame in
                    table.open(.text, id: "m1", frame: frame, text: text, content: nil, lineSpans: spans.lines,
                               alignment: alignment, direction: .leftToRight, tail: .none)
                }
                Self.writeRow(into: &stored, text: text, width: width, alignment: alignment, lineCount: lines.count) { table, frame in
                    table.open(.text, id: "m1", frame: frame, text: text, content: nil, lines: lines,
                               alignment: alignment, direction: .leftToRight, tail: .none)
                }
                let context = "\(text.utf8.count) bytes at \(width), \(alignment)"
                // A new row's is copied, as before.
                var fresh = RowTable()
                fresh.beginRow()
                _ = fresh.open(.text, id: "m1", frame: Frame(x: 0, y: 0, width: width, height: lines.count), text: text, content: nil,
                               lineSpans: spans.lines, alignment: alignment, direction: .leftToRight, tail: .none)
                #expect(fresh.spanned.isEmpty && fresh.bytes.count == text.utf8.count, "\(context)")
                // Held: the text's bytes and lines are not in the table (the label's are).
                #expect(held.spanned.count == 1 && held.bytes.count == 5 && held.lines.count == 1, "\(context)")
                let box = stored.box(ofRow: 0)
                #expect(boxDifference(held.box(ofRow: 0), box) == nil, "\(context)")
                #expect(held.isSameRow(0, as: 0, in: stored) && stored.isSameRow(0, as: 0, in: held) && held.isSameRow(0, as: 0, in: held),
                        "\(context)")
                // A band of its lines.
                for band in [0 ..< 3, 5 ..< 9, 4 ..< 400] {
                    #expect(boxDifference(held.box(ofRow: 0, dy: 1, linesMeeting: band, lineHeight: 1),
                                          stored.box(ofRow: 0, dy: 1, linesMeeting: band, lineHeight: 1)) == nil, "\(context), band \(band)")
                }
                // Copied without its unread rows (another table's references).
                let compacted = held.compacted()
                #expect(compacted.spanned.count == 1 && boxDifference(compacted.box(ofRow: 0), box) == nil, "\(context)")
                // Its bubble's content copied into another row, in both tables alike.
                var copiedHeld = held, copiedStored = stored
                for index in [0, 1] {
                    var table = index == 0 ? copiedHeld : copiedStored
                    guard let bubble = table.bubble(ofRow: 0, width: width + 4, height: lines.count + 2) else {
                        Issue.record("\(context): no bubble")
                        continue
                    }
                    table.beginRow()
                    let row = table.open(.messageRow, id: "m1", frame: Frame(x: 0, y: 40, width: width + 6, height: lines.count + 2),
                                         content: nil, tail: .none)
                    let copy = table.open(.bubble, id: "m1", frame: Frame(x: 2, y: 40, width: width + 4, height: lines.count + 2),
                                          content: nil, tail: .none)
                    table.copyBubbleContent(of: bubble, toX: 3, y: 41)
                    table.close(copy, height: nil)
                    table.close(row, height: nil)
                    if index == 0 { copiedHeld = table } else { copiedStored = table }
                }
                #expect(boxDifference(copiedHeld.box(ofRow: 1), copiedStored.box(ofRow: 1)) == nil, "\(context): bubble copied")
                // Mirrored (a right-to-left screen), the table it was copied from unchanged.
                var mirrored = held
                mirrored.mirrorRow(inWidth: width + 10)
                #expect(boxDifference(mirrored.box(ofRow: 0), box.mirrored(inWidth: width + 10)) == nil, "\(context): mirrored")
                #expect(boxDifference(held.box(ofRow: 0), box) == nil, "\(context): the row mirrored in a copy alone")
                var mirroredStored = stored
                mirroredStored.mirrorRow(inWidth: width + 10)
                #expect(mirrored.isSameRow(0, as: 0, in: mirroredStored) && !mirrored.isSameRow(0, as: 0, in: held), "\(context)")
                checked += 1
            }
        }
        #expect(checked == 12)
    }

    /// Rows whose texts held by reference differ — by a character, or in the width their
    /// lines are placed in — are not the same row.
    @Test func rowsOfTextsHeldByReference_areTheSame_onlyWhenTheirLinesAre() {
        let engine = ICUTextEngine()
        let text = Self.longTexts()[1]
        func row(_ text: String, width: Int, alignment: TextAlignment, label: Bool = true) -> RowTable {
            let spans = engine.prepare(text).lineSpans(width: width)!
            var table = RowTable()
            Self.writeRow(into: &table, text: text, width: width, alignment: alignment, lineCount: spans.lines.count,
                          label: label) { table, frame in
                table.open(.text, id: "m1", frame: frame, text: text, content: nil, lineSpans: spans.lines,
                           alignment: alignment, direction: .leftToRight, tail: .none)
            }
            return table
        }
        let base = row(text, width: 20, alignment: .leading)
        #expect(base.isSameRow(0, as: 0, in: row(text, width: 20, alignment: .leading)))
        var changed = text
        changed.removeLast()
        changed += "x"
        #expect(!base.isSameRow(0, as: 0, in: row(changed, width: 20, alignment: .leading)), "a character changed")
        #expect(!base.isSameRow(0, as: 0, in: row(text, width: 20, alignment: .trailing)), "placed otherwise")
        // Canonically equivalent texts, equal as Swift strings, are other bytes: other rows —
        // marks in another order, as long (the same spans), and a letter composed or not.
        for (one, other) in [(text + " a\u{301}\u{323}", text + " a\u{323}\u{301}"), (text + " José", text + " Jose\u{301}")] {
            #expect(one == other && engine.prepare(one).lineSpans(width: 20) != nil && engine.prepare(other).lineSpans(width: 20) != nil)
            #expect(!row(one, width: 20, alignment: .leading).isSameRow(0, as: 0, in: row(other, width: 20, alignment: .leading)),
                    "\(one.unicodeScalars.suffix(4).map(\.value)) and \(other.unicodeScalars.suffix(4).map(\.value))")
        }
        // Mirrored in a screen as wide as the row, every box stands where it stood: only its
        // lines' places tell it apart.
        let unlabelled = row(text, width: 20, alignment: .leading, label: false)
        var mirrored = unlabelled
        mirrored.mirrorRow(inWidth: 26)
        #expect(mirrored.box(ofRow: 0).frame == unlabelled.box(ofRow: 0).frame)
        #expect(!mirrored.isSameRow(0, as: 0, in: unlabelled), "its lines mirrored")
    }
}
