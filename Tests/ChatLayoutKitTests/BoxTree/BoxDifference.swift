@testable import ChatLayoutComposition

/// Boxes equal as values and in every string's bytes (`String ==` would let canonically
/// equivalent texts pass for each other).
func boxDifference(_ made: Box, _ built: Box, path: String = "row") -> String? {
    func bytes(_ string: String?) -> [UInt8]? { string.map { Array($0.utf8) } }
    if made.role != built.role || made.frame != built.frame || made.alignment != built.alignment
        || made.textDirection != built.textDirection || made.tail != built.tail || made.content != built.content {
        return "\(path): \(made.role) \(made.frame) ≠ \(built.role) \(built.frame)"
    }
    if bytes(made.id) != bytes(built.id) { return "\(path): id \(String(reflecting: made.id)) ≠ \(String(reflecting: built.id))" }
    if bytes(made.text) != bytes(built.text) { return "\(path): text \(String(reflecting: made.text)) ≠ \(String(reflecting: built.text))" }
    let lines = { (box: Box) in box.placedLines.map { [Array($0.display.utf8), Array($0.text.utf8)] } }
    if lines(made) != lines(built) || made.placedLines.map(\.width) != built.placedLines.map(\.width)
        || made.placedLines.map(\.x) != built.placedLines.map(\.x) || made.placedLines != built.placedLines {
        return "\(path): lines \(made.placedLines) ≠ \(built.placedLines)"
    }
    guard made.children.count == built.children.count else {
        return "\(path): \(made.children.count) children ≠ \(built.children.count)"
    }
    for (index, (left, right)) in zip(made.children, built.children).enumerated() {
        if let failure = boxDifference(left, right, path: "\(path).\(index) \(right.role)") { return failure }
    }
    return nil
}
