import ChatLayoutICU
import ChatLayoutKit

/// A run of a line placed in cells: a word of printable ASCII (drawn as one `<text>`, its
/// length fixed to its cells), or one other grapheme cluster (drawn centred in its one or two
/// cells), maybe an emoji.
///
/// A browser would shape and reorder a whole line its own way, with its own font widths: a
/// line is already in display order (bidi-reordered by the layout), and a wide cluster must
/// take exactly two cells. So every cluster outside ASCII stands alone, where no bidi or
/// shaping of the browser can move it (an Arabic letter shows in its isolated form, as in a
/// terminal), and the cells of the layout are the pixels of the drawing.
struct CellText: Hashable {
    enum Kind: Hashable {
        case word, cluster
        /// A cluster drawn as an emoji: set in a colour emoji font, which a monospace font
        /// with a text glyph for it (DejaVu's "☕") would otherwise shadow.
        case emoji
    }

    var kind: Kind
    /// The first cell, in columns from the left of the screen.
    var column: Int
    /// Cells taken.
    var width: Int
    var text: String

    /// The runs of `line` drawn from `column`, as ``CellGrid`` places them: "\n" takes no
    /// cell, a tab and a space are blank cells, a zero-width cluster joins the cluster before
    /// it, and what falls outside columns `0 ..< screenWidth` is not drawn. Bidi controls are
    /// dropped: the line is in display order already, they have done their work.
    static func runs(_ line: String, column start: Int, screenWidth: Int, engine: ICUTextEngine) -> [CellText] {
        var runs: [CellText] = []
        var column = start
        var wordOpen = false
        for (cluster, width) in engine.clusterWidths(UntrustedText.neutralize(line)) {
            if cluster == "\n" || isBidiControl(cluster) { continue }
            if width == 0 {
                if !runs.isEmpty { runs[runs.count - 1].text += cluster }
                continue
            }
            defer { column += width }
            guard column >= 0 && column + width <= screenWidth, cluster != " ", cluster != "\t" else {
                wordOpen = false
                continue
            }
            if isWordCharacter(cluster) {
                if wordOpen {
                    runs[runs.count - 1].text += cluster
                    runs[runs.count - 1].width += 1
                } else {
                    runs.append(CellText(kind: .word, column: column, width: 1, text: cluster))
                    wordOpen = true
                }
            } else {
                let kind: Kind = engine.emojiOnlyClusterCount(cluster) == 1 ? .emoji : .cluster
                runs.append(CellText(kind: kind, column: column, width: width, text: cluster))
                wordOpen = false
            }
        }
        return runs
    }

    /// Printable ASCII but the space: one cell in every monospace font, no bidi, no shaping.
    private static func isWordCharacter(_ cluster: String) -> Bool {
        let bytes = cluster.utf8
        return bytes.count == 1 && bytes.first! > 0x20 && bytes.first! < 0x7F
    }

    /// ALM, LRM, RLM and the embeddings, overrides and isolates (UAX #9).
    private static func isBidiControl(_ cluster: String) -> Bool {
        cluster.unicodeScalars.allSatisfy { scalar in
            switch scalar.value {
            case 0x061C, 0x200E, 0x200F, 0x202A ... 0x202E, 0x2066 ... 0x2069: true
            default: false
            }
        }
    }
}
