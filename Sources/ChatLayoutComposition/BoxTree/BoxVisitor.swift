@_spi(ChatLayoutStages) import ChatLayoutModel
@_spi(ChatLayoutStages) import ChatLayoutDecisions

/// A walk over a box tree, in the manner of swift-markdown's `MarkupWalker`: ``Box/walk(_:)``
/// calls ``visit(_:depth:frame:)`` on each box, parents before children, then
/// ``leave(_:depth:frame:)`` once its children are done. Every output of the tree is one: the
/// tree dump, the JSON writer, the text and SVG renderers.
///
/// `frame` is the box's frame on the screen, as the walk computes it: today a box's own
/// ``Box/frame`` (frames are relative to the root); were frames relative to their parents, the
/// walk would add the parents' origins here and no visitor would change.
public protocol BoxVisitor {
    /// What a visit can throw (`Never` for a walk that cannot fail).
    associatedtype Failure: Error = Never

    /// Called on entering `box`, `depth` boxes below the one the walk started at (0 for it);
    /// the answer says which of its children the walk visits next.
    mutating func visit(_ box: Box, depth: Int, frame: Frame) throws(Failure) -> BoxWalk

    /// Called after `box`'s children (those visited), before its next sibling.
    mutating func leave(_ box: Box, depth: Int, frame: Frame) throws(Failure)
}

extension BoxVisitor {
    /// Nothing to do after the children.
    public mutating func leave(_ box: Box, depth: Int, frame: Frame) throws(Failure) {}
}

/// Which children of a box a walk visits.
public enum BoxWalk: Hashable, Sendable {
    /// All of them, in order.
    case visitChildren
    /// None.
    case skipChildren
    /// Those in the range, in order (a renderer drawing a band of a long list visits only the
    /// rows that meet it); the range is clamped to the children there are.
    case visitSomeChildren(Range<Int>)
}

extension Box {
    /// Walks this box and its descendants with `visitor`, parents before children (see
    /// ``BoxVisitor``); an error a visit throws ends the walk.
    @inlinable
    public func walk<Visitor: BoxVisitor>(_ visitor: inout Visitor) throws(Visitor.Failure) {
        try walk(&visitor, depth: 0)
    }

    @inlinable
    func walk<Visitor: BoxVisitor>(_ visitor: inout Visitor, depth: Int) throws(Visitor.Failure) {
        let frame = self.frame
        let range: Range<Int>
        switch try visitor.visit(self, depth: depth, frame: frame) {
        case .visitChildren: range = children.indices
        case .skipChildren: range = 0 ..< 0
        case .visitSomeChildren(let wanted): range = wanted.clamped(to: children.indices)
        }
        for index in range { try children[index].walk(&visitor, depth: depth + 1) }
        try visitor.leave(self, depth: depth, frame: frame)
    }
}

/// The walk of ``Box/walk(depth:_:)``: a closure per box.
private struct ClosureVisitor<Failure: Error>: BoxVisitor {
    let depth: Int
    let body: (Box, Int) throws(Failure) -> Void

    func visit(_ box: Box, depth: Int, frame: Frame) throws(Failure) -> BoxWalk {
        try body(box, self.depth + depth)
        return .visitChildren
    }
}

extension Box {
    /// Calls `body` for this box and every descendant, parents before children, with depth
    /// (counted from `depth`); an error `body` throws ends the walk.
    public func walk(depth: Int = 0, _ body: (Box, Int) throws -> Void) rethrows {
        try withoutActuallyEscaping(body) { body in
            var visitor = ClosureVisitor(depth: depth, body: body)
            try walk(&visitor)
        }
    }
}
