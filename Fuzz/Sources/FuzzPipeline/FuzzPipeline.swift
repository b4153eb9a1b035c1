import ChatLayoutDecoding
import ChatLayoutICU
import ChatLayoutKit
import ChatLayoutTextRenderer
import FuzzSupport

/// libFuzzer target: the whole pipeline, as `chat-layout` runs it. Two parameter bytes, then
/// the document: byte 0 picks the width (1–96), byte 1 the screen (message list, explain,
/// thread list, thread view), a viewport and the width policy.
///
/// Invariants: every box lies inside its parent and draws no line wider than its frame;
/// rendered rows are as many as the screen is tall, never wider than it, and hold nothing a
/// terminal obeys; the tree dump, the explanation and the JSON outputs are as safe, and the
/// JSON parses back.
@main
enum FuzzPipeline {
    static func main() { FuzzDriver.run(fuzzPipeline) }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPipeline(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    var input = FuzzInput(data, size)
    let width = 1 + Int(input.byte() % 96)
    let choice = input.byte()
    guard let document = try? ConversationDecoder.decode(input.rest) else { return 0 }

    let written = document.context
    let now = written.now ?? Timestamp(seconds: 1_709_632_800, nanoseconds: 0)  // 2024-03-05T10:00:00Z
    let context: LayoutContext
    let formatter: ICULocaleFormatter
    if let documented = try? ICULocaleFormatter(locale: written.locale ?? "en_US", timeZone: written.timeZone ?? "UTC") {
        context = LayoutContext(currentUserID: written.currentUserID, now: now, timeZone: documented.timeZone,
                                locale: documented.locale, translationLanguage: written.translationLanguage)
        formatter = documented
    } else {
        context = LayoutContext(currentUserID: written.currentUserID, now: now, translationLanguage: written.translationLanguage)
        formatter = try! ICULocaleFormatter(locale: "en_US", timeZone: "UTC")
    }
    let engine = ICUTextEngine(policy: CellWidthPolicy(ambiguousIsWide: choice & 0x10 != 0))
    let viewport = choice & 0x08 != 0 ? Viewport(scrollOffset: Int(choice >> 5) * 3, height: 1 + Int(choice >> 5) * 4) : nil
    let conversation = document.conversation
    // The context is the formatter's locale and time zone: the environment agrees by construction.
    let environment = try! LayoutEnvironment(config: document.config, context: context, formatter: formatter, measurer: engine)

    let screen: LaidOutScreen
    switch choice & 0x07 {
    case 0, 1, 2:
        screen = MessageListScreen.layout(conversation, environment: environment, width: width, viewport: viewport)
    case 3:
        let resolver = MessageListResolver(environment)
        let decisions = resolver.resolve(conversation, explain: true)
        checkJSON(decisions.explanationJSON(), "explain --format json")
        for line in decisions.explanationLines(width: width, measurer: engine) {
            TerminalSafety.check(line, allowing: ["\t"], "explain line")
        }
        return 0
    case 4, 5:
        screen = ThreadListScreen.layout(conversation, environment: environment, width: width, viewport: viewport)
    default:
        let parentID = conversation.messages.first?.id ?? conversation.threads.first?.parentMessageID ?? ""
        do {
            screen = try ThreadViewScreen.layout(conversation, parentID: parentID, environment: environment, width: width,
                                                 height: viewport?.height, scrollOffset: viewport.map { _ in Int(choice >> 5) })
        } catch {
            TerminalSafety.check("\(error)", "thread view error")
            return 0
        }
    }
    check(screen, engine: engine)
    return 0
}

private func check(_ screen: LaidOutScreen, engine: ICUTextEngine) {
    require(screen.root.frame == Frame(x: 0, y: 0, width: screen.width, height: screen.height),
            "the root's frame \(screen.root.frame) is not the screen \(screen.width)×\(screen.height)")
    checkBoxes(screen.root, engine: engine)

    let rows = TextRenderer(engine: engine).rows(screen)
    require(rows.count == screen.height, "\(rows.count) rows on a screen \(screen.height) tall")
    for (index, row) in rows.enumerated() {
        TerminalSafety.check(row, "row \(index)")
        let rowWidth = engine.width(of: row)
        require(rowWidth <= screen.width, "row \(index) is \(rowWidth) cells on a screen \(screen.width) wide: \(row.debugDescription)")
    }
    for line in screen.root.treeDump() { TerminalSafety.check(line, allowing: ["\t"], "tree dump line") }
    checkJSON(screen.json(), "preview --format json")
}

/// Children inside their parent (rows of a viewport: partly); lines within the frame, in
/// width (but for a lone wide cluster in a one-cell box) and in number.
private func checkBoxes(_ box: Box, engine: ICUTextEngine) {
    require(box.frame.width >= 0 && box.frame.height >= 0, "a negative size: \(box.role) \(box.frame)")
    require(box.lines.count <= box.frame.height, "\(box.role) \(box.frame) has \(box.lines.count) lines")
    for line in box.lines {
        let lineWidth = engine.width(of: line)
        // The one exception of `TextMeasuring.wrap`, which the layout keeps to the row: a lone
        // cluster wider than a one-cell box ("°" under the ambiguous-wide policy, say).
        let isLoneWideCluster = box.frame.width == 1 && engine.clusterWidths(line).filter { $0.width > 0 }.count == 1
        require(lineWidth <= box.frame.width || isLoneWideCluster,
                "\(box.role) \(box.frame) draws a line \(lineWidth) wide: \(line.debugDescription)")
    }
    for child in box.children {
        if box.role == .messageList {
            // The list clips its rows to the viewport: a row may be partly scrolled away, but
            // shares a row with it (zero-width boxes too).
            require(child.frame.height == 0 || (child.frame.y < box.frame.maxY && box.frame.y < child.frame.maxY),
                    "\(child.role) \(child.frame) is not in the visible \(box.role) \(box.frame)")
            require(child.frame.x >= box.frame.x && child.frame.maxX <= box.frame.maxX,
                    "\(child.role) \(child.frame) sticks out of the sides of \(box.role) \(box.frame)")
        } else {
            require(box.frame.contains(child.frame), "\(child.role) \(child.frame) sticks out of \(box.role) \(box.frame)")
        }
        checkBoxes(child, engine: engine)
    }
}

/// JSON output escapes what it must and parses back to itself.
private func checkJSON(_ value: JSONValue, _ what: String) {
    let written = value.serialized()
    // Scripts read it, not terminals: controls must be escaped; bidi is the reader's business.
    TerminalSafety.check(written, bidi: false, what)
    do {
        let again = try JSONParser.parse(written).serialized()
        require(again == written, "\(what) does not parse back to itself")
    } catch {
        fatalError("invariant violated: \(what) does not parse: \(error)")
    }
}
