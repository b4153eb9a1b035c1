extension Box {
    /// SPEC §4's JSON for a box: `role`, `id`?, `frame` {x, y, width, height}, `text`?,
    /// `lines`?, `children`?; plus `align` when not leading and `tail` on bubbles.
    public func json() -> JSONValue {
        var members: [(String, JSONValue)] = [("role", .string(role.rawValue))]
        if let id { members.append(("id", .string(id))) }
        members.append(("frame", .object([
            ("x", .int(frame.x)), ("y", .int(frame.y)), ("width", .int(frame.width)), ("height", .int(frame.height)),
        ])))
        if let text { members.append(("text", .string(text))) }
        if !lines.isEmpty { members.append(("lines", .array(lines.map(JSONValue.string)))) }
        if alignment != .leading { members.append(("align", .string(alignment.rawValue))) }
        if role == .bubble { members.append(("tail", .string(tail.rawValue))) }
        if !children.isEmpty { members.append(("children", .array(children.map { $0.json() }))) }
        return .object(members)
    }

    /// The indented dump of the tree (`preview --format tree`): one line per box with its
    /// role, message id, frame and first line of text.
    public func treeDump() -> [String] {
        var output: [String] = []
        walk { box, depth in
            var line = String(repeating: "  ", count: depth) + box.role.rawValue
            if let id = box.id { line += " \(UntrustedText.neutralizeLine(id))" }  // ids come from the document
            line += " \(box.frame)"
            if box.role == .bubble { line += " tail:\(box.tail.rawValue)" }
            if let first = box.lines.first {
                let shown = first.replacingAll("\t", with: " ") // a tab is drawn as a blank cell
                line += " \"\(shown)\"" + (box.lines.count > 1 ? " +\(box.lines.count - 1)" : "")
            }
            // Ids come from the document as they are: the line is made plain (no controls, no
            // bidi controls) before it can reach a terminal.
            output.append(UntrustedText.plain(line))
        }
        return output
    }
}

/// A laid-out screen: its size and its root box (SPEC §4 `preview --format json`).
public struct LaidOutScreen: Hashable, Sendable {
    /// The screen's width, in the measurer's units.
    public var width: Int
    /// The screen's height in rows: the header and the whole list, or the viewport's height.
    public var height: Int
    /// The `root` box: the header, the `messageList` and the boxes that float over it.
    public var root: Box

    /// A screen of this size with this root.
    public init(width: Int, height: Int, root: Box) {
        self.width = width
        self.height = height
        self.root = root
    }

    /// `{"width", "height", "root"}`.
    public func json() -> JSONValue {
        .object([("width", .int(width)), ("height", .int(height)), ("root", root.json())])
    }
}
