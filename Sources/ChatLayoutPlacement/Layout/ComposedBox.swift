import ChatLayoutModel
import ChatLayoutComposition

extension Box {
    /// A box of the layout, its words composed from neutral parts (`NeutralText.init(composing:)`):
    /// the model's texts, the strings table's words, the formatter's dates and digits, and the
    /// presentation's glyphs, which is all the layout places. In the layout's own module, where
    /// every row's boxes are made, so that the public initialiser it calls is inlined there.
    init(role: BoxRole, id: String? = nil, frame: Frame, composedText: String?, content: BoxContent? = nil,
         placedLines: [PlacedLine] = [], alignment: TextAlignment = .leading, textDirection: TextDirection = .leftToRight,
         tail: BubbleTail = .none, children: [Box] = []) {
        self.init(role: role, id: id, frame: frame, text: composedText.map { NeutralText(composing: $0) }, content: content,
                  placedLines: placedLines, alignment: alignment, textDirection: textDirection, tail: tail, children: children)
    }
}
